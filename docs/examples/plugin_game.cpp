// Plugging a new coin-turning game into tartan: its values, a position's value and winning moves, and the
// explicit-graph check. Expected output: plugin_game.txt. Build against the installed package (find_package(tartan),
// target tartan::engine) or inside the tree; the tests compile and run this file.
#include "plugin_game.hpp"

#include <iostream>
#include <vector>

#include "tartan/turning/game_check.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

int main() {
  const example::short_hop rule;

  // Values straight from the rule (templates: no virtual calls), then behind the run-time handle that the rest of
  // tartan uses; the handle computes each sequence once and caches it.
  const std::vector<tartan::grundy_value> g = tartan::grundy_sequence(rule, 12);
  std::cout << "short-hop g(0..11):";
  for (const auto v : g) std::cout << ' ' << v;
  std::cout << '\n';
  const tartan::turning_game game("short-hop", "", rule);

  // A position: coin 0 first, H heads. Its value is the XOR of g over the heads coins.
  const tartan::row_position p = tartan::parse_row("HTHHTTHH");
  const tartan::grundy_value value = tartan::position_value(g, p);
  std::cout << "position HTHHTTHH: value " << value << (value != 0 ? " (N: the first player wins)" : " (P)") << '\n';
  std::cout << "winning moves (coins turned, the last from heads to tails):\n";
  for (const auto& move : tartan::winning_moves(game, g, p, 10)) {
    std::cout << ' ';
    for (const auto c : move) std::cout << ' ' << c;
    std::cout << '\n';
  }

  // Every position on 12 coins as a game graph, values by mex over it, compared with the XOR of g.
  const tartan::check_report report = tartan::check_game(game, 12);
  std::cout << "check on 12 coins: " << report.positions << " positions, " << report.edges << " moves, "
            << report.mismatches << " mismatches\n";
  return report.passed() ? 0 : 1;
}
