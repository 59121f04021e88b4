// tartan play GAME POSITION: a game against the engine in the terminal, on a row (1-D games) or a board (products
// of two games). The game itself is tartan::play_session (engine/include/tartan/play/play.hpp); this file reads lines
// (moves through input/play_move_text.hpp), draws the board and prints what happened.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.hpp"
#include "detail/text.hpp"
#include "input/file_input.hpp"
#include "input/options.hpp"
#include "input/play_move_text.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/play.hpp"

namespace tartan::cli {

namespace {

struct play_options {
  std::string game;
  std::string position;
  std::string first = "you";
  std::string seed;
};

/// True when the locale asks for UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set decides (POSIX order).
bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string v;
    for (const char* c = value; *c != '\0'; ++c) v += static_cast<char>(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
    return v.find("UTF-8") != std::string::npos || v.find("UTF8") != std::string::npos;
  }
  return false;
}

std::string padded(const std::string& s, std::size_t width) {
  return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
}

/// Draws the position: coin numbers across the top (and row numbers down the left on a board), then H/T or ● ○.
class board_printer {
 public:
  explicit board_printer(bool symbols) : heads_(symbols ? "●" : "H"), tails_(symbols ? "○" : "T") {}

  void print(const box_position& p) const {
    if (p.dimensions() == 2) {
      print_grid(p);
    } else {
      print_row(p);
    }
  }

 private:
  /// A row in chunks that fit 80 columns, each under its coin numbers.
  void print_row(const box_position& p) const {
    const std::size_t coins = p.extents()[0];
    const std::size_t width = std::to_string(coins - 1).size();
    const std::size_t per_line = std::max<std::size_t>(1, (80 - 7) / (width + 1));
    std::vector<bool> heads(coins, false);
    for (std::size_t h = 0; h < p.head_count(); ++h) heads[p.head(h)[0]] = true;
    for (std::size_t first = 0; first < coins; first += per_line) {
      const std::size_t last = std::min(coins, first + per_line);
      std::string numbers = "  coin ", coins = "       ";
      for (std::size_t c = first; c < last; ++c) {
        numbers += padded(std::to_string(c), width) + (c + 1 < last ? " " : "");
        coins += std::string(width - 1, ' ') + (heads[c] ? heads_ : tails_) + (c + 1 < last ? " " : "");
      }
      std::cout << numbers << '\n' << coins << '\n';
    }
  }

  void print_grid(const box_position& p) const {
    const std::size_t rows = p.extents()[0], cols = p.extents()[1];
    const std::size_t row_width = std::to_string(rows - 1).size();
    const std::size_t width = std::to_string(cols - 1).size();
    std::vector<bool> heads(rows * cols, false);
    for (std::size_t h = 0; h < p.head_count(); ++h) heads[p.head(h)[0] * cols + p.head(h)[1]] = true;
    std::string line = "  " + std::string(row_width, ' ') + "  ";
    for (std::size_t b = 0; b < cols; ++b) line += padded(std::to_string(b), width) + (b + 1 < cols ? " " : "");
    std::cout << line << '\n';
    for (std::size_t a = 0; a < rows; ++a) {
      line = "  " + padded(std::to_string(a), row_width) + "  ";
      for (std::size_t b = 0; b < cols; ++b) {
        line += std::string(width - 1, ' ') + (heads[a * cols + b] ? heads_ : tails_) + (b + 1 < cols ? " " : "");
      }
      std::cout << line << '\n';
    }
  }

  std::string heads_, tails_;
};

std::string outcome_text(grundy_value value) {
  return value != 0 ? "N: the player to move can win" : "P: the player to move loses against good play";
}

std::string who(player p) { return p == player::person ? "you" : "the engine"; }

/// The rule in one line, from the registry's summaries.
std::string rule_of(const turning_game& game) {
  for (const games::game_info& info : games::builtin_games()) {
    if (info.name == game.name()) {
      return game.name() + " (code " + game.code() + "): " + std::string(info.summary);
    }
  }
  return game.name() + " (a turning code)";
}

class game_loop {
 public:
  game_loop(play_session session, std::string rules, bool echo, bool symbols)
      : s_(std::move(session)),
        board_(s_.position().dimensions() == 2),
        rules_(std::move(rules)),
        echo_(echo),
        printer_(symbols) {}

  void run() {
    std::cout << "game: " << rules_ << '\n';
    if (board_) {
      std::cout << "a move turns every coin of some rows × some columns; the coin where the last row and the last "
                   "column meet goes from heads to tails\n";
    } else {
      std::cout << "a move's rightmost coin goes from heads to tails\n";
    }
    std::cout << (s_.to_move() == player::person ? "you move first" : "the engine moves first")
              << "; the player left without a move loses. Type " << (board_ ? "rows 0 1 cols 2" : "0 3")
              << " to turn those coins, or help.\n";
    show();
    while (!s_.over()) {
      if (s_.to_move() == player::engine) {
        const play_move move = s_.engine_move();
        std::cout << "the engine turns " << format_play_move(move) << '\n';
        show();
        continue;
      }
      std::cout << "> " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line)) {
        std::cout << "\nend of input: the game is left unfinished\n";
        return;
      }
      if (echo_) std::cout << line << '\n';
      if (!handle(line)) return;
    }
    const bool no_heads = s_.position().head_count() == 0;
    std::cout << (no_heads ? "no heads coin is left: " : "no heads coin left can move: ") << who(s_.winner())
              << (s_.winner() == player::person ? " win\n" : " wins\n");
  }

 private:
  void show() const {
    std::cout << '\n';
    printer_.print(s_.position());
    std::cout << "position " << s_.position().text() << ", value " << s_.value() << " (" << outcome_text(s_.value())
              << ')';
    if (!s_.over()) std::cout << (s_.to_move() == player::person ? "; your turn" : "; the engine's turn");
    std::cout << '\n';
  }

  void help() const {
    std::cout << "commands:\n";
    if (board_) {
      std::cout << "  rows 1 4 cols 2 5   turn every coin of rows 1, 4 × columns 2, 5; coin (4, 5) must be heads\n";
    } else {
      std::cout << "  3 7 12              turn coins 3, 7 and 12; the rightmost, 12, must be heads\n";
    }
    std::cout << "  hint                show a winning move, or say that there is none\n"
                 "  undo                take back your last move and the engine's answer\n"
                 "  value               show the position's value and outcome\n"
                 "  help                show this list\n"
                 "  quit                end the game\n";
  }

  void undo() {
    std::size_t keep = s_.history().size();
    while (keep > 0 && s_.history()[keep - 1].by != player::person) --keep;
    if (keep == 0) {
      std::cout << "nothing to take back: you have not moved yet\n";
      return;
    }
    --keep;  // the person's move itself
    std::string taken;
    while (s_.history().size() > keep) {
      const played_move last = s_.history().back();
      s_.undo();
      taken += std::string(taken.empty() ? "" : ", then ") + (last.by == player::person ? "your " : "the engine's ") +
               format_play_move(last.move);
    }
    std::cout << "took back " << taken << '\n';
    show();
  }

  /// One line typed by the person; false when the game should end (quit).
  bool handle(std::string_view line) {
    line = detail::trim(line);
    if (line.empty()) return true;
    if (line == "quit" || line == "exit") {
      std::cout << "quit: the game is left unfinished\n";
      return false;
    }
    if (line == "help" || line == "?") {
      help();
    } else if (line == "hint") {
      const std::optional<play_move> move = s_.hint();
      if (move) {
        std::cout << "hint: turn " << format_play_move(*move) << " (it leaves value 0)\n";
      } else {
        std::cout << "hint: none; the value is 0, so every move leaves the engine a winning position\n";
      }
    } else if (line == "value") {
      std::cout << "value " << s_.value() << " (" << outcome_text(s_.value()) << ")\n";
    } else if (line == "undo") {
      undo();
    } else {
      play_move move;
      try {
        move = parse_play_move(line, s_.position().dimensions());
      } catch (const parse_error& e) {
        std::cout << "refused: " << e.what() << " (type help for the commands)\n";
        return true;
      }
      const std::string reason = s_.illegal_reason(move);
      if (!reason.empty()) {
        std::cout << "refused: " << reason << "; nothing changed\n";
        return true;
      }
      s_.play(move);
      std::cout << "you turn " << format_play_move(move) << '\n';
      show();
    }
    return true;
  }

  play_session s_;
  bool board_;  // a product of two games on a board, else a row
  std::string rules_;
  bool echo_;
  board_printer printer_;
};

void run_play(const play_options& o) {
  player first;
  if (o.first == "you") {
    first = player::person;
  } else if (o.first == "engine") {
    first = player::engine;
  } else {
    throw parse_error("--first '" + o.first + "' is neither you nor engine; type --first you or --first engine");
  }
  std::uint64_t seed;
  if (o.seed.empty()) {
    std::random_device device;
    seed = (std::uint64_t{device()} << 32) ^ device();
  } else {
    seed = parse_u64(o.seed, "--seed");
  }
  const bool echo = ::isatty(STDIN_FILENO) == 0;  // lines read from a file or a pipe are shown as typed
  const bool symbols = ::isatty(STDOUT_FILENO) != 0 && locale_is_utf8();

  game_handle game = games::resolve_game(game_argument(o.game));
  if (game.dimensions() > 2) {
    throw parse_error("'" + game.name() + "' has " + std::to_string(game.dimensions()) +
                      " factors; tartan play plays on a board, the product of two games such as 'ruler*ruler', or "
                      "on a row; analyse a box with tartan analyze");
  }
  std::string rules = game.is_product() ? game.name() + ", a tartan product: the rows play " + game.factor(0).name() +
                                              ", the columns " + game.factor(1).name()
                                        : rule_of(game.factor(0));
  play_session session(std::move(game), parse_box_position(o.position), first, seed);
  game_loop(std::move(session), std::move(rules), echo, symbols).run();
}

}  // namespace

void add_play_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand("play", "Play a game against the engine, on a row or on a board (a product game).");
  sub->footer(
      "POSITION is a row of H/T, coin 0 first (HTTHH); for a product game such as ruler*ruler, rows of H/T joined\n"
      "by '/' (HTT/THH), row 0 at the top. Type a move as the coins to turn (3 7 12; the rightmost goes from heads\n"
      "to tails), or on a board as rows and columns (rows 1 4 cols 2 5 turns those rows × those columns; coin (4, 5)\n"
      "goes from heads to tails). Commands: hint, undo, value, help, quit. The player left without a move loses.\n"
      "When standard input is not a terminal, moves are read one per line and echoed.\n"
      "Examples:\n"
      "  tartan play mock-turtles HTTHTH\n"
      "  tartan play 'ruler*ruler' HTT/THH --first engine --seed 7\n"
      "  printf '0 3\\nquit\\n' | tartan play mock-turtles HTTH");
  auto o = std::make_shared<play_options>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product of two such as ruler*ruler")
      ->required();
  sub->add_option("POSITION", o->position, "The starting coins, H or T each (boards: rows joined by '/')")->required();
  sub->add_option("--first", o->first, "Who moves first: you or engine")->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the engine's choices among equal moves (default: random)");
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    run_play(*o);
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
