// Small text helpers shared by the parsers of typed input (positions, sizes, turning codes, game names).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace tartan {

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

/**
 * Levenshtein distance, for "did you mean" hints on game names and options. O(|a| |b|) on short words.
 *
 * Example: edit_distance("--limt", "--limit") == 1
 */
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace tartan
