// The position of `tartan play` drawn as text: a row under its coin numbers, a board under its column numbers and
// beside its row numbers, a box as one board per layer. Wide rows and boards are cut into chunks that fit 80
// columns (text_wrap.hpp).
#pragma once

#include <string>
#include <vector>

#include "tartan/analysis/box_position.hpp"

namespace tartan::cli {

/**
 * The lines drawing `p`: each coin as H or T (or ● and ○ with `symbols`), under its number. A row: "  coin 0 1 2"
 * then the coins; a board: the column numbers, then one line per row, its number first; a box of k >= 3 axes: for
 * each value of the first k - 2 coordinates, a line "axis 0 = 1:" (", axis 1 = 2" and so on) and the board of the
 * last two axes, layers separated by an empty line. Every line fits terminal_columns; a row or board too wide for
 * one is drawn in chunks of columns, one after the other.
 *
 * Example: draw_position(parse_box_position("HT/TH"), false) == {"     0 1", "  0  H T", "  1  T H"}
 */
std::vector<std::string> draw_position(const box_position& p, bool symbols);

/**
 * The position as a person can type it back, or "" when that would take more than `max_columns`: the H/T text of
 * a row or board (parse_box_position reads it), "3x3x3 with heads 0:0:1 2:1:0" for a box ("with no heads" when
 * empty; --size and --heads read it with the spaces as commas).
 *
 * Example: position_text(parse_box_position("HTTH"), 64) == "HTTH"
 */
std::string position_text(const box_position& p, std::size_t max_columns);

}  // namespace tartan::cli
