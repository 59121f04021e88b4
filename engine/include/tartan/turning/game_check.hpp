// The explicit check of a 1-D coin-turning game: every position on N coins as a vertex of a game graph, values by
// mex over that graph, compared with the XOR of single-coin values.
//
// This tests the Sprague-Grundy reduction the engine relies on (a position is the sum of its heads coins, Winning
// Ways ch. 14) and the single-coin values themselves, with no theorem assumed on the graph side: the graph's edges
// are the legal moves (the moving coin heads, every coin of the move turned), and its values come from
// grundy_values (a depth-first search that would report a cycle).
//
// Cost: 2^N vertices and E = 2^(N-1) * sum over coins n < N of moves(n) edges (each coin is heads in half of the
// positions); time O(E), memory 4 bytes per edge plus about 20 bytes per position. The check is refused up front
// (limit_error) when E or the memory would exceed the limits, with the largest N that fits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/progress.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// How large an explicit check may get.
struct check_limits {
  std::size_t max_coins = 24;             // 2^24 positions; absolute, whatever the game
  std::uint64_t max_edges = 500'000'000;  // moves in the whole graph (at most 2^32 - 1)
  std::uint64_t max_memory = 4ull << 30;  // bytes, estimated before building
  std::size_t reported_mismatches = 10;   // how many mismatches are kept in the report
  /// Called while the graph is built with the fraction of positions done (0..1); returning false stops the check
  /// there. Positions below the stop form a closed subgame (a move only lowers the heads bitmask: it turns its
  /// moving coin to tails and changes coins below it), so they are still checked and reported (complete = false).
  progress_callback progress;
};

/// The size of a check, worked out before any graph is built.
struct check_plan {
  std::size_t coins = 0;
  std::uint64_t positions = 0;  // 2^coins
  std::uint64_t edges = 0;      // 2^(coins-1) * sum of moves_per_coin
  std::uint64_t memory = 0;     // estimated bytes
  std::vector<std::uint64_t> moves_per_coin;
};

/// A position whose value over the graph differs from the XOR of the table over its heads coins.
struct check_mismatch {
  std::uint32_t heads = 0;       // bit i set = coin i heads
  grundy_value graph_value = 0;  // mex over the explicit game graph
  grundy_value xor_value = 0;    // XOR of the table over the heads coins
};

struct check_report {
  std::size_t coins = 0;
  std::uint64_t positions = 0;  // positions checked: 2^coins, fewer when stopped by progress
  std::uint64_t edges = 0;      // moves in the graph
  std::uint64_t mismatches = 0;
  std::vector<check_mismatch> first_mismatches;  // in increasing order of `heads`, at most reported_mismatches
  bool complete = true;                          // false when the progress callback stopped the check early

  bool passed() const { return mismatches == 0; }
};

/**
 * Counts the moves from each coin (the game's move_count hook, or enumeration stopped at the limit) and sizes the
 * check. Throws limit_error when it would not fit, naming how far it can go, e.g. "motley has 16384 moves from
 * coin 14: the game graph on 16 coins would have at least 2147450880 edges, over the limit of 500000000; check at
 * most 14 coins for this game", whose suggestion() is those 14 coins.
 * Complexity: O(sum of moves(n) for n < N) without the hook, bounded by the edge limit.
 *
 * Example: plan_check(mock_turtles, 16).edges == 2^15 * (16 + 120 + 560)
 */
check_plan plan_check(const turning_game& game, std::size_t coins, const check_limits& limits = {});

/**
 * Checks the game on `coins` coins against `table` (g(0..coins-1), any values: a wrong table is reported through
 * mismatches). Throws limit_error (see plan_check), error when the table is too short or the game lists an illegal
 * move (a coin not below the moving coin, or not ascending).
 * Complexity: O(E) time and memory, see the file comment.
 *
 * Example: check_game(game, 10, std::vector<grundy_value>(10, 0)).passed() == false for Mock Turtles
 */
check_report check_game(const turning_game& game, std::size_t coins, std::span<const grundy_value> table,
                        const check_limits& limits = {});

/**
 * Checks the game on `coins` coins against its own values, game.sequence(coins).
 *
 * Example: check_game(mock_turtles, 16).passed() == true
 */
check_report check_game(const turning_game& game, std::size_t coins, const check_limits& limits = {});

/**
 * A position on `coins` coins as text, coin 0 first: 'H' for heads, 'T' for tails.
 *
 * Example: heads_text(0b1001, 5) == "HTTHT"
 */
std::string heads_text(std::uint32_t heads, std::size_t coins);

}  // namespace tartan
