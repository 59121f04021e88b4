// Turnips (code 3E): a move turns three equally spaced coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n - 2d, n - d and n for some d >= 1 with
// n - 2d >= 0, so coins 0 and 1 cannot move.
// g(0..15) = 0 0 1 0 0 1 2 2 1 0 0 1 0 0 1 2
// No closed form is used; Winning Ways describes the values through ternary expansions. Also called Ternups.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Ternups"; CGSuite game.strip.Turning("3E") (Turnips).
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct turnips : coded_rule {
  static constexpr std::string_view name = "turnips";
  static constexpr std::string_view title = "Turnips";
  static constexpr std::string_view code = "3E";
  static constexpr std::string_view summary = "turn three equally spaced coins";

  turnips() : coded_rule(code) {}
};

}  // namespace tartan::games
