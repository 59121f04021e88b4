// The built-in games by name, and the resolution of any game name: a built-in name, a turning code, or a
// product of those joined with '*'.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/game_handle.hpp"
#include "tartan/turning_game.hpp"

namespace tartan::games {

/// One built-in family as listed by `tartan games`.
struct game_info {
  std::string_view name;     // the name typed on the command line, e.g. "mock-turtles"
  std::string_view title;    // e.g. "Mock Turtles"
  std::string_view code;     // the CGSuite-style turning code, e.g. "1-3"
  std::string_view summary;  // the rule in one line
};

/// The built-in families, in the order `tartan games` lists them.
std::span<const game_info> builtin_games();

/**
 * A game from a built-in name or a turning code. Throws parse_error for anything else, with a message that says
 * what to type.
 *
 * Example: find_game("mock-turtles").sequence(3) == {1, 2, 4}; find_game("1-3") is the same game.
 */
turning_game find_game(std::string_view name_or_code);

/**
 * The factors of a product game named by joining games with '*', e.g. "ruler*mock-turtles". A single name gives one
 * factor. Throws parse_error on an empty factor or an unknown game.
 */
std::vector<turning_game> find_factors(std::string_view product_name);

/**
 * Any game a front end is asked about, in one place: a built-in name or a turning code (a 1-D game), or factors
 * joined by '*' (a tartan product). Throws parse_error as find_game and find_factors do.
 *
 * Example: resolve_game("ruler").dimensions() == 1; resolve_game("ruler*twins").dimensions() == 2
 */
game_handle resolve_game(std::string_view name);

}  // namespace tartan::games
