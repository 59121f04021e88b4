// tartan seq GAME N: g(0..N-1) of a game, on one line or as JSON.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
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
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/present/sequence_output.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/turning/sequence_limits.hpp"

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
  std::string output;
  std::string checkpoint;
  std::string checkpoint_every;
  std::string threads;
  std::string format;
  std::string oeis_offset;
  std::string from;
  bool force = false;  // --force: --output may replace an existing file
};

/// --checkpoint-every: seconds between commits (0: at every report).
double checkpoint_seconds(const seq_options& o) {
  if (o.checkpoint_every.empty()) return 60;
  double seconds = -1;
  const char* end = o.checkpoint_every.data() + o.checkpoint_every.size();
  const auto [ptr, ec] = std::from_chars(o.checkpoint_every.data(), end, seconds, std::chars_format::fixed);
  if (ec != std::errc() || ptr != end || !std::isfinite(seconds) || seconds < 0 || seconds > 1e9) {
    throw parse_error("--checkpoint-every: " + tartan::quote_typed(o.checkpoint_every) +
                      " is not a number of seconds; type one such as 60, or 0 to record the values as often as they "
                      "are reported");
  }
  return seconds;
}

/// The one line `--output` prints instead of the values: which, where, how many and how wide.
std::string file_summary(const sequence_result& r, const std::string& game, const std::string& path) {
  const std::size_t n = r.values.size();
  const int w = r.values.width();
  return "g(0.." + (n == 0 ? std::string("-1") : std::to_string(n - 1)) + ") of " + game + " written to " +
         tartan::quote_typed(path, 80) + ": " + std::to_string(n) + " values, " + std::to_string(w) +
         (w == 1 ? " byte" : " bytes") + " each (" +
         format_bytes(static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(w)) + ")" +
         (r.resumed > 0 ? "; " + std::to_string(r.resumed) + " of them read back from the checkpoint" : "");
}

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
  if (!o.oeis_offset.empty() && format != seq_format::bfile) {
    throw parse_error("--oeis-offset numbers the lines of a b-file; give it with --format bfile");
  }
  const std::uint64_t offset = o.oeis_offset.empty() ? 0 : parse_u64(o.oeis_offset, "--oeis-offset", 1u << 30);
  const std::uint64_t from = o.from.empty() ? 0 : parse_u64(o.from, "--from");
  // --period, --svg and the value files hold g(0..N-1).
  const char* whole = o.period                ? "--period"
                      : !o.svg.empty()        ? "--svg"
                      : !o.output.empty()     ? "--output"
                      : !o.checkpoint.empty() ? "--checkpoint"
                                              : nullptr;
  if (from != 0 && whole != nullptr) {
    throw parse_error(std::string("--from starts the values printed at g(K), but ") + whole +
                      " takes g(0..N-1); leave out --from, or " + whole);
  }
  sequence_request request{resolve_game_argument(o.game)};
  if (request.game.is_product()) {
    throw parse_error(tartan::quote_typed(o.game) + " is a product of " + std::to_string(request.game.dimensions()) +
                      " games: its values form a table; type e.g. " + "tartan table " + tartan::quote_typed(o.game) +
                      " --size 8x8");
  }
  const std::uint64_t n = parse_u64(o.count, "N");
  if (n == 0) throw parse_error("N must be at least 1; type a count such as 10");
  request.count = static_cast<std::size_t>(std::min<std::uint64_t>(n, SIZE_MAX));
  request.first = from;
  // Printed values past a proven period are streamed, not kept; --period, --svg and the files keep them.
  request.keep_values = o.period || !o.svg.empty();
  request.max_memory = max_memory;
  request.max_seconds = max_seconds;
  if (!o.threads.empty()) {
    const std::uint64_t threads = parse_u64(o.threads, "--threads", 1024);
    if (threads == 0) throw parse_error("--threads must be at least 1; omit it to use every core");
    request.threads = static_cast<unsigned>(threads);
  }
  // The values' file: the checkpoint when there is one (taken up again when it exists), else --output's.
  const bool to_file = !o.output.empty();
  if (o.force && !to_file) throw parse_error("--force lets --output replace a file that exists; give it with --output");
  request.file = !o.checkpoint.empty() ? o.checkpoint : o.output;
  request.resume = !o.checkpoint.empty();
  request.checkpoint_seconds = checkpoint_seconds(o);
  std::error_code ec;
  const bool output_exists =
      to_file && std::filesystem::exists(o.output, ec) && !std::filesystem::is_directory(o.output, ec);
  const bool copy_out = to_file && !o.checkpoint.empty() && o.output != o.checkpoint &&
                        !(output_exists && std::filesystem::equivalent(o.output, o.checkpoint, ec));
  // --output replaces no file unless asked to: the checkpoint itself is taken up again, anything else (a rules file,
  // another game's values, this game's values from a longer run) is refused before any work.
  if (output_exists && (o.checkpoint.empty() || copy_out) && !o.force) {
    throw parse_error("--output " + tartan::quote_typed(o.output, 80) +
                      " exists; give --force to replace it, another file, or --checkpoint " +
                      tartan::quote_typed(o.output, 80) + " to go on from the values it holds");
  }
  // --period and --svg read the values as 64-bit integers, a copy beside a narrow table in memory (a route that keeps
  // 64-bit values counts one already): refused up front when the two would not fit.
  const int least = request.game.row_game().least_value_width();
  if ((o.period || !o.svg.empty()) && least < 8 && request.count <= max_narrow_sequence_length) {
    const std::size_t each = sizeof(grundy_value) + (request.file.empty() ? static_cast<std::size_t>(least) : 0);
    check_memory(saturating_mul(request.count, each), max_memory,
                 std::string(o.period ? "--period" : "--svg") + " over " + std::to_string(request.count) + " values",
                 "ask for fewer values");
  }
  if (to_file && format == seq_format::bfile) {
    throw parse_error("--output writes a value file, not a b-file; leave out --format bfile, or --output");
  }
  value_writer writer(std::cout, format, offset, from);
  // Ctrl-C stops the computation; the values computed so far are already printed (and recorded in the file), and
  // the exit code says they are short.
  const interrupt_scope scope;
  progress_bar bar("computing");
  request.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  std::size_t done = 0;  // values computed or read back, printed or not
  request.on_values = [&](std::span<const grundy_value> values) {
    done += values.size();
    if (to_file) return;                     // the values go to the file alone
    if (writer.written() == 0) bar.clear();  // the first values start a line of their own on a terminal
    writer.write(values);
  };
  if (!to_file) writer.begin(request.game);
  // Every way of stopping short keeps the values printed so far and says why: Ctrl-C, the time limit, and an error
  // at some coin (a value that does not fit 64 bits, moves too many to list, a width past the memory limit).
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
    if (done == 0) throw;  // nothing computed: the refusal alone, with main's advice
    const auto* limit = dynamic_cast<const limit_error*>(&e);
    std::string reason = limit != nullptr ? limit_message(*limit, cmd) : std::string(e.what());
    const std::string at = "coin " + std::to_string(done) + ": ";
    if (reason.rfind(at, 0) == 0) reason.erase(0, at.size());  // the engine's message names the coin already
    stopped = "stopped at " + at + reason;
    exit_code = 2;
  }
  bar.clear();
  const std::size_t k = result.values.size() != 0 ? result.values.size() : done;
  // The pattern of the values computed, complete or not: a proof from a partial range is as good.
  nlohmann::ordered_json pattern;
  std::vector<grundy_value> values;
  if ((o.period || !o.svg.empty()) && result.values.size() != 0) values = result.values.to_vector();
  const periodic_continuation* from_period = result.continuation.get();
  if (o.period && !values.empty()) pattern = pattern_json(values, request.game.row_game());
  if (copy_out && result.complete) {
    std::filesystem::copy_file(o.checkpoint, o.output, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) throw error("cannot write " + tartan::quote_typed(o.output) + ": " + ec.message());
  }
  if (to_file) {
    const std::string path = copy_out ? o.output : request.file;
    if (format == seq_format::json || format == seq_format::jsonl) {
      nlohmann::ordered_json summary = {{"game", request.game.name()},
                                        {"code", request.game.row_game().code()},
                                        {"file", path},
                                        {"count", k},
                                        {"width", result.values.width()},
                                        {"resumed", result.resumed},
                                        {"complete", stopped.empty()}};
      if (!stopped.empty()) summary["stopped"] = stopped;
      summary["seconds"] = result.seconds;
      summary["from_period"] = continuation_json(from_period);
      if (!pattern.is_null()) {
        for (const char* key : {"period", "largest", "rare", "rare_note", "closed_forms"}) summary[key] = pattern[key];
      }
      std::cout << summary.dump() << '\n';
    } else {
      std::cout << file_summary(result, request.game.name(), path) << '\n';
      if (from_period != nullptr) std::cout << "values: " << from_period->method() << '\n';
      if (!pattern.is_null()) std::cout << pattern_text(pattern);
    }
  } else {
    writer.end(stopped, pattern, result.seconds, from_period);  // the output closed (valid JSON) before the reason
    // The method of the values past a proven period, beside the values (standard error: the output holds values).
    if (format == seq_format::text && from_period != nullptr) std::cerr << "values: " << from_period->method() << '\n';
  }
  if (!o.svg.empty() && !values.empty()) {
    const svg::scatter_plot plot = sequence_picture(request.game.name(), values);
    svg::write_file(o.svg, [&](std::ostream& out) { svg::write_scatter_plot(out, plot); });
  }
  // The time, where a person watches (the progress bar's terminal); programs read "seconds" in the JSON forms.
  if (bar.on_terminal() && stopped.empty()) std::cerr << time_line(result.seconds);
  if (!stopped.empty()) {
    const std::string shown = (from == 0 ? "g(0.." + (k == 0 ? std::string("-1") : std::to_string(k - 1)) + ")"
                                         : std::to_string(done) + " values from g(" + std::to_string(from) + ")") +
                              " " + (to_file ? "written" : "printed") + ", " + std::to_string(from == 0 ? k : done) +
                              " of the " + std::to_string(request.count) + " values asked for";
    const std::string kept = !o.checkpoint.empty() ? "; recorded in " + tartan::quote_typed(o.checkpoint) +
                                                         ": the same command goes on from them"
                                                   : "";
    if (exit_code == interrupted_exit_code) {
      std::cerr << "interrupted: " << shown << kept << '\n';
    } else {
      std::cerr << "error: " << shown << "; " << stopped << kept << '\n';
    }
  }
  state.exit_code = exit_code;
}

}  // namespace

void add_seq_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand("seq", "Print g(0..N-1), the Grundy values of coins 0..N-1 (coin 0 is the leftmost).");
  sub->footer(
      "GAME is a built-in name (see 'tartan games'), a turning code such as 1-3 or 2-3,6C, or a take-and-break\n"
      "code such as 0.16. N is 1..4294967296 where the values are kept narrow (take-and-break codes with a\n"
      "two-heap digit, closed forms), else 1..100000000; once a period is proven (Guy-Smith for octal games such\n"
      "as kayles, rules of bounded span), any N and --from K up to 2^64 - 1, the values past the proof written\n"
      "from the period at output speed (standard error names the proof). Values are printed as they are\n"
      "computed. Ctrl-C stops the computation (exit code 130), and so does the time limit (exit code 2): what was\n"
      "computed is printed, then why it stopped. --output FILE writes a tartan value file instead (its format:\n"
      "docs/cli.md), and refuses a FILE that exists unless --force is given (or FILE is the checkpoint); with\n"
      "--checkpoint FILE the values are kept in FILE as they are computed, and the same command run again goes\n"
      "on from them (after Ctrl-C, a kill or a crash), printing them all.\n"
      "Examples:\n"
      "  tartan seq mock-turtles 10     1 2 4 7 8 11 13 14 16 19\n"
      "  tartan seq 1+C 8 --json        "
      "{\"game\":\"1+C\",\"code\":\"1+C\",\"values\":[1,2,1,4,1,2,1,8],\"complete\":true,...}\n"
      "  tartan seq ruler-fives 40 --period      the values, then their period, proven (moves span 5 coins)\n"
      "  tartan seq ruler 1000 --svg ruler.svg   (also draws the values; a log value axis when they span decades)\n"
      "  tartan seq kayles 100000000 > kayles.txt          (from the period proven at g(255): limited by output)\n"
      "  tartan seq kayles 5 --from 18446744073709551611   g(2^64 - 5 .. 2^64 - 1) of Kayles\n"
      "  tartan seq 0.16 4294967296 --output values.bin --checkpoint values.bin   (4 GiB on disk, resumable)\n");
  auto opts = std::make_shared<seq_options>();
  sub->add_option("GAME", opts->game, "A built-in game name or a turning code")->required();
  sub->add_option("N", opts->count, "How many values: g(0) .. g(N-1) (with --from K: g(K) .. g(K+N-1))")->required();
  sub->add_flag("--json", opts->json,
                "Print {\"game\": ..., \"code\": ..., \"values\": [...], \"complete\": true, \"seconds\": ...} (with "
                "\"stopped\": why, when complete is false)");
  sub->add_flag("--jsonl", opts->jsonl,
                "Print one {\"n\": n, \"g\": g(n)} per line as the values are computed, then {\"complete\": ..., "
                "\"count\": ..., \"seconds\": ...}");
  add_big_as_strings_flag(sub, opts->big_as_strings);
  sub->add_option("--format", opts->format,
                  "text (default), json, jsonl, or bfile: an OEIS b-file, lines 'n a(n)' with a(n) = g(n - offset)");
  sub->add_option("--oeis-offset", opts->oeis_offset,
                  "With --format bfile: the n of g(0), the OEIS offset (default 0)");
  sub->add_option("--from", opts->from,
                  "Print N values from g(K): g(K..K+N-1), K up to 2^64 - 1 where a proven period answers them (O(1) "
                  "a value), else up to 2^32 - N (default 0)")
      ->type_name("K");
  sub->add_flag("--period", opts->period,
                "Also report a period g(n + P) = g(n) + s for n >= p, proven for rules of bounded span, and the "
                "classic closed forms the values match (JSON: \"period\", \"closed_forms\")");
  add_svg_option(sub, opts->svg, "Also draw g(n) against n in FILE, an SVG scatter plot");
  add_max_memory_option(sub, opts->max_memory, "Refuse counts whose values need more memory");
  add_max_seconds_option(sub, opts->max_seconds);
  sub->add_option("--output", opts->output,
                  "Write the values to FILE, a tartan value file (a header naming the game, the width and the count, "
                  "then the values, 1, 2, 4 or 8 bytes each), instead of printing them; the disk bounds them, not the "
                  "memory. A FILE that exists is refused unless --force is given or it is the --checkpoint")
      ->type_name("FILE");
  sub->add_flag("--force", opts->force, "Let --output replace a FILE that exists");
  sub->add_option("--checkpoint", opts->checkpoint,
                  "Keep the values in FILE (a value file) as they are computed, recorded every --checkpoint-every "
                  "seconds and when the run stops; when FILE exists, go on from the values it records (no time limit "
                  "unless --max-seconds is given)")
      ->type_name("FILE");
  sub->add_option("--checkpoint-every", opts->checkpoint_every,
                  "Seconds between records of the checkpoint (default 60; 0: whenever values are reported)")
      ->type_name("S");
  sub->add_option("--threads", opts->threads, "Threads for the sparse-space method (default: every core)");
  sub->callback([opts, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(opts->big_as_strings,
                                       opts->json || opts->jsonl || opts->format == "json" || opts->format == "jsonl");
    // A checkpointed run is meant to be long: it has no time limit unless one is given.
    const double seconds =
        !opts->checkpoint.empty() && sub->count("--max-seconds") == 0 ? 0 : max_seconds_limit(*sub, opts->max_seconds);
    run_seq(*opts, *sub, max_memory_limit(*sub, opts->max_memory), seconds, state);
  });
}

}  // namespace tartan::cli
