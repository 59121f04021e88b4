// Benchmarks of <tartan/analysis/census.hpp>: whole families of rules, on threads of one process and on the ranks of
// an Open MPI job, each figure against its baseline in the same run (docs/cluster.md quotes them).
//
// Targets (issue 27, this 2-core machine):
//   - every octal code of up to 3 digits (512 codes) to 2^16 values: 1 thread against 2, and 1 rank against 2
//     (`mpirun -n 2`), at least 1.8 times faster on 2;
//   - every octal code of up to 2 digits to 2^20 values: the time, quoted;
//   - the MPI path on one rank (`mpirun -n 1 tartan census`) against the plain process (`tartan census --threads 1`):
//     at most 5% slower.
// The BM_Census*Process benchmarks run the tartan executable (and mpirun, in a build with -DTARTAN_WITH_MPI=ON), so
// they time what a user runs, start-up and output included; BM_CensusThreads runs the engine in this process.
// Each census takes minutes: one iteration each. Per-rule time limits are off (--max-seconds 0), so every rule is
// computed to the end and the work is the same in every run. Each benchmark also reports cpu_s, the processor
// seconds spent (its threads', or every child process's): on a machine shared with other work the real time grows
// with the load, the processor time much less, so cpu_s shows the MPI path's overhead when real times are noisy.
//
// Run: build/<dir>/benchmarks/census_benchmark [--benchmark_filter=Octal3]
//        [--benchmark_context=commit=$(git rev-parse --short HEAD)]  (one line)
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "tartan/analysis/census.hpp"
#include "tartan/games/registry.hpp"

namespace {

/// Seconds of processor time (user and system) of this process, or of its children waited for: the work done,
/// which unlike the real time does not grow when other processes share the cores.
double cpu_seconds(int who) {
  rusage usage{};
  ::getrusage(who, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

/// run_census over the octal codes of `digits` digits to 2^log_values values, on `threads` threads.
void BM_CensusThreads(benchmark::State& state) {
  const auto digits = static_cast<unsigned>(state.range(0));
  const tartan::census_family family = tartan::octal_family(digits);
  std::vector<tartan::turning_game> games;
  for (const std::string& rule : family.rules) games.push_back(tartan::games::find_game(rule));
  const std::vector<std::string> names(family.rules.size());
  const tartan::census_options options{.values = std::size_t{1} << state.range(1)};
  tartan::census_run_options run;
  run.threads = static_cast<unsigned>(state.range(2));
  std::size_t rows = 0;
  run.on_row = [&](tartan::census_row&&) { ++rows; };
  double cpu = 0;
  for (auto _ : state) {
    rows = 0;
    const double before = cpu_seconds(RUSAGE_SELF);
    tartan::run_census(games, family.rules, names, {}, options, run);
    cpu += cpu_seconds(RUSAGE_SELF) - before;
  }
  state.counters["cpu_s"] = cpu;
  state.counters["rules"] = static_cast<double>(rows);
  state.counters["rules_per_s"] = benchmark::Counter(static_cast<double>(rows), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CensusThreads)
    ->ArgNames({"digits", "log2_values", "threads"})
    ->Args({3, 16, 1})
    ->Args({3, 16, 2})
    ->Args({2, 20, 2})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);

#ifdef TARTAN_EXE

/// Runs a shell command, timing it; the benchmark fails when it does.
void timed_command(benchmark::State& state, const std::string& command) {
  double cpu = 0;
  for (auto _ : state) {
    const double cpu_before = cpu_seconds(RUSAGE_CHILDREN);
    const auto start = std::chrono::steady_clock::now();
    const int status = std::system((command + " >/dev/null").c_str());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    cpu += cpu_seconds(RUSAGE_CHILDREN) - cpu_before;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      state.SkipWithError(("failed: " + command).c_str());
      return;
    }
    state.SetIterationTime(seconds);
  }
  state.counters["cpu_s"] = cpu;  // every process's: mpirun's and the ranks' too
}

const std::string octal3 = " census octal --digits 3 --values 65536 --max-seconds 0";

/// The plain process on one thread: the baseline of the MPI path's overhead.
void BM_CensusOctal3PlainProcess(benchmark::State& state) {
  timed_command(state, std::string(TARTAN_EXE) + octal3 + " --threads 1");
}
BENCHMARK(BM_CensusOctal3PlainProcess)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

#ifdef TARTAN_MPIEXEC

/// K ranks, one thread each (rank 0 coordinates on its main thread and computes on one more).
void BM_CensusOctal3MpiProcess(benchmark::State& state) {
  // As root, mpirun needs its consent.
  const std::string consent = ::geteuid() == 0 ? "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " : "";
  timed_command(state, consent + TARTAN_MPIEXEC + " --oversubscribe -n " + std::to_string(state.range(0)) + " " +
                           TARTAN_EXE + octal3 + " --threads 1");
}
BENCHMARK(BM_CensusOctal3MpiProcess)
    ->ArgName("ranks")
    ->Arg(1)
    ->Arg(2)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kSecond);

#endif
#endif

}  // namespace

BENCHMARK_MAIN();
