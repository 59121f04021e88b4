// Ruler Fives (code 1-5C): a move turns a run of one to five consecutive coins, the rightmost going from heads to
// tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n - j + 1, ..., n for some 1 <= j <= 5 with
// n - j + 1 >= 0.
// g(0..15) = 1 2 1 4 1 2 1 4 1 2 1 4 1 2 1 4
// No closed form is used; the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14 ("Ruler Fives"); CGSuite game.strip.Turning("1-5C").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct ruler_fives : coded_rule {
  static constexpr std::string_view name = "ruler-fives";
  static constexpr std::string_view title = "Ruler Fives";
  static constexpr std::string_view code = "1-5C";
  static constexpr std::string_view summary = "turn a run of one to five consecutive coins";

  ruler_fives() : coded_rule(code) {}
};

}  // namespace tartan::games
