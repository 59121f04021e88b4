// Officers (octal code 0.6): take one token from a heap, never the last, leaving one heap or splitting the rest into
// two; the only single-digit octal game not known to be periodic.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0).
// g(0..15) = 0 0 1 2 0 1 2 3 1 2 3 4 0 3 4 2
// Numbering: OEIS A046695 a(n) is g at heap n, our coin n.
// References: Winning Ways (2nd ed.) vol. 1, ch. 4 ("Officers", .6); OEIS A046695; I. Caines et al., "Periods in
// taking and splitting games", Amer. Math. Monthly 106 (1999).
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct officers : take_break_rule {
  static constexpr std::string_view name = "officers";
  static constexpr std::string_view title = "Officers";
  static constexpr std::string_view code = "0.6";
  static constexpr std::string_view summary = "take one token, not the last, leaving one heap or two";

  officers() : take_break_rule(code) {}
};

}  // namespace tartan::games
