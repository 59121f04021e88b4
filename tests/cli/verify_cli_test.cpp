// Tests for `tartan verify`: the report (text and JSON), threads, no progress bar off a terminal, Ctrl-C, and bad
// input with its message and exit code.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(VerifyCliTest, RugsAgreeWithTheTheorem) {
  const auto r = run_tartan({"verify", "ruler*ruler", "--size", "64x48"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("game: ruler*ruler\n"));
  EXPECT_THAT(r.out, HasSubstr("box: 64x48 (3072 cells"));
  EXPECT_THAT(r.out, HasSubstr("checked: 3072 cells\n"));
  EXPECT_THAT(r.out, HasSubstr("mismatches: 0\n"));
  EXPECT_THAT(r.out, HasSubstr("time: "));
  EXPECT_THAT(r.out, HasSubstr("ok: every cell agrees with the Tartan theorem"));
  EXPECT_TRUE(r.err.empty()) << "no progress bar when standard error is not a terminal: " << r.err;
}

// --claimed @- names its source as standard input in the report (before: "the values of -").
// Ruler's g(0) = 1 and g(1) = 2 (g(n) is the largest power of 2 dividing n + 1), and the nim products 1x1 = 1,
// 1x2 = 2, 2x2 = 3, so the 2x2 box of ruler*ruler holds 1 2 / 2 3.
TEST(VerifyCliTest, ValuesFromStandardInputAreNamedSo) {
  const auto r = run_tartan({"verify", "ruler*ruler", "--size", "2x2", "--claimed", "@-"}, "1 2\n2 3\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("method: G from the definition (mex over every product move), compared with the values of "
                       "standard input\n"),
            std::string::npos)
      << r.out;
  const auto short_list = run_tartan({"verify", "ruler*ruler", "--size", "2x2", "--claimed", "@-"}, "1 2 2\n");
  EXPECT_EQ(short_list.exit_code, 2);
  EXPECT_EQ(short_list.err,
            "error: --claimed gives 3 values but the box has 4 cells; give G for every cell, in "
            "row-major order (the last coordinate fastest)\n");
}

TEST(VerifyCliTest, JsonReport) {
  const auto r = run_tartan({"verify", "mock-turtles*mock-turtles", "--size", "12x10", "--threads", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(tartan::test::count_lines(r.out), 1u);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "mock-turtles*mock-turtles");
  EXPECT_EQ(j["size"], nlohmann::json::array({12, 10}));
  EXPECT_EQ(j["checked"], 120);
  EXPECT_EQ(j["mismatches"], 0);
  EXPECT_EQ(j["first_mismatches"], nlohmann::json::array());
  EXPECT_TRUE(j["seconds"].is_number());
  EXPECT_EQ(j["threads"], 3);
  EXPECT_EQ(j["complete"], true);
  EXPECT_TRUE(r.err.empty());
}

TEST(VerifyCliTest, ThreeFactorBox) {
  const auto r = run_tartan({"verify", "turtles*ruler*twins", "--size", "6x7x8", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["size"], nlohmann::json::array({6, 7, 8}));
  EXPECT_EQ(j["checked"], 336);
  EXPECT_EQ(j["mismatches"], 0);
}

TEST(VerifyCliTest, TurningCodesAsFactors) {
  const auto r = run_tartan({"verify", "1-2*1+C", "--size", "9x9", "--threads", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("on 1 thread"));
}

TEST(VerifyCliTest, InterruptPrintsWhatWasCheckedAndExits130) {
  // A verification far too long to finish (a 3000x3000 box by direct mex: about 2 * 10^13 options, hours), stopped
  // with SIGINT as Ctrl-C would once its progress bar shows that it runs.
  const auto r = tartan::test::run_tartan_interrupted_when(
      {"verify", "ruler*ruler", "--size", "3000x3000", "--threads", "1"}, tartan::test::progress_bar_drawn("verifying"),
      tartan::test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << r.err;
  const std::string& out = r.out;
  EXPECT_THAT(out, HasSubstr("of 9000000 (interrupted)"));
  EXPECT_THAT(out, HasSubstr("mismatches: 0"));
  EXPECT_THAT(r.err, HasSubstr("interrupted: "));
}

TEST(VerifyCliTest, BadInputIsRefused) {
  struct bad {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<bad> cases = {
      {{"verify", "ruler*ruler", "--size", "3x4x5"}, "has 2 factors but the size 3x4x5 has 3 dimensions"},
      {{"verify", "ruler*ruler*ruler", "--size", "3x4"}, "has 3 factors but the size 3x4 has 2 dimensions"},
      {{"verify", "ruler", "--size", "3x4"}, "'ruler' is a single game"},
      {{"verify", "ruler*ruler", "--size", "0x4"}, "dimension 1 is 0"},
      {{"verify", "ruler*ruler", "--size", "4"}, "at least two dimensions"},
      {{"verify", "ruler*ruler", "--size", "4x4", "--threads", "0"}, "--threads must be at least 1"},
      {{"verify", "ruler*ruler", "--size", "4x4", "--threads", "two"}, "--threads"},
      {{"verify", "ruler*ruler", "--size", "100000x100000"}, "over the limit of"},
      {{"verify", "ruler*ruler", "--size", "2000x2000", "--max-memory", "1M"}, "over the limit of 1.0 MiB"},
      {{"verify", "motley*twins", "--size", "65x2"}, "does not fit in 64 bits"},
      {{"verify", "motley*twins", "--size", "40x2"}, "out of reach: motley has more than"},
      {{"verify", "1-*ruler", "--size", "3x3"}, "turning code"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[1] << " " << c.args[3];
    EXPECT_THAT(r.err, StartsWith("error: ")) << c.args[3];
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args[1] << " " << c.args[3];
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
