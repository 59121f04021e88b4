// Counting winning moves at scale (tartan/analysis/move_count.hpp) and games of runs of given lengths
// (turning/code/runs.hpp), each against a baseline measured in the same run. Wall time: the engine uses every core.
//
//   Count/engine/N, Count/baseline/N
//       an all-heads N×N board of (runs of triangular length) × (runs of square length), lengths up to 10^6:
//       value and exact number of winning moves, sequences included (fresh games each iteration). The baseline is a
//       straightforward single-threaded implementation of the same algebra: each factor's sequence by mex over its
//       runs with prefix XORs, one dense frequency table per factor, then Σ_u H_A[u] · H_B[V ⊘ u] by nim division.
//       Targets: N = 10^6 within 5 s and 1.5× faster than the baseline; N = 10^5 within 0.5 s.
//   Sequence/engine/1000000, Sequence/per_alternative/20000
//       g(0..N-1) of the 1413 triangular lengths below 10^6 by the engine (target: 2 s for N = 10^6), and the route
//       the code took before runs were merged (one listed component per alternative), on fewer coins.
//   CountSubtraction/engine/N, CountSubtraction/baseline/N
//       an all-heads N×N board of two take-and-break games, the subtraction games S{1,3,4} × S{1,2,5}: value and
//       exact count, sequences included. The baseline is the same algebra written plainly, one thread: g by mex over
//       the set, a dense table of g(h) ⊕ g(h − s) per factor, then Σ_u H_A[u] · H_B[V ⊘ u]. The engine counts a
//       code whose moves leave at most one heap in O(|S|) per coin, as the baseline does (before, each coin scanned
//       every coin below it for single-coin moves: O(N²), 6.8 s for a row of 10^5 coins), and finds each value's mex
//       in a 64-bit mask, as the baseline does (before, a list of options and a scratch array per value: 1.7× the
//       time). What is left over the baseline is the engine's generality: the solver and progress hooks per value,
//       prefix XORs and fresh tables. Target: N = 10^6 within 1 s.
//   Parse/10000   parsing a code of 10^4 alternatives (target: 50 ms).
//   Scattered/1000   a 1000×1000 board of 10^4 random heads, counted (target: 1 s).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::grundy_value;

std::vector<std::size_t> triangular_lengths(std::size_t most) {
  std::vector<std::size_t> l;
  for (std::size_t k = 1; k * (k + 1) / 2 <= most; ++k) l.push_back(k * (k + 1) / 2);
  return l;
}

std::vector<std::size_t> square_lengths(std::size_t most) {
  std::vector<std::size_t> l;
  for (std::size_t k = 1; k * k <= most; ++k) l.push_back(k * k);
  return l;
}

/// The code of runs of the given lengths, written as CGSuite would: one alternative per length.
std::string code_of(const std::vector<std::size_t>& lengths) {
  std::string code;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about `"," + std::to_string(l) + "C"` here.
  for (const std::size_t l : lengths) {
    if (!code.empty()) code += ',';
    code += std::to_string(l);
    code += 'C';
  }
  return code;
}

const std::vector<std::size_t> triangles = triangular_lengths(1000000);  // 1413 lengths
const std::vector<std::size_t> squares = square_lengths(1000000);        // 1000 lengths
const std::string product_code = code_of(triangles) + "*" + code_of(squares);

// ---- the baseline: the same algebra, written plainly, one thread ----

std::vector<grundy_value> plain_runs_sequence(const std::vector<std::size_t>& lengths, std::size_t n) {
  std::vector<grundy_value> g(n), prefix(n + 1, 0);
  std::vector<char> seen;
  for (std::size_t t = 0; t < n; ++t) {
    seen.assign(lengths.size() + 2, 0);
    for (const std::size_t l : lengths) {
      if (l > t + 1) break;
      const grundy_value v = prefix[t] ^ prefix[t + 1 - l];
      if (v < seen.size()) seen[v] = 1;
    }
    grundy_value mex = 0;
    while (seen[mex] != 0) ++mex;
    g[t] = mex;
    prefix[t + 1] = prefix[t] ^ mex;
  }
  return g;
}

/// H[u]: how many runs ending at a coin below n have XOR u (all coins of the run).
std::vector<std::uint64_t> plain_table(const std::vector<std::size_t>& lengths, const std::vector<grundy_value>& g,
                                       grundy_value& range_xor) {
  const std::size_t n = g.size();
  std::vector<grundy_value> prefix(n + 1, 0);
  grundy_value most = 0;
  for (std::size_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] ^ g[j], most |= g[j];
  range_xor = prefix[n];
  std::vector<std::uint64_t> table(std::bit_ceil(most + 1), 0);
  for (std::size_t t = 0; t < n; ++t) {
    for (const std::size_t l : lengths) {
      if (l > t + 1) break;
      ++table[prefix[t + 1] ^ prefix[t + 1 - l]];
    }
  }
  return table;
}

tartan::uint128 plain_count(std::size_t n, grundy_value& value) {
  const std::vector<grundy_value> ga = plain_runs_sequence(triangles, n), gb = plain_runs_sequence(squares, n);
  grundy_value xa = 0, xb = 0;
  const std::vector<std::uint64_t> ha = plain_table(triangles, ga, xa), hb = plain_table(squares, gb, xb);
  value = tartan::nim_mul(xa, xb);
  tartan::uint128 count = 0;
  if (value == 0) return 0;
  for (grundy_value u = 1; u < ha.size(); ++u) {
    if (ha[u] == 0) continue;
    const grundy_value w = tartan::nim_div(value, u);
    if (w < hb.size()) count += tartan::uint128{ha[u]} * hb[w];
  }
  return count;
}

/// g(0..n-1) of the subtraction game of `set`, by mex over g(h - s).
std::vector<grundy_value> plain_subtraction_sequence(const std::vector<std::size_t>& set, std::size_t n) {
  std::vector<grundy_value> g(n, 0);
  for (std::size_t h = 1; h < n; ++h) {
    bool seen[8] = {};  // at most |set| options, so the mex is at most |set| < 8
    for (const std::size_t s : set) {
      if (s <= h) seen[g[h - s]] = true;
    }
    while (seen[g[h]]) ++g[h];
  }
  return g;
}

/// H[u]: how many moves from a coin below n turn coins whose g XOR to u: {h - s, h} for s < h, {h} for s = h.
std::vector<std::uint64_t> plain_subtraction_table(const std::vector<std::size_t>& set,
                                                   const std::vector<grundy_value>& g, grundy_value& range_xor) {
  std::vector<std::uint64_t> table(8, 0);
  range_xor = 0;
  for (std::size_t h = 0; h < g.size(); ++h) {
    range_xor ^= g[h];
    for (const std::size_t s : set) {
      if (s <= h) ++table[g[h] ^ g[h - s]];
    }
  }
  return table;
}

const std::vector<std::size_t> set_a = {1, 3, 4}, set_b = {1, 2, 5};

tartan::uint128 plain_subtraction_count(std::size_t n, grundy_value& value) {
  grundy_value xa = 0, xb = 0;
  const std::vector<std::uint64_t> ha = plain_subtraction_table(set_a, plain_subtraction_sequence(set_a, n), xa),
                                   hb = plain_subtraction_table(set_b, plain_subtraction_sequence(set_b, n), xb);
  value = tartan::nim_mul(xa, xb);
  tartan::uint128 count = 0;
  if (value == 0) return 0;
  for (grundy_value u = 1; u < ha.size(); ++u) {
    const grundy_value w = tartan::nim_div(value, u);
    if (ha[u] != 0 && w < hb.size()) count += tartan::uint128{ha[u]} * hb[w];
  }
  return count;
}

// ---- the benchmarks ----

void count_engine(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    const tartan::game_handle game = tartan::games::resolve_game(product_code);  // fresh caches
    const tartan::move_count_result r = tartan::count_winning_moves(game, tartan::box_region::all_heads({n, n}));
    benchmark::DoNotOptimize(r.winning_moves);
  }
  // The engine's answer must be the baseline's.
  grundy_value value = 0;
  const tartan::uint128 expected = plain_count(n, value);
  const tartan::move_count_result r =
      tartan::count_winning_moves(tartan::games::resolve_game(product_code), tartan::box_region::all_heads({n, n}));
  if (r.winning_moves != expected || r.value != value) state.SkipWithError("the engine and the baseline disagree");
  state.counters["winning_moves"] = static_cast<double>(r.winning_moves);
}

void count_baseline(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    grundy_value value = 0;
    benchmark::DoNotOptimize(plain_count(n, value));
  }
}

void count_subtraction_engine(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    const tartan::game_handle game = tartan::games::resolve_game("S{1,3,4}*S{1,2,5}");  // fresh caches
    benchmark::DoNotOptimize(tartan::count_winning_moves(game, tartan::box_region::all_heads({n, n})).winning_moves);
  }
  grundy_value value = 0;
  const tartan::uint128 expected = plain_subtraction_count(n, value);
  const tartan::move_count_result r = tartan::count_winning_moves(tartan::games::resolve_game("S{1,3,4}*S{1,2,5}"),
                                                                  tartan::box_region::all_heads({n, n}));
  if (r.winning_moves != expected || r.value != value) state.SkipWithError("the engine and the baseline disagree");
  state.counters["winning_moves"] = static_cast<double>(r.winning_moves);
}

void count_subtraction_baseline(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    grundy_value value = 0;
    benchmark::DoNotOptimize(plain_subtraction_count(n, value));
  }
}

void sequence_engine(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::string code = code_of(triangles);
  for (auto _ : state) {
    const tartan::turning_game game = tartan::games::find_game(code);
    benchmark::DoNotOptimize(game.sequence(n));
  }
  if (tartan::games::find_game(code).sequence(n) != plain_runs_sequence(triangles, n)) {
    state.SkipWithError("the engine's sequence differs from the plain mex");
  }
}

/// The route a code of many run alternatives took before they were merged: a component per alternative, each
/// listing its one option per coin, the mex found by cycling through them (the `1C,3C,...` code with its runs
/// hidden from the merge by a span C(10^6) as well as C, which changes no move).
void sequence_per_alternative(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::string code;
  for (const std::size_t l : triangles) {
    if (!code.empty()) code += ',';
    code += std::to_string(l);
    code += "CC(1000000)";
  }
  for (auto _ : state) {
    const tartan::turning_game game = tartan::games::find_game(code);
    benchmark::DoNotOptimize(game.sequence(n));
  }
}

void parse_code(benchmark::State& state) {
  std::string code;
  for (std::int64_t k = 0; k < state.range(0); ++k) {
    if (k != 0) code += ',';
    code += std::to_string(2 * k + 1);
    code += 'C';
  }
  for (auto _ : state) benchmark::DoNotOptimize(tartan::turning_code::parse(code));
  state.counters["bytes"] = static_cast<double>(code.size());
}

void scattered_count(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::mt19937 rng(2026);
  std::vector<tartan::coin_box> heads;
  for (int i = 0; i < 10000; ++i) {
    const auto a = static_cast<tartan::coin>(rng() % n), b = static_cast<tartan::coin>(rng() % n);
    heads.push_back({{a, a}, {b, b}});
  }
  const tartan::box_region region({n, n}, heads);
  for (auto _ : state) {
    const tartan::game_handle game = tartan::games::resolve_game(product_code);
    benchmark::DoNotOptimize(tartan::count_winning_moves(game, region).winning_moves);
  }
}

class summary_reporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> seconds;  // wall time per iteration, the median where there are repetitions
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.str();
      const double s = run.GetAdjustedRealTime() / 1e3;  // the benchmarks report milliseconds
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") seconds[name] = s, from_median_.insert(name);
      } else if (!from_median_.count(name)) {
        seconds[name] = s;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

 private:
  std::set<std::string> from_median_;
};

void print_summary(const summary_reporter& r) {
  const auto at = [&](const std::string& name) {
    const auto it = r.seconds.find(name);
    return it == r.seconds.end() ? -1.0 : it->second;
  };
  std::printf("\nwall time per run (medians), same run:\n");
  for (const char* n : {"100000", "1000000"}) {
    const double e = at(std::string("Count/engine/") + n + "/real_time"),
                 b = at(std::string("Count/baseline/") + n + "/real_time");
    if (e > 0 && b > 0) {
      std::printf("  all-heads %sx%s count: engine %.3f s, baseline %.3f s, baseline/engine %.2fx\n", n, n, e, b,
                  b / e);
    }
  }
  for (const char* n : {"100000", "1000000"}) {
    const double e = at(std::string("CountSubtraction/engine/") + n + "/real_time"),
                 b = at(std::string("CountSubtraction/baseline/") + n + "/real_time");
    if (e > 0 && b > 0) {
      std::printf(
          "  all-heads %sx%s S{1,3,4}*S{1,2,5} count: engine %.3f s, baseline %.3f s, engine/baseline %.2fx"
          " (target: 1 s)\n",
          n, n, e, b, e / b);
    }
  }
  const double seq = at("Sequence/engine/1000000/real_time");
  if (seq > 0) std::printf("  g(0..10^6-1), 1413 triangular lengths: %.3f s (target 2 s)\n", seq);
  const double old = at("Sequence/per_alternative/20000/real_time"), now = at("Sequence/engine/20000/real_time");
  if (old > 0 && now > 0) {
    std::printf("  g(0..19999): one component per alternative %.3f s, merged runs %.3f s, %.0fx\n", old, now,
                old / now);
  }
  const double parse = at("Parse/10000/real_time");
  if (parse > 0) std::printf("  parse 10^4 alternatives: %.2f ms (target 50 ms)\n", parse * 1e3);
  const double scattered = at("Scattered/1000/real_time");
  if (scattered > 0) std::printf("  1000x1000 board, 10^4 random heads, count: %.3f s (target 1 s)\n", scattered);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("Count/engine", count_engine)
      ->Arg(100000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Count/baseline", count_baseline)
      ->Arg(100000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("CountSubtraction/engine", count_subtraction_engine)
      ->Arg(100000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("CountSubtraction/baseline", count_subtraction_baseline)
      ->Arg(100000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Sequence/engine", sequence_engine)
      ->Arg(20000)
      ->Arg(1000000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Sequence/per_alternative", sequence_per_alternative)
      ->Arg(20000)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Parse", parse_code)->Arg(10000)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Scattered", scattered_count)->Arg(1000)->UseRealTime()->Unit(benchmark::kMillisecond);
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
