// Rules with every hook of the game contract (game_concepts.hpp), each hook written differently from plain
// enumeration, for tests that compare the engine's routes: Mock Turtles with all hooks, and values 2^n from a closed
// form and from a solver that refuse to wrap past 2^63.
#pragma once

#include <bit>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "support/naive.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan::test {

// Mock Turtles with every hook, each written differently from plain enumeration.
struct hooked_mock_turtles {
  k_coins plain{1, 3};

  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
    out.push_back(0);
    for (coin a = 0; a < n; ++a) {
      out.push_back(g[a]);
      for (coin b = a + 1; b < n; ++b) out.push_back(g[a] ^ g[b]);
    }
  }
  // For each first coin a, the second coin b must have g(b) = target ^ g(a): looked up in a value index.
  template <class Visit>
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, Visit&& visit) const {
    std::multimap<grundy_value, coin> index;
    for (coin b = 0; b < n; ++b) index.emplace(g[b], b);
    if (target == 0 && !visit(std::span<const coin>())) return false;
    for (coin a = 0; a < n; ++a) {
      if (g[a] == target) {
        const coin one[] = {a};
        if (!visit(std::span<const coin>(one))) return false;
      }
      const auto [lo, hi] = index.equal_range(target ^ g[a]);
      for (auto it = lo; it != hi; ++it) {
        if (it->second <= a) continue;
        const coin two[] = {a, it->second};
        if (!visit(std::span<const coin>(two))) return false;
      }
    }
    return true;
  }
  // Odious numbers: 2n, plus 1 when n has an even number of ones (Winning Ways ch. 14).
  grundy_value grundy(coin n) const { return 2 * grundy_value{n} + (std::popcount(n) % 2 == 0 ? 1 : 0); }
  struct solver {
    grundy_value next(std::span<const grundy_value> g) {
      return hooked_mock_turtles{}.grundy(static_cast<coin>(g.size()));
    }
  };
  solver grundy_solver() const { return {}; }
  std::uint64_t move_count(coin n) const { return 1 + std::uint64_t{n} + std::uint64_t{n} * (n - (n > 0)) / 2; }
};

// Motley-like values 2^n from a closed form and a solver that refuse to wrap.
struct doubling_closed_form {
  motley_rule plain;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  grundy_value grundy(coin n) const {
    if (n >= 64) throw overflow_error("2^" + std::to_string(n) + " does not fit 64 bits");
    return grundy_value{1} << n;
  }
};

struct doubling_solver {
  motley_rule plain;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  struct solver {
    grundy_value next(std::span<const grundy_value> g) {
      if (g.empty()) return 1;
      if (g.back() >> 63 != 0) throw overflow_error("coin " + std::to_string(g.size()) + " would be 2^64");
      return g.back() * 2;
    }
  };
  solver grundy_solver() const { return {}; }
};

}  // namespace tartan::test
