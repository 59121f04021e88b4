// Benchmarks of <tartan/nim/nimber.hpp> against two classic nim-multiplication baselines written here, in the same run.
//
//   textbook:    XOR of 2^i⊗2^j over the set bits i of a and j of b, from a 64×64 table (about 1000 lookups for
//                random operands).
//   byte tables: a 256×256 table of byte products plus a [8][8][256] table of c⊗2^(8i)⊗2^(8j): 64 + 64 lookups.
//
// Every benchmark multiplies the same 4096 random 64-bit pairs (fixed seed) per iteration and counts items, so the
// items_per_second columns compare directly. After the run a summary prints the throughput ratios and the cost of
// nim_inv, nim_sqrt and friends in units of one nim_mul. Targets: nim_mul ≥ 4× byte tables and ≥ 60× textbook,
// nim_mul_batch ≥ 10× byte tables, nim_inv and nim_sqrt ≤ 40 products.
//
// Run: build/<dir>/benchmarks/nimber_benchmark [--benchmark_context=commit=$(git rev-parse --short HEAD)]
// (5 interleaved repetitions per benchmark by default; the summary uses the medians).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "interleaved_runs.hpp"
#include "nim/nim_paths.hpp"
#include "tartan/nim/nimber.hpp"

namespace {

using u64 = std::uint64_t;
constexpr std::size_t pair_count = 4096;

struct operands {
  std::vector<u64> a, b, e;  // e: exponents for nim_pow
  operands() : a(pair_count), b(pair_count), e(pair_count) {
    std::mt19937_64 rng(20240601);
    for (std::size_t i = 0; i < pair_count; ++i) {
      a[i] = rng();
      b[i] = rng();
      e[i] = rng();
    }
    for (auto& x : a) x |= (x == 0);  // non-zero left operands for nim_inv and nim_div
  }
};
const operands& data() {
  static const operands d;
  return d;
}

// Baseline 1: the textbook product from the 64×64 table of products of powers of two.
struct textbook {
  std::array<std::array<u64, 64>, 64> pow2{};
  textbook() {
    for (int i = 0; i < 64; ++i) {
      for (int j = 0; j < 64; ++j) pow2[i][j] = tartan::detail::nim_mul_reference(u64{1} << i, u64{1} << j);
    }
  }
  u64 mul(u64 a, u64 b) const {
    u64 r = 0;
    for (; a != 0; a &= a - 1) {
      const auto& row = pow2[__builtin_ctzll(a)];
      for (u64 c = b; c != 0; c &= c - 1) r ^= row[__builtin_ctzll(c)];
    }
    return r;
  }
};

// Baseline 2: byte tables. a⊗b = XOR over byte positions i, j of (a_i⊗b_j)⊗2^(8i)⊗2^(8j), the byte product from a
// 256×256 table and the shift by a [8][8][256] table (c ↦ c⊗2^(8i)⊗2^(8j) is linear, tabulated for all bytes c).
struct byte_tables {
  std::vector<std::uint8_t> product;          // [256][256]
  std::vector<std::array<u64, 256>> shifted;  // [8 * 8]
  byte_tables() : product(256 * 256), shifted(64) {
    for (u64 x = 0; x < 256; ++x) {
      for (u64 y = 0; y < 256; ++y) {
        product[x * 256 + y] = static_cast<std::uint8_t>(tartan::detail::nim_mul_reference(x, y));
      }
    }
    for (int i = 0; i < 8; ++i) {
      for (int j = 0; j < 8; ++j) {
        const u64 s = tartan::detail::nim_mul_reference(u64{1} << (8 * i), u64{1} << (8 * j));
        for (u64 c = 0; c < 256; ++c) shifted[8 * i + j][c] = tartan::detail::nim_mul_reference(c, s);
      }
    }
  }
  u64 mul(u64 a, u64 b) const {
    u64 r = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint8_t* row = &product[((a >> (8 * i)) & 0xff) * 256];
      for (int j = 0; j < 8; ++j) r ^= shifted[8 * i + j][row[(b >> (8 * j)) & 0xff]];
    }
    return r;
  }
};

template <class Mul>
void run_pairs(benchmark::State& state, Mul mul) {
  const operands& d = data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) benchmark::DoNotOptimize(mul(d.a[i], d.b[i]));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}

void BM_NimMulTextbook(benchmark::State& state) {
  static const textbook t;
  run_pairs(state, [](u64 a, u64 b) { return t.mul(a, b); });
}
BENCHMARK(BM_NimMulTextbook);

void BM_NimMulByteTables(benchmark::State& state) {
  static const byte_tables t;
  run_pairs(state, [](u64 a, u64 b) { return t.mul(a, b); });
}
BENCHMARK(BM_NimMulByteTables);

void BM_NimMulReference(benchmark::State& state) { run_pairs(state, tartan::detail::nim_mul_reference); }
BENCHMARK(BM_NimMulReference);

void BM_NimMul(benchmark::State& state) {
  state.SetLabel(tartan::detail::nim_mul_path());
  run_pairs(state, tartan::nim_mul);
}
BENCHMARK(BM_NimMul);

void BM_NimMulClmul(benchmark::State& state) {
  if (!tartan::detail::nim_mul_clmul_available()) return state.SkipWithError("no PCLMULQDQ on this CPU");
  run_pairs(state, tartan::detail::nim_mul_clmul);
}
BENCHMARK(BM_NimMulClmul);

void BM_NimMulPortable(benchmark::State& state) { run_pairs(state, tartan::detail::nim_mul_portable); }
BENCHMARK(BM_NimMulPortable);

// The batch functions write all 4096 products per iteration.
template <class Batch>
void run_batch(benchmark::State& state, Batch batch) {
  const operands& d = data();
  std::vector<u64> out(pair_count);
  for (auto _ : state) {
    batch(d.a.data(), d.b.data(), out.data(), pair_count);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}

void BM_NimMulBatch(benchmark::State& state) {
  state.SetLabel(tartan::detail::nim_mul_batch_path());
  run_batch(state, [](const u64* a, const u64* b, u64* out, std::size_t n) {
    tartan::nim_mul_batch({a, n}, {b, n}, {out, n});
  });
}
BENCHMARK(BM_NimMulBatch);

void BM_NimMulBatchSimd(benchmark::State& state) {
  if (!tartan::detail::nim_mul_batch_simd_available()) return state.SkipWithError("no AVX-512 VPCLMULQDQ/GFNI");
  run_batch(state, tartan::detail::nim_mul_batch_simd);
}
BENCHMARK(BM_NimMulBatchSimd);

void BM_NimMulBatchClmul(benchmark::State& state) {
  if (!tartan::detail::nim_mul_clmul_available()) return state.SkipWithError("no PCLMULQDQ on this CPU");
  run_batch(state, tartan::detail::nim_mul_batch_clmul);
}
BENCHMARK(BM_NimMulBatchClmul);

void BM_NimMulBatchPortable(benchmark::State& state) { run_batch(state, tartan::detail::nim_mul_batch_portable); }
BENCHMARK(BM_NimMulBatchPortable);

// One-operand functions over the 4096 left operands.
template <class F>
void run_unary(benchmark::State& state, F f) {
  const operands& d = data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) benchmark::DoNotOptimize(f(d.a[i]));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}

void BM_NimSquare(benchmark::State& state) { run_unary(state, tartan::nim_square); }
BENCHMARK(BM_NimSquare);

void BM_NimSqrt(benchmark::State& state) { run_unary(state, tartan::nim_sqrt); }
BENCHMARK(BM_NimSqrt);

void BM_NimInv(benchmark::State& state) { run_unary(state, tartan::nim_inv); }
BENCHMARK(BM_NimInv);

void BM_NimDiv(benchmark::State& state) {
  run_pairs(state, [](u64 a, u64 b) { return tartan::nim_div(b, a); });
}
BENCHMARK(BM_NimDiv);

void BM_NimPow(benchmark::State& state) {  // random 64-bit exponents: 64 squarings and about 32 products each
  const operands& d = data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < pair_count; ++i) benchmark::DoNotOptimize(tartan::nim_pow(d.a[i], d.e[i]));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * pair_count));
}
BENCHMARK(BM_NimPow);

void BM_NimberOperators(benchmark::State& state) {  // the value type: (a*b + a) / b per pair
  run_pairs(state, [](u64 a, u64 b) {
    const tartan::nimber x(a), y(b);
    return ((x * y + x) / x).value();
  });
}
BENCHMARK(BM_NimberOperators);

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
  const auto get = [&](const char* name) {
    const auto it = r.rate.find(name);
    return it == r.rate.end() ? 0.0 : it->second;
  };
  const auto ratio = [&](const char* label, const char* fast, const char* slow, const char* target) {
    if (get(fast) > 0 && get(slow) > 0) std::printf("  %-38s %8.1fx   %s\n", label, get(fast) / get(slow), target);
  };
  const auto cost = [&](const char* label, const char* name, const char* target) {
    if (get(name) > 0 && get("BM_NimMul") > 0) {
      std::printf("  %-38s %8.2f products   %s\n", label, get("BM_NimMul") / get(name), target);
    }
  };
  std::printf("\nThroughput (millions per second):");
  for (const auto& [name, value] : r.rate) std::printf("%s\n  %-38s %10.2f", "", name.c_str(), value / 1e6);
  std::printf("\n\nRatios, same run (nim_mul path: %s, batch path: %s):\n", tartan::detail::nim_mul_path(),
              tartan::detail::nim_mul_batch_path());
  ratio("nim_mul / byte tables", "BM_NimMul", "BM_NimMulByteTables", "(target >= 4x)");
  ratio("nim_mul / textbook", "BM_NimMul", "BM_NimMulTextbook", "(target >= 60x)");
  ratio("nim_mul_batch / byte tables", "BM_NimMulBatch", "BM_NimMulByteTables", "(target >= 10x)");
  ratio("nim_mul_batch / nim_mul", "BM_NimMulBatch", "BM_NimMul", "");
  ratio("portable nim_mul / byte tables", "BM_NimMulPortable", "BM_NimMulByteTables", "");
  ratio("nim_mul / reference recursion", "BM_NimMul", "BM_NimMulReference", "");
  std::printf("\nCost in nim_mul products:\n");
  cost("nim_inv", "BM_NimInv", "(target <= 40)");
  cost("nim_sqrt", "BM_NimSqrt", "(target <= 40)");
  cost("nim_square", "BM_NimSquare", "");
  cost("nim_div", "BM_NimDiv", "");
  cost("nim_pow (64-bit exponent)", "BM_NimPow", "");
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
