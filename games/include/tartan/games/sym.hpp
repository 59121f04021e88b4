// Sym (code 1+S): a move turns any set of coins placed symmetrically about their own centre, the rightmost going
// from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns a set {c_1 < ... < c_k = n} with
// c_i + c_(k+1-i) constant (a single coin is symmetric). The number of moves grows exponentially with n and so do
// the values; far out they exceed 64 bits and the engine raises overflow_error naming the first such coin.
// g(0..15) = 1 2 4 3 6 7 8 16 18 25 32 11 64 31 128 10
// No closed form is used; the values are computed from the rule.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14 ("Sym"); CGSuite game.strip.Turning("1+S").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct sym : coded_rule {
  static constexpr std::string_view name = "sym";
  static constexpr std::string_view title = "Sym";
  static constexpr std::string_view code = "1+S";
  static constexpr std::string_view summary = "turn any set of coins symmetric about its centre";

  sym() : coded_rule(code) {}
};

}  // namespace tartan::games
