// SVG pictures for --svg: a heat map of a value table, a scatter plot of a sequence, a board with a move
// highlighted, a box coloured by agreement, and a misère quotient (its pretending function and its table). These are
// writers only: the commands compute what to draw and pass plain data here. Every picture is one standalone file (xmlns
// set, no external references, no scripts).
//
// Large pictures stay small on disk: cells of one colour are drawn as one <path> of horizontal strokes one cell
// thick, run-length encoded along each row ("M0 0.5h3m2 0h1" = cells 0..2 and 5), so a 512×512 heat map is a few
// megabytes rather than one element per cell; beyond max_path_cells cells a panel is one embedded PNG image, one
// pixel per cell. Small ones, where the values fit in the cells, draw one <rect class="cell"> per cell, with the
// value written in it and a <title> tooltip.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tartan::present::svg {

/// A table of values, one cell per coin: rows × cols, or one panel per layer for a box (first coordinate).
struct heat_map {
  std::string title;       // e.g. "G(a, b) = ruler(a) ⊗ ruler(b)"
  std::string row_axis;    // e.g. "a: ruler coin"
  std::string col_axis;    // e.g. "b: ruler coin"
  std::string layer_axis;  // for boxes: the first coordinate's name, e.g. "a"
  std::size_t layers = 1;  // 1 for a board
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<std::uint64_t> values;  // row-major, layers × rows × cols
};

/// g(n) against n.
struct scatter_plot {
  std::string title;                  // e.g. "mock-turtles: g(n) for n = 0..999"
  std::string x_axis;                 // e.g. "n (coin)"
  std::string y_axis;                 // e.g. "g(n)"
  std::vector<std::uint64_t> values;  // y at x = 0, 1, 2, ...
};

/// A row (rows == 1, drawn wrapped when long) or a board of coins, with one move highlighted.
struct board_picture {
  std::string title;
  std::vector<std::string> notes;  // lines under the title, e.g. "value 6 (N: the first player wins)"
  bool grid = false;               // false: a row of `cols` coins
  std::size_t rows = 1;
  std::size_t cols = 0;
  std::vector<bool> heads;  // rows × cols
  /// The value of each coin, row-major (g(n) on a row, G on a board), or fewer: coins past the end have none shown.
  /// A row shows g(n) under each coin; every coin's tooltip gives its value.
  std::vector<std::uint64_t> values;
  std::vector<bool> turned;  // rows × cols: the coins of the highlighted move (empty: none)
  std::optional<std::pair<std::size_t, std::size_t>> moving;  // (row, col) of the coin going heads → tails
};

/// A box coloured by agreement: one cell per coin, light where the check holds, dark and crossed where it fails.
struct agreement_picture {
  std::string title;
  std::vector<std::string> notes;
  std::string layer_axis;  // for boxes: the first coordinate's name
  std::size_t layers = 1;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<bool> mismatch;  // layers × rows × cols
};

/// A misère quotient: the pretending function as a strip of components (heaps, or rows of a turning game), each
/// coloured and labelled by its class, the P-classes framed; and the multiplication table, cells whose product lies in
/// the P-portion dark with their names bold. Cells carry their data (data-heap, data-class; data-row, data-col) so a
/// page can make them clickable.
struct quotient_picture {
  std::string title;
  std::vector<std::string> notes;
  std::string component;                      // "heap" or "row"
  std::vector<std::string> component_labels;  // on each strip cell: "7" (a heap), "5" (a row's bitmask)
  std::vector<std::string> component_titles;  // their tooltips: "heap 7", "row HTH (bitmask 5)"
  std::vector<std::uint32_t> strip;           // the class of each component drawn, in order
  std::vector<std::string> elements;          // the elements' names, in element order
  std::vector<bool> p;                        // the P-portion, by element
  std::vector<std::uint32_t> table;           // order × order products, row-major; empty: the table is not drawn
  std::string table_note;                     // why not, when it is not
};

/// The most components a quotient picture's strip draws, and the largest order whose table it draws.
inline constexpr std::size_t max_quotient_strip = 4096;
inline constexpr std::size_t max_quotient_table = 128;

/// The most cells a heat map draws with one <rect> each, values written in them (beyond, paths per colour).
inline constexpr std::size_t max_rect_cells = 4096;
/// The most cells of a panel a heat map draws as paths per colour; beyond, one pixel per cell in a PNG image
/// embedded in the file (a data: URI), so that a 2000×2000 table is well under a megabyte and every viewer opens it.
inline constexpr std::size_t max_path_cells = 256 * 256;
/// The most coins a board picture draws.
inline constexpr std::size_t max_board_coins = 16384;
/// The most panels (layers) a box picture draws.
inline constexpr std::size_t max_layers = 64;
/// The most cells a heat map or an agreement picture draws in all (a 4096×4096 board).
inline constexpr std::size_t max_cells = std::size_t{1} << 24;

/// True when a board RxC, or a box AxBxC with A <= max_layers, has at most max_cells cells: what the heat map and
/// agreement pictures draw. Commands check this before computing anything.
inline bool fits(std::span<const std::size_t> extents) {
  if (extents.size() < 2 || extents.size() > 3) return false;
  if (extents.size() == 3 && extents[0] > max_layers) return false;
  std::size_t cells = 1;
  for (const std::size_t e : extents) {
    if (e > max_cells || cells * e > max_cells) return false;
    cells *= e;
  }
  return true;
}

void write_heat_map(std::ostream& out, const heat_map& map);
void write_scatter_plot(std::ostream& out, const scatter_plot& plot);
void write_board(std::ostream& out, const board_picture& board);
void write_agreement(std::ostream& out, const agreement_picture& box);
void write_quotient(std::ostream& out, const quotient_picture& q);

/**
 * Refuses, before any work, a --svg path that could not receive the picture: a name not ending in .svg (tartan
 * writes SVG only), a directory, a file that exists but cannot be written, or a missing or read-only directory.
 * Throws parse_error with one line saying what to type instead.
 *
 * Example: check_path("rugs.png") throws "--svg rugs.png: tartan writes SVG pictures; give a name ending in .svg,
 * such as rugs.svg"
 */
void check_path(const std::string& path);

/**
 * Writes a picture to `path` through `write`, then says "wrote PATH" on standard error. Throws tartan::error when the
 * file cannot be written ("cannot write 'x/y.svg': No such file or directory; give a path in a writable directory").
 *
 * Example: write_file("rugs.svg", [&](std::ostream& out) { write_heat_map(out, map); });
 */
void write_file(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace tartan::present::svg
