// All the built-in coin-turning families, one header each, in the order builtin_games() lists them. Each is a small
// struct modelling tartan::turning_rule (its turning code's hooks, see coded_rule.hpp) with static `name`,
// `title`, `code` and `summary`, and a closed form `grundy(n)` where one is proven.
#pragma once

#include <tuple>

#include "tartan/games/arithmetic_progressions.hpp"
#include "tartan/games/gold_moidores.hpp"
#include "tartan/games/grunt.hpp"
#include "tartan/games/mock_turtle_fives.hpp"
#include "tartan/games/mock_turtles.hpp"
#include "tartan/games/moebius.hpp"
#include "tartan/games/mogul.hpp"
#include "tartan/games/motley.hpp"
#include "tartan/games/ruler.hpp"
#include "tartan/games/ruler_fives.hpp"
#include "tartan/games/sym.hpp"
#include "tartan/games/sympler.hpp"
#include "tartan/games/triplets.hpp"
#include "tartan/games/turning_turtles.hpp"
#include "tartan/games/turnips.hpp"
#include "tartan/games/twins.hpp"

namespace tartan::games {

/// The built-in families as a type list, in listing order (the registry and the tests iterate over it).
using builtin_families =
    std::tuple<turning_turtles, twins, mock_turtles, triplets, moebius, mogul, gold_moidores, ruler, motley, turnips,
               grunt, sym, sympler, mock_turtle_fives, ruler_fives, arithmetic_progressions>;

namespace detail {
template <class... Family>
constexpr bool all_turning_rules(std::tuple<Family...>*) {
  return (turning_rule<Family> && ...);
}
}  // namespace detail

static_assert(detail::all_turning_rules(static_cast<builtin_families*>(nullptr)),
              "every built-in family must model tartan::turning_rule (for_each_move(coin, visit) -> bool)");

}  // namespace tartan::games
