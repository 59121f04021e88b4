// Mogul (code 1-7): a move turns from one to seven coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with up to 6 coins below it.
// g(0..15) = 1 2 4 8 16 32 64 127 128 256 512 911 1024 1459 1749 1897
// No closed form is known; the values are computed from the rule. Winning Ways plays it on 24 coins, where the
// strategy uses Curtis' Miracle Octad Generator.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Mogul"; CGSuite game.strip.Turning("1-7").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct mogul : coded_rule {
  static constexpr std::string_view name = "mogul";
  static constexpr std::string_view title = "Mogul";
  static constexpr std::string_view code = "1-7";
  static constexpr std::string_view summary = "turn one to seven coins";

  mogul() : coded_rule(code) {}
};

}  // namespace tartan::games
