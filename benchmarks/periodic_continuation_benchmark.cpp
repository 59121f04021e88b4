// Values past a proven period (tartan/turning/periodic_continuation.hpp) against computing them, in the same run:
// what `tartan seq kayles N` does, through compute_sequence with every value formatted as the text output formats it
// (std::to_chars into a buffer that is then dropped, so the figure is the work before the terminal or the file).
//
//   Seq/period/100000000   g(0..10^8-1) of Kayles: the proof (Guy–Smith, found at g(255)), then 10^8 values from the
//                          period, streamed and not kept (seq's route: keep_values false).
//   Seq/period/1000000     the same at 10^6.
//   Seq/present/1000000    g(0..10^6-1) of Kayles by the route seq took before the period was used: the code's solver
//                          (the sparse-space method), every value computed into a value table, then formatted.
//   Seq/present/100000     the same at 10^5, for its growth.
//   Heap/count/0           analyze kayles --heaps 18446744073709551615 --count: the value and the exact number of
//                          winning splits of the heap, through the period's residues (the proof included).
// Each iteration starts from a fresh game, so the proof is paid every time. Target: 10^8 values through the period
// in less time than 10^6 computed (the ratio printed at the end).
//
// Run: build/bench/benchmarks/periodic_continuation_benchmark --benchmark_context=commit=$(git rev-parse --short HEAD)
#include <benchmark/benchmark.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace {

using tartan::grundy_value;

/// A fresh Kayles, its proof not yet found.
tartan::game_handle fresh_kayles() {
  return tartan::game_handle(tartan::turning_game("kayles", "0.77", tartan::take_break_code::parse("0.77")));
}

/// g(0..count-1) of Kayles through compute_sequence by `method`, each value formatted as seq's text output does.
void run_seq(benchmark::State& state, tartan::sequence_method method) {
  const auto count = static_cast<std::size_t>(state.range(0));
  std::string buffer;
  buffer.reserve(1 << 16);
  std::uint64_t bytes = 0;
  for (auto _ : state) {
    tartan::sequence_request request{fresh_kayles()};
    request.count = count;
    request.method = method;
    request.keep_values = false;
    request.max_seconds = 0;
    bytes = 0;
    request.on_values = [&](std::span<const grundy_value> values) {
      char digits[24];
      for (const grundy_value v : values) {
        buffer.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
        buffer += ' ';
      }
      bytes += buffer.size();
      benchmark::DoNotOptimize(buffer.data());
      buffer.clear();
    };
    const tartan::sequence_result result = tartan::compute_sequence(request);
    if (!result.complete) state.SkipWithError("the sequence was not complete");
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["ns_per_value"] = benchmark::Counter(
      static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void seq_period(benchmark::State& state) { run_seq(state, tartan::sequence_method::automatic); }
void seq_present(benchmark::State& state) { run_seq(state, tartan::sequence_method::solver); }

void heap_count(benchmark::State& state) {
  for (auto _ : state) {
    const tartan::heap_analysis a(fresh_kayles(), {UINT64_MAX}, {});
    benchmark::DoNotOptimize(a.count_winning_moves().moves);
  }
}

void print_summary(const tartan::bench::median_reporter& r) {
  const auto at = [&](const std::string& name) { return r.seconds(name); };
  std::printf("\nwall time per run (medians), same run:\n");
  const double period8 = at("Seq/period/100000000/real_time"), period6 = at("Seq/period/1000000/real_time");
  const double present6 = at("Seq/present/1000000/real_time"), present5 = at("Seq/present/100000/real_time");
  if (period8 > 0)
    std::printf("  seq kayles 10^8 through the period: %.3f s (%.1f ns a value)\n", period8, period8 * 10);
  if (period6 > 0) std::printf("  seq kayles 10^6 through the period: %.4f s\n", period6);
  if (present6 > 0) std::printf("  seq kayles 10^6 computed (the present route): %.3f s\n", present6);
  if (present5 > 0) std::printf("  seq kayles 10^5 computed (the present route): %.3f s\n", present5);
  if (period8 > 0 && present6 > 0) {
    std::printf("  10^8 through the period / 10^6 computed: %.3f (100x the values in %.2fx the time)\n",
                period8 / present6, period8 / present6);
  }
  if (period6 > 0 && present6 > 0) std::printf("  at 10^6: computed / through the period: %.0fx\n", present6 / period6);
  const double heap = at("Heap/count/0/real_time");
  if (heap > 0) std::printf("  kayles heap 2^64 - 1, value and winning-move count: %.3f ms\n", heap * 1e3);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("Seq/period", seq_period)
      ->Arg(1000000)
      ->Arg(100000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Seq/present", seq_present)
      ->Arg(100000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Heap/count", heap_count)->Arg(0)->UseRealTime()->Unit(benchmark::kMillisecond);
  std::vector<char*> args = tartan::bench::with_interleaved_runs(argc, argv);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  tartan::bench::median_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
