// Misère play of sums of positions: rows of a turning game, boards of any games, and heaps of take-and-break games
// played together, a move a move in one term, the player who makes the last move losing.
//
// A sum is not decided by its terms' values in misère play (G + G = 0 fails), nor is a row the sum of its coins, but
// a sum of rows is a sum: each row is one component, and the misère quotient of the rows (build_row_quotient,
// misere_quotient.hpp) answers it as the heap quotient answers heaps. Three methods (docs/misere.md):
//
// - the quotient: every term a row of the same 1-D game, each of at most misere_sum_options::quotient_coins coins:
//   the quotient of the rows up to the largest term (as a bitmask) is built once; the sum is P exactly when the
//   product of its rows' classes is in the P-portion, and a move in row i wins exactly when the product of the other
//   rows' classes times the class of the row it leaves is. O(rows) per outcome, O(moves) for the winning moves.
// - every term heaps of one take-and-break game: the terms' heaps together are one position of heaps, answered by
//   misere_heaps.hpp (the heap quotient, the genus method, or its search); a term's class is the product of its
//   heaps' classes.
// - the search: depth first over the sum's components (each term of coins a bitmask of at most 64 coins, its moves
//   listed once by misere_solver; each heap of a term of heaps a component of its own, a heap move replacing it by the
//   heaps it leaves), memoized; components of the same game and box are interchangeable, so they are kept sorted, and
//   a component with no move is the empty game. It proves every outcome by the definition, for any games, boards and
//   heaps together.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/product/move.hpp"

namespace tartan {

/// How the misère outcome of a sum was found.
enum class sum_misere_method {
  automatic,  // the quotient when every term is a row of one game within quotient_coins and it is built in time; for
              // heaps of one game, misere_heaps.hpp's automatic choice; else the search
  quotient,
  search,
  genus,  // every term heaps of one game, all proved tame: Conway's genus method (misere_heaps.hpp); chosen, not asked
};

/// "quotient", "search", "genus" ("automatic" for the request).
std::string sum_misere_method_name(sum_misere_method method);

/// What a misère analysis of a sum may do.
struct misere_sum_options {
  /// Bytes the search's memo (and the quotient's construction) may take; 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds for the solving; 0: no limit. A stop keeps what was found.
  double max_seconds = 0;
  /// The fraction solved; returning false stops the solving.
  progress_callback progress = {};
  sum_misere_method method = sum_misere_method::automatic;
  /// The largest quotient the automatic method builds before it gives way to the search.
  std::uint32_t max_quotient_order = 4096;
  /// The longest row (in coins, up to its last heads coin) the automatic method builds a quotient for: the rows up to
  /// 14 coins take about a second (16384 components); the method quotient takes up to 20.
  std::size_t quotient_coins = 14;
  /// Seconds the automatic method gives the quotient before the search answers instead.
  double quotient_seconds = 2;
  /// A quotient of rows built before for a sum these terms came from (misere_sum_analysis::shared_quotient: a game
  /// played move by move), used instead of building one when the terms are its game's rows and it covers them.
  std::shared_ptr<const misere_quotient> rows_quotient;
  /// The same for heaps of one game: the solver of an earlier analysis (misere_sum_analysis::heap_solver), whose
  /// quotient, genera and memo are used when it covers the heaps.
  std::shared_ptr<misere_heap_solver> heap_solver;
};

/// The misère analysis of one sum.
class misere_sum_analysis {
 public:
  const std::vector<sum_term>& terms() const;
  /// The bitmask of each term's heads in its box (row-major, bit i the i-th coin; a row's bit i is coin i); 0 for a
  /// term of heaps.
  const std::vector<std::uint64_t>& masks() const;
  /// 'N', 'P', or '?' when the solving stopped first (solving(), stopped_where()).
  char outcome() const { return outcome_; }
  /// No term has a move: the player to move wins at once.
  bool terminal() const;
  sum_misere_method method() const;
  /// The quotient the outcome rests on (method quotient: of the rows, or of the heaps), else null.
  const misere_quotient* quotient() const;
  /// The class of each term in the quotient (a term of heaps: the product of its heaps' classes). @pre quotient()
  std::vector<quotient_element> classes() const;
  /// Every term heaps of one game: the analysis of their heaps together (its method, genera, quotient), else null.
  const misere_heap_analysis* heaps() const;
  search_end solving() const { return solving_; }
  const std::string& stopped_where() const { return where_; }
  /// The positions of the sum the search has solved (0 through the quotient).
  std::uint64_t positions_solved() const;
  /// The quotient of rows this analysis used (misere_sum_options::rows_quotient), or null.
  std::shared_ptr<const misere_quotient> shared_quotient() const;
  /// The solver of the heaps of one game this analysis used (misere_sum_options::heap_solver), or null.
  std::shared_ptr<misere_heap_solver> heap_solver() const;

  /**
   * Visits the winning moves (leaving a P-position) until `visit` returns false: term 0 first, each term's moves by
   * moving coin ascending (row-major), then in the game's move order (a term of heaps: by heap size ascending, each
   * size once, then take_break_code::for_each_heap_move's order); each move as the term and the coins it turns or the
   * heap move.
   * Under `limits` (the deadline and the cancel, reaching into the search); the report counts the terms' moves.
   * Complexity: through the quotient, O(terms + moves); by the search, one outcome per move.
   */
  search_report for_each_winning_move(const sum_move_callback& visit, const search_options& limits = {}) const;
  /// Winning moves skip .. skip + limit − 1, with their terms.
  std::vector<sum_move> winning_moves(std::size_t limit, std::size_t skip = 0) const;
  /// The outcome after `m`, a legal move of its term (coins turned, or a heap move of a term of heaps).
  char outcome_after(const sum_move& m) const;

  struct state;

 private:
  friend misere_sum_analysis analyze_misere_sum(const std::vector<sum_term>& terms, const misere_sum_options& options);
  explicit misere_sum_analysis(std::shared_ptr<state> s) : state_(std::move(s)) {}

  std::shared_ptr<state> state_;
  char outcome_ = '?';
  search_end solving_ = search_end::complete;
  std::string where_;
};

/**
 * Analyses the sum of `terms` in misère play (the quotient when it applies, the heaps of one game together, else the
 * search; the header above), under `options`: a stop by the deadline or the progress callback keeps what was found
 * (solving(), stopped_where()). Throws parse_error for an empty sum or a term whose position has not one axis per
 * factor of its game; with the method quotient, parse_error when the terms are neither rows of one 1-D game nor heaps
 * of one game, and limit_error when the quotient cannot be built (rows past 20 coins, the order or time limit);
 * limit_error for a term of more than 64 coins (its heads' box), a heap past 2^32 − 1 (misere_heap_sizes), and when
 * the search's memo passes the memory limit.
 * Complexity: the quotient's construction (about a second for rows of 14 coins) then O(terms); or the search, up to
 * the product of the terms' positions.
 *
 * Example: analyze_misere_sum({{turtles, H}, {turtles, H}}).outcome() == 'N' (move one, leaving one move to the
 * other player, who must take it)
 */
misere_sum_analysis analyze_misere_sum(const std::vector<sum_term>& terms, const misere_sum_options& options = {});

}  // namespace tartan
