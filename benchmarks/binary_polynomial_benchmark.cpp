// Benchmarks of <tartan/nim/binary_polynomial.hpp>: one product of two random binary polynomials of n bits each, by
// the additive FFT over GF(2^64) against gf2x as the build links it (Debian's, whose FFT table is a placeholder), and
// Karatsuba where it is in reach, all in the same run:
//   Product/bits/route   route 0 the additive FFT, 1 gf2x, 2 Karatsuba; n = 10^6, 6.4·10^7 and 2^28 bits (gf2x once
//                        at 2^28: minutes), and the FFT alone at 2^31 bits (m_719's operands are 2.2·10^9 bits)
//   Crossover/words/route
//                        the same routes from 2^4 to 2^14 words (1024 to 10^6 bits), where the automatic choice
//                        moves from gf2x (or Karatsuba) to the FFT
// The summary prints the ratios to gf2x, the growth exponents (least squares on log t, log n), and gf2x projected to
// 2^31 bits from its measured growth. CPU seconds: on a shared machine the other work inflates wall time.
//
// Run: build/<dir>/benchmarks/binary_polynomial_benchmark [--benchmark_filter=Product/1000000]
// (3 interleaved repetitions by default for the small sizes; the large ones once).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tartan/nim/binary_polynomial.hpp"

namespace {

using tartan::binary_product_route;

binary_product_route route_of(std::int64_t r) {
  return r == 0   ? binary_product_route::additive_fft
         : r == 1 ? binary_product_route::gf2x
                  : binary_product_route::karatsuba;
}

void run_product(benchmark::State& state, std::uint64_t bits, binary_product_route route) {
  const std::size_t words = static_cast<std::size_t>((bits + 63) / 64);
  std::mt19937_64 rng(bits);
  std::vector<std::uint64_t> a(words), b(words), out(2 * words);
  for (auto& w : a) w = rng();
  for (auto& w : b) w = rng();
  tartan::binary_product_options options;
  options.route = route;
  for (auto _ : state) {
    tartan::binary_polynomial_multiply(a, b, out, options);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bits"] = static_cast<double>(bits);
}

void BM_Product(benchmark::State& state) {
  run_product(state, static_cast<std::uint64_t>(state.range(0)), route_of(state.range(1)));
}
BENCHMARK(BM_Product)
    ->Args({1000000, 0})
    ->Args({1000000, 1})
    ->Args({1000000, 2})
    ->Args({64000000, 0})
    ->Args({64000000, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Product)
    ->Args({std::int64_t{1} << 28, 0})
    ->Args({std::int64_t{1} << 28, 1})
    ->Args({std::int64_t{1} << 31, 0})
    ->Iterations(1)
    ->Repetitions(1)
    ->Unit(benchmark::kMillisecond);

void BM_Crossover(benchmark::State& state) {
  run_product(state, static_cast<std::uint64_t>(state.range(0)) * 64, route_of(state.range(1)));
}
BENCHMARK(BM_Crossover)->ArgsProduct({benchmark::CreateRange(16, 16384, 2), {0, 1, 2}})->Unit(benchmark::kMillisecond);

/// Console output as usual, plus the CPU time of each benchmark (medians when repeated).
class summary_reporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> cpu;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.str();
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      if (!median && from_median_.count(name)) continue;
      if (median) from_median_.insert(name);
      cpu[name] = run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
    }
    ConsoleReporter::ReportRuns(runs);
  }
  /// The CPU seconds of the run named `name`, or of `name` run once ("name/iterations:1/repeats:1"); 0 if none.
  double get(const std::string& name) const {
    for (const auto& [run, s] : cpu)
      if (run == name || run.rfind(name + "/", 0) == 0) return s;
    return 0;
  }

 private:
  std::set<std::string> from_median_;
};

/// t ≈ a·n^b through the points given (n, t > 0): b by least squares on the logarithms.
double growth(const std::vector<std::pair<double, double>>& points) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (const auto& [x, t] : points) {
    if (t <= 0) continue;
    sx += std::log(x), sy += std::log(t), sxx += std::log(x) * std::log(x), sxy += std::log(x) * std::log(t), ++n;
  }
  return n >= 2 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0;
}

void print_summary(const summary_reporter& r) {
  std::printf("\nOne product of two random polynomials of n bits, same run; CPU seconds (kernel %s):\n",
              tartan::binary_product_kernel());
  std::printf("  %-12s %12s %12s %12s %10s\n", "n", "additive FFT", "gf2x", "Karatsuba", "gf2x/FFT");
  std::vector<std::pair<double, double>> fft_points, gf2x_points;
  for (const std::int64_t n :
       {std::int64_t{1000000}, std::int64_t{64000000}, std::int64_t{1} << 28, std::int64_t{1} << 31}) {
    const std::string base = "BM_Product/" + std::to_string(n) + "/";
    const double f = r.get(base + "0"), g = r.get(base + "1"), k = r.get(base + "2");
    if (f > 0) fft_points.emplace_back(static_cast<double>(n), f);
    if (g > 0) gf2x_points.emplace_back(static_cast<double>(n), g);
    std::printf("  %-12lld %10.3f s %10.3f s %10.3f s %9.1fx\n", static_cast<long long>(n), f, g, k,
                f > 0 && g > 0 ? g / f : 0.0);
  }
  const double bf = growth(fft_points), bg = growth(gf2x_points);
  std::printf("  growth: the FFT about n^%.2f (n log n is n^1.0x here), gf2x about n^%.2f\n", bf, bg);
  const double f31 = r.get("BM_Product/2147483648/0");
  if (f31 > 0 && !gf2x_points.empty()) {
    const auto& [n0, t0] = gf2x_points.back();
    const double projected = t0 * std::pow(2147483648.0 / n0, bg);
    std::printf("  at 2^31 bits: the FFT %.1f s, gf2x projected %.0f s from its growth: %.0fx\n", f31, projected,
                projected / f31);
  }
  std::printf("\nThe crossover, CPU milliseconds, and the route the automatic choice takes:\n");
  std::printf("  %-8s %12s %12s %12s   %s\n", "words", "additive FFT", "gf2x", "Karatsuba", "chosen");
  for (std::int64_t w = 16; w <= 16384; w *= 2) {
    const std::string base = "BM_Crossover/" + std::to_string(w) + "/";
    const auto chosen = tartan::binary_product_choice(static_cast<std::size_t>(w), static_cast<std::size_t>(w));
    const char* name = chosen == binary_product_route::additive_fft ? "additive FFT"
                       : chosen == binary_product_route::gf2x       ? "gf2x"
                       : chosen == binary_product_route::karatsuba  ? "Karatsuba"
                                                                    : "schoolbook";
    std::printf("  %-8lld %12.3f %12.3f %12.3f   %s\n", static_cast<long long>(w), 1e3 * r.get(base + "0"),
                1e3 * r.get(base + "1"), 1e3 * r.get(base + "2"), name);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  static char repetitions[] = "--benchmark_repetitions=3";
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  static char aggregates[] = "--benchmark_report_aggregates_only=true";
  for (char* flag : {repetitions, interleave, aggregates}) {
    const std::string name = std::string(flag).substr(0, std::string(flag).find('='));
    bool given = false;
    for (int i = 1; i < argc; ++i) given = given || std::string(argv[i]).rfind(name, 0) == 0;
    if (!given) args.insert(args.begin() + 1, flag);
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  summary_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
