// compute_sequence(request): g(0..N-1) of a 1-D game for a front end, with the limits checked once here (memory and
// length before any work, time from the measured pace) and progress with cancellation through one callback: a
// stopped request returns the values computed so far.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/turning/sequence.hpp"

namespace tartan {

struct sequence_request {
  game_handle game;       // a 1-D game
  std::size_t count = 0;  // g(0..count-1)
  /// Bytes the values may take (sequence_limits.hpp); 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds the values may take, projected from their pace (time_limit.hpp); 0: no limit.
  double max_seconds = 0;
  /// The fraction of the count done, every 1/4096 of it; returning false stops the work (result.complete false).
  progress_callback progress = {};
  /// The route (tests and benchmarks compare them); automatic picks the fastest the game offers.
  sequence_method method = sequence_method::automatic;
};

struct sequence_result {
  std::vector<grundy_value> values;  // g(0), g(1), ...: all `count` of them, or fewer when stopped
  bool complete = true;              // false when the progress callback stopped the work
  double seconds = 0;                // wall time
};

/**
 * Computes g(0..count-1) of the request's game. The values are not cached in the game (a long sequence is printed
 * once, and the cache would double its memory). Throws parse_error for a product (its values form a table, not a
 * sequence) or a count of 0, limit_error when the values would exceed the memory limit or max_sequence_length,
 * time_limit_error when they are projected to exceed the time limit, overflow_error where a value does not fit
 * 64 bits.
 * Complexity: that of the game's fastest route (closed form, solver, option values or enumeration).
 *
 * Example: compute_sequence({games::resolve_game("mock-turtles"), 5}).values == {1, 2, 4, 7, 8}
 */
sequence_result compute_sequence(const sequence_request& request);

}  // namespace tartan
