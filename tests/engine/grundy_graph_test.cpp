// Grundy values on explicit graphs against the mex definition by plain recursion, cycles, and the two readers.
#include "tartan/graph/grundy_graph.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>

#include "tartan/graph/graph_text.hpp"

namespace tartan {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// g(v) = mex of g over v's successors, by memoised recursion (no DFS classification, no visitor).
std::vector<grundy_value> by_definition(const game_graph& g) {
  const std::size_t n = num_vertices(g);
  std::vector<grundy_value> value(n);
  std::vector<bool> known(n, false);
  std::function<grundy_value(std::size_t)> solve = [&](std::size_t v) -> grundy_value {
    if (known[v]) return value[v];
    std::set<grundy_value> options;
    for (auto [it, end] = out_edges(v, g); it != end; ++it) options.insert(solve(target(*it, g)));
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    known[v] = true;
    return value[v] = m;
  };
  for (std::size_t v = 0; v < n; ++v) solve(v);
  return value;
}

std::map<std::string, grundy_value> values_by_name(const named_game_graph& graph) {
  const auto values = grundy_values(graph);
  std::map<std::string, grundy_value> out;
  for (std::size_t v = 0; v < values.size(); ++v) out[graph.names[v]] = values[v];
  return out;
}

template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const error& e) {
    return e.what();
  }
  return "no error";
}

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

TEST(GrundyGraphTest, DotReaderAcceptsTheSubset) {
  const auto graph = parse_dot(R"(
    // a comment
    # a preprocessor line
    strict digraph "my game" {
      rankdir = LR; node [shape=circle, label="x]y"];
      "x y" -> z [label="move"];  /* a
      block comment */
      z -> 42 -> -1.5
      lonely
      "say \"hi\"" -> lonely;
      edge [color=red]
    }
  )");
  EXPECT_THAT(graph.names, ElementsAre("x y", "z", "42", "-1.5", "lonely", "say \"hi\""));
  EXPECT_EQ(num_edges(graph.graph), 4u);
  EXPECT_EQ(grundy_values(graph), by_definition(graph.graph));
  EXPECT_TRUE(parse_dot("digraph {}").names.empty());
  EXPECT_THAT(parse_dot("DiGraph G { a -> b }").names, ElementsAre("a", "b"));
}

TEST(GrundyGraphTest, DotErrorsNameTheLine) {
  EXPECT_EQ(message_of([] { parse_dot("digraph {\n a -> ;\n}"); }),
            "dot line 2: expected a vertex name after '->', found ';'; edges look like a -> b");
  EXPECT_THAT(message_of([] { parse_dot("graph { a -- b }"); }), HasSubstr("dot line 1: an undirected 'graph'"));
  EXPECT_THAT(message_of([] { parse_dot("digraph {\n\n a -- b }"); }), HasSubstr("dot line 3: '--' is an undirected"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { a -> b"); }), HasSubstr("expected '}', found the end"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { a -> \"b }"); }), HasSubstr("quoted name is not closed"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { /* a -> b }"); }), HasSubstr("comment opened with /*"));
  EXPECT_THAT(message_of([] { parse_dot("digraph {\n a:n -> b }"); }), HasSubstr("dot line 2: ports"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { subgraph s { a } }"); }), HasSubstr("subgraphs"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { a -> b } extra"); }), HasSubstr("expected the end of the input"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { a & b }"); }), HasSubstr("unexpected character '&'"));
  EXPECT_THAT(message_of([] { parse_dot("digraph { a [color=red }"); }), HasSubstr("'[' is not closed"));
  EXPECT_THAT(message_of([] { parse_dot("a -> b"); }), HasSubstr("expected 'digraph'"));
}

TEST(GrundyGraphTest, EdgeListReader) {
  const auto graph = parse_edge_list("# a game\na b\nb c   # trailing comment\n\nd\nc -> e\r\n a   c \n");
  EXPECT_THAT(graph.names, ElementsAre("a", "b", "c", "d", "e"));
  EXPECT_EQ(num_edges(graph.graph), 4u);
  const auto values = values_by_name(graph);
  EXPECT_EQ(values.at("e"), 0u);
  EXPECT_EQ(values.at("c"), 1u);
  EXPECT_EQ(values.at("b"), 0u);
  EXPECT_EQ(values.at("a"), 2u);
  EXPECT_EQ(values.at("d"), 0u);
  EXPECT_EQ(message_of([] { parse_edge_list("a b\nb c d\n"); }),
            "edge list line 2: expected 'u v' (an edge) or 'u' (a vertex), found 3 names; write one edge per line");
}

TEST(GrundyGraphTest, FormatIsDetectedFromTheFirstWord) {
  EXPECT_EQ(detect_graph_format("digraph { a -> b }"), graph_format::dot);
  EXPECT_EQ(detect_graph_format("  // comment\n strict digraph {}"), graph_format::dot);
  EXPECT_EQ(detect_graph_format("# list\ndigraphs b\n"), graph_format::edge_list);
  EXPECT_EQ(detect_graph_format("a b\n"), graph_format::edge_list);
  EXPECT_THAT(parse_game_graph("digraph { a -> b }").names, ElementsAre("a", "b"));
  EXPECT_THAT(parse_game_graph("digraph b\n", graph_format::edge_list).names, ElementsAre("digraph", "b"));
}

}  // namespace
}  // namespace tartan
