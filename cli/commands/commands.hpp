// The tartan command's subcommands. Each add_*_command registers one subcommand (its options, help text and the
// callback that runs it) on the top-level app; the callbacks set state.exit_code.
//
// Exit codes: 0 success, 1 a check found a mismatch, 2 bad input or usage (main prints "error: ..." for those).
#pragma once

namespace CLI {
class App;  // CLI11's, declared here so that this header does not bring CLI11 into every file that includes it
}

namespace tartan::cli {

struct run_state {
  int exit_code = 0;
};

void add_nim_command(CLI::App& app, run_state& state);  // tartan nim ...
void add_nim_field_commands(CLI::App& app,
                            run_state& state);  // tartan nim log/order/trace/solve/det/... (after add_nim_command)
void add_nim_ordinal_commands(CLI::App& app,
                              run_state& state);            // tartan nim alpha/degree/minpoly (after add_nim_command)
void add_games_command(CLI::App& app, run_state& state);    // tartan games
void add_seq_command(CLI::App& app, run_state& state);      // tartan seq GAME N
void add_census_command(CLI::App& app, run_state& state);   // tartan census FAMILY
void add_analyze_command(CLI::App& app, run_state& state);  // tartan analyze GAME POSITION (1-D and grids)
void add_check_command(CLI::App& app, run_state& state);    // tartan check GAME --coins N | --size RxC
void add_graph_command(CLI::App& app, run_state& state);    // tartan graph FILE
void add_table_command(CLI::App& app, run_state& state);    // tartan table GAME --size RxC
void add_verify_command(CLI::App& app, run_state& state);   // tartan verify GAME --size RxC[xD...]
void add_play_command(CLI::App& app, run_state& state);     // tartan play GAME POSITION
void add_explore_command(CLI::App& app, run_state& state);  // tartan explore [--port N]: the browser explorer

// tartan quotient CODE [--heaps N]: the misère quotient of a take-and-break game
void add_quotient_command(CLI::App& app, run_state& state);

}  // namespace tartan::cli
