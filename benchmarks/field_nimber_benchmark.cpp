// Benchmarks of <tartan/nim/field_nimber.hpp> against the plain 64-bit nimber of <tartan/nim/nimber.hpp>, in the same
// run: the cost of the width dispatch on the 64-bit fast path (target: field_nimber at least 0.8× nimber's
// throughput), then products at 128, 256 and 1024 bits for scale.
//
// Every benchmark works through the same 4096 random pairs (fixed seed) per iteration and counts items:
//   Mul        independent products a[i]⊗b[i] (throughput)
//   Chain      x = x⊗b[i] ⊕ a[i], each product waiting for the last (latency)
//   Operators  (a⊗b ⊕ a) / a per pair, as in nimber_benchmark's BM_NimberOperators
//
// Run: build/<dir>/benchmarks/field_nimber_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
// (5 interleaved repetitions per benchmark by default; the summary uses the medians).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/nimber.hpp"

namespace {

using tartan::field_nimber;
using tartan::nimber;
using u64 = std::uint64_t;
constexpr std::size_t pair_count = 4096;

struct operands {
  std::vector<u64> a, b;
  operands() : a(pair_count), b(pair_count) {
    std::mt19937_64 rng(20240601);
    for (std::size_t i = 0; i < pair_count; ++i) {
      a[i] = rng() | 1;  // non-zero: divisors in Operators
      b[i] = rng();
    }
  }
};
const operands& data() {
  static const operands d;
  return d;
}

void count_items(benchmark::State& state) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}

template <class T>
void run_mul(benchmark::State& state) {
  const operands& d = data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) benchmark::DoNotOptimize(T(d.a[i]) * T(d.b[i]));
  }
  count_items(state);
}

template <class T>
void run_chain(benchmark::State& state) {
  const operands& d = data();
  for (auto _ : state) {
    T x(1);
    for (std::size_t i = 0; i < pair_count; ++i) x = x * T(d.b[i]) + T(d.a[i]);
    benchmark::DoNotOptimize(x);
  }
  count_items(state);
}

template <class T>
void run_operators(benchmark::State& state) {
  const operands& d = data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) {
      const T x(d.a[i]), y(d.b[i]);
      benchmark::DoNotOptimize((x * y + x) / x);
    }
  }
  count_items(state);
}

void BM_NimberMul(benchmark::State& state) { run_mul<nimber>(state); }
BENCHMARK(BM_NimberMul);
void BM_FieldNimberMul(benchmark::State& state) { run_mul<field_nimber>(state); }
BENCHMARK(BM_FieldNimberMul);
void BM_NimberChain(benchmark::State& state) { run_chain<nimber>(state); }
BENCHMARK(BM_NimberChain);
void BM_FieldNimberChain(benchmark::State& state) { run_chain<field_nimber>(state); }
BENCHMARK(BM_FieldNimberChain);
void BM_NimberOperators(benchmark::State& state) { run_operators<nimber>(state); }
BENCHMARK(BM_NimberOperators);
void BM_FieldNimberOperators(benchmark::State& state) { run_operators<field_nimber>(state); }
BENCHMARK(BM_FieldNimberOperators);

// Products of `bits`-bit values (every word random), 256 pairs per iteration counted as 256 items.
void BM_FieldNimberMulWide(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  std::mt19937_64 rng(bits);
  std::vector<field_nimber> a, b;
  for (int i = 0; i < 256; ++i) {
    std::vector<u64> x(bits / 64), y(bits / 64);
    for (auto& w : x) w = rng();
    for (auto& w : y) w = rng();
    a.push_back(field_nimber::from_words(x));
    b.push_back(field_nimber::from_words(y));
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < a.size(); ++i) benchmark::DoNotOptimize(a[i] * b[i]);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * a.size()));
}
BENCHMARK(BM_FieldNimberMulWide)->Arg(128)->Arg(256)->Arg(1024);

// Console output as usual, plus the items_per_second of each benchmark for the summary: the median over the
// repetitions when there are several, else the single run.
class summary_reporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> rate;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      const auto it = run.counters.find("items_per_second");
      if (run.error_occurred || it == run.counters.end()) continue;
      const std::string name = run.run_name.str();
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") rate[name] = it->second.value, from_median_.insert(name);
      } else if (!from_median_.count(name)) {
        rate[name] = it->second.value;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

 private:
  std::set<std::string> from_median_;
};

void print_summary(const summary_reporter& r) {
  const auto get = [&](const std::string& name) {
    const auto it = r.rate.find(name);
    return it == r.rate.end() ? 0.0 : it->second;
  };
  std::printf("\nfield_nimber / nimber throughput, same run (target >= 0.8x):\n");
  for (const char* what : {"Mul", "Chain", "Operators"}) {
    const double plain = get(std::string("BM_Nimber") + what), field = get(std::string("BM_FieldNimber") + what);
    if (plain > 0 && field > 0) std::printf("  %-10s %6.2fx\n", what, field / plain);
  }
  std::printf("\nWide products, cost in 64-bit field_nimber products:\n");
  for (const char* bits : {"128", "256", "1024"}) {
    const double wide = get(std::string("BM_FieldNimberMulWide/") + bits), narrow = get("BM_FieldNimberMul");
    if (wide > 0 && narrow > 0) std::printf("  %-5s bits %10.1f\n", bits, narrow / wide);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args = tartan::bench::with_interleaved_runs(argc, argv);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  summary_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
