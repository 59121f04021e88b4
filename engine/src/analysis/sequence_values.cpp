#include "tartan/analysis/sequence_values.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/tartan.hpp"
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

/// "g(first..last) of NAME".
std::string values_named(const turning_game& row, std::uint64_t first, std::uint64_t last) {
  return "g(" + std::to_string(first) + (first == last ? "" : ".." + std::to_string(last)) + ") of " + row.name();
}

/// The values asked for, answered by a proven period and sent to the sink without being kept: a chunk at a time,
/// each reported (progress may stop it) and timed (the time limit projects the rest from their pace: output speed).
sequence_result stream_from(const sequence_request& request, std::shared_ptr<const periodic_continuation> period) {
  const auto start = std::chrono::steady_clock::now();
  sequence_result result;
  const std::uint64_t count = request.count;
  pace_guard guard(count, request.max_seconds,
                   values_named(request.game.row_game(), request.first, request.first + (count - 1)));
  std::array<grundy_value, 4096> piece{};
  std::uint64_t sent = 0;
  while (sent < count) {
    const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(piece.size(), count - sent));
    period->values(request.first + sent, std::span<grundy_value>(piece.data(), k));
    if (request.on_values) request.on_values(std::span<const grundy_value>(piece.data(), k));
    sent += k;
    try {
      guard(sent);
    } catch (const time_limit_error& e) {
      result.time_limit = e;
      break;
    }
    if (sent < count && request.progress && !request.progress(static_cast<double>(sent) / static_cast<double>(count))) {
      break;
    }
  }
  result.complete = sent == count && !result.time_limit;
  result.continuation = std::move(period);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace

sequence_result compute_sequence(const sequence_request& request) {
  const game_handle& game = request.game;
  if (game.is_product()) {
    throw parse_error(quote_typed(game.name()) + " is a product of " + std::to_string(game.dimensions()) +
                      " games: its values form a table over a box, not a sequence");
  }
  if (request.count == 0) throw parse_error("a sequence needs at least one value; ask for g(0..N-1) with N >= 1");
  if (request.count - 1 > UINT64_MAX - request.first) {
    throw parse_error("g(" + std::to_string(request.first) + "..) with " + std::to_string(request.count) +
                      " values passes n = 2^64 - 1 = 18446744073709551615; ask for at most " +
                      std::to_string(UINT64_MAX - request.first + 1) + " values from there");
  }
  const turning_game& row = game.row_game();
  const std::uint64_t last = request.first + (request.count - 1);
  // A proven period answers every value: the one known, else one looked for in at most proof_probe values when the
  // values asked for go past them (a shorter request looks for it as it goes).
  if (request.method == sequence_method::automatic) {
    std::shared_ptr<const periodic_continuation> period = row.known_continuation();
    if (!period && last >= turning_game::proof_probe) {
      const double share = static_cast<double>(turning_game::proof_probe) / (static_cast<double>(last) + 1);
      progress_callback probe_progress;
      if (request.progress) probe_progress = [&](double f) { return request.progress(f * share); };
      try {
        period = row.continuation(turning_game::proof_probe, request.max_seconds, probe_progress);
      } catch (const cancelled_error&) {
        sequence_result stopped;
        stopped.complete = false;
        return stopped;
      } catch (const time_limit_error& e) {
        sequence_result stopped;
        stopped.complete = false;
        stopped.time_limit = e;
        return stopped;
      }
    }
    if (period && request.file.empty() && !request.keep_values) return stream_from(request, std::move(period));
  }
  if (last >= max_narrow_sequence_length) {
    const std::string range = "g(0.." + std::to_string(last) + ")";
    throw limit_error((request.first == 0 ? range + " is " + std::to_string(request.count) + " values"
                                          : values_named(row, request.first, last) + " needs " + range) +
                      ", but a row has at most 2^32 coins (coins are 32-bit); ask for " +
                      (request.first == 0 ? "at most " + std::to_string(max_narrow_sequence_length) + " values"
                                          : "values below n = " + std::to_string(max_narrow_sequence_length)));
  }
  const std::size_t count = extent_of(last + 1, "g(0.." + std::to_string(last) + ")");  // the values computed
  const int least = row.least_value_width(request.method);
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
  // The sink receives g(first..): the values below are computed (a route needs them) and not sent.
  turning_game::value_sink sink = request.on_values;
  if (sink && request.first > 0) {
    sink = [&request, skipped = std::uint64_t{0}](std::span<const grundy_value> values) mutable {
      const std::uint64_t skip = std::min<std::uint64_t>(values.size(), request.first - skipped);
      skipped += skip;
      if (skip < values.size()) request.on_values(values.subspan(static_cast<std::size_t>(skip)));
    };
  }
  if (result.resumed > 0) {
    send(g, 0, result.resumed, sink);
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
  how.sink = sink;
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
  if (request.method == sequence_method::automatic) {
    std::shared_ptr<const periodic_continuation> period = row.known_continuation();
    if (period && g.size() > period->computed()) result.continuation = std::move(period);
  }
  result.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return result;
}

}  // namespace tartan
