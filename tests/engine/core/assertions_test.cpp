// Death tests for the asserted preconditions of the public API: calls that break a documented contract stop the
// program with "assertion failed: <what>" in builds with TARTAN_ASSERT on (the test build: TARTAN_ASSERTIONS=ON).
// Bad input never reaches these: it is refused with an exception (the malformed-input tests); these are programmer
// errors.
#include <gtest/gtest.h>

#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/play/play.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

#if defined(NDEBUG) && !defined(TARTAN_ENABLE_ASSERTIONS)
#define TARTAN_ASSERTIONS_OFF 1
#endif

class AssertionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
#ifdef TARTAN_ASSERTIONS_OFF
    GTEST_SKIP() << "TARTAN_ASSERT is off in this build (configure with -DTARTAN_ASSERTIONS=ON)";
#endif
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }

  static turning_game code(const char* text) { return turning_game(text, text, turning_code::parse(text)); }
};

TEST_F(AssertionsTest, ProductValuesNeedTwoFactors) {
  EXPECT_DEATH(tartan_values(std::vector<std::vector<grundy_value>>{{1, 2}}),
               "assertion failed: a tartan product has at least two factors");
}

TEST_F(AssertionsTest, ProductValuesNeedOneCoordinatePerFactorInsideTheBox) {
  const tartan_values v(std::vector<std::vector<grundy_value>>{{1, 2}, {1, 2, 4}});
  EXPECT_EQ(v.at(1, 2), 8u);  // 2 ⊗ 4 = 8: the contract kept
  const std::vector<coin> three{0, 0, 0}, outside{2, 0};
  EXPECT_DEATH(static_cast<void>(v(three)), "assertion failed: one coordinate per factor");
  EXPECT_DEATH(static_cast<void>(v(outside)), "assertion failed: cell outside the box");
  EXPECT_DEATH(static_cast<void>(v.at(0, 3)), "assertion failed: at\\(a, b\\) needs two factors and a cell inside");
}

TEST_F(AssertionsTest, APlaySessionHasAWinnerOnlyWhenOver) {
  const play_session row(game_handle(code("1-3")), parse_box_position("HTTH"));
  EXPECT_EQ(row.position().head_count(), 2u);
  EXPECT_DEATH(static_cast<void>(row.winner()), "assertion failed: the game is not over");
}

TEST_F(AssertionsTest, BoxPositionsTurnMovesThatFitTheBox) {
  box_position board = parse_box_position("HT/TH");
  board.turn(move{{{0, 1}, {1}}});  // the contract kept: one ascending set per axis, inside the box
  EXPECT_EQ(board.text(), "HH/TT");
  EXPECT_DEATH(board.turn(move{{{0}}}), "assertion failed: a move has one coin set per axis");
  EXPECT_DEATH(board.turn(move{{{1, 0}, {0}}}), "assertion failed: each axis of a move ascending");
  EXPECT_DEATH(board.turn(move{{{0}, {2}}}), "assertion failed: each axis of a move ascending");
  const box_position box = sparse_box_position(std::vector<std::size_t>{2, 2, 2}, "1:1:1");
  EXPECT_DEATH(static_cast<void>(box.text()), "assertion failed: text\\(\\) draws rows and boards");
}

TEST_F(AssertionsTest, FormatGridDrawsTwoDimensionalBoards) {
  grid_position box;
  box.extents = {2, 2, 2};
  EXPECT_DEATH(static_cast<void>(format_grid(box)), "assertion failed: format_grid draws two-dimensional boards");
}

}  // namespace
}  // namespace tartan
