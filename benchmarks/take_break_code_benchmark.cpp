// Benchmarks of <tartan/turning/take_break_code.hpp>: Grundy sequences of take-and-break codes by the sparse-space
// method (turning/code/sparse_space.hpp) against the direct route (the mex of every option), in the same run.
//
// Targets (issue 26, this 2-core machine; figures in docs/games.md): the sparse route far ahead of the direct one
// on .16 and 0.014 at 2^16 (the direct route's O(n^2) makes 2^20 a matter of minutes); the sparse route's cost
// linear in N (BM_Sparse* sweeps, fitted complexity): .16 has 52 sparse heaps and short passes, 0.014 about 2000
// sparse heaps and passes of about 3500 splits per heap, Grundy's game about 1300 and 3100.
//
// Run: build/<dir>/benchmarks/take_break_code_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
#include <benchmark/benchmark.h>

#include <vector>

#include "tartan/turning/sequence.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "turning/code/sparse_space.hpp"

namespace {

using tartan::grundy_value;
using tartan::take_break_code;

void run_sparse(benchmark::State& state, const char* text) {
  const take_break_code code = take_break_code::parse(text);
  const auto count = static_cast<std::size_t>(state.range(0));
  tartan::detail::sparse_space_stats st;
  for (auto _ : state) {
    tartan::detail::sparse_space_solver solver(code);
    grundy_value sum = 0;
    for (std::size_t n = 0; n < count; ++n) sum += solver.next();
    benchmark::DoNotOptimize(sum);
    st = solver.stats();
  }
  state.SetComplexityN(state.range(0));
  state.counters["sparse_heaps"] = static_cast<double>(st.rare_heaps);
  state.counters["pairs_per_heap"] = static_cast<double>(st.pairs) / static_cast<double>(count);
}

void run_direct(benchmark::State& state, const char* text) {
  const take_break_code code = take_break_code::parse(text);
  const auto count = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    const std::vector<grundy_value> g = tartan::grundy_sequence(code, count, tartan::sequence_method::option_values);
    benchmark::DoNotOptimize(g.data());
  }
  state.SetComplexityN(state.range(0));
}

// Same sizes, both routes: the ratio at 2^12, 2^14 and 2^16.
void BM_Direct016(benchmark::State& state) { run_direct(state, "0.16"); }
void BM_Sparse016(benchmark::State& state) { run_sparse(state, "0.16"); }
void BM_Direct0014(benchmark::State& state) { run_direct(state, "0.014"); }
void BM_Sparse0014(benchmark::State& state) { run_sparse(state, "0.014"); }
BENCHMARK(BM_Direct016)->RangeMultiplier(4)->Range(1 << 12, 1 << 16)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Direct0014)->RangeMultiplier(4)->Range(1 << 12, 1 << 16)->Complexity()->Unit(benchmark::kMillisecond);
// The sparse route on to 2^20.
BENCHMARK(BM_Sparse016)->RangeMultiplier(4)->Range(1 << 12, 1 << 20)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sparse0014)->RangeMultiplier(4)->Range(1 << 12, 1 << 20)->Complexity()->Unit(benchmark::kMillisecond);

void BM_SparseGrundysGame(benchmark::State& state) { run_sparse(state, "4!.0"); }
BENCHMARK(BM_SparseGrundysGame)
    ->RangeMultiplier(4)
    ->Range(1 << 14, 1 << 20)
    ->Complexity()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
