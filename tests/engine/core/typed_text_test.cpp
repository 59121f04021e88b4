// Tests for typed_text.hpp: how messages show what a person typed. The references are the definitions written here:
// UTF-8 encoding by the standard's bit layout (RFC 3629), every code point and the ill-formed sequences it names;
// \xNN by printf; and the properties the header promises of every quote (one line, no control byte, valid UTF-8, cut
// at a character boundary with the whole length after it), on seeded random bytes.
#include "tartan/core/typed_text.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tartan {
namespace {

/// The UTF-8 encoding of a code point (RFC 3629, section 3).
std::string encode(std::uint32_t cp) {
  std::string s;
  const auto byte = [&](std::uint32_t b) { s += static_cast<char>(b); };
  if (cp < 0x80) {
    byte(cp);
  } else if (cp < 0x800) {
    byte(0xc0 | cp >> 6), byte(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    byte(0xe0 | cp >> 12), byte(0x80 | (cp >> 6 & 0x3f)), byte(0x80 | (cp & 0x3f));
  } else {
    byte(0xf0 | cp >> 18), byte(0x80 | (cp >> 12 & 0x3f)), byte(0x80 | (cp >> 6 & 0x3f)), byte(0x80 | (cp & 0x3f));
  }
  return s;
}

/// True when `s` is valid UTF-8 with no byte below 0x20, no DEL and no C1 control: what a message may show.
bool safe_to_show(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u < 0x80) {
      if (u < 0x20 || u == 0x7f) return false;
      ++i;
      continue;
    }
    const utf8_char c = decode_utf8(s, i);
    if (c.length == 0 || c.code_point < 0xa0) return false;
    i += c.length;
  }
  return true;
}

TEST(TypedTextTest, DecodesEveryCodePointItsEncodingNames) {
  for (std::uint32_t cp = 0x80; cp <= 0x10ffff; ++cp) {
    const std::string bytes = encode(cp);
    const utf8_char c = decode_utf8(bytes, 0);
    if (cp >= 0xd800 && cp <= 0xdfff) {
      ASSERT_EQ(c.length, 0U) << "the surrogate U+" << std::hex << cp << " is not UTF-8";
    } else {
      ASSERT_EQ(c.code_point, cp);
      ASSERT_EQ(c.length, bytes.size());
    }
  }
  // Ill-formed: overlong forms of '/', U+0000 and U+FFFF, a lead byte beyond U+10FFFF, a lone continuation byte, a
  // sequence cut short, and ASCII (not a multi-byte character).
  for (const std::string_view bad : {"\xc0\xaf", "\xe0\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\x80",
                                     "\xe2\x82", "\xf8\x88\x80\x80\x80", "A"}) {
    EXPECT_EQ(decode_utf8(bad, 0).length, 0U) << escape_typed(bad);
  }
}

TEST(TypedTextTest, BytesAreShownAsThemselvesOrHex) {
  for (int b = 0; b < 256; ++b) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", b);
    const std::string expected = b >= 0x20 && b < 0x7f ? std::string(1, static_cast<char>(b)) : std::string(hex);
    EXPECT_EQ(shown_byte(static_cast<char>(b)), expected);
  }
  EXPECT_EQ(show_char("\x1b[A", 0).text, "\\x1b");
  EXPECT_EQ(show_char("\xff", 0).text, "\\xff");
  EXPECT_EQ(show_char("\xc2\x9b", 0).text, "\\xc2\\x9b") << "U+009B, a C1 control terminals obey";
  EXPECT_EQ(show_char("\xc3\xa9", 0).text, "\xc3\xa9");
  EXPECT_EQ(escape_typed("3 \x07 5\n"), "3 \\x07 5\\n");
}

TEST(TypedTextTest, EveryQuoteIsShortSafeAndCutAtACharacter) {
  std::mt19937 rng(19);
  for (int s = 0; s < 3000; ++s) {
    // Random bytes, biased towards ASCII and towards pieces of valid multi-byte characters.
    std::string text;
    const std::size_t pieces = rng() % 60;
    for (std::size_t i = 0; i < pieces; ++i) {
      switch (rng() % 4) {
        case 0:
          text += static_cast<char>(rng() % 256);
          break;
        case 1:
          text += encode(0x80 + rng() % 0xd700);
          break;
        default:
          text += static_cast<char>(0x20 + rng() % 0x5f);
      }
    }
    const std::string quoted = quote_typed(text, 20);
    EXPECT_TRUE(safe_to_show(quoted)) << escape_typed(quoted);
    ASSERT_GE(quoted.size(), 2U);
    EXPECT_EQ(quoted.front(), '\'');
    const std::size_t close = quoted.rfind('\'');
    const std::string inner = quoted.substr(1, close - 1);
    if (close + 1 == quoted.size()) {
      EXPECT_EQ(inner, [&] {
        std::string all;  // the whole text, each quote escaped: nothing cut
        for (const char c : escape_typed(text)) all += c == '\'' ? std::string("\\'") : std::string(1, c);
        return all;
      }()) << escape_typed(text);
    } else {
      EXPECT_EQ(quoted.substr(close), "' (" + std::to_string(text.size()) + " bytes)");
      ASSERT_GE(inner.size(), 3U);
      EXPECT_EQ(inner.substr(inner.size() - 3), "...");
      EXPECT_LE(inner.size() - 3, 20U * 4) << "about 20 columns";
    }
  }
  EXPECT_EQ(quote_typed(std::string_view("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(quote_typed(std::string(3000, 'H')), "'" + std::string(40, 'H') + "...' (3000 bytes)");
  EXPECT_EQ(quote_typed("it's"), "'it\\'s'");
}

TEST(TypedTextTest, LookAlikesNameWhatToTypeInstead) {
  for (char d = '0'; d <= '9'; ++d) {
    const std::uint32_t cp = 0xff10 + static_cast<std::uint32_t>(d - '0');
    char name[16];
    std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(cp));
    EXPECT_EQ(name_code_point(cp), std::string(name) + ", a full-width digit: type the ASCII digit " + d);
  }
  for (char l = 'A'; l <= 'Z'; ++l) {
    for (const char letter : {l, static_cast<char>(l - 'A' + 'a')}) {
      const std::uint32_t cp = 0xff21 + static_cast<std::uint32_t>(l - 'A') + (letter == l ? 0 : 0x20);
      EXPECT_NE(name_code_point(cp).find(std::string("type the ASCII letter ") + letter), std::string::npos);
    }
  }
  EXPECT_EQ(name_code_point(0x1f600), "U+01F600, not ASCII");
  EXPECT_EQ(lookalike_hint("1\xe2\x80\x93"
                           "3",
                           1),
            "'\xe2\x80\x93' is U+2013, a dash: type the ASCII hyphen-minus '-'");
  EXPECT_EQ(lookalike_hint("\xff", 0), "byte \\xff is not UTF-8 text");
  EXPECT_EQ(lookalike_hint("x", 0), "");
  EXPECT_EQ(describe_typed_char("\xef\xbc\x91", 0),
            "'\xef\xbc\x91' (U+FF11, a full-width digit: type the ASCII digit 1)");
  EXPECT_EQ(describe_typed_char("\x07", 0), "'\\x07'");
}

/// The code points of Unicode's General_Category Cf, Zl and Zp, read from the Unicode Character Database's own list
/// (tests/data/unicode/format_characters.txt: "first..last" ranges in hexadecimal).
std::vector<std::pair<std::uint32_t, std::uint32_t>> format_ranges() {
  std::ifstream in(std::string(TARTAN_REFERENCE_DIR) + "/unicode/format_characters.txt");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t dots = line.find("..");
    ranges.emplace_back(static_cast<std::uint32_t>(std::stoul(line.substr(0, dots), nullptr, 16)),
                        static_cast<std::uint32_t>(std::stoul(line.substr(dots + 2), nullptr, 16)));
  }
  return ranges;
}

// Before: a right-to-left override (U+202E) in typed text was shown raw between the quotes, so the terminal drew the
// rest of the message backwards; zero-width spaces and byte-order marks were invisible. Every format character and
// line or paragraph separator of the Unicode Character Database is escaped as \u{...}; every other character of the
// Basic Multilingual Plane from U+00A0 on (the controls below it are bytes, tested above) is shown as it is.
TEST(TypedTextTest, FormatCharactersAreEscapedAsCodePoints) {
  const auto ranges = format_ranges();
  ASSERT_GE(ranges.size(), 20u) << "the list of format characters was not read";
  const auto listed = [&](std::uint32_t cp) {
    for (const auto& [first, last] : ranges) {
      if (cp >= first && cp <= last) return true;
    }
    return false;
  };
  for (const auto& [first, last] : ranges) {
    for (std::uint32_t cp = first; cp <= last; ++cp) {
      char expected[24];
      std::snprintf(expected, sizeof expected, "\\u{%x}", static_cast<unsigned>(cp));
      const std::string text = "H" + encode(cp) + "T";
      EXPECT_EQ(show_char(text, 1).text, expected);
      EXPECT_EQ(show_char(text, 1).length, encode(cp).size());
      EXPECT_EQ(quote_typed(text), "'H" + std::string(expected) + "T'");
    }
  }
  for (std::uint32_t cp = 0xa0; cp < 0x10000; ++cp) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || listed(cp)) continue;
    ASSERT_EQ(show_char(encode(cp), 0).text, encode(cp)) << std::hex << cp;
  }
  EXPECT_EQ(quote_typed("HT\u202eHH"), "'HT\\u{202e}HH'");
  EXPECT_EQ(describe_typed_char("\u200b", 0), "'\\u{200b}' (U+200B, a Unicode space: type an ASCII space, or nothing)");
}

}  // namespace
}  // namespace tartan
