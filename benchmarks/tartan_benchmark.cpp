// Tartan products: verification of the theorem by direct computation (product_verify.hpp) and algebraic winning
// moves on large boards (grid_position.hpp), each against a baseline measured in the same run.
//
// Named workloads (targets on the 2-core reference machine):
//   Verify/ruler*ruler/256x256                 <= 5 s   (all cores)
//   Verify/mock-turtles*mock-turtles/32x32     <= 5 s
//   Verify/turtles*ruler*twins/16x16x16        <= 10 s
//   GridWinningMove/ruler*mock-turtles/1000x1000, 10^4 heads  <= 100 ms beyond the two sequences
// Baselines: naive_product_values (every tuple of moves, every cell of the product set) on the same game at a
// smaller box, against the direct computation on that box (ratio = naive / direct); the winning-move finder
// against the two factor sequences it needs and against trying every pair of moves from the same heads coins.
// Run with --benchmark_context=commit=$(git rev-parse --short HEAD) to record the version.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/product_verify.hpp"

namespace {

using tartan::box_extents;
using tartan::tartan_game;

tartan_game product(const char* name) { return tartan_game(tartan::games::find_factors(name)); }

void report_cells(benchmark::State& state, const box_extents& box) {
  const auto cells = static_cast<double>(tartan::cell_count(box));
  state.counters["cells"] = cells;
  state.counters["cells_per_s"] =
      benchmark::Counter(cells * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// The direct computation with `threads` threads (0 = every core), the sequences included (verify_product).
void BM_Verify(benchmark::State& state, const char* name, box_extents box, unsigned threads) {
  const tartan_game game = product(name);
  tartan::verify_options options;
  options.threads = threads;
  for (auto _ : state) {
    const auto report = tartan::verify_product(game, box, options);
    if (report.mismatches != 0) state.SkipWithError("mismatch");
    benchmark::DoNotOptimize(report.checked);
  }
  report_cells(state, box);
}

// The baseline: every tuple of moves, every cell of each product set, one thread.
void BM_Naive(benchmark::State& state, const char* name, box_extents box) {
  const tartan_game game = product(name);
  for (auto _ : state) benchmark::DoNotOptimize(tartan::naive_product_values(game, box).data());
  report_cells(state, box);
}

// The direct computation alone (no comparison), for the ratio against the naive baseline on the same box.
void BM_Direct(benchmark::State& state, const char* name, box_extents box, unsigned threads) {
  const tartan_game game = product(name);
  tartan::verify_options options;
  options.threads = threads;
  for (auto _ : state) benchmark::DoNotOptimize(tartan::direct_product_values(game, box, options).values.data());
  report_cells(state, box);
}

// The targets, every core.
BENCHMARK_CAPTURE(BM_Verify, ruler_ruler_256x256, "ruler*ruler", box_extents{256, 256}, 0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Verify, mock_turtles_squared_32x32, "mock-turtles*mock-turtles", box_extents{32, 32}, 0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Verify, turtles_ruler_twins_16x16x16, "turtles*ruler*twins", box_extents{16, 16, 16}, 0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
// One thread, for the speed-up from threads.
BENCHMARK_CAPTURE(BM_Verify, ruler_ruler_256x256_1thread, "ruler*ruler", box_extents{256, 256}, 1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();
// How the cost grows with the box: Rugs at doubling sizes (about 16x per doubling: Σ (a+1)(b+1) over the box).
BENCHMARK_CAPTURE(BM_Direct, ruler_ruler_64x64, "ruler*ruler", box_extents{64, 64}, 0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Direct, ruler_ruler_128x128, "ruler*ruler", box_extents{128, 128}, 0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// Baselines on smaller boxes, against the direct computation on the same box (one thread each).
// (Wall time throughout: the direct computation runs on worker threads, so the caller's CPU time says nothing.)
BENCHMARK_CAPTURE(BM_Naive, ruler_ruler_32x32, "ruler*ruler", box_extents{32, 32})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Direct, ruler_ruler_32x32, "ruler*ruler", box_extents{32, 32}, 1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Naive, mock_turtles_squared_12x12, "mock-turtles*mock-turtles", box_extents{12, 12})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Direct, mock_turtles_squared_12x12, "mock-turtles*mock-turtles", box_extents{12, 12}, 1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Naive, turtles_ruler_twins_8x8x8, "turtles*ruler*twins", box_extents{8, 8, 8})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Direct, turtles_ruler_twins_8x8x8, "turtles*ruler*twins", box_extents{8, 8, 8}, 1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// The 1000×1000 Ruler × Mock Turtles board with 10^4 random heads (fixed seed).
tartan::grid_position large_board() {
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<tartan::coin> coordinate(0, 999);
  std::set<std::vector<tartan::coin>> cells;
  while (cells.size() < 10000) cells.insert({coordinate(rng), coordinate(rng)});
  return tartan::sparse_grid(box_extents{1000, 1000},
                             std::vector<std::vector<tartan::coin>>(cells.begin(), cells.end()));
}

// Value and winning moves, the factors' sequences computed before (they are cached per game in real use).
void BM_GridWinningMove(benchmark::State& state) {
  const tartan_game game = product("ruler*mock-turtles");
  const tartan::grid_position p = large_board();
  const tartan::tartan_values values = game.values(p.extents);
  const auto limit = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    const tartan::grundy_value v = tartan::grid_value(values, p);
    const auto moves = tartan::grid_winning_moves(game, values, p, limit);
    if (v == 0 || moves.empty()) state.SkipWithError("expected an N-position with a winning move");
    benchmark::DoNotOptimize(moves.data());
  }
}
BENCHMARK(BM_GridWinningMove)->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)->UseRealTime();

// Baseline 1: the two factor sequences the analysis needs (computed from the rules, uncached).
void BM_GridSequences(benchmark::State& state) {
  const tartan_game game = product("ruler*mock-turtles");
  for (auto _ : state) {
    for (std::size_t i = 0; i < 2; ++i) {
      benchmark::DoNotOptimize(game.factor(i).sequence(1000, tartan::sequence_method::automatic).data());
    }
  }
}
BENCHMARK(BM_GridSequences)->Unit(benchmark::kMillisecond)->UseRealTime();

// Baseline 2: the first winning move by trying every pair of a row move and a column move from the same heads
// coins, in the finder's order, valuing each pair as (XOR of g_A over S) ⊗ (XOR of g_B over T).
void BM_GridPairsOfMoves(benchmark::State& state) {
  const tartan_game game = product("ruler*mock-turtles");
  const tartan::grid_position p = large_board();
  const tartan::tartan_values values = game.values(p.extents);
  const tartan::grundy_value v = tartan::grid_value(values, p);
  // The heads coins in the finder's order: sure ones first, fewest coins below first.
  std::vector<std::pair<std::uint64_t, std::size_t>> order;
  for (std::size_t h = 0; h < p.heads.size(); ++h) {
    const auto g = values(p.heads[h]);
    order.emplace_back((v ^ g) < g ? p.heads[h][0] + p.heads[h][1] : (std::uint64_t{1} << 40), h);
  }
  std::sort(order.begin(), order.end());
  for (auto _ : state) {
    bool found = false;
    for (const auto& [weight, h] : order) {
      const auto& cell = p.heads[h];
      std::vector<tartan::grundy_value> u, w;  // XOR over each move of each factor
      game.factor(0).for_each_move(cell[0], [&](std::span<const tartan::coin> others) {
        tartan::grundy_value x = values.factor(0)[cell[0]];
        for (const auto c : others) x ^= values.factor(0)[c];
        u.push_back(x);
        return true;
      });
      game.factor(1).for_each_move(cell[1], [&](std::span<const tartan::coin> others) {
        tartan::grundy_value x = values.factor(1)[cell[1]];
        for (const auto c : others) x ^= values.factor(1)[c];
        w.push_back(x);
        return true;
      });
      for (const auto x : u) {
        for (const auto y : w) {
          if (tartan::nim_mul(x, y) == v) found = true;
        }
        if (found) break;
      }
      if (found) break;
    }
    if (!found) state.SkipWithError("no winning move");
  }
}
BENCHMARK(BM_GridPairsOfMoves)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
