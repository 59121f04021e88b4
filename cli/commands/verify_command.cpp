// tartan verify GAME --size RxC: the Tartan theorem checked by direct computation (product_verify.hpp): G over the
// whole box from the definition of the product game, compared cell by cell with g_A(a) ⊗ g_B(b).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/product_verify.hpp"

namespace tartan::cli {

namespace {

struct verify_cli_options {
  std::string game;
  std::string size;
  std::string threads;
  std::string max_memory;
  std::string max_seconds;
  std::size_t limit = 10;
  std::string limit_text = "10";  // --limit as typed: parse_u64 refuses signs and values beyond 64 bits
  bool json = false;
  bool big_as_strings = false;
  std::string svg;
  std::string claimed;  // --claimed @FILE or LIST: conjectured values to compare with instead of the theorem
};

std::string cell_text(const std::vector<coin>& cell) {
  std::string s = "(";
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (i != 0) s += ", ";
    s += std::to_string(cell[i]);
  }
  return s + ")";
}

void print_text(const tartan_game& game, const verify_report& r, const std::string& claimed) {
  std::string formula;
  for (std::size_t i = 0; i < game.dimensions(); ++i) {
    if (i != 0) formula += " ⊗ ";
    formula += game.factor(i).name() + "(" + std::string(1, "abcdefgh"[i % 8]) + ")";
  }
  const std::uint64_t cells = cell_count(r.extents);
  std::cout << "game: " << r.game << '\n';
  std::cout << "box: " << format_size(r.extents) << " (" << cells << " cells, coins numbered from 0)\n";
  std::cout << "method: G from the definition (mex over every product move), compared with "
            << (claimed.empty() ? formula : "the values of " + claimed) << '\n';
  std::cout << "checked: " << r.checked << " cells";
  if (!r.complete) {
    std::cout << " of " << cells
              << (r.stopped == search_end::time_limit ? " (stopped at the time limit)" : " (interrupted)");
  }
  std::cout << '\n';
  std::cout << "mismatches: " << r.mismatches << '\n';
  if (!r.first_mismatches.empty()) {
    std::cout << "first mismatches (cell: direct value vs " << (claimed.empty() ? "theorem" : "given") << "):\n";
    for (const cell_mismatch& m : r.first_mismatches) {
      std::cout << "  " << cell_text(m.cell) << ": " << m.direct << " vs " << m.expected << '\n';
    }
  }
  std::cout << "time: " << format_seconds(r.seconds) << " on " << r.threads << (r.threads == 1 ? " thread" : " threads")
            << '\n';
  if (r.complete && r.mismatches == 0) {
    std::cout << (claimed.empty() ? "ok: every cell agrees with the Tartan theorem\n"
                                  : "ok: every cell agrees with the given values\n");
  }
}

/// Mismatches drawn in a picture at most (all are counted); each listed mismatch holds its cell in memory.
constexpr std::size_t max_drawn_mismatches = std::size_t{1} << 20;

/// The box coloured by agreement with the theorem or the given values in `path` (pictures.hpp).
void write_verify_svg(const std::string& path, const verify_report& r, const std::string& claimed) {
  const svg::agreement_picture box = verify_picture(r, claimed);
  svg::write_file(path, [&](std::ostream& out) { svg::write_agreement(out, box); });
}

void run_verify(const verify_cli_options& o, std::uint64_t max_memory, double max_seconds, run_state& state) {
  const tartan_game game(named_after_files(o.game, games::find_factors(game_argument(o.game))));
  const box_extents extents = parse_board_size(o.size);
  // The limits (the factors' sequences, then the direct computation's plan) are checked by verify_product itself.
  if (!o.svg.empty() && !svg::fits(extents)) {
    throw limit_error("--svg draws boards RxC and boxes AxBxC of at most " + std::to_string(svg::max_cells) +
                      " cells (A at most " + std::to_string(svg::max_layers) + "); leave out --svg for " +
                      format_size(extents));
  }

  verify_options options;
  if (!o.threads.empty()) {
    const std::uint64_t n = parse_u64(o.threads, "--threads", 1024);
    if (n == 0) throw parse_error("--threads must be at least 1; omit it to use every core");
    options.threads = static_cast<unsigned>(n);
  }
  options.memory_limit = max_memory;
  options.max_seconds = max_seconds;
  options.listed_mismatches = o.limit;
  // Conjectured values replace the theorem as what the definition is compared with.
  claimed_values given;
  if (!o.claimed.empty()) {
    given = read_claimed_values(o.claimed, max_memory);
    const std::uint64_t cells = cell_count(extents);
    if (given.values.size() != cells) {
      throw parse_error("--claimed gives " + std::to_string(given.values.size()) + " values but the box has " +
                        std::to_string(cells) +
                        " cells; give G for every cell, in row-major order (the last coordinate fastest)");
    }
    options.expected = [&given, &extents](std::span<const coin> cell, std::span<const grundy_value>) {
      std::size_t index = 0;
      for (std::size_t i = 0; i < cell.size(); ++i) index = index * extents[i] + cell[i];
      return given.values[index];
    };
  }
  // A picture marks every mismatch, so more are listed; the text and JSON still show the first --limit.
  if (!o.svg.empty()) {
    options.listed_mismatches =
        std::max<std::size_t>(o.limit, std::min<std::uint64_t>(cell_count(extents), max_drawn_mismatches));
  }

  // Ctrl-C stops the computation at the next progress poll; the cells computed so far are still compared.
  const interrupt_scope scope;
  progress_bar bar("verifying");
  options.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  verify_report report = verify_product(game, extents, options);
  bar.clear();
  if (!o.svg.empty()) {
    if (report.complete) write_verify_svg(o.svg, report, given.name);
    if (report.first_mismatches.size() > o.limit) report.first_mismatches.resize(o.limit);
  }

  if (o.json)
    std::cout << verify_json(report, !o.claimed.empty()).dump() << '\n';
  else
    print_text(game, report, given.name);
  if (!report.complete) {
    std::cout.flush();
    const std::string checked =
        std::to_string(report.checked) + " of " + std::to_string(cell_count(report.extents)) + " cells were checked";
    if (report.stopped == search_end::time_limit) {
      std::cerr << "error: " << report.where << "; " << checked
                << ", none beyond; give a smaller size, or raise the limit with --max-seconds (0: no limit)\n";
      state.exit_code = 2;
      return;
    }
    std::cerr << "interrupted: " << checked << " before the stop\n";
    state.exit_code = interrupted_exit_code;
    return;
  }
  state.exit_code = report.mismatches == 0 ? 0 : 1;
}

}  // namespace

void add_verify_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "verify", "Verify the Tartan theorem on a box by direct computation from the definition of the product game.");
  sub->footer(
      "G is computed over the whole box as the mex over every product move S×T of the XOR of G over S×T without\n"
      "its corner, using no theorem, and each cell is compared with g_A(a) ⊗ g_B(b) (⊗ of all factors for AxBxC).\n"
      "Exit code 0 when every cell agrees, 1 on a mismatch, 130 when interrupted (Ctrl-C prints what was checked).\n"
      "--max-seconds covers the whole run: a box whose direct computation makes more calls of a factor's option\n"
      "values than the limit allows at 1 ns a call is refused at once; one whose measured pace projects past the\n"
      "limit stops within about a second, and any run stops at the limit, printing what was checked (exit code 2).\n"
      "A progress bar is drawn on standard error when it is a terminal.\n"
      "Examples:\n"
      "  tartan verify 'ruler*ruler' --size 256x256\n"
      "  tartan verify 'mock-turtles*mock-turtles' --size 32x32 --threads 2 --json\n"
      "  tartan verify 'turtles*ruler*twins' --size 16x16x16\n"
      "  tartan verify 'ruler*ruler' --size 64x64 --svg agreement.svg");
  auto o = std::make_shared<verify_cli_options>();
  sub->add_option("GAME", o->game, "A product game, factors joined by '*', e.g. ruler*ruler")->required();
  sub->add_option("--size", o->size, "The box: RxC, or AxBxC for three factors (one extent per factor)")->required();
  sub->add_option("--threads", o->threads, "Worker threads (default: every core)");
  add_max_memory_option(sub, o->max_memory, "Refuse boxes needing more memory");
  add_max_seconds_option(sub, o->max_seconds);
  sub->add_option("--limit", o->limit_text, "List at most this many mismatches")->capture_default_str();
  sub->add_option("--claimed", o->claimed,
                  "Compare with claimed values instead of the theorem: @FILE, a file of G for every cell in row-major "
                  "order, blank- or comma-separated ('#' comments; @- for standard input), or the list itself")
      ->type_name("@FILE|LIST");
  add_svg_option(sub, o->svg,
                 "Also draw the box in FILE (SVG): the cells that agree, and the mismatches marked with a cross");
  sub->add_flag(
      "--json", o->json,
      "Print {\"game\", \"size\", \"checked\", \"mismatches\", \"first_mismatches\": [{\"cell\", \"direct\", "
      "\"theorem\"}], \"seconds\", \"threads\", \"complete\"}, with \"stopped\" when the time limit stopped it");
  add_big_as_strings_flag(sub, o->big_as_strings);
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(o->big_as_strings, o->json);
    o->limit = static_cast<std::size_t>(parse_u64(o->limit_text, "--limit"));
    run_verify(*o, max_memory_limit(*sub, o->max_memory), max_seconds_limit(*sub, o->max_seconds), state);
  });
}

}  // namespace tartan::cli
