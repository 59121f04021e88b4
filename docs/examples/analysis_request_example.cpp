// One request, one report: the question every front end asks, answered by one call. A position's page of winning
// moves and its first options, then a sum of a row and a board, listed and counted. Output:
// analysis_request_example.txt.
#include <iostream>

#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/games/registry.hpp"

int main() {
  const tartan::game_handle mock = tartan::games::resolve_game("mock-turtles");
  const tartan::game_handle rugs = tartan::games::resolve_game("ruler*ruler");

  // A row: the value, the winning moves from the second on (at most 2), the first 3 options.
  tartan::analysis_request request;
  request.terms = {{mock, tartan::box_region(tartan::parse_box_position("HTHHTTHH"))}};
  request.offset = 1;
  request.limit = 2;
  request.options = 3;
  const tartan::analysis_report row = tartan::answer(request);
  std::cout << "value " << row.value << ", outcome " << row.outcome() << "; winning moves 2-3:";
  for (const tartan::move& m : row.winning_moves) std::cout << " {" << tartan::format_coins(m.coins()) << '}';
  std::cout << "; options:";
  for (const tartan::option& o : row.options->listed) {
    std::cout << " {" << tartan::format_coins(o.turned.coins()) << "} -> " << o.value;
  }
  std::cout << '\n';

  // A sum, its terms read as the command line takes them: GAME POSITION + GAME POSITION.
  tartan::analysis_request sum;
  sum.sum = true;
  sum.terms = {{mock, tartan::parse_term_position("HTTH", mock, 0)},
               {rugs, tartan::parse_term_position("8x8=all", rugs, 1)}};
  const tartan::analysis_report listed = tartan::answer(sum);
  std::cout << "sum: value " << listed.value << " = " << listed.sum->terms()[0].value() << " xor "
            << listed.sum->terms()[1].value() << "; first winning move in term " << listed.sum_winning_moves[0].term
            << '\n';
  sum.count = true;
  std::cout << "sum: " << tartan::to_decimal(tartan::answer(sum).sum_count->winning_moves) << " winning moves\n";
}
