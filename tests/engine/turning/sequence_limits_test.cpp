// sequence_limits.hpp: requests for values are refused before any work, with the estimate (32 bytes per value) and
// the limit in the message and the most values that fit as the suggestion; several sequences at once are checked
// together, then each against max_sequence_length.
#include "tartan/turning/sequence_limits.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"

namespace tartan {
namespace {

TEST(SequenceLimitsTest, TheLimitsAreAsDocumented) {
  EXPECT_EQ(max_sequence_length, 100'000'000u);
  EXPECT_EQ(bytes_per_value, 32u);
}

TEST(SequenceLimitsTest, ValuesWithinTheLimitAreAllowed) {
  check_sequence_memory(1000);
  check_sequence_memory(0, 1);
  check_sequence_memory(32768, std::uint64_t{1} << 20);  // exactly 1 MiB at 32 bytes a value
  check_sequence_lengths(std::vector<std::size_t>{1000, 1000}, 0);
  check_sequence_lengths(std::vector<std::size_t>{}, 1);
}

TEST(SequenceLimitsTest, TooManyValuesAreRefusedWithTheEstimateAndWhatFits) {
  const std::uint64_t machine = machine_memory();
  if (machine != 0 && machine <= (std::uint64_t{4} << 30)) GTEST_SKIP() << "needs a machine of more than 4 GiB";
  try {
    check_sequence_memory(max_sequence_length, std::uint64_t{1} << 30);
    FAIL() << "expected limit_error";
  } catch (const limit_error& e) {
    // 10^8 × 32 bytes = 3.2 × 10^9 bytes = 2.98 GiB; the limit to raise to is the next whole GiB.
    EXPECT_STREQ(e.what(),
                 "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 GiB; ask for fewer "
                 "values, or raise the memory limit to 3.0 GiB");
    EXPECT_EQ(e.suggestion(), (std::uint64_t{1} << 30) / 32);
    EXPECT_EQ(e.suggestion_unit(), limit_unit::values);
  }
  EXPECT_THROW(check_sequence_memory(32769, std::uint64_t{1} << 20), limit_error);  // one value over 1 MiB
}

TEST(SequenceLimitsTest, SeveralSequencesAreCheckedTogetherThenEach) {
  const std::uint64_t mib = std::uint64_t{1} << 20;
  // 20000 + 20000 values need 1.25 MiB together, though each alone fits 1 MiB.
  check_sequence_memory(20000, mib);
  EXPECT_THROW(check_sequence_lengths(std::vector<std::size_t>{20000, 20000}, mib), limit_error);
  // One count beyond max_sequence_length, within a limit large enough for its memory.
  const std::uint64_t machine = machine_memory();
  if (machine != 0 && machine <= std::uint64_t{8} << 30) GTEST_SKIP() << "needs a machine of more than 8 GiB";
  try {
    check_sequence_lengths(std::vector<std::size_t>{max_sequence_length + 1, 3}, std::uint64_t{1} << 40);
    FAIL() << "expected limit_error";
  } catch (const limit_error& e) {
    if (std::string(e.what()).find("of memory this machine has") != std::string::npos) GTEST_SKIP() << e.what();
    EXPECT_STREQ(e.what(),
                 "g(0..100000000) is 100000001 values, more than the 100000000 tartan computes at once (the largest "
                 "allowed is 100000000); ask for fewer, or use coins below 100000000");
  }
}

}  // namespace
}  // namespace tartan
