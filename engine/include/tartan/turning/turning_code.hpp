// turning_code: CGSuite-style turning codes ("1-3", "1+C", "4FS", "2-3,6C") as a 1-D coin-turning rule.
//
// A code is a comma-separated list of alternatives; a move from coin n turns n together with a set of coins below
// n, and is legal when the set of all turned coins (n included) satisfies at least one alternative. An alternative
// is a count of coins turned in total (`2`, a range `1-3`, or `1+` for one or more) followed by modifiers:
//   C      the coins are consecutive
//   C(w)   all the coins lie within w adjacent coins (the lowest is at least n - w + 1)
//   E      the coins are equally spaced (an arithmetic progression)
//   S      the coins are symmetric about their own centre (c_i + c_{k+1-i} is constant)
//   F      coin 0 is among them
// CGSuite numbers coins from 1, tartan from 0: CGSuite's heap n is tartan's coin n-1. The language and the
// algorithms behind each hook are described in docs/turning_codes.md.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence_solver.hpp"

namespace tartan {

/// One comma-separated alternative of a turning code.
struct turning_alternative {
  /// max_coins of a `k+` alternative.
  static constexpr coin unbounded = UINT32_MAX;

  coin min_coins = 1;           // coins turned in total, the moving coin included; 1 <= min_coins
  coin max_coins = 1;           // min_coins <= max_coins, or `unbounded`
  bool consecutive = false;     // C
  coin window = 0;              // C(w): all coins within w adjacent coins; 0 when absent
  bool equally_spaced = false;  // E
  bool symmetric = false;       // S
  bool includes_first = false;  // F

  bool is_unbounded() const { return max_coins == unbounded; }
  friend bool operator==(const turning_alternative&, const turning_alternative&) = default;
};

class turning_code {
 public:
  /**
   * Parses a CGSuite-style turning code (surrounding spaces are ignored). Throws parse_error pointing at the
   * offending character, e.g. "turning code '1-': expected a number after '-' at column 3; codes look like 1-3,
   * 1+C, 3E, 4FS, 2-3,6C".
   *
   * Example: turning_code::parse("1-3").alternatives()[0].max_coins == 3
   */
  static turning_code parse(std::string_view text);

  /// The code as written (trimmed).
  const std::string& text() const { return text_; }

  /// The alternatives, in the order written.
  std::span<const turning_alternative> alternatives() const { return alternatives_; }

  /// The lengths of the runs that the bounded consecutive alternatives allow (`1C,4C,9C`, `[1,4,9]C`, `2-5C`), as
  /// sorted disjoint intervals [first, second]; empty when there are none. Every hook treats them as one group,
  /// at O(lengths up to n + 1) per coin however many alternatives were written (docs/turning_codes.md).
  ///
  /// Example: turning_code::parse("[1,4,9]C,2-3C").run_lengths() == {{1, 4}, {9, 9}}
  std::span<const std::pair<coin, coin>> run_lengths() const { return run_lengths_; }

  /// The most coins one move may turn (the moving coin included), or turning_alternative::unbounded.
  coin max_coins_per_move() const;

  /// True when the number of moves from coin n is bounded by a polynomial in n: every alternative has a bounded
  /// count, or is C, E or within a span C(w). Unbounded plain, F or S alternatives (Motley `1+`, Sym `1+S`) have
  /// exponentially many moves. `check` uses this to decide how far explicit game graphs can go.
  bool polynomial_moves() const;

  /**
   * The number of moves from coin n (a set allowed by several alternatives counts once), saturating at
   * UINT64_MAX. Counted from binomial formulas per alternative and inclusion-exclusion over alternatives, not by
   * enumeration: O(2^alternatives · n · max count) at worst.
   *
   * Example: turning_code::parse("1-3").move_count(3) == 1 + 3 + 3
   */
  std::uint64_t move_count(coin n) const;

  /**
   * Calls visit(others) once per move from coin n, `others` ascending and all below n (empty for the move that
   * turns n alone). Stops and returns false as soon as visit returns false. A set allowed by several alternatives
   * is visited once.
   *
   * Example: parse("2").for_each_move(2, v) visits {0} and {1}
   */
  bool for_each_move(coin n, move_visitor visit) const;

  /**
   * Appends the XOR of g over the other coins of every move from n (duplicates allowed, not necessarily one per
   * move: each distinct value appears at least once). `g` is any table with at least n entries; nothing is cached.
   * Complexity per alternative: C O(min(n, count)); E O(n log n); plain counts of up to r others
   * min(Σ C(n, r), O(2^B (B + r))) for values below 2^B; S per leftmost coin the same over the mirror pairs;
   * unbounded plain or S counts O(2^rank), the size of the answer. Throws limit_error rather than list more than
   * about 2^30 values.
   *
   * Example: parse("1-2").option_values(2, {5, 6}, out) appends 0, 5, 6 in some order
   */
  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const;

  /**
   * Visits exactly the moves from n whose XOR of g over the other coins equals target (each once), found
   * directly rather than by enumerating all moves. Returns false iff visit stopped the search.
   * Complexity (plus the moves visited): C O(min(n, count)); E O(n log n); 1 other coin O(n), 2 others O(n) by
   * hashing, 3 O(n^2), 4 O(n^2) by meeting in the middle; unbounded counts O(64 n + 2^(n − rank)) by solving the
   * linear system over GF(2); S per leftmost coin the same over the mirror pairs.
   *
   * Example: parse("1-3").find_moves(3, 3, {1, 2, 3}, v) visits {2} and {0, 1}
   */
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const;

  /**
   * For every move from every coin t in [first, last], counts the XOR of g over all its coins (t included)
   * (move_values.hpp), through index_moves: the runs by prefix XORs (the run of length ℓ ending at t XORs to
   * P(t+1) ⊕ P(t+1-ℓ)), unbounded ones by a Walsh-Hadamard transform of the prefix values' counts; the moves of at
   * most two coins likewise over the values; other alternatives list their moves.
   */
  void count_move_values(coin first, coin last, std::span<const grundy_value> g, value_counts& counts) const;

  /**
   * The index of this code's moves over the table g (move_index.hpp; g must outlive it and stay unchanged), part by
   * part as the hooks take them: every C alternative and the group of bounded runs by the sorted positions of each
   * prefix XOR (the run s..n has others of XOR P(n) ⊕ P(s)); plain, E and S alternatives of at most two coins (`2`,
   * `1-2`, `1-2C(w)`) by the sorted positions of each value of g; the others by their family's finder, as find_moves
   * runs them. A move allowed by several parts belongs to the first, as in find_moves, whose order the index keeps.
   * Complexity: O(N) to build, then per coin O(log N) per part indexed (and O(1) per run visited, a span of a shared
   * array); the counts of docs/engine.md ("Finding, counting and paging winning moves").
   *
   * Example: parse("1+C").index_moves(g)->count(3, 3) == 1 for Ruler's g = 1 2 1 4 (the run 1 2 3)
   */
  std::unique_ptr<move_index> index_moves(std::span<const grundy_value> g) const;

  /**
   * An incremental solver for g(0), g(1), ... under this code; next(g) must be called with g(0..n-1) for
   * n = 0, 1, 2, ... in turn and returns g(n). Throws overflow_error naming the coin whose value does not fit
   * 64 bits. Per coin: plain bounded counts O(count · 2^B / 64) (bitset layers), `k+` O(64) (a basis), `k+C`
   * O(B) (a counting tree), `1+S` O(n^2 · 64) plus a search over cosets, others as option_values.
   *
   * Example: auto s = parse("1-3").grundy_solver(); s.next({}) == 1
   */
  sequence_solver grundy_solver() const;

 private:
  struct algorithm;  // the solver (solver.cpp), which reads the hooks' view below

  std::string text_;
  std::vector<turning_alternative> alternatives_;
  // The hooks' view: the bounded runs merged into run_lengths_, the group standing where the first of them was
  // written (before others_[runs_at_]); others_ the remaining alternatives in order.
  std::vector<std::pair<coin, coin>> run_lengths_;
  std::vector<turning_alternative> others_;
  std::size_t runs_at_ = 0;
};

static_assert(turning_rule<turning_code>, "turning_code must enumerate moves");
static_assert(has_option_values<turning_code>, "turning_code must list option values");
static_assert(has_find_moves<turning_code>, "turning_code must find moves of a given value");
static_assert(has_grundy_solver<turning_code>, "turning_code must offer an incremental solver");
static_assert(has_move_count<turning_code>, "turning_code must count its moves");
static_assert(has_move_value_counts<turning_code>, "turning_code must count its move values");
static_assert(has_move_index<turning_code>, "turning_code must index its moves");

}  // namespace tartan
