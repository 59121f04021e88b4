// Tests for grid_check.hpp: explicit game graphs of small boards against the Tartan theorem, for every pair of
// built-in games; wrong tables caught; large boards refused with what fits.
#include "tartan/product/grid_check.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

tartan_game product(std::string_view name) { return tartan_game(games::find_factors(name)); }

TEST(GridCheckTest, EveryPairOfBuiltinGamesOnThreeByFour) {
  const auto builtins = games::builtin_games();
  ASSERT_GE(builtins.size(), 16u);
  for (const auto& a : builtins) {
    for (const auto& b : builtins) {
      const tartan_game game({games::find_game(a.name), games::find_game(b.name)});
      const grid_check_report report = check_tartan_grid(game, box_extents{3, 4});
      EXPECT_EQ(report.positions, 4096u) << game.name();
      EXPECT_TRUE(report.passed()) << game.name() << ": " << report.mismatches << " mismatches";
    }
  }
}

TEST(GridCheckTest, FourByFourBoards) {
  for (const char* name :
       {"ruler*mock-turtles", "twins*twins", "motley*turtles", "mock-turtles*mock-turtles", "ap*sym"}) {
    const grid_check_report report = check_tartan_grid(product(name), box_extents{4, 4});
    EXPECT_EQ(report.positions, 65536u) << name;
    EXPECT_TRUE(report.passed()) << name;
  }
}

TEST(GridCheckTest, EdgeCountFollowsTheMoveCounts) {
  // Rugs on 3×4: Ruler has n + 1 moves from coin n, so E = 2^11 · (1+2+3) · (1+2+3+4).
  const grid_check_plan plan = plan_tartan_grid_check(product("ruler*ruler"), box_extents{3, 4});
  EXPECT_EQ(plan.positions, 4096u);
  EXPECT_EQ(plan.edges, 2048u * 6u * 10u);
  const grid_check_report report = check_tartan_grid(product("ruler*ruler"), box_extents{3, 4});
  EXPECT_EQ(report.edges, plan.edges);
}

TEST(GridCheckTest, ThreeFactorBoxes) {
  for (const char* name : {"turtles*ruler*twins", "mock-turtles*twins*ruler"}) {
    const grid_check_report report = check_tartan_grid(product(name), box_extents{2, 3, 3});
    EXPECT_EQ(report.positions, 1u << 18) << name;
    EXPECT_TRUE(report.passed()) << name;
  }
}

TEST(GridCheckTest, WrongTableIsCaught) {
  // Turning Corners with a ⊕ b instead of a ⊗ b: G(1, 1) = 1 but 1 ⊕ 1 = 0, and more.
  const tartan_game corners = product("twins*twins");
  std::vector<grundy_value> xor_table;
  for (coin a = 0; a < 3; ++a) {
    for (coin b = 0; b < 3; ++b) xor_table.push_back(a ^ b);
  }
  const grid_check_report report = check_tartan_grid(corners, box_extents{3, 3}, xor_table);
  EXPECT_FALSE(report.passed());
  ASSERT_FALSE(report.first_mismatches.empty());
  // The first mismatch in bitmask order is the single heads coin (0, 1): a terminal position (Twins has no move
  // from coin 0, so neither has the product), value 0 on the graph, 0 ⊕ 1 = 1 in the table.
  const grid_check_mismatch& m = report.first_mismatches[0];
  EXPECT_EQ(m.position.heads, (std::vector<std::vector<coin>>{{0, 1}}));
  EXPECT_EQ(m.graph_value, 0u);
  EXPECT_EQ(m.xor_value, 1u);
}

TEST(GridCheckTest, BigBoardsAreRefusedSayingWhatFits) {
  try {
    check_tartan_grid(product("ruler*ruler"), box_extents{5, 5});
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("2^25 positions, over the limit of 2^24"));
    EXPECT_THAT(e.what(), HasSubstr("boards up to 4x5 (20 coins) fit"));
    // The board that fits as a figure, for a front end to point elsewhere for larger ones.
    EXPECT_EQ(e.unit(), limit_unit::positions);
    EXPECT_EQ(e.estimate(), 1 << 25);
    EXPECT_EQ(e.limit(), 1 << 24);
    EXPECT_EQ(e.suggestion(), 20u);
    EXPECT_EQ(e.suggestion_unit(), limit_unit::cells);
  }
  try {
    check_tartan_grid(product("motley*motley"), box_extents{4, 6});
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("moves, over the limit of 500000000"));
  }
  EXPECT_THROW(check_tartan_grid(product("ruler*ruler"), box_extents{100000, 100000}), limit_error);
  EXPECT_THROW(check_tartan_grid(product("ruler*ruler"), box_extents{3, 3, 3}), parse_error);
}

TEST(GridCheckTest, ShortTableIsRefused) {
  EXPECT_THROW(check_tartan_grid(product("ruler*ruler"), box_extents{3, 3}, std::vector<grundy_value>(8, 0)), error);
}

}  // namespace
}  // namespace tartan
