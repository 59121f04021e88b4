// Benchmarks for the nim-field toolkit, each against a baseline in the same run:
//  - 64-bit logarithms (target <= 20 us each) and orders, with one full exponentiation for scale;
//  - the 128-bit product against the 64-bit one (target: within 4x), wide products by size;
//  - determinants 150x150 (<= 20 ms) and 500x500 (<= 0.5 s) against the same elimination with a textbook product
//    (XOR of 2^i ⊗ 2^j over the set bits, from a 64x64 table) and with one scalar nim_mul per entry.
// Build with -DTARTAN_BUILD_BENCHMARKS=ON -DCMAKE_BUILD_TYPE=Release.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <random>
#include <vector>

#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nim_matrix.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_128.hpp"
#include "tartan/nim/nimber_wide.hpp"

namespace {

using namespace tartan;

constexpr std::size_t pool = 1024;

std::vector<std::uint64_t> random_words(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> v(n);
  for (auto& x : v) x = rng() | 1;  // non-zero
  return v;
}

// ---- logarithms and orders ------------------------------------------------------------------------------------------

void BM_NimLog64(benchmark::State& state) {
  const std::uint64_t g = nim_primitive_element();
  const auto xs = random_words(pool, 1);
  nim_log(xs[0], g);  // tables built outside the timing
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(nim_log(xs[i++ % pool], g));
}
BENCHMARK(BM_NimLog64);

void BM_NimLog64RandomBase(benchmark::State& state) {
  const auto xs = random_words(pool, 2);
  std::vector<std::uint64_t> bases;
  for (const std::uint64_t b : random_words(4 * pool, 3)) {
    if (nim_order(b) == UINT64_MAX) bases.push_back(b);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(nim_log(xs[i % pool], bases[i % bases.size()]));
    ++i;
  }
}
BENCHMARK(BM_NimLog64RandomBase);

void BM_NimOrder64(benchmark::State& state) {
  const auto xs = random_words(pool, 4);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(nim_order(xs[i++ % pool]));
}
BENCHMARK(BM_NimOrder64);

// Scale: one exponentiation by a full 64-bit exponent.
void BM_NimPow64FullExponent(benchmark::State& state) {
  const auto xs = random_words(pool, 5);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(nim_pow(xs[i++ % pool], UINT64_MAX - 2));
}
BENCHMARK(BM_NimPow64FullExponent);

void BM_NimArtinSchreier64(benchmark::State& state) {
  const auto xs = random_words(pool, 6);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(nim_artin_schreier_roots(xs[i++ % pool] >> 1));
}
BENCHMARK(BM_NimArtinSchreier64);

void BM_NimCubeRoots64(benchmark::State& state) {
  const auto xs = random_words(pool, 7);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(nim_cube_roots(xs[i++ % pool]));
}
BENCHMARK(BM_NimCubeRoots64);

void BM_NimLog128(benchmark::State& state) {
  const nimber128 g = nim_primitive_element128();
  std::mt19937_64 rng(8);
  for (auto _ : state) benchmark::DoNotOptimize(nim_log(nimber128(rng(), rng()), g));
}
BENCHMARK(BM_NimLog128)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_NimOrder128(benchmark::State& state) {
  std::mt19937_64 rng(9);
  for (auto _ : state) benchmark::DoNotOptimize(nim_order(nimber128(rng(), rng() | 1)));
}
BENCHMARK(BM_NimOrder128);

// ---- products: 64-bit, 128-bit, wide -------------------------------------------------------------------------------

void BM_NimMul64(benchmark::State& state) {
  const auto a = random_words(pool, 10), b = random_words(pool, 11);
  for (auto _ : state) {
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < pool; ++i) acc ^= nim_mul(a[i], b[i]);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pool));
}
BENCHMARK(BM_NimMul64);

void BM_NimMul128(benchmark::State& state) {
  const auto a = random_words(2 * pool, 12), b = random_words(2 * pool, 13);
  for (auto _ : state) {
    nimber128 acc{};
    for (std::size_t i = 0; i < pool; ++i) acc += nimber128(a[2 * i], a[2 * i + 1]) * nimber128(b[2 * i], b[2 * i + 1]);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pool));
}
BENCHMARK(BM_NimMul128);

// Latency: each product depends on the previous one.
void BM_NimMul64Chain(benchmark::State& state) {
  std::uint64_t x = 0x0123456789abcdefULL;
  const std::uint64_t y = 0xfedcba9876543210ULL;
  for (auto _ : state) {
    for (int i = 0; i < 1000; ++i) x = nim_mul(x, y);
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_NimMul64Chain);

void BM_NimMul128Chain(benchmark::State& state) {
  nimber128 x(0x0123456789abcdefULL, 0x1111111111111111ULL);
  const nimber128 y(0xfedcba9876543210ULL, 0x2222222222222222ULL);
  for (auto _ : state) {
    for (int i = 0; i < 1000; ++i) x = x * y;
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_NimMul128Chain);

void BM_NimMulWide(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const auto a = random_words(bits / 64, 14), b = random_words(bits / 64, 15);
  const nimber_wide x(bits, a), y(bits, b);
  for (auto _ : state) benchmark::DoNotOptimize(x * y);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NimMulWide)->RangeMultiplier(2)->Range(128, 8192);

void BM_NimInvWide(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const nimber_wide x(bits, random_words(bits / 64, 16));
  for (auto _ : state) benchmark::DoNotOptimize(nim_inv(x));
}
BENCHMARK(BM_NimInvWide)->RangeMultiplier(4)->Range(128, 8192);

void BM_NimCubeRootsWide(benchmark::State& state) {
  const auto bits = static_cast<unsigned>(state.range(0));
  const nimber_wide x(bits, random_words(bits / 64, 17));
  const nimber_wide c = x * x * x;
  for (auto _ : state) benchmark::DoNotOptimize(nim_cube_roots(c));
}
BENCHMARK(BM_NimCubeRootsWide)->RangeMultiplier(4)->Range(256, 4096)->Unit(benchmark::kMillisecond);

// ---- determinants ---------------------------------------------------------------------------------------------------

// The textbook product: XOR of 2^i ⊗ 2^j over the set bits of both operands, from a 64x64 table.
struct textbook_product {
  std::array<std::array<std::uint64_t, 64>, 64> table{};
  textbook_product() {
    for (unsigned i = 0; i < 64; ++i) {
      for (unsigned j = 0; j < 64; ++j) table[i][j] = nim_mul(std::uint64_t{1} << i, std::uint64_t{1} << j);
    }
  }
  std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const {
    std::uint64_t r = 0;
    for (std::uint64_t x = a; x != 0; x &= x - 1) {
      const auto& row = table[static_cast<std::size_t>(std::countr_zero(x))];
      for (std::uint64_t y = b; y != 0; y &= y - 1) r ^= row[static_cast<std::size_t>(std::countr_zero(y))];
    }
    return r;
  }
};

struct scalar_product {
  std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return nim_mul(a, b); }
};

// The same forward elimination as tartan::determinant (one inverse per pivot row), one product call per entry.
template <class Mul>
std::uint64_t determinant_with(nim_matrix m, const Mul& mul) {
  const std::size_t n = m.rows();
  std::uint64_t det = 1;
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t p = col;
    while (p < n && m(p, col) == 0) ++p;
    if (p == n) return 0;
    if (p != col) std::swap_ranges(m.row(p).begin(), m.row(p).end(), m.row(col).begin());
    const std::uint64_t pivot = m(col, col);
    det = mul(det, pivot);
    const std::uint64_t inv = nim_inv(pivot);
    for (std::size_t k = col + 1; k < n; ++k) m(col, k) = mul(inv, m(col, k));
    for (std::size_t j = col + 1; j < n; ++j) {
      const std::uint64_t c = m(j, col);
      if (c == 0) continue;
      for (std::size_t k = col + 1; k < n; ++k) m(j, k) ^= mul(c, m(col, k));
    }
  }
  return det;
}

nim_matrix random_matrix(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  nim_matrix m(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) m(i, j) = rng();
  }
  return m;
}

void BM_Determinant(benchmark::State& state) {
  const nim_matrix m = random_matrix(static_cast<std::size_t>(state.range(0)), 20);
  for (auto _ : state) benchmark::DoNotOptimize(determinant(m));
}
BENCHMARK(BM_Determinant)->Arg(50)->Arg(150)->Arg(500)->Unit(benchmark::kMillisecond);

void BM_DeterminantScalarProduct(benchmark::State& state) {
  const nim_matrix m = random_matrix(static_cast<std::size_t>(state.range(0)), 20);
  for (auto _ : state) benchmark::DoNotOptimize(determinant_with(m, scalar_product{}));
}
BENCHMARK(BM_DeterminantScalarProduct)->Arg(50)->Arg(150)->Arg(500)->Unit(benchmark::kMillisecond);

void BM_DeterminantTextbookProduct(benchmark::State& state) {
  const nim_matrix m = random_matrix(static_cast<std::size_t>(state.range(0)), 20);
  const textbook_product mul;
  for (auto _ : state) benchmark::DoNotOptimize(determinant_with(m, mul));
}
BENCHMARK(BM_DeterminantTextbookProduct)->Arg(50)->Arg(150)->Unit(benchmark::kMillisecond);

void BM_Inverse(benchmark::State& state) {
  const nim_matrix m = random_matrix(static_cast<std::size_t>(state.range(0)), 21);
  for (auto _ : state) benchmark::DoNotOptimize(inverse(m));
}
BENCHMARK(BM_Inverse)->Arg(150)->Arg(500)->Unit(benchmark::kMillisecond);

void BM_MatrixProduct(benchmark::State& state) {
  const nim_matrix a = random_matrix(static_cast<std::size_t>(state.range(0)), 22);
  const nim_matrix b = random_matrix(static_cast<std::size_t>(state.range(0)), 23);
  for (auto _ : state) benchmark::DoNotOptimize(a * b);
}
BENCHMARK(BM_MatrixProduct)->Arg(150)->Arg(500)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
