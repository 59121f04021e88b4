// Printing an analysis (tartan/analysis/analysis.hpp) for `tartan analyze`: text, JSON and an SVG picture, for rows and
// boards alike. The printers format what the command computed; they never call the engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/product/move.hpp"

namespace tartan::present {

/// How a sum's report numbers its terms and coins, as every report states its numbering.
inline constexpr const char* sum_numbering =
    " (terms numbered from 0; coins from 0 at the left, board coins (row, column) from (0, 0) at the top left)";

/// "mock-turtles, 4 coins" or "ruler*ruler, board 2x2": a term of a sum.
std::string term_text(const game_handle& game, const box_extents& extents);

/// A term of a sum as its report lists it: "mock-turtles, 4 coins; heads: 0 3", "kayles, heaps 3 4" (a term of heaps).
std::string sum_term_line(const sum_term& t);

/// A move of a sum as the reports write it, after its term: move_text, or heap_move_text in a term of heaps.
std::string sum_move_text(const sum_move& m);

/// A position's heads as the reports list them: "0 3" on a row, "0:0 1:1" on a board, "none", or "40 coins" when
/// more than 32.
void print_heads(std::ostream& out, const box_position& p);

/// "g_ruler(a) ⊗ g_mock-turtles(b)": the Tartan theorem's formula for a product.
std::string product_formula(const game_handle& game);

/// A move as the text reports write it: "0 3" on a row, "rows 0 1 × columns 2" on a board, "axis 0: 1 × axis 1: 0 ×
/// axis 2: 2" on a box (axes numbered from 0, like coins).
std::string move_text(const move& m);

/// The first lines of a report on one position: the game, the position's size and numbering, and its heads.
void print_position_head(std::ostream& out, const game_handle& game, const box_position& p);

/// The first lines of the text report: game, position, the method line of each factor whose values past the computed
/// ones came from its proven period ("values: g(n) for n >= 256 from the period 12 ..."; products: "values of kayles
/// (axis 0): ..."), value and outcome (printed before any move is searched).
void print_analysis_head(std::ostream& out, const analysis& a);

/**
 * The winning moves of analyze's text report, printed as the engine finds them: visit() prints each move of the page
 * (the moves from `offset` on, at most `limit`; analysis_request.hpp), the heading before the first; finish() closes
 * the page as print_analysis does. The moves printed are kept.
 *
 * Example: move_page_printer page(std::cout, a, 10, 0); request.on_winning_move = [&](const move& m) { page.visit(m);
 * }; page.finish(answer(request).search);
 */
class move_page_printer {
 public:
  move_page_printer(std::ostream& out, const analysis& a, std::size_t limit, std::size_t offset);

  /// Before the search: false, after saying why, when there is nothing to search (a P-position, --limit 0).
  bool begin();
  /// The search's visitor.
  bool visit(const move& m);
  /// After the search: the closing line of the page ("none from --offset ...", "(stopped at --limit ...)").
  void finish(const search_report& r);
  const std::vector<move>& listed() const { return listed_; }

 private:
  std::ostream& out_;
  const analysis& a_;
  std::size_t limit_;
  std::size_t offset_;
  std::vector<move> listed_;
};

/// The options part of the text report (analyze --options N); `interrupted`: the listing was stopped by the
/// deadline or a cancel (the caller says where).
void print_options(std::ostream& out, const option_page& options, bool interrupted = false);

/// The human-readable report: game, position, value, outcome and the winning moves listed (`limit` is the most
/// that were asked for, to say when the list was cut; `offset` how many were skipped before them), then the
/// options when listed (analyze --options N).
void print_analysis(std::ostream& out, const analysis& a, const std::vector<move>& winning, std::size_t limit,
                    std::size_t offset = 0, const std::optional<option_page>& options = std::nullopt);

/// The same as one JSON object on one line (json_output.hpp: analysis_json; docs/cli.md describes its fields).
void print_analysis_json(std::ostream& out, const analysis& a, const std::vector<move>& winning,
                         const std::optional<option_page>& options = std::nullopt);

/// The report of `analyze --count`: game, position (its size and number of heads), value, outcome and the exact
/// number of winning moves.
void print_move_count(std::ostream& out, const game_handle& game, const box_region& region,
                      const move_count_result& counted);

/// The same as one JSON object on one line; "winning_move_count" and "heads" are JSON integers written out in full,
/// even beyond 2^64.
void print_move_count_json(std::ostream& out, const game_handle& game, const box_region& region,
                           const move_count_result& counted);

/// A sum of positions: each term (its game, position and value), the sum's value and outcome, and the winning
/// moves listed with the term each is in (terms numbered from 0); `interrupted`: the search for them was stopped by
/// the deadline or a cancel (the caller says where).
void print_sum_analysis(std::ostream& out, const sum_analysis& a, const std::vector<sum_move>& winning,
                        std::size_t limit, std::size_t offset, bool interrupted = false);
/// `stopped`: where the search for winning moves stopped (analysis_report::where), written as "complete": false and
/// "stopped" as for a position; empty when it was not stopped.
void print_sum_analysis_json(std::ostream& out, const sum_analysis& a, const std::vector<sum_move>& winning,
                             const std::string& stopped = "");
/// A sum's winning moves counted, in all and per term.
void print_sum_count(std::ostream& out, const std::vector<sum_term>& terms, const sum_count_result& counted);
void print_sum_count_json(std::ostream& out, const std::vector<sum_term>& terms, const sum_count_result& counted);

/**
 * A heap move as a player says it: "take 2 from the heap of 7, leaving heaps of 1 and 4", "take 3 from the heap of
 * 3, leaving nothing", "take 1 from the heap of 7, leaving a heap of 6", "split the heap of 7 into 3 and 4" (d_0).
 */
std::string heap_move_text(const heap_move& m);

/// The report of analyze --heaps: game, heaps (and their coin form), value, outcome, the values' method when a heap
/// lies past the values computed ("values: g(n) for n >= 256 from the period 12 (preperiod 71) proven by ..."), then
/// the page of winning heap moves (`limit`, `offset` as asked; `interrupted`: the search was stopped, the caller says
/// where) or, when `counted`, their number.
void print_heap_analysis(std::ostream& out, const heap_analysis& a, const std::vector<heap_move>& winning,
                         std::size_t limit, std::size_t offset, bool interrupted = false,
                         std::optional<uint128> counted = std::nullopt);

/// The same as one JSON object: heap_term_json's {"game", "code", "coins", "heaps", "position"}, then "value",
/// "outcome", "period" (continuation_json: the proven period that answered heaps past the values computed, or null),
/// "winning_moves": [{"take", "from", "leaving"}] or "winning_move_count" (count_json) when `counted`.
nlohmann::ordered_json heap_analysis_json(const heap_analysis& a, const std::vector<heap_move>& winning,
                                          std::optional<uint128> counted = std::nullopt);

/// Throws limit_error when --svg cannot draw the position: rows of more than svg::max_board_coins coins, boards of
/// more, boxes of more than two axes. Checked before any work.
void check_drawable(const box_position& p);

/// The picture of the board (rows, and boards of two factors): the heads, the values the position depends on
/// (`grid`, the engine's picture_values(a)), the value, and the first of `winning` highlighted. Throws limit_error as
/// check_drawable does.
svg::board_picture analysis_picture(const analysis& a, const std::vector<move>& winning, const value_picture& grid);

/// The board (rows, and boards of two factors) as an SVG picture in `path`, the first winning move highlighted.
/// Throws limit_error as check_drawable does.
void write_analysis_svg(const std::string& path, const analysis& a, const std::vector<move>& winning,
                        const value_picture& grid);

}  // namespace tartan::present
