// The JSON documents tartan answers with, built in one place for the CLI's --json and the explorer's API
// (cli/server/), so that the two cannot drift: `tartan analyze mock-turtles HTTH --json` and a POST of
// {"game": "mock-turtles", "position": "HTTH"} to /api/analyze answer with the same bytes. docs/cli.md and
// docs/explorer.md describe the fields. The builders format what the caller computed (play_json asks the session
// whether the game is over, as any reader of it would); the questions themselves are the caller's.
//
// Included by the .cpp files of commands, printers and the server only, so nlohmann/json stays out of other headers.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "output/analysis_output.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/play.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/product_verify.hpp"

namespace tartan::cli {

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
 * "direct", "theorem"}], "seconds", "threads", "complete"}; `given`: the mismatches compare with given values
 * ("given" instead of "theorem").
 *
 * Example: verify_json(verify_product(rugs, {4, 4}), false)["mismatches"] == 0
 */
nlohmann::ordered_json verify_json(const verify_report& report, bool given);

/**
 * A position in play and what happened to it: {"game", "coins" (boards: "size"), "moves": [{"by": "you"|"engine",
 * "move"}], "position" (the heads), "text" (rows and boards drawn as H/T), "value", "outcome", "to_move",
 * "over", "winner" ("you", "engine" or null), "hint" (a winning move for the player to move, or null)}. `moves`
 * are the moves just made, oldest first.
 *
 * Example: play_json(session, {{move{{{0, 3}}}, player::person}}, hint)["winner"] == "you" after HTTH → TTTT
 */
nlohmann::ordered_json play_json(const play_session& session, const std::vector<played_move>& moves,
                                 const std::optional<move>& hint);

}  // namespace tartan::cli
