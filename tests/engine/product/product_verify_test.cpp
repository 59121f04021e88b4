// Tests for product_verify.hpp: the direct computation against a definition written here, against the naive
// baseline, and the Tartan theorem over every pair of built-in games; injected wrong theorems are caught.
#include "tartan/product/product_verify.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

tartan_game product(std::string_view name) { return tartan_game(games::find_factors(name)); }

/// Moves of a game from coin c, each with c itself appended.
std::vector<std::vector<coin>> moves_of(const turning_game& game, coin c) {
  std::vector<std::vector<coin>> moves;
  game.for_each_move(c, [&](std::span<const coin> others) {
    moves.emplace_back(others.begin(), others.end());
    moves.back().push_back(c);
    return true;
  });
  return moves;
}

/// G of A×B over R×C by the definition, written independently of the engine: for every cell, every pair of a move
/// of A and a move of B, the XOR of G over S×T without the corner; then the mex.
std::vector<grundy_value> definition_table(const turning_game& a_game, const turning_game& b_game, std::size_t rows,
                                           std::size_t cols) {
  std::vector<grundy_value> g(rows * cols, 0);
  for (coin a = 0; a < rows; ++a) {
    const auto row_moves = moves_of(a_game, a);
    for (coin b = 0; b < cols; ++b) {
      const auto col_moves = moves_of(b_game, b);
      std::vector<grundy_value> options;
      for (const auto& s : row_moves) {
        for (const auto& t : col_moves) {
          grundy_value x = 0;
          for (const coin i : s) {
            for (const coin j : t) {
              if (i != a || j != b) x ^= g[i * cols + j];
            }
          }
          options.push_back(x);
        }
      }
      grundy_value m = 0;
      while (std::find(options.begin(), options.end(), m) != options.end()) ++m;
      g[a * cols + b] = m;
    }
  }
  return g;
}

TEST(ProductVerifyTest, RugsFromTheDefinitionIsTheTheorem) {
  // Rugs (Winning Ways ch. 14): Ruler × Ruler; its 8×8 table from the definition equals ruler(a) ⊗ ruler(b).
  const tartan_game rugs = product("ruler*ruler");
  const auto expected = definition_table(rugs.factor(0), rugs.factor(1), 8, 8);
  const direct_table direct = direct_product_values(rugs, box_extents{8, 8});
  EXPECT_TRUE(direct.complete);
  EXPECT_EQ(direct.values, expected);
  EXPECT_EQ(rugs.table(box_extents{8, 8}), expected);
}

TEST(ProductVerifyTest, MockTurtlesSquaredFromTheDefinition) {
  // (Mock Turtles)² on 5×6, Ferguson's Game Theory Part I §5.4 example, computed here from the definition.
  const tartan_game game = product("mock-turtles*mock-turtles");
  const auto expected = definition_table(game.factor(0), game.factor(1), 5, 6);
  EXPECT_EQ(direct_product_values(game, box_extents{5, 6}).values, expected);
  EXPECT_EQ(game.table(box_extents{5, 6}), expected);
  // The corner value: g(0) = 1 and 1 is the identity of ⊗, so the first row is Mock Turtles itself (A000069).
  EXPECT_EQ(std::vector<grundy_value>(expected.begin(), expected.begin() + 6),
            (std::vector<grundy_value>{1, 2, 4, 7, 8, 11}));
}

TEST(ProductVerifyTest, DirectMatchesDefinitionOnMixedPairs) {
  for (const char* name : {"turtles*ruler", "twins*mock-turtles", "ruler*twins", "motley*turtles", "ap*ruler",
                           "grunt*twins", "turnips*sym"}) {
    const tartan_game game = product(name);
    EXPECT_EQ(direct_product_values(game, box_extents{6, 7}).values,
              definition_table(game.factor(0), game.factor(1), 6, 7))
        << name;
  }
}

TEST(ProductVerifyTest, DirectMatchesNaiveBaseline) {
  for (const char* name : {"ruler*mock-turtles", "twins*twins", "turtles*ruler*twins", "mock-turtles*twins*turtles"}) {
    const tartan_game game = product(name);
    box_extents box(game.dimensions(), game.dimensions() == 2 ? 7 : 4);
    EXPECT_EQ(direct_product_values(game, box).values, naive_product_values(game, box)) << name;
  }
}

TEST(ProductVerifyTest, NoMismatchForEveryPairOfBuiltinGames) {
  const auto builtins = games::builtin_games();
  ASSERT_GE(builtins.size(), 16u);
  std::size_t pairs = 0;
  for (const auto& a : builtins) {
    for (const auto& b : builtins) {
      const tartan_game game({games::find_game(a.name), games::find_game(b.name)});
      const verify_report report = verify_product(game, box_extents{7, 7});
      EXPECT_EQ(report.checked, 49u) << game.name();
      EXPECT_EQ(report.mismatches, 0u) << game.name();
      ++pairs;
    }
  }
  EXPECT_EQ(pairs, builtins.size() * builtins.size());
}

TEST(ProductVerifyTest, NoMismatchOnThreeFactorBoxes) {
  for (const char* name :
       {"turtles*ruler*twins", "mock-turtles*mock-turtles*ruler", "twins*twins*twins", "ruler*ruler*ruler*ruler"}) {
    const tartan_game game = product(name);
    box_extents box(game.dimensions(), game.dimensions() == 3 ? 6 : 4);
    const verify_report report = verify_product(game, box);
    EXPECT_EQ(report.checked, cell_count(box)) << name;
    EXPECT_EQ(report.mismatches, 0u) << name;
  }
}

TEST(ProductVerifyTest, XorInsteadOfNimProductIsCaught) {
  // Turning Corners with a wrong "theorem" G(a, b) = a ⊕ b: the direct values are the nim products.
  const tartan_game corners = product("twins*twins");
  verify_options options;
  options.listed_mismatches = 3;
  options.expected = [](std::span<const coin>, std::span<const grundy_value> g) { return g[0] ^ g[1]; };
  const verify_report report = verify_product(corners, box_extents{4, 4}, options);
  EXPECT_EQ(report.checked, 16u);
  // Twins has g(0) = 0, so G = 0 on row and column 0 while a ⊕ b is not (except at (0, 0)). The number of
  // mismatches is counted from the definition.
  std::uint64_t expected_mismatches = 0;
  const auto definition = definition_table(corners.factor(0), corners.factor(1), 4, 4);
  for (coin a = 0; a < 4; ++a) {
    for (coin b = 0; b < 4; ++b) expected_mismatches += definition[a * 4 + b] != (a ^ b);
  }
  EXPECT_EQ(report.mismatches, expected_mismatches);
  ASSERT_EQ(report.first_mismatches.size(), 3u);
  EXPECT_EQ(report.first_mismatches[0], (cell_mismatch{{0, 1}, 0, 1}));
  EXPECT_EQ(report.first_mismatches[1], (cell_mismatch{{0, 2}, 0, 2}));
  EXPECT_EQ(report.first_mismatches[2], (cell_mismatch{{0, 3}, 0, 3}));
}

TEST(ProductVerifyTest, OneWrongCellIsCaughtWithBothValues) {
  const tartan_game rugs = product("ruler*ruler");
  verify_options options;
  options.expected = [](std::span<const coin> cell, std::span<const grundy_value> g) {
    return nim_product_of(g) ^ (cell[0] == 5 && cell[1] == 3 ? 1 : 0);
  };
  const verify_report report = verify_product(rugs, box_extents{8, 8}, options);
  EXPECT_EQ(report.mismatches, 1u);
  ASSERT_EQ(report.first_mismatches.size(), 1u);
  const cell_mismatch& m = report.first_mismatches[0];
  EXPECT_EQ(m.cell, (std::vector<coin>{5, 3}));
  // ruler(5) = 2, ruler(3) = 4: 2 ⊗ 4 = 8 (A223541 T(1,2)).
  EXPECT_EQ(m.direct, 8u);
  EXPECT_EQ(m.expected, 9u);
}

TEST(ProductVerifyTest, AnyThreadCountGivesTheSameTable) {
  const tartan_game game = product("mock-turtles*ruler");
  verify_options one;
  one.threads = 1;
  const auto reference = direct_product_values(game, box_extents{20, 24}, one).values;
  for (unsigned threads : {2u, 3u, 5u, 8u, 40u}) {
    verify_options options;
    options.threads = threads;
    EXPECT_EQ(direct_product_values(game, box_extents{20, 24}, options).values, reference) << threads;
  }
  const tartan_game three = product("turtles*ruler*twins");
  one.threads = 1;
  const auto reference3 = direct_product_values(three, box_extents{5, 6, 7}, one).values;
  verify_options four;
  four.threads = 4;
  EXPECT_EQ(direct_product_values(three, box_extents{5, 6, 7}, four).values, reference3);
}

TEST(ProductVerifyTest, AnyInnerFactorGivesTheSameTable) {
  // The computation may run with any factor innermost (axes permuted, values laid back out): same table.
  const tartan_game game = product("ruler*mock-turtles*turtles");
  const box_extents box{5, 6, 7};
  const auto expected = naive_product_values(game, box);
  for (std::size_t inner = 0; inner < 3; ++inner) {
    verify_options options;
    options.inner_factor = inner;
    const direct_table t = direct_product_values(game, box, options);
    EXPECT_TRUE(t.complete);
    EXPECT_EQ(t.values, expected) << inner;
    EXPECT_EQ(t.computed, std::vector<std::size_t>(30, 7)) << inner;
  }
  verify_options bad;
  bad.inner_factor = 3;
  EXPECT_THROW(direct_product_values(game, box, bad), error);
}

TEST(ProductVerifyTest, StoppedPermutedComputationReportsAPrefix) {
  // Stopped early with the first factor innermost: the cells reported as computed are right, and each row's
  // computed cells are a prefix.
  const tartan_game game = product("mock-turtles*ruler");
  verify_options options;
  options.inner_factor = 0;
  options.threads = 1;
  options.progress = [](double) { return false; };
  const direct_table t = direct_product_values(game, box_extents{400, 400}, options);
  ASSERT_FALSE(t.complete);
  const std::vector<grundy_value> theorem = game.table(box_extents{400, 400});
  std::size_t computed = 0;
  for (std::size_t r = 0; r < 400; ++r) {
    for (std::size_t b = 0; b < t.computed[r]; ++b) EXPECT_EQ(t.values[r * 400 + b], theorem[r * 400 + b]);
    computed += t.computed[r];
  }
  EXPECT_GT(computed, 0u);
}

TEST(ProductVerifyTest, ProgressReportsAndCanStop) {
  const tartan_game game = product("ruler*ruler");
  verify_options options;
  options.threads = 2;
  std::vector<double> seen;
  options.progress = [&](double fraction) {
    seen.push_back(fraction);
    return false;  // stop at the first report
  };
  const verify_report report = verify_product(game, box_extents{512, 512}, options);
  if (!report.complete) {
    EXPECT_LT(report.checked, 512u * 512u);
    EXPECT_EQ(report.mismatches, 0u);  // the cells computed before stopping are right
  }
  EXPECT_FALSE(seen.empty());
  for (const double f : seen) {
    EXPECT_GE(f, 0.0);
    EXPECT_LE(f, 1.0);
  }

  verify_options to_the_end;
  double last = -1;
  to_the_end.progress = [&](double fraction) {
    last = fraction;
    return true;
  };
  EXPECT_TRUE(verify_product(game, box_extents{16, 16}, to_the_end).complete);
  EXPECT_EQ(last, 1.0);
}

TEST(ProductVerifyTest, CallCountIsTheLeastOverTheFactorOrders) {
  // Ruler has c + 1 moves from coin c (a run of 1 to c + 1 coins ending at c), counted at every coin of an axis of
  // at most 1024: ruler innermost on the 40-coin axis makes Σ_{a<30} (a + 1) · 40 = 465 · 40 calls, the other order
  // Σ_{b<40} (b + 1) · 30 = 820 · 30.
  EXPECT_EQ(direct_call_count(product("ruler*ruler"), box_extents{30, 40}), 465.0 * 40);
  // Twins turns exactly two coins: c moves from c (none from 0), so 28 · 29 / 2 · 40 against 39 · 40 / 2 · 29.
  EXPECT_EQ(direct_call_count(product("twins*twins"), box_extents{29, 40}), std::min(406.0 * 40, 780.0 * 29));
  // Three factors: every order but the innermost multiplies the others' sums.
  EXPECT_EQ(direct_call_count(product("ruler*ruler*ruler"), box_extents{4, 5, 6}),
            std::min({10.0 * 15 * 6, 10.0 * 21 * 5, 15.0 * 21 * 4}));
}

TEST(ProductVerifyTest, TimeLimitRefusesFromTheCallCountBeforeAnyWork) {
  // 3000x3000 Rugs makes at least 1.35 · 10^10 calls of option_values: past 1 s at 1 ns a call on one thread, on
  // any machine, so the refusal comes before the direct computation starts, with the call count in the message.
  const tartan_game rugs = product("ruler*ruler");
  verify_options options;
  options.threads = 1;
  options.max_seconds = 1;
  try {
    static_cast<void>(verify_product(rugs, box_extents{3000, 3000}, options));
    FAIL() << "not refused";
  } catch (const time_limit_error& e) {
    EXPECT_THAT(std::string(e.what()),
                HasSubstr("a direct computation of 'ruler*ruler' over 3000x3000 calls a factor's option values at "
                          "least "));
    EXPECT_THAT(std::string(e.what()), HasSubstr("on 1 thread even at 1 ns a call, over the time limit of 1 s"));
    EXPECT_TRUE(e.figures().at_least);
    EXPECT_GE(e.estimate_seconds(), direct_call_count(rugs, box_extents{3000, 3000}) * min_seconds_per_call);
    EXPECT_GT(e.estimate_seconds(), 13.0);
  }
  // With no limit, or a limit above the bound, nothing is refused (a small box finishes).
  options.max_seconds = 60;
  EXPECT_TRUE(verify_product(rugs, box_extents{32, 32}, options).complete);
}

/// The clock of a run that reads `before` until the first progress report, then `after`: a time limit tested
/// without waiting for it. The report comes after the direct computation has run about 0.1 s.
struct stepped_clock {
  double before = 0;
  double after = 0;
  std::shared_ptr<std::atomic<bool>> reported = std::make_shared<std::atomic<bool>>(false);
  void arm(verify_options& options) const {
    auto flag = reported;
    options.clock = [flag, b = before, a = after] { return flag->load() ? a : b; };
    options.progress = [flag](double) {
      flag->store(true);
      return true;
    };
  }
};

/// Options for a one-thread verification under `max_seconds`, timed by `clock`.
verify_options one_thread_within(double max_seconds, const stepped_clock& clock) {
  verify_options options;
  options.threads = 1;
  options.max_seconds = max_seconds;
  clock.arm(options);
  return options;
}

TEST(ProductVerifyTest, TimeLimitReachedStopsWithThePartialReport) {
  // Rugs on 3000x3000 takes hours; a limit of 10^6 s passes the call count, and the clock jumps past the limit at
  // the first progress report: the run stops there and reports the cells computed, a row-major prefix on one
  // thread. A wrong "theorem" at a few cells shows that exactly the cells of that prefix were compared.
  const tartan_game rugs = product("ruler*ruler");
  verify_options options = one_thread_within(1e6, stepped_clock{0, 2e6});
  const std::vector<std::size_t> wrong{5, 2999, 3000 + 7, 2 * 3000 + 11, 8999999};
  options.expected = [&](std::span<const coin> cell, std::span<const grundy_value> values) {
    const std::size_t index = cell[0] * std::size_t{3000} + cell[1];
    const grundy_value theorem = nim_mul(values[0], values[1]);
    return std::find(wrong.begin(), wrong.end(), index) != wrong.end() ? theorem ^ 1 : theorem;
  };
  const verify_report report = verify_product(rugs, box_extents{3000, 3000}, options);
  EXPECT_FALSE(report.complete);
  EXPECT_EQ(report.stopped, search_end::time_limit);
  EXPECT_THAT(report.where, HasSubstr("the direct computation stopped at the time limit of "));
  EXPECT_GT(report.checked, 0u);
  EXPECT_LT(report.checked, 9000000u);
  const auto within = static_cast<std::uint64_t>(
      std::count_if(wrong.begin(), wrong.end(), [&](std::size_t index) { return index < report.checked; }));
  EXPECT_EQ(report.mismatches, within);
  for (const cell_mismatch& m : report.first_mismatches) {
    EXPECT_LT(m.cell[0] * std::size_t{3000} + m.cell[1], report.checked);
    EXPECT_EQ(m.direct ^ 1, m.expected);
  }
}

// The same stop with the first factor innermost (the axes permuted): the direct computation goes column by column,
// so it has computed the first c columns of every row and column c of the first x rows, and the report compares each
// row's computed prefix: checked = 3000·c + x, and a wrong cell counts exactly when it lies among those cells. (With
// the order left to the engine, Rugs keeps its own whatever the timing: its two factors are the same rule.)
TEST(ProductVerifyTest, TimeLimitWithAxesPermutedCountsOnlyTheCellsCompared) {
  const tartan_game rugs = product("ruler*ruler");
  verify_options options = one_thread_within(1e6, stepped_clock{0, 2e6});
  options.inner_factor = 0;
  const std::vector<std::size_t> wrong{5, 2999, 3000 + 0, 3000 + 7, 2 * 3000 + 1, 8999999};
  options.expected = [&](std::span<const coin> cell, std::span<const grundy_value> values) {
    const std::size_t index = cell[0] * std::size_t{3000} + cell[1];
    const grundy_value theorem = nim_mul(values[0], values[1]);
    return std::find(wrong.begin(), wrong.end(), index) != wrong.end() ? theorem ^ 1 : theorem;
  };
  const verify_report report = verify_product(rugs, box_extents{3000, 3000}, options);
  EXPECT_FALSE(report.complete);
  EXPECT_EQ(report.stopped, search_end::time_limit);
  ASSERT_GT(report.checked, 0u);
  const std::uint64_t columns = report.checked / 3000, rows_of_next = report.checked % 3000;
  const auto compared = [&](std::size_t row, std::size_t column) {
    return column < columns || (column == columns && row < rows_of_next);
  };
  const auto within = static_cast<std::uint64_t>(std::count_if(
      wrong.begin(), wrong.end(), [&](std::size_t index) { return compared(index / 3000, index % 3000); }));
  EXPECT_EQ(report.mismatches, within);
  for (const cell_mismatch& m : report.first_mismatches) EXPECT_TRUE(compared(m.cell[0], m.cell[1]));
}

TEST(ProductVerifyTest, PaceProjectedPastTheLimitStops) {
  // At the first report the clock reads 0.6 s, past pace_guard::min_measured_seconds, with a tiny fraction of the
  // work done (the box takes hours): the projection is far over 50 s, and the run stops saying so.
  const verify_report report =
      verify_product(product("ruler*ruler"), box_extents{3000, 3000}, one_thread_within(50, stepped_clock{0, 0.6}));
  EXPECT_FALSE(report.complete);
  EXPECT_EQ(report.stopped, search_end::time_limit);
  EXPECT_THAT(report.where, HasSubstr("the direct computation would take about "));
  EXPECT_THAT(report.where, HasSubstr(" at the pace measured ("));
  EXPECT_THAT(report.where, HasSubstr(" of its work in 600 ms), over the time limit of 50 s"));
  EXPECT_EQ(report.mismatches, 0u);
}

TEST(ProductVerifyTest, CancelledRunSaysNoTimeLimit) {
  verify_options options;
  options.threads = 1;
  options.max_seconds = 1e6;
  options.progress = [](double) { return false; };
  const verify_report report = verify_product(product("ruler*ruler"), box_extents{3000, 3000}, options);
  EXPECT_FALSE(report.complete);
  EXPECT_EQ(report.stopped, search_end::cancelled);
  EXPECT_TRUE(report.where.empty());
}

TEST(ProductVerifyTest, MemoryIsEstimatedBeforeAllocating) {
  const tartan_game rugs = product("ruler*ruler");
  const std::uint64_t estimate = verify_memory_estimate(rugs, box_extents{256, 256}, 2);
  EXPECT_GE(estimate, 256u * 256u * 8u);
  EXPECT_LT(estimate, 64u << 20);
  verify_options options;
  options.memory_limit = 1 << 20;
  try {
    verify_product(rugs, box_extents{1024, 1024}, options);
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("would need about"));
    EXPECT_THAT(e.what(), HasSubstr("over the limit of 1.0 MiB"));
  }
  // Far beyond the machine: refused by default, without trying.
  EXPECT_THROW(verify_product(rugs, box_extents{1u << 20, 1u << 20}), limit_error);
  // A game with exponentially many moves per coin: the move count alone is too large.
  EXPECT_THROW(verify_product(product("motley*twins"), box_extents{60, 4}), limit_error);
}

TEST(ProductVerifyTest, FactorOverflowIsReportedByTheFactor) {
  EXPECT_THROW(verify_product(product("motley*twins"), box_extents{65, 2}), overflow_error);
}

TEST(ProductVerifyTest, BadBoxesAreRefused) {
  EXPECT_THROW(verify_product(product("ruler*ruler"), box_extents{3, 4, 5}), parse_error);
  EXPECT_THROW(verify_product(product("ruler*ruler*ruler"), box_extents{3, 4}), parse_error);
  EXPECT_THROW(verify_product(product("ruler*ruler"), box_extents{0, 4}), parse_error);
}

TEST(ProductVerifyTest, OneByOneAndThinBoxes) {
  for (const box_extents& box : {box_extents{1, 1}, box_extents{1, 40}, box_extents{40, 1}}) {
    const verify_report report = verify_product(product("mock-turtles*ruler"), box);
    EXPECT_EQ(report.checked, box[0] * box[1]);
    EXPECT_EQ(report.mismatches, 0u);
  }
}

}  // namespace
}  // namespace tartan
