// tartan table GAME --size RxC: the value table of a tartan product, G(a, b) = g_A(a) ⊗ g_B(b), aligned with row and
// column headers (coins numbered from 0), or as JSON rows.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/product/box_cells.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::cli {

namespace {

struct table_options {
  std::string game;
  std::string size;
  std::string max_memory;
  std::string max_seconds;
  bool json = false;
  bool big_as_strings = false;
  std::string svg;
};

/// The most cells printed: beyond, the text alone would run to gigabytes; verify and analyze work on larger boxes.
constexpr std::uint64_t max_table_cells = std::uint64_t{1} << 26;

std::string axis_names(std::size_t dims) {
  static constexpr const char* letters = "abcdefgh";
  std::string s;
  for (std::size_t i = 0; i < dims && i < 8; ++i) {
    if (i != 0) s += ", ";
    s += letters[i];
  }
  return s;
}

/// Prints one 2-D slice (rows × cols values starting at `first`) with headers, every column `width` wide.
void print_slice(const std::vector<grundy_value>& table, std::size_t first, std::size_t rows, std::size_t cols,
                 std::size_t width, const char* row_letter, const char* col_letter) {
  auto pad = [&](const std::string& s) { return std::string(width > s.size() ? width - s.size() : 0, ' ') + s; };
  std::string header = std::string(row_letter) + "\\" + col_letter;
  std::cout << pad(header);
  for (std::size_t b = 0; b < cols; ++b) std::cout << ' ' << pad(std::to_string(b));
  std::cout << '\n';
  for (std::size_t a = 0; a < rows; ++a) {
    std::cout << pad(std::to_string(a));
    for (std::size_t b = 0; b < cols; ++b) std::cout << ' ' << pad(std::to_string(table[first + a * cols + b]));
    std::cout << '\n';
  }
}

/// The table as an SVG heat map in `path` (pictures.hpp).
void write_table_svg(const std::string& path, const tartan_game& game, const box_extents& extents,
                     const std::vector<grundy_value>& table) {
  const svg::heat_map map = table_picture(game, extents, table);
  svg::write_file(path, [&](std::ostream& out) { svg::write_heat_map(out, map); });
}

void run_table(const table_options& o, std::uint64_t limit, double max_seconds) {
  const stopwatch timer;
  const tartan_game game(named_after_files(o.game, games::find_factors(game_argument(o.game))));
  const box_extents extents = parse_board_size(o.size);
  // The memory first, before the cap on what is printed, so that a size beyond the machine is refused with the
  // estimate and the limit.
  game.check_table(extents, limit);
  const std::uint64_t cells = cell_count(extents);
  if (cells > max_table_cells) {
    throw limit_error("a table of " + format_size(extents) + " has " + std::to_string(cells) +
                      " cells; tartan table prints at most " + std::to_string(max_table_cells) +
                      " (e.g. 8192x8192); use 'tartan verify' or 'tartan analyze' on larger boards");
  }
  if (!o.svg.empty() && !svg::fits(extents)) {
    throw limit_error("--svg draws boards RxC and boxes AxBxC of at most " + std::to_string(svg::max_cells) +
                      " cells (A at most " + std::to_string(svg::max_layers) + "); leave out --svg for " +
                      format_size(extents));
  }
  const std::vector<grundy_value> table = game.table(extents, limit, max_seconds);
  if (!o.svg.empty()) write_table_svg(o.svg, game, extents, table);

  if (o.json) {
    std::cout << table_json(extents, table).dump() << '\n';
    return;
  }

  const std::size_t dims = extents.size();
  std::string formula;
  for (std::size_t i = 0; i < dims; ++i) {
    if (i != 0) formula += " ⊗ ";
    formula += game.factor(i).name() + "(" + std::string(1, "abcdefgh"[i % 8]) + ")";
  }
  std::cout << "# G(" << axis_names(dims) << ") = " << formula << " on " << format_size(extents) << "; ";
  if (dims == 2) {
    std::cout << "row a, column b, coins numbered from 0 at the top left\n";
  } else {
    std::cout << "one table per " << (dims == 3 ? "a" : "(" + axis_names(dims - 2) + ")") << ", rows "
              << "abcdefgh"[(dims - 2) % 8] << ", columns "
              << "abcdefgh"[(dims - 1) % 8] << ", coins numbered from 0\n";
  }
  // One width for every column: the widest value or header.
  std::size_t width = 3;
  for (const grundy_value v : table) width = std::max(width, std::to_string(v).size());
  for (const std::size_t e : extents) width = std::max(width, std::to_string(e - 1).size());
  const std::size_t rows = extents[dims - 2], cols = extents[dims - 1];
  const char row_letter[2] = {"abcdefgh"[(dims - 2) % 8], 0};
  const char col_letter[2] = {"abcdefgh"[(dims - 1) % 8], 0};
  // One slice per value of the leading coordinates (a single slice, with none, for a board).
  std::size_t s = 0;
  tartan::for_each_cell(std::span(extents).first(dims - 2), [&](std::span<const std::size_t> lead) {
    if (dims > 2) {
      std::cout << (s == 0 ? "" : "\n");
      for (std::size_t i = 0; i < lead.size(); ++i) {
        std::cout << (i == 0 ? "" : ", ") << "abcdefgh"[i % 8] << " = " << lead[i];
      }
      std::cout << ":\n";
    }
    print_slice(table, s * rows * cols, rows, cols, width, row_letter, col_letter);
    ++s;
  });
  std::cout << "# " << time_line(timer.seconds());  // a comment line, like the header, for programs reading the table
}

}  // namespace

void add_table_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "table", "The value table of a tartan product: G(a, b) = g_A(a) ⊗ g_B(b), coins numbered from 0.");
  sub->footer(
      "GAME joins two or more games with '*' (built-in names or turning codes); --size RxC (AxBxC for three\n"
      "factors) gives the board. Rows are the first factor's coins, columns the second's, both from 0 at the top\n"
      "left; with three factors, one table per value of the first coordinate.\n"
      "Examples:\n"
      "  tartan table 'twins*twins' --size 8x8        (Turning Corners: the nim multiplication table)\n"
      "  tartan table 'ruler*ruler' --size 8x8 --json (Rugs)\n"
      "  tartan table 'ruler*ruler' --size 64x64 --svg rugs.svg\n"
      "  tartan table 'turtles*ruler*twins' --size 2x4x4");
  auto o = std::make_shared<table_options>();
  sub->add_option("GAME", o->game, "A product game, factors joined by '*', e.g. 'ruler*mock-turtles'")->required();
  sub->add_option("--size", o->size, "The board: RxC, or AxBxC for three factors")->required();
  add_max_memory_option(sub, o->max_memory, "Refuse tables needing more memory");
  add_max_seconds_option(sub, o->max_seconds);
  sub->add_flag("--json", o->json, "Print a JSON array of rows (nested one level per extra factor)");
  add_big_as_strings_flag(sub, o->big_as_strings);
  add_svg_option(sub, o->svg, "Also draw the table in FILE, an SVG heat map (boxes AxBxC: a panel per a)");
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(o->big_as_strings, o->json);
    run_table(*o, max_memory_limit(*sub, o->max_memory), max_seconds_limit(*sub, o->max_seconds));
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
