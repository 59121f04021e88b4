// Verifications of the Tartan theorem run as jobs for the explorer (POST /api/verify and its status, cancel and
// picture requests): a verification of a large box takes seconds to minutes, longer than a request should hold a
// connection, so a request starts a job and returns its id, and later requests read its progress, cancel it or
// fetch its report. Each job runs verify_product (product_verify.hpp) on a thread of its own, so a long one never
// holds up the server's other requests.
//
// Bounds: at most `max_running` jobs compute at once (a further start is refused, busy_error); each runs under the
// memory limit of its verify_options and stops at `max_seconds` of wall time, as a cancelled job does (the report
// of the cells done so far, complete == false); the last `max_kept` finished jobs are kept for reading, older ones
// are forgotten. Destroying the registry cancels every job and joins its thread.
//
// Where there are no threads (the static explorer's WebAssembly build, docs/explorer.md), jobs run inline: start()
// computes the job on the calling thread and returns once it has ended, showing it to an observer at each progress
// point, which passes its progress on and may cancel it. Every other rule (the checks, the bounds, the states, the
// report of a cancelled or stopped job) is the same.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "tartan/core/error.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::explorer {

/// A job refused because `max_running` jobs are computing already.
class busy_error : public error {
 public:
  using error::error;
};

/// What a job is doing.
enum class job_state { running, done, cancelled, stopped, failed };

/// "running", "done", "cancelled", "stopped" (at the time limit) or "failed".
const char* job_state_name(job_state state);

/// A job as it is when read.
struct job_snapshot {
  std::string id;
  job_state state = job_state::running;
  double progress = 0;                  // fraction of the cells computed, 0..1
  std::optional<verify_report> report;  // once the job has ended, unless it failed
  std::string error;                    // why it failed
  bool limit = false;                   // it failed on a limit (limit_error, overflow_error, out of memory)
  std::string stopped;                  // why it stopped short: cancelled, or the time limit
  bool drawable = false;                // its box fits a picture (svg::fits), so every mismatch is listed
  std::size_t listed = 10;              // how many mismatches a report shows (verify --list)
};

/// Shown an inline job as it is at each of its progress points (about ten times a second); returning false cancels
/// it, as cancel() does.
using job_observer = std::function<bool(const job_snapshot&)>;

class verify_jobs {
 public:
  /// Jobs run on threads of their own, or inline when `inline_observer` is given (see above). A job stopped at
  /// `max_seconds` says how to verify the whole box: `raise_seconds` (e.g. "start tartan explore with
  /// --max-seconds") and a larger figure.
  verify_jobs(std::size_t max_running, std::size_t max_kept, double max_seconds, std::string raise_seconds,
              job_observer inline_observer = {});
  ~verify_jobs();
  verify_jobs(const verify_jobs&) = delete;
  verify_jobs& operator=(const verify_jobs&) = delete;

  /**
   * Starts verify_product(game, extents, options) on a thread of its own and returns the job's id. `listed` is how
   * many mismatches its report shows (all are listed for a picture when the box fits one). Throws busy_error when
   * max_running jobs are computing. Waits until the job has passed its checks (its first progress report, at most
   * `settle`), so that a refusal by the engine (limit_error for a box over the memory limit, ...) is thrown here,
   * and the job forgotten, rather than found later. Inline, runs the job to its end first (`settle` is not used).
   *
   * Example: const std::string id = jobs.start(rugs, {64, 64}, options, 10); jobs.read(id)->state
   */
  std::string start(const tartan_game& game, const box_extents& extents, verify_options options, std::size_t listed,
                    std::chrono::milliseconds settle = std::chrono::milliseconds(2000));

  /// The job's state, progress and report; nothing when no job has this id (or it was forgotten).
  std::optional<job_snapshot> read(const std::string& id);

  /// Asks the job to stop at its next progress point; false when no job has this id. A job that has ended is
  /// left as it is.
  bool cancel(const std::string& id);

  /// Waits until the job has ended, at most `timeout`; false when it is still running (tests).
  bool wait(const std::string& id, std::chrono::milliseconds timeout);

  /// The number of jobs computing now.
  std::size_t running();

 private:
  struct job;
  void reap();  // joins the threads of ended jobs and forgets the oldest beyond max_kept_; mutex_ held
  job_snapshot snapshot(const job& j) const;  // mutex_ held
  /// Computes the job and records how it ended.
  void run(job& j, const tartan_game& game, const box_extents& extents, const verify_options& options);

  std::size_t max_running_;
  std::size_t max_kept_;
  double max_seconds_;
  std::string raise_seconds_;
  job_observer inline_observer_;
  std::mutex mutex_;
  std::condition_variable ended_;
  std::deque<std::shared_ptr<job>> jobs_;  // oldest first
  std::uint64_t next_id_ = 1;
};

}  // namespace tartan::explorer
