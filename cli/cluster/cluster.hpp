// Independent pieces of work (a census's rules, Lenstra's constants of many primes) on the threads of one process
// and, in a build with -DTARTAN_WITH_MPI=ON started by mpirun or srun, on the ranks of an Open MPI job.
//
// Rank 0 coordinates: it hands out tasks one at a time to the workers as they free up (task costs differ by orders
// of magnitude, so a static split would leave ranks idle), computes tasks on its own threads too, and records each
// result; every other rank is a worker. Each rank reads the same command line, so every rank knows the tasks, and
// only indices and finished results travel, a result as its text (a census row as the journal's JSON line,
// census_output.hpp, so that the table is the same bytes as a single process's). A worker sends a heartbeat every
// second or so while it computes; one silent for --worker-timeout seconds is taken for lost (killed, its node gone)
// and its task is handed out again, which the run reports. A task whose workers are lost three times is recorded by
// its abandoned() text. A worker taken for lost that answers after all is taken back; a task computed twice is
// recorded once. Off a cluster (or in a build without MPI) the same coordination runs on rank 0's threads alone.
// docs/cluster.md describes the runs and the mpirun options that keep a job alive when one of its processes dies.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace tartan::cli {

struct cluster_settings {
  bool verbose = false;        // say which rank took which task
  double worker_timeout = 60;  // seconds of silence after which a worker is taken for lost
};

/// The tasks 0 .. count-1 of a run, known alike to every rank.
struct cluster_tasks {
  std::size_t count = 0;
  std::string kind = "task";  // "rule": what a task is, in the run's messages
  /// Task i's result as text, or nullopt when keep_going() turned false before it finished. Called on a compute
  /// thread; it must not throw (a failure is a result of its own).
  std::function<std::optional<std::string>(std::size_t i, const std::function<bool()>& keep_going)> compute;
  /// "rule 3 (0.137)": task i in the run's messages.
  std::function<std::string(std::size_t i)> name;
  /// The result recorded for task i when its workers were lost too often (`why` says how often).
  std::function<std::string(std::size_t i, const std::string& why)> abandoned;
};

/// True when this build has MPI and the process was started as one rank of an MPI job (it then initialises MPI,
/// once); false in a plain build or a process started alone. A build without MPI started as one of several ranks
/// throws parse_error naming `what` ("a census"): each rank would do all the work.
bool on_cluster(const std::string& what);

/// True on rank 0 (and off a cluster).
bool is_coordinator();

/// A worker's part (ranks other than 0): asks rank 0 for tasks, computes each on `threads` threads, sends the
/// results back, until rank 0 says stop.
void cluster_work(const cluster_tasks& tasks, unsigned threads, const cluster_settings& settings);

/**
 * Rank 0's part (or a process's own, off a cluster): hands out every task whose index is not in `done` to the
 * workers and to `threads` threads of its own (0: none, it only coordinates; at least 1 off a cluster), calls
 * record(i, result) on this thread for each result as it arrives (once per task), and releases the workers at the
 * end. Returns true when every task was recorded, false when keep_going() turned false (the workers are released,
 * their tasks in progress dropped).
 */
bool cluster_coordinate(const cluster_tasks& tasks, std::span<const std::size_t> done, unsigned threads,
                        const cluster_settings& settings, const std::function<void(std::size_t, std::string&&)>& record,
                        const std::function<bool()>& keep_going);

/// Rank 0 failing before cluster_coordinate (a refused journal, a bad option): tells the workers to stop, so that
/// the job ends with rank 0's error instead of waiting.
void release_workers();

}  // namespace tartan::cli
