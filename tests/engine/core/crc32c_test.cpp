// Tests for core/crc32c.hpp: the check value of the CRC-32C catalogue, continuation, and the processor's crc32
// instruction against the table on seeded random bytes at every alignment.
#include "tartan/core/crc32c.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using tartan::crc32c;
using tartan::crc32c_by_table;

TEST(Crc32cTest, CheckValues) {
  // The CRC-32C ("Castagnoli") check value of "123456789" (RFC 3720 B.4; the catalogue of parametrised CRCs), and
  // the iSCSI test of 32 zero bytes (RFC 3720 B.4: 0x8A9136AA).
  EXPECT_EQ(crc32c("123456789", 9), 0xE3069283U);
  EXPECT_EQ(crc32c_by_table("123456789", 9), 0xE3069283U);
  const std::vector<unsigned char> zeros(32, 0);
  EXPECT_EQ(crc32c(zeros.data(), zeros.size()), 0x8A9136AAU);
  const std::vector<unsigned char> ones(32, 0xFF);
  EXPECT_EQ(crc32c(ones.data(), ones.size()), 0x62A8AB43U);
  EXPECT_EQ(crc32c(nullptr, 0), 0U);
}

TEST(Crc32cTest, ContinuesFromAPrefix) {
  const std::string text = "the values g(0..n-1), then some more";
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    EXPECT_EQ(crc32c(text.data() + cut, text.size() - cut, crc32c(text.data(), cut)), crc32c(text.data(), text.size()))
        << cut;
  }
}

TEST(Crc32cTest, TheInstructionAgreesWithTheTable) {
  std::mt19937 rng(2026);
  std::vector<unsigned char> bytes(5000);
  for (unsigned char& b : bytes) b = static_cast<unsigned char>(rng());
  for (int i = 0; i < 300; ++i) {
    const std::size_t first = rng() % 64, size = rng() % (bytes.size() - 64);
    const std::uint32_t seed = i % 2 == 0 ? 0 : static_cast<std::uint32_t>(rng());
    ASSERT_EQ(crc32c(bytes.data() + first, size, seed), crc32c_by_table(bytes.data() + first, size, seed))
        << first << " " << size;
  }
}

}  // namespace
