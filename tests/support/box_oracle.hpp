// Boxes of coins cell by cell, for tests: cells in row-major order, and the heads of a list of boxes as the parity of
// the boxes holding each cell (the definition of a box_region), independent of box_region's sweep.
#pragma once

#include <cstddef>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "tartan/analysis/box_region.hpp"

namespace tartan::test {

/// The number of cells of the box.
inline std::size_t cell_count(const box_extents& extents) {
  std::size_t cells = 1;
  for (const std::size_t x : extents) cells *= x;
  return cells;
}

/// Cell `index` of the box in row-major order (the last coordinate varies fastest).
inline std::vector<coin> cell_of(const box_extents& extents, std::size_t index) {
  std::vector<coin> c(extents.size());
  for (std::size_t d = extents.size(); d-- > 0;) {
    c[d] = static_cast<coin>(index % extents[d]);
    index /= extents[d];
  }
  return c;
}

/// The row-major index of `cell`.
inline std::size_t index_of(const box_extents& extents, std::span<const coin> cell) {
  std::size_t i = 0;
  for (std::size_t d = 0; d < extents.size(); ++d) i = i * extents[d] + cell[d];
  return i;
}

/// True when `box` holds `cell`.
inline bool holds(const coin_box& box, std::span<const coin> cell) {
  for (std::size_t d = 0; d < cell.size(); ++d) {
    if (cell[d] < box[d].first || cell[d] > box[d].last) return false;
  }
  return true;
}

/// The heads of a list of boxes, cell by cell: a cell is heads when an odd number of boxes hold it.
inline std::vector<bool> heads_of(const box_extents& extents, const std::vector<coin_box>& boxes) {
  std::vector<bool> heads(cell_count(extents), false);
  for (std::size_t i = 0; i < heads.size(); ++i) {
    const std::vector<coin> cell = cell_of(extents, i);
    for (const coin_box& b : boxes) {
      if (holds(b, cell)) heads[i] = !heads[i];
    }
  }
  return heads;
}

/// A random list of 1..6 boxes (some single cells, some overlapping) inside the extents.
inline std::vector<coin_box> random_boxes(const box_extents& extents, std::mt19937& rng) {
  std::vector<coin_box> boxes(1 + rng() % 6);
  for (coin_box& b : boxes) {
    const bool single = rng() % 3 == 0;
    for (const std::size_t n : extents) {
      coin lo = static_cast<coin>(rng() % n), hi = static_cast<coin>(rng() % n);
      if (lo > hi) std::swap(lo, hi);
      b.push_back(single ? coin_range{lo, lo} : coin_range{lo, hi});
    }
  }
  return boxes;
}

}  // namespace tartan::test
