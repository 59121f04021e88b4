// tartan seq GAME N: values against the definitions, JSON, overflow and every bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/naive.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::count_lines;
using tartan::test::run_tartan;
using ::testing::HasSubstr;

std::vector<std::uint64_t> numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::uint64_t> out;
  for (std::uint64_t v; in >> v;) out.push_back(v);
  return out;
}

TEST(SeqCliTest, PrintsValuesOnOneLine) {
  for (const char* game : {"mock-turtles", "ruler", "grunt", "sym", "ap", "turtles"}) {
    const auto r = run_tartan({"seq", game, "16"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count_lines(r.out), 1u);
    EXPECT_EQ(r.out.back(), '\n');
    EXPECT_EQ(r.out.find("  "), std::string::npos) << "values are separated by single spaces";
    EXPECT_EQ(numbers(r.out), tartan::test::brute_force_values(game, 16)) << game;
  }
}

TEST(SeqCliTest, AcceptsTurningCodes) {
  const auto r = run_tartan({"seq", "2-3,6C", "14"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(numbers(r.out), tartan::test::brute_force_values(14, [](tartan::test::coin_set s) {
              const int k = std::popcount(s);
              return k == 2 || k == 3 || (k == 6 && tartan::test::consecutive(s));
            }));
}

TEST(SeqCliTest, LongSequenceOfRuler) {
  // Ruler's g(n) is the largest power of 2 dividing n + 1 (Ferguson, Part I, §5.1), written out here.
  const auto r = run_tartan({"seq", "ruler", "100000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto values = numbers(r.out);
  ASSERT_EQ(values.size(), 100000u);
  for (std::uint64_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], (n + 1) & ~n) << "coin " << n;
}

TEST(SeqCliTest, JsonGivesGameCodeAndValues) {
  const auto r = run_tartan({"seq", "mock-turtles", "16", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("game"), "mock-turtles");
  EXPECT_EQ(json.at("code"), "1-3");
  EXPECT_EQ(json.at("values").get<std::vector<std::uint64_t>>(), tartan::test::brute_force_values("mock-turtles", 16));

  const auto code = nlohmann::json::parse(run_tartan({"seq", "1+C", "8", "--json"}).out);
  EXPECT_EQ(code.at("game"), "1+C");
  EXPECT_EQ(code.at("code"), "1+C");
}

TEST(SeqCliTest, MotleyFitsUpToCoin63) {
  const auto r = run_tartan({"seq", "motley", "64"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto values = numbers(r.out);
  ASSERT_EQ(values.size(), 64u);
  EXPECT_EQ(values.back(), std::uint64_t{1} << 63);
}

struct bad_input {
  std::vector<std::string> args;
  std::string fragment;
};

TEST(SeqCliTest, BadInputGivesOneLineAndExitTwo) {
  const std::vector<bad_input> cases = {
      {{"seq", "motley", "65"}, "coin 64"},
      {{"seq", "foo", "10"}, "unknown game 'foo'; type 'tartan games' for the list"},
      {{"seq", "mock-turtle", "10"}, "did you mean 'mock-turtles'?"},
      {{"seq", "1-", "10"}, "turning code '1-'"},
      {{"seq", "ruler", "0"}, "N must be at least 1"},
      {{"seq", "ruler", "100000001"}, "the largest allowed is 100000000"},
      {{"seq", "ruler", "ten"}, "N: 'ten'"},
      {{"seq", "ruler", "-5"}, "negative"},
      {{"seq", "ruler"}, "N is required"},
      {{"seq", "ruler*twins", "10"}, "product"},
  };
  for (const auto& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[1] << " " << (c.args.size() > 2 ? c.args[2] : "");
    EXPECT_EQ(count_lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.fragment), std::string::npos) << "expected '" << c.fragment << "' in: " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(SeqCliTest, InterruptPrintsTheValuesComputedSoFarAndExits130) {
  // g(0..199999) of 1-3 takes minutes (its bitset layers grow with the values); Ctrl-C after 0.6 s stops it, and
  // what was printed is a correct prefix, checked against the definition.
  const auto r = tartan::test::run_tartan_interrupted({"seq", "1-3", "200000", "--max-seconds", "0"},
                                                      std::chrono::milliseconds(600));
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << r.err;
  EXPECT_THAT(r.err, HasSubstr("interrupted: g(0.."));
  EXPECT_THAT(r.err, HasSubstr("of the 200000 values asked for"));
  std::istringstream in(r.out);
  std::vector<tartan::grundy_value> printed;
  for (tartan::grundy_value v; in >> v;) printed.push_back(v);
  ASSERT_GT(printed.size(), 100u);
  ASSERT_LT(printed.size(), 200000u);
  const std::size_t checked = std::min<std::size_t>(printed.size(), 300);
  EXPECT_EQ(std::vector<tartan::grundy_value>(printed.begin(), printed.begin() + static_cast<std::ptrdiff_t>(checked)),
            tartan::test::naive_sequence(tartan::test::k_coins{1, 3}, checked));
  EXPECT_THAT(r.err, HasSubstr(std::to_string(printed.size()) + " of the 200000"));
}

}  // namespace
