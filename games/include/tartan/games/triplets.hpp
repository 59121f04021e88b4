// Triplets (code 3): a move turns exactly three coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n and two coins below it, so coins 0 and 1
// cannot move (each alone is worth 0).
// g(0..15) = 0 0 1 2 4 7 8 11 13 14 16 19 21 22 25 26
// From coin 2 on these are the Mock Turtles values shifted by two coins (g(n) = mock-turtles g(n - 2)), as Winning
// Ways' Mock Turtle theorem explains; the tests check the shift, but the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Mock Turtles" (Triplets); CGSuite game.strip.Turning("3").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct triplets : coded_rule {
  static constexpr std::string_view name = "triplets";
  static constexpr std::string_view title = "Triplets";
  static constexpr std::string_view code = "3";
  static constexpr std::string_view summary = "turn exactly three coins";

  triplets() : coded_rule(code) {}
};

}  // namespace tartan::games
