// search_stop: how a search for moves (the winning moves and options of analysis.hpp, the engine's reply in play.hpp)
// is stopped from outside: a deadline, and a progress callback that returns false to cancel (Ctrl-C in the CLI,
// KeyboardInterrupt in Python, a closed browser tab). One search for every front end, stopped in one place.
//
// A search visits the heads coins one by one (search_stop::next_coin) and, from each coin, the game's move finder
// runs its own loops, which may go a long time without finding a move (every 4-subset of 3000 coins). Those loops
// poll detail::keep_searching(), which reads the search_stop of the search running on this thread
// (detail::search_scope sets it), so a finder stops within a few microseconds of the deadline or the cancel, whatever
// the game. The moves visited before the stop stay visited: the caller keeps them and reports where it stopped.
//
// The same scope stops other long single-threaded computations at their own poll points: the ordinals' tower fields
// (inverses, degrees, Lenstra's constants) poll detail::keep_searching_now() between products and throw
// cancelled_error, and the caller reads from its search_stop whether the deadline or a cancel ended the work.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "tartan/core/progress.hpp"

namespace tartan {

/// How a search ended.
enum class search_end {
  complete,    // every coin was searched
  stopped,     // the visitor returned false (it had what it wanted: a page, a first move)
  cancelled,   // the progress callback returned false
  time_limit,  // the deadline passed
};

/// The limits of one search: a deadline and a progress callback. The defaults never stop a search.
struct search_options {
  using clock = std::chrono::steady_clock;
  /// The search stops with search_end::time_limit once the steady clock passes this; empty: no deadline.
  std::optional<clock::time_point> deadline;
  /// Called with the fraction of the heads coins searched (0..1), at each coin and now and then within one, at most
  /// once per report_interval; returning false stops the search with search_end::cancelled. Empty: no reports.
  progress_callback progress;
  /// The least time between two progress reports; 0: a report at every coin and every check (for tests).
  clock::duration report_interval = std::chrono::milliseconds(20);

  /// Options whose deadline is `seconds` from now (0 or less: no deadline).
  static search_options within(double seconds);
};

/**
 * The state of one running search: where it is (coins searched of the total), and whether it must stop. Polling is
 * cheap: a counter, with the clock read and the progress callback called every `stride` polls.
 *
 * Example: search_stop stop(options, heads); for (i...) { if (!stop.next_coin(i)) break; find(...); } stop.end()
 */
class search_stop {
 public:
  using clock = search_options::clock;

  /// A search of `total` coins under `options` (kept by reference: it must outlive the search_stop).
  search_stop(const search_options& options, std::uint64_t total);

  /// Starts coin `index` (0-based, ascending over the search): a report, then true unless the search must stop.
  bool next_coin(std::uint64_t index);

  /// True while the search may go on; every `stride` calls it reads the clock and may report. Once it returned
  /// false it returns false until the end of the search.
  bool keep_going() {
    if (end_ != search_end::complete) return false;
    if (++polls_ < stride) return true;
    polls_ = 0;
    return check();
  }

  /// keep_going() reading the clock (and reporting) at once: for loops whose steps are long (a product in a large
  /// field), where waiting for `stride` polls would overrun the deadline.
  bool keep_going_now() {
    if (end_ != search_end::complete) return false;
    polls_ = 0;
    return check();
  }

  /// Records that the visitor stopped the search (search_end::stopped), unless it had already stopped otherwise.
  void visitor_stopped() {
    if (end_ == search_end::complete) end_ = search_end::stopped;
  }

  /// How the search ended so far: complete while it runs and was not stopped.
  search_end end() const { return end_; }
  /// The coins whose search was finished (all of them when complete).
  std::uint64_t coins_done() const { return end_ == search_end::complete ? total_ : index_; }
  std::uint64_t total() const { return total_; }
  /// The deadline of the search, if any: what a computation under this scope may project its time against.
  const std::optional<clock::time_point>& deadline() const { return options_.deadline; }

  /// Polls between two readings of the clock: about a microsecond of a finder's inner loop.
  static constexpr std::uint32_t stride = 256;

 private:
  bool check();

  const search_options& options_;
  std::uint64_t total_;
  std::uint64_t index_ = 0;
  std::uint32_t polls_ = 0;
  search_end end_ = search_end::complete;
  std::optional<clock::time_point> last_report_;
};

namespace detail {

/// The search_stop of the search running on this thread, or nullptr.
search_stop* current_search() noexcept;

/// Makes `stop` the current thread's search for its lifetime (the previous one comes back after it); a null `stop`
/// leaves the current one (a search inside a search is stopped by the outer one's limits).
class search_scope {
 public:
  explicit search_scope(search_stop* stop) noexcept;
  ~search_scope();
  search_scope(const search_scope&) = delete;
  search_scope& operator=(const search_scope&) = delete;

 private:
  search_stop* previous_;
};

/// False when the search running on this thread must stop; true when none runs. For the inner loops of move finders.
inline bool keep_searching() {
  search_stop* stop = current_search();
  return stop == nullptr || stop->keep_going();
}

/// The same reading the clock at every call (search_stop::keep_going_now): for long steps, such as the products of
/// the ordinals' tower fields, which any computation run under a search_scope stops between.
inline bool keep_searching_now() {
  search_stop* stop = current_search();
  return stop == nullptr || stop->keep_going_now();
}

}  // namespace detail

}  // namespace tartan
