// Grundy's game (code 4!.0): split one heap into two heaps of different sizes; nothing is removed.
//
// As coins: heap n is coin n (coin 0 the empty heap, value 0); the split of n into a < n - a turns coins a, n - a
// and n. Grunt (4FS) turns coin 0 as well, whose value is 0: the same values, by the same recurrence.
// g(0..15) = 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1. No period is known; the values are computed by the sparse-space method.
// Numbering: OEIS A002188 a(n) is g at heap n, our coin n.
// References: Winning Ways (2nd ed.) vol. 1, ch. 4; P. M. Grundy, "Mathematics and games", Eureka 2 (1939);
// OEIS A002188; CGSuite game.heap.GrundysGame = TakeAndBreak("4!.0").
#pragma once

#include <string_view>

#include "tartan/games/take_break_rule.hpp"

namespace tartan::games {

struct grundys_game : take_break_rule {
  static constexpr std::string_view name = "grundys-game";
  static constexpr std::string_view title = "Grundy's Game";
  static constexpr std::string_view code = "4!.0";
  static constexpr std::string_view summary = "split a heap into two heaps of different sizes";

  grundys_game() : take_break_rule(code) {}
};

}  // namespace tartan::games
