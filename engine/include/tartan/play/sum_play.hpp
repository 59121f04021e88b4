// A game of a sum of positions against the engine (tartan play mock-turtles HTTH + kayles heaps=3,4): terms of coins
// (rows, boards, boxes) and of heaps played together, a move a move in one term, in normal or misère play.
//
// Each term keeps its own session for its moves: a play_session (coins) or a heap_play_session (heaps), in normal play,
// which checks a move's legality and says why one is refused, and makes it. What the sum is worth comes from the one
// analysis of the whole sum: sum_analysis in normal play (the terms' values XOR; a move wins when it leads its term to
// its value XOR the sum's), misère_sum_analysis in misère play (through the quotient of the rows or of the heaps when
// every term is of one game, the quotient built once for the start and reused move after move, since every later
// position lies below it; else the search). The engine answers with a winning move when there is one, chosen by its
// seeded generator among the first few, else a legal move drawn by it; hints are winning moves, and effect() says why
// one wins: the value it leaves its term and the sum (normal play), or the class it leaves its term and the sum's
// class, in the P-portion (misère play through a quotient).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tartan/analysis/misere_sum.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/play/heap_play.hpp"
#include "tartan/play/play.hpp"

namespace tartan {

/// A move of a sum that was made, and by whom.
using played_sum_move = basic_played_move<sum_move>;
/// What one move of a sum did to the outcome (basic_move_review in play.hpp): in normal play the sum's values, in
/// misère play its misère outcomes.
using sum_move_review = basic_move_review<sum_move>;

/// What a move does to the sum: its term's value before and after it and the sum's value after it (normal play), or,
/// in misère play through a quotient, the term's class before and after it and the sum's class after it; and the
/// outcome it leaves ('P': the move wins).
struct sum_move_effect {
  grundy_value term_before = 0;
  grundy_value term_after = 0;
  grundy_value sum_after = 0;
  std::optional<quotient_element> class_before;
  std::optional<quotient_element> class_after;
  std::optional<quotient_element> sum_class_after;
  char outcome_after = 0;
};

class sum_play_session {
 public:
  /**
   * Starts from the sum of `terms` (positions of coins are listed: heads outside their box, beyond the memory limit,
   * refused as play_session refuses them), with `limits` for every analysis. Throws what play_session,
   * heap_play_session, sum_analysis and analyze_misere_sum throw; in misère play time_limit_error when the start's
   * outcome is not found within limits.max_seconds.
   *
   * Example: sum_play_session s({{mock, parse_box_region({4}, "0,3")}, heap_term(kayles, {3, 4}, 1)},
   *                             player::person, 1); s.value() == (1 ^ 7) ^ (3 ^ 1)
   */
  sum_play_session(std::vector<sum_term> terms, player first = player::person, std::uint64_t seed = 0,
                   const analyze_options& limits = {}, play_convention convention = play_convention::normal);

  /// The terms as they are now: positions of coins with their heads listed, heaps ascending.
  const std::vector<sum_term>& terms() const { return terms_; }
  /// The terms the game started from.
  const std::vector<sum_term>& start() const { return before_.empty() ? terms_ : before_.front(); }
  player to_move() const { return to_move_; }
  play_convention convention() const { return convention_; }
  bool misere() const { return convention_ == play_convention::misere; }
  /// The analysis of the sum now. @pre !misere()
  const sum_analysis& current() const { return *normal_; }
  /// The misère analysis of the sum now. @pre misere()
  const misere_sum_analysis& current_misere() const { return *misere_; }
  /// The sum's value (normal play's, the XOR of the terms'; no guide in misère play).
  grundy_value value() const { return normal_ ? normal_->value() : 0; }
  /// 'N' or 'P' under the session's convention ('?' when misère solving was stopped).
  char outcome() const { return misere_ ? misere_->outcome() : normal_->outcome(); }
  /// True when no term has a move: lost by the player to move in normal play, won in misère play.
  bool over() const;
  /// @pre over()
  player winner() const;

  /// Why `m` is not a legal move here, or "" when it is: a term that does not exist, a move of the wrong kind (coins
  /// for heaps or heaps for coins), or what its term's session says ("term 1: ...").
  std::string illegal_reason(const sum_move& m) const;
  /// Makes the move for the player to move. Throws illegal_move with illegal_reason's text, changing nothing.
  void play(const sum_move& m);
  /// The engine's choice: a winning move when one is found within the time limit (one of the first few, by the seeded
  /// generator), else a legal move drawn by it. @pre !over()
  sum_move choose_move();
  bool reply_timed_out() const { return reply_timed_out_; }
  /// choose_move(), played. @pre !over()
  sum_move engine_move();
  /// The first winning move, or nothing at a P-position (or when the time limit stopped the search first).
  std::optional<sum_move> hint() const;
  /**
   * What `m`, a legal move here, does to the sum: values in normal play; classes in misère play when the outcome rests
   * on a quotient (the analysis after it built on the same quotient); the outcome it leaves.
   * Complexity: one analysis of the sum after the move (the sequences and the quotient reused).
   *
   * Example: from mock-turtles HTTH (value 1 ⊕ 7 = 6) + turtles HH (1 ⊕ 2 = 3), turning coins 1 and 3 of term 0 has
   * term_before 6, term_after 1 ⊕ 2 = 3 and sum_after 0: a winning move
   */
  sum_move_effect effect(const sum_move& m) const;
  /// Takes back the last move; false when there is none.
  bool undo();
  const std::vector<played_sum_move>& history() const { return history_; }
  /// Each move made so far with the outcome (and in normal play the value) before and after it, and for a mistake a
  /// winning move there was instead. Complexity: one analysis of the sum per position of the game.
  std::vector<sum_move_review> review() const;

 private:
  /// The analysis of `terms` under the session's convention, reusing the quotient (or heap solver) of the start.
  void analyse(const std::vector<sum_term>& terms, std::optional<sum_analysis>& normal,
               std::optional<misere_sum_analysis>& misere) const;
  /// The terms after `m`. @pre m is legal
  std::vector<sum_term> after(const sum_move& m) const;
  /// Applies `m` to the terms' sessions and the terms, and analyses the sum again.
  void apply(const sum_move& m);
  std::vector<sum_move> winning(std::size_t count, bool& timed_out) const;

  analyze_options limits_;
  play_convention convention_ = play_convention::normal;
  std::vector<std::optional<play_session>> coins_;       // a term of coins' session, by term
  std::vector<std::optional<heap_play_session>> heaps_;  // a term of heaps' session, by term
  std::vector<sum_term> terms_;
  std::optional<sum_analysis> normal_;
  std::optional<misere_sum_analysis> misere_;
  std::shared_ptr<const misere_quotient> rows_quotient_;  // misère play: the start's quotient of rows, reused
  std::shared_ptr<misere_heap_solver> heap_solver_;       // misère play: the start's solver of heaps, reused
  std::vector<std::vector<sum_term>> before_;             // the terms before each move of history_
  player to_move_ = player::person;
  std::vector<played_sum_move> history_;
  std::mt19937_64 rng_;
  bool reply_timed_out_ = false;
};

}  // namespace tartan
