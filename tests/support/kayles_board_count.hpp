// The winning moves of a large compact position of kayles*S{1,3,4} (Kayles along the rows, the subtraction game
// S{1,3,4} along the columns), by the bilinear identity, for tests: no product code of the engine is used.
//
// A move from heads (a, b) turns S×T and reaches V ⊕ u⊗w, u the XOR of g_kayles over S, w of g_S{1,3,4} over T
// (G(a, b) = g(a) ⊗ g(b) is bilinear over ⊕, and a position is the XOR of G over its heads coins), so it wins iff
// u⊗w = V. Over heads that are disjoint boxes R×C, the count is Σ H_R[u]·H_C[w] over the pairs with u⊗w = V, H
// counting the moves of each XOR from the coins of a range, and V = Σ (XOR of g over R) ⊗ (XOR of g over C).
// Kayles' values are its definition up to 200 coins, where period 12 from 71 is checked by the Guy–Smith condition
// (g(n + 12) = g(n) for 71 <= n < 2·71 + 12 + 2, t = 2), then that period; S{1,3,4}'s are its definition. Every value
// and XOR is below 16, so the nim products come from the table of their mex definition (mex_nim_product.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "support/heap_definition.hpp"
#include "support/mex_nim_product.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/core/int128.hpp"

namespace tartan::test {

class kayles_board_count {
 public:
  /// Values for rows below 2^32 and `columns` columns.
  explicit kayles_board_count(coin columns) : kayles_(heap_values(heap_code::of("0.77"), 200)), sub_(columns, 0) {
    for (std::uint64_t h = 1; h < columns; ++h) {  // g(h) = mex of g(h - s), s in {1, 3, 4}, s <= h
      std::set<grundy_value> options;
      for (const std::uint64_t s : {1, 3, 4}) {
        if (s <= h) options.insert(sub_[h - s]);
      }
      grundy_value m = 0;
      while (options.count(m) != 0) ++m;
      sub_[h] = m;
    }
  }

  /// The Guy–Smith condition for Kayles' period 12 from 71 holds in the values computed by definition.
  bool kayles_period_proven() const {
    for (std::size_t i = 71; i < 2 * 71 + 12 + 2; ++i) {
      if (kayles_[i + 12] != kayles_[i]) return false;
    }
    return true;
  }

  grundy_value kayles(std::uint64_t h) const {
    const std::uint64_t periodic = kayles_.size() - 12;  // g(periodic + i), i < 12, repeats from there on
    if (h >= kayles_.size()) h = periodic + (h - periodic) % 12;
    return kayles_[static_cast<std::size_t>(h)];
  }
  grundy_value subtraction(std::uint64_t h) const { return sub_[static_cast<std::size_t>(h)]; }

  /// The value of the heads `boxes` (disjoint; rows × columns).
  grundy_value value(const std::vector<std::pair<coin_range, coin_range>>& boxes) const {
    grundy_value v = 0;
    for (const auto& [rows, cols] : boxes) {
      grundy_value x = 0, y = 0;
      for (std::uint64_t h = rows.first; h <= rows.last; ++h) x ^= kayles(h);
      for (std::uint64_t h = cols.first; h <= cols.last; ++h) y ^= subtraction(h);
      v ^= products_[x][y];
    }
    return v;
  }

  /// The moves from the heads `boxes` (disjoint) whose u⊗w is `target`: the winning moves for target = value().
  uint128 moves_with_product(const std::vector<std::pair<coin_range, coin_range>>& boxes, grundy_value target) const {
    uint128 total = 0;
    for (const auto& [rows, cols] : boxes) {
      const std::map<grundy_value, std::uint64_t> h_rows = kayles_counts(rows), h_cols = subtraction_counts(cols);
      for (const auto& [u, c] : h_rows) {
        for (const auto& [w, d] : h_cols) {
          if (products_[u][w] == target) total += uint128{c} * d;
        }
      }
    }
    return total;
  }

 private:
  /// Kayles' coin moves from heap h >= 3, written out from the code 0.77: take 1 or 2 leaving one heap ({h-1, h},
  /// {h-2, h}), or two heaps a < b ({a, b, h}; a = b cancels to {h}, which some split always gives for h >= 3).
  std::map<grundy_value, std::uint64_t> kayles_counts(coin_range r) const {
    std::map<grundy_value, std::uint64_t> table;
    for (std::uint64_t h = r.first; h <= r.last; ++h) {
      const grundy_value gh = kayles(h);
      ++table[gh];
      ++table[gh ^ kayles(h - 1)];
      ++table[gh ^ kayles(h - 2)];
      for (const std::uint64_t rest : {h - 1, h - 2}) {
        for (std::uint64_t a = 1; 2 * a < rest; ++a) ++table[gh ^ kayles(a) ^ kayles(rest - a)];
      }
    }
    return table;
  }

  /// S{1,3,4}'s coin moves from heap h: {h - s, h} for s < h in the set, {h} when h itself is in it.
  std::map<grundy_value, std::uint64_t> subtraction_counts(coin_range r) const {
    std::map<grundy_value, std::uint64_t> table;
    for (std::uint64_t h = r.first; h <= r.last; ++h) {
      for (const std::uint64_t s : {1, 3, 4}) {
        if (s <= h) ++table[sub_[h] ^ sub_[h - s]];
      }
    }
    return table;
  }

  std::vector<grundy_value> kayles_;
  std::vector<grundy_value> sub_;
  std::vector<std::vector<std::uint64_t>> products_ = mex_products(16);  // every value and XOR here is below 16
};

}  // namespace tartan::test
