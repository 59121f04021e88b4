// Grundy values on explicit game graphs: the depth-first search of grundy_graph.hpp over a game_graph.
#include "tartan/graph/grundy_graph.hpp"

#include <string>

namespace tartan {

std::vector<grundy_value> grundy_values(const game_graph& g) {
  std::vector<grundy_value> values(num_vertices(g));
  grundy_values(g, boost::make_iterator_property_map(values.begin(), get(boost::vertex_index, g)),
                [](std::size_t v) { return std::to_string(v); });
  return values;
}

std::vector<grundy_value> grundy_values(const named_game_graph& graph) {
  std::vector<grundy_value> values(num_vertices(graph.graph));
  grundy_values(graph.graph, boost::make_iterator_property_map(values.begin(), get(boost::vertex_index, graph.graph)),
                [&](std::size_t v) { return graph.names[v]; });
  return values;
}

}  // namespace tartan
