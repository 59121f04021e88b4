// One analysis request, one report: the question every front end asks about a position or a sum of positions ("who
// wins here, how, and with which moves?"), answered by one call. The request names the game and the position (a row,
// a board, a box, or a sum of terms, each a game and a position), whether to count the winning moves or list a page
// of them, a page of the options, the limits (memory, time) and the progress callbacks that may cancel. The report
// holds what the front end prints: the value and outcome, the winning moves listed (and where the search stopped, if
// it did), the options, the counts, and the values a picture of the position draws.
//
// The text of a sum's terms is read here too (split_sum_terms, parse_sum_term): a term is GAME POSITION, the game
// resolved by the front end (games/ knows the names), the position drawn (HTTH, HT/TH), SIZE=HEADS, or for a
// take-and-break game heaps=5,7,9.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/analysis/misere_sum.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/product/move.hpp"

namespace tartan {

/// The most options a request lists (analyze --options N, the explorer's "options"): a page of them is held in
/// memory at once.
inline constexpr std::size_t max_listed_options = 100000;

/// A page of a position's options (analysis::for_each_option's order), and whether it holds every option.
struct option_page {
  std::vector<option> listed;
  bool complete = true;  // false when the position has more options than were listed, or the listing was stopped
};

/**
 * The first `count` options of `a`, and whether they are all of them, under `limits` (analysis::for_each_option's):
 * the options listed before a stop, and how the listing ended in `report` (a stop by the deadline or a cancel:
 * report.interrupted()).
 * Complexity: count + 1 options visited.
 *
 * Example: list_options(analyze(mock, parse_box_position("HTTH")), 2, {}, report).listed.size() == 2, .complete ==
 * false
 */
option_page list_options(const analysis& a, std::size_t count, const search_options& limits, search_report& report);

/// The values a picture of a row or board shows: g(n) under each coin of a row, G(r, c) = g_rows(r) ⊗ g_cols(c) in
/// each cell of a board, row-major, `rows` × `cols` cells. `values` stops after the last cell whose value the
/// analysis computed (the coins up to the last heads coin, per axis); the cells past it have no value shown.
struct value_picture {
  std::size_t rows = 1;
  std::size_t cols = 0;
  std::vector<grundy_value> values;
  friend bool operator==(const value_picture&, const value_picture&) = default;
};

/**
 * The value picture of an analysed row or board. Throws limit_error for a box of more than two axes, which no picture
 * draws. Complexity: one nim product per cell shown.
 *
 * Example: picture_values(analyze(mock, parse_box_position("HTTH"))).values == {1, 2, 4, 7}
 */
value_picture picture_values(const analysis& a);

/// A term of a sum as typed: the game's text (a name, a code, a product) and the position's text.
struct sum_term_text {
  std::string game;
  std::string position;
  friend bool operator==(const sum_term_text&, const sum_term_text&) = default;
};

/**
 * Splits the words of a sum, GAME POSITION + GAME POSITION + ..., into its terms. Throws parse_error naming the term
 * (numbered from 0) when a '+' is missing, a term is empty or has no position.
 *
 * Example: split_sum_terms({"mock-turtles", "HTTH", "+", "ruler", "HTH"}) == {{"mock-turtles", "HTTH"}, {"ruler",
 * "HTH"}}
 */
std::vector<sum_term_text> split_sum_terms(std::span<const std::string> words);

/**
 * Term `term`'s position of a sum, for `game`: drawn (HTTH, rows joined by '/': HT/TH) or SIZE=HEADS (1000=3,10-20;
 * 8x8=0-7:0-7,3:3; 8x8=all). Throws parse_error naming the term when the position has another number of axes than
 * the game, and as box_region's and the size's parsers do.
 *
 * Example: parse_term_position("1000=3,10-20", ruler, 1).head_count() == 12
 */
box_region parse_term_position(std::string_view text, const game_handle& game, std::size_t term);

/**
 * Term `term` of a sum, for `game`: heaps of a take-and-break game as heaps=5,7,9 (heap_term; "heaps=" alone: no
 * heap), else a position as parse_term_position reads it. Throws parse_error naming the term, as heap_term,
 * parse_heaps and parse_term_position do.
 *
 * Example: parse_sum_term("heaps=3,4", kayles, 0).heaps == std::vector<heap_size>{3, 4};
 *          parse_sum_term("HTTH", mock_turtles, 1).position.head_count() == 2
 */
sum_term parse_sum_term(std::string_view text, const game_handle& game, std::size_t term);

/// The question asked about a position or a sum (the defaults: list the first 10 winning moves, no options).
struct analysis_request {
  /// The position: one term; or, with `sum`, the terms of a sum of positions (at least one).
  std::vector<sum_term> terms;
  bool sum = false;
  /// The position as heaps of a take-and-break game (heap_position.hpp), not coins: `terms` holds one term, whose
  /// game is read and whose position is not. The winning moves are heap moves, listed or counted (report.heap_*).
  std::optional<std::vector<heap_size>> heaps;
  /// Misère play, the player who makes the last move losing (misere.hpp, misere_heaps.hpp, misere_sum.hpp): the
  /// outcome and the winning moves of one position (a row, board, box, or heaps) or of a sum, no value. Not for
  /// options or a picture; a count lists the position's moves (no compact count at scale).
  bool misere = false;
  /// The misère methods (automatic: the analysis chooses; tests and benchmarks force one).
  misere_method misere_coins_method = misere_method::automatic;
  heap_misere_method misere_heaps_method = heap_misere_method::automatic;
  sum_misere_method misere_sum_method = sum_misere_method::automatic;
  /// Count the winning moves exactly instead of listing them (any size: count_winning_moves, no position listed).
  bool count = false;
  /// The page of winning moves listed: `limit` of them after skipping `offset` (for_each_winning_move's order; a
  /// sum's term by term).
  std::size_t limit = 10;
  std::size_t offset = 0;
  /// List the first N options as well (one position, not counted; at most max_listed_options).
  std::optional<std::size_t> options;
  /// Fill report.picture (one position of a row or board, not counted).
  bool picture = false;
  /// Bytes the sequences and the listed heads may take; 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds for the whole request: the sequences' projected time (time_limit_error), and the searches for moves and
  /// options, whose deadline counts from the start of answer(); 0: no limit.
  double max_seconds = 0;
  /// How the caller asks for a count (e.g. "--count"), named in the advice of a position too large to list.
  std::string count_option = "count = true";
  /// The fraction of the sequences computed; returning false stops answer() with cancelled_error. In misère play,
  /// the fraction solved (the sweep's positions, the genera, or the options searched); returning false stops the
  /// solving, and the report says where (report.stopped).
  progress_callback progress = {};
  /// The fraction of the heads coins searched for moves and options; returning false stops the search, and the
  /// report says where (report.stopped).
  progress_callback search_progress = {};
  /// One position listed: called with the position's heads listed, before any value is computed (a front end refuses
  /// there what it cannot show, e.g. a picture too large to draw).
  std::function<void(const box_position&)> on_position = {};
  /// One position listed: called with the analysis once the value is known, before any move is searched (a front end
  /// prints the value first).
  std::function<void(const analysis&)> on_analysed = {};
  /// One position listed: called with each winning move of the page as it is found.
  std::function<void(const move&)> on_winning_move = {};
  /// Misère play of one position: called once its outcome is known (or the solving stopped), before the winning
  /// moves are listed.
  std::function<void(const misere_analysis&)> on_misere_analysed = {};
};

/// The answer to an analysis_request. The members that apply to the question asked are set; the others are empty.
struct analysis_report {
  /// The value of the position or sum (XOR of G over the heads coins; of the terms' values).
  grundy_value value = 0;
  /// 'N' when the player to move wins (value != 0), 'P' when the other player does; in misère play the misère
  /// outcome, '?' when the solving stopped before it was known.
  char outcome() const { return misere_outcome != 0 ? misere_outcome : value != 0 ? 'N' : 'P'; }
  /// Misère play: the outcome ('N', 'P' or '?'); 0 in normal play.
  char misere_outcome = 0;

  /// One position listed: its analysis, and the page of winning moves.
  std::optional<analysis> position;
  std::vector<move> winning_moves;
  /// A sum listed: each term analysed, and the page of winning moves with their terms (numbered from 0), coins turned
  /// or, in a term of heaps, heap moves.
  std::optional<sum_analysis> sum;
  std::vector<sum_move> sum_winning_moves;
  /// Heaps (request.heaps): their analysis, and the page of winning heap moves or, counted, their number.
  std::optional<heap_analysis> heap_position;
  std::vector<heap_move> heap_moves;
  std::optional<uint128> heap_move_count;
  /// Misère play: the analysis of the position (coins) or of the heaps; the winning moves are listed in
  /// winning_moves or heap_moves, or counted in misere_move_count.
  std::optional<misere_analysis> misere_position;
  std::optional<misere_heap_analysis> misere_heaps;
  /// A sum in misère play: its analysis; the page of winning moves is in sum_winning_moves.
  std::optional<misere_sum_analysis> misere_sum;
  std::optional<std::uint64_t> misere_move_count;
  /// How the search for the winning moves ended (complete when none was needed: a P-position, limit 0).
  search_report search;

  /// The options asked for, listed unless the search for winning moves was stopped first; how their listing ended.
  std::optional<option_page> options;
  search_report option_search;

  /// Counted: a position's count, or a sum's.
  std::optional<move_count_result> count;
  std::optional<sum_count_result> sum_count;

  /// search_end::cancelled or time_limit when a search was stopped (by search_progress or the deadline), and where:
  /// "the search for winning moves stopped at the time limit of 5 s after 17 of the 2000 heads coins; 3 winning
  /// moves listed". complete otherwise.
  search_end stopped = search_end::complete;
  std::string where;

  /// The value picture, when asked for.
  std::optional<value_picture> picture;
};

/**
 * Answers `request`: analyses or counts the position or the sum, lists the page of winning moves and the options
 * asked for, under the request's limits; in misère play, solves the position (misere.hpp, misere_heaps.hpp) and lists
 * or counts its winning moves. Throws parse_error for a request that asks for nothing consistent (no term,
 * several terms not as a sum, options of a count or a sum, a picture of a count, heaps in a sum, with options or a
 * picture, misère play with options or a picture), heaps of a game that is not a take-and-break code
 * (heap_rule), and as analyze(), count_winning_moves and count_sum_winning_moves do; limit_error with the advice to
 * count (request.count_option) when a position's heads would take more than the memory limit listed; cancelled_error
 * when request.progress asked to stop. A search stopped by the deadline or search_progress is not an error: the report
 * says where it stopped. Complexity: that of analyze() (or the counts), then the search to the last move of the page
 * and the options listed.
 *
 * Example: answer({.terms = {{mock, parse_box_region({4}, "0,3")}}}).winning_moves == {move{{{0, 3}}}}; with
 * .count = true, report.count->winning_moves == 1
 */
analysis_report answer(const analysis_request& request);

}  // namespace tartan
