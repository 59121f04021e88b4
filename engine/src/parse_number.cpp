#include "tartan/parse_number.hpp"

#include <string>

#include "tartan/detail/typed_text.hpp"
#include "tartan/error.hpp"

namespace tartan {

namespace {
// Long inputs are cut in messages, not echoed whole; control bytes are escaped.
std::string quoted(std::string_view text) { return detail::quote_typed(text); }

int digit_value(char c, int base) {
  int d = -1;
  if (c >= '0' && c <= '9') d = c - '0';
  else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
  return d < base ? d : -1;
}
}  // namespace

std::uint64_t parse_u64(std::string_view text, std::string_view what, std::uint64_t max) {
  const std::string name(what);
  if (text.empty()) throw parse_error(name + ": empty; type a number such as 42 or 0x2a");
  if (text.front() == '-') throw parse_error(name + ": " + quoted(text) + " is negative; type a non-negative number");
  if (text.front() == '+') throw parse_error(name + ": " + quoted(text) + " has a sign; type the digits alone");
  int base = 10;
  std::string_view digits = text;
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    digits = text.substr(2);
    if (digits.empty()) throw parse_error(name + ": " + quoted(text) + " has no hex digits after 0x; type e.g. 0x2a");
  }
  std::uint64_t value = 0;
  bool too_big = false;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const int d = digit_value(digits[i], base);
    if (d < 0) {
      // A Unicode look-alike (a full-width digit, say) is named with the ASCII character to type instead.
      const std::string hint = detail::lookalike_hint(digits, i);
      throw parse_error(name + ": " + quoted(text) + " is not a " + (base == 16 ? "hexadecimal" : "decimal") +
                        " number (bad character at position " + std::to_string(text.size() - digits.size() + i + 1) +
                        "); " + (hint.empty() ? "type e.g. 42 or 0x2a" : hint));
    }
    if (!too_big) {
      const auto b = static_cast<std::uint64_t>(base);
      if (value > (UINT64_MAX - static_cast<std::uint64_t>(d)) / b) too_big = true;
      else value = value * b + static_cast<std::uint64_t>(d);
    }
  }
  if (too_big || value > max) {
    if (max == UINT64_MAX) throw parse_error(name + ": " + quoted(text) + " is 2^64 or more; type a value below 2^64");
    throw parse_error(name + ": " + quoted(text) + " is too large; the largest allowed is " + std::to_string(max));
  }
  return value;
}

}  // namespace tartan
