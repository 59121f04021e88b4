// Positions at scale: a board of 10^6 × 10^6 coins given as one box of heads, its value and its exact number of
// winning moves counted without listing them; a row given as ranges, where a coin listed twice is tails; and the
// same row typed coin by coin, listed move by move. Output: count_example.txt.
#include <iostream>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/games/registry.hpp"

int main() {
  // Runs of triangular × square lengths, every coin heads: 10^12 coins, counted in two frequency tables.
  const tartan::game_handle board = tartan::games::resolve_game("[1,3,6,10]C*[1,4,9,16]C");
  const tartan::move_count_result big =
      tartan::count_winning_moves(board, tartan::box_region::all_heads({1'000'000, 1'000'000}));
  std::cout << "heads: " << tartan::to_decimal(big.heads) << ", value: " << big.value
            << ", winning moves: " << tartan::to_decimal(big.winning_moves) << '\n';

  // Mock Turtles on 20 coins, heads 0..9 and 15, with coin 4 listed twice (so tails).
  const tartan::game_handle row = tartan::games::resolve_game("mock-turtles");
  const tartan::box_region ranges = tartan::parse_box_region(tartan::box_extents{20}, "0-9,4,15");
  const tartan::move_count_result counted = tartan::count_winning_moves(row, ranges);
  std::cout << "row: " << tartan::to_decimal(counted.heads) << " heads, value " << counted.value << ", "
            << tartan::to_decimal(counted.winning_moves) << " winning moves\n";

  // The same row as coins, and its winning moves listed.
  const tartan::analysis a = tartan::analyze(row, ranges.to_position());
  for (const tartan::move& m : a.winning_moves(10)) {
    std::cout << "  turn";
    for (const tartan::coin c : m.coins()) std::cout << ' ' << c;
    std::cout << '\n';
  }
}
