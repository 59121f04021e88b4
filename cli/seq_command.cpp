// tartan seq GAME N: g(0..N-1) of a game, on one line or as JSON.
#include <charconv>
#include <cstddef>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "svg.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/turning/sequence.hpp"

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
             std::uint64_t max_memory, double max_seconds) {
  const turning_game game = games::find_game(game_name);
  const std::uint64_t n = parse_u64(count_text, "N");
  if (n == 0) throw parse_error("N must be at least 1; type a count such as 10");
  // The memory first, so that a count far beyond the cap (10^15) is refused with its estimate and the limit.
  check_sequence_lengths(std::vector<std::size_t>{static_cast<std::size_t>(std::min<std::uint64_t>(n, SIZE_MAX))},
                         max_memory);
  const auto count = static_cast<std::size_t>(n);
  // Not the cached game.sequence(count): the values are printed once, and the cache would double the memory.
  const std::vector<grundy_value> values = game.sequence(count, sequence_method::automatic, max_seconds);
  if (json) {
    // Streamed rather than built as one nlohmann::json value: 10^8 values would need gigabytes as a json tree.
    std::cout << "{\"game\":" << nlohmann::json(game.name()).dump()
              << ",\"code\":" << nlohmann::json(game.code()).dump() << ",\"values\":[";
    write_values(std::cout, values, ',');
    std::cout << "]}\n";
  } else {
    write_values(std::cout, values, ' ');
    std::cout << '\n';
  }
  std::cout.flush();
  if (!svg_path.empty()) {
    const svg::scatter_plot plot{game.name() + ": g(n) for n = 0.." + std::to_string(count - 1),
                                 "n (coin, from 0 at the left)", "g(n)", values};
    svg::write_file(svg_path, [&](std::ostream& out) { svg::write_scatter_plot(out, plot); });
  }
}

}  // namespace

void add_seq_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand("seq", "Print g(0..N-1), the Grundy values of coins 0..N-1 (coin 0 is the leftmost).");
  sub->footer(
      "GAME is a built-in name (see 'tartan games') or a turning code such as 1-3 or 2-3,6C.\n"
      "N is 1..100000000.\n"
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
            max_seconds_limit(*sub, opts->max_seconds));
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
