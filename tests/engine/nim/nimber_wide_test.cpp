// Tests for <tartan/nim/nimber_wide.hpp>: products against the mex definition, the 64-bit and the 128-bit products, the
// Fermat 2-power identities at every level, field axioms at 256 and 1024 bits, and every operation against its
// definition.
#include "tartan/nim/nimber_wide.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_128.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

using test::mex_products;

nimber_wide random_wide(std::mt19937_64& rng, unsigned bits) {
  std::vector<std::uint64_t> w(bits / 64);
  for (auto& x : w) x = rng();
  return nimber_wide(bits, w);
}

// 2^k in a field of `bits` bits.
nimber_wide power_of_two(unsigned bits, unsigned k) {
  std::vector<std::uint64_t> w(bits / 64, 0);
  w[k / 64] = std::uint64_t{1} << (k % 64);
  return nimber_wide(bits, w);
}

TEST(NimberWideTest, MulMatchesMexDefinition) {
  const auto t = mex_products(32);
  for (unsigned bits : {64u, 128u, 256u, 512u}) {
    for (std::uint64_t a = 0; a < 32; ++a) {
      for (std::uint64_t b = 0; b < 32; ++b) {
        EXPECT_EQ(nimber_wide(bits, a) * nimber_wide(bits, b), nimber_wide(bits, t[a][b])) << bits;
      }
    }
  }
}

TEST(NimberWideTest, MulAgreesWith64And128BitProducts) {
  std::mt19937_64 rng(31);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t a = rng(), b = rng();
    EXPECT_EQ(nimber_wide(512, a) * nimber_wide(256, b), nimber_wide(512, nim_mul(a, b)));
    const nimber128 x(rng(), rng()), y(rng(), rng());
    const nimber128 p = x * y;
    const std::uint64_t xw[2] = {x.lo(), x.hi()}, yw[2] = {y.lo(), y.hi()}, pw[2] = {p.lo(), p.hi()};
    EXPECT_EQ(nimber_wide(128, xw) * nimber_wide(128, yw), nimber_wide(128, pw));
    EXPECT_EQ(nimber_wide(1024, xw) * nimber_wide(1024, yw), nimber_wide(1024, pw));  // GF(2^128) is a subfield
  }
}

TEST(NimberWideTest, FermatTwoPowerIdentities) {
  std::mt19937_64 rng(32);
  for (unsigned f = 64; f <= 1024; f *= 2) {
    const unsigned bits = 2 * f;
    const nimber_wide big = power_of_two(bits, f);  // F = 2^f, a Fermat 2-power
    // F⊗F = 3F/2 = F + F/2.
    EXPECT_EQ(big * big, big + power_of_two(bits, f - 1)) << f;
    // F⊗x = F·x for x < F: the words of x shifted up by f bits.
    const nimber_wide x = random_wide(rng, f).in_field(bits);
    std::vector<std::uint64_t> shifted(bits / 64, 0);
    std::copy(x.words().begin(), x.words().begin() + f / 64, shifted.begin() + f / 64);
    EXPECT_EQ(big * x, nimber_wide(bits, shifted)) << f;
  }
}

TEST(NimberWideTest, FieldAxiomsOnRandomElements) {
  std::mt19937_64 rng(33);
  for (unsigned bits : {256u, 1024u}) {
    const nimber_wide one(bits, 1);
    for (int i = 0; i < (bits == 256 ? 300 : 40); ++i) {
      const nimber_wide a = random_wide(rng, bits), b = random_wide(rng, bits), c = random_wide(rng, bits);
      EXPECT_EQ(a * b, b * a);
      EXPECT_EQ((a * b) * c, a * (b * c));
      EXPECT_EQ(a * (b + c), a * b + a * c);
      EXPECT_EQ(a * one, a);
      EXPECT_EQ(nim_square(a), a * a);
      EXPECT_EQ(nim_square(nim_sqrt(a)), a);
      EXPECT_EQ(a * nim_inv(a), one);
      EXPECT_EQ(nim_div(b, a) * a, b);
    }
  }
  EXPECT_THROW(nim_inv(nimber_wide(256)), domain_error);
  EXPECT_THROW(nim_div(nimber_wide(256, 1), nimber_wide(256)), domain_error);
}

TEST(NimberWideTest, PowMatchesRepeatedProductsAndLagrange) {
  std::mt19937_64 rng(34);
  for (unsigned bits : {128u, 256u}) {
    const nimber_wide x = random_wide(rng, bits);
    nimber_wide p(bits, 1);
    for (std::uint64_t e = 0; e < 30; ++e) {
      EXPECT_EQ(nim_pow(x, std::vector<std::uint64_t>{e}), p);
      p = p * x;
    }
    // x^(2^bits - 1) = 1, and x^(2^bits) = x (Frobenius).
    const std::vector<std::uint64_t> all_ones(bits / 64, UINT64_MAX);
    EXPECT_EQ(nim_pow(x, all_ones), nimber_wide(bits, 1));
  }
  // Against the 128-bit power.
  const nimber128 y(rng(), rng());
  const uint128 e = (static_cast<uint128>(rng()) << 64) | rng();
  const std::uint64_t ew[2] = {static_cast<std::uint64_t>(e), static_cast<std::uint64_t>(e >> 64)};
  const std::uint64_t yw[2] = {y.lo(), y.hi()};
  const nimber128 expected = nim_pow(y, e);
  const std::uint64_t xw[2] = {expected.lo(), expected.hi()};
  EXPECT_EQ(nim_pow(nimber_wide(128, yw), ew), nimber_wide(128, xw));
}

TEST(NimberWideTest, TraceMatchesDefinition) {
  std::mt19937_64 rng(35);
  for (unsigned bits : {128u, 256u}) {
    for (int i = 0; i < 20; ++i) {
      const nimber_wide x = random_wide(rng, bits);
      nimber_wide sum(bits), power = x;
      for (unsigned k = 0; k < bits; ++k) {
        sum = sum + power;
        power = nim_square(power);
      }
      ASSERT_TRUE(sum == nimber_wide(bits) || sum == nimber_wide(bits, 1));
      EXPECT_EQ(nim_trace(x), sum.is_zero() ? 0u : 1u);
    }
  }
}

TEST(NimberWideTest, EquationRootsSatisfyTheEquations) {
  std::mt19937_64 rng(36);
  for (unsigned bits : {64u, 128u, 512u}) {
    int solvable = 0;
    for (int i = 0; i < 100; ++i) {
      const nimber_wide c = random_wide(rng, bits);
      const auto roots = nim_artin_schreier_roots(c);
      EXPECT_EQ(roots.empty(), nim_trace(c) == 1);
      solvable += !roots.empty();
      for (const auto& y : roots) EXPECT_EQ(nim_square(y) + y, c);
      if (roots.size() == 2) {
        EXPECT_LT(roots[0], roots[1]);
      }

      const nimber_wide a = rng() % 4 == 0 ? nimber_wide(bits) : random_wide(rng, bits);
      const nimber_wide b = rng() % 4 == 0 ? nimber_wide(bits) : random_wide(rng, bits);
      const auto q = nim_solve_quadratic(a, b, c);
      for (const auto& x : q.roots) EXPECT_TRUE((a * nim_square(x) + b * x + c).is_zero());
      if (!a.is_zero() && !b.is_zero()) {
        EXPECT_EQ(q.roots.size(), nim_trace(a * c / nim_square(b)) ? 0u : 2u);
      }
    }
    EXPECT_GT(solvable, 25);
  }
  // In GF(2^64) the wide solver agrees with the 64-bit one.
  for (std::uint64_t c = 0; c < 200; ++c) {
    const auto wide = nim_artin_schreier_roots(nimber_wide(64, c * 0x9E3779B97F4A7C15ULL));
    const auto narrow = nim_artin_schreier_roots(c * 0x9E3779B97F4A7C15ULL);
    ASSERT_EQ(wide.size(), narrow.size());
    for (std::size_t i = 0; i < wide.size(); ++i) EXPECT_EQ(wide[i], nimber_wide(64, narrow[i]));
  }
}

TEST(NimberWideTest, CubeRootsCubeBack) {
  std::mt19937_64 rng(37);
  for (unsigned bits : {64u, 128u, 256u}) {
    for (int i = 0; i < 10; ++i) {
      const nimber_wide x = random_wide(rng, bits);
      const nimber_wide c = x * x * x;
      const auto roots = nim_cube_roots(c);
      ASSERT_EQ(roots.size(), 3u) << bits;
      EXPECT_NE(std::find(roots.begin(), roots.end(), x), roots.end());
      for (const auto& r : roots) EXPECT_EQ(r * r * r, c);
    }
  }
  // Agreement with the 64-bit cube roots, cubes or not.
  for (std::uint64_t v = 1; v < 100; ++v) {
    const auto narrow = nim_cube_roots(v * 0x9E3779B97F4A7C15ULL);
    const auto wide = nim_cube_roots(nimber_wide(64, v * 0x9E3779B97F4A7C15ULL));
    ASSERT_EQ(wide.size(), narrow.size());
    for (std::size_t i = 0; i < wide.size(); ++i) EXPECT_EQ(wide[i], nimber_wide(64, narrow[i]));
  }
}

TEST(NimberWideTest, ParsesAndPrints) {
  EXPECT_EQ(parse_wide_unsigned("0x10000000000000000", 128, "X"), (std::vector<std::uint64_t>{0, 1}));
  EXPECT_EQ(parse_wide_unsigned("255", 8, "X"), (std::vector<std::uint64_t>{255}));
  EXPECT_THAT([] { parse_wide_unsigned("256", 8, "operand X"); },
              ::testing::ThrowsMessage<parse_error>(::testing::StrEq(
                  "operand X: '256' does not fit in 8 bits; type a value below 2^8, or use a wider field")));
  EXPECT_THAT([] { parse_wide_unsigned("0x", 64, "X"); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("no hex digits after 0x")));
  EXPECT_THAT([] { parse_wide_unsigned("+5", 64, "X"); }, ::testing::ThrowsMessage<parse_error>(HasSubstr("sign")));
  // 2^256 - 1 in decimal, from the digits of the powers of 2 computed here by doubling a decimal string.
  std::string p = "1";
  for (int i = 0; i < 256; ++i) {
    int carry = 0;
    for (auto it = p.rbegin(); it != p.rend(); ++it) {
      const int d = (*it - '0') * 2 + carry;
      *it = static_cast<char>('0' + d % 10);
      carry = d / 10;
    }
    if (carry) p.insert(p.begin(), static_cast<char>('0' + carry));
  }
  EXPECT_THROW(parse_wide_unsigned(p, 256, "X"), parse_error);  // 2^256 itself
  p.back() = static_cast<char>(p.back() - 1);                   // 2^256 - 1 (2^256 ends in 6)
  const auto words = parse_wide_unsigned(p, 256, "X");
  EXPECT_EQ(words, std::vector<std::uint64_t>(4, UINT64_MAX));
  EXPECT_EQ(format_wide_unsigned(words), p);
  EXPECT_EQ(format_wide_unsigned(words, true), "0x" + std::string(64, 'f'));
  std::mt19937_64 rng(38);
  for (int i = 0; i < 50; ++i) {
    const nimber_wide x = random_wide(rng, 512);
    EXPECT_EQ(parse_nimber_wide(to_string(x), 512, "X"), x);
    EXPECT_EQ(parse_nimber_wide(to_string(x, true), 512, "X"), x);
  }
  EXPECT_THROW(nimber_wide(96), domain_error);
  EXPECT_THROW(nimber_wide(32), domain_error);
}

}  // namespace
}  // namespace tartan
