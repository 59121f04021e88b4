// Tests for search_stop.hpp: how a search is stopped from outside. No test waits on the clock: a deadline is either
// long past (the first check stops) or an hour away (no check can stop), and progress is reported at every check
// (report_interval 0), so what each call returns follows from the definition alone: a check at every coin and every
// `stride` polls.
#include "tartan/core/search_stop.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace tartan {
namespace {

using clock_type = search_options::clock;

TEST(SearchStopTest, WithoutLimitsASearchRunsToTheEnd) {
  const search_options options;
  search_stop stop(options, 5);
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_TRUE(stop.next_coin(i));
  for (int i = 0; i < 10'000; ++i) ASSERT_TRUE(stop.keep_going());
  EXPECT_EQ(stop.end(), search_end::complete);
  EXPECT_EQ(stop.coins_done(), 5U);
  EXPECT_EQ(stop.total(), 5U);
}

TEST(SearchStopTest, ProgressIsReportedAtEachCoinAndEveryStridePolls) {
  std::vector<double> reports;
  search_options options;
  options.report_interval = clock_type::duration::zero();
  options.progress = [&](double fraction) {
    reports.push_back(fraction);
    return true;
  };
  search_stop stop(options, 4);
  for (std::uint64_t i = 0; i < 4; ++i) EXPECT_TRUE(stop.next_coin(i));
  EXPECT_EQ(reports, (std::vector<double>{0.0, 0.25, 0.5, 0.75}));
  for (std::uint32_t i = 0; i < 3 * search_stop::stride; ++i) EXPECT_TRUE(stop.keep_going());
  EXPECT_EQ(reports.size(), 7U) << "one report per " << search_stop::stride << " polls";
  EXPECT_EQ(reports.back(), 0.75);
  EXPECT_EQ(stop.end(), search_end::complete);
}

TEST(SearchStopTest, ACancelStopsAtTheCoinItIsAnsweredAt) {
  search_options options;
  options.report_interval = clock_type::duration::zero();
  options.progress = [](double fraction) { return fraction < 0.5; };
  search_stop stop(options, 10);
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_TRUE(stop.next_coin(i));
  EXPECT_FALSE(stop.next_coin(5));
  EXPECT_EQ(stop.end(), search_end::cancelled);
  EXPECT_EQ(stop.coins_done(), 5U) << "coins 0..4 were searched";
  EXPECT_FALSE(stop.keep_going()) << "once stopped, stopped to the end";
  EXPECT_FALSE(stop.next_coin(6));
  stop.visitor_stopped();
  EXPECT_EQ(stop.end(), search_end::cancelled) << "the first reason stays";
}

TEST(SearchStopTest, APastDeadlineStopsTheFirstCheck) {
  search_options options;
  options.deadline = clock_type::now() - std::chrono::hours(1);
  search_stop stop(options, 3);
  EXPECT_FALSE(stop.next_coin(0));
  EXPECT_EQ(stop.end(), search_end::time_limit);
  EXPECT_EQ(stop.coins_done(), 0U);

  // Polled inside a coin: true until the stride-th poll, which reads the clock.
  search_stop inner(options, 3);
  for (std::uint32_t i = 1; i < search_stop::stride; ++i) ASSERT_TRUE(inner.keep_going()) << "poll " << i;
  EXPECT_FALSE(inner.keep_going());
  EXPECT_EQ(inner.end(), search_end::time_limit);
}

TEST(SearchStopTest, AFarDeadlineNeverStopsAndWithinSetsOne) {
  const search_options options = search_options::within(3600);
  ASSERT_TRUE(options.deadline.has_value());
  EXPECT_GT(*options.deadline, clock_type::now() + std::chrono::minutes(59));
  EXPECT_FALSE(search_options::within(0).deadline.has_value());
  EXPECT_FALSE(search_options::within(-1).deadline.has_value());
  search_stop stop(options, 2);
  EXPECT_TRUE(stop.next_coin(0));
  for (std::uint32_t i = 0; i < 4 * search_stop::stride; ++i) ASSERT_TRUE(stop.keep_going());
  EXPECT_TRUE(stop.next_coin(1));
  stop.visitor_stopped();
  EXPECT_EQ(stop.end(), search_end::stopped);
  EXPECT_EQ(stop.coins_done(), 1U) << "the visitor stopped inside coin 1";
}

TEST(SearchStopTest, ScopesNestAndRestore) {
  EXPECT_EQ(detail::current_search(), nullptr);
  EXPECT_TRUE(detail::keep_searching()) << "no search runs";
  search_options past;
  past.deadline = clock_type::now() - std::chrono::hours(1);
  const search_options none;
  search_stop outer(past, 1), inner(none, 1);
  {
    const detail::search_scope a(&outer);
    EXPECT_EQ(detail::current_search(), &outer);
    {
      const detail::search_scope unchanged(nullptr);
      EXPECT_EQ(detail::current_search(), &outer) << "a null stop keeps the outer search's";
      const detail::search_scope b(&inner);
      EXPECT_EQ(detail::current_search(), &inner);
    }
    EXPECT_EQ(detail::current_search(), &outer);
    bool stopped = false;
    for (std::uint32_t i = 0; i < search_stop::stride && !stopped; ++i) stopped = !detail::keep_searching();
    EXPECT_TRUE(stopped) << "the outer search's deadline has passed";
  }
  EXPECT_EQ(detail::current_search(), nullptr);
}

}  // namespace
}  // namespace tartan
