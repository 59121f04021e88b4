// The shape of a number typed by a person, shared by parse_u64 (64 bits) and parse_wide_unsigned (any width): the
// refusals that do not depend on the width (empty, signed, 0x without digits, a bad character) and digit values.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan::detail {

/// The digits of a number and their base: "0x2a" → {16, "2a"}, "42" → {10, "42"}.
struct number_digits {
  int base = 10;
  std::string_view digits;
};

/// Splits `text` into base and digits, refusing (parse_error naming `name`) an empty text, a sign and a 0x with
/// no digits after it. The digits themselves are checked by digit_value as they are read.
inline number_digits split_number(std::string_view text, const std::string& name) {
  if (text.empty()) throw parse_error(name + ": empty; type a number such as 42 or 0x2a");
  if (text.front() == '-')
    throw parse_error(name + ": " + quote_typed(text) + " is negative; type a non-negative number");
  if (text.front() == '+') throw parse_error(name + ": " + quote_typed(text) + " has a sign; type the digits alone");
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    if (text.size() == 2)
      throw parse_error(name + ": " + quote_typed(text) + " has no hex digits after 0x; type e.g. 0x2a");
    return {16, text.substr(2)};
  }
  return {10, text};
}

/// The value of digit `c` in `base` (10 or 16, either case), or -1.
inline int digit_value(char c, int base) {
  int d = -1;
  if (c >= '0' && c <= '9')
    d = c - '0';
  else if (c >= 'a' && c <= 'f')
    d = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F')
    d = c - 'A' + 10;
  return d < base ? d : -1;
}

/// Refuses the character at digits[i] of `text`, naming its position (from 1, in the whole text) and, for a
/// Unicode look-alike such as a full-width digit, the ASCII character to type.
[[noreturn]] inline void bad_digit(std::string_view text, const number_digits& number, std::size_t i,
                                   const std::string& name) {
  const std::string hint = lookalike_hint(number.digits, i);
  throw parse_error(name + ": " + quote_typed(text) + " is not a " + (number.base == 16 ? "hexadecimal" : "decimal") +
                    " number (bad character at position " + std::to_string(text.size() - number.digits.size() + i + 1) +
                    "); " + (hint.empty() ? "type e.g. 42 or 0x2a" : hint));
}

}  // namespace tartan::detail
