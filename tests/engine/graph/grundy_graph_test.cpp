// Grundy values on explicit graphs against the mex definition by plain recursion, and cycles.
#include "tartan/graph/grundy_graph.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>

#include "support/error_message.hpp"
#include "support/graph_oracle.hpp"
#include "tartan/graph/graph_text.hpp"

namespace tartan {
namespace {

using test::by_definition;
using test::values_by_name;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using test::message_of;

TEST(GrundyGraphTest, PathAlternatesBetweenZeroAndOne) {
  const auto graph = parse_dot("digraph { a -> b -> c -> d -> e }");
  EXPECT_THAT(graph.names, ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_THAT(grundy_values(graph), ElementsAre(0, 1, 0, 1, 0));
  EXPECT_EQ(grundy_values(graph), by_definition(graph.graph));
}

TEST(GrundyGraphTest, DagWithSharedSuccessors) {
  // d reaches a, b and c; a and d share b and c as successors.
  const auto graph = parse_dot("digraph { a -> b -> c; a -> c; d -> b; d -> c; d -> a; e }");
  const auto values = values_by_name(graph);
  EXPECT_EQ(values.at("c"), 0u);
  EXPECT_EQ(values.at("b"), 1u);
  EXPECT_EQ(values.at("a"), 2u);
  EXPECT_EQ(values.at("d"), 3u);
  EXPECT_EQ(values.at("e"), 0u);
  EXPECT_EQ(grundy_values(graph), by_definition(graph.graph));
}

TEST(GrundyGraphTest, RandomDagsMatchTheDefinition) {
  std::mt19937 random(2024);
  for (int round = 0; round < 50; ++round) {
    const std::size_t n = 1 + random() % 60;
    game_graph g(n);
    for (std::size_t v = 1; v < n; ++v) {
      const std::size_t degree = random() % 6;
      for (std::size_t k = 0; k < degree; ++k) add_edge(v, random() % v, g);  // edges go down: acyclic
    }
    EXPECT_EQ(grundy_values(g), by_definition(g)) << "round " << round;
  }
}

TEST(GrundyGraphTest, DeepPathDoesNotOverflowTheStack) {
  const std::size_t n = 1'000'000;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  for (std::size_t v = 0; v + 1 < n; ++v) edges.emplace_back(v, v + 1);
  const game_graph g(edges.begin(), edges.end(), n);
  const auto values = grundy_values(g);
  for (std::size_t v = 0; v < n; ++v) ASSERT_EQ(values[v], (n - 1 - v) % 2) << "vertex " << v;
}

TEST(GrundyGraphTest, CycleIsReportedWithItsVertices) {
  EXPECT_EQ(message_of([] { grundy_values(parse_dot("digraph { a -> b; b -> c; c -> a; }")); }),
            "the graph has a cycle: a -> b -> c -> a; Grundy values need a finite (acyclic) game");
  EXPECT_THAT(message_of([] { grundy_values(parse_edge_list("s a\na b\nb a\n")); }), HasSubstr("cycle: a -> b -> a;"));
  EXPECT_THAT(message_of([] { grundy_values(parse_edge_list("x x\n")); }), HasSubstr("cycle: x -> x;"));
  EXPECT_THROW(grundy_values(parse_dot("digraph { p -> q -> r -> q }")), not_acyclic);
}

TEST(GrundyGraphTest, LongCycleIsShortenedInTheMessage) {
  const std::size_t n = 100;
  game_graph g(n);
  for (std::size_t v = 0; v < n; ++v) add_edge(v, (v + 1) % n, g);
  const std::string message = message_of([&] { grundy_values(g); });
  EXPECT_THAT(message, HasSubstr("the graph has a cycle: 0 -> 1 -> 2"));
  EXPECT_THAT(message, HasSubstr("(100 vertices)"));
  EXPECT_LT(message.size(), 300u);
}

}  // namespace
}  // namespace tartan
