// Tests for analysis/check.hpp: the one check entry point for rows and products, against values computed here by
// brute force over the game tree (support/naive.hpp) and by the definition of the nim product.
#include "tartan/analysis/check.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "support/naive.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

TEST(CheckTest, RowsPassWithTheGamesOwnValues) {
  const check_result r = check({games::resolve_game("mock-turtles"), {10}});
  EXPECT_TRUE(r.passed());
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.positions, 1024u);
  EXPECT_EQ(r.game, "mock-turtles");
  // Moves from coin n: 1 + n + n(n-1)/2; each heads coin of each of the 2^9 positions where it is heads.
  std::uint64_t moves = 0;
  for (std::uint64_t n = 0; n < 10; ++n) moves += 1 + n + n * (n - 1) / 2;
  EXPECT_EQ(r.edges, moves << 9);
}

TEST(CheckTest, AWrongClaimedRowIsCaughtAtThePositionsThatShowIt) {
  // Mock Turtles by its definition: g from the mex over the explicit moves, then g(3) claimed wrong.
  const test::k_coins rule{1, 3};
  std::vector<grundy_value> claimed = test::naive_sequence(rule, 6);
  claimed[3] ^= 1;
  const check_result r = check({games::resolve_game("mock-turtles"), {6}, claimed});
  EXPECT_FALSE(r.passed());
  EXPECT_EQ(r.mismatches, 32u);  // every position with coin 3 heads: 2^5
  ASSERT_FALSE(r.first_mismatches.empty());
  test::brute_force<test::k_coins> tree(rule, 6);
  for (const checked_position& m : r.first_mismatches) {
    ASSERT_EQ(m.position.dimensions(), 1u);
    std::uint32_t heads = 0;
    grundy_value xor_claimed = 0;
    for (std::size_t h = 0; h < m.position.head_count(); ++h) {
      heads |= 1u << m.position.head(h)[0];
      xor_claimed ^= claimed[m.position.head(h)[0]];
    }
    EXPECT_TRUE(heads >> 3 & 1) << m.position.text();
    EXPECT_EQ(m.graph_value, tree.value(heads)) << m.position.text();
    EXPECT_EQ(m.xor_value, xor_claimed) << m.position.text();
  }
}

TEST(CheckTest, ProductsPassAndAWrongTableIsCaughtWithTheTheoremsValues) {
  const check_result ok = check({games::resolve_game("ruler*ruler"), {3, 3}});
  EXPECT_TRUE(ok.passed());
  EXPECT_EQ(ok.positions, 512u);
  EXPECT_EQ(ok.extents, (box_extents{3, 3}));

  // G(a, b) = g(a) ⊗ g(b), with Ruler's g and the nim product both from their definitions; then G(1, 1) claimed
  // wrong.
  const std::vector<grundy_value> g = test::naive_sequence(test::ruler_rule{}, 3);
  const auto product = test::mex_products(4);
  std::vector<grundy_value> table;
  for (std::size_t a = 0; a < 3; ++a) {
    for (std::size_t b = 0; b < 3; ++b) table.push_back(product[g[a]][g[b]]);
  }
  std::vector<grundy_value> claimed = table;
  claimed[4] ^= 2;
  const check_result r = check({games::resolve_game("ruler*ruler"), {3, 3}, claimed});
  EXPECT_EQ(r.mismatches, 256u);  // every position with (1, 1) heads
  for (const checked_position& m : r.first_mismatches) {
    ASSERT_EQ(m.position.dimensions(), 2u);
    EXPECT_TRUE(m.position.is_heads(std::vector<coin>{1, 1}));
    grundy_value theorem = 0, xor_claimed = 0;
    for (std::size_t h = 0; h < m.position.head_count(); ++h) {
      const auto cell = m.position.head(h);
      theorem ^= table[cell[0] * 3 + cell[1]];
      xor_claimed ^= claimed[cell[0] * 3 + cell[1]];
    }
    EXPECT_EQ(m.graph_value, theorem);
    EXPECT_EQ(m.xor_value, xor_claimed);
  }
}

TEST(CheckTest, RefusesABoxThatDoesNotFitTheGame) {
  EXPECT_THROW(check({games::resolve_game("ruler*ruler"), {4}}), parse_error);
  EXPECT_THROW(check({games::resolve_game("ruler"), {4, 4}}), parse_error);
  EXPECT_THROW(check({games::resolve_game("ruler"), {0}}), parse_error);
  EXPECT_THROW(check({games::resolve_game("ruler"), {4}, {1, 2}}), parse_error);
  EXPECT_THROW(check({games::resolve_game("ruler*ruler"), {2, 2}, {1, 2}}), parse_error);
  EXPECT_THROW(check({games::resolve_game("ruler"), {40}}), limit_error);
}

TEST(CheckTest, StopsWhenProgressSaysSoAndReportsWhatWasChecked) {
  check_request request{games::resolve_game("mock-turtles"), {16}};
  int calls = 0;
  request.limits.progress = [&calls](double) { return ++calls < 2; };
  const check_result r = check(request);
  EXPECT_FALSE(r.complete);
  EXPECT_LT(r.positions, std::uint64_t{1} << 16);
  EXPECT_TRUE(r.passed());
}

}  // namespace
}  // namespace tartan
