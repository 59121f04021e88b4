#include "tartan/analysis/analysis.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

namespace {

/// Visits the options of the product from heads coin `cell`: every combination of the factors' moves from the
/// cell's coordinates (axis 0 outermost), with u[i] the XOR of g_i over axis i's coins so far.
bool visit_box_options(const game_handle& game, std::span<const std::span<const grundy_value>> values,
                       std::span<const coin> cell, grundy_value value, std::size_t axis, move& turned,
                       std::vector<grundy_value>& u, option_callback visit) {
  if (axis == cell.size()) {
    grundy_value product = 1;
    for (const grundy_value x : u) product = nim_mul(product, x);
    return visit(turned, value ^ product);
  }
  const coin c = cell[axis];
  const std::span<const grundy_value> g = values[axis];
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
      throw parse_error(quote_typed(game.name()) + " is played on a row, but the position has " +
                        std::to_string(position.dimensions()) +
                        " axes; give one row such as HTTH, or a product "
                        "game such as " +
                        quote_typed(game.name() + "*" + game.name()));
    }
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(dims) + " factors, but the position has " +
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
  // Progress over all the factors' sequences: factor i's fraction f counts as (i + f) / dims.
  const auto factor_progress = [&](std::size_t i) -> progress_callback {
    if (!options.progress) return {};
    return [&options, i, dims](double f) { return options.progress((static_cast<double>(i) + f) / dims); };
  };
  if (dims == 1) {
    result.row_moves_->values = game.factor(0).sequence(needed[0], options.max_seconds, factor_progress(0));
    result.row_ = result.position_.to_row();
    result.row_.coins = needed[0];
    result.value_ = position_value(result.row_moves_->values, result.row_);
  } else {
    std::vector<std::vector<grundy_value>> values;
    values.reserve(dims);
    for (std::size_t i = 0; i < dims; ++i) {
      values.push_back(game.factor(i).sequence(needed[i], options.max_seconds, factor_progress(i)));
    }
    result.product_values_ = tartan_values(std::move(values));
    result.product_ = game.product();
    result.grid_ = result.position_.to_grid();
    result.grid_.extents = needed;
    result.value_ = grid_value(result.product_values_, result.grid_);
  }
  // The factors whose values past their proof came from their period.
  for (std::size_t i = 0; i < dims; ++i) {
    std::shared_ptr<const periodic_continuation> period = game.factor(i).known_continuation();
    result.periods_.push_back(period && needed[i] > period->computed() ? std::move(period) : nullptr);
  }
  return result;
}

bool analysis::for_each_winning_move(move_callback visit) const { return for_each_move_to(0, visit); }

search_report analysis::for_each_winning_move(move_callback visit, const search_options& limits) const {
  return for_each_move_to(0, visit, limits);
}

bool analysis::for_each_move_to(grundy_value target, move_callback visit) const {
  return for_each_move_to(target, visit, search_options{}).end == search_end::complete;
}

search_report analysis::for_each_move_to(grundy_value target, move_callback visit, const search_options& limits) const {
  return for_each_move_to(target, visit, limits, 0);
}

const move_index& analysis::row_index() const {
  std::call_once(row_moves_->indexed, [&] { row_moves_->index = game_.row_game().index_moves(row_moves_->values); });
  return *row_moves_->index;
}

search_report analysis::for_each_move_to(grundy_value target, move_callback visit, const search_options& limits,
                                         std::uint64_t skip) const {
  const std::uint64_t coins = product_ ? grid_.heads.size() : row_.heads.size();
  search_stop stop(limits, coins);
  std::uint64_t left = skip;  // the moves still to pass over
  if (product_) {
    for_each_grid_move_to_value(
        *product_, product_values_, grid_, target,
        [&](const move& m) {
          if (left == 0) return visit(m);
          --left;
          return true;
        },
        &stop);
  } else {
    move m;
    m.axes.resize(1);
    tartan::for_each_move_to_value(
        row_index(), row_moves_->values, row_, target,
        [&](std::span<const coin> coins_turned) {
          m.axes[0].assign(coins_turned.begin(), coins_turned.end());
          return visit(m);
        },
        &stop, left);
  }
  return {stop.end(), stop.coins_done(), coins, skip - left};
}

std::vector<move> analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<move> page;
  if (limit == 0) return page;
  for_each_move_to(
      0,
      [&](const move& m) {
        page.push_back(m);
        return page.size() < limit;
      },
      search_options{}, skip);
  return page;
}

move_page analysis::winning_move_page(std::size_t limit, std::size_t skip, const search_options& limits) const {
  move_page page;
  if (limit == 0) return page;
  page.search = for_each_move_to(
      0,
      [&](const move& m) {
        page.moves.push_back(m);
        return page.moves.size() < limit;
      },
      limits, skip);
  return page;
}

std::uint64_t analysis::count_winning_moves(std::uint64_t cap) const {
  if (cap == 0 || value_ == 0) return 0;
  std::uint64_t count = 0;
  if (product_) {
    for_each_winning_move([&](const move&) { return ++count < cap; });
    return count;
  }
  const move_index& moves = row_index();
  for (const coin a : row_.heads) {
    count += moves.count(a, value_ ^ row_moves_->values[a]);
    if (count >= cap) return cap;
  }
  return count;
}

bool analysis::for_each_option(option_callback visit) const {
  return for_each_option(visit, search_options{}).end == search_end::complete;
}

search_report analysis::for_each_option(option_callback visit, const search_options& limits) const {
  const std::size_t dims = game_.dimensions();
  std::vector<std::span<const grundy_value>> values;
  for (std::size_t i = 0; i < dims; ++i) values.push_back(factor_values(i));
  move turned;
  turned.axes.resize(dims);
  std::vector<grundy_value> u(dims, 0);
  const std::uint64_t coins = product_ ? grid_.heads.size() : row_.heads.size();
  search_stop stop(limits, coins);
  const detail::search_scope scope(&stop);
  bool visitor_stopped = false;
  const auto counted = [&](const move& m, grundy_value v) {
    if (!visit(m, v)) {
      visitor_stopped = true;
      return false;
    }
    return stop.keep_going();
  };
  const auto from = [&](std::uint64_t index, std::span<const coin> cell) {
    if (!stop.next_coin(index)) return false;
    if (visit_box_options(game_, values, cell, value_, 0, turned, u, counted)) return true;
    if (visitor_stopped) stop.visitor_stopped();
    return false;
  };
  if (!product_) {
    for (std::size_t i = 0; i < row_.heads.size(); ++i) {
      if (!from(i, std::span<const coin>(&row_.heads[i], 1))) break;
    }
  } else {
    for (std::size_t i = 0; i < grid_.heads.size(); ++i) {
      if (!from(i, grid_.heads[i])) break;
    }
  }
  return {stop.end(), stop.coins_done(), coins};
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
