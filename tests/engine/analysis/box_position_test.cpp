// Tests for box_position.hpp: a row, board or box of coins and its heads. The reference is the definition: the
// drawn text read character by character in the test, the heads as a std::set of cells in row-major order, a move as
// the symmetric difference of that set with the cells it turns, and the occupied part as the largest coordinate + 1.
#include "tartan/analysis/box_position.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/core/error.hpp"

namespace tartan {
namespace {

using test::message_of;

/// A drawn position and what it means: the extents and the heads cells in row-major order.
struct drawing {
  std::string text;
  box_extents extents;
  std::vector<std::vector<coin>> heads;
  std::string canonical;  // the same drawing in H and T only
};

/// A random row (rows == 0) or board of `rows` >= 2 rows (one row drawn is a row), heads written H, h or 1 and tails T,
/// t or 0 at random.
drawing random_drawing(std::size_t rows, std::mt19937& rng) {
  drawing d;
  const std::size_t columns = 1 + rng() % 9;
  const std::size_t lines = rows == 0 ? 1 : rows;
  d.extents = rows == 0 ? box_extents{columns} : box_extents{rows, columns};
  for (std::size_t r = 0; r < lines; ++r) {
    if (r > 0) d.text += '/', d.canonical += '/';
    for (std::size_t c = 0; c < columns; ++c) {
      const bool heads = rng() % 2 == 0;
      d.text += (heads ? "Hh1" : "Tt0")[rng() % 3];
      d.canonical += heads ? 'H' : 'T';
      if (!heads) continue;
      if (rows == 0) {
        d.heads.push_back({static_cast<coin>(c)});
      } else {
        d.heads.push_back({static_cast<coin>(r), static_cast<coin>(c)});
      }
    }
  }
  return d;
}

std::vector<std::vector<coin>> heads_of(const box_position& p) {
  std::vector<std::vector<coin>> heads;
  for (std::size_t h = 0; h < p.head_count(); ++h) heads.emplace_back(p.head(h).begin(), p.head(h).end());
  return heads;
}

/// The cell's coordinates joined by ':', as sparse_box_position reads a cell.
std::string item_of(const std::vector<coin>& cell) {
  std::string item;
  for (std::size_t i = 0; i < cell.size(); ++i) item += (i ? ":" : "") + std::to_string(cell[i]);
  return item;
}

TEST(BoxPositionTest, DrawnRowsAndBoardsByDefinition) {
  std::mt19937 rng(3);
  for (int s = 0; s < 400; ++s) {
    const drawing d = random_drawing(s % 2 == 0 ? 0 : 2 + rng() % 4, rng);
    const box_position p = parse_box_position(d.text);
    EXPECT_EQ(p.dimensions(), d.extents.size()) << d.text;
    EXPECT_EQ(p.extents(), d.extents) << d.text;
    EXPECT_EQ(heads_of(p), d.heads) << d.text;
    EXPECT_EQ(p.text(), d.canonical);
    // is_heads on every cell of the box, heads or not.
    const std::set<std::vector<coin>> set(d.heads.begin(), d.heads.end());
    const std::size_t rows = d.extents.size() == 1 ? 1 : d.extents[0];
    for (coin r = 0; r < rows; ++r) {
      for (coin c = 0; c < d.extents.back(); ++c) {
        const std::vector<coin> cell = d.extents.size() == 1 ? std::vector<coin>{c} : std::vector<coin>{r, c};
        EXPECT_EQ(p.is_heads(cell), set.count(cell) == 1) << d.text << " at " << item_of(cell);
      }
    }
    // The occupied part: one more than the largest coordinate of a heads coin along each axis.
    box_extents occupied(d.extents.size(), 0);
    for (const auto& cell : d.heads) {
      for (std::size_t i = 0; i < cell.size(); ++i) occupied[i] = std::max<std::size_t>(occupied[i], cell[i] + 1U);
    }
    EXPECT_EQ(p.occupied_extents(), occupied) << d.text;
  }
}

TEST(BoxPositionTest, ListedHeadsInAnyOrderGiveTheDrawnPosition) {
  std::mt19937 rng(7);
  for (int s = 0; s < 300; ++s) {
    const drawing d = random_drawing(s % 2 == 0 ? 0 : 2 + rng() % 4, rng);
    std::vector<std::vector<coin>> shuffled = d.heads;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::string listed;
    for (const auto& cell : shuffled) listed += (listed.empty() ? "" : ",") + item_of(cell);
    EXPECT_EQ(sparse_box_position(d.extents, listed), parse_box_position(d.text)) << listed;
  }
  // Three axes have no drawing: the list against the flat constructor, whose heads are given in row-major order.
  EXPECT_EQ(sparse_box_position(box_extents{2, 3, 4}, "1:2:3,0:0:1,1:0:0"),
            box_position(box_extents{2, 3, 4}, {0, 0, 1, 1, 0, 0, 1, 2, 3}));
}

TEST(BoxPositionTest, RowsAndBoardsConvertBothWays) {
  const box_position row = parse_box_position("THHTH");
  EXPECT_EQ(row.to_row(), (row_position{5, {1, 2, 4}}));
  EXPECT_EQ(box_position(row_position{5, {1, 2, 4}}), row);
  const box_position board = parse_box_position("HT/TH/HH");
  EXPECT_EQ(board.to_grid(), (grid_position{{3, 2}, {{0, 0}, {1, 1}, {2, 0}, {2, 1}}}));
  EXPECT_EQ(box_position(grid_position{{3, 2}, {{0, 0}, {1, 1}, {2, 0}, {2, 1}}}), board);
  EXPECT_EQ(board.head_count(), 4U);
  EXPECT_EQ(box_position().head_count(), 0U) << "the default position has no axes and no heads";
}

TEST(BoxPositionTest, BadTextIsRefusedByName) {
  EXPECT_NE(message_of([] { parse_box_position("HTXH"); }).find("column 3"), std::string::npos);
  EXPECT_NE(message_of([] { parse_box_position(""); }).find("empty"), std::string::npos);
  EXPECT_NE(message_of([] { parse_box_position("HT/T"); }).find("row 1 has 1 coin but row 0 has 2"), std::string::npos);
  EXPECT_NE(message_of([] { sparse_box_position(box_extents{10}, "3,3"); }).find("listed twice"), std::string::npos);
  EXPECT_NE(message_of([] { sparse_box_position(box_extents{10}, "10"); }).find("outside the row of 10 coins"),
            std::string::npos);
  EXPECT_THROW(sparse_box_position(box_extents{4, 4}, "1:4"), parse_error);
  EXPECT_THROW(sparse_box_position(box_extents{4, 4}, "1"), parse_error);
}

TEST(BoxPositionTest, TurningAMoveIsTheSymmetricDifferenceOfCellSets) {
  // Random boxes of 1 to 3 axes, random heads and random moves (a non-empty coin set per axis), seeded; the heads
  // after turn() are compared with a std::set of cells turned one by one, and is_heads with membership.
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t k = 1 + trial % 3;
    box_extents extents(k);
    for (auto& e : extents) e = 1 + rng() % 4;
    std::set<std::vector<coin>> heads;
    std::string listed;
    for (std::vector<coin> cell(k, 0);;) {
      if (rng() % 2 == 0) {
        heads.insert(cell);
        std::string item;
        for (std::size_t i = 0; i < k; ++i) item += (i ? ":" : "") + std::to_string(cell[i]);
        listed += (listed.empty() ? "" : ",") + item;
      }
      std::size_t axis = k;
      while (axis > 0 && ++cell[axis - 1] == extents[axis - 1]) cell[--axis] = 0;
      if (axis == 0) break;
    }
    box_position p = sparse_box_position(extents, listed);
    move turned;
    for (std::size_t i = 0; i < k; ++i) {
      std::vector<coin> axis;
      for (coin c = 0; c < extents[i]; ++c) {
        if (rng() % 2 == 0) axis.push_back(c);
      }
      if (axis.empty()) axis.push_back(static_cast<coin>(rng() % extents[i]));
      turned.axes.push_back(axis);
    }
    std::set<std::vector<coin>> expected = heads;
    std::function<void(std::size_t, std::vector<coin>&)> toggle = [&](std::size_t axis, std::vector<coin>& cell) {
      if (axis == k) {
        if (!expected.erase(cell)) expected.insert(cell);
        return;
      }
      for (const coin c : turned.axes[axis]) {
        cell.push_back(c);
        toggle(axis + 1, cell);
        cell.pop_back();
      }
    };
    std::vector<coin> scratch;
    toggle(0, scratch);
    p.turn(turned);
    std::vector<std::vector<coin>> got;
    for (std::size_t h = 0; h < p.head_count(); ++h) got.emplace_back(p.head(h).begin(), p.head(h).end());
    EXPECT_EQ(got, std::vector<std::vector<coin>>(expected.begin(), expected.end())) << "trial " << trial;
    for (const auto& cell : expected) EXPECT_TRUE(p.is_heads(cell));
    p.turn(turned);
    EXPECT_EQ(p, sparse_box_position(extents, listed)) << "turning twice restores, trial " << trial;
  }
}

}  // namespace
}  // namespace tartan
