#include "tartan/product/grid_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/box_cells.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

namespace {

// As game_check: bytes per position (CSR row start, value, DFS parent and colour) and per edge.
constexpr std::uint64_t bytes_per_position = 20;
constexpr std::uint64_t bytes_per_edge = 4;

/// The board flattened row-major into one row of coins: a 1-D coin-turning rule whose move from coin n (a cell)
/// turns the product set of one move per factor, minus the cell itself, as coins (ascending: an odometer over
/// ascending axes, the last fastest, yields ascending row-major indices).
class flattened_product {
 public:
  flattened_product(const tartan_game& game, std::span<const std::size_t> extents) {
    auto built = std::make_shared<data>();
    data& d = *built;
    d.extents.assign(extents.begin(), extents.end());
    const std::size_t dims = extents.size();
    d.stride = tartan::row_major_strides(extents);
    d.moves.resize(dims);
    for (std::size_t i = 0; i < dims; ++i) {
      d.moves[i].resize(extents[i]);
      for (coin c = 0; c < extents[i]; ++c) {
        game.factor(i).for_each_move(c, [&](std::span<const coin> others) {
          std::vector<coin> m(others.begin(), others.end());
          m.push_back(c);
          d.moves[i][c].push_back(std::move(m));
          return true;
        });
      }
    }
    data_ = std::move(built);
  }

  bool for_each_move(coin n, move_visitor visit) const {
    const data& d = *data_;
    const std::size_t dims = d.extents.size();
    const std::vector<std::size_t> cell = tartan::cell_at(d.extents, n);
    std::vector<const std::vector<std::vector<coin>>*> lists(dims);
    std::vector<std::size_t> move_counts(dims), move_sizes(dims);
    for (std::size_t i = 0; i < dims; ++i) {
      lists[i] = &d.moves[i][cell[i]];
      move_counts[i] = lists[i]->size();  // no move of some factor: no product move (an empty walk)
    }
    std::vector<coin> others;
    // `pick`: which move of each factor; `at`: which coin of each picked move.
    return tartan::for_each_cell(move_counts, [&](std::span<const std::size_t> pick) {
      others.clear();
      for (std::size_t i = 0; i < dims; ++i) move_sizes[i] = (*lists[i])[pick[i]].size();
      tartan::for_each_cell(move_sizes, [&](std::span<const std::size_t> at) {
        std::size_t index = 0;
        for (std::size_t i = 0; i < dims; ++i) index += (*lists[i])[pick[i]][at[i]] * d.stride[i];
        if (index != n) others.push_back(static_cast<coin>(index));
      });
      return visit(std::span<const coin>(others));
    });
  }

  std::uint64_t move_count(coin n) const {
    const data& d = *data_;
    const std::vector<std::size_t> cell = tartan::cell_at(d.extents, n);
    std::uint64_t count = 1;
    for (std::size_t i = 0; i < cell.size(); ++i) count = saturating_mul(count, d.moves[i][cell[i]].size());
    return count;
  }

 private:
  struct data {
    box_extents extents;
    std::vector<std::size_t> stride;
    std::vector<std::vector<std::vector<std::vector<coin>>>> moves;  // [factor][coin] -> moves (full sets)
  };
  std::shared_ptr<const data> data_;
};

/// The size of the check of a box. Σ over its cells of Π_i moves_i(c_i) = Π_i Σ_{c < e_i} moves_i(c), from each
/// factor's prefix sums of move counts.
struct size_of_box {
  std::uint64_t cells = 0;
  std::uint64_t edges = 0;
  std::uint64_t memory = 0;
};

size_of_box size_box(std::span<const std::size_t> extents, const std::vector<std::vector<std::uint64_t>>& prefix) {
  size_of_box s;
  s.cells = 1;
  std::uint64_t sum = 1;
  for (std::size_t i = 0; i < extents.size(); ++i) {
    s.cells = saturating_mul(s.cells, extents[i]);
    sum = saturating_mul(sum, prefix[i][extents[i]]);
  }
  if (s.cells >= 63) {
    s.edges = s.memory = UINT64_MAX;
    return s;
  }
  s.edges = saturating_mul(sum, std::uint64_t{1} << (s.cells - 1));
  s.memory = saturating_mul(bytes_per_position, std::uint64_t{1} << s.cells);
  const std::uint64_t edge_bytes = saturating_mul(bytes_per_edge, s.edges);
  s.memory = saturating_add(s.memory, edge_bytes);
  return s;
}

}  // namespace

grid_check_plan plan_tartan_grid_check(const tartan_game& game, std::span<const std::size_t> extents,
                                       const check_limits& limits) {
  game.check_extents(extents);
  const std::size_t max_cells = std::min<std::size_t>(limits.max_coins, 31);
  const std::uint64_t max_edges = std::min<std::uint64_t>(limits.max_edges, UINT32_MAX);
  // Moves per coin of each factor (counted up to the edge limit), as prefix sums over coins below min(extent, 32).
  std::vector<std::vector<std::uint64_t>> prefix(extents.size());
  for (std::size_t i = 0; i < extents.size(); ++i) {
    const std::size_t counted = std::min<std::size_t>(extents[i], max_cells + 1);
    prefix[i].assign(1, 0);
    for (std::size_t c = 0; c < counted; ++c) {
      const std::uint64_t n = game.factor(i).count_moves(static_cast<coin>(c), max_edges + 1);
      prefix[i].push_back(std::min<std::uint64_t>(prefix[i].back() + n, UINT64_MAX / 2));
    }
  }
  auto fits = [&](const size_of_box& s) {
    return s.cells <= max_cells && s.edges <= max_edges && s.memory <= limits.max_memory;
  };
  const std::uint64_t cells = cell_count(extents);
  const size_of_box size = cells <= max_cells ? size_box(extents, prefix) : size_of_box{cells, UINT64_MAX, UINT64_MAX};
  if (fits(size))
    return {box_extents(extents.begin(), extents.end()), std::uint64_t{1} << size.cells, size.edges, size.memory};

  // The largest board within these extents that fits (most coins, then the most balanced): every board of at most
  // max_cells coins along each axis.
  box_extents best, trial(extents.size()), within(extents.size());
  for (std::size_t i = 0; i < extents.size(); ++i) within[i] = std::min<std::size_t>(extents[i], max_cells);
  std::uint64_t best_cells = 0;
  std::size_t best_min = 0;
  tartan::for_each_cell(within, [&](std::span<const std::size_t> cell) {
    for (std::size_t i = 0; i < cell.size(); ++i) trial[i] = cell[i] + 1;
    const size_of_box s = size_box(trial, prefix);
    const std::size_t smallest = *std::min_element(trial.begin(), trial.end());
    if (fits(s) && (s.cells > best_cells || (s.cells == best_cells && smallest > best_min))) {
      best = trial;
      best_cells = s.cells;
      best_min = smallest;
    }
  });
  const std::string subject = "an explicit check of " + quote_typed(game.name()) + " on " + format_size(extents);
  std::string why;
  limit_figures f;
  if (cells > max_cells) {
    f.unit = limit_unit::positions;
    f.estimate = std::exp2(static_cast<double>(cells));
    f.limit = std::exp2(static_cast<double>(max_cells));
    why = " would build 2^" + std::to_string(cells) + " positions, over the limit of 2^" + std::to_string(max_cells);
  } else if (size.edges > max_edges) {
    f.unit = limit_unit::edges;
    f.estimate = static_cast<double>(size.edges);
    f.limit = static_cast<double>(max_edges);
    why = " would build " + std::to_string(size.edges) + " moves, over the limit of " + std::to_string(max_edges);
  } else {
    f = memory_figures(subject, size.memory, limits.max_memory);
    why = " would need about " + format_bytes(size.memory) + ", over the limit of " + format_bytes(limits.max_memory);
  }
  f.asked = subject;
  f.suggestion = best_cells;  // 0: no board fits
  f.suggestion_unit = limit_unit::cells;
  throw limit_error(subject + why,
                    best.empty()
                        ? "no board of this game fits"
                        : "boards up to " + format_size(best) + " (" + std::to_string(best_cells) + " coins) fit",
                    std::move(f));
}

grid_check_report check_tartan_grid(const tartan_game& game, std::span<const std::size_t> extents,
                                    std::span<const grundy_value> table, const check_limits& limits) {
  const auto start = std::chrono::steady_clock::now();
  plan_tartan_grid_check(game, extents, limits);
  const std::size_t cells = static_cast<std::size_t>(cell_count(extents));
  if (table.size() < cells) {
    throw error("the value table has " + std::to_string(table.size()) + " values but the board " +
                format_size(extents) + " has " + std::to_string(cells) + " cells");
  }
  const turning_game flat(game.name() + " on " + format_size(extents), "", flattened_product(game, extents));
  check_limits flat_limits = limits;
  flat_limits.max_coins = std::max(flat_limits.max_coins, cells);
  const check_report flat_report = check_game(flat, cells, table.first(cells), flat_limits);

  grid_check_report report;
  report.game = game.name();
  report.extents.assign(extents.begin(), extents.end());
  report.positions = flat_report.positions;
  report.complete = flat_report.complete;
  report.edges = flat_report.edges;
  report.mismatches = flat_report.mismatches;
  for (const check_mismatch& m : flat_report.first_mismatches) {
    grid_check_mismatch g;
    g.position.extents = report.extents;
    for (std::size_t bit = 0; bit < cells; ++bit) {
      if ((m.heads >> bit & 1) != 0) g.position.heads.push_back(tartan::cell_at<coin>(extents, bit));
    }
    g.graph_value = m.graph_value;
    g.xor_value = m.xor_value;
    report.first_mismatches.push_back(std::move(g));
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

grid_check_report check_tartan_grid(const tartan_game& game, std::span<const std::size_t> extents,
                                    const check_limits& limits) {
  plan_tartan_grid_check(game, extents, limits);  // refuse before computing anything
  const std::vector<grundy_value> table = game.table(extents);
  return check_tartan_grid(game, extents, table, limits);
}

}  // namespace tartan
