// Grunt (code 4FS): a move turns four coins placed symmetrically, one of them coin 0 (the leftmost), the
// rightmost going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns 0, a, n - a and n for some 0 < a < n - a, so
// coins 0..2 cannot move. Coin n plays like a heap of n in Grundy's game (split a heap into two unequal heaps):
// the move turning 0, a, n - a, n splits n into a and n - a, and coin 0 is worth 0.
// g(0..15) = 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1
// No closed form is known (Grundy's game is unsolved); the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1; in
// Winning Ways' numbering from 0, as here, coin n is Grundy's heap n.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Grunt"; Winning Ways vol. 1, ch. 4 (Grundy's game);
// CGSuite game.strip.Turning("4FS").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct grunt : coded_rule {
  static constexpr std::string_view name = "grunt";
  static constexpr std::string_view title = "Grunt";
  static constexpr std::string_view code = "4FS";
  static constexpr std::string_view summary = "turn four symmetric coins, one of them coin 0";

  grunt() : coded_rule(code) {}
};

}  // namespace tartan::games
