// The container of the engine's short-lived buffers (detail/small_buffer.hpp): the engine's own functions run with
// those buffers as std::vector and as boost::container::small_vector, in the same run, and a summary prints the
// ratio per workload (std::vector time / small_vector time, CPU time, medians).
//
//   Sequence/<game>/N   g(0..N-1) by the engine's enumeration route (extend_grundy_sequence: mex over every move),
//                       the moves listed by detail::enumerate_code, the body of turning_code::for_each_move. Its
//                       one move buffer per coin is what check, play, verify's move profile and the product's row
//                       moves pay for each coin they enumerate.
//   Options/<game>/N    g(0..N-1) from option values listed by detail::list_subset_xor_values (the route
//                       subset_xor_values takes for rows of up to 12 coins; for_each_subset_xor's two buffers per
//                       size): what a verify of a box N coins wide does at every cell, once per row move.
//
// Games span few moves per coin (twins `2`, mock-turtle-fives `1-3C(5)`, turnips `3E`), many (mock-turtles `1-3`),
// moves longer than the inline capacity (ruler `1+C`, beyond coin 16) and the symmetric enumeration (grunt `4FS`).
//
// Run: build/<dir>/benchmarks/container_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
// (5 interleaved repetitions per benchmark by default; the summary uses the medians).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "detail/small_buffer.hpp"
#include "interleaved_runs.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_code.hpp"
#include "turning/code/family.hpp"
#include "turning/code/plain.hpp"
#include "turning/code/subsets.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::turning_code;
namespace detail = tartan::detail;

/// A turning code whose moves are listed by the engine's enumeration with the given buffers.
template <class Buffers>
struct enumerated_code {
  const turning_code* code;
  bool for_each_move(coin n, tartan::move_visitor visit) const {
    return detail::enumerate_code<Buffers>(code->alternatives(), n, visit);
  }
};

template <class Buffers>
void BM_Sequence(benchmark::State& state, const char* text) {
  const turning_code code = turning_code::parse(text);
  const auto count = static_cast<std::size_t>(state.range(0));
  const enumerated_code<Buffers> rule{&code};
  std::uint64_t moves = 0;
  for (coin n = 0; n < count; ++n) moves += code.move_count(n);
  const std::vector<grundy_value> expected = tartan::grundy_sequence(code, count);
  std::vector<grundy_value> g;
  for (auto _ : state) {
    g = tartan::grundy_sequence(rule, count, tartan::sequence_method::enumeration);
    benchmark::DoNotOptimize(g.data());
  }
  if (g != expected) state.SkipWithError("values differ from the engine's");
  state.counters["moves"] = static_cast<double>(moves);
  state.counters["ns_per_move"] =
      benchmark::Counter(static_cast<double>(moves) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

/// The option values of coin n of a plain code under g by listing, as turning_code::option_values does for a row
/// of at most 12 coins (layout_plain, then subset_xor_values' listing route).
template <class Buffers>
void list_options(const tartan::turning_alternative& alt, coin n, std::span<const grundy_value> g,
                  std::vector<grundy_value>& out) {
  const detail::plain_layout p = detail::layout_plain(alt, n);
  if (!p.possible) return;
  const auto values = g.subspan(p.begin, n - p.begin);
  detail::list_subset_xor_values<Buffers>(values, p.first ? g[0] : 0, p.r_lo,
                                          std::min<std::uint64_t>(p.r_hi, values.size()), out);
}

template <class Buffers>
void BM_Options(benchmark::State& state, const char* text) {
  const turning_code code = turning_code::parse(text);
  const tartan::turning_alternative& alt = code.alternatives()[0];
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::vector<grundy_value> expected = tartan::grundy_sequence(code, count);
  std::vector<grundy_value> g, options;
  std::vector<char> scratch;
  std::uint64_t listed = 0;
  for (auto _ : state) {
    g.clear();
    for (std::size_t n = 0; n < count; ++n) {
      options.clear();
      list_options<Buffers>(alt, static_cast<coin>(n), g, options);
      listed += options.size();
      g.push_back(tartan::mex(options, scratch));
    }
    benchmark::DoNotOptimize(g.data());
  }
  if (g != expected) state.SkipWithError("values differ from the engine's");
  state.counters["ns_per_value"] =
      benchmark::Counter(static_cast<double>(listed), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

struct workload {
  const char* kind;  // "Sequence" or "Options"
  const char* game;
  const char* code;
  int coins;
};

// Sizes where the factors are used: rows of the verify and check boxes, sequences up to a few hundred coins.
constexpr workload workloads[] = {
    {"Sequence", "twins", "2", 256},
    {"Sequence", "twins", "2", 2048},
    {"Sequence", "mock-turtle-fives", "1-3C(5)", 256},
    {"Sequence", "turnips", "3E", 256},
    {"Sequence", "mock-turtles", "1-3", 16},
    {"Sequence", "mock-turtles", "1-3", 128},
    {"Sequence", "ruler", "1+C", 16},
    {"Sequence", "ruler", "1+C", 256},
    {"Sequence", "ap", "1+E", 256},
    {"Sequence", "grunt", "4FS", 256},
    {"Options", "mock-turtles", "1-3", 13},
    {"Options", "moebius", "1-5", 13},
    {"Options", "gold-moidores", "1-9", 13},
};

/// The benchmark's name before its argument (google benchmark appends "/<coins>").
std::string name_of(const workload& w, const char* container) {
  return std::string(w.kind) + "/" + w.game + "/" + container;
}

void register_all() {
  using run = void (*)(benchmark::State&, const char*);
  for (const workload& w : workloads) {
    const bool sequence = std::string(w.kind) == "Sequence";
    const run with_std = sequence ? BM_Sequence<detail::std_buffers> : BM_Options<detail::std_buffers>;
    const run with_small = sequence ? BM_Sequence<detail::small_buffers> : BM_Options<detail::small_buffers>;
    benchmark::RegisterBenchmark(name_of(w, "std_vector").c_str(), with_std, w.code)
        ->Arg(w.coins)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(name_of(w, "small_vector").c_str(), with_small, w.code)
        ->Arg(w.coins)
        ->Unit(benchmark::kMicrosecond);
  }
}

// Console output as usual, plus the CPU time of each benchmark for the summary: the median over the repetitions
// when there are several, else the single run.
class summary_reporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> cpu;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.str();
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") cpu[name] = run.GetAdjustedCPUTime(), from_median_.insert(name);
      } else if (!from_median_.count(name)) {
        cpu[name] = run.GetAdjustedCPUTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

 private:
  std::set<std::string> from_median_;
};

void print_summary(const summary_reporter& r) {
  std::printf("\nstd::vector against boost::container::small_vector, same run (CPU time per iteration, medians):\n");
  std::printf("  %-30s %14s %14s %10s\n", "workload", "std::vector", "small_vector", "std/small");
  for (const workload& w : workloads) {
    std::string coins = "/";
    coins += std::to_string(w.coins);  // not "/" + to_string(...): GCC 12 at -O3 warns of a bogus overlap there
    const auto a = r.cpu.find(name_of(w, "std_vector") + coins);
    const auto b = r.cpu.find(name_of(w, "small_vector") + coins);
    if (a == r.cpu.end() || b == r.cpu.end() || b->second <= 0) continue;
    const std::string label = std::string(w.kind) + "/" + w.game + coins;
    std::printf("  %-30s %11.1f us %11.1f us %9.2fx\n", label.c_str(), a->second, b->second, a->second / b->second);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
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
