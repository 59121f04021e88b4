// tartan: the command-line front end. Parses, dispatches, prints; the work is done by the engine and the games.
#include <CLI/CLI.hpp>

#include <iostream>
#include <new>

#include "commands.hpp"
#include "tartan/error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tartan: nimbers, coin-turning games and tartan products.\n"
               "Coins are numbered from 0 at the left (grids: row, column from 0 at the top left)."};
  app.name("tartan");
  app.set_version_flag("--version", TARTAN_VERSION);
  app.require_subcommand(1);

  tartan::cli::run_state state;
  tartan::cli::add_nim_command(app, state);
  tartan::cli::add_nim_field_commands(app, state);
  tartan::cli::add_games_command(app, state);
  tartan::cli::add_seq_command(app, state);
  tartan::cli::add_analyze_command(app, state);
  tartan::cli::add_check_command(app, state);
  tartan::cli::add_graph_command(app, state);
  tartan::cli::add_table_command(app, state);
  tartan::cli::add_verify_command(app, state);
  tartan::cli::add_play_command(app, state);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << " (see 'tartan --help' or 'tartan COMMAND --help')\n";
    return 2;
  } catch (const tartan::error& e) {
    std::cerr << "error: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory; try a smaller size\n";
    return 2;
  }
  return state.exit_code;
}
