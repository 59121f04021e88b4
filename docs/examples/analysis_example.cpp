// One call for every front end: analyze(game, position) on a row and on a board, its winning moves (a page of
// them) and every option with the value it leads to. Output: analysis_example.txt.
#include <iostream>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/games/registry.hpp"

namespace {

void print_coins(const std::vector<tartan::coin>& coins) {
  for (const tartan::coin c : coins) std::cout << ' ' << c;
}

}  // namespace

int main() {
  // Mock Turtles (turn 1 to 3 coins), coins 0 and 3 heads: g(0) = 1, g(3) = 7.
  const tartan::game_handle mock = tartan::games::resolve_game("mock-turtles");
  const tartan::analysis row = tartan::analyze(mock, tartan::parse_box_position("HTTH"));
  std::cout << "mock-turtles HTTH: value " << row.value() << ", outcome " << row.outcome() << '\n';
  for (const tartan::move& m : row.winning_moves(10)) {
    std::cout << "  winning move: turn";
    print_coins(m.coins());
    std::cout << '\n';
  }
  std::cout << "  every option (the coins turned, then the value it leaves):\n";
  row.for_each_option([](const tartan::move& m, tartan::grundy_value after) {
    std::cout << "   ";
    print_coins(m.coins());
    std::cout << " -> " << after << '\n';
    return true;  // false would stop the visit here
  });

  // Rugs (ruler × ruler) on a board: rows joined by '/', row 0 on top.
  const tartan::game_handle rugs = tartan::games::resolve_game("ruler*ruler");
  const tartan::analysis board = tartan::analyze(rugs, tartan::parse_box_position("HH/HT"));
  std::cout << "ruler*ruler HH/HT: value " << board.value() << ", outcome " << board.outcome() << ", "
            << board.count_winning_moves() << " winning move(s)\n";
  for (const tartan::move& m : board.winning_moves(1)) {
    std::cout << "  rows";
    print_coins(m.rows());
    std::cout << " × columns";
    print_coins(m.cols());
    std::cout << '\n';
  }
}
