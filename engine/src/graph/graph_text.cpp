// Game graphs as text (graph_text.hpp): a Graphviz DOT subset (a lexer and a recursive-descent parser) and edge lists.
#include "tartan/graph/graph_text.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

// Vertices by name, numbered in order of first appearance. The graph is built once at the end, in place:
// adjacency_list has no move constructor, and its copy is both slow and noisy under -Wmaybe-uninitialized.
class graph_builder {
 public:
  std::size_t vertex(std::string_view name) {
    const auto [it, inserted] = index_.try_emplace(std::string(name), names_.size());
    if (inserted) names_.emplace_back(name);
    return it->second;
  }
  void edge(std::size_t from, std::size_t to) { edges_.emplace_back(from, to); }
  named_game_graph finish() {
    const std::size_t count = names_.size();
    return named_game_graph{game_graph(edges_.begin(), edges_.end(), count), std::move(names_)};
  }

 private:
  std::vector<std::string> names_;
  std::vector<std::pair<std::size_t, std::size_t>> edges_;
  std::unordered_map<std::string, std::size_t> index_;
};

// ---- DOT ----------------------------------------------------------------------------------------------------

enum class token_kind {
  id,
  quoted,
  arrow,
  undirected_edge,
  open_brace,
  close_brace,
  open_bracket,
  close_bracket,
  semicolon,
  comma,
  equals,
  colon,
  end
};

struct token {
  token_kind kind = token_kind::end;
  std::string text;  // the name for id and quoted, the symbol otherwise
  std::size_t line = 1;
};

std::string describe(const token& t) {
  switch (t.kind) {
    case token_kind::end:
      return "the end of the input";
    case token_kind::quoted:
      return "the quoted name " + tartan::quote_typed(t.text);
    default:
      return tartan::quote_typed(t.text);
  }
}

bool is_id_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalpha(u) || c == '_' || u >= 0x80;
}
bool is_id_char(char c) { return is_id_start(c) || std::isdigit(static_cast<unsigned char>(c)); }

bool equals_keyword(std::string_view word, std::string_view keyword) {
  if (word.size() != keyword.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(word[i])) != keyword[i]) return false;
  }
  return true;
}

class dot_lexer {
 public:
  explicit dot_lexer(std::string_view text) : text_(text) {}

  [[noreturn]] void fail(std::size_t line, const std::string& message) const {
    throw parse_error("dot line " + std::to_string(line) + ": " + message);
  }

  token next() {
    skip_blanks_and_comments();
    token t;
    t.line = line_;
    if (pos_ >= text_.size()) return t;
    const char c = text_[pos_];
    const auto symbol = [&](token_kind kind, std::size_t length) {
      t.kind = kind;
      t.text = std::string(text_.substr(pos_, length));
      pos_ += length;
      return t;
    };
    switch (c) {
      case '{':
        return symbol(token_kind::open_brace, 1);
      case '}':
        return symbol(token_kind::close_brace, 1);
      case '[':
        return symbol(token_kind::open_bracket, 1);
      case ']':
        return symbol(token_kind::close_bracket, 1);
      case ';':
        return symbol(token_kind::semicolon, 1);
      case ',':
        return symbol(token_kind::comma, 1);
      case '=':
        return symbol(token_kind::equals, 1);
      case ':':
        return symbol(token_kind::colon, 1);
      case '"':
        return quoted();
      default:
        break;
    }
    if (c == '-' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '>') return symbol(token_kind::arrow, 2);
    if (c == '-' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '-') return symbol(token_kind::undirected_edge, 2);
    if (is_id_start(c)) {
      std::size_t end = pos_;
      while (end < text_.size() && is_id_char(text_[end])) ++end;
      return symbol(token_kind::id, end - pos_);
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-') {  // a numeral: -?(.d+|d+(.d*)?)
      std::size_t end = pos_ + (c == '-' ? 1 : 0);
      bool dot = false, digits = false;
      while (end < text_.size()) {
        const char d = text_[end];
        if (std::isdigit(static_cast<unsigned char>(d)))
          digits = true;
        else if (d == '.' && !dot)
          dot = true;
        else
          break;
        ++end;
      }
      if (!digits)
        fail(line_, tartan::quote_typed(text_.substr(pos_, std::max<std::size_t>(1, end - pos_))) +
                        " is not a name; quote names with other characters, e.g. \"a-b\"");
      return symbol(token_kind::id, end - pos_);
    }
    fail(line_, "unexpected character " + tartan::describe_typed_char(text_, pos_) +
                    "; write vertex names as identifiers, numbers or \"quoted strings\"");
  }

 private:
  token quoted() {
    token t;
    t.kind = token_kind::quoted;
    t.line = line_;
    ++pos_;
    while (true) {
      if (pos_ >= text_.size()) fail(t.line, "a quoted name is not closed; end it with '\"'");
      const char c = text_[pos_];
      if (c == '"') break;
      if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
        t.text += '"';
        pos_ += 2;
        continue;
      }
      if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {  // a line continuation
        ++line_;
        pos_ += 2;
        continue;
      }
      if (c == '\n') ++line_;
      t.text += c;
      ++pos_;
    }
    ++pos_;
    return t;
  }

  void skip_blanks_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
        at_line_start_ = true;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (c == '#' && at_line_start_) {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (text_.substr(pos_, 2) == "/*") {
        const std::size_t start_line = line_;
        const std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) fail(start_line, "a comment opened with /* is not closed; end it with */");
        for (std::size_t i = pos_; i < end; ++i) line_ += text_[i] == '\n';
        pos_ = end + 2;
      } else {
        at_line_start_ = false;
        return;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  bool at_line_start_ = true;
};

class dot_parser {
 public:
  explicit dot_parser(std::string_view text) : lexer_(text) { advance(); }

  named_game_graph parse() {
    if (is_keyword("strict")) advance();
    if (is_keyword("graph")) {
      lexer_.fail(current_.line, "an undirected 'graph' is not a game (moves have a direction); write 'digraph'");
    }
    if (!is_keyword("digraph")) fail_expected("'digraph'", "a DOT game graph looks like digraph { a -> b; b -> c }");
    advance();
    if (current_.kind == token_kind::id || current_.kind == token_kind::quoted) advance();  // the graph's name
    expect(token_kind::open_brace, "'{'", "a DOT game graph looks like digraph { a -> b; b -> c }");
    while (current_.kind != token_kind::close_brace) {
      if (current_.kind == token_kind::end) {
        fail_expected("'}'", "close the graph with '}'");
      }
      statement();
      if (current_.kind == token_kind::semicolon || current_.kind == token_kind::comma) advance();
    }
    advance();
    if (current_.kind != token_kind::end) {
      fail_expected("the end of the input", "give one graph per file");
    }
    return builder_.finish();
  }

 private:
  void advance() { current_ = lexer_.next(); }

  bool is_keyword(std::string_view keyword) const {
    return current_.kind == token_kind::id && equals_keyword(current_.text, keyword);
  }

  bool is_name() const {
    return current_.kind == token_kind::quoted ||
           (current_.kind == token_kind::id && !is_keyword("node") && !is_keyword("edge") && !is_keyword("graph") &&
            !is_keyword("subgraph") && !is_keyword("digraph") && !is_keyword("strict"));
  }

  [[noreturn]] void fail_expected(const std::string& what, const std::string& hint) const {
    lexer_.fail(current_.line, "expected " + what + ", found " + describe(current_) + "; " + hint);
  }

  void expect(token_kind kind, const std::string& what, const std::string& hint) {
    if (current_.kind != kind) fail_expected(what, hint);
    advance();
  }

  void skip_attributes() {
    while (current_.kind == token_kind::open_bracket) {
      const std::size_t line = current_.line;
      advance();
      while (current_.kind != token_kind::close_bracket) {
        if (current_.kind == token_kind::end) lexer_.fail(line, "an attribute list opened with '[' is not closed");
        advance();
      }
      advance();
    }
  }

  void statement() {
    if (is_keyword("node") || is_keyword("edge") || is_keyword("graph")) {  // default attributes: ignored
      advance();
      skip_attributes();
      return;
    }
    if (is_keyword("subgraph") || current_.kind == token_kind::open_brace) {
      lexer_.fail(current_.line, "subgraphs are not supported; list the edges between vertices directly");
    }
    if (!is_name()) fail_expected("a vertex name", "statements look like a -> b; or a;");
    std::string first = current_.text;
    advance();
    if (current_.kind == token_kind::equals) {  // name = value: a graph attribute, ignored
      advance();
      if (current_.kind != token_kind::id && current_.kind != token_kind::quoted) {
        fail_expected("a value after '='", "graph attributes look like rankdir = LR");
      }
      advance();
      return;
    }
    std::size_t from = vertex(first);
    while (true) {
      if (current_.kind == token_kind::colon) {
        lexer_.fail(current_.line, "ports (name:port) are not supported; write the vertex name alone");
      }
      if (current_.kind == token_kind::undirected_edge) {
        lexer_.fail(current_.line, "'--' is an undirected edge and a move has a direction; write '->'");
      }
      if (current_.kind != token_kind::arrow) break;
      advance();
      if (current_.kind == token_kind::open_brace || is_keyword("subgraph")) {
        lexer_.fail(current_.line, "subgraphs are not supported; list the edges between vertices directly");
      }
      if (!is_name()) fail_expected("a vertex name after '->'", "edges look like a -> b");
      const std::size_t to = vertex(current_.text);
      builder_.edge(from, to);
      from = to;
      advance();
    }
    skip_attributes();
  }

  std::size_t vertex(const std::string& name) { return builder_.vertex(name); }

  dot_lexer lexer_;
  token current_;
  graph_builder builder_;
};

// ---- edge list ------------------------------------------------------------------------------------------------

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t end = i;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
    if (end > i) out.push_back(line.substr(i, end - i));
    i = end;
  }
  return out;
}

}  // namespace

named_game_graph parse_dot(std::string_view text) { return dot_parser(text).parse(); }

named_game_graph parse_edge_list(std::string_view text) {
  graph_builder builder;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    line = line.substr(0, line.find('#'));
    auto names = words(line);
    if (names.size() == 3 && names[1] == "->") names.erase(names.begin() + 1);
    if (names.empty()) continue;
    if (names.size() > 2) {
      throw parse_error("edge list line " + std::to_string(line_number) + ": expected 'u v' (an edge) or 'u' (a " +
                        "vertex), found " + std::to_string(names.size()) + " names; write one edge per line");
    }
    const std::size_t from = builder.vertex(names[0]);
    if (names.size() == 2) builder.edge(from, builder.vertex(names[1]));
  }
  return builder.finish();
}

graph_format detect_graph_format(std::string_view text) {
  // The first word after blanks and comments.
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#' || text.substr(i, 2) == "//") {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (text.substr(i, 2) == "/*") {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return graph_format::dot;  // the DOT reader reports the open comment
      i = end + 2;
    } else {
      break;
    }
  }
  std::size_t end = i;
  while (end < text.size() && is_id_char(text[end])) ++end;
  const std::string_view word = text.substr(i, end - i);
  if (equals_keyword(word, "digraph") || equals_keyword(word, "graph") || equals_keyword(word, "strict")) {
    return graph_format::dot;
  }
  return graph_format::edge_list;
}

named_game_graph parse_game_graph(std::string_view text, graph_format format) {
  if (format == graph_format::automatic) format = detect_graph_format(text);
  return format == graph_format::dot ? parse_dot(text) : parse_edge_list(text);
}

}  // namespace tartan
