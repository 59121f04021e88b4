// `tartan analyze` with compact positions (--all-heads, --heads ranges and boxes, --heads -), --count, and GAME
// @FILE. The engine's counts are checked against brute force in tests/engine/analysis/move_count_test.cpp; here the
// command must agree with itself across forms (the count equals the moves it lists, a compact position equals the same
// coins typed one by one) and refuse bad input on one line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/present/analysis_output.hpp"

namespace tartan::cli {
namespace {

using test::run_tartan;
using ::testing::HasSubstr;

nlohmann::json json_of(const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> full = args;
  full.push_back("--json");
  const auto r = run_tartan(full, input);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(CountCliTest, CountEqualsTheMovesListedOnRandomPositions) {
  std::mt19937 rng(424242);
  struct game {
    std::string name;
    std::vector<std::size_t> extents;
  };
  const std::vector<game> games = {{"mock-turtles", {12}},
                                   {"[1,3,6]C", {14}},
                                   {"ruler*ruler", {5, 6}},
                                   {"[1,3,6]C*[1,4]C", {6, 6}},
                                   {"1-2*2*1+C", {3, 3, 4}}};
  for (const game& g : games) {
    for (int s = 0; s < 6; ++s) {
      std::string heads, size;
      for (std::size_t d = 0; d < g.extents.size(); ++d) size += (d == 0 ? "" : "x") + std::to_string(g.extents[d]);
      for (int item = 0; item < 4; ++item) {
        heads += item == 0 ? "" : ",";
        for (std::size_t d = 0; d < g.extents.size(); ++d) {
          std::size_t a = rng() % g.extents[d], b = rng() % g.extents[d];
          if (a > b) std::swap(a, b);
          heads += (d == 0 ? "" : ":") + std::to_string(a) + (a == b ? "" : "-" + std::to_string(b));
        }
      }
      const std::string size_flag = g.extents.size() == 1 ? "--coins" : "--size";
      SCOPED_TRACE(g.name + " " + size + " --heads " + heads);
      const auto counted = json_of({"analyze", g.name, size_flag, size, "--heads", heads, "--count"});
      const auto listed = json_of({"analyze", g.name, size_flag, size, "--heads", heads, "--limit", "100000"});
      EXPECT_EQ(counted["value"], listed["value"]);
      EXPECT_EQ(counted["outcome"], listed["outcome"]);
      EXPECT_EQ(counted["winning_move_count"].get<std::uint64_t>(), listed["winning_moves"].size());
      // The same list from standard input, one item per line.
      std::string lines = heads;
      for (char& c : lines) c = c == ',' ? '\n' : c;
      const auto from_stdin = json_of({"analyze", g.name, size_flag, size, "--heads", "-", "--count"}, lines + "\n");
      EXPECT_EQ(from_stdin, counted);
    }
  }
}

TEST(CountCliTest, PagesOfWinningMovesMakeTheWholeList) {
  for (const std::vector<std::string>& position :
       {std::vector<std::string>{"mock-turtles", "--coins", "40", "--heads", "0-38"},
        std::vector<std::string>{"ruler*ruler", "--size", "7x7", "--heads", "0-6:0-6,3:2"}}) {
    std::vector<std::string> all = {"analyze"};
    all.insert(all.end(), position.begin(), position.end());
    const auto whole = json_of([&] {
      auto a = all;
      a.insert(a.end(), {"--limit", "100000"});
      return a;
    }());
    ASSERT_GT(whole["winning_moves"].size(), 7U);
    nlohmann::json pages = nlohmann::json::array();
    for (std::size_t offset = 0;; offset += 3) {
      auto a = all;
      a.insert(a.end(), {"--limit", "3", "--offset", std::to_string(offset)});
      const auto page = json_of(a)["winning_moves"];
      for (const auto& m : page) pages.push_back(m);
      if (page.size() < 3) break;
    }
    EXPECT_EQ(pages, whole["winning_moves"]);
  }
}

TEST(CountCliTest, SumsListAndCountTheSameMoves) {
  // The same sum, terms drawn and compact; the count per term equals the moves listed in that term.
  const std::vector<std::string> sum = {"analyze", "mock-turtles", "HTTHTHHH", "+", "ruler",  "40=0-39,7",
                                        "+",       "ruler*ruler",  "5x6=all",  "+", "[1,3]C", "HHTH"};
  auto listing = sum;
  listing.insert(listing.end(), {"--limit", "100000"});
  const auto listed = json_of(listing);
  auto counting = sum;
  counting.push_back("--count");
  const auto counted = json_of(counting);
  EXPECT_EQ(listed["value"], counted["value"]);
  EXPECT_NE(listed["value"], 0);
  EXPECT_EQ(counted["winning_move_count"].get<std::size_t>(), listed["winning_moves"].size());
  std::vector<std::size_t> per_term(4, 0);
  for (const auto& m : listed["winning_moves"]) ++per_term[m["term"].get<std::size_t>()];
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(counted["sum"][i]["winning_move_count"].get<std::size_t>(), per_term[i]) << "term " << i;
  }
  // Each term's value is the value of that position alone.
  EXPECT_EQ(listed["sum"][2]["value"],
            json_of({"analyze", "ruler*ruler", "--size", "5x6", "--all-heads", "--count"})["value"]);
  // A sum of one position is that position.
  const auto one = json_of({"analyze", "mock-turtles", "HTTH", "+", "ruler", "T", "--limit", "100"});
  const auto alone = json_of({"analyze", "mock-turtles", "HTTH", "--limit", "100"});
  EXPECT_EQ(one["value"], alone["value"]);
  ASSERT_EQ(one["winning_moves"].size(), alone["winning_moves"].size());
  for (std::size_t i = 0; i < alone["winning_moves"].size(); ++i) {
    EXPECT_EQ(one["winning_moves"][i]["move"], alone["winning_moves"][i]);
  }
}

TEST(CountCliTest, AllHeadsIsTheWholeBox) {
  const auto all = json_of({"analyze", "ruler*mock-turtles", "--size", "7x9", "--all-heads", "--count"});
  const auto box = json_of({"analyze", "ruler*mock-turtles", "--size", "7x9", "--heads", "0-6:0-8", "--count"});
  EXPECT_EQ(all, box);
  EXPECT_EQ(all["heads"].get<std::uint64_t>(), 63U);
  const auto row = json_of({"analyze", "mock-turtles", "--coins", "6", "--all-heads", "--limit", "100"});
  const auto drawn = json_of({"analyze", "mock-turtles", "HHHHHH", "--limit", "100"});
  EXPECT_EQ(row["value"], drawn["value"]);
  EXPECT_EQ(row["winning_moves"], drawn["winning_moves"]);
}

TEST(CountCliTest, ACoinListedTwiceIsTails) {
  const auto twice = json_of({"analyze", "mock-turtles", "--coins", "10", "--heads", "3,5,3,7-9,8"});
  const auto once = json_of({"analyze", "mock-turtles", "--coins", "10", "--heads", "5,7,9"});
  EXPECT_EQ(twice, once);
}

TEST(CountCliTest, AMillionByAMillionBoardIsCountedInFull) {
  const auto r = json_of({"analyze", "[1,3,6,10]C*[1,4,9,16]C", "--size", "1000000x1000000", "--all-heads", "--count"});
  EXPECT_EQ(r["heads"].get<std::uint64_t>(), 1000000000000U);
  EXPECT_EQ(r["outcome"], r["value"].get<std::uint64_t>() != 0 ? "N" : "P");
  EXPECT_GT(r["winning_move_count"].get<std::uint64_t>(), 1000000000000U);
}

// Ruler's prefix XORs are the Gray code: P(k) = g(0) ⊕ ... ⊕ g(k-1) = k ⊕ (k >> 1). (g(j-1) is the lowest set bit of
// j, so bit i of P(k) is the parity of the j <= k whose lowest set bit is 2^i, floor(k/2^i) - floor(k/2^(i+1)), which
// is bit i ⊕ bit i+1 of k.) The run s..t turns coins whose values XOR to P(t+1) ⊕ P(s) = gray((t+1) ⊕ s), so it
// changes a row's value by D exactly when s = (t+1) ⊕ gray⁻¹(D): from each heads coin t at most one run, when that s
// is below t + 1. The tests below list and count Ruler's winning moves on rows of 10^6 coins from this alone.
grundy_value gray(grundy_value k) { return k ^ (k >> 1); }
grundy_value gray_inverse(grundy_value u) {
  for (int shift = 1; shift < 64; shift <<= 1) u ^= u >> shift;
  return u;
}
grundy_value ruler_value(coin t) { return (grundy_value{t} + 1) & ~grundy_value{t}; }

/// A run of coins first..last, both included.
using coin_run = std::pair<coin, coin>;

/// The runs s..t (from heads coins t) changing a Ruler row's value by `change`, in the order tartan lists them: first
/// the heads coins sure to have such a move (change ⊕ g(t) < g(t)), then the others, each group ascending.
std::vector<coin_run> ruler_runs_changing(const std::vector<coin>& heads, grundy_value change) {
  std::vector<coin_run> sure, others;
  const grundy_value w = gray_inverse(change);
  for (const coin t : heads) {
    const grundy_value s = (grundy_value{t} + 1) ^ w;
    if (s > t) continue;
    ((change ^ ruler_value(t)) < ruler_value(t) ? sure : others).emplace_back(static_cast<coin>(s), t);
  }
  sure.insert(sure.end(), others.begin(), others.end());
  return sure;
}

/// The moves of a JSON list of a row's winning moves, each checked to be a run and given as its ends.
std::vector<coin_run> runs_of(const nlohmann::json& moves) {
  std::vector<coin_run> runs;
  for (const auto& m : moves) {
    const std::vector<coin> coins = m.get<std::vector<coin>>();
    EXPECT_FALSE(coins.empty());
    if (coins.empty()) continue;
    for (std::size_t i = 1; i < coins.size(); ++i) EXPECT_EQ(coins[i], coins[0] + i) << "not a run";
    runs.emplace_back(coins.front(), coins.back());
  }
  return runs;
}

std::vector<coin> coins_from(coin first, coin last) {
  std::vector<coin> out;
  for (coin c = first; c <= last; ++c) out.push_back(c);
  return out;
}

TEST(CountCliTest, AMillionCoinRulerRowIsCountedListedAndPaged) {
  const coin n = 1000000;
  const std::vector<coin> heads = coins_from(0, n - 1);
  const grundy_value value = gray(n);  // P(N)
  const std::vector<coin_run> wanted = ruler_runs_changing(heads, value);
  ASSERT_GT(wanted.size(), 400000U);
  const std::vector<std::string> row = {"analyze", "ruler", "--coins", "1000000", "--all-heads"};
  const auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = row;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const auto counted = json_of(with({"--count"}));
  EXPECT_EQ(counted["value"].get<grundy_value>(), value);
  EXPECT_EQ(counted["winning_move_count"].get<std::uint64_t>(), wanted.size());
  // The first three, and pages deep in the list, read without the pages before them.
  const auto first = json_of(with({"--limit", "3"}));
  EXPECT_EQ(runs_of(first["winning_moves"]), std::vector<coin_run>(wanted.begin(), wanted.begin() + 3));
  for (const std::size_t offset : {wanted.size() / 2, wanted.size() - 1, wanted.size() + 5}) {
    SCOPED_TRACE("--offset " + std::to_string(offset));
    const auto page = json_of(with({"--limit", "2", "--offset", std::to_string(offset)}));
    const std::size_t from = std::min(offset, wanted.size()), to = std::min(offset + 2, wanted.size());
    EXPECT_EQ(runs_of(page["winning_moves"]), std::vector<coin_run>(wanted.begin() + static_cast<std::ptrdiff_t>(from),
                                                                    wanted.begin() + static_cast<std::ptrdiff_t>(to)));
  }
  // The text form says the same.
  const auto text = run_tartan(with({"--count"}));
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("winning moves: " + std::to_string(wanted.size()) + " (counted, not listed)"));
}

TEST(CountCliTest, AMillionCoinRulerRowWithGapsAndASumAreCountedFromTheirRuns) {
  // Heads 0..999999 but 1000..1999 and 500000..599999 (a coin listed twice is tails).
  const coin n = 1000000;
  std::vector<coin> heads;
  grundy_value value = 0;
  for (coin t = 0; t < n; ++t) {
    if ((t >= 1000 && t <= 1999) || (t >= 500000 && t <= 599999)) continue;
    heads.push_back(t);
    value ^= ruler_value(t);
  }
  const auto counted =
      json_of({"analyze", "ruler", "--coins", "1000000", "--heads", "0-999999,1000-1999,500000-599999", "--count"});
  EXPECT_EQ(counted["value"].get<grundy_value>(), value);
  EXPECT_EQ(counted["winning_move_count"].get<std::uint64_t>(), ruler_runs_changing(heads, value).size());
  const auto page = json_of({"analyze", "ruler", "--coins", "1000000", "--heads", "0-999999,1000-1999,500000-599999",
                             "--limit", "2", "--offset", "1000"});
  const auto wanted = ruler_runs_changing(heads, value);
  ASSERT_GT(wanted.size(), 1002U);
  EXPECT_EQ(runs_of(page["winning_moves"]), std::vector<coin_run>(wanted.begin() + 1000, wanted.begin() + 1002));

  // A sum: the whole row plus its coins 0..699999. A move in a term wins when it changes that term by the sum's value.
  const std::vector<coin> half = coins_from(0, 699999);
  grundy_value half_value = 0;
  for (const coin t : half) half_value ^= ruler_value(t);
  const grundy_value sum_value = gray(n) ^ half_value;
  const auto sum = json_of({"analyze", "ruler", "1000000=all", "+", "ruler", "1000000=0-699999", "--count"});
  EXPECT_EQ(sum["value"].get<grundy_value>(), sum_value);
  const std::size_t term0 = ruler_runs_changing(coins_from(0, n - 1), sum_value).size();
  const std::size_t term1 = ruler_runs_changing(half, sum_value).size();
  ASSERT_GT(term1, 0U);
  EXPECT_EQ(sum["winning_move_count"].get<std::uint64_t>(), term0 + term1);
  const auto sum_page = json_of({"analyze", "ruler", "1000000=all", "+", "ruler", "1000000=0-699999", "--limit", "1",
                                 "--offset", std::to_string(term0)});  // the first move of term 1
  ASSERT_EQ(sum_page["winning_moves"].size(), 1U);
  EXPECT_EQ(sum_page["winning_moves"][0]["term"], 1);
  EXPECT_EQ(runs_of(nlohmann::json::array({sum_page["winning_moves"][0]["move"]})),
            std::vector<coin_run>{ruler_runs_changing(half, sum_value).front()});
}

/// The pairs s < e <= n with s ⊕ e = w (w != 0): the s <= n whose bit at w's top bit is 0 and with s ⊕ w <= n, by
/// a walk down the bits keeping whether s and s ⊕ w still equal n's leading bits.
std::uint64_t pairs_with_xor(std::uint64_t n, std::uint64_t w) {
  const int top = static_cast<int>(std::bit_width(w)) - 1;
  std::uint64_t ways[2][2] = {{0, 0}, {0, 1}};  // [s tight][s ⊕ w tight]
  for (int b = 40; b >= 0; --b) {
    std::uint64_t next[2][2] = {{0, 0}, {0, 0}};
    const unsigned nb = (n >> b) & 1, wb = (w >> b) & 1;
    for (unsigned t1 = 0; t1 < 2; ++t1) {
      for (unsigned t2 = 0; t2 < 2; ++t2) {
        if (ways[t1][t2] == 0) continue;
        for (unsigned sb = 0; sb < 2; ++sb) {
          if (b == top && sb != 0) continue;
          const unsigned xb = sb ^ wb;
          if ((t1 != 0 && sb > nb) || (t2 != 0 && xb > nb)) continue;
          next[t1 != 0 && sb == nb][t2 != 0 && xb == nb] += ways[t1][t2];
        }
      }
    }
    std::copy(&next[0][0], &next[0][0] + 4, &ways[0][0]);
  }
  return ways[0][0] + ways[0][1] + ways[1][0] + ways[1][1];
}

TEST(CountCliTest, RugsOfAMillionByAMillionAreCountedFromTheGrayCode) {
  // On Rugs (ruler*ruler), every run S × T of the all-heads board from its heads coins wins iff u ⊗ v = V, u and v
  // the runs' values: the runs of value u = gray(w) are the pairs s < e <= N with s ⊕ e = w (above), and V is
  // P(N) ⊗ P(N). So the count is Σ_u H[u] · H[V ⊘ u], H[u] = pairs_with_xor(N, gray⁻¹(u)), u below 2^20.
  const std::uint64_t n = 1000000;
  std::vector<std::uint64_t> h(std::size_t{1} << 20);
  for (grundy_value u = 1; u < h.size(); ++u) h[u] = pairs_with_xor(n, gray_inverse(u));
  const grundy_value value = nim_mul(gray(n), gray(n));
  uint128 wanted = 0;
  for (grundy_value u = 1; u < h.size(); ++u) {
    const grundy_value v = nim_div(value, u);
    if (v < h.size()) wanted += uint128{h[u]} * h[v];
  }
  const auto r = run_tartan({"analyze", "ruler*ruler", "--size", "1000000x1000000", "--all-heads", "--count"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("value: " + std::to_string(value) + "\n"));
  EXPECT_THAT(r.out, HasSubstr("winning moves: " + to_decimal(wanted) + " (counted, not listed)"));
}

TEST(CountCliTest, CountsBeyond64BitsAreWrittenInFull) {
  std::ostringstream out;
  move_count_result counted;
  counted.value = 5;
  counted.heads = 12;
  counted.winning_moves = uint128{1} << 70;
  present::print_move_count_json(out, game_handle(games::find_game("ruler")), box_region::all_heads({12}), counted);
  EXPECT_THAT(out.str(), HasSubstr("\"winning_move_count\":1180591620717411303424}"));
  std::ostringstream text;
  present::print_move_count(text, game_handle(games::find_game("ruler")), box_region::all_heads({12}), counted);
  EXPECT_THAT(text.str(), HasSubstr("winning moves: 1180591620717411303424 (counted, not listed)"));
}

TEST(CountCliTest, GameFromAFile) {
  const std::string dir = ::testing::TempDir() + "/tartan_count_cli";
  std::filesystem::create_directories(dir);
  // The squares up to 10^6 and the triangular numbers as two files of a product, a thousand alternatives each.
  std::ofstream squares(dir + "/squares.code"), triangles(dir + "/triangles.code");
  for (int k = 1; k <= 1000; ++k) squares << (k == 1 ? "" : ",\n") << k * k << "C";
  for (int k = 1; k <= 1000; ++k) triangles << (k == 1 ? "[" : ",") << k * (k + 1) / 2;
  triangles << "]C\n";
  squares.close();
  triangles.close();
  const auto from_files = json_of({"analyze", "@" + dir + "/triangles.code*@" + dir + "/squares.code", "--size",
                                   "3000x3000", "--all-heads", "--count"});
  std::string written_out;
  for (int k = 1; k <= 1000; ++k) written_out += (k == 1 ? "" : ",") + std::to_string(k * (k + 1) / 2) + "C";
  written_out += "*[";
  for (int k = 1; k <= 1000; ++k) written_out += (k == 1 ? "" : ",") + std::to_string(k * k);
  written_out += "]C";
  const auto typed = json_of({"analyze", written_out, "--size", "3000x3000", "--all-heads", "--count"});
  EXPECT_EQ(from_files["value"], typed["value"]);
  EXPECT_EQ(from_files["winning_move_count"], typed["winning_move_count"]);
  // Each factor read from a file is named after its file.
  EXPECT_EQ(from_files["game"], "@" + dir + "/triangles.code*@" + dir + "/squares.code");

  std::ofstream(dir + "/empty.code").close();
  const auto empty = run_tartan({"seq", "@" + dir + "/empty.code", "5"});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("is empty; put a game's name"));
  const auto missing = run_tartan({"seq", "@" + dir + "/no-such.code", "5"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("cannot read"));
  const auto directory = run_tartan({"seq", "@" + dir, "5"});
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_THAT(directory.err, HasSubstr("it is a directory"));
  std::filesystem::remove_all(dir);
}

// The time limit is looked at after every chunk of a count, and the clock runs from the start of the count, values
// included: a limit of 1 µs is past before any count of 4999 coins can end (their 4999 values alone take longer on
// any machine, by any route), so the count stops at its first look, in one line, whatever the machine's speed.
// (It used to look only every 100 ms, and a fast count of 99 ms went past a limit of 10 ms.)
TEST(CountCliTest, CountStopsAtTheTimeLimit) {
  const auto r =
      run_tartan({"analyze", "mock-turtles", "--coins", "4999", "--all-heads", "--count", "--max-seconds", "0.000001"});
  EXPECT_EQ(r.exit_code, 2) << r.err << r.out;
  EXPECT_THAT(r.err, ::testing::StartsWith("error: counting the winning moves of mock-turtles "));
  EXPECT_THAT(r.err, HasSubstr("time limit of 1 µs"));
  EXPECT_THAT(r.err, HasSubstr("; count a smaller region"));
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// A count that lists its moves one by one, stopped by Ctrl-C once its own progress bar shows (drawn after the
// values): exit code 130, and one line saying how far it got with the position's value. Gold Moidores (turn 1 to 9
// coins) has no faster count: 53 heads coins list about 2^35 moves, tens of seconds here and seconds on any machine,
// while the bar shows within a tenth of a second of the count's start. The value is the XOR of the row's values as
// 'tartan seq' prints them, a route that counts nothing.
TEST(CountCliTest, CountStopsOnCtrlCWithTheValue) {
  const auto values = run_tartan({"seq", "gold-moidores", "53"});
  ASSERT_EQ(values.exit_code, 0) << values.err;
  std::istringstream printed(values.out);
  std::uint64_t value = 0;
  int coins = 0;
  for (std::uint64_t g = 0; printed >> g; ++coins) value ^= g;
  ASSERT_EQ(coins, 53);
  const auto r = test::run_tartan_interrupted_when(
      {"analyze", "gold-moidores", "--coins", "53", "--all-heads", "--count", "--max-seconds", "0"},
      test::progress_bar_drawn("counting winning moves"), test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, ::testing::StartsWith("interrupted: counting the winning moves of gold-moidores stopped after "));
  EXPECT_THAT(r.err, ::testing::EndsWith(" of its moves; the position's value is " + std::to_string(value) + "\n"));
}

TEST(CountCliTest, BadInputGivesOneLineAndExitTwo) {
  struct bad {
    std::vector<std::string> args;
    std::string fragment;
  };
  const std::vector<bad> cases = {
      {{"analyze", "ruler", "HTH", "--all-heads"}, "the position is given twice: --all-heads and POSITION"},
      {{"analyze", "ruler", "--coins", "9", "--heads", "3", "--all-heads"}, "given twice: --all-heads and --heads"},
      {{"analyze", "ruler", "--all-heads"}, "--all-heads needs --coins N"},
      {{"analyze", "ruler*ruler", "--all-heads"}, "--all-heads needs --size RxC"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "5-3"}, "heads range 5-3 is empty"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "1-"}, "has no end"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "a-b"}, "is not a range of coin numbers"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "4-12"}, "reaches coin 12, outside the row of 10 coins"},
      {{"analyze", "ruler*ruler", "--size", "4x4", "--heads", "0-1:0-1:0-1"}, "has 3 coordinates"},
      {{"analyze", "ruler*ruler", "--size", "4x4", "--heads", "0-5:1"}, "along axis 0"},
      {{"analyze", "ruler", "--coins", "10", "--all-heads", "--count", "--svg", "x.svg"}, "--svg has none to draw"},
      {{"analyze", "@/nonexistent/game.code", "HTH"}, "cannot read '/nonexistent/game.code'"},
      {{"analyze", "ruler", "HTH", "+"}, "term 1 of the sum is empty"},
      {{"analyze", "ruler", "HTH", "+", "+", "ruler", "HT"}, "term 1 of the sum is empty"},
      {{"analyze", "ruler", "HTH", "+", "ruler"}, "term 1 of the sum ('ruler') has no position"},
      {{"analyze", "ruler", "HTH", "ruler", "HT"}, "expected '+' before term 1"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "HT/TH"}, "'HT/TH' has 2 axes but 'ruler' has 1"},
      {{"analyze", "ruler", "HTH", "+", "ruler*ruler", "9=all"}, "size '9' has 1 axis but 'ruler*ruler' has 2"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "9=3-12"}, "outside the row of 9 coins"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "HT", "--coins", "5"}, "describe one position"},
      // Refused from an estimate of at most 2^24 moves of coin 59, not after listing 2^36 of them.
      {{"analyze", "motley", "--coins", "60", "--all-heads", "--count"}, "more than 16777216 from one coin"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    EXPECT_EQ(r.exit_code, 2) << shown;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0U) << shown << r.err;
    EXPECT_THAT(r.err, HasSubstr(c.fragment)) << shown;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << r.err;
    EXPECT_TRUE(r.out.empty()) << shown;
  }
}

TEST(CountCliTest, ListingAHugeRegionIsRefusedWithTheCountAsAdvice) {
  const auto r = run_tartan({"analyze", "ruler*ruler", "--size", "1000000x1000000", "--all-heads"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("listing the 1000000000000 heads coins one by one"));
  EXPECT_THAT(r.err, HasSubstr("--count"));
}

}  // namespace
}  // namespace tartan::cli
