#include "tartan/turning/turning_game.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>

namespace tartan {

namespace {

/// Thrown from inside the sequence's progress hook when the caller's callback asks to stop; caught below, where
/// the values computed so far are still in the vector or table (the extensions keep them on a throw).
struct stop_requested {};

/**
 * When an extension reports: the callbacks are std::functions and may draw on a terminal or write a file, so they
 * are called every 1/4096 of the count, not per value (a closed form computes a value in nanoseconds), and also once
 * 0.1 s has passed since the last call, since a value can take seconds (Gold Moidores past coin 100) and a caller's
 * Ctrl-C waits for the next call. The clock is read on a stride of calls, doubled or halved to keep about 1 ms
 * between readings.
 */
class report_clock {
 public:
  report_clock(std::size_t start, std::size_t count, bool watched)
      : step_(std::max<std::size_t>(1, count / 4096)), next_(start + step_), watched_(watched) {}

  /// Whether the caller reports now, `done` values being computed.
  bool due(std::size_t done) {
    if (done >= next_) return true;
    if (!watched_ || ++calls_ < next_reading_) return false;
    const clock::time_point now = clock::now();
    const auto since = now - last_reading_;
    if (since < std::chrono::microseconds(500)) {
      stride_ *= 2;
    } else if (since > std::chrono::milliseconds(2) && stride_ > 1) {
      stride_ /= 2;
    }
    last_reading_ = now;
    next_reading_ = calls_ + stride_;
    return now - last_call_ >= std::chrono::milliseconds(100);
  }

  /// The caller reported at `done`.
  void reported(std::size_t done) {
    next_ = done + step_;
    last_call_ = clock::now();
  }

 private:
  using clock = std::chrono::steady_clock;
  std::size_t step_;
  std::size_t next_;
  bool watched_;  // a callback waits for the calls (else only every 1/4096)
  clock::time_point last_call_ = clock::now(), last_reading_ = last_call_;
  std::uint64_t calls_ = 0, next_reading_ = 1, stride_ = 1;
};

}  // namespace

void turning_game::extend(std::vector<grundy_value>& g, std::size_t count, sequence_method method, double max_seconds,
                          const progress_callback& progress, const value_sink& sink) const {
  if (count <= g.size()) return;
  pace_guard guard(count, max_seconds, values_named(count));
  report_clock when(g.size(), count, progress || sink);
  std::size_t sent = g.size();
  auto flush = [&] {
    if (sink && sent < g.size()) sink(std::span<const grundy_value>(g).subspan(sent));
    sent = g.size();
  };
  auto report = [&](std::size_t done) {
    guard(done);
    if (!when.due(done)) return;
    when.reported(done);
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

void turning_game::extend(value_table& g, std::size_t count, const table_extension& how) const {
  if (count <= g.size()) return;
  const std::size_t start = g.size();
  // The pace is that of the values computed here: those read back from a file took no time.
  pace_guard guard(count - start, how.max_seconds, values_named(count));
  report_clock when(start, count, how.progress || how.sink || how.at_report);
  std::size_t sent = start;
  // The sink takes 64-bit values: the table's are copied out a piece at a time.
  std::array<grundy_value, 4096> piece{};
  auto flush = [&] {
    if (how.sink) {
      while (sent < g.size()) {
        const std::size_t n = std::min(piece.size(), g.size() - sent);
        g.copy_to(sent, std::span<grundy_value>(piece.data(), n));
        how.sink(std::span<const grundy_value>(piece.data(), n));
        sent += n;
      }
    }
    sent = g.size();
  };
  auto report = [&](std::size_t done) {
    guard(done - start);
    if (!when.due(done)) return;
    when.reported(done);
    if (how.at_report) how.at_report();  // first, so that every value the sink gets was recorded when due
    flush();
    if (how.progress && !how.progress(static_cast<double>(done) / static_cast<double>(count))) {
      throw stop_requested{};
    }
  };
  try {
    self_->extend(g, count, how.method, how.threads, report);
  } catch (const stop_requested&) {
  } catch (...) {
    flush();
    throw;
  }
  flush();
}

}  // namespace tartan
