// Misère heap positions through the quotient (analysis/misere_quotient.hpp) against the plain search over heap
// multisets (misere_heaps.hpp, method search), in the same run: the outcome of Kayles heaps 10..20 (eleven heaps) and
// of 1000 random Kayles heaps of 1..60 (seeded), each time building the quotient from nothing; and the construction of
// Kayles' quotient up to heap 170, where its period is proven. The plain search cannot finish either position in
// reasonable time: it runs once, capped at --cap seconds (default 20), and the summary gives the ratio as a lower
// bound (the search stopped, not finished). Sums of rows (misere_sum.hpp) likewise: 4 and 8 seeded random rows of
// Mock Turtles of 10 coins, through the quotient of the rows (built each time) against the search of the sum.
//
//   build/bench/benchmarks/misere_quotient_benchmark [--cap=20]
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interleaved_runs.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/analysis/misere_sum.hpp"
#include "tartan/games/registry.hpp"

namespace {

double cap_seconds = 20;

std::vector<tartan::coin> kayles_10_to_20() { return {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}; }

std::vector<tartan::coin> random_kayles_heaps() {
  std::mt19937 rng(1000);
  std::uniform_int_distribution<tartan::coin> size(1, 60);
  std::vector<tartan::coin> heaps(1000);
  for (tartan::coin& h : heaps) h = size(rng);
  return heaps;
}

void BM_QuotientOutcome(benchmark::State& state, std::vector<tartan::coin> (*heaps)()) {
  const tartan::game_handle kayles = tartan::games::resolve_game("kayles");
  const std::vector<tartan::coin> position = heaps();
  tartan::misere_heap_options options;
  options.method = tartan::heap_misere_method::quotient;
  for (auto _ : state) {
    const tartan::misere_heap_analysis a = tartan::analyze_misere_heaps(kayles, position, options);
    benchmark::DoNotOptimize(a.outcome());
  }
}

/// The plain search, once, capped: the seconds it ran and whether it finished.
std::map<std::string, std::pair<double, bool>> searched;

void BM_SearchOutcome(benchmark::State& state, std::vector<tartan::coin> (*heaps)(), const char* name) {
  const tartan::game_handle kayles = tartan::games::resolve_game("kayles");
  const std::vector<tartan::coin> position = heaps();
  tartan::misere_heap_options options;
  options.method = tartan::heap_misere_method::search;
  options.max_seconds = cap_seconds;
  options.max_memory = std::uint64_t{8} << 30;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const tartan::misere_heap_analysis a = tartan::analyze_misere_heaps(kayles, position, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    searched[name] = {seconds, a.outcome() != '?'};
    state.counters["finished"] = a.outcome() != '?' ? 1 : 0;
  }
}

void BM_BuildKaylesQuotient(benchmark::State& state) {
  const tartan::take_break_code code = tartan::take_break_code::parse("0.77");
  for (auto _ : state) {
    const tartan::misere_quotient q = tartan::build_misere_quotient(code, static_cast<tartan::coin>(state.range(0)));
    benchmark::DoNotOptimize(q.order());
  }
}

/// `rows` seeded random rows of Mock Turtles of 10 coins (coin 9 heads, so each spans 10 coins).
std::vector<tartan::sum_term> mock_turtles_rows(int rows) {
  const tartan::game_handle mock = tartan::games::resolve_game("mock-turtles");
  std::mt19937 rng(static_cast<unsigned>(rows));
  std::vector<tartan::sum_term> terms;
  for (int i = 0; i < rows; ++i) {
    std::string row;
    for (int c = 0; c < 9; ++c) row += (rng() & 1) != 0 ? 'H' : 'T';
    terms.push_back({mock, tartan::box_region(tartan::parse_box_position(row + "H"))});
  }
  return terms;
}

void BM_RowSumQuotient(benchmark::State& state) {
  const std::vector<tartan::sum_term> terms = mock_turtles_rows(static_cast<int>(state.range(0)));
  tartan::misere_sum_options options;
  options.method = tartan::sum_misere_method::quotient;
  for (auto _ : state) {
    const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms, options);
    benchmark::DoNotOptimize(a.outcome());
  }
}

void BM_RowSumSearch(benchmark::State& state) {
  const std::vector<tartan::sum_term> terms = mock_turtles_rows(static_cast<int>(state.range(0)));
  tartan::misere_sum_options options;
  options.method = tartan::sum_misere_method::search;
  options.max_seconds = cap_seconds;
  options.max_memory = std::uint64_t{8} << 30;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    searched["mock_turtles_rows_" + std::to_string(state.range(0))] = {seconds, a.outcome() != '?'};
    state.counters["finished"] = a.outcome() != '?' ? 1 : 0;
  }
}

BENCHMARK(BM_RowSumQuotient)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RowSumSearch)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(1);
BENCHMARK_CAPTURE(BM_QuotientOutcome, kayles_10_to_20, &kayles_10_to_20)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_QuotientOutcome, kayles_1000_random, &random_kayles_heaps)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchOutcome, kayles_10_to_20, &kayles_10_to_20, "kayles_10_to_20")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(1);
BENCHMARK_CAPTURE(BM_SearchOutcome, kayles_1000_random, &random_kayles_heaps, "kayles_1000_random")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(1);
BENCHMARK(BM_BuildKaylesQuotient)->Arg(40)->Arg(170)->Unit(benchmark::kMillisecond);

/// Prints, for each position, the quotient's median against the capped search.
class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.aggregate_name == "median") medians_[run.benchmark_name()] = run.GetAdjustedRealTime();
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    const std::vector<std::pair<std::string, std::string>> pairs{
        {"kayles_10_to_20", "BM_QuotientOutcome/kayles_10_to_20_median"},
        {"kayles_1000_random", "BM_QuotientOutcome/kayles_1000_random_median"},
        {"mock_turtles_rows_4", "BM_RowSumQuotient/4_median"},
        {"mock_turtles_rows_8", "BM_RowSumQuotient/8_median"}};
    for (const auto& [w, quotient] : pairs) {
      if (medians_.count(quotient) == 0 || searched.count(w) == 0) continue;
      const auto [seconds, finished] = searched[w];
      std::printf("%s: quotient %.3f ms, plain search %s %.1f s, ratio %s%.0f\n", w.c_str(), medians_[quotient],
                  finished ? "finished in" : "stopped unfinished after", seconds,
                  finished ? "" : ">= ", seconds * 1000 / medians_[quotient]);
    }
  }

 private:
  std::map<std::string, double> medians_;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg.starts_with("--cap=")) {
      cap_seconds = std::atof(argv[i] + 6);
    } else {
      args.push_back(argv[i]);
    }
  }
  std::vector<char*> full = tartan::bench::with_interleaved_runs(static_cast<int>(args.size()), args.data());
  int count = static_cast<int>(full.size());
  benchmark::Initialize(&count, full.data());
  ratio_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
}
