// Long runs on the command line: Ctrl-C (SIGINT) as a request to stop cleanly, a progress bar that appears only on a
// terminal, and the time limit of computations that have nothing partial to print.
//
// verify and check install an interrupt_scope around their computation and poll interrupted() from the engine's
// progress callback (verify_options::progress, check_limits::progress); the engine then stops at the next poll
// and returns a report of what was done, which the command prints before exiting with interrupted_exit_code
// (130 = 128 + SIGINT, the shell's convention). A second Ctrl-C during the same run ends the process at once
// (the handler is one-shot), so a run that does not poll can still be killed.
#pragma once

#include <chrono>
#include <csignal>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan::cli {

/// The exit code of a run stopped by Ctrl-C.
inline constexpr int interrupted_exit_code = 130;

/**
 * While an interrupt_scope lives, the first SIGINT only sets the flag read by interrupted(); the previous handler
 * comes back when the scope ends. Scopes do not nest.
 *
 * Example: interrupt_scope scope; options.progress = [](double) { return !interrupted(); };
 */
class interrupt_scope {
 public:
  interrupt_scope();
  ~interrupt_scope();
  interrupt_scope(const interrupt_scope&) = delete;
  interrupt_scope& operator=(const interrupt_scope&) = delete;

 private:
  struct sigaction previous_ {};
};

/// True once SIGINT arrived during the current interrupt_scope (async-signal-safe flag).
bool interrupted() noexcept;

/**
 * A one-line progress bar on standard error, redrawn in place at most ten times a second, and only when standard
 * error is a terminal: with a redirected stream nothing is written, so logs and --json output stay clean. The
 * line is erased by clear() or the destructor.
 *
 * Example: progress_bar bar("checking"); bar.show(0.5);  // "checking [####....]  50.0%" on a terminal
 */
class progress_bar {
 public:
  explicit progress_bar(std::string label);
  ~progress_bar();
  progress_bar(const progress_bar&) = delete;
  progress_bar& operator=(const progress_bar&) = delete;

  /// Draws the bar at `fraction` (0..1) unless it was drawn less than 0.1 s ago.
  void show(double fraction);
  /// The same with what the work is doing, between the bar and the percentage ("the excess 0: the norm, step 3 of
  /// 14"), cut to the terminal's width.
  void show(double fraction, const std::string& doing);
  /// Erases the bar.
  void clear();
  /// True when standard error is a terminal (where the bar, and a command's closing time, are shown).
  bool on_terminal() const { return enabled_; }

 private:
  std::string label_;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

/**
 * compute() within `max_seconds` (0: none), for computations that poll the search scope of their thread
 * (search_stop.hpp) between long steps, such as the products of the ordinals' tower fields and the pivots of a
 * matrix elimination: past the deadline they throw cancelled_error, turned here into a one-line refusal naming
 * `what` (limit_error, exit code 2). They have no partial result to keep: Ctrl-C ends them as it ends any command.
 *
 * Example: within_time_limit(60, "'tartan nim inv' of 'w^(w^64)+w'", [&] { return x.inv(); })
 */
template <class Compute>
auto within_time_limit(double max_seconds, const std::string& what, Compute&& compute) {
  const search_options limits = search_options::within(max_seconds);
  search_stop stop(limits, 1);
  const detail::search_scope scope(&stop);
  try {
    return compute();
  } catch (const cancelled_error&) {
    if (stop.end() != search_end::time_limit) throw;
    throw limit_error(what + " stopped at the time limit of " + tartan::format_seconds(max_seconds) +
                      " before it finished; raise the limit with --max-seconds (0: no limit)");
  }
}

}  // namespace tartan::cli
