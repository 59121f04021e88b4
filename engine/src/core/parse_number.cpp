#include "tartan/core/parse_number.hpp"

#include <string>

#include "core/number_text.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

std::uint64_t parse_u64(std::string_view text, std::string_view what, std::uint64_t max) {
  const std::string name(what);
  const detail::number_digits number = detail::split_number(text, name);
  const int base = number.base;
  const std::string_view digits = number.digits;
  std::uint64_t value = 0;
  bool too_big = false;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const int d = detail::digit_value(digits[i], base);
    if (d < 0) detail::bad_digit(text, number, i, name);
    if (!too_big) {
      const auto b = static_cast<std::uint64_t>(base);
      if (value > (UINT64_MAX - static_cast<std::uint64_t>(d)) / b)
        too_big = true;
      else
        value = value * b + static_cast<std::uint64_t>(d);
    }
  }
  if (too_big || value > max) {
    if (max == UINT64_MAX)
      throw parse_error(name + ": " + tartan::quote_typed(text) + " is 2^64 or more; type a value below 2^64");
    throw parse_error(name + ": " + tartan::quote_typed(text) + " is too large; the largest allowed is " +
                      std::to_string(max));
  }
  return value;
}

}  // namespace tartan
