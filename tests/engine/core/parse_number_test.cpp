// parse_number.hpp: parse_u64 against numbers written here in decimal and hexadecimal (std::to_string, "%llx"),
// the bound `max`, and every refusal's message.
#include "tartan/core/parse_number.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "tartan/core/error.hpp"

namespace tartan {
namespace {

template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const parse_error& e) {
    return e.what();
  }
  return "no parse_error";
}

std::string hex(std::uint64_t x, bool upper) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, upper ? "0X%llX" : "0x%llx", static_cast<unsigned long long>(x));
  return buffer;
}

TEST(ParseNumberTest, DecimalAndHexReadBackWhatWasWritten) {
  std::mt19937_64 rng(31);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = rng() >> (rng() % 64);
    EXPECT_EQ(parse_u64(std::to_string(x), "n"), x);
    EXPECT_EQ(parse_u64(hex(x, false), "n"), x);
    EXPECT_EQ(parse_u64(hex(x, true), "n"), x);
  }
  EXPECT_EQ(parse_u64("0xff", "operand A"), 255u);
  EXPECT_EQ(parse_u64("0", "n"), 0u);
  EXPECT_EQ(parse_u64("007", "n"), 7u);
  EXPECT_EQ(parse_u64("18446744073709551615", "n"), UINT64_MAX);
  EXPECT_EQ(parse_u64("0xFFFFFFFFFFFFFFFF", "n"), UINT64_MAX);
}

TEST(ParseNumberTest, MaxIsInclusive) {
  EXPECT_EQ(parse_u64("100", "n", 100), 100u);
  EXPECT_EQ(parse_u64("0x64", "n", 100), 100u);
  EXPECT_EQ(message_of([] { parse_u64("101", "coins", 100); }),
            "coins: '101' is too large; the largest allowed is 100");
  EXPECT_EQ(message_of([] { parse_u64("0x65", "coins", 100); }),
            "coins: '0x65' is too large; the largest allowed is 100");
}

TEST(ParseNumberTest, TooLargeForSixtyFourBitsNamesTwoToTheSixtyFour) {
  EXPECT_EQ(message_of([] { parse_u64("18446744073709551616", "operand A"); }),
            "operand A: '18446744073709551616' is 2^64 or more; type a value below 2^64");
  EXPECT_EQ(message_of([] { parse_u64("0x10000000000000000", "operand A"); }),
            "operand A: '0x10000000000000000' is 2^64 or more; type a value below 2^64");
  EXPECT_EQ(message_of([] { parse_u64("99999999999999999999999", "N", 5); }),
            "N: '99999999999999999999999' is too large; the largest allowed is 5");
}

TEST(ParseNumberTest, AnythingElseIsAParseError) {
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "1.5", "0x", "0xg", "12a", "x10", "1e3", "٣"}) {
    EXPECT_THROW(parse_u64(bad, "n"), parse_error) << bad;
  }
  // The message names what was being read and quotes the input.
  const std::string message = message_of([] { parse_u64("12a", "operand B"); });
  EXPECT_EQ(message.rfind("operand B: ", 0), 0u) << message;
  EXPECT_NE(message.find("12a"), std::string::npos) << message;
}

}  // namespace
}  // namespace tartan
