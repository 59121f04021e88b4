// turning_game.hpp: the type-erased game forwards moves and hooks to its rule, computes each sequence once and
// shares the cache between copies, and keeps its cache when a value overflows.
#include "tartan/turning/turning_game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <vector>

#include "support/hooked_rules.hpp"
#include "support/naive.hpp"

namespace tartan {
namespace {

using test::doubling_closed_form;
using test::hooked_mock_turtles;

static_assert(turning_rule<turning_game> && has_option_values<turning_game> && has_find_moves<turning_game>);

TEST(TurningGameTest, TurningGamePropagatesOverflowAndKeepsItsCache) {
  const turning_game game("doubling", "", doubling_closed_form{});
  EXPECT_EQ(game.sequence(10).back(), grundy_value{512});
  EXPECT_THROW(game.sequence(100), overflow_error);
  EXPECT_EQ(game.sequence(64).back(), grundy_value{1} << 63);
}

// A rule that counts how often the engine asks it for moves, to observe the cache.
struct counted_rule {
  std::shared_ptr<int> calls = std::make_shared<int>(0);
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    ++*calls;
    return test::k_coins{1, 2}.for_each_move(n, visit);
  }
};

TEST(TurningGameTest, TurningGameComputesEachSequenceOnce) {
  const counted_rule rule;
  const turning_game game("counted", "", rule);
  EXPECT_EQ(game.sequence(10), test::naive_sequence(test::k_coins{1, 2}, 10));
  const int after_first = *rule.calls;
  EXPECT_EQ(after_first, 10);
  EXPECT_EQ(game.sequence(7).size(), 7u);
  EXPECT_EQ(game.sequence(10).size(), 10u);
  const turning_game copy = game;  // copies share the cache
  EXPECT_EQ(copy.sequence(10).size(), 10u);
  EXPECT_EQ(*rule.calls, after_first);
  EXPECT_EQ(game.sequence(12), test::naive_sequence(test::k_coins{1, 2}, 12));
  EXPECT_EQ(*rule.calls, after_first + 2);  // extended by coins 10 and 11, not recomputed
}

TEST(TurningGameTest, TurningGameForwardsMovesAndHooks) {
  const turning_game hooked("mock", "1-3", hooked_mock_turtles{});
  const turning_game plain("mock-plain", "", test::k_coins{1, 3});
  EXPECT_EQ(hooked.name(), "mock");
  EXPECT_EQ(hooked.code(), "1-3");
  EXPECT_TRUE(hooked.has_closed_form());
  EXPECT_FALSE(plain.has_closed_form());
  EXPECT_EQ(hooked.sequence(40), plain.sequence(40));
  const auto g = plain.sequence(12);
  for (coin n = 0; n < 12; ++n) {
    std::vector<grundy_value> a, b;
    hooked.option_values(n, g, a);
    plain.option_values(n, g, b);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
    int by_hook = 0, by_filter = 0;
    hooked.find_moves(n, 3, g, [&](std::span<const coin>) { return ++by_hook, true; });
    plain.find_moves(n, 3, g, [&](std::span<const coin>) { return ++by_filter, true; });
    EXPECT_EQ(by_hook, by_filter);
  }
}

}  // namespace
}  // namespace tartan
