// The 1-D engine: grundy_sequence by every route against the mex definition and published tables, hooks against
// plain enumeration, overflow reporting, the turning_game cache.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "support/naive.hpp"
#include "support/reference_data.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using test::oeis_terms;
using ::testing::HasSubstr;

// Mock Turtles with every hook, each written differently from plain enumeration.
struct hooked_mock_turtles {
  test::k_coins plain{1, 3};

  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
    out.push_back(0);
    for (coin a = 0; a < n; ++a) {
      out.push_back(g[a]);
      for (coin b = a + 1; b < n; ++b) out.push_back(g[a] ^ g[b]);
    }
  }
  // For each first coin a, the second coin b must have g(b) = target ^ g(a): looked up in a value index.
  template <class Visit>
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, Visit&& visit) const {
    std::multimap<grundy_value, coin> index;
    for (coin b = 0; b < n; ++b) index.emplace(g[b], b);
    if (target == 0 && !visit(std::span<const coin>())) return false;
    for (coin a = 0; a < n; ++a) {
      if (g[a] == target) {
        const coin one[] = {a};
        if (!visit(std::span<const coin>(one))) return false;
      }
      const auto [lo, hi] = index.equal_range(target ^ g[a]);
      for (auto it = lo; it != hi; ++it) {
        if (it->second <= a) continue;
        const coin two[] = {a, it->second};
        if (!visit(std::span<const coin>(two))) return false;
      }
    }
    return true;
  }
  // Odious numbers: 2n, plus 1 when n has an even number of ones (Winning Ways ch. 14).
  grundy_value grundy(coin n) const { return 2 * grundy_value{n} + (std::popcount(n) % 2 == 0 ? 1 : 0); }
  struct solver {
    grundy_value next(std::span<const grundy_value> g) {
      return hooked_mock_turtles{}.grundy(static_cast<coin>(g.size()));
    }
  };
  solver grundy_solver() const { return {}; }
  std::uint64_t move_count(coin n) const { return 1 + std::uint64_t{n} + std::uint64_t{n} * (n - (n > 0)) / 2; }
};

static_assert(turning_rule<hooked_mock_turtles> && has_option_values<hooked_mock_turtles> &&
              has_find_moves<hooked_mock_turtles> && has_grundy_solver<hooked_mock_turtles> &&
              has_closed_form<hooked_mock_turtles> && has_move_count<hooked_mock_turtles>);
static_assert(!turning_rule<int>);
static_assert(turning_rule<turning_game> && has_option_values<turning_game> && has_find_moves<turning_game>);

TEST(TurningTest, MockTurtlesMatchesOeisA000069ByEveryRoute) {
  // A000069 has offset 1: a(1) is the value of our coin 0.
  const auto published = oeis_terms("A000069");
  ASSERT_GE(published.size(), 60u);
  const std::size_t count = 60;
  const std::vector<grundy_value> expected(published.begin(), published.begin() + count);
  const hooked_mock_turtles rule;
  for (const auto method : {sequence_method::automatic, sequence_method::closed_form, sequence_method::solver,
                            sequence_method::option_values, sequence_method::enumeration}) {
    EXPECT_EQ(grundy_sequence(rule, count, method), expected) << "method " << static_cast<int>(method);
  }
  EXPECT_EQ(grundy_sequence(test::k_coins{1, 3}, count), expected);
}

TEST(TurningTest, RulerMatchesOeisA006519) {
  // A006519 a(n) is the value of our coin n-1.
  const auto published = oeis_terms("A006519");
  ASSERT_GE(published.size(), 100u);
  const auto g = grundy_sequence(test::ruler_rule{}, 100);
  EXPECT_EQ(g, std::vector<grundy_value>(published.begin(), published.begin() + 100));
}

TEST(TurningTest, SequencesMatchMexDefinition) {
  EXPECT_EQ(grundy_sequence(test::k_coins{1, 2}, 20), test::naive_sequence(test::k_coins{1, 2}, 20));
  EXPECT_EQ(grundy_sequence(test::k_coins{2, 2}, 20), test::naive_sequence(test::k_coins{2, 2}, 20));
  EXPECT_EQ(grundy_sequence(test::k_coins{3, 3}, 20), test::naive_sequence(test::k_coins{3, 3}, 20));
  EXPECT_EQ(grundy_sequence(test::motley_rule{}, 12), test::naive_sequence(test::motley_rule{}, 12));
  EXPECT_EQ(grundy_sequence(test::progression_rule{}, 30), test::naive_sequence(test::progression_rule{}, 30));
  // Turning Turtles g(n) = n + 1, Twins g(n) = n (Winning Ways ch. 14), checked against the definition.
  const auto turtles = test::naive_sequence(test::k_coins{1, 2}, 20);
  const auto twins = test::naive_sequence(test::k_coins{2, 2}, 20);
  for (coin n = 0; n < 20; ++n) {
    EXPECT_EQ(turtles[n], n + 1);
    EXPECT_EQ(twins[n], n);
  }
}

TEST(TurningTest, HooksMatchPlainEnumeration) {
  const hooked_mock_turtles hooked;
  const test::k_coins plain{1, 3};
  // Any table, not only the game's own values: products substitute other sequences.
  std::vector<grundy_value> table;
  for (coin i = 0; i < 14; ++i) table.push_back((i * 7 + 3) % 11);
  for (coin n = 0; n < 14; ++n) {
    std::vector<grundy_value> fast, slow;
    hooked.option_values(n, table, fast);
    collect_option_values(plain, n, table, slow);
    std::sort(fast.begin(), fast.end());
    std::sort(slow.begin(), slow.end());
    EXPECT_EQ(fast, slow) << "coin " << n;
    EXPECT_EQ(count_moves(hooked, n), count_moves(plain, n)) << "coin " << n;
    for (grundy_value target = 0; target < 16; ++target) {
      std::vector<std::vector<coin>> by_hook, by_filter;
      find_moves_with_value(hooked, n, target, table, [&](std::span<const coin> others) {
        by_hook.emplace_back(others.begin(), others.end());
        return true;
      });
      find_moves_with_value(plain, n, target, table, [&](std::span<const coin> others) {
        by_filter.emplace_back(others.begin(), others.end());
        return true;
      });
      std::sort(by_hook.begin(), by_hook.end());
      std::sort(by_filter.begin(), by_filter.end());
      EXPECT_EQ(by_hook, by_filter) << "coin " << n << " target " << target;
    }
  }
}

TEST(TurningTest, FindMovesStopsWhenVisitSaysSo) {
  const std::vector<grundy_value> g = grundy_sequence(test::k_coins{1, 3}, 10);
  int seen = 0;
  const bool finished = find_moves_with_value(test::k_coins{1, 3}, 9, 0, g, [&](std::span<const coin>) {
    ++seen;
    return false;
  });
  EXPECT_FALSE(finished);
  EXPECT_EQ(seen, 1);
}

TEST(TurningTest, CountMovesStopsAtTheCap) {
  EXPECT_EQ(count_moves(test::motley_rule{}, 10), 1024u);
  EXPECT_EQ(count_moves(test::motley_rule{}, 20, 100), 100u);
  EXPECT_EQ(count_moves(hooked_mock_turtles{}, 3, 5), 5u);
  const turning_game game("motley", "", test::motley_rule{});
  EXPECT_EQ(count_moves(game, 5), 32u);
  EXPECT_EQ(game.count_moves(30, 1000), 1000u);
}

// Motley-like values 2^n from a closed form and a solver that refuse to wrap.
struct doubling_closed_form {
  test::motley_rule plain;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  grundy_value grundy(coin n) const {
    if (n >= 64) throw overflow_error("2^" + std::to_string(n) + " does not fit 64 bits");
    return grundy_value{1} << n;
  }
};

struct doubling_solver {
  test::motley_rule plain;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  struct solver {
    grundy_value next(std::span<const grundy_value> g) {
      if (g.empty()) return 1;
      if (g.back() >> 63 != 0) throw overflow_error("coin " + std::to_string(g.size()) + " would be 2^64");
      return g.back() * 2;
    }
  };
  solver grundy_solver() const { return {}; }
};

TEST(TurningTest, ClosedFormOverflowNamesTheCoin) {
  const auto g = grundy_sequence(doubling_closed_form{}, 64);
  EXPECT_EQ(g[63], grundy_value{1} << 63);
  EXPECT_EQ(grundy_sequence(doubling_closed_form{}, 10, sequence_method::enumeration),
            grundy_sequence(doubling_closed_form{}, 10));
  try {
    grundy_sequence(doubling_closed_form{}, 70);
    FAIL() << "expected overflow_error";
  } catch (const overflow_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("coin 64 does not fit 64 bits"));
    EXPECT_THAT(e.what(), HasSubstr("2^64 does not fit"));
    EXPECT_THAT(e.what(), HasSubstr("at most 64"));
  }
}

TEST(TurningTest, SolverOverflowKeepsAMessageThatNamesTheCoin) {
  EXPECT_EQ(grundy_sequence(doubling_solver{}, 64)[63], grundy_value{1} << 63);
  try {
    grundy_sequence(doubling_solver{}, 65);
    FAIL() << "expected overflow_error";
  } catch (const overflow_error& e) {
    EXPECT_STREQ(e.what(), "coin 64 would be 2^64");
  }
}

TEST(TurningTest, TurningGamePropagatesOverflowAndKeepsItsCache) {
  const turning_game game("doubling", "", doubling_closed_form{});
  EXPECT_EQ(game.sequence(10).back(), grundy_value{512});
  EXPECT_THROW(game.sequence(100), overflow_error);
  EXPECT_EQ(game.sequence(64).back(), grundy_value{1} << 63);
}

TEST(TurningTest, ForcingAMissingRouteIsAnError) {
  try {
    grundy_sequence(test::k_coins{1, 3}, 5, sequence_method::closed_form);
    FAIL() << "expected error";
  } catch (const error& e) {
    EXPECT_THAT(e.what(), HasSubstr("no closed form"));
  }
  EXPECT_THROW(grundy_sequence(test::k_coins{1, 3}, 5, sequence_method::solver), error);
  // option_values without the hook falls back to enumeration.
  EXPECT_EQ(grundy_sequence(test::k_coins{1, 3}, 9, sequence_method::option_values),
            test::naive_sequence(test::k_coins{1, 3}, 9));
}

TEST(TurningTest, TooManyCoinsIsRefused) {
  EXPECT_THROW(grundy_sequence(test::k_coins{1, 3}, std::size_t{1} << 33), limit_error);
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

TEST(TurningTest, TurningGameComputesEachSequenceOnce) {
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

TEST(TurningTest, ExtendingASequenceContinuesFromItsPrefix) {
  const auto expected = test::naive_sequence(test::k_coins{1, 3}, 30);
  for (const auto method : {sequence_method::automatic, sequence_method::closed_form, sequence_method::solver,
                            sequence_method::option_values, sequence_method::enumeration}) {
    std::vector<grundy_value> g;
    extend_grundy_sequence(hooked_mock_turtles{}, g, 10, method);
    extend_grundy_sequence(hooked_mock_turtles{}, g, 5, method);  // shorter: nothing to do
    EXPECT_EQ(g.size(), 10u);
    extend_grundy_sequence(hooked_mock_turtles{}, g, 30, method);
    EXPECT_EQ(g, expected) << "method " << static_cast<int>(method);
  }
  // The solver is replayed over the known prefix, so its state matches.
  std::vector<grundy_value> doubling;
  extend_grundy_sequence(doubling_solver{}, doubling, 3);
  extend_grundy_sequence(doubling_solver{}, doubling, 64);
  EXPECT_EQ(doubling[63], grundy_value{1} << 63);
  EXPECT_THROW(extend_grundy_sequence(doubling_solver{}, doubling, 65), overflow_error);
  EXPECT_EQ(doubling.size(), 64u);
}

TEST(TurningTest, TurningGameForwardsMovesAndHooks) {
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
