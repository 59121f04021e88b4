// tartan play as a person sees it on a terminal: every line of scripted games on rows, boards and boxes fits 80
// columns, and on a pseudo-terminal (forkpty, so standard input and output are a terminal) the arrow keys edit the
// line and recall earlier lines through libedit, Ctrl-D ends the input, and the coins are drawn as ● and ○.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/cli_session.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::cli_session;
using tartan::test::pty_session;
using ::testing::HasSubstr;

/// Columns of a line on a terminal: its characters (bytes that do not continue a UTF-8 sequence), after removing
/// the terminal's control sequences (ESC [ ... final byte, or ESC and one byte) and carriage returns.
std::size_t columns(const std::string& line) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == 0x1b) {
      if (i + 1 < line.size() && line[i + 1] == '[') {
        i += 2;
        while (i < line.size() && !(line[i] >= 0x40 && line[i] <= 0x7e)) ++i;
      } else {
        ++i;
      }
      continue;
    }
    if (c == '\r' || c == 0x07 || c == 0x08) continue;
    n += (c & 0xc0) != 0x80;
  }
  return n;
}

/// Every line of `text` wider than 80 columns, with its number.
std::vector<std::string> wide_lines(const std::string& text) {
  std::vector<std::string> wide;
  std::size_t number = 1;
  for (std::size_t start = 0; start < text.size(); ++number) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (columns(line) > 80) wide.push_back(std::to_string(number) + ": " + line);
    start = end + 1;
  }
  return wide;
}

/// The example move of the last help in `transcript`.
std::string help_example(const std::string& transcript) {
  const std::size_t at = transcript.rfind("commands:\n  ");
  if (at == std::string::npos) return {};
  return transcript.substr(at + 12, transcript.find("  ", at + 12) - at - 12);
}

/// The position of the last status line ("position TEXT, value ..."), or "" when none shows one.
std::string last_position(const std::string& transcript) {
  const std::size_t at = transcript.rfind("\nposition ");
  if (at == std::string::npos || transcript.find("\n\n", at) != std::string::npos) return {};
  return transcript.substr(at + 10, transcript.find_first_of(",;\n", at + 10) - at - 10);
}

/// The move that turns the last heads coin (in row-major order) alone, as typed, from a position printed as
/// "HTTH", "HT/TH" or "2x2x2 with heads 0:0:1 1:1:1"; "" when there is none. Every move turns coins at or before
/// its moving coin along each axis, so when the person always plays this, the last heads coin moves back at every
/// turn and the game ends within as many turns as the box has coins.
std::string last_coin_alone(const std::string& position) {
  const std::size_t heads = position.find(" with heads ");
  if (heads != std::string::npos) {
    std::string cell = position.substr(position.rfind(' ') + 1);
    for (char& c : cell) c = c == ':' ? ';' : c;
    return cell;
  }
  const std::size_t last = position.rfind('H');
  if (last == std::string::npos) return {};
  if (position.find('/') == std::string::npos) return std::to_string(last);
  const std::size_t width = position.find('/') + 1;
  return "rows " + std::to_string(last / width) + " cols " + std::to_string(last % width);
}

/// A scripted game: help, hint, value, review, a long stray number, a long word, an escape sequence and a broken
/// move; then at most `rounds` moves, each the last heads coin alone when the status shows the position (and
/// `alone`), else the help's example; then review, undo, help, hint and quit.
std::string scripted_game(const std::vector<std::string>& args, int rounds, bool alone) {
  cli_session s(args);
  std::string transcript = s.read_until_prompt();
  for (const std::string& line : {std::string("help"), std::string("hint"), std::string("value"), std::string("review"),
                                  std::string(300, '7') + " 1", std::string(200, 'x'), std::string("\x1b[A"),
                                  std::string("rows 1 2 3 4 5 6 7 8 9 cols")}) {
    s.send(line);
    transcript += s.read_until_prompt();
  }
  for (int turn = 0; turn < rounds && transcript.find("the game is over:") == std::string::npos; ++turn) {
    std::string move = alone ? last_coin_alone(last_position(transcript)) : "";
    if (move.empty()) {
      s.send("help");
      transcript += s.read_until_prompt();
      move = help_example(transcript);
    }
    s.send(move);
    transcript += s.read_until_prompt();
  }
  for (const char* line : {"review", "undo", "help", "hint", "quit"}) {
    s.send(line);
    transcript += s.read_until_prompt();
  }
  return transcript;
}

TEST(PlayTerminalTest, EveryLineOfScriptedGamesFitsEightyColumns) {
  struct scripted {
    std::vector<std::string> args;
    bool to_the_end;  // played to the end (single-coin moves of the last heads coin), else 12 rounds
  };
  const std::vector<scripted> games = {
      // Rows: coin numbers of 1, 2 and 3 digits in chunks; a code whose name is long.
      {{"play", "mock-turtles", "--random", "150", "--seed", "1"}, false},
      {{"play", "mock-turtles", "--random", "40", "--seed", "2", "--hide-values"}, true},
      {{"play", "ruler", "--random", "60", "--seed", "3", "--first", "engine"}, true},
      {{"play", "[1,4,9,16,25,36,49,64,81,100,121,144,169,196,225,256,289]C", "--random", "40", "--seed", "3"}, false},
      // Boards: chunks of columns, boards of two-digit rows.
      {{"play", "ruler*ruler", "--random", "30x30", "--seed", "4", "--first", "engine"}, false},
      {{"play", "ruler*mock-turtles", "--random", "4x60", "--seed", "5"}, false},
      {{"play", "ruler*mock-turtles", "--random", "5x8", "--seed", "5", "--hide-values"}, true},
      {{"play", "twins*twins", "--random", "12x12", "--seed", "6", "--hide-values"}, false},
      // Boxes of 3 and 4 factors.
      {{"play", "ruler*ruler*ruler", "--random", "3x4x30", "--seed", "7"}, false},
      {{"play", "ruler*mock-turtles*ruler", "--random", "2x2x2", "--seed", "8", "--hide-values"}, true},
      {{"play", "ruler*ruler*mock-turtles", "--random", "2x2x2", "--seed", "9", "--first", "engine"}, true},
      {{"play", "ruler*ruler*ruler*ruler", "--random", "2x2x2x40", "--seed", "9"}, false},
  };
  for (const scripted& game : games) {
    const std::string transcript = scripted_game(game.args, game.to_the_end ? 200 : 12, game.to_the_end);
    SCOPED_TRACE(game.args[1] + " " + game.args[3]);
    if (game.to_the_end) {
      EXPECT_THAT(transcript, HasSubstr("the game is over:")) << transcript;
    }
    EXPECT_THAT(transcript, HasSubstr("commands:"));
    EXPECT_THAT(transcript, HasSubstr("review"));
    EXPECT_EQ(wide_lines(transcript), std::vector<std::string>{}) << transcript;
  }
}

/// A reading condition: `needle` was printed, and after it the prompt (tartan waits for the next line).
auto then_prompt(const std::string& needle) {
  return [needle](const std::string& t) {
    const std::size_t at = t.find(needle);
    return at != std::string::npos && t.find("\n> ", at) != std::string::npos;
  };
}

const std::vector<std::string> plain_terminal = {"TERM=xterm", "LANG=C", "LC_ALL=", "LC_CTYPE="};

TEST(PlayTerminalTest, ArrowKeysRecallAndEditLines) {
  pty_session s({"play", "mock-turtles", "HTTHH", "--seed", "1"}, plain_terminal);
  s.read_until(then_prompt("your turn"));
  s.type("hint\r");
  EXPECT_THAT(s.read_until(then_prompt("hint: turn")).text, HasSubstr("hint: turn"));
  // The up arrow brings "hint" back; Enter sends it again.
  s.type("\x1b[A\r");
  EXPECT_THAT(s.read_until(then_prompt("hint: turn")).text, HasSubstr("hint: turn"));
  // "3", the left arrow, then "0 " before it: the line is "0 3", a Mock Turtles move from heads coin 3.
  s.type("3\x1b[D0 \r");
  EXPECT_THAT(s.read_until(then_prompt("you turn")).text, HasSubstr("you turn 0 3"));
  // Ctrl-D at the start of a line ends the input, and tartan exits cleanly.
  s.wait_for_line_editor();
  s.type("\x04");
  EXPECT_THAT(s.read_until([](const std::string&) { return false; }).text, HasSubstr("(end of input)"));
  EXPECT_EQ(s.wait_exit(), 0);
}

TEST(PlayTerminalTest, SpecialKeysAreNeverPlayed) {
  // Keys the line editor does not bind (F5, Tab) never become a move: the game goes on at the same position.
  pty_session s({"play", "mock-turtles", "HTTH", "--seed", "1"}, plain_terminal);
  s.read_until(then_prompt("your turn"));
  s.type("\x1b[15~\r");
  std::string got = s.read_until(then_prompt("\n")).text;
  s.type("\t\r");
  got += s.read_until(then_prompt("\n")).text;
  EXPECT_THAT(got, ::testing::Not(HasSubstr("you turn")));
  s.type("0 3\r");
  EXPECT_THAT(s.read_until(then_prompt("you win")).text, HasSubstr("no heads coin is left: you win"));
}

TEST(PlayTerminalTest, SymbolsOnAUtf8TerminalFitEightyColumns) {
  pty_session s({"play", "ruler*ruler", "--random", "20x30", "--seed", "4"},
                {"TERM=xterm", "LANG=C.UTF-8", "LC_ALL=", "LC_CTYPE="});
  std::string out = s.read_until(then_prompt("your turn")).text;
  s.type("help\r");
  out += s.read_until(then_prompt("commands:")).text;
  s.type("quit\r");
  out += s.read_until([](const std::string&) { return false; }).text;
  EXPECT_THAT(out, HasSubstr("●"));
  EXPECT_THAT(out, HasSubstr("○"));
  EXPECT_EQ(wide_lines(out), std::vector<std::string>{}) << out;
  EXPECT_EQ(s.wait_exit(), 0);
}

}  // namespace
