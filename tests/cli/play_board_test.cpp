// Tests for cli/output/play_board.hpp: the drawing of rows, boards and boxes read back coin by coin (each H/T under
// its number) and compared with the position drawn, for seeded random positions of every shape; every line within
// 80 columns; the position texts.
#include "output/play_board.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "output/text_wrap.hpp"

namespace tartan::cli {
namespace {

/// A random position of `extents`, each coin heads with probability 1/3.
box_position random_box(const box_extents& extents, std::mt19937& rng) {
  std::vector<coin> flat;
  std::vector<coin> cell(extents.size(), 0);
  for (;;) {
    if (rng() % 3 == 0) flat.insert(flat.end(), cell.begin(), cell.end());
    std::size_t i = extents.size();
    while (i-- > 0) {
      if (++cell[i] < extents[i]) break;
      cell[i] = 0;
    }
    if (i == static_cast<std::size_t>(-1)) return box_position(extents, flat);
  }
}

/// The numbers of a header line and the columns where each ends: "  coin  9 10" gives {9, 10}, ends {8, 11}.
std::map<std::size_t, unsigned> numbers_by_end(const std::string& line, std::size_t from) {
  std::map<std::size_t, unsigned> ends;
  for (std::size_t i = from; i < line.size();) {
    if (line[i] < '0' || line[i] > '9') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && line[j] >= '0' && line[j] <= '9') ++j;
    ends[j - 1] = static_cast<unsigned>(std::stoul(line.substr(i, j - i)));
    i = j;
  }
  return ends;
}

/// The heads read back from a drawing (letters H and T): each coin letter stands under the last digit of its number.
std::set<std::vector<coin>> read_back(const std::vector<std::string>& lines, std::size_t k) {
  std::set<std::vector<coin>> heads;
  std::vector<coin> layer;
  std::map<std::size_t, unsigned> columns;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    if (line.empty()) continue;
    if (line.rfind("axis ", 0) == 0) {  // "axis 0 = 1, axis 1 = 2:"
      layer.clear();
      for (std::size_t at = line.find("= "); at != std::string::npos; at = line.find("= ", at + 1)) {
        layer.push_back(static_cast<coin>(std::stoul(line.substr(at + 2))));
      }
      continue;
    }
    if (k == 1) {
      if (line.rfind("  coin", 0) == 0) {
        columns = numbers_by_end(line, 6);
        continue;
      }
      for (const auto& [end, c] : columns) {
        if (line.at(end) == 'H') heads.insert({c});
      }
      continue;
    }
    if (line.find_first_of("HT") == std::string::npos) {  // column numbers
      columns = numbers_by_end(line, 0);
      continue;
    }
    const auto row = static_cast<coin>(std::stoul(line));
    for (const auto& [end, c] : columns) {
      if (line.at(end) != 'H') continue;
      std::vector<coin> cell = layer;
      cell.push_back(row);
      cell.push_back(c);
      heads.insert(cell);
    }
  }
  return heads;
}

std::set<std::vector<coin>> heads_of(const box_position& p) {
  std::set<std::vector<coin>> heads;
  for (std::size_t h = 0; h < p.head_count(); ++h) heads.insert({p.head(h).begin(), p.head(h).end()});
  return heads;
}

TEST(PlayBoardTest, DrawingsReadBackAsThePosition) {
  std::mt19937 rng(17);
  const std::vector<box_extents> shapes = {{1},        {7},        {24},          {25},        {150},    {1000},
                                           {1, 1},     {3, 4},     {12, 30},      {101, 3},    {2, 300}, {2, 2, 2},
                                           {3, 4, 30}, {2, 11, 7}, {2, 2, 2, 40}, {2, 3, 2, 5}};
  for (const box_extents& e : shapes) {
    for (int trial = 0; trial < 3; ++trial) {
      const box_position p = random_box(e, rng);
      const std::vector<std::string> lines = draw_position(p, false);
      for (const std::string& line : lines) EXPECT_LE(display_width(line), 80u) << line;
      EXPECT_EQ(read_back(lines, e.size()), heads_of(p)) << format_size(e);
    }
  }
}

TEST(PlayBoardTest, DrawsTheDocumentedLayout) {
  EXPECT_EQ(draw_position(parse_box_position("HT/TH"), false),
            (std::vector<std::string>{"     0 1", "  0  H T", "  1  T H"}));
  EXPECT_EQ(draw_position(parse_box_position("HTTH"), true),
            (std::vector<std::string>{"  coin 0 1 2 3", "       ● ○ ○ ●"}));
  EXPECT_EQ(
      draw_position(sparse_box_position(std::vector<std::size_t>{2, 1, 2}, "1:0:1"), false),
      (std::vector<std::string>{"axis 0 = 0:", "     0 1", "  0  T T", "", "axis 0 = 1:", "     0 1", "  0  T H"}));
}

TEST(PlayBoardTest, PositionTextsThatFit) {
  EXPECT_EQ(position_text(parse_box_position("HTTH"), 64), "HTTH");
  EXPECT_EQ(position_text(parse_box_position("HT/TH"), 64), "HT/TH");
  EXPECT_EQ(position_text(parse_box_position(std::string(65, 'H')), 64), "");
  EXPECT_EQ(position_text(sparse_box_position(std::vector<std::size_t>{2, 2, 3}, "0:0:1,1:1:2"), 64),
            "2x2x3 with heads 0:0:1 1:1:2");
  EXPECT_EQ(position_text(sparse_box_position(std::vector<std::size_t>{2, 2, 3}, ""), 64), "2x2x3 with no heads");
  EXPECT_EQ(position_text(sparse_box_position(std::vector<std::size_t>{2, 2, 3}, "0:0:1,1:1:2"), 20), "");
}

}  // namespace
}  // namespace tartan::cli
