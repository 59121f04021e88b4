// The documented plug-in example (docs/examples/plugin_game.*): its game against the mex definition and plain
// enumeration, and the example program itself, compiled here and run against its expected output.
#include <gtest/gtest.h>

// Everything the example includes, first, so that the renaming of its main below touches nothing else.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../../docs/examples/plugin_game.hpp"
#include "support/naive.hpp"
#include "tartan/turning/game_check.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

#define main plugin_game_main
#include "../../../docs/examples/plugin_game.cpp"
#undef main

namespace {

TEST(PluginExampleTest, ValuesMatchTheMexDefinition) {
  const example::short_hop rule;
  const auto g = tartan::grundy_sequence(rule, 40);
  EXPECT_EQ(g, tartan::test::naive_sequence(rule, 40));
  // The period-4 pattern stated in the example's comment, from g(n) = mex {0, g(n-1), g(n-2), g(n-3)}.
  for (std::size_t n = 0; n < g.size(); ++n) EXPECT_EQ(g[n], n % 4 + 1) << "coin " << n;
}

TEST(PluginExampleTest, FindMovesHookMatchesEnumeration) {
  const example::short_hop rule;
  std::vector<tartan::grundy_value> table;
  for (tartan::grundy_value i = 0; i < 20; ++i) table.push_back((i * 5 + 2) % 7);
  for (tartan::coin n = 0; n < 20; ++n) {
    for (tartan::grundy_value target = 0; target < 8; ++target) {
      std::vector<std::vector<tartan::coin>> by_hook, by_filter;
      rule.find_moves(n, target, table, [&](std::span<const tartan::coin> others) {
        by_hook.emplace_back(others.begin(), others.end());
        return true;
      });
      rule.for_each_move(n, [&](std::span<const tartan::coin> others) {
        tartan::grundy_value x = 0;
        for (const auto c : others) x ^= table[c];
        if (x == target) by_filter.emplace_back(others.begin(), others.end());
        return true;
      });
      std::sort(by_hook.begin(), by_hook.end());
      std::sort(by_filter.begin(), by_filter.end());
      EXPECT_EQ(by_hook, by_filter) << "coin " << n << " target " << target;
    }
  }
}

TEST(PluginExampleTest, ProgramPrintsItsExpectedOutput) {
  std::ifstream expected_file(std::string(TARTAN_SOURCE_DIR) + "/docs/examples/plugin_game.txt");
  ASSERT_TRUE(expected_file) << "missing docs/examples/plugin_game.txt";
  std::ostringstream expected;
  expected << expected_file.rdbuf();

  std::ostringstream captured;
  std::streambuf* const saved = std::cout.rdbuf(captured.rdbuf());
  const int status = plugin_game_main();
  std::cout.rdbuf(saved);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(captured.str(), expected.str());
}

}  // namespace
