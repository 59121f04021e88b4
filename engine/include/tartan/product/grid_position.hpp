// Positions of tartan products: a board (k = 2) or box (k >= 3) of coins with some heads; values and winning moves.
//
// A position's value is the XOR of G over its heads coins, G(a, b) = g_A(a) ⊗ g_B(b) (tartan.hpp); it is a
// first-player win (N) iff the value is non-zero.
//
// Winning moves, algebraically. A move from heads coin (a, b) turns S×T (S a move of A from a, T a move of B from
// b, both including their moving coin). By bilinearity of ⊗ the XOR of G over S×T is u ⊗ v with
// u = XOR_{s∈S} g_A(s) = g_A(a) ⊕ u' and v = g_B(b) ⊕ v' (u', v' option values of a and b in the factors), so the
// move leads to value V ⊕ u ⊗ v and wins iff u ⊗ v = V. Hence: take the distinct option values of the factor with
// fewer of them, solve v = V ⊘ u by nim division for each, test v' = v ⊕ g_B(b) against the other factor's option
// values, and only then list the moves of those values with each factor's find_moves hook. Pairs of moves are never
// enumerated. Heads coins with V ⊕ G(a, b) < G(a, b) come first: by the mex property of the product game (its
// values are G, by the theorem) each of them has a winning move. With k factors the same holds with
// u_1 ⊗ ... ⊗ u_k = V, solving for the factor with the most option values.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/search_stop.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan {

/// A board position: its size and its heads coins, each with one coordinate per factor (row, column, ...),
/// sorted in row-major order, without repeats, inside the board.
struct grid_position {
  box_extents extents;
  std::vector<std::vector<coin>> heads;

  friend bool operator==(const grid_position&, const grid_position&) = default;
};

/// A move of a product game (move.hpp): one axis per factor.
using grid_move = move;

/// Called with each move found; returns false to stop.
using grid_move_visitor = detail::function_ref<bool(const grid_move&)>;

/**
 * Parses a board size "RxC" or "AxBxC" (any number of dimensions >= 2; 'x' or 'X' between them). Throws
 * parse_error for a missing part, a non-number, 0, a dimension above 2^32, or a board of more than 2^64 cells.
 *
 * Example: parse_board_size("3x4") == box_extents{3, 4}; parse_board_size("3x") throws "size '3x': dimension 2 is
 * missing; type the size as RxC, e.g. 3x4"
 */
box_extents parse_board_size(std::string_view text);

/**
 * Parses a board written row by row, rows joined by '/', row 0 first, each row coin 0 first: 'H', 'h' or '1' for
 * heads, 'T', 't' or '0' for tails. Throws parse_error naming the row and column (both from 0) of the first bad
 * character, an empty row, or a row whose length differs from row 0's.
 *
 * Example: parse_grid("HTT/THH") == grid_position{{2, 3}, {{0, 0}, {1, 1}, {1, 2}}}
 */
grid_position parse_grid(std::string_view text);

/**
 * Parses a heads list "3:5,17:2" (coordinates joined by ':', one per dimension; cells joined by ','; spaces around
 * items allowed; empty text is no heads) on a board of the given size. Throws parse_error for a malformed item,
 * a cell with the wrong number of coordinates, a coin outside the board (naming the board size) or a repeated cell.
 *
 * Example: sparse_grid({1000, 1000}, "3:5,17:2").heads == {{3, 5}, {17, 2}}
 */
grid_position sparse_grid(std::span<const std::size_t> extents, std::string_view heads);

/// The same from cells already parsed (any order); the same checks.
grid_position sparse_grid(std::span<const std::size_t> extents, std::vector<std::vector<coin>> heads);

/**
 * A cell as sparse_grid reads it: its coordinates joined by ':'.
 *
 * Example: format_cell(std::vector<coin>{3, 5}) == "3:5"
 */
std::string format_cell(std::span<const coin> cell);

/**
 * The board drawn as parse_grid reads it (rows of H/T joined by '/'). Two dimensions only.
 *
 * Example: format_grid(parse_grid("HT/TH")) == "HT/TH"
 */
std::string format_grid(const grid_position& p);

/**
 * The value of p: XOR of G over its heads. @pre v covers p (v.extents() >= p.extents along every axis).
 * Complexity: k - 1 nim products per heads coin.
 *
 * Example: Turning Corners ('twins*twins'), heads at (2, 3) and (1, 1): 1 ⊕ 1 == 0
 */
grundy_value grid_value(const tartan_values& v, const grid_position& p);

/**
 * Visits the winning moves of p (none for a P-position), in grid_winning_moves' order, until `visit` returns false;
 * returns false when it was stopped. Lazy: a caller that stops after a few moves pays only for those.
 */
bool for_each_grid_winning_move(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                grid_move_visitor visit);

/// The same for the moves to a position of value `target` (0: the winning moves; a term of a sum, analysis/sum.hpp,
/// is led to its value XOR the sum's), in the same order.
bool for_each_grid_move_to_value(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                 grundy_value target, grid_move_visitor visit, search_stop* stop = nullptr);

/**
 * Up to `limit` winning moves of p (none for a P-position), by the algebraic method above. Order: first the heads
 * coins (moving coins) sure to have a winning move, V ⊕ G(c) < G(c) by the mex, then the other heads coins, each
 * group in row-major order; from one coin, in the search's order: by the tuples of option values (the factors
 * but the solved one, each in ascending order of its option values), then each factor's find_moves order, axis 0
 * outermost. The order is fixed, so pages of the list are stable.
 * Complexity per heads coin tried: one option_values call per factor, then one nim division per distinct option
 * value of the smaller factor (per tuple of the k-1 smaller factors), then find_moves for the matching values,
 * stopped as soon as the caller has the moves it wants (nothing gathered or sorted).
 * @pre v = game.values(extents covering p).
 *
 * Example: Rugs ('ruler*ruler') "HH/HT": value 1 ⊕ 2 ⊕ 2 == 1, winning move rows {0} cols {0}
 */
std::vector<grid_move> grid_winning_moves(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                          std::size_t limit);

/**
 * True iff `move` is a legal move in p: one axis per factor, each a move of its factor (the last coin of the axis
 * the moving coin, the others one of the factor's moves from it), all inside the board, moving coin heads.
 *
 * Example: in Rugs, rows {0, 1} cols {1} from heads (1, 1) is legal: {0} is a Ruler move from coin 1
 */
bool is_legal_move(const tartan_game& game, const grid_position& p, const grid_move& move);

/**
 * Turns every coin of the move's product set (heads ↔ tails). Does not check legality.
 *
 * Example: apply_move(parse_grid("HH/HH"), rows {0, 1} cols {0, 1}) leaves "TT/TT"
 */
grid_position apply_move(const grid_position& p, const grid_move& move);

}  // namespace tartan
