// Whole-file input for the commands that read a file or standard input (graph, the nim matrix commands, analyze -,
// GAME @FILE, --claimed @FILE), with the memory estimated before the text is read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/coin.hpp"

namespace tartan::cli {

/**
 * The text of `file`, or of standard input when `file` is "-". `what` names the input in messages ("the graph",
 * "the matrix"). Before reading, the memory is estimated as `bytes_per_byte` × the file's size (for standard input,
 * checked as it is read, in blocks of 1 MiB) and refused with limit_error naming the estimate and `limit` when it is
 * over; a directory, a missing or unreadable file is refused with parse_error.
 * A UTF-8 byte-order mark at the start (EF BB BF, which some editors write) is dropped: every text tartan reads
 * (rules, games, matrices, graphs, values, positions) comes through here.
 *
 * Complexity: one pass over the input; at most limit / bytes_per_byte + 1 MiB bytes held.
 *
 * Example: read_input_text("-", "the graph", 64, 1 << 30) == the whole of standard input (up to 16 MiB)
 */
std::string read_input_text(const std::string& file, std::string_view what, std::uint64_t bytes_per_byte,
                            std::uint64_t limit);

/**
 * How a message or a report names the input `file`: "standard input" for "-", else the path quoted (quote_typed).
 *
 * Example: input_name("-") == "standard input"; input_name("g.txt") == "'g.txt'"
 */
std::string input_name(const std::string& file);

/**
 * The game as typed on the command line, with every part that starts with '@' read from a file (GAME @FILE: a name,
 * a turning code of thousands of alternatives, or a product, too long for an argument; each factor of a product may
 * be a file of its own, @a.code*@b.code; @- reads standard input). Line breaks
 * and tabs in the file count as spaces, and surrounding space is dropped. Throws parse_error as read_input_text does,
 * and for an empty file.
 *
 * Example: game_argument("ruler") == "ruler"; game_argument("@squares.code") == "[1,4,9,16]C" (the file's text)
 */
std::string game_argument(const std::string& typed);

/// Claimed values as --claimed takes them (check's g(0..N-1), verify's G over a box), and where they came from.
struct claimed_values {
  std::vector<grundy_value> values;
  std::string
      name;  // "" when none were claimed, else the file (input_name: quoted, or "standard input"), or "the list given"
};

/**
 * The values `typed` claims: listed in place ("1,2,4,7"), or @FILE, a file of them (@- reads standard input).
 * Decimal or 0x-hex values, separated by commas or blanks; in a file, '#' starts a comment. Throws parse_error
 * naming the item (and the line, in a file) that is not a value, and as read_input_text does; the memory is checked
 * against `limit` before the file is read.
 * Complexity: one pass over the text.
 *
 * Example: read_claimed_values("1,2,4,7", limit).values == {1, 2, 4, 7}; read_claimed_values("@table.txt", limit)
 */
claimed_values read_claimed_values(const std::string& typed, std::uint64_t limit);

/// `factors` of the game `typed` names, each one read from a file named after it ("@squares.code").
std::vector<turning_game> named_after_files(const std::string& typed, std::vector<turning_game> factors);

/**
 * The game a command names, @FILE pieces read (game_argument) and each game read from a file named after it
 * ("@squares.code"), so that reports say where the rule came from; the code itself stays the game's code().
 * Throws what games::resolve_game throws.
 *
 * Example: resolve_game_argument("@squares.code*ruler").factor(0).name() == "@squares.code"
 */
game_handle resolve_game_argument(const std::string& typed);

}  // namespace tartan::cli
