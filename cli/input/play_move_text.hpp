// Moves as people type them in `tartan play`: coins on a row ("3 7 12"), rows and columns on a board
// ("rows 1 4 cols 2 5", or "1 4; 2 5"), one list of coins per axis on a box ("0 1; 2; 3 4"). The engine's
// play_session takes the parsed move (tartan/product/move.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "tartan/product/move.hpp"

namespace tartan::cli {

/**
 * Reads a typed move: coin numbers separated by spaces or commas for a row ("3 7 12"); for a board the keywords
 * rows and cols, each followed by its coins ("rows 1 4 cols 2 5"; "row", "col", "column" and "columns" also read,
 * in any case; either order), or the rows and the columns joined by ';' ("1 4; 2 5"); for a box of k axes, k lists
 * joined by ';' ("0 1; 2; 3 4", axis 0 first). Coins may come in any order and are sorted; a coin typed twice is
 * refused. Throws parse_error saying what to type, with `example` as the move to show (when empty, a made-up one:
 * a front end that knows the position passes a legal move of it). `dimensions` is at least 1.
 *
 * Example: parse_play_move("12 3 7", 1).axes == {{3, 7, 12}};
 *          parse_play_move("cols 2 5 rows 4", 2).axes == {{4}, {2, 5}};
 *          parse_play_move("1; 0 2; 3", 3).axes == {{1}, {0, 2}, {3}}
 */
move parse_play_move(std::string_view text, std::size_t dimensions, std::string_view example = {});

/**
 * The move as parse_play_move reads it: a box move (3 axes or more) as its axes joined by "; ".
 *
 * Example: format_play_move(move{{{1, 4}, {2, 5}}}) == "rows 1 4 cols 2 5"; a row move gives "3 7 12"
 */
std::string format_play_move(const move& m);

}  // namespace tartan::cli
