// tartan seq GAME N: g(0..N-1) of a game, on one line or as JSON.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "detail/typed_text.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/svg.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"

namespace tartan::cli {

namespace {

/// Writes the values space-separated through a fixed buffer: N may be 10^8, and the text about 1 GB.
void write_values(std::ostream& out, const std::vector<grundy_value>& values, char separator) {
  std::string buffer;
  buffer.reserve(1 << 20);
  char digits[24];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i != 0) buffer += separator;
    const auto end = std::to_chars(digits, digits + sizeof digits, values[i]).ptr;
    buffer.append(digits, end);
    if (buffer.size() >= (1 << 20) - 32) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

void run_seq(const std::string& game_name, const std::string& count_text, bool json, const std::string& svg_path,
             std::uint64_t max_memory, double max_seconds, run_state& state) {
  sequence_request request{games::resolve_game(game_name)};
  if (request.game.is_product()) {
    throw parse_error(detail::quote_typed(game_name) + " is a product of " + std::to_string(request.game.dimensions()) +
                      " games: its values form a table; type e.g. " + "tartan table " + detail::quote_typed(game_name) +
                      " --size 8x8");
  }
  const std::uint64_t n = parse_u64(count_text, "N");
  if (n == 0) throw parse_error("N must be at least 1; type a count such as 10");
  request.count = static_cast<std::size_t>(std::min<std::uint64_t>(n, SIZE_MAX));
  request.max_memory = max_memory;
  request.max_seconds = max_seconds;
  // Ctrl-C stops the computation; the values computed so far are printed, and the exit code says they are short.
  const interrupt_scope scope;
  progress_bar bar("computing");
  request.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  const sequence_result result = compute_sequence(request);
  bar.clear();
  const game_handle& game = request.game;
  const std::vector<grundy_value>& values = result.values;
  if (json) {
    // Streamed rather than built as one nlohmann::json value: 10^8 values would need gigabytes as a json tree.
    std::cout << "{\"game\":" << nlohmann::json(game.name()).dump()
              << ",\"code\":" << nlohmann::json(game.row_game().code()).dump() << ",\"values\":[";
    write_values(std::cout, values, ',');
    std::cout << "]}\n";
  } else {
    write_values(std::cout, values, ' ');
    std::cout << '\n';
  }
  std::cout.flush();
  if (!svg_path.empty() && !values.empty()) {
    const svg::scatter_plot plot{game.name() + ": g(n) for n = 0.." + std::to_string(values.size() - 1),
                                 "n (coin, from 0 at the left)", "g(n)", values};
    svg::write_file(svg_path, [&](std::ostream& out) { svg::write_scatter_plot(out, plot); });
  }
  if (!result.complete) {
    std::cerr << "interrupted: g(0.." << (values.empty() ? std::string("-1") : std::to_string(values.size() - 1))
              << ") printed, " << values.size() << " of the " << request.count << " values asked for\n";
    state.exit_code = interrupted_exit_code;
    return;
  }
  state.exit_code = 0;
}

}  // namespace

void add_seq_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand("seq", "Print g(0..N-1), the Grundy values of coins 0..N-1 (coin 0 is the leftmost).");
  sub->footer(
      "GAME is a built-in name (see 'tartan games') or a turning code such as 1-3 or 2-3,6C.\n"
      "N is 1..100000000. Ctrl-C stops the computation and prints the values computed so far (exit code 130).\n"
      "Examples:\n"
      "  tartan seq mock-turtles 10     1 2 4 7 8 11 13 14 16 19\n"
      "  tartan seq 1+C 8 --json        {\"game\":\"1+C\",\"code\":\"1+C\",\"values\":[1,2,1,4,1,2,1,8]}\n"
      "  tartan seq ruler 1000 --svg ruler.svg   (also draws the values; a log value axis when they span decades)\n");
  struct options {
    std::string game;
    std::string count;
    bool json = false;
    std::string svg;
    std::string max_memory;
    std::string max_seconds;
  };
  auto opts = std::make_shared<options>();
  sub->add_option("GAME", opts->game, "A built-in game name or a turning code")->required();
  sub->add_option("N", opts->count, "How many values: g(0) .. g(N-1)")->required();
  sub->add_flag("--json", opts->json, "Print {\"game\": ..., \"code\": ..., \"values\": [...]}");
  sub->add_option("--svg", opts->svg, "Also draw g(n) against n in FILE, an SVG scatter plot");
  add_max_memory_option(sub, opts->max_memory, "Refuse counts whose values need more memory");
  add_max_seconds_option(sub, opts->max_seconds);
  sub->callback([opts, sub, &state] {
    refuse_empty_values(*sub);
    run_seq(opts->game, opts->count, opts->json, opts->svg, max_memory_limit(*sub, opts->max_memory),
            max_seconds_limit(*sub, opts->max_seconds), state);
  });
}

}  // namespace tartan::cli
