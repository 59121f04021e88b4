#include "input/option_names.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan::cli {

namespace {

// The placeholder of each named option that takes a value, by its long name.
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> placeholders{{
    {"--size", "RxC"},
    {"--svg", "FILE"},
    {"--max-memory", "SIZE"},
    {"--max-seconds", "S"},
    {"--threads", "N"},
    {"--limit", "N"},
    {"--offset", "N"},
    {"--oeis-offset", "N"},
    {"--coins", "N"},
    {"--seed", "N"},
    {"--bits", "N"},
    {"--heads", "LIST"},
    {"--first", "you|engine"},
    {"--format", "FORMAT"},
}};

// The options renamed so that one word means one thing in every command: the command, the old name, the new one,
// what goes before the value (verify's claimed values are a file, @FILE) and the value's placeholder.
struct renamed {
  std::string_view command, old_name, new_name, prefix, placeholder;
};
constexpr std::array<renamed, 6> renamed_options{{
    {"census", "--values", "--length", "", "N"},
    {"census", "--size", "--max-size", "", "K"},
    {"check", "--values", "--claimed", "", "LIST"},
    {"verify", "--values", "--claimed", "@", "FILE"},
    {"verify", "--list", "--limit", "", "N"},
    {"seq", "--offset", "--oeis-offset", "", "N"},
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

std::string renamed_option(const CLI::App& command, const std::string& typed, const std::string& value) {
  for (const renamed& r : renamed_options) {
    if (command.get_name() != r.command || typed != r.old_name) continue;
    const std::string prefix(r.prefix);
    // The value typed after the old name, moved to the new one (verify's file gains its '@'), or the placeholder.
    const std::string shown = value.empty() || value.rfind("--", 0) == 0 ? prefix + std::string(r.placeholder)
                              : value.rfind(prefix, 0) == 0              ? tartan::quote_typed(value)
                                                                         : tartan::quote_typed(prefix + value);
    return "tartan " + std::string(r.command) + " calls " + std::string(r.old_name) + " " + std::string(r.new_name) +
           " now: type " + std::string(r.new_name) + " " + shown;
  }
  return "";
}

}  // namespace tartan::cli
