// int128.hpp: to_decimal against std::to_string below 2^64, against published constants (2^64, 2^127, 2^128 - 1),
// and read back digit by digit on seeded random 128-bit values.
#include "tartan/core/int128.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

namespace tartan {
namespace {

static_assert(sizeof(int128) == 16 && sizeof(uint128) == 16);
static_assert(int128{-1} < 0 && uint128{0} - 1 > UINT64_MAX);  // is_signed_v is false for them in strict ISO mode

uint128 read_decimal(const std::string& digits) {
  uint128 x = 0;
  for (const char c : digits) x = x * 10 + static_cast<unsigned>(c - '0');
  return x;
}

TEST(Int128Test, ToDecimalMatchesToStringBelowTwoToTheSixtyFour) {
  EXPECT_EQ(to_decimal(0), "0");
  EXPECT_EQ(to_decimal(9), "9");
  EXPECT_EQ(to_decimal(10), "10");
  std::mt19937_64 rng(1);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t x = rng() >> (rng() % 64);
    EXPECT_EQ(to_decimal(x), std::to_string(x));
  }
  EXPECT_EQ(to_decimal(UINT64_MAX), "18446744073709551615");
}

TEST(Int128Test, ToDecimalOfPublishedPowersOfTwo) {
  // OEIS A000079 (powers of 2): 2^64, 2^127 and 2^128 - 1.
  EXPECT_EQ(to_decimal(uint128{1} << 64), "18446744073709551616");
  EXPECT_EQ(to_decimal(uint128{1} << 127), "170141183460469231731687303715884105728");
  EXPECT_EQ(to_decimal(~uint128{0}), "340282366920938463463374607431768211455");
}

TEST(Int128Test, ToDecimalReadsBackOnRandomValues) {
  std::mt19937_64 rng(2);
  for (int i = 0; i < 10000; ++i) {
    const uint128 x = ((uint128{rng()} << 64) | rng()) >> (rng() % 128);
    const std::string digits = to_decimal(x);
    EXPECT_TRUE(digits == "0" || digits[0] != '0') << digits;  // no leading zeros
    EXPECT_EQ(read_decimal(digits), x) << digits;
  }
}

}  // namespace
}  // namespace tartan
