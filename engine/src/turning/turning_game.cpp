#include "tartan/turning/turning_game.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace tartan {

namespace {

/// Thrown from inside the sequence's progress hook when the caller's callback asks to stop; caught below, where
/// the values computed so far are still in the vector (extend_grundy_sequence keeps them on a throw).
struct stop_requested {};

}  // namespace

void turning_game::extend(std::vector<grundy_value>& g, std::size_t count, sequence_method method, double max_seconds,
                          const progress_callback& progress, const value_sink& sink) const {
  if (count <= g.size()) return;
  pace_guard guard(count, max_seconds, values_named(count));
  // The callbacks are std::functions and may draw on a terminal or write a file: called every 1/4096 of the count,
  // not per value (a closed form computes a value in nanoseconds), and also once 0.1 s has passed since the last
  // call, since a value can take seconds (Gold Moidores past coin 100) and a caller's Ctrl-C waits for the next call.
  // The clock is read on a stride of calls, doubled or halved to keep about 1 ms between readings.
  using clock = std::chrono::steady_clock;
  const std::size_t step = std::max<std::size_t>(1, count / 4096);
  std::size_t next = g.size() + step;
  std::size_t sent = g.size();
  clock::time_point last_call = clock::now(), last_reading = last_call;
  std::uint64_t calls = 0, next_reading = 1, stride = 1;
  auto flush = [&] {
    if (sink && sent < g.size()) sink(std::span<const grundy_value>(g).subspan(sent));
    sent = g.size();
  };
  auto call_due = [&](std::size_t done) {
    if (done >= next) return true;
    if ((!progress && !sink) || ++calls < next_reading) return false;
    const clock::time_point now = clock::now();
    const auto since = now - last_reading;
    if (since < std::chrono::microseconds(500)) {
      stride *= 2;
    } else if (since > std::chrono::milliseconds(2) && stride > 1) {
      stride /= 2;
    }
    last_reading = now;
    next_reading = calls + stride;
    return now - last_call >= std::chrono::milliseconds(100);
  };
  auto report = [&](std::size_t done) {
    guard(done);
    if (!call_due(done)) return;
    next = done + step;
    last_call = clock::now();
    flush();
    if (progress && !progress(static_cast<double>(done) / static_cast<double>(count))) throw stop_requested{};
  };
  try {
    self_->extend(g, count, method, report);
  } catch (const stop_requested&) {
  } catch (...) {
    flush();
    throw;
  }
  flush();
}

}  // namespace tartan
