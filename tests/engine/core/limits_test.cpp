// limits.hpp: memory sizes read and written in powers of 1024 (against the units computed here), byte counts for
// messages, the suggested limit, and check_memory's refusals with their figures; checked_mul against 128-bit
// products. The machine's memory is whatever this machine says, so tests that depend on it state their assumption.
#include "tartan/core/limits.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "support/error_message.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

using test::message_of;

TEST(LimitsTest, CheckMemoryCarriesTheEstimateTheLimitAndARaiseThatFits) {
  const std::uint64_t estimate = (std::uint64_t{3} << 20) + 1;
  try {
    check_memory(estimate, 1 << 20, "computing 98305 values", "ask for fewer values", 32768, limit_unit::values);
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_STREQ(e.what(),
                 "computing 98305 values needs about 3.0 MiB, over the memory limit of 1.0 MiB; ask for fewer "
                 "values, or raise the memory limit to 4.0 MiB");
    EXPECT_EQ(e.problem(), "computing 98305 values needs about 3.0 MiB, over the memory limit of 1.0 MiB");
    EXPECT_EQ(e.advice(), "ask for fewer values");
    EXPECT_EQ(e.asked(), "computing 98305 values");
    EXPECT_EQ(e.unit(), limit_unit::bytes);
    EXPECT_EQ(e.estimate(), static_cast<double>(estimate));
    EXPECT_EQ(e.limit(), 1 << 20);
    EXPECT_EQ(e.raise_to(), 4 << 20);
    EXPECT_EQ(e.suggestion(), 32768u);
    EXPECT_EQ(e.suggestion_unit(), limit_unit::values);
  }
  // Saturated: beyond counting, and no limit to suggest.
  try {
    check_memory(UINT64_MAX, 1 << 20, "the table", "give a smaller size");
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("the table needs more than 16 EiB, over the memory limit of 1.0 MiB"));
    EXPECT_TRUE(std::isinf(e.estimate()));
    EXPECT_FALSE(e.raise_to().has_value());
  }
  check_memory(1 << 20, 1 << 20, "the table", "give a smaller size");  // at the limit: fine
}

TEST(LimitsTest, MemoryBeyondTheMachineIsRefusedWhateverTheLimit) {
  const std::uint64_t machine = machine_memory();
  if (machine == 0 || machine > UINT64_MAX / 4) GTEST_SKIP() << "the system does not say how much memory it has";
  try {
    check_memory(2 * machine, 4 * machine, "the table", "give a smaller size");
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("of memory this machine has; give a smaller size"));
    EXPECT_EQ(e.limit(), static_cast<double>(machine));
    EXPECT_FALSE(e.raise_to().has_value());
  }
  try {
    check_memory(2 * machine, 1 << 20, "the table", "give a smaller size");
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("over the memory limit of 1.0 MiB; give a smaller size (this machine has "));
    EXPECT_FALSE(e.raise_to().has_value());
  }
}

TEST(LimitsTest, DefaultLimitIsHalfTheMachine) {
  EXPECT_GT(default_memory_limit(), 0u);
  const std::uint64_t machine = machine_memory();
  EXPECT_EQ(default_memory_limit(), machine == 0 ? std::uint64_t{4} << 30 : machine / 2);
  EXPECT_EQ(memory_limit_or_default(0), default_memory_limit());
  EXPECT_EQ(memory_limit_or_default(12345), 12345u);
}

TEST(LimitsTest, BytesAreFormattedInPowersOf1024) {
  EXPECT_EQ(format_bytes(512), "512 bytes");
  EXPECT_EQ(format_bytes(3 << 20), "3.0 MiB");
  EXPECT_EQ(format_bytes(0), "0 bytes");
  EXPECT_EQ(format_bytes(1023), "1023 bytes");
  // k whole units of 1024^u, for k < 1024: "k.0 unit".
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  std::mt19937 rng(7);
  for (unsigned u = 0; u < 6; ++u) {
    const std::uint64_t unit = std::uint64_t{1} << (10 * (u + 1));
    const std::uint64_t most = u == 5 ? 15 : 1023;  // 16 EiB does not fit 64 bits
    for (int i = 0; i < 20; ++i) {
      const std::uint64_t k = 1 + rng() % most;
      EXPECT_EQ(format_bytes(k * unit), std::to_string(k) + ".0 " + units[u]);
    }
  }
  EXPECT_EQ(format_bytes(1536), "1.5 KiB");
  EXPECT_EQ(format_bytes(UINT64_MAX), "16.0 EiB");
}

TEST(LimitsTest, MemorySizesAreReadInEveryUnitAndCase) {
  const std::pair<const char*, unsigned> units[] = {{"", 0},     {"b", 0},    {"K", 10},  {"k", 10},   {"KB", 10},
                                                    {"KiB", 10}, {"m", 20},   {"MB", 20}, {"mib", 20}, {"G", 30},
                                                    {"gb", 30},  {"GiB", 30}, {"T", 40},  {"tb", 40},  {"TIB", 40}};
  std::mt19937 rng(11);
  for (const auto& [suffix, shift] : units) {
    for (int i = 0; i < 10; ++i) {
      const std::uint64_t n = 1 + rng() % 100000;
      EXPECT_EQ(parse_memory_size(std::to_string(n) + suffix, "memory limit"), n << shift) << n << suffix;
    }
  }
  EXPECT_EQ(parse_memory_size("512M", "memory limit"), std::uint64_t{512} << 20);
  EXPECT_EQ(parse_memory_size("4g", "memory limit"), std::uint64_t{4} << 30);
  // The largest size below 2^64 in T: 2^24 - 1 terabytes; 2^24 T is 2^64 bytes.
  EXPECT_EQ(parse_memory_size("16777215T", "memory limit"), ((std::uint64_t{1} << 24) - 1) << 40);
}

TEST(LimitsTest, BadMemorySizesAreRefusedNamingWhat) {
  EXPECT_EQ(message_of([] { parse_memory_size("12Q", "memory limit"); }),
            "memory limit: '12Q' is not a memory size; type a number of bytes, optionally followed by K, M, G or T, "
            "e.g. 512M or 4G");
  EXPECT_EQ(message_of([] { parse_memory_size("", "memory limit"); }),
            "memory limit: '' is not a memory size; type a number of bytes, optionally followed by K, M, G or T, e.g. "
            "512M or 4G");
  EXPECT_EQ(message_of([] { parse_memory_size("M", "cache"); }),
            "cache: 'M' is not a memory size; type a number of bytes, optionally followed by K, M, G or T, e.g. 512M "
            "or 4G");
  EXPECT_EQ(message_of([] { parse_memory_size("-1G", "cache"); }),
            "cache: '-1G' is not a memory size; type a number of bytes, optionally followed by K, M, G or T, e.g. "
            "512M or 4G");
  EXPECT_EQ(message_of([] { parse_memory_size("0K", "memory limit"); }),
            "memory limit: 0 bytes allows nothing; type a size such as 512M or 4G");
  EXPECT_EQ(message_of([] { parse_memory_size("16777216T", "memory limit"); }),
            "memory limit: '16777216T' is 2^64 bytes or more; type a smaller size");
  EXPECT_EQ(message_of([] { parse_memory_size("18446744073709551616", "memory limit"); }),
            "memory limit: '18446744073709551616' is 2^64 or more; type a value below 2^64");
  EXPECT_THROW(parse_memory_size("1 G", "memory limit"), parse_error);
}

TEST(LimitsTest, MemorySizeTextUsesTheLargestUnitThatDividesAndReadsBack) {
  EXPECT_EQ(memory_size_text(std::uint64_t{3} << 30), "3G");
  EXPECT_EQ(memory_size_text(std::uint64_t{300} << 20), "300M");
  EXPECT_EQ(memory_size_text(12 << 10), "12K");
  EXPECT_EQ(memory_size_text(100), "100");
  EXPECT_EQ(memory_size_text(1536), "1536");
  EXPECT_EQ(memory_size_text(std::uint64_t{1} << 40), "1T");
  EXPECT_EQ(memory_size_text(std::uint64_t{1} << 50), "1024T");
  // An odd number times a unit: that unit is the largest that divides, so the text is the number and its letter.
  const char* letters[] = {"", "K", "M", "G", "T"};
  std::mt19937_64 rng(13);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t odd = (rng() >> 41) | 1;
    const unsigned unit = static_cast<unsigned>(rng() % 5);
    const std::uint64_t size = odd << (10 * unit);
    EXPECT_EQ(memory_size_text(size), std::to_string(odd) + letters[unit]);
    EXPECT_EQ(parse_memory_size(memory_size_text(size), "size"), size);
  }
}

TEST(LimitsTest, SuggestedLimitRoundsUpToWholeMiBOrGiB) {
  const std::uint64_t machine = machine_memory();
  if (machine != 0 && machine <= (std::uint64_t{4} << 30)) GTEST_SKIP() << "needs a machine of more than 4 GiB";
  EXPECT_EQ(suggested_memory_limit((std::uint64_t{3} << 20) + 1), std::uint64_t{4} << 20);
  EXPECT_EQ(suggested_memory_limit(5), std::uint64_t{1} << 20);
  EXPECT_EQ(suggested_memory_limit(3'200'000'000), std::uint64_t{3} << 30);
  EXPECT_EQ(suggested_memory_limit((std::uint64_t{1} << 30) - 1), std::uint64_t{1} << 30);
  EXPECT_EQ(suggested_memory_limit(std::uint64_t{1} << 30), std::uint64_t{2} << 30);
  EXPECT_EQ(suggested_memory_limit(UINT64_MAX), std::nullopt);
  if (machine != 0) {
    EXPECT_EQ(suggested_memory_limit(machine), std::nullopt);
  }
}

TEST(LimitsTest, MemoryFiguresCarryTheEstimateAndTheLimit) {
  const limit_figures f = memory_figures("the table", 3 << 20, 1 << 20, true);
  EXPECT_EQ(f.asked, "the table");
  EXPECT_EQ(f.unit, limit_unit::bytes);
  EXPECT_EQ(f.estimate, 3 << 20);
  EXPECT_EQ(f.limit, 1 << 20);
  EXPECT_TRUE(f.at_least);
  EXPECT_EQ(f.raise_to, suggested_memory_limit(3 << 20).has_value() ? std::optional<double>(4 << 20) : std::nullopt);
  const limit_figures saturated = memory_figures("the table", UINT64_MAX, 1 << 20);
  EXPECT_TRUE(std::isinf(saturated.estimate));
  EXPECT_FALSE(saturated.at_least);
  EXPECT_FALSE(saturated.raise_to.has_value());
}

TEST(LimitsTest, SaturatingArithmeticIsReexported) {
  EXPECT_EQ(saturating_mul(std::uint64_t{1} << 32, std::uint64_t{1} << 32), UINT64_MAX);
  EXPECT_EQ(saturating_add(UINT64_MAX, 1), UINT64_MAX);
}

TEST(LimitsTest, CheckedMulIsExactOrRefused) {
  std::mt19937_64 rng(17);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t a = rng() >> (rng() % 64), b = rng() >> (rng() % 64);
    const uint128 exact = uint128{a} * b;
    if (exact <= UINT64_MAX) {
      EXPECT_EQ(checked_mul(a, b, "cells"), static_cast<std::uint64_t>(exact));
    } else {
      EXPECT_THROW(checked_mul(a, b, "cells"), overflow_error);
    }
  }
  EXPECT_EQ(checked_mul(0, UINT64_MAX, "cells"), 0u);
  EXPECT_EQ(checked_mul(UINT64_MAX, 1, "cells"), UINT64_MAX);
  EXPECT_EQ(message_of([] { checked_mul(std::uint64_t{1} << 40, std::uint64_t{1} << 40, "cells of the box"); }),
            "cells of the box: 1099511627776 × 1099511627776 does not fit 64 bits; give smaller values");
}

}  // namespace
}  // namespace tartan
