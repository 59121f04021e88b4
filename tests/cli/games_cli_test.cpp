// tartan games: every built-in listed with its code, title and first values (checked against the definitions).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/run_cli.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::test::run_tartan;

std::string joined(const std::vector<std::uint64_t>& values) {
  std::string s;
  for (const auto v : values) s += (s.empty() ? "" : " ") + std::to_string(v);
  return s;
}

TEST(GamesCliTest, ListsEveryBuiltinWithCodeTitleAndFirstValues) {
  const auto r = run_tartan({"games"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_NE(r.out.find("Coin 0 is the leftmost coin"), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(line);
  for (const auto& info : tartan::games::builtin_games()) {
    const std::string name(info.name);
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](const std::string& l) { return l.rfind(name + " ", 0) == 0; });
    ASSERT_NE(row, rows.end()) << "no row for " << name << " in\n" << r.out;
    std::istringstream fields(*row);
    std::string listed_name, code;
    fields >> listed_name >> code;
    EXPECT_EQ(code, info.code);
    EXPECT_NE(row->find(std::string(info.title)), std::string::npos) << *row;
    const std::string values = joined(tartan::test::brute_force_values(info.name, 10));
    EXPECT_EQ(row->substr(row->size() - values.size()), values) << *row;
  }
}

TEST(GamesCliTest, ColumnsAreAligned) {
  const auto r = run_tartan({"games"});
  ASSERT_EQ(r.exit_code, 0);
  // The code column starts at the same offset on every game row (and on the header row).
  std::istringstream lines(r.out);
  std::set<std::size_t> code_columns;
  for (std::string line; std::getline(lines, line);) {
    for (const auto& info : tartan::games::builtin_games()) {
      if (line.rfind(std::string(info.name) + " ", 0) == 0) code_columns.insert(line.find(info.code, info.name.size()));
    }
    if (line.rfind("name ", 0) == 0) code_columns.insert(line.find("code"));
  }
  EXPECT_EQ(code_columns.size(), 1u);
}

TEST(GamesCliTest, JsonListsEveryBuiltin) {
  const auto r = run_tartan({"games", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  const auto builtins = tartan::games::builtin_games();
  ASSERT_EQ(json.at("games").size(), builtins.size());
  EXPECT_NE(json.at("convention").get<std::string>().find("coin 0 is the leftmost"), std::string::npos);
  for (std::size_t i = 0; i < builtins.size(); ++i) {
    const auto& game = json.at("games")[i];
    EXPECT_EQ(game.at("name"), builtins[i].name);
    EXPECT_EQ(game.at("code"), builtins[i].code);
    EXPECT_EQ(game.at("title"), builtins[i].title);
    EXPECT_EQ(game.at("summary"), builtins[i].summary);
    EXPECT_EQ(game.at("values").get<std::vector<std::uint64_t>>(),
              tartan::test::brute_force_values(builtins[i].name, 10));
  }
}

}  // namespace
