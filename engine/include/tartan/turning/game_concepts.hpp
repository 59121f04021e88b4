// The plug-in contract for 1-D coin-turning games.
//
// Coins are numbered from 0 at the left. A move from coin n turns n (which must go from heads to tails) together
// with a set of other coins, all below n. A game is a type that can enumerate those sets; it may add faster hooks
// that the engine uses when present (and that the tests check against plain enumeration):
//
//   required  bool for_each_move(coin n, Visit&& visit) const
//               calls visit(std::span<const coin> others) once per move from n, `others` ascending and all < n
//               (empty for the move that turns n alone); stops and returns false as soon as visit returns false,
//               returns true after the last move.
//   optional  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const
//               appends XOR of g over `others`, for every move from n (duplicates allowed). `g` is any table with
//               at least n entries, not necessarily the game's own values (tartan products substitute others).
//   optional  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, Visit&& visit) const
//               visits exactly the moves from n whose XOR of g over `others` equals target; same stop rule.
//   optional  Solver grundy_solver() const
//               a stateful object with `grundy_value next(std::span<const grundy_value> g)`, called with
//               g(0..n-1) for n = 0, 1, 2, ... in turn and returning g(n): for incremental algorithms.
//   optional  grundy_value grundy(coin n) const
//               a closed form for g(n); may throw overflow_error.
//   optional  std::uint64_t move_count(coin n) const
//               the number of moves from n (saturating at UINT64_MAX), when it can be counted faster than by
//               enumeration; `check` uses it to estimate the size of an explicit game graph.
//
// The engine's entry points (grundy_sequence, turning_game, winning_moves, ...) check the contract with
// check_turning_rule<Rule>(), whose static_assert messages say what is missing or mistyped.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

#include "tartan/core/coin.hpp"
#include "tartan/detail/function_ref.hpp"

namespace tartan {

/// A callback receiving the other coins of one move (ascending, all below the moving coin); false stops.
/// Compiled (non-template) games take this; any callable converts to it.
using move_visitor = detail::function_ref<bool(std::span<const coin>)>;

namespace detail {
/// The visitor type the concepts are checked with; games must accept any callable of this shape.
using probe_visitor = bool (*)(std::span<const coin>);
}  // namespace detail

/// A 1-D coin-turning game: it can enumerate the moves from each coin.
template <class Rule>
concept turning_rule = requires(const Rule& rule, coin n, detail::probe_visitor visit) {
  { rule.for_each_move(n, visit) } -> std::same_as<bool>;
};

/// Hook: the option values of coin n, given any table of values.
template <class Rule>
concept has_option_values = requires(const Rule& rule, coin n, std::span<const grundy_value> g,
                                     std::vector<grundy_value>& out) {
  rule.option_values(n, g, out);
};

/// Hook: the moves from coin n with a given option value.
template <class Rule>
concept has_find_moves = requires(const Rule& rule, coin n, grundy_value target, std::span<const grundy_value> g,
                                  detail::probe_visitor visit) {
  { rule.find_moves(n, target, g, visit) } -> std::same_as<bool>;
};

/// Hook: an incremental solver for g(0), g(1), ...
template <class Rule>
concept has_grundy_solver = requires(const Rule& rule, std::span<const grundy_value> g) {
  { rule.grundy_solver().next(g) } -> std::same_as<grundy_value>;
};

/// Hook: a closed form for g(n).
template <class Rule>
concept has_closed_form = requires(const Rule& rule, coin n) {
  { rule.grundy(n) } -> std::same_as<grundy_value>;
};

/// Hook: the number of moves from coin n, counted without enumerating them.
template <class Rule>
concept has_move_count = requires(const Rule& rule, coin n) {
  { rule.move_count(n) } -> std::same_as<std::uint64_t>;
};

namespace detail {
// A member whose address can be taken (a non-template, non-overloaded member function). Used to spot a hook that
// is present under its name but with a signature the engine would not recognise (it would be ignored silently).
template <class Rule>
concept names_option_values = requires {
  &Rule::option_values;
};
template <class Rule>
concept names_find_moves = requires {
  &Rule::find_moves;
};
template <class Rule>
concept names_grundy_solver = requires {
  &Rule::grundy_solver;
};
template <class Rule>
concept names_grundy = requires {
  &Rule::grundy;
};
template <class Rule>
concept names_move_count = requires {
  &Rule::move_count;
};
}  // namespace detail

/**
 * Compile-time check of the game contract at the engine's entry points, with messages that say what to write
 * (in the spirit of ACL's "op must work as S(S, S)"). Always returns true; a violation is a compile error.
 *
 * Example: static_assert(check_turning_rule<my_game>());
 */
template <class Rule>
consteval bool check_turning_rule() {
  static_assert(turning_rule<Rule>,
                "a turning game needs `template <class Visit> bool for_each_move(tartan::coin n, Visit&& visit) "
                "const` (or one taking tartan::move_visitor) that calls visit(std::span<const tartan::coin> others) "
                "once per move from coin n, others ascending and below n, and returns false as soon as visit does");
  static_assert(!detail::names_option_values<Rule> || has_option_values<Rule>,
                "option_values must work as `void option_values(tartan::coin n, std::span<const "
                "tartan::grundy_value> g, std::vector<tartan::grundy_value>& out) const`");
  static_assert(!detail::names_find_moves<Rule> || has_find_moves<Rule>,
                "find_moves must work as `bool find_moves(tartan::coin n, tartan::grundy_value target, "
                "std::span<const tartan::grundy_value> g, Visit&& visit) const`");
  static_assert(!detail::names_grundy_solver<Rule> || has_grundy_solver<Rule>,
                "grundy_solver() must return an object with `tartan::grundy_value next(std::span<const "
                "tartan::grundy_value> g)`");
  static_assert(!detail::names_grundy<Rule> || has_closed_form<Rule>,
                "a closed form must work as `tartan::grundy_value grundy(tartan::coin n) const`");
  static_assert(!detail::names_move_count<Rule> || has_move_count<Rule>,
                "move_count must work as `std::uint64_t move_count(tartan::coin n) const`");
  return true;
}

}  // namespace tartan
