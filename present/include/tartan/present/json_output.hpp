// The JSON documents tartan answers with, built in one place for the CLI's --json and the explorer's API
// (explorer/), so that the two cannot drift: `tartan analyze mock-turtles HTTH --json` and a POST of
// {"game": "mock-turtles", "position": "HTTH"} to /api/analyze answer with the same bytes. docs/cli.md and
// docs/explorer.md describe the fields. The builders format what the caller computed (play_json asks the session
// whether the game is over, as any reader of it would); the questions themselves are the caller's.
//
// Included by the .cpp files of commands, printers and the server only, so nlohmann/json stays out of other headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/heap_play.hpp"
#include "tartan/play/play.hpp"
#include "tartan/play/sum_play.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/product_verify.hpp"

namespace tartan::present {

/**
 * A move: a row's coins [0, 3], a board's {"rows": [...], "cols": [...]}, a box's {"axes": [[...], ...]}.
 *
 * Example: move_json(move{{{0, 3}}}).dump() == "[0,3]"
 */
nlohmann::ordered_json move_json(const move& m);

/**
 * A position's heads coins: coin numbers on a row, [row, column] pairs on a board, one coordinate per axis on a box.
 *
 * Example: heads_json(parse_box_position("HTTH")).dump() == "[0,3]"
 */
nlohmann::ordered_json heads_json(const box_position& p);

/// How many first values `tartan games` shows for each game.
inline constexpr std::size_t games_listed_values = 10;

/**
 * `tartan games --json`: {"convention", "games": [{"name", "title", "code", "summary", "values"}]}, `values[i]` the
 * first games_listed_values values of games[i].
 *
 * Example: games_json(games::builtin_games(), values)["games"][0]["name"] == "turtles"
 */
nlohmann::ordered_json games_json(std::span<const games::game_info> games,
                                  const std::vector<std::vector<grundy_value>>& values);

/**
 * `tartan analyze GAME POSITION --json`: {"game", "code", "coins" (boards: "size"), "position" (the heads), "value",
 * "outcome", "winning_moves"}; with `options` (analyze --options N) also "options": [{"move", "value"}] and
 * "options_complete".
 *
 * Example: analysis_json(analyze(mock, parse_box_position("HTTH")), {move{{{0, 3}}}}).dump() ==
 *          R"({"game":"mock-turtles","code":"1-3","coins":4,"position":[0,3],"value":6,"outcome":"N",
 *          "winning_moves":[[0,3]]})"
 */
nlohmann::ordered_json analysis_json(const analysis& a, const std::vector<move>& winning,
                                     const std::optional<option_page>& options = std::nullopt);

/**
 * `tartan analyze ... --count --json` as text: {"game", "code", "coins" (boards: "size"), "heads", "value",
 * "outcome", "winning_move_count"}, the two counts JSON integers written out in full even beyond 2^64 (which
 * nlohmann's integers do not reach).
 *
 * Example: move_count_json(mock, region, counted) == R"({"game":"mock-turtles",...,"winning_move_count":1})"
 */
std::string move_count_json(const game_handle& game, const box_region& region, const move_count_result& counted);

/// A term of a sum: {"game", "code", "coins"} or {"game", "size"}.
nlohmann::ordered_json term_json(const game_handle& game, const box_extents& extents);

/**
 * `tartan table GAME --size RxC --json`: the row-major `table` of a box as arrays nested one level per axis, the
 * first coordinate outermost.
 *
 * Example: table_json(box_extents{2, 2}, {0, 0, 0, 1}).dump() == "[[0,0],[0,1]]"
 */
nlohmann::json table_json(std::span<const std::size_t> extents, const std::vector<grundy_value>& table);

/**
 * `tartan verify GAME --size RxC --json`: {"game", "size", "checked", "mismatches", "first_mismatches": [{"cell",
 * "direct", "theorem"}], "seconds", "threads", "complete"}, and "stopped" saying why when the time limit stopped it;
 * `given`: the mismatches compare with given values
 * ("given" instead of "theorem").
 *
 * Example: verify_json(verify_product(rugs, {4, 4}), false)["mismatches"] == 0
 */
nlohmann::ordered_json verify_json(const verify_report& report, bool given);

/**
 * A position in play and what happened to it: {"game", "coins" (boards: "size"), "moves": [{"by": "you"|"engine",
 * "move"}], "position" (the heads), "text" (rows and boards drawn as H/T), "value", "outcome", "to_move",
 * "over", "winner" ("you", "engine" or null), "hint" (a winning move for the player to move, or null)}. `moves`
 * are the moves just made, oldest first. In misère play "value" is null, "outcome" the misère outcome, and
 * "misere": true follows it.
 *
 * Example: play_json(session, {{move{{{0, 3}}}, player::person}}, hint)["winner"] == "you" after HTTH → TTTT
 */
nlohmann::ordered_json play_json(const play_session& session, const std::vector<played_move>& moves,
                                 const std::optional<move>& hint);

/// A count that may pass 2^64 − 1 (nlohmann's integers stop there): a number, or past it a decimal string.
nlohmann::ordered_json count_json(uint128 count);

/**
 * The proven period a front end's values past the computed ones came from (periodic_continuation.hpp), or null:
 * {"preperiod", "period", "saltus", "computed" (N: g(0..N-1) were computed), "basis" (what the proof rests on),
 * "method" (the method line, as the text reports print it)}.
 *
 * Example: continuation_json(kayles' continuation)["basis"] == "the Guy–Smith periodicity theorem"
 */
nlohmann::ordered_json continuation_json(const periodic_continuation* continuation);

/// The heaps of an analysis with the game: {"game", "code", "coins" (largest heap + 1, count_json), "heaps",
/// "position" (the coin form's heads)}, the head of heap_analysis_json and heap_play_json.
nlohmann::ordered_json heap_term_json(const heap_analysis& a);

/// A heap move: {"take", "from", "leaving", "text"}, the text as heap_move_text says it ("take 2 from the heap of 7,
/// leaving heaps of 1 and 4"), so a page shows the engine's own words.
nlohmann::ordered_json heap_move_json(const heap_move& m);

/// A term of a sum: term_json's {"game", "code", "coins"} or {"game", "size"}, or for heaps {"game", "code", "heaps"}.
nlohmann::ordered_json sum_term_json(const sum_term& t);

/// A move of a sum: {"term", "move"}, the move as move_json writes it or, in a term of heaps, {"take", "from",
/// "leaving"}.
nlohmann::ordered_json sum_move_json(const sum_move& m);

/**
 * Heaps in play and what happened to them: {"game", "code", "heaps" (ascending), "position" (their coin form's
 * heads), "value", "outcome", "moves": [{"by": "you"|"engine", "move" (heap_move_json), "before", "after" (the
 * values), "outcome_before", "outcome_after" ("N" or "P"), "verdict": "winning"|"mistake"|"lost" (from a P-position
 * every move loses), "better" (for a mistake, a winning move that was there, else null)}], "to_move", "over",
 * "winner" ("you", "engine" or null), "hint" (a winning move for the player to move, or null)}. `moves` are the
 * session's whole history (heap_play_session::review); a front end that replays one request per move sends the heaps
 * before the person's move and reads the moves it made. In misère play the values ("value", "before", "after") are
 * null, the outcomes the misère ones, and "misere": true follows "outcome".
 *
 * Example: heap_play_json(session, std::nullopt)["moves"][0]["verdict"] == "winning" after Kayles {1, 2} → {1, 1}
 */
nlohmann::ordered_json heap_play_json(const heap_play_session& session, const std::optional<heap_move>& hint);

/**
 * A game of a sum against the engine (/api/play with "terms"): {"sum": [each term now: {"game", "code" (or "size"),
 * "position" (a row's or board's text; a box's heads) or "heaps", "value" (normal play) or "class" (misère play
 * through a quotient)}], "value" (null in misère play), "outcome", "misere" (misère play), "quotient" (misère play
 * through a quotient: {"order", "presentation", "p_portion", "class"}, the sum's class), "moves": [{"by", "term",
 * "move", "text"}] (the moves `made` by this request), "to_move", "over", "winner", "hint": the hint with "text" and
 * "why": {"term_before", "term_after", "sum_after"} or {"class_before", "class_after", "sum_class"} (names), and
 * "outcome_after"; or null}.
 *
 * Example: sum_play_json(session, {}, session.hint())["hint"]["why"]["sum_after"] == 0 in normal play
 */
nlohmann::ordered_json sum_play_json(const sum_play_session& session, const std::vector<played_sum_move>& made,
                                     const std::optional<sum_move>& hint);

/// The largest integer that every JSON reader holds exactly: 2^53 - 1, JavaScript's Number.MAX_SAFE_INTEGER. Readers
/// that hold numbers as doubles (jq, JSON.parse) round the integers beyond it: 576460752303423489 reads as
/// 576460752303423500.
inline constexpr std::uint64_t max_exact_json_integer = (std::uint64_t{1} << 53) - 1;

/**
 * Rewrites JSON text as it passes, writing each integer beyond ±max_exact_json_integer as a decimal string, so that
 * readers holding numbers as doubles read it exactly: `--big-as-strings` and the API's "big_as_strings". Strings,
 * fractions and exponents pass unchanged. Text may come in pieces cut anywhere: a number is held back until the
 * character after it shows where it ends, and finish() writes one still held.
 *
 * Example: big_integer_quoter q; q.put(R"({"value":576460752303423489,"n":3})", out); q.finish(out);
 *          out == R"({"value":"576460752303423489","n":3})"
 */
class big_integer_quoter {
 public:
  void put(std::string_view text, std::string& out);
  void finish(std::string& out);

 private:
  void end_number(std::string& out);

  bool in_string_ = false;
  bool escaped_ = false;  // in a string, after a backslash
  std::string number_;    // the number being read, outside strings
};

/**
 * `json` with its integers beyond ±max_exact_json_integer written as decimal strings (big_integer_quoter).
 *
 * Example: big_integers_as_strings("[1,18446744073709551615,0.5]") == R"([1,"18446744073709551615",0.5])"
 */
std::string big_integers_as_strings(std::string_view json);

/// Throws parse_error when `--big-as-strings` (`on`) is given to a command not asked for JSON (`json` false): the
/// option changes only JSON.
void check_big_as_strings(bool on, bool json);

/**
 * The JSON output of a command with `--big-as-strings`: while alive and `on`, what is written to std::cout passes
 * through a big_integer_quoter; on destruction a number held back is written and std::cout is restored. Throws
 * parse_error as check_big_as_strings does.
 *
 * Example: const big_as_strings_scope numbers(o->big_as_strings, o->json); print_analysis_json(std::cout, ...);
 */
class big_as_strings_scope {
 public:
  big_as_strings_scope(bool on, bool json);
  ~big_as_strings_scope();
  big_as_strings_scope(const big_as_strings_scope&) = delete;
  big_as_strings_scope& operator=(const big_as_strings_scope&) = delete;

 private:
  class quoting_buffer : public std::streambuf {
   public:
    explicit quoting_buffer(std::streambuf* target) : target_(target) {}
    void finish();

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

   private:
    void write_out();

    std::streambuf* target_;
    big_integer_quoter quoter_;
    std::string out_;
  };

  std::optional<quoting_buffer> buffer_;
  std::streambuf* saved_ = nullptr;
};

}  // namespace tartan::present
