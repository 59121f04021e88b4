// tartan analyze GAME POSITION: the value, outcome and winning moves of a row position (1-D games) or a board
// position (tartan products): read the options, resolve the game, call the engine's analyze
// (tartan/analysis/analysis.hpp), print (analysis_output.hpp).
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
#include "tartan/analysis/box_region.hpp"
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
#include "tartan/present/position_input.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::cli {

namespace {

struct analyze_request : position_text {
  bool count = false;
  std::vector<std::string> more;  // + GAME POSITION ...: the further terms of a sum
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

/// A term's position in a sum: drawn (HTTH, HT/TH) or SIZE=HEADS (1000=3,10-20; 8x8=0-7:0-7,3:3; 8x8=all).
box_region read_term_position(const std::string& text, const game_handle& game, std::size_t term) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos) {
    const box_position drawn =
        text.find('/') != std::string::npos ? box_position(parse_grid(text)) : box_position(parse_row(text));
    if (drawn.dimensions() != game.dimensions()) {
      throw parse_error("term " + std::to_string(term) + " of the sum: " + tartan::quote_typed(text) + " has " +
                        std::to_string(drawn.dimensions()) + (drawn.dimensions() == 1 ? " axis" : " axes") + " but '" +
                        game.name() + "' has " + std::to_string(game.dimensions()) +
                        "; give a row for a 1-D game, rows joined by '/' for a product of two, or SIZE=HEADS");
    }
    return box_region(drawn);
  }
  const std::string size_text = text.substr(0, equals), heads = text.substr(equals + 1);
  box_extents size;
  if (size_text.find('x') == std::string::npos) {
    const std::uint64_t n = parse_u64(size_text, "the row length before '='", std::uint64_t{UINT32_MAX} + 1);
    if (n == 0) throw parse_error("term " + std::to_string(term) + " of the sum: a row needs at least 1 coin");
    size = box_extents{static_cast<std::size_t>(n)};
  } else {
    size = parse_board_size(size_text);
  }
  if (size.size() != game.dimensions()) {
    throw parse_error("term " + std::to_string(term) + " of the sum: size " + tartan::quote_typed(size_text) + " has " +
                      std::to_string(size.size()) + (size.size() == 1 ? " axis" : " axes") + " but '" + game.name() +
                      "' has " + std::to_string(game.dimensions()) +
                      "; e.g. 1000=3,10-20 for a row, 8x8=all for a board");
  }
  if (game.is_product()) game.product().check_extents(size);
  if (heads == "all") return box_region::all_heads(size);
  return parse_box_region(size, heads);
}

/// The terms of a sum: GAME POSITION, then + GAME POSITION for each further term.
std::vector<sum_term> read_sum(const analyze_request& o) {
  if (!o.coins.empty() || !o.size.empty() || o.heads_given || o.all_heads || !o.svg.empty()) {
    throw parse_error(
        "--coins, --size, --heads, --all-heads and --svg describe one position; in a sum give each term as GAME "
        "POSITION, POSITION drawn (HTTH, HT/TH) or SIZE=HEADS (1000=3,10-20, 8x8=all), terms joined by +");
  }
  std::vector<std::pair<std::string, std::string>> texts{{o.game, o.position}};
  for (std::size_t i = 0; i < o.more.size();) {
    if (o.more[i] != "+") {
      throw parse_error("expected '+' before term " + std::to_string(texts.size()) + " of the sum, found " +
                        tartan::quote_typed(o.more[i]) + "; join terms as GAME POSITION + GAME POSITION");
    }
    if (i + 1 >= o.more.size() || o.more[i + 1] == "+") {
      throw parse_error("term " + std::to_string(texts.size()) +
                        " of the sum is empty; give GAME POSITION after each +, e.g. + ruler HTH");
    }
    if (i + 2 >= o.more.size() || o.more[i + 2] == "+") {
      throw parse_error("term " + std::to_string(texts.size()) + " of the sum (" + tartan::quote_typed(o.more[i + 1]) +
                        ") has no position; give GAME POSITION, e.g. + ruler HTH");
    }
    texts.emplace_back(o.more[i + 1], o.more[i + 2]);
    i += 3;
  }
  if (texts[0].second.empty()) {
    throw parse_error("term 0 of the sum (" + tartan::quote_typed(o.game) +
                      ") has no position; give GAME POSITION, e.g. ruler HTH");
  }
  std::vector<sum_term> terms;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    game_handle game = resolve_game_argument(texts[i].first);
    box_region position = read_term_position(texts[i].second, game, i);
    terms.push_back({std::move(game), std::move(position)});
  }
  return terms;
}

/// Runs `work` (an analysis, whose sequences may take long for far coins) with a progress bar on a terminal and
/// Ctrl-C as a request to stop: the engine then stops with cancelled_error, said here on one line with how far the
/// values got, and the exit code is 130. Returns false when it was stopped.
/// @pre an interrupt_scope is live.
template <class Work>
bool with_progress(analyze_options& limits, run_state& state, Work&& work) {
  progress_bar bar("computing the values");
  limits.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  try {
    work();
  } catch (const cancelled_error& e) {
    bar.clear();
    std::cerr << "interrupted: " << e.what() << '\n';
    state.exit_code = interrupted_exit_code;
    return false;
  }
  return true;
}

/// A sum: parse → resolve → analyze or count → print.
void run_sum(const analyze_request& o, run_state& state) {
  const stopwatch timer;
  if (!o.options_text.empty()) {
    throw parse_error("--options lists the options of one position; leave it out of a sum, or analyze a term alone");
  }
  const std::vector<sum_term> terms = read_sum(o);
  analyze_options limits;
  limits.max_memory = o.memory_limit;
  limits.max_seconds = o.time_limit;
  if (o.count) {
    const sum_count_result counted = count_sum_winning_moves(terms, limits);
    if (o.json) {
      print_sum_count_json(std::cout, terms, counted);
    } else {
      print_sum_count(std::cout, terms, counted);
      std::cout << time_line(timer.seconds());
    }
  } else {
    std::optional<sum_analysis> computed;
    const interrupt_scope scope;
    if (!with_progress(limits, state, [&] { computed.emplace(terms, limits); })) return;
    const sum_analysis& a = *computed;
    const auto winning = a.winning_moves(o.limit, o.offset);
    if (o.json) {
      print_sum_analysis_json(std::cout, a, winning);
    } else {
      print_sum_analysis(std::cout, a, winning, o.limit, o.offset);
      std::cout << time_line(timer.seconds());
    }
  }
  state.exit_code = 0;
}

/// parse → resolve → analyze → print.
void run_analyze(const analyze_request& o, run_state& state) {
  if (!o.more.empty()) return run_sum(o, state);
  const stopwatch timer;
  const game_handle game = resolve_game_argument(o.game);
  const box_region region = read_region(o, game);
  analyze_options limits;
  limits.max_memory = o.memory_limit;
  limits.max_seconds = o.time_limit;
  if (o.count) {
    const move_count_result counted = count_winning_moves(game, region, limits);
    if (o.json) {
      print_move_count_json(std::cout, game, region, counted);
    } else {
      print_move_count(std::cout, game, region, counted);
      std::cout << time_line(timer.seconds());
    }
    state.exit_code = 0;
    return;
  }
  const box_position position = [&] {
    try {
      return region.to_position(o.memory_limit);
    } catch (const limit_error& e) {
      throw limit_error(e.problem(), "add --count to count the winning moves without listing them", e.figures());
    }
  }();
  if (!o.svg.empty()) check_drawable(position);
  // Ctrl-C stops the values, the search for winning moves and the options alike: what was found is printed, then one
  // line says where it stopped.
  const interrupt_scope scope;
  std::optional<analysis> analysed;
  if (!with_progress(limits, state, [&] { analysed.emplace(analyze(game, position, limits)); })) return;
  const analysis& result = *analysed;
  // The time limit covers the search and the options too: a deadline counted from the start of the command.
  search_options search = search_options::within(o.time_limit > 0 ? std::max(o.time_limit - timer.seconds(), 1e-9) : 0);
  progress_bar bar("searching for winning moves");
  search.progress = [&](double fraction) {
    bar.show(fraction);
    if (!o.json) std::cout.flush();  // the moves found so far are seen while the search goes on
    return !interrupted();
  };
  // The text report is printed as it is found: the value first, then each winning move.
  std::ostringstream ignored;
  std::ostream& text = o.json ? ignored : std::cout;
  if (!o.json) {
    print_analysis_head(std::cout, result);
    std::cout.flush();
  }
  move_page_printer page(text, result, o.limit, o.offset);
  search_report stopped;  // the search that was stopped by the deadline or Ctrl-C, if one was
  std::string stopped_what;
  std::size_t stopped_listed = 0;
  if (page.begin()) {
    const search_report found = result.for_each_winning_move(
        [&](const move& m) {
          bar.clear();
          return page.visit(m);
        },
        search);
    bar.clear();
    page.finish(found);
    if (found.interrupted()) {
      stopped = found;
      stopped_what = "winning moves";
      stopped_listed = page.listed().size();
    }
  }
  std::optional<option_page> options;
  if (!o.options_text.empty() && !stopped.interrupted()) {
    search_report listing;
    options = list_options(result, o.options, search, listing);
    bar.clear();
    if (!o.json) print_options(std::cout, *options, listing.interrupted());
    if (listing.interrupted()) {
      stopped = listing;
      stopped_what = "options";
      stopped_listed = options->listed.size();
    }
  }
  if (!o.svg.empty()) write_analysis_svg(o.svg, result, page.listed());
  std::string where;
  if (stopped.interrupted()) where = search_stopped_text(stopped, stopped_what, stopped_listed, o.time_limit);
  if (o.json) {
    nlohmann::ordered_json json = analysis_json(result, page.listed(), options);
    if (!where.empty()) {
      json["complete"] = false;
      json["stopped"] = where;
    }
    std::cout << json.dump() << '\n';
  } else if (where.empty()) {
    std::cout << time_line(timer.seconds());
  }
  std::cout.flush();
  if (stopped.end == search_end::cancelled) {
    std::cerr << "interrupted: " << where << '\n';
    state.exit_code = interrupted_exit_code;
    return;
  }
  if (stopped.end == search_end::time_limit) {
    std::cerr << "error: " << where << "; raise the limit with --max-seconds (0: no limit)\n";
    state.exit_code = 2;
    return;
  }
  state.exit_code = 0;
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
  sub->add_option("--size", o->size, "A grid's size RxC (product games)");
  sub->add_flag("--all-heads", o->all_heads, "Every coin heads, with --coins N or --size RxC");
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
