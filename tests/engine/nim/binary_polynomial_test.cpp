// Tests of <tartan/nim/binary_polynomial.hpp>: every route (schoolbook, Karatsuba, gf2x, the additive FFT) on every
// kernel this CPU has, against the product bit by bit (tests/support/binary_polynomial_reference.hpp) on seeded random
// operands of every length up to 1600 bits and at and around the crossovers and the transform's lengths, against gf2x
// and the ring map to GF(2)[x]/(M) up to 2^24 bits; and the Cantor flag of the nim field the transform stands on.
#include "tartan/nim/binary_polynomial.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "nim/binary_polynomial_kernels.hpp"
#include "support/binary_polynomial_reference.hpp"
#include "tartan/nim/nimber.hpp"

namespace {

using tartan::binary_product_options;
using tartan::binary_product_route;
using tartan::test::poly;
using tartan::test::random_polynomial;
using tartan::test::reference_product;

std::string route_name(binary_product_route r) {
  switch (r) {
    case binary_product_route::automatic:
      return "automatic";
    case binary_product_route::schoolbook:
      return "schoolbook";
    case binary_product_route::karatsuba:
      return "karatsuba";
    case binary_product_route::gf2x:
      return "gf2x";
    case binary_product_route::additive_fft:
      return "additive_fft";
  }
  return "?";
}

constexpr binary_product_route every_route[] = {binary_product_route::automatic, binary_product_route::schoolbook,
                                                binary_product_route::karatsuba, binary_product_route::gf2x,
                                                binary_product_route::additive_fft};

std::vector<const tartan::detail::gf64_kernel*> kernels() {
  std::size_t count = 0;
  const tartan::detail::gf64_kernel* const* list = tartan::detail::gf64_kernels_available(count);
  return {list, list + count};
}

poly multiply(const tartan::detail::gf64_kernel& k, const poly& a, const poly& b, binary_product_route route,
              unsigned threads = 1) {
  poly out(a.size() + b.size(), 0xdeadbeef);  // every word must be written
  binary_product_options options;
  options.route = route;
  options.threads = threads;
  tartan::detail::binary_polynomial_multiply_on(k, a, b, out, options);
  return out;
}

// s(x) = x⊗x ⊕ x maps the nim integers below 2^(j+1) onto those below 2^j: s(2^j) has its top bit at j - 1. So the
// integers below 2^j are a Cantor flag and W_j = s^j vanishes on [0, 2^j) with W_j(2^j) = 1: the points and the
// basis of the transform (binary_polynomial.hpp).
TEST(BinaryPolynomialTest, NimIntegersFormACantorFlag) {
  const auto s = [](std::uint64_t x) { return tartan::nim_mul(x, x) ^ x; };
  for (int j = 1; j < 64; ++j) {
    EXPECT_EQ(std::bit_width(s(std::uint64_t{1} << j)), j) << "s(2^" << j << ")";
  }
  for (int j = 0; j < 64; ++j) {
    std::uint64_t w = std::uint64_t{1} << j;
    for (int i = 0; i < j; ++i) w = s(w);
    EXPECT_EQ(w, 1u) << "W_" << j << "(2^" << j << ")";
    std::uint64_t below = j == 0 ? 0 : (std::uint64_t{1} << j) - 1;  // the top of V_j: W_j(2^j - 1) = 0
    for (int i = 0; i < j; ++i) below = s(below);
    EXPECT_EQ(below, 0u) << "W_" << j << "(2^" << j << " - 1)";
  }
}

// Every route on every kernel against the product bit by bit: all pairs of lengths up to 12 words, and random bit
// lengths (odd ones, top words partly filled) up to 1600 bits.
TEST(BinaryPolynomialTest, EveryRouteAndKernelMatchesTheDefinitionOnSmallOperands) {
  std::mt19937_64 rng(20261207);
  for (const auto* k : kernels()) {
    for (std::size_t na = 1; na <= 12; ++na) {
      for (std::size_t nb = 1; nb <= 12; ++nb) {
        const poly a = random_polynomial(64 * na, rng), b = random_polynomial(64 * nb, rng);
        const poly expected = reference_product(a, b);
        for (const binary_product_route r : every_route) {
          ASSERT_EQ(multiply(*k, a, b, r), expected) << k->name << " " << route_name(r) << " " << na << "x" << nb;
        }
      }
    }
    std::uniform_int_distribution<std::size_t> bits(1, 1600);
    for (int trial = 0; trial < 60; ++trial) {
      const poly a = random_polynomial(bits(rng), rng), b = random_polynomial(bits(rng), rng);
      const poly expected = reference_product(a, b);
      for (const binary_product_route r : every_route) {
        ASSERT_EQ(multiply(*k, a, b, r), expected)
            << k->name << " " << route_name(r) << " " << a.size() << "x" << b.size();
      }
    }
  }
}

// The FFT's lengths: c·2^k points, c = 1, 3, 5, 7, for the product's 2·(na + nb) - 1 blocks of 32 bits: operands
// whose product just fits each length and one word more, balanced and not, with their top words partly filled,
// against the definition.
TEST(BinaryPolynomialTest, FftAtEveryTransformShapeMatchesTheDefinition) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::size_t> spare(0, 63);
  for (const auto* k : kernels()) {
    for (const std::size_t c : {1u, 3u, 5u, 7u}) {
      for (int log = 4; log <= 8; ++log) {
        const std::size_t points = c << log;
        for (const std::size_t words : {points / 2, points / 2 + 1}) {
          for (const std::size_t na : {std::size_t{1}, words / 2, words / 5 + 1, words - 1}) {
            const poly a = random_polynomial(64 * na - spare(rng), rng);
            const poly b = random_polynomial(64 * (words - na) - spare(rng), rng);
            ASSERT_EQ(multiply(*k, a, b, binary_product_route::additive_fft), reference_product(a, b))
                << k->name << " c=" << c << " 2^" << log << " words " << na << "+" << words - na;
          }
        }
      }
    }
  }
}

// Up to 2^24 bits: the FFT against gf2x (where the build has it), Karatsuba, and the ring map to GF(2)[x]/(M) for
// three random M of degree 64 (a wrong product passes one with probability 2^-64).
TEST(BinaryPolynomialTest, LargeProductsAgreeWithGf2xAndTheRingMap) {
  std::mt19937_64 rng(99);
  const std::uint64_t moduli[] = {rng(), rng(), rng()};
  const auto& k = tartan::detail::gf64_kernel_for_cpu();
  const std::pair<std::size_t, std::size_t> sizes[] = {{100000, 100000},         {131072, 131072}, {1 << 20, 1 << 20},
                                                       {(1 << 20) + 33, 777777}, {1 << 22, 5000},  {1 << 24, 1 << 24},
                                                       {(1 << 24) - 1, 3}};
  for (const auto& [abits, bbits] : sizes) {
    const poly a = random_polynomial(abits, rng), b = random_polynomial(bbits, rng);
    const poly fft = multiply(k, a, b, binary_product_route::additive_fft);
    for (const std::uint64_t m : moduli) {
      using tartan::test::mul_mod;
      using tartan::test::reduce_mod;
      ASSERT_EQ(reduce_mod(fft, m), mul_mod(reduce_mod(a, m), reduce_mod(b, m), m)) << abits << "x" << bbits;
    }
    if (tartan::binary_product_has_gf2x()) {
      ASSERT_EQ(fft, multiply(k, a, b, binary_product_route::gf2x)) << abits << "x" << bbits;
    }
    if (abits <= (1 << 20)) {
      ASSERT_EQ(fft, multiply(k, a, b, binary_product_route::karatsuba)) << abits;
    }
    ASSERT_EQ(fft, multiply(k, a, b, binary_product_route::automatic)) << abits;
  }
}

// Two threads give the same product as one; a square (one operand given twice) spreads the bits; zero operands.
TEST(BinaryPolynomialTest, ThreadsSquaresAndZeros) {
  std::mt19937_64 rng(3);
  const poly a = random_polynomial(3000000, rng), b = random_polynomial(2500000, rng);
  const auto& k = tartan::detail::gf64_kernel_for_cpu();
  EXPECT_EQ(multiply(k, a, b, binary_product_route::additive_fft, 2),
            multiply(k, a, b, binary_product_route::additive_fft, 1));
  const poly small = random_polynomial(5000, rng);
  poly square(2 * small.size());
  tartan::binary_polynomial_multiply(small, small, square);
  EXPECT_EQ(square, reference_product(small, small));
  const poly zero(40, 0);
  poly out(zero.size() + small.size(), 1);
  tartan::binary_polynomial_multiply(zero, small, out);
  EXPECT_EQ(out, poly(out.size(), 0));
}

// The memory planned covers the transform's two arrays; the choice goes to the FFT for long operands only.
TEST(BinaryPolynomialTest, MemoryAndChoice) {
  const std::size_t words = 1 << 20;  // 2^26 bits each: 2^22 blocks of product, 2^22 points
  EXPECT_EQ(tartan::binary_product_transform_length(words, words), std::size_t{1} << 22);
  EXPECT_GE(tartan::binary_product_memory(words, words, binary_product_route::additive_fft),
            2 * (std::uint64_t{1} << 22) * 8);
  EXPECT_EQ(tartan::binary_product_choice(words, words), binary_product_route::additive_fft);
  EXPECT_NE(tartan::binary_product_choice(4, 4), binary_product_route::additive_fft);
  // c·2^k points with c odd when fewer: 2^21 + 39 blocks take 5·2^19 points, not 2^22
  EXPECT_EQ(tartan::binary_product_transform_length((1 << 19) + 10, (1 << 19) + 10), std::size_t{5} << 19);
}

}  // namespace
