// Tests for grid_position.hpp: parsing boards and sizes (with their messages), values, and the algebraic winning
// moves against brute force over all product moves, with values from the definition of the product game.
#include "tartan/product/grid_position.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/product/product_verify.hpp"

namespace tartan {

// Readable failure messages for positions and moves.
void PrintTo(const grid_position& p, std::ostream* os) {
  *os << format_size(p.extents) << " heads";
  for (const auto& cell : p.heads) {
    for (std::size_t i = 0; i < cell.size(); ++i) *os << (i == 0 ? " " : ":") << cell[i];
  }
}
void PrintTo(const grid_move& m, std::ostream* os) {
  for (const auto& axis : m.axes) {
    *os << "{";
    for (const coin c : axis) *os << " " << c;
    *os << " }";
  }
}

namespace {

using ::testing::HasSubstr;

tartan_game product(std::string_view name) { return tartan_game(games::find_factors(name)); }

std::string parse_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const parse_error& e) {
    return e.what();
  }
  return "(no parse_error)";
}

/// Moves of a game from coin c, each with c itself appended.
std::vector<std::vector<coin>> moves_of(const turning_game& game, coin c) {
  std::vector<std::vector<coin>> moves;
  game.for_each_move(c, [&](std::span<const coin> others) {
    moves.emplace_back(others.begin(), others.end());
    moves.back().push_back(c);
    return true;
  });
  return moves;
}

/// G over the box by the definition (mex over every tuple of moves of the XOR over the product set minus the
/// corner), written here without the engine's verification code.
std::vector<grundy_value> definition_table(const tartan_game& game, const box_extents& box) {
  const std::size_t dims = box.size();
  std::vector<std::size_t> stride(dims, 1);
  for (std::size_t i = dims - 1; i-- > 0;) stride[i] = stride[i + 1] * box[i + 1];
  std::vector<grundy_value> g(cell_count(box), 0);
  for (std::size_t index = 0; index < g.size(); ++index) {
    std::vector<coin> cell(dims);
    for (std::size_t i = 0, rest = index; i < dims; ++i) {
      cell[i] = static_cast<coin>(rest / stride[i]);
      rest %= stride[i];
    }
    // All product sets from this cell, built up factor by factor.
    std::vector<std::vector<std::size_t>> sets{{0}};
    for (std::size_t i = 0; i < dims; ++i) {
      std::vector<std::vector<std::size_t>> next;
      for (const auto& s : sets) {
        for (const auto& m : moves_of(game.factor(i), cell[i])) {
          std::vector<std::size_t> bigger;
          for (const std::size_t base : s) {
            for (const coin c : m) bigger.push_back(base + c * stride[i]);
          }
          next.push_back(std::move(bigger));
        }
      }
      sets = std::move(next);
    }
    std::set<grundy_value> options;
    for (const auto& s : sets) {
      grundy_value x = 0;
      for (const std::size_t at : s) {
        if (at != index) x ^= g[at];
      }
      options.insert(x);
    }
    grundy_value m = 0;
    while (options.count(m)) ++m;
    g[index] = m;
  }
  return g;
}

grundy_value value_by_table(const std::vector<grundy_value>& table, const grid_position& p) {
  grundy_value v = 0;
  for (const auto& cell : p.heads) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < cell.size(); ++i) index = index * p.extents[i] + cell[i];
    v ^= table[index];
  }
  return v;
}

grid_position random_position(const box_extents& box, std::mt19937& rng, double density) {
  std::vector<std::vector<coin>> heads;
  std::bernoulli_distribution heads_up(density);
  std::vector<coin> cell(box.size(), 0);
  for (;;) {
    if (heads_up(rng)) heads.push_back(cell);
    std::size_t d = box.size();
    while (d-- > 0) {
      if (++cell[d] < box[d]) break;
      cell[d] = 0;
    }
    if (d == static_cast<std::size_t>(-1)) break;
  }
  return sparse_grid(box, std::move(heads));
}

/// Every winning move of p by brute force: every heads coin, every tuple of factor moves, applied and valued with
/// the definition's table.
std::set<grid_move> brute_force_winning_moves(const tartan_game& game, const std::vector<grundy_value>& table,
                                              const grid_position& p) {
  std::set<grid_move> winning;
  for (const auto& cell : p.heads) {
    std::vector<grid_move> partial{grid_move{}};
    for (std::size_t i = 0; i < cell.size(); ++i) {
      std::vector<grid_move> next;
      for (const auto& base : partial) {
        for (const auto& m : moves_of(game.factor(i), cell[i])) {
          grid_move longer = base;
          longer.axes.push_back(m);
          next.push_back(std::move(longer));
        }
      }
      partial = std::move(next);
    }
    for (const auto& move : partial) {
      if (value_by_table(table, apply_move(p, move)) == 0) winning.insert(move);
    }
  }
  return winning;
}

TEST(GridPositionTest, ParsesRowsJoinedBySlash) {
  const grid_position p = parse_grid("HTT/THH");
  EXPECT_EQ(p.extents, (box_extents{2, 3}));
  EXPECT_EQ(p.heads, (std::vector<std::vector<coin>>{{0, 0}, {1, 1}, {1, 2}}));
  EXPECT_EQ(parse_grid("h0t/t1h"), p);
  EXPECT_EQ(parse_grid("HTT/THH\n"), p);
  EXPECT_EQ(format_grid(p), "HTT/THH");
  EXPECT_EQ(parse_grid("T").heads.size(), 0u);
}

TEST(GridPositionTest, RejectsBadBoardsNamingRowAndColumn) {
  EXPECT_EQ(parse_message([] { parse_grid("HTT/TH"); }),
            "position: row 1 has 2 coins but row 0 has 3; every row needs the same number of coins");
  EXPECT_EQ(parse_message([] { parse_grid("HTT/TXH"); }),
            "position: 'X' at row 1, column 1 (from 0) is not a coin; type H or T (or 1/0) for each coin");
  EXPECT_THAT(parse_message([] { parse_grid("HTT//THH"); }), HasSubstr("row 1 is empty"));
  EXPECT_THAT(parse_message([] { parse_grid("HT/"); }), HasSubstr("row 1 is empty"));
  EXPECT_THAT(parse_message([] { parse_grid(""); }), HasSubstr("position: empty"));
  // A non-ASCII character is shown whole, with its code point and, for a look-alike, what to type instead.
  EXPECT_THAT(parse_message([] { parse_grid("HT/T\xc3\x97"); }),
              HasSubstr("'\xc3\x97' (U+00D7, a multiplication sign, not ASCII) at row 1, column 1"));
}

TEST(GridPositionTest, ParsesBoardSizes) {
  EXPECT_EQ(parse_board_size("3x4"), (box_extents{3, 4}));
  EXPECT_EQ(parse_board_size("3X4"), (box_extents{3, 4}));
  EXPECT_EQ(parse_board_size(" 16x16x16 "), (box_extents{16, 16, 16}));
  EXPECT_EQ(parse_board_size("3\xc3\x97"
                             "4"),
            (box_extents{3, 4}));
  EXPECT_EQ(parse_message([] { parse_board_size("3x"); }),
            "size '3x': dimension 2 is missing; type the size as RxC, e.g. 3x4");
  EXPECT_THAT(parse_message([] { parse_board_size("x4"); }), HasSubstr("dimension 1 is missing"));
  EXPECT_THAT(parse_message([] { parse_board_size("12"); }), HasSubstr("at least two dimensions"));
  EXPECT_THAT(parse_message([] { parse_board_size(""); }), HasSubstr("size: empty"));
  EXPECT_EQ(parse_message([] { parse_board_size("0x4"); }),
            "size '0x4': dimension 1 is 0; every dimension needs at least one coin");
  EXPECT_THAT(parse_message([] { parse_board_size("3xa"); }), HasSubstr("dimension 2"));
  EXPECT_THAT(parse_message([] { parse_board_size("3x-4"); }), HasSubstr("negative"));
  EXPECT_THAT(parse_message([] { parse_board_size("5000000000x2"); }), HasSubstr("too large"));
}

TEST(GridPositionTest, SparseHeadsAreCheckedAgainstTheBoard) {
  const grid_position p = sparse_grid(box_extents{1000, 1000}, "17:2, 3:5");
  EXPECT_EQ(p.heads, (std::vector<std::vector<coin>>{{3, 5}, {17, 2}}));
  EXPECT_TRUE(sparse_grid(box_extents{4, 4}, "").heads.empty());
  EXPECT_EQ(parse_message([] {
              sparse_grid(box_extents{10, 10}, "3:5,17:2");
            }),
            "heads coin 17:2 is outside the board of size 10x10 (coordinate 1 must be below 10); list coins inside "
            "the board or give a larger size");
  EXPECT_THAT(parse_message([] { sparse_grid(box_extents{10, 10}, "3:5,3:5"); }), HasSubstr("listed twice"));
  EXPECT_THAT(parse_message([] {
                sparse_grid(box_extents{10, 10}, "3");
              }),
              HasSubstr("has 1 coordinate but the board 10x10 has 2 dimensions"));
  EXPECT_THAT(parse_message([] { sparse_grid(box_extents{10, 10}, "3:5,,1:1"); }), HasSubstr("item 2 is empty"));
  EXPECT_THAT(parse_message([] { sparse_grid(box_extents{10, 10}, "3:x"); }), HasSubstr("heads coin '3:x'"));
  EXPECT_EQ(sparse_grid(box_extents{2, 2, 2}, "1:1:1").heads, (std::vector<std::vector<coin>>{{1, 1, 1}}));
}

TEST(GridPositionTest, ValueIsXorOfTheTableOverHeads) {
  std::mt19937 rng(7);
  const tartan_game game = product("mock-turtles*ruler");
  const box_extents box{9, 11};
  const tartan_values v = game.values(box);
  const auto table = game.table(box);
  for (int trial = 0; trial < 20; ++trial) {
    const grid_position p = random_position(box, rng, 0.3);
    EXPECT_EQ(grid_value(v, p), value_by_table(table, p));
  }
}

TEST(GridPositionTest, RugsExample) {
  // Rugs, "HH/HT": G = 1, 2, 2 on the heads, value 1; the only winning move turns (0, 0) alone.
  const tartan_game rugs = product("ruler*ruler");
  const grid_position p = parse_grid("HH/HT");
  const tartan_values v = rugs.values(p.extents);
  EXPECT_EQ(grid_value(v, p), 1u);
  const auto moves = grid_winning_moves(rugs, v, p, 10);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].rows(), (std::vector<coin>{0}));
  EXPECT_EQ(moves[0].cols(), (std::vector<coin>{0}));
}

TEST(GridPositionTest, FinderAgreesWithBruteForceOnRandomBoards) {
  std::mt19937 rng(2024);
  for (const char* name :
       {"ruler*ruler", "mock-turtles*twins", "turtles*mock-turtles", "twins*twins", "motley*ruler", "ap*turtles"}) {
    const tartan_game game = product(name);
    const box_extents box{5, 6};
    const auto table = definition_table(game, box);
    const tartan_values v = game.values(box);
    for (int trial = 0; trial < 12; ++trial) {
      const grid_position p = random_position(box, rng, 0.35);
      const auto found = grid_winning_moves(game, v, p, SIZE_MAX);
      const std::set<grid_move> found_set(found.begin(), found.end());
      EXPECT_EQ(found_set.size(), found.size()) << name << ": a move reported twice";
      EXPECT_EQ(found_set, brute_force_winning_moves(game, table, p)) << name << " " << format_grid(p);
      for (const grid_move& m : found) {
        EXPECT_TRUE(is_legal_move(game, p, m)) << name;
        EXPECT_EQ(value_by_table(table, apply_move(p, m)), 0u) << name;
      }
      if (value_by_table(table, p) == 0)
        EXPECT_TRUE(found.empty()) << name;
      else
        EXPECT_FALSE(found.empty()) << name << ": an N-position has a winning move";
    }
  }
}

TEST(GridPositionTest, ThreeFactorWinningMovesAgreeWithBruteForce) {
  std::mt19937 rng(99);
  for (const char* name : {"turtles*ruler*twins", "mock-turtles*turtles*ruler"}) {
    const tartan_game game = product(name);
    const box_extents box{3, 4, 3};
    const auto table = definition_table(game, box);
    const tartan_values v = game.values(box);
    for (int trial = 0; trial < 8; ++trial) {
      const grid_position p = random_position(box, rng, 0.3);
      EXPECT_EQ(grid_value(v, p), value_by_table(table, p));
      const auto found = grid_winning_moves(game, v, p, SIZE_MAX);
      EXPECT_EQ(std::set<grid_move>(found.begin(), found.end()), brute_force_winning_moves(game, table, p)) << name;
    }
  }
}

TEST(GridPositionTest, PPositionsReportNoMove) {
  std::mt19937 rng(5);
  const tartan_game game = product("ruler*mock-turtles");
  const box_extents box{7, 7};
  const tartan_values v = game.values(box);
  int p_positions = 0;
  for (int trial = 0; trial < 30; ++trial) {
    grid_position p = random_position(box, rng, 0.3);
    const auto moves = grid_winning_moves(game, v, p, 1);
    if (moves.empty()) continue;
    const grid_position after = apply_move(p, moves[0]);  // a P-position
    EXPECT_EQ(grid_value(v, after), 0u);
    EXPECT_TRUE(grid_winning_moves(game, v, after, 10).empty());
    ++p_positions;
  }
  EXPECT_GT(p_positions, 20);
}

TEST(GridPositionTest, LimitIsRespected) {
  std::mt19937 rng(11);
  const tartan_game game = product("mock-turtles*mock-turtles");
  const box_extents box{8, 8};
  const tartan_values v = game.values(box);
  const grid_position p = random_position(box, rng, 0.5);
  const auto all = grid_winning_moves(game, v, p, SIZE_MAX);
  ASSERT_GT(all.size(), 3u);
  EXPECT_EQ(grid_winning_moves(game, v, p, 3).size(), 3u);
  EXPECT_TRUE(grid_winning_moves(game, v, p, 0).empty());
}

TEST(GridPositionTest, LargeSparseBoard) {
  // 1000×1000 Ruler × Mock Turtles with 10^4 random heads: moves found, legal, and leading to value 0.
  std::mt19937 rng(1000);
  const tartan_game game = product("ruler*mock-turtles");
  const box_extents box{1000, 1000};
  std::uniform_int_distribution<coin> coordinate(0, 999);
  std::set<std::vector<coin>> cells;
  while (cells.size() < 10000) cells.insert({coordinate(rng), coordinate(rng)});
  const grid_position p = sparse_grid(box, std::vector<std::vector<coin>>(cells.begin(), cells.end()));
  const tartan_values v = game.values(box);
  ASSERT_NE(grid_value(v, p), 0u);
  const auto moves = grid_winning_moves(game, v, p, 10);
  ASSERT_EQ(moves.size(), 10u);
  for (const grid_move& m : moves) {
    EXPECT_TRUE(is_legal_move(game, p, m));
    EXPECT_EQ(grid_value(v, apply_move(p, m)), 0u);
  }
}

TEST(GridPositionTest, IllegalMovesAreRecognised) {
  const tartan_game rugs = product("ruler*ruler");
  const grid_position p = parse_grid("THH/THH/HHT");
  EXPECT_TRUE(is_legal_move(rugs, p, grid_move{{{0, 1}, {1, 2}}}));   // heads (1, 2), runs {0,1} × {1,2}
  EXPECT_FALSE(is_legal_move(rugs, p, grid_move{{{0, 2}, {1, 2}}}));  // {0, 2} is not a Ruler move
  EXPECT_FALSE(is_legal_move(rugs, p, grid_move{{{2}, {2}}}));        // (2, 2) is tails
  EXPECT_FALSE(is_legal_move(rugs, p, grid_move{{{3}, {0}}}));        // outside the board
  EXPECT_FALSE(is_legal_move(rugs, p, grid_move{{{1}}}));             // one axis for two factors
  EXPECT_FALSE(is_legal_move(rugs, p, grid_move{{{1, 0}, {2}}}));     // not ascending
  EXPECT_EQ(format_grid(apply_move(p, grid_move{{{0, 1}, {1, 2}}})), "TTT/TTT/HHT");
}

}  // namespace
}  // namespace tartan
