// tartan seq GAME N: g(0..N-1) of a game, on one line or as JSON.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/advice.hpp"
#include "output/timing.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/present/sequence_output.hpp"
#include "tartan/present/svg.hpp"

namespace tartan::cli {

namespace {

struct seq_options {
  std::string game;
  std::string count;
  bool json = false;
  bool big_as_strings = false;
  bool jsonl = false;
  bool period = false;
  std::string svg;
  std::string max_memory;
  std::string max_seconds;
  std::string format;
  std::string offset;
};

void run_seq(const seq_options& o, const CLI::App& cmd, std::uint64_t max_memory, double max_seconds,
             run_state& state) {
  if (o.json && o.jsonl) throw parse_error("--json and --jsonl are two forms of the output; give one of them");
  seq_format format = o.json ? seq_format::json : o.jsonl ? seq_format::jsonl : seq_format::text;
  if (!o.format.empty()) {
    if (o.json || o.jsonl) throw parse_error("--format and --json/--jsonl both name the output; give one of them");
    if (o.format == "text")
      format = seq_format::text;
    else if (o.format == "json")
      format = seq_format::json;
    else if (o.format == "jsonl")
      format = seq_format::jsonl;
    else if (o.format == "bfile")
      format = seq_format::bfile;
    else
      throw parse_error("--format " + tartan::quote_typed(o.format) +
                        " is not a form of seq's output; type "
                        "text, json, jsonl or bfile");
  }
  if (format == seq_format::bfile && o.period) {
    throw parse_error("a b-file holds only lines 'n a(n)'; leave out --period, or use another --format");
  }
  if (!o.offset.empty() && format != seq_format::bfile) {
    throw parse_error("--offset numbers the lines of a b-file; give it with --format bfile");
  }
  const std::uint64_t offset = o.offset.empty() ? 0 : parse_u64(o.offset, "--offset", 1u << 30);
  sequence_request request{resolve_game_argument(o.game)};
  if (request.game.is_product()) {
    throw parse_error(tartan::quote_typed(o.game) + " is a product of " + std::to_string(request.game.dimensions()) +
                      " games: its values form a table; type e.g. " + "tartan table " + tartan::quote_typed(o.game) +
                      " --size 8x8");
  }
  const std::uint64_t n = parse_u64(o.count, "N");
  if (n == 0) throw parse_error("N must be at least 1; type a count such as 10");
  request.count = static_cast<std::size_t>(std::min<std::uint64_t>(n, SIZE_MAX));
  request.max_memory = max_memory;
  request.max_seconds = max_seconds;
  value_writer writer(std::cout, format, offset);
  // Ctrl-C stops the computation; the values computed so far are already printed, and the exit code says they are
  // short.
  const interrupt_scope scope;
  progress_bar bar("computing");
  request.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  request.on_values = [&](std::span<const grundy_value> values) {
    if (writer.written() == 0) bar.clear();  // the first values start a line of their own on a terminal
    writer.write(values);
  };
  writer.begin(request.game);
  // Every way of stopping short keeps the values printed so far and says why: Ctrl-C, the time limit, and an error
  // at some coin (a value that does not fit 64 bits, moves too many to list).
  sequence_result result;
  std::string stopped;  // "" when every value asked for was computed
  int exit_code = 0;
  try {
    result = compute_sequence(request);
    if (result.time_limit) {
      stopped = "stopped at the time limit: " + limit_message(*result.time_limit, cmd);
      exit_code = 2;
    } else if (!result.complete) {
      stopped = "interrupted";
      exit_code = interrupted_exit_code;
    }
  } catch (const error& e) {
    if (writer.written() == 0) throw;  // nothing printed: the refusal alone, with main's advice
    const auto* limit = dynamic_cast<const limit_error*>(&e);
    std::string reason = limit != nullptr ? limit_message(*limit, cmd) : std::string(e.what());
    const std::string at = "coin " + std::to_string(writer.written()) + ": ";
    if (reason.rfind(at, 0) == 0) reason.erase(0, at.size());  // the engine's message names the coin already
    stopped = "stopped at " + at + reason;
    exit_code = 2;
  }
  bar.clear();
  const std::vector<grundy_value>& values = result.values;
  // The pattern of the values computed, complete or not: a proof from a partial range is as good.
  nlohmann::ordered_json pattern;
  if (o.period && !values.empty()) pattern = pattern_json(values, request.game.row_game());
  writer.end(stopped, pattern, result.seconds);  // the output closed (valid JSON) before the reason is given
  if (!o.svg.empty() && !values.empty()) {
    const svg::scatter_plot plot = sequence_picture(request.game.name(), values);
    svg::write_file(o.svg, [&](std::ostream& out) { svg::write_scatter_plot(out, plot); });
  }
  // The time, where a person watches (the progress bar's terminal); programs read "seconds" in the JSON forms.
  if (bar.on_terminal() && stopped.empty()) std::cerr << time_line(result.seconds);
  if (!stopped.empty()) {
    const std::size_t k = writer.written();
    const std::string shown = "g(0.." + (k == 0 ? std::string("-1") : std::to_string(k - 1)) + ") printed, " +
                              std::to_string(k) + " of the " + std::to_string(request.count) + " values asked for";
    if (exit_code == interrupted_exit_code) {
      std::cerr << "interrupted: " << shown << '\n';
    } else {
      std::cerr << "error: " << shown << "; " << stopped << '\n';
    }
  }
  state.exit_code = exit_code;
}

}  // namespace

void add_seq_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand("seq", "Print g(0..N-1), the Grundy values of coins 0..N-1 (coin 0 is the leftmost).");
  sub->footer(
      "GAME is a built-in name (see 'tartan games') or a turning code such as 1-3 or 2-3,6C.\n"
      "N is 1..100000000. Values are printed as they are computed. Ctrl-C stops the computation (exit code 130),\n"
      "and so does the time limit (exit code 2): what was computed is printed, then why it stopped.\n"
      "Examples:\n"
      "  tartan seq mock-turtles 10     1 2 4 7 8 11 13 14 16 19\n"
      "  tartan seq 1+C 8 --json        "
      "{\"game\":\"1+C\",\"code\":\"1+C\",\"values\":[1,2,1,4,1,2,1,8],\"complete\":true,...}\n"
      "  tartan seq ruler-fives 40 --period      the values, then their period, proven (moves span 5 coins)\n"
      "  tartan seq ruler 1000 --svg ruler.svg   (also draws the values; a log value axis when they span decades)\n");
  auto opts = std::make_shared<seq_options>();
  sub->add_option("GAME", opts->game, "A built-in game name or a turning code")->required();
  sub->add_option("N", opts->count, "How many values: g(0) .. g(N-1)")->required();
  sub->add_flag("--json", opts->json,
                "Print {\"game\": ..., \"code\": ..., \"values\": [...], \"complete\": true, \"seconds\": ...} (with "
                "\"stopped\": why, when complete is false)");
  sub->add_flag("--jsonl", opts->jsonl,
                "Print one {\"n\": n, \"g\": g(n)} per line as the values are computed, then {\"complete\": ..., "
                "\"count\": ..., \"seconds\": ...}");
  add_big_as_strings_flag(sub, opts->big_as_strings);
  sub->add_option("--format", opts->format,
                  "text (default), json, jsonl, or bfile: an OEIS b-file, lines 'n a(n)' with a(n) = g(n - offset)");
  sub->add_option("--offset", opts->offset, "With --format bfile: the n of g(0), the OEIS offset (default 0)");
  sub->add_flag("--period", opts->period,
                "Also report a period g(n + P) = g(n) + s for n >= p, proven for rules of bounded span, and the "
                "classic closed forms the values match (JSON: \"period\", \"closed_forms\")");
  add_svg_option(sub, opts->svg, "Also draw g(n) against n in FILE, an SVG scatter plot");
  add_max_memory_option(sub, opts->max_memory, "Refuse counts whose values need more memory");
  add_max_seconds_option(sub, opts->max_seconds);
  sub->callback([opts, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(opts->big_as_strings,
                                       opts->json || opts->jsonl || opts->format == "json" || opts->format == "jsonl");
    run_seq(*opts, *sub, max_memory_limit(*sub, opts->max_memory), max_seconds_limit(*sub, opts->max_seconds), state);
  });
}

}  // namespace tartan::cli
