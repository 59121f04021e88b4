// Positions of a 1-D coin-turning game: a row of coins with some heads; their values and winning moves.
//
// A position's value is the XOR of g over its heads coins (Sprague-Grundy: the position is the disjunctive sum of
// its heads coins, Winning Ways ch. 14); it is a first-player win (N) iff the value is non-zero.
//
// Winning moves come from the target, not from trying every move of the position: a move from heads coin a that
// turns the other coins S leads to value V ⊕ g(a) ⊕ XOR g(S) (turning a coin toggles its term in the XOR whatever
// its state, and only the moving coin a must be heads), so it wins exactly when XOR g(S) = V ⊕ g(a). The game's
// move index (move_index.hpp) visits just those moves: from an index of prefix XORs or values where the game's moves
// allow it, through its find_moves hook otherwise.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// A row of `coins` coins; `heads` lists the heads coins, ascending, unique, each below `coins`.
struct row_position {
  std::size_t coins = 0;
  std::vector<coin> heads;

  friend bool operator==(const row_position&, const row_position&) = default;
};

/**
 * Parses a row written coin 0 first: 'H', 'h' or '1' for heads, 'T', 't' or '0' for tails. Throws parse_error
 * naming the column (counted from 1) of the first bad character, or on empty text.
 *
 * Example: parse_row("THTH") == row_position{4, {1, 3}}
 */
row_position parse_row(std::string_view text);

/**
 * A row of `coins` coins with the given heads coins, in any order. Throws parse_error for a coin outside the row
 * ("heads coin 1000 is outside the row of 100 coins (coins 0..99); ...") or a coin listed twice.
 *
 * Example: sparse_row(100, std::vector<coin>{17, 3}) == row_position{100, {3, 17}}
 */
row_position sparse_row(std::size_t coins, std::span<const coin> heads);

/**
 * Parses a comma-separated list of coin numbers ("3,17,1000"; spaces around items allowed, an empty text is the
 * empty list). Throws parse_error naming the bad item.
 *
 * Example: parse_coin_list("3, 17,1000") == std::vector<coin>{3, 17, 1000}
 */
std::vector<coin> parse_coin_list(std::string_view text);

/**
 * Coin numbers separated by single spaces, as moves and heads are printed.
 *
 * Example: format_coins(std::vector<coin>{0, 3, 17}) == "0 3 17"
 */
std::string format_coins(std::span<const coin> coins);

/**
 * The value of position p: XOR of g over its heads coins.
 * @pre g.size() >= p.coins. Complexity: O(number of heads).
 *
 * Example: with mock-turtles g = {1, 2, 4, 7}, position_value(g, parse_row("HTTH")) == 1 ^ 7 == 6
 */
grundy_value position_value(std::span<const grundy_value> g, const row_position& p);

namespace detail {
inline void check_table_covers(std::span<const grundy_value> g, const row_position& p) {
  if (g.size() < p.coins) {
    throw error("the value table has " + std::to_string(g.size()) + " entries but the position has " +
                std::to_string(p.coins) + " coins; compute the sequence for at least as many coins");
  }
}
}  // namespace detail

/**
 * Visits the moves of position p to a position of value `target` (0: the winning moves), each as all the coins it
 * turns, ascending (so the moving coin is last), after passing over the first `skip` of them (`skip` is lowered by
 * the moves passed over), until `visit` returns false; returns false when it was stopped (by `visit`, or by `stop`:
 * its deadline or cancel, search_stop.hpp). A P-position (value 0) has no winning move; a move in one term of a sum
 * wins when it leads that term to its value XOR the sum's (analysis/sum.hpp). `moves` is the game's move index over
 * g (move_index.hpp: a turning_game's index_moves).
 *
 * Order: first the heads coins sure to have such a move, ascending, then the other heads coins, ascending; from one
 * coin, in the order the game's move finder visits them (find_moves; for a turning code, by the number of coins
 * turned, then as its family's search goes, docs/turning_codes.md). Coin a is sure to have one when the change D it
 * must make satisfies D ⊕ g(a) < g(a): by the mex, g(a) has an option of every smaller value. The order is fixed,
 * so moves can be read in pages and the same page always comes back.
 * Complexity: O(heads) to sort the coins into the two groups, then one call of the index per coin reached, each
 * stopped as soon as `visit` has what it wants. With an index (runs, moves of two coins), a coin costs O(log N) per
 * part of the code, the moves passed over are counted off by binary search, and a run is handed over as a span of a
 * shared array: every winning move of a 10^6-coin Ruler row in O(N log N), any page without the pages before it.
 * Listed, the first N moves cost the finder's time up to its N-th move, and the moves passed over are each found.
 * `stop` (when given) is told of each coin, so its deadline and cancel reach the finders too.
 * @pre g.size() >= p.coins, g = the game's values g(0..p.coins-1), `moves` indexes g.
 */
bool for_each_move_to_value(const move_index& moves, std::span<const grundy_value> g, const row_position& p,
                            grundy_value target, move_visitor visit, search_stop* stop, std::uint64_t& skip);

/// The same for any rule: its index (has_move_index) or its moves tried one by one, and no move passed over.
template <class Rule>
bool for_each_move_to_value(const Rule& rule, std::span<const grundy_value> g, const row_position& p,
                            grundy_value target, move_visitor visit, search_stop* stop = nullptr) {
  static_assert(check_turning_rule<Rule>());
  std::uint64_t skip = 0;
  if constexpr (has_move_index<Rule>) {
    if (const std::unique_ptr<move_index> index = rule.index_moves(g)) {
      return for_each_move_to_value(*index, g, p, target, visit, stop, skip);
    }
  }
  return for_each_move_to_value(listed_move_index<Rule>(rule, g), g, p, target, visit, stop, skip);
}

template <class Rule>
bool for_each_winning_move(const Rule& rule, std::span<const grundy_value> g, const row_position& p,
                           move_visitor visit) {
  return for_each_move_to_value(rule, g, p, 0, visit);
}

/**
 * Up to `limit` winning moves of position p, in for_each_winning_move's order.
 *
 * Example: Mock Turtles, "HTTH" (value 6): winning_moves(rule, g, p, 10) == {{0, 3}} (g(0) = 1 = 6 ⊕ g(3))
 */
template <class Rule>
std::vector<std::vector<coin>> winning_moves(const Rule& rule, std::span<const grundy_value> g, const row_position& p,
                                             std::size_t limit) {
  std::vector<std::vector<coin>> moves;
  if (limit == 0) {
    detail::check_table_covers(g, p);
    return moves;
  }
  for_each_winning_move(rule, g, p, [&](std::span<const coin> coins) {
    moves.emplace_back(coins.begin(), coins.end());
    return moves.size() < limit;
  });
  return moves;
}

/// The same for a type-erased game (built-in, turning code or wrapped plug-in).
bool for_each_winning_move(const turning_game& game, std::span<const grundy_value> g, const row_position& p,
                           move_visitor visit);
bool for_each_move_to_value(const turning_game& game, std::span<const grundy_value> g, const row_position& p,
                            grundy_value target, move_visitor visit, search_stop* stop = nullptr);
std::vector<std::vector<coin>> winning_moves(const turning_game& game, std::span<const grundy_value> g,
                                             const row_position& p, std::size_t limit);

}  // namespace tartan
