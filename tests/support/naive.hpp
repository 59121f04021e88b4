// Small coin-turning rules written from their definitions, and brute-force analysis by the mex definition over
// explicit positions. Independent of the engine's algorithms and of the turning-code language, so that engine
// tests can compare against them. Everything here is exponential; use it on a handful of coins.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "tartan/turning/game_concepts.hpp"

namespace tartan::test {

namespace detail {
// Visits every subset of {0..n-1} of size in [lo, hi], ascending inside; false from visit stops everything.
template <class Visit>
bool subsets_of_size(coin n, unsigned lo, unsigned hi, std::vector<coin>& chosen, coin next, Visit& visit) {
  if (chosen.size() >= lo && !visit(std::span<const coin>(chosen))) return false;
  if (chosen.size() == hi) return true;
  for (coin c = next; c < n; ++c) {
    chosen.push_back(c);
    const bool go_on = subsets_of_size(n, lo, hi, chosen, c + 1, visit);
    chosen.pop_back();
    if (!go_on) return false;
  }
  return true;
}
}  // namespace detail

/// Turn between `min_coins` and `max_coins` coins in all, the moving coin included. (1, 3) is Mock Turtles, (1, 2)
/// Turning Turtles, (2, 2) Twins, (3, 3) Triplets.
struct k_coins {
  unsigned min_coins = 1;
  unsigned max_coins = 3;

  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    std::vector<coin> chosen;
    const unsigned lo = min_coins - 1, hi = max_coins - 1;
    return detail::subsets_of_size(n, lo, hi, chosen, 0, visit);
  }
};

/// Ruler: turn any run of consecutive coins ending at the moving coin.
struct ruler_rule {
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    std::vector<coin> run;
    if (!visit(std::span<const coin>(run))) return false;
    for (coin len = 1; len <= n; ++len) {
      run.assign(len, 0);
      for (coin i = 0; i < len; ++i) run[i] = n - len + i;
      if (!visit(std::span<const coin>(run))) return false;
    }
    return true;
  }
};

/// Motley: the moving coin with any set of coins below it (2^n moves from coin n).
struct motley_rule {
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    std::vector<coin> chosen;
    return detail::subsets_of_size(n, 0, n, chosen, 0, visit);
  }
};

/// Any arithmetic progression of coins ending at the moving coin (the moving coin alone, or with one other, ...).
struct progression_rule {
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    std::vector<coin> others;
    if (!visit(std::span<const coin>(others))) return false;
    for (coin d = 1; d <= n; ++d) {
      for (coin len = 1; len * d <= n; ++len) {
        others.clear();
        for (coin i = len; i >= 1; --i) others.push_back(n - i * d);
        if (!visit(std::span<const coin>(others))) return false;
      }
    }
    return true;
  }
};

/// Every move of `rule` from coin n as a vector of the other coins.
template <class Rule>
std::vector<std::vector<coin>> moves_from(const Rule& rule, coin n) {
  std::vector<std::vector<coin>> all;
  rule.for_each_move(n, [&](std::span<const coin> others) {
    all.emplace_back(others.begin(), others.end());
    return true;
  });
  return all;
}

/// The least value not in `values`, straight from the definition.
inline grundy_value naive_mex(const std::set<grundy_value>& values) {
  grundy_value m = 0;
  while (values.count(m) != 0) ++m;
  return m;
}

/// g(0..count-1) from the definition: g(n) = mex of XOR of g over the other coins of each move from n.
template <class Rule>
std::vector<grundy_value> naive_sequence(const Rule& rule, std::size_t count) {
  std::vector<grundy_value> g;
  for (coin n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (const auto& others : moves_from(rule, n)) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      options.insert(x);
    }
    g.push_back(naive_mex(options));
  }
  return g;
}

/// Every move of a position (bitmask of heads, coin i = bit i) as all coins turned, ascending: for each heads coin
/// n, n together with each move's other coins.
template <class Rule>
std::vector<std::vector<coin>> all_position_moves(const Rule& rule, std::uint32_t heads, coin coins) {
  std::vector<std::vector<coin>> all;
  for (coin n = 0; n < coins; ++n) {
    if ((heads >> n & 1) == 0) continue;
    for (auto move : moves_from(rule, n)) {
      move.push_back(n);
      all.push_back(std::move(move));
    }
  }
  return all;
}

/// The position after turning every coin of `move`.
inline std::uint32_t apply_move(std::uint32_t heads, std::span<const coin> move) {
  for (const coin c : move) heads ^= std::uint32_t{1} << c;
  return heads;
}

/// Grundy values of positions by explicit recursion over the game tree (no Sprague-Grundy theorem assumed), memoised.
template <class Rule>
class brute_force {
 public:
  brute_force(Rule rule, coin coins) : rule_(std::move(rule)), coins_(coins) {}

  grundy_value value(std::uint32_t heads) {
    if (const auto it = memo_.find(heads); it != memo_.end()) return it->second;
    std::set<grundy_value> options;
    for (const auto& move : all_position_moves(rule_, heads, coins_)) options.insert(value(apply_move(heads, move)));
    const grundy_value v = naive_mex(options);
    memo_.emplace(heads, v);
    return v;
  }

  /// All moves to a position of value 0, as sorted coin lists.
  std::vector<std::vector<coin>> winning_moves(std::uint32_t heads) {
    std::vector<std::vector<coin>> wins;
    for (const auto& move : all_position_moves(rule_, heads, coins_)) {
      if (value(apply_move(heads, move)) == 0) wins.push_back(move);
    }
    std::sort(wins.begin(), wins.end());
    return wins;
  }

 private:
  Rule rule_;
  coin coins_;
  std::map<std::uint32_t, grundy_value> memo_;
};

}  // namespace tartan::test
