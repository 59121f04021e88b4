// Fuzz target: parse_u64 (every number typed on the command line) against an independent reference parser.
//
// The reference accepts exactly: one or more decimal digits (leading zeros allowed, read as decimal), or 0x/0X and
// one or more hex digits, with a value no larger than the limit. parse_u64 must accept the same texts with the same
// values and refuse every other text with a parse_error that names the argument; nothing else may escape.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/parse_number.hpp"

namespace {

std::optional<std::uint64_t> reference_parse(std::string_view text, std::uint64_t max) {
  unsigned base = 10;
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty()) return std::nullopt;
  tartan::uint128 value = 0;
  for (const char c : text) {
    unsigned d = 0;
    if (c >= '0' && c <= '9')
      d = static_cast<unsigned>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f')
      d = static_cast<unsigned>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F')
      d = static_cast<unsigned>(c - 'A' + 10);
    else
      return std::nullopt;
    value = value * base + d;
    if (value > max) value = static_cast<tartan::uint128>(max) + 1;  // saturate: stays "too big"
  }
  if (value > max) return std::nullopt;
  return static_cast<std::uint64_t>(value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  // Half the inputs use the full range; the others a limit taken from the input (small limits are common in tartan).
  const std::uint8_t mode = in.byte();
  const std::uint64_t max = (mode & 1) != 0 ? UINT64_MAX : in.u64() >> (mode >> 2 & 63);
  const std::string_view text = in.rest();
  const auto expected = reference_parse(text, max);
  try {
    const std::uint64_t value = tartan::parse_u64(text, "fuzzed operand", max);
    tartan::fuzz::require(expected.has_value(), "parse_u64 accepted a text the reference refuses");
    tartan::fuzz::require(*expected == value, "parse_u64 and the reference disagree on a value");
    // Round trip: the value printed in decimal parses back to itself.
    tartan::fuzz::require(tartan::parse_u64(std::to_string(value), "round trip", max) == value, "round trip");
  } catch (const tartan::parse_error& e) {
    tartan::fuzz::require(!expected.has_value(), "parse_u64 refused a text the reference accepts");
    const std::string_view message = e.what();
    tartan::fuzz::require(message.starts_with("fuzzed operand"), "the message does not name the argument");
    tartan::fuzz::require(message.find("; ") != std::string_view::npos, "the message does not say what to type");
  }
  return 0;
}
