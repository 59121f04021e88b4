// Tests for <tartan/nim/nimber_128.hpp>: the product against the mex definition and the 64-bit product, field axioms on
// seeded random elements, and every field operation against its definition.
#include "tartan/nim/nimber_128.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

constexpr nimber128 one{0, 1};
constexpr uint128 group_order = ~uint128{0};

using test::mex_products;

nimber128 random128(std::mt19937_64& rng) { return nimber128(rng(), rng()); }

TEST(Nimber128Test, MulMatchesMexDefinition) {
  const auto t = mex_products(40);
  for (std::uint64_t a = 0; a < 40; ++a) {
    for (std::uint64_t b = 0; b < 40; ++b) EXPECT_EQ(nimber128(0, a) * nimber128(0, b), nimber128(0, t[a][b]));
  }
}

TEST(Nimber128Test, MulAgreesWith64BitBelow2To64) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t a = rng(), b = rng();
    EXPECT_EQ(nimber128(0, a) * nimber128(0, b), nimber128(0, nim_mul(a, b)));
  }
}

TEST(Nimber128Test, FermatTwoPowerIdentities) {
  const nimber128 f(1, 0);                                 // F = 2^64
  EXPECT_EQ(f * f, nimber128(1, std::uint64_t{1} << 63));  // F⊗F = 3F/2
  std::mt19937_64 rng(12);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = rng();
    EXPECT_EQ(f * nimber128(0, x), nimber128(x, 0));  // F⊗x = F·x for x < F
  }
}

TEST(Nimber128Test, FieldAxiomsOnRandomElements) {
  std::mt19937_64 rng(13);
  for (int i = 0; i < 3000; ++i) {
    const nimber128 a = random128(rng), b = random128(rng), c = random128(rng);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a * b) * c, a * (b * c));
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * one, a);
    EXPECT_EQ(nim_square(a), a * a);
    EXPECT_EQ(nim_sqrt(a) * nim_sqrt(a), a);
    if (a != nimber128{}) {
      EXPECT_EQ(a * nim_inv(a), one);
      EXPECT_EQ(nim_div(b, a) * a, b);
    }
  }
  EXPECT_THROW(nim_inv(nimber128{}), domain_error);
  EXPECT_THROW(nim_div(one, nimber128{}), domain_error);
}

TEST(Nimber128Test, PowMatchesRepeatedProducts) {
  std::mt19937_64 rng(14);
  for (int i = 0; i < 200; ++i) {
    const nimber128 x = random128(rng);
    nimber128 p = one;
    for (unsigned e = 0; e < 40; ++e) {
      EXPECT_EQ(nim_pow(x, e), p) << e;
      p = p * x;
    }
    const uint128 e1 = (static_cast<uint128>(rng()) << 64) | rng(), e2 = rng();
    EXPECT_EQ(nim_pow(x, e1) * nim_pow(x, e2), nim_pow(x, e1 + e2));
    if (x != nimber128{}) {
      EXPECT_EQ(nim_pow(x, group_order), one);  // Lagrange
    }
  }
}

TEST(Nimber128Test, OrderIsTheLeastExponentGivingOne) {
  std::mt19937_64 rng(15);
  for (int i = 0; i < 100; ++i) {
    const nimber128 x = random128(rng);
    const uint128 order = nim_order(x);
    EXPECT_EQ(group_order % order, 0u);
    EXPECT_EQ(nim_pow(x, order), one);
    for (const std::uint64_t p : nim128_group_primes) {
      if (order % p == 0) {
        EXPECT_NE(nim_pow(x, order / p), one);
      }
    }
  }
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = rng() | 1;
    EXPECT_EQ(nim_order(nimber128(0, x)), nim_order(x));
  }
  EXPECT_EQ(nim_order(nimber128(0, 4)), 15u);
  EXPECT_THROW(nim_order(nimber128{}), domain_error);
}

TEST(Nimber128Test, PrimitiveElementIsTheSmallest) {
  const nimber128 g = nim_primitive_element128();
  EXPECT_EQ(nim_order(g), group_order);
  EXPECT_TRUE(nim_is_primitive(g));
  EXPECT_EQ(g.hi(), 1u) << "values below 2^64 lie in GF(2^64)";
  for (std::uint64_t t = 0; t < g.lo(); ++t) EXPECT_FALSE(nim_is_primitive(nimber128(1, t)));
  EXPECT_FALSE(nim_is_primitive(nimber128(0, nim_primitive_element())));
}

TEST(Nimber128Test, LogInvertsPower) {
  std::mt19937_64 rng(16);
  const nimber128 g = nim_primitive_element128();
  // Full logarithms run Pollard's rho in the subgroup of order 67280421310721 (a fraction of a second each).
  for (int i = 0; i < 2; ++i) {
    const uint128 k = ((static_cast<uint128>(rng()) << 64) | rng()) % group_order;
    EXPECT_EQ(nim_log(nim_pow(g, k), g), k);
  }
  // Bases of smaller orders; the least exponent is k modulo the order.
  for (int i = 0; i < 20; ++i) {
    const nimber128 b = nim_pow(random128(rng), uint128{274177} * 67280421310721ULL * (rng() % 50 + 1));
    const uint128 k = (static_cast<uint128>(rng()) << 64) | rng();
    const nimber128 x = nim_pow(b, k);
    const uint128 log = nim_log(x, b);
    EXPECT_EQ(log, k % nim_order(b));
    EXPECT_EQ(nim_pow(b, log), x);
  }
}

TEST(Nimber128Test, LogAgreesWith64BitInTheSubfield) {
  std::mt19937_64 rng(17);
  const std::uint64_t g = nim_primitive_element();
  for (int i = 0; i < 50; ++i) {
    const std::uint64_t x = rng() | 1;
    EXPECT_EQ(nim_log(nimber128(0, x), nimber128(0, g)), nim_log(x, g));
  }
}

TEST(Nimber128Test, LogErrorsNameTheProblem) {
  EXPECT_THAT([] { nim_log(nimber128(1, 0), nimber128(0, 2)); },
              ::testing::ThrowsMessage<domain_error>(HasSubstr("is not a power of 2 (2 has order 3)")));
  EXPECT_THROW(nim_log(nimber128{}, one), domain_error);
  EXPECT_THROW(nim_log(one, nimber128{}), domain_error);
}

TEST(Nimber128Test, TraceMatchesDefinition) {
  std::mt19937_64 rng(18);
  for (int i = 0; i < 200; ++i) {
    const nimber128 x = random128(rng);
    nimber128 sum{}, power = x;
    for (int k = 0; k < 128; ++k) {
      sum += power;
      power = nim_square(power);
    }
    ASSERT_TRUE(sum == nimber128{} || sum == one);
    EXPECT_EQ(nim_trace(x), sum == one ? 1u : 0u);
  }
}

TEST(Nimber128Test, EquationRootsSatisfyTheEquations) {
  std::mt19937_64 rng(19);
  int solvable = 0;
  for (int i = 0; i < 1000; ++i) {
    const nimber128 c = random128(rng);
    const auto roots = nim_artin_schreier_roots(c);
    EXPECT_EQ(roots.empty(), nim_trace(c) == 1);
    solvable += !roots.empty();
    for (const nimber128 y : roots) EXPECT_EQ(nim_square(y) + y, c);
    if (roots.size() == 2) {
      EXPECT_EQ(roots[0] + one, roots[1]);
    }

    const nimber128 a = rng() % 4 == 0 ? nimber128{} : random128(rng);
    const nimber128 b = rng() % 4 == 0 ? nimber128{} : random128(rng);
    const auto q = nim_solve_quadratic(a, b, c);
    for (const nimber128 x : q.roots) EXPECT_EQ(a * nim_square(x) + b * x + c, nimber128{});
    if (a != nimber128{} && b != nimber128{}) {
      EXPECT_EQ(q.roots.size(), nim_trace(a * c / nim_square(b)) ? 0u : 2u);
    }
  }
  EXPECT_GT(solvable, 300);
  EXPECT_TRUE(nim_solve_quadratic(nimber128{}, nimber128{}, nimber128{}).every_value);
}

TEST(Nimber128Test, CubeRootsCubeBack) {
  std::mt19937_64 rng(20);
  for (int i = 0; i < 100; ++i) {
    const nimber128 x = random128(rng);
    const nimber128 c = x * x * x;
    const auto roots = nim_cube_roots(c);
    ASSERT_EQ(roots.size(), 3u);
    EXPECT_NE(std::find(roots.begin(), roots.end(), x), roots.end());
    for (const nimber128 r : roots) EXPECT_EQ(r * r * r, c);
    const nimber128 y = random128(rng);
    EXPECT_EQ(nim_cube_roots(y).size(), nim_pow(y, group_order / 3) == one ? 3u : 0u);
  }
}

TEST(Nimber128Test, ParsesAndPrints) {
  EXPECT_EQ(parse_nimber128("0x10000000000000000", "X"), nimber128(1, 0));
  EXPECT_EQ(parse_nimber128("340282366920938463463374607431768211455", "X"), nimber128(UINT64_MAX, UINT64_MAX));
  EXPECT_EQ(to_string(nimber128(UINT64_MAX, UINT64_MAX)), "340282366920938463463374607431768211455");
  EXPECT_EQ(to_string(nimber128(1, 0), true), "0x10000000000000000");
  EXPECT_EQ(to_string(nimber128{}), "0");
  EXPECT_THAT([] { parse_nimber128("340282366920938463463374607431768211456", "operand X"); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("operand X: '340282366920938463463374607431768211456' "
                                                              "does not fit in 128 bits")));
  EXPECT_THAT([] { parse_nimber128("12a", "X"); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("not a decimal number (bad character at position 3)")));
  EXPECT_THROW(parse_nimber128("-1", "X"), parse_error);
  EXPECT_THROW(parse_nimber128("", "X"), parse_error);
  std::mt19937_64 rng(21);
  for (int i = 0; i < 100; ++i) {
    const nimber128 x = random128(rng);
    EXPECT_EQ(parse_nimber128(to_string(x), "X"), x);
    EXPECT_EQ(parse_nimber128(to_string(x, true), "X"), x);
  }
}

}  // namespace
}  // namespace tartan
