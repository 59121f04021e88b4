// Misère play: every misère outcome of Mock Turtles rows of 24 coins (2^24 positions) and of a 5x5 Turning Corners
// board (twins × twins, 2^25 positions), by the sweep (analysis/misere.hpp) against the plain recursive search written
// here, in the same run: a position's outcome decided from its options one by one until a P-position (memoized), the
// search asked every position in increasing order. Both take the moves as the same bitmasks (the solver's), so the
// ratio is the algorithm's: the sweep looks at the moves of P-positions only (marking their predecessors N), the plain
// search at the options of every position until one is P. The summary after the run prints the medians and their
// ratio.
//
//   build/release/benchmarks/misere_benchmark
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "tartan/analysis/misere.hpp"
#include "tartan/games/registry.hpp"

namespace {

struct workload {
  const char* game;
  tartan::box_extents box;
};

const workload mock_turtles_24{"mock-turtles", {24}};
const workload turning_corners_5x5{"twins*twins", {5, 5}};

std::uint64_t all_positions(const workload& w) {
  std::uint64_t cells = 1;
  for (const std::size_t e : w.box) cells *= e;
  return (std::uint64_t{1} << cells) - 1;
}

tartan::misere_solver solver_for(const workload& w) {
  tartan::misere_options options;
  options.method = tartan::misere_method::sweep;
  options.max_memory = std::uint64_t{8} << 30;
  return tartan::misere_solver(tartan::games::resolve_game(w.game), w.box, all_positions(w), options);
}

/// The plain search: outcome[p] is 'N' when some option of p is 'P' (or p has no move), found by recursion over the
/// options with a memo of one byte per position.
class plain_search {
 public:
  explicit plain_search(const tartan::misere_solver& moves) : moves_(moves), memo_(moves.top() + 1, 0) {}

  char outcome(std::uint64_t p) {
    char& known = memo_[p];
    if (known != 0) return known;
    char result = 'N';  // no move: the player to move wins
    if (!moves_.terminal(p)) {
      result = 'P';
      moves_.for_each_move(p, [&](std::uint64_t turned) {
        if (outcome(p ^ turned) != 'P') return true;
        result = 'N';
        return false;
      });
    }
    memo_[p] = result;
    return result;
  }

 private:
  const tartan::misere_solver& moves_;
  std::vector<char> memo_;
};

void BM_MisereSweep(benchmark::State& state, const workload* w) {
  std::uint64_t p_positions = 0;
  for (auto _ : state) {
    tartan::misere_solver solver = solver_for(*w);
    solver.solve({});
    p_positions = 0;
    for (std::uint64_t p = 0; p <= solver.top(); ++p) p_positions += solver.outcome(p) == 'P';
    benchmark::DoNotOptimize(p_positions);
  }
  state.counters["positions"] = static_cast<double>(all_positions(*w) + 1);
  state.counters["P_positions"] = static_cast<double>(p_positions);
}

void BM_MiserePlainSearch(benchmark::State& state, const workload* w) {
  const tartan::misere_solver moves = solver_for(*w);
  std::uint64_t p_positions = 0;
  for (auto _ : state) {
    plain_search search(moves);
    p_positions = 0;
    for (std::uint64_t p = 0; p <= moves.top(); ++p) p_positions += search.outcome(p) == 'P';
    benchmark::DoNotOptimize(p_positions);
  }
  state.counters["positions"] = static_cast<double>(all_positions(*w) + 1);
  state.counters["P_positions"] = static_cast<double>(p_positions);
}

BENCHMARK_CAPTURE(BM_MisereSweep, mock_turtles_24, &mock_turtles_24)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MiserePlainSearch, mock_turtles_24, &mock_turtles_24)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MisereSweep, turning_corners_5x5, &turning_corners_5x5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MiserePlainSearch, turning_corners_5x5, &turning_corners_5x5)->Unit(benchmark::kMillisecond);

/// Keeps the medians' CPU times and prints the ratio of each plain search to the sweep of the same workload.
class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.aggregate_name != "median") continue;
      const std::string name = run.benchmark_name();
      medians_[name] = run.GetAdjustedCPUTime();
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    for (const char* w : {"mock_turtles_24", "turning_corners_5x5"}) {
      const std::string sweep = std::string("BM_MisereSweep/") + w + "_median";
      const std::string plain = std::string("BM_MiserePlainSearch/") + w + "_median";
      if (medians_.count(sweep) == 0 || medians_.count(plain) == 0) continue;
      std::printf("%s: sweep %.0f ms, plain recursive search %.0f ms, ratio %.1f\n", w, medians_[sweep],
                  medians_[plain], medians_[plain] / medians_[sweep]);
    }
  }

 private:
  std::map<std::string, double> medians_;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args = tartan::bench::with_interleaved_runs(argc, argv);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  ratio_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
}
