// tartan census on the ranks of an Open MPI job (a build with -DTARTAN_WITH_MPI=ON, started by mpirun or srun).
//
// Rank 0 coordinates: it hands out rules one at a time to the workers as they free up (rule costs differ by orders
// of magnitude, so a static split would leave ranks idle), computes rules on its own threads too, writes the journal
// and the table; every other rank is a worker. Each rank reads the same command line, so every rank knows the family
// and the rules, and only indices and finished rows travel: a row as the journal's JSON line (census_output.hpp), so
// the table is the same bytes as a single process's. A worker sends a heartbeat every second or so while it
// computes; one silent for --worker-timeout seconds is taken for lost (killed, its node gone) and its rule is handed
// out again, which the run reports. A rule whose workers are lost three times is recorded as stopped. A worker
// taken for lost that answers after all is taken back; a row computed twice is recorded once.
// docs/cluster.md describes the runs and the mpirun options that keep a job alive when one of its processes dies.
#pragma once

#include <functional>
#include <span>

#include "tartan/analysis/census.hpp"
#include "tartan/present/census_output.hpp"

namespace tartan::cli {

struct cluster_settings {
  bool verbose = false;        // say which rank took which rule
  double worker_timeout = 60;  // seconds of silence after which a worker is taken for lost
};

/// True when this build has MPI and the process was started as one rank of an MPI job (it then initialises MPI,
/// once); false in a plain build or a process started alone.
bool census_on_cluster();

/// True on rank 0 (and off a cluster).
bool census_is_coordinator();

/**
 * A worker's part (ranks other than 0): asks rank 0 for rules, computes each (census_rule_row) on `threads`
 * threads, sends the rows back, until rank 0 says stop.
 */
void census_work(const present::census_rules& rules, const census_options& options, unsigned threads,
                 const cluster_settings& settings);

/**
 * Rank 0's part: hands out every rule whose index is not in `done` to the workers and to `threads` threads of its
 * own (0: none, it only coordinates), calls record(row) on this thread for each row as it arrives (once per rule),
 * and releases the workers at the end. Returns true when every rule was recorded, false when keep_going() turned
 * false (the workers are released, their rules in progress dropped).
 */
bool census_coordinate(const present::census_rules& rules, const census_options& options,
                       std::span<const std::size_t> done, unsigned threads, const cluster_settings& settings,
                       const std::function<void(census_row&&)>& record, const std::function<bool()>& keep_going);

/// Rank 0 failing before census_coordinate (a refused journal, a bad option): tells the workers to stop, so that
/// the job ends with rank 0's error instead of waiting.
void census_release_workers();

}  // namespace tartan::cli
