// The built-in take-and-break games, one header each, in the order take_break_games() lists them. Each is a small
// struct over its take-and-break code (take_break_rule.hpp) with static `name`, `title`, `code` and `summary`.
#pragma once

#include <tuple>

#include "tartan/games/dawsons_chess.hpp"
#include "tartan/games/dawsons_kayles.hpp"
#include "tartan/games/grundys_game.hpp"
#include "tartan/games/kayles.hpp"
#include "tartan/games/officers.hpp"
#include "tartan/games/treblecross.hpp"

namespace tartan::games {

/// The built-in take-and-break games as a type list, in listing order.
using take_break_families = std::tuple<kayles, dawsons_kayles, dawsons_chess, treblecross, officers, grundys_game>;

}  // namespace tartan::games
