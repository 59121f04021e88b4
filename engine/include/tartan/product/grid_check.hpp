// The explicit check of a tartan product on a small board: every position of the board as a vertex of a game graph
// (Boost.Graph, through game_check.hpp), its Grundy value by mex over that graph, compared with the XOR of G over
// its heads, G the Tartan theorem's values (or any table given).
//
// This checks, with no theorem assumed on the graph side, both the Sprague-Grundy reduction for grids (a position is
// the sum of its heads coins) and the cell values themselves. The board is flattened row-major: cell (a, b) is coin
// a·C + b of a 1-D coin-turning game whose move from that coin turns the product set S×T (every other cell of S×T
// precedes (a, b) in row-major order, so this is a legal 1-D rule), and game_check builds its graph.
//
// Cost: 2^N positions for N = R·C cells and E = 2^(N-1) · Σ_cells moves_A(a)·moves_B(b) edges (each cell is heads
// in half of the positions); time O(E), memory about 20 bytes per position and 4 per edge. Boards are refused up
// front (limit_error) beyond the limits, naming the largest board of the same game that fits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_check.hpp"

namespace tartan {

/// The size of a grid check, worked out before any graph is built.
struct grid_check_plan {
  box_extents extents;
  std::uint64_t positions = 0;  // 2^cells
  std::uint64_t edges = 0;      // moves in the whole graph
  std::uint64_t memory = 0;     // estimated bytes
};

/// A position whose value over the graph differs from the XOR of the table over its heads.
struct grid_check_mismatch {
  grid_position position;
  grundy_value graph_value = 0;  // mex over the explicit game graph
  grundy_value xor_value = 0;    // XOR of the table over the heads coins
};

struct grid_check_report {
  std::string game;
  box_extents extents;
  std::uint64_t positions = 0;  // positions checked (fewer than 2^cells when stopped by limits.progress)
  std::uint64_t edges = 0;
  std::uint64_t mismatches = 0;
  std::vector<grid_check_mismatch> first_mismatches;  // in increasing order of the row-major heads bitmask
  double seconds = 0;
  bool complete = true;  // false when limits.progress stopped the check early

  bool passed() const { return mismatches == 0; }
};

/**
 * Sizes the check of `game` on a board of the given extents. Throws parse_error for extents that do not match the
 * factors, and limit_error when the graph would exceed the limits, naming the largest board that fits, e.g.
 * "an explicit check of 'ruler*ruler' on 5x5 would build 2^25 positions, over the limit of 2^24; boards up to 4x5
 * (20 coins) fit", whose suggestion() is that board's 20 cells (0 when no board fits).
 * Complexity: O(Σ extents × moves counted) for the move counts.
 *
 * Example: plan_tartan_grid_check(rugs, {3, 4}).edges == 2^11 · (1+2+3) · (1+2+3+4)
 */
grid_check_plan plan_tartan_grid_check(const tartan_game& game, std::span<const std::size_t> extents,
                                       const check_limits& limits = {});

/**
 * Checks `game` on the board against `table`, G for every cell in row-major order (any values: a wrong table is
 * reported through mismatches). Throws as plan_tartan_grid_check, and error when the table is too short.
 *
 * Example: check_tartan_grid(rugs, {3, 3}, std::vector<grundy_value>(9, 1)).passed() == false
 */
grid_check_report check_tartan_grid(const tartan_game& game, std::span<const std::size_t> extents,
                                    std::span<const grundy_value> table, const check_limits& limits = {});

/**
 * Checks `game` on the board against the Tartan theorem's values, game.table(extents).
 *
 * Example: check_tartan_grid(tartan_game({ruler, mock_turtles}), {4, 4}).passed() == true
 */
grid_check_report check_tartan_grid(const tartan_game& game, std::span<const std::size_t> extents,
                                    const check_limits& limits = {});

}  // namespace tartan
