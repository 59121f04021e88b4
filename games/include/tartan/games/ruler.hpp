// Ruler (code 1+C): a move turns any run of consecutive coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns coins m, m + 1, ..., n for some m <= n.
// g(0..15) = 1 2 1 4 1 2 1 8 1 2 1 4 1 2 1 16
// Closed form: g(n) is the largest power of 2 dividing n + 1 (Ferguson §5.1, where coins are numbered from 1 and
// g(k) is the largest power of 2 dividing k). The name comes from the pattern 1 2 1 4 1 2 1 8 ..., the marks of
// a ruler. OEIS A006519 a(k) is our coin k - 1.
// Numbering elsewhere: Winning Ways, Ferguson and CGSuite number coins from 1: their coin (heap) k is our coin
// k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Ruler"; Ferguson, Game Theory, Part I, §5.1; OEIS A006519;
// CGSuite game.strip.Turning("1+C").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct ruler : coded_rule {
  static constexpr std::string_view name = "ruler";
  static constexpr std::string_view title = "Ruler";
  static constexpr std::string_view code = "1+C";
  static constexpr std::string_view summary = "turn any run of consecutive coins";

  ruler() : coded_rule(code) {}

  /**
   * The largest power of 2 dividing n + 1.
   *
   * Example: ruler{}.grundy(7) == 8
   */
  grundy_value grundy(coin n) const {
    const grundy_value k = grundy_value{n} + 1;
    return k & (~k + 1);
  }
};

}  // namespace tartan::games
