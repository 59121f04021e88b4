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
//
// Misère play (play_convention::misere): the player who makes the last move loses, so the player left without a move
// wins. The session then also keeps a misère analysis of the current position (misere.hpp), whose solver is made once
// for the start's box and asked position after position; the engine answers with a move to a P-position when there
// is one, the hints are such moves, and the review says what each move did to the outcome (N or P), values having no
// say in misère play.
//
// Around the session: random_position draws a starting position (seeded, so a class can replay it), and
// play_session::review says what each move did to the value once a game is over (for a game played with the
// values hidden).
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
#include "tartan/analysis/misere.hpp"
#include "tartan/core/error.hpp"
#include "tartan/product/move.hpp"

namespace tartan {

/// The two sides of a game against the engine.
enum class player { person, engine };

/// The other side.
constexpr player opponent(player p) { return p == player::person ? player::engine : player::person; }

/// Who wins when a player has no move: the other player (normal play) or that player (misère play: the last player to
/// move loses).
enum class play_convention { normal, misere };

/// A move in play: the engine's one move type (move.hpp), one ascending coin set per axis.
using play_move = move;

/// A move that was made, and by whom: Move is play_move for coins, heap_move for heaps (heap_play.hpp).
template <class Move>
struct basic_played_move {
  Move move;
  player by = player::person;
  friend bool operator==(const basic_played_move&, const basic_played_move&) = default;
};

/// What one move of a game did to the outcome: a move from an N-position that leaves a P-position wins, a move from
/// an N-position that leaves an N-position threw a win away, and from a P-position every move loses. In normal play
/// the outcome is the value's (N when it is not 0: a winning move leaves value 0); in misère play it is the misère
/// outcome, the values having no say. Move is play_move for coins, heap_move for heaps.
template <class Move>
struct basic_move_review {
  basic_played_move<Move> played;
  grundy_value before = 0;  // the value of the position the move was made from
  grundy_value after = 0;   // the value of the position it left
  /// For a mistake, a winning move from the same position (the first in the analysis' order of winning moves).
  std::optional<Move> better;
  /// The outcomes before and after the move ('N' or 'P'; '?' where misère solving was stopped); 0: from the values.
  char outcome_before = 0;
  char outcome_after = 0;

  /// The outcome before the move: outcome_before, or the value's.
  char before_outcome() const { return outcome_before != 0 ? outcome_before : before != 0 ? 'N' : 'P'; }
  char after_outcome() const { return outcome_after != 0 ? outcome_after : after != 0 ? 'N' : 'P'; }
  /// The move left a P-position from an N-position.
  bool winning() const { return before_outcome() == 'N' && after_outcome() == 'P'; }
  /// The move was made from an N-position (a winning move existed) and left an N-position.
  bool mistake() const { return before_outcome() == 'N' && after_outcome() == 'N'; }
};

/// A coin move that was made, and by whom.
using played_move = basic_played_move<play_move>;
/// What one coin move did to the outcome.
using move_review = basic_move_review<play_move>;

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
  /// Starts from `start`, analysed with `limits` (analyze()), in normal or misère play. Throws what analyze throws:
  /// parse_error when the position's number of axes is not the game's, limit_error when the values would not fit the
  /// limits, ...; in misère play also what misere_solver throws for a start beyond its reach (limit_error: more than
  /// 64 coins in its heads' box, ...), and time_limit_error when the start's misère outcome is not found within
  /// limits.max_seconds.
  play_session(game_handle game, box_position start, player first = player::person, std::uint64_t seed = 0,
               const analyze_options& limits = {}, play_convention convention = play_convention::normal);

  const game_handle& game() const { return game_; }
  /// The current position, in the box it started in.
  const box_position& position() const { return current_.position(); }
  /// The position the game started from.
  const box_position& start() const { return start_; }
  /// The analysis of the current position (analysis.hpp): its options with their values, its winning moves, the
  /// factors' values. Valid until the next play or undo.
  const analysis& current() const { return current_; }

  player to_move() const { return to_move_; }
  play_convention convention() const { return convention_; }
  bool misere() const { return convention_ == play_convention::misere; }
  /// The value of the current position: XOR of G over the heads coins (normal play's; no guide in misère play).
  grundy_value value() const { return current_.value(); }
  /// The outcome of the current position under the session's convention: 'N' (the player to move can win) or 'P'.
  char outcome() const { return misere_ ? misere_->outcome() : current_.outcome(); }
  /// The misère analysis of the current position. @pre misere()
  const misere_analysis& current_misere() const { return *misere_; }
  /// True when the player to move has no move (no heads coin is left, or none of them can move): the game is over,
  /// lost by that player in normal play and won in misère play.
  /// Complexity: one count_moves(·, 1) per heads coin and axis until one can move.
  bool over() const;
  /// The player who won: the one who made the last move in normal play, the other in misère play. @pre over()
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
   * coin that can move, then a random one of its moves along each axis). The search for winning moves obeys the
   * session's time limit (limits.max_seconds, from the start of the search): when it ends without a winning move,
   * the drawn legal move is played and reply_timed_out() says so. @pre !over()
   * Complexity: the search's time to its 16th winning move (analysis::for_each_winning_move), at most the limit.
   */
  play_move choose_move();

  /// True when the last choose_move() fell back to a drawn legal move because the time limit stopped the search
  /// before it found a winning move (the position may still have one).
  bool reply_timed_out() const { return reply_timed_out_; }

  /// choose_move(), played. @pre !over()
  play_move engine_move();

  /// A winning move for the player to move (the first found), or nothing when the position is a P-position (value 0
  /// in normal play) or the time limit (limits.max_seconds) stopped the search before it found one.
  std::optional<play_move> hint() const;

  /// Takes back the last move; false when no move was made.
  bool undo();

  /// The moves made so far, oldest first (moves taken back are removed).
  const std::vector<played_move>& history() const { return history_; }

  /**
   * The moves made so far, each with the value and the outcome before and after it and, for a mistake, a winning move
   * that was there instead: what a front end shows at the end of a game played with the values hidden. In misère
   * play the outcomes are the misère ones (the session's solver answers them).
   * Complexity: one analyze() per position of the game (the sequences are cached), one winning move per mistake.
   *
   * Example: from mock-turtles "HTTH" (value 1 ⊕ 7 = 6), after play(move{{{3}}}): review()[0] has before 6, after
   * 1, mistake() true and better == move{{{0, 3}}}
   */
  std::vector<move_review> review() const;

 private:
  /// Turns `turned` over and analyses the new position.
  void apply(const play_move& turned);
  /// The first `count` winning moves of the current position (misère ones in misère play), within the time limit.
  move_page winning_page(std::size_t count) const;
  std::uint64_t draw(std::uint64_t bound);
  bool can_move(std::span<const coin> cell) const;
  std::vector<coin> random_axis_move(std::size_t axis, coin n);

  game_handle game_;
  analyze_options limits_;
  box_position start_;
  analysis current_;  // of the current position
  play_convention convention_ = play_convention::normal;
  std::optional<misere_analysis> misere_;  // misère play: of the current position, its solver made for the start
  player to_move_ = player::person;
  std::vector<played_move> history_;
  std::mt19937_64 rng_;
  bool reply_timed_out_ = false;
};

/// The most coins random_position draws unless told otherwise: 2^24 (its heads take at most 64 MiB per axis).
inline constexpr std::uint64_t max_random_cells = std::uint64_t{1} << 24;

/**
 * A random position of `game` in a box of `extents` (one extent per axis: a row's length, a board's rows and
 * columns, ...), drawn from `rng`: each coin is heads with probability 1/2, independently, and the draw is made
 * again while the player to move would have no move (no heads coin can move: all tails, or in Twins only coin 0
 * heads), so every position of the box that has a move is equally likely. The coins are drawn in row-major order,
 * 64 to a generator output (bit j of an output for the j-th coin of its 64), so a seed gives the same position with
 * every standard library. The position may be a P-position (value 0): the player who starts then loses against
 * good play, and a front end says so or draws again.
 *
 * Throws parse_error when `extents` has not one extent per axis of the game, or an extent is 0 or above 2^32;
 * limit_error when the box has more than `max_cells` coins; domain_error when no coin of the box can move, so that
 * no position of it has a move (a 1-coin row of Twins).
 * Complexity: one count_moves(·, 1) per coin of each axis, then O(cells) per draw, 2 draws expected at most.
 *
 * Example: std::mt19937_64 rng(7); random_position(games::resolve_game("ruler*ruler"), {4, 4}, rng) is one of the
 * 2^16 - 1 boards of 4x4 with a heads coin, each as likely
 */
box_position random_position(const game_handle& game, const box_extents& extents, std::mt19937_64& rng,
                             std::uint64_t max_cells = max_random_cells);

/// random_position from a generator seeded with `seed`.
box_position random_position(const game_handle& game, const box_extents& extents, std::uint64_t seed,
                             std::uint64_t max_cells = max_random_cells);

}  // namespace tartan
