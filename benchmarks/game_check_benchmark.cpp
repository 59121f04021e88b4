// The explicit-graph check: every position on N coins, values by mex over a Boost CSR graph. Reported per edge
// (moves in the graph), the quantity the cost is linear in.
#include <benchmark/benchmark.h>

#include "tartan/games/registry.hpp"
#include "tartan/turning/game_check.hpp"

namespace {

void BM_CheckGame(benchmark::State& state, const char* name) {
  const tartan::turning_game game = tartan::games::find_game(name);
  const auto coins = static_cast<std::size_t>(state.range(0));
  const auto table = game.sequence(coins);
  std::uint64_t edges = 0;
  for (auto _ : state) {
    const auto report = tartan::check_game(game, coins, table);
    edges = report.edges;
    benchmark::DoNotOptimize(report.mismatches);
  }
  state.counters["edges"] = static_cast<double>(edges);
  state.counters["ns_per_edge"] =
      benchmark::Counter(static_cast<double>(edges) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK_CAPTURE(BM_CheckGame, mock_turtles, "mock-turtles")->DenseRange(10, 16, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CheckGame, ruler, "ruler")->DenseRange(10, 16, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CheckGame, ap, "ap")->DenseRange(10, 16, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CheckGame, motley, "motley")->Arg(14)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
