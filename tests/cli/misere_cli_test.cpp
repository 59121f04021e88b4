// --misere through the tartan command: analyze (rows, boards, heaps; text, JSON, counts), check and play, against the
// games played out here by their definitions in misère play (the player left without a move wins): Mock Turtles rows
// and Turning Corners boards as bitmasks, Kayles heaps as multisets. Then Ctrl-C during a long sweep (the partial
// report, exit 130), a solving stopped by the time limit (its winning moves unknown), and the refusals (one line, exit
// 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::background_tartan;
using tartan::test::error_stream;
using tartan::test::progress_bar_drawn;
using tartan::test::run_tartan;

/// Mock Turtles on `coins` coins: every move of the position (a heads coin with at most two coins below it).
std::vector<std::uint32_t> mock_moves(std::uint32_t p, unsigned coins) {
  std::vector<std::uint32_t> moves;
  for (unsigned n = 0; n < coins; ++n) {
    if ((p >> n & 1) == 0) continue;
    moves.push_back(1u << n);
    for (unsigned a = 0; a < n; ++a) {
      moves.push_back(1u << n | 1u << a);
      for (unsigned b = a + 1; b < n; ++b) moves.push_back(1u << n | 1u << a | 1u << b);
    }
  }
  return moves;
}

/// Turning Corners (twins × twins) on a rows × cols board: the four corners of a rectangle, the bottom right heads.
std::vector<std::uint32_t> corner_moves(std::uint32_t p, unsigned rows, unsigned cols) {
  std::vector<std::uint32_t> moves;
  for (unsigned r = 1; r < rows; ++r) {
    for (unsigned c = 1; c < cols; ++c) {
      if ((p >> (r * cols + c) & 1) == 0) continue;
      for (unsigned a = 0; a < r; ++a) {
        for (unsigned b = 0; b < c; ++b) {
          moves.push_back(1u << (r * cols + c) | 1u << (r * cols + b) | 1u << (a * cols + c) | 1u << (a * cols + b));
        }
      }
    }
  }
  return moves;
}

/// Won by the player to move in misère play: no move, or a move to a lost position.
template <class Moves>
bool wins(std::uint32_t p, const Moves& moves, std::map<std::uint32_t, bool>& memo) {
  const auto found = memo.find(p);
  if (found != memo.end()) return found->second;
  const std::vector<std::uint32_t> options = moves(p);
  bool won = options.empty();
  for (const std::uint32_t m : options) {
    if (!wins(p ^ m, moves, memo)) {
      won = true;
      break;
    }
  }
  memo.emplace(p, won);
  return won;
}

std::string row_text(std::uint32_t p, unsigned coins) {
  std::string s;
  for (unsigned i = 0; i < coins; ++i) s += (p >> i & 1) ? 'H' : 'T';
  return s;
}

/// "  0 3 4": a row move as the report lists it.
std::string row_move_line(std::uint32_t m) {
  std::string s = " ";
  for (unsigned i = 0; i < 32; ++i) {
    if (m >> i & 1) s += " " + std::to_string(i);
  }
  return s;
}

std::vector<std::string> indented_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) == 0) lines.push_back(line);
  }
  return lines;
}

TEST(MisereCliTest, AnalyzeGivesTheOutcomeAndEveryWinningMoveOfMockTurtlesRows) {
  constexpr unsigned coins = 8;
  std::map<std::uint32_t, bool> memo;
  const auto moves = [](std::uint32_t p) { return mock_moves(p, coins); };
  std::mt19937 rng(2809);
  for (int i = 0; i < 12; ++i) {
    const std::uint32_t p = rng() & 0xff;
    const std::string text = row_text(p, coins);
    std::vector<std::string> expected;
    for (const std::uint32_t m : moves(p)) {
      if (!wins(p ^ m, moves, memo)) expected.push_back(row_move_line(m));
    }
    const auto r = run_tartan({"analyze", "mock-turtles", text, "--misere", "--limit", "1000"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("play: misère (the player who makes the last move loses)"), std::string::npos);
    EXPECT_EQ(r.out.find("value"), std::string::npos) << "no value in misère play";
    const char outcome = wins(p, moves, memo) ? 'N' : 'P';
    EXPECT_NE(r.out.find(std::string("outcome: ") + outcome), std::string::npos) << text << '\n' << r.out;
    std::vector<std::string> listed = indented_lines(r.out);
    std::sort(listed.begin(), listed.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(listed, expected) << text;
    // The count and the JSON say the same.
    const auto counted = run_tartan({"analyze", "mock-turtles", text, "--misere", "--count", "--json"});
    const nlohmann::json json = nlohmann::json::parse(counted.out);
    EXPECT_EQ(json["winning_move_count"], expected.size());
    EXPECT_EQ(json["outcome"], std::string(1, outcome));
    EXPECT_EQ(json["play"], "misère");
    EXPECT_FALSE(json.contains("value"));
  }
}

TEST(MisereCliTest, AnalyzeGivesTheWinningMovesOfTurningCornersBoards) {
  constexpr unsigned rows = 3, cols = 4;
  std::map<std::uint32_t, bool> memo;
  const auto moves = [](std::uint32_t p) { return corner_moves(p, rows, cols); };
  std::mt19937 rng(2810);
  for (int i = 0; i < 6; ++i) {
    const std::uint32_t p = rng() & 0xfff;
    std::string text;
    for (unsigned r = 0; r < rows; ++r) {
      if (r != 0) text += '/';
      for (unsigned c = 0; c < cols; ++c) text += (p >> (r * cols + c) & 1) ? 'H' : 'T';
    }
    const auto r = run_tartan({"analyze", "twins*twins", text, "--misere", "--json", "--limit", "1000"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["outcome"], wins(p, moves, memo) ? "N" : "P") << text;
    std::set<std::uint32_t> listed, expected;
    for (const auto& m : json["winning_moves"]) {
      std::uint32_t mask = 0;
      for (const unsigned row : m["rows"]) {
        for (const unsigned col : m["cols"]) mask |= 1u << (row * cols + col);
      }
      listed.insert(mask);
    }
    for (const std::uint32_t m : moves(p)) {
      if (!wins(p ^ m, moves, memo)) expected.insert(m);
    }
    EXPECT_EQ(listed, expected) << text;
  }
}

/// Misère Kayles by its rules: a heap loses one or two pins, the rest left as up to two heaps.
bool kayles_wins(std::vector<unsigned> heaps, std::map<std::vector<unsigned>, bool>& memo) {
  std::sort(heaps.begin(), heaps.end());
  const auto found = memo.find(heaps);
  if (found != memo.end()) return found->second;
  bool any = false, won = false;
  for (std::size_t i = 0; i < heaps.size() && !won; ++i) {
    for (unsigned k = 1; k <= 2 && k <= heaps[i] && !won; ++k) {
      for (unsigned a = 0; 2 * a <= heaps[i] - k && !won; ++a) {
        std::vector<unsigned> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        if (a != 0) next.push_back(a);
        if (heaps[i] - k - a != 0) next.push_back(heaps[i] - k - a);
        any = true;
        won = !kayles_wins(next, memo);
      }
    }
  }
  memo.emplace(heaps, won || !any);
  return won || !any;
}

TEST(MisereCliTest, AnalyzeHeapsGivesTheHeapGameNotItsCoinForm) {
  std::map<std::vector<unsigned>, bool> memo;
  for (const std::vector<unsigned>& heaps :
       {std::vector<unsigned>{2, 2}, {1, 4, 4}, {3, 5, 6}, {5, 7, 9}, {1, 1, 1}, {4}}) {
    std::string list;
    for (const unsigned h : heaps) list += (list.empty() ? "" : ",") + std::to_string(h);
    const auto r = run_tartan({"analyze", "kayles", "--heaps", list, "--misere", "--json", "--limit", "1000"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["outcome"], kayles_wins(heaps, memo) ? "N" : "P") << list;
    for (const auto& m : json["winning_moves"]) {
      std::vector<unsigned> next = heaps;
      next.erase(std::find(next.begin(), next.end(), m["from"].get<unsigned>()));
      for (const unsigned h : m["leaving"]) next.push_back(h);
      EXPECT_FALSE(kayles_wins(next, memo)) << list << ": " << m.dump();
    }
  }
  // Two heaps of 2: a P-position as heaps; as coins they cancel, a row of tails won by the player to move.
  EXPECT_NE(run_tartan({"analyze", "kayles", "--heaps", "2,2", "--misere"}).out.find("outcome: P"), std::string::npos);
  EXPECT_NE(run_tartan({"analyze", "kayles", "TTT", "--misere"}).out.find("outcome: N (no move is left"),
            std::string::npos);
}

TEST(MisereCliTest, CheckListsWhereTheMisereNimRuleFailsOrSaysTame) {
  const auto turtles = run_tartan({"check", "turning-turtles", "--coins", "3", "--misere"});
  EXPECT_EQ(turtles.exit_code, 1) << turtles.err;
  EXPECT_NE(turtles.out.find("positions where the rule fails: 2\n"), std::string::npos) << turtles.out;
  EXPECT_NE(turtles.out.find("  THH: value 1, rule N, outcome P\n"), std::string::npos) << turtles.out;
  const auto one = run_tartan({"check", "1", "--coins", "12", "--misere", "--json"});
  EXPECT_EQ(one.exit_code, 0) << one.err;
  const nlohmann::json json = nlohmann::json::parse(one.out);
  EXPECT_EQ(json["tame"], true);
  EXPECT_EQ(json["positions"], 4096);
  EXPECT_EQ(json["p_positions"], 2048);  // the positions with an odd number of heads
  const auto text = run_tartan({"check", "1", "--coins", "12", "--misere"});
  EXPECT_NE(text.out.find("tame up to 12: every position's misère outcome follows"), std::string::npos);
}

TEST(MisereCliTest, PlayEndsWithTheLastMoverLosing) {
  // Turning Turtles, coins 0 and 1 heads (an N-position in misère play): turning coin 1 leaves coin 0 alone, which
  // the engine must take, leaving the person without a move: the person wins.
  const auto won = run_tartan({"play", "turning-turtles", "HH", "--misere", "--seed", "1"}, "1\nreview\nquit\n");
  EXPECT_EQ(won.exit_code, 0) << won.err;
  EXPECT_NE(won.out.find("misère play: the player who makes the last move loses"), std::string::npos) << won.out;
  EXPECT_NE(won.out.find("the engine turns 0"), std::string::npos) << won.out;
  EXPECT_NE(won.out.find("you win"), std::string::npos) << won.out;
  EXPECT_NE(won.out.find("1. you turn 1: outcome N -> P, a winning move"), std::string::npos) << won.out;
  // Taking coin 0 first is a mistake: from coin 1 alone the engine turns 1 and 0, leaving coin 0, which the person
  // must take, making the last move.
  const auto lost = run_tartan({"play", "turning-turtles", "HH", "--misere", "--seed", "1"}, "0\n0\nreview\nquit\n");
  EXPECT_NE(lost.out.find("the engine turns 0 1"), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("the engine wins"), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("1. you turn 0: outcome N -> N, a mistake: 1 would have left a P-position"),
            std::string::npos)
      << lost.out;
  // Heaps: Kayles with one heap of 2; taking one pin leaves the engine the last pin.
  const auto heaps = run_tartan({"play", "kayles", "--heaps", "2", "--misere"}, "take 1 from 2 leaving 1\nquit\n");
  EXPECT_NE(heaps.out.find("no heap can move: you win (misère play"), std::string::npos) << heaps.out;
}

TEST(MisereCliTest, PlayOnHeapsReviewsMisereOutcomes) {
  // Kayles on one heap of 2 in misère play: taking one pin leaves the engine the last one (N -> P, a winning move),
  // and the engine's forced reply loses; taking both leaves the engine without a move, which wins it the game
  // (N -> N, a mistake naming the move that was there). The review speaks of outcomes, not values.
  // The lines are wrapped at 80 columns: read with every run of spaces and line breaks as one space.
  const auto flat = [](const std::string& text) {
    std::string out;
    for (const char c : text) {
      const bool space = c == ' ' || c == '\n';
      if (!space || out.empty() || out.back() != ' ') out += space ? ' ' : c;
    }
    return out;
  };
  auto won = run_tartan({"play", "kayles", "--heaps", "2", "--misere", "--seed", "1"},
                        "take 1 from 2 leaving 1\nreview\nquit\n");
  EXPECT_EQ(won.exit_code, 0) << won.err;
  won.out = flat(won.out);
  EXPECT_NE(won.out.find("review (misère play: a move that leaves a P-position is a winning move):"), std::string::npos)
      << won.out;
  EXPECT_NE(won.out.find("1. you take 1 from the heap of 2, leaving a heap of 1: outcome N -> P, a winning move"),
            std::string::npos)
      << won.out;
  EXPECT_NE(won.out.find("2. the engine takes 1 from the heap of 1, leaving nothing: outcome P -> N; from a "
                         "P-position every move loses"),
            std::string::npos)
      << won.out;
  EXPECT_EQ(won.out.find("value"), std::string::npos) << "no value in misère play: " << won.out;
  auto lost = run_tartan({"play", "kayles", "--heaps", "2", "--misere", "--hide-values"}, "2 2\nquit\n");
  lost.out = flat(lost.out);
  EXPECT_NE(lost.out.find("no heap can move: the engine wins (misère play"), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("1. you take 2 from the heap of 2, leaving nothing: outcome N -> N, a mistake: take 1 from "
                          "the heap of 2, leaving a heap of 1 would have left a P-position"),
            std::string::npos)
      << lost.out;
}

TEST(MisereCliTest, CtrlCDuringASweepKeepsThePartialReport) {
  // Mock Turtles with coin 29 heads: the sweep of 2^29 positions takes minutes on any machine (no time limit), and
  // the search before it gives way only after millions of lookups; its first winning move (29 and 0, leaving coin 0
  // alone) is found at once, the others by that long search. The bar shows the solving has begun.
  background_tartan run({"analyze", "mock-turtles", "--coins", "30", "--heads", "29", "--misere", "--max-seconds", "0"},
                        error_stream::terminal);
  ASSERT_TRUE(run.wait_for(progress_bar_drawn("solving misère positions")));
  ASSERT_TRUE(run.running());
  const tartan::test::cli_result r = run.interrupt();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  // The stop came while the outcome was searched (unknown), or after its first winning move was found, while the
  // others were: either way what was found is printed.
  const bool unknown = r.out.find("outcome: unknown (the solving stopped first)") != std::string::npos;
  const bool found = r.out.find("outcome: N (the first player wins)") != std::string::npos;
  EXPECT_TRUE(unknown || found) << r.out;
  if (found) {
    EXPECT_NE(r.out.find("winning moves"), std::string::npos) << r.out;
  }
  const std::string err = tartan::test::without_progress_bar(r.err);
  EXPECT_EQ(err.rfind("interrupted: the s", 0), 0u) << err;
  EXPECT_NE(err.find(" stopped after "), std::string::npos) << err;
}

// Before: when the time limit stopped the solving before the outcome was known, the report went on "winning moves:
// only those among the positions solved before the stop" and then "winning moves: none from --offset 0 on (the
// position has fewer)", as if the position had none. Now one line says they are unknown. The positions are sized so
// that no machine solves them in the limit: every move leaves five heads coins among 60, and twelve heaps of Dawson's
// Kayles of about 2000 tokens have no misère quotient any solver reaches (0.07's grows past 500 elements by heap 32)
// and are wild, so their outcome is a search over far more positions than any time allows.
TEST(MisereCliTest, WinningMovesAfterAStoppedSolvingAreUnknown) {
  const std::vector<std::vector<std::string>> stopped = {
      {"analyze", "mock-turtles", "--coins", "60", "--heads", "10,20,30,40,50,59", "--misere", "--max-seconds", "0.2"},
      {"analyze", "dawsons-kayles", "--heaps", "2000,2001,2002,2003,2004,2005,2006,2007,2008,2009,2010,2011",
       "--misere", "--max-seconds", "0.2"},
  };
  for (const auto& args : stopped) {
    const tartan::test::cli_result r = run_tartan(args);
    SCOPED_TRACE(args[1]);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.out.find("outcome: unknown (the solving stopped first)\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("winning moves: unknown (the solving stopped before the outcome was known)\n"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("none"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("only those"), std::string::npos) << r.out;
    std::size_t lines = 0;
    for (std::size_t at = r.out.find("winning moves"); at != std::string::npos;
         at = r.out.find("winning moves", at + 1))
      ++lines;
    EXPECT_EQ(lines, 1u) << "one line says it: " << r.out;
    EXPECT_NE(r.err.find("stopped at the time limit"), std::string::npos) << r.err;
  }
}

TEST(MisereCliTest, CtrlCDuringACheckKeepsThePositionsChecked) {
  // Every position of Mock Turtles on 30 coins: a sweep of 2^30 positions, minutes on any machine.
  background_tartan run({"check", "mock-turtles", "--coins", "30", "--misere"}, error_stream::terminal);
  ASSERT_TRUE(run.wait_for(progress_bar_drawn("checking misère outcomes")));
  ASSERT_TRUE(run.running());
  const tartan::test::cli_result r = run.interrupt();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.out.find(" of 1073741824 (interrupted: every position below the stop)"), std::string::npos) << r.out;
  const std::string err = tartan::test::without_progress_bar(r.err);
  EXPECT_EQ(err.rfind("interrupted: ", 0), 0u) << err;
  EXPECT_NE(err.find(" of 1073741824 positions were checked before the stop"), std::string::npos) << err;
}

TEST(MisereCliTest, RefusalsAreOneLine) {
  const auto one_line = [](const tartan::test::cli_result& r, const std::string& part) {
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
  };
  one_line(run_tartan({"analyze", "ruler", "--coins", "100", "--heads", "99", "--misere"}),
           "error: misère analysis solves positions as bitmasks of at most 64 coins, and this one's heads span 100 "
           "coins; give a position whose heads lie within the first 64 coins");
  one_line(run_tartan({"analyze", "ruler", "HTH", "+", "ruler", "HH", "--misere", "--options", "3"}),
           "leave it out of a sum");
  one_line(run_tartan({"analyze", "ruler", "HTH", "--misere", "--options", "3"}), "leave them out of a misère");
  one_line(run_tartan({"analyze", "ruler", "HTH", "--misere", "--svg", "/tmp/x.svg"}), "leave them out of a misère");
  one_line(run_tartan({"check", "ruler", "--coins", "63", "--misere"}), "check --coins at most 62");
  one_line(run_tartan({"check", "ruler", "--coins", "4", "--misere", "--claimed", "1,2,1,4"}), "leave out one of them");
  one_line(run_tartan({"play", "ruler", "--coins", "100", "--heads", "99", "--misere"}), "at most 64 coins");
}

}  // namespace
