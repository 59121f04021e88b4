// periodic_continuation: a game's Grundy values for every n, once its period is proven.
//
// When g(n + P) = g(n) + s holds for every n >= p and is proven (period.hpp: the Guy–Smith periodicity theorem for
// octal games, a bounded move span for turning codes), the values computed up to the proof, g(0..N-1), answer every
// later n in O(1):
//     g(n) = g(p + (n - p) mod P) + ⌊(n - p) / P⌋ · s
// so a sequence streams at output speed past N and a heap of 2^64 − 1 tokens has a value at once. turning_game keeps
// one per game once found (it looks for the proof at each doubling of the values it computes, period_proof), and
// every consumer reads it from there: sequences (compute_sequence), value tables and analyses of rows and boards
// (turning_game::sequence), heaps (heap_position.hpp). Only a proven period makes one; an observed period answers
// nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/coin.hpp"
#include "tartan/turning/period.hpp"

namespace tartan {

class periodic_continuation {
 public:
  /**
   * The continuation of a game's values by `period`, proven over g(0..N-1) (N = period.observed), of which `values`
   * holds at least the first p + P (more are dropped: the period gives them); `basis` names what the proof rests on
   * (period_proof::basis).
   * @pre period.proven, values.size() >= period.preperiod + period.period
   *
   * Example: periodic_continuation c(kayles' g(0..255), *period_proof::of(kayles)->find(...), "the Guy–Smith
   *          periodicity theorem"); c.value(99999999) == 8 (Kayles: g(n) = g(n - 12) for n >= 83)
   */
  periodic_continuation(std::vector<grundy_value> values, sequence_period period, std::string basis);

  /// The proven period: preperiod p, period P, saltus s, and why it holds.
  const sequence_period& period() const { return period_; }
  /// N: the values g(0..N-1) the proof was reached over; every value from N on comes from the period.
  std::uint64_t computed() const { return period_.observed; }
  /// What the proof rests on, e.g. "the Guy–Smith periodicity theorem".
  const std::string& basis() const { return basis_; }
  /// g(0..p+P-1): the values every other one repeats.
  std::span<const grundy_value> prefix() const { return prefix_; }

  /**
   * g(n), for any n. Throws overflow_error when a saltus takes it past 64 bits.
   * Complexity: O(1).
   *
   * Example: kayles' continuation: value(18446744073709551615) == 8
   */
  grundy_value value(std::uint64_t n) const;

  /**
   * g(first..first+out.size()-1) into `out`: whole periods copied at a time, at memory speed. Throws overflow_error
   * as value() does (the values before it written). @pre first + out.size() - 1 <= UINT64_MAX
   * Complexity: O(out.size()).
   */
  void values(std::uint64_t first, std::span<grundy_value> out) const;

  /**
   * The method line of a front end, in the games' numbering (g(n) of coin or heap n, from 0): "g(n) for n >= 256 from
   * the period 12 (preperiod 71) proven by the Guy–Smith periodicity theorem over g(0..255)".
   */
  std::string method() const;

 private:
  std::vector<grundy_value> prefix_;  // g(0..p+P-1)
  sequence_period period_;
  std::string basis_;
};

}  // namespace tartan
