// Turning Turtles (code 1-2): a move turns one or two coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n alone, or n and one coin m < n.
// g(0..15) = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
// Closed form g(n) = n + 1: the game is Nim in disguise. Turning n alone empties a heap of n + 1; turning n and m
// reduces it to a heap of m + 1 (a heap appearing twice cancels), so the options of coin n are exactly
// 0, 1, ..., n, whose mex is n + 1.
// Numbering elsewhere: Winning Ways and Ferguson number the coins 1, 2, 3, ... so that their g(k) = k; their coin
// k is our coin k - 1. CGSuite's heap k is our coin k - 1 as well.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Turning Turtles"; Ferguson, Game Theory, Part I, §5.1;
// CGSuite game.strip.Turning("1-2").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct turning_turtles : coded_rule {
  static constexpr std::string_view name = "turtles";
  static constexpr std::string_view title = "Turning Turtles";
  static constexpr std::string_view code = "1-2";
  static constexpr std::string_view summary = "turn one or two coins";

  turning_turtles() : coded_rule(code) {}

  /**
   * g(n) = n + 1.
   *
   * Example: turning_turtles{}.grundy(0) == 1
   */
  grundy_value grundy(coin n) const { return grundy_value{n} + 1; }
};

}  // namespace tartan::games
