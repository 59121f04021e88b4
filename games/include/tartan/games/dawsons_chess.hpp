// Dawson's Chess (octal code 0.137): pawns on a 3 x n board, captures compulsory; as a heap game a move takes one
// token from a heap of 1, two tokens leaving nothing or one heap, or three leaving up to two heaps.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0).
// g(0..15) = 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5: Dawson's Kayles (0.07) shifted by one heap, g(n) = g_0.07(n + 1).
// Numbering: OEIS A002187 a(n) is g at heap n, our coin n.
// References: Winning Ways (2nd ed.) vol. 1, ch. 4 (pp. 89 and 102 of the 1st ed., as OEIS cites); Guy and Smith
// (1956); OEIS A002187.
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct dawsons_chess : take_break_rule {
  static constexpr std::string_view name = "dawsons-chess";
  static constexpr std::string_view title = "Dawson's Chess";
  static constexpr std::string_view code = "0.137";
  static constexpr std::string_view summary = "take 1 from a heap of 1, 2 leaving at most one heap, or 3";

  dawsons_chess() : take_break_rule(code) {}
};

}  // namespace tartan::games
