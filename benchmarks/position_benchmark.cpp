// Position analysis: value and winning moves of long sparse rows, found from the target value through the game's
// find_moves hook, against the sequence they need and against filtering plain enumeration (same run).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tartan/games/registry.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

namespace {

std::vector<tartan::coin> random_heads(std::size_t coins, std::size_t heads, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<tartan::coin> out;
  while (out.size() < heads) {
    out.push_back(static_cast<tartan::coin>(random() % coins));
    if (out.size() == heads) {
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
  }
  return out;
}

// The target workload: 10^5 coins, 10^4 heads, value and the first 10 winning moves, the sequence computed before.
void BM_AnalyzeMockTurtlesSparse(benchmark::State& state) {
  const auto coins = static_cast<std::size_t>(state.range(0));
  const auto heads = random_heads(coins, coins / 10, 1);
  const tartan::turning_game game = tartan::games::find_game("mock-turtles");
  const auto g = game.sequence(coins);
  std::size_t found = 0;
  for (auto _ : state) {
    const auto p = tartan::sparse_row(coins, heads);
    benchmark::DoNotOptimize(tartan::position_value(g, p));
    const auto moves = tartan::winning_moves(game, g, p, 10);
    found = moves.size();
    benchmark::DoNotOptimize(moves.data());
  }
  state.counters["moves"] = static_cast<double>(found);
}
BENCHMARK(BM_AnalyzeMockTurtlesSparse)->Arg(100000)->Unit(benchmark::kMillisecond);

// Baseline: the sequence the analysis needs, g(0..10^5-1), computed from the rule.
void BM_SequenceMockTurtles(benchmark::State& state) {
  const tartan::turning_game game = tartan::games::find_game("mock-turtles");
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        game.sequence(static_cast<std::size_t>(state.range(0)), tartan::sequence_method::automatic));
  }
}
BENCHMARK(BM_SequenceMockTurtles)->Arg(100000)->Unit(benchmark::kMillisecond);

// Mock Turtles with nothing but plain enumeration (turn 1, 2 or 3 coins): winning moves by filtering all moves.
struct enumerated_mock_turtles {
  template <class Visit>
  bool for_each_move(tartan::coin n, Visit&& visit) const {
    if (!visit(std::span<const tartan::coin>())) return false;
    for (tartan::coin a = 0; a < n; ++a) {
      const tartan::coin one[] = {a};
      if (!visit(std::span<const tartan::coin>(one))) return false;
      for (tartan::coin b = a + 1; b < n; ++b) {
        const tartan::coin two[] = {a, b};
        if (!visit(std::span<const tartan::coin>(two))) return false;
      }
    }
    return true;
  }
};

// All winning moves of a 2000-coin row with 200 heads: through the hook, and by filtering plain enumeration.
template <bool by_hook>
void BM_AllWinningMoves(benchmark::State& state) {
  const auto coins = static_cast<std::size_t>(state.range(0));
  const auto heads = random_heads(coins, coins / 10, 2);
  const tartan::turning_game hooked = tartan::games::find_game("mock-turtles");
  const tartan::turning_game plain("mock-turtles (enumeration)", "", enumerated_mock_turtles{});
  const auto g = hooked.sequence(coins);
  const auto p = tartan::sparse_row(coins, heads);
  for (auto _ : state) {
    benchmark::DoNotOptimize(tartan::winning_moves(by_hook ? hooked : plain, g, p, SIZE_MAX));
  }
}
BENCHMARK(BM_AllWinningMoves<true>)->Name("BM_AllWinningMovesByHook")->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AllWinningMoves<false>)->Name("BM_AllWinningMovesByEnumeration")->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
