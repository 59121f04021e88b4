// Tests of <tartan/nim/nimber.hpp>: against the mex definition computed here, the Library Checker nim_product_64 data
// and OEIS tables (tests/data, read through support/reference_data.hpp), field axioms on seeded random inputs, and
// agreement of the reference, portable, PCLMULQDQ and batch paths.
#include "tartan/nim/nimber.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "nim/nim_paths.hpp"
#include "nim/nim_tables.hpp"
#include "support/mex_nim_product.hpp"
#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"

namespace {

using u64 = std::uint64_t;
using tartan::nim_mul;

using tartan::test::read_library_checker;
using tartan::test::read_oeis_entry;

using tartan::test::mex_products;

// The cells (row, column) of an array read by antidiagonals d = 0, 1, ... For "upward" order each antidiagonal runs
// from (d, 0) to (0, d); otherwise from (0, d) to (d, 0).
std::vector<std::pair<u64, u64>> antidiagonal_cells(std::size_t count, bool upward) {
  std::vector<std::pair<u64, u64>> cells;
  for (u64 d = 0; cells.size() < count; ++d) {
    for (u64 i = 0; i <= d && cells.size() < count; ++i) cells.emplace_back(upward ? d - i : i, upward ? i : d - i);
  }
  return cells;
}

std::vector<u64> prime_factors(u64 n) {
  std::vector<u64> p;
  for (u64 q = 2; q * q <= n; ++q) {
    if (n % q == 0) p.push_back(q);
    while (n % q == 0) n /= q;
  }
  if (n > 1) p.push_back(n);
  return p;
}

TEST(NimberTest, MulMatchesMexDefinition) {
  const auto t = mex_products(64);
  for (u64 a = 0; a < 64; ++a) {
    for (u64 b = 0; b < 64; ++b) {
      ASSERT_EQ(nim_mul(a, b), t[a][b]) << a << " ⊗ " << b;
      ASSERT_EQ(tartan::detail::nim_mul_reference(a, b), t[a][b]) << a << " ⊗ " << b;
      ASSERT_EQ(tartan::detail::nim_mul_portable(a, b), t[a][b]) << a << " ⊗ " << b;
      if (tartan::detail::nim_mul_clmul_available()) {
        ASSERT_EQ(tartan::detail::nim_mul_clmul(a, b), t[a][b]);
      }
    }
  }
}

TEST(NimberTest, SmallProductsFromTheLiterature) {
  // Conway, ONAG ch. 6; Winning Ways ch. 14.
  EXPECT_EQ(nim_mul(2, 2), 3u);
  EXPECT_EQ(nim_mul(4, 4), 6u);
  EXPECT_EQ(nim_mul(8, 8), 13u);
  EXPECT_EQ(nim_mul(16, 16), 24u);
  EXPECT_EQ(nim_mul(2, 3), 1u);
  EXPECT_EQ(nim_mul(u64{1} << 32, u64{1} << 32), u64{3} << 31);
}

TEST(NimberTest, FermatTwoPowerIdentities) {
  // For F = 2^(2^k): F⊗x = F·x when x < F, and F⊗F = 3F/2.
  std::mt19937_64 rng(11);
  for (int k = 0; k < 6; ++k) {
    const u64 f = u64{1} << (1 << k);
    EXPECT_EQ(nim_mul(f, f), 3 * (f / 2)) << "F = " << f;
    for (int i = 0; i < 1000; ++i) {
      const u64 x = rng() & (f - 1);
      ASSERT_EQ(nim_mul(f, x), f * x) << "F = " << f << ", x = " << x;
      ASSERT_EQ(nim_mul(x, f), f * x);
    }
  }
  // Distinct Fermat 2-powers multiply as integers: 2^(2^i + 2^j + ...) is their product.
  for (int i = 0; i < 6; ++i) {
    for (int j = i + 1; j < 6; ++j) {
      EXPECT_EQ(nim_mul(u64{1} << (1 << i), u64{1} << (1 << j)), u64{1} << ((1 << i) + (1 << j)));
    }
  }
}

TEST(NimberTest, SubfieldsAreClosed) {
  std::mt19937_64 rng(12);
  for (int k = 0; k < 6; ++k) {
    const u64 mask = (u64{1} << (1 << k)) - 1;
    for (int i = 0; i < 2000; ++i) {
      const u64 a = rng() & mask, b = rng() & mask;
      ASSERT_LE(nim_mul(a, b), mask);
      if (a != 0) {
        ASSERT_LE(tartan::nim_inv(a), mask);
      }
      ASSERT_LE(tartan::nim_sqrt(a), mask);
    }
  }
}

TEST(NimberTest, LibraryCheckerProducts) {
  for (const char* name : {"example_00", "power_of_two_00", "small_few_00", "random_few_00"}) {
    const auto cases = read_library_checker(name);
    std::vector<u64> a, b, out(cases.size());
    for (const auto& c : cases) {
      a.push_back(c.a);
      b.push_back(c.b);
    }
    tartan::nim_mul_batch(a, b, out);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      ASSERT_EQ(nim_mul(cases[i].a, cases[i].b), cases[i].product) << name << " line " << i + 2;
      ASSERT_EQ(tartan::detail::nim_mul_portable(cases[i].a, cases[i].b), cases[i].product) << name;
      ASSERT_EQ(out[i], cases[i].product) << name << " (batch) line " << i + 2;
    }
  }
  EXPECT_EQ(read_library_checker("power_of_two_00").size(), 64u * 64u);
  EXPECT_EQ(read_library_checker("random_few_00").size(), 100000u);
}

TEST(NimberTest, OeisProductTable) {
  const auto s = read_oeis_entry("A051775");  // n⊗m by antidiagonals, n, m >= 0 (symmetric, so the order is moot)
  ASSERT_EQ(s.offset, 0);
  const auto cells = antidiagonal_cells(s.terms.size(), false);
  for (std::size_t i = 0; i < s.terms.size(); ++i) {
    EXPECT_EQ(nim_mul(cells[i].first, cells[i].second), s.terms[i]) << cells[i].first << " ⊗ " << cells[i].second;
  }
}

TEST(NimberTest, OeisPowersOfTwoProducts) {
  const auto diag = read_oeis_entry("A006017");  // 2^n ⊗ 2^n
  ASSERT_EQ(diag.offset, 0);
  for (std::size_t n = 0; n < diag.terms.size(); ++n) {
    EXPECT_EQ(nim_mul(u64{1} << n, u64{1} << n), diag.terms[n]) << "n = " << n;
    EXPECT_EQ(tartan::nim_square(u64{1} << n), diag.terms[n]);
  }
  const auto table = read_oeis_entry("A223541");  // 2^m ⊗ 2^n by antidiagonals, m, n >= 0
  ASSERT_EQ(table.offset, 0);
  const auto cells = antidiagonal_cells(table.terms.size(), false);
  for (std::size_t i = 0; i < table.terms.size(); ++i) {
    EXPECT_EQ(nim_mul(u64{1} << cells[i].first, u64{1} << cells[i].second), table.terms[i]);
  }
}

TEST(NimberTest, OeisSquaresAndSquareRoots) {
  const auto squares = read_oeis_entry("A006042");
  ASSERT_EQ(squares.offset, 0);
  for (std::size_t n = 0; n < squares.terms.size(); ++n) {
    EXPECT_EQ(tartan::nim_square(n), squares.terms[n]) << "n = " << n;
    EXPECT_EQ(nim_mul(n, n), squares.terms[n]);
  }
  const auto roots = read_oeis_entry("A160679");
  ASSERT_EQ(roots.offset, 0);
  for (std::size_t n = 0; n < roots.terms.size(); ++n) EXPECT_EQ(tartan::nim_sqrt(n), roots.terms[n]) << "n = " << n;
}

TEST(NimberTest, OeisInverses) {
  const auto s = read_oeis_entry("A051917");
  ASSERT_EQ(s.offset, 1);
  for (std::size_t i = 0; i < s.terms.size(); ++i) {
    const u64 n = i + 1;
    EXPECT_EQ(tartan::nim_inv(n), s.terms[i]) << "n = " << n;
    EXPECT_EQ(tartan::nim_div(1, n), s.terms[i]);
  }
}

TEST(NimberTest, OeisPowersAndCubes) {
  const auto powers = read_oeis_entry("A335162");  // T(n, k) = n^k by upward antidiagonals: T(d, 0), ..., T(0, d)
  ASSERT_EQ(powers.offset, 0);
  const auto cells = antidiagonal_cells(powers.terms.size(), true);
  for (std::size_t i = 0; i < powers.terms.size(); ++i) {
    EXPECT_EQ(tartan::nim_pow(cells[i].first, cells[i].second), powers.terms[i])
        << cells[i].first << "^" << cells[i].second;
  }
  const auto cubes = read_oeis_entry("A335170");
  ASSERT_EQ(cubes.offset, 0);
  for (std::size_t n = 0; n < cubes.terms.size(); ++n) EXPECT_EQ(tartan::nim_pow(n, 3), cubes.terms[n]) << "n = " << n;
}

TEST(NimberTest, OeisMultiplicativeOrders) {
  const auto s = read_oeis_entry("A212200");
  ASSERT_EQ(s.offset, 1);
  for (std::size_t i = 0; i < s.terms.size(); ++i) {
    const u64 n = i + 1, order = s.terms[i];
    EXPECT_EQ(tartan::nim_pow(n, order), 1u) << "n = " << n;
    for (const u64 p : prime_factors(order))
      EXPECT_NE(tartan::nim_pow(n, order / p), 1u) << "n = " << n << ", p = " << p;
  }
}

TEST(NimberTest, FieldAxiomsOnRandomTriples) {
  std::mt19937_64 rng(20240601);
  for (int i = 0; i < 20000; ++i) {
    const u64 a = rng(), b = rng(), c = rng();
    ASSERT_EQ(nim_mul(a, b), nim_mul(b, a));
    ASSERT_EQ(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
    ASSERT_EQ(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
    ASSERT_EQ(nim_mul(a, 1), a);
    ASSERT_EQ(nim_mul(a, 0), 0u);
    if (a != 0 && b != 0) {
      ASSERT_NE(nim_mul(a, b), 0u);
    }  // no zero divisors
  }
}

TEST(NimberTest, InverseSquareRootAndDivision) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    const u64 x = rng(), y = rng() | 1;
    const u64 r = tartan::nim_sqrt(x);
    ASSERT_EQ(nim_mul(r, r), x);
    ASSERT_EQ(tartan::nim_square(x), nim_mul(x, x));
    if (x != 0) {
      ASSERT_EQ(nim_mul(x, tartan::nim_inv(x)), 1u) << x;
    }
    ASSERT_EQ(nim_mul(tartan::nim_div(x, y), y), x);
  }
  // Every inverse in GF(2^16), where the norm recursion bottoms out.
  for (u64 x = 1; x < (u64{1} << 16); ++x) ASSERT_EQ(nim_mul(x, tartan::nim_inv(x)), 1u) << x;
  EXPECT_EQ(tartan::nim_inv(1), 1u);
  EXPECT_EQ(tartan::nim_sqrt(0), 0u);
}

TEST(NimberTest, SqrtIsTheFrobeniusInverse) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 2000; ++i) {
    const u64 x = rng();
    ASSERT_EQ(tartan::nim_sqrt(x), tartan::nim_pow(x, u64{1} << 63));  // x^(2^63), as x^(2^64) = x
  }
}

TEST(NimberTest, PowMatchesRepeatedProducts) {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 200; ++i) {
    const u64 x = rng();
    u64 p = 1;
    for (u64 e = 0; e < 70; ++e) {
      ASSERT_EQ(tartan::nim_pow(x, e), p) << x << "^" << e;
      ASSERT_EQ(tartan::detail::nim_pow_portable(x, e), p);
      if (tartan::detail::nim_mul_clmul_available()) {
        ASSERT_EQ(tartan::detail::nim_pow_clmul(x, e), p);
      }
      p = nim_mul(p, x);
    }
    const u64 e = rng() >> 1, f = rng() >> 1;  // e + f below 2^64: exponents do not wrap
    ASSERT_EQ(tartan::nim_pow(x, e + f), nim_mul(tartan::nim_pow(x, e), tartan::nim_pow(x, f)));
    if (x != 0) {
      ASSERT_EQ(tartan::nim_pow(x, ~u64{0}), 1u);
    }  // the multiplicative group has order 2^64 - 1
  }
  EXPECT_EQ(tartan::nim_pow(0, 0), 1u);
  EXPECT_EQ(tartan::nim_pow(0, 5), 0u);
}

TEST(NimberTest, PathsAgreeOnAMillionRandomPairs) {
  namespace d = tartan::detail;
  constexpr std::size_t n = 1000000;
  std::mt19937_64 rng(20240602);
  std::vector<u64> a(n), b(n), batch(n), simd(n), clmul(n), portable(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Mix full-width operands with small ones and with operands from the subfields.
    const int kind = static_cast<int>(i % 4);
    a[i] = kind == 0 ? rng() : kind == 1 ? rng() & 0xff : kind == 2 ? rng() & 0xffffffff : rng();
    b[i] = kind == 3 ? rng() >> (rng() % 64) : rng();
  }
  tartan::nim_mul_batch(a, b, batch);
  d::nim_mul_batch_portable(a.data(), b.data(), portable.data(), n);
  // The instruction-set paths run only where the CPU has them (elsewhere they would fault); the dispatched
  // functions above cover whichever path is active.
  const bool has_clmul = d::nim_mul_clmul_available(), has_simd = d::nim_mul_batch_simd_available();
  if (has_clmul)
    d::nim_mul_batch_clmul(a.data(), b.data(), clmul.data(), n);
  else
    clmul = batch;
  if (has_simd)
    d::nim_mul_batch_simd(a.data(), b.data(), simd.data(), n);
  else
    simd = batch;
  for (std::size_t i = 0; i < n; ++i) {
    const u64 expected = nim_mul(a[i], b[i]);
    ASSERT_EQ(d::nim_mul_portable(a[i], b[i]), expected) << a[i] << " ⊗ " << b[i];
    if (has_clmul) {
      ASSERT_EQ(d::nim_mul_clmul(a[i], b[i]), expected);
    }
    ASSERT_EQ(batch[i], expected);
    ASSERT_EQ(portable[i], expected);
    ASSERT_EQ(clmul[i], expected);
    ASSERT_EQ(simd[i], expected);
    if (i % 100 == 0) {
      ASSERT_EQ(d::nim_mul_reference(a[i], b[i]), expected);
    }
  }
}

TEST(NimberTest, BatchHandlesEveryTailLengthAndAliasing) {
  std::mt19937_64 rng(10);
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<u64> a(n), b(n), out(n, 0xdead);
    for (std::size_t i = 0; i < n; ++i) a[i] = rng(), b[i] = rng();
    tartan::nim_mul_batch(a, b, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], nim_mul(a[i], b[i]));
    if (tartan::detail::nim_mul_batch_simd_available()) {
      std::vector<u64> simd(n, 0xdead);
      tartan::detail::nim_mul_batch_simd(a.data(), b.data(), simd.data(), n);
      ASSERT_EQ(simd, out);
    }
    std::vector<u64> in_place = a;
    tartan::nim_mul_batch(in_place, b, in_place);  // out aliases a
    ASSERT_EQ(in_place, out);
  }
}

TEST(NimberTest, PathReport) {
  const std::string mul = tartan::detail::nim_mul_path(), batch = tartan::detail::nim_mul_batch_path();
  EXPECT_TRUE(mul == "pclmul" || mul == "portable") << mul;
  EXPECT_TRUE(batch == "avx512" || batch == "pclmul" || batch == "portable") << batch;
  EXPECT_EQ(mul == "pclmul", tartan::detail::nim_mul_clmul_available());
  EXPECT_EQ(batch == "avx512", tartan::detail::nim_mul_batch_simd_available());
}

TEST(NimberTest, PolynomialBasisIsSound) {
  // α is a root of x^64 + x^4 + x^3 + x + 1, checked here with the reference product; α >= 2^32 puts it outside
  // every proper subfield, so that polynomial is its minimal polynomial.
  namespace d = tartan::detail;
  u64 power = 1;
  std::array<u64, 65> powers{};
  for (int i = 0; i <= 64; ++i) {
    powers[i] = power;
    power = d::nim_mul_reference(power, d::nim_alpha);
  }
  EXPECT_EQ(powers[64] ^ powers[4] ^ powers[3] ^ powers[1] ^ powers[0], 0u);
  EXPECT_GE(d::nim_alpha, u64{1} << 32);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(d::map_bytes(d::nim_table_data.from_poly, u64{1} << i), powers[i]);
    EXPECT_EQ(d::map_bytes(d::nim_table_data.to_poly, powers[i]), u64{1} << i);
  }
}

TEST(NimberTest, ErrorsNameTheProblem) {
  try {
    tartan::nim_inv(0);
    FAIL() << "no exception";
  } catch (const tartan::domain_error& e) {
    EXPECT_STREQ(e.what(), "the nim inverse of 0 does not exist; give a non-zero nimber");
  }
  try {
    tartan::nim_div(5, 0);
    FAIL() << "no exception";
  } catch (const tartan::domain_error& e) {
    EXPECT_NE(std::string(e.what()).find("division by the nimber 0"), std::string::npos) << e.what();
  }
  std::vector<u64> a(3), b(2), out(3);
  try {
    tartan::nim_mul_batch(a, b, out);
    FAIL() << "no exception";
  } catch (const tartan::error& e) {
    EXPECT_NE(std::string(e.what()).find("differ in size (3, 2, 3)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(tartan::nimber(7) / tartan::nimber(0), tartan::domain_error);
  EXPECT_THROW(tartan::nimber(0).inv(), tartan::domain_error);
}

TEST(NimberTest, ValueType) {
  using tartan::nimber;
  constexpr nimber a(5), b(3);
  static_assert((a + b).value() == 6 && (a - b).value() == 6 && (-a) == a && nimber().value() == 0);
  static_assert(a > b && nimber(0) < nimber(1));
  EXPECT_EQ(nimber(2) * nimber(3), nimber(1));
  EXPECT_EQ(nimber(2) / nimber(3), nimber(nim_mul(2, tartan::nim_inv(3))));
  EXPECT_EQ(nimber(6).inv() * nimber(6), nimber(1));
  EXPECT_EQ(nimber(2).pow(3), nimber(1));
  EXPECT_EQ(nimber(3).sqrt(), nimber(2));
  nimber x(9);
  x += nimber(1);
  EXPECT_EQ(x, nimber(8));
  x *= nimber(8);
  EXPECT_EQ(x, nimber(13));
  x /= nimber(8);
  EXPECT_EQ(x, nimber(8));
  x -= nimber(8);
  EXPECT_EQ(x, nimber(0));
  std::ostringstream out;
  out << nimber(0) << ' ' << nimber(1) << ' ' << nimber(6) << ' ' << nimber(~u64{0});
  EXPECT_EQ(out.str(), "0 * *6 *18446744073709551615");
  EXPECT_EQ(tartan::to_string(nimber(42)), "*42");
}

}  // namespace
