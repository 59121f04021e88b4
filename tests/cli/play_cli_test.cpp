// CLI tests for tartan play: whole games through standard input (the engine wins from N-positions whatever the
// person plays, the person's moves drawn here from a seeded generator), refused moves with their reasons, undo (also
// after the end), hint, value, help whose example is a legal move, values hidden until a review, random starts and
// heads lists, boxes, escape bytes, and bad arguments. Legality, outcomes and values come from the games'
// definitions (tests/support/play_rules.hpp), never from tartan.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_session.hpp"
#include "support/play_rules.hpp"
#include "support/run_cli.hpp"

namespace {

using namespace tartan::test;
using ::testing::HasSubstr;
using ::testing::Not;

/// The position of the last "position XXX" status line of a transcript (followed by ", value", "; your turn" or
/// the end of the line).
std::string last_position(const std::string& transcript) {
  const std::size_t at = transcript.rfind("\nposition ");
  if (at == std::string::npos) return {};
  const std::size_t start = at + 10;
  return transcript.substr(start, transcript.find_first_of(",;\n", start) - start);
}

/// The transcript with the continuations of wrapped lines (a line break and the two spaces of their indent) joined
/// back to the line they continue, for finding messages.
std::string unwrapped(std::string text) {
  for (std::size_t at; (at = text.find("\n  ")) != std::string::npos;) text.replace(at, 3, " ");
  return text;
}

/// Plays a whole game against tartan; the person's moves are drawn by `pick` from the printed position. At the
/// end of the game, quits.
template <class Pick>
std::string play_whole_game(const std::vector<std::string>& args, Pick pick) {
  cli_session s(args);
  std::string transcript;
  for (int turn = 0; turn < 200; ++turn) {
    const std::string got = s.read_until_prompt();
    transcript += got;
    if (got.find("the game is over:") != std::string::npos) {
      s.send("quit");
      transcript += s.read_until_prompt();
      return transcript;
    }
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

// An all-tails start is a game over before the first move: whoever moves first has no move, so loses. Said so,
// whoever moves first, for rows, boards and boxes, however the start is given.
TEST(PlayCliTest, AnAllTailsStartIsOverBeforeTheFirstMove) {
  const std::vector<std::vector<std::string>> starts = {
      {"play", "ruler", "TTT"},
      {"play", "ruler", "--coins", "3", "--heads", ""},
      {"play", "ruler*ruler", "--size", "3x3", "--heads", ""},
      {"play", "ruler*ruler*ruler", "--size", "2x2x2", "--heads", ""},
  };
  for (std::vector<std::string> args : starts) {
    const cli_result you = run_tartan(args, "quit\n");
    ASSERT_EQ(you.exit_code, 0) << you.err;
    EXPECT_THAT(you.out, HasSubstr("value 0 (P: the player to move loses against good play)")) << you.out;
    EXPECT_THAT(you.out, HasSubstr("every coin is tails, so the game is over before the first move: you, to move\n"
                                   "  first, lose; the engine wins"))
        << you.out;
    args.insert(args.end(), {"--first", "engine"});
    const cli_result engine = run_tartan(args, "quit\n");
    ASSERT_EQ(engine.exit_code, 0) << engine.err;
    EXPECT_THAT(engine.out, HasSubstr("every coin is tails, so the game is over before the first move: the engine, "
                                      "to\n  move first, loses; you win"))
        << engine.out;
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
  cli_session s({"play", "mock-turtles", start, "--seed", "5"});
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

TEST(PlayCliTest, PersonWinsAMisereSumByPlayingHintsThatNameTheClassTheyLeave) {
  // Kayles heaps 2, 5 and 3, 4 in two terms (misère play; an N-position by the rules): each hint names the class it
  // leaves its term and the sum's class, in the P-portion, and playing the hints wins.
  std::map<std::vector<int>, bool> memo;
  ASSERT_TRUE(misere_kayles_wins({2, 5, 3, 4}, memo));
  cli_session s({"play", "kayles", "heaps=2,5", "+", "kayles", "heaps=3,4", "--misere", "--seed", "3"});
  std::string transcript = s.read_until_prompt();
  EXPECT_THAT(transcript, HasSubstr("term 0 (kayles): heaps 2 5, class ")) << transcript;
  for (int turn = 0; turn < 30; ++turn) {
    s.send("hint");
    const std::string hint = unwrapped(s.read_until_prompt());
    transcript += hint;
    const std::size_t at = hint.find("hint: term ");
    ASSERT_NE(at, std::string::npos) << transcript;
    EXPECT_THAT(hint, HasSubstr(", in the P-portion: a P-position in misère play)")) << hint;
    // "hint: term 1: take 1 from the heap of 4, leaving a heap of 3 (it leaves ...)" is typed as "1: take 1 ...".
    s.send(hint.substr(at + 11, hint.find(" (", at) - at - 11));
    const std::string got = s.read_until_prompt();
    transcript += got;
    EXPECT_THAT(got, Not(HasSubstr("refused"))) << got;
    if (got.find("you win") != std::string::npos) return;
  }
  FAIL() << "the hints did not win:\n" << transcript;
}

TEST(PlayCliTest, SumMovesNameTheirTermWithAColon) {
  // "0 3" could be term 0 turning 3 or term 0 turning 0 and 3: refused, with what to type; "0: 0 3" is played.
  const cli_result r =
      run_tartan({"play", "mock-turtles", "HTTH", "+", "kayles", "heaps=3,4"}, "0 3\n2: 1\n0: 0 3\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string out = unwrapped(r.out);
  EXPECT_THAT(out, HasSubstr("refused: '0 3' names no term; type the term, a colon, then its move")) << out;
  EXPECT_THAT(out, HasSubstr("refused: there is no term 2; the terms are numbered 0 to 1")) << out;
  EXPECT_THAT(out, HasSubstr("you, term 0: turn 0 3")) << out;
  // Mock Turtles' g(0) ⊕ g(3) = 1 ⊕ 7 and Kayles' g(3) ⊕ g(4) = 3 ⊕ 1 (Winning Ways' tables).
  EXPECT_THAT(out, HasSubstr("value 6 ⊕ 2 = 4 (N")) << out;
  const cli_result bad = run_tartan({"play", "mock-turtles", "HTTH", "+", "kayles", "heaps=3", "--heaps", "3"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("in a sum give each term as GAME POSITION"));
}

TEST(PlayCliTest, IllegalMovesAreRefusedWithTheirReasonAndChangeNothing) {
  auto r = run_tartan({"play", "mock-turtles", "HTTHT", "--seed", "1"},
                      "0 4\n0 1 2 3\n9\nrows 1 cols 2\n3 3\nvalue\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  r.out = unwrapped(r.out);
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
  auto r = run_tartan({"play", "ruler*ruler", "HTT/THH", "--seed", "1"},
                      "rows 0 cols 1\nrows 0 1 cols 0 2\nrows 3 cols 0\n4 5\nquit\n");
  r.out = unwrapped(r.out);
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
  EXPECT_THAT(stuck.out, HasSubstr("no heads coin can move, so the game is over before the first move: you, to move\n"
                                   "  first, lose; the engine wins"));
  // End of input before the end of the game.
  const auto unfinished = run_tartan({"play", "mock-turtles", "HHHH"}, "");
  EXPECT_EQ(unfinished.exit_code, 0);
  EXPECT_THAT(unfinished.out, HasSubstr("> (end of input)\nthe game is left unfinished\n"));
  // End of input after the end of the game: nothing is left unfinished.
  EXPECT_THAT(r.out, HasSubstr("> (end of input)\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("unfinished")));
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

// ----- The example moves, the hidden values, random starts, heads lists, undo after the end

/// The example move of the first command line of the last help in `transcript` ("  0 3     turn coins ...").
std::string help_example(const std::string& transcript) {
  const std::size_t at = transcript.rfind("commands:\n  ");
  if (at == std::string::npos) return {};
  const std::size_t start = at + 12;
  return transcript.substr(start, transcript.find("  ", start) - start);
}

/// Plays `args` with the person's moves taken from the help's example, asking for help before each; checks each
/// example against the game's definition (`legal`) on the position printed before it. Returns the examples seen.
template <class Legal>
int play_by_help_examples(const std::vector<std::string>& args, std::size_t dimensions, const Legal& legal) {
  cli_session s(args);
  std::string transcript = s.read_until_prompt();
  // The first line's example, before any help.
  const std::size_t intro = transcript.find(", e.g. ");
  if (intro != std::string::npos && transcript.find("you move first") != std::string::npos) {
    const std::string first = transcript.substr(intro + 7, transcript.find(", or help", intro) - intro - 7);
    EXPECT_TRUE(legal(parse_printed_position(last_position(transcript)), parse_typed_move(first, dimensions)))
        << first << " on " << last_position(transcript);
  }
  int checked = 0;
  for (int turn = 0; turn < 40 && transcript.find("the game is over:") == std::string::npos; ++turn) {
    s.send("help");
    transcript += s.read_until_prompt();
    const std::string example = help_example(transcript);
    const std::string position = last_position(transcript);
    EXPECT_TRUE(legal(parse_printed_position(position), parse_typed_move(example, dimensions)))
        << "help shows " << example << " on " << position;
    ++checked;
    s.send(example);
    transcript += s.read_until_prompt();
  }
  EXPECT_THAT(transcript, Not(HasSubstr("refused"))) << transcript;
  s.send("quit");
  return checked;
}

TEST(PlayCliTest, HelpShowsALegalMoveOfTheCurrentPosition) {
  const auto mock_turtles = [](const box_cells& b, const typed_move& m) {
    return is_product_move(b, m, is_mock_turtles_move);
  };
  const auto ruler = [](const box_cells& b, const typed_move& m) { return is_product_move(b, m, is_ruler_move); };
  int checked = 0;
  for (int seed = 0; seed < 4; ++seed) {
    checked += play_by_help_examples({"play", "mock-turtles", "--random", "10", "--seed", std::to_string(seed)}, 1,
                                     mock_turtles);
    checked +=
        play_by_help_examples({"play", "ruler*ruler", "--random", "3x4", "--seed", std::to_string(seed)}, 2, ruler);
    checked += play_by_help_examples(
        {"play", "ruler*ruler*ruler", "--random", "2x2x2", "--seed", std::to_string(seed), "--first", "engine"}, 3,
        ruler);
  }
  EXPECT_GT(checked, 20);
}

TEST(PlayCliTest, HiddenValuesAppearOnlyInTheReview) {
  // Mock Turtles with --hide-values: no value, outcome or hint before the end; then a review whose values are the
  // Grundy values of the positions the game went through (the mex over the moves, computed here), whose winning
  // moves leave 0 and whose mistakes come with a move that would have left 0.
  std::map<std::string, unsigned> grundy;
  std::mt19937 rng(12);
  int mistakes = 0;
  for (int game = 0; game < 6; ++game) {
    cli_session s({"play", "mock-turtles", "--random", "7", "--seed", std::to_string(game), "--hide-values"});
    std::string transcript = s.read_until_prompt();
    std::vector<std::string> positions{last_position(transcript)};
    for (const char* command : {"hint", "value", "review"}) {
      s.send(command);
      EXPECT_THAT(s.read_until_prompt(), HasSubstr(std::string(command) + ": hidden until the game ends"));
    }
    while (transcript.find("the game is over:") == std::string::npos) {
      const auto moves = mock_turtle_moves(last_position(transcript));
      const row_move m = moves[rng() % moves.size()];
      s.send(row_text(m));
      const std::string got = s.read_until_prompt();
      transcript += got;
      // Each move, the person's and then the engine's, is followed by the position it left.
      for (std::size_t at = got.find("\nposition "); at != std::string::npos; at = got.find("\nposition ", at + 1)) {
        positions.push_back(got.substr(at + 10, got.find_first_of(",;\n", at + 10) - at - 10));
      }
    }
    const std::size_t end = transcript.find("no heads coin");
    ASSERT_NE(end, std::string::npos) << transcript;
    // Until the drawing of the last position (whose status line, the game being over, shows its value).
    const std::string during = transcript.substr(0, transcript.rfind("\n\n", end));
    EXPECT_THAT(during, Not(HasSubstr("(N:")));
    EXPECT_THAT(during, Not(HasSubstr("(P:")));
    EXPECT_THAT(during, Not(::testing::ContainsRegex("value [0-9]")));
    // The review: "  k. you turn 0 3: value A -> B, ..." for every move.
    std::size_t k = 0;
    std::istringstream review(transcript.substr(end));
    for (std::string line; std::getline(review, line);) {
      const std::size_t dot = line.find(". ");
      if (line.rfind("  ", 0) != 0 || dot == std::string::npos ||
          line.substr(2, dot - 2).find_first_not_of("0123456789") != std::string::npos) {
        continue;
      }
      const std::size_t value_at = line.find(": value "), arrow = line.find(" -> ");
      ASSERT_NE(value_at, std::string::npos) << line;
      ASSERT_NE(arrow, std::string::npos) << line;
      ASSERT_LT(k + 1, positions.size()) << transcript;
      EXPECT_EQ(std::stoul(line.substr(2, dot - 2)), k + 1) << line;
      const unsigned before = mock_turtles_grundy(positions[k], grundy);
      const unsigned after = mock_turtles_grundy(positions[k + 1], grundy);
      EXPECT_EQ(std::stoul(line.substr(value_at + 8)), before) << positions[k];
      std::size_t digits = 0;
      EXPECT_EQ(std::stoul(line.substr(arrow + 4), &digits), after) << positions[k + 1];
      const std::string verdict = line.substr(arrow + 4 + digits);
      if (before != 0 && after == 0) {
        EXPECT_EQ(verdict, ", a winning move");
      } else if (before != 0) {
        const std::size_t from = verdict.find(": ") + 2;
        const std::string better = verdict.substr(from, verdict.find(" would") - from);
        const typed_move b = parse_typed_move(better, 1);
        EXPECT_TRUE(is_product_move(parse_printed_position(positions[k]), b, is_mock_turtles_move)) << better;
        EXPECT_EQ(mock_turtles_grundy(apply_row(positions[k], b[0]), grundy), 0u) << better;
        ++mistakes;
      } else {
        EXPECT_EQ(verdict, "; from value 0 every move loses");
      }
      ++k;
    }
    EXPECT_EQ(k + 1, positions.size()) << transcript;
  }
  EXPECT_GT(mistakes, 0);
}

/// The starting position of `play GAME --random SIZE --seed S ...` (the first position shown), and what tartan said
/// of it.
std::string random_start(const std::vector<std::string>& args, std::string* said = nullptr) {
  const auto r = run_tartan(args, "quit\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (said != nullptr) *said = unwrapped(r.out);
  const std::size_t first = r.out.find("\nposition ");
  return first == std::string::npos ? std::string() : last_position(r.out.substr(0, r.out.find('\n', first + 1)));
}

TEST(PlayCliTest, RandomStartsReplayAndSayWhenTheFirstPlayerLoses) {
  std::map<std::string, bool> memo;
  std::set<std::string> seen;
  int lost = 0;
  for (int seed = 0; seed < 40; ++seed) {
    std::string said;
    const std::string start =
        random_start({"play", "mock-turtles", "--random", "6", "--seed", std::to_string(seed)}, &said);
    ASSERT_EQ(start.size(), 6u) << said;
    EXPECT_NE(start.find('H'), std::string::npos) << "a random start has a move";
    EXPECT_EQ(random_start({"play", "mock-turtles", "--random", "6", "--seed", std::to_string(seed)}), start);
    EXPECT_THAT(said, HasSubstr("--random 6 --seed " + std::to_string(seed) + " draws it again"));
    // By game search: the first player loses exactly when tartan says so.
    const bool first_wins = wins(start, mock_turtle_moves, apply_row, memo);
    EXPECT_EQ(said.find("whoever moves first (you) loses against good play") == std::string::npos, first_wins) << start;
    lost += !first_wins;
    seen.insert(start);
  }
  EXPECT_GT(seen.size(), 20u);
  EXPECT_GT(lost, 0);
  // Boards, and a single size for every axis; reroll draws the start of the next seed.
  std::map<std::string, bool> board_memo;
  for (int seed = 0; seed < 10; ++seed) {
    std::string said;
    const std::string start = random_start(
        {"play", "ruler*ruler", "--random", "3", "--seed", std::to_string(seed), "--first", "engine"}, &said);
    ASSERT_EQ(start.size(), 11u) << said;  // 3x3
    EXPECT_EQ(said.find("whoever moves first (the engine) loses") == std::string::npos,
              wins(start, rugs_moves, apply_board, board_memo))
        << start;
  }
  const auto rerolled = run_tartan({"play", "mock-turtles", "--random", "8", "--seed", "5"}, "reroll\nquit\n");
  EXPECT_THAT(rerolled.out, HasSubstr("--random 8 --seed 6 draws it again"));
  EXPECT_EQ(last_position(rerolled.out), random_start({"play", "mock-turtles", "--random", "8", "--seed", "6"}));
  const auto not_random = run_tartan({"play", "mock-turtles", "HTH"}, "reroll\nquit\n");
  EXPECT_THAT(unwrapped(not_random.out), HasSubstr("refused: reroll draws a new random position, for a game started "
                                                   "with --random"));
}

TEST(PlayCliTest, HeadsListsGiveTheStart) {
  EXPECT_EQ(random_start({"play", "ruler", "--coins", "12", "--heads", "0,3,7-9"}), "HTTHTTTHHHTT");
  EXPECT_EQ(random_start({"play", "ruler*ruler", "--size", "3x4", "--heads", "0:1,2:3"}), "THTT/TTTT/TTTH");
  EXPECT_EQ(random_start({"play", "ruler*ruler*ruler", "--size", "2x2x3", "--heads", "0:0:1,1:1:2"}),
            "2x2x3 with heads 0:0:1 1:1:2");
}

TEST(PlayCliTest, BoxesArePlayedWithOneListPerAxis) {
  // Ruler on every axis of a 2x2x2 box of heads: the move that turns 0 1 along each axis turns every coin.
  const auto r = run_tartan({"play", "ruler*ruler*ruler", "--size", "2x2x2", "--heads", "0-1:0-1:0-1"},
                            "0 1; 0 1\n0 1; 0; 0 1; 1\n0; 0; 2\n0 1; 0 1; 0 1\nquit\n");
  const std::string out = unwrapped(r.out);
  EXPECT_THAT(out, HasSubstr("refused: 2 lists typed but 3 needed"));
  EXPECT_THAT(out, HasSubstr("refused: 4 lists typed but 3 needed"));
  EXPECT_THAT(out, HasSubstr("refused: coordinate 2 along axis 2 is outside the box"));
  EXPECT_THAT(out, HasSubstr("you turn 0 1; 0 1; 0 1"));
  EXPECT_THAT(out, HasSubstr("no heads coin is left: you win"));
  EXPECT_THAT(out, HasSubstr("axis 0 = 1:"));
}

TEST(PlayCliTest, UndoAfterTheEndResumesTheGame) {
  // Mock Turtles HTTH: 0 3 wins at once; undo takes it back and the game goes on.
  const auto won = run_tartan({"play", "mock-turtles", "HTTH", "--seed", "1"}, "0 3\nundo\nhint\nquit\n");
  const std::string out = unwrapped(won.out);
  EXPECT_THAT(out, HasSubstr("no heads coin is left: you win"));
  EXPECT_THAT(out, HasSubstr("took back your 0 3\n"));
  EXPECT_EQ(last_position(out), "HTTH");
  EXPECT_THAT(out, HasSubstr("hint: turn 0 3"));
  EXPECT_THAT(out, HasSubstr("quit: the game is left unfinished"));
  // HH (value 1 ⊕ 2 = 3): turning coin 0 alone leaves TH, and the engine turns coin 1 and wins. Undo takes back
  // the engine's move and the person's.
  const auto lost = run_tartan({"play", "mock-turtles", "HH", "--seed", "1"}, "0\nundo\n1\nquit\n");
  EXPECT_THAT(lost.out, HasSubstr("the engine turns 1\n"));
  EXPECT_THAT(lost.out, HasSubstr("no heads coin is left: the engine wins"));
  EXPECT_THAT(lost.out, HasSubstr("took back the engine's 1, then your 0\n"));
  EXPECT_THAT(lost.out, HasSubstr("you turn 1\n"));
}

TEST(PlayCliTest, EscapeBytesAreRefusedAndNeverEchoedRaw) {
  const auto r = run_tartan({"play", "mock-turtles", "HTTH"}, "\x1b[A\n\x1b[D\x1b[D0 3\n\x7f\nhi\x08nt\n0 3\n");
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "an escape byte reached the output";
  EXPECT_EQ(r.out.find('\x7f'), std::string::npos);
  EXPECT_EQ(r.out.find('\x08'), std::string::npos);
  EXPECT_THAT(r.out, HasSubstr("> \\x1b[A\nrefused: arrow keys and the like are not moves; type a move (e.g. 0 3) or "
                               "help\n"));
  EXPECT_THAT(r.out, HasSubstr("> \\x1b[D\\x1b[D0 3\nrefused: arrow keys"));
  EXPECT_THAT(r.out, HasSubstr("refused: the line holds the control byte \\x7f"));
  EXPECT_THAT(r.out, HasSubstr("refused: the line holds the control byte \\x08"));
  EXPECT_THAT(r.out, HasSubstr("no heads coin is left: you win"));
}

TEST(PlayCliTest, WhatANewUserTypesGetsOneLineAndTheGameGoesOn) {
  const auto r = run_tartan({"play", "mock-turtles", "HTTH"},
                            "moves\n0 3 5 9 11\n-1\n0,3\n0 3\n1 2\nhint\nvalue\nxyzzy\nhelp\nquit\n");
  const std::string out = r.out;
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(out, HasSubstr("refused: 'moves' is not a command or a move; type a move (e.g. 0 3) or help\n"));
  EXPECT_THAT(out, HasSubstr("refused: '-1' is not a coin number; type coin numbers, e.g. 0 3\n"));
  EXPECT_THAT(out, HasSubstr("you turn 0 3\n"));  // "0,3": commas separate coins too
  EXPECT_THAT(out, HasSubstr("refused: the game is over (you won): type undo or quit\n"));
  EXPECT_THAT(out, HasSubstr("hint: none; the game is over\n"));
  EXPECT_THAT(out, HasSubstr("value 0 (P: the player to move loses against good play)\n"));
  EXPECT_THAT(out, HasSubstr("refused: 'xyzzy' is not a command or a move; the game is over: type undo or quit\n"));
  EXPECT_THAT(out, HasSubstr("  (no move)"));
  EXPECT_EQ(tartan::test::count_lines(r.err), 0u) << r.err;
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
  fails({"play", "mock-turtles"}, "no position given");
}

}  // namespace

TEST(PlayCliTest, TheEngineFallsBackToALegalMoveAtTheTimeLimitAndSaysSo) {
  // --max-seconds 0.000000001: the engine's search for a winning move has 1 ns, less than it takes to add up the
  // value of 1999 heads before its first coin, so it certainly stops before finding one.
  const auto r = run_tartan({"play", "mock-turtles", "--coins", "2000", "--heads", "1-1999", "--first", "engine",
                             "--seed", "1", "--max-seconds", "0.000000001"},
                            "quit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::HasSubstr("the engine found no winning move within the time limit of 1 ns "
                                          "(--max-seconds);\n  it plays a legal move instead\nthe engine turns "));
  // The move played is a Mock Turtles move from a heads coin: one to three coins, the last of them heads (1..1999).
  const std::size_t at = r.out.find("the engine turns ");
  std::istringstream move(r.out.substr(at + 17, r.out.find('\n', at) - at - 17));
  std::vector<unsigned> coins;
  for (unsigned c = 0; move >> c;) coins.push_back(c);
  ASSERT_FALSE(coins.empty());
  EXPECT_LE(coins.size(), 3U);
  EXPECT_TRUE(std::is_sorted(coins.begin(), coins.end()));
  EXPECT_GE(coins.back(), 1U);
  EXPECT_LT(coins.back(), 2000U);
  // Without a limit the engine's reply is a winning move: no such line.
  const auto unlimited = run_tartan({"play", "mock-turtles", "--coins", "2000", "--heads", "1-1999", "--first",
                                     "engine", "--seed", "1", "--max-seconds", "0"},
                                    "quit\n");
  EXPECT_EQ(unlimited.exit_code, 0);
  EXPECT_THAT(unlimited.out, ::testing::Not(::testing::HasSubstr("no winning move within the time limit")));
}

TEST(PlayCliTest, AStartWhoseValuesTakeTooLongIsRefusedBeforeTheGame) {
  // The values of 131072 Moebius coins: days of work, refused from the pace of the first half second.
  const auto r =
      run_tartan({"play", "moebius", "--coins", "131072", "--heads", "131071", "--max-seconds", "1"}, "quit\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, ::testing::StartsWith("error: g(0..131071) of moebius would take about "));
  EXPECT_THAT(r.err, ::testing::HasSubstr("over the time limit of 1 s"));
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}
