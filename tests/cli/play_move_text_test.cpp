// Tests for cli/input/play_move_text.hpp: moves typed in `tartan play` on rows, boards and boxes, read and written
// back.
#include "input/play_move_text.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/error.hpp"

namespace tartan::cli {
namespace {

using ::testing::HasSubstr;

TEST(PlayMoveTextTest, ParsesRowsAndBoards) {
  EXPECT_EQ(parse_play_move("12 3 7", 1).axes, (std::vector<std::vector<coin>>{{3, 7, 12}}));
  EXPECT_EQ(parse_play_move(" 3,7 ", 1).axes, (std::vector<std::vector<coin>>{{3, 7}}));
  EXPECT_EQ(parse_play_move("rows 1 4 cols 2 5", 2).axes, (std::vector<std::vector<coin>>{{1, 4}, {2, 5}}));
  EXPECT_EQ(parse_play_move("Cols 5 2 row 4", 2).axes, (std::vector<std::vector<coin>>{{4}, {2, 5}}));
  EXPECT_EQ(format_play_move(move{{{1, 4}, {2, 5}}}), "rows 1 4 cols 2 5");
  EXPECT_EQ(format_play_move(move{{{3, 7, 12}}}), "3 7 12");
  EXPECT_EQ(format_play_move(move{{{1}, {0, 2}, {3}}}), "1; 0 2; 3");
  // Boxes: one list per axis joined by ';'; boards may be typed so too.
  EXPECT_EQ(parse_play_move("1; 2 0; 3", 3).axes, (std::vector<std::vector<coin>>{{1}, {0, 2}, {3}}));
  EXPECT_EQ(parse_play_move(" 1 4 ;2,5 ", 2).axes, (std::vector<std::vector<coin>>{{1, 4}, {2, 5}}));
  EXPECT_EQ(parse_play_move("0;0;0;7", 4).axes, (std::vector<std::vector<coin>>{{0}, {0}, {0}, {7}}));
}

TEST(PlayMoveTextTest, RefusesBadTextWithWhatToType) {
  auto message = [](std::string_view text, std::size_t dims) {
    try {
      parse_play_move(text, dims);
    } catch (const parse_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message("", 1), HasSubstr("no coins typed; type the coins to turn"));
  EXPECT_THAT(message("3 x", 1), HasSubstr("'x' is not a coin number"));
  EXPECT_THAT(message("3 3", 1), HasSubstr("coin 3 is typed twice"));
  EXPECT_THAT(message("1 2", 2), HasSubstr("a board move starts with rows or cols"));
  EXPECT_THAT(message("rows 1", 2), HasSubstr("no columns typed"));
  EXPECT_THAT(message("rows 1 rows 2 cols 3", 2), HasSubstr("rows typed twice"));
  EXPECT_THAT(message("rows 1 1 cols 3", 2), HasSubstr("row 1 is typed twice"));
  EXPECT_THAT(message("99999999999", 1), HasSubstr("coin"));
  EXPECT_THAT(message("1; 2", 3), HasSubstr("2 lists typed but 3 needed"));
  EXPECT_THAT(message("1; ; 2", 3), HasSubstr("no coins typed for axis 1"));
  EXPECT_THAT(message("1; 2 2; 3", 3), HasSubstr("coin 2 of axis 1 is typed twice"));
  EXPECT_THAT(message("1;2", 1), HasSubstr("a row has one axis"));
  EXPECT_THAT(message("", 3), HasSubstr("type one list of coins per axis"));
  // A long word is quoted cut short.
  EXPECT_THAT(message(std::string(500, 'x'), 1),
              HasSubstr("'xxxxxxxxxxxxxxxxxxxx...' (500 bytes) is not a coin number"));
}

TEST(PlayMoveTextTest, MessagesShowTheExampleGiven) {
  try {
    parse_play_move("x", 1, "2 5");
    FAIL();
  } catch (const parse_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("e.g. 2 5"));
  }
  try {
    parse_play_move("1 2", 2, "rows 0 cols 3");
    FAIL();
  } catch (const parse_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("type e.g. rows 0 cols 3"));
  }
}

TEST(PlayMoveTextTest, WhatIsWrittenReadsBackTheSame) {
  // Random rows and boards (seeded): format then parse gives the move back, for 1 and 2 axes.
  std::mt19937_64 rng(31);
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t dims = 1 + trial % 4;
    move m;
    m.axes.resize(dims);
    for (auto& axis : m.axes) {
      for (coin c = 0; c < 40; ++c) {
        if (rng() % 5 == 0) axis.push_back(c);
      }
      if (axis.empty()) axis.push_back(static_cast<coin>(rng() % 1000));
    }
    EXPECT_EQ(parse_play_move(format_play_move(m), dims), m) << format_play_move(m);
  }
}

}  // namespace
}  // namespace tartan::cli
