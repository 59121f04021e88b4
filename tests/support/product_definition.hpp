// Tartan products from their definition, for tests. Each factor is given by its moves (the coins each move from a
// coin turns, that coin included); a product move from cell c turns S_1 × ... × S_k, S_i a move of factor i from c_i.
// product_definition gives each cell's value by mex over its product moves (the XOR of G over the other cells each
// move turns: a position is a sum of its heads coins). board_game goes further and assumes nothing: on boxes of at
// most 20 cells, every position (a bitmask, cell i at bit i in row-major order) gets its value by mex over the game
// graph. Independent of the engine's product code and of the Tartan theorem.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "support/heap_definition.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::test {

/// moves[c]: every move of a 1-D game from coin c, as the coins it turns, ascending, c last; each set once.
using coin_move_lists = std::vector<std::vector<std::vector<coin>>>;

/// The coin form's moves of a take-and-break code from coins 0..count-1 (heap_definition.hpp).
inline coin_move_lists heap_code_moves(const heap_code& code, coin count) {
  coin_move_lists moves;
  for (coin n = 0; n < count; ++n) moves.push_back(coin_moves(code, n));
  return moves;
}

/// The moves of a rule written as for_each_move(n, visit(others)) (naive.hpp's rules), from coins 0..count-1.
template <class Rule>
coin_move_lists rule_moves(const Rule& rule, coin count) {
  coin_move_lists moves;
  for (coin n = 0; n < count; ++n) {
    std::set<std::vector<coin>> sets;
    rule.for_each_move(n, [&](std::span<const coin> others) {
      std::vector<coin> turned(others.begin(), others.end());
      turned.push_back(n);
      sets.insert(std::move(turned));
      return true;
    });
    moves.emplace_back(sets.begin(), sets.end());
  }
  return moves;
}

class product_definition {
 public:
  /// @pre factors.size() == extents.size() >= 2, factors[i].size() >= extents[i]
  product_definition(std::vector<coin_move_lists> factors, box_extents extents)
      : factors_(std::move(factors)), extents_(std::move(extents)) {
    std::size_t cells = 1;
    for (const std::size_t e : extents_) cells *= e;
    values_.assign(cells, 0);
    for (std::size_t i = 0; i < cells; ++i) {  // row-major: the other cells of a move from i come earlier
      std::set<grundy_value> options;
      for_each_move(i, [&](const move&, const std::vector<std::size_t>& turned) {
        grundy_value x = 0;
        for (const std::size_t c : turned) {
          if (c != i) x ^= values_[c];
        }
        options.insert(x);
      });
      grundy_value m = 0;
      while (options.count(m) != 0) ++m;
      values_[i] = m;
    }
  }

  const box_extents& extents() const { return extents_; }
  std::size_t cells() const { return values_.size(); }
  /// G of every cell, row-major (the last coordinate fastest).
  const std::vector<grundy_value>& values() const { return values_; }

  /// Cell `index` in row-major order.
  std::vector<coin> cell(std::size_t index) const {
    std::vector<coin> c(extents_.size());
    for (std::size_t d = extents_.size(); d-- > 0;) {
      c[d] = static_cast<coin>(index % extents_[d]);
      index /= extents_[d];
    }
    return c;
  }

  std::size_t index(std::span<const coin> cell) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < extents_.size(); ++d) i = i * extents_[d] + cell[d];
    return i;
  }

  /// visit(move, the row-major indexes of every cell it turns) for each product move from cell `from`, factor 0's
  /// moves outermost.
  template <class Visit>
  void for_each_move(std::size_t from, Visit&& visit) const {
    const std::vector<coin> c = cell(from);
    move m;
    m.axes.resize(extents_.size());
    const auto choose = [&](auto&& self, std::size_t axis) -> void {
      if (axis == extents_.size()) {
        std::vector<std::size_t> turned{0};
        for (std::size_t d = 0; d < extents_.size(); ++d) {
          std::vector<std::size_t> next;
          for (const std::size_t prefix : turned) {
            for (const coin x : m.axes[d]) next.push_back(prefix * extents_[d] + x);
          }
          turned = std::move(next);
        }
        visit(static_cast<const move&>(m), static_cast<const std::vector<std::size_t>&>(turned));
        return;
      }
      for (const std::vector<coin>& s : factors_[axis][c[axis]]) {
        m.axes[axis] = s;
        self(self, axis + 1);
      }
    };
    choose(choose, 0);
  }

 private:
  std::vector<coin_move_lists> factors_;
  box_extents extents_;
  std::vector<grundy_value> values_;
};

/// Every position of a small box of a product by mex over its game graph: positions are bitmasks (cell i at bit i,
/// row-major), a move flips every cell of S_1 × ... × S_k from a heads cell. A move's moving cell is the highest
/// cell it turns and goes from heads to tails, so it leads to a smaller number: the values are computed in
/// increasing order of the mask. 2^cells values; at most 20 cells.
class board_game {
 public:
  explicit board_game(const product_definition& product) : product_(product) {
    const std::size_t cells = product.cells();
    moves_.resize(cells);
    for (std::size_t i = 0; i < cells; ++i) {
      product.for_each_move(i, [&](const move& m, const std::vector<std::size_t>& turned) {
        std::uint32_t flip = 0;
        for (const std::size_t c : turned) flip ^= std::uint32_t{1} << c;
        moves_[i].push_back({flip, m});
      });
    }
    values_.assign(std::size_t{1} << cells, 0);
    std::vector<char> seen;
    for (std::uint32_t mask = 1; mask < values_.size(); ++mask) {
      seen.assign(64, 0);
      for (std::size_t i = 0; i < cells; ++i) {
        if ((mask >> i & 1) == 0) continue;
        for (const auto& [flip, m] : moves_[i]) {
          const grundy_value v = values_[mask ^ flip];
          if (v >= seen.size()) seen.resize(v + 1, 0);
          seen[v] = 1;
        }
      }
      grundy_value m = 0;
      while (m < seen.size() && seen[m]) ++m;
      values_[mask] = m;
    }
  }

  /// The value of the position with these heads, by mex over the game graph.
  grundy_value value(std::uint32_t mask) const { return values_[mask]; }

  /// Every move of the position that leads to value 0, sorted.
  std::vector<move> winning_moves(std::uint32_t mask) const { return moves_to(mask, 0); }

  /// Every move of the position that leads to a position of value `target`, sorted.
  std::vector<move> moves_to(std::uint32_t mask, grundy_value target) const {
    std::vector<move> found;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      if ((mask >> i & 1) == 0) continue;
      for (const auto& [flip, m] : moves_[i]) {
        if (values_[mask ^ flip] == target) found.push_back(m);
      }
    }
    std::sort(found.begin(), found.end());
    return found;
  }

  /// Every move of the position, with the value it leads to.
  std::vector<std::pair<move, grundy_value>> options(std::uint32_t mask) const {
    std::vector<std::pair<move, grundy_value>> all;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      if ((mask >> i & 1) == 0) continue;
      for (const auto& [flip, m] : moves_[i]) all.push_back({m, values_[mask ^ flip]});
    }
    return all;
  }

  /// The position's heads as a box_position (row-major, as the engine takes them).
  box_position position(std::uint32_t mask) const {
    std::vector<coin> flat;
    for (std::size_t i = 0; i < product_.cells(); ++i) {
      if ((mask >> i & 1) == 0) continue;
      const std::vector<coin> c = product_.cell(i);
      flat.insert(flat.end(), c.begin(), c.end());
    }
    return box_position(product_.extents(), std::move(flat));
  }

  /// The position after `m` (every cell of its axes' product flipped).
  std::uint32_t after(std::uint32_t mask, const move& m) const {
    std::vector<std::size_t> turned{0};
    for (std::size_t d = 0; d < m.axes.size(); ++d) {
      std::vector<std::size_t> next;
      for (const std::size_t prefix : turned) {
        for (const coin x : m.axes[d]) next.push_back(prefix * product_.extents()[d] + x);
      }
      turned = std::move(next);
    }
    for (const std::size_t c : turned) mask ^= std::uint32_t{1} << c;
    return mask;
  }

  /// True when `m` is a move of the position: its moving cell heads and its axes a product move from it.
  bool is_move(std::uint32_t mask, const move& m) const {
    std::vector<coin> corner;
    for (const auto& axis : m.axes) {
      if (axis.empty()) return false;
      corner.push_back(axis.back());
    }
    for (std::size_t d = 0; d < corner.size(); ++d) {
      if (corner[d] >= product_.extents()[d]) return false;
    }
    const std::size_t i = product_.index(corner);
    if ((mask >> i & 1) == 0) return false;
    for (const auto& [flip, candidate] : moves_[i]) {
      if (candidate == m) return true;
    }
    return false;
  }

 private:
  const product_definition& product_;
  std::vector<std::vector<std::pair<std::uint32_t, move>>> moves_;  // per cell: (cells flipped, the move)
  std::vector<grundy_value> values_;                                // per position
};

}  // namespace tartan::test
