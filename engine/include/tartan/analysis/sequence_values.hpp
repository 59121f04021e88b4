// compute_sequence(request): g(0..N-1) of a 1-D game for a front end, with the limits checked once here (memory and
// length before any work, time from the measured pace), progress with cancellation through one callback, and the
// values streamed to a sink as they are computed. Nothing computed is thrown away: a request stopped by its caller
// or by the time limit returns the values computed so far and says why it stopped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

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
  /// Receives the values in order as they are computed, a chunk at a time (every 1/4096 of the count, and the rest
  /// at the end or at a stop), so a front end can print them at once.
  turning_game::value_sink on_values = {};
  /// The route (tests and benchmarks compare them); automatic picks the fastest the game offers.
  sequence_method method = sequence_method::automatic;
};

struct sequence_result {
  std::vector<grundy_value> values;  // g(0), g(1), ...: all `count` of them, or fewer when stopped
  bool complete = true;              // false when the progress callback or the time limit stopped the work
  /// Set when the time limit stopped the work: the estimate, the limit and how many values would fit.
  std::optional<time_limit_error> time_limit;
  double seconds = 0;  // wall time
};

/**
 * Computes g(0..count-1) of the request's game. The values are not cached in the game (a long sequence is printed
 * once, and the cache would double its memory). Throws, before any work, parse_error for a product (its values
 * form a table, not a sequence) or a count of 0, and limit_error when the values would exceed the memory limit or
 * max_sequence_length. When the values are projected to exceed the time limit, the work stops and the result keeps
 * what was computed, with time_limit set. Throws overflow_error where a value does not fit 64 bits (the sink has
 * then received every value before it).
 * Complexity: that of the game's fastest route (closed form, solver, option values or enumeration).
 *
 * Example: compute_sequence({games::resolve_game("mock-turtles"), 5}).values == {1, 2, 4, 7, 8}
 */
sequence_result compute_sequence(const sequence_request& request);

}  // namespace tartan
