// graph_text.hpp: the DOT subset and the edge list read into named game graphs (names in order of first
// appearance, every refusal naming its line), and the format detected from the first word.
#include "tartan/graph/graph_text.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "support/error_message.hpp"
#include "support/graph_oracle.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace tartan {
namespace {

using test::by_definition;
using test::values_by_name;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using test::message_of;

TEST(GraphTextTest, DotReaderAcceptsTheSubset) {
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

TEST(GraphTextTest, DotErrorsNameTheLine) {
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

TEST(GraphTextTest, EdgeListReader) {
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

TEST(GraphTextTest, FormatIsDetectedFromTheFirstWord) {
  EXPECT_EQ(detect_graph_format("digraph { a -> b }"), graph_format::dot);
  EXPECT_EQ(detect_graph_format("  // comment\n strict digraph {}"), graph_format::dot);
  EXPECT_EQ(detect_graph_format("# list\ndigraphs b\n"), graph_format::edge_list);
  EXPECT_EQ(detect_graph_format("a b\n"), graph_format::edge_list);
  EXPECT_THAT(parse_game_graph("digraph { a -> b }").names, ElementsAre("a", "b"));
  EXPECT_THAT(parse_game_graph("digraph b\n", graph_format::edge_list).names, ElementsAre("digraph", "b"));
}

}  // namespace
}  // namespace tartan
