#include "tartan/analysis.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "tartan/error.hpp"
#include "tartan/grid_position.hpp"
#include "tartan/nimber.hpp"
#include "tartan/position.hpp"
#include "tartan/sequence_limits.hpp"

namespace tartan {

namespace {

/// Visits the options of the product from heads coin `cell`: every combination of the factors' moves from the
/// cell's coordinates (axis 0 outermost), with u[i] the XOR of g_i over axis i's coins so far.
bool visit_box_options(const game_handle& game, const std::vector<std::vector<grundy_value>>& values,
                       std::span<const coin> cell, grundy_value value, std::size_t axis, move& turned,
                       std::vector<grundy_value>& u, option_callback visit) {
  if (axis == cell.size()) {
    grundy_value product = 1;
    for (const grundy_value x : u) product = nim_mul(product, x);
    return visit(turned, value ^ product);
  }
  const coin c = cell[axis];
  const std::vector<grundy_value>& g = values[axis];
  return game.factor(axis).for_each_move(c, [&](std::span<const coin> others) {
    grundy_value x = g[c];
    for (const coin o : others) x ^= g[o];
    u[axis] = x;
    turned.axes[axis].assign(others.begin(), others.end());
    turned.axes[axis].push_back(c);
    return visit_box_options(game, values, cell, value, axis + 1, turned, u, visit);
  });
}

}  // namespace

analysis analyze(const game_handle& game, box_position position, const analyze_options& options) {
  const std::size_t dims = game.dimensions();
  if (position.dimensions() != dims) {
    if (dims == 1) {
      throw parse_error("'" + game.name() + "' is played on a row, but the position has " +
                        std::to_string(position.dimensions()) +
                        " axes; give one row such as HTTH, or a product "
                        "game such as '" +
                        game.name() + "*" + game.name() + "'");
    }
    throw parse_error("'" + game.name() + "' has " + std::to_string(dims) + " factors, but the position has " +
                      std::to_string(position.dimensions()) + (position.dimensions() == 1 ? " axis" : " axes") +
                      "; give a position with one axis per factor");
  }
  if (game.is_product()) game.product().check_extents(position.extents());

  // Only the coins up to the last heads coin along each axis matter: every move turns a heads coin and coins below
  // it. A product's factors need at least one value each (tartan_values holds a non-empty box).
  box_extents needed = position.occupied_extents();
  if (game.is_product()) {
    for (std::size_t& n : needed) n = std::max<std::size_t>(n, 1);
  }
  // The memory first, so that far-away heads coins are refused with the estimate and the limit.
  check_sequence_lengths(needed, options.max_memory);

  analysis result(game, std::move(position));
  result.values_.reserve(dims);
  for (std::size_t i = 0; i < dims; ++i) {
    result.values_.push_back(game.factor(i).sequence(needed[i], options.max_seconds));
  }
  if (dims == 1) {
    row_position row = result.position_.to_row();
    row.coins = needed[0];
    result.value_ = position_value(result.values_[0], row);
    result.occupied_ = box_position(row);
  } else {
    grid_position grid = result.position_.to_grid();
    grid.extents = needed;
    result.value_ = grid_value(tartan_values(result.values_), grid);
    result.occupied_ = box_position(grid);
  }
  return result;
}

bool analysis::for_each_winning_move(move_callback visit) const {
  if (game_.dimensions() == 1) {
    move m;
    m.axes.resize(1);
    return tartan::for_each_winning_move(game_.row_game(), values_[0], occupied_.to_row(),
                                         [&](std::span<const coin> coins) {
                                           m.axes[0].assign(coins.begin(), coins.end());
                                           return visit(m);
                                         });
  }
  // tartan_values copies the factors' values: a product's are short (one per coin along each axis).
  return for_each_grid_winning_move(game_.product(), tartan_values(values_), occupied_.to_grid(), visit);
}

std::vector<move> analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<move> page;
  if (limit == 0) return page;
  std::size_t seen = 0;
  for_each_winning_move([&](const move& m) {
    if (seen++ >= skip) page.push_back(m);
    return page.size() < limit;
  });
  return page;
}

std::uint64_t analysis::count_winning_moves(std::uint64_t cap) const {
  std::uint64_t count = 0;
  if (cap == 0) return 0;
  for_each_winning_move([&](const move&) { return ++count < cap; });
  return count;
}

bool analysis::for_each_option(option_callback visit) const {
  const std::size_t dims = game_.dimensions();
  move turned;
  turned.axes.resize(dims);
  std::vector<grundy_value> u(dims, 0);
  for (std::size_t h = 0; h < occupied_.head_count(); ++h) {
    if (!visit_box_options(game_, values_, occupied_.head(h), value_, 0, turned, u, visit)) return false;
  }
  return true;
}

std::vector<option> analysis::options(std::size_t limit, std::size_t skip) const {
  std::vector<option> page;
  if (limit == 0) return page;
  std::size_t seen = 0;
  for_each_option([&](const move& m, grundy_value v) {
    if (seen++ >= skip) page.push_back(option{m, v});
    return page.size() < limit;
  });
  return page;
}

}  // namespace tartan
