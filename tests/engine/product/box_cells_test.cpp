// Tests for box_cells.hpp: the row-major walk over a box (order, early stop, empty boxes, a coordinate type
// that only just holds its extent) agrees with the strides and cell_at.
#include "tartan/product/box_cells.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tartan::detail {
namespace {

using cells = std::vector<std::vector<std::size_t>>;

cells walk(const std::vector<std::size_t>& extents) {
  cells visited;
  for_each_cell(extents, [&](std::span<const std::size_t> c) { visited.emplace_back(c.begin(), c.end()); });
  return visited;
}

TEST(BoxCellsTest, WalksRowMajorTheLastCoordinateFastest) {
  EXPECT_EQ(walk({2, 3}), (cells{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}));
  EXPECT_EQ(walk({3}), (cells{{0}, {1}, {2}}));
  EXPECT_EQ(walk({1, 1, 2}), (cells{{0, 0, 0}, {0, 0, 1}}));
}

TEST(BoxCellsTest, EmptyBoxesHaveNoCellsAndNoDimensionsOne) {
  EXPECT_EQ(walk({2, 0, 3}), cells{});
  EXPECT_EQ(walk({}), cells{{}});
}

TEST(BoxCellsTest, AVisitorReturningFalseStopsTheWalk) {
  std::size_t seen = 0;
  const std::vector<std::size_t> extents{4, 4};
  EXPECT_FALSE(for_each_cell(extents, [&](std::span<const std::size_t>) { return ++seen < 5; }));
  EXPECT_EQ(seen, 5u);
  seen = 0;
  EXPECT_TRUE(for_each_cell(extents, [&](std::span<const std::size_t>) { return ++seen > 0; }));
  EXPECT_EQ(seen, 16u);
}

TEST(BoxCellsTest, ACoordinateTypeThatOnlyJustHoldsItsExtentDoesNotWrap) {
  std::size_t seen = 0;
  std::uint8_t last = 0;
  for_each_cell<std::uint8_t>(std::vector<std::size_t>{256}, [&](std::span<const std::uint8_t> c) {
    ++seen;
    last = c[0];
  });
  EXPECT_EQ(seen, 256u);
  EXPECT_EQ(last, 255);
}

TEST(BoxCellsTest, StridesAndCellAtAgreeWithTheWalk) {
  const std::vector<std::size_t> extents{2, 3, 4};
  const std::vector<std::size_t> stride = row_major_strides(extents);
  EXPECT_EQ(stride, (std::vector<std::size_t>{12, 4, 1}));
  std::uint64_t index = 0;
  for_each_cell(extents, [&](std::span<const std::size_t> c) {
    EXPECT_EQ(cell_at(extents, index), std::vector<std::size_t>(c.begin(), c.end()));
    EXPECT_EQ(c[0] * stride[0] + c[1] * stride[1] + c[2] * stride[2], index);
    ++index;
  });
  EXPECT_EQ(index, 24u);
  EXPECT_EQ(cell_at<std::uint32_t>(std::vector<std::size_t>{2, 3}, 4), (std::vector<std::uint32_t>{1, 1}));
}

}  // namespace
}  // namespace tartan::detail
