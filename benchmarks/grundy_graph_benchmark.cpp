// Grundy values of explicit graphs by the DFS visitor: random DAGs of growing size (O(V + E)), and reading DOT.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "tartan/graph/graph_text.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace {

void BM_GrundyValuesRandomDag(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::mt19937 random(3);
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  for (std::size_t v = 1; v < n; ++v) {
    for (int k = 0; k < 4; ++k) edges.emplace_back(v, random() % v);  // four moves down from each vertex
  }
  const tartan::game_graph g(edges.begin(), edges.end(), n);
  for (auto _ : state) benchmark::DoNotOptimize(tartan::grundy_values(g));
  state.SetComplexityN(static_cast<benchmark::IterationCount>(n));
}
BENCHMARK(BM_GrundyValuesRandomDag)->RangeMultiplier(4)->Range(1 << 10, 1 << 20)->Complexity(benchmark::oN);

void BM_ParseDot(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::string text = "digraph {\n";
  for (std::size_t v = 1; v < n; ++v) {
    text += "  v" + std::to_string(v) + " -> v" + std::to_string(v / 2) + " -> v" + std::to_string(v / 3) + ";\n";
  }
  text += "}\n";
  for (auto _ : state) benchmark::DoNotOptimize(tartan::parse_dot(text).names.size());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_ParseDot)->Arg(1 << 16);

}  // namespace

BENCHMARK_MAIN();
