#include "tartan/turning/turning_game.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <type_traits>

#include "tartan/turning/period.hpp"
#include "tartan/turning/periodic_continuation.hpp"

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

/// g(0..n-1) of a table as 64-bit values.
std::vector<grundy_value> first_values(const std::vector<grundy_value>& g, std::size_t n) {
  return {g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n)};
}
std::vector<grundy_value> first_values(const value_table& g, std::size_t n) {
  std::vector<grundy_value> out(n);
  g.copy_to(0, out);
  return out;
}

/// The values a chunk of a continuation is copied in, between two reports.
constexpr std::size_t continuation_chunk = 4096;

/// Appends g(size..count-1) from the continuation, reporting after each chunk.
template <class Progress>
void append_from(std::vector<grundy_value>& g, std::size_t count, const periodic_continuation& c, Progress&& progress) {
  g.reserve(count);
  while (g.size() < count) {
    const std::size_t from = g.size();
    g.resize(from + std::min(continuation_chunk * 16, count - from));
    c.values(from, std::span<grundy_value>(g).subspan(from));
    progress(g.size());
  }
}
template <class Progress>
void append_from(value_table& g, std::size_t count, const periodic_continuation& c, Progress&& progress) {
  g.reserve(count);
  std::array<grundy_value, continuation_chunk> piece{};
  while (g.size() < count) {
    const std::size_t n = std::min(piece.size(), count - g.size());
    c.values(g.size(), std::span<grundy_value>(piece.data(), n));
    for (std::size_t i = 0; i < n; ++i) g.push_back(piece[i]);
    progress(g.size());
  }
}

}  // namespace

std::shared_ptr<const period_proof> turning_game::proof() const {
  std::lock_guard lock(cache_->period_mutex);
  if (!cache_->proof_looked_up) {
    if (std::optional<period_proof> found = period_proof::of(*this)) {
      cache_->proof = std::make_shared<const period_proof>(std::move(*found));
    }
    cache_->proof_looked_up = true;
  }
  return cache_->proof;
}

std::shared_ptr<const periodic_continuation> turning_game::keep(
    std::shared_ptr<const periodic_continuation> found) const {
  std::lock_guard lock(cache_->period_mutex);
  if (!cache_->continuation) cache_->continuation = std::move(found);
  return cache_->continuation;
}

template <class Table>
void turning_game::extend_with_period(Table& g, std::size_t count, sequence_method method, sequence_progress progress,
                                      unsigned threads) const {
  const auto extend_to = [&](std::size_t n) {
    if constexpr (std::is_same_v<Table, value_table>) {
      self_->extend(g, n, method, threads, progress);
    } else {
      self_->extend(g, n, method, progress);
    }
  };
  if (count <= g.size()) return;
  const std::shared_ptr<const period_proof> rule_proof = method == sequence_method::automatic ? proof() : nullptr;
  if (!rule_proof) return extend_to(count);
  // Computed a doubling at a time, the proof looked for at each: a look costs a pass over the values, so all the
  // looks cost about two passes, and the values past the proof are copied from the period instead.
  std::shared_ptr<const periodic_continuation> found = known_continuation();
  std::size_t look = first_proof_check;
  while (look <= g.size()) look *= 2;
  while (!found && g.size() < count) {
    extend_to(std::min(count, look));
    if (g.size() < look) break;
    if (std::optional<sequence_period> period = rule_proof->find(g)) {
      const std::size_t needed = period->preperiod + period->period;
      found = keep(std::make_shared<const periodic_continuation>(first_values(g, needed), std::move(*period),
                                                                 rule_proof->basis()));
    }
    look *= 2;
  }
  if (found && g.size() < count) append_from(g, count, *found, progress);
}

std::vector<grundy_value> turning_game::sequence(std::size_t count, double max_seconds,
                                                 const progress_callback& progress) const {
  std::lock_guard lock(cache_->mutex);
  extend_cache(count, max_seconds, progress);
  return first_values(cache_->values, count);
}

void turning_game::extend_cache(std::size_t count, double max_seconds, const progress_callback& progress) const {
  if (cache_->values.size() >= count) return;
  extend(cache_->values, count, sequence_method::automatic, max_seconds, progress, {});
  if (cache_->values.size() < count) {
    const std::size_t done = cache_->values.size();
    throw cancelled_error("stopped with " + (done == 0 ? std::string("no value") : values_named(done)) +
                          " computed, of the " + values_named(count) + " asked for");
  }
}

std::vector<grundy_value> turning_game::sequence(std::size_t count, sequence_method method, double max_seconds) const {
  pace_guard guard(count, max_seconds, values_named(count));
  std::vector<grundy_value> g;
  extend_with_period(g, count, method, guard);
  return g;
}

std::shared_ptr<const periodic_continuation> turning_game::continuation(std::size_t probe, double max_seconds,
                                                                        const progress_callback& progress) const {
  if (std::shared_ptr<const periodic_continuation> found = known_continuation()) return found;
  if (!proof()) return nullptr;
  std::lock_guard lock(cache_->mutex);
  // A doubling at a time, so that the cache stops where the proof is found.
  std::shared_ptr<const periodic_continuation> found;
  for (std::size_t n = first_proof_check; !found && cache_->values.size() < probe; n *= 2) {
    extend_cache(std::min(n, probe), max_seconds, progress);
    found = known_continuation();
  }
  return found;
}

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
    extend_with_period(g, count, method, report);
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
    extend_with_period(g, count, how.method, report, how.threads);
  } catch (const stop_requested&) {
  } catch (...) {
    flush();
    throw;
  }
  flush();
}

}  // namespace tartan
