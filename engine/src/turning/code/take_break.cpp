// take_break_code: the parser, the moves of a heap as coins, its option values, and the solver (the sparse-space
// method of sparse_space.cpp where it applies, the mex of the option values otherwise, in a 64-bit mask for codes
// whose moves leave at most one heap).
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/core/search_stop.hpp"
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

std::string take_break_code::canonical_text() const {
  if (!text_.empty() && (text_.front() == 'S' || text_.front() == 's')) {
    std::string set = "S{";
    for (coin k = 1; k <= max_take(); ++k) {
      if (digits_[k] != 0) set += (set.size() == 2 ? "" : ",") + std::to_string(k);
    }
    return set + "}";
  }
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string code;
  for (coin k = 0; k <= max_take(); ++k) {
    code += hex[digits_[k]];
    if (distinct(k)) code += '!';
    if (k == 0) code += '.';
  }
  if (max_take() == 0) code += '0';  // a d0-only code, such as 4.0
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

namespace {

/// Buffers reused from coin to coin by visit_coin_moves.
struct coin_move_scratch {
  std::vector<char> single;
  std::vector<coin> others;
};

/// The coin sets of the moves from coin n, each once (take_break_code::for_each_move), passed to visit(others).
/// A template, so that count_move_values adds each move's XOR without a call through a function_ref.
template <class Visit>
bool visit_coin_moves(const take_break_code& code, coin n, coin_move_scratch& scratch, Visit&& visit) {
  using tb = take_break_code;
  const coin t = std::min(code.max_take(), n);
  bool empty = false;  // some move leaves nothing, or heaps that cancel in pairs
  // A move leaving one heap leaves n - k >= n - t; only three heaps, two of them cancelling, leave a single coin
  // further left. So the single coins lie in [lowest, n): O(t) per coin for the codes without three-heap digits (a
  // subtraction game's coin costs O(|S|), not O(n)), O(n) with them, whose pairs and triples cost more anyway.
  coin lowest = t < n ? n - t : 1;
  for (coin k = 0; k <= t; ++k) {
    if ((code.digit(k) & tb::leaves_three) != 0 && !code.distinct(k)) lowest = 1;
  }
  lowest = std::max<coin>(lowest, 1);
  std::vector<char>& single = scratch.single;  // single[c - lowest]: some move leaves heap c alone
  single.assign(n > lowest ? n - lowest : 0, 0);
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = code.digit(k);
    const coin r = n - k;  // the tokens left, in the heaps the move leaves
    if ((d & tb::leaves_nothing) != 0 && r == 0 && k >= 1) empty = true;
    if ((d & tb::leaves_one) != 0 && r >= 1 && k >= 1) single[r - lowest] = 1;
    if ((d & tb::leaves_two) != 0 && r >= 2 && r % 2 == 0 && !code.distinct(k)) empty = true;  // r/2 and r/2
    if ((d & tb::leaves_three) != 0 && !code.distinct(k)) {
      for (coin a = 1; 3 * a <= r; ++a) {  // a, a, r - 2a and a, b, b: one coin left turned
        if (r - 2 * a >= a) single[r - 2 * a - lowest] = 1;
        if ((r - a) % 2 == 0 && (r - a) / 2 >= a) single[a - lowest] = 1;
      }
    }
  }
  std::vector<coin>& others = scratch.others;
  others.clear();
  if (empty && !visit(std::span<const coin>(others))) return false;
  for (coin c = lowest; c < n; ++c) {
    if (single[c - lowest] == 0) continue;
    others.assign(1, c);
    if (!visit(std::span<const coin>(others))) return false;
  }
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = code.digit(k);
    const coin r = n - k;
    if ((d & tb::leaves_two) != 0) {
      for (coin a = 1; 2 * a < r; ++a) {
        others.assign({a, r - a});
        if (!visit(std::span<const coin>(others))) return false;
      }
    }
    if ((d & tb::leaves_three) != 0) {
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

}  // namespace

bool take_break_code::for_each_move(coin n, move_visitor visit) const {
  coin_move_scratch scratch;
  return visit_coin_moves(*this, n, scratch, [&](std::span<const coin> others) { return visit(others); });
}

void take_break_code::count_move_values(coin first, coin last, std::span<const grundy_value> g,
                                        value_counts& counts) const {
  if (max_heaps() <= 1) {
    // Moves that leave at most one heap (subtraction games): from n, {n - k, n} for each k < n whose digit leaves
    // one heap, and {n} when d_n leaves nothing; no two of them turn the same coins. O(t) per coin, no buffers.
    std::vector<coin> leave_one;
    for (coin k = 1; k <= max_take(); ++k) {
      if ((digit(k) & leaves_one) != 0) leave_one.push_back(k);
    }
    for (std::uint64_t h = first; h <= last; ++h) {
      const coin n = static_cast<coin>(h);
      for (const coin k : leave_one) {
        if (k < n) counts.add(g[n] ^ g[n - k]);
      }
      if (n >= 1 && n <= max_take() && (digit(n) & leaves_nothing) != 0) counts.add(g[n]);
    }
    return;
  }
  coin_move_scratch scratch;
  for (std::uint64_t h = first; h <= last; ++h) {
    const coin n = static_cast<coin>(h);
    visit_coin_moves(*this, n, scratch, [&](std::span<const coin> others) {
      grundy_value x = g[n];
      for (const coin c : others) x ^= g[c];
      counts.add(x);
      return true;
    });
  }
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

bool take_break_code::has_heap_move(std::uint64_t n) const {
  for (coin k = 0; k <= max_take() && k <= n; ++k) {
    const std::uint8_t d = digits_[k];
    const std::uint64_t r = n - k;
    const bool any = !distinct(k);
    if (k >= 1 && (((d & leaves_nothing) != 0 && r == 0) || ((d & leaves_one) != 0 && r >= 1))) return true;
    if ((d & leaves_two) != 0 && r >= (any ? 2U : 3U)) return true;    // 1 + 1, or 1 + 2
    if ((d & leaves_three) != 0 && r >= (any ? 3U : 6U)) return true;  // 1 + 1 + 1, or 1 + 2 + 3
  }
  return false;
}

bool take_break_code::allows_heap_move(coin take, std::uint64_t n, std::span<const std::uint64_t> leaving) const {
  const std::size_t heaps = leaving.size();
  if (take > max_take() || heaps > 3 || (digits_[take] & (1U << heaps)) == 0) return false;
  if (take == 0 && heaps < 2) return false;  // d_0 splits, taking nothing
  std::uint64_t left = 0;
  for (std::size_t i = 0; i < heaps; ++i) {
    if (leaving[i] == 0 || leaving[i] > n) return false;
    if (i > 0 && (leaving[i] < leaving[i - 1] || (distinct(take) && leaving[i] == leaving[i - 1]))) return false;
    if (leaving[i] > n - left) return false;  // more tokens than the heap holds (no overflow past n)
    left += leaving[i];
  }
  return left <= n && n - left == take;
}

bool take_break_code::find_heap_moves(coin n, grundy_value target, std::span<const grundy_value> g, std::uint64_t& skip,
                                      heap_move_visitor visit) const {
  const coin t = std::min(max_take(), n);
  coin left[3];
  // A move found: passed over while `skip` lasts, else visited.
  const auto found = [&](coin k, std::size_t heaps) {
    if (skip > 0) {
      --skip;
      return true;
    }
    return visit(k, std::span<const coin>(left, heaps));
  };
  for (coin k = 0; k <= t; ++k) {
    const std::uint8_t d = digits_[k];
    const coin r = n - k;  // the tokens left, in the heaps the move leaves
    const bool any = !distinct(k);
    if ((d & leaves_nothing) != 0 && r == 0 && k >= 1 && target == 0 && !found(k, 0)) return false;
    left[0] = r;
    if ((d & leaves_one) != 0 && r >= 1 && k >= 1 && g[r] == target && !found(k, 1)) return false;
    if ((d & leaves_two) != 0) {
      const coin top = any || r == 0 ? r / 2 : (r - 1) / 2;  // a <= r - a, or a < r - a under '!'
      for (coin a = 1; a <= top; ++a) {
        if ((g[a] ^ g[r - a]) != target) continue;
        left[0] = a;
        left[1] = r - a;
        if (!found(k, 2)) return false;
      }
    }
    if ((d & leaves_three) != 0) {
      for (coin a = 1; 3 * a <= r; ++a) {
        if (!detail::keep_searching()) return false;
        const grundy_value rest = target ^ g[a];
        for (coin b = any ? a : a + 1; 2 * b <= r - a; ++b) {
          const coin c = r - a - b;
          if ((g[b] ^ g[c]) != rest || (!any && c == b)) continue;
          left[0] = a;
          left[1] = b;
          left[2] = c;
          if (!found(k, 3)) return false;
        }
      }
    }
  }
  return true;
}

std::uint64_t take_break_code::count_heap_moves(coin n, grundy_value target, std::span<const grundy_value> g) const {
  std::uint64_t skip = UINT64_MAX;
  find_heap_moves(n, target, g, skip, [](coin, std::span<const coin>) { return true; });
  return UINT64_MAX - skip;
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

/// The direct route: the mex of every option value. Codes whose moves leave at most one heap (subtraction games)
/// with fewer than 63 of them find it in a 64-bit mask: from heap n the options are g(n - k) for the k in
/// `leave_one_` below n, and 0 when d_n leaves nothing, so the mex costs O(t) per heap without buffers.
class direct_algorithm final : public sequence_solver::algorithm {
 public:
  explicit direct_algorithm(const take_break_code& code) : code_(code) {
    if (code.max_heaps() <= 1) {
      for (coin k = 1; k <= code.max_take(); ++k) {
        if ((code.digit(k) & take_break_code::leaves_one) != 0) leave_one_.push_back(k);
      }
      single_heap_ = leave_one_.size() < 63;  // with the empty move, at most 63 options: mex < 64
    }
  }
  grundy_value next(std::span<const grundy_value> g) override {
    const auto n = static_cast<coin>(g.size());
    if (single_heap_) {
      std::uint64_t seen = 0;
      for (const coin k : leave_one_) {
        if (k < n && g[n - k] < 64) seen |= std::uint64_t{1} << g[n - k];
      }
      if (n >= 1 && (code_.digit(n) & take_break_code::leaves_nothing) != 0) seen |= 1;
      return static_cast<grundy_value>(std::countr_one(seen));
    }
    options_.clear();
    code_.option_values(n, g, options_);
    return mex(options_, scratch_);
  }
  void resume(const value_table&) override {}  // no state: each value is the mex of its options

 private:
  take_break_code code_;
  bool single_heap_ = false;
  std::vector<coin> leave_one_;
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
