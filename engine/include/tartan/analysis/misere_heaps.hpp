// Misère play of take-and-break heap positions (Kayles with heaps 5, 7 and 9, the last player to move losing): the
// outcome and the winning heap moves.
//
// The heap position is the heap game: in misère play two equal heaps do not cancel (G + G = 0 fails), so the coin
// form, in which equal heaps cancel in pairs, is another game; heaps are answered as heaps. Two methods
// (docs/misere.md):
//
// - the genus method (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13, "Survival in the Lost World"): the
//   genus of a game G is g^(γ0 γ1 γ2 ...), g its normal-play value and γi the misère Grundy value of G plus i heaps
//   of two. A game is tame when its options are tame and its genus is that of a Nim position: 0^120 or 1^031 (it
//   plays as a heap of 0 or 1, "fickle"), or g^(g, g⊕2, g, ...) ("firm"); tame games add as Nim positions do, so a
//   sum of tame heaps is a P-position in misère play exactly when every heap is fickle and the values XOR to 1, or
//   some heap is firm and they XOR to 0 (the misère Nim rule). Each heap size is proved tame here from its options,
//   smallest first: every option must be a sum of heaps already proved tame, and the genus computed from the options
//   exactly (heap_genus) must be a Nim position's. The method answers a position whose heaps are all proved tame.
// - the misère quotient (misere_quotient.hpp): the quotient of the heaps up to the largest one asked (or up to the
//   bound that proves its period, for larger heaps), built once; a position of any number of heaps is P exactly when
//   the product of its heaps' classes is in the P-portion, and a move wins when the product after it is. It answers
//   wild heaps as well as tame ones, in time linear in the number of heaps.
// - the plain search: depth first over heap multisets (heaps with no move dropped: they are the empty game),
//   memoized, a position N when some move leaves a P-position. It proves every outcome by the definition, for any
//   code, and answers the positions with a heap not proved tame ("wild").
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan {

/// The genus of one heap size, as far as the genus method proves it.
struct heap_genus {
  /// Proved tame: every option is a sum of heaps proved tame, and the genus is a Nim position's.
  bool tame = false;
  /// The normal-play value g (mex of the options' values).
  grundy_value value = 0;
  /// γ0, the misère Grundy value: 1 for a heap without a move, else the mex of the options'. For a tame heap, the
  /// value, or the value XOR 1 when the heap is fickle; 0 when an option is not tame (not computed).
  grundy_value misere_value = 0;
  /// Tame with genus 0^120 or 1^031: plays as a Nim heap of 0 or 1.
  bool fickle = false;

  friend bool operator==(const heap_genus&, const heap_genus&) = default;
};

/**
 * The genera of heaps 0 .. count - 1 of `code`, each heap proved tame (or not) from its options, smallest first: the
 * options' genera as sums of tame heaps (values XOR, fickle when all are), γ0 as the mex of the options' misère
 * values (a tame option's is its value, XOR 1 when fickle; 1 for a heap without a move). With every option tame, the
 * genus is a Nim position's exactly when γ0 is the value (firm) or, for a value of 0 or 1, the value XOR 1 (fickle):
 * the misère values of the heap plus any heaps of one and two then follow from the options by the mex (the proof is
 * in docs/misere.md). A heap with an option holding a heap not proved tame is not proved tame ("wild", or unknown);
 * its value is still given, its γ0 is 0. `stop`, when given, is polled and may end the work early: the genera
 * computed so far are returned (fewer than count).
 * Complexity: O(Σ moves of each heap), O(n^2) per two-heap digit.
 *
 * Example: heap_genera(parse("0.312"), 5): heaps 1, 2, 3 tame with genus 1^031, 2^20, 0^02; heap 4 not (2^1420)
 */
std::vector<heap_genus> heap_genera(const take_break_code& code, coin count, search_stop* stop = nullptr);

/// How the misère outcome of heaps was found.
enum class heap_misere_method {
  automatic,  // the quotient when it is built in time and covers every heap, else the genus method when every heap
              // is proved tame, else the plain search
  genus,
  search,
  quotient,
};

/// "genus", "search", "quotient" ("automatic" for the request).
std::string heap_misere_method_name(heap_misere_method method);

/// What a misère analysis of heaps may do (misere_options' limits, with the heaps' method).
struct misere_heap_options {
  std::uint64_t max_memory = 0;
  double max_seconds = 0;
  progress_callback progress = {};
  heap_misere_method method = heap_misere_method::automatic;
  /// The largest quotient the automatic method builds before it gives way to the genus method or the search.
  std::uint32_t max_quotient_order = 4096;
  /// The most heaps the automatic method builds a quotient for, and the seconds it may take (beyond them, a heap
  /// larger is answered by the quotient only when its period is proven below them).
  coin quotient_heaps = 1024;
  double quotient_seconds = 2;
};

/**
 * The heap positions of one take-and-break game, solved for misère play and kept (a game played on heaps asks it
 * again and again): the genera of the heap sizes, and the plain search's memo.
 */
class misere_heap_solver {
 public:
  /**
   * The solver for positions of heaps at most `largest`. Throws parse_error when `game` is not a take-and-break code
   * (heap_rule), limit_error when the genera of heaps up to `largest` exceed the memory limit.
   * Complexity: that of heap_genera up to `largest` (unless the method is search).
   */
  misere_heap_solver(const game_handle& game, coin largest, const misere_heap_options& options);

  const game_handle& game() const { return game_; }
  const take_break_code& rule() const { return rule_; }
  /// The genera of heaps 0 .. largest (fewer when their computation was stopped).
  const std::vector<heap_genus>& genera() const { return genera_; }
  /// How the computation of the genera ended.
  search_end genera_end() const { return genera_end_; }

  /// The quotient built for these heaps (automatic or quotient method), or null.
  const misere_quotient* quotient() const { return quotient_.get(); }
  /// How the quotient's construction ended, when one was built: complete, or stopped (the time budget, a limit).
  search_end quotient_end() const { return quotient_end_; }
  /// The quotient's construction was stopped by the caller (the progress callback, or the time limit asked for): the
  /// solving stops there, as when the genera are stopped.
  bool quotient_stopped() const { return caller_stopped_; }

  /// The method for these heaps (ascending): the quotient when it covers every heap (automatic or asked), else genus
  /// when asked or automatic and every heap is proved tame, else the search.
  heap_misere_method method_for(const std::vector<coin>& heaps) const;

  /// The misère outcome of `heaps` (ascending): 'N', 'P', or '?' when `stop` stopped the search. Throws limit_error
  /// when the search's memo passes the memory limit.
  char outcome(const std::vector<coin>& heaps, search_stop* stop = nullptr);

  /// The positions the plain search has solved.
  std::uint64_t positions_solved() const;

  /// The heaps after move `m` (ascending). @pre m is legal
  static std::vector<coin> after(const std::vector<coin>& heaps, const heap_move& m);

 private:
  struct memo;
  const std::vector<std::vector<coin>>& moves_of(coin h);
  char search(std::vector<coin> root, search_stop* stop);
  std::vector<coin> normal_form(std::vector<coin> heaps);

  game_handle game_;
  take_break_code rule_;
  heap_misere_method method_ = heap_misere_method::automatic;
  std::uint64_t max_memory_ = 0;
  std::vector<heap_genus> genera_;
  search_end genera_end_ = search_end::complete;
  std::shared_ptr<const misere_quotient> quotient_;
  search_end quotient_end_ = search_end::complete;
  bool caller_stopped_ = false;
  // The moves of each heap size, listed once asked: each as {take, heaps left...}.
  std::vector<std::vector<std::vector<coin>>> moves_;
  std::vector<char> listed_;
  std::shared_ptr<memo> memo_;
};

/// The misère analysis of one heap position.
class misere_heap_analysis {
 public:
  const game_handle& game() const { return solver_->game(); }
  const take_break_code& rule() const { return solver_->rule(); }
  /// The heaps, ascending.
  const std::vector<coin>& heaps() const { return heaps_; }
  /// 'N', 'P', or '?' when the solving stopped first.
  char outcome() const { return outcome_; }
  /// No heap can move: the player to move wins at once.
  bool terminal() const { return terminal_; }
  heap_misere_method method() const { return method_; }
  /// The genera of heaps 0 .. largest heap.
  const std::vector<heap_genus>& genera() const { return solver_->genera(); }
  search_end solving() const { return solving_; }
  const std::string& stopped_where() const { return where_; }
  std::uint64_t positions_solved() const { return solver_->positions_solved(); }
  const std::shared_ptr<misere_heap_solver>& solver() const { return solver_; }

  /**
   * Visits the winning heap moves (leaving a P-position) as heap_analysis does: heap sizes ascending, each size once,
   * each heap's moves in take_break_code::for_each_heap_move's order. The report counts heap sizes as its coins.
   */
  search_report for_each_winning_move(heap_move_callback visit, const search_options& limits = {}) const;
  std::vector<heap_move> winning_moves(std::size_t limit, std::size_t skip = 0) const;
  /// The outcome after the legal move `m`.
  char outcome_after(const heap_move& m) const;

 private:
  friend misere_heap_analysis analyze_misere_heaps(std::shared_ptr<misere_heap_solver> solver, std::vector<coin> heaps,
                                                   const misere_heap_options& options);
  explicit misere_heap_analysis(std::shared_ptr<misere_heap_solver> solver) : solver_(std::move(solver)) {}
  search_report quotient_winning_moves(const std::vector<coin>& sizes, heap_move_callback visit,
                                       search_stop& stop) const;

  std::shared_ptr<misere_heap_solver> solver_;
  std::vector<coin> heaps_;
  char outcome_ = '?';
  bool terminal_ = false;
  heap_misere_method method_ = heap_misere_method::search;
  search_end solving_ = search_end::complete;
  std::string where_;
};

/**
 * Analyses `heaps` (any order, equal heaps and empty heaps allowed) of `game` in misère play: the genera of the heap
 * sizes, then the genus method when every heap is proved tame, else the plain search, under `options` (a stop keeps
 * what was found: solving(), stopped_where()). Throws parse_error when `game` is not a take-and-break code,
 * limit_error for heaps beyond the memory limit (the genera, or the search's memo as it grows).
 * Complexity: heap_genera up to the largest heap; then O(heaps) for the genus method, or the search.
 *
 * Example: analyze_misere_heaps(kayles, {1}, {}).outcome() == 'P' (the last token loses); {2}: 'N' (take one)
 */
misere_heap_analysis analyze_misere_heaps(const game_handle& game, std::vector<coin> heaps,
                                          const misere_heap_options& options = {});

/// The same with a solver already made for heaps at least as large.
misere_heap_analysis analyze_misere_heaps(std::shared_ptr<misere_heap_solver> solver, std::vector<coin> heaps,
                                          const misere_heap_options& options = {});

/**
 * `heaps` as the misère analyses take them. Throws limit_error for a heap of 2^32 − 1 tokens or more: the quotient
 * (even past its proven period), the genera and the search hold heaps in 32 bits.
 *
 * Example: misere_heap_sizes({5, 7}) == {5, 7}; misere_heap_sizes({99999999999}) throws
 */
std::vector<coin> misere_heap_sizes(const std::vector<heap_size>& heaps);

}  // namespace tartan
