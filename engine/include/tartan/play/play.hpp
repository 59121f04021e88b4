// A game against the engine: the position (a row of a 1-D game, a board or box of a tartan product), the legality
// of a move with the reason when it is refused, the engine's reply, hints and undo. A front end is a thin loop
// around play_session: read a move (its own syntax, e.g. cli/input/play_move_text.hpp), play it, print the reply.
//
// Normal play: the players alternate, a move must turn a heads coin to tails (rows: the rightmost coin turned;
// boards and boxes: the coin where the last coordinate of every axis meets), and the player left without a move
// loses. That happens when no heads coin is left, or when the heads coins left have no moves (in Twins, coin 0
// cannot move: a move turns exactly two coins).
//
// The session keeps an analysis of the current position (analysis.hpp), so the value, the winning moves and the
// factors' values come from the one engine API. The engine answers with a winning move when the position has one
// (value != 0), choosing among the first few with its seeded generator; from a P-position (value 0) every move
// loses, and it plays a legal move drawn by the same generator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move.hpp"
#include "tartan/core/error.hpp"

namespace tartan {

/// The two sides of a game against the engine.
enum class player { person, engine };

/// The other side.
constexpr player opponent(player p) { return p == player::person ? player::engine : player::person; }

/// A move in play: the engine's one move type (move.hpp), one ascending coin set per axis.
using play_move = move;

/// A move that was made, and by whom.
struct played_move {
  play_move move;
  player by = player::person;
};

/// A move refused by play_session::play; what() gives the reason, one lowercase sentence.
class illegal_move : public error {
 public:
  using error::error;
};

/**
 * A game between a person and the engine, from a starting position of any game: a row of a 1-D game, a board of a
 * product of two games, a box of a product of more.
 *
 * Example:
 *   play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position("HTTH"), player::person, 1);
 *   s.illegal_reason(move{{{1, 3}}})  // "" : turning 1 and 3 is a Mock Turtles move
 *   s.play(move{{{0, 3}}});           // value 1 ⊕ 7 = 6 → the winning move leaves 0
 *   s.engine_move();                  // the engine must now move from a P-position
 */
class play_session {
 public:
  /// Starts from `start`, analysed with `limits` (analyze()). Throws what analyze throws: parse_error when the
  /// position's number of axes is not the game's, limit_error when the values would not fit the limits, ...
  play_session(game_handle game, box_position start, player first = player::person, std::uint64_t seed = 0,
               const analyze_options& limits = {});

  const game_handle& game() const { return game_; }
  /// The current position, in the box it started in.
  const box_position& position() const { return current_.position(); }

  player to_move() const { return to_move_; }
  /// The value of the current position: XOR of G over the heads coins.
  grundy_value value() const { return current_.value(); }
  /// True when the player to move has no move (no heads coin is left, or none of them can move) and has lost.
  /// Complexity: one count_moves(·, 1) per heads coin and axis until one can move.
  bool over() const;
  /// The player who won. @pre over()
  player winner() const;

  /**
   * Why `turned` is not legal here, or "" when it is: the wrong number of axes, an axis not ascending, a coin
   * outside the box, the moving coin tails, or coins that are not a move of the game along some axis (checked with
   * the factor's find_moves for the XOR of g over the other coins, so only the moves with that value are looked at).
   *
   * Example: on "HTTT" in mock-turtles, illegal_reason(move{{{0, 3}}}) == "the rightmost coin, 3, is tails; a move
   * turns a heads coin to tails, with coins to its left"
   */
  std::string illegal_reason(const play_move& turned) const;

  /// Makes the move for the player to move. Throws illegal_move with illegal_reason's text, changing nothing.
  void play(const play_move& turned);

  /**
   * The engine's choice for the player to move, without playing it: a winning move when one exists (one of the
   * first few found, picked by the seeded generator), else a legal move drawn by the generator (a random heads
   * coin that can move, then a random one of its moves along each axis). @pre !over()
   */
  play_move choose_move();

  /// choose_move(), played. @pre !over()
  play_move engine_move();

  /// A winning move for the player to move (the first found), or nothing when the position's value is 0.
  std::optional<play_move> hint() const;

  /// Takes back the last move; false when no move was made.
  bool undo();

  /// The moves made so far, oldest first (moves taken back are removed).
  const std::vector<played_move>& history() const { return history_; }

 private:
  /// Turns `turned` over and analyses the new position.
  void apply(const play_move& turned);
  std::uint64_t draw(std::uint64_t bound);
  bool can_move(std::span<const coin> cell) const;
  std::vector<coin> random_axis_move(std::size_t axis, coin n);

  game_handle game_;
  analyze_options limits_;
  analysis current_;  // of the current position
  player to_move_ = player::person;
  std::vector<played_move> history_;
  std::mt19937_64 rng_;
};

}  // namespace tartan
