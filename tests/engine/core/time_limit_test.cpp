// Tests of tartan::pace_guard and format_seconds: the guard is driven by a clock of the test's, so the work's pace is
// a formula (linear, quadratic, cubic, a sudden slowdown) and the projection can be checked against it exactly, with
// no dependence on the machine's speed. Then the guard on real sequences: a refusal comes early, and a guard with no
// limit never interrupts.
#include "tartan/core/time_limit.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

// Work of `total` items whose first n take cost(n) seconds of the fake clock; returns the refusal, if any, and the
// number of items done when it came.
struct run_outcome {
  std::optional<time_limit_error> refusal;
  std::uint64_t done = 0;
  int clock_reads = 0;
};

run_outcome run_work(std::uint64_t total, double max_seconds, const std::function<double(double)>& cost) {
  run_outcome r;
  double now = 0;
  pace_guard guard(total, max_seconds, "the work", [&] {
    ++r.clock_reads;
    return now;
  });
  try {
    for (std::uint64_t n = 1; n <= total; ++n) {
      now = cost(static_cast<double>(n));
      r.done = n;
      guard(n);
    }
  } catch (const time_limit_error& e) {
    r.refusal = e;
  }
  return r;
}

TEST(TimeLimitTest, QuadraticWorkIsRefusedEarlyWithTheRightProjection) {
  // t(n) = n^2 / 10^10 s: 10^7 items take 10^4 s; 60 s fit sqrt(60 · 10^10) ≈ 774 596 items.
  const auto cost = [](double n) { return n * n / 1e10; };
  const run_outcome r = run_work(10'000'000, 60, cost);
  ASSERT_TRUE(r.refusal.has_value());
  EXPECT_LT(cost(static_cast<double>(r.done)), 2 * pace_guard::min_measured_seconds);  // refused within ~1 s of work
  EXPECT_NEAR(r.refusal->estimate_seconds(), 1e4, 1e4 * 0.05);
  EXPECT_NEAR(static_cast<double>(r.refusal->fits()), std::sqrt(60 * 1e10), 774'596 * 0.05);
  EXPECT_EQ(r.refusal->limit_seconds(), 60);
  EXPECT_THAT(r.refusal->what(), HasSubstr("the work would take about 2.8 h at the pace measured ("));
  EXPECT_THAT(r.refusal->what(), HasSubstr("over the time limit of 60 s; ask for at most about 77"));
}

TEST(TimeLimitTest, LinearAndCubicPacesAreFittedToo) {
  // Linear: 10^9 items at 1 µs each take 1000 s; 60 s fit 6 · 10^7.
  const run_outcome linear = run_work(1'000'000'000, 60, [](double n) { return n * 1e-6; });
  ASSERT_TRUE(linear.refusal.has_value());
  EXPECT_NEAR(linear.refusal->estimate_seconds(), 1000, 50);
  EXPECT_NEAR(static_cast<double>(linear.refusal->fits()), 6e7, 6e7 * 0.05);
  // Cubic: t(n) = n^3 / 10^12: 10^5 items take 10^3 s; 60 s fit (6 · 10^13)^(1/3) ≈ 39 149.
  const run_outcome cubic = run_work(100'000, 60, [](double n) { return n * n * n / 1e12; });
  ASSERT_TRUE(cubic.refusal.has_value());
  EXPECT_NEAR(cubic.refusal->estimate_seconds(), 1000, 50);
  EXPECT_NEAR(static_cast<double>(cubic.refusal->fits()), 39'149, 39'149 * 0.05);
}

TEST(TimeLimitTest, WorkThatFitsIsNeverInterrupted) {
  // 10^7 items, quadratic, 50 s in all: under the limit of 60 s at every projection.
  const run_outcome r = run_work(10'000'000, 60, [](double n) { return 50 * (n / 1e7) * (n / 1e7); });
  EXPECT_FALSE(r.refusal.has_value());
  EXPECT_EQ(r.done, 10'000'000u);
}

TEST(TimeLimitTest, ASuddenSlowdownStopsAtTheLimit) {
  // Linear and quick (0.1 s for everything projected), then a wall at item 5000: 100 s per item from there on. The
  // guard reads the clock every stride items (about a millisecond of the pace before the wall), so it stops within
  // one stride of the wall, at the first reading past the limit.
  const run_outcome r = run_work(10'000, 60, [](double n) { return n <= 5000 ? n * 1e-5 : 0.05 + (n - 5000) * 100; });
  ASSERT_TRUE(r.refusal.has_value());
  EXPECT_GT(r.done, 5000u);
  EXPECT_LE(r.done, 5000u + 256);
  EXPECT_GT(r.refusal->estimate_seconds(), 60);
}

TEST(TimeLimitTest, NoLimitNeverReadsTheClock) {
  const run_outcome r = run_work(1'000'000, 0, [](double n) { return n; });  // a second an item
  EXPECT_FALSE(r.refusal.has_value());
  EXPECT_EQ(r.clock_reads, 0);
}

TEST(TimeLimitTest, TheClockIsReadSparinglyWhenItemsAreQuick) {
  // 10^7 items at 1 ns each: readings spaced about a millisecond apart, so a few tens of them, not 10^7.
  const run_outcome r = run_work(10'000'000, 60, [](double n) { return n * 1e-9; });
  EXPECT_FALSE(r.refusal.has_value());
  EXPECT_LT(r.clock_reads, 1000);
}

TEST(TimeLimitTest, FormatSecondsPicksAReadableUnit) {
  EXPECT_EQ(format_seconds(0.000001), "1 µs");  // a limit typed that small is named, not "0 ms"
  EXPECT_EQ(format_seconds(0.000000005), "5 ns");
  EXPECT_EQ(format_seconds(0.25), "250 ms");
  EXPECT_EQ(format_seconds(42), "42 s");
  EXPECT_EQ(format_seconds(150), "2.5 min");
  EXPECT_EQ(format_seconds(3 * 3600), "3.0 h");
  EXPECT_EQ(format_seconds(5 * 86400), "5.0 days");
  EXPECT_EQ(format_seconds(1e20), "more than 30000 years");
}

// A bound keeps its side when written: the text of a lower bound, read back in its unit, is at most the bound, and
// that of an upper bound at least; each is within one last digit of it. Seeded durations from 1 ms to 40 days.
TEST(TimeLimitTest, BoundsAreRoundedTowardsTheirSide) {
  EXPECT_EQ(format_seconds(6.74, rounding::down), "6 s");
  EXPECT_EQ(format_seconds(6.74, rounding::up), "7 s");
  EXPECT_EQ(format_seconds(6.0, rounding::down), "6 s");
  EXPECT_EQ(format_seconds(6.0, rounding::up), "6 s");
  EXPECT_EQ(format_seconds(404, rounding::up), "6.8 min");
  EXPECT_EQ(format_seconds(404, rounding::down), "6.7 min");
  EXPECT_EQ(format_seconds_apart(6.74, 5, rounding::down), std::make_pair(std::string("6 s"), std::string("5 s")));
  EXPECT_EQ(format_seconds_apart(5.38, 5, rounding::down), std::make_pair(std::string("5.3 s"), std::string("5.0 s")));
  const auto seconds_in = [](const std::string& text) {
    const double number = std::stod(text);
    const std::string unit = text.substr(text.find(' ') + 1);
    return unit == "ms"    ? number / 1000
           : unit == "s"   ? number
           : unit == "min" ? number * 60
           : unit == "h"   ? number * 3600
                           : number * 86400;
  };
  std::mt19937_64 random(20261128);
  std::uniform_real_distribution<double> exponent(-3, std::log10(40.0 * 86400));
  for (int i = 0; i < 2000; ++i) {
    const double s = std::pow(10.0, exponent(random));
    const std::string low = format_seconds(s, rounding::down), high = format_seconds(s, rounding::up);
    const double last_digit = low.find('.') == std::string::npos ? seconds_in("1 " + low.substr(low.find(' ') + 1))
                                                                 : seconds_in("0.1 " + low.substr(low.find(' ') + 1));
    EXPECT_LE(seconds_in(low), s * (1 + 1e-9)) << s << " written " << low;
    EXPECT_GT(seconds_in(low), s - last_digit * (1 + 1e-9)) << s << " written " << low;
    EXPECT_GE(seconds_in(high), s * (1 - 1e-9)) << s << " written " << high;
  }
}

TEST(TimeLimitTest, AnEstimateAndItsLimitAreWrittenSoTheyDiffer) {
  EXPECT_EQ(format_seconds_apart(2.4, 2), std::make_pair(std::string("2.4 s"), std::string("2.0 s")));
  EXPECT_EQ(format_seconds_apart(3, 2), std::make_pair(std::string("3 s"), std::string("2 s")));
  EXPECT_EQ(format_seconds_apart(2.04, 2), std::make_pair(std::string("2.04 s"), std::string("2.00 s")));
  EXPECT_EQ(format_seconds_apart(0.2504, 0.25), std::make_pair(std::string("250.4 ms"), std::string("250.0 ms")));
  EXPECT_EQ(format_seconds_apart(2.00001, 2), std::make_pair(std::string("just over 2 s"), std::string("2 s")));
  // Linear work of 2.4 s under a limit of 2 s: the refusal says 2.4 s, not "about 2 s, over the limit of 2 s".
  const run_outcome r = run_work(2'400'000, 2, [](double n) { return n * 1e-6; });
  ASSERT_TRUE(r.refusal.has_value());
  EXPECT_THAT(r.refusal->what(), HasSubstr("the work would take about 2.4 s at the pace measured ("));
  EXPECT_THAT(r.refusal->what(), HasSubstr(" values), over the time limit of 2.0 s; "));
}

TEST(TimeLimitTest, ASequenceOverItsLimitIsRefusedAndKeepsWhatItComputed) {
  // 3 (Triplets as a turning code, bitset layers: about n^2 in all) to 10^7 coins takes most of an hour.
  const turning_game game("3", "3", turning_code::parse("3"));
  try {
    static_cast<void>(game.sequence(10'000'000, 5.0));
    FAIL() << "10^7 values of 3 were computed within 5 s";
  } catch (const time_limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("g(0..9999999) of 3 would take about"));
    EXPECT_GT(e.estimate_seconds(), 5);
    EXPECT_GT(e.fits(), 1000u);
    EXPECT_LT(e.fits(), 10'000'000u);
  }
  // The values computed before the refusal stay in the cache and are right: from coin 2 on, the odious numbers
  // shifted by two coins (Winning Ways: Triplets plays like Mock Turtles on the coins after the first two, which
  // cannot move).
  const auto g = game.sequence(1000);
  EXPECT_EQ(g[0], 0u);
  EXPECT_EQ(g[1], 0u);
  for (std::uint64_t n = 2; n < g.size(); ++n) {
    const std::uint64_t m = n - 2;
    const std::uint64_t odious = 2 * m + (std::popcount(m) % 2 == 0 ? 1 : 0);
    ASSERT_EQ(g[n], odious) << "coin " << n;
  }
}

}  // namespace
}  // namespace tartan
