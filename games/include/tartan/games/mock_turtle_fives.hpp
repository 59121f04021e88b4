// Mock Turtle Fives (code 1-3C(5)): a move turns one, two or three coins lying within five adjacent coins, the
// rightmost going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with up to two coins among
// n - 4, ..., n - 1 (those that exist).
// g(0..15) = 1 2 4 7 8 1 2 4 7 8 1 2 4 7 8 1
// No closed form is used; the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14 ("Mock Turtle Fives"); CGSuite game.strip.Turning("1-3C(5)").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct mock_turtle_fives : coded_rule {
  static constexpr std::string_view name = "mock-turtle-fives";
  static constexpr std::string_view title = "Mock Turtle Fives";
  static constexpr std::string_view code = "1-3C(5)";
  static constexpr std::string_view summary = "turn one to three coins within five adjacent coins";

  mock_turtle_fives() : coded_rule(code) {}
};

}  // namespace tartan::games
