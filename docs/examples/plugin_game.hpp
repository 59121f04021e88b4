// A coin-turning game written as a tartan plug-in: "short hop".
//
// Rule: turn a heads coin n to tails, alone or together with one coin at most three places to its left (coin n-1,
// n-2 or n-3, whichever exist; that coin may go either way). Coins are numbered from 0 at the left.
// By the mex rule g(n) = mex {0, g(n-1), g(n-2), g(n-3)}, so g = 1 2 3 4 1 2 3 4 ... (period 4).
//
// The one required member is for_each_move. find_moves is an optional hook: analysis asks it for the moves whose
// other coins have a given XOR of values, and here it can answer by looking at three coins instead of filtering
// every move. The engine checks the hook against plain enumeration in the tests
// (tests/engine/turning/plugin_example_test).
#pragma once

#include <span>

#include "tartan/turning/game_concepts.hpp"

namespace example {

struct short_hop {
  static constexpr tartan::coin reach = 3;

  // Required: visit(others) once per move from coin n; stop (and return false) as soon as visit returns false.
  template <class Visit>
  bool for_each_move(tartan::coin n, Visit&& visit) const {
    if (!visit(std::span<const tartan::coin>())) return false;  // n alone
    for (tartan::coin d = 1; d <= reach && d <= n; ++d) {
      const tartan::coin other[] = {n - d};
      if (!visit(std::span<const tartan::coin>(other))) return false;
    }
    return true;
  }

  // Optional: only the moves whose other coins' values XOR to `target`, under any value table g.
  template <class Visit>
  bool find_moves(tartan::coin n, tartan::grundy_value target, std::span<const tartan::grundy_value> g,
                  Visit&& visit) const {
    if (target == 0 && !visit(std::span<const tartan::coin>())) return false;
    for (tartan::coin d = 1; d <= reach && d <= n; ++d) {
      const tartan::coin other[] = {n - d};
      if (g[n - d] == target && !visit(std::span<const tartan::coin>(other))) return false;
    }
    return true;
  }
};

static_assert(tartan::check_turning_rule<short_hop>());
static_assert(tartan::has_find_moves<short_hop>);

}  // namespace example
