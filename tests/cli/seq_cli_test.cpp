// tartan seq GAME N: values against the definitions, JSON, overflow and every bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/background_cli.hpp"
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
      {{"seq", "foo", "10"}, "unknown game 'foo'; type 'tartan games' for the list"},
      {{"seq", "mock-turtle", "10"}, "did you mean 'mock-turtles'?"},
      {{"seq", "1-", "10"}, "turning code '1-'"},
      {{"seq", "ruler", "0"}, "N must be at least 1"},
      {{"seq", "1-2", "100000001"}, "the largest allowed is 100000000"},
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

TEST(SeqCliTest, AStopPartWayKeepsTheValuesBeforeItAndSaysWhere) {
  // Motley's g(64) = 2^64 does not fit 64 bits; g(0..63) are printed first, then one line says where and why.
  const auto motley = run_tartan({"seq", "motley", "65"});
  EXPECT_EQ(motley.exit_code, 2);
  EXPECT_EQ(count_lines(motley.err), 1u) << motley.err;
  EXPECT_THAT(motley.err, HasSubstr("error: g(0..63) printed, 64 of the 65 values asked for; stopped at coin 64: "));
  EXPECT_THAT(motley.err, HasSubstr("does not fit"));
  std::istringstream in(motley.out);
  std::vector<tartan::grundy_value> printed;
  for (tartan::grundy_value v; in >> v;) printed.push_back(v);
  ASSERT_EQ(printed.size(), 64u);
  EXPECT_EQ(std::vector<tartan::grundy_value>(printed.begin(), printed.begin() + 16),
            tartan::test::naive_sequence(tartan::test::motley_rule{}, 16));
  for (std::size_t n = 0; n < 64; ++n) EXPECT_EQ(printed[n], tartan::grundy_value{1} << n);

  // The JSON stays valid, and says why it is short.
  const auto json = nlohmann::json::parse(run_tartan({"seq", "motley", "65", "--json"}).out);
  EXPECT_EQ(json.at("complete"), false);
  EXPECT_EQ(json.at("values").size(), 64u);
  EXPECT_THAT(json.at("stopped").get<std::string>(), HasSubstr("stopped at coin 64"));

  // A coin whose moves are too many to list: the values before it, then the refusal with what would fit.
  const auto explodes = run_tartan({"seq", "1-64", "100", "--max-seconds", "0"});
  EXPECT_EQ(explodes.exit_code, 2);
  EXPECT_EQ(count_lines(explodes.err), 1u) << explodes.err;
  EXPECT_THAT(explodes.err, HasSubstr("64 of the 100 values asked for; stopped at coin 64: listing its option values "
                                      "would enumerate 2^"));
  EXPECT_EQ(explodes.err.find("coin 64: coin 64"), std::string::npos) << "the coin is named once";
  std::istringstream values(explodes.out);
  std::vector<tartan::grundy_value> before;
  for (tartan::grundy_value v; values >> v;) before.push_back(v);
  // Below 64 coins, 1-64 turns any set of coins: Motley, g(n) = 2^n (its definition checked on 16 coins above).
  ASSERT_EQ(before.size(), 64u);
  for (std::size_t n = 0; n < 64; ++n) EXPECT_EQ(before[n], tartan::grundy_value{1} << n);
}

TEST(SeqCliTest, InterruptPrintsTheValuesComputedSoFarAndExits130) {
  // g(0..199999) of 1-4 takes days (the search of its last layer grows like n^3 in all, and no closed form is
  // known); Ctrl-C once 101 values are printed stops it, and what was printed is a correct prefix, checked against
  // the definition.
  const auto r = tartan::test::run_tartan_interrupted_when({"seq", "1-4", "200000", "--max-seconds", "0"},
                                                           tartan::test::values_printed(101));
  EXPECT_EQ(r.exit_code, 130) << "not stopped cleanly: " << r.err;
  EXPECT_THAT(r.err, HasSubstr("interrupted: g(0.."));
  EXPECT_THAT(r.err, HasSubstr("of the 200000 values asked for"));
  std::istringstream in(r.out);
  std::vector<tartan::grundy_value> printed;
  for (tartan::grundy_value v; in >> v;) printed.push_back(v);
  ASSERT_GT(printed.size(), 100u);
  ASSERT_LT(printed.size(), 200000u);
  const std::size_t checked = std::min<std::size_t>(printed.size(), 100);
  EXPECT_EQ(std::vector<tartan::grundy_value>(printed.begin(), printed.begin() + static_cast<std::ptrdiff_t>(checked)),
            tartan::test::naive_sequence(tartan::test::k_coins{1, 4}, checked));
  EXPECT_THAT(r.err, HasSubstr(std::to_string(printed.size()) + " of the 200000"));
}

TEST(SeqCliTest, TheTimeLimitKeepsTheValuesComputedAndSaysWhyItStopped) {
  // 10^5 values of 1-4 would take about a day (about n^3 steps in all, and no closed form is known), 40000 times the
  // limit of 2 s, yet less than the 10^9 s that --max-seconds takes, so that the advice to raise it is given on any
  // machine; the pace of the first ones, or the limit itself, stops the work, and the values computed by then are
  // printed (a correct prefix, checked against the definition), then one line on standard error says where and why
  // it stopped, in terms of the command's flags.
  const auto r = run_tartan({"seq", "1-4", "100000", "--max-seconds", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, HasSubstr("of the 100000 values asked for; stopped at the time limit: "));
  EXPECT_THAT(r.err, HasSubstr("or raise the limit with --max-seconds"));
  std::istringstream in(r.out);
  std::vector<tartan::grundy_value> printed;
  for (tartan::grundy_value v; in >> v;) printed.push_back(v);
  ASSERT_GT(printed.size(), 0u);
  EXPECT_THAT(r.err, HasSubstr("g(0.." + std::to_string(printed.size() - 1) + ") printed"));
  const std::size_t checked = std::min<std::size_t>(printed.size(), 100);
  EXPECT_EQ(std::vector<tartan::grundy_value>(printed.begin(), printed.begin() + static_cast<std::ptrdiff_t>(checked)),
            tartan::test::naive_sequence(tartan::test::k_coins{1, 4}, checked));

  // The JSON forms close with why they stopped.
  const auto json = run_tartan({"seq", "1-4", "100000", "--max-seconds", "1", "--json"});
  const auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed.at("complete"), false);
  EXPECT_THAT(parsed.at("stopped").get<std::string>(), HasSubstr("stopped at the time limit"));
  EXPECT_GT(parsed.at("values").size(), 0u);
}

TEST(SeqCliTest, JsonLinesGiveOneValuePerLineThenTheSummary) {
  const auto r = run_tartan({"seq", "mock-turtles", "50", "--jsonl"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 51u);
  const std::vector<tartan::grundy_value> expected = tartan::test::naive_sequence(tartan::test::k_coins{1, 3}, 50);
  for (std::size_t n = 0; n < 50; ++n) {
    EXPECT_EQ(lines[n].at("n"), n);
    EXPECT_EQ(lines[n].at("g"), expected[n]);
  }
  EXPECT_EQ(lines[50].at("complete"), true);
  EXPECT_EQ(lines[50].at("count"), 50u);
  EXPECT_EQ(run_tartan({"seq", "ruler", "5", "--json", "--jsonl"}).exit_code, 2);
}

TEST(SeqCliTest, ValuesArriveWhileTheRestAreComputed) {
  // The first values of a long run are read from the pipe while tartan still computes: the output is streamed,
  // not written at the end. The whole run takes days (g(0..149999) of 1-4).
  tartan::test::background_tartan run({"seq", "1-4", "150000", "--max-seconds", "0"});
  ASSERT_TRUE(run.wait_for([](const tartan::test::printed_so_far& p) { return p.out.size() >= 200; }));
  EXPECT_TRUE(run.running()) << "the values came only at the end";
  const auto r = run.interrupt();
  std::string expected;
  for (const tartan::grundy_value v : tartan::test::naive_sequence(tartan::test::k_coins{1, 4}, 10)) {
    expected += std::to_string(v) + " ";
  }
  EXPECT_THAT(r.out, ::testing::StartsWith(expected));
}

/// Does g(n + P) = g(n) + s hold for every n >= p in the values?
bool relation_holds(const std::vector<std::uint64_t>& g, std::size_t p, std::size_t period, std::uint64_t saltus) {
  for (std::size_t n = p; n + period < g.size(); ++n) {
    if (g[n + period] != g[n] + saltus) return false;
  }
  return true;
}

TEST(SeqCliTest, PeriodIsProvenForBoundedRulesAndObservedOtherwise) {
  // Ruler Fives (runs of 1 to 5 coins): bounded span, so the period is proven; it holds on the values computed
  // here by brute force over the moves.
  auto r = run_tartan({"seq", "ruler-fives", "40", "--period", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto json = nlohmann::json::parse(r.out);
  const auto values = json.at("values").get<std::vector<std::uint64_t>>();
  const auto& period = json.at("period");
  ASSERT_TRUE(period.is_object()) << r.out;
  EXPECT_TRUE(period.at("proven").get<bool>());
  EXPECT_EQ(period.at("saltus"), 0);
  const std::size_t p = period.at("preperiod"), P = period.at("period");
  EXPECT_TRUE(relation_holds(values, p, P, 0));
  EXPECT_TRUE(relation_holds(tartan::test::brute_force_values("ruler-fives", 16), p, P, 0));
  EXPECT_THAT(period.at("why").get<std::string>(), HasSubstr("within 5 adjacent coins"));
  // The documented order of the fields.
  const std::size_t at[] = {r.out.find("\"preperiod\""),    r.out.find("\"period\":", r.out.find("\"preperiod\"")),
                            r.out.find("\"saltus\""),       r.out.find("\"proven\""),
                            r.out.find("\"full_periods\""), r.out.find("\"why\"")};
  EXPECT_TRUE(std::is_sorted(std::begin(at), std::end(at))) << r.out;
  EXPECT_TRUE(json.at("closed_forms").empty());

  // Mock Turtles: no period (the odious numbers grow without a saltus), the closed form recognised; the values
  // are checked to be the odious numbers from their definition.
  r = run_tartan({"seq", "mock-turtles", "64", "--period", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json = nlohmann::json::parse(r.out);
  EXPECT_TRUE(json.at("period").is_null());
  ASSERT_EQ(json.at("closed_forms").size(), 1u);
  EXPECT_EQ(json.at("closed_forms")[0].at("name"), "odious");
  std::uint64_t x = 0;
  for (const std::uint64_t v : json.at("values").get<std::vector<std::uint64_t>>()) {
    while (std::popcount(x) % 2 == 0) ++x;
    EXPECT_EQ(v, x++);
  }

  // Turning Turtles: g(n + 1) = g(n) + 1, seen but not proven (moves reach any coin to the left).
  r = run_tartan({"seq", "turtles", "30", "--period", "--json"});
  json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("period").at("saltus"), 1);
  EXPECT_FALSE(json.at("period").at("proven").get<bool>());
  EXPECT_THAT(json.at("period").at("why").get<std::string>(),
              HasSubstr("observed only in g(0..29), 30 of the 30 values, 30 full periods"));
  EXPECT_EQ(json.at("period").at("full_periods"), 30);
  // Grunt repeats g(n + 3) = g(n) from n = 95 to 121 only (tests/engine/turning/period_test.cpp checks it by the mex
  // definition): in 120 values that is a brief repeat at the end, not reported.
  r = run_tartan({"seq", "grunt", "120", "--period"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\nperiod: none found in g(0..119) (one is reported when proven, or when it repeats "
                               "over at least 4 full periods and half of the values)\n"));

  // The text form: the values, then one line for the period, one for the largest value (and one for a take-and-break
  // game's rare values) and one per closed form; JSON lines end with them.
  r = run_tartan({"seq", "2C", "12", "--period"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count_lines(r.out), 3u);
  EXPECT_THAT(r.out, HasSubstr("\nlargest value: 1, first at n = 1 (of every n: the period is proven)\n"));
  EXPECT_THAT(r.out, HasSubstr("\nperiod: g(n + 2) = g(n) for n >= 0 (preperiod 0, period 2, saltus 0), proven: "));
  r = run_tartan({"seq", "ruler", "32", "--period"});
  EXPECT_THAT(r.out, HasSubstr("\nperiod: none found in g(0..31)"));
  EXPECT_THAT(r.out, HasSubstr("\nclosed form, observed for n = 0..31: g(n) = the largest power of 2 dividing n + 1"));
  r = run_tartan({"seq", "ruler-fives", "20", "--period", "--jsonl"});
  std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_TRUE(nlohmann::json::parse(last).at("period").at("proven").get<bool>()) << last;
  // Without --period nothing is added.
  EXPECT_FALSE(nlohmann::json::parse(run_tartan({"seq", "2C", "12", "--json"}).out).contains("period"));
}

}  // namespace
