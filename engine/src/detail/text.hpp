// Small text helpers shared by the parsers of typed input (positions, sizes, turning codes, game names).
#pragma once

#include <string_view>

namespace tartan::detail {

/// True for the ASCII blanks a person may type around a value: space, tab, newline, carriage return, vertical tab
/// and form feed (the "C" locale's isspace, without its locale dependence).
constexpr bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/**
 * `s` without the blanks (is_blank) at either end.
 *
 * Example: trim(" 3x4\n") == "3x4"
 */
constexpr std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace tartan::detail
