// `tartan analyze` with compact positions (--all-heads, --heads ranges and boxes, --heads -), --count, and GAME
// @FILE. The engine's counts are checked against brute force in tests/engine/analysis/move_count_test.cpp; here the
// command must agree with itself across forms (the count equals the moves it lists, a compact position equals the same
// coins typed one by one) and refuse bad input on one line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/analysis_output.hpp"

namespace tartan::cli {
namespace {

using test::run_tartan;
using ::testing::HasSubstr;

nlohmann::json json_of(const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> full = args;
  full.push_back("--json");
  const auto r = run_tartan(full, input);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(CountCliTest, CountEqualsTheMovesListedOnRandomPositions) {
  std::mt19937 rng(424242);
  struct game {
    std::string name;
    std::vector<std::size_t> extents;
  };
  const std::vector<game> games = {{"mock-turtles", {12}},
                                   {"[1,3,6]C", {14}},
                                   {"ruler*ruler", {5, 6}},
                                   {"[1,3,6]C*[1,4]C", {6, 6}},
                                   {"1-2*2*1+C", {3, 3, 4}}};
  for (const game& g : games) {
    for (int s = 0; s < 6; ++s) {
      std::string heads, size;
      for (std::size_t d = 0; d < g.extents.size(); ++d) size += (d == 0 ? "" : "x") + std::to_string(g.extents[d]);
      for (int item = 0; item < 4; ++item) {
        heads += item == 0 ? "" : ",";
        for (std::size_t d = 0; d < g.extents.size(); ++d) {
          std::size_t a = rng() % g.extents[d], b = rng() % g.extents[d];
          if (a > b) std::swap(a, b);
          heads += (d == 0 ? "" : ":") + std::to_string(a) + (a == b ? "" : "-" + std::to_string(b));
        }
      }
      const std::string size_flag = g.extents.size() == 1 ? "--coins" : "--size";
      SCOPED_TRACE(g.name + " " + size + " --heads " + heads);
      const auto counted = json_of({"analyze", g.name, size_flag, size, "--heads", heads, "--count"});
      const auto listed = json_of({"analyze", g.name, size_flag, size, "--heads", heads, "--limit", "100000"});
      EXPECT_EQ(counted["value"], listed["value"]);
      EXPECT_EQ(counted["outcome"], listed["outcome"]);
      EXPECT_EQ(counted["winning_move_count"].get<std::uint64_t>(), listed["winning_moves"].size());
      // The same list from standard input, one item per line.
      std::string lines = heads;
      for (char& c : lines) c = c == ',' ? '\n' : c;
      const auto from_stdin = json_of({"analyze", g.name, size_flag, size, "--heads", "-", "--count"}, lines + "\n");
      EXPECT_EQ(from_stdin, counted);
    }
  }
}

TEST(CountCliTest, PagesOfWinningMovesMakeTheWholeList) {
  for (const std::vector<std::string>& position :
       {std::vector<std::string>{"mock-turtles", "--coins", "40", "--heads", "0-38"},
        std::vector<std::string>{"ruler*ruler", "--size", "7x7", "--heads", "0-6:0-6,3:2"}}) {
    std::vector<std::string> all = {"analyze"};
    all.insert(all.end(), position.begin(), position.end());
    const auto whole = json_of([&] {
      auto a = all;
      a.insert(a.end(), {"--limit", "100000"});
      return a;
    }());
    ASSERT_GT(whole["winning_moves"].size(), 7U);
    nlohmann::json pages = nlohmann::json::array();
    for (std::size_t offset = 0;; offset += 3) {
      auto a = all;
      a.insert(a.end(), {"--limit", "3", "--offset", std::to_string(offset)});
      const auto page = json_of(a)["winning_moves"];
      for (const auto& m : page) pages.push_back(m);
      if (page.size() < 3) break;
    }
    EXPECT_EQ(pages, whole["winning_moves"]);
  }
}

TEST(CountCliTest, SumsListAndCountTheSameMoves) {
  // The same sum, terms drawn and compact; the count per term equals the moves listed in that term.
  const std::vector<std::string> sum = {"analyze", "mock-turtles", "HTTHTHHH", "+", "ruler",  "40=0-39,7",
                                        "+",       "ruler*ruler",  "5x6=all",  "+", "[1,3]C", "HHTH"};
  auto listing = sum;
  listing.insert(listing.end(), {"--limit", "100000"});
  const auto listed = json_of(listing);
  auto counting = sum;
  counting.push_back("--count");
  const auto counted = json_of(counting);
  EXPECT_EQ(listed["value"], counted["value"]);
  EXPECT_NE(listed["value"], 0);
  EXPECT_EQ(counted["winning_move_count"].get<std::size_t>(), listed["winning_moves"].size());
  std::vector<std::size_t> per_term(4, 0);
  for (const auto& m : listed["winning_moves"]) ++per_term[m["term"].get<std::size_t>()];
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(counted["sum"][i]["winning_move_count"].get<std::size_t>(), per_term[i]) << "term " << i;
  }
  // Each term's value is the value of that position alone.
  EXPECT_EQ(listed["sum"][2]["value"],
            json_of({"analyze", "ruler*ruler", "--size", "5x6", "--all-heads", "--count"})["value"]);
  // A sum of one position is that position.
  const auto one = json_of({"analyze", "mock-turtles", "HTTH", "+", "ruler", "T", "--limit", "100"});
  const auto alone = json_of({"analyze", "mock-turtles", "HTTH", "--limit", "100"});
  EXPECT_EQ(one["value"], alone["value"]);
  ASSERT_EQ(one["winning_moves"].size(), alone["winning_moves"].size());
  for (std::size_t i = 0; i < alone["winning_moves"].size(); ++i) {
    EXPECT_EQ(one["winning_moves"][i]["move"], alone["winning_moves"][i]);
  }
}

TEST(CountCliTest, AllHeadsIsTheWholeBox) {
  const auto all = json_of({"analyze", "ruler*mock-turtles", "--size", "7x9", "--all-heads", "--count"});
  const auto box = json_of({"analyze", "ruler*mock-turtles", "--size", "7x9", "--heads", "0-6:0-8", "--count"});
  EXPECT_EQ(all, box);
  EXPECT_EQ(all["heads"].get<std::uint64_t>(), 63U);
  const auto row = json_of({"analyze", "mock-turtles", "--coins", "6", "--all-heads", "--limit", "100"});
  const auto drawn = json_of({"analyze", "mock-turtles", "HHHHHH", "--limit", "100"});
  EXPECT_EQ(row["value"], drawn["value"]);
  EXPECT_EQ(row["winning_moves"], drawn["winning_moves"]);
}

TEST(CountCliTest, ACoinListedTwiceIsTails) {
  const auto twice = json_of({"analyze", "mock-turtles", "--coins", "10", "--heads", "3,5,3,7-9,8"});
  const auto once = json_of({"analyze", "mock-turtles", "--coins", "10", "--heads", "5,7,9"});
  EXPECT_EQ(twice, once);
}

TEST(CountCliTest, AMillionByAMillionBoardIsCountedInFull) {
  const auto r = json_of({"analyze", "[1,3,6,10]C*[1,4,9,16]C", "--size", "1000000x1000000", "--all-heads", "--count"});
  EXPECT_EQ(r["heads"].get<std::uint64_t>(), 1000000000000U);
  EXPECT_EQ(r["outcome"], r["value"].get<std::uint64_t>() != 0 ? "N" : "P");
  EXPECT_GT(r["winning_move_count"].get<std::uint64_t>(), 1000000000000U);
}

TEST(CountCliTest, CountsBeyond64BitsAreWrittenInFull) {
  std::ostringstream out;
  move_count_result counted;
  counted.value = 5;
  counted.heads = 12;
  counted.winning_moves = uint128{1} << 70;
  present::print_move_count_json(out, game_handle(games::find_game("ruler")), box_region::all_heads({12}), counted);
  EXPECT_THAT(out.str(), HasSubstr("\"winning_move_count\":1180591620717411303424}"));
  std::ostringstream text;
  present::print_move_count(text, game_handle(games::find_game("ruler")), box_region::all_heads({12}), counted);
  EXPECT_THAT(text.str(), HasSubstr("winning moves: 1180591620717411303424 (counted, not listed)"));
}

TEST(CountCliTest, GameFromAFile) {
  const std::string dir = ::testing::TempDir() + "/tartan_count_cli";
  std::filesystem::create_directories(dir);
  // The squares up to 10^6 and the triangular numbers as two files of a product, a thousand alternatives each.
  std::ofstream squares(dir + "/squares.code"), triangles(dir + "/triangles.code");
  for (int k = 1; k <= 1000; ++k) squares << (k == 1 ? "" : ",\n") << k * k << "C";
  for (int k = 1; k <= 1000; ++k) triangles << (k == 1 ? "[" : ",") << k * (k + 1) / 2;
  triangles << "]C\n";
  squares.close();
  triangles.close();
  const auto from_files = json_of({"analyze", "@" + dir + "/triangles.code*@" + dir + "/squares.code", "--size",
                                   "3000x3000", "--all-heads", "--count"});
  std::string written_out;
  for (int k = 1; k <= 1000; ++k) written_out += (k == 1 ? "" : ",") + std::to_string(k * (k + 1) / 2) + "C";
  written_out += "*[";
  for (int k = 1; k <= 1000; ++k) written_out += (k == 1 ? "" : ",") + std::to_string(k * k);
  written_out += "]C";
  const auto typed = json_of({"analyze", written_out, "--size", "3000x3000", "--all-heads", "--count"});
  EXPECT_EQ(from_files["value"], typed["value"]);
  EXPECT_EQ(from_files["winning_move_count"], typed["winning_move_count"]);
  // Each factor read from a file is named after its file.
  EXPECT_EQ(from_files["game"], "@" + dir + "/triangles.code*@" + dir + "/squares.code");

  std::ofstream(dir + "/empty.code").close();
  const auto empty = run_tartan({"seq", "@" + dir + "/empty.code", "5"});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("is empty; put a game's name"));
  const auto missing = run_tartan({"seq", "@" + dir + "/no-such.code", "5"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("cannot read"));
  const auto directory = run_tartan({"seq", "@" + dir, "5"});
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_THAT(directory.err, HasSubstr("it is a directory"));
  std::filesystem::remove_all(dir);
}

TEST(CountCliTest, BadInputGivesOneLineAndExitTwo) {
  struct bad {
    std::vector<std::string> args;
    std::string fragment;
  };
  const std::vector<bad> cases = {
      {{"analyze", "ruler", "HTH", "--all-heads"}, "the position is given twice: --all-heads and POSITION"},
      {{"analyze", "ruler", "--coins", "9", "--heads", "3", "--all-heads"}, "given twice: --all-heads and --heads"},
      {{"analyze", "ruler", "--all-heads"}, "--all-heads needs --coins N"},
      {{"analyze", "ruler*ruler", "--all-heads"}, "--all-heads needs --size RxC"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "5-3"}, "heads range 5-3 is empty"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "1-"}, "has no end"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "a-b"}, "is not a range of coin numbers"},
      {{"analyze", "ruler", "--coins", "10", "--heads", "4-12"}, "reaches coin 12, outside the row of 10 coins"},
      {{"analyze", "ruler*ruler", "--size", "4x4", "--heads", "0-1:0-1:0-1"}, "has 3 coordinates"},
      {{"analyze", "ruler*ruler", "--size", "4x4", "--heads", "0-5:1"}, "along axis 0"},
      {{"analyze", "ruler", "--coins", "10", "--all-heads", "--count", "--svg", "x.svg"}, "--svg has none to draw"},
      {{"analyze", "@/nonexistent/game.code", "HTH"}, "cannot read '/nonexistent/game.code'"},
      {{"analyze", "ruler", "HTH", "+"}, "term 1 of the sum is empty"},
      {{"analyze", "ruler", "HTH", "+", "+", "ruler", "HT"}, "term 1 of the sum is empty"},
      {{"analyze", "ruler", "HTH", "+", "ruler"}, "term 1 of the sum ('ruler') has no position"},
      {{"analyze", "ruler", "HTH", "ruler", "HT"}, "expected '+' before term 1"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "HT/TH"}, "'HT/TH' has 2 axes but 'ruler' has 1"},
      {{"analyze", "ruler", "HTH", "+", "ruler*ruler", "9=all"}, "size '9' has 1 axis but 'ruler*ruler' has 2"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "9=3-12"}, "outside the row of 9 coins"},
      {{"analyze", "ruler", "HTH", "+", "ruler", "HT", "--coins", "5"}, "describe one position"},
      // Refused from an estimate of at most 2^24 moves of coin 59, not after listing 2^36 of them.
      {{"analyze", "motley", "--coins", "60", "--all-heads", "--count"}, "more than 16777216 from one coin"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    std::string shown;
    for (const auto& a : c.args) shown += a + " ";
    EXPECT_EQ(r.exit_code, 2) << shown;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0U) << shown << r.err;
    EXPECT_THAT(r.err, HasSubstr(c.fragment)) << shown;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << r.err;
    EXPECT_TRUE(r.out.empty()) << shown;
  }
}

TEST(CountCliTest, ListingAHugeRegionIsRefusedWithTheCountAsAdvice) {
  const auto r = run_tartan({"analyze", "ruler*ruler", "--size", "1000000x1000000", "--all-heads"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("listing the 1000000000000 heads coins one by one"));
  EXPECT_THAT(r.err, HasSubstr("--count"));
}

}  // namespace
}  // namespace tartan::cli
