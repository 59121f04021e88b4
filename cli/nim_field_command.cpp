// tartan nim log/order/primitive/trace/solve/cbrt/det/rank/solve-linear: the nim-field toolkit.
#include "commands.hpp"

namespace tartan::cli {

void add_nim_field_commands(CLI::App& app, run_state& state) {
  static_cast<void>(app);
  static_cast<void>(state);
}

}  // namespace tartan::cli
