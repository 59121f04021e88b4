// The built-in games by name, and the resolution of any game name: a built-in name, a turning code, or a
// product of those joined with '*'.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan::games {

/// One built-in family, as builtin_games() lists it.
struct game_info {
  std::string_view name;     // the name to type, e.g. "mock-turtles"
  std::string_view title;    // e.g. "Mock Turtles"
  std::string_view code;     // the CGSuite-style turning code, e.g. "1-3"
  std::string_view summary;  // the rule in one line
};

/// The built-in coin-turning families, in a fixed order: the order of builtin_families in families.hpp.
std::span<const game_info> builtin_games();

/// The built-in take-and-break games (Kayles, Grundy's game, ...), listed apart from the coin-turning families in
/// the order of take_break_families (take_break_games.hpp); `code` is their take-and-break code. find_game knows
/// both lists.
std::span<const game_info> take_break_games();

/// Every built-in: builtin_games(), then take_break_games(). For front ends that list them in one catalogue.
std::span<const game_info> all_games();

/**
 * A turning code as reports name it: whole when short, else its first 48 characters and its length, so that a code
 * of thousands of alternatives (read from a file) keeps a report's lines readable.
 *
 * Example: shortened_code("1-3") == "1-3"; a 6789-character code gives its start and "... (6789 characters)"
 */
std::string shortened_code(const std::string& code);

/**
 * A game name that is neither a built-in name nor a turning code (nor, where a product is allowed, games joined
 * with '*'), or no name at all: the name as typed, the built-in names it may be a typo of, and where in a product
 * it stands, so that a front end can say where its list of games is.
 *
 * Example: find_game("mock-turtle") throws "unknown game 'mock-turtle'; did you mean 'mock-turtles'? name a built-in
 * game or give a turning code such as 1-3 or a take-and-break code such as 0.77", with typed() == "mock-turtle" and
 * suggestions() == {"mock-turtles"}
 */
class unknown_game_error : public parse_error {
 public:
  /// `context`: where the name stands, e.g. "product 'rulr*ruler', factor 1: ", or "".
  unknown_game_error(std::string typed, std::vector<std::string> suggestions, bool products_allowed,
                     std::string context = "");

  /// The name as typed (trimmed); empty when no game was given.
  const std::string& typed() const noexcept { return typed_; }
  /// Built-in names close enough to be what was meant, closest first.
  const std::vector<std::string>& suggestions() const noexcept { return suggestions_; }
  /// Whether a product of games would have been accepted where the name stands.
  bool products_allowed() const noexcept { return products_allowed_; }
  /// Where the name stands: "product 'rulr*ruler', factor 1: ", or "".
  const std::string& context() const noexcept { return context_; }

 private:
  std::string typed_;
  std::vector<std::string> suggestions_;
  bool products_allowed_;
  std::string context_;
};

/**
 * A game from a built-in name, a turning code, or a take-and-break code (0.77, .07, 4!.0, S{1,3,4}:
 * take_break_code.hpp). Throws unknown_game_error for a name that is neither, and
 * parse_error for a malformed turning code, each with a message that says what to type.
 *
 * Example: find_game("mock-turtles").sequence(3) == {1, 2, 4}; find_game("1-3") is the same game.
 */
turning_game find_game(std::string_view name_or_code);

/**
 * The factors of a product game named by joining games with '*', e.g. "ruler*mock-turtles". A single name gives one
 * factor. Throws parse_error on an empty factor, unknown_game_error (naming the factor) on an unknown game.
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
