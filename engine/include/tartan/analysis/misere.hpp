// Misère play of coin-turning positions: rows of any 1-D game (built-ins, turning codes, plug-ins), boards and boxes
// of tartan products. In misère play the player who makes the last move loses, so a player with no move wins.
//
// The value of a position is no use here: Sprague-Grundy rests on G + G = 0, which fails in misère play, so a
// position's misère outcome is not a function of its coins' values and a position is solved as a whole. A position is
// a bitmask of its heads coins (row-major over the box, coin 0 the lowest bit), and every move turns its moving coin
// from heads to tails and changes only coins below it along every axis, so the bitmask strictly decreases: the
// positions below a bitmask form a closed game. Two methods follow from that (docs/misere.md):
//
// - the sweep: every position from 0 up to the one asked, in increasing order, one bit each (N or P). A position
//   found P marks every position one move above it N (its predecessors: the moves of its tails coins turned back), so
//   the work is the P-positions times their predecessors, O(2^n · moves) at worst, and the positions skipped as N cost
//   one bit test. It proves every outcome below the position by the definition.
// - the reachable search: depth first from the position, memoized, stopping at the first P option (a position is N
//   iff one of its options is P). It visits only positions reachable from the one asked, often far fewer than the
//   sweep's when the heads are few; when they grow past what the sweep would cost, the search gives way to the sweep.
//
// Neither assumes anything about the game: both follow its moves (the game's for_each_move, turned into bitmasks
// once), so they hold for every game a game_handle names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/product/move.hpp"

namespace tartan {

/// How misère outcomes are found.
enum class misere_method {
  automatic,  // the sweep for small boxes; else the reachable search, giving way to the sweep when it grows
  sweep,      // every position up to the one asked, in increasing order of bitmask
  reachable,  // the positions reachable from the one asked, depth first, memoized
};

/// "sweep", "reachable" ("automatic" for the request).
std::string misere_method_name(misere_method method);

/// The most coins a position of misère analysis spans (its heads' box: along each axis up to the last heads coin):
/// positions are bitmasks of one 64-bit word.
inline constexpr std::size_t max_misere_cells = 64;

/// The positions the automatic method always sweeps (its table is then 2 MiB at most): below this the sweep costs
/// about a second at most, so the reachable search is not tried.
inline constexpr std::uint64_t misere_sweep_always = std::uint64_t{1} << 24;

/// The option lookups the automatic method's search may make when the sweep would not fit the memory, before the
/// position is refused: 2^26, some seconds.
inline constexpr std::uint64_t misere_search_probe = std::uint64_t{1} << 26;

/// The most moves of a box listed as bitmasks (8 bytes each): a box whose moves pass this is refused.
inline constexpr std::uint64_t max_misere_moves = std::uint64_t{1} << 27;

/// Limits of a misère analysis.
struct misere_options {
  /// Bytes the sweep's table, the moves and the search's memo may take; 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds: the sweep is refused (time_limit_error) within about a second when its measured pace projects past
  /// it; and the solving stops at it, keeping what it found. 0: no limit.
  double max_seconds = 0;
  /// The fraction solved (the sweep's positions, or the position's options searched); returning false stops the
  /// solving, which keeps what it found. Empty: no reports.
  progress_callback progress = {};
  misere_method method = misere_method::automatic;
  /// The option lookups of the automatic method's search where the sweep does not fit the memory (tests lower it).
  std::uint64_t search_probe = misere_search_probe;
};

/**
 * The positions of one game in one box, solved for misère play by the sweep or the reachable search, and kept: the
 * outcome of every position asked is remembered, so a game played from a position asks the solver again and again
 * (play.hpp). Positions are bitmasks (row-major over the box, bit i the i-th coin).
 */
class misere_solver {
 public:
  /**
   * Prepares to solve the positions of `game` in the box `extents` up to the bitmask `top` (every position reachable
   * from `top` is below it): lists every move as a bitmask and chooses the method (options.method; automatic: the
   * sweep when top < misere_sweep_always or the reachable search is not wanted, else the reachable search). Nothing
   * is solved yet (solve()).
   * Throws parse_error when `extents` has not one extent per factor of `game`; limit_error, before any work, when
   * the box has more than max_misere_cells coins, its moves pass max_misere_moves, or the moves and (for the sweep)
   * its table of (top + 1) bits exceed the memory limit, naming the coins that fit.
   * Complexity: O(moves of the box) to list them.
   *
   * Example: misere_solver(mock, {5}, 0b11001, {}).cells() == 5
   */
  misere_solver(game_handle game, box_extents extents, std::uint64_t top, const misere_options& options);

  const game_handle& game() const { return game_; }
  const box_extents& extents() const { return extents_; }
  std::size_t cells() const { return cells_; }
  std::uint64_t top() const { return top_; }
  /// The method in use: sweep or reachable (sweep once a search gave way to it).
  misere_method method() const { return method_; }

  /// The bitmask of `p`'s heads. @pre p has one axis per factor, its heads inside extents()
  std::uint64_t mask_of(const box_position& p) const;
  /// The position of bitmask `mask` in the box `box` (extents() or a larger box holding it).
  box_position position_of(std::uint64_t mask, const box_extents& box) const;

  /**
   * Runs the sweep up to top() (the method sweep; nothing for the reachable search, which solves as it is asked),
   * reporting the fraction of positions swept to limits.progress, stopping at limits' deadline or cancel. The
   * positions swept before a stop stay solved. Throws time_limit_error when the pace measured projects the sweep
   * past `max_seconds` (0: no projection), within about a second of the start.
   * Complexity: O(top) bit tests, plus the moves of each P-position's tails coins.
   */
  search_end solve(const search_options& limits, double max_seconds = 0);

  /**
   * The misère outcome of the position `mask` (at most top()): 'P' (the player to move loses against good play),
   * 'N' (the player to move wins; a position with no move is N), or '?' when it is not solved: the sweep stopped below
   * it, or `stop` stopped the search for it. The reachable search runs here, polling `stop` (may be null); when its
   * memo or its work passes its budget it gives way to the sweep (which `stop` then stops too, and which throws
   * time_limit_error when projected past the options' max_seconds), or, where the sweep does not fit the memory,
   * throws limit_error.
   */
  char outcome(std::uint64_t mask, search_stop* stop = nullptr);

  /// Visits every move of the position `mask`: visit(turned), the bitmask of the coins turned; by moving coin
  /// ascending (row-major), then in the game's move order (products: axis 0 outermost). Returns false when stopped.
  bool for_each_move(std::uint64_t mask, detail::function_ref<bool(std::uint64_t turned)> visit) const;
  /// True when the position has no move (no heads coin can move): the player to move wins at once.
  bool terminal(std::uint64_t mask) const { return (mask & movable_) == 0; }
  /// The move that turns the coins of `turned`: one ascending coin list per axis.
  move move_of(std::uint64_t turned) const;
  /// The bitmask of a move given as coins per axis, or nothing when it is not a move of the game from `mask`.
  std::optional<std::uint64_t> turned_of(std::uint64_t mask, const move& m) const;

  /// The positions whose outcome is known: the sweep's solved prefix, or the search's memo.
  std::uint64_t positions_solved() const;
  /// The sweep: every position below this bitmask is solved (0 for the reachable search).
  std::uint64_t swept() const { return swept_; }

 private:
  struct memo;
  void sweep(detail::function_ref<bool(std::uint64_t)> go_on, double max_seconds);
  void give_way(search_stop* stop);
  char search(std::uint64_t mask, search_stop* stop);

  game_handle game_;
  box_extents extents_;
  std::size_t cells_ = 0;
  std::uint64_t top_ = 0;
  std::uint64_t max_memory_ = 0;
  double max_seconds_ = 0;  // the sweep a search gives way to is refused when projected past it
  misere_method method_ = misere_method::sweep;
  bool may_sweep_ = true;                  // the sweep's table fits the memory limit (the search may give way to it)
  std::uint64_t budget_ = 0;               // the search's memo entries before it gives way (or is refused)
  std::uint64_t work_budget_ = 0;          // the search's option lookups before it gives way to the sweep
  std::uint64_t work_ = 0;                 // the search's option lookups so far
  std::vector<std::uint64_t> moves_;       // every move's bitmask, by moving coin
  std::vector<std::uint32_t> first_move_;  // the moves of coin c: moves_[first_move_[c] .. first_move_[c + 1])
  std::uint64_t movable_ = 0;              // the coins with at least one move
  std::vector<std::uint64_t> n_bits_;      // the sweep: bit q set when q is an N-position
  std::uint64_t swept_ = 0;                // the sweep: positions below this are solved
  std::shared_ptr<memo> memo_;             // the reachable search: outcomes found
};

/// The misère analysis of one position: its outcome and its winning moves (those leaving a P-position).
class misere_analysis {
 public:
  const game_handle& game() const { return solver_->game(); }
  /// The position as given.
  const box_position& position() const { return position_; }
  /// 'N', 'P', or '?' when the solving stopped before the outcome was known (solving() says how).
  char outcome() const { return outcome_; }
  /// The position has no move: the player to move wins without moving (outcome N, no winning move).
  bool terminal() const { return solver_->terminal(mask_); }
  /// How the solving ended: complete, or stopped by the deadline or a cancel (the outcome may still be known: a P
  /// option found among the positions solved makes it N).
  search_end solving() const { return solving_; }
  /// Where the solving stopped, in words ("the sweep stopped after 1048576 of the 16777216 positions"), "" when
  /// complete.
  const std::string& stopped_where() const { return where_; }
  misere_method method() const { return solver_->method(); }
  std::uint64_t positions_solved() const { return solver_->positions_solved(); }
  /// The solver, with everything it solved (a game played on goes on with it).
  const std::shared_ptr<misere_solver>& solver() const { return solver_; }
  std::uint64_t mask() const { return mask_; }

  /**
   * Visits the winning moves until `visit` returns false: the moves to a P-position, by moving coin ascending
   * (row-major), then in the game's move order. Under `limits` (the deadline and the cancel, reaching into the
   * reachable search); the report counts the position's options as its coins. After a stopped solving, only the
   * options solved are visited.
   * Complexity: one outcome per option (a bit test after the sweep).
   */
  search_report for_each_winning_move(move_callback visit, const search_options& limits = {}) const;
  /// Winning moves skip .. skip + limit - 1.
  std::vector<move> winning_moves(std::size_t limit, std::size_t skip = 0) const;
  /// The number of winning moves.
  std::uint64_t count_winning_moves() const;
  /// The outcome after `m` (a legal move of the position), as outcome() does.
  char outcome_after(const move& m) const;

 private:
  friend misere_analysis analyze_misere(std::shared_ptr<misere_solver> solver, box_position position,
                                        const misere_options& options);
  misere_analysis(std::shared_ptr<misere_solver> solver, box_position position)
      : solver_(std::move(solver)), position_(std::move(position)) {}

  std::shared_ptr<misere_solver> solver_;
  box_position position_;
  std::uint64_t mask_ = 0;
  char outcome_ = '?';
  search_end solving_ = search_end::complete;
  std::string where_;
};

/**
 * Analyses `position` of `game` in misère play: a solver for the position's box (its heads' extents; misere_solver)
 * solves it within `options` and the outcome is found (the first winning move, for an N-position). A stop by the
 * deadline or options.progress is not an error: the analysis says how far it got (solving(), stopped_where()).
 * Throws parse_error when the position's number of axes is not the game's, limit_error and time_limit_error as
 * misere_solver does, before any work.
 * Complexity: the method's (misere_solver), then one outcome per option until a P option.
 *
 * Example: analyze_misere(resolve_game("turning-turtles"), parse_box_position("H"), {}).outcome() == 'P' (one heads
 * coin: the player to move must take the last move, and loses)
 */
misere_analysis analyze_misere(const game_handle& game, box_position position, const misere_options& options = {});

/// The same with a solver already made (its box holding the position's heads; a game in play asks it position
/// after position).
misere_analysis analyze_misere(std::shared_ptr<misere_solver> solver, box_position position,
                               const misere_options& options = {});

}  // namespace tartan
