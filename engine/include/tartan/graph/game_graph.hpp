// The game graph types: any finite impartial game as a directed graph whose edges are its moves. grundy_graph.hpp
// computes their Grundy values, graph_text.hpp reads them from DOT and edge lists.
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace tartan {

/// A game as a directed graph: vertex v's out-edges lead to the positions one move away.
using game_graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

/// A compact, immutable game graph for large explicit checks: 32-bit vertices and edge indices, 4 bytes per edge
/// (built from edges sorted by source, see game_check).
using compact_game_graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                                              boost::no_property, std::uint32_t, std::uint32_t>;

/// A game graph with a name per vertex (names[v] for vertex v, in order of first appearance in the input).
struct named_game_graph {
  game_graph graph;
  std::vector<std::string> names;
};

}  // namespace tartan
