// Gold Moidores (code 1-9): a move turns from one to nine coins, the rightmost of them going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns n together with up to 8 coins below it.
// g(0..15) = 1 2 4 8 16 32 64 128 256 511 512 1024 2048 4096 7711 8192
// No closed form is known; the values are computed from the rule. CGSuite lists the game as Moidores.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Moidores"; CGSuite game.strip.Turning("1-9").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"

namespace tartan::games {

struct gold_moidores : coded_rule {
  static constexpr std::string_view name = "gold-moidores";
  static constexpr std::string_view title = "Gold Moidores";
  static constexpr std::string_view code = "1-9";
  static constexpr std::string_view summary = "turn one to nine coins";

  gold_moidores() : coded_rule(code) {}
};

}  // namespace tartan::games
