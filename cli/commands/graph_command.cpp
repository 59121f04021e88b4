// tartan graph FILE: the Grundy value of every vertex of a finite impartial game given as a directed graph
// (Graphviz DOT or an edge list: engine/include/tartan/graph/graph_text.hpp; the values: grundy_graph.hpp).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/options.hpp"
#include "tartan/core/error.hpp"
#include "tartan/graph/graph_text.hpp"
#include "tartan/graph/grundy_graph.hpp"
#include "tartan/present/json_output.hpp"

namespace tartan::cli {

namespace {

struct graph_options {
  std::string file;
  std::string format = "auto";
  bool json = false;
  bool big_as_strings = false;
  std::string max_memory;
};

/// Memory per byte of graph text, bounded above: an edge "a b" (4 bytes) becomes two named vertices (a string and a
/// map entry each, about 80 bytes) and an edge in the adjacency lists (about 32 bytes), and the text itself is kept.
constexpr std::uint64_t graph_bytes_per_input_byte = 64;

/// A name as printed in "name value" lines: quoted (DOT style) when it is empty or has blanks or quotes, so that
/// every line splits into exactly two fields.
std::string printable(const std::string& name) {
  bool plain = !name.empty();
  for (const char c : name) {
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) <= ' ') plain = false;
  }
  if (plain) return name;
  std::string quoted = "\"";
  for (const char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + '"';
}

void run_graph(const graph_options& o, std::uint64_t max_memory) {
  const std::string text = read_input_text(o.file, "the graph", graph_bytes_per_input_byte, max_memory);
  const graph_format format = o.format == "dot"     ? graph_format::dot
                              : o.format == "edges" ? graph_format::edge_list
                                                    : graph_format::automatic;
  const named_game_graph graph = parse_game_graph(text, format);
  const auto values = grundy_values(graph);
  if (o.json) {
    auto vertices = nlohmann::ordered_json::array();
    for (std::size_t v = 0; v < values.size(); ++v) {
      nlohmann::ordered_json item;
      item["name"] = graph.names[v];
      item["grundy"] = values[v];
      vertices.push_back(std::move(item));
    }
    nlohmann::ordered_json out;
    out["vertices"] = std::move(vertices);
    std::cout << out.dump() << '\n';
  } else {
    std::string lines;
    for (std::size_t v = 0; v < values.size(); ++v) {
      lines += printable(graph.names[v]) + ' ' + std::to_string(values[v]) + '\n';
    }
    std::cout << lines;
  }
}

}  // namespace

void add_graph_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "graph", "Grundy values of a finite impartial game given as a directed graph (an edge is a move).");
  sub->footer(
      "FILE is Graphviz DOT (digraph { a -> b -> c; a -> c; lonely }) or an edge list (one 'u v' per line, a single\n"
      "name declares a vertex, # starts a comment); - reads standard input. --format auto picks DOT when the first\n"
      "word is 'digraph'. Prints 'vertex value' per line in input order (names with blanks are quoted). A cycle is\n"
      "an error naming its vertices: Grundy values need a finite game.\n"
      "Examples:\n"
      "  echo 'digraph { a -> b -> c; a -> c }' | tartan graph -      a 2, b 1, c 0\n"
      "  tartan graph moves.txt --format edges --json");
  auto o = std::make_shared<graph_options>();
  sub->add_option("FILE", o->file, "The graph file, or - for standard input")->required();
  sub->add_option("--format", o->format, "dot, edges or auto")
      ->check(CLI::IsMember({"auto", "dot", "edges"}))
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print {\"vertices\": [{\"name\": ..., \"grundy\": ...}, ...]}");
  add_big_as_strings_flag(sub, o->big_as_strings);
  add_max_memory_option(sub, o->max_memory, "Refuse graphs whose text and vertices need more memory");
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(o->big_as_strings, o->json);
    run_graph(*o, max_memory_limit(*sub, o->max_memory));
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
