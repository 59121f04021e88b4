// detail/saturating.hpp: a × b and a + b against 128-bit arithmetic on seeded random operands, UINT64_MAX exactly
// where the 128-bit result does not fit 64 bits, and usable at compile time.
#include "tartan/detail/saturating.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "tartan/core/int128.hpp"

namespace tartan {
namespace {

using detail::saturating_add;
using detail::saturating_mul;

static_assert(saturating_mul(std::uint64_t{1} << 32, std::uint64_t{1} << 32) == UINT64_MAX);
static_assert(saturating_mul(std::uint64_t{1} << 31, std::uint64_t{1} << 32) == std::uint64_t{1} << 63);
static_assert(saturating_add(UINT64_MAX - 1, 1) == UINT64_MAX && saturating_add(UINT64_MAX, 1) == UINT64_MAX);

std::uint64_t saturate(uint128 x) { return x > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(x); }

TEST(SaturatingTest, MatchesOneHundredTwentyEightBitArithmetic) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) {
    // Operands of random widths, so that products fall on both sides of 2^64.
    const std::uint64_t a = rng() >> (rng() % 64), b = rng() >> (rng() % 64);
    EXPECT_EQ(saturating_mul(a, b), saturate(uint128{a} * b)) << a << " × " << b;
    EXPECT_EQ(saturating_add(a, b), saturate(uint128{a} + b)) << a << " + " << b;
  }
}

TEST(SaturatingTest, EdgesOfTheRange) {
  EXPECT_EQ(saturating_mul(0, UINT64_MAX), 0u);
  EXPECT_EQ(saturating_mul(UINT64_MAX, 0), 0u);
  EXPECT_EQ(saturating_mul(1, UINT64_MAX), UINT64_MAX);
  EXPECT_EQ(saturating_mul(UINT64_MAX, UINT64_MAX), UINT64_MAX);
  EXPECT_EQ(saturating_mul(2, UINT64_MAX / 2), UINT64_MAX - 1);
  EXPECT_EQ(saturating_mul(2, UINT64_MAX / 2 + 1), UINT64_MAX);
  EXPECT_EQ(saturating_add(0, 0), 0u);
  EXPECT_EQ(saturating_add(UINT64_MAX, UINT64_MAX), UINT64_MAX);
}

}  // namespace
}  // namespace tartan
