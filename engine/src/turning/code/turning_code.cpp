// turning_code: the parser, introspection, and the hooks over a code's parts: the group of bounded runs (runs.hpp)
// and the other alternatives, each served by its family (family.hpp). The incremental solver is in solver.cpp.
#include "tartan/turning/turning_code.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <iterator>
#include <numeric>
#include <optional>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "turning/code/family.hpp"
#include "turning/code/indexed_moves.hpp"
#include "turning/code/runs.hpp"

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
      alternative(alternatives);
      skip_spaces();
      if (at_end()) break;
      if (peek() != ',') fail("unexpected " + shown_here(), " (alternatives are separated by commas)");
      ++pos_;
      skip_spaces();
    }
    return alternatives;
  }

 private:
  // alternative := counts modifier*       counts := count | '[' count (',' count)* ']'
  // count := N | N '-' N | N '+'          modifier := C | C(N) | E | S | F
  // A list of counts is one alternative per count, each with the modifiers: [1,4,9]C is 1C,4C,9C.
  void alternative(std::vector<turning_alternative>& out) {
    const std::size_t first = out.size();
    if (!at_end() && peek() == '[') {
      ++pos_;
      for (;;) {
        skip_spaces();
        out.push_back(count());
        skip_spaces();
        if (at_end()) fail("expected ']'", " to close the list of counts");
        if (peek() == ']') break;
        if (peek() != ',') fail("unexpected " + shown_here(), " in a list of counts (it looks like [1,4,9-12])");
        ++pos_;
      }
      ++pos_;
    } else {
      out.push_back(count());
    }
    turning_alternative shape;  // the modifiers
    std::size_t window_at = 0;
    char spacing = 0;  // the one of C, E, S given, if any
    while (!at_end()) {
      const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(peek())));
      const std::size_t at = pos_;
      if (c == 'C' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '(') {
        pos_ += 2;
        if (shape.window != 0) fail_at(at, "a second span C(n)", " (give at most one)");
        window_at = pos_;
        shape.window = number("a span after 'C('");
        if (shape.window == 0) fail_at(window_at, "span C(0)", " (a span holds at least 1 coin)");
        if (at_end() || peek() != ')') fail("expected ')'", " to close 'C('");
        ++pos_;
      } else if (c == 'C' || c == 'E' || c == 'S') {
        if (spacing == c) fail_at(at, std::string("repeated modifier '") + c + "'");
        if (spacing != 0) {
          fail_at(at, std::string("modifier '") + c + "'",
                  std::string(" conflicts with '") + spacing + "' (give at most one of C, E and S)");
        }
        spacing = c;
        (c == 'C' ? shape.consecutive : c == 'E' ? shape.equally_spaced : shape.symmetric) = true;
        ++pos_;
      } else if (c == 'F') {
        if (shape.includes_first) fail_at(at, "repeated modifier 'F'");
        shape.includes_first = true;
        ++pos_;
      } else if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
        fail_at(at, "unknown modifier " + shown_here(), " (the modifiers are C, C(n), E, S and F)");
      } else {
        break;
      }
    }
    for (std::size_t i = first; i < out.size(); ++i) {
      turning_alternative& alt = out[i];
      alt.consecutive = shape.consecutive;
      alt.equally_spaced = shape.equally_spaced;
      alt.symmetric = shape.symmetric;
      alt.includes_first = shape.includes_first;
      alt.window = shape.window;
      if (alt.window != 0 && alt.window < alt.min_coins) {
        fail_at(window_at, "span C(" + std::to_string(alt.window) + ")",
                " is narrower than the " + std::to_string(alt.min_coins) + " coins turned (make it at least " +
                    std::to_string(alt.min_coins) + ")");
      }
    }
  }

  // count := N | N '-' N | N '+': the coins a move turns, the moving coin included.
  turning_alternative count() {
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
  std::string shown_here() const { return tartan::describe_typed_char(text_, pos_); }

  // "<what> at column N<tail>", columns counted from 1 in the trimmed text.
  [[noreturn]] void fail(const std::string& what, const std::string& tail = "") const { fail_at(pos_, what, tail); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& what, const std::string& tail = "") const {
    fail_whole(what + " at column " + std::to_string(at + 1) + tail);
  }
  [[noreturn]] void fail_whole(const std::string& what) const {
    throw parse_error("turning code " + tartan::quote_typed(text_, 24) + ": " + what +
                      "; codes look like 1-3, 1+C, 3E, 4FS, 2-3,6C");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

turning_code turning_code::parse(std::string_view text) {
  const std::string_view trimmed = tartan::trim(text);
  turning_code code;
  code.alternatives_ = code_parser(trimmed).parse();
  code.text_ = std::string(trimmed);
  code.run_lengths_ = detail::merge_run_lengths(code.alternatives_);
  const auto first_run = std::find_if(code.alternatives_.begin(), code.alternatives_.end(), detail::is_bounded_run);
  code.runs_at_ = static_cast<std::size_t>(first_run - code.alternatives_.begin());
  std::copy_if(code.alternatives_.begin(), code.alternatives_.end(), std::back_inserter(code.others_),
               [](const turning_alternative& a) { return !detail::is_bounded_run(a); });
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
  if (others_.empty()) return detail::run_lengths(run_lengths_).count_up_to(std::uint64_t{n} + 1);
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
  const detail::code_parts parts{detail::run_lengths(run_lengths_), others_, runs_at_};
  detail::small_buffer<coin, 16> buffer;
  return parts.for_each_part([&](const turning_alternative* alt, const auto& earlier) {
    const auto once = [&](std::span<const coin> others) { return earlier(n, others) || visit(others); };
    return alt != nullptr ? detail::enumerate_alternative(*alt, n, buffer, once)
                          : parts.runs.enumerate(n, buffer, once);
  });
}

void turning_code::count_move_values(coin first, coin last, std::span<const grundy_value> g,
                                     value_counts& counts) const {
  index_moves(g.first(std::size_t{last} + 1))->count_values(first, last, counts);
}

std::unique_ptr<move_index> turning_code::index_moves(std::span<const grundy_value> g) const {
  return detail::make_code_index(run_lengths_, others_, runs_at_, g);
}

bool turning_code::find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const {
  const detail::code_parts parts{detail::run_lengths(run_lengths_), others_, runs_at_};
  std::vector<coin> run;
  return parts.for_each_part([&](const turning_alternative* alt, const auto& earlier) {
    const auto once = [&](std::span<const coin> others) { return earlier(n, others) || visit(others); };
    if (alt != nullptr) return detail::alternative_find_moves(*alt, n, target, g, once);
    return parts.runs.for_each_value(n, g, [&](coin l, grundy_value x) {
      if (x != target) return detail::keep_searching();
      run.resize(l - 1);
      std::iota(run.begin(), run.end(), n + 1 - l);
      return once(run);
    });
  });
}

void turning_code::option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
  detail::run_lengths(run_lengths_).for_each_value(n, g, [&](coin, grundy_value x) {
    out.push_back(x);
    return true;
  });
  for (const turning_alternative& alt : others_) detail::alternative_option_values(alt, n, g, out);
}

}  // namespace tartan
