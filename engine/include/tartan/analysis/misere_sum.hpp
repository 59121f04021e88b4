// Misère play of sums of positions: rows of a turning game (and boards of any games) played together, a move a move
// in one term, the player who makes the last move losing.
//
// A sum is not decided by its terms' values in misère play (G + G = 0 fails), nor is a row the sum of its coins, but
// a sum of rows is a sum: each row is one component, and the misère quotient of the rows (build_row_quotient,
// misere_quotient.hpp) answers it as the heap quotient answers heaps. Two methods (docs/misere.md):
//
// - the quotient: every term a row of the same 1-D game, each of at most misere_sum_options::quotient_coins coins:
//   the quotient of the rows up to the largest term (as a bitmask) is built once; the sum is P exactly when the
//   product of its rows' classes is in the P-portion, and a move in row i wins exactly when the product of the other
//   rows' classes times the class of the row it leaves is. O(rows) per outcome, O(moves) for the winning moves.
// - the search: depth first over the tuples of the terms' bitmasks (each term a position of at most 64 coins, its
//   moves listed once by misere_solver), memoized; terms of the same game and box are interchangeable, so their
//   bitmasks are kept sorted, and a term with no move is the empty game. It proves every outcome by the definition,
//   for any games, boards included.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/product/move.hpp"

namespace tartan {

/// How the misère outcome of a sum was found.
enum class sum_misere_method {
  automatic,  // the quotient when every term is a row of one game within quotient_coins and it is built in time,
              // else the search
  quotient,
  search,
};

/// "quotient", "search" ("automatic" for the request).
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
};

/// The misère analysis of one sum.
class misere_sum_analysis {
 public:
  const std::vector<sum_term>& terms() const;
  /// The bitmask of each term's heads in its box (row-major, bit i the i-th coin; a row's bit i is coin i).
  const std::vector<std::uint64_t>& masks() const;
  /// 'N', 'P', or '?' when the solving stopped first (solving(), stopped_where()).
  char outcome() const { return outcome_; }
  /// No term has a move: the player to move wins at once.
  bool terminal() const;
  sum_misere_method method() const;
  /// The quotient the outcome rests on (method quotient), else null.
  const misere_quotient* quotient() const;
  /// The class of each term in the quotient. @pre method() == quotient
  std::vector<quotient_element> classes() const;
  search_end solving() const { return solving_; }
  const std::string& stopped_where() const { return where_; }
  /// The positions of the sum the search has solved (0 through the quotient).
  std::uint64_t positions_solved() const;

  /**
   * Visits the winning moves (leaving a P-position) until `visit` returns false: term 0 first, each term's moves by
   * moving coin ascending (row-major), then in the game's move order; each move as the term and the coins it turns.
   * Under `limits` (the deadline and the cancel, reaching into the search); the report counts the terms' moves.
   * Complexity: through the quotient, O(terms + moves); by the search, one outcome per move.
   */
  search_report for_each_winning_move(const std::function<bool(std::size_t term, const move&)>& visit,
                                      const search_options& limits = {}) const;
  /// Winning moves skip .. skip + limit − 1, with their terms.
  std::vector<std::pair<std::size_t, move>> winning_moves(std::size_t limit, std::size_t skip = 0) const;
  /// The outcome after the move `turned` (a legal move of term `term`, as bitmask of the coins it turns).
  char outcome_after(std::size_t term, std::uint64_t turned) const;

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
 * Analyses the sum of `terms` in misère play (the quotient when it applies, else the search; the header above),
 * under `options`: a stop by the deadline or the progress callback keeps what was found (solving(),
 * stopped_where()). Throws parse_error for an empty sum or a term whose position has not one axis per factor of its
 * game; with the method quotient, parse_error when the terms are not rows of one 1-D game and limit_error when the
 * quotient cannot be built (rows past 20 coins, the order or time limit); limit_error for a term of more than 64
 * coins (its heads' box) and when the search's memo passes the memory limit.
 * Complexity: the quotient's construction (about a second for rows of 14 coins) then O(terms); or the search, up to
 * the product of the terms' positions.
 *
 * Example: analyze_misere_sum({{turtles, H}, {turtles, H}}).outcome() == 'N' (move one, leaving one move to the
 * other player, who must take it)
 */
misere_sum_analysis analyze_misere_sum(const std::vector<sum_term>& terms, const misere_sum_options& options = {});

}  // namespace tartan
