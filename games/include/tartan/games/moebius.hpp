// Moebius (code 1-5): a move turns from one to five coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with up to 4 coins below it.
// g(0..15) = 1 2 4 8 16 31 32 64 103 128 171 213 256 301 342 439
// No closed form is known; the values are computed from the rule. Winning Ways plays it on 18 coins, where the
// strategy uses Moebius transformations.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Moebius"; CGSuite game.strip.Turning("1-5").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct moebius : coded_rule {
  static constexpr std::string_view name = "moebius";
  static constexpr std::string_view title = "Moebius";
  static constexpr std::string_view code = "1-5";
  static constexpr std::string_view summary = "turn one to five coins";

  moebius() : coded_rule(code) {}
};

}  // namespace tartan::games
