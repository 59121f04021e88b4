// The grid forms of `tartan analyze` and `tartan check` for tartan products (cli/grid.hpp): parse, call the engine
// (grid_position.hpp, grid_check.hpp), print.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "grid.hpp"
#include "svg.hpp"
#include "interrupt.hpp"
#include "tartan/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/grid_check.hpp"
#include "tartan/grid_position.hpp"
#include "tartan/position.hpp"
#include "tartan/tartan.hpp"

namespace tartan::cli {

namespace {

/// Heads coins listed in full up to this many; beyond, only their number.
constexpr std::size_t listed_heads = 32;

tartan_game product_game(const std::string& name) { return tartan_game(games::find_factors(name)); }

std::string cell_text(const std::vector<coin>& cell) {
  std::string s;
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (i != 0) s += ':';
    s += std::to_string(cell[i]);
  }
  return s;
}

/// "g_ruler(a) ⊗ g_mock-turtles(b)": the theorem's formula for this product.
std::string formula(const tartan_game& game) {
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

/// The board described by POSITION, --size and --heads.
grid_position read_grid(const grid_analyze_request& r, const tartan_game& game) {
  const bool has_position = !r.position.empty(), has_heads = !r.heads.empty(), has_size = !r.size.empty();
  if (has_position && has_heads) {
    throw parse_error("the position is given twice; give either POSITION (rows joined by '/', e.g. HTT/THH) or "
                      "--size RxC --heads 3:5,17:2, not both");
  }
  if (has_heads && !has_size) {
    throw parse_error("--heads needs --size RxC, the size of the board; type e.g. --size 1000x1000 --heads " +
                      r.heads);
  }
  std::optional<box_extents> size;
  if (has_size) {
    size = parse_board_size(r.size);
    game.check_extents(*size);
  }
  if (has_position) {
    if (game.dimensions() != 2) {
      throw parse_error("'" + game.name() + "' has " + std::to_string(game.dimensions()) +
                        " factors; rows joined by '/' draw a 2-D board, so give --size AxBxC --heads 1:2:3,... "
                        "instead");
    }
    grid_position p = parse_grid(r.position);
    if (size) {
      for (std::size_t i = 0; i < 2; ++i) {
        if (p.extents[i] > (*size)[i]) {
          throw parse_error("the position is " + format_size(p.extents) + " but --size is " + r.size +
                            "; drop --size or make it at least " + format_size(p.extents));
        }
      }
      p.extents = *size;  // the coins beyond the drawing are tails
    }
    return p;
  }
  if (size) return sparse_grid(*size, r.heads);
  throw parse_error("no position given; type rows of H/T joined by '/' (e.g. tartan analyze " + r.game +
                    " HTT/THH), or --size RxC --heads 3:5,17:2");
}

/// The board as an SVG picture, the first winning move highlighted. Two factors only.
void write_grid_svg(const std::string& path, const tartan_game& game, const grid_position& p, grundy_value value,
                    const std::vector<grid_move>& moves) {
  svg::board_picture picture;
  picture.grid = true;
  picture.rows = p.extents[0];
  picture.cols = p.extents[1];
  picture.heads.assign(picture.rows * picture.cols, false);
  for (const auto& cell : p.heads) picture.heads[cell[0] * picture.cols + cell[1]] = true;
  picture.title = game.name() + ": a " + format_size(p.extents) + " board";
  picture.notes.push_back("value " + std::to_string(value) +
                          (value != 0 ? " (N: the first player wins)" : " (P: the second player wins)"));
  if (!moves.empty()) {
    const grid_move& m = moves[0];
    picture.turned.assign(picture.rows * picture.cols, false);
    for (const coin r : m.rows()) {
      for (const coin c : m.cols()) picture.turned[r * picture.cols + c] = true;
    }
    picture.moving = std::pair<std::size_t, std::size_t>{m.rows().back(), m.cols().back()};
    picture.notes.push_back("a winning move: rows " + format_coins(m.rows()) + " × columns " + format_coins(m.cols()));
  }
  svg::write_file(path, [&](std::ostream& out) { svg::write_board(out, picture); });
}

}  // namespace

void analyze_grid(const grid_analyze_request& request, run_state& state) {
  const tartan_game game = product_game(request.game);
  const grid_position p = read_grid(request, game);
  if (!request.svg.empty() && (p.extents.size() != 2 || cell_count(p.extents) > svg::max_board_coins)) {
    throw limit_error("--svg draws boards of two factors with at most " + std::to_string(svg::max_board_coins) +
                      " coins; this one is " + format_size(p.extents) + "; leave out --svg");
  }
  // Only the coins up to the last heads coin along each axis matter: every move turns a heads coin and coins above
  // and to its left. The factors' sequences are computed that far.
  box_extents needed(game.dimensions(), 1);
  for (const auto& cell : p.heads) {
    for (std::size_t i = 0; i < cell.size(); ++i) needed[i] = std::max<std::size_t>(needed[i], std::size_t{cell[i]} + 1);
  }
  std::size_t total = 0;
  for (const std::size_t n : needed) total += n;
  // The memory first, so that far-away heads coins are refused with the estimate and the limit.
  games::check_sequence_memory(total, request.max_memory);
  for (const std::size_t n : needed) {
    if (n > games::max_sequence_length) {
      throw limit_error("a heads coin at " + std::to_string(n - 1) + " along an axis needs " +
                        std::to_string(n) + " values of its factor, more than the " +
                        std::to_string(games::max_sequence_length) + " tartan computes; use smaller coordinates");
    }
  }
  const tartan_values values = game.values(needed, request.max_memory, request.max_seconds);
  grid_position within = p;
  within.extents = needed;
  const grundy_value value = grid_value(values, within);
  const auto moves = grid_winning_moves(game, values, within, request.limit);
  const char* outcome = value != 0 ? "N" : "P";
  if (!request.svg.empty()) write_grid_svg(request.svg, game, p, value, moves);

  if (request.json) {
    nlohmann::ordered_json out;
    out["game"] = game.name();
    out["size"] = p.extents;
    out["value"] = value;
    out["outcome"] = outcome;
    auto list = nlohmann::ordered_json::array();
    for (const grid_move& m : moves) {
      nlohmann::ordered_json item;
      if (m.axes.size() == 2) {
        item["rows"] = m.rows();
        item["cols"] = m.cols();
      } else {
        item["axes"] = m.axes;
      }
      list.push_back(std::move(item));
    }
    out["winning_moves"] = std::move(list);
    std::cout << out.dump() << '\n';
    state.exit_code = 0;
    return;
  }
  std::cout << "game: " << game.name() << " (a tartan product: G = " << formula(game) << ")\n";
  std::cout << "board: " << format_size(p.extents)
            << (game.dimensions() == 2 ? ", coins (row, column) numbered from (0, 0) at the top left"
                                       : ", coins numbered from 0 along every axis")
            << "; heads: ";
  if (p.heads.empty()) {
    std::cout << "none";
  } else if (p.heads.size() <= listed_heads) {
    for (std::size_t i = 0; i < p.heads.size(); ++i) std::cout << (i == 0 ? "" : " ") << cell_text(p.heads[i]);
  } else {
    std::cout << p.heads.size() << " coins";
  }
  std::cout << "\nvalue: " << value << '\n';
  std::cout << "outcome: " << outcome << (value != 0 ? " (the first player wins)" : " (the second player wins)")
            << '\n';
  if (value == 0) {
    std::cout << "winning moves: none; every move leaves a non-zero value\n";
  } else if (request.limit == 0) {
    std::cout << "winning moves: not searched (--limit 0)\n";
  } else {
    std::cout << "winning moves (turn every coin of rows × columns; the last row and column meet at the heads coin "
                 "that goes to tails):\n";
    for (const grid_move& m : moves) {
      if (m.axes.size() == 2) {
        std::cout << "  rows " << format_coins(m.rows()) << " × columns " << format_coins(m.cols()) << '\n';
      } else {
        std::cout << " ";
        for (std::size_t i = 0; i < m.axes.size(); ++i) std::cout << (i == 0 ? " " : " × ") << "axis " << i + 1 << ": "
                                                                  << format_coins(m.axes[i]);
        std::cout << '\n';
      }
    }
    if (moves.size() == request.limit) {
      std::cout << "(stopped at --limit " << request.limit << "; raise it to list more)\n";
    }
  }
  state.exit_code = 0;
}

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
    std::cout << "game: " << report.game << " (a tartan product: G = " << formula(game) << ")\n";
    std::cout << "board: " << format_size(report.extents) << " (" << cell_count(report.extents)
              << " coins, numbered from 0 at the top left)\n";
    std::cout << "positions checked: " << report.positions;
    if (!report.complete) std::cout << " of 2^" << cell_count(report.extents) << " (interrupted)";
    std::cout << '\n';
    std::cout << "moves in the game graph: " << report.edges << '\n';
    std::cout << "mismatches: " << report.mismatches << '\n';
    if (report.passed() && !report.complete) {
      std::cout << "so far: every position checked agrees with the XOR of " << formula(game)
                << " over its heads coins\n";
    } else if (report.passed()) {
      std::cout << "ok: every position's value over the game graph equals the XOR of " << formula(game)
                << " over its heads coins\n";
    } else {
      std::cout << "first mismatches (heads coins: value over the game graph vs XOR of the theorem's values):\n";
      for (const auto& m : report.first_mismatches) {
        std::cout << " ";
        for (const auto& cell : m.position.heads) std::cout << ' ' << cell_text(cell);
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
