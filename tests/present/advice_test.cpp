// present/advice.hpp: a limit_error said in a front end's words. The expected texts are written from the figures
// given here (3 GiB is "3G" in --max-memory's syntax), not taken from tartan's output.
#include "tartan/present/advice.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace tartan::present {
namespace {

limit_figures memory_figures(std::optional<double> raise_to, bool at_least = false) {
  limit_figures f;
  f.asked = "computing 100000000 values";
  f.unit = limit_unit::bytes;
  f.estimate = 3.0 * (1ULL << 30);
  f.limit = 1 << 20;
  f.at_least = at_least;
  f.raise_to = raise_to;
  return f;
}

TEST(AdviceTest, TheWayToRaiseMemoryIsSaidInTheFrontEndsWords) {
  const limit_error e("computing 100000000 values needs about 3.0 GiB", "ask for fewer values",
                      memory_figures(3.0 * (1ULL << 30)));
  EXPECT_EQ(limit_message(e, {"raise the limit with --max-memory", ""}),
            "computing 100000000 values needs about 3.0 GiB; ask for fewer values, or raise the limit with "
            "--max-memory 3G");
  EXPECT_EQ(limit_message(e, {"start tartan explore with --max-memory", ""}),
            "computing 100000000 values needs about 3.0 GiB; ask for fewer values, or start tartan explore with "
            "--max-memory 3G");
}

TEST(AdviceTest, ALowerBoundSaysOrMore) {
  const limit_error e("p", "a", memory_figures(3.0 * (1ULL << 30), true));
  EXPECT_EQ(limit_message(e, {"raise it with --max-memory", ""}), "p; a, or raise it with --max-memory 3G or more");
}

TEST(AdviceTest, AFrontEndWithNoWayToRaiseTheLimitLeavesTheClauseOut) {
  const limit_error e("p", "a", memory_figures(3.0 * (1ULL << 30)));
  // The engine's own what() names the engine's clause; a front end without the option says only problem and advice.
  EXPECT_NE(std::string(e.what()), "p; a");
  EXPECT_EQ(limit_message(e, {"", "raise it with --max-seconds"}), "p; a");
}

TEST(AdviceTest, TimeIsRaisedInWholeSeconds) {
  limit_figures f;
  f.asked = "the search";
  f.unit = limit_unit::seconds;
  f.estimate = 150;
  f.limit = 60;
  f.raise_to = 150;
  const limit_error e("p", "", f);
  EXPECT_EQ(limit_message(e, {"--max-memory", "raise it with --max-seconds"}), "p, or raise it with --max-seconds 150");
}

TEST(AdviceTest, GivenAdviceReplacesTheEnginesAndARefusalWithoutRaiseKeepsItsClause) {
  limit_figures f = memory_figures(std::nullopt);
  const limit_error e("p", "a", f);
  EXPECT_EQ(limit_message(e, {"--max-memory", ""}, "check --coins at most 14"),
            "p; check --coins at most 14" + e.raise_clause());
  EXPECT_EQ(limit_message(e, {"--max-memory", ""}, ""), "p" + e.raise_clause());
}

}  // namespace
}  // namespace tartan::present
