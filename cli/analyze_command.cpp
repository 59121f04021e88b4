// tartan analyze GAME POSITION: the value, outcome and winning moves of a row position (1-D games), or of a grid
// position (tartan products), which grid_commands.cpp handles.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "grid.hpp"
#include "input.hpp"
#include "options.hpp"
#include "svg.hpp"
#include "tartan/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/limits.hpp"
#include "tartan/parse_number.hpp"
#include "tartan/position.hpp"

namespace tartan::cli {

namespace {

struct analyze_options {
  std::string game;
  std::string position;
  std::string coins;
  std::string heads;
  std::string size;
  std::size_t limit = 10;
  std::string limit_text = "10";  // --limit as typed: parse_u64 refuses signs and values beyond 64 bits
  bool json = false;
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
    throw parse_error("the position on standard input is empty; give coins such as HTTH (coin 0 first), e.g. "
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

/// Heads coins listed in full up to this many; beyond, only their number.
constexpr std::size_t listed_heads = 32;

/// The row described by POSITION, --coins and --heads, with the mistakes people make refused by name.
row_position read_row(const analyze_options& o, const turning_game& game) {
  const bool has_position = !o.position.empty(), has_heads = !o.heads.empty(), has_coins = !o.coins.empty();
  if (has_position && has_heads) {
    throw parse_error(
        "the position is given twice; give either POSITION (e.g. HTTH) or --coins N --heads 3,17, "
        "not both");
  }
  if (has_heads && o.heads.find(':') != std::string::npos) {
    throw parse_error("--heads '" + o.heads + "' lists grid coins (row:column), but " + game.name() +
                      " is played on a row; list coin numbers such as 3,17, or give a product game such as "
                      "ruler*ruler with --size RxC");
  }
  if (has_position && o.position.find('/') != std::string::npos) {
    throw parse_error("position '" + o.position + "' has several rows, but " + game.name() +
                      " is played on a row; give one row such as HTTH, or a product game such as ruler*ruler");
  }
  std::optional<std::size_t> coins;
  if (has_coins) {
    const std::uint64_t n = parse_u64(o.coins, "--coins", std::uint64_t{UINT32_MAX} + 1);
    if (n == 0) throw parse_error("--coins must be at least 1; type the length of the row, e.g. --coins 1000");
    coins = static_cast<std::size_t>(n);
  }
  if (has_heads && !coins) {
    throw parse_error("--heads needs --coins N, the length of the row; type e.g. --coins 1000 --heads " + o.heads);
  }
  if (has_position) {
    row_position p = parse_row(o.position);
    if (coins) {
      if (p.coins > *coins) {
        throw parse_error("the position has " + std::to_string(p.coins) + " coins but --coins is " + o.coins +
                          "; drop --coins or make it at least " + std::to_string(p.coins));
      }
      p.coins = *coins;  // the coins beyond the text are tails
    }
    return p;
  }
  if (coins) return sparse_row(*coins, parse_coin_list(o.heads));
  throw parse_error("no position given; type one such as HTTH (coin 0 first), or --coins N --heads 3,17");
}

/// The row as an SVG picture, the first winning move highlighted.
void write_row_svg(const std::string& path, const turning_game& game, const row_position& p, grundy_value value,
                   const std::vector<std::vector<coin>>& moves) {
  svg::board_picture picture;
  picture.cols = p.coins;
  picture.heads.assign(p.coins, false);
  for (const coin c : p.heads) picture.heads[c] = true;
  picture.title = game.name() + ": " + std::to_string(p.coins) + (p.coins == 1 ? " coin" : " coins");
  picture.notes.push_back("value " + std::to_string(value) +
                          (value != 0 ? " (N: the first player wins)" : " (P: the second player wins)"));
  if (!moves.empty()) {
    picture.turned.assign(p.coins, false);
    for (const coin c : moves[0]) picture.turned[c] = true;
    picture.moving = std::pair<std::size_t, std::size_t>{0, moves[0].back()};
    picture.notes.push_back("a winning move: turn " + format_coins(moves[0]));
  }
  svg::write_file(path, [&](std::ostream& out) { svg::write_board(out, picture); });
}

void run_row(const analyze_options& o, run_state& state) {
  const turning_game game = games::find_game(o.game);
  const row_position p = read_row(o, game);
  if (!o.svg.empty() && p.coins > svg::max_board_coins) {
    throw limit_error("--svg draws rows of at most " + std::to_string(svg::max_board_coins) + " coins; this one has " +
                      std::to_string(p.coins) + "; leave out --svg");
  }
  // Only the coins up to the last heads coin matter: every move turns a heads coin and coins to its left. The memory
  // is checked first, so that a far-away heads coin is refused with the estimate and the limit.
  const std::size_t needed = p.heads.empty() ? 0 : std::size_t{p.heads.back()} + 1;
  games::check_sequence_memory(needed, o.memory_limit);
  if (needed > games::max_sequence_length) {
    throw limit_error("heads coin " + std::to_string(p.heads.back()) + " needs g(0.." + std::to_string(p.heads.back()) +
                      "), more than the " + std::to_string(games::max_sequence_length) +
                      " values tartan computes; use heads coins below " + std::to_string(games::max_sequence_length));
  }
  // Computed once, shared by value and moves.
  const std::vector<grundy_value> g = game.sequence(needed, o.time_limit);
  const row_position prefix{needed, p.heads};
  const grundy_value value = position_value(g, prefix);
  const auto moves = winning_moves(game, g, prefix, o.limit);
  const char* outcome = value != 0 ? "N" : "P";
  if (!o.svg.empty()) write_row_svg(o.svg, game, p, value, moves);

  if (o.json) {
    nlohmann::ordered_json out;
    out["game"] = game.name();
    out["code"] = game.code();
    out["coins"] = p.coins;
    out["value"] = value;
    out["outcome"] = outcome;
    out["winning_moves"] = moves;
    std::cout << out.dump() << '\n';
    state.exit_code = 0;
    return;
  }
  std::cout << "game: " << game.name();
  if (game.code() == game.name()) {
    std::cout << " (a turning code)";
  } else if (!game.code().empty()) {
    std::cout << " (code " << game.code() << ')';
  }
  std::cout << "\nposition: " << p.coins << (p.coins == 1 ? " coin" : " coins")
            << ", numbered from 0 at the left; heads: ";
  if (p.heads.empty())
    std::cout << "none";
  else if (p.heads.size() <= listed_heads)
    std::cout << format_coins(p.heads);
  else
    std::cout << p.heads.size() << " coins";
  std::cout << "\nvalue: " << value << '\n';
  std::cout << "outcome: " << outcome << (value != 0 ? " (the first player wins)" : " (the second player wins)")
            << '\n';
  if (value == 0) {
    std::cout << "winning moves: none; every move leaves a non-zero value\n";
  } else if (o.limit == 0) {
    std::cout << "winning moves: not searched (--limit 0)\n";
  } else {
    std::cout << "winning moves (the coins turned, ascending; the last goes from heads to tails):\n";
    for (const auto& move : moves) std::cout << "  " << format_coins(move) << '\n';
    if (moves.size() == o.limit) {
      std::cout << "(stopped at --limit " << o.limit << "; raise it to list more)\n";
    }
  }
  state.exit_code = 0;
}

void run_analyze(const analyze_options& o, run_state& state) {
  if (o.game.find('*') != std::string::npos || !o.size.empty()) {
    if (!o.coins.empty()) {
      throw parse_error("--coins is the length of a row; a grid's size is --size RxC (e.g. --size 8x8)");
    }
    grid_analyze_request request;
    request.game = o.game;
    request.position = o.position;
    request.size = o.size;
    request.heads = o.heads;
    request.limit = o.limit;
    request.json = o.json;
    request.max_memory = o.memory_limit;
    request.max_seconds = o.time_limit;
    request.svg = o.svg;
    analyze_grid(request, state);
    return;
  }
  run_row(o, state);
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
      "  tartan analyze mock-turtles HTTHTH --svg board.svg\n");
  auto o = std::make_shared<analyze_options>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product such as ruler*ruler")->required();
  sub->add_option("POSITION", o->position, "The coins, H or T each, coin 0 first (grids: rows joined by '/')");
  sub->add_option("--coins", o->coins, "The length of the row, with --heads");
  sub->add_option("--heads", o->heads, "The heads coins: 3,17,1000 (grids: row:col,...)");
  sub->add_option("--size", o->size, "A grid's size RxC (product games)");
  sub->add_option("--limit", o->limit_text, "List at most this many winning moves")->capture_default_str();
  sub->add_flag("--json", o->json,
                "Print {\"game\", \"code\", \"coins\", \"value\", \"outcome\": \"N\"|\"P\", \"winning_moves\"}");
  sub->add_option("--svg", o->svg, "Also draw the position in FILE (SVG), a winning move highlighted");
  add_max_memory_option(sub, o->max_memory, "Refuse positions whose values need more memory");
  add_max_seconds_option(sub, o->max_seconds);
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    o->memory_limit = max_memory_limit(*sub, o->max_memory);
    o->time_limit = max_seconds_limit(*sub, o->max_seconds);
    if (o->position == "-") {
      o->position = position_from_stdin(o->game.find('*') != std::string::npos || !o->size.empty(), o->memory_limit);
    }
    o->limit = static_cast<std::size_t>(parse_u64(o->limit_text, "--limit"));
    run_analyze(*o, state);
  });
}

}  // namespace tartan::cli
