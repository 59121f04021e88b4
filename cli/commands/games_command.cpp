// tartan games: the built-in games with their codes and first values.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstddef>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/options.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/json_output.hpp"

namespace tartan::cli {

namespace {

std::string joined(const std::vector<grundy_value>& values) {
  std::string s;
  for (const grundy_value v : values) {
    if (!s.empty()) s += ' ';
    s += std::to_string(v);
  }
  return s;
}

void run_games(bool json) {
  const auto list = games::builtin_games();
  const auto heap_games = games::take_break_games();
  std::vector<std::vector<grundy_value>> values, heap_values;
  for (const games::game_info& info : list) values.push_back(games::find_game(info.name).sequence(games_listed_values));
  for (const games::game_info& info : heap_games) {
    heap_values.push_back(games::find_game(info.name).sequence(games_listed_values));
  }

  if (json) {
    auto out = games_json(list, values);
    out["take_and_break"] = games_json(heap_games, heap_values).at("games");
    std::cout << out.dump() << '\n';
    return;
  }

  const std::string values_header = "g(0.." + std::to_string(games_listed_values - 1) + ")";
  std::size_t name_width = 4, code_width = 4, title_width = 5;
  for (const auto& infos : {list, heap_games}) {
    for (const games::game_info& info : infos) {
      name_width = std::max(name_width, info.name.size());
      code_width = std::max(code_width, info.code.size());
      title_width = std::max(title_width, info.title.size());
    }
  }
  const auto row = [&](std::string_view name, std::string_view code, std::string_view title, const std::string& rest) {
    std::string line(name);
    line.resize(name_width + 2, ' ');
    line += code;
    line.resize(name_width + 2 + code_width + 2, ' ');
    line += title;
    line.resize(name_width + 2 + code_width + 2 + title_width + 2, ' ');
    line += rest;
    std::cout << line << '\n';
  };
  std::cout << "Built-in coin-turning games. Coin 0 is the leftmost coin; a move turns the coins its rule allows,\n"
               "the rightmost of them from heads to tails. g(n) is the value of the row with coin n alone heads.\n\n";
  row("name", "code", "title", values_header);
  for (std::size_t i = 0; i < list.size(); ++i) row(list[i].name, list[i].code, list[i].title, joined(values[i]));
  std::cout
      << "\nTake-and-break games, played on heaps: heap n is coin n (coin 0 the empty heap), and a move turns the\n"
         "heap it takes from and the heaps it leaves. g(n) is the value of a heap of n.\n\n";
  row("name", "code", "title", values_header);
  for (std::size_t i = 0; i < heap_games.size(); ++i) {
    row(heap_games[i].name, heap_games[i].code, heap_games[i].title, joined(heap_values[i]));
  }
  std::cout << "\nAny turning code names a game too, e.g. 'tartan seq 2-3,6C 20' (CGSuite's codes; its coin k is our "
               "coin k-1), and so does\nany take-and-break code: octal or hexadecimal (0.77, .07, 4.07, 0.F, 4!.0) or "
               "a subtraction set S{1,3,4}.\nMore values: tartan seq GAME N. A position: tartan analyze GAME HTTH.\n";
}

}  // namespace

void add_games_command(CLI::App& app, run_state& state) {
  auto* sub =
      app.add_subcommand("games", "List the built-in games: name, turning or take-and-break code, title and g(0..9).");
  auto json = std::make_shared<bool>(false);
  auto big_as_strings = std::make_shared<bool>(false);
  sub->add_flag("--json", *json, "Print the list as JSON");
  add_big_as_strings_flag(sub, *big_as_strings);
  sub->callback([json, big_as_strings, &state] {
    const big_as_strings_scope numbers(*big_as_strings, *json);
    run_games(*json);
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
