// Treblecross (octal code 0.007): one-dimensional tic-tac-toe in which both players play crosses and three in a row
// wins; as a heap game a move takes three tokens, leaving nothing, one heap or two.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0).
// g(0..15) = 0 0 0 1 1 1 2 2 0 3 3 1 1 1 0 4
// References: Winning Ways (2nd ed.) vol. 1, ch. 4 (Treblecross is .007); CGSuite TakeAndBreak("0.007").
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct treblecross : take_break_rule {
  static constexpr std::string_view name = "treblecross";
  static constexpr std::string_view title = "Treblecross";
  static constexpr std::string_view code = "0.007";
  static constexpr std::string_view summary = "take three tokens, leaving up to two heaps";

  treblecross() : take_break_rule(code) {}
};

}  // namespace tartan::games
