// Tests for `tartan verify`: the report (text and JSON), threads, no progress bar off a terminal, Ctrl-C, and bad
// input with its message and exit code.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"
#include "support/temporary_dir.hpp"

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
      {"verify", "ruler*ruler", "--size", "3000x3000", "--threads", "1", "--max-seconds", "0"},
      tartan::test::progress_bar_drawn("verifying"), tartan::test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << r.err;
  const std::string& out = r.out;
  EXPECT_THAT(out, HasSubstr("of 9000000 (interrupted)"));
  EXPECT_THAT(out, HasSubstr("mismatches: 0"));
  EXPECT_THAT(r.err, HasSubstr("interrupted: "));
}

TEST(VerifyCliTest, InterruptKeepsACorrectPartialReport) {
  // Given values all 0 for a 2000x2000 Rugs box, whose direct computation takes hours (about 4 · 10^12 option
  // values): G = g(a) ⊗ g(b) is never 0 (Ruler's values are powers of 2, and a field has no zero divisors), so every
  // cell checked is a mismatch, and on one thread the first ones are row 0 in order, where the definition gives
  // G(0, b) = mex over the runs T ending at b of the XOR of G(0, t), t in T without b (coin 0's one move is {0}).
  const tartan::test::temporary_dir dir;
  const std::string zeros = dir.file("zeros.txt");
  {
    std::ofstream out(zeros);
    out << "# G claimed 0 everywhere\n";
    for (int i = 0; i < 2000 * 2000; ++i) out << "0\n";
  }
  const auto r = tartan::test::run_tartan_interrupted_when(
      {"verify", "ruler*ruler", "--size", "2000x2000", "--threads", "1", "--max-seconds", "0", "--claimed", "@" + zeros,
       "--limit", "20", "--json"},
      tartan::test::progress_bar_drawn("verifying"), tartan::test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["complete"], false);
  EXPECT_FALSE(j.contains("stopped")) << "Ctrl-C is not the time limit";
  const std::uint64_t checked = j["checked"];
  EXPECT_GT(checked, 0u);
  EXPECT_LT(checked, 4000000u);
  EXPECT_EQ(j["mismatches"], checked);
  std::vector<std::uint64_t> row0(20, 0);
  for (std::size_t b = 0; b < row0.size(); ++b) {
    std::vector<std::uint64_t> options;
    for (std::size_t s = 0; s <= b; ++s) {
      std::uint64_t x = 0;
      for (std::size_t t = s; t < b; ++t) x ^= row0[t];
      options.push_back(x);
    }
    while (std::find(options.begin(), options.end(), row0[b]) != options.end()) ++row0[b];
  }
  const auto& listed = j["first_mismatches"];
  ASSERT_EQ(listed.size(), std::min<std::uint64_t>(checked, 20));
  for (std::size_t i = 0; i < listed.size(); ++i) {
    EXPECT_EQ(listed[i]["cell"], nlohmann::json::array({0, i}));
    EXPECT_EQ(listed[i]["direct"], row0[i]) << "cell (0, " << i << ")";
    EXPECT_EQ(listed[i]["given"], 0);
  }
  EXPECT_EQ(r.err, "interrupted: " + std::to_string(checked) + " of 4000000 cells were checked before the stop\n");
}

TEST(VerifyCliTest, TimeLimitRefusesFromTheCallCount) {
  // Kayles x Dawson's Kayles on 3000x3000 calls a factor's option values about 6.7 · 10^9 times: over 1 s at 1 ns a
  // call on one thread, on any machine, so it is refused at once, before any of the direct computation.
  const auto r = run_tartan({"verify", "0.77*0.07", "--size", "3000x3000", "--max-seconds", "1", "--threads", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, StartsWith("error: a direct computation of '0.77*0.07' over 3000x3000 calls a factor's option "
                                "values at least "));
  EXPECT_THAT(r.err, HasSubstr(" on 1 thread even at 1 ns a call, over the time limit of 1 s; give a smaller size, "
                               "or raise the limit with --max-seconds "));
  EXPECT_THAT(r.err, HasSubstr(" or more\n"));
  EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(VerifyCliTest, TimeLimitIsHonouredOnEveryCore) {
  // The same boxes on every core and with the default limit: refused from the call count, or stopped within about
  // a second by the pace measured, or at the limit; what was checked is then printed, never as verified.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"verify", "ruler*ruler", "--size", "3000x3000", "--max-seconds", "1"},
        std::vector<std::string>{"verify", "0.77*0.07", "--size", "3000x3000"},
        std::vector<std::string>{"verify", "0.77*0.07", "--size", "3000x3000", "--json"}}) {
    const auto r = run_tartan(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << ": " << r.err;
    EXPECT_THAT(r.err, StartsWith("error: "));
    EXPECT_THAT(r.err, HasSubstr("time limit of "));
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.out.find("ok:"), std::string::npos) << r.out;
    if (r.out.empty()) continue;  // refused before the work
    if (args.back() == "--json") {
      const auto j = nlohmann::json::parse(r.out);
      EXPECT_EQ(j["complete"], false);
      EXPECT_THAT(j["stopped"].get<std::string>(), HasSubstr("time limit of "));
      EXPECT_LT(j["checked"].get<std::uint64_t>(), 9000000u);
    } else {
      EXPECT_THAT(r.out, HasSubstr(" of 9000000 (stopped at the time limit)\n"));
      EXPECT_THAT(r.err, HasSubstr(" of 9000000 cells were checked, none beyond; "));
    }
  }
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
