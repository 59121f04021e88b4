// tartan check GAME --coins N: the game's values checked against an explicit game graph of every position on N
// coins (engine/include/tartan/turning/game_check.hpp); --size RxC checks a product game on a grid (grid_commands.cpp).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "detail/text.hpp"
#include "grid.hpp"
#include "interrupt.hpp"
#include "options.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_check.hpp"

namespace tartan::cli {

namespace {

struct check_options {
  std::string game;
  std::string coins;
  std::string size;
  std::string values;
  std::string max_memory;
  bool json = false;
};

/// A claimed value table "1,2,4,7" (decimal or 0x hex items).
std::vector<grundy_value> parse_values(std::string_view text) {
  std::vector<grundy_value> values;
  std::size_t item = 1;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view piece = detail::trim(text.substr(0, comma));
    values.push_back(parse_u64(piece, "--values item " + std::to_string(item)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
    ++item;
  }
  return values;
}

void print_text(const turning_game& game, const check_report& report, bool claimed) {
  std::cout << "game: " << game.name();
  if (!game.code().empty() && game.code() != game.name()) std::cout << " (code " << game.code() << ')';
  std::cout << "\ncoins: " << report.coins << " (numbered from 0 at the left)\n";
  std::cout << "positions checked: " << report.positions;
  if (!report.complete) {
    std::cout << " of " << (std::uint64_t{1} << report.coins) << " (interrupted: every position on the first "
              << std::bit_width(report.positions) - 1 << " coins and more)";
  }
  std::cout << '\n';
  std::cout << "moves in the game graph: " << report.edges << '\n';
  std::cout << "mismatches: " << report.mismatches << '\n';
  const char* table = claimed ? "the given values" : "g";
  if (report.passed() && !report.complete) {
    std::cout << "so far: every position checked agrees with the XOR of " << table << " over its heads coins\n";
    return;
  }
  if (report.passed()) {
    std::cout << "ok: every position's value over the game graph equals the XOR of " << table
              << " over its heads coins\n";
    return;
  }
  std::cout << "first mismatches (position, coin 0 first: value over the game graph, XOR of " << table
            << " over its heads coins):\n";
  for (const auto& m : report.first_mismatches) {
    std::cout << "  " << heads_text(m.heads, report.coins) << ": " << m.graph_value << " vs " << m.xor_value << '\n';
  }
}

void print_json(const turning_game& game, const check_report& report) {
  nlohmann::ordered_json out;
  out["game"] = game.name();
  out["code"] = game.code();
  out["coins"] = report.coins;
  out["positions"] = report.positions;
  out["edges"] = report.edges;
  out["mismatches"] = report.mismatches;
  out["passed"] = report.passed();
  out["complete"] = report.complete;
  auto list = nlohmann::ordered_json::array();
  for (const auto& m : report.first_mismatches) {
    nlohmann::ordered_json item;
    item["position"] = heads_text(m.heads, report.coins);
    item["graph_value"] = m.graph_value;
    item["xor_value"] = m.xor_value;
    list.push_back(std::move(item));
  }
  out["first_mismatches"] = std::move(list);
  std::cout << out.dump() << '\n';
}

void run_check(const check_options& o, std::uint64_t max_memory, run_state& state) {
  const bool product = o.game.find('*') != std::string::npos;
  if (!o.size.empty() || product) {
    if (!o.coins.empty()) {
      throw parse_error(
          "--coins is the length of a row; a product game is checked on a grid: give --size RxC "
          "(e.g. --size 4x4) instead");
    }
    if (o.size.empty()) {
      throw parse_error("a product game is checked on a grid; give its size, e.g. tartan check " + o.game +
                        " --size 4x4");
    }
    if (!o.values.empty()) throw parse_error("--values is for row games checked with --coins N");
    check_grid(o.game, o.size, o.json, max_memory, state);
    return;
  }
  if (o.coins.empty()) {
    throw parse_error("give the number of coins to check, e.g. tartan check " + o.game + " --coins 12");
  }
  const turning_game game = games::find_game(o.game);
  const std::uint64_t coins = parse_u64(o.coins, "--coins", UINT32_MAX);
  if (coins == 0) throw parse_error("--coins must be at least 1; type e.g. --coins 12");
  const auto n = static_cast<std::size_t>(coins);
  check_limits limits;
  limits.max_memory = max_memory;
  // Ctrl-C stops the graph's construction; the positions built so far (a closed subgame) are still checked.
  const interrupt_scope scope;
  progress_bar bar("checking");
  limits.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  check_report report;
  if (o.values.empty()) {
    report = check_game(game, n, limits);
  } else {
    const auto table = parse_values(o.values);
    if (table.size() != n) {
      throw parse_error("--values lists " + std::to_string(table.size()) + " values but --coins is " +
                        std::to_string(n) + "; give one value per coin, g(0) first");
    }
    report = check_game(game, n, table, limits);
  }
  bar.clear();
  if (o.json)
    print_json(game, report);
  else
    print_text(game, report, !o.values.empty());
  if (!report.complete) {
    std::cout.flush();
    std::cerr << "interrupted: " << report.positions << " of " << (std::uint64_t{1} << n)
              << " positions were checked before the stop\n";
    state.exit_code = interrupted_exit_code;
    return;
  }
  state.exit_code = report.passed() ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "check", "Check a game's values against an explicit game graph of every position on N coins (Boost.Graph).");
  sub->footer(
      "Every position on N coins (2^N of them) becomes a vertex, every legal move an edge; each position's value\n"
      "is the mex over the graph, with no theorem assumed, and is compared with the XOR of g over its heads coins.\n"
      "Exit code 0 when all agree, 1 on any mismatch, 130 when interrupted (Ctrl-C prints what was checked). N is\n"
      "at most 24, and less for games with many moves per coin (the command says how far a game can go). --values\n"
      "checks a claimed table instead of the game's own values.\n"
      "A product game (ruler*ruler) or --size RxC checks a grid instead.\n"
      "Examples:\n"
      "  tartan check mock-turtles --coins 16\n"
      "  tartan check 1-3 --coins 4 --values 1,2,4,8      (exit 1: g(3) is 7)\n"
      "  tartan check 'ruler*ruler' --size 4x4");
  auto o = std::make_shared<check_options>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product such as ruler*ruler")->required();
  sub->add_option("--coins", o->coins, "The number of coins N (positions on coins 0..N-1)");
  sub->add_option("--size", o->size, "A grid's size RxC (product games)");
  sub->add_option("--values", o->values, "A claimed table g(0),g(1),... to check instead of the game's values");
  add_max_memory_option(sub, o->max_memory, "Refuse checks whose game graph needs more memory");
  sub->add_flag("--json", o->json,
                "Print {\"game\", \"code\", \"coins\", \"positions\", \"edges\", \"mismatches\", \"passed\", "
                "\"complete\", \"first_mismatches\": [{\"position\", \"graph_value\", \"xor_value\"}]}");
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    run_check(*o, max_memory_limit(*sub, o->max_memory), state);
  });
}

}  // namespace tartan::cli
