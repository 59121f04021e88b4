// Fuzz target: game graph files (parse_game_graph: Graphviz DOT and edge lists) and the Grundy values over them.
// The first byte picks the format (automatic, DOT, edge list). Invariants: one name per vertex; on an acyclic
// graph every vertex's value is the mex of its options' values; a not_acyclic error only for graphs that have a
// cycle (checked here by Kahn's algorithm); refusals are parse_error with a line number and what to type.
#include <boost/graph/adjacency_list.hpp>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/graph/graph_text.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace {

using tartan::fuzz::require;

bool has_cycle(const tartan::game_graph& g) {
  const std::size_t n = boost::num_vertices(g);
  std::vector<std::size_t> in_degree(n, 0);
  for (auto [e, end] = boost::edges(g); e != end; ++e) ++in_degree[boost::target(*e, g)];
  std::vector<std::size_t> ready;
  for (std::size_t v = 0; v < n; ++v) {
    if (in_degree[v] == 0) ready.push_back(v);
  }
  std::size_t removed = 0;
  while (!ready.empty()) {
    const std::size_t v = ready.back();
    ready.pop_back();
    ++removed;
    for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) {
      if (--in_degree[boost::target(*e, g)] == 0) ready.push_back(boost::target(*e, g));
    }
  }
  return removed != n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint8_t mode = in.byte() % 3;
  const auto format = mode == 0   ? tartan::graph_format::automatic
                      : mode == 1 ? tartan::graph_format::dot
                                  : tartan::graph_format::edge_list;
  tartan::named_game_graph graph;
  try {
    graph = tartan::parse_game_graph(in.rest(), format);
  } catch (const tartan::parse_error& e) {
    const std::string_view message = e.what();
    require(message.find("line ") != std::string_view::npos || message.find("empty") != std::string_view::npos,
            "a graph parse error names no line");
    return 0;
  }
  const auto& g = graph.graph;
  require(graph.names.size() == boost::num_vertices(g), "not one name per vertex");
  try {
    const auto values = tartan::grundy_values(graph);
    require(!has_cycle(g), "values were given for a graph with a cycle");
    require(values.size() == boost::num_vertices(g), "not one value per vertex");
    for (std::size_t v = 0; v < values.size(); ++v) {
      std::vector<tartan::grundy_value> options;
      for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) options.push_back(values[boost::target(*e, g)]);
      require(values[v] == tartan::mex(options), "a vertex's value is not the mex of its options");
    }
  } catch (const tartan::not_acyclic&) {
    require(has_cycle(g), "a cycle was reported in an acyclic graph");
  }
  return 0;
}
