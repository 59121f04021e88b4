// coded_rule: what every built-in family shares. A family is its turning code (CGSuite's rule language, see
// tartan/turning/turning_code.hpp) plus, where one is proven, a closed form. coded_rule holds the parsed code and
// forwards the engine's hooks (moves, option values, moves of a given value, the incremental solver) to it, so each
// family gets the algorithms the engine has for its code; the family adds only its names and its closed form.
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/sequence_solver.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::games {

class coded_rule {
 public:
  /**
   * The rule of the turning code `code`.
   *
   * Example: coded_rule rule("1-3"); rule.rule().text() == "1-3"
   */
  explicit coded_rule(std::string_view code) : rule_(turning_code::parse(code)) {}

  /// The parsed turning code.
  const turning_code& rule() const { return rule_; }

  /**
   * Calls visit(others) once per move from coin n (`others` ascending, all below n; see game_concepts.hpp);
   * stops and returns false as soon as visit returns false.
   *
   * Example: coded_rule("2").for_each_move(2, v) visits {0} and {1}
   */
  bool for_each_move(coin n, move_visitor visit) const { return rule_.for_each_move(n, visit); }

  /**
   * The number of moves from coin n, counted without listing them (saturating at 2^64 - 1): what plans a direct
   * verification or an explicit check, and sizes a count, without listing Ruler's n + 1 runs of up to n coins.
   *
   * Example: coded_rule("1-3").move_count(3) == 7
   */
  std::uint64_t move_count(coin n) const { return rule_.move_count(n); }

  /**
   * Appends the XOR of g over the other coins of every move from n (each distinct value at least once), for any
   * table g with at least n entries.
   *
   * Example: coded_rule("1-2").option_values(2, {5, 6}, out) appends 0, 5 and 6
   */
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
    rule_.option_values(n, g, out);
  }

  /**
   * Visits exactly the moves from n whose XOR of g over the other coins equals target; returns false iff visit
   * stopped the search.
   *
   * Example: coded_rule("1-2").find_moves(2, 6, {5, 6}, v) visits {1}
   */
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const {
    return rule_.find_moves(n, target, g, visit);
  }

  /**
   * The code's moves over the table g, indexed by the quantities their values depend on (move_index.hpp): g must
   * outlive the index.
   *
   * Example: coded_rule("1+C").index_moves(g)->count(3, 3) == 1 for g = 1 2 1 4
   */
  std::unique_ptr<move_index> index_moves(std::span<const grundy_value> g) const { return rule_.index_moves(g); }

  /**
   * An incremental solver for g(0), g(1), ... computed from the rule by the engine's algorithm for the code.
   *
   * Example: auto s = coded_rule("1-3").grundy_solver(); s.next({}) == 1
   */
  sequence_solver grundy_solver() const { return rule_.grundy_solver(); }

 private:
  turning_code rule_;
};

}  // namespace tartan::games
