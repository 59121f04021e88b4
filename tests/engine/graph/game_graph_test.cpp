// game_graph.hpp: the adjacency-list graph and the compact one hold the same moves when built from the same edges,
// the compact graph uses 32-bit vertices and edge indices as documented, and a named graph keeps a name per vertex.
#include "tartan/graph/game_graph.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "support/graph_oracle.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace tartan {
namespace {

static_assert(std::is_same_v<boost::graph_traits<compact_game_graph>::vertex_descriptor, std::uint32_t>);
static_assert(std::is_same_v<boost::graph_traits<compact_game_graph>::edges_size_type, std::uint32_t>);

// Edges of a random DAG on n vertices (every edge from a higher vertex to a lower one), sorted by source.
std::vector<std::pair<std::uint32_t, std::uint32_t>> random_dag_edges(std::mt19937& rng, std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::bernoulli_distribution edge(0.2);
  for (std::uint32_t u = 0; u < n; ++u) {
    for (std::uint32_t v = 0; v < u; ++v) {
      if (edge(rng)) edges.emplace_back(u, v);
    }
  }
  return edges;
}

template <class Graph>
std::vector<std::vector<std::uint32_t>> successors(const Graph& g) {
  std::vector<std::vector<std::uint32_t>> out(num_vertices(g));
  for (std::size_t v = 0; v < out.size(); ++v) {
    for (auto [it, end] = out_edges(static_cast<typename boost::graph_traits<Graph>::vertex_descriptor>(v), g);
         it != end; ++it) {
      out[v].push_back(static_cast<std::uint32_t>(target(*it, g)));
    }
    std::sort(out[v].begin(), out[v].end());
  }
  return out;
}

TEST(GameGraphTest, CompactGraphHoldsTheSameMovesAndValues) {
  std::mt19937 rng(25);
  for (int round = 0; round < 20; ++round) {
    const std::uint32_t n = 1 + static_cast<std::uint32_t>(rng() % 40);
    const auto edges = random_dag_edges(rng, n);
    game_graph list(n);
    for (const auto& [u, v] : edges) add_edge(u, v, list);
    const compact_game_graph compact(boost::edges_are_sorted, edges.begin(), edges.end(), n);
    EXPECT_EQ(num_vertices(compact), n);
    EXPECT_EQ(num_edges(compact), edges.size());
    EXPECT_EQ(successors(compact), successors(list)) << "round " << round;
    std::vector<grundy_value> values(n);
    grundy_values(compact, boost::make_iterator_property_map(values.begin(), get(boost::vertex_index, compact)),
                  [](std::uint32_t v) { return std::to_string(v); });
    EXPECT_EQ(values, test::by_definition(list)) << "round " << round;
  }
}

TEST(GameGraphTest, NamedGraphKeepsANamePerVertex) {
  named_game_graph named{game_graph(2), {"start", "end"}};
  add_edge(0, 1, named.graph);
  EXPECT_EQ(num_vertices(named.graph), named.names.size());
  EXPECT_EQ(test::values_by_name(named), (std::map<std::string, grundy_value>{{"end", 0}, {"start", 1}}));
}

}  // namespace
}  // namespace tartan
