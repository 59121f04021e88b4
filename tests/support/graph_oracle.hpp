// Grundy values of game graphs by the definition, for tests: g(v) = mex of g over v's successors, by memoised
// recursion (no DFS classification, no visitor), independent of grundy_graph.hpp's search.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tartan/graph/game_graph.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace tartan::test {

// g(v) = mex of g over v's successors, by memoised recursion (no DFS classification, no visitor).
inline std::vector<grundy_value> by_definition(const game_graph& g) {
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

/// The engine's values (grundy_values) keyed by vertex name.
inline std::map<std::string, grundy_value> values_by_name(const named_game_graph& graph) {
  const auto values = grundy_values(graph);
  std::map<std::string, grundy_value> out;
  for (std::size_t v = 0; v < values.size(); ++v) out[graph.names[v]] = values[v];
  return out;
}

}  // namespace tartan::test
