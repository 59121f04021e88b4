// AP (code 1+E): a move turns the coins of an arithmetic progression, of any length and spacing, the rightmost
// going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n alone, n and any one coin m < n, or
// n - (k-1)d, ..., n - d, n for some d >= 1 and k >= 3 with n - (k-1)d >= 0. There are O(n log n) moves from n.
// g(0..15) = 1 2 4 3 6 7 8 5 16 9 10 13 11 17 18 14
// No closed form is used; the values are computed from the rule.
// Numbering elsewhere: CGSuite numbers coins from 1: its heap k is our coin k - 1.
// References: the E modifier of CGSuite's turning codes, game.strip.Turning("1+E"); Turnips (3E) is the
// three-coin case, Winning Ways (2nd ed.) vol. 3, ch. 14.
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct arithmetic_progressions : coded_rule {
  static constexpr std::string_view name = "ap";
  static constexpr std::string_view title = "Arithmetic Progressions";
  static constexpr std::string_view code = "1+E";
  static constexpr std::string_view summary = "turn the coins of any arithmetic progression";

  arithmetic_progressions() : coded_rule(code) {}
};

}  // namespace tartan::games
