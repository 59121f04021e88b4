// sequence.hpp: grundy_sequence by every route against the mex definition and published tables, hooks against
// plain enumeration, overflow reporting, extending a prefix.
#include "tartan/turning/sequence.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "support/hooked_rules.hpp"
#include "support/naive.hpp"
#include "support/reference_data.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using test::doubling_closed_form;
using test::doubling_solver;
using test::hooked_mock_turtles;
using test::oeis_terms;
using ::testing::HasSubstr;

TEST(SequenceTest, MockTurtlesMatchesOeisA000069ByEveryRoute) {
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

TEST(SequenceTest, RulerMatchesOeisA006519) {
  // A006519 a(n) is the value of our coin n-1.
  const auto published = oeis_terms("A006519");
  ASSERT_GE(published.size(), 100u);
  const auto g = grundy_sequence(test::ruler_rule{}, 100);
  EXPECT_EQ(g, std::vector<grundy_value>(published.begin(), published.begin() + 100));
}

TEST(SequenceTest, SequencesMatchMexDefinition) {
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

TEST(SequenceTest, HooksMatchPlainEnumeration) {
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

TEST(SequenceTest, FindMovesStopsWhenVisitSaysSo) {
  const std::vector<grundy_value> g = grundy_sequence(test::k_coins{1, 3}, 10);
  int seen = 0;
  const bool finished = find_moves_with_value(test::k_coins{1, 3}, 9, 0, g, [&](std::span<const coin>) {
    ++seen;
    return false;
  });
  EXPECT_FALSE(finished);
  EXPECT_EQ(seen, 1);
}

TEST(SequenceTest, CountMovesStopsAtTheCap) {
  EXPECT_EQ(count_moves(test::motley_rule{}, 10), 1024u);
  EXPECT_EQ(count_moves(test::motley_rule{}, 20, 100), 100u);
  EXPECT_EQ(count_moves(hooked_mock_turtles{}, 3, 5), 5u);
  const turning_game game("motley", "", test::motley_rule{});
  EXPECT_EQ(count_moves(game, 5), 32u);
  EXPECT_EQ(game.count_moves(30, 1000), 1000u);
}

TEST(SequenceTest, ClosedFormOverflowNamesTheCoin) {
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

TEST(SequenceTest, SolverOverflowKeepsAMessageThatNamesTheCoin) {
  EXPECT_EQ(grundy_sequence(doubling_solver{}, 64)[63], grundy_value{1} << 63);
  try {
    grundy_sequence(doubling_solver{}, 65);
    FAIL() << "expected overflow_error";
  } catch (const overflow_error& e) {
    EXPECT_STREQ(e.what(), "coin 64 would be 2^64");
  }
}

TEST(SequenceTest, ForcingAMissingRouteIsAnError) {
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

TEST(SequenceTest, TooManyCoinsIsRefused) {
  EXPECT_THROW(grundy_sequence(test::k_coins{1, 3}, std::size_t{1} << 33), limit_error);
}

TEST(SequenceTest, ExtendingASequenceContinuesFromItsPrefix) {
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

}  // namespace
}  // namespace tartan
