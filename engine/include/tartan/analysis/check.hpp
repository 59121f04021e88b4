// check(request): a game's values tested against an explicit game graph of every position, with no theorem assumed,
// for 1-D games (every position on N coins) and tartan products (every position of a small board or box) alike.
// The graph's mex values are compared with the XOR of the values over each position's heads coins (g for a 1-D
// game, G = g_1 ⊗ ... ⊗ g_k for a product: the Tartan theorem), or with a claimed table.
// The two checks are game_check.hpp and grid_check.hpp; this is the one entry point front ends call.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_check.hpp"

namespace tartan {

/// What to check.
struct check_request {
  game_handle game;
  /// The box of coins: {N} for N coins of a 1-D game, one extent per factor for a product ({4, 4}).
  box_extents extents;
  /// A claimed table to check instead of the game's own values; empty: the game's values. g(0..N-1) for a 1-D
  /// game, G over the box in row-major order for a product.
  std::vector<grundy_value> claimed = {};
  /// Sizes, memory, how many mismatches to keep, and progress with cancellation.
  check_limits limits = {};
};

/// A position whose value over the graph differs from the XOR of the table over its heads coins.
struct checked_position {
  box_position position;
  grundy_value graph_value = 0;  // mex over the explicit game graph
  grundy_value xor_value = 0;    // XOR of the table over the heads coins
};

struct check_result {
  std::string game;  // the game's name as it resolves
  box_extents extents;
  std::uint64_t positions = 0;  // positions checked: 2^cells, fewer when the progress callback stopped the check
  std::uint64_t edges = 0;      // moves in the graph
  std::uint64_t mismatches = 0;
  std::vector<checked_position> first_mismatches;  // in increasing order of the row-major heads bitmask
  double seconds = 0;                              // wall time, graph and values
  bool complete = true;                            // false when the progress callback stopped the check early

  bool passed() const { return mismatches == 0; }
};

/**
 * Checks the request's game on its box. Throws parse_error when the box has another number of axes than the game
 * has factors or the claimed table has another size than the box, limit_error when the graph would exceed the
 * limits (naming how far the game can be checked, plan_check and plan_tartan_grid_check), error when the game
 * lists an illegal move.
 * Complexity: O(edges) time and memory, at most 2^limits.max_coins positions.
 *
 * Example: check({games::resolve_game("mock-turtles"), {16}}).passed() == true;
 *          check({games::resolve_game("ruler*ruler"), {4, 4}}).positions == 65536
 */
check_result check(const check_request& request);

}  // namespace tartan
