// Benchmarks of <tartan/turning/turning_code.hpp>: Grundy sequences computed from turning codes by the family
// algorithms (the incremental solver; no closed forms), against plain move enumeration in the same run, plus the hooks
// used on long rows (option values under a table, moves of a given value).
//
// Targets (this machine, docs/turning_codes.md): mock-turtles `1-3` g(0..10^5-1) <= 5 s and, at N = 2000, >= 100x
// faster than enumeration; ruler `1+C` and turtles `1-2` g(0..10^6-1) <= 1 s each; ap `1+E` g(0..2999) <= 1 s;
// moebius `1-5` g(0..999) and g(0..2999) <= 5 s; gold-moidores `1-9` g(0..63) <= 10 s. A summary after the run
// prints each figure against its target, and the two-thread word loop of the solver's bitsets against one thread.
//
// Run: build/<dir>/benchmarks/turning_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_code.hpp"
#include "turning/code/value_bitset.hpp"

namespace {

using tartan::grundy_value;
using tartan::sequence_method;
using tartan::turning_code;

void run_sequence(benchmark::State& state, const char* code_text, sequence_method method) {
  const turning_code code = turning_code::parse(code_text);
  const auto count = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    const std::vector<grundy_value> g = tartan::grundy_sequence(code, count, method);
    benchmark::DoNotOptimize(g.data());
  }
  state.SetComplexityN(state.range(0));
  state.counters["coins"] = static_cast<double>(count);
}

// The named workloads of the targets.
void BM_MockTurtles(benchmark::State& state) { run_sequence(state, "1-3", sequence_method::solver); }
void BM_MockTurtlesEnumeration(benchmark::State& state) { run_sequence(state, "1-3", sequence_method::enumeration); }
void BM_Ruler(benchmark::State& state) { run_sequence(state, "1+C", sequence_method::solver); }
void BM_Turtles(benchmark::State& state) { run_sequence(state, "1-2", sequence_method::solver); }
void BM_Ap(benchmark::State& state) { run_sequence(state, "1+E", sequence_method::solver); }
void BM_Moebius(benchmark::State& state) { run_sequence(state, "1-5", sequence_method::solver); }
void BM_GoldMoidores(benchmark::State& state) { run_sequence(state, "1-9", sequence_method::solver); }

BENCHMARK(BM_MockTurtles)->Arg(2000)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_MockTurtlesEnumeration)->Arg(2000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Ruler)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Turtles)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Ap)->Arg(3000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Moebius)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_GoldMoidores)->Arg(64)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);
void BM_Mogul(benchmark::State& state) { run_sequence(state, "1-7", sequence_method::solver); }
BENCHMARK(BM_Mogul)->Arg(200)->Arg(260)->Unit(benchmark::kMillisecond)->Iterations(1);

// The word loop of the solver's bitsets (turning/code/value_bitset.hpp), `this |= source ⊕ v` over 2^B values half
// full, on one thread and on two (the two halves of the words at once): the baseline and the route, in the same run.
void run_or_xor(benchmark::State& state, unsigned threads) {
  const int bits = static_cast<int>(state.range(0));
  tartan::detail::value_bitset source, target;
  source.grow(bits);
  target.grow(bits);
  std::mt19937_64 rng(3);
  const grundy_value universe = grundy_value{1} << bits;
  for (grundy_value i = 0; i < universe / 2; ++i) source.set(rng() % universe);
  // The target a quarter full: dense, so the word loop runs (an empty set lists its members and takes the fresh
  // bits one by one instead).
  for (grundy_value i = 0; i < universe / 4; ++i) target.set(rng() % universe);
  const tartan::detail::value_bitset start = target;
  for (auto _ : state) {
    state.PauseTiming();
    target = start;  // else the target fills up, and full words are skipped
    state.ResumeTiming();
    target.or_xor_of(source, rng() % universe, nullptr, threads);
    benchmark::DoNotOptimize(target.word(0));
  }
  state.counters["words"] = static_cast<double>(target.word_count());
}
void BM_OrXorOneThread(benchmark::State& state) { run_or_xor(state, 1); }
void BM_OrXorTwoThreads(benchmark::State& state) { run_or_xor(state, 2); }
BENCHMARK(BM_OrXorOneThread)->Arg(24)->Arg(25)->Arg(26)->Arg(27)->Arg(30)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OrXorTwoThreads)
    ->Arg(24)
    ->Arg(25)
    ->Arg(26)
    ->Arg(27)
    ->Arg(30)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Size sweeps with fitted complexity for the families with polynomial cost per coin.
void BM_SweepMockTurtles(benchmark::State& state) { run_sequence(state, "1-3", sequence_method::solver); }
void BM_SweepRuler(benchmark::State& state) { run_sequence(state, "1+C", sequence_method::solver); }
void BM_SweepAp(benchmark::State& state) { run_sequence(state, "1+E", sequence_method::solver); }
void BM_SweepTurnips(benchmark::State& state) { run_sequence(state, "3E", sequence_method::solver); }
void BM_SweepGrunt(benchmark::State& state) { run_sequence(state, "4FS", sequence_method::solver); }
BENCHMARK(BM_SweepMockTurtles)->RangeMultiplier(4)->Range(1 << 8, 1 << 16)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SweepRuler)->RangeMultiplier(4)->Range(1 << 10, 1 << 18)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SweepAp)->RangeMultiplier(2)->Range(1 << 8, 1 << 11)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SweepTurnips)->RangeMultiplier(2)->Range(1 << 8, 1 << 11)->Complexity()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SweepGrunt)->RangeMultiplier(2)->Range(1 << 8, 1 << 11)->Complexity()->Unit(benchmark::kMillisecond);

// Sym until just before its first overflowing coin (the union-of-cosets search).
void BM_Sym(benchmark::State& state) { run_sequence(state, "1+S", sequence_method::solver); }
BENCHMARK(BM_Sym)->Arg(128)->Unit(benchmark::kMillisecond);

// Hooks on a long mock-turtles row: all option values of the last coin under the game's table (Walsh-Hadamard
// route), and the moves of a coin with a given value (hashing), as used for winning moves.
const std::vector<grundy_value>& mock_turtles_table(std::size_t count) {
  static std::map<std::size_t, std::vector<grundy_value>> tables;
  auto& t = tables[count];
  if (t.empty()) t = tartan::grundy_sequence(turning_code::parse("1-3"), count);
  return t;
}

void BM_OptionValuesMockTurtles(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& g = mock_turtles_table(n);
  const turning_code code = turning_code::parse("1-3");
  std::vector<grundy_value> out;
  for (auto _ : state) {
    out.clear();
    code.option_values(static_cast<tartan::coin>(n), g, out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_OptionValuesMockTurtles)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_FindMovesMockTurtles(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto& g = mock_turtles_table(n);
  const turning_code code = turning_code::parse("1-3");
  std::mt19937_64 rng(3);
  for (auto _ : state) {
    const auto a = static_cast<tartan::coin>(n - 1 - rng() % 1000);
    const grundy_value target = rng() % g[a];  // below the mex: a move exists
    int found = 0;
    code.find_moves(a, target, g, [&](std::span<const tartan::coin>) { return ++found < 1; });
    benchmark::DoNotOptimize(found);
  }
}
BENCHMARK(BM_FindMovesMockTurtles)->Arg(100000)->Unit(benchmark::kMicrosecond);

// Console output as usual, plus the real and CPU time of each run (in seconds) for the summary.
class summary_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      seconds[run.benchmark_name()] = run.GetAdjustedRealTime() / multiplier(run.time_unit);
      cpu_seconds[run.benchmark_name()] = run.GetAdjustedCPUTime() / multiplier(run.time_unit);
    }
    ConsoleReporter::ReportRuns(runs);
  }
  static double multiplier(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond:
        return 1e9;
      case benchmark::kMicrosecond:
        return 1e6;
      case benchmark::kMillisecond:
        return 1e3;
      case benchmark::kSecond:
        return 1;
    }
    return 1;
  }
  std::map<std::string, double> seconds, cpu_seconds;
};

// The targets are judged on CPU time: the machine is shared, and the real time grows with its load (both shown).
void print_summary(const summary_reporter& r) {
  const auto get = [](const std::map<std::string, double>& m, const std::string& name) {
    const auto it = m.find(name);
    return it == m.end() ? -1.0 : it->second;
  };
  std::printf("\nSummary (sequences from the rule; verdict on CPU time):\n");
  const struct {
    const char* label;
    const char* name;
    double limit;
  } targets[] = {
      {"mock-turtles 1-3  g(0..10^5-1)", "BM_MockTurtles/100000/iterations:3", 5},
      {"ruler 1+C         g(0..10^6-1)", "BM_Ruler/1000000/iterations:3", 1},
      {"turtles 1-2       g(0..10^6-1)", "BM_Turtles/1000000/iterations:3", 1},
      {"ap 1+E            g(0..2999)", "BM_Ap/3000/iterations:3", 1},
      {"moebius 1-5       g(0..999)", "BM_Moebius/1000/iterations:1", 5},
      {"moebius 1-5       g(0..2999)", "BM_Moebius/3000/iterations:1", 5},
      {"gold-moidores 1-9 g(0..63)", "BM_GoldMoidores/64/iterations:1", 10},
  };
  for (const auto& t : targets) {
    const double cpu = get(r.cpu_seconds, t.name);
    if (cpu < 0) continue;
    std::printf("  %-32s cpu %8.3f s  real %8.3f s   target <= %4.0f s   %s\n", t.label, cpu, get(r.seconds, t.name),
                t.limit, cpu <= t.limit ? "ok" : "MISSED");
  }
  for (const char* bits : {"24", "25", "26", "27", "30"}) {
    const double one = get(r.seconds, std::string("BM_OrXorOneThread/") + bits);
    const double two = get(r.seconds, std::string("BM_OrXorTwoThreads/") + bits + "/real_time");
    if (one > 0 && two > 0) {
      std::printf("  bitset XOR-shift over 2^%s values: one thread %.3f ms, two threads %.3f ms (real): %.2fx\n", bits,
                  one * 1e3, two * 1e3, one / two);
    }
  }
  const double fast = get(r.cpu_seconds, "BM_MockTurtles/2000/iterations:3");
  const double slow = get(r.cpu_seconds, "BM_MockTurtlesEnumeration/2000/iterations:1");
  if (fast > 0 && slow > 0) {
    std::printf("  %-32s %8.0fx faster than enumeration      target >= 100x   %s\n", "mock-turtles N=2000", slow / fast,
                slow / fast >= 100 ? "ok" : "MISSED");
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  summary_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
