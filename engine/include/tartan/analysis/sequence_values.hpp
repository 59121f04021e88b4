// compute_sequence(request): g(0..N-1) of a 1-D game for a front end, with the limits checked once here (memory,
// disk and length before any work, and again when the values widen; time from the measured pace), progress with
// cancellation through one callback, and the values streamed to a sink as they are computed. Nothing computed is
// thrown away: a request stopped by its caller or by the time limit returns the values computed so far and says why
// it stopped.
//
// The values are kept in the narrowest width that holds them (value_table.hpp) where the route reads them so (closed
// forms, the sparse-space method of take-and-break codes: 1 byte a heap for most octal games), else in 64 bits; in
// memory, or in a value file (value_file.hpp) when the request names one: then the disk bounds them, up to the 2^32
// coins of a row, and a checkpoint file is recorded as the work goes and taken up again by the next request naming it.
//
// Past a proven period (periodic_continuation.hpp) no value is computed: the period gives each at memory speed, so a
// request asking for values past it, at any n up to 2^64 − 1, looks for the proof first (in at most
// turning_game::proof_probe values, once per game) and, found, streams them from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/turning/periodic_continuation.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan {

struct sequence_request {
  game_handle game;       // a 1-D game
  std::size_t count = 0;  // g(first..first+count-1)
  /// The first n asked for (first + count - 1 <= 2^64 − 1). The values below it are computed, unless a proven period
  /// answers them, but not sent to the sink. Past 2^32 − count only a proven period answers.
  std::uint64_t first = 0;
  /// Keep the values in result.values (in memory, or in `file`). false: the values a proven period answers are sent
  /// to the sink and not kept, so a sequence past the proof takes no memory whatever its length (result.values then
  /// holds none of them); the values a route computes are kept all the same.
  bool keep_values = true;
  /// Bytes the values may take in memory (sequence_limits.hpp); 0: default_memory_limit(). Values kept in a file
  /// are bounded by the disk's free space instead.
  std::uint64_t max_memory = 0;
  /// Seconds the values may take, projected from their pace (time_limit.hpp); 0: no limit.
  double max_seconds = 0;
  /// The fraction of the count done, every 1/4096 of it and every 0.1 s; returning false stops the work
  /// (result.complete false).
  progress_callback progress = {};
  /// Receives the values in order, a chunk at a time (at the same moments, and the rest at the end or at a stop), so
  /// a front end can print them at once. With `resume`, the values read back from the file come first.
  turning_game::value_sink on_values = {};
  /// The route (tests and benchmarks compare them); automatic picks the fastest the game offers.
  sequence_method method = sequence_method::automatic;
  /// Keep the values in this value file instead of memory ("": in memory): created, replacing any file there, unless
  /// `resume`.
  std::string file = {};
  /// With `file`: a checkpoint. When the file exists it must hold values of this game (else parse_error, the file
  /// untouched) and the work goes on from the values it records; the values are recorded (committed) at least every
  /// `checkpoint_seconds` and when the work ends in any way but a crash, so a run killed in any way loses at most
  /// that much work.
  bool resume = false;
  /// With `file`: seconds between commits (0: at every report, every 1/4096 of the count or 0.1 s).
  double checkpoint_seconds = 60;
  /// Threads the route may use, the caller's included (0: every core); only the sparse-space method uses more than
  /// one, and its values do not depend on the number.
  unsigned threads = 0;
};

struct sequence_result {
  value_table values;       // g(0), g(1), ...: all first + count of them, or fewer when stopped (or not kept)
  bool complete = true;     // false when the progress callback or the time limit stopped the work
  std::size_t resumed = 0;  // values read back from the checkpoint file rather than computed
  /// Set when the time limit stopped the work: the estimate, the limit and how many values would fit.
  std::optional<time_limit_error> time_limit;
  double seconds = 0;  // wall time
  /// The proven period the values past its proof came from (its method() says so), or nullptr when every value was
  /// computed.
  std::shared_ptr<const periodic_continuation> continuation;
};

/**
 * Computes g(first..first+count-1) of the request's game. The values are not cached in the game (a long sequence is
 * printed once, and the cache would double its memory); a proven period is (turning_game::continuation). Throws,
 * before any work, parse_error for a product (its values form a table, not a sequence), a count of 0, a range past
 * 2^64 − 1, or a checkpoint of another game or damaged; limit_error, unless a proven period answers the values
 * without keeping them, when the values would exceed the memory limit (or, in a file, the disk), 2^32 values, or, for
 * routes that keep 64-bit values, max_sequence_length; error when the file cannot be written. When the values widen
 * past what fits, limit_error then (the values so far recorded in a file, sent to the sink). When the values are
 * projected to exceed the time limit, the work stops and the result keeps what was computed, with time_limit set.
 * Throws overflow_error where a value does not fit 64 bits (the sink has then received every value before it).
 * Complexity: that of the game's fastest route (closed form, solver, option values or enumeration) up to the proof of
 * a period, then O(1) a value.
 *
 * Example: compute_sequence({games::resolve_game("mock-turtles"), 5}).values == {1, 2, 4, 7, 8}; kayles with count 10,
 * first 10^18, keep_values false: the sink receives g(10^18..10^18+9) at once
 */
sequence_result compute_sequence(const sequence_request& request);

}  // namespace tartan
