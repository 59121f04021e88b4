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
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/turning/periodic_continuation.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan {

/// The number of tokens in a heap: any size up to 2^64 − 1. The coin form's heap n is coin n, and coins stop at 2^32;
/// past the values a game computes, a proven period gives the values of larger heaps (periodic_continuation.hpp).
using heap_size = std::uint64_t;

/// A move in one heap: `take` tokens removed from a heap of `from` (0: a split, by d_0), the heaps `leaving` left in
/// its place (ascending, each at least 1; empty: nothing).
struct heap_move {
  coin take = 0;
  heap_size from = 0;
  std::vector<heap_size> leaving;
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
 * Heaps typed as sizes joined by commas, "5,7,9" (spaces around a size ignored; "" or spaces alone: no heaps), each
 * at most 2^64 − 1. Throws parse_error naming the item: "heaps item 2: 'x' is not a heap size; give sizes such as
 * 5,7,9 (at most 18446744073709551615)".
 *
 * Example: parse_heaps("5, 7,9") == {5, 7, 9}
 */
std::vector<heap_size> parse_heaps(std::string_view text);

/// Heap sizes separated by spaces, as format_coins writes coins. Example: format_heaps({5, 7, 9}) == "5 7 9"
std::string format_heaps(std::span<const heap_size> heaps);

/// A count of winning heap moves (heap_analysis::count_winning_moves) and how the count ended.
struct heap_move_count {
  uint128 moves = 0;  // the winning moves counted (all of them when search.complete())
  search_report search;
};

class heap_analysis {
 public:
  /**
   * Analyses the heaps `heaps` (any order, equal heaps and empty heaps allowed) of `game`: the values of the heap
   * sizes under `options` (the memory checked first, as analyze() does) and the value. The values are computed up to
   * the largest heap, unless a proven period answers it (turning_game::continuation: the one the game knows, or one
   * looked for in at most turning_game::proof_probe values when the largest heap is past them): then they are
   * computed up to the proof only, and any heap up to 2^64 − 1 is answered. Throws parse_error as heap_rule does,
   * limit_error for heaps whose values would exceed the memory limit or the longest sequence (when no period
   * answers them), time_limit_error and cancelled_error as analyze() does.
   * Complexity: that of the sequence up to the largest heap or the proof, then O(number of heaps).
   *
   * Example: heap_analysis(kayles, {5, 7, 9}, {}).value() == 2; heap_analysis(kayles, {99999999}, {}).value() == 2
   */
  heap_analysis(const game_handle& game, std::vector<heap_size> heaps, const analyze_options& options);

  const game_handle& game() const { return game_; }
  const take_break_code& rule() const { return rule_; }
  /// The heaps, ascending.
  const std::vector<heap_size>& heaps() const { return heaps_; }
  /// The values computed: g(0) .. g(largest heap), or, when a proven period answers the heaps, g(0) .. g(N - 1) for
  /// the N values of its proof, or fewer when the heaps are smaller (g(0) alone when there is no heap).
  std::span<const grundy_value> values() const { return values_; }
  /// The proven period the values of heaps past values() come from, or nullptr when every heap is within values().
  /// Its method() is the line a front end prints when a heap lies past its computed() values.
  const periodic_continuation* continuation() const { return continuation_.get(); }
  /// g(h), the value of a heap of h. @pre h is at most the largest heap, or continuation() is set
  grundy_value value_of(heap_size h) const { return h < values_.size() ? values_[h] : continuation_->value(h); }
  /// XOR of g over the heaps.
  grundy_value value() const { return value_; }
  char outcome() const { return value_ != 0 ? 'N' : 'P'; }

  /// The coin form: the row's length (largest heap + 1, up to 2^64) and its heads, the sizes held by an odd number of
  /// heaps.
  uint128 coins() const { return heaps_.empty() ? 1 : uint128{heaps_.back()} + 1; }
  std::vector<heap_size> coin_heads() const;

  /**
   * Visits the winning heap moves (those leaving heaps whose value is 0) after passing over the first `skip` of them
   * (counted, not built: search_report::skipped says how many), heap sizes ascending, each size once, and within a
   * heap in take_break_code::for_each_heap_move's order (tokens taken ascending, then nothing, one heap, two heaps,
   * the smaller heap ascending). A heap within values() has its moves found in place (take_break_code::
   * find_heap_moves); a larger one, answered by the period, has its winning splits found through the period's
   * residues: a split a + b (a <= b, both from the preperiod on) wins by a's residue mod the period alone, so the
   * winning residues are found once per heap and number of tokens taken, and whole periods of splits are passed over
   * at once. The report counts heap sizes as its coins. Stops by the visitor, the deadline or a cancel as
   * analysis::for_each_winning_move does.
   * Complexity: within values(), per heap size n: O(t) for moves leaving at most one heap, O(n) per two-heap digit,
   * O(n^2) per three-heap digit; past them O(p + P) per heap size and number of tokens taken (preperiod p, period P),
   * plus O(1) a move visited.
   *
   * Example: kayles heaps {1, 2}: visits {take 1, from 2, leaving {1}}
   */
  search_report for_each_winning_move(heap_move_callback visit, const search_options& limits = {},
                                      std::uint64_t skip = 0) const;

  /**
   * The number of winning heap moves, counted without listing those of heaps past values() (by the residues, as
   * for_each_winning_move finds them), under `limits` (search.complete() when every heap size was counted).
   * Complexity: as for_each_winning_move without a visit past values().
   *
   * Example: kayles heaps {18446744073709551615}: 1537228672809129306 winning moves, counted in microseconds
   */
  heap_move_count count_winning_moves(const search_options& limits = {}) const;

  /**
   * The heap moves leaving heaps of value `target` (for_each_winning_move's are those of target 0), in the same order
   * and at the same cost: in a sum of positions (sum.hpp), a move in these heaps wins when it leads them to their
   * value XOR the sum's.
   *
   * Example: kayles heaps {3} (value 3), target 1: visits {take 2, from 3, leaving {1}} alone (g(1) = 1; the other
   * moves leave {2}, worth 2, and {1, 1}, worth 0)
   */
  search_report for_each_move_to(grundy_value target, heap_move_callback visit, const search_options& limits = {},
                                 std::uint64_t skip = 0) const;
  /// The number of those moves (count_winning_moves's for target 0).
  heap_move_count count_moves_to(grundy_value target, const search_options& limits = {}) const;

 private:
  game_handle game_;
  take_break_code rule_;
  std::vector<heap_size> heaps_;
  std::vector<grundy_value> values_;
  std::shared_ptr<const periodic_continuation> continuation_;
  grundy_value value_ = 0;
};

}  // namespace tartan
