// Grunt (code 4FS): a move turns four coins placed symmetrically, one of them coin 0 (the leftmost), the
// rightmost going from heads to tails.
//
// Coins are numbered from 0 at the left; a move from coin n turns 0, a, n - a and n for some 0 < a < n - a, so
// coins 0..2 cannot move. Coin n plays like a heap of n in Grundy's game (split a heap into two unequal heaps):
// the move turning 0, a, n - a, n splits n into a and n - a, and coin 0 is worth 0.
// g(0..15) = 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1
// No closed form is known (Grundy's game is unsolved); the values are computed as Grundy's game's (4!.0), by the
// sparse-space method: the option value of the move turning 0, a, n - a, n is g(0) ^ g(a) ^ g(n - a) with g(0) = 0,
// the option value of Grundy's split of n into a and n - a, so both games have the same recurrence and values.
// Numbering elsewhere: Winning Ways and CGSuite number coins from 1: their coin (heap) k is our coin k - 1; in
// Winning Ways' numbering from 0, as here, coin n is Grundy's heap n.
// References: Winning Ways (2nd ed.) vol. 3, ch. 14, "Grunt"; Winning Ways vol. 1, ch. 4 (Grundy's game);
// CGSuite game.strip.Turning("4FS").
#pragma once

#include <string_view>

#include "tartan/games/coded_rule.hpp"
#include "tartan/turning/sequence_solver.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan::games {

struct grunt : coded_rule {
  static constexpr std::string_view name = "grunt";
  static constexpr std::string_view title = "Grunt";
  static constexpr std::string_view code = "4FS";
  static constexpr std::string_view summary = "turn four symmetric coins, one of them coin 0";

  grunt() : coded_rule(code) {}

  /**
   * The solver of Grundy's game (4!.0), whose values are Grunt's: the sparse-space method.
   *
   * Example: auto s = grunt{}.grundy_solver(); s.next({}) == 0
   */
  sequence_solver grundy_solver() const { return grundys_.grundy_solver(); }

 private:
  take_break_code grundys_ = take_break_code::parse("4!.0");
};

}  // namespace tartan::games
