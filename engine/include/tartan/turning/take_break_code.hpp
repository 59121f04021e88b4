// take_break_code: octal and hexadecimal take-and-break codes ("0.77", ".07", "4.07", "0.F", "4!.0") and subtraction
// sets ("S{1,3,4}") as 1-D coin-turning rules.
//
// A code d0.d1d2...dt says what a move on one heap may do: digit d_k is the sum of 1 (remove k tokens, leaving
// nothing), 2 (remove k, leaving one heap), 4 (remove k, leaving two non-empty heaps) and 8 (remove k, leaving three
// non-empty heaps: hexadecimal digits 8-F). d_0, before the point, splits a heap without removing anything (0, 4, 8
// or C). A '!' after a digit asks the heaps that digit leaves to be pairwise different: Grundy's game is 4!.0, as
// CGSuite writes it. S{s1,s2,...} is the subtraction game of that set, the code with d_s = 3 for each s.
// Winning Ways (2nd ed.) vol. 1, ch. 4; CGSuite game.heap.TakeAndBreak.
//
// As a coin-turning game: heap n is coin n, coin 0 the empty heap (no moves, value 0). A move replacing heap n by heaps
// a, b, ... turns coins n, a, b, ...: two equal heaps cancel, as two turns of one coin do, and a move leaving nothing
// turns coin n alone. A row whose heads are at coins h1, h2, ... is the sum of heaps h1, h2, ..., and both games have
// the value XOR g(h_i) (docs/games.md has the proof). Moves that give the same set of coins are one move of the coin
// game ("remove 1 from 3 leaving 1 and 1" and "remove 3" both turn coin 3 alone).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence_solver.hpp"

namespace tartan {

class take_break_code {
 public:
  /// The most digits after the point (t, the largest number of tokens one move removes) and the largest element of a
  /// subtraction set: longer codes are refused as typos.
  static constexpr coin max_digits = 4096;

  /// Digit bits: what a move removing k tokens may leave.
  static constexpr std::uint8_t leaves_nothing = 1, leaves_one = 2, leaves_two = 4, leaves_three = 8;

  /**
   * Whether `text` is written in this language rather than as a turning code: it holds a point, a '!' or a '{'
   * (turning codes hold none of them). The registry asks this before parsing.
   *
   * Example: claims("0.77") && claims("S{1,2}") && !claims("1-3")
   */
  static bool claims(std::string_view text);

  /**
   * Parses a take-and-break code or a subtraction set (surrounding spaces are ignored). Throws parse_error with one
   * line saying what is wrong and what to type, e.g. "take-and-break code '0.G': digit 'G' at column 3 would leave
   * four or more heaps; digits go up to F (three heaps), codes look like 0.77, .07, 4.07, 0.F, 4!.0, S{1,3,4}".
   *
   * Example: take_break_code::parse(".77").digit(2) == 7
   */
  static take_break_code parse(std::string_view text);

  /// The code as written (trimmed).
  const std::string& text() const { return text_; }

  /**
   * The code in its one spelling, which names the game wherever it is shown or recorded (reports, value files,
   * checkpoints): d0 always written, hexadecimal digits in capitals, trailing zero digits dropped (at least one digit
   * after the point), '!' kept; a subtraction set as S{a,b,...}, its numbers ascending, without spaces.
   *
   * Example: parse(".77").canonical_text() == parse("0.770").canonical_text() == "0.77";
   * parse("4!.0").canonical_text() == "4!.0"; parse("s{4, 1,3}").canonical_text() == "S{1,3,4}"
   */
  std::string canonical_text() const;

  /// Whether the two codes allow the same moves, however written: ".77", "0.770" and "0.77" do; so do S{1,3} and
  /// 0.303, a subtraction set and the code of its digits.
  bool same_rule(const take_break_code& other) const {
    return digits_ == other.digits_ && distinct_ == other.distinct_;
  }

  /// t: the most tokens one move removes (the index of the last non-zero digit; 0 for d0-only codes).
  coin max_take() const { return static_cast<coin>(digits_.size() - 1); }

  /// d_k (0 beyond the last digit).
  std::uint8_t digit(coin k) const { return k < digits_.size() ? digits_[k] : 0; }

  /// Whether the heaps d_k leaves must be pairwise different ('!').
  bool distinct(coin k) const { return k < distinct_.size() && distinct_[k] != 0; }

  /// The most heaps one move leaves: 0, 1, 2 or 3.
  int max_heaps() const;

  /**
   * Calls visit(others) once per distinct set of coins a move from coin n turns besides n (ascending, all below n):
   * first the empty set when some move leaves nothing or cancels out, then single coins, then pairs and triples.
   * Complexity: O(n) plus O(n) per two-heap digit and O(n^2) per three-heap digit.
   *
   * Example: parse("0.77").for_each_move(3, v) visits {}, {1}, {2}
   */
  bool for_each_move(coin n, move_visitor visit) const;

  /**
   * Adds to `counts` the XOR of g over the coins of every move from every coin of [first, last] (move_values.hpp):
   * the moves of for_each_move, without a call per move. @pre |g| > last
   * Complexity: that of for_each_move per coin, O(t) for codes whose digits leave at most one heap.
   *
   * Example: parse("S{1,3,4}").count_move_values(4, 4, g, counts) adds g(4) ⊕ g(3), g(4) ⊕ g(1) and g(4)
   */
  void count_move_values(coin first, coin last, std::span<const grundy_value> g, value_counts& counts) const;

  /// visit(take, leaving): one move on a heap, `take` tokens removed (0: a split by d_0) and the heaps `leaving` left
  /// (ascending, each at least 1; empty: nothing left).
  using heap_move_visitor = detail::function_ref<bool(coin take, std::span<const coin> leaving)>;

  /**
   * Calls visit(take, leaving) once per move on a heap of n, as players see it: every number of tokens k the code
   * lets a move remove from n, with every multiset of heaps the digit d_k lets the rest be split into (pairwise
   * different under '!'). Unlike for_each_move, moves that turn the same coins are all visited ("take 1 from 3
   * leaving 1 and 1" and "take 3 from 3 leaving nothing" are two moves). Order: k ascending, then by the number of
   * heaps left, then `leaving` lexicographically. Stops, returning false, when visit does.
   * Complexity: O(n) per two-heap digit and O(n^2) per three-heap digit.
   *
   * Example: parse("0.77").for_each_heap_move(3, v) visits (1, {2}), (1, {1, 1}), (2, {1})
   */
  bool for_each_heap_move(coin n, heap_move_visitor visit) const;

  /**
   * Whether a heap of n tokens, any n up to 2^64 − 1, has a move, without listing them. Complexity: O(t).
   *
   * Example: parse("0.77").has_heap_move(1) && !parse("0.77").has_heap_move(0)
   */
  bool has_heap_move(std::uint64_t n) const;

  /**
   * Whether the code lets a move take `take` tokens from a heap of n (any n up to 2^64 − 1) and leave the heaps
   * `leaving`, ascending: what for_each_heap_move would list, decided without listing. Complexity: O(1).
   *
   * Example: parse("0.77").allows_heap_move(1, 7, {2, 4}) && !parse("0.77").allows_heap_move(3, 7, {4})
   */
  bool allows_heap_move(coin take, std::uint64_t n, std::span<const std::uint64_t> leaving) const;

  /**
   * Visits the moves on a heap of n (as for_each_heap_move lists them, in its order) whose heaps left XOR to `target`
   * under g (|g| > n), after passing over the first `skip` of them (`skip` is lowered by the moves passed over), until
   * visit returns false; returns false then. The winning moves of a heap h in a position of value V are those of
   * target V ⊕ g(h). Each split is compared in place, no call per move: O(t) for moves leaving at most one heap,
   * O(n) per two-heap digit, O(n^2) per three-heap digit. A split a + b = n - k ties its two heaps by their sum,
   * which no index of the values narrows in general (every value is common in a periodic game), so every split is
   * looked at; the heaps of the same size are searched once.
   *
   * Example: kayles (0.77), g = 0 1 2 3, n = 3, target 0: visits (1, {1, 1}) alone
   */
  bool find_heap_moves(coin n, grundy_value target, std::span<const grundy_value> g, std::uint64_t& skip,
                       heap_move_visitor visit) const;

  /// The number of moves find_heap_moves visits (skip 0), counted in place. Complexity as find_heap_moves.
  std::uint64_t count_heap_moves(coin n, grundy_value target, std::span<const grundy_value> g) const;

  /**
   * Appends the option values of coin n under the table g (|g| >= n): XOR of g over the heaps each move leaves
   * (duplicates allowed). Complexity as for_each_move.
   *
   * Example: parse("0.77").option_values(3, {0, 1, 2}, out) appends 0, 2, 1, 0 in some order
   */
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const;

  /**
   * An incremental solver for g(0), g(1), ...: the sparse-space method when some digit leaves two heaps and none
   * leaves three (docs/games.md), else the mex of option_values. Exact either way. next(g) is called with g(0..n-1)
   * for n = 0, 1, 2, ... in turn and returns g(n).
   *
   * Example: auto s = parse("0.77").grundy_solver(); s.next({}) == 0
   */
  sequence_solver grundy_solver() const;

 private:
  std::string text_;
  std::vector<std::uint8_t> digits_;    // d_0..d_t, d_t != 0 unless t == 0
  std::vector<std::uint8_t> distinct_;  // distinct_[k] != 0: '!' after d_k
};

static_assert(turning_rule<take_break_code>, "take_break_code must enumerate moves");
static_assert(has_option_values<take_break_code>, "take_break_code must list option values");
static_assert(has_grundy_solver<take_break_code>, "take_break_code must offer an incremental solver");
static_assert(has_move_value_counts<take_break_code>, "take_break_code must count its move values");

}  // namespace tartan
