// Tests for <tartan/nim/nim_field.hpp>: each operation against its definition (brute force, the mex product in small
// fields, algebraic identities on seeded random elements) and the multiplicative orders of OEIS A212200.
#include "tartan/nim/nim_field.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

using test::mex_products;

// GF(16) and its products from the mex definition, shared by the exhaustive tests.
const std::vector<std::vector<std::uint64_t>>& gf16() {
  static const auto t = mex_products(16);
  return t;
}

std::uint64_t trace_by_definition(std::uint64_t x, unsigned bits) {
  std::uint64_t sum = 0, power = x;
  for (unsigned i = 0; i < bits; ++i) {
    sum ^= power;
    power = nim_square(power);
  }
  return sum;
}

std::uint64_t random_below(std::mt19937_64& rng, unsigned bits) {
  return bits == 64 ? rng() : rng() & ((std::uint64_t{1} << bits) - 1);
}

TEST(NimFieldTest, OrderMatchesOeisA212200) {
  // Published orders: OEIS A212200, a(n) = multiplicative order of n, offset 1 (the first term is a(1)).
  const auto [terms, offset] = tartan::test::read_oeis_entry("A212200");
  ASSERT_EQ(offset, 1) << "A212200 should start at n = 1";
  ASSERT_GE(terms.size(), 70u);
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const std::uint64_t n = i + 1;  // offset 1
    EXPECT_EQ(nim_order(n), terms[i]) << "n = " << n;
  }
}

TEST(NimFieldTest, OrderIsTheLeastExponentGivingOne) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t x = rng() | 1;
    const std::uint64_t order = nim_order(x);
    EXPECT_EQ(UINT64_MAX % order, 0u);
    EXPECT_EQ(nim_pow(x, order), 1u);
    for (const std::uint64_t p : nim_group_primes) {
      if (order % p == 0) {
        EXPECT_NE(nim_pow(x, order / p), 1u) << x << " order " << order << " / " << p;
      }
    }
  }
  // Brute force in GF(256).
  for (std::uint64_t x = 1; x < 256; ++x) {
    std::uint64_t k = 1, power = x;
    while (power != 1) power = nim_mul(power, x), ++k;
    EXPECT_EQ(nim_order(x), k) << x;
  }
}

TEST(NimFieldTest, OrderOfZeroIsAnError) {
  EXPECT_THAT([] { nim_order(0); }, ::testing::ThrowsMessage<domain_error>(HasSubstr("0 has no multiplicative order")));
}

TEST(NimFieldTest, LogInvertsPowerForPrimitiveBases) {
  std::mt19937_64 rng(2);
  const std::uint64_t g = nim_primitive_element();
  for (int trial = 0; trial < 300; ++trial) {
    const std::uint64_t k = rng() % UINT64_MAX;
    EXPECT_EQ(nim_log(nim_pow(g, k), g), k) << k;
  }
  // Other primitive bases, found by the order.
  int found = 0;
  while (found < 20) {
    const std::uint64_t b = rng();
    if (b == 0 || nim_order(b) != UINT64_MAX) continue;
    ++found;
    const std::uint64_t k = rng() % UINT64_MAX;
    EXPECT_EQ(nim_log(nim_pow(b, k), b), k);
  }
}

TEST(NimFieldTest, LogIsTheLeastExponentForAnyBase) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 300; ++trial) {
    const std::uint64_t b = rng() >> (rng() % 64) | 1;
    const std::uint64_t k = rng();
    const std::uint64_t x = nim_pow(b, k);
    const std::uint64_t log = nim_log(x, b);
    EXPECT_EQ(log, k % nim_order(b)) << "base " << b;
    EXPECT_EQ(nim_pow(b, log), x);
  }
  EXPECT_EQ(nim_log(1, 1), 0u);
  EXPECT_EQ(nim_log(1, 12345), 0u);
  EXPECT_EQ(nim_log(14, 4), 3u);  // 4, 4⊗4 = 6, 4⊗6 = 14 (OEIS A212200 %e)
}

TEST(NimFieldTest, LogMatchesBruteForceInGf256) {
  for (std::uint64_t b = 1; b < 256; b += 7) {
    std::vector<int> log(256, -1);
    std::uint64_t power = 1;
    for (int k = 0; log[power] < 0; ++k) {
      log[power] = k;
      power = nim_mul(power, b);
    }
    for (std::uint64_t x = 1; x < 256; ++x) {
      if (log[x] >= 0) {
        EXPECT_EQ(nim_log(x, b), static_cast<std::uint64_t>(log[x])) << x << " base " << b;
      } else {
        EXPECT_THROW(nim_log(x, b), domain_error) << x << " base " << b;
      }
    }
  }
}

TEST(NimFieldTest, LogErrorsNameTheProblem) {
  EXPECT_THAT([] { nim_log(0, 5); }, ::testing::ThrowsMessage<domain_error>(HasSubstr("0 has no logarithm")));
  EXPECT_THAT([] { nim_log(5, 0); }, ::testing::ThrowsMessage<domain_error>(HasSubstr("the base 0")));
  // 2 has order 3: its powers are 1, 2, 3.
  EXPECT_THAT([] { nim_log(4, 2); },
              ::testing::ThrowsMessage<domain_error>(HasSubstr("4 is not a power of 2 (2 has order 3)")));
}

TEST(NimFieldTest, PrimitiveElementsAreTheSmallest) {
  // Brute force in GF(2), GF(4), GF(16), GF(256) and GF(65536): the first value whose powers reach every non-zero one.
  for (unsigned bits : {1u, 2u, 4u, 8u, 16u}) {
    const std::uint64_t group = (std::uint64_t{1} << bits) - 1;
    std::uint64_t smallest = 0;
    for (std::uint64_t x = 1; smallest == 0; ++x) {
      std::uint64_t k = 1, power = x;
      while (power != 1) power = nim_mul(power, x), ++k;
      if (k == group) smallest = x;
    }
    EXPECT_EQ(nim_primitive_element(bits), smallest) << bits;
    EXPECT_TRUE(nim_is_primitive(smallest, bits));
    EXPECT_FALSE(nim_is_primitive(smallest - 1, bits) && smallest > 1);
  }
  const std::uint64_t g = nim_primitive_element();
  EXPECT_EQ(nim_order(g), UINT64_MAX);
  EXPECT_TRUE(nim_is_primitive(g));
  // Values below 2^32 lie in GF(2^32); none of the values from there to g is primitive.
  for (std::uint64_t x = std::uint64_t{1} << 32; x < g; ++x) EXPECT_FALSE(nim_is_primitive(x)) << x;
  EXPECT_EQ(nim_primitive_element(32) >> 16, 1u);  // just above GF(2^16)
  EXPECT_FALSE(nim_is_primitive(0));
  EXPECT_THROW(nim_is_primitive(256, 8), domain_error);
  EXPECT_THROW(nim_primitive_element(3), domain_error);
}

TEST(NimFieldTest, TraceMatchesDefinition) {
  std::mt19937_64 rng(4);
  for (unsigned bits : {1u, 2u, 4u, 8u, 16u, 32u, 64u}) {
    for (int trial = 0; trial < 100; ++trial) {
      const std::uint64_t x = random_below(rng, bits);
      const std::uint64_t t = trace_by_definition(x, bits);
      ASSERT_LE(t, 1u) << "the trace lies in GF(2)";
      EXPECT_EQ(nim_trace(x, bits), t) << x << " in GF(2^" << bits << ")";
    }
  }
}

TEST(NimFieldTest, ArtinSchreierRootsSatisfyTheEquation) {
  std::mt19937_64 rng(5);
  for (unsigned bits : {2u, 8u, 32u, 64u}) {
    int solvable = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const std::uint64_t c = random_below(rng, bits);
      const auto roots = nim_artin_schreier_roots(c, bits);
      if (nim_trace(c, bits) == 1) {
        EXPECT_TRUE(roots.empty()) << c;
        continue;
      }
      ++solvable;
      ASSERT_EQ(roots.size(), 2u) << c;
      EXPECT_LT(roots[0], roots[1]);
      for (const std::uint64_t y : roots) {
        EXPECT_EQ(nim_square(y) ^ y, c);
        if (bits < 64) {
          EXPECT_LT(y, std::uint64_t{1} << bits) << "the roots lie in the field";
        }
      }
    }
    EXPECT_GT(solvable, 100);
  }
  EXPECT_THAT(nim_artin_schreier_roots(1), ElementsAre(2u, 3u));
}

TEST(NimFieldTest, QuadraticsMatchBruteForceInGf16) {
  const auto& mul = gf16();
  for (std::uint64_t a = 0; a < 16; ++a) {
    for (std::uint64_t b = 0; b < 16; ++b) {
      for (std::uint64_t c = 0; c < 16; ++c) {
        std::vector<std::uint64_t> expected;
        for (std::uint64_t x = 0; x < 16; ++x) {
          if ((mul[a][mul[x][x]] ^ mul[b][x] ^ c) == 0) expected.push_back(x);
        }
        const auto r = nim_solve_quadratic(a, b, c, 4);
        if (expected.size() == 16) {
          EXPECT_TRUE(r.every_value);
          EXPECT_TRUE(r.roots.empty());
        } else {
          EXPECT_FALSE(r.every_value);
          EXPECT_EQ(r.roots, expected) << a << " x^2 + " << b << " x + " << c;
        }
      }
    }
  }
}

TEST(NimFieldTest, QuadraticRootsSatisfyTheEquation) {
  std::mt19937_64 rng(6);
  int two = 0, one = 0, none = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    // Zero coefficients now and then, to reach every case.
    const std::uint64_t a = rng() % 5 == 0 ? 0 : rng();
    const std::uint64_t b = rng() % 5 == 0 ? 0 : rng();
    const std::uint64_t c = rng() % 7 == 0 ? 0 : rng();
    const auto r = nim_solve_quadratic(a, b, c);
    for (const std::uint64_t x : r.roots) {
      EXPECT_EQ(nim_mul(a, nim_square(x)) ^ nim_mul(b, x) ^ c, 0u) << a << " " << b << " " << c;
    }
    if (r.every_value) {
      EXPECT_TRUE(a == 0 && b == 0 && c == 0);
    }
    if (a != 0 && b != 0) {
      EXPECT_EQ(r.roots.empty(), nim_trace(nim_div(nim_mul(a, c), nim_square(b))) == 1);
    }
    (r.roots.size() == 2 ? two : r.roots.size() == 1 ? one : none)++;
  }
  EXPECT_GT(two, 100);
  EXPECT_GT(one, 100);
  EXPECT_GT(none, 100);
}

TEST(NimFieldTest, CubeRootsMatchBruteForceInGf256) {
  std::vector<std::vector<std::uint64_t>> roots(256);
  for (std::uint64_t x = 0; x < 256; ++x) roots[nim_mul(x, nim_square(x))].push_back(x);
  for (std::uint64_t c = 0; c < 256; ++c) EXPECT_EQ(nim_cube_roots(c, 8), roots[c]) << c;
}

TEST(NimFieldTest, CubeRootsCubeBack) {
  std::mt19937_64 rng(7);
  for (unsigned bits : {16u, 64u}) {
    for (int trial = 0; trial < 300; ++trial) {
      const std::uint64_t x = random_below(rng, bits) | 1;
      const std::uint64_t c = nim_mul(x, nim_square(x));
      const auto roots = nim_cube_roots(c, bits);
      ASSERT_EQ(roots.size(), 3u);
      EXPECT_NE(std::find(roots.begin(), roots.end(), x), roots.end());
      for (const std::uint64_t r : roots) EXPECT_EQ(nim_mul(r, nim_square(r)), c);
      // A random value is a cube one time in three.
      const std::uint64_t y = random_below(rng, bits) | 1;
      const bool cube = nim_pow(y, (bits == 64 ? UINT64_MAX : (std::uint64_t{1} << bits) - 1) / 3) == 1;
      EXPECT_EQ(nim_cube_roots(y, bits).size(), cube ? 3u : 0u);
    }
  }
  EXPECT_THAT(nim_cube_roots(1), ElementsAre(1u, 2u, 3u));
  EXPECT_TRUE(nim_cube_roots(2).empty());
  EXPECT_THAT(nim_cube_roots(0), ElementsAre(0u));
  EXPECT_THAT(nim_cube_roots(1, 1), ElementsAre(1u));
}

TEST(NimFieldTest, SmallFieldsUseTheMexProducts) {
  // The trace and the primitive element of GF(16) from the mex table alone.
  const auto& mul = gf16();
  for (std::uint64_t x = 0; x < 16; ++x) {
    const std::uint64_t x2 = mul[x][x], x4 = mul[x2][x2], x8 = mul[x4][x4];
    EXPECT_EQ(nim_trace(x, 4), x ^ x2 ^ x4 ^ x8) << x;
  }
  std::uint64_t g = 2;
  for (;; ++g) {
    std::uint64_t k = 1, p = g;
    while (p != 1) p = mul[p][g], ++k;
    if (k == 15) break;
  }
  EXPECT_EQ(nim_primitive_element(4), g);
}

}  // namespace
}  // namespace tartan
