// Sums of positions: a Mock Turtles row plus a Ruler row plus a Rugs board plus Kayles heaps 3, 4, played together; a
// move is a move in one term. By Sprague-Grundy the sum's value is the XOR of the terms' values V = v_0 ⊕ v_1 ⊕ ...,
// and a move in term i wins exactly when it leads that term to v_i ⊕ V, that is, changes it by V. So the winning
// moves of a sum are each term's moves to one target value (analysis::for_each_move_to, heap_analysis::
// for_each_move_to), and their number is each term's count of moves changing its value by V
// (count_moves_changing_value), with no term rebuilt.
//
// A term is a position of coins (a row, a board, a box) or heaps of a take-and-break game (heap_position.hpp), whose
// moves are heap moves; in normal play the heaps are worth the XOR of g over them, as their coin form is.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {

/// One term of a sum: a game and a position of it, of coins or, for a take-and-break game, of heaps.
struct sum_term {
  game_handle game;
  box_region position;
  /// Heaps of the game (a take-and-break code: heap_position.hpp) instead of coins; `position` is then not read.
  /// Equal heaps are kept (in misère play they do not cancel).
  std::optional<std::vector<heap_size>> heaps = std::nullopt;

  bool is_heaps() const { return heaps.has_value(); }
};

/**
 * A term of heaps, `game` with the heaps `heaps`. Throws parse_error, naming the term (numbered from 0), when the game
 * is not a take-and-break code (heap_rule).
 *
 * Example: heap_term(kayles, {3, 4}, 0).heaps == std::vector<heap_size>{3, 4}
 */
sum_term heap_term(const game_handle& game, std::vector<heap_size> heaps, std::size_t term);

/// A move of a sum: the term it is made in (numbered from 0), and the move, the coins it turns or, in a term of heaps,
/// the heap move (`heap` set, `coins` empty).
struct sum_move {
  std::size_t term = 0;
  move coins;
  std::optional<heap_move> heap;
  friend bool operator==(const sum_move&, const sum_move&) = default;
};

/// Called with each move of a sum visited; returns false to stop.
using sum_move_callback = std::function<bool(const sum_move&)>;

/// One term of a sum analysed: its position of coins (analysis) or its heaps (heap_analysis).
class term_analysis {
 public:
  explicit term_analysis(analysis coins) : coins_(std::move(coins)) {}
  explicit term_analysis(heap_analysis heaps) : heaps_(std::move(heaps)) {}

  bool is_heaps() const { return heaps_.has_value(); }
  /// The analysis of a term of coins. @pre !is_heaps()
  const analysis& coins() const { return *coins_; }
  /// The analysis of a term of heaps. @pre is_heaps()
  const heap_analysis& heaps() const { return *heaps_; }
  const game_handle& game() const { return heaps_ ? heaps_->game() : coins_->game(); }
  grundy_value value() const { return heaps_ ? heaps_->value() : coins_->value(); }
  /// What the term's search for moves counts as its coins: its heads coins, or its heap sizes.
  std::uint64_t searched_units() const;

  /**
   * The term's moves to a position of value `target`, as sum moves of term `term`, after passing over `skip` of them,
   * under `limits` (analysis::for_each_move_to; heap_analysis::for_each_move_to).
   */
  search_report for_each_move_to(std::size_t term, grundy_value target, const sum_move_callback& visit,
                                 const search_options& limits = {}, std::uint64_t skip = 0) const;

 private:
  std::optional<analysis> coins_;
  std::optional<heap_analysis> heaps_;
};

/// The analysis of a sum: each term analysed, the sum's value, and its winning moves on demand.
class sum_analysis {
 public:
  /// Analyses every term (analyze(), heap_analysis, so the same limits and errors). Throws parse_error for an empty
  /// sum.
  sum_analysis(const std::vector<sum_term>& terms, const analyze_options& options = {});

  const std::vector<term_analysis>& terms() const { return terms_; }
  grundy_value value() const { return value_; }
  char outcome() const { return value_ != 0 ? 'N' : 'P'; }

  /// Visits the winning moves, term by term (term 0 first), each term's in its for_each_winning_move's order, until
  /// `visit` returns false; false when it was stopped.
  bool for_each_winning_move(const sum_move_callback& visit) const;

  /// Winning moves `skip`..`skip + limit - 1` in that order.
  std::vector<sum_move> winning_moves(std::size_t limit, std::size_t skip = 0) const;

 private:
  std::vector<term_analysis> terms_;
  grundy_value value_ = 0;
};

/// The count of a sum's winning moves: per term, its value and its winning moves (moves changing it by the sum's
/// value); in all, the sum's value and the total.
struct sum_count_result {
  grundy_value value = 0;
  std::vector<move_count_result> terms;
  uint128 winning_moves = 0;
};

/**
 * Counts a sum's winning moves exactly, each term as count_winning_moves counts a position (any size, compact
 * positions), a term of heaps as heap_analysis counts its moves (its `heads` the number of heaps). Throws as
 * count_winning_moves does, parse_error for an empty sum, overflow_error beyond 2^128.
 *
 * Example: mock-turtles "HTTH" (value 6) + mock-turtles "HTTT" (value 1): the sum has value 7 and its winning
 * moves change one term by 7
 */
sum_count_result count_sum_winning_moves(const std::vector<sum_term>& terms, const analyze_options& options = {});

}  // namespace tartan
