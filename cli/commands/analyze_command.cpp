// tartan analyze GAME POSITION: the value, outcome and winning moves of a row position (1-D games), a board position
// (tartan products) or a sum of positions: read the options, resolve the games, ask the engine once
// (tartan/analysis/analysis_request.hpp: answer), print (analysis_output.hpp).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/misere_output.hpp"
#include "tartan/present/position_input.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::cli {

namespace {

struct analyze_request : position_text {
  bool count = false;
  bool misere = false;            // --misere: the last player to move loses
  std::vector<std::string> more;  // + GAME POSITION ...: the further terms of a sum
  std::string heaps;              // --heaps 5,7,9: the position as heaps of a take-and-break game
  bool heaps_given = false;
  std::size_t limit = 10;
  std::string limit_text = "10";  // --limit as typed: parse_u64 refuses signs and values beyond 64 bits
  std::size_t offset = 0;
  std::string offset_text = "0";
  std::size_t options = 0;  // --options N: list the first N options (0: none)
  std::string options_text;
  bool json = false;
  bool big_as_strings = false;
  std::string svg;
  std::string max_memory;
  std::uint64_t memory_limit = 0;  // --max-memory parsed, or the default
  std::string max_seconds;
  double time_limit = 0;  // --max-seconds parsed, or the default
};

/// Memory per byte of a position read from standard input: the text, and a 4-byte coin number per heads coin.
constexpr std::uint64_t position_bytes_per_input_byte = 8;

/// POSITION "-": the position from standard input, without its final line break; on a grid, lines are rows (as
/// if joined by '/').
std::string position_from_stdin(bool grid, std::uint64_t limit) {
  std::string text = read_input_text("-", "the position on standard input", position_bytes_per_input_byte, limit);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  if (text.empty()) {
    throw parse_error(
        "the position on standard input is empty; give coins such as HTTH (coin 0 first), e.g. "
        "echo HTTH | tartan analyze mock-turtles -");
  }
  if (grid) {
    std::string joined;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
      joined += text[i] == '\n' ? '/' : text[i];
    }
    text = std::move(joined);
  }
  return text;
}

/// The terms of a sum: GAME POSITION, then + GAME POSITION for each further term (POSITION drawn, SIZE=HEADS, or
/// heaps=5,7,9 for a take-and-break game); the words split and the positions read by the engine
/// (analysis_request.hpp), the games resolved here.
std::vector<sum_term> read_sum(const analyze_request& o) {
  if (!o.coins.empty() || !o.size.empty() || o.heads_given || o.all_heads || !o.svg.empty()) {
    throw parse_error(
        "--coins, --size, --heads, --all-heads and --svg describe one position; in a sum give each term as GAME "
        "POSITION, POSITION drawn (HTTH, HT/TH), SIZE=HEADS (1000=3,10-20, 8x8=all) or heaps=5,7,9, terms joined by "
        "+");
  }
  std::vector<std::string> words{o.game, o.position};
  words.insert(words.end(), o.more.begin(), o.more.end());
  const std::vector<sum_term_text> texts = split_sum_terms(words);
  std::vector<sum_term> terms;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    terms.push_back(parse_sum_term(texts[i].position, resolve_game_argument(texts[i].game), i));
  }
  return terms;
}

/// The question as the engine takes it: the position or the sum, count or list, the page, the limits.
analysis_request request_of(const analyze_request& o) {
  analysis_request request;
  request.sum = !o.more.empty();
  if (o.heaps_given) {
    if (!o.position.empty() || request.sum || !o.coins.empty() || !o.size.empty() || o.heads_given || o.all_heads ||
        !o.svg.empty() || !o.options_text.empty()) {
      throw parse_error(
          "--heaps gives the whole position as heaps; leave out POSITION, a sum, --coins, --size, --heads, "
          "--all-heads, --svg and --options, which are for coins: e.g. tartan analyze kayles --heaps 5,7,9");
    }
    request.terms.push_back({resolve_game_argument(o.game), box_region()});
    request.heaps = parse_heaps(o.heaps);
  } else if (request.sum) {
    if (!o.options_text.empty()) {
      throw parse_error("--options lists the options of one position; leave it out of a sum, or analyze a term alone");
    }
    request.terms = read_sum(o);
  } else {
    game_handle game = resolve_game_argument(o.game);
    box_region region = read_region(o, game);
    request.terms.push_back({std::move(game), std::move(region)});
  }
  request.count = o.count;
  request.misere = o.misere;
  request.limit = o.limit;
  request.offset = o.offset;
  if (!o.options_text.empty()) request.options = o.options;
  request.picture = !o.svg.empty();
  request.max_memory = o.memory_limit;
  request.max_seconds = o.time_limit;
  request.count_option = "--count";
  return request;
}

/// After the report is printed: where a stopped search stopped, on standard error, and the exit code (130 for Ctrl-C,
/// 2 for the time limit, 0 for a complete answer).
void finish(const analysis_report& report, run_state& state) {
  std::cout.flush();
  if (report.stopped == search_end::cancelled) {
    std::cerr << "interrupted: " << report.where << '\n';
    state.exit_code = interrupted_exit_code;
  } else if (report.stopped == search_end::time_limit) {
    std::cerr << "error: " << report.where << "; raise the limit with --max-seconds (0: no limit)\n";
    state.exit_code = 2;
  } else {
    state.exit_code = 0;
  }
}

/// The report of --count: the value and the number of winning moves, of a position or a sum.
void print_count(const analyze_request& o, const analysis_request& request, const analysis_report& report,
                 const stopwatch& timer) {
  if (request.sum) {
    if (o.json) return print_sum_count_json(std::cout, request.terms, *report.sum_count);
    print_sum_count(std::cout, request.terms, *report.sum_count);
  } else {
    const sum_term& term = request.terms.front();
    if (o.json) return print_move_count_json(std::cout, term.game, term.position, *report.count);
    print_move_count(std::cout, term.game, term.position, *report.count);
  }
  std::cout << time_line(timer.seconds());
}

/// The two progress bars of an analysis, the values' and the search's, drawn by the request's callbacks, which also
/// stop the work on Ctrl-C. flush_moves: standard output is flushed at each report of the search, so that moves
/// printed as they are found are seen while it goes on. Lives as long as the request's callbacks are called. In misère
/// play the first bar is the solving's (the sweep, the genera, the search for the outcome).
struct analysis_bars {
  progress_bar values;
  progress_bar search;

  /// `search_label`: what the search's bar says ("counting winning moves" for --count).
  analysis_bars(analysis_request& request, bool flush_moves,
                const std::string& search_label = "searching for winning moves")
      : values(request.misere ? "solving misère positions" : "computing the values"), search(search_label) {
    request.progress = [this](double fraction) {
      values.show(fraction);
      return !interrupted();
    };
    request.search_progress = [this, flush_moves](double fraction) {
      search.show(fraction);
      if (flush_moves) std::cout.flush();
      return !interrupted();
    };
  }
  analysis_bars(const analysis_bars&) = delete;
  analysis_bars& operator=(const analysis_bars&) = delete;
};

/// answer(request) under `bars`, cleared once it returns; Ctrl-C (the engine's cancelled_error) prints its one line
/// and sets exit code 130, and nothing is returned.
std::optional<analysis_report> answer_unless_interrupted(const analysis_request& request, analysis_bars& bars,
                                                         run_state& state) {
  std::optional<analysis_report> answered;
  try {
    answered.emplace(answer(request));
  } catch (const cancelled_error& e) {
    bars.values.clear();
    bars.search.clear();
    std::cerr << "interrupted: " << e.what() << '\n';
    state.exit_code = interrupted_exit_code;
    return std::nullopt;
  }
  bars.values.clear();
  bars.search.clear();
  return answered;
}

/// --heaps: the heaps' value and the page of winning heap moves (or their number), printed once answered; Ctrl-C and
/// the time limit as for coins.
void run_heaps(const analyze_request& o, analysis_request& request, run_state& state) {
  const stopwatch timer;
  const interrupt_scope scope;
  analysis_bars bars(request, false);
  const std::optional<analysis_report> answered = answer_unless_interrupted(request, bars, state);
  if (!answered) return;
  const analysis_report& report = *answered;
  if (request.misere) {
    const misere_heap_analysis& a = *report.misere_heaps;
    if (o.json) {
      nlohmann::ordered_json json =
          misere_heap_analysis_json(a, report.heap_moves, report.misere_move_count, request.count);
      if (!report.where.empty()) {
        json["complete"] = false;
        json["stopped"] = report.where;
      }
      std::cout << json.dump() << '\n';
    } else {
      print_misere_heap_analysis(std::cout, a, report.heap_moves, o.limit, o.offset, report.search.interrupted(),
                                 report.misere_move_count, request.count);
      if (report.where.empty()) std::cout << time_line(timer.seconds());
    }
    finish(report, state);
    return;
  }
  const heap_analysis& a = *report.heap_position;
  const std::optional<uint128> counted = report.where.empty() ? report.heap_move_count : std::nullopt;
  if (o.json) {
    nlohmann::ordered_json json = heap_analysis_json(a, report.heap_moves, counted);
    if (!report.where.empty()) {
      json["complete"] = false;
      json["stopped"] = report.where;
    }
    std::cout << json.dump() << '\n';
  } else {
    print_heap_analysis(std::cout, a, report.heap_moves, o.limit, o.offset, report.search.interrupted(), counted);
    if (report.where.empty()) std::cout << time_line(timer.seconds());
  }
  finish(report, state);
}

/// --misere on a position of coins: the outcome, then the winning moves as found (or their number); Ctrl-C and the
/// time limit stop the solving or the search, what was found is printed, then one line says where it stopped.
void run_misere(const analyze_request& o, analysis_request& request, run_state& state) {
  const stopwatch timer;
  const interrupt_scope scope;
  analysis_bars bars(request, !o.json);
  progress_bar& solving = bars.values;
  progress_bar& bar = bars.search;
  std::ostringstream ignored;
  std::ostream& text = o.json ? ignored : std::cout;
  std::optional<misere_page_printer> page;
  bool searched = false;
  request.on_misere_analysed = [&](const misere_analysis& a) {
    solving.clear();
    if (request.count) return;
    if (!o.json) {
      print_misere_head(std::cout, a);
      std::cout.flush();
    }
    page.emplace(text, a, o.limit, o.offset);
    searched = page->begin();
  };
  request.on_winning_move = [&](const move& m) {
    bar.clear();
    page->visit(m);
  };
  const analysis_report report = answer(request);
  solving.clear();
  bar.clear();
  const misere_analysis& a = *report.misere_position;
  if (o.json) {
    nlohmann::ordered_json json =
        misere_analysis_json(a, report.winning_moves, report.misere_move_count, request.count);
    if (!report.where.empty()) {
      json["complete"] = false;
      json["stopped"] = report.where;
    }
    std::cout << json.dump() << '\n';
  } else if (request.count) {
    print_misere_count(std::cout, a, report.misere_move_count);
  } else if (searched) {
    page->finish(report.search);
  }
  if (!o.json && report.where.empty()) std::cout << time_line(timer.seconds());
  finish(report, state);
}

/// --misere on a sum: the outcome (through the quotient of the rows, or the search), then the page of winning moves or
/// their number; Ctrl-C and the time limit stop the solving or the search, what was found is printed, then one line
/// says where it stopped.
void run_misere_sum(const analyze_request& o, analysis_request& request, run_state& state) {
  const stopwatch timer;
  const interrupt_scope scope;
  analysis_bars bars(request, false);
  const analysis_report report = answer(request);
  bars.values.clear();
  bars.search.clear();
  const misere_sum_analysis& a = *report.misere_sum;
  if (o.json) {
    nlohmann::ordered_json json =
        misere_sum_analysis_json(a, report.sum_winning_moves, report.misere_move_count, request.count);
    if (!report.where.empty()) {
      json["complete"] = false;
      json["stopped"] = report.where;
    }
    std::cout << json.dump() << '\n';
  } else {
    print_misere_sum_analysis(std::cout, a, report.sum_winning_moves, o.limit, o.offset, report.search.interrupted(),
                              report.misere_move_count, request.count);
    if (report.where.empty()) std::cout << time_line(timer.seconds());
  }
  finish(report, state);
}

/// parse → one engine call (answer) → print. A position's text report is printed as it is found: the value first,
/// then each winning move; Ctrl-C stops the values (exit 130, one line saying how far they got), the search for
/// winning moves and the options alike (what was found is printed, then one line says where it stopped).
void run_analyze(const analyze_request& o, run_state& state) {
  const stopwatch timer;
  analysis_request request = request_of(o);
  if (request.heaps) return run_heaps(o, request, state);
  if (request.misere && request.sum) return run_misere_sum(o, request, state);
  if (request.misere) return run_misere(o, request, state);
  if (request.count) {
    // The values, then the count: Ctrl-C stops either (exit 130, one line saying how far it got, with the
    // position's value once known); the time limit is the engine's refusal.
    const interrupt_scope scope;
    analysis_bars bars(request, false, "counting winning moves");
    const std::optional<analysis_report> answered = answer_unless_interrupted(request, bars, state);
    if (!answered) return;
    print_count(o, request, *answered, timer);
    state.exit_code = 0;
    return;
  }
  if (!o.svg.empty()) request.on_position = [](const box_position& p) { check_drawable(p); };
  const interrupt_scope scope;
  analysis_bars bars(request, !o.json);  // text: the moves found so far are seen while the search goes on
  progress_bar& values_bar = bars.values;
  progress_bar& bar = bars.search;
  std::ostringstream ignored;
  std::ostream& text = o.json ? ignored : std::cout;
  std::optional<move_page_printer> page;
  bool searched = false;  // the page was begun: a search for winning moves was made
  request.on_analysed = [&](const analysis& a) {
    values_bar.clear();
    if (!o.json) {
      print_analysis_head(std::cout, a);
      std::cout.flush();
    }
    page.emplace(text, a, o.limit, o.offset);
    searched = page->begin();
  };
  request.on_winning_move = [&](const move& m) {
    bar.clear();
    page->visit(m);
  };
  std::optional<analysis_report> answered;
  try {
    answered.emplace(answer(request));
  } catch (const cancelled_error& e) {
    values_bar.clear();
    std::cerr << "interrupted: " << e.what() << '\n';
    state.exit_code = interrupted_exit_code;
    return;
  }
  const analysis_report& report = *answered;
  bar.clear();
  if (request.sum) {
    if (o.json) {
      print_sum_analysis_json(std::cout, *report.sum, report.sum_winning_moves, report.where);
    } else {
      print_sum_analysis(std::cout, *report.sum, report.sum_winning_moves, o.limit, o.offset,
                         report.search.interrupted());
    }
  } else {
    if (searched) page->finish(report.search);
    if (report.options && !o.json) print_options(std::cout, *report.options, report.option_search.interrupted());
    if (!o.svg.empty()) write_analysis_svg(o.svg, *report.position, report.winning_moves, *report.picture);
    if (o.json) {
      nlohmann::ordered_json json = analysis_json(*report.position, report.winning_moves, report.options);
      if (!report.where.empty()) {
        json["complete"] = false;
        json["stopped"] = report.where;
      }
      std::cout << json.dump() << '\n';
    }
  }
  if (!o.json && report.where.empty()) std::cout << time_line(timer.seconds());
  finish(report, state);
}

}  // namespace

void add_analyze_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "analyze", "Value, outcome (N or P) and winning moves of a position. Coins are numbered from 0 at the left.");
  sub->footer(
      "POSITION is a row of H/T (or h/t, 1/0), coin 0 first; or give --coins N --heads 3,17,1000 for a long row.\n"
      "POSITION - reads it from standard input (a grid: one row per line, or rows joined by '/').\n"
      "A product game (ruler*mock-turtles) or --size RxC analyses a grid: rows joined by '/' (HT/TH), or\n"
      "--size RxC --heads row:col,... (coins (row, column) from (0, 0) at the top left).\n"
      "Examples:\n"
      "  tartan analyze mock-turtles HTTH\n"
      "  tartan analyze ruler --coins 100000 --heads 3,17,1000 --json\n"
      "  tartan analyze 'ruler*ruler' HT/TH\n"
      "  tartan analyze mock-turtles HTTHTH --svg board.svg\n"
      "  tartan analyze 'ruler*ruler' --size 1000000x1000000 --all-heads --count\n"
      "  tartan analyze ruler --coins 1000 --heads 3,10-20,500-999\n"
      "  tartan analyze kayles --heaps 5,7,9     (heaps of a take-and-break game; moves as heap moves)\n"
      "  tartan analyze mock-turtles HTTHHTH --misere     (misère play: the last player to move loses)\n"
      "  tartan analyze turtles HTTH + turtles HH --misere  (a sum of rows in misère play, through their quotient)\n"
      "  tartan analyze mock-turtles HTTH + ruler HTH + 'ruler*ruler' HT/TH     (a sum of positions)\n");
  auto o = std::make_shared<analyze_request>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product such as ruler*ruler")->required();
  sub->add_option("POSITION", o->position, "The coins, H or T each, coin 0 first (grids: rows joined by '/')");
  sub->add_option("TERMS", o->more,
                  "A sum: + GAME POSITION for each further term, POSITION drawn or SIZE=HEADS (1000=3,10-20, 8x8=all)");
  sub->add_option("--coins", o->coins, "The length of the row, with --heads");
  sub->add_option("--heads", o->heads,
                  "The heads coins and ranges: 3,10-20 (grids: row:col, ranges 0-9:0-9); a coin listed twice is "
                  "tails; - reads the list from standard input");
  sub->add_option("--heaps", o->heaps,
                  "The position as heaps of a take-and-break game (kayles, 0.07, ...): sizes such as 5,7,9, up to "
                  "2^64 - 1 where a proven period answers them; the winning moves are written as heap moves")
      ->type_name("SIZES");
  sub->add_option("--size", o->size, "A grid's size RxC (product games)");
  sub->add_flag("--all-heads", o->all_heads, "Every coin heads, with --coins N or --size RxC");
  sub->add_flag("--misere", o->misere,
                "Misère play: the player who makes the last move loses. The outcome and the winning moves of one "
                "position (a row, board, box, or --heaps) or of a sum, no value (docs/misere.md)");
  sub->add_flag("--count", o->count,
                "Count the winning moves exactly instead of listing them (JSON: \"winning_move_count\")");
  sub->add_option("--limit", o->limit_text, "List at most this many winning moves")->capture_default_str();
  sub->add_option("--offset", o->offset_text,
                  "Skip this many winning moves first (a fixed order: by moving coin, those sure to have a move "
                  "first, then by the coins turned)")
      ->capture_default_str();
  sub->add_option("--options", o->options_text,
                  "Also list the first N options: every legal move with the value it leaves (JSON: \"options\", "
                  "\"options_complete\")")
      ->type_name("N");
  sub->add_flag("--json", o->json,
                "Print {\"game\", \"code\", \"coins\", \"position\" (the heads), \"value\", \"outcome\": \"N\"|\"P\", "
                "\"winning_moves\"}");
  add_big_as_strings_flag(sub, o->big_as_strings);
  add_svg_option(sub, o->svg, "Also draw the position in FILE (SVG), g(n) under each coin, a winning move highlighted");
  add_max_memory_option(sub, o->max_memory, "Refuse positions whose values need more memory");
  add_max_seconds_option(sub, o->max_seconds);
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(o->big_as_strings, o->json);
    o->heads_given = sub->count("--heads") > 0;
    o->heaps_given = sub->count("--heaps") > 0;
    o->memory_limit = max_memory_limit(*sub, o->max_memory);
    o->time_limit = max_seconds_limit(*sub, o->max_seconds);
    if (o->count && !o->svg.empty()) {
      throw parse_error(
          "--count counts the winning moves without listing them, so --svg has none to draw; leave "
          "out one of them");
    }
    if (o->heads == "-") {
      o->heads = read_input_text("-", "the heads on standard input", position_bytes_per_input_byte, o->memory_limit);
    }
    if (o->position == "-") {
      o->position = position_from_stdin(o->game.find('*') != std::string::npos || !o->size.empty(), o->memory_limit);
    }
    o->limit = static_cast<std::size_t>(parse_u64(o->limit_text, "--limit"));
    o->offset = static_cast<std::size_t>(parse_u64(o->offset_text, "--offset"));
    if (!o->options_text.empty()) {
      if (o->count) {
        throw parse_error(
            "--count counts the winning moves without listing any move, so it lists no options; leave "
            "out one of them");
      }
      o->options = static_cast<std::size_t>(parse_u64(o->options_text, "--options", max_listed_options));
    }
    run_analyze(*o, state);
  });
}

}  // namespace tartan::cli
