// Tests for analysis/sequence_values.hpp: compute_sequence against the definition (support/naive.hpp), its limits,
// and progress with cancellation.
#include "tartan/analysis/sequence_values.hpp"

#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "support/naive.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

TEST(SequenceValuesTest, MatchesTheDefinition) {
  EXPECT_EQ(compute_sequence({games::resolve_game("mock-turtles"), 12}).values,
            test::naive_sequence(test::k_coins{1, 3}, 12));
  EXPECT_EQ(compute_sequence({games::resolve_game("ruler"), 40}).values, test::naive_sequence(test::ruler_rule{}, 40));
  EXPECT_EQ(compute_sequence({games::resolve_game("1-2"), 30}).values, test::naive_sequence(test::k_coins{1, 2}, 30));
  const sequence_result r = compute_sequence({games::resolve_game("motley"), 12});
  EXPECT_EQ(r.values, test::naive_sequence(test::motley_rule{}, 12));
  EXPECT_TRUE(r.complete);
}

TEST(SequenceValuesTest, ProgressRisesAndAStopKeepsACorrectPrefix) {
  sequence_request request{games::resolve_game("1-3"), 20000};
  request.method = sequence_method::enumeration;  // slow enough to be stopped part way
  std::vector<double> seen;
  request.progress = [&seen](double fraction) {
    seen.push_back(fraction);
    return seen.size() < 100;
  };
  const sequence_result stopped = compute_sequence(request);
  EXPECT_FALSE(stopped.complete);
  ASSERT_EQ(seen.size(), 100u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i], seen[i - 1]);
  EXPECT_GT(seen.front(), 0.0);
  EXPECT_LT(seen.back(), 1.0);
  ASSERT_LT(stopped.values.size(), request.count);
  ASSERT_GT(stopped.values.size(), 0u);
  EXPECT_EQ(stopped.values, test::naive_sequence(test::k_coins{1, 3}, stopped.values.size()));

  request.progress = [](double) { return true; };
  request.count = 500;
  const sequence_result whole = compute_sequence(request);
  EXPECT_TRUE(whole.complete);
  EXPECT_EQ(whole.values.size(), 500u);
}

TEST(SequenceValuesTest, TheSinkReceivesEveryValueInOrderAndATimeLimitKeepsThem) {
  sequence_request request{games::resolve_game("3"), 10'000'000};
  request.max_seconds = 1;  // 10^7 values of 3 (Triplets) take most of an hour: the pace stops them within seconds
  std::vector<grundy_value> streamed;
  std::size_t chunks = 0;
  request.on_values = [&](std::span<const grundy_value> values) {
    streamed.insert(streamed.end(), values.begin(), values.end());
    ++chunks;
  };
  const sequence_result r = compute_sequence(request);
  EXPECT_FALSE(r.complete);
  ASSERT_TRUE(r.time_limit.has_value());
  EXPECT_GT(r.time_limit->estimate_seconds(), 1.0);
  EXPECT_EQ(streamed, r.values);
  EXPECT_GT(chunks, 1u);
  ASSERT_GT(r.values.size(), 1000u);
  EXPECT_EQ(std::vector<grundy_value>(r.values.begin(), r.values.begin() + 300),
            test::naive_sequence(test::k_coins{3, 3}, 300));
}

TEST(SequenceValuesTest, RefusesProductsEmptyCountsAndCountsOverTheMemoryLimit) {
  EXPECT_THROW(compute_sequence({games::resolve_game("ruler*ruler"), 10}), parse_error);
  EXPECT_THROW(compute_sequence({games::resolve_game("ruler"), 0}), parse_error);
  sequence_request big{games::resolve_game("ruler"), 100'000'000};
  big.max_memory = 1 << 20;
  EXPECT_THROW(compute_sequence(big), limit_error);
}

}  // namespace
}  // namespace tartan
