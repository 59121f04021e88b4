// Misère play as the front ends show it (analysis/misere.hpp, misere_heaps.hpp, misere_check.hpp): the text reports of
// `tartan analyze --misere` and `tartan check --misere`, and their JSON, which the explorer answers with too. The
// printers format what the caller computed; they never call the engine. No value is printed for a misère position:
// its outcome is not the values' (docs/misere.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_check.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/analysis/misere_sum.hpp"
#include "tartan/product/move.hpp"

namespace tartan::present {

/// The line that says the convention: "play: misère (the player who makes the last move loses)".
inline constexpr const char* misere_line = "play: misère (the player who makes the last move loses)";

/// "N (the first player wins)", "P (the second player wins)", "N (no move is left: the player to move wins)",
/// "unknown (the solving stopped first)".
std::string misere_outcome_text(char outcome, bool terminal);

/// How a misère outcome was found, in words: "the sweep of the 26 positions up to this one", "the reachable search
/// (135 positions solved)".
std::string misere_method_text(const misere_analysis& a);

/// The first lines of the text report: game, position, play, outcome and method (printed before the moves).
void print_misere_head(std::ostream& out, const misere_analysis& a);

/**
 * The winning moves of a misère text report, printed as they are found, as move_page_printer does for normal play:
 * begin() says why there is nothing to list (a P-position, a position without a move, --limit 0), visit() prints each
 * move of the page, finish() closes it.
 */
class misere_page_printer {
 public:
  misere_page_printer(std::ostream& out, const misere_analysis& a, std::size_t limit, std::size_t offset);
  bool begin();
  bool visit(const move& m);
  void finish(const search_report& r);

 private:
  std::ostream& out_;
  const misere_analysis& a_;
  std::size_t limit_;
  std::size_t offset_;
  std::size_t listed_ = 0;
};

/// The report of analyze --misere --count: the head, then the number of winning moves (none known when `counted` is
/// empty: the solving or the count stopped).
void print_misere_count(std::ostream& out, const misere_analysis& a, std::optional<std::uint64_t> counted);

/// {"game", "code", "coins" (boards: "size"), "position" (the heads), "play": "misère", "outcome", "terminal",
/// "method", "positions_solved", "winning_moves"} or, counted, "winning_move_count" instead of the list.
nlohmann::ordered_json misere_analysis_json(const misere_analysis& a, const std::vector<move>& winning,
                                            std::optional<std::uint64_t> counted = std::nullopt, bool count = false);

/// A heap's genus in Conway's notation: "0^120", "1^031", "4^46", "12^(12,14)" (a tame heap), or "not proved tame".
std::string genus_text(const heap_genus& g);

/// The report of analyze --heaps --misere: game, heaps, play, outcome, method (with each heap's genus), then the page
/// of winning heap moves or, when `counted`, their number.
void print_misere_heap_analysis(std::ostream& out, const misere_heap_analysis& a, const std::vector<heap_move>& winning,
                                std::size_t limit, std::size_t offset, bool interrupted,
                                std::optional<std::uint64_t> counted, bool count);

/// {"game", "code", "heaps", "play": "misère", "outcome", "terminal", "method", "genera": [{"heap", "tame", "value",
/// "misere_value", "fickle", "genus"}], "positions_solved", "winning_moves": [{"take", "from", "leaving"}]} or
/// "winning_move_count".
nlohmann::ordered_json misere_heap_analysis_json(const misere_heap_analysis& a, const std::vector<heap_move>& winning,
                                                 std::optional<std::uint64_t> counted, bool count);

/// How a misère sum was solved, in words: "the misère quotient of the rows of turtles up to HHHH (order 10, ...)",
/// "the misère quotient of the heaps of kayles up to 7 (...)", "the search of the sum's positions by the definition
/// (135 positions solved)".
std::string misere_sum_method_text(const misere_sum_analysis& a);

/// The report of analyze GAME ROW + GAME ROW ... --misere: the terms (with their classes through the quotient), play,
/// outcome, method, then the page of winning moves with their terms or, when `count`, their number.
void print_misere_sum_analysis(std::ostream& out, const misere_sum_analysis& a, const std::vector<sum_move>& winning,
                               std::size_t limit, std::size_t offset, bool interrupted,
                               std::optional<std::uint64_t> counted, bool count);

/// {"sum": [{"game", "code", "coins" (boards: "size"), "position", "class" (through the quotient)} or, a term of
/// heaps, {"game", "code", "heaps", "class"}], "play": "misère", "outcome", "terminal", "method", "positions_solved",
/// "quotient": {"rows" or "heaps" (the quotient's bound), "order", "p_portion_size", "presentation",
/// "position_class"} | null, "winning_moves": [sum_move_json]} or "winning_move_count".
nlohmann::ordered_json misere_sum_analysis_json(const misere_sum_analysis& a, const std::vector<sum_move>& winning,
                                                std::optional<std::uint64_t> counted, bool count);

/// The report of check --misere: the game and its box, the positions checked, the misère P-positions, the positions
/// where the misère Nim rule fails and the first of them, or "tame up to N".
void print_misere_check(std::ostream& out, const game_handle& game, const misere_check_result& r);

/// {"game", "code", "coins" (boards: "size"), "play": "misère", "positions", "p_positions", "mismatches", "tame",
/// "complete", "first_mismatches": [{"position", "heads" (boards), "value", "small", "outcome", "rule"}], "seconds"}.
nlohmann::ordered_json misere_check_json(const game_handle& game, const misere_check_result& r);

}  // namespace tartan::present
