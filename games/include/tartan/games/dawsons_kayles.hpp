// Dawson's Kayles (octal code 0.07): knock down two adjacent pins; a move takes two tokens from a heap, leaving
// nothing, one heap or two.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0).
// g(0..15) = 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0; periodic with period 34 from n = 53.
// Numbering: it is Dawson's Chess (0.137) shifted by one heap: g(n) = OEIS A002187 a(n - 1) for n >= 1.
// References: Winning Ways (2nd ed.) vol. 1, ch. 4; Guy and Smith (1956); OEIS A002187 (%C);
// CGSuite game.heap.DawsonsKayles = TakeAndBreak("0.07").
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct dawsons_kayles : take_break_rule {
  static constexpr std::string_view name = "dawsons-kayles";
  static constexpr std::string_view title = "Dawson's Kayles";
  static constexpr std::string_view code = "0.07";
  static constexpr std::string_view summary = "take two tokens, leaving up to two heaps";

  dawsons_kayles() : take_break_rule(code) {}
};

}  // namespace tartan::games
