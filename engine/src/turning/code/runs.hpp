// Runs of given lengths: the consecutive alternatives of a turning code with a bounded count (`1C`, `4C`, `2-5C`,
// or a list `[1,4,9]C`), merged into one set of lengths L. A move from coin n turns the run n-ℓ+1..n for some ℓ in
// L with ℓ <= n + 1; with prefix XORs P(k) = g(0) ⊕ ... ⊕ g(k-1), its other coins XOR to P(n) ⊕ P(n+1-ℓ).
//
// A code of thousands of such alternatives (the squares, the triangular numbers) then costs O(|L ∩ [1, n+1]|) per
// coin for every hook, instead of a pass over every alternative with a duplicate check against the earlier ones.
// Runs of different lengths are different sets, so the group never lists a move twice.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"

namespace tartan::detail {

/// Whether the alternative is a run of bounded length: C without F or a span, and a finite count.
inline bool is_bounded_run(const turning_alternative& alt) {
  return alt.consecutive && !alt.includes_first && alt.window == 0 && !alt.is_unbounded();
}

/// The lengths of every bounded-run alternative among `alternatives`, as sorted, disjoint, non-adjacent intervals
/// [first, second]. O(a log a).
inline std::vector<std::pair<coin, coin>> merge_run_lengths(std::span<const turning_alternative> alternatives) {
  std::vector<std::pair<coin, coin>> intervals;
  for (const turning_alternative& alt : alternatives) {
    if (is_bounded_run(alt)) intervals.emplace_back(alt.min_coins, alt.max_coins);
  }
  std::sort(intervals.begin(), intervals.end());
  std::vector<std::pair<coin, coin>> merged;
  for (const auto& [lo, hi] : intervals) {
    if (!merged.empty() && std::uint64_t{lo} <= std::uint64_t{merged.back().second} + 1) {
      merged.back().second = std::max(merged.back().second, hi);
    } else {
      merged.emplace_back(lo, hi);
    }
  }
  return merged;
}

/// A set of run lengths, viewed over merge_run_lengths' intervals.
class run_lengths {
 public:
  explicit run_lengths(std::span<const std::pair<coin, coin>> intervals) : intervals_(intervals) {}

  bool empty() const { return intervals_.empty(); }
  std::span<const std::pair<coin, coin>> intervals() const { return intervals_; }

  /// Whether ℓ is one of the lengths. O(log |intervals|).
  bool contains(std::uint64_t length) const {
    const auto it = std::upper_bound(intervals_.begin(), intervals_.end(), length,
                                     [](std::uint64_t l, const std::pair<coin, coin>& r) { return l < r.first; });
    return it != intervals_.begin() && length <= std::prev(it)->second;
  }

  /// The number of lengths ℓ <= most. O(|intervals|).
  std::uint64_t count_up_to(std::uint64_t most) const {
    std::uint64_t count = 0;
    for (const auto& [lo, hi] : intervals_) {
      if (lo > most) break;
      count += std::min<std::uint64_t>(hi, most) - lo + 1;
    }
    return count;
  }

  /// Calls visit(ℓ) for every length ℓ <= most, ascending, until it returns false; false when stopped.
  template <class Visit>
  bool for_each_up_to(std::uint64_t most, Visit&& visit) const {
    for (const auto& [lo, hi] : intervals_) {
      if (lo > most) break;
      const std::uint64_t end = std::min<std::uint64_t>(hi, most);
      for (std::uint64_t l = lo; l <= end; ++l) {
        if (!visit(static_cast<coin>(l))) return false;
      }
    }
    return true;
  }

  /// Whether turning n with `others` (ascending, below n) is a run of one of the lengths.
  bool allows(coin n, std::span<const coin> others) const {
    const std::size_t k = others.size() + 1;
    for (std::size_t i = 0; i < others.size(); ++i) {
      if (others[i] != n + 1 - k + i) return false;
    }
    return contains(k);
  }

  /// Calls visit(others) for every run from coin n, shortest first. Returns false iff visit stopped.
  template <class Buffer, class Visit>
  bool enumerate(coin n, Buffer& buffer, Visit&& visit) const {
    return for_each_up_to(std::uint64_t{n} + 1, [&](coin l) {
      buffer.resize(l - 1);
      std::iota(buffer.begin(), buffer.end(), n + 1 - l);
      return visit(std::span<const coin>(buffer.data(), buffer.size()));
    });
  }

  /// Calls visit(ℓ, x) for every run length ℓ from coin n, shortest first, with x the XOR of g over the run's other
  /// coins, until visit returns false. A running XOR from n - 1 down: O(longest run used) for any number of lengths.
  template <class Visit>
  bool for_each_value(coin n, std::span<const grundy_value> g, Visit&& visit) const {
    grundy_value x = 0;
    coin below = n;  // x is the XOR of g over [below, n)
    return for_each_up_to(std::uint64_t{n} + 1, [&](coin l) {
      const coin first = n + 1 - l;
      while (below > first) x ^= g[--below];
      return visit(l, x);
    });
  }

 private:
  std::span<const std::pair<coin, coin>> intervals_;
};

/// The solver's part for the group (runs.cpp): coin n's options P(n) ⊕ P(n+1-ℓ) marked with a stamp each.
std::unique_ptr<component> make_runs_component(run_lengths runs);

/// A code as its hooks see it: the run group, standing before others[runs_at], and the other alternatives. A move
/// allowed by several parts belongs to the first of them in this order.
struct code_parts {
  run_lengths runs;
  std::span<const turning_alternative> others;
  std::size_t runs_at = 0;

  /// Calls part(alternative_or_null, earlier_allows) for each part in order: the alternative (nullptr for the run
  /// group) and a predicate earlier_allows(n, others) telling whether a part before it allows that move. Stops
  /// and returns false as soon as part returns false.
  template <class Part>
  bool for_each_part(Part&& part) const {
    for (std::size_t i = 0; i <= others.size(); ++i) {
      if (i == runs_at && !runs.empty()) {
        const auto before = others.first(runs_at);
        const auto earlier = [before](coin n, std::span<const coin> set) {
          return std::any_of(before.begin(), before.end(),
                             [&](const turning_alternative& e) { return alternative_allows(e, n, set); });
        };
        if (!part(static_cast<const turning_alternative*>(nullptr), earlier)) return false;
      }
      if (i == others.size()) break;
      const auto before = others.first(i);
      const bool after_runs = runs_at <= i && !runs.empty();
      const auto earlier = [this, before, after_runs](coin n, std::span<const coin> set) {
        if (after_runs && runs.allows(n, set)) return true;
        return std::any_of(before.begin(), before.end(),
                           [&](const turning_alternative& e) { return alternative_allows(e, n, set); });
      };
      if (!part(&others[i], earlier)) return false;
    }
    return true;
  }
};

}  // namespace tartan::detail
