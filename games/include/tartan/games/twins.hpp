// Twins (code 2): a move turns exactly two coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n and one coin m < n (coin 0, having no coin to
// its left, cannot move: a lone heads at coin 0 is worth 0).
// g(0..15) = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// Closed form g(n) = n: turning n and m moves a Nim heap of n to a heap of m, so the options are 0, ..., n - 1.
// Numbering elsewhere: Ferguson starts Twins at 0 as we do, so his g(n) = n is ours; CGSuite's heap k is our
// coin k - 1 (CGSuite's Twins sequence from heap 1 reads 0, 1, 2, ...).
// References: Winning Ways (2nd ed.) vol. 3, ch. 14 ("Twins"); Ferguson, Game Theory, Part I, §5.1;
// CGSuite game.strip.Turning("2").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct twins : coded_rule {
  static constexpr std::string_view name = "twins";
  static constexpr std::string_view title = "Twins";
  static constexpr std::string_view code = "2";
  static constexpr std::string_view summary = "turn exactly two coins";

  twins() : coded_rule(code) {}

  /**
   * g(n) = n.
   *
   * Example: twins{}.grundy(5) == 5
   */
  grundy_value grundy(coin n) const { return grundy_value{n}; }
};

}  // namespace tartan::games
