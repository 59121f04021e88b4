// The classic closed forms of coin-turning sequences, recognised over a computed range.
//
// Several games of Winning Ways ch. 14 have values given by a formula in n (tartan numbers coins from 0, so the
// formulas are shifted from the books' where they number from 1). recognise_closed_forms reports every form that
// g(0..N-1) matches. A match is an observation over the range, not a proof: the formulas are proved in the
// literature for the built-in games that have them (docs/games.md), not by tartan.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "tartan/turning/turning_game.hpp"

namespace tartan {

struct closed_form {
  std::string name;     // short: "odious", "evil", "ruler", "n+1", "n", "2^n"
  std::string formula;  // g(n) = ..., in tartan's numbering from 0
  std::string oeis;     // the OEIS sequence of these values, e.g. "A000069"
};

/**
 * Every classic form that g(0..N-1) matches, in the order odious, evil, ruler, n+1, n, 2^n; empty when none does
 * (or N = 0). Complexity: O(N) per form.
 *
 * Example: recognise_closed_forms(std::vector<grundy_value>{1, 2, 4, 7, 8}) names "odious" (Mock Turtles)
 */
std::vector<closed_form> recognise_closed_forms(std::span<const grundy_value> g);

}  // namespace tartan
