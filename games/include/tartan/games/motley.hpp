// Motley (code 1+): a move turns any set of coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with any subset of the coins below.
// g(0..15) = 1 2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 32768
// Closed form g(n) = 2^n: by induction the options of coin n are the XORs of any subset of 1, 2, ..., 2^(n-1),
// which are all the numbers below 2^n. A position's value is thus the binary number its heads spell (coin 0 the
// lowest bit). Coin 64's value 2^64 does not fit a 64-bit nimber: grundy(64) throws overflow_error.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Motley"; CGSuite game.strip.Turning("1+").
#pragma once

#include <string>
#include <string_view>

#include "tartan/core/error.hpp"
#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct motley : coded_rule {
  static constexpr std::string_view name = "motley";
  static constexpr std::string_view title = "Motley";
  static constexpr std::string_view code = "1+";
  static constexpr std::string_view summary = "turn any set of coins";

  motley() : coded_rule(code) {}

  /**
   * g(n) = 2^n. Throws overflow_error for n >= 64, naming coin 64 (the first that does not fit).
   *
   * Example: motley{}.grundy(10) == 1024
   */
  grundy_value grundy(coin n) const {
    if (n >= 64) {
      throw overflow_error("g(" + std::to_string(n) + ") of motley does not fit in 64 bits (it is 2^" +
                           std::to_string(n) + "): coin 64 is the first that does not fit; ask for at most 64 coins");
    }
    return grundy_value{1} << n;
  }
};

}  // namespace tartan::games
