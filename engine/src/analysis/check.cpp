#include "tartan/analysis/check.hpp"

#include <chrono>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/grid_check.hpp"

namespace tartan {

namespace {

std::string axes_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " axis" : " axes"); }

check_result from_row_check(const check_request& request, const check_report& report) {
  check_result result;
  result.extents = request.extents;
  result.positions = report.positions;
  result.edges = report.edges;
  result.mismatches = report.mismatches;
  result.complete = report.complete;
  for (const check_mismatch& m : report.first_mismatches) {
    row_position row{report.coins, {}};
    for (coin c = 0; c < report.coins; ++c) {
      if (m.heads >> c & 1) row.heads.push_back(c);
    }
    result.first_mismatches.push_back({box_position(row), m.graph_value, m.xor_value});
  }
  return result;
}

check_result from_grid_check(grid_check_report report) {
  check_result result;
  result.extents = std::move(report.extents);
  result.positions = report.positions;
  result.edges = report.edges;
  result.mismatches = report.mismatches;
  result.complete = report.complete;
  for (grid_check_mismatch& m : report.first_mismatches) {
    result.first_mismatches.push_back({box_position(m.position), m.graph_value, m.xor_value});
  }
  return result;
}

}  // namespace

check_result check(const check_request& request) {
  const game_handle& game = request.game;
  // A product's box is checked by check_tartan_grid (check_extents), which names the size; a row's here.
  if (!game.is_product() && request.extents.size() != 1) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(game.dimensions()) +
                      (game.dimensions() == 1 ? " factor" : " factors") + ", but the box to check has " +
                      axes_text(request.extents.size()) + "; give one extent per factor");
  }
  const auto start = std::chrono::steady_clock::now();
  check_result result;
  if (!game.is_product()) {
    const std::size_t coins = request.extents[0];
    if (coins == 0) throw parse_error("a check needs at least one coin");
    check_report report;
    if (request.claimed.empty()) {
      report = check_game(game.row_game(), coins, request.limits);
    } else {
      if (request.claimed.size() != coins) {
        throw parse_error("the claimed table has " + std::to_string(request.claimed.size()) + " values for " +
                          std::to_string(coins) + " coins; give one value per coin, g(0) first");
      }
      report = check_game(game.row_game(), coins, request.claimed, request.limits);
    }
    result = from_row_check(request, report);
  } else {
    const tartan_game product = game.product();
    if (request.claimed.empty()) {
      result = from_grid_check(check_tartan_grid(product, request.extents, request.limits));
    } else {
      const std::uint64_t cells = cell_count(request.extents);
      if (request.claimed.size() != cells) {
        throw parse_error("the claimed table has " + std::to_string(request.claimed.size()) + " values for " +
                          std::to_string(cells) + " cells; give one value per cell, in row-major order");
      }
      result = from_grid_check(check_tartan_grid(product, request.extents, request.claimed, request.limits));
    }
  }
  result.game = game.name();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tartan
