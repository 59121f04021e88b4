// Lines that fit a terminal of 80 columns: what `tartan play` prints goes through wrap_line, so a long position, a
// long game name or a long typed word never runs past the right edge.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tartan::cli {

/// The width of a terminal that every line of `tartan play` fits.
inline constexpr std::size_t terminal_columns = 80;

/**
 * The columns `text` takes on a terminal: one per character (UTF-8 code point, counted by the bytes that are not
 * continuation bytes), so "●" and "×" count 1 like "H".
 *
 * Example: display_width("● ○") == 3
 */
std::size_t display_width(std::string_view text);

/**
 * `line` (no line break in it) cut into lines of at most `width` columns: at the last space that fits, the spaces
 * there dropped, and each continuation indented by `hang` spaces; a word longer than a whole line is cut where the
 * line ends (at a character boundary). A line that fits is returned as it is.
 * @pre hang < width
 *
 * Example: wrap_line("position HTTH, value 6", 14, 2) == {"position HTTH,", "  value 6"}
 */
std::vector<std::string> wrap_line(std::string_view line, std::size_t width = terminal_columns, std::size_t hang = 2);

/**
 * Every line of `text` (lines end at '\n') through wrap_line, joined with '\n', ending with '\n' when `text` did.
 *
 * Example: wrap_text("a b\n", 80, 2) == "a b\n"
 */
std::string wrap_text(std::string_view text, std::size_t width = terminal_columns, std::size_t hang = 2);

}  // namespace tartan::cli
