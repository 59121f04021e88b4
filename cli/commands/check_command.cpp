// tartan check GAME --coins N | --size RxC: the game's values checked against an explicit game graph of every
// position on N coins, or of a product on a grid (engine/include/tartan/analysis/check.hpp): parse, check, print.
#include <CLI/CLI.hpp>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/analysis/check.hpp"
#include "tartan/analysis/misere_check.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/misere_output.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::cli {

namespace {

struct check_options {
  std::string game;
  std::string coins;
  std::string size;
  std::string claimed;  // --claimed LIST or @FILE: values to check instead of the game's
  std::string max_memory;
  std::string max_seconds;
  bool json = false;
  bool big_as_strings = false;
  bool misere = false;  // --misere: where misère play departs from the misère Nim rule
};

/// The text report: the game and its box, the counts, then the verdict or the first mismatches; `stop` says why an
/// incomplete check stopped ("interrupted", "stopped at the time limit").
void print_text(const game_handle& game, const check_result& r, bool claimed, const std::string& stop) {
  const std::uint64_t cells = cell_count(r.extents);
  if (game.is_product()) {
    std::cout << "game: " << r.game << " (a tartan product: G = " << product_formula(game) << ")\n";
    std::cout << (r.extents.size() == 2 ? "board: " : "box: ") << format_size(r.extents) << " (" << cells
              << " coins, numbered from 0 at the top left)\n";
  } else {
    const turning_game& g = game.row_game();
    std::cout << "game: " << g.name();
    if (!g.code().empty() && g.code() != g.name()) std::cout << " (code " << games::shortened_code(g.code()) << ')';
    std::cout << "\ncoins: " << cells << " (numbered from 0 at the left)\n";
  }
  std::cout << "positions checked: " << r.positions;
  if (!r.complete) {
    if (game.is_product()) {
      std::cout << " of 2^" << cells << " (" << stop << ")";
    } else {
      // A 1-D check stops between blocks of positions: every position on the first coins is done.
      std::cout << " of " << (std::uint64_t{1} << cells) << " (" << stop << ": every position on the first "
                << std::bit_width(r.positions) - 1 << " coins and more)";
    }
  }
  std::cout << '\n';
  std::cout << "moves in the game graph: " << r.edges << '\n';
  std::cout << "mismatches: " << r.mismatches << '\n';
  const std::string table = claimed ? "the given values" : game.is_product() ? product_formula(game) : "g";
  if (r.passed() && !r.complete) {
    std::cout << "so far: every position checked agrees with the XOR of " << table << " over its heads coins\n";
  } else if (r.passed()) {
    std::cout << "ok: every position's value over the game graph equals the XOR of " << table
              << " over its heads coins\n";
  } else if (game.is_product()) {
    std::cout << "first mismatches (heads coins: value over the game graph vs XOR of the theorem's values):\n";
    for (const checked_position& m : r.first_mismatches) {
      std::cout << " ";
      for (std::size_t h = 0; h < m.position.head_count(); ++h) std::cout << ' ' << format_cell(m.position.head(h));
      std::cout << ": " << m.graph_value << " vs " << m.xor_value << '\n';
    }
  } else {
    std::cout << "first mismatches (position, coin 0 first: value over the game graph, XOR of " << table
              << " over its heads coins):\n";
    for (const checked_position& m : r.first_mismatches) {
      std::cout << "  " << m.position.text() << ": " << m.graph_value << " vs " << m.xor_value << '\n';
    }
  }
  std::cout << time_line(r.seconds);
}

/// The JSON report; rows give the code and the coins, products the size and the heads of each mismatch; "stopped"
/// says why the time limit stopped an incomplete check.
void print_json(const game_handle& game, const check_result& r, const std::string& stopped) {
  nlohmann::ordered_json out;
  out["game"] = r.game;
  if (game.is_product()) {
    out["size"] = r.extents;
  } else {
    out["code"] = game.row_game().code();
    out["coins"] = r.extents[0];
  }
  out["positions"] = r.positions;
  out["edges"] = r.edges;
  out["mismatches"] = r.mismatches;
  out["passed"] = r.passed();
  out["complete"] = r.complete;
  auto list = nlohmann::ordered_json::array();
  for (const checked_position& m : r.first_mismatches) {
    nlohmann::ordered_json item;
    if (game.is_product()) {
      auto heads = nlohmann::ordered_json::array();
      for (std::size_t h = 0; h < m.position.head_count(); ++h) {
        const auto cell = m.position.head(h);
        heads.push_back(std::vector<coin>(cell.begin(), cell.end()));
      }
      item["heads"] = std::move(heads);
    }
    if (m.position.dimensions() <= 2) item["position"] = m.position.text();
    item["graph_value"] = m.graph_value;
    item["xor_value"] = m.xor_value;
    list.push_back(std::move(item));
  }
  out["first_mismatches"] = std::move(list);
  out["seconds"] = r.seconds;
  if (!stopped.empty()) out["stopped"] = stopped;
  std::cout << out.dump() << '\n';
}

/// The box to check, from --coins (1-D games) or --size (products), with advice in terms of the flags.
box_extents box_to_check(const check_options& o, const game_handle& game) {
  if (!o.size.empty() && !game.is_product()) {
    throw parse_error(tartan::quote_typed(o.game) +
                      " is a single game; a tartan product needs at least two factors joined by '*', e.g. " +
                      tartan::quote_typed(o.game + "*" + o.game) + "; check a single game with --coins N");
  }
  if (game.is_product()) {
    if (!o.coins.empty()) {
      throw parse_error(
          "--coins is the length of a row; a product game is checked on a grid: give --size RxC "
          "(e.g. --size 4x4) instead");
    }
    if (o.size.empty()) {
      throw parse_error("a product game is checked on a grid; give its size, e.g. tartan check " +
                        tartan::quote_typed(o.game) + " --size 4x4");
    }
    if (!o.claimed.empty()) throw parse_error("--claimed is for row games checked with --coins N");
    return parse_board_size(o.size);
  }
  if (o.coins.empty()) {
    throw parse_error("give the number of coins to check, e.g. tartan check " + tartan::quote_typed(o.game) +
                      " --coins 12");
  }
  const std::uint64_t coins = parse_u64(o.coins, "--coins", UINT32_MAX);
  if (coins == 0) throw parse_error("--coins must be at least 1; type e.g. --coins 12");
  return box_extents{static_cast<std::size_t>(coins)};
}

/// The progress of a check: the bar, Ctrl-C and --max-seconds (a fraction_guard: the limit reached, or projected
/// from the pace of the fraction done), which stop the check with what it checked so far.
progress_callback check_progress(progress_bar& bar, fraction_guard& time_limit) {
  return [&bar, &time_limit](double fraction) {
    bar.show(fraction);
    return !interrupted() && time_limit(fraction);
  };
}

/// After an incomplete check: why it stopped on standard error, and the exit code (2 for the time limit, 130 for
/// Ctrl-C). `checked` says how far it got: "4096 of 65536 positions".
void report_stop(const fraction_guard& time_limit, const std::string& checked, run_state& state) {
  std::cout.flush();
  if (time_limit.stopped()) {
    std::cerr << "error: " << time_limit.why() << "; " << checked
              << " were checked, none beyond; check fewer coins, or raise the limit with --max-seconds (0: no limit)\n";
    state.exit_code = 2;
    return;
  }
  std::cerr << "interrupted: " << checked << " were checked before the stop\n";
  state.exit_code = interrupted_exit_code;
}

/// --misere: every position's misère outcome against the misère Nim rule on the values; exit 0 when the game is tame
/// up to the size, 1 when the rule fails somewhere, 130 when Ctrl-C stopped it, 2 when the time
/// limit did (what was checked is printed).
void run_misere_check(const check_options& o, std::uint64_t max_memory, double max_seconds, run_state& state) {
  if (!o.claimed.empty()) {
    throw parse_error(
        "--claimed checks a claimed table of values; --misere checks the game's misère outcomes against "
        "its own values: leave out one of them");
  }
  misere_check_request request{resolve_game_argument(o.game), {}};
  request.extents = box_to_check(o, request.game);
  request.max_memory = max_memory;
  const interrupt_scope scope;
  progress_bar bar("checking misère outcomes");
  fraction_guard time_limit(max_seconds, "the check");
  request.progress = check_progress(bar, time_limit);
  const misere_check_result result = check_misere(request);
  bar.clear();
  if (o.json) {
    std::cout << misere_check_json(request.game, result).dump() << '\n';
  } else {
    print_misere_check(std::cout, request.game, result);
    std::cout << time_line(result.seconds);
  }
  if (!result.complete) {
    return report_stop(time_limit,
                       std::to_string(result.positions) + " of " +
                           std::to_string(std::uint64_t{1} << cell_count(result.extents)) + " positions",
                       state);
  }
  state.exit_code = result.tame() ? 0 : 1;
}

void run_check(const check_options& o, std::uint64_t max_memory, double max_seconds, run_state& state) {
  if (o.misere) return run_misere_check(o, max_memory, max_seconds, state);
  check_request request{resolve_game_argument(o.game), {}};
  request.extents = box_to_check(o, request.game);
  if (!o.claimed.empty()) {
    request.claimed = read_claimed_values(o.claimed, max_memory).values;
    if (request.claimed.size() != request.extents[0]) {
      throw parse_error("--claimed gives " + std::to_string(request.claimed.size()) + " values but --coins is " +
                        std::to_string(request.extents[0]) + "; give one value per coin, g(0) first");
    }
  }
  request.limits.max_memory = max_memory;
  // Ctrl-C stops the graph's construction; the positions built so far (a closed subgame) are still checked.
  const interrupt_scope scope;
  progress_bar bar("checking");
  fraction_guard time_limit(max_seconds, "the check");
  request.limits.progress = check_progress(bar, time_limit);
  const check_result result = check(request);
  bar.clear();
  if (o.json) {
    print_json(request.game, result, time_limit.why());
  } else {
    print_text(request.game, result, !o.claimed.empty(),
               time_limit.stopped() ? "stopped at the time limit" : "interrupted");
  }
  if (!result.complete) {
    return report_stop(
        time_limit,
        std::to_string(result.positions) +
            (request.game.is_product() ? "" : " of " + std::to_string(std::uint64_t{1} << result.extents[0])) +
            " positions",
        state);
  }
  state.exit_code = result.passed() ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "check", "Check a game's values against an explicit game graph of every position on N coins (Boost.Graph).");
  sub->footer(
      "Every position on N coins (2^N of them) becomes a vertex, every legal move an edge; each position's value\n"
      "is the mex over the graph, with no theorem assumed, and is compared with the XOR of g over its heads coins.\n"
      "Exit code 0 when all agree, 1 on any mismatch, 130 when interrupted (Ctrl-C prints what was checked), 2\n"
      "when stopped by --max-seconds (what was checked is printed too). N is\n"
      "at most 24, and less for games with many moves per coin (the command says how far a game can go). --claimed\n"
      "checks claimed values instead of the game's own: a list, or @FILE, a file of them.\n"
      "A product game (ruler*ruler) or --size RxC checks a grid instead.\n"
      "Examples:\n"
      "  tartan check mock-turtles --coins 16\n"
      "  tartan check 1-3 --coins 4 --claimed 1,2,4,8      (exit 1: g(3) is 7)\n"
      "  tartan check 'ruler*ruler' --size 4x4\n"
      "With --misere, each position's misère outcome (the last player to move loses), found by a sweep over every\n"
      "position with no rule assumed, is compared with the misère Nim rule on the values (P exactly when the value\n"
      "is 1 if every heads coin's value is at most 1, else exactly when it is 0); the positions where it fails are\n"
      "listed, and a game with none is tame up to N (exit 0; 1 when the rule fails somewhere):\n"
      "  tartan check turning-turtles --coins 12 --misere");
  auto o = std::make_shared<check_options>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product such as ruler*ruler")->required();
  sub->add_option("--coins", o->coins, "The number of coins N (positions on coins 0..N-1)");
  sub->add_option("--size", o->size, "A grid's size RxC (product games)");
  sub->add_option("--claimed", o->claimed,
                  "Claimed values g(0),g(1),... to check instead of the game's: a list such as 1,2,4,7, or @FILE, a "
                  "file of them (blank- or comma-separated, '#' comments; @- for standard input)")
      ->type_name("LIST|@FILE");
  sub->add_flag("--misere", o->misere,
                "Check misère play: every position's misère outcome against the misère Nim rule on the values "
                "(\"tame up to N\" when none departs from it)");
  add_max_memory_option(sub, o->max_memory, "Refuse checks whose game graph needs more memory");
  add_max_seconds_option(sub, o->max_seconds,
                         "Stop the check at the limit, or within about a second when its pace projects past it, "
                         "printing what was checked (seconds, e.g. 600; 0: no limit; default 60)");
  sub->add_flag(
      "--json", o->json,
      "Print {\"game\", \"code\", \"coins\", \"positions\", \"edges\", \"mismatches\", \"passed\", "
      "\"complete\", \"first_mismatches\": [{\"position\", \"graph_value\", \"xor_value\"}]}, with \"stopped\" when "
      "the time limit stopped it");
  add_big_as_strings_flag(sub, o->big_as_strings);
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    const big_as_strings_scope numbers(o->big_as_strings, o->json);
    run_check(*o, max_memory_limit(*sub, o->max_memory), max_seconds_limit(*sub, o->max_seconds), state);
  });
}

}  // namespace tartan::cli
