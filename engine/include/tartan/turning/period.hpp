// Periods of Grundy sequences, observed or proven.
//
// A sequence is ultimately arithmetic-periodic with preperiod p, period P and saltus s when
// g(n + P) = g(n) + s for every n >= p (s = 0: ultimately periodic). find_period looks for one in a computed range
// g(0..N-1), and says whether it is proven for every n, not only the range.
//
// The proof (Winning Ways ch. 4's argument for octal games, applied to coin turning): when every move of a rule lies
// within w adjacent coins and the rule looks the same from every coin far enough from the left edge (a turning
// code whose alternatives are all C runs of bounded length, C(w) spans or single coins, without F), g(n) for
// n >= w - 1 is a function of the w - 1 values before it. If g(i) = g(i + P) for the w - 1 consecutive coins
// i = p..p+w-2, induction gives g(n + P) = g(n) for every n >= p. Such rules have bounded values, so their saltus is
// 0. A rule whose moves reach arbitrarily far (Mock Turtles `1-3`, Ruler `1+C`) is never reported as proven: the
// pattern is an observation up to N, and reported only on strong evidence (min_observed_periods full periods that
// cover at least half of the values), since a short repeat at the end of a range says little about the next values.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan {

/// An unproven period is reported only when its repeat g(p..N-1) holds at least this many full periods and at least
/// half of the values g(0..N-1).
inline constexpr std::size_t min_observed_periods = 4;

struct sequence_period {
  std::size_t preperiod = 0;     // p: the relation holds for every n >= p
  std::size_t period = 0;        // P >= 1
  grundy_value saltus = 0;       // s: g(n + P) = g(n) + s
  bool proven = false;           // true: for every n >= p; false: observed for p <= n < observed - P
  std::size_t observed = 0;      // N: the values examined were g(0..N-1)
  std::size_t full_periods = 0;  // (N - p) / P: whole periods in g(p..N-1), where the relation holds
  std::string why;               // one sentence: the proof, or what was observed and what a proof would need
};

/**
 * The width of the widest move of `code` when every alternative is bounded and the same from every coin: C runs of
 * at most k coins (`kC`, `a-bC`, lists), C(w) spans, or a single coin (`1`); nullopt when any alternative can reach
 * arbitrarily far (`1-3`, `1+C`, `3E`, `4FS`) or involves coin 0 (F), which breaks translation invariance.
 *
 * Example: bounded_move_span(turning_code::parse("1-3C(5)")) == 5; bounded_move_span(turning_code::parse("1-3"))
 * == nullopt
 */
std::optional<coin> bounded_move_span(const turning_code& code);

/// The same for a game: the span of its turning code, or nullopt when its code is empty or unbounded. A plug-in
/// that declares a code vouches that the code is its rule (built-in families and parsed codes are their codes).
std::optional<coin> bounded_move_span(const turning_game& game);

/**
 * Looks for a period of g = g(0..N-1).
 * With `span` (the rule's bounded_move_span, `code` naming it in the explanation): the smallest period P whose
 * repeat is proven, that is g(i) = g(i + P) for i = p..N-1-P with N - P - p >= span - 1. Otherwise, or when none is
 * proven, the smallest P (saltus s = g(N-1) - g(N-1-P) >= 0) whose relation holds from some p on strong evidence:
 * at least min_observed_periods full periods (N - p >= 4P) covering at least half of the values (N - p >= N / 2),
 * reported as observed, its `why` saying how many values and periods were seen. nullopt when neither exists: "no
 * period found in N values". p is the least preperiod for the P found.
 * Complexity: one backward scan per candidate period, stopping at the first mismatch: O(N) for most sequences,
 * O(N · P) at worst.
 *
 * Example: find_period(std::vector<grundy_value>{5, 1, 2, 1, 2, 1, 2, 1, 2}, std::nullopt, "") has preperiod 1,
 * period 2, saltus 0, 4 full periods, not proven; with span 2 (`1-2C`) it is proven, since g(1) = g(3) fixes
 * everything after. {1, 2, 3, 4, 5, 6, 7, 3, 4, 3, 4} has none: its repeat g(7..10) covers two periods only.
 */
std::optional<sequence_period> find_period(std::span<const grundy_value> g, std::optional<coin> span,
                                           const std::string& code);

/// Whether the Guy–Smith periodicity theorem covers a take-and-break code: an octal game (no digit leaves three
/// heaps), nothing split without taking (d0 = 0) and no '!'.
bool guy_smith_applies(const take_break_code& code);

/**
 * Looks for a period of the values g = g(0..N-1) of a code guy_smith_applies to, proven by the Guy–Smith
 * periodicity theorem (Guy and Smith, "The G-values of various games", 1956; Winning Ways (2nd ed.) vol. 1, ch. 4):
 * with t = code.max_take(), if g(n + P) = g(n) for every p <= n < 2p + P + t, then for every n >= p. Reports the
 * smallest P whose least preperiod p has N >= 2p + 2P + t; else an observed period as find_period reports one, its
 * `why` saying how many values a proof needs. nullopt when neither exists.
 * Complexity: as find_period.
 *
 * Example: find_octal_period(kayles' g(0..199), take_break_code::parse("0.77")) has preperiod 71, period 12,
 * proven (2·71 + 2·12 + 2 = 168 <= 200)
 */
std::optional<sequence_period> find_octal_period(std::span<const grundy_value> g, const take_break_code& code);

/// find_period with the game's span and code; find_octal_period for the codes guy_smith_applies to.
std::optional<sequence_period> find_period(std::span<const grundy_value> g, const turning_game& game);

/**
 * The proof a game's rule allows, if any: the Guy–Smith periodicity theorem for the take-and-break codes
 * guy_smith_applies to, a bounded move span for turning codes (bounded_move_span). find() reports proven periods only,
 * never an observed one, as find_period would report them: these are the periods whose values a periodic continuation
 * (periodic_continuation.hpp) answers every n from.
 *
 * Example: period_proof::of(kayles)->find(kayles' g(0..255)) has preperiod 71, period 12;
 *          period_proof::of(mock_turtles) == nullopt (its moves reach arbitrarily far)
 */
class period_proof {
 public:
  /// The proof that applies to `game`'s rule, or nullopt when none does (a plug-in without a code, a turning code
  /// whose moves reach arbitrarily far, a take-and-break code outside the theorem).
  static std::optional<period_proof> of(const turning_game& game);

  /// The smallest period that g(0..N-1) proves, as find_period(g, game) reports a proven one; nullopt when the
  /// values do not prove one (yet). Complexity: as find_period.
  std::optional<sequence_period> find(std::span<const grundy_value> g) const;
  /// The same over a value table of any width.
  std::optional<sequence_period> find(const value_table& g) const;

  /// What the proof rests on, for a method line: "the Guy–Smith periodicity theorem", "moves within 5 adjacent coins".
  std::string basis() const;

 private:
  friend std::optional<sequence_period> find_period(std::span<const grundy_value> g, const turning_game& game);
  template <class V>
  std::optional<sequence_period> find_in(const V* g, std::size_t n) const;

  std::optional<take_break_code> octal_;  // the Guy–Smith theorem's code
  coin span_ = 0;                         // else the bounded move span
  std::string code_;
};

}  // namespace tartan
