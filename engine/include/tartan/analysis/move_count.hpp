// count_winning_moves(game, region): the exact number of winning moves of a position, however many there are,
// without listing them. "On a 10^6 × 10^6 board with every coin heads, how many winning first moves are there?"
//
// A move of a product turns S_1 × ... × S_k, S_i a move of factor i from the heads cell's coordinate c_i, and
// leads to the value V ⊕ (u_1 ⊗ ... ⊗ u_k), u_i the XOR of g_i over S_i (G is multilinear). It wins iff
// u_1 ⊗ ... ⊗ u_k = V. So with, per factor and per range of coordinates R, the table H_R[u] of how many moves from a
// coin of R have XOR u (move_values.hpp), a box of heads R_1 × R_2 has Σ_u H_R1[u] · H_R2[V ⊘ u] winning moves
// (nim division; u = 0 never wins when V != 0). A row is the case k = 1: H_R[V].
#pragma once

#include <cstdint>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {

/// The answer of count_winning_moves.
struct move_count_result {
  /// The position's value, XOR of G over its heads coins.
  grundy_value value = 0;
  /// The number of winning moves (0 exactly when value == 0).
  uint128 winning_moves = 0;
  /// The number of heads coins.
  uint128 heads = 0;
};

/**
 * The value of `region` and its number of winning moves, exactly. The factors' sequences are computed as far as
 * the region reaches (in parallel, one thread per factor), then one frequency table per factor and distinct range
 * of the heads split into disjoint boxes (box_region::disjoint_boxes), counted on every core.
 * Complexity: the sequences, plus the moves from the coins of the distinct ranges (for runs of lengths L, about
 * N·|L| per factor of N coins, O(1) per move; other games list their moves), plus per box the product of the
 * factors' table sizes but the last, one nim division each. Never the number of cells or of winning moves.
 * Throws as analyze() for the game, the axes and the sequences; limit_error when the tables would exceed the
 * memory limit or the moves to count exceed about 2^36; overflow_error when the count exceeds 2^128. Under
 * options.max_seconds, counting the moves stops with time_limit_error once the limit is reached or the pace of the
 * moves counted (after pace_guard::min_measured_seconds) projects past it; options.count_progress (or options.progress)
 * reports the fraction of the moves counted (weighed by the moves per coin), and returning false stops with
 * cancelled_error, whose message gives the position's value, known by then. A stopped count has no partial answer.
 *
 * Example: count_winning_moves(game_handle(games::find_game("mock-turtles")), parse_box_region({4}, "0,3"))
 *          .winning_moves == 1 (the value is 1 ⊕ 7 = 6, and only the move turning coins 0 and 3 reaches 0)
 */
move_count_result count_winning_moves(const game_handle& game, const box_region& region,
                                      const analyze_options& options = {});

/**
 * The same count for the moves that change the value by `change` (lead to value ⊕ change): in a sum of positions
 * (sum.hpp) a move in one term wins when it changes that term's value by the sum's value. `winning_moves` holds that
 * count; 0 when change is 0.
 */
move_count_result count_moves_changing_value(const game_handle& game, const box_region& region, grundy_value change,
                                             const analyze_options& options = {});

}  // namespace tartan
