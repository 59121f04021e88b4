// The 1-D coin-turning engine: Grundy sequences from a game's rule, using its hooks when present.
//
// g(n) = mex { XOR of g over `others` : `others` a move from coin n } (Winning Ways, ch. 14, "Turning Turtles";
// Ferguson, Game Theory, Part I, §5.2). A position's value is the XOR of g over its heads coins.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "tartan/error.hpp"
#include "tartan/game_concepts.hpp"
#include "tartan/mex.hpp"

namespace tartan {

/// How grundy_sequence computes values. `automatic` prefers the closed form, then the solver, then option values,
/// then plain enumeration; the others force one route (tests and benchmarks compare them).
enum class sequence_method { automatic, closed_form, solver, option_values, enumeration };

/// Appends the option values of coin n under the value table g (|g| >= n): the hook if the game has one, else
/// the XOR of g over each enumerated move.
template <turning_rule Rule>
void collect_option_values(const Rule& rule, coin n, std::span<const grundy_value> g,
                           std::vector<grundy_value>& out) {
  if constexpr (has_option_values<Rule>) {
    rule.option_values(n, g, out);
  } else {
    rule.for_each_move(n, [&](std::span<const coin> others) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      out.push_back(x);
      return true;
    });
  }
}

/// Visits the moves from coin n whose XOR of g over the other coins equals target: the hook if present, else a
/// filter over plain enumeration. Returns false iff visit stopped the search.
template <turning_rule Rule, class Visit>
bool find_moves_with_value(const Rule& rule, coin n, grundy_value target, std::span<const grundy_value> g,
                           Visit&& visit) {
  if constexpr (has_find_moves<Rule>) {
    return rule.find_moves(n, target, g, visit);
  } else {
    return rule.for_each_move(n, [&](std::span<const coin> others) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      return x != target || visit(others);
    });
  }
}

/**
 * g(0..count-1) for the game. Throws overflow_error (naming the coin) where a value would not fit 64 bits, and
 * error when `method` names a route the game does not offer.
 * Complexity: count times the cost of one coin's options under the chosen route.
 *
 * Example: grundy_sequence(mock_turtles{}, 5) == {1, 2, 4, 7, 8}
 */
template <turning_rule Rule>
std::vector<grundy_value> grundy_sequence(const Rule& rule, std::size_t count,
                                          sequence_method method = sequence_method::automatic) {
  std::vector<grundy_value> g;
  g.reserve(count);
  if (method == sequence_method::automatic) {
    if constexpr (has_closed_form<Rule>) method = sequence_method::closed_form;
    else if constexpr (has_grundy_solver<Rule>) method = sequence_method::solver;
    else if constexpr (has_option_values<Rule>) method = sequence_method::option_values;
    else method = sequence_method::enumeration;
  }
  switch (method) {
    case sequence_method::closed_form:
      if constexpr (has_closed_form<Rule>) {
        for (std::size_t n = 0; n < count; ++n) g.push_back(rule.grundy(static_cast<coin>(n)));
        return g;
      }
      throw error("this game has no closed form; compute its values from the rule instead");
    case sequence_method::solver:
      if constexpr (has_grundy_solver<Rule>) {
        auto solver = rule.grundy_solver();
        for (std::size_t n = 0; n < count; ++n) g.push_back(solver.next(std::span<const grundy_value>(g)));
        return g;
      }
      throw error("this game has no incremental solver; compute its values by enumeration instead");
    case sequence_method::option_values:
    case sequence_method::enumeration: {
      std::vector<grundy_value> options;
      std::vector<char> scratch;
      for (std::size_t n = 0; n < count; ++n) {
        options.clear();
        const auto c = static_cast<coin>(n);
        if (method == sequence_method::option_values) {
          collect_option_values(rule, c, std::span<const grundy_value>(g), options);
        } else {
          rule.for_each_move(c, [&](std::span<const coin> others) {
            grundy_value x = 0;
            for (const coin o : others) x ^= g[o];
            options.push_back(x);
            return true;
          });
        }
        g.push_back(mex(options, scratch));
      }
      return g;
    }
    case sequence_method::automatic:
      break;
  }
  return g;
}

}  // namespace tartan
