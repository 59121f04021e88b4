#include "tartan/analysis/sequence_values.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

namespace {

/// Sends g(first..last-1) to the sink, a piece at a time.
void send(const value_table& g, std::size_t first, std::size_t last, const turning_game::value_sink& sink) {
  if (!sink) return;
  std::array<grundy_value, 4096> piece{};
  for (std::size_t n = first; n < last;) {
    const std::size_t k = std::min(piece.size(), last - n);
    g.copy_to(n, std::span<grundy_value>(piece.data(), k));
    sink(std::span<const grundy_value>(piece.data(), k));
    n += k;
  }
}

}  // namespace

sequence_result compute_sequence(const sequence_request& request) {
  const game_handle& game = request.game;
  if (game.is_product()) {
    throw parse_error(quote_typed(game.name()) + " is a product of " + std::to_string(game.dimensions()) +
                      " games: its values form a table over a box, not a sequence");
  }
  const std::size_t count = request.count;
  if (count == 0) throw parse_error("a sequence needs at least one value; ask for g(0..N-1) with N >= 1");
  const turning_game& row = game.row_game();
  const int least = row.least_value_width(request.method);
  if (count > max_narrow_sequence_length) {
    throw limit_error("g(0.." + std::to_string(count - 1) + ") is " + std::to_string(count) +
                      " values, but a row has at most 2^32 coins (coins are 32-bit); ask for at most " +
                      std::to_string(max_narrow_sequence_length) + " values");
  }
  // Memory and length first, so that a count far beyond the machine is refused with its estimate and the limit.
  // Routes that read 64-bit values keep the old bounds (their solvers' tables grow with the count too); narrow ones
  // need their values' bytes in memory, or none when a file holds them.
  const std::uint64_t memory_limit = memory_limit_or_default(request.max_memory);
  if (least == 8) {
    check_sequence_lengths(std::vector<std::size_t>{count}, request.max_memory);
  } else if (request.file.empty()) {
    check_sequence_memory(count, request.max_memory, static_cast<std::size_t>(least));
  }
  const auto start = std::chrono::steady_clock::now();
  sequence_result result;
  const value_file_game id{row.name(), row.code()};
  std::error_code ec;
  if (request.file.empty()) {
    result.values = value_table(least);
    result.values.limit_memory(memory_limit);
    result.values.reserve(count);
  } else if (request.resume && std::filesystem::exists(request.file, ec)) {
    result.values = value_table::open_file(request.file, id, least);
    result.resumed = std::min(result.values.size(), count);
  } else {
    result.values = value_table::create_file(request.file, id, count, least);
  }
  value_table& g = result.values;
  const bool in_file = !request.file.empty();
  if (result.resumed > 0) {
    send(g, 0, result.resumed, request.on_values);
    if (g.size() > count) g.truncate(count);  // the file keeps what it records; only count are answered
    if (request.progress && !request.progress(static_cast<double>(result.resumed) / static_cast<double>(count))) {
      result.complete = false;
      return result;
    }
  }
  using clock = std::chrono::steady_clock;
  clock::time_point last_commit = clock::now();
  turning_game::table_extension how;
  how.method = request.method;
  how.max_seconds = request.max_seconds;
  how.threads = request.threads != 0 ? request.threads : std::max(1U, std::thread::hardware_concurrency());
  how.progress = request.progress;
  how.sink = request.on_values;
  if (in_file) {
    how.at_report = [&] {
      const clock::time_point now = clock::now();
      if (std::chrono::duration<double>(now - last_commit).count() >= request.checkpoint_seconds) {
        g.commit(count, false);
        last_commit = now;
      }
    };
  }
  try {
    row.extend(g, count, how);
  } catch (const time_limit_error& e) {
    result.time_limit = e;  // the values so far are kept, and were sent to the sink
  } catch (...) {
    // Whatever stopped the work (a value beyond 64 bits, a refusal to widen, the disk), what was computed is recorded.
    if (in_file && g.size() > g.committed()) g.commit(count, false);
    throw;
  }
  result.complete = g.size() >= count;
  if (in_file && g.size() >= g.committed()) g.commit(count, result.complete);
  result.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return result;
}

}  // namespace tartan
