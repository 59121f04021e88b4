// Plain counts and ranges (`2` Twins, `1-3` Mock Turtles, `1+` Motley), with F (coin 0 among the coins: `3F`) and
// spans C(w): any coins below n within the span. The family of every alternative no other family claims; the
// progressions and mirror sets of one or two coins (`2E`, `1-2S`) take its routes too, as E and S constrain nothing
// there. A move is a subset of a range of coins, so its values come from the subset kernels (subsets.hpp), and the
// solver keeps bitset layers (bounded counts) or a span minus exceptions (`k+`).
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"

namespace tartan::detail {

/// A plain alternative at coin n as a subset problem: the other coins are `first` (coin 0, forced by F) plus r
/// coins of [begin, n), r in [r_lo, r_hi].
struct plain_layout {
  bool possible = false;
  bool first = false;
  coin begin = 0;
  std::uint64_t r_lo = 0;
  std::uint64_t r_hi = 0;
  bool all_sizes = false;  // r_hi is every size up to n - begin (an unbounded count without a span)
};

inline plain_layout layout_plain(const turning_alternative& alt, coin n) {
  plain_layout p;
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.min_coins > hi) return p;
  if (alt.includes_first && lo > 0) return p;
  if (alt.includes_first && n > 0) {
    if (hi < 2) return p;
    p.first = true;
    p.begin = 1;
    p.r_lo = std::max<coin>(alt.min_coins, 2) - 2;
    p.r_hi = hi - 2;
  } else {
    p.begin = lo;
    p.r_lo = alt.min_coins - 1;
    p.r_hi = hi - 1;
  }
  p.possible = true;
  p.all_sizes = alt.is_unbounded() && p.r_hi == n - p.begin;
  return p;
}

/// The members family.hpp describes.
struct plain_family {
  static bool claims(const turning_alternative&) { return true; }

  template <class Buffer, class Visit>
  static bool enumerate(const turning_alternative& alt, coin n, coin k, coin lo, Buffer& buffer, Visit& visit) {
    if (alt.includes_first) {  // coin 0 and k-2 more from 1..n-1
      buffer.push_back(0);
      return enumerate_combinations(1, n, k - 2, buffer, 1, visit);
    }
    return enumerate_combinations(lo, n, k - 1, buffer, 0, visit);
  }

  static std::uint64_t count(const turning_alternative& alt, coin n, coin k, coin lo) {
    return alt.includes_first ? saturating_binomial(n - 1, k - 2) : saturating_binomial(n - lo, k - 1);
  }

  static void option_values(const turning_alternative& alt, coin n, coin lo, coin hi, std::span<const grundy_value> g,
                            std::vector<grundy_value>& out);
  static bool find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                         std::span<const grundy_value> g, move_visitor visit);
  static std::unique_ptr<component> solver_part(const turning_alternative& alt, bool may_list);
};

}  // namespace tartan::detail
