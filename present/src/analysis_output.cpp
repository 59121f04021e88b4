#include "tartan/present/analysis_output.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan::present {

namespace {

/// Heads coins listed in full up to this many; beyond, only their number.
constexpr std::size_t listed_heads = 32;

/// " (the first player wins)" for an N-position, " (the second player wins)" for a P-position.
const char* outcome_text(grundy_value value) {
  return value != 0 ? " (the first player wins)" : " (the second player wins)";
}

}  // namespace

void print_heads(std::ostream& out, const box_position& p) {
  if (p.head_count() == 0) {
    out << "none";
  } else if (p.head_count() > listed_heads) {
    out << p.head_count() << " coins";
  } else if (p.dimensions() == 1) {
    std::vector<coin> heads;
    for (std::size_t h = 0; h < p.head_count(); ++h) heads.push_back(p.head(h)[0]);
    out << format_coins(heads);
  } else {
    for (std::size_t h = 0; h < p.head_count(); ++h) out << (h == 0 ? "" : " ") << format_cell(p.head(h));
  }
}

namespace {

void print_move(std::ostream& out, const move& m) { out << "  " << move_text(m) << '\n'; }

/// The line above a list of winning moves, saying how a move reads: a row's coins, a board's rows × columns, a box's
/// coins along each axis.
std::string winning_moves_heading(const game_handle& game) {
  if (!game.is_product()) return "winning moves (the coins turned, ascending; the last goes from heads to tails):\n";
  if (game.dimensions() == 2) {
    return "winning moves (turn every coin of rows × columns; the last row and column meet at the heads coin that "
           "goes to tails):\n";
  }
  return "winning moves (turn every coin of axis 0 × axis 1 × ...; the last coins of the axes meet at the heads coin "
         "that goes to tails):\n";
}

}  // namespace

std::string term_text(const game_handle& game, const box_extents& extents) {
  if (game.is_product()) return game.name() + ", " + (extents.size() == 2 ? "board " : "box ") + format_size(extents);
  return game.name() + ", " + std::to_string(extents[0]) + (extents[0] == 1 ? " coin" : " coins");
}

std::string sum_term_line(const sum_term& t) {
  if (t.is_heaps()) return t.game.name() + ", heaps " + (t.heaps->empty() ? "none" : format_heaps(*t.heaps));
  std::ostringstream out;
  out << term_text(t.game, t.position.extents()) << "; heads: ";
  print_heads(out, t.position.to_position());
  return out.str();
}

std::string sum_move_text(const sum_move& m) { return m.heap ? heap_move_text(*m.heap) : move_text(m.coins); }

namespace {

/// The header lines shared by the text reports: the game and the position's size.
void print_game_and_size(std::ostream& out, const game_handle& game, const box_extents& extents) {
  out << "game: " << game.name();
  if (game.is_product()) {
    out << " (a tartan product: G = " << product_formula(game) << ")\n";
    out << (game.dimensions() == 2 ? "board: " : "box: ") << format_size(extents)
        << (game.dimensions() == 2 ? ", coins (row, column) numbered from (0, 0) at the top left"
                                   : ", coins numbered from 0 along every axis");
  } else {
    const std::string& code = game.row_game().code();
    const char first = game.name().empty() ? ' ' : game.name().front();
    if (code == game.name() || std::isdigit(static_cast<unsigned char>(first)) != 0 || first == '[') {
      // a long code is named by its start only
      out << (take_break_code::claims(code) ? " (a take-and-break code)" : " (a turning code)");
    } else if (!code.empty()) {
      out << " (code " << games::shortened_code(code) << ')';
    }
    const std::size_t coins = extents[0];
    out << "\nposition: " << coins << (coins == 1 ? " coin" : " coins") << ", numbered from 0 at the left";
  }
}

/// The words before a page of winning moves: false, after saying why, when there is none to list (a P-position,
/// --limit 0, an offset past the end); else "from winning move M+1 on, " for a later page. `whole` names the
/// position or sum in the message.
bool begin_move_page(std::ostream& out, grundy_value value, std::size_t limit, std::size_t offset, std::size_t listed,
                     const char* whole) {
  if (value == 0) {
    out << "winning moves: none; every move leaves a non-zero value\n";
    return false;
  }
  if (limit == 0) {
    out << "winning moves: not searched (--limit 0)\n";
    return false;
  }
  if (offset != 0 && listed == 0) {
    out << "winning moves: none from --offset " << offset << " on (" << whole << " has fewer)\n";
    return false;
  }
  if (offset != 0) out << "from winning move " << offset + 1 << " on, ";
  return true;
}

/// The line after a page that --limit cut, saying how to ask for the next one.
void end_move_page(std::ostream& out, std::size_t listed, std::size_t limit, std::size_t offset) {
  if (listed == limit) {
    out << "(stopped at --limit " << limit << "; --offset " << offset + limit << " lists the next ones)\n";
  }
}

}  // namespace

std::string move_text(const move& m) {
  if (m.dimensions() == 1) return format_coins(m.coins());
  if (m.dimensions() == 2) return "rows " + format_coins(m.rows()) + " × columns " + format_coins(m.cols());
  std::string text;
  for (std::size_t i = 0; i < m.dimensions(); ++i) {
    text += (i == 0 ? "" : " × ") + std::string("axis ") + std::to_string(i) + ": " + format_coins(m.axes[i]);
  }
  return text;
}

void print_position_head(std::ostream& out, const game_handle& game, const box_position& p) {
  print_game_and_size(out, game, p.extents());
  out << "; heads: ";
  print_heads(out, p);
  out << '\n';
}

void print_analysis_head(std::ostream& out, const analysis& a) {
  print_game_and_size(out, a.game(), a.position().extents());
  out << "; heads: ";
  print_heads(out, a.position());
  out << '\n';
  const game_handle& game = a.game();
  for (std::size_t axis = 0; axis < game.dimensions(); ++axis) {
    const periodic_continuation* period = a.factor_period(axis);
    if (period == nullptr) continue;
    out << "values"
        << (game.is_product() ? " of " + game.factor(axis).name() + " (axis " + std::to_string(axis) + ")" : "") << ": "
        << period->method() << '\n';
  }
  out << "value: " << a.value() << '\n';
  out << "outcome: " << a.outcome() << outcome_text(a.value()) << '\n';
}

move_page_printer::move_page_printer(std::ostream& out, const analysis& a, std::size_t limit, std::size_t offset)
    : out_(out), a_(a), limit_(limit), offset_(offset) {}

bool move_page_printer::begin() {
  if (a_.value() == 0) {
    out_ << "winning moves: none; every move leaves a non-zero value\n";
    return false;
  }
  if (limit_ == 0) {
    out_ << "winning moves: not searched (--limit 0)\n";
    return false;
  }
  return true;
}

bool move_page_printer::visit(const move& m) {
  if (listed_.empty()) {
    if (offset_ != 0) out_ << "from winning move " << offset_ + 1 << " on, ";
    out_ << winning_moves_heading(a_.game());
  }
  listed_.push_back(m);
  print_move(out_, m);
  return listed_.size() < limit_;
}

void move_page_printer::finish(const search_report& r) {
  if (r.interrupted()) {
    if (listed_.empty()) out_ << "winning moves: none found before the search stopped\n";
    return;
  }
  if (listed_.empty()) {
    out_ << "winning moves: none from --offset " << offset_ << " on (the position has fewer)\n";
    return;
  }
  end_move_page(out_, listed_.size(), limit_, offset_);
}

void print_options(std::ostream& out, const option_page& options, bool interrupted) {
  if (options.listed.empty() && !interrupted) {
    out << "options: none; no heads coin can move\n";
    return;
  }
  out << "options (every legal move and the value it leaves; value 0 is a winning move):\n";
  for (const option& o : options.listed) out << "  " << move_text(o.turned) << " -> " << o.value << '\n';
  if (!options.complete && !interrupted) {
    out << "(the first " << options.listed.size() << " options; a larger --options lists more)\n";
  }
}

std::string product_formula(const game_handle& game) {
  std::string s;
  for (std::size_t i = 0; i < game.dimensions(); ++i) {
    if (i != 0) s += " ⊗ ";
    s += game.factor(i).name();
    s += '(';
    s += "abcdefgh"[i % 8];
    s += ')';
  }
  return s;
}

void print_analysis(std::ostream& out, const analysis& a, const std::vector<move>& winning, std::size_t limit,
                    std::size_t offset, const std::optional<option_page>& options) {
  const game_handle& game = a.game();
  const box_position& p = a.position();
  print_game_and_size(out, game, p.extents());
  out << "; heads: ";
  print_heads(out, p);
  out << "\nvalue: " << a.value() << '\n';
  out << "outcome: " << a.outcome() << outcome_text(a.value()) << '\n';
  if (begin_move_page(out, a.value(), limit, offset, winning.size(), "the position")) {
    out << winning_moves_heading(game);
    for (const move& m : winning) print_move(out, m);
    end_move_page(out, winning.size(), limit, offset);
  }
  if (!options) return;
  if (options->listed.empty()) {
    out << "options: none; no heads coin can move\n";
    return;
  }
  out << "options (every legal move and the value it leaves; value 0 is a winning move):\n";
  for (const option& o : options->listed) out << "  " << move_text(o.turned) << " -> " << o.value << '\n';
  if (!options->complete) {
    out << "(the first " << options->listed.size() << " options; a larger --options lists more)\n";
  }
}

std::string heap_move_text(const heap_move& m) {
  std::string heaps;
  for (std::size_t i = 0; i < m.leaving.size(); ++i) {
    if (i != 0) heaps += i + 1 == m.leaving.size() ? " and " : ", ";
    heaps += std::to_string(m.leaving[i]);
  }
  const std::string from = "the heap of " + std::to_string(m.from);
  if (m.take == 0) return "split " + from + " into " + heaps;
  const std::string taken = "take " + std::to_string(m.take) + " from " + from + ", leaving ";
  if (m.leaving.empty()) return taken + "nothing";
  return taken + (m.leaving.size() == 1 ? "a heap of " : "heaps of ") + heaps;
}

void print_heap_analysis(std::ostream& out, const heap_analysis& a, const std::vector<heap_move>& winning,
                         std::size_t limit, std::size_t offset, bool interrupted, std::optional<uint128> counted) {
  const game_handle& game = a.game();
  out << "game: " << game.name();
  const std::string& code = game.row_game().code();
  out << (code == game.name() ? std::string(" (a take-and-break code)") : " (code " + code + ")") << '\n';
  const std::vector<heap_size>& heaps = a.heaps();
  out << "heaps: ";
  if (heaps.empty()) {
    out << "none";
  } else if (heaps.size() > listed_heads) {
    out << heaps.size() << " heaps, the largest " << heaps.back();
  } else {
    out << format_heaps(heaps);
  }
  const std::vector<heap_size> heads = a.coin_heads();
  out << "\nas coins: " << to_decimal(a.coins()) << (a.coins() == 1 ? " coin" : " coins") << ", heads: "
      << (heads.empty()                 ? std::string("none")
          : heads.size() > listed_heads ? std::to_string(heads.size()) + " coins"
                                        : format_heaps(heads))
      << " (heap n is coin n; equal heaps cancel in pairs)\n";
  if (const periodic_continuation* period = a.continuation(); period && heaps.back() >= period->computed()) {
    out << "values: " << period->method() << '\n';
  }
  out << "value: " << a.value() << '\n';
  out << "outcome: " << a.outcome() << outcome_text(a.value()) << '\n';
  if (counted) {
    out << "winning moves: " << to_decimal(*counted) << " (counted, not listed)\n";
    return;
  }
  if (interrupted && winning.empty()) {
    out << "winning moves: none found before the search stopped\n";
    return;
  }
  if (!begin_move_page(out, a.value(), limit, offset, winning.size(), "the position")) return;
  out << "winning moves (in one heap; equal heaps have the same moves, listed once):\n";
  for (const heap_move& m : winning) out << "  " << heap_move_text(m) << '\n';
  if (!interrupted) end_move_page(out, winning.size(), limit, offset);
}

nlohmann::ordered_json heap_analysis_json(const heap_analysis& a, const std::vector<heap_move>& winning,
                                          std::optional<uint128> counted) {
  nlohmann::ordered_json json = heap_term_json(a);
  json["value"] = a.value();
  json["outcome"] = std::string(1, a.outcome());
  json["period"] = continuation_json(a.continuation());
  if (counted) {
    json["winning_move_count"] = count_json(*counted);
    return json;
  }
  auto list = nlohmann::ordered_json::array();
  for (const heap_move& m : winning) list.push_back({{"take", m.take}, {"from", m.from}, {"leaving", m.leaving}});
  json["winning_moves"] = std::move(list);
  return json;
}

void print_analysis_json(std::ostream& out, const analysis& a, const std::vector<move>& winning,
                         const std::optional<option_page>& options) {
  out << analysis_json(a, winning, options).dump() << '\n';
}

void print_move_count(std::ostream& out, const game_handle& game, const box_region& region,
                      const move_count_result& counted) {
  print_game_and_size(out, game, region.extents());
  out << "; heads: " << to_decimal(counted.heads) << (counted.heads == 1 ? " coin" : " coins") << '\n';
  out << "value: " << counted.value << '\n';
  out << "outcome: " << (counted.value != 0 ? 'N' : 'P') << outcome_text(counted.value) << '\n';
  out << "winning moves: " << to_decimal(counted.winning_moves) << " (counted, not listed)\n";
}

void print_move_count_json(std::ostream& out, const game_handle& game, const box_region& region,
                           const move_count_result& counted) {
  out << move_count_json(game, region, counted) << '\n';
}

void print_sum_analysis(std::ostream& out, const sum_analysis& a, const std::vector<sum_move>& winning,
                        std::size_t limit, std::size_t offset, bool interrupted) {
  out << "sum of " << a.terms().size() << " positions" << sum_numbering << ":\n";
  for (std::size_t i = 0; i < a.terms().size(); ++i) {
    const term_analysis& t = a.terms()[i];
    out << "  term " << i << ": ";
    if (t.is_heaps()) {
      const std::vector<heap_size>& heaps = t.heaps().heaps();
      out << t.game().name() << ", heaps " << (heaps.empty() ? "none" : format_heaps(heaps));
    } else {
      out << term_text(t.game(), t.coins().position().extents()) << "; heads: ";
      print_heads(out, t.coins().position());
    }
    out << "; value " << t.value() << '\n';
  }
  out << "value: " << a.value() << " (the XOR of the terms' values)\n";
  out << "outcome: " << a.outcome() << outcome_text(a.value()) << '\n';
  if (interrupted && winning.empty()) {
    out << "winning moves: none found before the search stopped\n";
    return;
  }
  if (!begin_move_page(out, a.value(), limit, offset, winning.size(), "the sum")) return;
  out << "winning moves (the term, then the coins it turns or its heap move; a move in one term leaves the others as "
         "they are):\n";
  for (const sum_move& m : winning) out << "  term " << m.term << ": " << sum_move_text(m) << '\n';
  if (!interrupted) end_move_page(out, winning.size(), limit, offset);
}

void print_sum_analysis_json(std::ostream& out, const sum_analysis& a, const std::vector<sum_move>& winning,
                             const std::string& stopped) {
  nlohmann::ordered_json json;
  auto terms = nlohmann::ordered_json::array();
  for (const term_analysis& t : a.terms()) {
    nlohmann::ordered_json term;
    if (t.is_heaps()) {
      term["game"] = t.game().name();
      term["code"] = t.heaps().rule().text();
      term["heaps"] = t.heaps().heaps();
    } else {
      term = term_json(t.game(), t.coins().position().extents());
    }
    term["value"] = t.value();
    terms.push_back(std::move(term));
  }
  json["sum"] = std::move(terms);
  json["value"] = a.value();
  json["outcome"] = std::string(1, a.outcome());
  auto list = nlohmann::ordered_json::array();
  for (const sum_move& m : winning) list.push_back(sum_move_json(m));
  json["winning_moves"] = std::move(list);
  if (!stopped.empty()) {
    json["complete"] = false;
    json["stopped"] = stopped;
  }
  out << json.dump() << '\n';
}

void print_sum_count(std::ostream& out, const std::vector<sum_term>& terms, const sum_count_result& counted) {
  out << "sum of " << terms.size() << " positions" << sum_numbering << ":\n";
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const move_count_result& t = counted.terms[i];
    if (terms[i].is_heaps()) {
      out << "  term " << i << ": " << sum_term_line(terms[i]);
    } else {
      out << "  term " << i << ": " << term_text(terms[i].game, terms[i].position.extents())
          << "; heads: " << to_decimal(t.heads) << (t.heads == 1 ? " coin" : " coins");
    }
    out << "; value " << t.value << "; " << to_decimal(t.winning_moves) << " winning moves\n";
  }
  out << "value: " << counted.value << " (the XOR of the terms' values)\n";
  out << "outcome: " << (counted.value != 0 ? 'N' : 'P') << outcome_text(counted.value) << '\n';
  out << "winning moves: " << to_decimal(counted.winning_moves) << " (counted, not listed)\n";
}

void print_sum_count_json(std::ostream& out, const std::vector<sum_term>& terms, const sum_count_result& counted) {
  // nlohmann's integers stop at 2^64: the counts are written as numbered placeholders, then spelled out in full.
  std::vector<std::string> spelled;
  const auto placeholder = [&](uint128 number) {
    spelled.push_back(to_decimal(number));
    return "@count" + std::to_string(spelled.size() - 1) + "@";
  };
  nlohmann::ordered_json json;
  auto list = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < terms.size(); ++i) {
    nlohmann::ordered_json term = sum_term_json(terms[i]);
    if (!terms[i].is_heaps()) term["heads"] = placeholder(counted.terms[i].heads);
    term["value"] = counted.terms[i].value;
    term["winning_move_count"] = placeholder(counted.terms[i].winning_moves);
    list.push_back(std::move(term));
  }
  json["sum"] = std::move(list);
  json["value"] = counted.value;
  json["outcome"] = std::string(1, counted.value != 0 ? 'N' : 'P');
  json["winning_move_count"] = placeholder(counted.winning_moves);
  std::string text = json.dump();
  for (std::size_t i = 0; i < spelled.size(); ++i) {
    const std::string quoted = "\"@count" + std::to_string(i) + "@\"";
    text.replace(text.find(quoted), quoted.size(), spelled[i]);
  }
  out << text << '\n';
}

void check_drawable(const box_position& p) {
  const box_extents& extents = p.extents();
  if (p.dimensions() == 1 && extents[0] > svg::max_board_coins) {
    throw limit_error("--svg draws rows of at most " + std::to_string(svg::max_board_coins) + " coins; this one has " +
                      std::to_string(extents[0]) + "; leave out --svg");
  }
  if (p.dimensions() != 1 && (p.dimensions() != 2 || cell_count(extents) > svg::max_board_coins)) {
    throw limit_error("--svg draws boards of two factors with at most " + std::to_string(svg::max_board_coins) +
                      " coins; this one is " + format_size(extents) + "; leave out --svg");
  }
}

svg::board_picture analysis_picture(const analysis& a, const std::vector<move>& winning, const value_picture& grid) {
  const box_position& p = a.position();
  const box_extents& extents = p.extents();
  svg::board_picture picture;
  check_drawable(p);
  if (p.dimensions() == 1) {
    picture.cols = extents[0];
    picture.title = a.game().name() + ": " + std::to_string(extents[0]) + (extents[0] == 1 ? " coin" : " coins");
  } else {
    picture.grid = true;
    picture.rows = extents[0];
    picture.cols = extents[1];
    picture.title = a.game().name() + ": a " + format_size(extents) + " board";
  }
  const std::size_t rows = p.dimensions() == 1 ? 1 : picture.rows;
  // Cell (r, c) at r * cols + c; a row is one line of cells.
  const auto index = [&](std::span<const coin> cell) {
    return cell.size() == 1 ? std::size_t{cell[0]} : std::size_t{cell[0]} * picture.cols + cell[1];
  };
  picture.heads.assign(rows * picture.cols, false);
  for (std::size_t h = 0; h < p.head_count(); ++h) picture.heads[index(p.head(h))] = true;
  // The values the position depends on (the coins up to the last heads, per axis): under the coins of a row, in the
  // tooltips of a board.
  picture.values = grid.values;
  // The value as the XOR of the heads coins' values, written out while it fits a line.
  std::string sum;
  if (p.dimensions() == 1 && p.head_count() <= 12) {
    std::string coins, values;
    for (std::size_t h = 0; h < p.head_count(); ++h) {
      const coin c = p.head(h)[0];
      coins += std::string(h == 0 ? "" : " ⊕ ") + "g(" + std::to_string(c) + ")";
      values += std::string(h == 0 ? "" : " ⊕ ") + std::to_string(a.factor_values(0)[c]);
    }
    if (p.head_count() >= 1) sum = " = " + coins + (p.head_count() > 1 ? " = " + values : "");
  } else {
    sum = p.dimensions() == 1 ? " = the XOR of g over the heads coins" : " = the XOR of G over the heads coins";
  }
  picture.notes.push_back("value " + std::to_string(a.value()) + sum +
                          (a.value() != 0 ? " (N: the first player wins)" : " (P: the second player wins)"));
  if (!winning.empty()) {
    const move& m = winning[0];
    picture.turned.assign(rows * picture.cols, false);
    if (m.dimensions() == 1) {
      for (const coin c : m.coins()) picture.turned[c] = true;
      picture.moving = std::pair<std::size_t, std::size_t>{0, m.coins().back()};
      picture.notes.push_back("a winning move: turn " + format_coins(m.coins()));
    } else {
      for (const coin r : m.rows()) {
        for (const coin c : m.cols()) picture.turned[std::size_t{r} * picture.cols + c] = true;
      }
      picture.moving = std::pair<std::size_t, std::size_t>{m.rows().back(), m.cols().back()};
      picture.notes.push_back("a winning move: rows " + format_coins(m.rows()) + " × columns " +
                              format_coins(m.cols()));
    }
  }
  return picture;
}

void write_analysis_svg(const std::string& path, const analysis& a, const std::vector<move>& winning,
                        const value_picture& grid) {
  const svg::board_picture picture = analysis_picture(a, winning, grid);
  svg::write_file(path, [&](std::ostream& out) { svg::write_board(out, picture); });
}

}  // namespace tartan::present
