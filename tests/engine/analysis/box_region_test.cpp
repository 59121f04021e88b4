// Tests for box_region.hpp: positions given as the XOR of boxes of coins. The reference is the definition, cell by
// cell (tests/support/box_oracle.hpp): a cell is heads when an odd number of the listed boxes hold it; the counts,
// extents and listings asked of a region are computed from those cells here, over every cell of small boxes.
#include "tartan/analysis/box_region.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/box_oracle.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {
namespace {

using test::cell_count;
using test::cell_of;
using test::heads_of;
using test::random_boxes;

/// Random extents of 1 to `max_axes` axes, 1 to 7 coins each.
box_extents random_extents(std::size_t max_axes, std::mt19937& rng) {
  box_extents extents(1 + rng() % max_axes);
  for (std::size_t& n : extents) n = 1 + rng() % 7;
  return extents;
}

/// The boxes as parse_box_region reads them: "a-b:c,d" (a range of one coin written either way at random).
std::string text_of(const std::vector<coin_box>& boxes, std::mt19937& rng) {
  std::string text;
  for (const coin_box& box : boxes) {
    if (!text.empty()) text += rng() % 4 == 0 ? "\n" : ",";
    for (std::size_t d = 0; d < box.size(); ++d) {
      if (d > 0) text += ':';
      text += std::to_string(box[d].first);
      if (box[d].last != box[d].first || rng() % 2 == 0) text += "-" + std::to_string(box[d].last);
    }
  }
  return text;
}

TEST(BoxRegionTest, DisjointBoxesHoldExactlyTheOddCells) {
  std::mt19937 rng(5);
  for (int s = 0; s < 300; ++s) {
    box_extents extents;
    const std::size_t k = 1 + rng() % 3;
    for (std::size_t d = 0; d < k; ++d) extents.push_back(1 + rng() % 7);
    const std::vector<coin_box> boxes = random_boxes(extents, rng);
    const std::vector<bool> heads = heads_of(extents, boxes);
    std::vector<int> covered(heads.size(), 0);
    for (const coin_box& b : box_region(extents, boxes).disjoint_boxes()) {
      for (std::size_t i = 0; i < heads.size(); ++i) {
        const std::vector<coin> cell = cell_of(extents, i);
        covered[i] += test::holds(b, cell) ? 1 : 0;
      }
    }
    for (std::size_t i = 0; i < heads.size(); ++i) EXPECT_EQ(covered[i], heads[i] ? 1 : 0) << "cell " << i;
  }
}

TEST(BoxRegionTest, MalformedHeadsAreRefusedByName) {
  const box_extents row{10}, board{4, 4};
  const auto message = [](const box_extents& e, const char* text) {
    try {
      parse_box_region(e, text);
    } catch (const parse_error& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(row, "5-3").find("range 5-3 is empty"), std::string::npos);
  EXPECT_NE(message(row, "1-").find("has no end"), std::string::npos);
  EXPECT_NE(message(row, "-4").find("is negative"), std::string::npos);
  EXPECT_NE(message(row, "-4-5").find("has no start"), std::string::npos);
  EXPECT_NE(message(row, "a-b").find("not a range"), std::string::npos);
  EXPECT_NE(message(row, "x").find("not a coin number"), std::string::npos);
  EXPECT_NE(message(row, "3-10").find("reaches coin 10, outside the row of 10 coins"), std::string::npos);
  EXPECT_NE(message(row, "10").find("heads coin 10 is outside the row of 10 coins"), std::string::npos);
  EXPECT_NE(message(row, "-1").find("is negative"), std::string::npos);
  EXPECT_NE(message(row, "1,,2").find("item 2 is empty"), std::string::npos);
  EXPECT_NE(message(row, "1,2,").find("ends with a comma"), std::string::npos);
  EXPECT_NE(message(board, "1:2:3").find("3 coordinates"), std::string::npos);
  EXPECT_NE(message(board, "1").find("1 coordinate,"), std::string::npos);
  EXPECT_NE(message(board, "1::2").find("empty coordinate"), std::string::npos);
  EXPECT_NE(message(board, "0:4").find("heads coin 0:4 is outside the board of size 4x4"), std::string::npos);
  EXPECT_NE(message(board, "0-9:1").find("along axis 0"), std::string::npos);
  // Line breaks separate items too (a list on standard input).
  EXPECT_EQ(static_cast<std::uint64_t>(parse_box_region(row, "1\n2-3\n").head_count()), 3U);
  EXPECT_NE(message(row, " , ").find("item 1 is empty"), std::string::npos);
  // No items: every coin tails, a position like any other.
  EXPECT_EQ(static_cast<std::uint64_t>(parse_box_region(row, "  ").head_count()), 0U);
  EXPECT_EQ(static_cast<std::uint64_t>(parse_box_region(board, "").head_count()), 0U);
  // A coin listed twice is tails.
  EXPECT_EQ(static_cast<std::uint64_t>(parse_box_region(row, "3,3,5").head_count()), 1U);
  EXPECT_EQ(static_cast<std::uint64_t>(parse_box_region(row, "0-9,2-3").head_count()), 8U);
}

TEST(BoxRegionTest, CountsExtentsAndListingMatchTheOddCells) {
  // head_count, occupied_extents and to_position against the heads cell by cell, on up to 4 axes.
  std::mt19937 rng(17);
  for (int s = 0; s < 400; ++s) {
    const box_extents extents = random_extents(4, rng);
    const std::vector<coin_box> boxes = random_boxes(extents, rng);
    const std::vector<bool> heads = heads_of(extents, boxes);
    std::vector<std::vector<coin>> cells;  // row-major, as cell_of numbers them
    box_extents occupied(extents.size(), 0);
    for (std::size_t i = 0; i < heads.size(); ++i) {
      if (!heads[i]) continue;
      cells.push_back(cell_of(extents, i));
      for (std::size_t d = 0; d < extents.size(); ++d) {
        occupied[d] = std::max<std::size_t>(occupied[d], cells.back()[d] + std::size_t{1});
      }
    }
    const box_region region(extents, boxes);
    EXPECT_EQ(region.boxes(), boxes);
    EXPECT_EQ(region.dimensions(), extents.size());
    EXPECT_EQ(static_cast<std::uint64_t>(region.head_count()), cells.size()) << "sample " << s;
    EXPECT_EQ(region.occupied_extents(), occupied) << "sample " << s;
    const box_position listed = region.to_position();
    EXPECT_EQ(listed.extents(), extents);
    std::vector<std::vector<coin>> got;
    for (std::size_t h = 0; h < listed.head_count(); ++h)
      got.emplace_back(listed.head(h).begin(), listed.head(h).end());
    EXPECT_EQ(got, cells) << "sample " << s;
  }
}

TEST(BoxRegionTest, ParsedTextIsTheListedBoxes) {
  std::mt19937 rng(23);
  for (int s = 0; s < 300; ++s) {
    const box_extents extents = random_extents(3, rng);
    const std::vector<coin_box> boxes = random_boxes(extents, rng);
    const std::string text = text_of(boxes, rng);
    const box_region parsed = parse_box_region(extents, text);
    EXPECT_EQ(parsed.boxes(), boxes) << text;
    EXPECT_EQ(parsed.extents(), extents);
    const std::vector<bool> heads = heads_of(extents, boxes);
    EXPECT_EQ(static_cast<std::uint64_t>(parsed.head_count()),
              static_cast<std::uint64_t>(std::count(heads.begin(), heads.end(), true)))
        << text;
  }
}

TEST(BoxRegionTest, APositionCoinByCoinComesBackUnchanged) {
  // box_region(position) lists one box per heads coin; listing it again gives the same position.
  std::mt19937 rng(29);
  for (int s = 0; s < 200; ++s) {
    const box_extents extents = random_extents(3, rng);
    std::vector<coin> flat;
    std::size_t heads = 0;
    for (std::size_t i = 0; i < cell_count(extents); ++i) {
      if (rng() % 3 != 0) continue;
      const std::vector<coin> cell = cell_of(extents, i);
      flat.insert(flat.end(), cell.begin(), cell.end());
      ++heads;
    }
    const box_position position(extents, flat);
    const box_region region(position);
    EXPECT_EQ(region.boxes().size(), heads);
    EXPECT_EQ(static_cast<std::uint64_t>(region.head_count()), heads);
    EXPECT_EQ(region.to_position(), position) << "sample " << s;
  }
}

TEST(BoxRegionTest, AllHeadsIsEveryCell) {
  EXPECT_EQ(static_cast<std::uint64_t>(box_region::all_heads({3, 5, 2}).head_count()), 30U);
  EXPECT_EQ(box_region::all_heads({3, 5, 2}).occupied_extents(), (box_extents{3, 5, 2}));
  EXPECT_EQ(static_cast<std::uint64_t>(box_region::all_heads({4, 0}).head_count()), 0U) << "a box without cells";
  EXPECT_EQ(box_region::all_heads({4, 0}).occupied_extents(), (box_extents{0, 0}));
  // (2^32 - 1)^3 = 2^96 - 3·2^64 + 3·2^32 - 1, beyond 64 bits and still exact.
  const std::size_t n = UINT32_MAX;
  const uint128 expected = (uint128{1} << 96) - 3 * (uint128{1} << 64) + 3 * (uint128{1} << 32) - 1;
  EXPECT_EQ(box_region::all_heads({n, n, n}).head_count(), expected);
}

TEST(BoxRegionTest, ListingBeyondTheMemoryLimitIsRefusedWithTheCount) {
  // 10^5 × 10^5 heads are 10^10 coins, 8 bytes each at least: far beyond 1 MB.
  const box_region all = box_region::all_heads({100'000, 100'000});
  try {
    (void)all.to_position(std::uint64_t{1} << 20);
    ADD_FAILURE() << "listed 10^10 heads within 1 MB";
  } catch (const limit_error& e) {
    EXPECT_NE(std::string(e.what()).find("10000000000 heads coins"), std::string::npos) << e.what();
  }
  EXPECT_EQ(box_region::all_heads({3, 3}).to_position(std::uint64_t{1} << 20).head_count(), 9U);
}

}  // namespace
}  // namespace tartan
