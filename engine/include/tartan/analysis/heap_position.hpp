// heap_analysis: a position of a take-and-break game written as heaps (Kayles with heaps 5, 7 and 9), its value and
// its winning moves as heap moves ("take 2 from the heap of 7, leaving heaps of 1 and 4").
//
// The heaps are the coin form's heads (take_break_code.hpp: heap n is coin n), except that equal heaps stay heaps
// here while they cancel in pairs as coins: the value is XOR g(h) over the heaps all the same, but a player moves in
// a heap, so the moves are listed as the code allows them on each heap. Two equal heaps offer the same moves; each
// heap move is listed once, under the heap's size. Moves that turn the same coins ("take 1 from the heap of 3,
// leaving heaps of 1 and 1" and "take 3 from the heap of 3, leaving nothing" in 0.707) are listed each.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan {

/// A move in one heap: `take` tokens removed from a heap of `from` (0: a split, by d_0), the heaps `leaving` left in
/// its place (ascending, each at least 1; empty: nothing).
struct heap_move {
  coin take = 0;
  coin from = 0;
  std::vector<coin> leaving;
  friend bool operator==(const heap_move&, const heap_move&) = default;
};

/// Called with each heap move visited; returns false to stop.
using heap_move_callback = detail::function_ref<bool(const heap_move&)>;

/**
 * The take-and-break code of `game` (a built-in such as kayles, or a code such as 0.77). Throws parse_error for any
 * other game, saying what to give instead: its position as coins, or a take-and-break game.
 *
 * Example: heap_rule(game_handle(games::find_game("kayles"))).text() == "0.77"
 */
take_break_code heap_rule(const game_handle& game);

/**
 * Heaps typed as sizes joined by commas, "5,7,9" (spaces around a size ignored; "" or spaces alone: no heaps).
 * Throws parse_error naming the item: "heaps item 2: 'x' is not a heap size; give sizes such as 5,7,9 (below 2^32)".
 *
 * Example: parse_heaps("5, 7,9") == {5, 7, 9}
 */
std::vector<coin> parse_heaps(std::string_view text);

class heap_analysis {
 public:
  /**
   * Analyses the heaps `heaps` (any order, equal heaps and empty heaps allowed) of `game`: computes g(0) .. g(the
   * largest heap) under `options` (the memory checked first, as analyze() does) and the value. Throws parse_error
   * as heap_rule does, limit_error for heaps whose values would exceed the memory limit or the longest sequence,
   * time_limit_error and cancelled_error as analyze() does.
   * Complexity: that of the sequence, then O(number of heaps).
   *
   * Example: heap_analysis(kayles, {5, 7, 9}, {}).value() == 2
   */
  heap_analysis(const game_handle& game, std::vector<coin> heaps, const analyze_options& options);

  const game_handle& game() const { return game_; }
  const take_break_code& rule() const { return rule_; }
  /// The heaps, ascending.
  const std::vector<coin>& heaps() const { return heaps_; }
  /// g(0) .. g(largest heap) (g(0) alone when there is no heap).
  std::span<const grundy_value> values() const { return values_; }
  /// XOR of g over the heaps.
  grundy_value value() const { return value_; }
  char outcome() const { return value_ != 0 ? 'N' : 'P'; }

  /// The coin form: the row's length (largest heap + 1) and its heads, the sizes held by an odd number of heaps.
  std::size_t coins() const { return values_.size(); }
  std::vector<coin> coin_heads() const;

  /**
   * Visits the winning heap moves (those leaving heaps whose value is 0), heap sizes ascending, each size once,
   * and within a heap in take_break_code::for_each_heap_move's order, after passing over the first `skip` of them
   * (counted, not built: search_report::skipped says how many). The report counts heap sizes as its coins.
   * Stops by the visitor, the deadline or a cancel as analysis::for_each_winning_move does.
   * Complexity: per heap size n, take_break_code::find_heap_moves: O(t) for moves leaving at most one heap, O(n) per
   * two-heap digit, O(n^2) per three-heap digit, each move compared in place.
   *
   * Example: kayles heaps {1, 2}: visits {take 1, from 2, leaving {1}}
   */
  search_report for_each_winning_move(heap_move_callback visit, const search_options& limits = {},
                                      std::uint64_t skip = 0) const;

  /// The number of winning heap moves, counted in place (complexity as for_each_winning_move), under `limits`: the
  /// report says whether the count was stopped.
  std::uint64_t count_winning_moves(const search_options& limits, search_report& report) const;

 private:
  game_handle game_;
  take_break_code rule_;
  std::vector<coin> heaps_;
  std::vector<grundy_value> values_;
  grundy_value value_ = 0;
};

}  // namespace tartan
