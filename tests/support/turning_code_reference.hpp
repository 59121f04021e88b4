// A reference for the turning-code language, written from its definition (docs/turning_codes.md) and sharing no
// code with the engine's enumerators, option-value lists or solvers: the differential test and the differential
// fuzzer compare the engine against it.
//
//   - reference_alternative: one alternative as the reference reads it (its own struct, not the parser's);
//   - allows(alternative, others, n): does the set of turned coins others ∪ {n} satisfy the alternative, straight
//     from the definition (count, C, C(w), E, S, F);
//   - reference_code::for_each_move: every move from coin n, each set once, generated per alternative in time
//     proportional to the moves (C runs O(n), E progressions O(n log n), bounded plain counts Σ C(n, r), S sets by
//     their low coin and a choice of mirror pairs), every generated set checked against `allows`, and a set
//     allowed by several alternatives kept only under the first;
//   - reference_sequence: g(0..) by the mex definition over those moves, under a work budget;
//   - reference_generator: random codes (text and alternatives) over every form of the language, biased towards
//     codes whose values grow past 64, 128, 256, ... within reach.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::test {

/// One alternative of a turning code: coins turned in total (the moving coin included) from `lo` to `hi`, at most
/// one of C, E, S, optionally F and a span C(w).
struct reference_alternative {
  static constexpr std::uint64_t unbounded = std::numeric_limits<std::uint64_t>::max();
  enum class spacing : std::uint8_t { any, consecutive, equal, symmetric };

  std::uint64_t lo = 1;  // 1 <= lo
  std::uint64_t hi = 1;  // lo <= hi, or `unbounded` for `lo+`
  spacing space = spacing::any;
  bool first = false;        // F: coin 0 is turned
  std::uint64_t window = 0;  // C(w): every turned coin within w adjacent coins; 0 when absent

  friend bool operator==(const reference_alternative&, const reference_alternative&) = default;
};

/// The reference's reading of an alternative the parser produced (the only use of the parser's output here).
inline reference_alternative reference_from(const turning_alternative& a) {
  reference_alternative r;
  r.lo = a.min_coins;
  r.hi = a.is_unbounded() ? reference_alternative::unbounded : a.max_coins;
  r.space = a.consecutive      ? reference_alternative::spacing::consecutive
            : a.equally_spaced ? reference_alternative::spacing::equal
            : a.symmetric      ? reference_alternative::spacing::symmetric
                               : reference_alternative::spacing::any;
  r.first = a.includes_first;
  r.window = a.window;
  return r;
}

/**
 * Does turning others ∪ {n} satisfy the alternative? `others` ascending, all below n. From the definition:
 * the count of turned coins lies in [lo, hi]; C: they form a run; C(w): highest − lowest + 1 <= w; E: equal gaps;
 * S: t_i + t_(k−1−i) is the same for every i; F: the lowest is coin 0.
 */
inline bool allows(const reference_alternative& a, std::span<const coin> others, coin n) {
  const std::uint64_t k = others.size() + 1;
  if (k < a.lo || k > a.hi) return false;
  const auto at = [&](std::uint64_t i) -> std::uint64_t { return i + 1 < k ? others[i] : n; };
  const std::uint64_t low = at(0), high = n;
  if (a.window != 0 && high - low + 1 > a.window) return false;
  if (a.first && low != 0) return false;
  switch (a.space) {
    case reference_alternative::spacing::any:
      return true;
    case reference_alternative::spacing::consecutive:
      for (std::uint64_t i = 0; i + 1 < k; ++i) {
        if (at(i + 1) != at(i) + 1) return false;
      }
      return true;
    case reference_alternative::spacing::equal:
      for (std::uint64_t i = 1; i + 1 < k; ++i) {
        if (at(i + 1) - at(i) != at(1) - at(0)) return false;
      }
      return true;
    case reference_alternative::spacing::symmetric:
      for (std::uint64_t i = 0; i < k; ++i) {
        if (at(i) + at(k - 1 - i) != low + high) return false;
      }
      return true;
  }
  return false;
}

/// The same for a set of turned coins given whole: ascending, the moving coin last. @pre !turned.empty()
inline bool allows(const reference_alternative& a, std::span<const coin> turned) {
  return allows(a, turned.first(turned.size() - 1), turned.back());
}

/// Work spent by the reference, in units of one coin looked at; enumeration stops once `used` passes `limit`.
struct reference_budget {
  std::uint64_t used = 0;
  std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();

  bool spend(std::uint64_t units) {
    used += units;
    return used <= limit;
  }
  bool exhausted() const { return used > limit; }
};

/// A turning code as a union of reference alternatives; a `Rule` for tests/support/naive.hpp's brute_force.
class reference_code {
 public:
  reference_code() = default;
  explicit reference_code(std::vector<reference_alternative> alternatives) : alternatives_(std::move(alternatives)) {}

  /// The parser's reading of `code`, translated.
  static reference_code from(const turning_code& code) {
    std::vector<reference_alternative> alts;
    for (const turning_alternative& a : code.alternatives()) alts.push_back(reference_from(a));
    return reference_code(std::move(alts));
  }

  const std::vector<reference_alternative>& alternatives() const { return alternatives_; }

  /// Does some alternative allow others ∪ {n}?
  bool allows_move(std::span<const coin> others, coin n) const {
    return std::any_of(alternatives_.begin(), alternatives_.end(),
                       [&](const reference_alternative& a) { return allows(a, others, n); });
  }

  /**
   * Calls visit(others) once per move from coin n (others ascending, below n), stopping when visit returns false
   * or the budget runs out; returns false then. Throws std::logic_error if a generator produces a set its own
   * alternative does not allow (a bug of the reference, never of the code).
   */
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit, reference_budget& budget) const {
    std::vector<coin> others;
    for (std::size_t i = 0; i < alternatives_.size(); ++i) {
      const reference_alternative& a = alternatives_[i];
      const auto emit = [&]() -> bool {
        const std::span<const coin> s(others);
        if (!budget.spend(s.size() + 1)) return false;
        for (std::size_t j = 0; j < s.size(); ++j) {
          if (s[j] >= n || (j > 0 && s[j - 1] >= s[j])) {
            throw std::logic_error("turning code reference: alternative " + std::to_string(i) +
                                   " generated coins that are not ascending below the moving coin");
          }
        }
        if (!allows(a, s, n)) {
          throw std::logic_error("turning code reference: alternative " + std::to_string(i) +
                                 " generated a set it does not allow");
        }
        for (std::size_t j = 0; j < i; ++j) {
          if (!budget.spend(s.size() + 1)) return false;
          if (allows(alternatives_[j], s, n)) return true;  // a move of an earlier alternative, visited there
        }
        return visit(s);
      };
      if (!generate(a, n, others, budget, emit)) return false;
    }
    return true;
  }

  /// Every move from coin n without a budget.
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    reference_budget unlimited;
    return for_each_move(n, visit, unlimited);
  }

 private:
  // Calls emit() with `others` set to each set of one alternative, each once; false from emit stops everything.
  template <class Emit>
  static bool generate(const reference_alternative& a, coin n, std::vector<coin>& others, reference_budget& budget,
                       Emit& emit) {
    using spacing = reference_alternative::spacing;
    const std::uint64_t n64 = n;
    // Counts k of coins turned: lo <= k <= hi, k <= n + 1, k <= w.
    std::uint64_t kmax = std::min<std::uint64_t>(a.hi, n64 + 1);
    if (a.window != 0) kmax = std::min(kmax, a.window);
    const std::uint64_t kmin = a.lo;
    if (kmin > kmax) return true;
    // The lowest coin a move may turn (C(w): at least n − w + 1; F: exactly 0).
    const std::uint64_t base = a.window != 0 && n64 + 1 > a.window ? n64 + 1 - a.window : 0;
    if (a.first && base > 0) return true;
    others.clear();
    if (kmin <= 1 && (!a.first || n == 0)) {
      if (!emit()) return false;  // n alone
    }
    const std::uint64_t k_from = std::max<std::uint64_t>(kmin, 2);
    if (k_from > kmax) return true;
    switch (a.space) {
      case spacing::consecutive:
        // The run n − k + 1 .. n: one per k; with F, the run from 0 (k = n + 1).
        for (std::uint64_t k = k_from; k <= kmax; ++k) {
          if (a.first && k != n64 + 1) continue;
          others.clear();
          for (std::uint64_t c = n64 + 1 - k; c < n64; ++c) others.push_back(static_cast<coin>(c));
          if (!emit()) return false;
        }
        return true;
      case spacing::equal:
        // k = 2: any other coin; k >= 3: a step d >= 1 and the coins n − (k − 1)d, ..., n − d (O(n log n) sets).
        if (k_from == 2) {
          for (std::uint64_t c = base; c < n64; ++c) {
            if (a.first && c != 0) break;
            others.assign(1, static_cast<coin>(c));
            if (!emit()) return false;
          }
        }
        for (std::uint64_t d = 1; d <= n64; ++d) {
          if (!budget.spend(1)) return false;
          for (std::uint64_t k = std::max<std::uint64_t>(k_from, 3); k <= kmax && (k - 1) * d <= n64; ++k) {
            const std::uint64_t low = n64 - (k - 1) * d;
            if (low < base || (a.first && low != 0)) continue;
            others.clear();
            for (std::uint64_t c = low; c < n64; c += d) others.push_back(static_cast<coin>(c));
            if (!emit()) return false;
          }
        }
        return true;
      case spacing::symmetric: {
        // The lowest coin m, then p of the mirror pairs (m + j, n − j), 2j < n − m, and the centre (m + n) / 2
        // when n − m is even: k = 2 + 2p + (centre ? 1 : 0).
        std::vector<std::uint64_t> chosen;  // the j of the pairs taken, ascending
        for (std::uint64_t m = base; m < n64; ++m) {
          if (a.first && m != 0) break;
          const std::uint64_t span = n64 - m;
          const std::uint64_t pairs = (span - 1) / 2;
          const bool has_centre = span % 2 == 0;
          for (std::uint64_t centre = 0; centre <= (has_centre ? 1 : 0); ++centre) {
            for (std::uint64_t p = 0; p <= pairs; ++p) {
              const std::uint64_t k = 2 + 2 * p + centre;
              if (k > kmax) break;
              if (k < k_from) continue;
              if (!choose_pairs(1, pairs, p, chosen, budget, [&]() {
                    others.clear();
                    others.push_back(static_cast<coin>(m));
                    for (const std::uint64_t j : chosen) others.push_back(static_cast<coin>(m + j));
                    if (centre != 0) others.push_back(static_cast<coin>(m + span / 2));
                    for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) {
                      others.push_back(static_cast<coin>(n64 - *it));
                    }
                    return emit();
                  })) {
                return false;
              }
            }
          }
        }
        return true;
      }
      case spacing::any: {
        // r = k − 1 other coins from [base, n); with F, coin 0 and r − 1 more from [1, n).
        for (std::uint64_t k = k_from; k <= kmax; ++k) {
          others.clear();
          std::uint64_t from = base;
          std::uint64_t need = k - 1;
          if (a.first) {
            others.push_back(0);
            from = 1;
            --need;
          }
          if (need > n64 - std::min(from, n64)) break;  // not enough coins left, nor for larger k
          if (!choose_coins(from, n64, need, others, budget, emit)) return false;
        }
        return true;
      }
    }
    return true;
  }

  // Appends every `need`-subset of [from, to) to `others` in turn (ascending) and calls emit() on each.
  template <class Emit>
  static bool choose_coins(std::uint64_t from, std::uint64_t to, std::uint64_t need, std::vector<coin>& others,
                           reference_budget& budget, Emit& emit) {
    if (need == 0) return emit();
    for (std::uint64_t c = from; c + need <= to; ++c) {
      if (!budget.spend(1)) return false;
      others.push_back(static_cast<coin>(c));
      const bool go_on = choose_coins(c + 1, to, need - 1, others, budget, emit);
      others.pop_back();
      if (!go_on) return false;
    }
    return true;
  }

  // Calls done() once per `need`-subset of [from, last] held in `chosen` (ascending).
  template <class Done>
  static bool choose_pairs(std::uint64_t from, std::uint64_t last, std::uint64_t need,
                           std::vector<std::uint64_t>& chosen, reference_budget& budget, Done&& done) {
    if (need == 0) return done();
    for (std::uint64_t j = from; j + need <= last + 1; ++j) {
      if (!budget.spend(1)) return false;
      chosen.push_back(j);
      const bool go_on = choose_pairs(j + 1, last, need - 1, chosen, budget, done);
      chosen.pop_back();
      if (!go_on) return false;
    }
    return true;
  }

  std::vector<reference_alternative> alternatives_;
};

/// g(0..size()-1) by the mex definition, and whether the budget stopped it before the coins asked for.
struct reference_values {
  std::vector<grundy_value> g;
  std::uint64_t work = 0;  // units spent, the unfinished coin included
  bool stopped = false;    // the budget ran out inside coin g.size()
};

/**
 * g(n) = mex { XOR of g over others : others a move from n } for n = 0, 1, ... up to `coins` coins, stopping at
 * the first coin whose moves would take the work past `budget` (that coin's value is left out).
 * Complexity: the moves of each coin, times their size; O(moves) memory for one coin's options.
 */
inline reference_values reference_sequence(const reference_code& code, coin coins,
                                           std::uint64_t budget = std::numeric_limits<std::uint64_t>::max()) {
  reference_values out;
  reference_budget spent{0, budget};
  std::vector<grundy_value> options;
  std::vector<char> seen;
  for (coin n = 0; n < coins; ++n) {
    options.clear();
    const bool complete = code.for_each_move(
        n,
        [&](std::span<const coin> others) {
          grundy_value x = 0;
          for (const coin c : others) x ^= out.g[c];
          options.push_back(x);
          return true;
        },
        spent);
    if (!complete) {
      out.stopped = true;
      break;
    }
    // The mex is at most the number of options: larger ones cannot matter.
    seen.assign(options.size() + 1, 0);
    for (const grundy_value x : options) {
      if (x < seen.size()) seen[x] = 1;
    }
    grundy_value m = 0;
    while (seen[m] != 0) ++m;
    out.g.push_back(m);
  }
  out.work = spent.used;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Random codes.

/// A code written out, with the alternatives the text was written from and the forms of the language it uses.
struct generated_code {
  std::string text;
  std::vector<reference_alternative> alternatives;
  std::vector<std::string> forms;  // e.g. "count k", "count lo-hi", "count k+", "mods CF", "lowercase", ...
  bool growth = false;             // drawn from the pool biased towards large values
};

/// True for a `k+C` alternative with k >= 2 and no other modifier: the family whose solver keeps prefix XORs in a
/// counting tree over a universe of 2^B values, grown on demand.
inline bool is_long_run(const reference_alternative& a) {
  return a.lo >= 2 && a.hi == reference_alternative::unbounded &&
         a.space == reference_alternative::spacing::consecutive && !a.first && a.window == 0;
}

/// A code joining a `k+C` (k >= 2) alternative with another one.
inline bool joins_long_run(const std::vector<reference_alternative>& alts) {
  return alts.size() >= 2 && std::any_of(alts.begin(), alts.end(), is_long_run);
}

/**
 * Seeded random turning codes covering the language: counts k, lo-hi and k+; C, E, S, F and C(w) and their
 * combinations (at most one of C, E, S), in random order and case; spaces around commas and at the ends; unions of
 * 1 to 4 alternatives. About half the codes come from a pool meant to grow large values within reach: a `k+C` run
 * (k >= 2) joined with small plain counts, progressions, bounded symmetric sets or bounded runs.
 */
class reference_generator {
 public:
  explicit reference_generator(std::uint32_t seed) : rng_(seed) {}

  generated_code next() {
    generated_code code;
    code.growth = chance(1, 2);
    const std::size_t count = code.growth ? 2 + pick(0, 2) : 1 + pick(0, 3);
    if (code.growth) {
      // A long run joined with members of the growth pool, in random order.
      code.alternatives.push_back(long_run());
      while (code.alternatives.size() < count) code.alternatives.push_back(chance(4, 5) ? grower() : any());
      std::shuffle(code.alternatives.begin(), code.alternatives.end(), rng_);
    } else {
      while (code.alternatives.size() < count) code.alternatives.push_back(any());
    }
    code.forms.push_back("alternatives " + std::to_string(count));
    bool lower = false;
    for (std::size_t i = 0; i < code.alternatives.size(); ++i) {
      if (i > 0) code.text += separator(code.forms);
      code.text += write(code.alternatives[i], code.forms, lower);
    }
    if (chance(1, 4)) {
      // A list of counts sharing modifiers, [1,3,6]C: one alternative per count, mostly runs (turning/code/runs.hpp
      // merges every bounded run of a code into one set of lengths, wherever it was written).
      if (!code.text.empty()) code.text += separator(code.forms);
      const spacing s = chance(3, 4) ? spacing::consecutive : chance(1, 2) ? spacing::any : spacing::equal;
      const std::size_t items = 2 + pick(0, 3);
      code.text += "[";
      for (std::size_t i = 0; i < items; ++i) {
        const std::uint64_t lo = 1 + pick(0, 9);
        const std::uint64_t hi = chance(1, 4) ? lo + pick(1, 3) : lo;
        code.alternatives.push_back(make(lo, hi, s));
        code.text += (i == 0 ? "" : ",") + std::to_string(lo) + (hi != lo ? "-" + std::to_string(hi) : "");
      }
      code.text += s == spacing::consecutive ? "]C" : s == spacing::equal ? "]E" : "]";
      code.forms.push_back(s == spacing::consecutive ? "count list C" : "count list");
    }
    if (lower) code.forms.push_back("lowercase");
    if (chance(1, 10)) {
      code.text = std::string(1 + pick(0, 1), ' ') + code.text;
      code.forms.push_back("spaces at the ends");
    }
    if (chance(1, 10)) {
      code.text += chance(1, 2) ? " " : "\t";
      code.forms.push_back("spaces at the ends");
    }
    if (joins_long_run(code.alternatives)) code.forms.push_back("k+C joined");
    return code;
  }

  /// The forms next() can produce, for coverage checks.
  static std::vector<std::string> all_forms() {
    std::vector<std::string> forms = {
        "count k",        "count lo-hi",    "count k+",    "alternatives 1",       "alternatives 2",
        "alternatives 3", "alternatives 4", "lowercase",   "spaces around commas", "spaces at the ends",
        "k+C joined",     "count list",     "count list C"};
    for (const char* spacing : {"", "C", "E", "S"}) {
      for (const char* first : {"", "F"}) {
        for (const char* window : {"", "C(w)"}) {
          const std::string mods = std::string(spacing) + first + window;
          forms.push_back("mods " + (mods.empty() ? std::string("none") : mods));
        }
      }
    }
    return forms;
  }

 private:
  using spacing = reference_alternative::spacing;

  std::uint64_t pick(std::uint64_t lo, std::uint64_t hi) {
    return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng_);
  }
  bool chance(unsigned num, unsigned den) { return pick(1, den) <= num; }

  static reference_alternative make(std::uint64_t lo, std::uint64_t hi, spacing s = spacing::any, bool first = false,
                                    std::uint64_t window = 0) {
    reference_alternative a;
    a.lo = lo;
    a.hi = hi;
    a.space = s;
    a.first = first;
    a.window = window;
    return a;
  }

  // `k+C`, k >= 2.
  reference_alternative long_run() {
    return make(2 + pick(0, 2), reference_alternative::unbounded, spacing::consecutive);
  }

  // Alternatives with polynomially many moves that push values up: small plain counts (Moebius-like), bounded
  // runs, progressions, bounded symmetric sets, spans.
  reference_alternative grower() {
    switch (pick(0, 7)) {
      case 0:
        return make(1, 3 + pick(0, 2));  // 1-3, 1-4, 1-5
      case 1: {
        const std::uint64_t lo = 1 + pick(0, 3);
        return make(lo, std::min<std::uint64_t>(5, lo + pick(0, 3)));  // 2-5, 4-5, 5, ...
      }
      case 2:
        return make(1, 2 + pick(0, 2), spacing::any, true);  // 1-3F, ...
      case 3: {
        const std::uint64_t lo = 1 + pick(0, 3);
        return make(lo, chance(1, 3) ? reference_alternative::unbounded : lo + pick(0, 3), spacing::equal);
      }
      case 4: {
        const std::uint64_t lo = 1 + pick(0, 4);
        return make(lo, lo + pick(0, 4), spacing::symmetric, chance(1, 4));  // 4-8S, 4S, 1-3FS, ...
      }
      case 5: {
        const std::uint64_t lo = 1 + pick(0, 4);
        return make(lo, lo + pick(0, 6), spacing::consecutive);  // 1-6C, 3-5C
      }
      case 6: {
        const std::uint64_t lo = 1 + pick(0, 3);
        return make(lo, lo + pick(0, 3), spacing::any, false, lo + pick(1, 6));  // 1-4C(6)
      }
      default:
        return make(1 + pick(0, 1), 2 + pick(0, 2));  // 1-2, 2-4, ...
    }
  }

  // Any alternative of the language.
  reference_alternative any() {
    reference_alternative a;
    switch (pick(0, 2)) {
      case 0:
        a.lo = a.hi = 1 + pick(0, 6);
        break;
      case 1:
        a.lo = 1 + pick(0, 4);
        a.hi = a.lo + 1 + pick(0, 4);
        break;
      default:
        a.lo = 1 + pick(0, 4);
        a.hi = reference_alternative::unbounded;
        break;
    }
    const std::uint64_t s = pick(0, 9);
    a.space = s < 4 ? spacing::any : s < 6 ? spacing::consecutive : s < 8 ? spacing::equal : spacing::symmetric;
    a.first = chance(1, 5);
    if (chance(1, 4)) a.window = a.lo + pick(0, 6);
    return a;
  }

  std::string separator(std::vector<std::string>& forms) {
    static const char* const separators[] = {",", ",", ",", ", ", " ,", " , ", ",\t", "  ,  "};
    const std::string s = separators[pick(0, 7)];
    if (s != ",") forms.push_back("spaces around commas");
    return s;
  }

  // The text of one alternative, its modifiers in random order and case; records its forms.
  std::string write(const reference_alternative& a, std::vector<std::string>& forms, bool& lower) {
    std::string text = std::to_string(a.lo);
    if (a.hi == reference_alternative::unbounded) {
      text += "+";
      forms.push_back("count k+");
    } else if (a.hi != a.lo) {
      text += "-" + std::to_string(a.hi);
      forms.push_back("count lo-hi");
    } else {
      forms.push_back("count k");
    }
    std::vector<std::string> mods;
    std::string name;
    if (a.space != spacing::any) {
      mods.emplace_back(a.space == spacing::consecutive ? "C" : a.space == spacing::equal ? "E" : "S");
      name += mods.back();
    }
    if (a.first) {
      mods.emplace_back("F");
      name += "F";
    }
    if (a.window != 0) {
      mods.push_back("C(" + std::to_string(a.window) + ")");
      name += "C(w)";
    }
    forms.push_back("mods " + (name.empty() ? std::string("none") : name));
    std::shuffle(mods.begin(), mods.end(), rng_);
    for (std::string& m : mods) {
      if (chance(1, 6)) {
        m[0] = static_cast<char>(m[0] - 'A' + 'a');
        lower = true;
      }
      text += m;
    }
    return text;
  }

  std::mt19937 rng_;
};

}  // namespace tartan::test
