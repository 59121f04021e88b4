// take_break_rule: what every built-in take-and-break game shares. A game is its take-and-break code
// (tartan/turning/take_break_code.hpp: heap n is coin n, a move turns the heap it takes from and the heaps it leaves)
// and the engine's hooks for the code: moves, option values, and the solver (the sparse-space method for codes whose
// moves leave two heaps). The game adds only its names and references.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/sequence_solver.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan::games {

class take_break_rule {
 public:
  /**
   * The rule of the take-and-break code `code`.
   *
   * Example: take_break_rule rule("0.77"); rule.rule().digit(1) == 7
   */
  explicit take_break_rule(std::string_view code) : rule_(take_break_code::parse(code)) {}

  /// The parsed code.
  const take_break_code& rule() const { return rule_; }

  /**
   * Calls visit(others) once per set of coins a move from coin n turns besides n (see take_break_code).
   *
   * Example: take_break_rule("0.77").for_each_move(3, v) visits {}, {1}, {2}
   */
  bool for_each_move(coin n, move_visitor visit) const { return rule_.for_each_move(n, visit); }

  /**
   * Appends the option values of heap n under the table g (|g| >= n).
   *
   * Example: take_break_rule("0.77").option_values(3, {0, 1, 2}, out) appends 2, 0 and 1
   */
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
    rule_.option_values(n, g, out);
  }

  /**
   * Adds the XOR of g over every move from every coin of [first, last] to `counts` (take_break_code).
   *
   * Example: take_break_rule("0.77").count_move_values(3, 3, g, counts) adds g(3), g(3) ⊕ g(2) and g(3) ⊕ g(1)
   */
  void count_move_values(coin first, coin last, std::span<const grundy_value> g, value_counts& counts) const {
    rule_.count_move_values(first, last, g, counts);
  }

  /**
   * The code's incremental solver (the sparse-space method where it applies).
   *
   * Example: auto s = take_break_rule("0.77").grundy_solver(); s.next({}) == 0
   */
  sequence_solver grundy_solver() const { return rule_.grundy_solver(); }

 private:
  take_break_code rule_;
};

}  // namespace tartan::games
