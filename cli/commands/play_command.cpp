// tartan play GAME [POSITION]: a game against the engine in the terminal, on a row (1-D games), a board (products
// of two games) or a box (products of more), or on heaps (--heaps, take-and-break games). The game itself is
// tartan::play_session (engine/include/tartan/play/play.hpp) or tartan::heap_play_session (heap_play.hpp), the random
// start tartan::random_position; this file reads the options and the lines typed (input/line_reader.hpp, moves
// through input/play_move_text.hpp and parse_heap_move), draws the position (output/play_board.hpp) and prints what
// happened, every line within 80 columns (output/text_wrap.hpp). The turns, the engine's replies, hint, value, undo,
// review and the end are one loop (turn_loop) for coins and heaps alike.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/line_reader.hpp"
#include "input/options.hpp"
#include "input/play_move_text.hpp"
#include "output/play_board.hpp"
#include "output/text_wrap.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/heap_play.hpp"
#include "tartan/play/play.hpp"
#include "tartan/play/sum_play.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan::cli {

namespace {

struct play_options {
  std::string game;
  std::string position;
  std::string first = "you";
  std::string seed;
  std::string coins;
  std::string size;
  std::string heads;
  std::string random;
  bool hide_values = false;
  std::string max_seconds;
  double time_limit = 0;        // --max-seconds parsed, or the default
  bool position_given = false;  // POSITION was typed, maybe empty (refused by the position's parser)
  bool heads_given = false;     // --heads was typed, maybe empty (no heads: every coin tails)
  std::string heaps;            // --heaps 5,7,9: play a take-and-break game on heaps
  bool heaps_given = false;
  bool misere = false;            // --misere: the player who makes the last move loses
  std::vector<std::string> more;  // + GAME POSITION ...: the further terms of a sum
};

/// The most coins a game of play may have: the whole position is drawn after every move, and 2^17 coins are what
/// a POSITION typed as an argument (at most 128 KiB) holds.
constexpr std::uint64_t max_play_cells = std::uint64_t{1} << 17;

/// Position texts longer than this are not printed in the status line (the drawing above shows the coins).
constexpr std::size_t max_position_text = 64;

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

std::string outcome_text(grundy_value value) {
  return value != 0 ? "N: the player to move can win" : "P: the player to move loses against good play";
}

/// The outcome in misère play, which no value says: "N: the player to move can win (misère)".
std::string misere_outcome_text(char outcome) {
  return outcome == 'N'   ? "N: the player to move can win (misère)"
         : outcome == 'P' ? "P: the player to move loses against good play (misère)"
                          : "unknown: not solved within the time limit (--max-seconds)";
}

std::string who(player p) { return p == player::person ? "you" : "the engine"; }

/// "0, 2 and 5".
std::string listed(const std::vector<coin>& coins) {
  std::string s;
  for (std::size_t i = 0; i < coins.size(); ++i) {
    s += (i == 0 ? "" : i + 1 == coins.size() ? " and " : ", ") + std::to_string(coins[i]);
  }
  return s;
}

std::string cell_text(const play_move& m) {
  std::string s = "(";
  for (std::size_t i = 0; i < m.axes.size(); ++i) s += (i ? ", " : "") + std::to_string(m.axes[i].back());
  return s + ")";
}

/// The rule in one line, from the registry's summaries.
std::string rule_of(const turning_game& game) {
  for (const games::game_info& info : games::all_games()) {
    if (info.name == game.name()) return game.name() + " (code " + game.code() + "): " + std::string(info.summary);
  }
  const char* const kind = take_break_code::claims(game.code()) ? " (a take-and-break code" : " (a turning code";
  if (game.code().empty() || game.code() == game.name()) return game.name() + kind + ")";
  return game.name() + kind + ": " + games::shortened_code(game.code()) + ")";
}

/// The number of coins, or the box's size, as it reads in a sentence: "12 coins", "4x4".
std::string size_words(const box_extents& e) {
  return e.size() == 1 ? std::to_string(e[0]) + (e[0] == 1 ? " coin" : " coins") : format_size(e);
}

/// Refuses a box that play would not draw after every move.
void check_play_size(const box_extents& extents) {
  const std::uint64_t cells = cell_count(extents);
  if (cells > max_play_cells) {
    throw limit_error("a position of " + size_words(extents) + " has " + std::to_string(cells) + " coins, over the " +
                      std::to_string(max_play_cells) +
                      " that tartan play draws after every move; give a smaller size (tartan analyze takes larger "
                      "positions)");
  }
}

/// --coins N or --size RxC[xD...], as the game's box.
box_extents read_size(const play_options& o, const game_handle& game) {
  if (!o.coins.empty()) {
    const std::uint64_t n = parse_u64(o.coins, "--coins", std::uint64_t{1} << 32);
    if (n == 0) throw parse_error("--coins must be at least 1; type the length of the row, e.g. --coins 12");
    return box_extents{static_cast<std::size_t>(n)};
  }
  box_extents size = parse_board_size(o.size);
  game.product().check_extents(size);
  return size;
}

/// --random N (a row of N coins, or N along every axis of a product) or --random RxC[xD...].
box_extents random_size(const play_options& o, const game_handle& game) {
  if (o.random.find('x') != std::string::npos) {
    if (!game.is_product()) {
      throw parse_error("--random " + o.random + " is the size of a board, but " + game.name() +
                        " is played on a row; give its number of coins, e.g. --random 12");
    }
    box_extents size = parse_board_size(o.random);
    game.product().check_extents(size);
    return size;
  }
  const std::uint64_t n = parse_u64(o.random, "--random", std::uint64_t{1} << 32);
  if (n == 0) throw parse_error("--random must be at least 1; type the number of coins, e.g. --random 12");
  return box_extents(game.dimensions(), static_cast<std::size_t>(n));
}

/// The starting position given by POSITION, or --coins/--size with --heads; nothing with --random. Refuses the
/// combinations that do not say one position, by name.
std::optional<box_position> read_start(const play_options& o, const game_handle& game) {
  const bool has_position = o.position_given, has_heads = o.heads_given, has_random = !o.random.empty();
  const bool has_size = !o.coins.empty() || !o.size.empty();
  const std::size_t k = game.dimensions();
  const std::string size_option = k == 1 ? "--coins 12" : k == 2 ? "--size 4x4" : "--size 3x3x3";
  const std::string heads_example = k == 1 ? "0,3,7-9" : k == 2 ? "0:1,2:3" : "0:1:2,2:0:1";
  if (has_random && (has_position || has_heads || has_size)) {
    throw parse_error("--random draws the starting position; give it without " +
                      std::string(has_position ? "POSITION"
                                  : has_heads  ? "--heads"
                                               : "--coins or --size") +
                      ", e.g. --random " +
                      (k == 1   ? "12"
                       : k == 2 ? "4x4"
                                : "3x3x3"));
  }
  if (has_random) return std::nullopt;
  if (has_position && (has_heads || has_size)) {
    throw parse_error("the position is given twice: POSITION " + tartan::quote_typed(o.position) + " and " +
                      (has_heads ? "--heads" : "--coins or --size") + "; give one of them");
  }
  if (!o.coins.empty() && game.is_product()) {
    throw parse_error("--coins is the length of a row; the box of " + game.name() + " is --size, e.g. " + size_option);
  }
  if (!o.size.empty() && !game.is_product()) {
    throw parse_error("--size is the box of a product game; " + game.name() +
                      " is played on a row, whose length is --coins, e.g. --coins 12");
  }
  if (has_heads && !has_size) {
    throw parse_error("--heads needs the size of the " +
                      std::string(k == 1   ? "row"
                                  : k == 2 ? "board"
                                           : "box") +
                      "; type e.g. " + size_option + " --heads " + tartan::quote_typed(o.heads));
  }
  if (has_size && !has_heads) {
    throw parse_error(std::string(k == 1 ? "--coins" : "--size") + " needs --heads, the heads coins (e.g. --heads " +
                      heads_example + "), or draw a random position with --random " + (k == 1 ? o.coins : o.size));
  }
  if (has_heads) {
    const box_extents size = read_size(o, game);
    check_play_size(size);
    return parse_box_region(size, o.heads).to_position();
  }
  if (!has_position) {
    throw parse_error(k == 1   ? "no position given; type one such as HTTH (coin 0 first), or --random 12 for a random "
                                 "one, or --coins 12 --heads 0,3,7"
                      : k == 2 ? "no position given; type rows of H/T joined by '/' (e.g. HTT/THH), or --random 4x4, "
                                 "or --size 4x4 --heads 0:1,2:3"
                               : "no position given; give --random 3x3x3, or --size 3x3x3 --heads 0:1:2,2:0:1");
  }
  if (k >= 3) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(k) +
                      " factors; rows joined by '/' draw a board, so give the box as --size 3x3x3 --heads "
                      "0:1:2,... or draw one with --random 3x3x3");
  }
  box_position start = parse_box_position(o.position);
  check_play_size(start.extents());
  return start;
}

/// How a game of play goes, on coins or on heaps: who starts, the seed, what is shown, the time limit.
struct play_settings {
  player first = player::person;
  std::uint64_t seed = 0;
  bool hidden = false;                                   // --hide-values: no value, outcome or hint until the game ends
  bool echo = false;                                     // print the lines read (they come from a file or a pipe)
  bool symbols = false;                                  // ● and ○ for the coins
  double time_limit = default_time_limit_seconds;        // the values of the start, and each engine reply's search
  play_convention convention = play_convention::normal;  // --misere: the last player to move loses
};

/// The engine's limits in a game of heaps or of a sum: the time of --max-seconds for each reply.
analyze_options time_limited(double seconds) {
  analyze_options limits;
  limits.max_seconds = seconds;
  return limits;
}

/// The turns of a game against the engine, the same on coins (play_session) and on heaps (heap_play_session): the
/// engine's replies, the commands hint, value, undo, review and quit, the end of the game and --hide-values. A game
/// adds what differs: how its position is shown and its moves are written and typed, its help, its own commands.
template <class Session>
class turn_loop {
 public:
  /// play_move (coins) or heap_move.
  using move_type = decltype(std::declval<const Session&>().history().front().move);

  turn_loop(const play_settings& how, line_reader& in) : how_(how), in_(in) {}
  turn_loop(const turn_loop&) = delete;
  turn_loop& operator=(const turn_loop&) = delete;
  virtual ~turn_loop() = default;

  /// Reads lines and plays them until quit or the end of the input, printing the position after every move.
  void run() {
    intro();
    begin();
    for (;;) {
      if (!s().over() && s().to_move() == player::engine) {
        const move_type m = s().engine_move();
        if (s().reply_timed_out()) {
          say("the engine found no winning move within the time limit of " + format_seconds(how_.time_limit) +
              " (--max-seconds); it plays a legal move instead");
        }
        say(made_text(player::engine, m));
        show();
        continue;
      }
      if (s().over() && !announced_) {
        announce_end();
        announced_ = true;
      }
      const std::optional<std::string> line = in_.read("> ");
      if (!line) {
        say("(end of input)");
        if (!s().over()) leave_unfinished();
        return;
      }
      if (how_.echo) echo(*line);
      if (!handle(*line)) return;
    }
  }

 protected:
  virtual Session& s() = 0;
  virtual const Session& s() const = 0;

  // ----- What a game says its own way

  /// The rules and what to type, before the first position.
  virtual void intro() const = 0;
  /// The position, then a status line: its value and outcome (not while hidden), whose turn.
  virtual void show() const = 0;
  /// A move as it is typed and listed: "0 3", "rows 1 cols 2 5", "take 2 from the heap of 7, leaving a heap of 5".
  virtual std::string move_text(const move_type& m) const = 0;
  /// A move said as made by `by`: "you turn 0 3", "the engine: take 1 from the heap of 2, leaving a heap of 1".
  virtual std::string made_text(player by, const move_type& m) const = 0;
  /// The same in the review, before ": value 6 -> 0".
  virtual std::string review_text(player by, const move_type& m) const { return made_text(by, m); }
  /// The move a hint suggests: "turn 0 3", "take 2 from the heap of 7, leaving heaps of 1 and 4".
  virtual std::string hint_text(const move_type& m) const = 0;
  /// Why the hint wins, after its move: " (it leaves value 0)"; a sum says what it leaves its term and the sum.
  virtual std::string hint_why(const move_type&) const {
    return misere() ? " (it leaves a P-position in misère play)" : " (it leaves value 0)";
  }
  /// The start of the game in the review, after "start": " HTTH", " heaps 5 7 9", or "".
  virtual std::string start_text() const = 0;
  /// Why the player to move has no move: before the first move ("every coin is tails") or after it ("no heads coin
  /// is left").
  virtual std::string end_reason(bool before_first_move) const = 0;
  virtual void help() const = 0;
  /// What to type now: a move with an example, or, after the end, undo or quit.
  virtual std::string what_to_type() const = 0;
  /// A line that is none of the shared commands: a move, or a command of the game's own (reroll).
  virtual void typed(std::string_view line, const std::string& word) = 0;
  /// The start of a game: the position shown.
  virtual void begin() {
    announced_ = false;
    show();
  }

  // ----- Shared

  /// Prints `text`, each of its lines cut to fit 80 columns, continuations indented by `hang`.
  static void say(const std::string& text, std::size_t hang = 2) {
    std::cout << wrap_text(text + "\n", terminal_columns, hang);
  }

  /// The line read, shown after the prompt "> " as typed (control bytes escaped): cut every 78 characters, the
  /// rest on lines indented by 2, so that it reads as typed and fits.
  static void echo(const std::string& line) {
    const std::string shown = shown_line(line);
    constexpr std::size_t room = terminal_columns - 2;
    std::size_t start = 0, characters = 0;
    for (std::size_t at = 0; at <= shown.size(); ++at) {
      const bool starts = at == shown.size() || (static_cast<unsigned char>(shown[at]) & 0xc0) != 0x80;
      if (starts && (characters == room || at == shown.size())) {
        std::cout << (start == 0 ? "" : "  ") << shown.substr(start, at - start) << '\n';
        start = at;
        characters = 0;
      }
      characters += starts;
    }
  }

  /// "value 6 (N: the player to move can win)", as the status line and the commands say it.
  static std::string value_words(grundy_value v) { return "value " + std::to_string(v) + " (" + outcome_text(v) + ")"; }

  bool misere() const { return how_.convention == play_convention::misere; }

  /// "value 6 (N: the player to move can win)", or in misère play "outcome N: ... (misère)", which no value says.
  std::string standing() const {
    return misere() ? "outcome " + misere_outcome_text(s().outcome()) : value_words(s().value());
  }

  void announce_end() const {
    const std::string wins = who(s().winner()) + (s().winner() == player::person ? " win" : " wins");
    const std::string misere_note = misere() ? " (misère play: the player left without a move wins)" : "";
    if (s().history().empty() && misere()) {
      // Over before it began: whoever was to move first has no move, and in misère play wins.
      say(end_reason(true) + ", so the game is over before the first move: " + who(s().winner()) + ", to move first, " +
          (s().winner() == player::person ? "win" : "wins") + misere_note);
    } else if (s().history().empty()) {
      // Over before it began (every coin tails, say): whoever was to move first has no move and loses.
      const player loser = opponent(s().winner());
      say(end_reason(true) + ", so the game is over before the first move: " + who(loser) + ", to move first, " +
          (loser == player::person ? "lose" : "loses") + "; " + wins);
    } else {
      say(end_reason(false) + ": " + wins + misere_note);
    }
    if (how_.hidden && !s().history().empty()) review();
    say("the game is over: undo takes moves back, review lists them, quit ends");
  }

  void leave_unfinished() const {
    say("the game is left unfinished");
    if (how_.hidden && !s().history().empty()) review();
  }

  /// Every move made, with the value before and after it (in misère play, the outcome).
  void review() const {
    const auto moves = s().review();
    if (misere()) {
      const char start_outcome = moves.empty() ? s().outcome() : moves.front().before_outcome();
      say("review (misère play: a move that leaves a P-position is a winning move):");
      say("  start" + start_text() + ": outcome " + misere_outcome_text(start_outcome), 4);
    } else {
      const grundy_value start_value = moves.empty() ? s().value() : moves.front().before;
      say("review (a move that leaves value 0 is a winning move):");
      say("  start" + start_text() + ": " + value_words(start_value), 4);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto& r = moves[i];
      std::string line = "  " + std::to_string(i + 1) + ". " + review_text(r.played.by, r.played.move) +
                         (misere() ? std::string(": outcome ") + r.before_outcome() + " -> " + r.after_outcome()
                                   : ": value " + std::to_string(r.before) + " -> " + std::to_string(r.after));
      if (r.winning()) {
        line += ", a winning move";
      } else if (r.mistake() && r.better) {
        line += ", a mistake: " + move_text(*r.better) +
                (misere() ? " would have left a P-position" : " would have left 0");
      } else if (r.mistake()) {
        line += ", a mistake";
      } else if (misere()) {
        line += "; from a P-position every move loses";
      } else {
        line += "; from value 0 every move loses";
      }
      say(line, 6);
    }
  }

  /// Takes back the person's last move and the engine's replies after it.
  void undo() {
    std::size_t keep = s().history().size();
    while (keep > 0 && s().history()[keep - 1].by != player::person) --keep;
    if (keep == 0) {
      say("nothing to take back: you have not moved yet");
      return;
    }
    --keep;  // the person's move itself
    std::string taken;
    while (s().history().size() > keep) {
      const auto last = s().history().back();
      s().undo();
      taken += std::string(taken.empty() ? "" : ", then ") + (last.by == player::person ? "your " : "the engine's ") +
               move_text(last.move);
    }
    announced_ = false;
    say("took back " + taken);
    show();
  }

  /// A move typed and read: refused with the reason, or played.
  void play_typed(const move_type& m) {
    const std::string reason = s().illegal_reason(m);
    if (!reason.empty()) {
      say("refused: " + reason + "; nothing changed");
      return;
    }
    s().play(m);
    say(made_text(player::person, s().history().back().move));
    show();
  }

  /// Refuses a move typed after the end.
  bool refuse_after_end() const {
    if (!s().over()) return false;
    say("refused: the game is over (" + who(s().winner()) + " won): type undo or quit");
    return true;
  }

  /// One line typed by the person; false when the game should end (quit).
  bool handle(std::string_view typed_line) {
    const std::string_view line = tartan::trim(typed_line);
    if (line.empty()) return true;
    if (const std::string problem = special_key_problem(line); !problem.empty()) {
      say("refused: " + problem + "; " + what_to_type());
      return true;
    }
    std::string word(line);
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (word == "quit" || word == "exit" || word == "q") {
      if (!s().over()) {
        say("quit: the game is left unfinished");
        if (how_.hidden && !s().history().empty()) review();
      }
      return false;
    }
    if (word == "help" || word == "?" || word == "h") {
      help();
    } else if (word == "hint") {
      if (s().over()) {
        say("hint: none; the game is over");
      } else if (how_.hidden) {
        say("hint: hidden until the game ends (--hide-values)");
      } else if (const auto m = s().hint()) {
        say("hint: " + hint_text(*m) + hint_why(*m));
      } else if (s().outcome() != 'P') {
        say("hint: none found within the time limit of " + format_seconds(how_.time_limit) + " (--max-seconds)" +
            (misere() ? "" : "; the value is not 0, so a winning move exists"));
      } else if (misere()) {
        say("hint: none; this is a P-position in misère play, so every move leaves the engine a winning position");
      } else {
        say("hint: none; the value is 0, so every move leaves the engine a winning position");
      }
    } else if (word == "value") {
      if (how_.hidden && !s().over()) {
        say("value: hidden until the game ends (--hide-values)");
      } else {
        say(standing());
      }
    } else if (word == "undo") {
      undo();
    } else if (word == "review") {
      if (how_.hidden && !s().over()) {
        say("review: hidden until the game ends (--hide-values)");
      } else if (s().history().empty()) {
        say("review: no move has been made yet");
      } else {
        review();
      }
    } else {
      typed(line, word);
    }
    return true;
  }

  play_settings how_;
  line_reader& in_;
  bool announced_ = false;  // the end of the current game was announced
};

/// The game against the engine on coins: a row, a board or a box, moves typed as the coins turned.
class coin_loop final : public turn_loop<play_session> {
 public:
  coin_loop(game_handle game, std::optional<box_position> start, std::optional<box_extents> random,
            const play_settings& how, line_reader& in)
      : turn_loop(how, in), game_(std::move(game)), random_(std::move(random)), seed_(how.seed) {
    limits_.max_seconds = how.time_limit;
    session_.emplace(game_, start ? std::move(*start) : draw(), how_.first, seed_, limits_, how_.convention);
  }

 private:
  play_session& s() override { return *session_; }
  const play_session& s() const override { return *session_; }
  std::size_t dimensions() const { return game_.dimensions(); }

  /// A random position of the box --random gave, from seed_.
  box_position draw() const { return random_position(game_, *random_, seed_, max_play_cells); }

  // ----- What to type

  /// A legal move of the current position, as typed: the first of its options (in the engine's order) that turns
  /// more than one coin along some axis, so it shows how to type several; "" when there is no move.
  std::string example() const {
    const std::vector<option> options = s().current().options(64);
    if (options.empty()) return {};
    for (const option& o : options) {
      for (const auto& axis : o.turned.axes) {
        if (axis.size() > 1) return format_play_move(o.turned);
      }
    }
    return format_play_move(options.front().turned);
  }

  std::string type_what() const {
    return dimensions() == 1   ? "the coins to turn"
           : dimensions() == 2 ? "the rows and columns to turn"
                               : "one list of coins per axis, joined by ';'";
  }

  std::string what_to_type() const override {
    if (s().over()) return "the game is over: type undo or quit";
    const std::string e = example();
    return "type a move" + (e.empty() ? std::string() : " (e.g. " + e + ")") + " or help";
  }

  // ----- What is shown

  void intro() const override {
    const std::size_t k = dimensions();
    if (k == 1) {
      say("game: " + rule_of(game_.factor(0)));
      say("a move's rightmost coin goes from heads to tails");
    } else if (k == 2) {
      say("game: " + game_.name() + ", a tartan product of two games");
      say("the rows play " + game_.factor(0).name() + ", the columns " + game_.factor(1).name());
      say("a move turns every coin of some rows × some columns, a move of each game;");
      say("the coin where the last row and the last column meet goes from heads to tails");
    } else {
      say("game: " + game_.name() + ", a tartan product of " + std::to_string(k) + " games");
      std::string axes, product;
      for (std::size_t i = 0; i < k; ++i) {
        axes += (i ? ", axis " : "axis ") + std::to_string(i) + (i ? " " : " plays ") + game_.factor(i).name();
        product += (i ? " × S" : "S") + std::to_string(i);
      }
      say(axes);
      say("a move turns every coin of " + product + ", Si a move of the game of axis i;");
      say("the coin where the last coins of the Si meet goes from heads to tails");
      say("the box is drawn as one board (axis " + std::to_string(k - 2) + " down, axis " + std::to_string(k - 1) +
          " across) per coin of " + (k == 3 ? "axis 0" : "axes 0.." + std::to_string(k - 3)));
    }
    say(misere() ? "misère play: the player who makes the last move loses (the player left without a move wins)"
                 : "the player left without a move loses");
    if (how_.hidden) say("values, outcomes and hints are hidden until the game ends (--hide-values)");
    if (how_.first == player::person) {
      const std::string e = example();
      say("you move first: type " + type_what() + (e.empty() ? "" : ", e.g. " + e) + ", or help");
    } else {
      say("the engine moves first; on your turn, type " + type_what() + ", or help");
    }
  }

  /// The start of a game: where a random position came from, and the position.
  void begin() override {
    announced_ = false;
    if (random_) {
      const std::string size = format_size(*random_);
      say("a random position: --random " + size + " --seed " + std::to_string(seed_) + " draws it again");
    }
    show();
    if (random_ && !how_.hidden && s().outcome() == 'P' && !s().over()) {
      say(std::string(misere() ? "it is a P-position in misère play" : "its value is 0, a P-position") +
          ": whoever moves first (" + who(how_.first) +
          ") loses against good play; type reroll for another, or play on");
    }
  }

  /// The position drawn, then a status line: its text, its value and outcome (not while hidden), whose turn.
  void show() const override {
    std::cout << '\n';
    for (const std::string& line : draw_position(s().position(), how_.symbols)) std::cout << line << '\n';
    // Each part joins the line before it when the line still fits 80 columns, else starts a line of its own.
    std::string status;
    const auto add = [&](const std::string& separator, const std::string& part) {
      if (status.empty()) {
        status = part;
      } else {
        const std::size_t last_line = status.rfind('\n') == std::string::npos ? 0 : status.rfind('\n') + 1;
        const bool fits = display_width(status.substr(last_line)) + separator.size() + part.size() <= terminal_columns;
        status += (fits ? separator : "\n") + part;
      }
    };
    const std::string text = position_text(s().position(), max_position_text);
    if (!text.empty()) add("", "position " + text);
    if (!how_.hidden || s().over()) add(", ", standing());
    if (!s().over()) add("; ", s().to_move() == player::person ? "your turn" : "the engine's turn");
    if (!status.empty()) say(status);
  }

  std::string end_reason(bool before_first_move) const override {
    const bool no_heads = s().position().head_count() == 0;
    if (before_first_move) return no_heads ? "every coin is tails" : "no heads coin can move";
    return no_heads ? "no heads coin is left" : "no heads coin left can move";
  }

  std::string start_text() const override {
    const std::string start = position_text(s().start(), 40);
    return start.empty() ? start : " " + start;
  }

  std::string move_text(const play_move& m) const override { return format_play_move(m); }
  std::string hint_text(const play_move& m) const override { return "turn " + format_play_move(m); }
  std::string made_text(player by, const play_move& m) const override {
    return (by == player::person ? "you turn " : "the engine turns ") + format_play_move(m);
  }

  void help() const override {
    const std::string e = example();
    const std::string hidden = how_.hidden && !s().over() ? " (hidden until the end)" : "";
    std::vector<std::pair<std::string, std::string>> rows;
    if (!e.empty()) {
      const play_move m = parse_play_move(e, dimensions());
      std::string what;
      if (dimensions() == 1) {
        what = m.coins().size() == 1 ? "turn coin " + listed(m.coins()) + " alone; it goes from heads to tails"
                                     : "turn coins " + listed(m.coins()) + "; coin " +
                                           std::to_string(m.coins().back()) + " goes from heads to tails";
      } else {
        std::string product;
        for (std::size_t i = 0; i < m.axes.size(); ++i) {
          product += (i == 0 ? "" : " × ") +
                     (dimensions() == 2 ? std::string(i == 0 ? "rows " : "columns ") : std::string()) +
                     format_coins(m.axes[i]);
        }
        what = "turn every coin of " + product + "; coin " + cell_text(m) + " goes from heads to tails";
      }
      rows.emplace_back(e, what);
    } else {
      rows.emplace_back("(no move)", "the game is over");
    }
    rows.emplace_back("hint", "show a winning move, or say that there is none" + hidden);
    rows.emplace_back("value", "show the position's value and outcome" + hidden);
    rows.emplace_back("undo",
                      "take back your last move and the engine's reply to it, so that it is your turn again (after "
                      "the end of the game too)");
    rows.emplace_back("review", "list the moves made, each with the " + std::string(misere() ? "outcome" : "value") +
                                    " before and after it" + hidden);
    if (random_) rows.emplace_back("reroll", "start again from a new random position of the same size");
    rows.emplace_back("help", "show this list");
    rows.emplace_back("quit", "end the game");
    std::size_t column = 0;
    for (const auto& [command, what] : rows) column = std::max(column, display_width(command));
    column = std::min<std::size_t>(column, 30) + 4;  // "  " before, at least 2 spaces after
    say("commands:");
    for (const auto& [command, what] : rows) {
      const std::size_t pad = column > 2 + display_width(command) ? column - 2 - display_width(command) : 1;
      say("  " + command + std::string(pad, ' ') + what, column);
    }
    if (in_.editing()) say("keys: the arrows move in the line and recall earlier lines; Ctrl-D ends the input");
  }

  // ----- What is typed

  void reroll() {
    if (!random_) {
      say("refused: reroll draws a new random position, for a game started with --random; this one started "
          "from the position given");
      return;
    }
    ++seed_;  // each game's seed replays it alone: --random SIZE --seed S
    session_.emplace(game_, draw(), how_.first, seed_, limits_, how_.convention);
    say("reroll: a new game");
    begin();
  }

  /// A move typed; refused with the reason, or played.
  void move(std::string_view line) {
    if (refuse_after_end()) return;
    const std::string e = example();
    play_move m;
    try {
      m = parse_play_move(line, dimensions(), e);
    } catch (const parse_error& error) {
      say(std::string("refused: ") + error.what());
      return;
    }
    play_typed(m);
  }

  void typed(std::string_view line, const std::string& word) override {
    if (word == "reroll") {
      reroll();
    } else if (std::isalpha(static_cast<unsigned char>(word.front())) && !word.starts_with("row") &&
               !word.starts_with("col")) {
      const std::string first_word(line.substr(0, line.find_first_of(" \t,;")));
      say("refused: " + tartan::quote_typed(first_word, 20) + " is not a command or a move; " + what_to_type());
    } else {
      move(line);
    }
  }

  game_handle game_;
  std::optional<box_extents> random_;  // the box of --random
  std::uint64_t seed_;                 // of the current game: its random position and the engine's choices
  analyze_options limits_;
  std::optional<play_session> session_;
};

/// tartan play GAME --heaps 5,7,9: the heaps, the moves typed and the engine's replies as heap moves.
class heap_loop final : public turn_loop<heap_play_session> {
 public:
  heap_loop(const game_handle& game, std::vector<heap_size> heaps, const play_settings& how, line_reader& in)
      : turn_loop(how, in),
        session_(game, std::move(heaps), how.first, how.seed, time_limited(how.time_limit), how.convention) {}

 private:
  heap_play_session& s() override { return session_; }
  const heap_play_session& s() const override { return session_; }

  void intro() const override {
    say("game: " + rule_of(s().game().row_game()));
    say(misere() ? "a move takes tokens from one heap and may leave heaps in its place, as the code allows; misère "
                   "play: the player who makes the last move loses"
                 : "a move takes tokens from one heap and may leave heaps in its place, as the code allows; the "
                   "player left without a move loses");
    if (how_.hidden) say("values, outcomes and hints are hidden until the game ends (--hide-values)");
    say(std::string(how_.first == player::person ? "you move first" : "the engine moves first") +
        ": type a move as take 2 from 7 leaving 1 4 (or 2 7 1 4; split 7 into 3 4 for a split), or help");
  }

  void show() const override {
    std::string status = "heaps: " + (s().heaps().empty() ? std::string("none") : format_heaps(s().heaps()));
    if (!how_.hidden || s().over()) status += ", " + standing();
    if (!s().over()) status += s().to_move() == player::person ? "; your turn" : "; the engine's turn";
    std::cout << '\n';
    say(status);
  }

  std::string move_text(const heap_move& m) const override { return present::heap_move_text(m); }
  std::string hint_text(const heap_move& m) const override { return present::heap_move_text(m); }
  /// In misère play through the quotient: the class the move leaves the heaps, in the P-portion.
  std::string hint_why(const heap_move& m) const override {
    if (!misere() || s().current_misere().method() != heap_misere_method::quotient) {
      return turn_loop::hint_why(m);
    }
    const misere_quotient& q = *s().current_misere().solver()->quotient();
    const std::vector<coin> now = s().current_misere().heaps();
    const std::vector<coin> after = misere_heap_solver::after(now, m);
    return " (it leaves heaps of class " + q.name(q.element_of(after)) + " instead of " + q.name(q.element_of(now)) +
           ", in the P-portion: a P-position in misère play)";
  }
  std::string made_text(player by, const heap_move& m) const override {
    return (by == player::person ? "you: " : "the engine: ") + present::heap_move_text(m);
  }
  /// "you take 2 from the heap of 7, ...", "the engine splits the heap of 7 into 3 and 4".
  std::string review_text(player by, const heap_move& m) const override {
    const std::string text = present::heap_move_text(m);  // "take ..." or "split ..."
    if (by == player::person) return "you " + text;
    const std::size_t verb = text.find(' ');
    return "the engine " + text.substr(0, verb) + "s" + text.substr(verb);
  }
  std::string start_text() const override {
    return " heaps " + (s().start().empty() ? std::string("none") : format_heaps(s().start()));
  }
  std::string end_reason(bool) const override { return "no heap can move"; }
  std::string what_to_type() const override {
    return s().over() ? "the game is over: type undo or quit" : "type a move or help";
  }

  void help() const override {
    const std::string hidden = how_.hidden && !s().over() ? " (hidden until the end)" : "";
    constexpr std::size_t column = 31;
    say("commands:");
    say("  take 2 from 7 leaving 1 4    a move: take 2 from a heap of 7, leave heaps of 1 and 4 (or 2 7 1 4)", column);
    say("  split 7 into 3 4             a split without taking (codes with a digit before the point)", column);
    say("  hint                         show a winning move, or say that there is none" + hidden, column);
    say("  value                        show the heaps' value and outcome" + hidden, column);
    say("  undo                         take back your last move and the engine's reply to it", column);
    say("  review                       list the moves made, each with the " +
            std::string(misere() ? "outcome" : "value") + " before and after it" + hidden,
        column);
    say("  quit                         end the game", column);
  }

  void typed(std::string_view line, const std::string&) override {
    if (refuse_after_end()) return;
    heap_move m;
    try {
      m = parse_heap_move(line);
    } catch (const parse_error& error) {
      say(std::string("refused: ") + error.what());
      return;
    }
    play_typed(m);
  }

  heap_play_session session_;  // one game: heap play starts no other (the coin loop's session_ is replaced per game)
};

/// tartan play GAME POSITION + GAME POSITION ...: a sum, each term a position of coins or heaps (heaps=5,7,9), a
/// move typed as the term, a colon, then its move ("0: 1 3", "1: take 2 from 7 leaving 1 4"); the hints say what a
/// winning move leaves its term and the sum (the values, or in misère play the classes of the quotient).
class sum_loop final : public turn_loop<sum_play_session> {
 public:
  sum_loop(std::vector<sum_term> terms, const play_settings& how, line_reader& in)
      : turn_loop(how, in),
        session_(std::move(terms), how.first, how.seed, time_limited(how.time_limit), how.convention) {}

 private:
  sum_play_session& s() override { return session_; }
  const sum_play_session& s() const override { return session_; }

  void intro() const override {
    say("a sum of " + std::to_string(s().terms().size()) +
        " positions played together: a move is a move in one term, the others as they are");
    for (std::size_t i = 0; i < s().terms().size(); ++i) {
      const sum_term& t = s().terms()[i];
      say("term " + std::to_string(i) +
              (t.is_heaps()          ? " (heaps): " + rule_of(t.game.row_game())
               : t.game.is_product() ? " (coins): " + t.game.name() + ", a tartan product"
                                     : " (coins): " + rule_of(t.game.factor(0))),
          4);
    }
    say(misere() ? "misère play: the player who makes the last move loses (the player left without a move wins)"
                 : "the player left without a move loses");
    if (how_.hidden) say("values, outcomes and hints are hidden until the game ends (--hide-values)");
    say(std::string(how_.first == player::person ? "you move first" : "the engine moves first") +
        ": type the term, a colon, then its move: 0: 1 3 (coins), 1: take 2 from 7 leaving 1 4 (heaps), or help");
  }

  /// The class of term `i` in the quotient the outcome rests on, as " (class ab)", or "".
  std::string class_text(std::size_t i) const {
    if (!misere() || s().current_misere().quotient() == nullptr) return "";
    return ", class " + s().current_misere().quotient()->name(s().current_misere().classes()[i]);
  }

  void show() const override {
    std::cout << '\n';
    const bool shown = !how_.hidden || s().over();
    for (std::size_t i = 0; i < s().terms().size(); ++i) {
      const sum_term& t = s().terms()[i];
      std::string line = "term " + std::to_string(i) + " (" + t.game.name() + "): ";
      if (t.is_heaps()) {
        line += "heaps " + (t.heaps->empty() ? std::string("none") : format_heaps(*t.heaps));
      } else {
        const std::string text = position_text(t.position.to_position(), max_position_text);
        line += text.empty() ? "a box" : text;
      }
      if (shown && !misere()) line += ", value " + std::to_string(s().current().terms()[i].value());
      if (shown) line += class_text(i);
      say(line, 4);
    }
    std::string status;
    if (shown) {
      status = standing();
      if (misere() && s().current_misere().quotient() != nullptr) {
        const misere_quotient& q = *s().current_misere().quotient();
        quotient_element x = 0;
        for (const quotient_element c : s().current_misere().classes()) x = q.product(x, c);
        status += "; the sum's class " + q.name(x) + (q.is_p(x) ? " is" : " is not") + " in the P-portion";
      } else if (!misere()) {
        std::string xor_text;
        for (const term_analysis& t : s().current().terms()) {
          xor_text += (xor_text.empty() ? "" : " ⊕ ") + std::to_string(t.value());
        }
        status = "value " + xor_text + " = " + std::to_string(s().value()) + " (" + outcome_text(s().value()) + ")";
      }
    }
    if (!s().over())
      status += std::string(status.empty() ? "" : "; ") +
                (s().to_move() == player::person ? "your turn" : "the engine's turn");
    if (!status.empty()) say(status);
  }

  std::string move_text(const sum_move& m) const override {
    return std::to_string(m.term) + ": " + (m.heap ? present::heap_move_text(*m.heap) : format_play_move(m.coins));
  }
  std::string hint_text(const sum_move& m) const override {
    return "term " + std::to_string(m.term) + ": " +
           (m.heap ? present::heap_move_text(*m.heap) : "turn " + format_play_move(m.coins));
  }
  std::string hint_why(const sum_move& m) const override {
    const sum_move_effect e = s().effect(m);
    if (!misere()) {
      return " (it leaves term " + std::to_string(m.term) + " at value " + std::to_string(e.term_after) +
             " instead of " + std::to_string(e.term_before) + ", so the terms' values XOR to 0)";
    }
    if (!e.class_after) return " (it leaves a P-position in misère play)";
    const misere_quotient& q = *s().current_misere().quotient();
    return " (it leaves term " + std::to_string(m.term) + " of class " + q.name(*e.class_after) + " instead of " +
           q.name(*e.class_before) + ", so the sum's class is " + q.name(*e.sum_class_after) +
           ", in the P-portion: a P-position in misère play)";
  }
  std::string made_text(player by, const sum_move& m) const override {
    return (by == player::person ? "you, term " : "the engine, term ") + std::to_string(m.term) + ": " +
           (m.heap ? present::heap_move_text(*m.heap) : "turn " + format_play_move(m.coins));
  }
  std::string start_text() const override { return ""; }
  std::string end_reason(bool before_first_move) const override {
    return before_first_move ? "no term has a move" : "no term has a move left";
  }
  std::string what_to_type() const override {
    return s().over() ? "the game is over: type undo or quit"
                      : "type the term, a colon, then its move (0: 1 3, or 1: take 2 from 7 leaving 1 4), or help";
  }

  void help() const override {
    const std::string hidden = how_.hidden && !s().over() ? " (hidden until the end)" : "";
    constexpr std::size_t column = 34;
    say("commands:");
    say("  0: 1 3                          in term 0 (coins), turn coins 1 and 3 (a board: 0: rows 1 cols 2)", column);
    say("  1: take 2 from 7 leaving 1 4    in term 1 (heaps), take 2 from a heap of 7, leave 1 and 4", column);
    say("  hint                            show a winning move and what it leaves, or say there is none" + hidden,
        column);
    say("  value                           show the sum's " + std::string(misere() ? "outcome" : "value") + hidden,
        column);
    say("  undo                            take back your last move and the engine's reply to it", column);
    say("  review                          list the moves made, each with the " +
            std::string(misere() ? "outcome" : "value") + " before and after it" + hidden,
        column);
    say("  quit                            end the game", column);
  }

  void typed(std::string_view line, const std::string&) override {
    if (refuse_after_end()) return;
    // "1: take 2 from 7 leaving 1 4", "term 0: 1 3": the term's number, a colon, then its move (a colon, since "0 1 3"
    // could be term 0 turning 1 3 or term 0 1 turning 3).
    std::string_view rest = line;
    if (rest.substr(0, 4) == "term") rest = tartan::trim(rest.substr(4));
    const std::size_t colon = rest.find(':');
    const std::string_view number = tartan::trim(rest.substr(0, colon));
    if (colon == std::string_view::npos || number.empty() ||
        number.find_first_not_of("0123456789") != std::string_view::npos) {
      say("refused: " + tartan::quote_typed(std::string(line), 30) + " names no term; " + what_to_type());
      return;
    }
    sum_move m;
    try {
      m.term = static_cast<std::size_t>(parse_u64(number, "the term"));
      rest = tartan::trim(rest.substr(colon + 1));
      if (m.term >= s().terms().size()) {
        say("refused: there is no term " + std::to_string(m.term) + "; the terms are numbered 0 to " +
            std::to_string(s().terms().size() - 1));
        return;
      }
      const sum_term& t = s().terms()[m.term];
      if (t.is_heaps()) {
        m.heap = parse_heap_move(rest);
      } else {
        m.coins = parse_play_move(rest, t.game.dimensions());
      }
    } catch (const parse_error& error) {
      say(std::string("refused: ") + error.what());
      return;
    }
    play_typed(m);
  }

  sum_play_session session_;
};

void run_play(const play_options& o) {
  play_settings how;
  if (o.first == "you") {
    how.first = player::person;
  } else if (o.first == "engine") {
    how.first = player::engine;
  } else {
    throw parse_error("--first " + tartan::quote_typed(o.first) +
                      " is neither you nor engine; type --first you or --first engine");
  }
  if (o.seed.empty()) {
    // Below 10^6, so that the seed printed for a random start is short to type again.
    std::random_device device;
    how.seed = device() % 1000000;
  } else {
    how.seed = parse_u64(o.seed, "--seed");
  }
  how.hidden = o.hide_values;
  how.time_limit = o.time_limit;
  how.convention = o.misere ? play_convention::misere : play_convention::normal;
  const bool terminal_in = ::isatty(STDIN_FILENO) != 0, terminal_out = ::isatty(STDOUT_FILENO) != 0;
  how.echo = !terminal_in;  // lines read from a file or a pipe are shown as typed
  how.symbols = terminal_out && locale_is_utf8();

  if (!o.more.empty()) {
    if (o.heaps_given || !o.coins.empty() || !o.size.empty() || o.heads_given || !o.random.empty()) {
      throw parse_error(
          "--heaps, --coins, --size, --heads and --random give one start; in a sum give each term as GAME POSITION "
          "(drawn, SIZE=HEADS, or heaps=5,7,9), terms joined by +: e.g. tartan play mock-turtles HTTH + kayles "
          "heaps=3,4");
    }
    std::vector<std::string> words{o.game, o.position};
    words.insert(words.end(), o.more.begin(), o.more.end());
    std::vector<sum_term> terms;
    const std::vector<sum_term_text> texts = split_sum_terms(words);
    for (std::size_t i = 0; i < texts.size(); ++i) {
      terms.push_back(parse_sum_term(texts[i].position, resolve_game_argument(texts[i].game), i));
    }
    line_reader in(terminal_in && terminal_out);
    sum_loop(std::move(terms), how, in).run();
    return;
  }
  game_handle game = resolve_game_argument(o.game);
  if (o.heaps_given) {
    if (o.position_given || !o.coins.empty() || !o.size.empty() || o.heads_given || !o.random.empty()) {
      throw parse_error(
          "--heaps gives the whole start as heaps; leave out POSITION, --coins, --size, --heads and --random, which "
          "are for coins: e.g. tartan play kayles --heaps 5,7,9");
    }
    line_reader in(terminal_in && terminal_out);
    heap_loop(game, parse_heaps(o.heaps), how, in).run();
    return;
  }
  std::optional<box_position> start = read_start(o, game);
  std::optional<box_extents> random;
  if (!start) random = random_size(o, game);
  line_reader in(terminal_in && terminal_out);
  coin_loop(std::move(game), std::move(start), std::move(random), how, in).run();
}

}  // namespace

void add_play_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "play",
      "Play a game against the engine, on a row, a board or a box (product games), from a given or random start.");
  sub->footer(
      "POSITION is a row of H/T, coin 0 first (HTTHH); for a product of two games such as ruler*ruler, rows of H/T\n"
      "joined by '/' (HTT/THH), row 0 at the top. Or give the heads: --coins 12 --heads 0,3,7-9 on a row,\n"
      "--size 4x4 --heads 0:1,2:3 on a board, --size 3x3x3 --heads 0:1:2 on a box; or draw a random start with\n"
      "--random 12, --random 4x4 or --random 3x3x3 (each coin heads with probability 1/2, redrawn while no move is\n"
      "possible; --seed replays it). At most 131072 coins.\n"
      "Type a move as the coins to turn (3 7 12; the rightmost goes from heads to tails); on a board as rows and\n"
      "columns (rows 1 4 cols 2 5, or 1 4; 2 5); on a box as one list per axis joined by ';' (0 1; 2; 3 4).\n"
      "Commands: hint, value, undo (your last move and the engine's reply, also after the end), review, reroll,\n"
      "help, quit. The player left without a move loses. --hide-values hides values, outcomes and hints until the\n"
      "game ends, then reviews every move. On a terminal, the arrow keys edit the line and recall earlier ones;\n"
      "when standard input is not a terminal, moves are read one per line and echoed.\n"
      "Examples:\n"
      "  tartan play mock-turtles HTTHTH\n"
      "  tartan play 'ruler*ruler' HTT/THH --first engine --seed 7\n"
      "  tartan play mock-turtles --random 12 --seed 3 --hide-values\n"
      "  tartan play 'ruler*ruler*ruler' --random 3x3x3\n"
      "  tartan play kayles --heaps 5,7,9     (heaps; type take 2 from 7 leaving 1 4, or split 7 into 3 4)\n"
      "  tartan play mock-turtles HTHHTHTH --misere     (the last player to move loses)\n"
      "  tartan play mock-turtles HTTH + kayles heaps=3,4 --misere   (a sum: type 1: take 1 from 3 leaving 2)\n"
      "  printf '0 3\\nquit\\n' | tartan play mock-turtles HTTH");
  auto o = std::make_shared<play_options>();
  sub->add_option("GAME", o->game, "A built-in game, a turning code, or a product such as ruler*ruler")->required();
  CLI::Option* position =
      sub->add_option("POSITION", o->position, "The starting coins, H or T each (boards: rows joined by '/')");
  sub->add_option("TERMS", o->more,
                  "A sum: + GAME POSITION for each further term, POSITION drawn, SIZE=HEADS or heaps=5,7,9");
  sub->add_option("--coins", o->coins, "The length of the row, with --heads");
  sub->add_option("--size", o->size, "The box of a product game, RxC or RxCxD, with --heads");
  sub->add_option("--heads", o->heads, "The heads coins: 0,3,7-9 on a row, row:col,... on a board");
  sub->add_option("--heaps", o->heaps,
                  "Play a take-and-break game (kayles, 0.07, ...) on these heaps, 5,7,9, moves typed and answered as "
                  "heap moves (take 2 from 7 leaving 1 4)")
      ->type_name("SIZES");
  sub->add_option("--random", o->random,
                  "Start from a random position of N coins (products: N along each axis, or RxC, RxCxD)")
      ->type_name("N|RxC");
  sub->add_flag("--misere", o->misere,
                "Misère play: the player who makes the last move loses; the engine plays to leave P-positions of "
                "misère play, and hints and the review speak of outcomes, not values");
  sub->add_flag("--hide-values", o->hide_values,
                "Hide values, outcomes and hints until the game ends (for teaching), then review the moves");
  sub->add_option("--first", o->first, "Who moves first: you or engine")->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the random start and of the engine's choices (default: random)");
  sub->add_option("--max-seconds", o->max_seconds,
                  "Refuse a start whose values are projected to take longer; the engine's search for a winning move "
                  "stops after as long and it plays a legal move instead (seconds; 0: no limit; default 60)");
  sub->callback([o, sub, position, &state] {
    refuse_empty_values(*sub);
    o->position_given = position->count() > 0;
    o->heads_given = sub->count("--heads") > 0;
    o->heaps_given = sub->count("--heaps") > 0;
    o->time_limit = max_seconds_limit(*sub, o->max_seconds);
    run_play(*o);
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
