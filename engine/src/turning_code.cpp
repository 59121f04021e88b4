// turning_code: the parser, introspection, and plain enumeration of moves (the fallback and the reference for
// the faster hooks in turning_code_options.cpp and turning_code_solver.cpp).
#include "tartan/turning_code.hpp"

#include <algorithm>
#include <string>

#include "tartan/detail/code_enumerate.hpp"
#include "tartan/error.hpp"

namespace tartan {

namespace {

constexpr coin max_number = 1000000;  // counts and spans beyond this are refused as typos

class code_parser {
 public:
  explicit code_parser(std::string_view text) : text_(text) {}

  std::vector<turning_alternative> parse() {
    std::vector<turning_alternative> alternatives;
    if (text_.empty()) fail_plain("is empty");
    for (;;) {
      alternatives.push_back(alternative());
      skip_spaces();
      if (at_end()) break;
      if (peek() != ',') {
        if (peek() >= '0' && peek() <= '9') fail("unexpected digit '" + std::string(1, peek()) + "'");
        fail("unexpected '" + std::string(1, peek()) + "'");
      }
      ++pos_;
      skip_spaces();
    }
    return alternatives;
  }

 private:
  turning_alternative alternative() {
    turning_alternative alt;
    alt.min_coins = number("a number of coins");
    if (alt.min_coins == 0) fail_at(pos_ - 1, "a move turns at least 1 coin, not 0");
    alt.max_coins = alt.min_coins;
    if (!at_end() && peek() == '-') {
      ++pos_;
      const std::size_t start = pos_;
      alt.max_coins = number("a number after '-'");
      if (alt.max_coins < alt.min_coins) {
        fail_at(start, "the range " + std::to_string(alt.min_coins) + "-" + std::to_string(alt.max_coins) +
                           " is empty (write the smaller number first)");
      }
    } else if (!at_end() && peek() == '+') {
      ++pos_;
      alt.max_coins = turning_alternative::unbounded;
    }
    bool seen_c = false;
    while (!at_end()) {
      const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(peek())));
      const std::size_t at = pos_;
      if (c == 'C') {
        ++pos_;
        if (!at_end() && peek() == '(') {
          ++pos_;
          if (alt.window != 0) fail_at(at, "the span C(n) is given twice");
          const std::size_t start = pos_;
          alt.window = number("a span after 'C('");
          if (alt.window == 0) fail_at(start, "the span C(0) is empty; a span is at least 1 coin");
          if (at_end() || peek() != ')') fail("expected ')' to close 'C('");
          ++pos_;
        } else {
          if (seen_c) fail_at(at, "modifier 'C' is repeated");
          seen_c = true;
          alt.consecutive = true;
        }
      } else if (c == 'E' || c == 'S' || c == 'F') {
        bool& flag = c == 'E' ? alt.equally_spaced : c == 'S' ? alt.symmetric : alt.includes_first;
        if (flag) fail_at(at, std::string("modifier '") + c + "' is repeated");
        flag = true;
        ++pos_;
      } else {
        break;
      }
    }
    return alt;
  }

  coin number(const char* what) {
    if (at_end() || peek() < '0' || peek() > '9') {
      if (at_end()) fail(std::string("expected ") + what + " at the end");
      fail(std::string("expected ") + what);
    }
    const std::size_t start = pos_;
    std::uint64_t value = 0;
    while (!at_end() && peek() >= '0' && peek() <= '9') {
      value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(peek() - '0'), max_number + 1ULL);
      ++pos_;
    }
    if (value > max_number) {
      fail_at(start, "the number '" + std::string(text_.substr(start, pos_ - start)) + "' is too big (at most " +
                         std::to_string(max_number) + ")");
    }
    return static_cast<coin>(value);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void skip_spaces() {
    while (!at_end() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }

  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& what) const {
    fail_plain(what + " at column " + std::to_string(at + 1));
  }
  [[noreturn]] void fail_plain(const std::string& what) const {
    std::string shown(text_.substr(0, 60));
    if (text_.size() > 60) shown += "...";
    throw parse_error("turning code '" + shown + "': " + what + "; codes look like 1-3, 1+C, 3E, 4FS, 2-3,6C");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

turning_code turning_code::parse(std::string_view text) {
  const std::string_view trimmed = trim(text);
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
  std::uint64_t total = 0;
  for (const turning_alternative& alt : alternatives_) {
    const std::uint64_t c = detail::count_alternative_moves(alt, n);
    total = total > UINT64_MAX - c ? UINT64_MAX : total + c;
  }
  return total;
}

bool turning_code::for_each_move(coin n, move_visitor visit) const {
  std::vector<coin> buffer;
  for (std::size_t i = 0; i < alternatives_.size(); ++i) {
    const auto earlier = std::span<const turning_alternative>(alternatives_).first(i);
    const bool go_on = detail::enumerate_alternative(alternatives_[i], n, buffer, [&](std::span<const coin> others) {
      for (const turning_alternative& e : earlier) {
        if (detail::alternative_allows(e, n, others)) return true;  // visited already, under an earlier alternative
      }
      return visit(others);
    });
    if (!go_on) return false;
  }
  return true;
}

}  // namespace tartan
