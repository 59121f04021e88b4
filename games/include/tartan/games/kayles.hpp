// Kayles (octal code 0.77): knock down one pin or two adjacent pins from a row; a heap of n is a row of n pins, and a
// move removes one or two tokens, leaving nothing, one heap or two.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0); a move turns the heap taken from and the heaps left,
// equal heaps cancelling.
// g(0..15) = 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7; periodic with period 12 from n = 71 (Guy and Smith, 1956).
// Numbering: OEIS A002186 a(n) is g at heap n, our coin n.
// References: Winning Ways (2nd ed.) vol. 1, ch. 4; R. K. Guy and C. A. B. Smith, "The G-values of various games",
// Proc. Cambridge Philos. Soc. 52 (1956); OEIS A002186; CGSuite game.heap.Kayles = TakeAndBreak("0.77").
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct kayles : take_break_rule {
  static constexpr std::string_view name = "kayles";
  static constexpr std::string_view title = "Kayles";
  static constexpr std::string_view code = "0.77";
  static constexpr std::string_view summary = "take one or two tokens, leaving up to two heaps";

  kayles() : take_break_rule(code) {}
};

}  // namespace tartan::games
