#include "tartan/product/grid_position.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/product/box_cells.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

namespace {

using tartan::trim;

using tartan::quote_typed;

/// Splits on `separator`, keeping empty parts.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

/// Distinct values of `values`, ascending. A bitmap when the values are small (option values usually are), a sort
/// otherwise.
std::vector<grundy_value> distinct_sorted(std::vector<grundy_value> values) {
  if (values.empty()) return values;
  const grundy_value top = *std::max_element(values.begin(), values.end());
  if (top < 8 * values.size() + 1024) {
    std::vector<char> seen(static_cast<std::size_t>(top) + 1, 0);
    for (const grundy_value x : values) seen[static_cast<std::size_t>(x)] = 1;
    values.clear();
    for (std::size_t x = 0; x < seen.size(); ++x) {
      if (seen[x]) values.push_back(x);
    }
    return values;
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

}  // namespace

std::string format_cell(std::span<const coin> cell) {
  std::string s;
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (i != 0) s += ':';
    s += std::to_string(cell[i]);
  }
  return s;
}

box_extents parse_board_size(std::string_view text) {
  const std::string_view trimmed = trim(text);
  if (trimmed.empty()) throw parse_error("size: empty; type the size as RxC, e.g. 3x4 (or AxBxC for three factors)");
  // 'x', 'X' and the multiplication sign '×' (UTF-8 C3 97) all separate dimensions.
  std::string normal;
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    if (trimmed[i] == 'X') {
      normal += 'x';
    } else if (static_cast<unsigned char>(trimmed[i]) == 0xC3 && i + 1 < trimmed.size() &&
               static_cast<unsigned char>(trimmed[i + 1]) == 0x97) {
      normal += 'x';
      ++i;
    } else {
      normal += trimmed[i];
    }
  }
  const std::vector<std::string_view> parts = split(normal, 'x');
  if (parts.size() < 2) {
    // A look-alike of 'x' (a Cyrillic 'х', say) leaves a single dimension: name it.
    std::size_t at = 0;
    while (at < normal.size() && (static_cast<unsigned char>(normal[at]) & 0x80) == 0) ++at;
    const std::string hint = at == normal.size() ? "" : " (" + tartan::lookalike_hint(normal, at) + ")";
    throw parse_error("size " + quote_typed(text) +
                      ": a board needs at least two dimensions; type the size as RxC, e.g. 3x4" + hint);
  }
  box_extents extents;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string what = "size " + quote_typed(text) + ": dimension " + std::to_string(i + 1);
    if (parts[i].empty()) throw parse_error(what + " is missing; type the size as RxC, e.g. 3x4");
    const std::uint64_t e = parse_u64(parts[i], what, std::uint64_t{1} << 32);
    if (e == 0) throw parse_error(what + " is 0; every dimension needs at least one coin");
    extents.push_back(extent_of(e, what));
  }
  cell_count(extents);  // refuses a box of more than 2^64 cells
  return extents;
}

grid_position parse_grid(std::string_view text) {
  const std::string_view body = trim(text);
  if (body.empty()) {
    throw parse_error("position: empty; type rows of H and T joined by '/', row 0 first, e.g. HTT/THH");
  }
  const std::vector<std::string_view> rows = split(body, '/');
  if (rows.size() > UINT32_MAX) throw parse_error("position: more than 2^32 rows; type a smaller board");
  grid_position p;
  p.extents = {rows.size(), rows[0].size()};
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string_view row = rows[r];
    if (row.empty()) {
      throw parse_error("position: row " + std::to_string(r) +
                        " is empty; type H or T for each coin of every row, rows joined by '/', e.g. HTT/THH");
    }
    if (row.size() > UINT32_MAX) throw parse_error("position: row " + std::to_string(r) + " has more than 2^32 coins");
    for (std::size_t c = 0; c < row.size(); ++c) {
      switch (row[c]) {
        case 'H':
        case 'h':
        case '1':
          if (c < p.extents[1]) p.heads.push_back({static_cast<coin>(r), static_cast<coin>(c)});
          break;
        case 'T':
        case 't':
        case '0':
          break;
        default:
          throw parse_error("position: " + tartan::describe_typed_char(row, c) + " at row " + std::to_string(r) +
                            ", column " + std::to_string(c) +
                            " (from 0) is not a coin; type H or T (or 1/0) for each coin");
      }
    }
    if (row.size() != p.extents[1]) {
      throw parse_error("position: row " + std::to_string(r) + " has " + std::to_string(row.size()) +
                        (row.size() == 1 ? " coin" : " coins") + " but row 0 has " + std::to_string(p.extents[1]) +
                        "; every row needs the same number of coins");
    }
  }
  return p;
}

grid_position sparse_grid(std::span<const std::size_t> extents, std::vector<std::vector<coin>> heads) {
  if (extents.size() < 2) throw parse_error("a board needs at least two dimensions; give a size like 3x4");
  const std::string size = format_size(extents);
  for (const auto& cell : heads) {
    if (cell.size() != extents.size()) {
      throw parse_error("heads coin " + format_cell(cell) + " has " + std::to_string(cell.size()) + " coordinate" +
                        (cell.size() == 1 ? "" : "s") + " but the board " + size + " has " +
                        std::to_string(extents.size()) +
                        " dimensions; type one coordinate per dimension joined by "
                        "':', e.g. " +
                        std::string(extents.size() == 2 ? "3:5" : "3:5:1"));
    }
    for (std::size_t i = 0; i < cell.size(); ++i) {
      if (cell[i] >= extents[i]) {
        throw parse_error("heads coin " + format_cell(cell) + " is outside the board of size " + size +
                          " (coordinate " + std::to_string(i + 1) + " must be below " + std::to_string(extents[i]) +
                          "); list coins inside the board or give a larger size");
      }
    }
  }
  std::sort(heads.begin(), heads.end());
  const auto repeat = std::adjacent_find(heads.begin(), heads.end());
  if (repeat != heads.end()) {
    throw parse_error("heads coin " + format_cell(*repeat) + " is listed twice; list each coin once");
  }
  return grid_position{box_extents(extents.begin(), extents.end()), std::move(heads)};
}

grid_position sparse_grid(std::span<const std::size_t> extents, std::string_view text) {
  std::vector<std::vector<coin>> heads;
  const std::string_view body = trim(text);
  if (!body.empty()) {
    const std::vector<std::string_view> items = split(body, ',');
    heads.reserve(items.size());
    for (std::size_t n = 0; n < items.size(); ++n) {
      const std::string_view item = trim(items[n]);
      if (item.empty()) {
        throw parse_error("heads: item " + std::to_string(n + 1) +
                          " is empty; list coins as row:column joined by ',', e.g. 3:5,17:2");
      }
      std::vector<coin> cell;
      for (const std::string_view part : split(item, ':')) {
        const std::string what = "heads coin " + quote_typed(item);
        if (trim(part).empty()) {
          throw parse_error(what + " has an empty coordinate; type row:column, e.g. 3:5");
        }
        cell.push_back(static_cast<coin>(parse_u64(trim(part), what, UINT32_MAX)));
      }
      heads.push_back(std::move(cell));
    }
  }
  return sparse_grid(extents, std::move(heads));
}

std::string format_grid(const grid_position& p) {
  TARTAN_ASSERT(p.extents.size() == 2, "format_grid draws two-dimensional boards");
  std::string rows(p.extents[0] * (p.extents[1] + 1) - 1, 'T');
  for (std::size_t r = 1; r < p.extents[0]; ++r) rows[r * (p.extents[1] + 1) - 1] = '/';
  for (const auto& cell : p.heads) rows[cell[0] * (p.extents[1] + 1) + cell[1]] = 'H';
  return rows;
}

grundy_value grid_value(const tartan_values& v, const grid_position& p) {
  grundy_value value = 0;
  for (const auto& cell : p.heads) value ^= v(cell);
  return value;
}

namespace {

/// Distinct option values of each factor at each coin, computed on first use.
class option_cache {
 public:
  option_cache(const tartan_game& game, const tartan_values& v) : game_(game), v_(v), cache_(game.dimensions()) {}

  const std::vector<grundy_value>& at(std::size_t factor, coin c) {
    auto [it, inserted] = cache_[factor].try_emplace(c);
    if (inserted) {
      std::vector<grundy_value> raw;
      game_.factor(factor).option_values(c, v_.factor(factor).first(c), raw);
      it->second = distinct_sorted(std::move(raw));
    }
    return it->second;
  }

 private:
  const tartan_game& game_;
  const tartan_values& v_;
  std::vector<std::map<coin, std::vector<grundy_value>>> cache_;
};

/// Visits the moves of the product from `cell` whose axis i has the option value chosen[i] (find_moves per factor,
/// nested: axis 0 outermost, so the moves come in the order of their axes), until `visit` returns false.
bool visit_axis_moves(const tartan_game& game, const tartan_values& v, std::span<const coin> cell,
                      std::span<const grundy_value> chosen, std::size_t axis, grid_move& move,
                      grid_move_visitor visit) {
  if (axis == cell.size()) return visit(move);
  const coin c = cell[axis];
  return game.factor(axis).find_moves(c, chosen[axis], v.factor(axis).first(c), [&](std::span<const coin> others) {
    move.axes[axis].assign(others.begin(), others.end());
    move.axes[axis].push_back(c);
    return visit_axis_moves(game, v, cell, chosen, axis + 1, move, visit);
  });
}

/// Visits the winning moves from heads coin `cell` of a position of value V; false when `visit` stopped.
bool winning_moves_from(const tartan_game& game, const tartan_values& v, option_cache& cache,
                        std::span<const coin> cell, grundy_value value, grid_move_visitor visit) {
  const std::size_t dims = cell.size();
  std::vector<const std::vector<grundy_value>*> options(dims);
  std::size_t solved = 0;  // the factor whose value is solved for: the one with the most option values
  for (std::size_t i = 0; i < dims; ++i) {
    options[i] = &cache.at(i, cell[i]);
    if (options[i]->empty()) return true;  // a factor without moves from this coin: no product move at all
    if (options[i]->size() > options[solved]->size()) solved = i;
  }
  // Tuples of option values of the other factors: u_i = g_i(c_i) ⊕ o_i, all non-zero (else the product is 0 ≠ V).
  // `pick` walks the option values of each factor, the solved one held at its first (its extent is 1).
  std::vector<std::size_t> option_counts(dims);
  for (std::size_t i = 0; i < dims; ++i) option_counts[i] = i == solved ? 1 : options[i]->size();
  std::vector<grundy_value> chosen(dims, 0);
  const grundy_value g_solved = v.factor(solved)[cell[solved]];
  grid_move move;
  move.axes.resize(dims);
  return tartan::for_each_cell(option_counts, [&](std::span<const std::size_t> pick) {
    if (!detail::keep_searching()) return false;
    grundy_value product = 1;
    for (std::size_t i = 0; i < dims && product != 0; ++i) {
      if (i == solved) continue;
      chosen[i] = (*options[i])[pick[i]];
      product = nim_mul(product, v.factor(i)[cell[i]] ^ chosen[i]);
    }
    if (product == 0) return true;
    const grundy_value o = nim_div(value, product) ^ g_solved;
    if (!std::binary_search(options[solved]->begin(), options[solved]->end(), o)) return true;
    chosen[solved] = o;
    // Any combination of the factors' moves with their chosen option values is a winning move.
    return visit_axis_moves(game, v, cell, chosen, 0, move, visit);
  });
}

}  // namespace

bool for_each_grid_winning_move(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                grid_move_visitor visit) {
  return for_each_grid_move_to_value(game, v, p, 0, visit);
}

bool for_each_grid_move_to_value(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                 grundy_value target, grid_move_visitor visit, search_stop* stop) {
  TARTAN_ASSERT(v.dimensions() == game.dimensions() && p.extents.size() == game.dimensions(),
                "one coordinate per factor");
  const grundy_value value = grid_value(v, p) ^ target;  // the change a move must make: the product of its u_i
  if (value == 0) return true;
  // First the heads coins sure to have such a move (V ⊕ G(c) < G(c): by the mex, the product game has an option of
  // every value below G(c) from c), then the others, each group in row-major order; the moves from each coin in the
  // order of the search (lazy: nothing is gathered or sorted). So the first page costs a few searches however many
  // heads precede the first coin with a move.
  const detail::search_scope scope(stop);
  option_cache cache(game, v);
  bool visitor_stopped = false;
  const auto visit_from = [&](const std::vector<coin>& cell) {
    return winning_moves_from(game, v, cache, cell, value, [&](const grid_move& m) {
      if (!visit(m)) {
        visitor_stopped = true;
        return false;
      }
      return stop == nullptr || stop->keep_going();
    });
  };
  const auto sure = [&](const std::vector<coin>& cell) {
    grundy_value cell_value = 1;
    for (std::size_t i = 0; i < cell.size(); ++i) cell_value = nim_mul(cell_value, v.factor(i)[cell[i]]);
    return (value ^ cell_value) < cell_value;
  };
  std::uint64_t index = 0;  // coins begun, both groups
  for (const bool first_group : {true, false}) {
    for (const std::vector<coin>& cell : p.heads) {
      if (sure(cell) != first_group) continue;
      if (stop != nullptr && !stop->next_coin(index)) return false;
      ++index;
      if (!visit_from(cell)) {
        if (visitor_stopped && stop != nullptr) stop->visitor_stopped();
        return false;
      }
    }
  }
  return true;
}

std::vector<grid_move> grid_winning_moves(const tartan_game& game, const tartan_values& v, const grid_position& p,
                                          std::size_t limit) {
  std::vector<grid_move> moves;
  if (limit == 0) return moves;
  for_each_grid_winning_move(game, v, p, [&](const grid_move& m) {
    moves.push_back(m);
    return moves.size() < limit;
  });
  return moves;
}

bool is_legal_move(const tartan_game& game, const grid_position& p, const grid_move& move) {
  const std::size_t dims = game.dimensions();
  if (move.axes.size() != dims || p.extents.size() != dims) return false;
  std::vector<coin> corner(dims);
  for (std::size_t i = 0; i < dims; ++i) {
    const auto& axis = move.axes[i];
    if (axis.empty() || !std::is_sorted(axis.begin(), axis.end()) ||
        std::adjacent_find(axis.begin(), axis.end()) != axis.end() || axis.back() >= p.extents[i]) {
      return false;
    }
    corner[i] = axis.back();
    const std::span<const coin> others(axis.data(), axis.size() - 1);
    const bool found = !game.factor(i).for_each_move(axis.back(), [&](std::span<const coin> m) {
      return !std::equal(m.begin(), m.end(), others.begin(), others.end());
    });
    if (!found) return false;
  }
  return std::binary_search(p.heads.begin(), p.heads.end(), corner);
}

grid_position apply_move(const grid_position& p, const grid_move& move) {
  const std::size_t dims = move.axes.size();
  TARTAN_ASSERT(dims == p.extents.size(), "one axis per dimension");
  // The product set, ascending (a row-major walk over ascending axes); empty when some axis is.
  std::vector<std::size_t> axis_sizes(dims);
  for (std::size_t i = 0; i < dims; ++i) axis_sizes[i] = move.axes[i].size();
  std::vector<std::vector<coin>> turned;
  tartan::for_each_cell(axis_sizes, [&](std::span<const std::size_t> at) {
    std::vector<coin> cell(dims);
    for (std::size_t i = 0; i < dims; ++i) cell[i] = move.axes[i][at[i]];
    turned.push_back(std::move(cell));
  });
  grid_position next;
  next.extents = p.extents;
  std::set_symmetric_difference(p.heads.begin(), p.heads.end(), turned.begin(), turned.end(),
                                std::back_inserter(next.heads));
  return next;
}

}  // namespace tartan
