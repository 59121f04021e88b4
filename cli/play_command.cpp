// tartan play
#include "commands.hpp"

namespace tartan::cli {

void add_play_command(CLI::App& app, run_state& state) {
  static_cast<void>(app);
  static_cast<void>(state);
}

}  // namespace tartan::cli
