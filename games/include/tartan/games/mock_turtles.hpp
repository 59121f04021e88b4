// Mock Turtles (code 1-3): a move turns one, two or three coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with up to two coins below it.
// g(0..15) = 1 2 4 7 8 11 13 14 16 19 21 22 25 26 28 31
// These are the odious numbers (an odd count of 1 bits), OEIS A000069, whose a(1) = 1 is our coin 0.
// Closed form: g(n) is the n-th odious number counting from 0, i.e. 2n + 1 when n has an even number of 1 bits and
// 2n when it has an odd number (Winning Ways' Mock Turtle theorem; Ferguson §5.1).
// Numbering elsewhere: Winning Ways and OEIS count coins from 1 (their coin k is our coin k - 1); Ferguson labels
// Mock Turtles' coins from 0 as we do; CGSuite's heap k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Mock Turtles"; Ferguson, Game Theory, Part I, §5.1;
// OEIS A000069; CGSuite game.strip.Turning("1-3").
#pragma once

#include <bit>
#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct mock_turtles : coded_rule {
  static constexpr std::string_view name = "mock-turtles";
  static constexpr std::string_view title = "Mock Turtles";
  static constexpr std::string_view code = "1-3";
  static constexpr std::string_view summary = "turn one, two or three coins";

  mock_turtles() : coded_rule(code) {}

  /**
   * The n-th odious number (from 0): 2n, plus 1 when n has an even number of 1 bits.
   *
   * Example: mock_turtles{}.grundy(3) == 7
   */
  grundy_value grundy(coin n) const { return 2 * grundy_value{n} + (std::popcount(n) % 2 == 0 ? 1 : 0); }
};

}  // namespace tartan::games
