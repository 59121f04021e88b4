// turning_code's incremental solver: g(n) as the mex of the union of each part's option set, each alternative kept
// in the structure its family picks (solver_part in family.hpp; the structures in component.hpp and beside each
// family, docs/turning_codes.md):
//   plain bounded counts   bitset layers L_j = {XOR of exactly j coins below n}, updated per coin (plain.cpp)
//   plain unbounded `k+`   an XOR basis of g(0..n-1): span minus a few exceptions (Motley: the span itself)
//   C unbounded `k+C`      a counting tree over prefix XORs P(j): options P(n) ⊕ {P(j)} (consecutive.cpp)
//   bounded runs           one stamp per option of the group of lengths (runs.cpp)
//   E, S of <= 5 coins     the options marked as the moves are walked (progression.cpp, symmetric.cpp)
//   S unbounded `1+S`      a union of cosets g(m) ⊕ span{g(m+j) ⊕ g(n-j), centre}, one per leftmost coin m
//   anything else          the option values listed for coin n (the family's option_values)
// The mex of the union is the least value absent from every part: starting from 0, ask each part for its least
// absent value >= the current candidate until none moves it.
#include <bit>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tartan/core/error.hpp"
#include "turning/code/component.hpp"
#include "turning/code/family.hpp"
#include "turning/code/runs.hpp"

namespace tartan {

namespace {

using detail::component;
using detail::tables_over_budget;

/// The plain alternative `1-k` with k odd and at least 3 alone (Mock Turtles `1-3`, Moebius `1-5`, Mogul `1-7`, Gold
/// Moidores `1-9`): then its values come from those of `1-(k-1)` by the parity extension below, and k - 1 is even.
bool is_odd_plain_count(const turning_code& c) {
  if (c.alternatives().size() != 1 || !c.run_lengths().empty()) return false;
  const turning_alternative& a = c.alternatives()[0];
  return a.min_coins == 1 && !a.is_unbounded() && a.max_coins >= 3 && a.max_coins % 2 == 1 && !a.consecutive &&
         a.window == 0 && !a.equally_spaced && !a.symmetric && !a.includes_first;
}

/// The odious number among 2c and 2c + 1 (an odd number of 1 bits).
grundy_value odious_of(grundy_value c) { return 2 * c + (1 ^ static_cast<grundy_value>(std::popcount(c) & 1)); }

}  // namespace

/**
 * g(n) as the mex of the union of the parts' option sets, or, for `1-k` with k = 2m + 1 >= 3, by the parity
 * extension b(n) = ω(a(n-1)), b(0) = 1, where a are the values of `1-2m`, b those of `1-k`, and ω(c) is the odious
 * number among 2c and 2c + 1. Proof. a increases (coin n may turn n - 1 besides itself), and D_n, the XORs of at most
 * 2m - 1 of a(0..n-1), holds [0, a(n)) but not a(n). (1) Every evil a(n) (even number of 1 bits), n >= 1, is the XOR
 * of at most 2m of a(0..n-1): a(n) is not a power of 2, so a(n-1) has the same top bit (a(n) = 2^T would follow
 * otherwise, all earlier values being below 2^T); then a(n) ⊕ a(n-1) < a(n) lies in D_n, by a set S of at most
 * 2m - 1 coins, and S without n - 1 would put a(n) in D_n, so a(n) is the XOR of S + {n - 1}. (2) Under the linear
 * bijection y -> (y >> 1, parity of y), ω(c) -> (c, 1). By induction b(i) = ω(a'(i)) for i < n, a'(0) = 0, a'(i) =
 * a(i-1): an XOR of j <= 2m of them maps to (XOR of j values a', j mod 2); the coin 0, with a' = 0, changes j by one
 * without changing the XOR, so an evil y = (c, 0) is an option of coin n iff c is the XOR of at most 2m of a(0..n-2)
 * and an odious y = (c, 1) iff c is the XOR of at most 2m - 1 of them, i.e. c ∈ D_{n-1}. Every c < a(n-1) lies in
 * D_{n-1}, so both 2c and 2c + 1 are options; ω(a(n-1)) is not; its evil partner is larger when a(n-1) is odious, and
 * an option by (1) when a(n-1) is evil. So b(n) = ω(a(n-1)). (For m = 1 this is the Mock Turtle theorem, a(n) = n+1.)
 * It halves the values the sets range over and takes one layer off them: Moebius runs on `1-4`, whose options need
 * no dense layer at all (cumulative_layers_component).
 */
struct turning_code::algorithm final : sequence_solver::algorithm {
  /// The solver of `c`; `may_list`: whether its components may fall back on listing options (an inner solver of
  /// the parity extension may not: its caller falls back on the direct route instead).
  explicit algorithm(const turning_code& c, bool may_list = true) : code(c), text(c.text()), may_list(may_list) {
    if (is_odd_plain_count(c)) {
      const coin k = c.alternatives()[0].max_coins;
      even = std::make_unique<algorithm>(turning_code::parse("1-" + std::to_string(k - 1)), false);
    } else {
      make_parts();
    }
  }

  void make_parts() {
    for (std::size_t i = 0; i <= code.others_.size(); ++i) {
      if (i == code.runs_at_ && !code.run_lengths_.empty()) {
        parts.push_back(detail::make_runs_component(detail::run_lengths(code.run_lengths_)));
      }
      if (i < code.others_.size()) parts.push_back(detail::make_component(code.others_[i], may_list));
    }
  }

  grundy_value next(std::span<const grundy_value> g) override {
    const auto n = static_cast<coin>(g.size());
    if (even) {
      if (n == 0) return 1;  // ω(0): the coin turned alone
      try {
        even_values.push_back(even->next(even_values));
        const grundy_value c = even_values.back();
        if (c >> 63 != 0) throw_overflow(n, "2^64 or more");  // 2c needs bit 64
        return odious_of(c);
      } catch (const tables_over_budget&) {
        // The even game's tables are full: go on from g(0..n-1) by the direct route, which lists past its own.
        even.reset();
        even_values = {};
        make_parts();
      }
    }
    for (auto& part : parts) part->prepare(n, g);
    // The least value absent from every part: each part moves the candidate up past its own members; stop once
    // every part has accepted the candidate in a row.
    grundy_value y = 0;
    std::size_t accepted = 0;
    for (std::size_t i = 0; accepted < parts.size(); i = (i + 1) % parts.size()) {
      const std::optional<grundy_value> z = parts[i]->first_absent(y);
      if (!z) throw_overflow(n);
      if (*z == y) {
        ++accepted;
      } else {
        y = *z;
        accepted = 1;
      }
    }
    return y;
  }

  /// `size` says how large g(n) is: "2^64" when the mex reached it.
  [[noreturn]] void throw_overflow(coin n, const char* size = "2^64") const {
    throw overflow_error("g(" + std::to_string(n) + ") of " + text + " does not fit in 64 bits (it is " + size +
                         "): coin " + std::to_string(n) + " is the first that does not fit; ask for at most " +
                         std::to_string(n) + " coins");
  }

  turning_code code;
  std::string text;
  bool may_list;
  std::vector<std::unique_ptr<component>> parts;
  std::unique_ptr<algorithm> even;        // `1-(k-1)` for the parity extension of `1-k`, k odd; null otherwise
  std::vector<grundy_value> even_values;  // its values a(0..n-2)
};

sequence_solver turning_code::grundy_solver() const { return sequence_solver(std::make_unique<algorithm>(*this)); }

}  // namespace tartan
