// take_break_code: the parser, the moves of a heap as coins, its option values, and the solver (the sparse-space
// method of sparse_space.cpp where it applies, the mex of the option values otherwise).
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "turning/code/sparse_space.hpp"

namespace tartan {

namespace {

constexpr std::string_view code_examples = "codes look like 0.77, .07, 4.07, 0.F, 4!.0, S{1,3,4}";

class take_break_parser {
 public:
  explicit take_break_parser(std::string_view text) : text_(text) {}

  // code := [digit ['!']] '.' (digit ['!'])+  |  ('S' | 's') '{' N (',' N)* '}'
  void parse(std::vector<std::uint8_t>& digits, std::vector<std::uint8_t>& distinct) {
    if (text_.empty()) fail_whole("it is empty");
    if (text_[0] == 'S' || text_[0] == 's') {
      subtraction_set(digits);
      distinct.assign(digits.size(), 0);
      return;
    }
    digits.assign(1, 0);
    distinct.assign(1, 0);
    if (peek() != '.') {
      const std::size_t at = pos_;
      digits[0] = digit();
      if (!at_end() && peek() == '!') {
        if ((digits[0] & (take_break_code::leaves_two | take_break_code::leaves_three)) == 0) {
          fail("'!' after a digit that leaves at most one heap", " (it asks the heaps left to differ; remove it)");
        }
        distinct[0] = 1;
        ++pos_;
      }
      if ((digits[0] & (take_break_code::leaves_nothing | take_break_code::leaves_one)) != 0) {
        fail_at(at, "digit " + std::string(1, text_[at]) + " before the point",
                " would leave the heap whole or take nothing from nothing (d0 only splits: type 0, 4, 8 or C)");
      }
      if (at_end()) fail("expected '.'", " after the digit before the point");
      if (peek() != '.') {
        if (std::isxdigit(static_cast<unsigned char>(peek())) != 0) {
          fail("a second digit before the point", " (one digit d0 stands there, e.g. 4.07)");
        }
        fail("unexpected " + shown_here(), " (expected '.')");
      }
    }
    ++pos_;  // the point
    if (at_end()) fail("expected a digit after the point", " (e.g. 0.7)");
    while (!at_end()) {
      if (digits.size() > take_break_code::max_digits) {
        fail_whole("it has more than " + std::to_string(take_break_code::max_digits) +
                   " digits after the point (a move takes at most " + std::to_string(take_break_code::max_digits) +
                   " tokens); shorten it");
      }
      digits.push_back(digit());
      distinct.push_back(0);
      if (!at_end() && peek() == '!') {
        if ((digits.back() & (take_break_code::leaves_two | take_break_code::leaves_three)) == 0) {
          fail("'!' after a digit that leaves at most one heap", " (it asks the heaps left to differ; remove it)");
        }
        distinct.back() = 1;
        ++pos_;
      }
    }
    while (digits.size() > 1 && digits.back() == 0) {
      digits.pop_back();
      distinct.pop_back();
    }
  }

 private:
  std::uint8_t digit() {
    const char c = peek();
    const auto u = static_cast<unsigned char>(c);
    if (std::isxdigit(u) != 0) {
      ++pos_;
      return static_cast<std::uint8_t>(std::isdigit(u) != 0 ? c - '0' : std::tolower(u) - 'a' + 10);
    }
    if (std::isalpha(u) != 0) {
      fail("digit " + shown_here(),
           " would leave four or more heaps; digits go up to F (bit 8: three heaps), e.g. 0.F");
    }
    if (c == '.') fail("a second point", " (write one point, e.g. 4.07)");
    fail("expected a digit 0-9 or A-F", " (found " + shown_here() + ")");
  }

  void subtraction_set(std::vector<std::uint8_t>& digits) {
    ++pos_;
    if (at_end() || peek() != '{') fail("expected '{'", " after 'S' (a subtraction set looks like S{1,3,4})");
    ++pos_;
    digits.assign(1, 0);
    for (;;) {
      skip_spaces();
      if (at_end()) fail("expected a number", " and '}' (e.g. S{1,3,4})");
      if (peek() < '0' || peek() > '9') fail("expected a number", " (found " + shown_here() + ")");
      const std::size_t start = pos_;
      std::uint64_t s = 0;
      while (!at_end() && peek() >= '0' && peek() <= '9') {
        s = std::min<std::uint64_t>(s * 10 + static_cast<std::uint64_t>(peek() - '0'), take_break_code::max_digits + 1);
        ++pos_;
      }
      if (s == 0) fail_at(start, "0 in a subtraction set", " (a move takes at least 1 token)");
      if (s > take_break_code::max_digits) {
        fail_at(start, "number " + std::string(text_.substr(start, std::min<std::size_t>(pos_ - start, 20))),
                " is too big (at most " + std::to_string(take_break_code::max_digits) + ")");
      }
      if (digits.size() <= s) digits.resize(static_cast<std::size_t>(s) + 1, 0);
      digits[static_cast<std::size_t>(s)] = take_break_code::leaves_nothing | take_break_code::leaves_one;
      skip_spaces();
      if (at_end()) fail("expected '}'", " to close the set (e.g. S{1,3,4})");
      if (peek() == '}') break;
      if (peek() != ',') fail("unexpected " + shown_here(), " (numbers are separated by commas, e.g. S{1,3,4})");
      ++pos_;
    }
    ++pos_;
    skip_spaces();
    if (!at_end()) fail("unexpected " + shown_here(), " after the set");
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void skip_spaces() {
    while (!at_end() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }
  std::string shown_here() const { return tartan::describe_typed_char(text_, pos_); }

  [[noreturn]] void fail(const std::string& what, const std::string& tail = "") const { fail_at(pos_, what, tail); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& what, const std::string& tail = "") const {
    fail_whole(what + " at column " + std::to_string(at + 1) + tail);
  }
  [[noreturn]] void fail_whole(const std::string& what) const {
    throw parse_error("take-and-break code " + tartan::quote_typed(text_, 24) + ": " + what + "; " +
                      std::string(code_examples));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool take_break_code::claims(std::string_view text) {
  const std::string_view t = tartan::trim(text);
  return t.find_first_of(".!{") != std::string_view::npos;
}

take_break_code take_break_code::parse(std::string_view text) {
  const std::string_view trimmed = tartan::trim(text);
  take_break_code code;
  take_break_parser(trimmed).parse(code.digits_, code.distinct_);
  code.text_ = std::string(trimmed);
  return code;
}

int take_break_code::max_heaps() const {
  int most = 0;
  for (const std::uint8_t d : digits_) {
    if ((d & leaves_three) != 0) return 3;
    if ((d & leaves_two) != 0) most = 2;
    if ((d & leaves_one) != 0) most = std::max(most, 1);
  }
  return most;
}

bool take_break_code::for_each_move(coin n, move_visitor visit) const {
  const coin t = std::min(max_take(), n);
  bool empty = false;              // some move leaves nothing, or heaps that cancel in pairs
  std::vector<char> single(n, 0);  // single[c]: some move leaves heap c (after cancelling pairs)
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = digits_[k];
    const coin r = n - k;  // the tokens left, in the heaps the move leaves
    if ((d & leaves_nothing) != 0 && r == 0 && k >= 1) empty = true;
    if ((d & leaves_one) != 0 && r >= 1 && k >= 1) single[r] = 1;
    if ((d & leaves_two) != 0 && r >= 2 && r % 2 == 0 && !distinct(k)) empty = true;  // r/2 and r/2
    if ((d & leaves_three) != 0 && !distinct(k)) {
      for (coin a = 1; 3 * a <= r; ++a) {  // a, a, r - 2a and a, b, b: one coin left turned
        if (r - 2 * a >= a) single[r - 2 * a] = 1;
        if ((r - a) % 2 == 0 && (r - a) / 2 >= a) single[a] = 1;
      }
    }
  }
  std::vector<coin> others;
  if (empty && !visit(std::span<const coin>(others))) return false;
  for (coin c = 1; c < n; ++c) {
    if (single[c] == 0) continue;
    others.assign(1, c);
    if (!visit(std::span<const coin>(others))) return false;
  }
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = digits_[k];
    const coin r = n - k;
    if ((d & leaves_two) != 0) {
      for (coin a = 1; 2 * a < r; ++a) {
        others.assign({a, r - a});
        if (!visit(std::span<const coin>(others))) return false;
      }
    }
    if ((d & leaves_three) != 0) {
      for (coin a = 1; 3 * a < r; ++a) {
        for (coin b = a + 1; 2 * b < r - a; ++b) {
          others.assign({a, b, r - a - b});
          if (!visit(std::span<const coin>(others))) return false;
        }
      }
    }
  }
  return true;
}

bool take_break_code::for_each_heap_move(coin n, heap_move_visitor visit) const {
  const coin t = std::min(max_take(), n);
  std::vector<coin> left;
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = digits_[k];
    const coin r = n - k;  // the tokens left, in the heaps the move leaves
    const bool any = !distinct(k);
    left.clear();
    if ((d & leaves_nothing) != 0 && r == 0 && k >= 1 && !visit(k, std::span<const coin>(left))) return false;
    left.assign(1, r);
    if ((d & leaves_one) != 0 && r >= 1 && k >= 1 && !visit(k, std::span<const coin>(left))) return false;
    if ((d & leaves_two) != 0) {
      for (coin a = 1; 2 * a <= r; ++a) {
        if (2 * a == r && !any) continue;
        left.assign({a, r - a});
        if (!visit(k, std::span<const coin>(left))) return false;
      }
    }
    if ((d & leaves_three) != 0) {
      for (coin a = 1; 3 * a <= r; ++a) {
        for (coin b = any ? a : a + 1; 2 * b <= r - a; ++b) {
          const coin c = r - a - b;
          if (!any && c == b) continue;
          left.assign({a, b, c});
          if (!visit(k, std::span<const coin>(left))) return false;
        }
      }
    }
  }
  return true;
}

void take_break_code::option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
  const coin t = std::min(max_take(), n);
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = digits_[k];
    const coin r = n - k;
    const bool any = !distinct(k);
    if ((d & leaves_nothing) != 0 && r == 0 && k >= 1) out.push_back(0);
    if ((d & leaves_one) != 0 && r >= 1 && k >= 1) out.push_back(g[r]);
    if ((d & leaves_two) != 0) {
      for (coin a = 1; 2 * a <= r; ++a) {
        if (2 * a < r || any) out.push_back(g[a] ^ g[r - a]);
      }
    }
    if ((d & leaves_three) != 0) {
      for (coin a = 1; 3 * a <= r; ++a) {
        for (coin b = a; 2 * b <= r - a; ++b) {
          if (any || (a < b && b < r - a - b)) out.push_back(g[a] ^ g[b] ^ g[r - a - b]);
        }
      }
    }
  }
}

namespace {

/// The direct route: the mex of every option value.
class direct_algorithm final : public sequence_solver::algorithm {
 public:
  explicit direct_algorithm(const take_break_code& code) : code_(code) {}
  grundy_value next(std::span<const grundy_value> g) override {
    options_.clear();
    code_.option_values(static_cast<coin>(g.size()), g, options_);
    return mex(options_, scratch_);
  }
  void resume(const value_table&) override {}  // no state: each value is the mex of its options

 private:
  take_break_code code_;
  std::vector<grundy_value> options_;
  std::vector<char> scratch_;
};

/// The sparse-space method (sparse_space.hpp): it reads tables of any width, and its state follows from the values.
class sparse_algorithm final : public sequence_solver::algorithm {
 public:
  explicit sparse_algorithm(const take_break_code& code) : solver_(code) {}
  grundy_value next(std::span<const grundy_value> g) override { return solver_.next(g); }
  bool reads_any_width() const override { return true; }
  grundy_value next(const value_table& g) override { return solver_.next(g); }
  void resume(const value_table& g) override { solver_.resume(g); }
  void use_threads(unsigned threads) override { solver_.use_threads(threads); }

 private:
  detail::sparse_space_solver solver_;
};

}  // namespace

sequence_solver take_break_code::grundy_solver() const {
  if (detail::sparse_space_applies(*this)) return sequence_solver(std::make_unique<sparse_algorithm>(*this));
  return sequence_solver(std::make_unique<direct_algorithm>(*this));
}

}  // namespace tartan
