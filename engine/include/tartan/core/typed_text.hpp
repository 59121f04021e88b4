// How error messages show text a person typed: quoted, cut when long, control bytes and bytes that are not UTF-8
// escaped (a NUL would end the message early, an escape sequence would reach the terminal, a line break would hide
// the reason), and Unicode look-alikes of the ASCII a command expects named with what to type instead ('１' is a
// full-width digit, '–' an en dash, 'Ｈ' a full-width letter).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tartan {

/// The Unicode code point of the UTF-8 sequence starting at text[at], and its length in bytes; {0, 0} when the
/// bytes there are not valid UTF-8 (or plain ASCII).
struct utf8_char {
  std::uint32_t code_point = 0;
  std::size_t length = 0;
};

inline utf8_char decode_utf8(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  std::uint32_t cp = 0;
  if (lead >= 0xc2 && lead <= 0xdf)
    length = 2, cp = lead & 0x1f;
  else if (lead >= 0xe0 && lead <= 0xef)
    length = 3, cp = lead & 0x0f;
  else if (lead >= 0xf0 && lead <= 0xf4)
    length = 4, cp = lead & 0x07;
  else
    return {};
  if (at + length > text.size()) return {};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xc0) != 0x80) return {};
    cp = cp << 6 | (byte(at + i) & 0x3f);
  }
  // Overlong forms, UTF-16 surrogates and code points beyond U+10FFFF are not UTF-8.
  if ((length == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
      (length == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
    return {};
  }
  return {cp, length};
}

/// The byte as shown in a message: itself when printable ASCII, else \xNN.
inline std::string shown_byte(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string(1, c);
  static constexpr char hex[] = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

/**
 * True for the characters a terminal shows as nothing, or obeys, that are not controls: Unicode's format characters
 * (General_Category Cf: the bidirectional embeddings, overrides and isolates U+202A..U+202E and U+2066..U+2069, which
 * reorder the text around them; the zero-width space, joiners and marks U+200B..U+200F; the byte-order mark U+FEFF;
 * the soft hyphen U+00AD; the tag characters U+E0000..U+E007F; ...) and the line and paragraph separators U+2028 and
 * U+2029 (Zl, Zp), which end a line. The ranges are those of the Unicode Character Database, version 15.1.
 *
 * Example: is_format_character(0x202e) (RIGHT-TO-LEFT OVERRIDE); !is_format_character(0xe9)
 */
constexpr bool is_format_character(std::uint32_t cp) {
  constexpr std::uint32_t ranges[][2] = {{0x00ad, 0x00ad},   {0x0600, 0x0605},   {0x061c, 0x061c},   {0x06dd, 0x06dd},
                                         {0x070f, 0x070f},   {0x0890, 0x0891},   {0x08e2, 0x08e2},   {0x180e, 0x180e},
                                         {0x200b, 0x200f},   {0x2028, 0x202e},   {0x2060, 0x2064},   {0x2066, 0x206f},
                                         {0xfeff, 0xfeff},   {0xfff9, 0xfffb},   {0x110bd, 0x110bd}, {0x110cd, 0x110cd},
                                         {0x13430, 0x1343f}, {0x1bca0, 0x1bca3}, {0x1d173, 0x1d17a}, {0xe0001, 0xe0001},
                                         {0xe0020, 0xe007f}};
  for (const auto& r : ranges) {
    if (cp >= r[0] && cp <= r[1]) return true;
  }
  return false;
}

/// One character of typed text as a message shows it, and how many bytes of the text it takes.
struct shown_char {
  std::string text;
  std::size_t length = 1;
};

/**
 * The character at text[at] as a message shows it: printable ASCII and valid UTF-8 as they are; a line break, a
 * carriage return and a tab as \n, \r and \t; every other control byte, DEL, a C1 control (U+0080..U+009F, which
 * terminals obey as ESC sequences) and each byte that is not UTF-8 as \xNN; a format character or a line or
 * paragraph separator (is_format_character: a right-to-left override, a zero-width space) as \u{202e}. Nothing
 * shown can move the cursor, ring the bell, end the line, hide itself or reorder the text around it.
 *
 * Example: show_char("\x1b[A", 0).text == "\\x1b"; show_char("\xff", 0).text == "\\xff";
 * show_char("\u202e", 0).text == "\\u{202e}"
 */
inline shown_char show_char(std::string_view text, std::size_t at) {
  const char c = text[at];
  const auto u = static_cast<unsigned char>(c);
  if (c == '\n') return {"\\n", 1};
  if (c == '\r') return {"\\r", 1};
  if (c == '\t') return {"\\t", 1};
  if (u < 0x80) return {shown_byte(c), 1};
  const utf8_char decoded = decode_utf8(text, at);
  if (decoded.length == 0) return {shown_byte(c), 1};
  if (decoded.code_point < 0xa0) return {shown_byte(text[at]) + shown_byte(text[at + 1]), 2};
  if (is_format_character(decoded.code_point)) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string digits;
    for (std::uint32_t cp = decoded.code_point; cp != 0; cp >>= 4) digits.insert(digits.begin(), hex[cp & 15]);
    return {"\\u{" + digits + "}", decoded.length};
  }
  return {std::string(text.substr(at, decoded.length)), decoded.length};
}

/**
 * `text` whole, each character as show_char shows it, without quotes: for echoing a line as typed.
 *
 * Example: escape_typed("3 \x07 5\n") == "3 \\x07 5\\n"
 */
inline std::string escape_typed(std::string_view text) {
  std::string s;
  for (std::size_t i = 0; i < text.size();) {
    const shown_char c = show_char(text, i);
    s += c.text;
    i += c.length;
  }
  return s;
}

/**
 * Every message that quotes what a person typed (an argument, a line, a file, standard input) quotes it through
 * this: `text` in single quotes, each character as show_char shows it, cut at a character boundary to about
 * `shown` columns (an escape counts its length, a non-ASCII character two), a quote in it as \', and when cut,
 * "..." inside the quotes
 * and the whole length after them. So the quote is short, on one line, valid UTF-8 without control bytes, and the
 * reason that follows it is always seen.
 *
 * Example: quote_typed(std::string_view("a\0b", 3)) == "'a\\x00b'";
 * quote_typed(std::string(3000, 'H')) == "'" + std::string(40, 'H') + "...' (3000 bytes)"
 */
inline std::string quote_typed(std::string_view text, std::size_t shown = 40) {
  std::string s = "'";
  std::size_t width = 0, at = 0;
  while (at < text.size()) {
    shown_char c = show_char(text, at);
    if (c.text == "'") c.text = "\\'";  // so the quote ends where the text does
    const std::size_t w = c.text.size() == 1 ? 1 : c.text.front() == '\\' ? c.text.size() : 2;
    if (width + w > shown) break;
    width += w;
    s += c.text;
    at += c.length;
  }
  if (at == text.size()) return s + "'";
  return s + "...' (" + std::to_string(text.size()) + " bytes)";
}

/// "U+FF11, a full-width digit: type the ASCII digit 1" for a code point; "U+00E9, not ASCII" when it resembles
/// nothing a command expects.
inline std::string name_code_point(std::uint32_t cp) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string name = "U+";
  for (int shift = cp > 0xffff ? 20 : 12; shift >= 0; shift -= 4) name += hex[cp >> shift & 15];
  if (cp >= 0xff10 && cp <= 0xff19) {
    return name + ", a full-width digit: type the ASCII digit " + std::string(1, static_cast<char>('0' + cp - 0xff10));
  }
  if ((cp >= 0xff21 && cp <= 0xff3a) || (cp >= 0xff41 && cp <= 0xff5a)) {
    return name + ", a full-width letter: type the ASCII letter " + std::string(1, static_cast<char>(cp - 0xfee0));
  }
  if (cp >= 0xff01 && cp <= 0xff5e) {
    return name + ", a full-width sign: type the ASCII '" + std::string(1, static_cast<char>(cp - 0xfee0)) + "'";
  }
  if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0xfe63) {
    return name + ", a dash: type the ASCII hyphen-minus '-'";
  }
  if (cp == 0x00d7 || cp == 0x2715 || cp == 0x2716) return name + ", a multiplication sign, not ASCII";
  if (cp == 0x00a0 || cp == 0x202f || cp == 0x3000 || (cp >= 0x2000 && cp <= 0x200b) || cp == 0xfeff) {
    return name + ", a Unicode space: type an ASCII space, or nothing";
  }
  if (cp == 0x2018 || cp == 0x2019 || cp == 0x201c || cp == 0x201d) return name + ", a typographic quote";
  return name + ", not ASCII";
}

/**
 * What a message says about the non-ASCII character at text[at]: "'１' is U+FF11, a full-width digit: type the ASCII
 * digit 1", or "byte \xff is not UTF-8 text"; empty when text[at] is ASCII.
 *
 * Example: lookalike_hint("1–3", 1) == "'–' is U+2013, a dash: type the ASCII hyphen-minus '-'"
 */
inline std::string lookalike_hint(std::string_view text, std::size_t at) {
  if (static_cast<unsigned char>(text[at]) < 0x80) return "";
  const utf8_char c = decode_utf8(text, at);
  if (c.length == 0) return "byte " + shown_byte(text[at]) + " is not UTF-8 text";
  return "'" + show_char(text, at).text + "' is " + name_code_point(c.code_point);
}

/**
 * The character at text[at] for a message: 'x' for printable ASCII, '\x07' for other bytes below 0x80, and for
 * non-ASCII the character with its code point and, for look-alikes of ASCII, what to type instead.
 *
 * Example: describe_typed_char("１", 0) == "'１' (U+FF11, a full-width digit: type the ASCII digit 1)"
 */
inline std::string describe_typed_char(std::string_view text, std::size_t at) {
  if (static_cast<unsigned char>(text[at]) < 0x80) return "'" + show_char(text, at).text + "'";
  const utf8_char c = decode_utf8(text, at);
  if (c.length == 0) return "'" + shown_byte(text[at]) + "' (not UTF-8 text)";
  return "'" + show_char(text, at).text + "' (" + name_code_point(c.code_point) + ")";
}

}  // namespace tartan
