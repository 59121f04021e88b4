// Periods of Grundy sequences (turning/period.hpp), against the definition:
//   - the span a proof relies on is checked against the reference's moves (every move inside the span, the same
//     moves from every coin past the edge);
//   - every proven period holds on values computed by the mex definition far past the values it was found from;
//   - no rule of unbounded span is ever reported as proven;
//   - the period search against a brute-force search over all (p, P) on random sequences with planted patterns.
#include "tartan/turning/period.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/turning_code_reference.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

using test::reference_code;
using test::reference_generator;

/// The moves of `code` from coin n, as sets of offsets n - c of the turned coins.
std::set<std::vector<coin>> offsets_of_moves(const reference_code& code, coin n) {
  std::set<std::vector<coin>> moves;
  test::reference_budget budget;
  code.for_each_move(
      n,
      [&](std::span<const coin> others) {
        std::vector<coin> offsets;
        for (const coin c : others) offsets.push_back(n - c);
        std::sort(offsets.begin(), offsets.end());
        moves.insert(offsets);
        return true;
      },
      budget);
  return moves;
}

/// The premise of the proof, from the definition: every move from n lies within `span` coins ending at n, and
/// from coin span - 1 on, every coin has the same moves shifted.
void expect_span_premise(const std::string& text, coin span) {
  SCOPED_TRACE("code " + text + ", span " + std::to_string(span));
  const reference_code code = reference_code::from(turning_code::parse(text));
  const std::set<std::vector<coin>> far = offsets_of_moves(code, span - 1);
  for (coin n = 0; n < 3 * span + 8; ++n) {
    const std::set<std::vector<coin>> moves = offsets_of_moves(code, n);
    for (const std::vector<coin>& m : moves) {
      if (!m.empty()) {
        EXPECT_LT(m.back(), span) << "a move from coin " << n << " reaches outside the span";
      }
    }
    if (n >= span - 1) {
      EXPECT_EQ(moves, far) << "coin " << n << " has other moves than coin " << span - 1;
    }
  }
}

/// g(0..n-1) by the mex definition over the reference's moves.
std::vector<grundy_value> definition_values(const std::string& text, coin n) {
  const test::reference_values values = test::reference_sequence(reference_code::from(turning_code::parse(text)), n);
  EXPECT_FALSE(values.stopped);
  return values.g;
}

/// Random codes of bounded span: runs kC and a-bC, lists of run lengths, spans C(w) over any count (with or without
/// E or S), and the single coin `1`; one to three alternatives.
std::string random_bounded_code(std::mt19937& rng) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::string text;
  const int alternatives = pick(1, 3);
  for (int i = 0; i < alternatives; ++i) {
    if (i > 0) text += ",";
    switch (pick(0, 4)) {
      case 0:
        text += std::to_string(pick(1, 7)) + "C";
        break;
      case 1: {
        const int lo = pick(1, 5);
        text += std::to_string(lo) + "-" + std::to_string(lo + pick(1, 3)) + "C";
        break;
      }
      case 2:
        text += "[" + std::to_string(pick(1, 3)) + "," + std::to_string(pick(4, 6)) + "]C";
        break;
      case 3: {
        const int w = pick(2, 7);
        const int lo = pick(1, w);
        const char* shapes[] = {"", "E", "S"};
        text += std::to_string(lo) + (pick(0, 1) == 0 ? "+" : "-" + std::to_string(pick(lo, w))) + shapes[pick(0, 2)] +
                "C(" + std::to_string(w) + ")";
        break;
      }
      default:
        text += "1";
    }
  }
  return text;
}

/// Checks a proven period of `text` against the definition far past the values it was found from.
void expect_proven_period_holds(const std::string& text, std::size_t found_from, std::size_t checked_to, int& proven) {
  SCOPED_TRACE("code " + text);
  const game_handle game = games::resolve_game(text);
  const std::vector<grundy_value> g = game.row_game().sequence(found_from);
  const std::optional<sequence_period> period = find_period(g, game.row_game());
  ASSERT_TRUE(period.has_value()) << "a rule of bounded span has bounded values, so a period exists";
  if (!period->proven) {
    GTEST_SKIP() << text << ": the period needs more than " << found_from << " values to be proven";
  }
  EXPECT_EQ(period->saltus, 0U);
  ++proven;
  const std::vector<grundy_value> far = definition_values(text, static_cast<coin>(checked_to));
  for (std::size_t n = period->preperiod; n + period->period < far.size(); ++n) {
    ASSERT_EQ(far[n + period->period], far[n])
        << "g(" << n + period->period << ") != g(" << n << "): the proven period " << period->period << " from "
        << period->preperiod << " fails";
  }
}

TEST(PeriodTest, SpanOfCodesMatchesTheirMoves) {
  for (const char* text : {"1", "2C", "1-5C", "1-3C(5)", "[1,4]C", "1+C(4)", "2-3SC(6)", "3EC(7)", "1C,2-4C(6)"}) {
    const std::optional<coin> span = bounded_move_span(turning_code::parse(text));
    ASSERT_TRUE(span.has_value()) << text;
    expect_span_premise(text, *span);
  }
  EXPECT_EQ(bounded_move_span(turning_code::parse("1-3C(5)")), 5U);
  EXPECT_EQ(bounded_move_span(turning_code::parse("[1,4]C,2C")), 4U);
  for (const char* text : {"1-3", "1+C", "2", "3E", "4FS", "1+S", "1FC(3)", "1-3C(5),2"}) {
    EXPECT_FALSE(bounded_move_span(turning_code::parse(text)).has_value()) << text;
  }
  std::mt19937 rng(2026);
  for (int i = 0; i < 200; ++i) {
    const std::string text = random_bounded_code(rng);
    const std::optional<coin> span = bounded_move_span(turning_code::parse(text));
    ASSERT_TRUE(span.has_value()) << text;
    expect_span_premise(text, *span);
  }
}

TEST(PeriodTest, ProvenPeriodsOfBoundedBuiltInsHoldFarBeyond) {
  int proven = 0;
  for (const games::game_info& info : games::builtin_games()) {
    const game_handle game = games::resolve_game(info.name);
    if (!bounded_move_span(game.row_game())) continue;
    expect_proven_period_holds(std::string(info.code), 200, 5000, proven);
  }
  EXPECT_EQ(proven, 2);
  // Mock Turtle Fives and Ruler Fives are the bounded built-ins (Winning Ways ch. 14).
  EXPECT_TRUE(bounded_move_span(games::resolve_game("mock-turtle-fives").row_game()).has_value());
  EXPECT_TRUE(bounded_move_span(games::resolve_game("ruler-fives").row_game()).has_value());
}

TEST(PeriodTest, ProvenPeriodsOfRandomBoundedCodesHoldFarBeyond) {
  std::mt19937 rng(7);
  int proven = 0;
  for (int i = 0; i < 60; ++i) {
    const std::string text = random_bounded_code(rng);
    SCOPED_TRACE(text);
    const game_handle game = games::resolve_game(text);
    const std::vector<grundy_value> g = game.row_game().sequence(400);
    const std::optional<sequence_period> period = find_period(g, game.row_game());
    ASSERT_TRUE(period.has_value());
    if (!period->proven) continue;
    ++proven;
    const std::vector<grundy_value> far = definition_values(text, 3000);
    for (std::size_t n = period->preperiod; n + period->period < far.size(); ++n) {
      ASSERT_EQ(far[n + period->period], far[n]) << "the proven period fails at n = " << n;
    }
  }
  EXPECT_GE(proven, 50) << "most random bounded codes settle within 400 values";
}

TEST(PeriodTest, NoUnboundedRuleIsEverProven) {
  for (const games::game_info& info : games::builtin_games()) {
    const game_handle game = games::resolve_game(info.name);
    if (bounded_move_span(game.row_game())) continue;
    SCOPED_TRACE(std::string(info.name));
    const std::vector<grundy_value> g = game.row_game().sequence(60);
    const std::optional<sequence_period> period = find_period(g, game.row_game());
    if (period) {
      EXPECT_FALSE(period->proven);
    }
  }
  // Random codes over the whole language: a proof only where the reference confirms the span's premise.
  reference_generator generator(99);
  for (int i = 0; i < 300; ++i) {
    const test::generated_code code = generator.next();
    const turning_code parsed = turning_code::parse(code.text);
    const std::optional<coin> span = bounded_move_span(parsed);
    if (span) {
      expect_span_premise(code.text, *span);
      continue;
    }
    const test::reference_values values = test::reference_sequence(reference_code::from(parsed), 120, 2'000'000);
    const std::optional<sequence_period> period = find_period(values.g, std::nullopt, code.text);
    if (period) {
      EXPECT_FALSE(period->proven) << code.text;
    }
  }
  // A plain periodic sequence with no rule behind it is at most observed.
  const std::vector<grundy_value> alternating{1, 2, 1, 2, 1, 2, 1, 2, 1, 2};
  const std::optional<sequence_period> seen = find_period(alternating, std::nullopt, "");
  ASSERT_TRUE(seen.has_value());
  EXPECT_FALSE(seen->proven);
  EXPECT_EQ(seen->period, 2U);
}

/// Brute force: does g(n + P) = g(n) + s hold for n in [p, N - P)?
bool holds(const std::vector<grundy_value>& g, std::size_t p, std::size_t period, grundy_value saltus) {
  for (std::size_t n = p; n + period < g.size(); ++n) {
    if (g[n + period] < g[n] || g[n + period] - g[n] != saltus) return false;
  }
  return true;
}

TEST(PeriodTest, SearchMatchesBruteForceOnPlantedPatterns) {
  std::mt19937 rng(31);
  const auto pick = [&](std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  };
  int found_count = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    // A random prefix, then a block repeated with a saltus (often 0), sometimes broken near the end.
    const std::size_t pre = pick(0, 8), block = pick(1, 6), n = pick(1, 60);
    const grundy_value saltus = pick(0, 2) == 0 ? pick(0, 3) : 0;
    std::vector<grundy_value> g;
    std::vector<grundy_value> shape(block);
    for (auto& v : shape) v = pick(0, 3);
    for (std::size_t i = 0; i < n; ++i) {
      g.push_back(i < pre ? pick(0, 5) : shape[(i - pre) % block] + saltus * ((i - pre) / block));
    }
    if (pick(0, 4) == 0 && !g.empty()) g[pick(0, g.size() - 1)] += 1;
    const std::optional<coin> span =
        pick(0, 1) == 0 ? std::optional<coin>(static_cast<coin>(pick(1, 5))) : std::nullopt;
    SCOPED_TRACE("trial " + std::to_string(trial));
    const std::optional<sequence_period> found = find_period(g, span, "");
    found_count += found.has_value() ? 1 : 0;

    // The brute force's answer: the least proven P (span given, saltus 0, N - P - p >= span - 1 for the least p),
    // else the least P with saltus g(N-1) - g(N-1-P) seen over four full periods (N - p >= 4P) and at least half of
    // the values (2 (N - p) >= N).
    const std::size_t size = g.size();
    std::optional<sequence_period> expected;
    const auto least_p = [&](std::size_t period, grundy_value s) {
      std::size_t p = 0;
      while (!holds(g, p, period, s)) ++p;
      return p;
    };
    if (span) {
      for (std::size_t period = 1; period < size && !expected; ++period) {
        const std::size_t p = least_p(period, 0);
        if (size >= period + p + (*span - 1)) expected = sequence_period{p, period, 0, true, size, 0, ""};
      }
    }
    for (std::size_t period = 1; 4 * period <= size && !expected; ++period) {
      if (g[size - 1] < g[size - 1 - period]) continue;
      const grundy_value s = g[size - 1] - g[size - 1 - period];
      const std::size_t p = least_p(period, s);
      if (size - p >= 4 * period && 2 * (size - p) >= size) {
        expected = sequence_period{p, period, s, false, size, 0, ""};
      }
    }
    ASSERT_EQ(found.has_value(), expected.has_value());
    if (!found) continue;
    EXPECT_EQ(found->preperiod, expected->preperiod);
    EXPECT_EQ(found->period, expected->period);
    EXPECT_EQ(found->saltus, expected->saltus);
    EXPECT_EQ(found->proven, expected->proven);
    EXPECT_EQ(found->observed, size);
    EXPECT_EQ(found->full_periods, (size - expected->preperiod) / expected->period);
    EXPECT_FALSE(found->why.empty());
  }
  EXPECT_GE(found_count, 900) << "most planted patterns are found";
}

/// `count` values drawn from a range so wide that no two are equal by chance in these tests.
std::vector<grundy_value> random_values(std::mt19937_64& rng, std::size_t count) {
  std::vector<grundy_value> g(count);
  for (grundy_value& v : g) v = rng() >> 4;
  return g;
}

TEST(PeriodTest, ABriefRepeatAtTheEndIsNotReported) {
  // Random values, then a block repeated at the end: too few periods (fewer than 4), or enough periods that cover
  // less than half of the values. Neither is evidence of a rule for every n.
  std::mt19937_64 rng(2024);
  const auto pick = [&](std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  };
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t period = pick(1, 8);
    const bool few_periods = trial % 2 == 0;
    const std::size_t repeats = few_periods ? pick(2, 3) : pick(4, 6);
    const std::size_t tail = repeats * period + pick(0, period - 1);
    // Few periods: any prefix; many: a prefix longer than the tail, so the tail is less than half the values.
    const std::size_t prefix = few_periods ? pick(1, 40) : tail + 1 + pick(0, 40);
    std::vector<grundy_value> g = random_values(rng, prefix);
    const std::vector<grundy_value> block = random_values(rng, period);
    const grundy_value saltus = pick(0, 1) == 0 ? 0 : pick(1, 5);
    for (std::size_t i = 0; i < tail; ++i) g.push_back(block[i % period] + saltus * (i / period));
    SCOPED_TRACE("trial " + std::to_string(trial) + ": " + std::to_string(prefix) + " random values, then " +
                 std::to_string(tail) + " of period " + std::to_string(period));
    EXPECT_FALSE(find_period(g, std::nullopt, "").has_value());
  }
  // Grunt (4FS) by the mex definition: g(95..124) repeats with period 3 (8 periods within g(0..119)) and then breaks,
  // so 120 values show no period; 300 values none either.
  const std::vector<grundy_value> grunt = definition_values("4FS", 300);
  for (std::size_t n = 95; n + 3 <= 124; ++n) ASSERT_EQ(grunt[n + 3], grunt[n]) << n;
  ASSERT_NE(grunt[125], grunt[122]);
  for (const std::size_t n : {120, 300}) {
    const std::span<const grundy_value> first(grunt.data(), n);
    EXPECT_FALSE(find_period(first, std::nullopt, "4FS").has_value()) << n << " values";
  }
}

TEST(PeriodTest, TrulyPeriodicSequencesAreReportedWithTheirEvidence) {
  // The ruler function capped at 2^k repeats 1 2 1 4 ... 2^k with period 2^k from coin 0.
  for (std::size_t k = 0; k <= 4; ++k) {
    std::vector<grundy_value> g;
    for (std::uint64_t n = 0; n < 100; ++n) g.push_back(std::min<std::uint64_t>((n + 1) & ~n, std::uint64_t{1} << k));
    const std::optional<sequence_period> found = find_period(g, std::nullopt, "");
    ASSERT_TRUE(found.has_value()) << k;
    EXPECT_EQ(found->preperiod, 0U);
    EXPECT_EQ(found->period, std::size_t{1} << k);
    EXPECT_EQ(found->saltus, 0U);
    EXPECT_FALSE(found->proven);
    EXPECT_EQ(found->full_periods, 100 >> k);
    EXPECT_EQ(found->why, "observed only in g(0..99), 100 of the 100 values, " + std::to_string(100 >> k) +
                              " full periods: the moves of the rule are not confined to a bounded span, so no "
                              "window of values fixes the rest");
  }
  // A random preperiod, then a random block repeated (with a saltus or not) over at least 4 periods and half of
  // the values: found, with that preperiod and period.
  std::mt19937_64 rng(77);
  const auto pick = [&](std::size_t lo, std::size_t hi) {
    return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
  };
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t period = pick(1, 10), repeats = pick(4, 12);
    const std::size_t tail = repeats * period + pick(0, period - 1);
    const std::size_t pre = pick(0, tail);
    std::vector<grundy_value> g = random_values(rng, pre);
    const std::vector<grundy_value> block = random_values(rng, period);
    const grundy_value saltus = pick(0, 1) == 0 ? 0 : pick(1, 5);
    for (std::size_t i = 0; i < tail; ++i) g.push_back(block[i % period] + saltus * (i / period));
    SCOPED_TRACE("trial " + std::to_string(trial));
    const std::optional<sequence_period> found = find_period(g, std::nullopt, "");
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->preperiod, pre);
    EXPECT_EQ(found->period, period);
    EXPECT_EQ(found->saltus, saltus);
    EXPECT_EQ(found->full_periods, tail / period);
    EXPECT_NE(found->why.find(std::to_string(tail) + " of the " + std::to_string(g.size()) + " values, " +
                              std::to_string(tail / period) + " full periods"),
              std::string::npos)
        << found->why;
  }
}

}  // namespace
}  // namespace tartan
