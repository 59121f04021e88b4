// The position of a question as people give it: drawn (POSITION), or a size with heads listed compactly (--coins,
// --size, --heads, --all-heads). One reader for `tartan analyze` and the explorer's API (explorer/), whose
// requests take the same fields under the same names, so both refuse the same mistakes with the same words.
#pragma once

#include <string>

#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"

namespace tartan::present {

/// A position as typed: at most one of `position` (drawn), `heads` and `all_heads`, with `coins` (rows) or `size`
/// (boards and boxes) where the heads need a box. Empty strings are "not given".
struct position_text {
  std::string game;          // the game as typed, for the examples in messages
  std::string position;      // drawn: HTTH, or rows joined by '/'
  std::string coins;         // a row's length
  std::string size;          // a board's or box's size: RxC, AxBxC
  std::string heads;         // heads coins and ranges: 3,10-20; 0-9:0-9,5:7
  bool heads_given = false;  // heads given, maybe as an empty list (every coin tails)
  bool all_heads = false;
};

/**
 * The position `o` describes for `game`, as the XOR of boxes of heads (a drawn position: one box per heads coin).
 * Throws parse_error naming the mistake and what to type: a position given twice, --heads without a size, a row's
 * --coins on a board, rows drawn for a 1-D game, a drawing larger than --size, and what box_region's parsers refuse.
 * A size with no heads listed (no --heads, or an empty list) is a position of tails only: value 0, no move.
 *
 * Example: read_region({.game = "ruler", .coins = "100", .heads = "3,10-20"}, ruler).extents() == box_extents{100}
 */
box_region read_region(const position_text& o, const game_handle& game);

}  // namespace tartan::present
