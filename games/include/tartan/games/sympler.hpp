// Sympler (code 1+FS): a move turns any set of coins placed symmetrically about their own centre that includes
// coin 0 (the leftmost), the rightmost going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n > 0 turns 0 and n together with a set of coins
// strictly between them that is symmetric about n / 2 (coin 0 alone is the only one-coin move).
// g(0..15) = 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// No closed form is used; the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14 ("Sympler"); CGSuite game.strip.Turning("1+FS").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct sympler : coded_rule {
  static constexpr std::string_view name = "sympler";
  static constexpr std::string_view title = "Sympler";
  static constexpr std::string_view code = "1+FS";
  static constexpr std::string_view summary = "turn any symmetric set of coins that includes coin 0";

  sympler() : coded_rule(code) {}
};

}  // namespace tartan::games
