#include "input/option_names.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "tartan/core/text.hpp"

namespace tartan::cli {

namespace {

// The placeholder of each named option that takes a value, by its long name.
constexpr std::array<std::pair<std::string_view, std::string_view>, 15> placeholders{{
    {"--size", "RxC"},
    {"--svg", "FILE"},
    {"--max-memory", "SIZE"},
    {"--max-seconds", "S"},
    {"--threads", "N"},
    {"--limit", "N"},
    {"--list", "N"},
    {"--offset", "N"},
    {"--coins", "N"},
    {"--seed", "N"},
    {"--bits", "N"},
    {"--heads", "LIST"},
    {"--values", "LIST"},
    {"--first", "you|engine"},
    {"--format", "FORMAT"},
}};

void name_options(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size() == 0) continue;  // a flag
    if (option->get_positional() && option->get_lnames().empty()) {
      option->type_name("");  // GAME, N, FILE: the positional's own name says it
      continue;
    }
    const std::string type = option->get_type_name();
    if (type.rfind("TEXT", 0) != 0 && type.rfind("UINT", 0) != 0) continue;  // named by its command
    for (const auto& [name, placeholder] : placeholders) {
      const std::string& option_name = option->get_lnames().empty() ? "" : option->get_lnames().front();
      if ("--" + option_name == name) option->type_name(std::string(placeholder));
    }
  }
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) name_options(*sub);
}

}  // namespace

void name_placeholders(CLI::App& app) { name_options(app); }

std::string closest_option(const CLI::App& command, const std::string& typed) {
  std::string best;
  // At most two edits, and fewer than half the word: '--x' is no typo of '--json'.
  std::size_t best_distance = std::min<std::size_t>(3, (typed.size() + 1) / 2);
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) {
      const std::size_t d = tartan::edit_distance(typed, "--" + name);
      if (d < best_distance) {
        best_distance = d;
        best = "--" + name;
      }
    }
  }
  return best;
}

}  // namespace tartan::cli
