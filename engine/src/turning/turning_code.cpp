// turning_code: the parser, introspection, and plain enumeration of moves (the fallback and the reference for
// the faster hooks in turning_code_options.cpp and turning_code_solver.cpp).
#include "tartan/turning/turning_code.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <string>

#include "detail/text.hpp"
#include "detail/typed_text.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "turning/code_enumerate.hpp"

namespace tartan {

namespace {

constexpr coin max_number = 1000000;  // counts and spans beyond this are refused as typos

class code_parser {
 public:
  explicit code_parser(std::string_view text) : text_(text) {}

  std::vector<turning_alternative> parse() {
    std::vector<turning_alternative> alternatives;
    if (text_.empty()) fail_whole("it is empty");
    for (;;) {
      alternatives.push_back(alternative());
      skip_spaces();
      if (at_end()) break;
      if (peek() != ',') fail("unexpected " + shown_here(), " (alternatives are separated by commas)");
      ++pos_;
      skip_spaces();
    }
    return alternatives;
  }

 private:
  // alternative := count modifier*      count := N | N '-' N | N '+'      modifier := C | C(N) | E | S | F
  turning_alternative alternative() {
    turning_alternative alt;
    const std::size_t start = pos_;
    alt.min_coins = number("a number of coins");
    if (alt.min_coins == 0) fail_at(start, "count 0", " (a move turns at least 1 coin)");
    alt.max_coins = alt.min_coins;
    if (!at_end() && peek() == '-') {
      ++pos_;
      alt.max_coins = number("a number after '-'");
      if (alt.max_coins < alt.min_coins) {
        fail_at(start, "empty range " + std::to_string(alt.min_coins) + "-" + std::to_string(alt.max_coins),
                " (write the smaller number first)");
      }
    } else if (!at_end() && peek() == '+') {
      ++pos_;
      alt.max_coins = turning_alternative::unbounded;
    }
    char spacing = 0;  // the one of C, E, S given, if any
    while (!at_end()) {
      const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(peek())));
      const std::size_t at = pos_;
      if (c == 'C' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '(') {
        pos_ += 2;
        if (alt.window != 0) fail_at(at, "a second span C(n)", " (give at most one)");
        const std::size_t w_at = pos_;
        alt.window = number("a span after 'C('");
        if (alt.window == 0) fail_at(w_at, "span C(0)", " (a span holds at least 1 coin)");
        if (at_end() || peek() != ')') fail("expected ')'", " to close 'C('");
        ++pos_;
        if (alt.window < alt.min_coins) {
          fail_at(w_at, "span C(" + std::to_string(alt.window) + ")",
                  " is narrower than the " + std::to_string(alt.min_coins) + " coins turned (make it at least " +
                      std::to_string(alt.min_coins) + ")");
        }
      } else if (c == 'C' || c == 'E' || c == 'S') {
        if (spacing == c) fail_at(at, std::string("repeated modifier '") + c + "'");
        if (spacing != 0) {
          fail_at(at, std::string("modifier '") + c + "'",
                  std::string(" conflicts with '") + spacing + "' (give at most one of C, E and S)");
        }
        spacing = c;
        (c == 'C' ? alt.consecutive : c == 'E' ? alt.equally_spaced : alt.symmetric) = true;
        ++pos_;
      } else if (c == 'F') {
        if (alt.includes_first) fail_at(at, "repeated modifier 'F'");
        alt.includes_first = true;
        ++pos_;
      } else if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
        fail_at(at, "unknown modifier " + shown_here(), " (the modifiers are C, C(n), E, S and F)");
      } else {
        break;
      }
    }
    return alt;
  }

  coin number(const char* what) {
    if (at_end()) fail(std::string("expected ") + what);
    if (peek() < '0' || peek() > '9') fail(std::string("expected ") + what, " (found " + shown_here() + ")");
    const std::size_t start = pos_;
    std::uint64_t value = 0;
    while (!at_end() && peek() >= '0' && peek() <= '9') {
      value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(peek() - '0'), max_number + 1ULL);
      ++pos_;
    }
    if (value > max_number) {
      fail_at(start,
              "number " + std::string(text_.substr(start, std::min<std::size_t>(pos_ - start, 20))) +
                  (pos_ - start > 20 ? "..." : ""),
              " is too big (at most " + std::to_string(max_number) + ")");
    }
    return static_cast<coin>(value);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void skip_spaces() {
    while (!at_end() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }
  // The character at the current position for a message, a Unicode look-alike ('–' for '-') named as such.
  std::string shown_here() const { return detail::describe_typed_char(text_, pos_); }

  // "<what> at column N<tail>", columns counted from 1 in the trimmed text.
  [[noreturn]] void fail(const std::string& what, const std::string& tail = "") const { fail_at(pos_, what, tail); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& what, const std::string& tail = "") const {
    fail_whole(what + " at column " + std::to_string(at + 1) + tail);
  }
  [[noreturn]] void fail_whole(const std::string& what) const {
    throw parse_error("turning code " + detail::quote_typed(text_, 60) + ": " + what +
                      "; codes look like 1-3, 1+C, 3E, 4FS, 2-3,6C");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

turning_code turning_code::parse(std::string_view text) {
  const std::string_view trimmed = detail::trim(text);
  turning_code code;
  code.alternatives_ = code_parser(trimmed).parse();
  code.text_ = std::string(trimmed);
  return code;
}

coin turning_code::max_coins_per_move() const {
  coin most = 0;
  for (const turning_alternative& alt : alternatives_) {
    coin m = alt.max_coins;
    if (alt.window != 0) m = std::min(m, alt.window);
    most = std::max(most, m);
  }
  return most;
}

bool turning_code::polynomial_moves() const {
  return std::all_of(alternatives_.begin(), alternatives_.end(), [](const turning_alternative& alt) {
    return !alt.is_unbounded() || alt.consecutive || alt.equally_spaced || alt.window != 0;
  });
}

std::uint64_t turning_code::move_count(coin n) const {
  // A set allowed by several alternatives is one move: inclusion-exclusion over the alternatives, each
  // intersection being an alternative itself (C within E within S; counts, spans and F combine).
  const std::size_t a = alternatives_.size();
  if (a == 1) return detail::count_alternative_moves(alternatives_[0], n);
  for (const turning_alternative& alt : alternatives_) {
    if (detail::count_alternative_moves(alt, n) == UINT64_MAX) return UINT64_MAX;  // the union is no smaller
  }
  if (a > 16) {  // 2^16 intersections at most; beyond, count by enumeration
    std::uint64_t count = 0;
    for_each_move(n, [&](std::span<const coin>) { return ++count != UINT64_MAX; });
    return count;
  }
  int128 total = 0;
  for (std::uint32_t subset = 1; subset < (std::uint32_t{1} << a); ++subset) {
    std::optional<turning_alternative> meet;
    for (std::size_t i = 0; i < a && (subset >> i) != 0; ++i) {
      if (((subset >> i) & 1) == 0) continue;
      meet = meet ? detail::intersect(*meet, alternatives_[i]) : std::optional(alternatives_[i]);
      if (!meet) break;
    }
    if (!meet) continue;
    const auto c = static_cast<int128>(detail::count_alternative_moves(*meet, n));
    total += std::popcount(subset) % 2 == 1 ? c : -c;
  }
  return total > static_cast<int128>(UINT64_MAX) ? UINT64_MAX : static_cast<std::uint64_t>(total);
}

bool turning_code::for_each_move(coin n, move_visitor visit) const {
  return detail::enumerate_code(alternatives_, n, visit);
}

}  // namespace tartan
