// A 1-D coin-turning game from the registry: its values, a position's value and winning moves.
// Output: games_example.txt.
#include <iostream>
#include <vector>

#include "tartan/games/registry.hpp"
#include "tartan/turning/position.hpp"

int main() {
  // By name or by turning code: "mock-turtles" and "1-3" are the same game.
  const tartan::turning_game game = tartan::games::find_game("mock-turtles");
  const std::vector<tartan::grundy_value> g = game.sequence(10);  // computed once, then cached by the handle
  std::cout << game.name() << " (code " << game.code() << ") g(0..9):";
  for (const auto v : g) std::cout << ' ' << v;
  std::cout << '\n';

  // Coin 0 is the leftmost; H is heads. The value is the XOR of g over the heads coins.
  const tartan::row_position p = tartan::parse_row("HTTHTHHT");
  const tartan::grundy_value value = tartan::position_value(g, p);
  std::cout << "HTTHTHHT: value " << value << '\n';

  const tartan::row_position q = tartan::parse_row("HTTHTHTT");
  std::cout << "HTTHTHTT: value " << tartan::position_value(g, q) << "; winning moves:\n";
  for (const auto& move : tartan::winning_moves(game, g, q, 10)) {
    std::cout << "  turn";
    for (const auto c : move) std::cout << ' ' << c;
    std::cout << '\n';
  }
}
