// Sums of positions: a Mock Turtles row plus a Ruler row plus a Rugs board, played together; a move is a move in
// one term. By Sprague-Grundy the sum's value is the XOR of the terms' values V = v_0 ⊕ v_1 ⊕ ..., and a move in
// term i wins exactly when it leads that term to v_i ⊕ V, that is, changes it by V. So the winning moves of a sum
// are each term's moves to one target value (analysis::for_each_move_to), and their number is each term's count of
// moves changing its value by V (count_moves_changing_value), with no term rebuilt.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {

/// One term of a sum: a game and a position of it.
struct sum_term {
  game_handle game;
  box_region position;
};

/// The analysis of a sum: each term analysed, the sum's value, and its winning moves on demand.
class sum_analysis {
 public:
  /// Analyses every term (analyze(), so the same limits and errors). Throws parse_error for an empty sum.
  sum_analysis(const std::vector<sum_term>& terms, const analyze_options& options = {});

  const std::vector<analysis>& terms() const { return terms_; }
  grundy_value value() const { return value_; }
  char outcome() const { return value_ != 0 ? 'N' : 'P'; }

  /// Visits the winning moves, term by term (term 0 first), each term's in for_each_winning_move's order, with the
  /// term's index, until `visit` returns false; false when it was stopped.
  bool for_each_winning_move(const std::function<bool(std::size_t term, const move&)>& visit) const;

  /// Winning moves `skip`..`skip + limit - 1` in that order, with their terms.
  std::vector<std::pair<std::size_t, move>> winning_moves(std::size_t limit, std::size_t skip = 0) const;

 private:
  std::vector<analysis> terms_;
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
 * positions). Throws as count_winning_moves does, parse_error for an empty sum, overflow_error beyond 2^128.
 *
 * Example: mock-turtles "HTTH" (value 6) + mock-turtles "HTTT" (value 1): the sum has value 7 and its winning
 * moves change one term by 7
 */
sum_count_result count_sum_winning_moves(const std::vector<sum_term>& terms, const analyze_options& options = {});

}  // namespace tartan
