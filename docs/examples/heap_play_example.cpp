// A take-and-break game on heaps against the engine from C++: the session `tartan play kayles --heaps 2,3,6` runs.
// Output: heap_play_example.txt.
#include <iostream>
#include <string>

#include "tartan/games/registry.hpp"
#include "tartan/play/heap_play.hpp"

/// "take 2 from 7 leaving 1 4" (tartan::present::heap_move_text says it in full; this example links the engine only).
std::string said(const tartan::heap_move& m) {
  std::string s = "take " + std::to_string(m.take) + " from " + std::to_string(m.from);
  if (!m.leaving.empty()) s += " leaving " + tartan::format_heaps(m.leaving);
  return s;
}

int main() {
  using tartan::player;
  tartan::heap_play_session game(tartan::games::resolve_game("kayles"), {2, 3, 6}, player::person, /*seed=*/4);
  std::cout << "heaps " << tartan::format_heaps(game.heaps()) << ", value " << game.value() << '\n';

  // Moves are read as people type them; one that is not Kayles' is refused with the reason.
  std::cout << game.illegal_reason(tartan::parse_heap_move("take 3 from 6 leaving 3")) << '\n';

  // The person takes one token from the largest heap each turn, which is always a Kayles move; the engine replies.
  while (!game.over()) {
    if (game.to_move() == player::person) {
      const tartan::heap_size largest = game.heaps().back();
      game.play(tartan::parse_heap_move("take 1 from " + std::to_string(largest) +
                                        (largest > 1 ? " leaving " + std::to_string(largest - 1) : "")));
    } else {
      game.engine_move();
    }
  }
  std::cout << (game.winner() == player::person ? "you win" : "the engine wins") << '\n';

  // The review: each move with the heaps' value before and after it.
  for (const tartan::heap_move_review& r : game.review()) {
    std::cout << (r.played.by == player::person ? "you: " : "engine: ") << said(r.played.move) << ", value " << r.before
              << " -> " << r.after;
    if (r.winning()) std::cout << ", a winning move";
    if (r.mistake()) std::cout << ", a mistake; " << said(*r.better) << " would have left 0";
    std::cout << '\n';
  }
}
