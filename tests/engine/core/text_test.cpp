// Tests for text.hpp: is_blank against the C library's isspace in the "C" locale, trim against its definition on
// seeded random strings, and edit_distance against the Levenshtein recursion written out (exponential, short words).
#include "tartan/core/text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>

namespace tartan {
namespace {

TEST(TextTest, BlanksAreTheCLocaleSpaces) {
  ASSERT_NE(std::setlocale(LC_CTYPE, "C"), nullptr);
  for (int c = 0; c < 256; ++c) {
    EXPECT_EQ(is_blank(static_cast<char>(c)), std::isspace(c) != 0) << "byte " << c;
  }
}

TEST(TextTest, TrimDropsBlanksAtBothEndsOnly) {
  std::mt19937 rng(11);
  const std::string alphabet = " \t\n\r\v\fab ";
  for (int s = 0; s < 2000; ++s) {
    std::string text(rng() % 8, ' ');
    for (char& c : text) c = alphabet[rng() % alphabet.size()];
    // The definition: the part from the first non-blank to the last non-blank, or nothing.
    const auto blank = [](char c) { return std::string_view(" \t\n\r\v\f").find(c) != std::string_view::npos; };
    const auto first = std::find_if_not(text.begin(), text.end(), blank);
    const auto last = std::find_if_not(text.rbegin(), text.rend(), blank).base();
    const std::string expected = first < last ? std::string(first, last) : std::string();
    EXPECT_EQ(trim(text), expected) << "text of " << text.size() << " bytes, sample " << s;
  }
  static_assert(trim(" 3x4\n") == "3x4");
}

/// The Levenshtein distance by its recursion: drop a's last, drop b's last, or match/substitute the last two.
std::size_t levenshtein(std::string_view a, std::string_view b) {
  if (a.empty()) return b.size();
  if (b.empty()) return a.size();
  const std::size_t substitute =
      levenshtein(a.substr(0, a.size() - 1), b.substr(0, b.size() - 1)) + (a.back() == b.back() ? 0 : 1);
  return std::min(
      {levenshtein(a.substr(0, a.size() - 1), b) + 1, levenshtein(a, b.substr(0, b.size() - 1)) + 1, substitute});
}

TEST(TextTest, EditDistanceIsTheLevenshteinRecursion) {
  std::mt19937 rng(13);
  for (int s = 0; s < 1000; ++s) {
    std::string a(rng() % 6, 'a'), b(rng() % 6, 'a');
    for (char& c : a) c = static_cast<char>('a' + rng() % 3);
    for (char& c : b) c = static_cast<char>('a' + rng() % 3);
    EXPECT_EQ(edit_distance(a, b), levenshtein(a, b)) << a << " / " << b;
  }
  // Levenshtein's classic pair (three edits: k→s, e→i, +g) and the hint the CLI gives for a misspelt flag.
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("--limt", "--limit"), 1U);
}

}  // namespace
}  // namespace tartan
