// Tests for `tartan table`: values against published tables (Library Checker nim products for Turning Corners,
// OEIS A223541 for Rugs), layout, JSON, and bad input with its message and exit code.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/reference_data.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(TableCliTest, TurningCornersIsTheNimProductTable) {
  // Library Checker nim_product_64 small_few_00 lists a, b, a⊗b for every a, b < 16 (and more).
  const auto r = run_tartan({"table", "twins*twins", "--size", "16x16", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = nlohmann::json::parse(r.out);
  ASSERT_EQ(rows.size(), 16u);
  int compared = 0;
  for (const auto& [a, b, c] : tartan::test::read_library_checker("small_few_00")) {
    if (a < 16 && b < 16) {
      EXPECT_EQ(rows[a][b].get<std::uint64_t>(), c) << a << " ⊗ " << b;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 256);
}

TEST(TableCliTest, RugsMatchesOeisA223541) {
  // Rugs = Ruler × Ruler (Winning Ways ch. 14); Ruler's values are powers of 2 (the largest dividing n + 1), so
  // the table is 2^i ⊗ 2^j, OEIS A223541 (by antidiagonals): rows 0..3 begin 1,2,4,8 / 2,3,8,12 / 4,8,6,11 /
  // 8,12,11,13, read here from the file's data lines.
  const std::vector<std::uint64_t> seq = tartan::test::oeis_terms("A223541");
  auto power = [&](std::size_t i, std::size_t j) {  // T(i, j) by antidiagonals
    const std::size_t s = i + j;
    return seq.at(s * (s + 1) / 2 + i);
  };
  auto exponent = [](std::size_t n) {  // of the largest power of 2 dividing n + 1
    std::size_t e = 0;
    for (std::size_t k = n + 1; k % 2 == 0; k /= 2) ++e;
    return e;
  };
  const auto r = run_tartan({"table", "ruler*ruler", "--size", "8x8", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = nlohmann::json::parse(r.out);
  for (std::size_t a = 0; a < 8; ++a) {
    for (std::size_t b = 0; b < 8; ++b) {
      EXPECT_EQ(rows[a][b].get<std::uint64_t>(), power(exponent(a), exponent(b))) << a << "," << b;
    }
  }
}

TEST(TableCliTest, TextIsAlignedWithHeaders) {
  const auto r = run_tartan({"table", "twins*twins", "--size", "3x12"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string convention, header, row0, row2;
  std::getline(lines, convention);
  std::getline(lines, header);
  std::getline(lines, row0);
  std::getline(lines, row2);
  std::getline(lines, row2);
  EXPECT_THAT(convention, StartsWith("# G(a, b) = twins(a) ⊗ twins(b) on 3x12; row a, column b"));
  EXPECT_THAT(convention, HasSubstr("numbered from 0"));
  EXPECT_EQ(header.size(), row0.size());
  EXPECT_EQ(header.size(), row2.size());
  EXPECT_THAT(header, StartsWith("a\\b   0   1   2"));
  // Row 2: 2 ⊗ b for b = 0..11 is 0 2 3 1 8 10 11 9 12 14 15 13 (OEIS A006015).
  EXPECT_EQ(row2, "  2   0   2   3   1   8  10  11   9  12  14  15  13");
}

TEST(TableCliTest, ThreeFactorsGiveOneTablePerSlice) {
  const auto r = run_tartan({"table", "turtles*ruler*twins", "--size", "2x2x3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("one table per a"));
  EXPECT_THAT(r.out, HasSubstr("a = 0:\n"));
  EXPECT_THAT(r.out, HasSubstr("a = 1:\n"));
  const auto j = run_tartan({"table", "turtles*ruler*twins", "--size", "2x2x3", "--json"});
  const auto box = nlohmann::json::parse(j.out);
  ASSERT_EQ(box.size(), 2u);
  ASSERT_EQ(box[0].size(), 2u);
  ASSERT_EQ(box[0][0].size(), 3u);
  // Turtles g = n + 1, Ruler 1 2, Twins g = n: G(1, 1, 2) = 2 ⊗ 2 ⊗ 2 = 3 ⊗ 2 = 1.
  EXPECT_EQ(box[1][1][2].get<int>(), 1);
}

TEST(TableCliTest, BadInputIsRefused) {
  struct bad {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<bad> cases = {
      {{"table", "ruler", "--size", "3x3"}, "'ruler' is a single game"},
      {{"table", "ruler*ruler", "--size", "3x4x5"}, "has 2 factors but the size 3x4x5 has 3 dimensions"},
      {{"table", "ruler*ruler", "--size", "0x3"}, "dimension 1 is 0"},
      {{"table", "ruler*ruler", "--size", "3x"}, "dimension 2 is missing"},
      {{"table", "ruler*ruler", "--size", "x3"}, "dimension 1 is missing"},
      {{"table", "ruler*ruler", "--size", "3xb"}, "is not a decimal number"},
      {{"table", "ruler*ruler", "--size", "5000000000x2"}, "too large"},
      {{"table", "ruler*ruler", "--size", "9000x9000"}, "prints at most"},
      {{"table", "ruler*ruler", "--size", "4000000000x4000000000"}, "needs more than 16 EiB, over the memory limit"},
      {{"table", "ruler*ruler", "--size", "4000x4000", "--max-memory", "1M"}, "over the memory limit of 1.0 MiB"},
      {{"table", "ruler*ruler", "--size", "4x4", "--max-memory", "lots"}, "is not a memory size"},
      {{"table", "nonsense*ruler", "--size", "3x3"}, "unknown game 'nonsense'"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[3];
    EXPECT_THAT(r.err, StartsWith("error: ")) << c.args[3];
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args[3];
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
