// Periodic continuations (turning/periodic_continuation.hpp), against the definition:
//   - seeded random octal codes the Guy–Smith theorem covers: g by the mex over take-and-break moves
//     (support/octal_definition.hpp) to 3000, every value the game's continuation gives compared; spot checks at n up
//     to 2^64 − 1 against the test's own reading of the definition's period (p and P found in those values, the
//     repeat checked over the range the theorem asks for, here);
//   - Kayles against its published period (Guy and Smith 1956: period 12 from heap 71);
//   - seeded random turning codes of bounded span against the reference's mex (support/turning_code_reference.hpp)
//     far past the proof;
//   - the continuation's arithmetic (a saltus, runs across the prefix and the periods, overflow) on planted sequences;
//   - unproven periods never answer: a plug-in whose values repeat for thousands of coins and then change, codes no
//     proof applies to, and a proof that needs more values than were computed, each compared with the definition or
//     the computing route.
#include "tartan/turning/periodic_continuation.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/octal_definition.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/period.hpp"

namespace tartan {
namespace {

/// The test's own reading of a periodic sequence: the smallest P, with its least p, such that g(n + P) = g(n) for
/// every p <= n < N - P and N >= 2p + 2P + t (the Guy–Smith theorem's range), found by trying each P in turn.
struct own_period {
  std::uint64_t p = 0;
  std::uint64_t period = 0;
  /// g(n) for any n, by the repeat.
  grundy_value at(const std::vector<grundy_value>& g, std::uint64_t n) const {
    return n < g.size() ? g[n] : g[p + (n - p) % period];
  }
};

std::optional<own_period> guy_smith_reading(const std::vector<grundy_value>& g, std::size_t t) {
  const std::size_t n = g.size();
  for (std::size_t period = 1; 2 * period + t <= n; ++period) {
    std::size_t p = n - period;
    while (p > 0 && g[p - 1] == g[p - 1 + period]) --p;
    if (2 * p + 2 * period + t <= n) return own_period{p, period};
  }
  return std::nullopt;
}

/// A random octal code d_1..d_t (t = 1..3, digits 0..7, the last non-zero), as its digits and its text.
std::vector<int> random_octal_digits(std::mt19937& rng) {
  std::uniform_int_distribution<int> length(1, 3), digit(0, 7), nonzero(1, 7);
  std::vector<int> digits(static_cast<std::size_t>(length(rng)));
  for (int& d : digits) d = digit(rng);
  digits.back() = nonzero(rng);
  return digits;
}

std::string octal_text(const std::vector<int>& digits) {
  std::string text = "0.";
  for (const int d : digits) text += static_cast<char>('0' + d);
  return text;
}

/// Huge n to look at: the ends of the 64-bit range and seeded random ones.
std::vector<std::uint64_t> far_points(std::mt19937_64& rng) {
  std::vector<std::uint64_t> points{
      UINT64_MAX, UINT64_MAX - 1, UINT64_MAX - 11, std::uint64_t{1} << 32, (std::uint64_t{1} << 63) + 5,
      99999999,   4000000};
  for (int i = 0; i < 40; ++i) points.push_back(rng());
  return points;
}

TEST(PeriodicContinuationTest, KaylesMatchesItsPublishedPeriod) {
  const turning_game kayles = games::find_game("kayles");
  const std::shared_ptr<const periodic_continuation> c = kayles.continuation(turning_game::proof_probe);
  ASSERT_NE(c, nullptr);
  // Guy and Smith (1956); Winning Ways ch. 4: Kayles has period 12 from heap 71, the last exceptional values at
  // heaps 70 (g = 6) and below.
  EXPECT_EQ(c->period().preperiod, 71U);
  EXPECT_EQ(c->period().period, 12U);
  EXPECT_EQ(c->period().saltus, 0U);
  EXPECT_EQ(c->basis(), "the Guy–Smith periodicity theorem");
  EXPECT_EQ(c->computed(), 256U) << "the proof needs 168 values, found at the first look (256)";
  const std::vector<grundy_value> g = test::octal_by_definition({7, 7}, 3000);
  for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(c->value(n), g[n]) << "n = " << n;
  // The period of the definition's values, read here: g(n) = g(72 + (n - 72) mod 12) for n >= 72 ... as 71.
  std::mt19937_64 rng(168);
  for (const std::uint64_t n : far_points(rng)) {
    EXPECT_EQ(c->value(n), g[71 + (n - 71) % 12]) << "n = " << n;
  }
  EXPECT_EQ(c->method(),
            "g(n) for n >= 256 from the period 12 (preperiod 71) proven by the Guy–Smith periodicity theorem over "
            "g(0..255)");
}

TEST(PeriodicContinuationTest, RandomOctalCodesMatchTheDefinitionFarPastTheProof) {
  std::mt19937 rng(39);
  std::mt19937_64 far(390);
  int proven = 0;
  for (int i = 0; i < 60; ++i) {
    const std::vector<int> digits = random_octal_digits(rng);
    const std::string text = octal_text(digits);
    SCOPED_TRACE(text);
    const std::vector<grundy_value> g = test::octal_by_definition(digits, 3000);
    const std::shared_ptr<const periodic_continuation> c = games::resolve_game(text).row_game().continuation(4096);
    const std::optional<own_period> reading = guy_smith_reading(g, digits.size());
    if (c == nullptr) {
      // No proof in 4096 values: the definition's 3000 values do not prove one either.
      EXPECT_FALSE(reading.has_value()) << "a period the definition proves within 3000 values was not found";
      continue;
    }
    ++proven;
    ASSERT_TRUE(c->period().proven);
    for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(c->value(n), g[n]) << "n = " << n;
    // A run across the prefix and many periods, as a sequence streams it.
    std::vector<grundy_value> run(2500);
    c->values(400, run);
    for (std::size_t j = 0; j < run.size(); ++j) ASSERT_EQ(run[j], g[400 + j]) << "n = " << 400 + j;
    if (!reading) {
      ADD_FAILURE() << "proven at " << c->computed() << " values, but 3000 values of the definition prove no period";
      continue;
    }
    for (const std::uint64_t n : far_points(far)) {
      ASSERT_EQ(c->value(n), reading->at(g, n)) << "n = " << n;
      grundy_value one = 0;
      c->values(n, std::span<grundy_value>(&one, 1));
      ASSERT_EQ(one, c->value(n));
    }
  }
  EXPECT_GE(proven, 30) << "most short octal codes are proven periodic within a few thousand values";
}

TEST(PeriodicContinuationTest, BoundedSpanCodesMatchTheReferenceFarPastTheProof) {
  test::reference_generator generator(2039);
  int proven = 0;
  for (int i = 0; proven < 25 && i < 4000; ++i) {
    const test::generated_code code = generator.next();
    const turning_code parsed = turning_code::parse(code.text);
    if (!bounded_move_span(parsed)) continue;
    SCOPED_TRACE(code.text);
    const std::shared_ptr<const periodic_continuation> c = games::resolve_game(code.text).row_game().continuation(4096);
    if (c == nullptr) continue;
    ++proven;
    EXPECT_EQ(c->period().saltus, 0U);
    const test::reference_values far = test::reference_sequence(test::reference_code::from(parsed), 1500, 50'000'000);
    ASSERT_FALSE(far.stopped);
    for (std::uint64_t n = 0; n < far.g.size(); ++n) ASSERT_EQ(c->value(n), far.g[n]) << "n = " << n;
  }
  EXPECT_GE(proven, 25);
  // The bounded built-ins: Mock Turtle Fives repeats 1 2 4 7 8 from coin 0 (Winning Ways ch. 14).
  const std::shared_ptr<const periodic_continuation> fives =
      games::find_game("mock-turtle-fives").continuation(turning_game::proof_probe);
  ASSERT_NE(fives, nullptr);
  const grundy_value pattern[5] = {1, 2, 4, 7, 8};
  for (const std::uint64_t n : {std::uint64_t{0}, std::uint64_t{12345}, UINT64_MAX}) {
    EXPECT_EQ(fives->value(n), pattern[n % 5]) << "n = " << n;
  }
}

TEST(PeriodicContinuationTest, ArithmeticOfPlantedSequences) {
  std::mt19937_64 rng(12);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t p = rng() % 20, period = 1 + rng() % 15, saltus = rng() % 4 == 0 ? 0 : rng() % 9;
    const std::size_t n = p + period + rng() % 30;
    // g by the relation itself, written out far.
    std::vector<grundy_value> g;
    for (std::size_t k = 0; k < 4000; ++k) g.push_back(k < p + period ? rng() % 50 : g[k - period] + saltus);
    sequence_period planted{p, period, saltus, true, n, (n - p) / period, "planted"};
    const periodic_continuation c(std::vector<grundy_value>(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n)),
                                  planted, "planting");
    for (std::size_t k = 0; k < g.size(); ++k) ASSERT_EQ(c.value(k), g[k]) << "n = " << k;
    for (int j = 0; j < 20; ++j) {
      const std::uint64_t first = rng() % 3000;
      std::vector<grundy_value> run(1 + rng() % 900);
      c.values(first, run);
      for (std::size_t k = 0; k < run.size(); ++k) ASSERT_EQ(run[k], g[first + k]) << "n = " << first + k;
    }
  }
}

TEST(PeriodicContinuationTest, SaltusPastSixtyFourBitsIsRefused) {
  // g(n) = n · 2^60 + 1 from n = 0: g(16) passes 2^64.
  const periodic_continuation c({1}, sequence_period{0, 1, std::uint64_t{1} << 60, true, 1, 1, "planted"}, "planting");
  EXPECT_EQ(c.value(15), 15 * (std::uint64_t{1} << 60) + 1);
  EXPECT_EQ(test::message_of([&] { static_cast<void>(c.value(16)); }),
            "g(16) = g(0) + 16·1152921504606846976 does not fit 64 bits; ask for smaller n");
  std::vector<grundy_value> run(20);
  EXPECT_THROW(c.values(0, run), overflow_error);
  EXPECT_EQ(run[15], c.value(15)) << "the values before the one that does not fit are written";
}

/// A plug-in without a code: from coin n, turn n alone or with one of n - 1 and n - 2 (span 3: period 3 of 1 2 3... as
/// computed here), and from coin `change` on also with coin n - 4; no proof applies to a rule without a code.
struct changing_rule {
  coin change = 0;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    if (!visit(std::span<const coin>())) return false;
    for (const coin back : {coin{1}, coin{2}, coin{4}}) {
      if (back > n || (back == 4 && n < change)) continue;
      const coin other = n - back;
      if (!visit(std::span<const coin>(&other, 1))) return false;
    }
    return true;
  }
};

/// The plug-in's values by the mex, written out here.
std::vector<grundy_value> changing_values(coin change, std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<bool> seen(8, false);
    seen[0] = true;  // n alone: the empty set
    for (const std::size_t back : {1, 2, 4}) {
      if (back <= n && (back != 4 || n >= change)) seen[g[n - back]] = true;
    }
    grundy_value m = 0;
    while (seen[m]) ++m;
    g.push_back(m);
  }
  return g;
}

TEST(PeriodicContinuationTest, UnprovenPeriodsNeverAnswer) {
  // The values repeat with period 3 for 5000 coins, an observed period over 1666 periods, then change.
  const coin change = 5000;
  const turning_game game("changing", "", changing_rule{change});
  const std::vector<grundy_value> expected = changing_values(change, 9000);
  const std::optional<sequence_period> seen = find_period(std::span<const grundy_value>(expected).first(change), game);
  ASSERT_TRUE(seen.has_value());
  EXPECT_FALSE(seen->proven) << "the repeat is observed, not proven";
  EXPECT_EQ(game.sequence(9000), expected);
  EXPECT_EQ(game.continuation(turning_game::proof_probe), nullptr);
  sequence_request request{game_handle(game)};
  request.count = 9000;
  request.keep_values = false;
  std::vector<grundy_value> streamed;
  request.on_values = [&](std::span<const grundy_value> v) { streamed.insert(streamed.end(), v.begin(), v.end()); };
  const sequence_result result = compute_sequence(request);
  EXPECT_EQ(result.continuation, nullptr);
  EXPECT_EQ(streamed, expected);
  // Past the coins a row has, only a proven period answers: refused here.
  request.first = std::uint64_t{1} << 40;
  request.count = 10;
  EXPECT_THROW(compute_sequence(request), limit_error);

  // Codes no proof applies to: '!' and d_0 (outside the Guy–Smith theorem), unbounded turning codes.
  for (const char* text : {"4.07", "0.7!7", "4!.0", "1-3", "ruler", "0.F7"}) {
    SCOPED_TRACE(text);
    const turning_game rule = games::resolve_game(text).row_game();
    const std::vector<grundy_value> routed = rule.sequence(1000, sequence_method::option_values);
    EXPECT_EQ(rule.sequence(1000), routed);
    EXPECT_EQ(rule.known_continuation(), nullptr);
  }
}

TEST(PeriodicContinuationTest, AProofNeedsTheValuesTheTheoremAsks) {
  // 0.45: period 20 from heap 498 (Flammenkamp's table), proven only from 2·498 + 2·20 + 2 = 1038 values on.
  const turning_game game = games::resolve_game("0.45").row_game();
  EXPECT_EQ(game.continuation(1024), nullptr) << "1024 values do not prove the period";
  const std::shared_ptr<const periodic_continuation> c = game.continuation(2048);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->period().preperiod, 498U);
  EXPECT_EQ(c->period().period, 20U);
  EXPECT_EQ(c->computed(), 2048U);
  const std::vector<grundy_value> g = test::octal_by_definition({4, 5}, 4000);
  for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(c->value(n), g[n]) << "n = " << n;
}

TEST(PeriodicContinuationTest, StreamingStopsAtTheTimeLimitOrACancel) {
  // 2^64 − 1 values: no machine writes them within a second, so the time limit always stops the stream, from the pace
  // it measures, with the values sent so far correct and counted; a cancel stops it at the next report.
  ASSERT_NE(games::find_game("kayles").continuation(turning_game::proof_probe), nullptr);  // the proof paid first
  sequence_request request{games::resolve_game("kayles")};
  request.count = UINT64_MAX;
  request.keep_values = false;
  request.max_seconds = 1;
  std::uint64_t sent = 0;
  bool correct = true;
  const std::vector<grundy_value> g = test::octal_by_definition({7, 7}, 300);
  request.on_values = [&](std::span<const grundy_value> values) {
    for (const grundy_value v : values) {
      correct = correct && v == g[sent < g.size() ? sent : 71 + (sent - 71) % 12];
      ++sent;
    }
  };
  const sequence_result timed = compute_sequence(request);
  EXPECT_FALSE(timed.complete);
  ASSERT_TRUE(timed.time_limit.has_value());
  EXPECT_NE(std::string(timed.time_limit->what()).find("g(0..18446744073709551614) of kayles would take about"),
            std::string::npos)
      << timed.time_limit->what();
  EXPECT_GT(sent, 0U);
  EXPECT_TRUE(correct);
  request.max_seconds = 0;
  sent = 0;
  request.progress = [](double) { return false; };
  const sequence_result cancelled = compute_sequence(request);
  EXPECT_FALSE(cancelled.complete);
  EXPECT_FALSE(cancelled.time_limit.has_value());
  EXPECT_EQ(sent, 4096U) << "one chunk, then the report that cancels";
}

TEST(PeriodicContinuationTest, TheCacheAndEveryRouteShareOneProof) {
  const turning_game kayles = games::resolve_game("0.77").row_game();
  const turning_game copy = kayles.named("copy");
  const std::vector<grundy_value> g = test::octal_by_definition({7, 7}, 2000);
  // Below the first look, nothing is proven yet; past it, the proof is kept for every copy of the handle.
  EXPECT_EQ(kayles.sequence(200), std::vector<grundy_value>(g.begin(), g.begin() + 200));
  if (kayles.known_continuation() == nullptr) {
    EXPECT_EQ(copy.sequence(2000), g);
    ASSERT_NE(kayles.known_continuation(), nullptr);
  }
  EXPECT_EQ(kayles.known_continuation(), copy.known_continuation());
  // A million values from the period, all the definition's (read through its period 12 from 71).
  const std::vector<grundy_value> million = kayles.sequence(1000000);
  for (std::size_t n = 0; n < million.size(); n += 997) ASSERT_EQ(million[n], g[n < 2000 ? n : 71 + (n - 71) % 12]);
  // A forced route computes every value.
  EXPECT_EQ(kayles.sequence(3000, sequence_method::solver),
            std::vector<grundy_value>(million.begin(), million.begin() + 3000));
}

}  // namespace
}  // namespace tartan
