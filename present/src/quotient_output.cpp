#include "tartan/present/quotient_output.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

namespace tartan::present {

namespace {

std::string p_portion_text(const misere_quotient& q) {
  std::string s;
  for (quotient_element x = 0; x < q.order(); ++x) {
    if (q.is_p(x)) s += (s.empty() ? "" : ", ") + q.name(x);
  }
  return "{" + s + "}";
}

bool of_rows(const misere_quotient& q) { return q.components() == quotient_components::rows; }

/// The code of the game: the take-and-break code, or the turning code of the rows' game.
std::string code_text(const misere_quotient& q) { return of_rows(q) ? q.row_game().code() : q.rule().text(); }

/// "heap" or "row".
std::string unit(const misere_quotient& q) { return of_rows(q) ? "row" : "heap"; }

/// The components up to the bound: "up to 40", "up to HHHH (the 16 rows of at most 4 coins)".
std::string bound_text(const misere_quotient& q, coin c) {
  if (!of_rows(q)) return std::to_string(c);
  const coin coins = static_cast<coin>(std::bit_width(c));
  const bool all = c + 1 == (coin{1} << coins);
  return q.component_text(c) + (all ? " (the " + std::to_string(c + 1) + " rows of at most " + std::to_string(coins) +
                                          (coins == 1 ? " coin)" : " coins)")
                                    : " (row " + std::to_string(c) + " as a bitmask)");
}

/// Φ(0) .. Φ(bound) of heaps as "1 a b ...": the class of heap 0, 1, 2, ...; of rows as "T: 1, H: a, TH: b, ...".
std::string pretending_text(const misere_quotient& q, coin most) {
  std::string s;
  const coin n = std::min(q.bound(), most);
  for (coin h = 0; h <= n; ++h) {
    if (of_rows(q)) {
      s += (h == 0 ? "" : ", ") + q.component_text(h) + ": " + q.name(q.pretending()[h]);
    } else {
      s += (h == 0 ? "" : " ") + q.name(q.pretending()[h]);
    }
  }
  if (n < q.bound()) s += " ... (" + std::to_string(q.bound() - n) + " more)";
  return s;
}

std::string orders_text(const misere_quotient& q) {
  // Each heap where the order changed: "1: 2, 2: 6, 5: 12".
  std::string s;
  std::uint32_t last = 0;
  for (const quotient_step& step : q.steps()) {
    if (step.order == last) continue;
    last = step.order;
    s += (s.empty() ? "" : ", ") + q.component_text(step.heap) + ": " + std::to_string(step.order);
  }
  return s;
}

/// The least failing positions of the last trials at the heap where the construction stopped, "; "-joined.
std::string failures_text(const misere_quotient& q) {
  std::string s;
  for (const auto& w : q.stop_failures()) s += (s.empty() ? "" : "; ") + q.copies_text(w);
  return s;
}

std::string failures_heading(const misere_quotient& q) {
  return "least failing positions of the last " + std::to_string(q.stop_failures().size()) + " trials at " + unit(q) +
         " " + q.component_text(q.bound() + 1) + (of_rows(q) ? " (rows" : " (heap sizes") + ", the oldest first)";
}

}  // namespace

std::string quotient_claim(const misere_quotient& q) {
  if (of_rows(q)) {
    return "the quotient of the rows up to " + bound_text(q, q.bound()) +
           ", every candidate checked exactly over all their sums: a sum of these rows is P exactly when their "
           "classes multiply to a P-element; rows past them are not covered (a longer row is another game, and no "
           "period is looked for)";
  }
  std::string s = "the quotient of the heaps up to " + std::to_string(q.bound()) +
                  ", every candidate checked exactly over all their sums";
  if (q.period()) {
    s += "; the pretending function has period " + std::to_string(q.period()->period) + " from heap " +
         std::to_string(q.period()->start) +
         ", which the periodicity theorem proves for every heap: this is the quotient of the whole game";
  } else {
    s += "; larger heaps are not covered (no period proven" +
         std::string(q.rule().text().find('!') != std::string::npos ? ": the theorem does not apply to codes with '!'"
                                                                    : " within these heaps") +
         ")";
  }
  return s;
}

void print_quotient(std::ostream& out, const misere_quotient& q, const std::string& game_name) {
  out << "game: " << game_name;
  if (game_name != code_text(q)) out << " (code " << code_text(q) << ")";
  out << (of_rows(q) ? "\nplay: misère (the player who makes the last move loses), sums of rows (a move turns coins "
                       "of one row); coins numbered from 0 at the left, a row written up to its last heads coin\n"
                     : "\nplay: misère (the player who makes the last move loses); heaps numbered by their tokens\n");
  out << unit(q) << "s: up to " << bound_text(q, q.bound());
  if (q.bound() < q.asked()) out << " of the " << bound_text(q, q.asked()) << " asked (" << q.stopped_why() << ")";
  if (!q.stop_failures().empty()) {
    out << '\n' << failures_heading(q) << ':';
    for (const auto& w : q.stop_failures()) out << "\n  " << q.copies_text(w);
  }
  out << "\norder: " << q.order() << "\np-portion: " << q.p_portion_size() << " elements " << p_portion_text(q)
      << "\npresentation: " << q.presentation() << "\npretending function ("
      << (of_rows(q) ? "row: its class, rows in the order of their bitmasks" : "heap 0, 1, ...")
      << "): " << pretending_text(q, 200) << "\norders at each " << unit(q) << " bound (" << unit(q)
      << ": order, where it changed): " << orders_text(q) << '\n';
  if (q.order() <= quotient_table_order) {
    out << "multiplication table (rows and columns in the order of the elements):\n";
    std::size_t width = 1;
    for (quotient_element x = 0; x < q.order(); ++x) width = std::max(width, q.name(x).size());
    auto cell = [&](const std::string& s) { out << ' ' << s << std::string(width - s.size(), ' '); };
    cell("");
    for (quotient_element y = 0; y < q.order(); ++y) cell(q.name(y));
    out << '\n';
    for (quotient_element x = 0; x < q.order(); ++x) {
      cell(q.name(x));
      for (quotient_element y = 0; y < q.order(); ++y) cell(q.name(q.product(x, y)));
      out << '\n';
    }
  }
  out << "proven: " << quotient_claim(q) << '\n';
}

void print_quotient_markdown(std::ostream& out, const misere_quotient& q, const std::string& game_name) {
  out << "# Misère quotient of " << game_name;
  if (game_name != code_text(q)) out << " (" << code_text(q) << ")";
  out << "\n\n| | |\n|---|---|\n| " << unit(q) << "s | up to " << bound_text(q, q.bound());
  if (q.bound() < q.asked()) out << " of the " << bound_text(q, q.asked()) << " asked (" << q.stopped_why() << ")";
  if (!q.stop_failures().empty()) out << " |\n| " << failures_heading(q) << " | " << failures_text(q);
  out << " |\n| order | " << q.order() << " |\n| P-portion | " << q.p_portion_size() << ": " << p_portion_text(q)
      << " |\n| presentation | " << q.presentation() << " |\n| orders at each bound | " << orders_text(q)
      << " |\n\n**Proven:** " << quotient_claim(q) << ".\n\n## Pretending function\n\n| " << unit(q)
      << " | class |\n|---|---|\n";
  for (coin h = 0; h <= std::min<coin>(q.bound(), 200); ++h) {
    out << "| " << q.component_text(h) << " | " << q.name(q.pretending()[h]) << " |\n";
  }
  if (q.order() <= quotient_table_order) {
    out << "\n## Multiplication table\n\n| · |";
    for (quotient_element y = 0; y < q.order(); ++y) out << ' ' << q.name(y) << " |";
    out << "\n|---|";
    for (quotient_element y = 0; y < q.order(); ++y) out << "---|";
    out << '\n';
    for (quotient_element x = 0; x < q.order(); ++x) {
      out << "| **" << q.name(x) << "** |";
      for (quotient_element y = 0; y < q.order(); ++y) out << ' ' << q.name(q.product(x, y)) << " |";
      out << '\n';
    }
  }
}

nlohmann::ordered_json quotient_json(const misere_quotient& q, const std::string& game_name) {
  nlohmann::ordered_json json;
  json["game"] = game_name;
  json["code"] = code_text(q);
  json["components"] = of_rows(q) ? "rows" : "heaps";
  if (of_rows(q)) json["coins"] = std::bit_width(q.asked());
  json["asked"] = q.asked();
  json["bound"] = q.bound();
  json["complete"] = q.bound() == q.asked();
  json["stopped"] = q.stopped_why().empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(q.stopped_why());
  auto failures = nlohmann::ordered_json::array();
  for (const auto& w : q.stop_failures()) {
    auto heaps = nlohmann::ordered_json::array();
    for (std::size_t h = 0; h < w.size(); ++h) {
      if (w[h] == 0) continue;
      if (of_rows(q)) {
        heaps.push_back({{"row", q.component_text(static_cast<coin>(h))}, {"copies", w[h]}});
      } else {
        heaps.push_back({{"heap", h}, {"copies", w[h]}});
      }
    }
    failures.push_back(std::move(heaps));
  }
  json["stop_failures"] = std::move(failures);
  json["order"] = q.order();
  json["p_portion_size"] = q.p_portion_size();
  auto generators = nlohmann::ordered_json::array();
  for (std::size_t g = 0; g < q.generator_heaps().size(); ++g) {
    if (of_rows(q)) {
      generators.push_back({{"name", q.generator_names()[g]}, {"row", q.component_text(q.generator_heaps()[g])}});
    } else {
      generators.push_back({{"name", q.generator_names()[g]}, {"heap", q.generator_heaps()[g]}});
    }
  }
  json["generators"] = std::move(generators);
  auto relations = nlohmann::ordered_json::array();
  for (const quotient_relation& r : q.relations()) {
    relations.push_back(q.monomial_name(r.lhs) + " = " + q.monomial_name(r.rhs));
  }
  json["relations"] = std::move(relations);
  json["presentation"] = q.presentation();
  auto elements = nlohmann::ordered_json::array();
  auto p = nlohmann::ordered_json::array();
  for (quotient_element x = 0; x < q.order(); ++x) {
    elements.push_back(q.name(x));
    if (q.is_p(x)) p.push_back(q.name(x));
  }
  json["elements"] = std::move(elements);
  json["p_portion"] = std::move(p);
  auto pretending = nlohmann::ordered_json::array();
  for (const quotient_element x : q.pretending()) pretending.push_back(q.name(x));
  json["pretending"] = std::move(pretending);
  json["period"] = q.period() ? nlohmann::ordered_json{{"start", q.period()->start}, {"period", q.period()->period}}
                              : nlohmann::ordered_json(nullptr);
  json["proven_for_every_heap"] = q.period().has_value();
  json["claim"] = quotient_claim(q);
  auto orders = nlohmann::ordered_json::array();
  auto steps = nlohmann::ordered_json::array();
  for (const quotient_step& s : q.steps()) {
    orders.push_back(s.order);
    nlohmann::ordered_json step;
    if (of_rows(q)) {
      step["row"] = q.component_text(s.heap);
    } else {
      step["heap"] = s.heap;
    }
    step.update(nlohmann::ordered_json{{"no_move", s.no_move},
                                       {"grew", s.grew},
                                       {"order", s.order},
                                       {"p_portion_size", s.p_portion_size},
                                       {"candidates", s.candidates}});
    steps.push_back(std::move(step));
  }
  json["orders"] = std::move(orders);
  json["steps"] = std::move(steps);
  if (q.order() <= quotient_json_table_order) {
    auto table = nlohmann::ordered_json::array();
    for (quotient_element x = 0; x < q.order(); ++x) {
      auto row = nlohmann::ordered_json::array();
      for (quotient_element y = 0; y < q.order(); ++y) row.push_back(q.product(x, y));
      table.push_back(std::move(row));
    }
    json["table"] = std::move(table);
  } else {
    json["table"] = nullptr;
  }
  return json;
}

namespace {

/// Lines of at most `width` characters from `text`, broken after ", " (a presentation, a list of generators).
std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t next = text.find(", ", at);
    next = next == std::string::npos ? text.size() : next + 2;
    const std::string piece = text.substr(at, next - at);
    if (!line.empty() && line.size() + piece.size() > width) {
      lines.push_back(line);
      line = "  ";
    }
    line += piece;
    at = next;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

svg::quotient_picture quotient_picture(const misere_quotient& q, const std::string& game_name, coin last) {
  svg::quotient_picture picture;
  picture.title = game_name + (game_name != code_text(q) ? " (" + code_text(q) + ")" : "") +
                  ": the misère quotient of the " + unit(q) + "s up to " + bound_text(q, q.bound());
  picture.notes.push_back("order " + std::to_string(q.order()) + "; P-portion, " + std::to_string(q.p_portion_size()) +
                          " elements: " + p_portion_text(q) + "; a position is P exactly when its " + unit(q) +
                          "s' classes multiply into it");
  for (const std::string& line : wrapped("presentation: " + q.presentation(), 110)) picture.notes.push_back(line);
  std::string generators;
  for (std::size_t g = 0; g < q.generator_heaps().size(); ++g) {
    generators += (g == 0 ? "" : ", ") + q.generator_names()[g] + " = " + unit(q) + " " +
                  q.component_text(q.generator_heaps()[g]);
  }
  for (const std::string& line : wrapped("generators: " + (generators.empty() ? "none" : generators), 110)) {
    picture.notes.push_back(line);
  }
  for (const std::string& line : wrapped("proven: " + quotient_claim(q), 110)) picture.notes.push_back(line);
  picture.component = unit(q);
  const coin shown = std::min({q.bound(), last, static_cast<coin>(svg::max_quotient_strip - 1)});
  for (coin c = 0; c <= shown; ++c) {
    picture.strip.push_back(q.pretending()[c]);
    picture.component_labels.push_back(std::to_string(c));
    picture.component_titles.push_back(of_rows(q)
                                           ? "row " + q.component_text(c) + " (bitmask " + std::to_string(c) + ")"
                                           : "heap " + std::to_string(c));
  }
  for (quotient_element x = 0; x < q.order(); ++x) {
    picture.elements.push_back(q.name(x));
    picture.p.push_back(q.is_p(x));
  }
  if (q.order() <= quotient_json_table_order) {
    for (quotient_element x = 0; x < q.order(); ++x) {
      for (quotient_element y = 0; y < q.order(); ++y) picture.table.push_back(q.product(x, y));
    }
  } else {
    picture.table_note = "The multiplication table of " + std::to_string(q.order()) +
                         " elements is not drawn (tables of at most " + std::to_string(quotient_json_table_order) +
                         " elements are).";
  }
  if (shown < q.bound()) {
    picture.notes.push_back("the strip shows " + unit(q) + "s 0 to " + std::to_string(shown) + " of the " +
                            std::to_string(q.bound() + 1));
  }
  return picture;
}

}  // namespace tartan::present
