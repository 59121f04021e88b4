// Game graphs as text: a Graphviz DOT subset and a plain edge list, both giving vertices their names in order of
// first appearance. The Grundy values of what they read are computed by grundy_graph.hpp.
#pragma once

#include <string_view>

#include "tartan/graph/game_graph.hpp"

namespace tartan {

/// The input formats of parse_game_graph. `automatic` chooses DOT when the first word is digraph, graph or strict.
enum class graph_format { automatic, dot, edge_list };

/**
 * Reads a Graphviz DOT subset: `[strict] digraph [name] { statements }`, each statement ending in ';' or not:
 * `a -> b -> c [attributes]` (an edge chain), `a [attributes]` (a vertex), `name = value` and `graph|node|edge
 * [attributes]` (ignored). Names are identifiers, numerals or "quoted strings" (with \" inside); attributes in [...]
 * are ignored; comments are C and C++ style, and lines starting with '#'. Undirected graphs, subgraphs and ports are
 * refused. Throws parse_error with the line number: "dot line 3: expected a vertex name after '->', found '}'; ...".
 *
 * Example: parse_dot("digraph { \"x y\" -> z; lonely }").names == {"x y", "z", "lonely"}
 */
named_game_graph parse_dot(std::string_view text);

/**
 * Reads an edge list: one `u v` per line (an edge u -> v; `u -> v` is accepted too), a single name declares a
 * vertex, '#' starts a comment. Names are runs of non-blank characters. Throws parse_error with the line number.
 *
 * Example: parse_edge_list("a b\nb c\n# comment\nd\n").names == {"a", "b", "c", "d"}
 */
named_game_graph parse_edge_list(std::string_view text);

/// DOT or edge list, as asked or detected (graph_format::automatic).
named_game_graph parse_game_graph(std::string_view text, graph_format format = graph_format::automatic);

/// The format `automatic` picks for this text.
graph_format detect_graph_format(std::string_view text);

}  // namespace tartan
