// The grid form of `tartan check` for tartan products (cli/grid.hpp): parse, call the engine (grid_check.hpp),
// print.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis_output.hpp"
#include "grid.hpp"
#include "interrupt.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/product/grid_check.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::cli {

namespace {

tartan_game product_game(const std::string& name) { return tartan_game(games::find_factors(name)); }

}  // namespace

void check_grid(const std::string& game_name, const std::string& size, bool json, std::uint64_t max_memory,
                run_state& state) {
  const tartan_game game = product_game(game_name);
  const box_extents extents = parse_board_size(size);
  check_limits limits;
  limits.max_memory = max_memory;
  // Ctrl-C stops the graph's construction; the positions built so far (a closed subgame) are still checked.
  const interrupt_scope scope;
  progress_bar bar("checking");
  limits.progress = [&bar](double fraction) {
    bar.show(fraction);
    return !interrupted();
  };
  const grid_check_report report = check_tartan_grid(game, extents, limits);
  bar.clear();
  if (json) {
    nlohmann::ordered_json out;
    out["game"] = report.game;
    out["size"] = report.extents;
    out["positions"] = report.positions;
    out["edges"] = report.edges;
    out["mismatches"] = report.mismatches;
    out["passed"] = report.passed();
    out["complete"] = report.complete;
    auto list = nlohmann::ordered_json::array();
    for (const auto& m : report.first_mismatches) {
      nlohmann::ordered_json item;
      item["heads"] = m.position.heads;
      if (extents.size() == 2) item["position"] = format_grid(m.position);
      item["graph_value"] = m.graph_value;
      item["xor_value"] = m.xor_value;
      list.push_back(std::move(item));
    }
    out["first_mismatches"] = std::move(list);
    out["seconds"] = report.seconds;
    std::cout << out.dump() << '\n';
  } else {
    std::cout << "game: " << report.game << " (a tartan product: G = " << product_formula(game_handle(game)) << ")\n";
    std::cout << "board: " << format_size(report.extents) << " (" << cell_count(report.extents)
              << " coins, numbered from 0 at the top left)\n";
    std::cout << "positions checked: " << report.positions;
    if (!report.complete) std::cout << " of 2^" << cell_count(report.extents) << " (interrupted)";
    std::cout << '\n';
    std::cout << "moves in the game graph: " << report.edges << '\n';
    std::cout << "mismatches: " << report.mismatches << '\n';
    if (report.passed() && !report.complete) {
      std::cout << "so far: every position checked agrees with the XOR of " << product_formula(game_handle(game))
                << " over its heads coins\n";
    } else if (report.passed()) {
      std::cout << "ok: every position's value over the game graph equals the XOR of "
                << product_formula(game_handle(game)) << " over its heads coins\n";
    } else {
      std::cout << "first mismatches (heads coins: value over the game graph vs XOR of the theorem's values):\n";
      for (const auto& m : report.first_mismatches) {
        std::cout << " ";
        for (const auto& cell : m.position.heads) std::cout << ' ' << format_cell(cell);
        std::cout << ": " << m.graph_value << " vs " << m.xor_value << '\n';
      }
    }
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", report.seconds);
    std::cout << "time: " << seconds << " s\n";
  }
  if (!report.complete) {
    std::cout.flush();
    std::cerr << "interrupted: " << report.positions << " positions were checked before the stop\n";
    state.exit_code = interrupted_exit_code;
    return;
  }
  state.exit_code = report.passed() ? 0 : 1;
}

}  // namespace tartan::cli
