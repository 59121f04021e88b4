// Winning moves of a Ruler row with every coin heads, through the game's move index (move_index.hpp: the runs of a
// value from a coin are the positions of one prefix XOR, found by binary search), against the search before it (the
// code's find_moves, a suffix XOR over every run from each coin: O(N) per coin), in the same run: every winning move,
// the first 3, and their number. The index runs at 10^6 coins, the search before it at 10^5 (at 10^6 it takes
// minutes); both at 10^5 too, for the ratio at one size.
//
//   build/bench/benchmarks/move_index_benchmark --benchmark_context=commit=$(git rev-parse --short HEAD)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_game.hpp"

namespace {

struct ruler_row {
  tartan::turning_game game = tartan::games::find_game("ruler");
  std::vector<tartan::grundy_value> g;
  tartan::row_position p;

  explicit ruler_row(std::size_t coins) : g(game.sequence(coins)) {
    p.coins = coins;
    for (std::size_t c = 0; c < coins; ++c) p.heads.push_back(static_cast<tartan::coin>(c));
  }
};

/// The moves visited (up to `limit`) through the index, built in the loop as an analysis builds it once.
template <bool indexed>
std::uint64_t visit_moves(const ruler_row& row, std::uint64_t limit) {
  std::uint64_t visited = 0;
  std::uint64_t skip = 0;
  const auto visit = [&](std::span<const tartan::coin> coins) {
    benchmark::DoNotOptimize(coins.data());
    return ++visited < limit;
  };
  if constexpr (indexed) {
    const std::unique_ptr<tartan::move_index> index = row.game.index_moves(row.g);
    tartan::for_each_move_to_value(*index, row.g, row.p, 0, visit, nullptr, skip);
  } else {
    const tartan::listed_move_index<tartan::turning_game> search(row.game, row.g);  // find_moves, coin by coin
    tartan::for_each_move_to_value(search, row.g, row.p, 0, visit, nullptr, skip);
  }
  return visited;
}

template <bool indexed>
void BM_RulerAllWinningMoves(benchmark::State& state) {
  const ruler_row row(static_cast<std::size_t>(state.range(0)));
  std::uint64_t moves = 0;
  for (auto _ : state) moves = visit_moves<indexed>(row, UINT64_MAX);
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_RulerAllWinningMoves<true>)
    ->Name("BM_RulerAllWinningMovesIndexed")
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RulerAllWinningMoves<false>)
    ->Name("BM_RulerAllWinningMovesSearched")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

template <bool indexed>
void BM_RulerFirstWinningMoves(benchmark::State& state) {
  const ruler_row row(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(visit_moves<indexed>(row, 3));
}
BENCHMARK(BM_RulerFirstWinningMoves<true>)
    ->Name("BM_RulerFirst3WinningMovesIndexed")
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RulerFirstWinningMoves<false>)
    ->Name("BM_RulerFirst3WinningMovesSearched")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The count, as `tartan analyze ruler --coins N --all-heads --count` asks it (count_winning_moves, the sequence
// cached by the game after the first iteration).
void BM_RulerCountWinningMoves(benchmark::State& state) {
  const auto coins = static_cast<std::size_t>(state.range(0));
  const tartan::game_handle game(tartan::games::find_game("ruler"));
  const tartan::box_region region = tartan::box_region::all_heads({coins});
  tartan::uint128 moves = 0;
  for (auto _ : state) moves = tartan::count_winning_moves(game, region).winning_moves;
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_RulerCountWinningMoves)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// The count before the index: every run of every coin's value from the prefix XORs, O(1) per move, O(N^2) in all
// (turning_code::count_move_values as it was), then the entry of the position's value.
void BM_RulerCountWinningMovesByEveryRun(benchmark::State& state) {
  const ruler_row row(static_cast<std::size_t>(state.range(0)));
  const std::size_t n = row.g.size();
  std::vector<tartan::grundy_value> prefix(n + 1, 0);
  for (std::size_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] ^ row.g[j];
  std::uint64_t moves = 0;
  for (auto _ : state) {
    std::vector<std::uint64_t> table(std::size_t{1} << 20, 0);
    for (std::size_t t = 0; t < n; ++t) {
      for (std::size_t l = 1; l <= t + 1; ++l) ++table[static_cast<std::size_t>(prefix[t + 1] ^ prefix[t + 1 - l])];
    }
    moves = table[static_cast<std::size_t>(prefix[n])];
    benchmark::DoNotOptimize(table.data());
  }
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_RulerCountWinningMovesByEveryRun)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
