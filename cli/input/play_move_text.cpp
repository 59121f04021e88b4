#include "input/play_move_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
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

/// The example shown in messages: the caller's, or a made-up move of the right shape.
std::string example_of(std::string_view example, std::size_t dimensions) {
  if (!example.empty()) return std::string(example);
  return dimensions == 1 ? "3 7" : dimensions == 2 ? "rows 1 4 cols 2 5" : "0 1; 2; 3";
}

coin parse_coin(std::string_view word, const std::string& example) {
  if (word.empty() || !std::isdigit(static_cast<unsigned char>(word.front()))) {
    throw parse_error(tartan::quote_typed(word, 20) + " is not a coin number; type coin numbers, e.g. " + example);
  }
  return static_cast<coin>(parse_u64(word, "coin", UINT32_MAX));
}

/// Sorts the coins of one axis and refuses a repeated coin.
/// `what` names the coin ("row", "coin"), `where` follows its number (" of axis 2").
void sort_axis(std::vector<coin>& axis, const std::string& what, const std::string& where = "") {
  std::sort(axis.begin(), axis.end());
  const auto dup = std::adjacent_find(axis.begin(), axis.end());
  if (dup != axis.end()) {
    throw parse_error(what + " " + std::to_string(*dup) + where +
                      " is typed twice; each is turned once, so type it once");
  }
}

/// "1 4; 2 5" and "0 1; 2; 3 4": one list per axis, joined by ';'.
move parse_axis_lists(std::string_view text, std::size_t dimensions, const std::string& example) {
  move m;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(';', start);
    const std::string_view part = text.substr(start, end == std::string_view::npos ? end : end - start);
    std::vector<coin>& axis = m.axes.emplace_back();
    if (m.axes.size() <= dimensions) {
      for (const std::string_view w : words_of(part)) axis.push_back(parse_coin(w, example));
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  const std::string unit = dimensions == 2 ? "the rows, then the columns" : "one list of coins per axis";
  if (m.axes.size() != dimensions) {
    throw parse_error(std::to_string(m.axes.size()) + (m.axes.size() == 1 ? " list" : " lists") + " typed but " +
                      std::to_string(dimensions) + " needed: " + unit + ", joined by ';', e.g. " + example);
  }
  for (std::size_t i = 0; i < dimensions; ++i) {
    if (m.axes[i].empty()) {
      throw parse_error("no coins typed for axis " + std::to_string(i) + "; type " + unit + ", joined by ';', e.g. " +
                        example);
    }
    if (dimensions == 2) {
      sort_axis(m.axes[i], i == 0 ? "row" : "column");
    } else {
      sort_axis(m.axes[i], "coin", " of axis " + std::to_string(i));
    }
  }
  return m;
}

}  // namespace

move parse_play_move(std::string_view text, std::size_t dimensions, std::string_view example_text) {
  TARTAN_ASSERT(dimensions >= 1, "a move has at least one axis");
  const std::string example = example_of(example_text, dimensions);
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) {
    throw parse_error(dimensions == 1 ? "no coins typed; type the coins to turn, e.g. " + example +
                                            " (the rightmost goes from heads to tails)"
                      : dimensions == 2
                          ? "no coins typed; type the rows and columns to turn, e.g. " + example
                          : "no coins typed; type one list of coins per axis, joined by ';', e.g. " + example);
  }
  move m;
  if (dimensions == 1) {
    m.axes.resize(1);
    for (const std::string_view w : words) {
      if (w.find(';') != std::string_view::npos) {
        throw parse_error("a row has one axis: type its coins without ';', e.g. " + example);
      }
      m.axes[0].push_back(parse_coin(w, example));
    }
    sort_axis(m.axes[0], "coin");
    return m;
  }
  if (dimensions > 2 || text.find(';') != std::string_view::npos) return parse_axis_lists(text, dimensions, example);
  m.axes.resize(2);
  int axis = -1;
  bool seen[2] = {false, false};
  for (const std::string_view w : words) {
    const std::string word = lowered(w);
    if (word == "rows" || word == "row" || word == "cols" || word == "col" || word == "columns" || word == "column") {
      axis = word.starts_with("row") ? 0 : 1;
      if (seen[axis]) {
        throw parse_error(std::string(axis == 0 ? "rows" : "cols") + " typed twice; type each once, e.g. " + example);
      }
      seen[axis] = true;
      continue;
    }
    if (axis < 0) {
      throw parse_error("a board move starts with rows or cols; type e.g. " + example +
                        " (the coins turned are every row × every column)");
    }
    m.axes[static_cast<std::size_t>(axis)].push_back(parse_coin(w, example));
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (m.axes[i].empty()) {
      throw parse_error(std::string("no ") + (i == 0 ? "rows" : "columns") + " typed; a board move needs both, e.g. " +
                        example);
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
