// Parsing of unsigned numbers typed by people: decimal or 0x-prefixed hexadecimal, with a range check.
#pragma once

#include <cstdint>
#include <string_view>

namespace tartan {

/**
 * Parses `text` as an unsigned integer: decimal digits, or `0x`/`0X` followed by hex digits. No sign, no spaces.
 * Throws parse_error naming `what` when the text is not such a number or exceeds `max`, e.g.
 * "operand A: '18446744073709551616' is 2^64 or more; type a value below 2^64".
 *
 * Example: parse_u64("0xff", "operand A") == 255
 */
std::uint64_t parse_u64(std::string_view text, std::string_view what, std::uint64_t max = UINT64_MAX);

}  // namespace tartan
