// The progression family (progression.hpp): one chain per step d for the values and the moves, and the same walk
// marking the options in the solver.
#include "turning/code/progression.hpp"

#include <algorithm>

#include "tartan/core/search_stop.hpp"
#include "turning/code/component.hpp"
#include "turning/code/plain.hpp"

namespace tartan::detail {

namespace {

/// Calls visit(d, c, x) for every allowed progression of at least two coins from n: step d, lowest coin c, x the XOR
/// of g over its coins below n. Step d, k coins: n-(k-1)d, ..., n-d; the chain adds one coin per k, so
/// Σ_d min(hi, n/d) = O(n log n). Returns false iff visit stopped.
template <class Visit>
bool for_each_progression_value(const turning_alternative& alt, coin n, coin lo, coin hi,
                                std::span<const grundy_value> g, Visit&& visit) {
  for (coin d = 1; d <= n - lo; ++d) {
    grundy_value x = 0;
    coin k = 2;
    for (coin c = n - d;; c -= d) {
      x ^= g[c];
      if (k >= alt.min_coins && (!alt.includes_first || c == 0) && !visit(d, c, x)) return false;
      if (k == hi || c < lo + d) break;
      ++k;
    }
  }
  return true;
}

/// walk_component's walk (component.hpp) for equally spaced sets (Turnips `3E`, Arithmetic Progressions `1+E`):
/// O(n log n) per coin for unbounded E, O(n) for Turnips.
struct progression_walk {
  template <class Mark>
  static void mark_options(const turning_alternative& alt, coin n, const grundy_value* values, coin lo, coin hi,
                           Mark& mark) {
    // Step d: the coins n - d, n - 2d, ..., n - s·d besides n, s from 1 to the most that stay at lo or above and
    // within hi coins; the moves of at least min_coins coins are marked (with F, only the one ending at coin 0).
    // The steps of each d are counted first, so the inner loop has no exit test to mispredict.
    const coin first_marked = std::max<coin>(alt.min_coins, 2) - 1;
    if (first_marked > hi - 1) return;
    const coin d_max = (n - lo) / first_marked;  // a longer step leaves fewer than first_marked coins
    for (coin d = 1; d <= d_max; ++d) {
      const coin steps = std::min<coin>(hi - 1, (n - lo) / d);
      grundy_value x = 0;
      const grundy_value* c = values + n;
      coin s = 1;
      for (; s < first_marked && s <= steps; ++s) x ^= *(c -= d);
      if (alt.includes_first) {
        for (; s <= steps; ++s) {
          x ^= *(c -= d);
          if (c == values) mark(x);
        }
      } else {
        for (; s <= steps; ++s) mark(x ^= *(c -= d));
      }
    }
  }
};

}  // namespace

void progression_family::option_values(const turning_alternative& alt, coin n, coin lo, coin hi,
                                       std::span<const grundy_value> g, std::vector<grundy_value>& out) {
  if (alt.max_coins <= 2) return plain_family::option_values(alt, n, lo, hi, g, out);
  if (turns_alone_allowed(alt, n)) out.push_back(0);
  for_each_progression_value(alt, n, lo, hi, g, [&](coin, coin, grundy_value x) {
    out.push_back(x);
    return true;
  });
}

bool progression_family::find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                                    std::span<const grundy_value> g, move_visitor visit) {
  if (alt.max_coins <= 2) return plain_family::find_moves(alt, n, lo, hi, target, g, visit);
  if (turns_alone_allowed(alt, n) && target == 0 && !visit(std::span<const coin>())) return false;
  std::vector<coin> move;
  return for_each_progression_value(alt, n, lo, hi, g, [&](coin d, coin c, grundy_value x) {
    if (x != target) return keep_searching();
    move.clear();
    for (coin e = c; e < n; e += d) move.push_back(e);
    return visit(std::span<const coin>(move));
  });
}

std::unique_ptr<component> progression_family::solver_part(const turning_alternative& alt, bool may_list) {
  if (alt.max_coins <= 2) return plain_family::solver_part(alt, may_list);
  return std::make_unique<walk_component<progression_walk>>(alt);
}

}  // namespace tartan::detail
