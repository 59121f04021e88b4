// Tests for play.hpp: legality (with the reasons) against the games' definitions written here, the
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

/// The session's position as a bit mask, cells in row-major order (bit i = the i-th cell of the box).
std::uint32_t position_mask(const play_session& s) {
  const box_position& p = s.position();
  std::uint32_t m = 0;
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < p.dimensions(); ++i) index = index * p.extents()[i] + p.head(h)[i];
    m |= 1u << index;
  }
  return m;
}

/// The move for messages: its axes joined by " | ".
std::string move_text(const play_move& move) {
  std::string s;
  for (std::size_t i = 0; i < move.axes.size(); ++i) {
    if (i != 0) s += " |";
    for (const coin c : move.axes[i]) s += " " + std::to_string(c);
  }
  return s;
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

// ----- Legality against the definitions

TEST(PlaySessionTest, RowLegalityMatchesMockTurtlesDefinition) {
  constexpr unsigned coins = 8;
  std::mt19937 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const std::uint32_t heads = rng() & ((1u << coins) - 1);
    const play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position(row_text(heads, coins)));
    const std::vector<std::uint32_t> legal = mock_turtle_moves(heads, coins);
    for (std::uint32_t set = 1; set < (1u << coins); ++set) {
      const bool is_legal = std::find(legal.begin(), legal.end(), set) != legal.end();
      const std::string reason = s.illegal_reason(row_move_of(set));
      EXPECT_EQ(reason.empty(), is_legal)
          << row_text(heads, coins) << " move " << move_text(row_move_of(set)) << ": " << reason;
    }
  }
}

TEST(PlaySessionTest, RowReasonsNameTheProblem) {
  const play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position("HTTHT"));
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
    const play_session s(games::resolve_game("ruler*ruler"), parse_box_position(board_text(heads, rows, cols)));
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
            << board_text(heads, rows, cols) << " " << move_text(move) << ": " << reason;
      }
    }
  }
}

TEST(PlaySessionTest, GridReasonsNameTheProblem) {
  const play_session s(games::resolve_game("ruler*mock-turtles"), parse_box_position("HTT/THH"));
  EXPECT_EQ(s.illegal_reason(play_move{{{0}, {1}}}),
            "coin (0, 1), where the last row and the last column meet, is tails; a move turns a heads coin to tails");
  EXPECT_EQ(s.illegal_reason(play_move{{{0, 1}, {0, 1}}}), "");
  EXPECT_EQ(s.illegal_reason(play_move{{{2}, {0}}}), "row 2 is outside the board (rows 0..1)");
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {5}}}), "column 5 is outside the board (columns 0..2)");
  const play_session rugs(games::resolve_game("ruler*ruler"), parse_box_position("TTT/TTT/TTH"));
  EXPECT_EQ(rugs.illegal_reason(play_move{{{0, 2}, {2}}}), "rows 0 2 are not a move of ruler, the game of the rows");
  EXPECT_EQ(rugs.illegal_reason(play_move{{{2}, {0, 2}}}),
            "columns 0 2 are not a move of ruler, the game of the columns");
}

TEST(PlaySessionTest, PlayRefusesIllegalMovesAndChangesNothing) {
  play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position("HTTH"));
  EXPECT_THROW(s.play(play_move{{{0, 1, 2, 3}}}), illegal_move);
  EXPECT_EQ(s.position().text(), "HTTH");
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
    play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position(row_text(start, coins)),
                   player::engine, start);
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
        // The engine always leaves a P-position (by brute force), so the person never gets a winning one.
        ASSERT_FALSE(wins(position_mask(s), moves, memo)) << row_text(start, coins);
      } else {
        const std::vector<std::uint32_t> legal = moves(position_mask(s));
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
  const game_handle rugs = games::resolve_game("ruler*ruler");
  int games_played = 0;
  for (std::uint32_t start = 1; start < (1u << rows * cols); start += 3) {
    if (!wins(start, moves, memo)) continue;
    play_session s(rugs, parse_box_position(board_text(start, rows, cols)), player::engine, start);
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
        ASSERT_FALSE(wins(position_mask(s), moves, memo)) << board_text(start, rows, cols);
      } else {
        const std::vector<std::uint32_t> legal = moves(position_mask(s));
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
      play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position(row_text(start, coins)),
                     player::engine, seed);
      EXPECT_FALSE(s.hint().has_value());
      const play_move m = s.choose_move();
      const std::vector<std::uint32_t> legal = moves(start);
      EXPECT_NE(std::find(legal.begin(), legal.end(), move_mask(m, 0)), legal.end()) << move_text(m);
    }
  }
}

TEST(PlaySessionTest, HintLeavesAPPosition) {
  constexpr unsigned rows = 2, cols = 4;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return rugs_moves(p, rows, cols); };
  const game_handle rugs = games::resolve_game("ruler*ruler");
  for (std::uint32_t start = 1; start < (1u << rows * cols); ++start) {
    const play_session s(rugs, parse_box_position(board_text(start, rows, cols)));
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
    play_session s(game_handle(games::find_game("ruler")), parse_box_position("HHHHHHHHHHHH"), player::engine, seed);
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
  play_session s(games::resolve_game("ruler*ruler"), parse_box_position("HTH/THH/HHT"), player::person, 3);
  const std::string start = s.position().text();
  s.play(play_move{{{0, 1}, {1, 2}}});
  s.engine_move();
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.to_move(), player::engine);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.position().text(), start);
  EXPECT_EQ(s.to_move(), player::person);
  EXPECT_FALSE(s.undo());
}

TEST(PlaySessionTest, GameEndsWhenNoHeadsCoinCanMove) {
  // Twins turns exactly two coins, so a heads coin 0 has no move (g(0) = 0): the player to move has lost.
  const play_session twins(game_handle(games::find_game("twins")), parse_box_position("HT"), player::person);
  EXPECT_TRUE(twins.over());
  EXPECT_EQ(twins.winner(), player::engine);
  const play_session empty(game_handle(games::find_game("mock-turtles")), parse_box_position("TTT"), player::engine);
  EXPECT_TRUE(empty.over());
  EXPECT_EQ(empty.winner(), player::person);
  // Turning Corners: coins in row 0 or column 0 cannot move.
  const play_session corners(games::resolve_game("twins*twins"), parse_box_position("HH/HT"));
  EXPECT_TRUE(corners.over());
}

// ----- Boxes: products of three games

/// Ruler × ruler × ruler on a 2×2×2 box, cell (a, b, c) = bit 4a + 2b + c: the masks of run × run × run from each
/// heads cell, by the definition.
std::vector<std::uint32_t> ruler_cube_moves(std::uint32_t heads) {
  std::vector<std::uint32_t> moves;
  for (unsigned cell = 0; cell < 8; ++cell) {
    if (!(heads >> cell & 1)) continue;
    for (const std::uint32_t ra : ruler_runs(cell >> 2 & 1)) {
      for (const std::uint32_t rb : ruler_runs(cell >> 1 & 1)) {
        for (const std::uint32_t rc : ruler_runs(cell & 1)) {
          std::uint32_t m = 0;
          for (unsigned other = 0; other < 8; ++other) {
            if ((ra >> (other >> 2 & 1) & 1) && (rb >> (other >> 1 & 1) & 1) && (rc >> (other & 1) & 1)) {
              m |= 1u << other;
            }
          }
          moves.push_back(m);
        }
      }
    }
  }
  return moves;
}

std::string cube_heads(std::uint32_t heads) {
  std::string s;
  for (unsigned cell = 0; cell < 8; ++cell) {
    if (!(heads >> cell & 1)) continue;
    s += std::string(s.empty() ? "" : ",") + std::to_string(cell >> 2 & 1) + ":" + std::to_string(cell >> 1 & 1) + ":" +
         std::to_string(cell & 1);
  }
  return s;
}

TEST(PlaySessionTest, BoxLegalityAndPlayMatchTheDefinition) {
  const game_handle cube = games::resolve_game("ruler*ruler*ruler");
  const std::vector<std::size_t> extents = {2, 2, 2};
  std::map<std::uint32_t, bool> memo;
  std::mt19937 person(29);
  int games_played = 0;
  for (std::uint32_t heads = 1; heads < 256; ++heads) {
    play_session s(cube, sparse_box_position(extents, cube_heads(heads)), player::engine, heads);
    ASSERT_EQ(position_mask(s), heads);
    // Every move S_a × S_b × S_c (each a non-empty subset of {0, 1}) is legal exactly when the definition lists it.
    const std::vector<std::uint32_t> legal = ruler_cube_moves(heads);
    const std::vector<std::vector<coin>> subsets = {{0}, {1}, {0, 1}};
    for (const auto& a : subsets) {
      for (const auto& b : subsets) {
        for (const auto& c : subsets) {
          const play_move move{{a, b, c}};
          std::uint32_t m = 0;
          for (const coin x : a) {
            for (const coin y : b) {
              for (const coin z : c) m |= 1u << (4 * x + 2 * y + z);
            }
          }
          const bool is_legal = std::find(legal.begin(), legal.end(), m) != legal.end();
          EXPECT_EQ(s.illegal_reason(move).empty(), is_legal) << cube_heads(heads) << move_text(move);
        }
      }
    }
    // From an N-position (by brute force) the engine wins against random play.
    if (!wins(heads, ruler_cube_moves, memo)) continue;
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
        ASSERT_FALSE(wins(position_mask(s), ruler_cube_moves, memo)) << cube_heads(heads);
      } else {
        const std::vector<std::uint32_t> options = ruler_cube_moves(position_mask(s));
        const std::uint32_t m = options[person() % options.size()];
        play_move move{{{}, {}, {}}};
        for (unsigned axis = 0; axis < 3; ++axis) {
          for (coin x = 0; x < 2; ++x) {
            for (unsigned cell = 0; cell < 8; ++cell) {
              if ((m >> cell & 1) && (cell >> (2 - axis) & 1) == x) {
                move.axes[axis].push_back(x);
                break;
              }
            }
          }
        }
        s.play(move);
      }
    }
    EXPECT_EQ(s.winner(), player::engine) << cube_heads(heads);
    ++games_played;
  }
  EXPECT_GT(games_played, 100);
}

TEST(PlaySessionTest, BoxReasonsNameTheAxis) {
  const play_session s(games::resolve_game("ruler*ruler*ruler"),
                       sparse_box_position(std::vector<std::size_t>{2, 2, 3}, "1:1:1"));
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {1}, {5}}}),
            "coordinate 5 along axis 2 is outside the box (coordinates 0..2)");
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {1}, {2}}}),
            "coin (1, 1, 2), where the last coordinates meet, is tails; a move turns a heads coin to tails");
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {1}}}),
            "a move in ruler*ruler*ruler turns a set of coordinates along each of its 3 axes");
  EXPECT_EQ(s.illegal_reason(play_move{{{1}, {1}, {1}}}), "");
}

// ----- Random positions

/// Twins by its definition: a move turns exactly two coins, the heads coin n and one coin below it.
bool twins_has_move(std::uint32_t heads) { return (heads & ~1u) != 0; }

/// Chi-square statistic of `counts` against equal expectations.
double chi_square(const std::map<std::uint32_t, int>& counts, std::size_t categories, int draws) {
  const double expected = static_cast<double>(draws) / static_cast<double>(categories);
  double x2 = 0;
  for (const auto& [key, n] : counts) x2 += (n - expected) * (n - expected) / expected;
  // Categories never drawn add their whole expectation.
  x2 += static_cast<double>(categories - counts.size()) * expected;
  return x2;
}

TEST(RandomPositionTest, UniformOverThePositionsThatHaveAMove) {
  // Twins on 3 coins: coin 0 cannot move (Winning Ways' Twins turns exactly two coins), so of the 8 positions TTT and
  // HTT have no move and the other 6 are equally likely. Mock Turtles on 3 coins: every coin moves, 7 positions.
  // The chi-square bounds are the 99.99% quantiles for 5 and 6 degrees of freedom (25.7 and 27.9).
  struct family {
    const char* name;
    std::size_t with_move;
    double bound;
  };
  for (const family& f : {family{"twins", 6, 25.7}, family{"mock-turtles", 7, 27.9}}) {
    const game_handle game(games::find_game(f.name));
    std::mt19937_64 rng(2718);
    std::map<std::uint32_t, int> counts;
    constexpr int draws = 6000;
    for (int i = 0; i < draws; ++i) {
      const box_position p = random_position(game, box_extents{3}, rng);
      std::uint32_t mask = 0;
      for (std::size_t h = 0; h < p.head_count(); ++h) mask |= 1u << p.head(h)[0];
      ASSERT_NE(mask, 0u) << f.name;
      if (std::string(f.name) == "twins") {
        ASSERT_TRUE(twins_has_move(mask)) << row_text(mask, 3);
      }
      ++counts[mask];
    }
    EXPECT_EQ(counts.size(), f.with_move) << f.name;
    EXPECT_LT(chi_square(counts, f.with_move, draws), f.bound) << f.name;
  }
}

TEST(RandomPositionTest, BoardsKeepOnlyPositionsWhereACornerCanMove) {
  // Turning Corners (twins × twins) on 2x3: only the cells (1, 1) and (1, 2) can move, so the positions with a move
  // are the 48 of 64 with one of those heads, each as likely.
  const game_handle corners = games::resolve_game("twins*twins");
  std::mt19937_64 rng(31);
  std::map<std::uint32_t, int> counts;
  constexpr int draws = 9600;
  for (int i = 0; i < draws; ++i) {
    const box_position p = random_position(corners, box_extents{2, 3}, rng);
    const std::uint32_t mask = [&] {
      std::uint32_t m = 0;
      for (std::size_t h = 0; h < p.head_count(); ++h) m |= 1u << (p.head(h)[0] * 3 + p.head(h)[1]);
      return m;
    }();
    ASSERT_NE(mask & (1u << 4 | 1u << 5), 0u) << board_text(mask, 2, 3);
    ++counts[mask];
  }
  EXPECT_EQ(counts.size(), 48u);
  EXPECT_LT(chi_square(counts, 48, draws), 95.0);  // 99.99% quantile of chi-square with 47 degrees of freedom: 89.6
}

TEST(RandomPositionTest, EveryCoinOfALongRowIsHeadsHalfTheTime) {
  // 130 coins span three generator outputs: each coin's frequency over 4000 draws is 1/2 within 5 standard
  // deviations (sd = sqrt(4000 / 4) = 31.6), whatever its place in its 64-bit output.
  const game_handle ruler(games::find_game("ruler"));
  std::mt19937_64 rng(99);
  std::vector<int> heads(130, 0);
  for (int i = 0; i < 4000; ++i) {
    const box_position p = random_position(ruler, box_extents{130}, rng);
    for (std::size_t h = 0; h < p.head_count(); ++h) ++heads[p.head(h)[0]];
  }
  for (std::size_t c = 0; c < heads.size(); ++c) EXPECT_NEAR(heads[c], 2000, 158) << "coin " << c;
}

TEST(RandomPositionTest, ASeedGivesTheSamePositionAndBoxesWork) {
  const game_handle cube = games::resolve_game("ruler*mock-turtles*twins");
  const box_position a = random_position(cube, box_extents{3, 4, 5}, 12345);
  EXPECT_EQ(a, random_position(cube, box_extents{3, 4, 5}, 12345));
  EXPECT_EQ(a.extents(), (box_extents{3, 4, 5}));
  bool differs = false;
  for (std::uint64_t seed = 0; seed < 5 && !differs; ++seed) {
    differs = random_position(cube, box_extents{3, 4, 5}, seed) != a;
  }
  EXPECT_TRUE(differs);
  // The heads are in row-major order without repeats (box_position's invariant), each inside the box.
  for (std::size_t h = 1; h < a.head_count(); ++h) {
    EXPECT_TRUE(
        std::lexicographical_compare(a.head(h - 1).begin(), a.head(h - 1).end(), a.head(h).begin(), a.head(h).end()));
  }
  // A session starts from it.
  const play_session s(cube, a, player::person, 1);
  EXPECT_EQ(s.start(), a);
}

TEST(RandomPositionTest, RefusesBoxesWithoutAMoveAndWrongSizes) {
  const game_handle twins(games::find_game("twins"));
  try {
    random_position(twins, box_extents{1}, 1);
    FAIL() << "a 1-coin row of twins has no move";
  } catch (const domain_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("no coin of a box of 1 can move in twins"));
  }
  EXPECT_THROW(random_position(twins, box_extents{3, 3}, 1), parse_error);
  EXPECT_THROW(random_position(games::resolve_game("ruler*ruler"), box_extents{3}, 1), parse_error);
  EXPECT_THROW(random_position(twins, box_extents{0}, 1), parse_error);
  try {
    random_position(games::resolve_game("ruler*ruler"), box_extents{100, 100}, 1, 1000);
    FAIL() << "10000 coins are over a limit of 1000";
  } catch (const limit_error& e) {
    EXPECT_EQ(e.unit(), limit_unit::cells);
    EXPECT_EQ(e.estimate(), 10000);
    EXPECT_THAT(e.what(), HasSubstr("has 10000 coins, over the limit of 1000"));
  }
}

// ----- Review

/// Grundy values of Mock Turtles positions on `coins` coins by the definition: the mex over the moves.
unsigned brute_grundy(std::uint32_t heads, unsigned coins, std::map<std::uint32_t, unsigned>& memo) {
  if (const auto it = memo.find(heads); it != memo.end()) return it->second;
  std::vector<bool> seen(64, false);
  for (const std::uint32_t m : mock_turtle_moves(heads, coins)) {
    const unsigned g = brute_grundy(heads ^ m, coins, memo);
    if (g < seen.size()) seen[g] = true;
  }
  unsigned mex = 0;
  while (seen[mex]) ++mex;
  return memo[heads] = mex;
}

TEST(PlaySessionTest, ReviewGivesEachMovesValuesAndABetterMoveForMistakes) {
  constexpr unsigned coins = 7;
  std::map<std::uint32_t, unsigned> grundy;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return mock_turtle_moves(p, coins); };
  std::mt19937 person(41);
  int mistakes = 0, winning = 0;
  for (std::uint32_t start = 1; start < (1u << coins); start += 5) {
    play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position(row_text(start, coins)),
                   player::person, start);
    std::vector<std::uint32_t> positions{start};
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
      } else {
        const std::vector<std::uint32_t> legal = moves(position_mask(s));
        s.play(row_move_of(legal[person() % legal.size()]));
      }
      positions.push_back(position_mask(s));
    }
    const std::vector<move_review> review = s.review();
    ASSERT_EQ(review.size(), s.history().size());
    for (std::size_t i = 0; i < review.size(); ++i) {
      const move_review& r = review[i];
      EXPECT_EQ(r.played, s.history()[i]);
      EXPECT_EQ(r.before, brute_grundy(positions[i], coins, grundy)) << row_text(positions[i], coins);
      EXPECT_EQ(r.after, brute_grundy(positions[i + 1], coins, grundy)) << row_text(positions[i + 1], coins);
      // By game search: a winning move leaves a lost position; a mistake was made from a won one.
      EXPECT_EQ(r.winning(), wins(positions[i], moves, memo) && !wins(positions[i + 1], moves, memo));
      EXPECT_EQ(r.mistake(), wins(positions[i], moves, memo) && wins(positions[i + 1], moves, memo));
      EXPECT_EQ(r.better.has_value(), r.mistake());
      if (r.better) {
        const std::vector<std::uint32_t> legal = moves(positions[i]);
        const std::uint32_t m = move_mask(*r.better, 0);
        EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << move_text(*r.better);
        EXPECT_FALSE(wins(positions[i] ^ m, moves, memo)) << move_text(*r.better);
      }
      mistakes += r.mistake();
      winning += r.winning();
    }
  }
  EXPECT_GT(mistakes, 5);
  EXPECT_GT(winning, 5);
}

TEST(PlaySessionTest, CurrentGivesEveryLegalMoveOfThePosition) {
  // The options of the current analysis are exactly the legal moves of Rugs by its definition.
  const game_handle rugs = games::resolve_game("ruler*ruler");
  std::mt19937 rng(8);
  for (int trial = 0; trial < 20; ++trial) {
    const std::uint32_t heads = rng() & 0x1ff;
    const play_session s(rugs, parse_box_position(board_text(heads, 3, 3)));
    std::vector<std::uint32_t> listed;
    for (const option& o : s.current().options(1000)) listed.push_back(move_mask(o.turned, 3));
    std::vector<std::uint32_t> legal = rugs_moves(heads, 3, 3);
    std::sort(listed.begin(), listed.end());
    std::sort(legal.begin(), legal.end());
    EXPECT_EQ(listed, legal) << board_text(heads, 3, 3);
  }
}

TEST(PlaySessionTest, RefusesAPositionWithAnotherNumberOfAxes) {
  EXPECT_THROW(play_session(games::resolve_game("ruler*ruler*ruler"), parse_box_position("HT/TH")), parse_error);
  EXPECT_THROW(play_session(games::resolve_game("ruler"), parse_box_position("HT/TH")), parse_error);
}

// ----- Misère play: the last player to move loses

/// Win (N) or loss (P) for the player to move in misère play, by exhaustive search: a position without a move is
/// won, else one with a move to a lost position.
template <class Moves>
bool wins_misere(std::uint32_t position, const Moves& moves, std::map<std::uint32_t, bool>& memo) {
  const auto it = memo.find(position);
  if (it != memo.end()) return it->second;
  const std::vector<std::uint32_t> options = moves(position);
  bool win = options.empty();
  for (const std::uint32_t m : options) {
    if (!wins_misere(position ^ m, moves, memo)) {
      win = true;
      break;
    }
  }
  memo[position] = win;
  return win;
}

TEST(PlaySessionTest, EngineWinsMisereRowGamesFromEveryNPositionAgainstRandomPlay) {
  constexpr unsigned coins = 7;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return mock_turtle_moves(p, coins); };
  std::mt19937 person(27);
  int games_played = 0;
  for (std::uint32_t start = 1; start < (1u << coins); ++start) {
    if (!wins_misere(start, moves, memo) || moves(start).empty()) continue;
    play_session s(game_handle(games::find_game("mock-turtles")), parse_box_position(row_text(start, coins)),
                   player::engine, start, {}, play_convention::misere);
    ASSERT_EQ(s.outcome(), 'N');
    while (!s.over()) {
      ASSERT_EQ(s.outcome(), wins_misere(position_mask(s), moves, memo) ? 'N' : 'P');
      if (s.to_move() == player::engine) {
        s.engine_move();
        ASSERT_FALSE(wins_misere(position_mask(s), moves, memo)) << row_text(start, coins);
      } else {
        const std::vector<std::uint32_t> legal = moves(position_mask(s));
        s.play(row_move_of(legal[person() % legal.size()]));
      }
    }
    // The person made the last move (leaving no heads coin), so the person lost.
    EXPECT_EQ(s.winner(), player::engine) << row_text(start, coins);
    EXPECT_EQ(s.to_move(), player::engine);
    ++games_played;
  }
  EXPECT_GT(games_played, 60);
}

TEST(PlaySessionTest, EngineWinsMisereRugsAgainstRandomPlayAndTheReviewSpeaksOfOutcomes) {
  constexpr unsigned rows = 3, cols = 3;
  std::map<std::uint32_t, bool> memo;
  auto moves = [](std::uint32_t p) { return rugs_moves(p, rows, cols); };
  std::mt19937 person(28);
  int mistakes = 0, winning = 0;
  for (std::uint32_t start = 1; start < (1u << (rows * cols)); start += 7) {
    if (!wins_misere(start, moves, memo)) continue;
    play_session s(games::resolve_game("ruler*ruler"), parse_box_position(board_text(start, rows, cols)),
                   player::person, start, {}, play_convention::misere);
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
      } else {
        const std::vector<std::uint32_t> legal = moves(position_mask(s));
        s.play(board_move_of(legal[person() % legal.size()], rows, cols));
      }
    }
    // Replayed by the definition: each move's outcomes, and a better move that leaves a P-position.
    std::uint32_t p = start;
    for (const move_review& r : s.review()) {
      const std::uint32_t q = p ^ move_mask(r.played.move, cols);
      EXPECT_EQ(r.before_outcome(), wins_misere(p, moves, memo) ? 'N' : 'P');
      EXPECT_EQ(r.after_outcome(), wins_misere(q, moves, memo) ? 'N' : 'P');
      if (r.mistake()) {
        ++mistakes;
        ASSERT_TRUE(r.better.has_value());
        EXPECT_FALSE(wins_misere(p ^ move_mask(*r.better, cols), moves, memo));
      }
      if (r.winning()) ++winning;
      p = q;
    }
  }
  EXPECT_GT(mistakes, 5);
  EXPECT_GT(winning, 5);
}

TEST(PlaySessionTest, TheMisereWinnerIsThePlayerLeftWithoutAMove) {
  // Turning Turtles, one coin: the person takes it and loses.
  play_session s(games::resolve_game("turning-turtles"), parse_box_position("H"), player::person, 1, {},
                 play_convention::misere);
  EXPECT_EQ(s.outcome(), 'P');
  EXPECT_FALSE(s.hint().has_value());
  s.play(move{{{0}}});
  ASSERT_TRUE(s.over());
  EXPECT_EQ(s.winner(), player::engine);
  // The same in normal play: the person wins.
  play_session normal(games::resolve_game("turning-turtles"), parse_box_position("H"));
  normal.play(move{{{0}}});
  EXPECT_EQ(normal.winner(), player::person);
}

TEST(PlaySessionTest, AMisereStartBeyondTheSolverIsRefusedBeforeTheGame) {
  EXPECT_THROW(
      play_session(games::resolve_game("mock-turtles"), sparse_box_position(std::vector<std::size_t>{100}, "99"),
                   player::person, 0, {}, play_convention::misere),
      limit_error);
}

}  // namespace
}  // namespace tartan
