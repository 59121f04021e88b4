// The registry: an explicit list of the built-in families (games/include/tartan/games/families.hpp), and the
// resolution of names typed by people into games.
#include "tartan/games/registry.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/families.hpp"
#include "tartan/games/take_break_games.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::games {

namespace {

// Every built-in, the coin-turning families first, then the take-and-break games: one list for lookups, whose first
// family_count entries builtin_games() shows and the rest take_break_games().
using all_builtins = decltype(std::tuple_cat(std::declval<builtin_families>(), std::declval<take_break_families>()));
constexpr std::size_t family_count = std::tuple_size_v<builtin_families>;
constexpr std::size_t builtin_count = std::tuple_size_v<all_builtins>;

template <class Family>
constexpr game_info info_of() {
  return {Family::name, Family::title, Family::code, Family::summary};
}

template <std::size_t... I>
constexpr std::array<game_info, builtin_count> make_infos(std::index_sequence<I...>) {
  return {info_of<std::tuple_element_t<I, all_builtins>>()...};
}

constexpr std::array<game_info, builtin_count> infos = make_infos(std::make_index_sequence<builtin_count>{});

template <class Family>
turning_game make_game() {
  return turning_game(std::string(Family::name), std::string(Family::code), Family{});
}

template <std::size_t... I>
std::array<turning_game, builtin_count> make_games(std::index_sequence<I...>) {
  return {make_game<std::tuple_element_t<I, all_builtins>>()...};
}

/// One handle per built-in, made once: copies share the handle's sequence cache, so a game's values are computed
/// once per process however often it is looked up.
const std::array<turning_game, builtin_count>& builtin_handles() {
  static const std::array<turning_game, builtin_count> games = make_games(std::make_index_sequence<builtin_count>{});
  return games;
}

/// Other names people use for the built-ins (Winning Ways' and CGSuite's spellings).
constexpr std::array<std::pair<std::string_view, std::string_view>, 8> aliases = {{
    {"grundy", "grundys-game"},
    {"grundy's-game", "grundys-game"},
    {"dawson's-kayles", "dawsons-kayles"},
    {"turning-turtles", "turtles"},
    {"moidores", "gold-moidores"},
    {"ternups", "turnips"},
    {"arithmetic-progressions", "ap"},
    {"mock-turtles-fives", "mock-turtle-fives"},
}};

/// Lower case, with '_' and ' ' read as '-': "Mock Turtles" and "mock_turtles" both give "mock-turtles".
std::string normalized(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    out += c == '_' || c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

/// The built-in name closest to `key` when it is close enough to be a typo, else "".
std::string_view closest_name(std::string_view key) {
  std::string_view best;
  // At most two edits, and fewer than half the key: 'C' is no typo of 'ap'.
  std::size_t best_distance = std::min<std::size_t>(3, (key.size() + 1) / 2);
  for (const game_info& info : infos) {
    const std::size_t d = tartan::edit_distance(key, info.name);
    if (d < best_distance) {
      best_distance = d;
      best = info.name;
    }
  }
  return best;
}

/// The message of an unknown_game_error, in the library's words.
std::string unknown_game_message(const std::string& typed, const std::vector<std::string>& suggestions,
                                 bool products_allowed, const std::string& context) {
  const std::string what = products_allowed ? "name a built-in game, give a turning code such as 1-3 or a "
                                              "take-and-break code such as 0.77, or a product such as "
                                              "'ruler*mock-turtles'"
                                            : "name a built-in game or give a turning code such as 1-3 or a "
                                              "take-and-break code such as 0.77";
  if (typed.empty()) return context + "no game given; " + what;
  return context + "unknown game " + tartan::quote_typed(typed) + "; " +
         (suggestions.empty() ? "" : "did you mean '" + suggestions.front() + "'? ") + what;
}

}  // namespace

unknown_game_error::unknown_game_error(std::string typed, std::vector<std::string> suggestions, bool products_allowed,
                                       std::string context)
    : parse_error(unknown_game_message(typed, suggestions, products_allowed, context)),
      typed_(std::move(typed)),
      suggestions_(std::move(suggestions)),
      products_allowed_(products_allowed),
      context_(std::move(context)) {}

std::span<const game_info> builtin_games() { return std::span<const game_info>(infos).first(family_count); }

std::span<const game_info> take_break_games() { return std::span<const game_info>(infos).subspan(family_count); }

std::span<const game_info> all_games() { return std::span<const game_info>(infos); }

std::string shortened_code(const std::string& code) {
  constexpr std::size_t shown_chars = 48;
  if (code.size() <= shown_chars + 16) return code;
  return code.substr(0, shown_chars) + "... (" + std::to_string(code.size()) + " characters)";
}

turning_game find_game(std::string_view name_or_code) {
  const std::string_view text = tartan::trim(name_or_code);
  if (text.empty()) throw unknown_game_error("", {}, false);
  std::string key = normalized(text);
  for (const auto& [alias, name] : aliases) {
    if (key == alias) key = name;
  }
  for (std::size_t i = 0; i < builtin_count; ++i) {
    if (key == infos[i].name) return builtin_handles()[i];
  }
  // Take-and-break codes hold a point, '!' or '{', which turning codes never do.
  // Named by its one spelling, so that ".77", "0.770" and "0.77" are one game in reports and value files.
  if (take_break_code::claims(text)) {
    take_break_code code = take_break_code::parse(text);
    std::string canonical = code.canonical_text();
    return turning_game(canonical, canonical, std::move(code));
  }
  // Turning codes start with a count of coins; anything else that starts with a digit is a malformed code, and
  // the code's own message (pointing at the offending character) says more than "unknown game" would.
  if (std::isdigit(static_cast<unsigned char>(text.front())) || text.front() == '[') {
    turning_code code = turning_code::parse(text);
    std::string shown = code.text();
    // A code of thousands of characters is named by its start and its length in messages and reports; code()
    // keeps it whole.
    std::string name = shortened_code(shown);
    return turning_game(std::move(name), std::move(shown), std::move(code));
  }
  const std::string quoted = tartan::quote_typed(text);
  // A code without its count ('C', 'E', '2' forgotten before 'FS'): say how codes start.
  if (text.find_first_not_of("CESFcesf()0123456789+-,") == std::string_view::npos &&
      std::string_view("CESFcesf").find(text.front()) != std::string_view::npos) {
    throw parse_error("turning code " + quoted + " has no count of coins; start it with how many coins a move " +
                      "turns, e.g. 1+C, 2C, 3E or 4FS");
  }
  if (text.find('*') != std::string_view::npos) {
    throw parse_error("game " + quoted +
                      " is a product of games, played on a grid, where a single game is wanted; name a single game");
  }
  const std::string_view hint = closest_name(key);
  std::vector<std::string> suggestions;
  if (!hint.empty()) suggestions.emplace_back(hint);
  throw unknown_game_error(std::string(text), std::move(suggestions), false);
}

std::vector<turning_game> find_factors(std::string_view product_name) {
  const std::string_view text = tartan::trim(product_name);
  std::vector<turning_game> factors;
  std::size_t start = 0;
  for (std::size_t index = 1;; ++index) {
    const std::size_t star = text.find('*', start);
    const std::string_view piece =
        tartan::trim(text.substr(start, star == std::string_view::npos ? star : star - start));
    const bool single = star == std::string_view::npos && index == 1;  // a single game: its own message is best
    if (piece.empty()) {
      if (single) throw unknown_game_error("", {}, true);
      throw parse_error("product " + tartan::quote_typed(text) + ": factor " + std::to_string(index) +
                        " is empty; join games with a single '*', e.g. 'ruler*mock-turtles'");
    }
    // A long product is not quoted again: the factor's own message quotes the factor.
    const std::string context =
        text.size() <= 40 ? "product " + tartan::quote_typed(text) + ", factor " + std::to_string(index) + ": "
                          : "factor " + std::to_string(index) + " of the product: ";
    try {
      factors.push_back(find_game(piece));
    } catch (const unknown_game_error& e) {
      if (single) throw;
      throw unknown_game_error(e.typed(), e.suggestions(), e.products_allowed(), context);
    } catch (const parse_error& e) {
      if (single) throw;
      throw parse_error(context + e.what());
    }
    if (star == std::string_view::npos) return factors;
    start = star + 1;
  }
}

game_handle resolve_game(std::string_view name) {
  if (name.find('*') != std::string_view::npos) return game_handle(find_factors(name));
  return game_handle(find_game(name));
}

}  // namespace tartan::games
