// tartan check GAME --coins N: passes for the built-in games, catches a wrong table (exit 1), refuses what it
// cannot build and every bad input (exit 2).
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/background_cli.hpp"
#include "support/naive.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;

TEST(CheckCliTest, PassesForEveryBuiltInGame) {
  const auto list = run_tartan({"games", "--json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const auto games = nlohmann::json::parse(list.out);
  const auto& entries = games.is_array() ? games : games.at("games");
  ASSERT_GE(entries.size(), 16u);
  for (const auto& entry : entries) {
    const std::string name = entry.at("name");
    const auto r = run_tartan({"check", name, "--coins", "9"});
    EXPECT_EQ(r.exit_code, 0) << name << ": " << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("positions checked: 512\n")) << name;
    EXPECT_THAT(r.out, HasSubstr("mismatches: 0\n")) << name;
  }
}

TEST(CheckCliTest, JsonCountsPositionsAndMoves) {
  const auto r = run_tartan({"check", "mock-turtles", "--coins", "12", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("game"), "mock-turtles");
  EXPECT_EQ(json.at("code"), "1-3");
  EXPECT_EQ(json.at("coins"), 12);
  EXPECT_EQ(json.at("positions"), 4096);
  // Each coin is heads in half the positions; count its moves from the definition (turn 1 to 3 coins).
  std::uint64_t moves = 0;
  for (tartan::coin n = 0; n < 12; ++n) moves += tartan::test::moves_from(tartan::test::k_coins{1, 3}, n).size();
  EXPECT_EQ(json.at("edges").get<std::uint64_t>(), 2048 * moves);
  EXPECT_EQ(json.at("mismatches"), 0);
  EXPECT_EQ(json.at("passed"), true);
  EXPECT_TRUE(json.at("first_mismatches").empty());
}

TEST(CheckCliTest, TurningCodesAndSixteenCoins) {
  const auto r = run_tartan({"check", "1-3", "--coins", "16"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("positions checked: 65536\n"));
  const auto ruler = run_tartan({"check", "ruler", "--coins", "16"});
  EXPECT_EQ(ruler.exit_code, 0) << ruler.err;
}

TEST(CheckCliTest, WrongValuesAreCaughtWithExitOne) {
  // Mock Turtles has g(3) = 7 (OEIS A000069); claim 8 instead.
  const std::vector<std::uint64_t> claimed{1, 2, 4, 8, 8};
  const auto r = run_tartan({"check", "mock-turtles", "--coins", "5", "--claimed", "1,2,4,8,8", "--json"});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("passed"), false);
  // The mismatches are the positions whose value by brute force differs from the XOR of the claimed table.
  tartan::test::brute_force<tartan::test::k_coins> brute(tartan::test::k_coins{1, 3}, 5);
  std::uint64_t expected = 0;
  std::string first;
  for (std::uint32_t p = 0; p < 32; ++p) {
    std::uint64_t x = 0;
    for (int c = 0; c < 5; ++c) {
      if (p >> c & 1) x ^= claimed[c];
    }
    if (x == brute.value(p)) continue;
    ++expected;
    if (first.empty()) {
      for (int c = 0; c < 5; ++c) first += (p >> c & 1) ? 'H' : 'T';
    }
  }
  EXPECT_EQ(json.at("mismatches").get<std::uint64_t>(), expected);
  EXPECT_EQ(json.at("first_mismatches").at(0).at("position"), first);
  EXPECT_EQ(json.at("first_mismatches").at(0).at("graph_value"), 7);
  EXPECT_EQ(json.at("first_mismatches").at(0).at("xor_value"), 8);

  const auto text = run_tartan({"check", "mock-turtles", "--coins", "5", "--claimed", "1,2,4,8,8"});
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_THAT(text.out, HasSubstr("mismatches: " + std::to_string(expected) + "\n"));
  EXPECT_THAT(text.out, HasSubstr("  TTTHT: 7 vs 8\n"));
}

TEST(CheckCliTest, ExponentialGamesSayHowFarTheyGo) {
  const auto r = run_tartan({"check", "motley", "--coins", "16"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: motley has 16384 moves from coin 14"));
  EXPECT_THAT(r.err, HasSubstr("check --coins at most 14 for this game"));
  EXPECT_EQ(tartan::test::count_lines(r.err), 1u);
  EXPECT_TRUE(r.out.empty());
}

TEST(CheckCliTest, InterruptPrintsWhatWasCheckedAndExits130) {
  // A check of 2^22 positions and 484 million moves (seconds, gigabytes: the most a check may build), stopped with
  // SIGINT as Ctrl-C would once its progress bar shows that it is building the graph: the positions built so far are
  // checked and reported, and the exit code is 130.
  const auto r = tartan::test::run_tartan_interrupted_when({"check", "twins", "--coins", "22", "--max-seconds", "0"},
                                                           tartan::test::progress_bar_drawn("checking"),
                                                           tartan::test::error_stream::terminal);
  const std::string& out = r.out;
  const std::string& err = r.err;
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << err;
  EXPECT_THAT(out, HasSubstr("game: twins (code 2)\n"));
  EXPECT_THAT(out, HasSubstr(" of 4194304 (interrupted"));
  EXPECT_THAT(out, HasSubstr("mismatches: 0\n"));
  EXPECT_THAT(out, HasSubstr("so far: every position checked agrees"));
  EXPECT_THAT(err, HasSubstr("interrupted: "));
  EXPECT_THAT(err, HasSubstr("positions were checked before the stop"));
}

TEST(CheckCliTest, TimeLimitStopsWithWhatWasChecked) {
  // The same check of 2^22 positions (seconds on any machine) under a limit of 1 ms: stopped at the first progress
  // report, what was checked printed and never called complete, one error line, exit code 2.
  for (const char* json : {"", "--json"}) {
    std::vector<std::string> args{"check", "twins", "--coins", "22", "--max-seconds", "0.001"};
    if (*json != 0) args.push_back(json);
    const auto r = run_tartan(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_THAT(r.err, ::testing::StartsWith("error: the check stopped at the time limit of 1 ms, "));
    EXPECT_THAT(r.err, HasSubstr(" of 4194304 positions were checked, none beyond; check fewer coins, or raise the "
                                 "limit with --max-seconds (0: no limit)\n"));
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.out.find("ok:"), std::string::npos) << r.out;
    if (*json == 0) {
      EXPECT_THAT(r.out, HasSubstr(" of 4194304 (stopped at the time limit: every position on the first "));
      EXPECT_THAT(r.out, HasSubstr("so far: every position checked agrees"));
    } else {
      const auto j = nlohmann::json::parse(r.out);
      EXPECT_EQ(j["complete"], false);
      EXPECT_LT(j["positions"].get<std::uint64_t>(), 4194304u);
      EXPECT_THAT(j["stopped"].get<std::string>(), ::testing::StartsWith("the check stopped at the time limit"));
    }
  }
}

TEST(CheckCliTest, BadInputIsOneLineAndExitTwo) {
  struct bad_case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<bad_case> cases = {
      {{"check", "mock-turtles", "--coins", "25"}, "check --coins at most 24"},
      {{"check", "mock-turtles", "--coins", "0"}, "--coins must be at least 1"},
      {{"check", "mock-turtles", "--coins", "x"}, "--coins: 'x' is not a decimal number"},
      {{"check", "mock-turtles"}, "give the number of coins to check"},
      {{"check", "no-such-game", "--coins", "5"}, "no-such-game"},
      {{"check", "mock-turtles", "--coins", "3", "--claimed", "1,2"}, "--claimed gives 2 values but --coins is 3"},
      {{"check", "mock-turtles", "--coins", "3", "--claimed", "1,,2"}, "--claimed value 2"},
      {{"check", "ruler*ruler", "--coins", "3"}, "give --size RxC"},
      {{"check", "ruler*ruler"}, "a product game is checked on a grid"},
  };
  for (const auto& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args.back() << ": " << r.out;
    EXPECT_THAT(r.err, HasSubstr("error: ")) << c.message;
    EXPECT_THAT(r.err, HasSubstr(c.message));
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
  }
}

TEST(CheckCliTest, SizeChecksAProductGrid) {
  const auto r = run_tartan({"check", "ruler*ruler", "--size", "3x3"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

}  // namespace
