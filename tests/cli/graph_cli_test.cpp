// tartan graph FILE: Grundy values of hand-made graphs, both formats, standard input, JSON, cycles and bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;

// Values below follow the definition g(v) = mex of the successors' values, worked by hand on each graph.

TEST(GraphCliTest, PathFromStandardInput) {
  // e has no move (0), d -> e (mex{0} = 1), c -> d (mex{1} = 0), b (1), a (0).
  const auto r = run_tartan({"graph", "-"}, "digraph { a -> b -> c -> d -> e }\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "a 0\nb 1\nc 0\nd 1\ne 0\n");
}

TEST(GraphCliTest, DagWithSharedSuccessorsFromAFile) {
  // c: 0; b -> c: 1; a -> b, c: mex{1, 0} = 2; d -> a, b, c: mex{2, 1, 0} = 3; "x y" isolated: 0.
  const std::string path = "/tmp/tartan_graph_cli_test_" + std::to_string(::getpid()) + ".dot";
  {
    std::ofstream out(path);
    out << "// shared successors\ndigraph game {\n  a -> b -> c;\n  a -> c [label=\"m\"];\n  d -> a; d -> b; d -> c\n"
           "  \"x y\"\n}\n";
  }
  const auto r = run_tartan({"graph", path});
  std::remove(path.c_str());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "a 2\nb 1\nc 0\nd 3\n\"x y\" 0\n");
}

TEST(GraphCliTest, EdgeListAndJson) {
  const auto r = run_tartan({"graph", "-", "--json"}, "# moves\n1 2\n2 3\n1 3\n4\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  const auto& v = json.at("vertices");
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0].at("name"), "1");
  EXPECT_EQ(v[0].at("grundy"), 2);
  EXPECT_EQ(v[1].at("name"), "2");
  EXPECT_EQ(v[1].at("grundy"), 1);
  EXPECT_EQ(v[2].at("name"), "3");
  EXPECT_EQ(v[2].at("grundy"), 0);
  EXPECT_EQ(v[3].at("name"), "4");
  EXPECT_EQ(v[3].at("grundy"), 0);
}

TEST(GraphCliTest, FormatCanBeForced) {
  // As an edge list, "digraph x" is the edge digraph -> x.
  const auto r = run_tartan({"graph", "-", "--format", "edges"}, "digraph x\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "digraph 1\nx 0\n");
  const auto dot = run_tartan({"graph", "-", "--format", "dot"}, "a b\n");
  EXPECT_EQ(dot.exit_code, 2);
  EXPECT_THAT(dot.err, HasSubstr("expected 'digraph'"));
}

TEST(GraphCliTest, CycleIsAnErrorNamingItsVertices) {
  const auto r = run_tartan({"graph", "-"}, "digraph { s -> a; a -> b; b -> c; c -> a }");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: the graph has a cycle: a -> b -> c -> a; Grundy values need a finite (acyclic) game\n");
}

TEST(GraphCliTest, BadInputIsOneLineAndExitTwo) {
  const auto missing = run_tartan({"graph", "/nonexistent/graph.dot"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("error: cannot read '/nonexistent/graph.dot'"));
  const auto syntax = run_tartan({"graph", "-"}, "digraph {\n a -> b\n c -> \n}\n");
  EXPECT_EQ(syntax.exit_code, 2);
  EXPECT_THAT(syntax.err, HasSubstr("error: dot line 4: expected a vertex name after '->'"));
  const auto edges = run_tartan({"graph", "-"}, "a b\na b c\n");
  EXPECT_EQ(edges.exit_code, 2);
  EXPECT_THAT(edges.err, HasSubstr("error: edge list line 2"));
  const auto format = run_tartan({"graph", "-", "--format", "xml"}, "a b\n");
  EXPECT_EQ(format.exit_code, 2);
  EXPECT_THAT(format.err, HasSubstr("error: "));
  for (const auto* r : {&missing, &syntax, &edges, &format}) EXPECT_EQ(tartan::test::count_lines(r->err), 1u);
}

}  // namespace
