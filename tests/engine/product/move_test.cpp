// product/move.hpp: a move's axes and accessors for rows and boards, and its comparisons (lexicographic over the
// axes, as std::vector compares, so that moves sort and compare like their coin lists).
#include "tartan/product/move.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace tartan {
namespace {

TEST(MoveTest, RowAndBoardAccessorsReadTheAxes) {
  const move row{{{0, 2, 5}}};
  EXPECT_EQ(row.dimensions(), 1u);
  EXPECT_EQ(row.coins(), (std::vector<coin>{0, 2, 5}));
  EXPECT_EQ(row.coins().back(), 5u);  // the moving coin is last
  const move board{{{1, 3}, {0, 4, 6}}};
  EXPECT_EQ(board.dimensions(), 2u);
  EXPECT_EQ(board.rows(), (std::vector<coin>{1, 3}));
  EXPECT_EQ(board.cols(), (std::vector<coin>{0, 4, 6}));
  EXPECT_EQ(move{}.dimensions(), 0u);
}

TEST(MoveTest, ComparesLikeItsAxes) {
  std::mt19937 rng(4);
  const auto random_move = [&] {
    move m;
    const std::size_t k = 1 + rng() % 3;
    for (std::size_t i = 0; i < k; ++i) {
      std::vector<coin> axis;
      for (coin c = 0; c < 4; ++c) {
        if (rng() % 2 == 0) axis.push_back(c);
      }
      if (axis.empty()) axis.push_back(static_cast<coin>(rng() % 4));
      m.axes.push_back(axis);
    }
    return m;
  };
  for (int i = 0; i < 2000; ++i) {
    const move a = random_move(), b = random_move();
    EXPECT_EQ(a == b, a.axes == b.axes);
    EXPECT_EQ(a < b, a.axes < b.axes);
    EXPECT_EQ(a <= b, a.axes <= b.axes);
  }
  EXPECT_LT((move{{{0, 1}}}), (move{{{0, 2}}}));
  EXPECT_LT((move{{{1}}}), (move{{{1}, {0}}}));
}

}  // namespace
}  // namespace tartan
