// Benchmarks of <tartan/turning/take_break_code.hpp>: Grundy sequences of take-and-break codes by the sparse-space
// method (turning/code/sparse_space.hpp) against the direct route (the mex of every option), in the same run, and
// the sparse route on one thread against two.
//
// Targets (this 2-core machine; figures in docs/games.md): the sparse route far ahead of the direct one on .16 and
// 0.014 at 2^20 (the direct route's O(n^2) makes that a matter of minutes: one iteration, BM_*At2p20); .16 proven
// periodic from scratch (509622 values and the Guy–Smith check) in at most 0.5 s; 0.014 and Grundy's game to 2^24 in
// at most 2 minutes each (BM_*At2p24, one iteration each); one thread against two on every game (the /threads
// argument), the values the same.
//
// Run everything:  build/release/benchmarks/take_break_code_benchmark --benchmark_context=commit=$(git rev-parse
//                  --short HEAD)
// The short ones:  ... --benchmark_filter='Sweep|Proven|At2p20/'  (minutes; BM_DirectAt2p20 takes most of them)
//
// The values are kept as `tartan seq` keeps them: a value table of the narrowest width, extended by the code's
// solver (extend_value_table).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tartan/turning/period.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/value_table.hpp"
#include "turning/code/sparse_space.hpp"

namespace {

using tartan::grundy_value;
using tartan::take_break_code;

/// g(0..count-1) of `text` into a value table by the code's solver on `threads` threads; with `counts`, the sparse
/// heaps and the splits read per heap as counters (from a run of one thread outside the timing).
void run_sparse(benchmark::State& state, const char* text, std::size_t count, unsigned threads, bool counts = false) {
  const take_break_code code = take_break_code::parse(text);
  std::size_t width = 0;
  for (auto _ : state) {
    tartan::value_table g;
    tartan::extend_value_table(code, g, count, tartan::sequence_method::solver, threads);
    benchmark::DoNotOptimize(g[count - 1]);
    width = static_cast<std::size_t>(g.width());
  }
  state.SetComplexityN(static_cast<std::int64_t>(count));
  state.counters["threads"] = threads;
  state.counters["bytes_per_value"] = static_cast<double>(width);
  if (counts) {
    tartan::detail::sparse_space_solver solver(code);
    for (std::size_t n = 0; n < count; ++n) solver.next();
    const tartan::detail::sparse_space_stats st = solver.stats();
    state.counters["sparse_heaps"] = static_cast<double>(st.rare_heaps);
    state.counters["pairs_per_heap"] = static_cast<double>(st.pairs) / static_cast<double>(count);
  }
}

void run_direct(benchmark::State& state, const char* text, std::size_t count) {
  const take_break_code code = take_break_code::parse(text);
  for (auto _ : state) {
    const std::vector<grundy_value> g = tartan::grundy_sequence(code, count, tartan::sequence_method::option_values);
    benchmark::DoNotOptimize(g.data());
  }
  state.SetComplexityN(static_cast<std::int64_t>(count));
}

const char* const games[] = {"0.16", "0.014", "4!.0", "0.007"};  // state.range(0) indexes them

// Both routes at the sizes the direct one takes in seconds: the ratio at 2^12, 2^14 and 2^16.
void BM_DirectSweep016(benchmark::State& state) { run_direct(state, "0.16", static_cast<std::size_t>(state.range(0))); }
void BM_DirectSweep0014(benchmark::State& state) {
  run_direct(state, "0.014", static_cast<std::size_t>(state.range(0)));
}
void BM_SparseSweep016(benchmark::State& state) {
  run_sparse(state, "0.16", static_cast<std::size_t>(state.range(0)), 1, true);
}
void BM_SparseSweep0014(benchmark::State& state) {
  run_sparse(state, "0.014", static_cast<std::size_t>(state.range(0)), 1, true);
}
void BM_SparseSweepGrundysGame(benchmark::State& state) {
  run_sparse(state, "4!.0", static_cast<std::size_t>(state.range(0)), 1, true);
}
BENCHMARK(BM_DirectSweep016)->RangeMultiplier(4)->Range(1 << 12, 1 << 16)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DirectSweep0014)->RangeMultiplier(4)->Range(1 << 12, 1 << 16)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SparseSweep016)->RangeMultiplier(4)->Range(1 << 12, 1 << 20)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SparseSweep0014)->RangeMultiplier(4)->Range(1 << 12, 1 << 20)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SparseSweepGrundysGame)
    ->RangeMultiplier(4)
    ->Range(1 << 14, 1 << 20)
    ->Complexity()
    ->Unit(benchmark::kMillisecond);

// The sparse route against the direct one at 2^20 heaps, in the same run: one iteration each (the direct route takes
// minutes). Arguments: the game (0: .16, 1: 0.014, 2: Grundy's game, 3: 0.007), then, for the sparse route, the
// threads.
void BM_DirectAt2p20(benchmark::State& state) { run_direct(state, games[state.range(0)], std::size_t{1} << 20); }
void BM_SparseAt2p20(benchmark::State& state) {
  run_sparse(state, games[state.range(0)], std::size_t{1} << 20, static_cast<unsigned>(state.range(1)));
}
BENCHMARK(BM_DirectAt2p20)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_SparseAt2p20)->ArgsProduct({{0, 1, 2, 3}, {1, 2}})->Iterations(1)->Unit(benchmark::kMillisecond);

// .16 proven periodic from scratch: g(0..509621), the least count the Guy–Smith theorem needs for its preperiod
// 105351 and period 149459, then the proof (period.hpp).
void BM_Proven016(benchmark::State& state) {
  const take_break_code code = take_break_code::parse("0.16");
  const auto threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    tartan::value_table g;
    tartan::extend_value_table(code, g, 509622, tartan::sequence_method::solver, threads);
    const std::vector<grundy_value> values = g.to_vector();
    const auto found = tartan::find_octal_period(std::span<const grundy_value>(values), code);
    if (!found || !found->proven || found->period != 149459 || found->preperiod != 105351) {
      state.SkipWithError("the period of .16 was not proven as published");
    }
  }
  state.counters["threads"] = static_cast<double>(threads);
}
BENCHMARK(BM_Proven016)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// To 2^24 heaps, one iteration each, on one thread and on two: 0.014, Grundy's game (Grunt's values), 0.007.
void BM_SparseAt2p24(benchmark::State& state) {
  run_sparse(state, games[state.range(0)], std::size_t{1} << 24, static_cast<unsigned>(state.range(1)));
}
BENCHMARK(BM_SparseAt2p24)->ArgsProduct({{1, 2}, {1, 2}})->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
