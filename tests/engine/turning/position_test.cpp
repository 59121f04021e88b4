// Positions: parsing with its error messages, values, and winning moves against brute force over all moves.
#include "tartan/turning/position.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <tuple>

#include "support/naive.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const parse_error& e) {
    return e.what();
  }
  return "no parse_error";
}

TEST(PositionTest, ParseRowReadsHeadsAndTailsCoinZeroFirst) {
  EXPECT_EQ(parse_row("THTH"), (row_position{4, {1, 3}}));
  EXPECT_EQ(parse_row("hHtT"), (row_position{4, {0, 1}}));
  EXPECT_EQ(parse_row("0011"), (row_position{4, {2, 3}}));
  EXPECT_EQ(parse_row("TTT"), (row_position{3, {}}));
}

TEST(PositionTest, ParseRowNamesTheBadColumn) {
  EXPECT_EQ(error_of([] { parse_row("HTTX"); }),
            "position: 'X' at column 4 is not a coin; type H or T (or 1/0), coin 0 first");
  EXPECT_THAT(error_of([] { parse_row("H T"); }), HasSubstr("' ' at column 2"));
  EXPECT_THAT(error_of([] { parse_row(std::string("H\x01", 2)); }), HasSubstr("'\\x01' at column 2"));
  EXPECT_THAT(error_of([] { parse_row(""); }), HasSubstr("position: empty"));
}

TEST(PositionTest, SparseRowSortsAndValidates) {
  const std::vector<coin> heads{17, 3, 99};
  EXPECT_EQ(sparse_row(100, heads), (row_position{100, {3, 17, 99}}));
  EXPECT_EQ(sparse_row(5, {}), (row_position{5, {}}));
  const std::vector<coin> outside{3, 1000};
  EXPECT_THAT(error_of([&] { sparse_row(100, outside); }),
              HasSubstr("heads coin 1000 is outside the row of 100 coins (coins 0..99)"));
  const std::vector<coin> twice{4, 2, 4};
  EXPECT_THAT(error_of([&] { sparse_row(10, twice); }), HasSubstr("heads coin 4 is listed twice"));
  const std::vector<coin> any{0};
  EXPECT_THAT(error_of([&] { sparse_row(0, any); }), HasSubstr("outside the row of 0 coins"));
}

TEST(PositionTest, ParseCoinListNamesTheBadItem) {
  EXPECT_EQ(parse_coin_list("3,17,1000"), (std::vector<coin>{3, 17, 1000}));
  EXPECT_EQ(parse_coin_list(" 3 , 17"), (std::vector<coin>{3, 17}));
  EXPECT_EQ(parse_coin_list(""), std::vector<coin>{});
  EXPECT_THAT(error_of([] { parse_coin_list("3,x7"); }), HasSubstr("coin list item 2: 'x7' is not a decimal"));
  EXPECT_THAT(error_of([] { parse_coin_list("3,,4"); }), HasSubstr("coin list item 2 is empty"));
  EXPECT_THAT(error_of([] { parse_coin_list("1,2,-3"); }), HasSubstr("coin list item 3"));
  EXPECT_THAT(error_of([] { parse_coin_list("4294967296"); }), HasSubstr("too large"));
}

TEST(PositionTest, ValueIsXorOfHeadsCoins) {
  const std::vector<grundy_value> g{1, 2, 4, 7, 8};
  EXPECT_EQ(position_value(g, parse_row("HTTHT")), grundy_value{1 ^ 7});
  EXPECT_EQ(position_value(g, parse_row("TTTTT")), grundy_value{0});
  EXPECT_THROW(position_value(std::span<const grundy_value>(g).first(3), parse_row("HTTHT")), error);
}

// Every reported move is legal (the moving coin is heads and the others form a move from it) and leads to value 0.
template <class Rule>
void expect_moves_win(const Rule& rule, std::span<const grundy_value> g, const row_position& p,
                      const std::vector<std::vector<coin>>& moves) {
  for (const auto& move : moves) {
    ASSERT_FALSE(move.empty());
    EXPECT_TRUE(std::is_sorted(move.begin(), move.end()));
    const coin a = move.back();
    EXPECT_TRUE(std::binary_search(p.heads.begin(), p.heads.end(), a)) << "moving coin " << a << " is not heads";
    const std::vector<coin> others(move.begin(), move.end() - 1);
    bool legal = false;
    rule.for_each_move(a, [&](std::span<const coin> o) {
      legal = std::equal(o.begin(), o.end(), others.begin(), others.end());
      return !legal;
    });
    EXPECT_TRUE(legal);
    grundy_value after = position_value(g, p);
    for (const coin c : move) after ^= g[c];
    EXPECT_EQ(after, 0u);
  }
}

template <class Rule>
void agree_with_brute_force(const Rule& rule, coin coins, int samples, std::uint32_t seed) {
  const auto g = grundy_sequence(rule, coins);
  test::brute_force<Rule> brute(rule, coins);
  std::mt19937 random(seed);
  for (int i = 0; i < samples; ++i) {
    const std::uint32_t mask = random() & ((std::uint32_t{1} << coins) - 1);
    std::vector<coin> heads;
    for (coin c = 0; c < coins; ++c) {
      if (mask >> c & 1) heads.push_back(c);
    }
    const row_position p = sparse_row(coins, heads);
    // The value by the Sprague-Grundy theorem equals the value by recursion over the game tree.
    EXPECT_EQ(position_value(g, p), brute.value(mask)) << "position " << mask;
    auto found = winning_moves(rule, g, p, 1'000'000);
    expect_moves_win(rule, g, p, found);
    std::sort(found.begin(), found.end());
    EXPECT_EQ(found, brute.winning_moves(mask)) << "position " << mask;
    // A limit returns a prefix of the full list, no more.
    const auto limited = winning_moves(rule, g, p, 2);
    EXPECT_EQ(limited.size(), std::min<std::size_t>(2, found.size()));
  }
}

TEST(PositionTest, WinningMovesAgreeWithBruteForce) {
  agree_with_brute_force(test::k_coins{1, 3}, 10, 200, 1);  // Mock Turtles
  agree_with_brute_force(test::k_coins{1, 2}, 10, 200, 2);  // Turning Turtles
  agree_with_brute_force(test::k_coins{3, 3}, 10, 200, 3);  // Triplets
  agree_with_brute_force(test::ruler_rule{}, 10, 200, 4);
  agree_with_brute_force(test::motley_rule{}, 8, 100, 5);
  agree_with_brute_force(test::progression_rule{}, 10, 200, 6);
}

TEST(PositionTest, PPositionsHaveNoWinningMove) {
  const test::k_coins mock{1, 3};
  const auto g = grundy_sequence(mock, 12);
  test::brute_force<test::k_coins> brute(mock, 12);
  int p_positions = 0;
  for (std::uint32_t mask = 0; mask < (1u << 12); ++mask) {
    if (brute.value(mask) != 0) continue;
    ++p_positions;
    std::vector<coin> heads;
    for (coin c = 0; c < 12; ++c) {
      if (mask >> c & 1) heads.push_back(c);
    }
    EXPECT_TRUE(winning_moves(mock, g, sparse_row(12, heads), 10).empty());
  }
  EXPECT_GT(p_positions, 1);
}

TEST(PositionTest, SureCoinsComeFirstHighestFirst) {
  // Mock Turtles g = 1 2 4 7 8 11 13 14; position HHTTHTTH has value 1 ^ 2 ^ 8 ^ 14 = 7. Coin 7 (g 14, target 9 <
  // 14) and coin 4 (g 8, target 15 > 8) are heads: the first winning move reported is from coin 7.
  const test::k_coins mock{1, 3};
  const auto g = grundy_sequence(mock, 8);
  const auto p = parse_row("HHTTHTTH");
  const auto moves = winning_moves(mock, g, p, 1);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].back(), 7u);
  expect_moves_win(mock, g, p, moves);
}

TEST(PositionTest, TurningGameOverloadMatchesTheTemplate) {
  const test::k_coins mock{1, 3};
  const turning_game game("mock", "", mock);
  const auto g = game.sequence(14);
  std::mt19937 random(7);
  for (int i = 0; i < 100; ++i) {
    std::vector<coin> heads;
    for (coin c = 0; c < 14; ++c) {
      if (random() % 3 == 0) heads.push_back(c);
    }
    const auto p = sparse_row(14, heads);
    EXPECT_EQ(winning_moves(game, g, p, 50), winning_moves(mock, g, p, 50));
  }
  EXPECT_TRUE(winning_moves(game, g, parse_row("H"), 0).empty());
}

// Turning Turtles (g(n) = n + 1) with a closed form and a find_moves hook that counts its calls; plain
// enumeration counts too, and must not be used for a position's winning moves.
struct counting_turtles {
  std::shared_ptr<int> enumerations = std::make_shared<int>(0);
  std::shared_ptr<int> searches = std::make_shared<int>(0);
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    ++*enumerations;
    return test::k_coins{1, 2}.for_each_move(n, visit);
  }
  grundy_value grundy(coin n) const { return grundy_value{n} + 1; }
  template <class Visit>
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, Visit&& visit) const {
    ++*searches;
    if (target == 0) return visit(std::span<const coin>());
    for (coin c = 0; c < n; ++c) {  // a linear scan: correct for any table g
      const coin one[] = {c};
      if (g[c] == target && !visit(std::span<const coin>(one))) return false;
    }
    return true;
  }
};

TEST(PositionTest, LongSparseRowListsByMovingCoinAndNeverEnumerates) {
  const counting_turtles turtles;
  const std::size_t coins = 100000;
  const auto g = grundy_sequence(turtles, coins);
  std::mt19937 random(11);
  std::vector<coin> heads;
  for (int i = 0; i < 10000; ++i) heads.push_back(static_cast<coin>(random() % coins));
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  auto p = sparse_row(coins, heads);
  if (position_value(g, p) == 0) p.heads.pop_back();
  ASSERT_NE(position_value(g, p), 0u);
  const auto moves = winning_moves(turtles, g, p, 3);
  ASSERT_EQ(moves.size(), 3u);
  expect_moves_win(test::k_coins{1, 2}, g, p, moves);
  // The order: the heads coins sure to have a winning move (V ⊕ g(a) < g(a)) first, ascending, then the others.
  const grundy_value v = position_value(g, p);
  const auto sure = [&](coin a) { return (v ^ g[a]) < g[a]; };
  const auto first = std::find_if(p.heads.begin(), p.heads.end(), sure);
  ASSERT_NE(first, p.heads.end()) << "a heads coin holds the top bit of the value";
  // By the definition, that coin has a winning move: it alone, or with one coin below it, XORs to the value.
  bool wins = (v ^ g[*first]) == 0;
  for (coin c = 0; c < *first && !wins; ++c) wins = (v ^ g[*first] ^ g[c]) == 0;
  EXPECT_TRUE(wins);
  EXPECT_EQ(moves[0].back(), *first);
  const auto key = [&](const std::vector<coin>& m) { return std::tuple(!sure(m.back()), m.back(), m); };
  EXPECT_TRUE(
      std::is_sorted(moves.begin(), moves.end(), [&](const auto& x, const auto& y) { return key(x) < key(y); }));
  EXPECT_EQ(*turtles.enumerations, 0);
  // One search per sure coin up to the third move's coin: the coins before the first sure one cost nothing.
  ASSERT_TRUE(sure(moves[2].back()));
  const auto searched =
      std::count_if(p.heads.begin(), p.heads.end(), [&](coin a) { return sure(a) && a <= moves[2].back(); });
  EXPECT_EQ(*turtles.searches, searched);
}

/// Turning Turtles (g(a) = a + 1, options 0..a) with heads 0..99999: value 100000 = XOR of 1..100000, so the
/// coins below 65535 have no winning move (no option reaches 100000 ⊕ g(a) > g(a)). The first page costs one search
/// per move listed, not one per heads coin before the first that can move.
TEST(WinningMovesTest, FirstPageOfALongRowSearchesOnlyCoinsWithMoves) {
  const counting_turtles turtles;
  const std::size_t coins = 100000;
  const auto g = grundy_sequence(turtles, coins);
  std::vector<coin> heads;
  for (coin a = 0; a < coins; ++a) heads.push_back(a);
  auto p = sparse_row(coins, heads);
  ASSERT_EQ(position_value(g, p), 100000u);
  const auto moves = winning_moves(turtles, g, p, 10);
  ASSERT_EQ(moves.size(), 10u);
  expect_moves_win(test::k_coins{1, 2}, g, p, moves);
  EXPECT_EQ(moves[0].back(), 65535u);
  EXPECT_EQ(*turtles.searches, 10);
}

TEST(FormatCoinsTest, SeparatesBySingleSpacesAndRoundTrips) {
  EXPECT_EQ(format_coins(std::vector<coin>{}), "");
  EXPECT_EQ(format_coins(std::vector<coin>{7}), "7");
  const std::vector<coin> coins{0, 3, 17, 4294967295u};
  std::string text = format_coins(coins);
  EXPECT_EQ(text, "0 3 17 4294967295");
  for (char& c : text) c = c == ' ' ? ',' : c;
  EXPECT_EQ(parse_coin_list(text), coins);
}

}  // namespace
}  // namespace tartan
