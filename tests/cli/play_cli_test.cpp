// CLI tests for tartan play: whole games through standard input (the engine wins from N-positions whatever the
// person plays, the person's moves drawn here from a seeded generator), refused moves with their reasons, undo,
// hint, value, the end of the game, and bad arguments.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;
using ::testing::Not;

/// tartan running with pipes on both ends, so that a test can answer what it prints.
class session {
 public:
  explicit session(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[0]);
      ::close(in[1]);
      ::close(out[0]);
      ::close(out[1]);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(TARTAN_EXE));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(TARTAN_EXE, argv.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~session() {
    ::close(to_);
    ::close(from_);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  session(const session&) = delete;
  session& operator=(const session&) = delete;

  /// Everything printed until tartan waits for a line (its output ends with the prompt "> ") or exits.
  std::string read_until_prompt() {
    std::string got;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{from_, POLLIN, 0};
      if (::poll(&p, 1, 1000) <= 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(from_, buffer, sizeof buffer);
      if (n <= 0) return got;  // exited
      got.append(buffer, static_cast<std::size_t>(n));
      if (got.size() >= 3 && got.compare(got.size() - 3, 3, "\n> ") == 0) return got;
    }
    ADD_FAILURE() << "tartan play did not prompt within 30 s; it printed:\n" << got;
    return got;
  }

  void send(const std::string& line) {
    const std::string text = line + "\n";
    if (::write(to_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) ADD_FAILURE() << "write failed";
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
};

/// The last "position XXX," line of a transcript: the position's text.
std::string last_position(const std::string& transcript) {
  const std::size_t at = transcript.rfind("\nposition ");
  if (at == std::string::npos) return {};
  const std::size_t start = at + 10;
  return transcript.substr(start, transcript.find(',', start) - start);
}

// ----- The games by their definitions (Winning Ways ch. 14), for the person's moves and for outcomes.

/// Mock Turtles on a row (bit i = coin i heads): a heads coin n, alone or with one or two coins below it.
std::vector<std::vector<unsigned>> mock_turtle_moves(const std::string& row) {
  std::vector<std::vector<unsigned>> moves;
  for (unsigned n = 0; n < row.size(); ++n) {
    if (row[n] != 'H') continue;
    moves.push_back({n});
    for (unsigned a = 0; a < n; ++a) {
      moves.push_back({a, n});
      for (unsigned b = a + 1; b < n; ++b) moves.push_back({a, b, n});
    }
  }
  return moves;
}

/// Rugs (ruler × ruler): from heads (r, c), the rows r-i..r and the columns c-j..c.
struct board_move {
  unsigned r, c, i, j;
};
std::vector<board_move> rugs_moves(const std::string& board) {
  std::vector<board_move> moves;
  unsigned r = 0, c = 0;
  for (const char ch : board) {
    if (ch == '/') {
      ++r;
      c = 0;
      continue;
    }
    if (ch == 'H') {
      for (unsigned i = 0; i <= r; ++i) {
        for (unsigned j = 0; j <= c; ++j) moves.push_back({r, c, i, j});
      }
    }
    ++c;
  }
  return moves;
}

std::string apply_row(std::string row, const std::vector<unsigned>& move) {
  for (const unsigned c : move) row[c] = row[c] == 'H' ? 'T' : 'H';
  return row;
}

std::string apply_board(std::string board, const board_move& m) {
  const std::size_t width = board.find('/') == std::string::npos ? board.size() : board.find('/');
  for (unsigned r = m.r - m.i; r <= m.r; ++r) {
    for (unsigned c = m.c - m.j; c <= m.c; ++c) {
      char& ch = board[r * (width + 1) + c];
      ch = ch == 'H' ? 'T' : 'H';
    }
  }
  return board;
}

std::string row_text(const std::vector<unsigned>& move) {
  std::string s;
  for (const unsigned c : move) s += (s.empty() ? "" : " ") + std::to_string(c);
  return s;
}

std::string board_text(const board_move& m) {
  std::string s = "rows";
  for (unsigned r = m.r - m.i; r <= m.r; ++r) s += " " + std::to_string(r);
  s += " cols";
  for (unsigned c = m.c - m.j; c <= m.c; ++c) s += " " + std::to_string(c);
  return s;
}

/// Exhaustive game search: does the player to move win?
template <class Moves, class Apply>
bool wins(const std::string& p, const Moves& moves, const Apply& apply, std::map<std::string, bool>& memo) {
  if (const auto it = memo.find(p); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& m : moves(p)) {
    if (!wins(apply(p, m), moves, apply, memo)) {
      win = true;
      break;
    }
  }
  return memo[p] = win;
}

/// Plays a whole game against tartan; the person's moves are drawn by `pick` from the printed position.
template <class Pick>
std::string play_whole_game(const std::vector<std::string>& args, Pick pick) {
  session s(args);
  std::string transcript;
  for (int turn = 0; turn < 200; ++turn) {
    const std::string got = s.read_until_prompt();
    transcript += got;
    if (got.size() < 3 || got.compare(got.size() - 3, 3, "\n> ") != 0) return transcript;  // the game ended
    s.send(pick(last_position(transcript)));
  }
  ADD_FAILURE() << "the game did not end in 200 turns";
  return transcript;
}

TEST(PlayCliTest, EngineWinsRowGamesFromNPositionsWhateverThePersonPlays) {
  std::mt19937 rng(2024);
  std::map<std::string, bool> memo;
  int played = 0;
  while (played < 12) {
    std::string start(9, 'T');
    for (char& c : start) c = rng() % 2 ? 'H' : 'T';
    if (!wins(start, mock_turtle_moves, apply_row, memo)) continue;
    const std::string transcript =
        play_whole_game({"play", "mock-turtles", start, "--first", "engine", "--seed", std::to_string(played)},
                        [&](const std::string& position) {
                          const auto moves = mock_turtle_moves(position);
                          return row_text(moves[rng() % moves.size()]);
                        });
    EXPECT_THAT(transcript, HasSubstr("no heads coin is left: the engine wins")) << transcript;
    EXPECT_THAT(transcript, Not(HasSubstr("refused"))) << transcript;
    ++played;
  }
}

TEST(PlayCliTest, EngineWinsRugsFromNPositionsWhateverThePersonPlays) {
  std::mt19937 rng(7);
  std::map<std::string, bool> memo;
  int played = 0;
  while (played < 8) {
    std::string start = "TTT/TTT/TTT";
    for (char& c : start) {
      if (c != '/') c = rng() % 2 ? 'H' : 'T';
    }
    if (!wins(start, rugs_moves, apply_board, memo)) continue;
    const std::string transcript =
        play_whole_game({"play", "ruler*ruler", start, "--first", "engine", "--seed", std::to_string(played)},
                        [&](const std::string& position) {
                          const auto moves = rugs_moves(position);
                          return board_text(moves[rng() % moves.size()]);
                        });
    EXPECT_THAT(transcript, HasSubstr("no heads coin is left: the engine wins")) << transcript;
    EXPECT_THAT(transcript, Not(HasSubstr("refused"))) << transcript;
    ++played;
  }
}

TEST(PlayCliTest, PersonWinsByPlayingHints) {
  // From an N-position with the person first, playing each hint wins.
  std::mt19937 rng(99);
  std::map<std::string, bool> memo;
  std::string start;
  do {
    start.assign(10, 'T');
    for (char& c : start) c = rng() % 2 ? 'H' : 'T';
  } while (!wins(start, mock_turtle_moves, apply_row, memo));
  session s({"play", "mock-turtles", start, "--seed", "5"});
  std::string transcript = s.read_until_prompt();
  for (int turn = 0; turn < 50; ++turn) {
    s.send("hint");
    const std::string hint = s.read_until_prompt();
    transcript += hint;
    const std::size_t at = hint.find("hint: turn ");
    ASSERT_NE(at, std::string::npos) << transcript;
    s.send(hint.substr(at + 11, hint.find(" (", at) - at - 11));
    const std::string got = s.read_until_prompt();
    transcript += got;
    if (got.find("you win") != std::string::npos) return;
  }
  FAIL() << "the hints did not win:\n" << transcript;
}

TEST(PlayCliTest, IllegalMovesAreRefusedWithTheirReasonAndChangeNothing) {
  const auto r = run_tartan({"play", "mock-turtles", "HTTHT", "--seed", "1"},
                            "0 4\n0 1 2 3\n9\nrows 1 cols 2\n3 3\nvalue\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("refused: the rightmost coin, 4, is tails; a move turns a heads coin to tails, with "
                               "coins to its left; nothing changed"));
  EXPECT_THAT(r.out, HasSubstr("refused: turning 0 1 2 3 is not a move of mock-turtles; nothing changed"));
  EXPECT_THAT(r.out, HasSubstr("refused: coin 9 is outside the row (coins 0..4); nothing changed"));
  EXPECT_THAT(r.out, HasSubstr("refused: 'rows' is not a coin number"));
  EXPECT_THAT(r.out, HasSubstr("refused: coin 3 is typed twice"));
  // The position was drawn once, at the start, and never changed.
  EXPECT_EQ(last_position(r.out), "HTTHT");
  std::size_t drawn = 0;
  for (std::size_t at = r.out.find("\nposition "); at != std::string::npos; at = r.out.find("\nposition ", at + 1)) {
    ++drawn;
  }
  EXPECT_EQ(drawn, 1u);
  // value 1 ⊕ 7 (Mock Turtles' g(0) and g(3), the odious numbers 1 and 7).
  EXPECT_THAT(r.out, HasSubstr("value 6 (N: the player to move can win)"));
  EXPECT_THAT(r.out, HasSubstr("quit: the game is left unfinished"));
}

TEST(PlayCliTest, IllegalBoardMovesAreRefusedWithTheirReason) {
  const auto r = run_tartan({"play", "ruler*ruler", "HTT/THH", "--seed", "1"},
                            "rows 0 cols 1\nrows 0 1 cols 0 2\nrows 3 cols 0\n4 5\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("refused: coin (0, 1), where the last row and the last column meet, is tails"));
  EXPECT_THAT(r.out, HasSubstr("refused: columns 0 2 are not a move of ruler, the game of the columns"));
  EXPECT_THAT(r.out, HasSubstr("refused: row 3 is outside the board (rows 0..1)"));
  EXPECT_THAT(r.out, HasSubstr("refused: a board move starts with rows or cols"));
  EXPECT_EQ(last_position(r.out), "HTT/THH");
}

TEST(PlayCliTest, UndoTakesBackTheLastPairOfMoves) {
  // HHHHHHHH in Mock Turtles: a legal move of the person, the engine's answer, then undo.
  const auto r = run_tartan({"play", "mock-turtles", "HHHHHHHH", "--seed", "3"}, "undo\n1 5 7\nundo\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("nothing to take back: you have not moved yet"));
  EXPECT_THAT(r.out, HasSubstr("you turn 1 5 7"));
  EXPECT_THAT(r.out, HasSubstr("took back the engine's "));
  EXPECT_THAT(r.out, HasSubstr(", then your 1 5 7"));
  EXPECT_EQ(last_position(r.out), "HHHHHHHH");
  EXPECT_THAT(r.out.substr(r.out.rfind("\nposition ")), HasSubstr("your turn"));
}

TEST(PlayCliTest, UndoOnABoardRestoresIt) {
  // After rows 0 cols 0 the board THH/HHH cannot be cleared by one Rugs move (a rectangle ending at its heads
  // corner), so the engine's answer leaves the game running and the undo goes back to the start.
  const auto r = run_tartan({"play", "ruler*ruler", "HHH/HHH", "--seed", "3"}, "undo\nrows 0 cols 0\nundo\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("nothing to take back: you have not moved yet"));
  EXPECT_THAT(r.out, HasSubstr(", then your rows 0 cols 0"));
  EXPECT_EQ(last_position(r.out), "HHH/HHH");
}

TEST(PlayCliTest, HintAndValueFollowTheTheory) {
  // Twins (turn exactly two coins): g(n) = n, so HTHH has value 0 ⊕ 2 ⊕ 3 = 1. A move from heads coin a with
  // coin s < a wins iff s = 1 ⊕ a: only a = 3, s = 2. THHH has value 1 ⊕ 2 ⊕ 3 = 0.
  const auto r = run_tartan({"play", "twins", "HTHH", "--seed", "1"}, "value\nhint\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("value 1 (N: the player to move can win)"));
  EXPECT_THAT(r.out, HasSubstr("hint: turn 2 3 (it leaves value 0)"));
  const auto lost = run_tartan({"play", "twins", "THHH", "--seed", "1"}, "hint\nquit\n");
  EXPECT_THAT(lost.out, HasSubstr("value 0 (P: the player to move loses against good play)"));
  EXPECT_THAT(lost.out, HasSubstr("hint: none; the value is 0"));
}

TEST(PlayCliTest, GameEndsWithTheWinner) {
  // Mock Turtles HTTH: turning 0 and 3 leaves no heads coin: the person wins.
  const auto r = run_tartan({"play", "mock-turtles", "HTTH"}, "0 3\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("no heads coin is left: you win"));
  // Twins "HT": coin 0 cannot move (a move turns two coins), so the person, to move, has lost at once.
  const auto stuck = run_tartan({"play", "twins", "HT"}, "");
  EXPECT_THAT(stuck.out, HasSubstr("no heads coin left can move: the engine wins"));
  // End of input before the end of the game.
  const auto unfinished = run_tartan({"play", "mock-turtles", "HHHH"}, "");
  EXPECT_THAT(unfinished.out, HasSubstr("end of input: the game is left unfinished"));
}

TEST(PlayCliTest, HelpListsTheCommands) {
  const auto r = run_tartan({"play", "mock-turtles", "HTH"}, "help\nquit\n");
  for (const char* command : {"hint", "undo", "value", "help", "quit", "3 7 12"}) {
    EXPECT_THAT(r.out, HasSubstr(std::string("  ") + command)) << command;
  }
  const auto board = run_tartan({"play", "ruler*ruler", "HT/TH"}, "help\nquit\n");
  EXPECT_THAT(board.out, HasSubstr("rows 1 4 cols 2 5"));
}

TEST(PlayCliTest, DrawsRowAndColumnNumbers) {
  const auto r = run_tartan({"play", "ruler*ruler", "HTTTTTTTTTTT/TTTTTTTTTTTH", "--first", "you"}, "quit\n");
  EXPECT_THAT(r.out, HasSubstr("      0  1  2  3  4  5  6  7  8  9 10 11\n"
                               "  0   H  T  T  T  T  T  T  T  T  T  T  T\n"
                               "  1   T  T  T  T  T  T  T  T  T  T  T  H\n"));
  const auto row = run_tartan({"play", "mock-turtles", "HTTTTTTTTTTH"}, "quit\n");
  EXPECT_THAT(row.out, HasSubstr("  coin  0  1  2  3  4  5  6  7  8  9 10 11\n"
                                 "        H  T  T  T  T  T  T  T  T  T  T  H\n"));
}

TEST(PlayCliTest, DrawsCoinsAsSymbolsOnAUtf8Terminal) {
  // script(1) (util-linux) runs tartan on a pseudo-terminal, so standard output is a terminal.
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "script(1) is not installed";
  const std::string out_path = "/tmp/tartan_play_tty_" + std::to_string(::getpid());
  const std::string command =
      "printf 'quit\\n' | LANG=C.UTF-8 LC_ALL= LC_CTYPE= script -qec " +
      tartan::test::shell_quote(tartan::test::shell_quote(TARTAN_EXE) + " play mock-turtles HTTH") + " /dev/null >" +
      out_path + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string out = tartan::test::read_file(out_path);
  std::remove(out_path.c_str());
  EXPECT_THAT(out, HasSubstr("● ○ ○ ●")) << out;
  // Without a UTF-8 locale: letters.
  const auto piped = run_tartan({"play", "mock-turtles", "HTTH"}, "quit\n");
  EXPECT_THAT(piped.out, HasSubstr("H T T H"));
}

TEST(PlayCliTest, BadArgumentsExitWithTwo) {
  auto fails = [](std::vector<std::string> args, const std::string& message) {
    const auto r = run_tartan(args, "");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_THAT(r.err, HasSubstr(message));
  };
  fails({"play", "no-such-game", "HT"}, "error: ");
  fails({"play", "mock-turtles", "HXT"}, "error: position: 'X' at column 2 is not a coin");
  fails({"play", "mock-turtles", "HT/TH"}, "is played on a row");
  fails({"play", "ruler*ruler*ruler", "HT/TH"}, "has 3 factors");
  fails({"play", "ruler*ruler", "HT/T"}, "error: ");
  fails({"play", "mock-turtles", "HT", "--first", "me"}, "--first 'me' is neither you nor engine");
  fails({"play", "mock-turtles", "HT", "--seed", "x"}, "--seed");
  fails({"play", "mock-turtles"}, "POSITION");
}

}  // namespace
