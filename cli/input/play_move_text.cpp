#include "input/play_move_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::cli {

namespace {

std::string lowered(std::string_view s) {
  std::string out;
  for (const char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Words separated by spaces, tabs or commas.
std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  auto separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; };
  while (i < text.size()) {
    while (i < text.size() && separator(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !separator(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

coin parse_coin(std::string_view word) {
  if (word.empty() || !std::isdigit(static_cast<unsigned char>(word.front()))) {
    throw parse_error("'" + std::string(word) + "' is not a coin number; type coin numbers such as 3 7 12");
  }
  return static_cast<coin>(parse_u64(word, "coin", UINT32_MAX));
}

/// Sorts the coins of one axis and refuses a repeated coin.
void sort_axis(std::vector<coin>& axis, const char* what) {
  std::sort(axis.begin(), axis.end());
  const auto dup = std::adjacent_find(axis.begin(), axis.end());
  if (dup != axis.end()) {
    throw parse_error(std::string(what) + " " + std::to_string(*dup) + " is typed twice; each is turned once, so " +
                      "type it once");
  }
}

}  // namespace

move parse_play_move(std::string_view text, std::size_t dimensions) {
  TARTAN_ASSERT(dimensions == 1 || dimensions == 2, "typed moves are for rows and boards");
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) {
    throw parse_error(dimensions == 1 ? "no coins typed; type the coins to turn, e.g. 3 7 (the rightmost goes "
                                        "from heads to tails)"
                                      : "no coins typed; type the rows and columns to turn, e.g. rows 1 4 cols 2 5");
  }
  move m;
  if (dimensions == 1) {
    m.axes.resize(1);
    for (const std::string_view w : words) m.axes[0].push_back(parse_coin(w));
    sort_axis(m.axes[0], "coin");
    return m;
  }
  m.axes.resize(2);
  int axis = -1;
  bool seen[2] = {false, false};
  for (const std::string_view w : words) {
    const std::string word = lowered(w);
    if (word == "rows" || word == "row" || word == "cols" || word == "col" || word == "columns" || word == "column") {
      axis = word.starts_with("row") ? 0 : 1;
      if (seen[axis]) {
        throw parse_error(std::string(axis == 0 ? "rows" : "cols") +
                          " typed twice; type each once, e.g. rows 1 4 cols 2 5");
      }
      seen[axis] = true;
      continue;
    }
    if (axis < 0) {
      throw parse_error(
          "a board move starts with rows or cols; type e.g. rows 1 4 cols 2 5 (the coins turned are "
          "every row × every column)");
    }
    m.axes[static_cast<std::size_t>(axis)].push_back(parse_coin(w));
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (m.axes[i].empty()) {
      throw parse_error(std::string("no ") + (i == 0 ? "rows" : "columns") +
                        " typed; a board move needs both, e.g. rows 1 4 cols 2 5");
    }
    sort_axis(m.axes[i], i == 0 ? "row" : "column");
  }
  return m;
}

std::string format_play_move(const move& m) {
  if (m.axes.size() == 1) return format_coins(m.axes[0]);
  std::string s;
  for (std::size_t i = 0; i < m.axes.size(); ++i) {
    if (m.axes.size() == 2) {
      s += i == 0 ? "rows " : " cols ";
    } else if (i > 0) {
      s += "; ";
    }
    s += format_coins(m.axes[i]);
  }
  return s;
}

}  // namespace tartan::cli
