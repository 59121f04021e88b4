// A game against the engine: the position (a row of a 1-D game, or a board of a product of two games), the
// legality of a typed move with the reason when it is refused, the engine's reply, hints and undo. A front end is a
// thin loop around play_session (read a move, play it, print the reply).
//
// Normal play: the players alternate, a move must turn a heads coin to tails (rows: the rightmost coin turned;
// boards: the coin where the last row and the last column of the move meet), and the player left without a move
// loses. That happens when no heads coin is left, or when the heads coins left have no moves (in Twins, coin 0
// cannot move: a move turns exactly two coins).
//
// The engine answers with a winning move when the position has one (value != 0: position.hpp and
// grid_position.hpp find them from the target value), choosing among the first few with its seeded generator;
// from a P-position (value 0) every move loses, and it plays a legal move drawn by the same generator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/move.hpp"
#include "tartan/core/error.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_game.hpp"

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
 * Reads a typed move: coin numbers separated by spaces or commas for a row ("3 7 12"), and for a board the
 * keywords rows and cols, each followed by its coins ("rows 1 4 cols 2 5"; "row", "col", "column" and "columns"
 * also read; either order). Coins may come in any order and are sorted; a coin typed twice is refused.
 * Throws parse_error saying what to type.
 *
 * Example: parse_play_move("12 3 7", 1).axes == {{3, 7, 12}};
 *          parse_play_move("cols 2 5 rows 4", 2).axes == {{4}, {2, 5}}
 */
play_move parse_play_move(std::string_view text, std::size_t dimensions);

/**
 * The move as parse_play_move reads it.
 *
 * Example: format_play_move(play_move{{{1, 4}, {2, 5}}}) == "rows 1 4 cols 2 5"; a row move gives "3 7 12"
 */
std::string format_play_move(const play_move& move);

/**
 * A game between a person and the engine, from a starting position.
 *
 * Example:
 *   play_session s(games::find_game("mock-turtles"), parse_row("HTTH"), player::person, 1);
 *   s.illegal_reason(parse_play_move("1 3", 1))  // "" : turning 1 and 3 is a Mock Turtles move
 *   s.play(parse_play_move("0 3", 1));           // value 1 ⊕ 7 = 6 → the winning move leaves 0
 *   s.engine_move();                              // the engine must now move from a P-position
 */
class play_session {
 public:
  /// A row game from `start`. Computes g over the row once. Throws what the game throws (overflow_error, ...).
  play_session(turning_game game, row_position start, player first = player::person, std::uint64_t seed = 0);

  /// A product of two games on the board `start` (two extents). Throws parse_error when the product does not have
  /// exactly two factors or the board has another number of dimensions.
  play_session(tartan_game game, grid_position start, player first = player::person, std::uint64_t seed = 0);

  bool is_grid() const { return grid_; }
  /// The game's name as typed ("mock-turtles", "ruler*ruler").
  const std::string& game_name() const { return name_; }

  /// The current row (row games only).
  const row_position& row() const;
  /// The current board (product games only).
  const grid_position& board() const;
  /// The position written as parse_row or parse_grid reads it ("HTTH", "HT/TH").
  std::string position_text() const;

  player to_move() const { return to_move_; }
  /// The value of the current position: XOR of g (or of G on a board) over the heads coins.
  grundy_value value() const;
  /// True when the player to move has no move (no heads coin is left, or none of them can move) and has lost.
  /// Complexity: one count_moves(·, 1) per heads coin (and factor) until one can move.
  bool over() const;
  /// The player who won. @pre over()
  player winner() const;

  /**
   * Why `move` is not legal here, or "" when it is: a coin outside the board, the moving coin tails, or coins that
   * are not a move of the game (checked with the game's find_moves for the XOR of g over the other coins, so only
   * the moves with that value are looked at).
   *
   * Example: on "HTTT" in mock-turtles, illegal_reason({{0, 3}}) == "the rightmost coin, 3, is tails; a move turns
   * a heads coin to tails, with coins to its left"
   */
  std::string illegal_reason(const play_move& move) const;

  /// Makes the move for the player to move. Throws illegal_move with illegal_reason's text, changing nothing.
  void play(const play_move& move);

  /**
   * The engine's choice for the player to move, without playing it: a winning move when one exists (one of the
   * first few found, picked by the seeded generator), else a legal move drawn by the generator (a random heads
   * coin that can move, then a random one of its moves). @pre !over()
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
  void apply(const play_move& move);
  std::uint64_t draw(std::uint64_t bound);
  std::string row_reason(const play_move& move) const;
  std::string grid_reason(const play_move& move) const;
  std::vector<coin> random_axis_move(const turning_game& game, coin n);
  bool can_move(std::span<const coin> cell) const;

  bool grid_ = false;
  std::string name_;
  std::vector<turning_game> factors_;  // one for a row game, two for a board
  std::optional<tartan_game> product_;
  std::vector<grundy_value> g_;  // row games: g over the row
  tartan_values values_;         // boards: the factors' values over the board
  row_position row_;
  grid_position board_;
  player to_move_ = player::person;
  std::vector<played_move> history_;
  std::mt19937_64 rng_;
};

}  // namespace tartan
