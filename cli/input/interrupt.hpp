// Long runs on the command line: Ctrl-C (SIGINT) as a request to stop cleanly, and a progress bar that appears only
// on a terminal.
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

}  // namespace tartan::cli
