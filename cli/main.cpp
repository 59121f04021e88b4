// tartan: the command-line front end. Parses, dispatches, prints; the work is done by the engine and the games.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/option_names.hpp"
#include "output/advice.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "tartan: nimbers, coin-turning games and tartan products.\n"
      "Coins are numbered from 0 at the left (grids: row, column from 0 at the top left)."};
  app.name("tartan");
  app.set_version_flag("--version", TARTAN_VERSION);
  app.require_subcommand(1);

  tartan::cli::run_state state;
  tartan::cli::add_nim_command(app, state);
  tartan::cli::add_nim_field_commands(app, state);
  tartan::cli::add_nim_ordinal_commands(app, state);
  tartan::cli::add_games_command(app, state);
  tartan::cli::add_seq_command(app, state);
  tartan::cli::add_census_command(app, state);
  tartan::cli::add_analyze_command(app, state);
  tartan::cli::add_check_command(app, state);
  tartan::cli::add_graph_command(app, state);
  tartan::cli::add_table_command(app, state);
  tartan::cli::add_verify_command(app, state);
  tartan::cli::add_play_command(app, state);
  tartan::cli::add_explore_command(app, state);
  tartan::cli::add_quotient_command(app, state);
  tartan::cli::name_placeholders(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // An unknown command word is named as such; CLI11 alone would only say that a subcommand is required.
    const CLI::App* level = &app;
    std::string path = "tartan";
    for (int i = 1; level->get_require_subcommand_min() > 0; ++i) {
      std::string names;
      for (const CLI::App* sub : level->get_subcommands([](const CLI::App*) { return true; })) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
      }
      if (i >= argc || argv[i][0] == '-') {
        std::cerr << "error: " << path << " needs a command; type one of " << names << " (see '" << path
                  << " --help')\n";
        return 2;
      }
      const std::string word = argv[i];
      const CLI::App* next = nullptr;
      for (const CLI::App* sub : level->get_subcommands([](const CLI::App*) { return true; })) {
        if (sub->check_name(word)) next = sub;
      }
      if (next == nullptr) {
        std::cerr << "error: unknown command " << tartan::quote_typed(word) << " for " << path << "; type one of "
                  << names << " (see '" << path << " --help')\n";
        return 2;
      }
      level = next;
      path += " " + next->get_name();
    }
    // A misspelt option: named with the closest option of the command, as misspelt game names are; a renamed one
    // with its new name.
    const CLI::App& command = *level;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const std::string word = arg.substr(0, arg.find('='));
      if (word.rfind("--", 0) != 0 || word.size() < 3 || command.get_option_no_throw(word) != nullptr) continue;
      const std::string value = word.size() < arg.size() ? arg.substr(word.size() + 1)
                                : i + 1 < argc           ? argv[i + 1]
                                                         : "";
      if (const std::string renamed = tartan::cli::renamed_option(command, word, value); !renamed.empty()) {
        std::cerr << "error: " << renamed << '\n';
        return 2;
      }
      const std::string near = tartan::cli::closest_option(command, word);
      std::cerr << "error: unknown option " << tartan::quote_typed(word) << " for " << path << "; "
                << (near.empty() ? "" : "did you mean '" + near + "'? ") << "see '" << path << " --help'\n";
      return 2;
    }
    // Arguments left over: named in the order typed (CLI11's own message lists them backwards), with the command.
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
      std::vector<std::string> extras;
      for (const CLI::App* at = level; at != nullptr; at = at->get_parent()) {
        const std::vector<std::string> left = at->remaining();
        extras.insert(extras.begin(), left.begin(), left.end());
      }
      if (!extras.empty()) {
        std::string listed;
        for (std::size_t i = 0; i < extras.size() && i < 5; ++i) {
          listed += (i == 0 ? "" : " ") + tartan::quote_typed(extras[i], 20);
        }
        if (extras.size() > 5) listed += " and " + std::to_string(extras.size() - 5) + " more";
        std::cerr << "error: " << path << " does not take " << (extras.size() == 1 ? "the argument " : "the arguments ")
                  << listed << "; leave " << (extras.size() == 1 ? "it" : "them") << " out (see '" << path
                  << " --help')\n";
        return 2;
      }
    }
    std::cerr << "error: " << e.what() << " (see 'tartan --help' or 'tartan COMMAND --help')\n";
    return 2;
  } catch (const tartan::limit_error& e) {
    std::cerr << "error: " << tartan::cli::limit_message(e, tartan::cli::command_run(app)) << '\n';
    return 2;
  } catch (const tartan::games::unknown_game_error& e) {
    std::cerr << "error: " << tartan::cli::unknown_game_message(e) << '\n';
    return 2;
  } catch (const tartan::error& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory; try a smaller size\n";
    return 2;
  } catch (const std::exception& e) {
    // Not a refusal tartan meant to make: still one line and a non-zero exit instead of an abort.
    std::cerr << "error: unexpected failure: " << e.what() << "; please report the command that caused it\n";
    return 2;
  }
  return state.exit_code;
}
