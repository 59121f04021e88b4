// analyze(game, position): the engine's answer to "who wins here, and how?", the same for every front end (the CLI,
// the Python module, the browser). One call computes the factors' Grundy sequences as far as the position needs
// (limits checked once, here), the value and the outcome; the winning moves and the options (every legal move with
// the value it leads to) are then visited lazily, so a caller can stop, count or page without computing them all.
//
// Values follow Sprague-Grundy: a position's value is the XOR of G over its heads coins, G = g for a 1-D game and
// G(c) = g_1(c_1) ⊗ ... ⊗ g_k(c_k) for a product (the Tartan theorem, tartan.hpp). Winning moves are found from
// their target value (position.hpp, grid_position.hpp), not by trying every move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/periodic_continuation.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

/// Limits of one analysis. The defaults suit an interactive caller.
struct analyze_options {
  /// Bytes the factors' sequences may take (sequence_limits.hpp); 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds the sequences may take, projected from their pace (time_limit.hpp), and a count of winning moves
  /// (move_count.hpp: reached, or projected from the moves counted); 0: no limit.
  double max_seconds = 0;
  /// The fraction of the sequences computed, now and then; returning false stops the work with cancelled_error (the
  /// values computed stay in the game's cache). Empty: no reports.
  progress_callback progress = {};
  /// The same for a count's moves (move_count.hpp), which come after the sequences; empty: `progress`.
  progress_callback count_progress = {};
};

/// One option of a position: a legal move and the value of the position it leads to.
struct option {
  move turned;
  grundy_value value = 0;
  friend bool operator==(const option&, const option&) = default;
};

/// How a visit of moves or options (analysis::for_each_move_to, for_each_option) with search_options ended, and how
/// far it got: the heads coins whose search was finished, of all the heads coins.
struct search_report {
  search_end end = search_end::complete;
  std::uint64_t coins_done = 0;
  std::uint64_t coins = 0;
  /// The moves passed over before the first one visited (at most the number asked to skip).
  std::uint64_t skipped = 0;

  /// Every coin was searched: nothing was cut by the visitor, the deadline or a cancel.
  bool complete() const { return end == search_end::complete; }
  /// Stopped by the deadline or a cancel (not by the visitor, which had what it wanted).
  bool interrupted() const { return end == search_end::cancelled || end == search_end::time_limit; }
};

/// A page of moves (analysis::winning_move_page) and how the search for them ended.
struct move_page {
  std::vector<move> moves;
  search_report search;
};

/// Called with each move visited; returns false to stop.
using move_callback = detail::function_ref<bool(const move&)>;
/// Called with each option visited (the move, the value it leads to); returns false to stop.
using option_callback = detail::function_ref<bool(const move&, grundy_value)>;

/// The result of analyze(): the value and outcome, and the position's moves on demand.
class analysis {
 public:
  const game_handle& game() const { return game_; }
  /// The position as given (its whole box, not only the part the values depend on).
  const box_position& position() const { return position_; }

  /// XOR of G over the heads coins.
  grundy_value value() const { return value_; }
  /// 'N' when the player to move wins (value != 0), 'P' when the other player does.
  char outcome() const { return value_ != 0 ? 'N' : 'P'; }

  /// g of factor `axis` over the coins the position depends on (position().occupied_extents(), at least 1 coin per
  /// axis of a product).
  std::span<const grundy_value> factor_values(std::size_t axis) const {
    return product_ ? product_values_.factor(axis) : std::span<const grundy_value>(row_moves_->values);
  }

  /// The proven period the values of factor `axis` past the computed ones came from (periodic_continuation.hpp: its
  /// method() is a front end's method line), or nullptr when every value the position needs was computed.
  const periodic_continuation* factor_period(std::size_t axis) const { return periods_[axis].get(); }

  /**
   * Visits the winning moves (none for a P-position) until `visit` returns false; false when it was stopped.
   * Order: by moving coin (the heads coin the move turns to tails): first the coins sure to have a winning move
   * (V ⊕ G(c) < G(c), by the mex), ascending, then the other heads coins, ascending; boards and boxes in row-major
   * order. From one coin, in the order of the game's move finder (position.hpp, grid_position.hpp), which is fixed.
   * So winning_moves(limit, skip) pages through a fixed list; count_winning_moves (move_count.hpp) counts any number
   * of them without listing.
   * Complexity: O(heads) to find the sure coins, then one search per heads coin reached (per matching option-value
   * tuple on a board), stopped at the last move wanted. A row searches the game's move index (move_index.hpp, built
   * on the first search and kept): O(log N) per coin and part of the code for runs and moves of two coins, a run
   * handed over as a span; the finder's time to the N-th move for other games. Nothing is gathered or sorted, so the
   * first page is cheap even with 10^6 heads.
   */
  bool for_each_winning_move(move_callback visit) const;

  /**
   * The same under `limits`: a deadline and a progress callback that may cancel (search_stop.hpp), which reach the
   * game's move finder, so the search stops within microseconds whatever the game. The moves visited before a stop
   * stay visited; the report says how it ended and how many heads coins were searched.
   *
   * Example: a.for_each_winning_move(keep, search_options::within(5)).end == search_end::time_limit when 5 s were
   * not enough, with the moves found before passed to keep
   */
  search_report for_each_winning_move(move_callback visit, const search_options& limits) const;

  /// The moves to a position of value `target`, in for_each_winning_move's order (which is target 0). In a sum of
  /// positions (sum.hpp), a move in one term wins when it leads that term to its value XOR the sum's.
  bool for_each_move_to(grundy_value target, move_callback visit) const;
  search_report for_each_move_to(grundy_value target, move_callback visit, const search_options& limits) const;

  /// The same after passing over the first `skip` moves, counted off without being built where the game's index
  /// counts them (a row of runs or of moves of two coins: a page costs O(log N) per heads coin before it, not the
  /// moves before it); the report says how many were passed over (search_report::skipped).
  search_report for_each_move_to(grundy_value target, move_callback visit, const search_options& limits,
                                 std::uint64_t skip) const;

  /// Winning moves `skip`..`skip + limit - 1` in for_each_winning_move's order (a page of them).
  std::vector<move> winning_moves(std::size_t limit, std::size_t skip = 0) const;

  /// The same under `limits`: the moves found before a deadline or cancel, and how the search ended (stopped when
  /// the page was filled: search_end::stopped; complete when the list ended within it).
  move_page winning_move_page(std::size_t limit, std::size_t skip, const search_options& limits) const;

  /// The number of winning moves, counting up to `cap` (then cap): a row counts per heads coin with its move index
  /// (O(log N) per coin for runs and moves of two coins), a board visits its moves.
  std::uint64_t count_winning_moves(std::uint64_t cap = UINT64_MAX) const;

  /**
   * Visits every legal move of the position with the value it leads to, until `visit` returns false; false when
   * it was stopped. Order: heads coins in row-major order, then each factor's moves in its enumeration order (axis
   * 0 outermost). The value after a move from c turning S_1 × ... × S_k is V ⊕ (u_1 ⊗ ... ⊗ u_k), u_i the XOR of g_i
   * over S_i (G is multilinear), so no position is rebuilt.
   * Complexity: one for_each_move per heads coin and axis (nested), O(k) per option visited; a game with many moves
   * per coin has many options, so visit lazily.
   */
  bool for_each_option(option_callback visit) const;
  /// The same under `limits` (for_each_winning_move's), the coins counted as the heads coins visited.
  search_report for_each_option(option_callback visit, const search_options& limits) const;

  /// Options `skip`..`skip + limit - 1` in for_each_option's order.
  std::vector<option> options(std::size_t limit, std::size_t skip = 0) const;

 private:
  friend analysis analyze(const game_handle& game, box_position position, const analyze_options& options);
  analysis(game_handle game, box_position position) : game_(std::move(game)), position_(std::move(position)) {}

  /// A row's values and, from the first search on, the game's index of its moves over them: shared by the copies
  /// of an analysis, so the index (which refers to the values) is built once.
  struct row_moves {
    std::vector<grundy_value> values;
    std::once_flag indexed;
    std::unique_ptr<move_index> index;
  };
  const move_index& row_index() const;

  game_handle game_;
  box_position position_;
  // Computed once by analyze() and kept in the forms the row and product algorithms take, so that every visit of
  // the moves starts at once. The heads are cut to the extents the values cover.
  row_position row_;  // 1-D games
  std::shared_ptr<row_moves> row_moves_ = std::make_shared<row_moves>();
  std::optional<tartan_game> product_;  // products
  tartan_values product_values_;
  grid_position grid_;
  grundy_value value_ = 0;
  std::vector<std::shared_ptr<const periodic_continuation>> periods_;  // per factor, or null
};

/**
 * Analyses `position` of `game`: computes each factor's Grundy sequence as far as the heads coins reach (cached by
 * the game), within `options`' limits, and the value. Throws parse_error when the position's number of axes is not
 * the game's, limit_error when the sequences would exceed the memory limit or max_sequence_length,
 * time_limit_error when they are projected to exceed the time limit, overflow_error where a value does not fit 64
 * bits, cancelled_error when options.progress asked to stop.
 * Complexity: the sequences (once per game and length), then O(heads × k) nim products for the value.
 *
 * Example: analyze(game_handle(games::find_game("mock-turtles")), parse_box_position("HTTH")).value() == 6, its
 * winning moves {{0, 3}}; analyze(game_handle(games::find_factors("ruler*ruler")), parse_box_position("HH/HT"))
 * .value() == 1
 */
analysis analyze(const game_handle& game, box_position position, const analyze_options& options = {});

}  // namespace tartan
