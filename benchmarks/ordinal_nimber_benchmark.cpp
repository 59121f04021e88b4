// Benchmarks of <tartan/nim/ordinal_nimber.hpp> and <tartan/nim/lenstra.hpp>, each against a naive route in the same
// run:
//   OrdinalMul/h         products of random ordinals below ω^(ω^h), h = 2, 4, 8: 64 fixed pairs per iteration, each
//                        with 6 terms whose exponents have coefficients below 16 (two digits for 3 to 13) and 64-bit
//                        coefficients; items are products
//   OrdinalMulNaive/h    the same pairs by the plain rewriting of tests/support/ordinal_reference.hpp, one relation at
//                        a time over maps of maps
//   AlphaFromScratch/P   Lenstra's constants of every odd prime up to P (257, 337), each computed from the
//                        definition with only the ones computed before it (no table), checked against the cached
//                        table: one iteration, the total time
//   AlphaNaive/257       the same from scratch by the naive route: the same definition, but each degree by the
//                        Frobenius orbit x, x^2, x^4, ... and each p-th power test by x^((2^D-1)/p) with
//                        square-and-multiply, D squarings and about D/2 products (no norm, no Frobenius maps); about
//                        a minute and a half of CPU, most of it for p = 167 (degree 68060)
//   AlphaFast/107, AlphaNaive/107
//                        every prime up to 107 by the two routes, the engine's repeated for a median
//   AlphaOne/139, AlphaOneNaive/139
//                        α_139 alone (degree 15180), the lower constants from the table, by the two routes
//   TowerProduct/q/route one product of random dense elements in the tower field of the generator of q (47, 173,
//                        139, 179: degrees 237820 to 3504820, the fields of α_283, α_347, α_557, α_359) by the chain
//                        product of binary polynomials (route 0) and by the nested Karatsuba (route 1, once for the
//                        two largest)
//
//   Alpha719Step/route   the steps of the norm in α_719's field (degree 1258230380): one product (route 0), σ^359
//                        built and applied (route 1); run alone, --benchmark_filter=Alpha719Step (about 14 GiB)
//
//   AlphaRoute/p/route   α_p for 359, 557, 659 and three primes past the table by the engine (route 0: the norm read
//                        into GF(2)[z]/(g), products by the additive FFT) and by the earlier route (1: the power
//                        (κ + m)^((2^f-1)/p) in the tower, then its norm, products by gf2x), one run each
//
//   AlphaPastTable/p     α_p for a sample of OEIS A380496's a-file past 709 (733 ... 1031, fields of degree 3660 to
//                        210120, built on the table's primes), each excess checked against the a-file
//   AlphaPastTableNaive/p
//                        the naive route for the two smallest of them (733, 809), run in full
//   AlphaPastTableStep/p/route
//                        one product by α_p (route 0) and one square (route 1) in its field, from which the summary
//                        projects the naive route for the rest (m + 1 tests of D squares and D/2 products, and the
//                        degree's D squares)
//
// Run: build/<dir>/benchmarks/ordinal_nimber_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
// (5 interleaved repetitions by default, AlphaFromScratch and the naive α once; the summary uses the medians, and
// compares the α routes by CPU time, which the other work on a shared machine does not inflate as it does wall time).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "nim/binary_polynomial_kernels.hpp"
#include "nim/ordinal_dense.hpp"
#include "nim/ordinal_tower.hpp"
#include "support/ordinal_reference.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace {

using tartan::lenstra_constant;
using tartan::lenstra_table;
using tartan::ordinal_nimber;
namespace detail = tartan::detail;
constexpr std::size_t pair_count = 64;

struct operand_pairs {
  std::vector<ordinal_nimber> a, b;
  std::vector<tartan::test::reference_ordinal> ra, rb;
};

const operand_pairs& pairs(unsigned height) {
  static std::map<unsigned, operand_pairs> cache;
  operand_pairs& p = cache[height];
  if (p.a.empty()) {
    std::mt19937_64 rng(20250700 + height);
    for (std::size_t i = 0; i < pair_count; ++i) {
      p.a.push_back(tartan::test::random_ordinal(rng, height, 6, 16, 64));
      p.b.push_back(tartan::test::random_ordinal(rng, height, 6, 16, 64));
      p.ra.push_back(tartan::test::to_reference(p.a.back()));
      p.rb.push_back(tartan::test::to_reference(p.b.back()));
    }
  }
  return p;
}

void BM_OrdinalMul(benchmark::State& state) {
  const operand_pairs& p = pairs(static_cast<unsigned>(state.range(0)));
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) benchmark::DoNotOptimize(p.a[i] * p.b[i]);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}
BENCHMARK(BM_OrdinalMul)->Arg(2)->Arg(4)->Arg(8);

void BM_OrdinalMulNaive(benchmark::State& state) {
  const operand_pairs& p = pairs(static_cast<unsigned>(state.range(0)));
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i)
      benchmark::DoNotOptimize(tartan::test::reference_product(p.ra[i], p.rb[i]));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}
BENCHMARK(BM_OrdinalMulNaive)->Arg(2)->Arg(4)->Arg(8);

/// Computes every odd prime's constants up to `last` with `compute(p, table)`, checking each against the cache.
template <class Compute>
bool chain(unsigned last, benchmark::State& state, Compute compute) {
  lenstra_table table;
  for (unsigned k = 0; tartan::odd_prime(k) <= last; ++k) {
    const lenstra_constant c = compute(tartan::odd_prime(k), table);
    if (!(c == lenstra_table::builtin().by_index(k))) {
      state.SkipWithError(("the computed constants of " + std::to_string(c.prime) + " differ from the table").c_str());
      return false;
    }
    table.push_back(c);
  }
  return true;
}

void BM_AlphaFromScratch(benchmark::State& state) {
  const auto last = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    if (!chain(last, state, [](unsigned p, const lenstra_table& t) { return tartan::compute_lenstra_constant(p, t); }))
      return;
  }
}
BENCHMARK(BM_AlphaFromScratch)->Arg(257)->Arg(337)->Iterations(1)->Repetitions(1)->Unit(benchmark::kSecond);

void BM_AlphaFast(benchmark::State& state) {
  const auto last = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    if (!chain(last, state, [](unsigned p, const lenstra_table& t) { return tartan::compute_lenstra_constant(p, t); }))
      return;
  }
}
BENCHMARK(BM_AlphaFast)->Arg(107)->Unit(benchmark::kMillisecond);

// ---- the naive route ------------------------------------------------------------------------------------------------

/// x^e by plain square-and-multiply (e by its words).
template <class Tower>
typename Tower::element naive_pow(const Tower& t, const typename Tower::element& x,
                                  const std::vector<std::uint64_t>& e) {
  typename Tower::element result = t.one();
  for (std::size_t w = e.size(); w-- > 0;) {
    for (int bit = 63; bit >= 0; --bit) {
      result = t.square(result);
      if ((e[w] >> bit) & 1) result = t.mul(result, x);
    }
  }
  return result;
}

/// The degree by the Frobenius orbit: the least d with x^(2^d) = x.
template <class Tower>
std::uint64_t naive_degree(const Tower& t, const typename Tower::element& x) {
  typename Tower::element y = t.square(x);
  std::uint64_t d = 1;
  while (y != x) {
    y = t.square(y);
    ++d;
  }
  return d;
}

/// In the tower of Σ κ_q + constant, f(tower, element).
template <class F>
auto in_tower(const detail::alpha_parts& parts, const lenstra_table& table, F f) {
  detail::tower_shape shape = detail::make_tower_shape(parts.generators, detail::base_log_of(parts.constant), table);
  return detail::with_tower(std::move(shape), [&](const auto& t) {
    using base = typename std::decay_t<decltype(t)>::base_type;
    auto x = t.zero();
    x[0] = base::from(parts.constant);
    for (const std::uint32_t key : parts.generators)
      x[t.shape().levels[static_cast<std::size_t>(t.shape().level_of(key))].stride] = base::one();
    return f(t, x);
  });
}

std::vector<unsigned> naive_kappa_set(unsigned h, const lenstra_table& table) {
  unsigned r = 2;
  while (h % r != 0) ++r;
  unsigned q = 1;
  while (h % (q * r) == 0) q *= r;
  if (q == h) return {q};
  std::vector<unsigned> kg = naive_kappa_set(h / q, table);
  lenstra_constant kappa;
  kappa.q_set = kg;
  const std::uint64_t degree =
      in_tower(detail::alpha_relation(kappa), table, [](const auto& t, const auto& x) { return naive_degree(t, x); });
  if (degree % q != 0) {
    kg.push_back(q);
    std::sort(kg.begin(), kg.end());
  }
  return kg;
}

lenstra_constant naive_lenstra_constant(unsigned p, const lenstra_table& table) {
  lenstra_constant c;
  c.prime = p;
  c.order_of_two = tartan::order_of_two(p);
  c.q_set = naive_kappa_set(c.order_of_two, table);
  for (c.excess = 0;; ++c.excess) {
    const detail::alpha_parts alpha = detail::alpha_relation(c);
    const bool power = in_tower(alpha, table, [&](const auto& t, const auto& x) {
      const std::uint64_t d = t.degree();
      if (d % c.order_of_two != 0) return true;
      // (2^D - 1)/p, D bits.
      std::vector<std::uint64_t> e = std::decay_t<decltype(t)>::all_ones_over(d, p);
      return t.is_one(naive_pow(t, x, e));
    });
    if (!power) {
      c.degree = in_tower(alpha, table, [](const auto& t, const auto& x) { return naive_degree(t, x); });
      return c;
    }
  }
}

void BM_AlphaNaive(benchmark::State& state) {
  const auto last = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    if (!chain(last, state, naive_lenstra_constant)) return;
  }
}
BENCHMARK(BM_AlphaNaive)->Arg(107)->Arg(257)->Iterations(1)->Repetitions(1)->Unit(benchmark::kMillisecond);

/// One prime's constants, the lower ones taken from the table: the engine and the naive route on a larger field
/// (p = 139: degree 15180), where the gap between O(log D) and O(D) products shows.
void BM_AlphaOne(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(tartan::compute_lenstra_constant(p, lenstra_table::builtin()));
}
BENCHMARK(BM_AlphaOne)->Arg(139)->Unit(benchmark::kMillisecond);

void BM_AlphaOneNaive(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    if (!(naive_lenstra_constant(p, lenstra_table::builtin()) == lenstra_table::builtin().at(p))) {
      state.SkipWithError("the naive route's constants differ from the table");
      return;
    }
  }
}
BENCHMARK(BM_AlphaOneNaive)->Arg(139)->Iterations(1)->Repetitions(1)->Unit(benchmark::kSecond);

// ---- products in the large tower fields: the chain product (gf2x) against the nested Karatsuba ---------------------

/// The tower of the generator of the odd prime q: the field of Lenstra's α_p for the p with Q(f(p)) = {q} and excess
/// 0 or 1 (q = 47: α_283's, degree 237820; 173: α_347's, 624876; 179: α_359's, 3504820; 139: α_557's, 2110020).
const detail::tower_shape& generator_tower(unsigned q) {
  static std::map<unsigned, detail::tower_shape> cache;
  auto it = cache.find(q);
  if (it == cache.end()) {
    const std::uint32_t key = detail::generator_key(*tartan::odd_prime_index(q), 0);
    it = cache.emplace(q, detail::make_tower_shape({key}, 0, lenstra_table::builtin())).first;
  }
  return it->second;
}

/// One product of two seeded random dense elements of the field of generator_tower(q) per iteration, by the chain
/// product (route 0) or the nested Karatsuba (route 1); the counter "degree" is the field's degree over GF(2).
void BM_TowerProduct(benchmark::State& state) {
  const unsigned q = static_cast<unsigned>(state.range(0));
  const detail::tower_shape& shape = generator_tower(q);
  detail::tower<detail::nim8_base> field(shape);
  if (state.range(1) == 1) field.disable_chain_products();
  std::mt19937_64 rng(q);
  std::vector<std::uint8_t> a(shape.size), b(shape.size);
  const unsigned mask = (1u << (1u << shape.base_log)) - 1;
  for (auto& v : a) v = static_cast<std::uint8_t>(rng() & mask);
  for (auto& v : b) v = static_cast<std::uint8_t>(rng() & mask);
  for (auto _ : state) benchmark::DoNotOptimize(field.mul(a, b));
  state.counters["degree"] = static_cast<double>(shape.degree());
}
BENCHMARK(BM_TowerProduct)
    ->Args({47, 0})
    ->Args({47, 1})
    ->Args({173, 0})
    ->Args({173, 1})
    ->Args({139, 0})
    ->Args({179, 0})
    ->Unit(benchmark::kSecond);
BENCHMARK(BM_TowerProduct)->Args({139, 1})->Args({179, 1})->Iterations(1)->Repetitions(1)->Unit(benchmark::kSecond);

/// The field of α_719's test (the tower of the generator of 359: degree 1258230380, 314557595 values of GF(16)): one
/// product of two seeded random dense elements by the chain product (route 0), or σ^359 built and applied to one
/// (route 1), the steps the norm is made of; one iteration each, about 14 GiB (docs/ordinals.md, "The first unknown").
/// Registered only when the command line names it (--benchmark_filter=Alpha719Step), so a default run never asks for
/// that memory.
void BM_Alpha719Step(benchmark::State& state) {
  const detail::tower_shape& shape = generator_tower(359);
  detail::tower<detail::nim8_base> field(shape);
  std::mt19937_64 rng(719);
  std::vector<std::uint8_t> a(shape.size), b(shape.size);
  for (auto& v : a) v = static_cast<std::uint8_t>(rng() & 15);
  for (auto& v : b) v = static_cast<std::uint8_t>(rng() & 15);
  for (auto _ : state) {
    if (state.range(0) == 0) {
      benchmark::DoNotOptimize(field.mul(a, b));
    } else {
      benchmark::DoNotOptimize(field.apply(field.frobenius(359), a));
    }
  }
  state.counters["degree"] = static_cast<double>(shape.degree());
}

// ---- the excess test's routes: the norm read into GF(2)[z]/(g) and the FFT, against the earlier route -------------

/// The primes timed by both routes: fields of degree 3504820 (359), 2110020 (557), 4994220 (659), and three past
/// the table (5303, 10111, 11243: degrees 318120, 141540, 144540).
constexpr unsigned route_sample[] = {359, 557, 659, 5303, 10111, 11243};

/// α_p as an earlier tartan computed it: Q by Lenstra's recursion, then for each m the power (κ + m)^((2^f-1)/p) in
/// the tower (f squares and products by the sparse κ + m) and its norm down to GF(2^f), then α_p's degree; the large
/// products by gf2x (binary_product_route_override).
lenstra_constant earlier_route(unsigned p) {
  const detail::binary_product_route_override by_gf2x(tartan::binary_product_route::gf2x);
  const lenstra_table& table = lenstra_table::builtin();
  lenstra_constant c;
  c.prime = p;
  c.order_of_two = tartan::order_of_two(p);
  c.q_set = tartan::lenstra_kappa_set(c.order_of_two, table);
  const auto in_field = [&](auto test) {
    const detail::alpha_parts parts = detail::alpha_relation(c);
    return detail::with_tower(
        detail::make_tower_shape(parts.generators, detail::base_log_of(parts.constant), table), [&](const auto& t) {
          auto x = t.zero();
          using base = typename std::decay_t<decltype(t)>::base_type;
          x[0] = base::from(parts.constant);
          for (const std::uint32_t key : parts.generators)
            x[t.shape().levels[static_cast<std::size_t>(t.shape().level_of(key))].stride] = base::one();
          return test(t, x);
        });
  };
  for (c.excess = 0;; ++c.excess) {
    if (!in_field([&](const auto& t, const auto& x) { return t.is_pth_power(x, p); })) break;
  }
  c.degree = in_field([](const auto& t, const auto& x) { return t.degree_of(x); });
  return c;
}

/// α_p by compute_lenstra_constant (route 0) or the earlier route (route 1), one run each; a prime of the table is
/// checked against it (the b-file's excesses), the others between the routes in the summary (the counter "excess").
void BM_AlphaRoute(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  lenstra_constant c;
  for (auto _ : state)
    c = state.range(1) == 0 ? tartan::compute_lenstra_constant(p, lenstra_table::builtin()) : earlier_route(p);
  if (lenstra_table::builtin().has(p) && !(c == lenstra_table::builtin().at(p)))
    state.SkipWithError("not the table's constant");
  state.counters["excess"] = static_cast<double>(c.excess);
  state.counters["degree"] = static_cast<double>(c.degree);
}
BENCHMARK(BM_AlphaRoute)
    ->Apply([](benchmark::internal::Benchmark* b) {
      for (const unsigned p : route_sample) b->Args({p, 0})->Args({p, 1});
    })
    ->Iterations(1)
    ->Repetitions(1)
    ->Unit(benchmark::kSecond);

// ---- primes past the table: the a-file's, against the naive route in the same run ---------------------------------

/// The excess of the odd prime p in OEIS A380496's a-file (tests/data/ordinals/oeis_a380496.txt), or -1 when the
/// a-file leaves it unknown.
long long a_file_excess(unsigned p) {
  static const std::map<unsigned, long long> excess = [] {
    std::map<unsigned, long long> out;
    std::ifstream in(TARTAN_A_FILE);
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      unsigned n = 0;
      std::string value;
      fields >> n >> value;
      out[tartan::odd_prime(n - 1)] = value == "?" ? -1 : std::stoll(value);
    }
    return out;
  }();
  const auto it = excess.find(p);
  return it == excess.end() ? -1 : it->second;
}

/// Primes of the a-file past 709 whose α_p takes seconds at most, the fields' degrees from 3660 to 210120 (each built
/// on primes of the table only).
constexpr unsigned past_table_sample[] = {733, 809, 773, 853, 743, 997, 967, 1031};
/// Those whose naive route is run in full (the others' is projected from a product and a square in their field).
constexpr unsigned past_table_naive[] = {733, 809};

void past_table_args(benchmark::internal::Benchmark* b) {
  for (const unsigned p : past_table_sample) b->Arg(p);
}

/// α_p past the table from the builtin one, checked against the a-file; the counter "degree" is the field's.
void BM_AlphaPastTable(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  lenstra_constant c;
  for (auto _ : state) {
    c = tartan::compute_lenstra_constant(p, lenstra_table::builtin());
    if (static_cast<long long>(c.excess) != a_file_excess(p)) {
      state.SkipWithError(("the excess of " + std::to_string(p) + " differs from the a-file").c_str());
      return;
    }
  }
  state.counters["degree"] = static_cast<double>(c.degree);
}
BENCHMARK(BM_AlphaPastTable)->Apply(past_table_args)->Unit(benchmark::kMillisecond);

void BM_AlphaPastTableNaive(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    if (static_cast<long long>(naive_lenstra_constant(p, lenstra_table::builtin()).excess) != a_file_excess(p)) {
      state.SkipWithError("the naive route's excess differs from the a-file");
      return;
    }
  }
}
BENCHMARK(BM_AlphaPastTableNaive)
    ->Arg(past_table_naive[0])
    ->Arg(past_table_naive[1])
    ->Iterations(1)
    ->Repetitions(1)
    ->Unit(benchmark::kSecond);

/// The naive route's steps in the field of α_p: one product of a seeded random dense element by α_p (route 0: the
/// naive power's products are by α_p, whose two or three terms the product exploits) or one square of it (route 1)
/// per iteration, by the tower's own routes.
void BM_AlphaPastTableStep(benchmark::State& state) {
  const auto p = static_cast<unsigned>(state.range(0));
  const lenstra_constant c = tartan::compute_lenstra_constant(p, lenstra_table::builtin());
  in_tower(detail::alpha_relation(c), lenstra_table::builtin(), [&](const auto& t, const auto& alpha) {
    using base = typename std::decay_t<decltype(t)>::base_type;
    std::mt19937_64 rng(p);
    auto a = t.zero();
    for (auto& v : a) v = (rng() & 1) != 0 ? base::one() : base::zero();
    for (auto _ : state) benchmark::DoNotOptimize(state.range(1) == 0 ? t.mul(a, alpha) : t.square(a));
    return 0;
  });
}
BENCHMARK(BM_AlphaPastTableStep)->Apply([](benchmark::internal::Benchmark* b) {
  for (const unsigned p : past_table_sample) b->Args({p, 0})->Args({p, 1});
});

// ---- the summary ----------------------------------------------------------------------------------------------------

/// Console output as usual, plus items_per_second and the time of each benchmark (medians when repeated).
class summary_reporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> rate, seconds, cpu_seconds, excess;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.str();
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      if (!median && from_median_.count(name)) continue;
      if (median) from_median_.insert(name);
      const auto it = run.counters.find("items_per_second");
      if (it != run.counters.end()) rate[name] = it->second.value;
      const auto m = run.counters.find("excess");
      if (m != run.counters.end()) excess[name] = m->second.value;
      seconds[name] = run.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      cpu_seconds[name] = run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
    }
    ConsoleReporter::ReportRuns(runs);
  }

 private:
  std::set<std::string> from_median_;
};

/// The a-file's primes past the table: the engine's time against the naive route's (run for the smallest, else
/// projected: m + 1 tests of D squares and about D/2 products, and the degree's D squares), and the growth of the
/// engine's time in the field's degree D, t ≈ a·D^b by least squares on the logarithms.
template <class Get>
void print_past_table(const summary_reporter& r, const Get& get) {
  std::printf("\nPrimes of the a-file past 709, excesses checked against it, same run; CPU seconds:\n");
  std::printf("  %-6s %8s %7s %12s %14s %14s %9s\n", "p", "degree", "excess", "engine", "naive run", "naive proj.",
              "ratio");
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (const unsigned p : past_table_sample) {
    const std::string name = "BM_AlphaPastTable/" + std::to_string(p);
    const double engine = get(r.cpu_seconds, name);
    const lenstra_constant c = tartan::compute_lenstra_constant(p, lenstra_table::builtin());
    const double d = static_cast<double>(c.degree);
    const double product = get(r.cpu_seconds, "BM_AlphaPastTableStep/" + std::to_string(p) + "/0");
    const double square = get(r.cpu_seconds, "BM_AlphaPastTableStep/" + std::to_string(p) + "/1");
    const double projected = static_cast<double>(c.excess + 1) * (d * square + d / 2 * product) + d * square;
    const double run = get(r.cpu_seconds, "BM_AlphaPastTableNaive/" + std::to_string(p) + "/iterations:1/repeats:1");
    const double naive = run > 0 ? run : projected;
    char measured[32] = "-";
    if (run > 0) std::snprintf(measured, sizeof measured, "%.2f s", run);
    std::printf("  %-6u %8.0f %7llu %10.3f s %14s %12.1f s %8.0fx\n", p, d, static_cast<unsigned long long>(c.excess),
                engine, measured, projected, engine > 0 ? naive / engine : 0.0);
    if (engine > 0) {
      const double x = std::log(d), y = std::log(engine);
      sx += x, sy += y, sxx += x * x, sxy += x * y, ++n;
    }
  }
  if (n >= 2) {
    const double b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    std::printf(
        "  the engine's time grows as about D^%.2f over these fields (least squares on log t, log D); the naive"
        " route's as D^2 (D squares and D/2 products by alpha, each O(D))\n",
        b);
  }
}

void print_summary(const summary_reporter& r) {
  const auto get = [](const std::map<std::string, double>& m, const std::string& name) {
    const auto it = m.find(name);
    return it == m.end() ? 0.0 : it->second;
  };
  std::printf("\nProducts of random ordinals (64 pairs of 6 terms), same run:\n");
  std::printf("  %-14s %14s %14s %8s\n", "below", "products/s", "naive/s", "ratio");
  for (const char* h : {"2", "4", "8"}) {
    const double fast = get(r.rate, std::string("BM_OrdinalMul/") + h);
    const double naive = get(r.rate, std::string("BM_OrdinalMulNaive/") + h);
    std::printf("  w^(w^%-8s %14.0f %14.0f %7.1fx\n", (std::string(h) + ")").c_str(), fast, naive,
                naive > 0 ? fast / naive : 0.0);
  }
  std::printf("\nLenstra's constants (checked against the table), same run; the ratio of CPU times:\n");
  // One line: the engine's route `fast`, the naive route `naive` (empty: none), wall and CPU seconds, the ratio.
  const auto line = [&](const char* what, const std::string& fast, const std::string& naive) {
    const double cpu = get(r.cpu_seconds, fast), naive_cpu = get(r.cpu_seconds, naive);
    std::printf("  %-48s %8.3f s (CPU %8.3f s)", what, get(r.seconds, fast), cpu);
    if (!naive.empty())
      std::printf(", naively %8.3f s (CPU %8.3f s): %.0fx", get(r.seconds, naive), naive_cpu,
                  cpu > 0 ? naive_cpu / cpu : 0.0);
    std::printf("\n");
  };
  line("every prime up to 257, from scratch:", "BM_AlphaFromScratch/257/iterations:1/repeats:1",
       "BM_AlphaNaive/257/iterations:1/repeats:1");
  line("every prime up to 337, from scratch:", "BM_AlphaFromScratch/337/iterations:1/repeats:1", "");
  line("every prime up to 107 (median of the engine's):", "BM_AlphaFast/107",
       "BM_AlphaNaive/107/iterations:1/repeats:1");
  line("alpha_139 alone (degree 15180):", "BM_AlphaOne/139", "BM_AlphaOneNaive/139/iterations:1/repeats:1");
  print_past_table(r, get);
  std::printf("\nThe excess test's routes, same run, one run each; CPU seconds (wall in parentheses):\n");
  std::printf("  %-6s %26s %26s %8s %8s\n", "p", "engine (norm, minpoly, FFT)", "earlier (power, gf2x)", "ratio",
              "excess");
  for (const unsigned p : route_sample) {
    const std::string now = "BM_AlphaRoute/" + std::to_string(p) + "/0/iterations:1/repeats:1";
    const std::string before = "BM_AlphaRoute/" + std::to_string(p) + "/1/iterations:1/repeats:1";
    const double a = get(r.cpu_seconds, now), b = get(r.cpu_seconds, before);
    const bool same = r.excess.count(now) && r.excess.count(before) && r.excess.at(now) == r.excess.at(before);
    std::printf("  %-6u %10.1f s (%8.1f s) %10.1f s (%8.1f s) %7.1fx %8s\n", p, a, get(r.seconds, now), b,
                get(r.seconds, before), a > 0 ? b / a : 0.0,
                same ? std::to_string(static_cast<long long>(r.excess.at(now))).c_str() : "differ");
  }
  std::printf(
      "\nOne product in the tower field of the generator of q, chain product (additive FFT) against the nested "
      "Karatsuba, same run; CPU seconds:\n");
  for (const char* q : {"47", "173", "139", "179"}) {
    const std::string fast = std::string("BM_TowerProduct/") + q + "/0";
    std::string plain = std::string("BM_TowerProduct/") + q + "/1";
    if (r.cpu_seconds.count(plain) == 0) plain += "/iterations:1/repeats:1";
    const double f = get(r.cpu_seconds, fast), k = get(r.cpu_seconds, plain);
    std::printf("  q = %-4s degree %9.0f: %9.4f s, Karatsuba %9.4f s: %.1fx\n", q,
                static_cast<double>(generator_tower(static_cast<unsigned>(std::stoul(q))).degree()), f, k,
                f > 0 ? k / f : 0.0);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args = tartan::bench::with_interleaved_runs(argc, argv);
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]).find("Alpha719Step") != std::string::npos) {
      benchmark::RegisterBenchmark("BM_Alpha719Step", BM_Alpha719Step)
          ->Arg(0)
          ->Arg(1)
          ->Iterations(1)
          ->Repetitions(1)
          ->Unit(benchmark::kSecond);
      break;
    }
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
