// Tests for error.hpp: a limit_error carries its figures (what was asked, the estimate, the limit, what fits, how far
// to raise the limit) and words its message from them; and the engine's messages speak in the engine's terms, never
// naming a command-line flag or command (the CLI adds those from the figures).
#include "tartan/core/error.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "support/naive.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/product/grid_check.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_check.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence_limits.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

turning_game code_game(const std::string& code) { return turning_game(code, code, turning_code::parse(code)); }

tartan_game product(const std::string& a, const std::string& b) { return tartan_game({code_game(a), code_game(b)}); }

TEST(LimitErrorTest, WithoutFiguresItIsItsMessage) {
  const limit_error e("a box of size 2x2 has too many cells; give a smaller size");
  EXPECT_STREQ(e.what(), "a box of size 2x2 has too many cells; give a smaller size");
  EXPECT_EQ(e.problem(), e.what());
  EXPECT_EQ(e.advice(), "");
  EXPECT_EQ(e.raise_clause(), "");
  EXPECT_EQ(e.unit(), limit_unit::none);
  EXPECT_FALSE(e.suggestion().has_value());
  EXPECT_FALSE(e.raise_to().has_value());
}

TEST(LimitErrorTest, ItsSentenceIsTheProblemTheAdviceAndHowFarToRaise) {
  limit_figures f;
  f.asked = "the work";
  f.unit = limit_unit::bytes;
  f.estimate = 3 << 20;
  f.limit = 1 << 20;
  f.raise_to = 4 << 20;
  f.suggestion = 100;
  f.suggestion_unit = limit_unit::values;
  const limit_error e("the work needs about 3.0 MiB, over the memory limit of 1.0 MiB", "ask for fewer values", f);
  EXPECT_STREQ(e.what(),
               "the work needs about 3.0 MiB, over the memory limit of 1.0 MiB; ask for fewer values, or raise the "
               "memory limit to 4.0 MiB");
  EXPECT_EQ(e.asked(), "the work");
  EXPECT_EQ(e.raise_clause(), ", or raise the memory limit to 4.0 MiB");
  EXPECT_EQ(e.suggestion(), 100u);
  // Copies share the figures.
  const limit_error copy = e;
  EXPECT_EQ(&copy.figures(), &e.figures());
  // A lower bound says so; a time limit is worded as time.
  f.at_least = true;
  EXPECT_THAT(limit_error("p", "a", f).what(), HasSubstr("; a, or raise the memory limit to at least 4.0 MiB"));
  f.unit = limit_unit::seconds;
  f.raise_to = 150;
  EXPECT_THAT(limit_error("p", "", f).what(), HasSubstr("p, or raise the time limit to at least 2.5 min"));
}

TEST(LimitErrorTest, ProductComputationsCarryTheirFigures) {
  try {
    product("1+C", "1+C").table(box_extents{1000, 1000}, 1 << 20);
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_EQ(e.unit(), limit_unit::bytes);
    // The table (10^6 cells at 8 bytes) and the factors' sequences (2000 values at bytes_per_value each).
    EXPECT_EQ(e.estimate(), 8e6 + 2000.0 * bytes_per_value);
    EXPECT_EQ(e.limit(), 1 << 20);
    EXPECT_EQ(e.raise_to(), 8 << 20);
    EXPECT_EQ(e.advice(), "give a smaller size");
  }
  verify_options options;
  options.memory_limit = 1 << 20;
  try {
    verify_product(product("1+C", "1+C"), box_extents{1024, 1024}, options);
    FAIL();
  } catch (const limit_error& e) {
    EXPECT_EQ(e.unit(), limit_unit::bytes);
    EXPECT_GE(e.estimate(), 8 << 20);
    EXPECT_TRUE(e.raise_to().has_value());
    EXPECT_GE(*e.raise_to(), e.estimate());
  }
}

TEST(LimitErrorTest, TimeLimitErrorIsALimitErrorInSeconds) {
  double now = 0;
  pace_guard guard(10'000'000, 60, "the work", [&] { return now; });
  try {
    for (std::uint64_t n = 1; n <= 10'000'000; ++n) {
      now = static_cast<double>(n) * static_cast<double>(n) / 1e10;
      guard(n);
    }
    FAIL();
  } catch (const limit_error& e) {
    const auto& t = dynamic_cast<const time_limit_error&>(e);
    EXPECT_EQ(e.unit(), limit_unit::seconds);
    EXPECT_EQ(e.asked(), "the work");
    EXPECT_EQ(e.estimate(), t.estimate_seconds());
    EXPECT_EQ(e.limit(), 60);
    EXPECT_EQ(e.suggestion(), t.fits());
    EXPECT_EQ(e.suggestion_unit(), limit_unit::values);
    ASSERT_TRUE(e.raise_to().has_value());
    EXPECT_EQ(*e.raise_to(), std::ceil(t.estimate_seconds() * 1.25));
    EXPECT_THAT(e.what(), HasSubstr("; ask for at most about "));
    EXPECT_THAT(e.what(), HasSubstr(" values, or raise the time limit to "));
  }
}

// A message names no command-line flag ("--max-memory") and no command ("'tartan verify'").
::testing::AssertionResult speaks_engine_terms(const std::string& message) {
  if (message.find("--") != std::string::npos || message.find("'tartan ") != std::string::npos) {
    return ::testing::AssertionFailure() << message;
  }
  for (const char* command : {"verify", "games", "seq", "check", "analyze", "table", "play", "graph", "nim"}) {
    if (message.find(std::string("tartan ") + command) != std::string::npos) {
      return ::testing::AssertionFailure() << message;
    }
  }
  return ::testing::AssertionSuccess();
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

TEST(LimitErrorTest, EngineMessagesNameNoFlagsOrCommands) {
  const turning_game motley("motley", "", test::motley_rule{});
  check_limits little_memory;
  little_memory.max_memory = 1 << 10;
  const tartan_game rugs = product("1+C", "1+C");
  verify_options little;
  little.memory_limit = 1 << 20;
  const std::vector<std::function<void()>> refusals = {
      // Limits: memory, coins, edges, positions, cells, time.
      [] { check_memory(3 << 20, 1 << 20, "the table", "give a smaller size"); },
      [&] {
        rugs.table(box_extents{1000, 1000}, 1 << 20);
      },
      [&] {
        rugs.values(box_extents{1000000, 1000000}, 1 << 10);
      },
      [&] { plan_check(motley, 40); },
      [&] { plan_check(motley, 16); },
      [&] { plan_check(code_game("1-3"), 20, little_memory); },
      [&] {
        plan_tartan_grid_check(rugs, box_extents{5, 5});
      },
      [&] {
        plan_tartan_grid_check(rugs, box_extents{4, 4}, little_memory);
      },
      [&] {
        verify_product(rugs, box_extents{1024, 1024}, little);
      },
      [&] {
        verify_product(product("1+", "2"), box_extents{40, 2});
      },
      [] {
        cell_count(box_extents{std::size_t{1} << 40, std::size_t{1} << 40});
      },
      [] {
        double now = 0;
        pace_guard guard(1'000'000, 1, "the work", [&] { return now; });
        for (std::uint64_t n = 1; n <= 1'000'000; ++n) {
          now = static_cast<double>(n) * 1e-3;
          guard(n);
        }
      },
      [] { code_game("1-64").sequence(100); },
      // Parse errors of everything typed.
      [] { parse_board_size("3x"); },
      [] { parse_board_size("3х4"); },
      [] { parse_grid("HT/T"); },
      [] { parse_row("HTX"); },
      [] { parse_u64("99999999999999999999", "N"); },
      [] { parse_wide_unsigned("0x1" + std::string(40, '0'), 128, "X"); },
      [] { parse_memory_size("12Q", "memory limit"); },
      [] { turning_code::parse("3-1"); },
      [] {
        sparse_grid(box_extents{3, 3}, "5:5");
      },
  };
  for (const auto& refuse : refusals) EXPECT_TRUE(speaks_engine_terms(message_of(refuse)));
}

}  // namespace
}  // namespace tartan
