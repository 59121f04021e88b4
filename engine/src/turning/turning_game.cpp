#include "tartan/turning/turning_game.hpp"

#include <algorithm>

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
  // not per value (a closed form computes a value in nanoseconds).
  const std::size_t step = std::max<std::size_t>(1, count / 4096);
  std::size_t next = g.size() + step;
  std::size_t sent = g.size();
  auto flush = [&] {
    if (sink && sent < g.size()) sink(std::span<const grundy_value>(g).subspan(sent));
    sent = g.size();
  };
  auto report = [&](std::size_t done) {
    guard(done);
    if (done < next) return;
    next = done + step;
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
