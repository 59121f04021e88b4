// Grundy values on an explicit game graph: any finite impartial game given as a directed graph whose edges are its
// moves. Boost.Graph is included by the graph/ headers alone.
//
// g(v) = mex { g(w) : v -> w } (Sprague 1935, Grundy 1939; Winning Ways ch. 11). The values are computed by one
// depth-first search: a vertex's value is the mex of its successors' values, taken in finish_vertex, when every
// successor has finished (in an acyclic graph every out-edge of v is a tree, forward or cross edge, so its target
// finishes before v does). A back edge closes a cycle, and the game is then not finite: not_acyclic names the
// vertices on the cycle. Boost's depth_first_search keeps its own stack, so deep graphs (long paths) are safe.
// Complexity: O(V + E) time, O(V) memory besides the graph.
//
// The readers of DOT and edge lists are in graph_text.hpp.
#pragma once

#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/graph_traits.hpp>
#include <boost/graph/properties.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tartan/core/coin.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/graph/game_graph.hpp"

namespace tartan {

namespace detail {

// Cycles longer than this are shown by their first vertices and their length.
inline constexpr std::size_t shown_cycle_vertices = 24;

// The DFS visitor behind grundy_values. Visitors are passed by value, so everything it writes lives in property maps
// and in a shared scratch block (the BGL FAQ's visitor_by_value idiom).
template <class Graph, class ValueMap, class ParentMap, class Describe>
class grundy_visitor : public boost::default_dfs_visitor {
 public:
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  using edge = typename boost::graph_traits<Graph>::edge_descriptor;

  grundy_visitor(ValueMap values, ParentMap parents, const Describe* describe)
      : values_(values), parents_(parents), describe_(describe), scratch_(std::make_shared<scratch>()) {}

  void tree_edge(edge e, const Graph& g) const { put(parents_, target(e, g), source(e, g)); }

  // A back edge u -> v closes the cycle v -> ... -> u -> v along the tree path, which the parents record.
  void back_edge(edge e, const Graph& g) const {
    const vertex u = source(e, g), v = target(e, g);
    std::vector<vertex> path{u};
    while (path.back() != v) path.push_back(get(parents_, path.back()));
    std::string text;
    const std::size_t length = path.size();
    for (std::size_t i = 0; i < length; ++i) {
      if (i == shown_cycle_vertices && length > shown_cycle_vertices + 1) {
        text += "... (" + std::to_string(length) + " vertices) -> ";
        break;
      }
      text += (*describe_)(path[length - 1 - i]) + " -> ";
    }
    text += (*describe_)(v);
    throw not_acyclic("the graph has a cycle: " + text + "; Grundy values need a finite (acyclic) game");
  }

  void finish_vertex(vertex u, const Graph& g) const {
    auto& options = scratch_->options;
    options.clear();
    for (auto [it, end] = out_edges(u, g); it != end; ++it) options.push_back(get(values_, target(*it, g)));
    put(values_, u, mex(options, scratch_->marks));
  }

 private:
  struct scratch {
    std::vector<grundy_value> options;
    std::vector<char> marks;
  };
  ValueMap values_;
  ParentMap parents_;
  const Describe* describe_;
  std::shared_ptr<scratch> scratch_;
};

}  // namespace detail

/**
 * Writes the Grundy value of every vertex of `g` into `values` (a writable property map keyed by vertex). `g` is any
 * Boost graph with out-edges and an integer vertex index (adjacency_list with vecS vertices, a CSR graph, ...).
 * `describe(v)` names a vertex in the cycle message. Throws not_acyclic, e.g. "the graph has a cycle: a -> b -> c ->
 * a; Grundy values need a finite (acyclic) game". Complexity: O(V + E).
 *
 * Example: a path a -> b -> c gives c = 0, b = 1, a = 0 (see grundy_values(const named_game_graph&)).
 */
template <class Graph, class ValueMap, class Describe>
void grundy_values(const Graph& g, ValueMap values, const Describe& describe) {
  using vertex = typename boost::graph_traits<Graph>::vertex_descriptor;
  const auto index = get(boost::vertex_index, g);
  std::vector<vertex> parent_storage(num_vertices(g));
  const auto parents = boost::make_iterator_property_map(parent_storage.begin(), index);
  std::vector<boost::default_color_type> color_storage(num_vertices(g), boost::white_color);
  const auto colors = boost::make_iterator_property_map(color_storage.begin(), index);
  detail::grundy_visitor<Graph, ValueMap, decltype(parents), Describe> visitor(values, parents, &describe);
  boost::depth_first_search(g, boost::visitor(visitor).color_map(colors));
}

/**
 * The Grundy value of every vertex, indexed by vertex number; cycles are reported with vertex numbers.
 *
 * Example: game_graph g(3); add_edge(0, 1, g); add_edge(1, 2, g); grundy_values(g) == {0, 1, 0}
 */
std::vector<grundy_value> grundy_values(const game_graph& g);

/**
 * The Grundy value of every vertex, indexed like graph.names; cycles are reported with the vertex names.
 *
 * Example: grundy_values(parse_dot("digraph { a -> b -> c; a -> c }")) == {2, 1, 0} (parse_dot: graph_text.hpp)
 */
std::vector<grundy_value> grundy_values(const named_game_graph& graph);

}  // namespace tartan
