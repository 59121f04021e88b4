// The explicit-graph check: it passes for correct games, catches a wrong table, and refuses what it cannot build.
#include "tartan/turning/game_check.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "support/naive.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

template <class Rule>
void expect_check_passes(const char* name, Rule rule, std::size_t coins) {
  const turning_game game(name, "", rule);
  const auto report = check_game(game, coins);
  EXPECT_TRUE(report.passed()) << name << ": " << report.mismatches << " mismatches";
  EXPECT_EQ(report.positions, std::uint64_t{1} << coins);
  // Each coin n is heads in half the positions, and each of its moves is one edge from each of those.
  std::uint64_t moves = 0;
  for (coin n = 0; n < coins; ++n) moves += test::moves_from(rule, n).size();
  EXPECT_EQ(report.edges, (std::uint64_t{1} << (coins - 1)) * moves) << name;
}

TEST(GameCheckTest, PassesForSimpleGames) {
  expect_check_passes("mock-turtles", test::k_coins{1, 3}, 12);
  expect_check_passes("turtles", test::k_coins{1, 2}, 12);
  expect_check_passes("twins", test::k_coins{2, 2}, 12);
  expect_check_passes("triplets", test::k_coins{3, 3}, 10);
  expect_check_passes("ruler", test::ruler_rule{}, 12);
  expect_check_passes("motley", test::motley_rule{}, 9);
  expect_check_passes("progressions", test::progression_rule{}, 12);
}

TEST(GameCheckTest, GraphValuesMatchBruteForceOnAWrongTable) {
  const test::k_coins mock{1, 3};
  const turning_game game("mock-turtles", "", mock);
  const std::size_t coins = 9;
  auto table = test::naive_sequence(mock, coins);
  table[3] ^= 5;  // deliberately wrong
  check_limits limits;
  limits.reported_mismatches = 1000;
  const auto report = check_game(game, coins, table, limits);
  EXPECT_FALSE(report.passed());
  // Exactly the positions with coin 3 heads are off.
  EXPECT_EQ(report.mismatches, std::uint64_t{1} << (coins - 1));
  ASSERT_FALSE(report.first_mismatches.empty());
  EXPECT_EQ(report.first_mismatches[0].heads, 1u << 3);
  test::brute_force<test::k_coins> brute(mock, coins);
  for (const auto& m : report.first_mismatches) {
    EXPECT_NE(m.heads & (1u << 3), 0u);
    EXPECT_EQ(m.graph_value, brute.value(m.heads));
    grundy_value x = 0;
    for (coin c = 0; c < coins; ++c) {
      if (m.heads >> c & 1) x ^= table[c];
    }
    EXPECT_EQ(m.xor_value, x);
  }
}

TEST(GameCheckTest, ReportKeepsTheFirstMismatchesOnly) {
  const turning_game game("ruler", "", test::ruler_rule{});
  const std::vector<grundy_value> zeros(8, 0);
  const auto report = check_game(game, 8, zeros);
  // Against an all-zero table, the mismatches are exactly the positions of non-zero value.
  test::brute_force<test::ruler_rule> brute(test::ruler_rule{}, 8);
  std::uint64_t non_zero = 0;
  for (std::uint32_t p = 0; p < 256; ++p) non_zero += brute.value(p) != 0;
  EXPECT_EQ(report.mismatches, non_zero);
  ASSERT_EQ(report.first_mismatches.size(), 10u);
  EXPECT_EQ(report.first_mismatches[0].heads, 1u);
  EXPECT_EQ(report.first_mismatches[0].graph_value, 1u);
  EXPECT_EQ(report.first_mismatches[0].xor_value, 0u);
}

TEST(GameCheckTest, PlanCountsEdgesAndMemory) {
  const turning_game game("mock-turtles", "", test::k_coins{1, 3});
  const auto plan = plan_check(game, 16);
  EXPECT_EQ(plan.positions, 65536u);
  EXPECT_EQ(plan.edges, 32768u * (16 + 120 + 560));  // moves from coin n: 1 + n + n(n-1)/2
  ASSERT_EQ(plan.moves_per_coin.size(), 16u);
  EXPECT_EQ(plan.moves_per_coin[15], 1u + 15 + 105);
  EXPECT_GT(plan.memory, plan.edges * 4);
}

TEST(GameCheckTest, ExponentialGamesAreRefusedWithHowFarTheyGo) {
  const turning_game motley("motley", "", test::motley_rule{});
  // 2^(N-1) * (2^N - 1) edges: 1.3e8 at N = 14, 5.4e8 at N = 15, over the 5e8 limit.
  try {
    plan_check(motley, 16);
    FAIL() << "expected limit_error";
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("motley has 16384 moves from coin 14"));
    EXPECT_THAT(e.what(), HasSubstr("over the limit of 500000000"));
    EXPECT_THAT(e.what(), HasSubstr("check at most 14 coins for this game"));
    // The figures behind the advice, for a front end to word it its way.
    EXPECT_EQ(e.unit(), limit_unit::edges);
    EXPECT_EQ(e.limit(), 500000000);
    EXPECT_TRUE(e.figures().at_least);
    EXPECT_EQ(e.suggestion(), 14u);
    EXPECT_EQ(e.suggestion_unit(), limit_unit::coins);
    EXPECT_FALSE(e.raise_to().has_value());
  }
  EXPECT_EQ(plan_check(motley, 14).edges, (std::uint64_t{1} << 13) * ((1u << 14) - 1));
  check_limits tight;
  tight.max_edges = 1000;
  EXPECT_THAT(
      [&] { plan_check(motley, 12, tight); },
      ::testing::ThrowsMessage<limit_error>(HasSubstr("check at most 5 coins")));  // 2^5 * 63 > 1000 >= 2^4 * 31
  check_limits little_memory;
  little_memory.max_memory = 1 << 20;
  EXPECT_THAT([&] { plan_check(motley, 14, little_memory); },
              ::testing::ThrowsMessage<limit_error>(HasSubstr("over the memory limit of 1.0 MiB")));
}

TEST(GameCheckTest, TooManyCoinsOrTooShortATableIsAnError) {
  const turning_game game("turtles", "", test::k_coins{1, 2});
  EXPECT_THAT([&] { plan_check(game, 25); },
              ::testing::ThrowsMessage<limit_error>(HasSubstr("check at most 24 coins")));
  const std::vector<grundy_value> short_table(3, 1);
  EXPECT_THAT([&] { check_game(game, 5, short_table); },
              ::testing::ThrowsMessage<error>(HasSubstr("has 3 values but the check on 5 coins")));
  EXPECT_TRUE(check_game(game, 0).passed());
  EXPECT_EQ(check_game(game, 0).positions, 1u);
}

// A broken plug-in: from coin n it claims to turn coin n itself as an "other" coin.
struct broken_rule {
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    const coin self[] = {n};
    return visit(std::span<const coin>(self));
  }
};

TEST(GameCheckTest, IllegalMovesAreReported) {
  const turning_game game("broken", "", broken_rule{});
  EXPECT_THAT([&] { check_game(game, 3, std::vector<grundy_value>(3, 0)); },
              ::testing::ThrowsMessage<error>(HasSubstr("broken lists a move from coin 0")));
}

TEST(GameCheckTest, StoppedByProgressChecksTheClosedPrefix) {
  // Stop at the second poll: the positions below the stop (a closed subgame) are checked against brute force, the
  // report says it is incomplete, and a wrong table is still caught within the prefix.
  const test::k_coins mock{1, 3};
  const turning_game game("mock-turtles", "", mock);
  const std::size_t coins = 14;
  auto table = test::naive_sequence(mock, coins);
  table[12] ^= 1;  // wrong, and only positions from 2^12 on have coin 12 heads
  check_limits limits;
  limits.reported_mismatches = 1u << 14;
  int polls = 0;
  limits.progress = [&polls](double fraction) {
    EXPECT_GT(fraction, 0.0);
    EXPECT_LT(fraction, 1.0);
    return ++polls < 2;
  };
  const auto report = check_game(game, coins, table, limits);
  EXPECT_FALSE(report.complete);
  EXPECT_EQ(polls, 2);
  ASSERT_GT(report.positions, 4096u);
  ASSERT_LT(report.positions, std::uint64_t{1} << coins);
  // Exactly the checked positions with coin 12 heads are off.
  std::uint64_t expected = 0;
  for (std::uint64_t p = 0; p < report.positions; ++p) expected += (p >> 12) & 1;
  EXPECT_EQ(report.mismatches, expected);
  test::brute_force<test::k_coins> brute(mock, coins);
  for (const auto& m : report.first_mismatches) {
    EXPECT_LT(m.heads, report.positions);
    EXPECT_EQ(m.graph_value, brute.value(m.heads));
  }
  // Without a stop the same check is complete.
  limits.progress = nullptr;
  EXPECT_TRUE(check_game(game, coins, table, limits).complete);
}

TEST(GameCheckTest, HeadsTextIsCoinZeroFirst) {
  EXPECT_EQ(heads_text(0b1001, 5), "HTTHT");
  EXPECT_EQ(heads_text(0, 3), "TTT");
}

}  // namespace
}  // namespace tartan
