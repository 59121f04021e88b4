// Tests for cli/output/text_wrap.hpp: lines cut to a width, checked by their properties on seeded random texts
// (no line too wide, the words kept in order, cut only where a word is longer than a line) and on examples.
#include "output/text_wrap.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace tartan::cli {
namespace {

TEST(TextWrapTest, CountsCharactersNotBytes) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("HTTH"), 4u);
  EXPECT_EQ(display_width("● ○"), 3u);
  EXPECT_EQ(display_width("rows 0 × columns 1"), 18u);
}

TEST(TextWrapTest, Examples) {
  EXPECT_EQ(wrap_line("position HTTH, value 6", 14, 2), (std::vector<std::string>{"position HTTH,", "  value 6"}));
  EXPECT_EQ(wrap_line("short", 80, 2), (std::vector<std::string>{"short"}));
  EXPECT_EQ(wrap_line("abcdefghij", 4, 1), (std::vector<std::string>{"abcd", " efg", " hij"}));
  EXPECT_EQ(wrap_line("  hint  show a winning move", 16, 8),
            (std::vector<std::string>{"  hint  show a", "        winning", "        move"}));
  EXPECT_EQ(wrap_line("●●●●●●", 4, 0), (std::vector<std::string>{"●●●●", "●●"}));
  EXPECT_EQ(wrap_text("a b\n\nlong line here\n", 6, 2), "a b\n\nlong\n  line\n  here\n");
  EXPECT_EQ(wrap_text("no newline", 80, 2), "no newline");
}

/// The words of `text`, in order.
std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

TEST(TextWrapTest, RandomLinesFitAndKeepTheirWords) {
  std::mt19937 rng(80);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::size_t width = 10 + rng() % 80, hang = rng() % 8;
    std::string line;
    const std::size_t count = rng() % 40;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t length = 1 + (rng() % 10 == 0 ? rng() % 150 : rng() % 9);
      std::string word;
      for (std::size_t j = 0; j < length; ++j) word += rng() % 5 == 0 ? "●" : std::string(1, 'a' + rng() % 26);
      line += (i ? std::string(1 + rng() % 2, ' ') : "") + word;
    }
    const std::vector<std::string> lines = wrap_line(line, width, hang);
    std::string joined;
    bool long_word = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      ASSERT_LE(display_width(lines[i]), width) << line;
      if (i > 0) {
        EXPECT_EQ(lines[i].substr(0, hang), std::string(hang, ' ')) << line;
      }
      joined += (i ? " " : "") + lines[i];
    }
    // The words survive in order; only a word longer than a line is split across lines.
    for (const std::string& w : words(line)) long_word = long_word || display_width(w) + hang > width;
    if (!long_word) {
      EXPECT_EQ(words(joined), words(line)) << line;
    } else {
      std::string a, b;
      for (const std::string& w : words(joined)) a += w;
      for (const std::string& w : words(line)) b += w;
      EXPECT_EQ(a, b) << line;
    }
  }
}

}  // namespace
}  // namespace tartan::cli
