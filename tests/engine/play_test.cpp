// Tests for play.hpp: typed moves, legality (with the reasons) against the games' definitions written here, the
// engine's play against random opponents with outcomes from brute-force game search, hints, undo and game ends.
#include "tartan/play/play.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

// ----- The games by their definitions (Winning Ways ch. 14), positions as bit masks (bit i = coin i heads).

/// Mock Turtles: a move turns a heads coin n and at most two coins below it.
std::vector<std::uint32_t> mock_turtle_moves(std::uint32_t heads, unsigned coins) {
  std::vector<std::uint32_t> moves;
  for (unsigned n = 0; n < coins; ++n) {
    if (!(heads >> n & 1)) continue;
    moves.push_back(1u << n);
    for (unsigned a = 0; a < n; ++a) {
      moves.push_back(1u << n | 1u << a);
      for (unsigned b = a + 1; b < n; ++b) moves.push_back(1u << n | 1u << a | 1u << b);
    }
  }
  return moves;
}

/// Ruler on one axis: the run of coins a-k+1..a for k = 1..a+1, as a mask.
std::vector<std::uint32_t> ruler_runs(unsigned a) {
  std::vector<std::uint32_t> runs;
  for (unsigned k = 1; k <= a + 1; ++k) runs.push_back(((1u << k) - 1) << (a + 1 - k));
  return runs;
}

/// Rugs (ruler × ruler) on a rows × cols board, cell (r, c) = bit r * cols + c: the mask of rows-run × cols-run.
std::vector<std::uint32_t> rugs_moves(std::uint32_t heads, unsigned rows, unsigned cols) {
  std::vector<std::uint32_t> moves;
  for (unsigned r = 0; r < rows; ++r) {
    for (unsigned c = 0; c < cols; ++c) {
      if (!(heads >> (r * cols + c) & 1)) continue;
      for (const std::uint32_t rs : ruler_runs(r)) {
        for (const std::uint32_t cs : ruler_runs(c)) {
          std::uint32_t m = 0;
          for (unsigned i = 0; i < rows; ++i) {
            for (unsigned j = 0; j < cols; ++j) {
              if ((rs >> i & 1) && (cs >> j & 1)) m |= 1u << (i * cols + j);
            }
          }
          moves.push_back(m);
        }
      }
    }
  }
  return moves;
}

/// Win (N) or loss (P) for the player to move, by exhaustive search over the game tree (memoised).
template <class Moves>
bool wins(std::uint32_t position, const Moves& moves, std::map<std::uint32_t, bool>& memo) {
  const auto it = memo.find(position);
  if (it != memo.end()) return it->second;
  bool win = false;
  for (const std::uint32_t m : moves(position)) {
    if (!wins(position ^ m, moves, memo)) {
      win = true;
      break;
    }
  }
  memo[position] = win;
  return win;
}

std::string row_text(std::uint32_t heads, unsigned coins) {
  std::string s;
  for (unsigned i = 0; i < coins; ++i) s += (heads >> i & 1) ? 'H' : 'T';
  return s;
}

std::string board_text(std::uint32_t heads, unsigned rows, unsigned cols) {
  std::string s;
  for (unsigned r = 0; r < rows; ++r) {
    if (r != 0) s += '/';
    for (unsigned c = 0; c < cols; ++c) s += (heads >> (r * cols + c) & 1) ? 'H' : 'T';
  }
  return s;
}

std::uint32_t row_mask(const play_session& s) {
  std::uint32_t m = 0;
  for (const coin c : s.row().heads) m |= 1u << c;
  return m;
}

std::uint32_t board_mask(const play_session& s) {
  std::uint32_t m = 0;
  const std::size_t cols = s.board().extents[1];
  for (const auto& cell : s.board().heads) m |= 1u << (cell[0] * cols + cell[1]);
  return m;
}

std::uint32_t move_mask(const play_move& move, std::size_t cols) {
  std::uint32_t m = 0;
  if (move.axes.size() == 1) {
    for (const coin c : move.axes[0]) m |= 1u << c;
  } else {
    for (const coin r : move.axes[0]) {
      for (const coin c : move.axes[1]) m |= 1u << (r * cols + c);
    }
  }
  return m;
}

play_move row_move_of(std::uint32_t mask) {
  play_move m{{{}}};
  for (coin c = 0; c < 32; ++c) {
    if (mask >> c & 1) m.axes[0].push_back(c);
  }
  return m;
}

play_move board_move_of(std::uint32_t mask, unsigned rows, unsigned cols) {
  play_move m{{{}, {}}};
  for (coin r = 0; r < rows; ++r) {
    for (coin c = 0; c < cols; ++c) {
      if (mask >> (r * cols + c) & 1) {
        if (m.axes[0].empty() || m.axes[0].back() != r) m.axes[0].push_back(r);
        if (std::find(m.axes[1].begin(), m.axes[1].end(), c) == m.axes[1].end()) m.axes[1].push_back(c);
      }
    }
  }
  std::sort(m.axes[1].begin(), m.axes[1].end());
  return m;
}

// ----- Typed moves

TEST(PlayMoveTest, ParsesRowsAndBoards) {
  EXPECT_EQ(parse_play_move("12 3 7", 1).axes, (std::vector<std::vector<coin>>{{3, 7, 12}}));
  EXPECT_EQ(parse_play_move(" 3,7 ", 1).axes, (std::vector<std::vector<coin>>{{3, 7}}));
  EXPECT_EQ(parse_play_move("rows 1 4 cols 2 5", 2).axes, (std::vector<std::vector<coin>>{{1, 4}, {2, 5}}));
  EXPECT_EQ(parse_play_move("Cols 5 2 row 4", 2).axes, (std::vector<std::vector<coin>>{{4}, {2, 5}}));
  EXPECT_EQ(format_play_move(play_move{{{1, 4}, {2, 5}}}), "rows 1 4 cols 2 5");
  EXPECT_EQ(format_play_move(play_move{{{3, 7, 12}}}), "3 7 12");
}

TEST(PlayMoveTest, RefusesBadTextWithWhatToType) {
  auto message = [](std::string_view text, std::size_t dims) {
    try {
      parse_play_move(text, dims);
    } catch (const parse_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message("", 1), HasSubstr("no coins typed; type the coins to turn"));
  EXPECT_THAT(message("3 x", 1), HasSubstr("'x' is not a coin number"));
  EXPECT_THAT(message("3 3", 1), HasSubstr("coin 3 is typed twice"));
  EXPECT_THAT(message("1 2", 2), HasSubstr("a board move starts with rows or cols"));
  EXPECT_THAT(message("rows 1", 2), HasSubstr("no columns typed"));
  EXPECT_THAT(message("rows 1 rows 2 cols 3", 2), HasSubstr("rows typed twice"));
  EXPECT_THAT(message("rows 1 1 cols 3", 2), HasSubstr("row 1 is typed twice"));
}

// ----- Legality against the definitions

TEST(PlaySessionTest, RowLegalityMatchesMockTurtlesDefinition) {
  constexpr unsigned coins = 8;
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const std::uint32_t heads = rng() & ((1u << coins) - 1);
    const play_session s(games::find_game("mock-turtles"), parse_row(row_text(heads, coins)));
    const std::vector<std::uint32_t> legal = mock_turtle_moves(heads, coins);
    for (std::uint32_t set = 1; set < (1u << coins); ++set) {
      const bool is_legal = std::find(legal.begin(), legal.end(), set) != legal.end();
      const std::string reason = s.illegal_reason(row_move_of(set));
      EXPECT_EQ(reason.empty(), is_legal)
          << row_text(heads, coins) << " move " << format_play_move(row_move_of(set)) << ": " << reason;
    }
  }
}

TEST(PlaySessionTest, RowReasonsNameTheProblem) {
  const play_session s(games::find_game("mock-turtles"), parse_row("HTTHT"));
  EXPECT_EQ(s.illegal_reason(play_move{{{0, 4}}}),
            "the rightmost coin, 4, is tails; a move turns a heads coin to tails, with coins to its left");
  EXPECT_EQ(s.illegal_reason(play_move{{{0, 1, 2, 3}}}), "turning 0 1 2 3 is not a move of mock-turtles");
  EXPECT_EQ(s.illegal_reason(play_move{{{7}}}), "coin 7 is outside the row (coins 0..4)");
  EXPECT_EQ(s.illegal_reason(play_move{{{1, 2, 3}}}), "");
}

TEST(PlaySessionTest, GridLegalityMatchesRugsDefinition) {
  constexpr unsigned rows = 3, cols = 3;
  std::mt19937 rng(11);
  for (int trial = 0; trial < 10; ++trial) {
    const std::uint32_t heads = rng() & ((1u << rows * cols) - 1);
    const play_session s(tartan_game(games::find_factors("ruler*ruler")), parse_grid(board_text(heads, rows, cols)));
    const std::vector<std::uint32_t> legal = rugs_moves(heads, rows, cols);
    for (std::uint32_t rs = 1; rs < (1u << rows); ++rs) {
      for (std::uint32_t cs = 1; cs < (1u << cols); ++cs) {
        play_move move{{{}, {}}};
        for (coin r = 0; r < rows; ++r) {
          if (rs >> r & 1) move.axes[0].push_back(r);
        }
        for (coin c = 0; c < cols; ++c) {
          if (cs >> c & 1) move.axes[1].push_back(c);
        }
        const bool is_legal = std::find(legal.begin(), legal.end(), move_mask(move, cols)) != legal.end();
        const std::string reason = s.illegal_reason(move);
        EXPECT_EQ(reason.empty(), is_legal)
            << board_text(heads, rows, cols) << " " << format_play_move(move) << ": " << reason;
      }
    }
  }
}

TEST(PlaySessionTest, GridReasonsNameTheProblem) {
  const play_session s(tartan_game(games::find_factors("ruler*mock-turtles")), parse_grid("HTT/THH"));
  EXPECT_EQ(s.illegal_reason(play_move{{{0}, {1}}}),
            "coin (0, 1), where the last row and the last column meet, is tails; a move turns a heads coin to tails");
  EXPECT_EQ(s.illegal_reason(play_move{{{0, 1}, {0, 1}}}), "");
  EXPECT_EQ(s.illegal_reason(play_move{{{2}, {0}}}), "row 2 is outside the board (rows 0..1)");
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {5}}}), "column 5 is outside the board (columns 0..2)");
  const play_session rugs(tartan_game(games::find_factors("ruler*ruler")), parse_grid("TTT/TTT/TTH"));
  EXPECT_EQ(rugs.illegal_reason(play_move{{{0, 2}, {2}}}), "rows 0 2 are not a move of ruler, the game of the rows");
  EXPECT_EQ(rugs.illegal_reason(play_move{{{2}, {0, 2}}}),
            "columns 0 2 are not a move of ruler, the game of the columns");
}

TEST(PlaySessionTest, PlayRefusesIllegalMovesAndChangesNothing) {
  play_session s(games::find_game("mock-turtles"), parse_row("HTTH"));
  EXPECT_THROW(s.play(play_move{{{0, 1, 2, 3}}}), illegal_move);
  EXPECT_EQ(s.position_text(), "HTTH");
  EXPECT_EQ(s.to_move(), player::person);
  EXPECT_TRUE(s.history().empty());
}

// ----- The engine against random play, outcomes by brute force

TEST(PlaySessionTest, EngineWinsRowGamesFromEveryNPositionAgainstRandomPlay) {
  constexpr unsigned coins = 7;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return mock_turtle_moves(p, coins); };
  std::mt19937 person(17);
  int games_played = 0;
  for (std::uint32_t start = 1; start < (1u << coins); ++start) {
    if (!wins(start, moves, memo)) continue;
    play_session s(games::find_game("mock-turtles"), parse_row(row_text(start, coins)), player::engine, start);
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
        // The engine always leaves a P-position (by brute force), so the person never gets a winning one.
        ASSERT_FALSE(wins(row_mask(s), moves, memo)) << row_text(start, coins);
      } else {
        const std::vector<std::uint32_t> legal = moves(row_mask(s));
        s.play(row_move_of(legal[person() % legal.size()]));
      }
    }
    EXPECT_EQ(s.winner(), player::engine) << row_text(start, coins);
    ++games_played;
  }
  EXPECT_GT(games_played, 100);
}

TEST(PlaySessionTest, EngineWinsRugsFromEveryNPositionAgainstRandomPlay) {
  constexpr unsigned rows = 3, cols = 3;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return rugs_moves(p, rows, cols); };
  std::mt19937 person(23);
  const tartan_game rugs(games::find_factors("ruler*ruler"));
  int games_played = 0;
  for (std::uint32_t start = 1; start < (1u << rows * cols); start += 3) {
    if (!wins(start, moves, memo)) continue;
    play_session s(rugs, parse_grid(board_text(start, rows, cols)), player::engine, start);
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
        ASSERT_FALSE(wins(board_mask(s), moves, memo)) << board_text(start, rows, cols);
      } else {
        const std::vector<std::uint32_t> legal = moves(board_mask(s));
        s.play(board_move_of(legal[person() % legal.size()], rows, cols));
      }
    }
    EXPECT_EQ(s.winner(), player::engine) << board_text(start, rows, cols);
    ++games_played;
  }
  EXPECT_GT(games_played, 50);
}

TEST(PlaySessionTest, EngineMovesFromPPositionsAreLegal) {
  constexpr unsigned coins = 6;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return mock_turtle_moves(p, coins); };
  for (std::uint32_t start = 1; start < (1u << coins); ++start) {
    if (wins(start, moves, memo)) continue;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      play_session s(games::find_game("mock-turtles"), parse_row(row_text(start, coins)), player::engine, seed);
      EXPECT_FALSE(s.hint().has_value());
      const play_move m = s.choose_move();
      const std::vector<std::uint32_t> legal = moves(start);
      EXPECT_NE(std::find(legal.begin(), legal.end(), move_mask(m, 0)), legal.end()) << format_play_move(m);
    }
  }
}

TEST(PlaySessionTest, HintLeavesAPPosition) {
  constexpr unsigned rows = 2, cols = 4;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return rugs_moves(p, rows, cols); };
  const tartan_game rugs(games::find_factors("ruler*ruler"));
  for (std::uint32_t start = 1; start < (1u << rows * cols); ++start) {
    const play_session s(rugs, parse_grid(board_text(start, rows, cols)));
    const std::optional<play_move> hint = s.hint();
    ASSERT_EQ(hint.has_value(), wins(start, moves, memo)) << board_text(start, rows, cols);
    if (hint) {
      EXPECT_EQ(s.illegal_reason(*hint), "");
      EXPECT_FALSE(wins(start ^ move_mask(*hint, cols), moves, memo));
    }
  }
}

TEST(PlaySessionTest, SeedReplaysTheSameGame) {
  auto game = [](std::uint64_t seed) {
    play_session s(games::find_game("ruler"), parse_row("HHHHHHHHHHHH"), player::engine, seed);
    std::vector<play_move> made;
    while (!s.over()) made.push_back(s.engine_move());
    return made;
  };
  EXPECT_EQ(game(42), game(42));
  // And the seed is used: some other seed plays another game (ruler's many P-positions on the way leave the engine a
  // random choice among legal moves).
  bool another = false;
  for (std::uint64_t seed = 0; seed < 20 && !another; ++seed) another = game(seed) != game(42);
  EXPECT_TRUE(another) << "20 seeds played the same game";
}

// ----- Undo and the end of the game

TEST(PlaySessionTest, UndoRestoresThePositionAndTheTurn) {
  play_session s(tartan_game(games::find_factors("ruler*ruler")), parse_grid("HTH/THH/HHT"), player::person, 3);
  const std::string start = s.position_text();
  s.play(play_move{{{0, 1}, {1, 2}}});
  s.engine_move();
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.to_move(), player::engine);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.position_text(), start);
  EXPECT_EQ(s.to_move(), player::person);
  EXPECT_FALSE(s.undo());
}

TEST(PlaySessionTest, GameEndsWhenNoHeadsCoinCanMove) {
  // Twins turns exactly two coins, so a heads coin 0 has no move (g(0) = 0): the player to move has lost.
  const play_session twins(games::find_game("twins"), parse_row("HT"), player::person);
  EXPECT_TRUE(twins.over());
  EXPECT_EQ(twins.winner(), player::engine);
  const play_session empty(games::find_game("mock-turtles"), parse_row("TTT"), player::engine);
  EXPECT_TRUE(empty.over());
  EXPECT_EQ(empty.winner(), player::person);
  // Turning Corners: coins in row 0 or column 0 cannot move.
  const play_session corners(tartan_game(games::find_factors("twins*twins")), parse_grid("HH/HT"));
  EXPECT_TRUE(corners.over());
}

TEST(PlaySessionTest, RefusesProductsOfThreeGames) {
  EXPECT_THROW(play_session(tartan_game(games::find_factors("ruler*ruler*ruler")), parse_grid("HT/TH")), parse_error);
}

}  // namespace
}  // namespace tartan
