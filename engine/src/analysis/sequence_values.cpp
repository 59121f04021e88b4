#include "tartan/analysis/sequence_values.hpp"

#include <chrono>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

sequence_result compute_sequence(const sequence_request& request) {
  const game_handle& game = request.game;
  if (game.is_product()) {
    throw parse_error("'" + game.name() + "' is a product of " + std::to_string(game.dimensions()) +
                      " games: its values form a table over a box, not a sequence");
  }
  if (request.count == 0) throw parse_error("a sequence needs at least one value; ask for g(0..N-1) with N >= 1");
  // Memory and length first, so that a count far beyond the machine is refused with its estimate and the limit.
  check_sequence_lengths(std::vector<std::size_t>{request.count}, request.max_memory);
  const auto start = std::chrono::steady_clock::now();
  sequence_result result;
  try {
    game.row_game().extend(result.values, request.count, request.method, request.max_seconds, request.progress,
                           request.on_values);
  } catch (const time_limit_error& e) {
    result.time_limit = e;  // the values so far are kept, and were sent to the sink
  }
  result.complete = result.values.size() == request.count;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tartan
