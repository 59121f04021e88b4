#include "tartan/present/misere_output.hpp"

#include <string>

#include "tartan/present/analysis_output.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::present {

namespace {

/// Heaps listed in full up to this many; beyond, their number and the largest.
constexpr std::size_t listed_heaps = 32;

std::string plural(std::uint64_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// The line before a page of winning moves: false, after saying why, when there is nothing to list.
bool begin_page(std::ostream& out, char outcome, bool terminal, std::size_t limit, const char* moves) {
  if (terminal) {
    out << "winning moves: none needed; the player to move has no move, and wins\n";
    return false;
  }
  if (outcome == 'P') {
    out << "winning moves: none; every " << moves << " leaves an N-position\n";
    return false;
  }
  if (limit == 0) {
    out << "winning moves: not searched (--limit 0)\n";
    return false;
  }
  return true;
}

/// The heading of a page's first winning move: those of a position whose solving stopped are the moves to positions
/// solved before the stop, and the others are unknown.
std::string page_heading(char outcome) {
  return outcome == '?' ? "winning moves found among the positions solved before the stop (others are unknown; "
                        : "winning moves (";
}

/// The line after a page: where it stopped, or why it is empty. A position whose solving stopped before its outcome
/// was known has winning moves unknown, not none: the search for them never ran, or ran over a part of its options.
void end_page(std::ostream& out, char outcome, std::size_t listed, std::size_t limit, std::size_t offset,
              bool interrupted) {
  if (outcome == '?') {
    if (listed == 0) out << "winning moves: unknown (the solving stopped before the outcome was known)\n";
    return;
  }
  if (interrupted) {
    if (listed == 0) out << "winning moves: none found before the search stopped\n";
    return;
  }
  if (listed == 0) {
    out << "winning moves: none from --offset " << offset << " on (the position has fewer)\n";
    return;
  }
  if (listed == limit) {
    out << "(stopped at --limit " << limit << "; --offset " << offset + limit << " lists the next ones)\n";
  }
}

/// The line of a count: the number of winning moves, or that the search stopped before it.
void print_counted(std::ostream& out, std::optional<std::uint64_t> counted) {
  if (counted) {
    out << "winning moves: " << *counted << " (counted, not listed)\n";
  } else {
    out << "winning moves: not counted (the search stopped first)\n";
  }
}

std::string heap_method_text(const misere_heap_analysis& a) {
  if (a.method() == heap_misere_method::quotient) {
    const misere_quotient& q = *a.solver()->quotient();
    std::string text = "the misère quotient of the heaps up to " + std::to_string(q.bound()) + " (order " +
                       std::to_string(q.order()) + ", " + std::to_string(q.p_portion_size()) +
                       " P-elements; every candidate checked exactly";
    if (q.period()) {
      text += "; heaps above " + std::to_string(q.bound()) + " through the period " +
              std::to_string(q.period()->period) + " from heap " + std::to_string(q.period()->start) +
              " that the periodicity theorem proves";
    }
    return text + "): the heaps' classes multiply to a P-element exactly at a P-position";
  }
  if (a.method() == heap_misere_method::genus) {
    return "the genus method: every heap is tame, so the misère Nim rule decides on their genera";
  }
  return "the plain search over heap positions (" + plural(a.positions_solved(), "position") + " solved)";
}

}  // namespace

std::string misere_outcome_text(char outcome, bool terminal) {
  if (terminal) return "N (no move is left: the player to move wins)";
  if (outcome == 'N') return "N (the first player wins)";
  if (outcome == 'P') return "P (the second player wins)";
  return "unknown (the solving stopped first)";
}

std::string misere_method_text(const misere_analysis& a) {
  const misere_solver& s = *a.solver();
  if (a.method() == misere_method::sweep) {
    return "the sweep of the " + plural(s.top() + 1, "position") + " up to this one, in increasing order";
  }
  return "the reachable search (" + plural(a.positions_solved(), "position") + " solved)";
}

void print_misere_head(std::ostream& out, const misere_analysis& a) {
  print_position_head(out, a.game(), a.position());
  out << misere_line << '\n';
  out << "outcome: " << misere_outcome_text(a.outcome(), a.terminal()) << '\n';
  if (!a.terminal()) out << "method: " << misere_method_text(a) << '\n';
}

misere_page_printer::misere_page_printer(std::ostream& out, const misere_analysis& a, std::size_t limit,
                                         std::size_t offset)
    : out_(out), a_(a), limit_(limit), offset_(offset) {}

bool misere_page_printer::begin() { return begin_page(out_, a_.outcome(), a_.terminal(), limit_, "move"); }

bool misere_page_printer::visit(const move& m) {
  if (listed_ == 0) {
    if (offset_ != 0) out_ << "from winning move " << offset_ + 1 << " on, ";
    const std::size_t k = a_.game().dimensions();
    out_ << page_heading(a_.outcome())
         << (k == 1   ? "each leaves a P-position; the coins turned, ascending, the last from heads to tails):\n"
             : k == 2 ? "each leaves a P-position; turn every coin of rows × columns, the last row and column meeting "
                        "at the heads coin that goes to tails):\n"
                      : "each leaves a P-position; turn every coin of the product of the axes' coins, the last of each "
                        "axis meeting at the heads coin that goes to tails):\n");
  }
  ++listed_;
  out_ << "  " << move_text(m) << '\n';
  return listed_ < limit_;
}

void misere_page_printer::finish(const search_report& r) {
  end_page(out_, a_.outcome(), listed_, limit_, offset_, r.interrupted());
}

void print_misere_count(std::ostream& out, const misere_analysis& a, std::optional<std::uint64_t> counted) {
  print_misere_head(out, a);
  print_counted(out, counted);
}

nlohmann::ordered_json misere_analysis_json(const misere_analysis& a, const std::vector<move>& winning,
                                            std::optional<std::uint64_t> counted, bool count) {
  nlohmann::ordered_json json = term_json(a.game(), a.position().extents());
  json["position"] = heads_json(a.position());
  json["play"] = "misère";
  json["outcome"] =
      a.outcome() == '?' ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(1, a.outcome()));
  json["terminal"] = a.terminal();
  json["method"] = misere_method_name(a.method());
  json["positions_solved"] = a.positions_solved();
  if (count) {
    json["winning_move_count"] = counted ? nlohmann::ordered_json(*counted) : nlohmann::ordered_json(nullptr);
    return json;
  }
  auto list = nlohmann::ordered_json::array();
  for (const move& m : winning) list.push_back(move_json(m));
  json["winning_moves"] = std::move(list);
  return json;
}

std::string genus_text(const heap_genus& g) {
  if (!g.tame) return "not proved tame";
  const grundy_value v = g.value;
  // Tame genera: 0^120 and 1^031 (fickle), g^(g, g XOR 2) repeating (firm). Conway writes the exponent's digits side
  // by side; past 9 they are separated.
  const std::vector<grundy_value> exponent =
      g.fickle ? std::vector<grundy_value>{v ^ 1, v ^ 2, v} : std::vector<grundy_value>{v, v ^ 2};
  bool digits = true;
  for (const grundy_value e : exponent) digits = digits && e < 10;
  std::string text = std::to_string(v) + "^";
  if (!digits) text += "(";
  for (std::size_t i = 0; i < exponent.size(); ++i) {
    if (!digits && i > 0) text += ",";
    text += std::to_string(exponent[i]);
  }
  if (!digits) text += ")";
  return text;
}

void print_misere_heap_analysis(std::ostream& out, const misere_heap_analysis& a, const std::vector<heap_move>& winning,
                                std::size_t limit, std::size_t offset, bool interrupted,
                                std::optional<std::uint64_t> counted, bool count) {
  const game_handle& game = a.game();
  out << "game: " << game.name();
  const std::string& code = game.row_game().code();
  out << (code == game.name() ? std::string(" (a take-and-break code)") : " (code " + code + ")") << '\n';
  const std::vector<coin>& heaps = a.heaps();
  out << "heaps: ";
  if (heaps.empty()) {
    out << "none";
  } else if (heaps.size() > listed_heaps) {
    out << heaps.size() << " heaps, the largest " << heaps.back();
  } else {
    out << format_coins(heaps);
  }
  out << " (a game of heaps: in misère play equal heaps do not cancel, as they do as coins)\n";
  out << misere_line << '\n';
  out << "outcome: " << misere_outcome_text(a.outcome(), a.terminal()) << '\n';
  if (!a.terminal() && a.solving() == search_end::complete) {
    out << "method: " << heap_method_text(a) << '\n';
    std::vector<coin> sizes = heaps;
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    if (a.method() == heap_misere_method::quotient && sizes.size() <= listed_heaps) {
      const misere_quotient& q = *a.solver()->quotient();
      out << "classes (heap: its class in the quotient, " << q.presentation() << "):";
      for (const coin h : sizes) out << ' ' << h << ": " << q.name(q.image(h)) << (h == sizes.back() ? "" : ",");
      out << "\nposition's class: " << q.name(q.element_of(heaps)) << '\n';
    } else if (sizes.size() <= listed_heaps && !a.genera().empty()) {
      out << "genera (heap: genus):";
      for (const coin h : sizes) {
        if (h < a.genera().size())
          out << ' ' << h << ": " << genus_text(a.genera()[h]) << (h == sizes.back() ? "" : ",");
      }
      out << '\n';
    }
  }
  if (count) return print_counted(out, counted);
  if (!begin_page(out, a.outcome(), a.terminal(), limit, "heap move")) return;
  if (!winning.empty()) {
    if (offset != 0) out << "from winning move " << offset + 1 << " on, ";
    out << page_heading(a.outcome())
        << "each leaves a P-position; in one heap, equal heaps having the same moves, listed once):\n";
    for (const heap_move& m : winning) out << "  " << heap_move_text(m) << '\n';
  }
  end_page(out, a.outcome(), winning.size(), limit, offset, interrupted);
}

std::string misere_sum_method_text(const misere_sum_analysis& a) {
  if (a.heaps() != nullptr) {
    return "the heaps of the terms together, one position of heaps of " + a.heaps()->game().name() + ": " +
           heap_method_text(*a.heaps());
  }
  if (a.method() == sum_misere_method::quotient) {
    const misere_quotient& q = *a.quotient();
    return "the misère quotient of the rows of " + q.row_game().name() + " up to " + q.component_text(q.bound()) +
           " (bitmask " + std::to_string(q.bound()) + "; order " + std::to_string(q.order()) + ", " +
           std::to_string(q.p_portion_size()) +
           " P-elements; every candidate checked exactly): a sum of rows is a sum, so the rows' classes multiply to "
           "a P-element exactly at a P-position";
  }
  return "the search of the sum's positions by the definition (" + plural(a.positions_solved(), "position") +
         " solved)";
}

void print_misere_sum_analysis(std::ostream& out, const misere_sum_analysis& a, const std::vector<sum_move>& winning,
                               std::size_t limit, std::size_t offset, bool interrupted,
                               std::optional<std::uint64_t> counted, bool count) {
  const bool classes = a.quotient() != nullptr;
  out << "sum of " << a.terms().size() << " positions" << sum_numbering << ":\n";
  for (std::size_t i = 0; i < a.terms().size(); ++i) {
    out << "  term " << i << ": " << sum_term_line(a.terms()[i]);
    if (classes) out << "; class " << a.quotient()->name(a.classes()[i]);
    out << '\n';
  }
  out << misere_line << '\n';
  out << "outcome: " << misere_outcome_text(a.outcome(), a.terminal()) << '\n';
  if (!a.terminal() && a.solving() == search_end::complete) {
    out << "method: " << misere_sum_method_text(a) << '\n';
    if (classes) {
      const misere_quotient& q = *a.quotient();
      quotient_element x = 0;
      for (const quotient_element c : a.classes()) x = q.product(x, c);
      out << "sum's class: " << q.name(x) << " (" << q.presentation() << "; P-portion";
      for (quotient_element y = 0, n = 0; y < q.order(); ++y) {
        if (q.is_p(y)) out << (n++ == 0 ? " " : ", ") << q.name(y);
      }
      out << ")\n";
    }
  }
  if (count) return print_counted(out, counted);
  if (!begin_page(out, a.outcome(), a.terminal(), limit, "move")) return;
  if (!winning.empty()) {
    if (offset != 0) out << "from winning move " << offset + 1 << " on, ";
    out << page_heading(a.outcome())
        << "the term, then the coins it turns or its heap move; each leaves a P-position, the other terms as they "
           "are):\n";
    for (const sum_move& m : winning) out << "  term " << m.term << ": " << sum_move_text(m) << '\n';
  }
  end_page(out, a.outcome(), winning.size(), limit, offset, interrupted);
}

nlohmann::ordered_json misere_sum_analysis_json(const misere_sum_analysis& a, const std::vector<sum_move>& winning,
                                                std::optional<std::uint64_t> counted, bool count) {
  const bool classes = a.quotient() != nullptr;
  nlohmann::ordered_json json;
  auto terms = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < a.terms().size(); ++i) {
    const sum_term& t = a.terms()[i];
    nlohmann::ordered_json term = sum_term_json(t);
    if (!t.is_heaps()) {
      const box_position p = t.position.to_position();
      if (p.dimensions() <= 2) term["position"] = p.text();
    }
    if (classes) term["class"] = a.quotient()->name(a.classes()[i]);
    terms.push_back(std::move(term));
  }
  json["sum"] = std::move(terms);
  json["play"] = "misère";
  json["outcome"] =
      a.outcome() == '?' ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(1, a.outcome()));
  json["terminal"] = a.terminal();
  json["method"] = sum_misere_method_name(a.method());
  json["positions_solved"] = a.positions_solved();
  if (classes) {
    const misere_quotient& q = *a.quotient();
    quotient_element x = 0;
    for (const quotient_element c : a.classes()) x = q.product(x, c);
    json["quotient"] = {{q.components() == quotient_components::rows ? "rows" : "heaps", q.component_text(q.bound())},
                        {"order", q.order()},
                        {"p_portion_size", q.p_portion_size()},
                        {"presentation", q.presentation()},
                        {"position_class", q.name(x)}};
  } else {
    json["quotient"] = nullptr;
  }
  if (count) {
    json["winning_move_count"] = counted ? nlohmann::ordered_json(*counted) : nlohmann::ordered_json(nullptr);
    return json;
  }
  auto list = nlohmann::ordered_json::array();
  for (const sum_move& m : winning) list.push_back(sum_move_json(m));
  json["winning_moves"] = std::move(list);
  return json;
}

nlohmann::ordered_json misere_heap_analysis_json(const misere_heap_analysis& a, const std::vector<heap_move>& winning,
                                                 std::optional<std::uint64_t> counted, bool count) {
  nlohmann::ordered_json json;
  json["game"] = a.game().name();
  json["code"] = a.game().row_game().code();
  json["heaps"] = a.heaps();
  json["play"] = "misère";
  json["outcome"] =
      a.outcome() == '?' ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(1, a.outcome()));
  json["terminal"] = a.terminal();
  json["method"] = heap_misere_method_name(a.method());
  auto genera = nlohmann::ordered_json::array();
  std::vector<coin> sizes = a.heaps();
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  for (const coin h : sizes) {
    if (h >= a.genera().size()) continue;
    const heap_genus& g = a.genera()[h];
    genera.push_back({{"heap", h},
                      {"tame", g.tame},
                      {"value", g.value},
                      {"misere_value", g.misere_value},
                      {"fickle", g.fickle},
                      {"genus", genus_text(g)}});
  }
  json["genera"] = std::move(genera);
  if (a.method() == heap_misere_method::quotient) {
    const misere_quotient& q = *a.solver()->quotient();
    nlohmann::ordered_json quotient;
    quotient["bound"] = q.bound();
    quotient["order"] = q.order();
    quotient["p_portion_size"] = q.p_portion_size();
    quotient["presentation"] = q.presentation();
    quotient["period"] = q.period()
                             ? nlohmann::ordered_json{{"start", q.period()->start}, {"period", q.period()->period}}
                             : nlohmann::ordered_json(nullptr);
    auto classes = nlohmann::ordered_json::array();
    for (const coin h : sizes) classes.push_back({{"heap", h}, {"class", q.name(q.image(h))}});
    quotient["classes"] = std::move(classes);
    quotient["position_class"] = q.name(q.element_of(a.heaps()));
    json["quotient"] = std::move(quotient);
  }
  json["positions_solved"] = a.positions_solved();
  if (count) {
    json["winning_move_count"] = counted ? nlohmann::ordered_json(*counted) : nlohmann::ordered_json(nullptr);
    return json;
  }
  auto list = nlohmann::ordered_json::array();
  for (const heap_move& m : winning) list.push_back({{"take", m.take}, {"from", m.from}, {"leaving", m.leaving}});
  json["winning_moves"] = std::move(list);
  return json;
}

void print_misere_check(std::ostream& out, const game_handle& game, const misere_check_result& r) {
  const std::uint64_t cells = cell_count(r.extents);
  if (game.is_product()) {
    out << "game: " << r.game << " (a tartan product: G = " << product_formula(game) << ")\n";
    out << (r.extents.size() == 2 ? "board: " : "box: ") << format_size(r.extents) << " (" << cells
        << " coins, numbered from 0 at the top left)\n";
  } else {
    const turning_game& g = game.row_game();
    out << "game: " << g.name();
    if (!g.code().empty() && g.code() != g.name()) out << " (code " << games::shortened_code(g.code()) << ')';
    out << "\ncoins: " << cells << " (numbered from 0 at the left)\n";
  }
  out << misere_line << '\n';
  out << "the misère Nim rule: P exactly when the value is 1 if every heads coin's value is at most 1, else exactly "
         "when it is 0\n";
  out << "positions checked: " << r.positions;
  if (!r.complete) out << " of " << (std::uint64_t{1} << cells) << " (interrupted: every position below the stop)";
  out << '\n';
  out << "misère P-positions: " << r.p_positions << '\n';
  out << "positions where the rule fails: " << r.mismatches << '\n';
  if (r.mismatches == 0) {
    if (r.complete) {
      out << "tame up to " << (game.is_product() ? format_size(r.extents) : std::to_string(cells))
          << ": every position's misère outcome follows from the coins' values by the misère Nim rule\n";
    } else {
      out << "so far: every position checked follows the misère Nim rule\n";
    }
    return;
  }
  out << "first of them (position" << (game.is_product() ? ", rows joined by '/'" : ", coin 0 first")
      << ": value, what the rule says, the misère outcome):\n";
  for (const misere_rule_mismatch& m : r.first_mismatches) {
    out << "  ";
    if (m.position.dimensions() <= 2) {
      out << m.position.text();
    } else {
      for (std::size_t h = 0; h < m.position.head_count(); ++h)
        out << (h ? " " : "") << format_cell(m.position.head(h));
    }
    out << ": value " << m.value << (m.small ? " (every heads coin at most 1)" : "") << ", rule " << m.rule
        << ", outcome " << m.outcome << '\n';
  }
}

nlohmann::ordered_json misere_check_json(const game_handle& game, const misere_check_result& r) {
  nlohmann::ordered_json json = term_json(game, r.extents);
  json["play"] = "misère";
  json["positions"] = r.positions;
  json["p_positions"] = r.p_positions;
  json["mismatches"] = r.mismatches;
  json["tame"] = r.tame();
  json["complete"] = r.complete;
  auto list = nlohmann::ordered_json::array();
  for (const misere_rule_mismatch& m : r.first_mismatches) {
    nlohmann::ordered_json item;
    if (m.position.dimensions() <= 2) item["position"] = m.position.text();
    if (game.is_product()) item["heads"] = heads_json(m.position);
    item["value"] = m.value;
    item["small"] = m.small;
    item["outcome"] = std::string(1, m.outcome);
    item["rule"] = std::string(1, m.rule);
    list.push_back(std::move(item));
  }
  json["first_mismatches"] = std::move(list);
  json["seconds"] = r.seconds;
  return json;
}

}  // namespace tartan::present
