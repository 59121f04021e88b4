#include "tartan/analysis/analysis_request.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

namespace {

std::string axes_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " axis" : " axes"); }

/// "the search for winning moves stopped at the time limit of 5 s after 17 of the 2000 heads coins; 3 winning moves
/// listed" (`time_limit` named when the deadline stopped it).
std::string stopped_text(const search_report& r, const std::string& what, std::size_t listed, double time_limit,
                         const std::string& unit) {
  return "the search for " + what + " stopped " +
         (r.end == search_end::time_limit ? "at the time limit of " + format_seconds(time_limit) + " " : "") +
         "after " + std::to_string(r.coins_done) + " of the " + std::to_string(r.coins) + " " +
         (r.coins == 1 ? unit : unit + "s") + "; " + std::to_string(listed) + " " +
         (listed == 1 ? what.substr(0, what.size() - 1) : what) + " listed";
}

void record_stop(analysis_report& report, const search_report& r, const std::string& what, std::size_t listed,
                 double time_limit, const std::string& unit = "heads coin") {
  report.stopped = r.end;
  report.where = stopped_text(r, what, listed, time_limit, unit);
}

/// The position's heads listed coin by coin, or limit_error advising a count.
box_position listed_position(const box_region& region, const analysis_request& request) {
  try {
    return region.to_position(request.max_memory);
  } catch (const limit_error& e) {
    throw limit_error(e.problem(), "add " + request.count_option + " to count the winning moves without listing them",
                      e.figures());
  }
}

analyze_options values_options(const analysis_request& request) {
  analyze_options options;
  options.max_memory = request.max_memory;
  options.max_seconds = request.max_seconds;
  options.progress = request.progress;
  options.count_progress = request.search_progress;  // counting winning moves is the search's counterpart
  return options;
}

void check_request(const analysis_request& request) {
  if (request.terms.empty()) throw parse_error("an analysis needs a position; give a game and a position");
  if (!request.sum && request.terms.size() != 1) {
    throw parse_error("an analysis of " + std::to_string(request.terms.size()) +
                      " positions is a sum; ask for a sum, or for one position");
  }
  if (request.options && (request.count || request.sum)) {
    throw parse_error("options are listed for one position, not counted; leave them out of a count or a sum");
  }
  if (request.options && *request.options > max_listed_options) {
    throw parse_error("at most " + std::to_string(max_listed_options) + " options are listed; ask for fewer");
  }
  if (request.picture && (request.count || request.sum)) {
    throw parse_error("a picture draws one position listed; leave it out of a count or a sum");
  }
  if (request.misere && (request.options || request.picture)) {
    throw parse_error(
        "the options and the picture show values, which misère play does not have; leave them out of a misère "
        "analysis");
  }
  if (request.heaps && (request.sum || request.options || request.picture)) {
    throw parse_error(
        "heaps are one position, whose winning moves are listed or counted; leave out the sum, the options and the "
        "picture, which take positions of coins");
  }
}

/// "the count of winning moves stopped after 17 of the 40 options; 3 found so far".
void record_count_stop(analysis_report& report, const search_report& r, uint128 counted, double time_limit,
                       const std::string& unit) {
  report.stopped = r.end;
  report.where = "the count of winning moves stopped " +
                 (r.end == search_end::time_limit ? "at the time limit of " + format_seconds(time_limit) + " " : "") +
                 "after " + std::to_string(r.coins_done) + " of the " + std::to_string(r.coins) + " " +
                 (r.coins == 1 ? unit : unit + "s") + "; " + to_decimal(counted) + " found so far";
}

/// Heaps: the value, then the page of winning heap moves, or their number.
void answer_heaps(const analysis_request& request, const search_options& search, analysis_report& report) {
  report.heap_position.emplace(request.terms.front().game, *request.heaps, values_options(request));
  const heap_analysis& a = *report.heap_position;
  report.value = a.value();
  if (request.count) {
    const heap_move_count counted = a.count_winning_moves(search);
    report.search = counted.search;
    report.heap_move_count = counted.moves;
    if (report.search.interrupted()) {
      record_count_stop(report, report.search, counted.moves, request.max_seconds, "heap size");
    }
    return;
  }
  if (a.value() == 0 || request.limit == 0) return;
  report.search = a.for_each_winning_move(
      [&](const heap_move& m) {
        report.heap_moves.push_back(m);
        return report.heap_moves.size() < request.limit;
      },
      search, request.offset);
  if (report.search.interrupted()) {
    record_stop(report, report.search, "winning moves", report.heap_moves.size(), request.max_seconds, "heap size");
  }
}

/// Misère play of one position of coins: the outcome (the solving may stop: the report says where), then the page of
/// winning moves, or their number.
void answer_misere_position(const analysis_request& request, const search_options& search, analysis_report& report) {
  const sum_term& term = request.terms.front();
  box_position listed = listed_position(term.position, request);
  if (request.on_position) request.on_position(listed);
  misere_options options;
  options.max_memory = request.max_memory;
  options.max_seconds = request.max_seconds;
  options.progress = request.progress;
  options.method = request.misere_coins_method;
  report.misere_position = analyze_misere(term.game, std::move(listed), options);
  const misere_analysis& a = *report.misere_position;
  report.misere_outcome = a.outcome();
  if (a.solving() != search_end::complete) {
    report.stopped = a.solving();
    report.where = a.stopped_where();
  }
  if (request.on_misere_analysed) request.on_misere_analysed(a);
  if (a.outcome() == 'P' || a.terminal()) {
    if (request.count) report.misere_move_count = 0;
    return;
  }
  // A stopped solving says where it stopped; the winning moves among the positions a stopped sweep solved are still
  // listed (bit tests, nothing searched), a stopped search has none to list.
  const bool stopped = a.solving() != search_end::complete;
  if (stopped && (request.count || a.method() != misere_method::sweep)) return;
  const search_options& limits = stopped ? search_options{} : search;
  if (request.count) {
    std::uint64_t counted = 0;
    report.search = a.for_each_winning_move(
        [&](const move&) {
          ++counted;
          return true;
        },
        search);
    if (!report.search.interrupted() && a.solving() == search_end::complete) report.misere_move_count = counted;
    if (report.search.interrupted()) record_count_stop(report, report.search, counted, request.max_seconds, "option");
    return;
  }
  if (request.limit == 0) return;
  std::size_t seen = 0;
  const search_report r = a.for_each_winning_move(
      [&](const move& m) {
        if (seen++ < request.offset) return true;
        report.winning_moves.push_back(m);
        if (request.on_winning_move) request.on_winning_move(m);
        return report.winning_moves.size() < request.limit;
      },
      limits);
  report.search = r;
  if (r.interrupted())
    record_stop(report, r, "winning moves", report.winning_moves.size(), request.max_seconds, "option");
}

/// Misère play of a sum: the outcome (through the quotient of the rows, or the search), then the page of winning
/// moves with their terms, or their number.
void answer_misere_sum(const analysis_request& request, const search_options& search, analysis_report& report) {
  misere_sum_options options;
  options.max_memory = request.max_memory;
  options.max_seconds = request.max_seconds;
  options.progress = request.progress;
  options.method = request.misere_sum_method;
  report.misere_sum = analyze_misere_sum(request.terms, options);
  const misere_sum_analysis& a = *report.misere_sum;
  report.misere_outcome = a.outcome();
  if (a.solving() != search_end::complete) {
    report.stopped = a.solving();
    report.where = a.stopped_where();
  }
  if (a.outcome() != 'N' || a.terminal()) {
    if (request.count && a.outcome() != '?') report.misere_move_count = 0;
    return;
  }
  if (!request.count && request.limit == 0) return;
  std::uint64_t counted = 0;
  std::size_t seen = 0;
  report.search = a.for_each_winning_move(
      [&](const sum_move& m) {
        if (request.count) {
          ++counted;
          return true;
        }
        if (seen++ < request.offset) return true;
        report.sum_winning_moves.push_back(m);
        return report.sum_winning_moves.size() < request.limit;
      },
      search);
  if (request.count && !report.search.interrupted()) report.misere_move_count = counted;
  if (report.search.interrupted() && request.count) {
    record_count_stop(report, report.search, counted, request.max_seconds, "move");
  } else if (report.search.interrupted()) {
    record_stop(report, report.search, "winning moves", report.sum_winning_moves.size(), request.max_seconds, "move");
  }
}

/// Misère play of heaps: the outcome, then the page of winning heap moves, or their number.
void answer_misere_heaps(const analysis_request& request, const search_options& search, analysis_report& report) {
  misere_heap_options options;
  options.max_memory = request.max_memory;
  options.max_seconds = request.max_seconds;
  options.progress = request.progress;
  options.method = request.misere_heaps_method;
  report.misere_heaps = analyze_misere_heaps(request.terms.front().game, misere_heap_sizes(*request.heaps), options);
  const misere_heap_analysis& a = *report.misere_heaps;
  report.misere_outcome = a.outcome();
  if (a.solving() != search_end::complete) {
    report.stopped = a.solving();
    report.where = a.stopped_where();
  }
  if (a.outcome() == 'P' || a.terminal() || a.solving() != search_end::complete) {
    if (request.count && a.outcome() != '?') report.misere_move_count = 0;
    return;
  }
  std::uint64_t counted = 0;
  std::size_t seen = 0;
  if (!request.count && request.limit == 0) return;
  report.search = a.for_each_winning_move(
      [&](const heap_move& m) {
        if (request.count) {
          ++counted;
          return true;
        }
        if (seen++ < request.offset) return true;
        report.heap_moves.push_back(m);
        return report.heap_moves.size() < request.limit;
      },
      search);
  if (request.count && !report.search.interrupted()) report.misere_move_count = counted;
  if (report.search.interrupted() && request.count) {
    record_count_stop(report, report.search, counted, request.max_seconds, "heap size");
  } else if (report.search.interrupted()) {
    record_stop(report, report.search, "winning moves", report.heap_moves.size(), request.max_seconds, "heap size");
  }
}

/// One position: the value, then the page of winning moves as found, then the options.
void answer_position(const analysis_request& request, const search_options& search, analysis_report& report) {
  const sum_term& term = request.terms.front();
  box_position listed = listed_position(term.position, request);
  if (request.on_position) request.on_position(listed);
  report.position.emplace(analyze(term.game, std::move(listed), values_options(request)));
  const analysis& a = *report.position;
  report.value = a.value();
  if (request.picture) report.picture = picture_values(a);
  if (request.on_analysed) request.on_analysed(a);
  if (a.value() != 0 && request.limit != 0) {
    report.search = a.for_each_move_to(
        0,
        [&](const move& m) {
          report.winning_moves.push_back(m);
          if (request.on_winning_move) request.on_winning_move(m);
          return report.winning_moves.size() < request.limit;
        },
        search, request.offset);
    if (report.search.interrupted()) {
      record_stop(report, report.search, "winning moves", report.winning_moves.size(), request.max_seconds);
    }
  }
  if (request.options && !report.search.interrupted()) {
    report.options = list_options(a, *request.options, search, report.option_search);
    if (report.option_search.interrupted()) {
      record_stop(report, report.option_search, "options", report.options->listed.size(), request.max_seconds);
    }
  }
}

/// A sum: each term analysed, then the page of winning moves, term by term (a move in term i wins when it leads the
/// term to its value XOR the sum's), one search over the heads coins (and heap sizes) of every term.
void answer_sum(const analysis_request& request, const search_options& search, analysis_report& report) {
  report.sum.emplace(request.terms, values_options(request));
  const sum_analysis& s = *report.sum;
  report.value = s.value();
  if (s.value() == 0 || request.limit == 0) return;
  std::uint64_t units = 0;
  for (const term_analysis& t : s.terms()) units += t.searched_units();
  report.search.coins = units;
  std::uint64_t before = 0;             // the heads coins (heap sizes) of the terms searched
  std::uint64_t skip = request.offset;  // the moves still to pass over
  for (std::size_t i = 0; i < s.terms().size(); ++i) {
    const term_analysis& t = s.terms()[i];
    search_options term_search;
    term_search.deadline = search.deadline;
    term_search.report_interval = search.report_interval;
    if (search.progress) {
      term_search.progress = [&](double fraction) {
        const double here = fraction * static_cast<double>(t.searched_units());
        return search.progress(units == 0 ? 1.0 : (static_cast<double>(before) + here) / static_cast<double>(units));
      };
    }
    const search_report r = t.for_each_move_to(
        i, t.value() ^ s.value(),
        [&](const sum_move& m) {
          report.sum_winning_moves.push_back(m);
          return report.sum_winning_moves.size() < request.limit;
        },
        term_search, skip);
    skip -= r.skipped;
    report.search.end = r.end;
    report.search.coins_done = before + r.coins_done;
    before += t.searched_units();
    if (!r.complete()) break;
  }
  if (report.search.interrupted()) {
    record_stop(report, report.search, "winning moves", report.sum_winning_moves.size(), request.max_seconds);
  }
}

}  // namespace

option_page list_options(const analysis& a, std::size_t count, const search_options& limits, search_report& report) {
  option_page page;
  report = a.for_each_option(
      [&](const move& m, grundy_value v) {
        page.listed.push_back(option{m, v});
        return page.listed.size() <= count;
      },
      limits);
  page.complete = page.listed.size() <= count && !report.interrupted();
  if (page.listed.size() > count) page.listed.pop_back();
  return page;
}

value_picture picture_values(const analysis& a) {
  const box_position& p = a.position();
  const box_extents& extents = p.extents();
  value_picture picture;
  if (p.dimensions() == 1) {
    picture.cols = extents[0];
    const auto g = a.factor_values(0);
    picture.values.assign(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(std::min(g.size(), picture.cols)));
    return picture;
  }
  if (p.dimensions() != 2) {
    throw limit_error("a picture shows rows and boards; this position is a box of " + axes_text(p.dimensions()));
  }
  picture.rows = extents[0];
  picture.cols = extents[1];
  // G(r, c) = g_rows(r) ⊗ g_cols(c), the Tartan theorem; the analysis holds g as far as the heads reach per axis.
  const auto g_rows = a.factor_values(0), g_cols = a.factor_values(1);
  picture.values.assign(picture.rows * picture.cols, 0);
  std::size_t known = 0;
  for (std::size_t r = 0; r < picture.rows && r < g_rows.size(); ++r) {
    for (std::size_t c = 0; c < picture.cols && c < g_cols.size(); ++c) {
      picture.values[r * picture.cols + c] = nim_mul(g_rows[r], g_cols[c]);
      known = r * picture.cols + c + 1;
    }
  }
  picture.values.resize(known);
  return picture;
}

std::vector<sum_term_text> split_sum_terms(std::span<const std::string> words) {
  if (words.empty()) throw parse_error("a sum needs at least one position; give GAME POSITION terms joined by +");
  std::vector<sum_term_text> terms{{words[0], words.size() > 1 ? words[1] : ""}};
  for (std::size_t i = 2; i < words.size();) {
    if (words[i] != "+") {
      throw parse_error("expected '+' before term " + std::to_string(terms.size()) + " of the sum, found " +
                        quote_typed(words[i]) + "; join terms as GAME POSITION + GAME POSITION");
    }
    if (i + 1 >= words.size() || words[i + 1] == "+") {
      throw parse_error("term " + std::to_string(terms.size()) +
                        " of the sum is empty; give GAME POSITION after each +, e.g. + ruler HTH");
    }
    if (i + 2 >= words.size() || words[i + 2] == "+") {
      throw parse_error("term " + std::to_string(terms.size()) + " of the sum (" + quote_typed(words[i + 1]) +
                        ") has no position; give GAME POSITION, e.g. + ruler HTH");
    }
    terms.push_back({words[i + 1], words[i + 2]});
    i += 3;
  }
  if (terms[0].position.empty()) {
    throw parse_error("term 0 of the sum (" + quote_typed(terms[0].game) +
                      ") has no position; give GAME POSITION, e.g. ruler HTH");
  }
  return terms;
}

box_region parse_term_position(std::string_view text, const game_handle& game, std::size_t term) {
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) {
    const box_position drawn =
        text.find('/') != std::string_view::npos ? box_position(parse_grid(text)) : box_position(parse_row(text));
    if (drawn.dimensions() != game.dimensions()) {
      throw parse_error("term " + std::to_string(term) + " of the sum: " + quote_typed(text) + " has " +
                        axes_text(drawn.dimensions()) + " but " + quote_typed(game.name()) + " has " +
                        std::to_string(game.dimensions()) +
                        "; give a row for a 1-D game, rows joined by '/' for a product of two, or SIZE=HEADS");
    }
    return box_region(drawn);
  }
  const std::string_view size_text = text.substr(0, equals), heads = text.substr(equals + 1);
  box_extents size;
  if (size_text.find('x') == std::string_view::npos) {
    const std::uint64_t n = parse_u64(size_text, "the row length before '='", std::uint64_t{UINT32_MAX} + 1);
    if (n == 0) throw parse_error("term " + std::to_string(term) + " of the sum: a row needs at least 1 coin");
    size = box_extents{extent_of(n, "the row length before '='")};
  } else {
    size = parse_board_size(size_text);
  }
  if (size.size() != game.dimensions()) {
    throw parse_error("term " + std::to_string(term) + " of the sum: size " + quote_typed(size_text) + " has " +
                      axes_text(size.size()) + " but " + quote_typed(game.name()) + " has " +
                      std::to_string(game.dimensions()) + "; e.g. 1000=3,10-20 for a row, 8x8=all for a board");
  }
  if (game.is_product()) game.product().check_extents(size);
  if (heads == "all") return box_region::all_heads(size);
  return parse_box_region(size, heads);
}

sum_term parse_sum_term(std::string_view text, const game_handle& game, std::size_t term) {
  constexpr std::string_view heaps_prefix = "heaps=";
  if (text.substr(0, heaps_prefix.size()) != heaps_prefix) return {game, parse_term_position(text, game, term), {}};
  std::vector<heap_size> heaps;
  try {
    heaps = parse_heaps(text.substr(heaps_prefix.size()));
  } catch (const parse_error& e) {
    throw parse_error("term " + std::to_string(term) + " of the sum: " + e.what());
  }
  return heap_term(game, std::move(heaps), term);
}

analysis_report answer(const analysis_request& request) {
  // The deadline of the searches counts from here: the request's time limit covers the whole answer.
  search_options search = search_options::within(request.max_seconds);
  search.progress = request.search_progress;
  check_request(request);
  analysis_report report;
  if (request.misere) {
    if (request.heaps) {
      answer_misere_heaps(request, search, report);
    } else if (request.sum) {
      answer_misere_sum(request, search, report);
    } else {
      answer_misere_position(request, search, report);
    }
    return report;
  }
  if (request.heaps) {
    answer_heaps(request, search, report);
    return report;
  }
  if (request.count) {
    const analyze_options options = values_options(request);
    if (request.sum) {
      report.sum_count = count_sum_winning_moves(request.terms, options);
      report.value = report.sum_count->value;
    } else {
      const sum_term& term = request.terms.front();
      report.count = count_winning_moves(term.game, term.position, options);
      report.value = report.count->value;
    }
    return report;
  }
  if (request.sum) {
    answer_sum(request, search, report);
  } else {
    answer_position(request, search, report);
  }
  return report;
}

}  // namespace tartan
