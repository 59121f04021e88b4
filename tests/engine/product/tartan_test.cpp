// Tests for tartan.hpp: product values against published tables (OEIS, Library Checker) and the nim-product
// definition computed here; limits and errors.
#include "tartan/product/tartan.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

turning_game code_game(const std::string& code) { return turning_game(code, code, turning_code::parse(code)); }

// Games from their CGSuite turning codes (docs/turning_codes.md): twins "2", ruler "1+C", mock turtles "1-3",
// turtles "1-2", motley "1+".
tartan_game product(std::initializer_list<const char*> codes) {
  std::vector<turning_game> factors;
  for (const char* c : codes) factors.push_back(code_game(c));
  return tartan_game(std::move(factors));
}

/// Cells of a table read by antidiagonals (n + m = 0, 1, 2, ...; n ascending within each, as OEIS A051775 and
/// A223541 are read): value at (n, m).
std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> antidiagonals(const std::vector<std::uint64_t>& data) {
  std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> cells;
  std::size_t k = 0;
  for (std::size_t s = 0; k < data.size(); ++s) {
    for (std::size_t n = 0; n <= s && k < data.size(); ++n) cells[{n, s - n}] = data[k++];
  }
  return cells;
}

/// The nim product by its definition, a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}, for a, b < n.
std::vector<std::vector<std::uint64_t>> nim_table_by_mex(std::size_t n) {
  std::vector<std::vector<std::uint64_t>> t(n, std::vector<std::uint64_t>(n, 0));
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      std::vector<bool> seen(a * b + 2, false);
      for (std::size_t x = 0; x < a; ++x) {
        for (std::size_t y = 0; y < b; ++y) {
          const std::uint64_t v = t[x][b] ^ t[a][y] ^ t[x][y];
          if (v < seen.size()) seen[v] = true;
        }
      }
      std::uint64_t m = 0;
      while (seen[m]) ++m;
      t[a][b] = m;
    }
  }
  return t;
}

TEST(TartanTest, TurningCornersMatchesOeisA051775) {
  // Turning Corners is Twins × Twins (Winning Ways ch. 14; Ferguson §5.2), and Twins has g(n) = n, so its table is
  // the nim multiplication table: OEIS A051775, read by antidiagonals from (0, 0).
  const tartan_game corners = product({"2", "2"});
  const std::vector<grundy_value> table = corners.table(box_extents{16, 16});
  const auto published = antidiagonals(tartan::test::oeis_terms("A051775"));
  ASSERT_GE(published.size(), 78u);  // antidiagonals 0..11 at least
  std::size_t compared = 0;
  for (const auto& [cell, value] : published) {
    if (cell.first >= 16 || cell.second >= 16) continue;
    EXPECT_EQ(table[cell.first * 16 + cell.second], value) << "at " << cell.first << "," << cell.second;
    ++compared;
  }
  EXPECT_GE(compared, 78u);
}

TEST(TartanTest, TurningCornersMatchesLibraryCheckerProducts) {
  // Library Checker nim_product_64 small_few_00 lists every pair a, b < 16 (and more) with a⊗b: the full 16×16
  // Turning Corners table.
  const std::vector<grundy_value> table = product({"2", "2"}).table(box_extents{16, 16});
  std::size_t compared = 0;
  for (const auto& [a, b, c] : tartan::test::read_library_checker("small_few_00")) {
    if (a < 16 && b < 16) {
      EXPECT_EQ(table[a * 16 + b], c) << a << " ⊗ " << b;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 256u);
}

TEST(TartanTest, RugsMatchesOeisA223541) {
  // Rugs is Ruler × Ruler (Winning Ways ch. 14). Ruler's g(n) is the largest power of 2 dividing n + 1 (OEIS
  // A006519, a(n) at our coin n-1), so Rugs(a, b) = 2^i ⊗ 2^j, the array A223541(i, j).
  const std::vector<std::uint64_t> ruler = tartan::test::oeis_terms("A006519");
  const auto powers = antidiagonals(tartan::test::oeis_terms("A223541"));
  const tartan_game rugs = product({"1+C", "1+C"});
  const std::vector<grundy_value> table = rugs.table(box_extents{8, 8});
  auto exponent = [](std::uint64_t p) {
    std::size_t e = 0;
    while (p > 1) p >>= 1, ++e;
    return e;
  };
  for (std::size_t a = 0; a < 8; ++a) {
    for (std::size_t b = 0; b < 8; ++b) {
      const auto key = std::make_pair(exponent(ruler[a]), exponent(ruler[b]));
      ASSERT_TRUE(powers.count(key));
      EXPECT_EQ(table[a * 8 + b], powers.at(key)) << a << "," << b;
    }
  }
}

TEST(TartanTest, ValuesAreNimProductsByTheMexDefinition) {
  // Mock Turtles × Turning Turtles: g = odious numbers (A000069, offset 1) and n + 1; products from the mex
  // definition of ⊗ computed here.
  const std::vector<std::uint64_t> odious = tartan::test::oeis_terms("A000069");
  const auto nim = nim_table_by_mex(64);
  const tartan_game game = product({"1-3", "1-2"});
  const tartan_values v = game.values(box_extents{10, 20});
  for (coin a = 0; a < 10; ++a) {
    EXPECT_EQ(v.factor(0)[a], odious[a]);
    for (coin b = 0; b < 20; ++b) {
      EXPECT_EQ(v.at(a, b), nim[odious[a]][b + 1]) << a << "," << b;
      const std::vector<coin> cell{a, b};
      EXPECT_EQ(v(cell), v.at(a, b));
    }
  }
}

TEST(TartanTest, ThreeFactorTableIsRowMajorProduct) {
  const auto nim = nim_table_by_mex(64);
  const tartan_game game = product({"1-2", "1+C", "2"});  // turtles × ruler × twins
  const box_extents box{3, 4, 5};
  const std::vector<grundy_value> table = game.table(box);
  ASSERT_EQ(table.size(), 60u);
  const std::uint64_t ruler[] = {1, 2, 1, 4};
  for (std::size_t a = 0; a < 3; ++a) {
    for (std::size_t b = 0; b < 4; ++b) {
      for (std::size_t c = 0; c < 5; ++c) {
        EXPECT_EQ(table[(a * 4 + b) * 5 + c], nim[nim[a + 1][ruler[b]]][c]) << a << "," << b << "," << c;
      }
    }
  }
}

TEST(TartanTest, NameJoinsFactors) {
  EXPECT_EQ(product({"1+C", "1-3"}).name(), "1+C*1-3");
  EXPECT_EQ(product({"2", "2", "2"}).dimensions(), 3u);
}

TEST(TartanTest, NimProductOfFollowsTheField) {
  EXPECT_EQ(nim_product_of(std::vector<grundy_value>{}), 1u);
  EXPECT_EQ(nim_product_of(std::vector<grundy_value>{2, 2}), 3u);
  EXPECT_EQ(nim_product_of(std::vector<grundy_value>{16, 16}), 24u);
  const auto nim = nim_table_by_mex(16);
  EXPECT_EQ(nim_product_of(std::vector<grundy_value>{4, 4, 2}), nim[nim[4][4]][2]);
}

TEST(TartanTest, FewerThanTwoFactorsIsRefused) {
  EXPECT_THROW(tartan_game(std::vector<turning_game>{code_game("2")}), error);
  try {
    tartan_game(std::vector<turning_game>{});
    FAIL();
  } catch (const error& e) {
    EXPECT_THAT(e.what(), HasSubstr("at least two factors"));
  }
}

TEST(TartanTest, ExtentsMustMatchFactors) {
  const tartan_game rugs = product({"1+C", "1+C"});
  try {
    rugs.check_extents(box_extents{3, 4, 5});
    FAIL();
  } catch (const parse_error& e) {
    EXPECT_STREQ(e.what(), "'1+C*1+C' has 2 factors but the size 3x4x5 has 3 dimensions; give a size like 3x4");
  }
  EXPECT_THROW(rugs.check_extents(box_extents{0, 4}), parse_error);
  EXPECT_THROW(rugs.check_extents(box_extents{(std::size_t{1} << 32) + 1, 4}), parse_error);
  EXPECT_NO_THROW(rugs.check_extents(box_extents{1, 1}));
}

TEST(TartanTest, FactorOverflowIsReported) {
  // Motley ("1+": turn any set of coins) has g(n) = 2^n, which does not fit 64 bits from coin 64 on.
  const tartan_game game = product({"1+", "2"});
  EXPECT_NO_THROW(game.values(box_extents{64, 2}));
  EXPECT_THROW(game.values(box_extents{65, 2}), overflow_error);
}

TEST(TartanTest, MemoryLimitIsCheckedBeforeAllocating) {
  const tartan_game rugs = product({"1+C", "1+C"});
  try {
    rugs.table(box_extents{1000, 1000}, 1 << 20);
    FAIL();
  } catch (const limit_error& e) {
    // The table (10^6 cells at 8 bytes) and the two factors' sequences (2000 values at bytes_per_value = 32):
    // 8,064,000 bytes, 7.69 MiB.
    EXPECT_THAT(e.what(), HasSubstr("7.7 MiB"));
    EXPECT_THAT(e.what(), HasSubstr("limit of 1.0 MiB"));
  }
  EXPECT_THROW(rugs.table(box_extents{std::size_t{1} << 32, std::size_t{1} << 32}), limit_error);
}

TEST(TartanTest, SizesAreFormattedAndCellsCounted) {
  EXPECT_EQ(format_size(box_extents{3, 4}), "3x4");
  EXPECT_EQ(cell_count(box_extents{3, 4, 5}), 60u);
  EXPECT_THROW(cell_count(box_extents{std::size_t{1} << 40, std::size_t{1} << 40}), limit_error);
}

TEST(TartanTest, ExtentsUpTo2To32AreHeldInA64BitBuild) {
  // A 32-bit build refuses 2^32 (the static explorer's browser test checks that); this one holds every extent.
  EXPECT_EQ(extent_of(1, "--coins"), 1u);
  EXPECT_EQ(extent_of(std::uint64_t{1} << 32, "--coins"), std::uint64_t{1} << 32);
}

}  // namespace
}  // namespace tartan
