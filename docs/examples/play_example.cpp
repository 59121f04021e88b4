// A game against the engine from C++: the same session `tartan play` runs. Output: play_example.txt.
#include <iostream>
#include <string>

#include "tartan/games/registry.hpp"
#include "tartan/play/play.hpp"

/// A row move as "2 4 6" (the CLI reads and writes moves in cli/input/play_move_text.hpp).
std::string coins_of(const tartan::play_move& move) { return tartan::format_coins(move.coins()); }

int main() {
  using tartan::player;
  tartan::play_session game(tartan::games::resolve_game("mock-turtles"), tartan::parse_box_position("HTHHTTHH"),
                            player::person, /*seed=*/1);
  std::cout << "start " << game.position().text() << ", value " << game.value() << '\n';

  // A move that is not one of Mock Turtles' (four coins) is refused with the reason.
  const tartan::play_move four{{{0, 2, 3, 7}}};
  std::cout << "0 2 3 7: " << game.illegal_reason(four) << '\n';

  // The person follows the hints; the engine answers. Whoever is left without a move loses.
  while (!game.over()) {
    if (game.to_move() == player::person) {
      const tartan::play_move move = *game.hint();  // the person moves first from an N-position: a hint exists
      game.play(move);
      std::cout << "you turn " << coins_of(move);
    } else {
      std::cout << "engine turns " << coins_of(game.engine_move());
    }
    std::cout << " -> " << game.position().text() << " (value " << game.value() << ")\n";
  }
  std::cout << (game.winner() == player::person ? "you win" : "the engine wins") << '\n';

  // Undo takes moves back one at a time.
  while (game.undo()) {
  }
  std::cout << "after undoing every move: " << game.position().text() << '\n';

  // A random start of 6 coins, the same wherever seed 7 is used; the person plays the first legal move listed by
  // the analysis of the position, the engine answers, and the review says what each move did to the value.
  const tartan::game_handle mock_turtles = tartan::games::resolve_game("mock-turtles");
  tartan::play_session lesson(mock_turtles, tartan::random_position(mock_turtles, {6}, /*seed=*/7), player::person,
                              /*seed=*/7);
  std::cout << "random start " << lesson.position().text() << ", value " << lesson.value() << '\n';
  lesson.play(lesson.current().options(1).front().turned);
  lesson.engine_move();
  for (const tartan::move_review& r : lesson.review()) {
    std::cout << (r.played.by == player::person ? "you turned " : "engine turned ") << coins_of(r.played.move)
              << ": value " << r.before << " -> " << r.after;
    if (r.mistake()) std::cout << ", a mistake; " << coins_of(*r.better) << " would have left 0";
    if (r.winning()) std::cout << ", a winning move";
    std::cout << '\n';
  }
}
