// Misère play, the player who makes the last move losing: a row's outcome and winning moves (no value), a board's,
// heaps of Kayles (a game of heaps: equal heaps do not cancel), and where the misère Nim rule fails for Turning
// Turtles. Output: misere_example.txt.
#include <iostream>

#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_check.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/position.hpp"

int main() {
  // Mock Turtles, coins 0, 3, 4 and 6 heads: solved as a whole, by the sweep of every position up to it.
  const tartan::game_handle mock = tartan::games::resolve_game("mock-turtles");
  const tartan::misere_analysis row = tartan::analyze_misere(mock, tartan::parse_box_position("HTTHHTHT"));
  std::cout << "mock-turtles HTTHHTHT: outcome " << row.outcome() << " by the "
            << tartan::misere_method_name(row.method()) << " of " << row.positions_solved() << " positions\n";
  for (const tartan::move& m : row.winning_moves(10)) {
    std::cout << "  winning move: turn " << tartan::format_coins(m.coins()) << '\n';
  }

  // Turning Corners (twins × twins): a heads coin in row 0 or column 0 cannot move, so this board has no move, and
  // the player to move wins at once.
  const tartan::misere_analysis corners =
      tartan::analyze_misere(tartan::games::resolve_game("twins*twins"), tartan::parse_box_position("HH/HT"));
  std::cout << "twins*twins HH/HT: outcome " << corners.outcome() << (corners.terminal() ? ", no move\n" : "\n");

  // Kayles with two heaps of 2: as heaps a P-position, found through the misère quotient of the heaps up to 2 (the
  // automatic method's first choice; each heap is tame, genus 2^20, so the genus method agrees).
  const tartan::misere_heap_analysis heaps =
      tartan::analyze_misere_heaps(tartan::games::resolve_game("kayles"), {2, 2});
  std::cout << "kayles heaps 2 2: outcome " << heaps.outcome() << " by the "
            << tartan::heap_misere_method_name(heaps.method()) << " method\n";

  // Turning Turtles against the misère Nim rule on 4 coins.
  const tartan::misere_check_result r = tartan::check_misere({tartan::games::resolve_game("turning-turtles"), {4}});
  std::cout << "turning-turtles on 4 coins: " << r.mismatches << " positions where the rule fails, the first "
            << r.first_mismatches.front().position.text() << " (rule " << r.first_mismatches.front().rule
            << ", outcome " << r.first_mismatches.front().outcome << ")\n";
}
