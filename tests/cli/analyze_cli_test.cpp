// tartan analyze: values, outcomes and winning moves of rows, each reported move checked independently (legal by
// the game's definition, and leading to value 0 under values computed by plain enumeration); and every bad input.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bit>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/background_cli.hpp"
#include "support/run_cli.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/sequence.hpp"

namespace {

using tartan::test::coin_set;
using tartan::test::count_lines;
using tartan::test::run_tartan;

struct analysis {
  std::uint64_t value = 0;
  std::string outcome;
  std::size_t coins = 0;
  std::vector<std::vector<std::uint64_t>> moves;
};

analysis analyze_json(const std::vector<std::string>& args) {
  std::vector<std::string> full = {"analyze"};
  full.insert(full.end(), args.begin(), args.end());
  full.push_back("--json");
  const auto r = run_tartan(full);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  analysis a;
  a.value = json.at("value");
  a.outcome = json.at("outcome");
  a.coins = json.at("coins");
  a.moves = json.at("winning_moves").get<std::vector<std::vector<std::uint64_t>>>();
  EXPECT_EQ(json.at("game").get<std::string>(), tartan::games::find_game(args.at(0)).name());
  return a;
}

std::string row_text(const std::vector<bool>& heads) {
  std::string s;
  for (const bool h : heads) s += h ? 'H' : 'T';
  return s;
}

/// Checks a reported analysis of a built-in game's row against the game's definition: the value (XOR of g over the
/// heads, g from the engine's plain enumeration), the outcome, and each move: ascending coins, the last one heads,
/// allowed by the family's rule, and leaving value 0.
void verify(std::string_view family, const std::vector<bool>& heads, const analysis& a) {
  const auto g =
      tartan::grundy_sequence(tartan::games::find_game(family), heads.size(), tartan::sequence_method::enumeration);
  std::uint64_t value = 0;
  for (std::size_t c = 0; c < heads.size(); ++c) {
    if (heads[c]) value ^= g[c];
  }
  EXPECT_EQ(a.value, value);
  EXPECT_EQ(a.outcome, value != 0 ? "N" : "P");
  EXPECT_EQ(a.coins, heads.size());
  if (value == 0) {
    EXPECT_TRUE(a.moves.empty());
  }
  for (const auto& move : a.moves) {
    ASSERT_FALSE(move.empty());
    coin_set turned = 0;
    for (std::size_t i = 0; i < move.size(); ++i) {
      ASSERT_LT(move[i], heads.size());
      if (i > 0) {
        EXPECT_LT(move[i - 1], move[i]) << "coins not ascending";
      }
      turned |= coin_set{1} << move[i];
    }
    EXPECT_TRUE(heads[move.back()]) << "the moving coin " << move.back() << " is tails";
    EXPECT_TRUE(tartan::test::family_allows(family, turned)) << family << " does not allow this move";
    auto after = heads;
    for (const auto c : move) after[c] = !after[c];
    std::uint64_t after_value = 0;
    for (std::size_t c = 0; c < after.size(); ++c) {
      if (after[c]) after_value ^= g[c];
    }
    EXPECT_EQ(after_value, 0u) << "the move does not win";
  }
}

/// A family's values and allowed moves on the first `table_coins` coins, computed once by brute force.
constexpr std::size_t table_coins = 12;

struct move_table {
  std::vector<std::uint64_t> g;
  std::vector<std::vector<std::pair<coin_set, std::uint64_t>>> moves;  // per top coin: (set turned, XOR of g)
};

const move_table& table_for(std::string_view family) {
  static std::map<std::string, move_table, std::less<>> tables;
  auto it = tables.find(family);
  if (it != tables.end()) return it->second;
  move_table t;
  t.g = tartan::test::brute_force_values(family, table_coins);
  t.moves.resize(table_coins);
  for (std::size_t top = 0; top < table_coins; ++top) {
    for (coin_set others = 0; others < (coin_set{1} << top); ++others) {
      const coin_set s = others | (coin_set{1} << top);
      if (!tartan::test::family_allows(family, s)) continue;
      std::uint64_t x = 0;
      for (const unsigned c : tartan::test::coins_of(s)) x ^= t.g[c];
      t.moves[top].emplace_back(s, x);
    }
  }
  return tables.emplace(std::string(family), std::move(t)).first->second;
}

/// Every winning move of the row by brute force: every allowed set whose highest coin is heads, applied.
/// @pre heads.size() <= table_coins
std::set<std::vector<std::uint64_t>> all_winning_moves(std::string_view family, const std::vector<bool>& heads) {
  const move_table& t = table_for(family);
  std::uint64_t value = 0;
  for (std::size_t c = 0; c < heads.size(); ++c) {
    if (heads[c]) value ^= t.g[c];
  }
  std::set<std::vector<std::uint64_t>> moves;
  for (std::size_t top = 0; top < heads.size(); ++top) {
    if (!heads[top]) continue;
    for (const auto& [s, x] : t.moves[top]) {
      if ((value ^ x) != 0) continue;
      std::vector<std::uint64_t> move;
      for (const unsigned c : tartan::test::coins_of(s)) move.push_back(c);
      moves.insert(move);
    }
  }
  return moves;
}

TEST(AnalyzeCliTest, PrintsGameConventionValueOutcomeAndMoves) {
  const auto r = run_tartan({"analyze", "mock-turtles", "HTTH"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto g = tartan::test::brute_force_values("mock-turtles", 4);
  EXPECT_NE(r.out.find("mock-turtles (code 1-3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("numbered from 0 at the left"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value: " + std::to_string(g[0] ^ g[3]) + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("outcome: N (the first player wins)"), std::string::npos) << r.out;
  // Turning coins 0 and 3 leaves no heads at all, value 0.
  EXPECT_NE(r.out.find("\n  0 3\n"), std::string::npos) << r.out;
}

TEST(AnalyzeCliTest, JsonGivesThePositionAnalysed) {
  // The heads coins, as typed in every form: a row, a long row by --heads (a coin listed twice is tails), a board.
  auto json = nlohmann::json::parse(run_tartan({"analyze", "mock-turtles", "HTTHH", "--json"}).out);
  EXPECT_EQ(json.at("position").get<std::vector<std::uint64_t>>(), (std::vector<std::uint64_t>{0, 3, 4}));
  json =
      nlohmann::json::parse(run_tartan({"analyze", "ruler", "--coins", "1000", "--heads", "999,5-7,6", "--json"}).out);
  EXPECT_EQ(json.at("position").get<std::vector<std::uint64_t>>(), (std::vector<std::uint64_t>{5, 7, 999}));
  json = nlohmann::json::parse(run_tartan({"analyze", "ruler*ruler", "HT/TH", "--json"}).out);
  EXPECT_EQ(json.at("position").get<std::vector<std::vector<std::uint64_t>>>(),
            (std::vector<std::vector<std::uint64_t>>{{0, 0}, {1, 1}}));
  json = nlohmann::json::parse(run_tartan({"analyze", "twins", "TTT", "--json"}).out);
  EXPECT_TRUE(json.at("position").empty());
}

TEST(AnalyzeCliTest, SecondPlayerWinHasNoWinningMoves) {
  const auto g = tartan::test::brute_force_values("turtles", 3);
  ASSERT_EQ(g[0] ^ g[1] ^ g[2], 0u);  // Nim heaps 1, 2, 3
  const auto r = run_tartan({"analyze", "turtles", "HHH"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("outcome: P (the second player wins)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("winning moves: none"), std::string::npos) << r.out;
  const auto a = analyze_json({"turtles", "HHH"});
  EXPECT_EQ(a.outcome, "P");
  EXPECT_TRUE(a.moves.empty());
}

// Every coin tails: no move (a move turns a heads coin from heads to tails), so the value is the mex of nothing, 0,
// the outcome P, and there is no winning move. Before, every way of giving it but a drawing was "no heads given".
TEST(AnalyzeCliTest, AnAllTailsPositionIsAPositionInEveryForm) {
  const std::vector<std::vector<std::string>> forms = {
      {"analyze", "turtles", "--coins", "13"},
      {"analyze", "turtles", "--coins", "13", "--heads", ""},
      {"analyze", "turtles", "--coins", "13", "--heads", " "},
      {"analyze", "turtles", "TTTTTTTTTTTTT"},
      {"analyze", "ruler*ruler", "--size", "4x5"},
      {"analyze", "ruler*ruler", "--size", "4x5", "--heads", ""},
      {"analyze", "ruler*ruler*ruler", "--size", "3x3x3", "--heads", ""},
      {"analyze", "ruler*ruler*ruler", "--size", "3x3x3"},
  };
  for (std::vector<std::string> args : forms) {
    args.push_back("--json");
    const auto r = run_tartan(args);
    ASSERT_EQ(r.exit_code, 0) << args[1] << ": " << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("value"), 0) << r.out;
    EXPECT_EQ(j.at("outcome"), "P") << r.out;
    EXPECT_TRUE(j.at("winning_moves").empty()) << r.out;
    EXPECT_TRUE(j.at("position").empty()) << r.out;
  }
  const auto text = run_tartan({"analyze", "turtles", "--coins", "13", "--heads", "", "--options", "5"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("position: 13 coins, numbered from 0 at the left; heads: none\nvalue: 0\noutcome: P"),
            std::string::npos)
      << text.out;
  // Counted on a board of 10^12 coins, and from standard input (an empty list of heads).
  const auto counted =
      run_tartan({"analyze", "ruler*ruler", "--size", "1000000x1000000", "--heads", "", "--count", "--json"});
  ASSERT_EQ(counted.exit_code, 0) << counted.err;
  const nlohmann::json c = nlohmann::json::parse(counted.out);
  EXPECT_EQ(c.at("value"), 0);
  EXPECT_EQ(c.at("winning_move_count"), 0);
  const auto piped = run_tartan({"analyze", "ruler", "--coins", "5", "--heads", "-", "--json"}, "\n");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(nlohmann::json::parse(piped.out).at("value"), 0);
  // A term of a sum with no heads adds 0: SIZE= lists none. Ruler's g(1) = 2 (the mex of g(0) = 1 and 0).
  for (const std::string tails : {"5=", "TTTTT", "3x3="}) {
    const std::string game = tails == "3x3=" ? "ruler*ruler" : "ruler";
    const auto sum = run_tartan({"analyze", "ruler", "TH", "+", game, tails, "--json"});
    ASSERT_EQ(sum.exit_code, 0) << tails << ": " << sum.err;
    EXPECT_EQ(nlohmann::json::parse(sum.out).at("value"), 2) << sum.out;
  }
  // --heads '' with a drawing is still the position given twice.
  const auto twice = run_tartan({"analyze", "ruler", "HT", "--heads", ""});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("the position is given twice"), std::string::npos) << twice.err;
}

TEST(AnalyzeCliTest, AcceptsLowercaseAndDigits) {
  const auto upper = run_tartan({"analyze", "mock-turtles", "HTTHH", "--json"});
  for (const char* spelling : {"htthh", "10011", "hT0Hh"}) {
    const auto r = run_tartan({"analyze", "mock-turtles", spelling, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, upper.out) << spelling;
  }
}

TEST(AnalyzeCliTest, MovesOnRandomRowsOfEveryGameAreLegalAndWinning) {
  std::mt19937 random(424242);
  for (const auto& info : tartan::games::builtin_games()) {
    for (int trial = 0; trial < 4; ++trial) {
      const std::size_t coins = 1 + random() % table_coins;
      std::vector<bool> heads(coins);
      for (std::size_t c = 0; c < coins; ++c) heads[c] = random() % 2 == 1;
      const analysis a = analyze_json({std::string(info.name), row_text(heads), "--limit", "100000"});
      SCOPED_TRACE(std::string(info.name) + " " + row_text(heads));
      verify(info.name, heads, a);
      // With no limit in the way, the finder reports exactly the winning moves brute force finds.
      EXPECT_EQ(std::set<std::vector<std::uint64_t>>(a.moves.begin(), a.moves.end()),
                all_winning_moves(info.name, heads));
      EXPECT_EQ(a.moves.size(), all_winning_moves(info.name, heads).size()) << "a move reported twice";
    }
  }
}

TEST(AnalyzeCliTest, LimitCapsTheMovesListed) {
  // A Sym row with more than 10 winning moves, found by brute force.
  std::mt19937 random(5);
  std::vector<bool> heads;
  std::size_t total = 0;
  while (total <= 10) {
    heads.assign(12, false);
    for (std::size_t c = 0; c < heads.size(); ++c) heads[c] = random() % 2 == 1;
    total = all_winning_moves("sym", heads).size();
  }
  const analysis a = analyze_json({"sym", row_text(heads), "--limit", "3"});
  EXPECT_EQ(a.moves.size(), 3u);
  verify("sym", heads, a);
  const auto text = run_tartan({"analyze", "sym", row_text(heads), "--limit", "3"});
  EXPECT_NE(text.out.find("stopped at --limit 3"), std::string::npos) << text.out;
  EXPECT_EQ(analyze_json({"sym", row_text(heads)}).moves.size(), 10u);  // the default limit
}

TEST(AnalyzeCliTest, TurningCodesWork) {
  const std::vector<bool> heads = {true, false, true, true, false, true, true};
  const analysis a = analyze_json({"1-3", row_text(heads), "--limit", "1000"});
  verify("mock-turtles", heads, a);  // 1-3 is Mock Turtles' rule
}

TEST(AnalyzeCliTest, ShortPositionIsPaddedToCoins) {
  const analysis a = analyze_json({"ruler", "HT", "--coins", "10"});
  EXPECT_EQ(a.coins, 10u);
  EXPECT_EQ(a.value, 1u);  // coin 0 alone: the run of coin 0 is worth 1 (the largest power of 2 dividing 1)
}

TEST(AnalyzeCliTest, SparseRowOfRuler) {
  // Ruler's g(n) = largest power of 2 dividing n + 1 (Ferguson, Part I, §5.1; OEIS A006519).
  const auto ruler = [](std::uint64_t n) { return (n + 1) & ~n; };
  const std::vector<std::uint64_t> heads = {3, 17, 1000, 99999};
  const analysis a = analyze_json({"ruler", "--coins", "100000", "--heads", "3,17,1000,99999", "--limit", "50"});
  std::uint64_t value = 0;
  for (const auto h : heads) value ^= ruler(h);
  EXPECT_EQ(a.coins, 100000u);
  EXPECT_EQ(a.value, value);
  ASSERT_FALSE(a.moves.empty());
  for (const auto& move : a.moves) {
    // A run of consecutive coins ending at a heads coin, leaving value 0.
    EXPECT_TRUE(std::find(heads.begin(), heads.end(), move.back()) != heads.end());
    std::uint64_t after = value;
    for (std::size_t i = 0; i < move.size(); ++i) {
      if (i > 0) {
        EXPECT_EQ(move[i], move[i - 1] + 1);
      }
      after ^= ruler(move[i]);
    }
    EXPECT_EQ(after, 0u);
  }
}

TEST(AnalyzeCliTest, LongMockTurtlesRowWithManyHeads) {
  // 10^5 coins, 10^4 heads; Mock Turtles' g(n) is the n-th odious number (Winning Ways' Mock Turtle theorem).
  const auto odious = [](std::uint64_t n) { return 2 * n + (std::popcount(n) % 2 == 0 ? 1 : 0); };
  std::mt19937 random(99);
  std::set<std::uint64_t> heads;
  while (heads.size() < 10000) heads.insert(random() % 100000);
  std::string list;
  std::uint64_t value = 0;
  for (const auto h : heads) {
    list += (list.empty() ? "" : ",") + std::to_string(h);
    value ^= odious(h);
  }
  const analysis a = analyze_json({"mock-turtles", "--coins", "100000", "--heads", list, "--limit", "3"});
  EXPECT_EQ(a.value, value);
  EXPECT_EQ(a.outcome, value != 0 ? "N" : "P");
  if (value != 0) {
    ASSERT_FALSE(a.moves.empty());
  }
  for (const auto& move : a.moves) {
    EXPECT_LE(move.size(), 3u);
    EXPECT_TRUE(heads.count(move.back()));
    std::uint64_t after = value;
    for (const auto c : move) after ^= odious(c);
    EXPECT_EQ(after, 0u);
  }
}

TEST(AnalyzeCliTest, OnlyCoinsUpToTheLastHeadsAreComputed) {
  // Motley's values overflow at coin 64, but a long row whose heads are all below 64 is fine.
  const analysis a = analyze_json({"motley", "--coins", "1000", "--heads", "5,63"});
  EXPECT_EQ(a.value, (std::uint64_t{1} << 5) ^ (std::uint64_t{1} << 63));
}

struct bad_input {
  std::vector<std::string> args;
  std::string fragment;
};

TEST(AnalyzeCliTest, BadInputGivesOneLineAndExitTwo) {
  const std::vector<bad_input> cases = {
      {{"analyze", "foo", "HT"}, "unknown game 'foo'; type 'tartan games' for the list"},
      {{"analyze", "1-", "HT"}, "turning code '1-'"},
      {{"analyze", "ruler", "HXT"}, "'X' at column 2"},
      {{"analyze", "ruler", "HTHT", "--coins", "3"}, "the position has 4 coins but --coins is 3"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "3,10"}, "heads coin 10 is outside the row of 10 coins"},
      {{"analyze", "ruler", "HT", "--coins", "10", "--heads", "3"}, "the position is given twice"},
      {{"analyze", "ruler", "--heads", "3"}, "--heads needs --coins N"},
      {{"analyze", "ruler", "--coins", "0"}, "--coins must be at least 1"},
      {{"analyze", "ruler", "--coins", "ten"}, "--coins: 'ten'"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "3:5"}, "lists grid coins"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "3,,5"}, "separate coins and ranges by single commas"},
      {{"analyze", "ruler"}, "no position given"},
      {{"analyze", "ruler", "HT/TH"}, "has several rows"},
      {{"analyze", "ruler*ruler", "HT/TH", "--coins", "4"}, "--coins is the length of a row"},
      {{"analyze", "motley", "--coins", "100", "--heads", "70"}, "coin 64"},
      {{"analyze", "ruler", "--coins", "4294967296", "--heads", "4000000000"}, "over the memory limit of"},
      {{"analyze", "ruler", "HT", "--limit", "x"}, "--limit"},
  };
  for (const auto& c : cases) {
    const auto r = run_tartan(c.args);
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    EXPECT_EQ(r.exit_code, 2) << shown;
    EXPECT_EQ(count_lines(r.err), 1u) << shown << ": " << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.fragment), std::string::npos) << shown << ": expected '" << c.fragment << "' in: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(AnalyzeCliTest, ProductsAndSizesGoToTheGridAnalysis) {
  // A product game or --size is a grid: the row analysis must not reject it as an unknown game or a bad row.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"analyze", "ruler*ruler", "HT/TH"},
        std::vector<std::string>{"analyze", "ruler", "--size", "2x2", "--heads", "0:1"}}) {
    const auto r = run_tartan(args);
    EXPECT_EQ(r.err.find("unknown game"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("several rows"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("grid coins"), std::string::npos) << r.err;
  }
}

}  // namespace

// Issue: `analyze 1-3 -` on 10^7 heads ran for over an hour without a word (the layers route of a plain count is
// about n^2 in all; `1-3` now runs on `1-2` by its parity extension, `3`, Triplets, still takes the layers). It must
// answer or refuse within 30 s; it refuses at once, from the pace of the first values.
TEST(AnalyzeCliTest, TenMillionHeadsUnderAQuadraticRouteAreRefusedWithinThirtySeconds) {
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_tartan({"analyze", "3", "-"}, std::string(10'000'000, 'H'));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_LT(seconds, 30);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, ::testing::HasSubstr("g(0..9999999) of 3 would take about"));
  EXPECT_THAT(r.err, ::testing::HasSubstr("or raise the limit with --max-seconds"));
}

// A far coin whose values take long: Ctrl-C stops the analysis with one line saying how far the values got, and exit
// code 130, like seq, check and verify. g(0..2999999) of 1-4 is days of work (about n^3 steps in all, no closed form
// known); the interrupt comes once the progress bar shows that the values are being computed.
TEST(AnalyzeCliTest, InterruptSaysHowFarTheValuesGotAndExits130) {
  const auto r = tartan::test::run_tartan_interrupted_when(
      {"analyze", "1-4", "--coins", "3000000", "--heads", "2999999", "--max-seconds", "0"},
      tartan::test::progress_bar_drawn("computing the values"), tartan::test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(tartan::test::count_lines(r.err), 1U) << r.err;
  EXPECT_THAT(r.err, ::testing::StartsWith("interrupted: stopped with g(0.."));
  EXPECT_THAT(r.err, ::testing::HasSubstr(" of the g(0..2999999) of 1-4 asked for"));
}

// The regressions of the k+C bug, seen from the command line: '2+C,1-5' on coins 3..8 heads. Its value and winning
// moves against the definition computed here: g by mex over the code's moves, and a move wins iff the XOR of g over
// the coins it turns equals the position's value.
TEST(AnalyzeCliTest, RunsOfAtLeastTwoCoinsJoinedWithACountFindTheWinningRun) {
  // '2+C,1-5': a run of at least 2 coins ending at n, or 1 to 5 coins in all.
  std::vector<std::uint64_t> g;
  std::vector<std::vector<tartan::coin>> all_moves;  // every move of the position (all coins turned, ascending)
  const tartan::coin coins = 9;
  for (tartan::coin n = 0; n < coins; ++n) {
    std::set<std::uint64_t> options;
    for (std::uint32_t others = 0; others < (1u << n); ++others) {
      const int k = std::popcount(others) + 1;
      const bool run = k >= 2 && others == (((1u << (k - 1)) - 1) << (n - (k - 1)));
      if (!run && k > 5) continue;
      std::uint64_t x = 0;
      std::vector<tartan::coin> move;
      for (tartan::coin c = 0; c < n; ++c) {
        if ((others >> c & 1) != 0) {
          x ^= g[c];
          move.push_back(c);
        }
      }
      options.insert(x);
      move.push_back(n);
      if (n >= 3) all_moves.push_back(move);
    }
    std::uint64_t mex = 0;
    while (options.count(mex) != 0) ++mex;
    g.push_back(mex);
  }
  std::uint64_t value = 0;
  for (tartan::coin c = 3; c < coins; ++c) value ^= g[c];
  std::set<std::vector<tartan::coin>> winning;
  for (const auto& move : all_moves) {
    std::uint64_t x = 0;
    for (const tartan::coin c : move) x ^= g[c];
    if (x == value) winning.insert(move);
  }
  ASSERT_NE(value, 0u);
  ASSERT_TRUE(winning.count({3, 4, 5, 6, 7, 8}) == 1);  // the run of six coins wins at once

  const auto r = run_tartan({"analyze", "2+C,1-5", "TTTHHHHHH", "--json", "--limit", "1000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = nlohmann::json::parse(r.out);
  EXPECT_EQ(out["value"].get<std::uint64_t>(), value);
  std::set<std::vector<tartan::coin>> printed;
  for (const auto& move : out["winning_moves"]) printed.insert(move.get<std::vector<tartan::coin>>());
  EXPECT_EQ(printed, winning);

  const auto v = run_tartan({"verify", "2+C,1-5*ruler", "--size", "10x2"});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
}

TEST(AnalyzeCliTest, OptionsListEveryMoveWithTheValueItLeaves) {
  // --options N lists every legal move with the value of the position it leads to: checked on random rows against
  // every set the family's definition allows from a heads coin, valued by brute force.
  std::mt19937 rng(2718);
  for (const std::string family : {"mock-turtles", "ruler", "twins", "turtles"}) {
    const move_table& t = table_for(family);
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<bool> heads(10);
      for (std::size_t c = 0; c < heads.size(); ++c) heads[c] = (rng() & 1) != 0;
      std::uint64_t value = 0;
      for (std::size_t c = 0; c < heads.size(); ++c) {
        if (heads[c]) value ^= t.g[c];
      }
      std::set<std::pair<std::vector<std::uint64_t>, std::uint64_t>> expected;
      for (std::size_t top = 0; top < heads.size(); ++top) {
        if (!heads[top]) continue;
        for (const auto& [s, x] : t.moves[top]) {
          std::vector<std::uint64_t> move;
          for (const unsigned c : tartan::test::coins_of(s)) move.push_back(c);
          expected.insert({move, value ^ x});
        }
      }
      const auto r = run_tartan({"analyze", family, row_text(heads), "--options", "100000", "--json"});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const auto out = nlohmann::json::parse(r.out);
      std::set<std::pair<std::vector<std::uint64_t>, std::uint64_t>> listed;
      for (const auto& o : out.at("options")) {
        listed.insert({o.at("move").get<std::vector<std::uint64_t>>(), o.at("value").get<std::uint64_t>()});
      }
      EXPECT_EQ(listed, expected) << family << ' ' << row_text(heads);
      EXPECT_EQ(out.at("options").size(), expected.size()) << "an option listed twice";
      EXPECT_TRUE(out.at("options_complete").get<bool>());
    }
  }
  // A page of them says that there are more; the text lists them too.
  const auto page = run_tartan({"analyze", "mock-turtles", "HTTH", "--options", "3", "--json"});
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_EQ(nlohmann::json::parse(page.out).at("options").size(), 3u);
  EXPECT_FALSE(nlohmann::json::parse(page.out).at("options_complete").get<bool>());
  const auto text = run_tartan({"analyze", "mock-turtles", "HTTH", "--options", "8"});
  EXPECT_THAT(text.out, testing::HasSubstr("options (every legal move and the value it leaves"));
  EXPECT_THAT(text.out, testing::HasSubstr("  0 3 -> 0\n"));  // g(0) ⊕ g(3) = 1 ⊕ 7 = 6, turning both leaves 0
  // Without --options the JSON is as before: no "options".
  const auto plain = run_tartan({"analyze", "mock-turtles", "HTTH", "--json"});
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("options"));
  // Refused with --count, and in a sum.
  EXPECT_EQ(run_tartan({"analyze", "ruler", "--coins", "9", "--all-heads", "--count", "--options", "5"}).exit_code, 2);
  EXPECT_EQ(run_tartan({"analyze", "ruler", "HTH", "+", "ruler", "HH", "--options", "5"}).exit_code, 2);
}

namespace {

/// The value line is out: the search for winning moves has begun (analyze prints and flushes it first).
tartan::test::print_condition value_line_printed() {
  return [](const tartan::test::printed_so_far& p) { return p.out.find("outcome: ") != std::string::npos; };
}

}  // namespace

TEST(AnalyzeCliTest, CtrlCDuringTheSearchPrintsTheMovesFoundAndWhereItStopped) {
  // Ruler, every coin of 10^6 heads: one coin is sure to have a winning move (V ⊕ g(c) < g(c)), its moves come at
  // once; the third move must come from the 999999 others, a search of each of them. The value line is printed
  // before the search begins; SIGINT is sent once it is there.
  const auto r = tartan::test::run_tartan_interrupted_when(
      {"analyze", "ruler", "--coins", "1000000", "--all-heads", "--limit", "3"}, value_line_printed());
  ASSERT_EQ(r.exit_code, 130) << r.err;
  // The value by its definition: the XOR over n < 10^6 of the largest power of 2 dividing n + 1.
  std::uint64_t value = 0;
  for (std::uint64_t k = 1; k <= 1000000; ++k) value ^= k & (~k + 1);
  EXPECT_THAT(r.out, ::testing::HasSubstr("value: " + std::to_string(value) + "\n"));
  EXPECT_THAT(r.out, ::testing::HasSubstr("outcome: N"));
  EXPECT_THAT(r.err, ::testing::MatchesRegex("interrupted: the search for winning moves stopped after [0-9]+ of the "
                                             "1000000 heads coins; [0-9]+ winning moves? listed\n"));
  EXPECT_EQ(count_lines(r.err), 1U);
  // Every move listed before the stop turns a run ending at a heads coin whose values XOR to the value.
  const std::size_t at = r.out.find("winning moves (");
  if (at != std::string::npos) {
    std::istringstream lines(r.out.substr(r.out.find('\n', at) + 1));
    std::string line;
    while (std::getline(lines, line)) {
      std::istringstream coins(line);
      std::uint64_t c = 0, previous = 0, x = 0, n = 0;
      while (coins >> c) {
        if (n++ != 0) {
          EXPECT_EQ(c, previous + 1) << "a run";
        }
        x ^= (c + 1) & (~(c + 1) + 1);
        previous = c;
      }
      EXPECT_EQ(x, value) << line.substr(0, 80);
    }
  }
}

TEST(AnalyzeCliTest, TheTimeLimitCoversTheSearchForWinningMoves) {
  // --max-seconds 0.000001: the deadline has passed before the search begins (reading the options takes longer), and
  // the values of 200 coins take far below the half second the pace projection needs, so they are not refused.
  const auto r = run_tartan({"analyze", "moebius", "--coins", "200", "--heads", "199", "--max-seconds", "0.000001"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.out, ::testing::HasSubstr("outcome: N"));
  EXPECT_THAT(r.out, ::testing::HasSubstr("winning moves: none found before the search stopped\n"));
  EXPECT_EQ(r.err,
            "error: the search for winning moves stopped at the time limit of 1 µs after 0 of the 1 heads coin; 0 "
            "winning moves listed; raise the limit with --max-seconds (0: no limit)\n");
  const auto json =
      run_tartan({"analyze", "moebius", "--coins", "200", "--heads", "199", "--max-seconds", "0.000001", "--json"});
  EXPECT_EQ(json.exit_code, 2);
  const nlohmann::json parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["complete"], false);
  EXPECT_EQ(parsed["winning_moves"].size(), 0U);
  // The options are listed under the same limit.
  const auto options = run_tartan({"analyze", "moebius", "--coins", "200", "--heads", "199", "--limit", "0",
                                   "--options", "5", "--max-seconds", "0.000001"});
  EXPECT_EQ(options.exit_code, 2);
  EXPECT_THAT(options.err, ::testing::HasSubstr("the search for options stopped at the time limit"));
}

TEST(AnalyzeCliTest, TheTimeLimitCoversTheSearchForASumsWinningMoves) {
  // The same deadline, passed before the search begins, over a sum: Moebius' coin 199 alone (value g(199) != 0) plus
  // Ruler HTH (value g(0) ^ g(2) = 1 ^ 1 = 0): 3 heads coins, none searched.
  const std::vector<std::string> sum = {"analyze", "moebius", "200=199",       "+",
                                        "ruler",   "HTH",     "--max-seconds", "0.000001"};
  const auto r = run_tartan(sum);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.out, ::testing::HasSubstr("outcome: N"));
  EXPECT_THAT(r.out, ::testing::HasSubstr("winning moves: none found before the search stopped\n"));
  EXPECT_EQ(r.err,
            "error: the search for winning moves stopped at the time limit of 1 µs after 0 of the 3 heads coins; 0 "
            "winning moves listed; raise the limit with --max-seconds (0: no limit)\n");
  std::vector<std::string> as_json = sum;
  as_json.push_back("--json");
  const auto json = run_tartan(as_json);
  EXPECT_EQ(json.exit_code, 2);
  const nlohmann::json parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["complete"], false);
  EXPECT_EQ(parsed["winning_moves"].size(), 0U);
  EXPECT_THAT(parsed["stopped"].get<std::string>(), ::testing::StartsWith("the search for winning moves stopped"));
}

TEST(AnalyzeCliTest, LimitOneOnAFarCoinListsItsFirstMove) {
  // Moebius from its lone heads coin 1999 of 2000: the coin alone leaves 0 (its value is the position's); listed
  // first, and the search stops there (it used to gather the coin's every move first).
  const auto r = run_tartan({"analyze", "moebius", "--coins", "2000", "--heads", "1999", "--limit", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::HasSubstr("winning moves (the coins turned, ascending; the last goes from heads to "
                                          "tails):\n  1999\n(stopped at --limit 1; --offset 1 lists the next ones)\n"));
}

TEST(AnalyzeCliTest, AGameReadFromAFileIsNamedAfterTheFileWithItsCodeOnce) {
  // docs/examples/triangles.code holds one code of thousands of characters ([1,3,6,...]C): the game line names the
  // file, then the code once, cut to its first 48 characters and its length (the file's text without its blanks).
  const std::string file = std::string(TARTAN_SOURCE_DIR) + "/docs/examples/triangles.code";
  std::string code = tartan::test::read_file(file);
  while (!code.empty() && (code.back() == '\n' || code.back() == ' ')) code.pop_back();
  ASSERT_GT(code.size(), 1000U);
  const std::string game_line =
      "game: @" + file + " (code " + code.substr(0, 48) + "... (" + std::to_string(code.size()) + " characters))\n";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"analyze", "@" + file, "HTTH"}, {"check", "@" + file, "--coins", "5"}}) {
    const auto r = run_tartan(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1), game_line) << args[0];
    EXPECT_EQ(r.out.find(code.substr(0, 48)), r.out.rfind(code.substr(0, 48))) << args[0] << ": the code twice";
  }
  // In a product each factor read from a file is named after its file.
  const std::string squares = std::string(TARTAN_SOURCE_DIR) + "/docs/examples/squares.code";
  const auto r = run_tartan({"analyze", "@" + squares + "*ruler", "HT/TH"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::StartsWith("game: @" + squares + "*ruler (a tartan product: G = @" + squares +
                                           "(a) ⊗ ruler(b))\n"));
}
