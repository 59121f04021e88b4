// The cells of a k-dimensional box [0, e_0) × ... × [0, e_{k-1}): the row-major walk (an odometer, the last
// coordinate fastest) and the row-major index of a cell, shared by the product computations and table printing.
// Row-major order is the order of tartan_game::table: cell c sits at index Σ c_i · stride_i with
// stride_i = e_{i+1} · ... · e_{k-1}.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace tartan {

/**
 * Calls visit(cell) for every cell of the box with these extents, in row-major order (the last coordinate varies
 * fastest; with ascending lists as the axes, this is lexicographic order), `cell` a std::span<const Index> of its
 * coordinates. A visitor returning bool stops the walk at its first false: for_each_cell then returns false, and
 * true when every cell was visited. A box with an extent 0 has no cells; a box of no dimensions has one, the empty
 * cell.
 * Complexity: O(1) amortised per cell besides the visitor.
 *
 * Example: for_each_cell(std::vector<std::size_t>{2, 3}, [](std::span<const std::size_t> c) { ... }) visits
 * (0, 0) (0, 1) (0, 2) (1, 0) (1, 1) (1, 2)
 */
template <class Index = std::size_t, class Visit>
bool for_each_cell(std::span<const std::size_t> extents, Visit&& visit) {
  for (const std::size_t e : extents) {
    if (e == 0) return true;
  }
  std::vector<Index> cell(extents.size(), 0);
  for (;;) {
    if constexpr (std::is_same_v<std::invoke_result_t<Visit&, std::span<const Index>>, bool>) {
      if (!visit(std::span<const Index>(cell))) return false;
    } else {
      visit(std::span<const Index>(cell));
    }
    // The carry: coordinates at their last value go back to 0 and the one before them grows; none is left to grow
    // after the last cell. Compared before the increment, so that a coordinate whose type only just holds
    // extent - 1 cannot wrap.
    std::size_t d = extents.size();
    while (d-- > 0 && static_cast<std::uint64_t>(cell[d]) + 1 >= extents[d]) cell[d] = 0;
    if (d == static_cast<std::size_t>(-1)) return true;
    ++cell[d];
  }
}

/**
 * The row-major strides of the box: stride[i] = extents[i+1] × ... × extents[k-1] (1 for the last coordinate).
 * @pre the box has at most SIZE_MAX cells
 *
 * Example: row_major_strides(std::vector<std::size_t>{2, 3, 4}) == {12, 4, 1}
 */
inline std::vector<std::size_t> row_major_strides(std::span<const std::size_t> extents) {
  std::vector<std::size_t> stride(extents.size(), 1);
  for (std::size_t i = extents.size(); i-- > 1;) stride[i - 1] = stride[i] * extents[i];
  return stride;
}

/**
 * The coordinates of the cell at row-major `index` in the box.
 * @pre index < the number of cells
 *
 * Example: cell_at(std::vector<std::size_t>{2, 3}, 4) == {1, 1}
 */
template <class Index = std::size_t>
std::vector<Index> cell_at(std::span<const std::size_t> extents, std::uint64_t index) {
  std::vector<Index> cell(extents.size());
  for (std::size_t i = extents.size(); i-- > 0;) {
    cell[i] = static_cast<Index>(index % extents[i]);
    index /= extents[i];
  }
  return cell;
}

}  // namespace tartan
