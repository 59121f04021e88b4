// A game of a take-and-break game played on heaps against the engine (tartan play kayles --heaps 5,7,9): the heaps
// (equal heaps kept), whether a heap move is legal and why not, the engine's reply as a heap move, hints and undo.
// The values and winning moves come from heap_analysis (heap_position.hpp); a front end reads and prints the moves.
//
// Normal play: a move is a move of the code in one heap; the player left without a move (no heap can move) loses.
// The engine answers with a winning move when there is one (one of the first few found, chosen by its seeded
// generator), else a legal move drawn by the same generator. Misère play (play_convention::misere): the player left
// without a move wins; the outcomes and winning moves come from misere_heap_analysis (misere_heaps.hpp), its solver
// made once for the start and asked heap position after heap position. Once a game is over (or at any time), review()
// says what each move did to the outcome, as play_session::review does for coins.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/play/play.hpp"

namespace tartan {

/// A heap move that was made, and by whom.
using played_heap_move = basic_played_move<heap_move>;
/// What one heap move did to the outcome (basic_move_review in play.hpp): in normal play the outcome is the value's,
/// in misère play the misère outcome of the heaps.
using heap_move_review = basic_move_review<heap_move>;

/**
 * Reads a heap move as a person types it: "take 2 from 7 leaving 1 4" or its numbers alone, "2 7 1 4" (the tokens
 * taken, the heap, then the heaps left); "split 7 into 3 4" for a split (d0); the words heap_move_text writes too
 * ("take 2 from the heap of 7, leaving heaps of 1 and 4", "... leaving nothing"), in any case. Throws parse_error
 * saying what to type. Whether the move is legal is the session's question (heap_play_session::illegal_reason).
 *
 * Example: parse_heap_move("take 2 from the heap of 7, leaving heaps of 1 and 4") == heap_move{2, 7, {1, 4}};
 *          parse_heap_move("split 7 into 3 4") == heap_move{0, 7, {3, 4}}
 */
heap_move parse_heap_move(std::string_view text);

class heap_play_session {
 public:
  /**
   * Starts from `heaps` of `game`, whose values are computed under `limits` (and the engine's search for a winning
   * move stops after limits.max_seconds). Throws what heap_analysis throws: parse_error for a game that is not a
   * take-and-break code, limit_error for heaps beyond the limits.
   *
   * Example: heap_play_session s(kayles, {5, 7, 9}, player::person, 1); s.play({1, 7, {3, 3}}); s.value() == 0
   */
  heap_play_session(const game_handle& game, std::vector<heap_size> heaps, player first = player::person,
                    std::uint64_t seed = 0, const analyze_options& limits = {},
                    play_convention convention = play_convention::normal);

  const game_handle& game() const { return game_; }
  /// The heaps, ascending.
  const std::vector<heap_size>& heaps() const { return current_->heaps(); }
  /// The heaps the game started from, ascending.
  const std::vector<heap_size>& start() const { return before_.empty() ? heaps() : before_.front(); }
  const heap_analysis& current() const { return *current_; }
  /// The misère analysis of the current heaps (its method, and the quotient it rests on). @pre misere()
  const misere_heap_analysis& current_misere() const { return *misere_; }
  grundy_value value() const { return current_->value(); }
  player to_move() const { return to_move_; }
  bool misere() const { return misere_.has_value(); }
  /// The outcome under the session's convention: 'N' or 'P' ('?' when misère solving was stopped by the time limit).
  char outcome() const { return misere_ ? misere_->outcome() : current_->outcome(); }
  /// True when no heap can move: the player to move has lost (normal play) or won (misère play).
  bool over() const;
  /// @pre over()
  player winner() const { return misere_ ? to_move_ : opponent(to_move_); }

  /**
   * Why `m` is not a legal move here, or "" when it is: no heap of that size, the tokens taken and the heaps left not
   * adding up to the heap, or not a move the code allows.
   *
   * Example: on Kayles heaps {5, 7, 9}, illegal_reason({3, 7, {4}}) == "kayles (code 0.77) has no move that takes 3
   * from a heap of 7, leaving a heap of 4"
   */
  std::string illegal_reason(const heap_move& m) const;
  /// Makes the move for the player to move. Throws illegal_move with illegal_reason's text, changing nothing.
  void play(const heap_move& m);

  /// The engine's choice: a winning move when one is found within the time limit, else a drawn legal move
  /// (reply_timed_out() says when the limit, not the position, was the reason). @pre !over()
  heap_move choose_move();
  bool reply_timed_out() const { return reply_timed_out_; }
  /// choose_move(), played. @pre !over()
  heap_move engine_move();
  /// The first winning move, or nothing at value 0 (or when the time limit stopped the search first).
  std::optional<heap_move> hint() const;
  /// Takes back the last move; false when there is none.
  bool undo();
  const std::vector<played_heap_move>& history() const { return history_; }

  /**
   * The moves made so far, each with the value and the outcome before and after it and, for a mistake, a winning move
   * that was there instead: what a front end shows at the end of a game played with the values hidden. In misère
   * play the outcomes are the misère ones (the session's solver answers them).
   * Complexity: the value of each position of the game (the sequence is cached), one winning move per mistake; in
   * misère play one misère analysis per position, by the session's solver.
   *
   * Example: Kayles from heaps {1, 2} (value 3), after play({2, 2, {}}): review()[0] has before 3, after 1,
   * mistake() true and better == heap_move{1, 2, {1}}
   */
  std::vector<heap_move_review> review() const;

 private:
  void apply(const heap_move& m);
  /// True when a heap of `heap` tokens has a move of the code.
  bool can_move(heap_size heap) const { return current_->rule().has_heap_move(heap); }
  /// A legal move in the heap of `from`, drawn by the session's generator. @pre can_move(from)
  heap_move draw_move(heap_size from);
  /// The winning moves of the current heaps under the session's convention.
  search_report winning_moves_of(heap_move_callback visit, const search_options& limits) const;

  game_handle game_;
  analyze_options limits_;
  std::optional<heap_analysis> current_;
  std::optional<misere_heap_analysis> misere_;  // misère play: of the current heaps, one solver for the game
  std::vector<std::vector<heap_size>> before_;  // the heaps before each move of history_
  player to_move_ = player::person;
  std::vector<played_heap_move> history_;
  std::mt19937_64 rng_;
  bool reply_timed_out_ = false;
};

}  // namespace tartan
