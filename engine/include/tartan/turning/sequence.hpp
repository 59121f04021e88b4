// The 1-D coin-turning engine: Grundy sequences from a game's rule, using its hooks when present.
//
// g(n) = mex { XOR of g over `others` : `others` a move from coin n } (Winning Ways, ch. 14, "Turning Turtles";
// Ferguson, Game Theory, Part I, §5.2). A position's value is the XOR of g over its heads coins.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/sequence_solver.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan {

/// How grundy_sequence computes values. `automatic` prefers the closed form, then the solver, then option values,
/// then plain enumeration; the others force one route (tests and benchmarks compare them).
enum class sequence_method { automatic, closed_form, solver, option_values, enumeration };

/// Appends the option values of coin n under the value table g (|g| >= n): the hook if the game has one, else
/// the XOR of g over each enumerated move.
template <class Rule>
void collect_option_values(const Rule& rule, coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) {
  static_assert(check_turning_rule<Rule>());
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
template <class Rule, class Visit>
bool find_moves_with_value(const Rule& rule, coin n, grundy_value target, std::span<const grundy_value> g,
                           Visit&& visit) {
  static_assert(check_turning_rule<Rule>());
  if constexpr (has_find_moves<Rule>) {
    return rule.find_moves(n, target, g, visit);
  } else {
    return rule.for_each_move(n, [&](std::span<const coin> others) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      if (x == target) return visit(others);
      return detail::keep_searching();  // a search for a value no move has still stops at its deadline
    });
  }
}

/**
 * The number of moves from coin n, saturating at `cap` (counting stops there): the move_count hook if present,
 * else by enumeration. Complexity: O(1) with the hook, else O(min(moves, cap) * move size).
 *
 * Example: count_moves(mock_turtles{}, 3, 100) == 7 (turn 3 alone, with one of 0..2, or with two of them)
 */
template <class Rule>
std::uint64_t count_moves(const Rule& rule, coin n, std::uint64_t cap = UINT64_MAX) {
  static_assert(check_turning_rule<Rule>());
  if constexpr (has_move_count<Rule>) {
    return std::min(rule.move_count(n), cap);
  } else {
    std::uint64_t count = 0;
    rule.for_each_move(n, [&](std::span<const coin>) { return ++count < cap; });
    return count;
  }
}

namespace detail {
// Rethrows an overflow_error from a hook so that the message names the coin whose value does not fit, unless the
// hook already named it.
[[noreturn]] inline void rethrow_overflow_at(const overflow_error& e, std::size_t n) {
  const std::string what = e.what();
  const std::string named = "coin " + std::to_string(n);
  const std::size_t at = what.find(named);
  const bool has_coin = at != std::string::npos && (at + named.size() == what.size() || what[at + named.size()] < '0' ||
                                                    what[at + named.size()] > '9');
  if (has_coin) throw;  // the exception being handled, unsliced
  throw overflow_error("the value of coin " + std::to_string(n) + " does not fit 64 bits (" + what +
                       "); ask for fewer coins, at most " + std::to_string(n));
}
}  // namespace detail

/// The progress callback of extend_grundy_sequence when none is given.
struct no_progress {
  void operator()(std::size_t) const noexcept {}
};

namespace detail {
/// The route `automatic` stands for: the closed form, else the solver, else option values, else enumeration.
template <class Rule>
constexpr sequence_method resolved_method(sequence_method method) {
  if (method != sequence_method::automatic) return method;
  if constexpr (has_closed_form<Rule>)
    return sequence_method::closed_form;
  else if constexpr (has_grundy_solver<Rule>)
    return sequence_method::solver;
  else if constexpr (has_option_values<Rule>)
    return sequence_method::option_values;
  else
    return sequence_method::enumeration;
}
}  // namespace detail

/**
 * The narrowest width, in bytes, a value table needs for the route `method` to extend it: 1 for routes that read
 * values of any width (a closed form reads none; the sparse-space solver of take-and-break codes reads tables as they
 * are), 8 for those that read 64-bit values (the other solvers, option values and enumeration, which pass the values
 * to the rule's hooks as std::span<const grundy_value>).
 *
 * Example: least_value_width(take_break_code::parse("0.16"), sequence_method::automatic) == 1
 */
template <class Rule>
int least_value_width(const Rule& rule, sequence_method method = sequence_method::automatic) {
  static_assert(check_turning_rule<Rule>());
  method = detail::resolved_method<Rule>(method);
  if (method == sequence_method::closed_form) return 1;
  if constexpr (has_grundy_solver<Rule>) {
    if (method == sequence_method::solver) {
      if constexpr (std::is_same_v<decltype(rule.grundy_solver()), sequence_solver>) {
        if (rule.grundy_solver().reads_any_width()) return 1;
      }
    }
  }
  return 8;
}

namespace detail {
// The two tables the extenders fill: a vector of 64-bit values, and a value_table of any width. make_wide readies
// one for a route that reads 64-bit values; wide_view is then that route's view of it (taken anew after each
// push_back, which may move the values).
inline void make_wide(std::vector<grundy_value>&) {}
inline void make_wide(value_table& g) { g.widen_to(8); }
inline std::span<const grundy_value> wide_view(const std::vector<grundy_value>& g) { return g; }
inline std::span<const grundy_value> wide_view(const value_table& g) { return g.wide_values(); }

// extend_grundy_sequence and extend_value_table: one loop per route over either table.
template <class Rule, class Table, class Progress>
void extend_values(const Rule& rule, Table& g, std::size_t count, sequence_method method, unsigned threads,
                   Progress&& progress) {
  static_assert(check_turning_rule<Rule>());
  if (static_cast<std::uint64_t>(count) > std::uint64_t{UINT32_MAX} + 1) {  // (64-bit: 2^32 overflows a 32-bit size_t)
    throw limit_error("a row has at most 2^32 coins (coins are 32-bit); ask for fewer than " + std::to_string(count) +
                      " coins");
  }
  if (count <= g.size()) return;
  method = resolved_method<Rule>(method);
  g.reserve(count);
  // g.size() is the coin being computed when a hook throws.
  try {
    switch (method) {
      case sequence_method::closed_form:
        if constexpr (has_closed_form<Rule>) {
          for (std::size_t n = g.size(); n < count; ++n) {
            g.push_back(rule.grundy(static_cast<coin>(n)));
            progress(g.size());
          }
          return;
        }
        throw error("this game has no closed form; compute its values from the rule instead");
      case sequence_method::solver:
        if constexpr (has_grundy_solver<Rule>) {
          auto solver = rule.grundy_solver();
          // A sequence_solver reads a value_table as it is and takes up from it without a replay. Its threads
          // read the table between calls, which a value_table allows (it is appended to in place) and a vector,
          // whose push_back may move the values, does not: a vector gets one thread.
          if constexpr (std::is_same_v<decltype(solver), sequence_solver> && std::is_same_v<Table, value_table>) {
            if (!solver.reads_any_width()) g.widen_to(8);
            solver.use_threads(threads);
            if (!g.empty()) solver.resume(g);
            for (std::size_t n = g.size(); n < count; ++n) {
              g.push_back(solver.next(g));
              progress(g.size());
            }
          } else {
            make_wide(g);
            const std::span<const grundy_value> known = wide_view(g);
            for (std::size_t n = 0; n < known.size(); ++n) static_cast<void>(solver.next(known.first(n)));
            for (std::size_t n = g.size(); n < count; ++n) {
              g.push_back(solver.next(wide_view(g)));
              progress(g.size());
            }
          }
          return;
        }
        throw error("this game has no incremental solver; compute its values by enumeration instead");
      case sequence_method::option_values:
      case sequence_method::enumeration: {
        make_wide(g);
        std::vector<grundy_value> options;
        std::vector<char> scratch;
        for (std::size_t n = g.size(); n < count; ++n) {
          options.clear();
          const auto c = static_cast<coin>(n);
          const std::span<const grundy_value> known = wide_view(g);
          if (method == sequence_method::option_values) {
            collect_option_values(rule, c, known, options);
          } else {
            rule.for_each_move(c, [&](std::span<const coin> others) {
              grundy_value x = 0;
              for (const coin o : others) x ^= known[o];
              options.push_back(x);
              return true;
            });
          }
          g.push_back(mex(options, scratch));
          progress(g.size());
        }
        return;
      }
      case sequence_method::automatic:
        break;
    }
  } catch (const overflow_error& e) {
    rethrow_overflow_at(e, g.size());
  }
}
}  // namespace detail

/**
 * Extends g, which holds g(0..k-1) of the game (k = g.size(), possibly 0), to g(0..count-1); nothing happens when
 * count <= k. Throws like grundy_sequence; on a throw, g keeps the values computed so far (all correct).
 * The solver route replays the solver over the known prefix (its state is not kept between calls); the other routes
 * start at coin k. `progress(g.size())` is called after each value computed; it may throw to stop the work (a
 * pace_guard does, see time_limit.hpp), and g keeps the values computed so far.
 * Complexity: (count - k) coins under the chosen route.
 *
 * Example: std::vector<grundy_value> g{1, 2}; extend_grundy_sequence(mock_turtles{}, g, 4); g == {1, 2, 4, 7}
 */
template <class Rule, class Progress = no_progress>
void extend_grundy_sequence(const Rule& rule, std::vector<grundy_value>& g, std::size_t count,
                            sequence_method method = sequence_method::automatic, Progress&& progress = {}) {
  detail::extend_values(rule, g, count, method, 1, std::forward<Progress>(progress));
}

/**
 * Extends the table g, which holds g(0..k-1) of the game (k = g.size(), possibly 0, from this route or any other,
 * e.g. read back from a value file), to g(0..count-1); nothing happens when count <= k. The table widens as values
 * need; a route that reads 64-bit values (least_value_width 8) widens it to 8 bytes first. A solver takes up from the
 * values present (sequence_solver::resume) and may use `threads` threads. `progress(g.size())` is called after each
 * value computed and may throw to stop; on every throw g keeps the values computed so far. Throws like
 * extend_grundy_sequence (the limit of 2^32 coins, overflow_error naming the coin, error for a missing route).
 * Complexity: (count - k) coins under the chosen route, plus resuming the solver.
 *
 * Example: value_table g; extend_value_table(take_break_code::parse("0.16"), g, 1 << 20); g.width() == 1
 */
template <class Rule, class Progress = no_progress>
void extend_value_table(const Rule& rule, value_table& g, std::size_t count,
                        sequence_method method = sequence_method::automatic, unsigned threads = 1,
                        Progress&& progress = {}) {
  detail::extend_values(rule, g, count, method, threads, std::forward<Progress>(progress));
}

/**
 * g(0..count-1) for the game. Throws overflow_error naming the first coin whose value would not fit 64 bits (from a
 * closed form or a solver: a mex over enumerated options cannot exceed the number of options), limit_error beyond
 * 2^32 coins, and error when `method` names a route the game does not offer.
 * Complexity: count times the cost of one coin's options under the chosen route; O(count) memory besides.
 *
 * Example: grundy_sequence(mock_turtles{}, 5) == {1, 2, 4, 7, 8}
 */
template <class Rule>
std::vector<grundy_value> grundy_sequence(const Rule& rule, std::size_t count,
                                          sequence_method method = sequence_method::automatic) {
  std::vector<grundy_value> g;
  extend_grundy_sequence(rule, g, count, method);
  return g;
}

}  // namespace tartan
