// Tests for move_count.hpp: counting the winning moves of compact positions (box_region.hpp), against brute force.
//
// The reference: the factors' moves from tests/support/turning_code_reference.hpp (an enumerator written from the
// rule language's definition), the product game's value of each cell by mex over its moves (the definition, not the
// Tartan theorem), the heads as the parity of the listed boxes cell by cell, and a move counted as winning when the
// XOR of the cell values over the coins it turns equals the position's value (Sprague-Grundy on the sum of coins).
#include "tartan/analysis/move_count.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "support/box_oracle.hpp"
#include "support/naive.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {
namespace {

using test::cell_count;
using test::cell_of;
using test::heads_of;
using test::index_of;
using test::random_boxes;
using test::reference_code;

/// Every move of a factor from coin n, all coins turned, from the reference enumerator.
std::vector<std::vector<coin>> moves_from(const reference_code& code, coin n) {
  std::vector<std::vector<coin>> moves;
  code.for_each_move(n, [&](std::span<const coin> others) {
    std::vector<coin> m(others.begin(), others.end());
    m.push_back(n);
    moves.push_back(std::move(m));
    return true;
  });
  return moves;
}

/// The product game over a box by definition: per cell, the factor moves, and G by mex over the product moves.
struct brute_product {
  box_extents extents;
  std::vector<std::vector<std::vector<std::vector<coin>>>> moves;  // moves[axis][coin]
  std::vector<grundy_value> g;                                     // G per cell, row-major

  brute_product(const std::vector<reference_code>& factors, box_extents e) : extents(std::move(e)) {
    for (std::size_t d = 0; d < extents.size(); ++d) {
      moves.emplace_back();
      for (coin c = 0; c < extents[d]; ++c) moves[d].push_back(moves_from(factors[d], c));
    }
    g.assign(cell_count(extents), 0);
    for (std::size_t i = 0; i < g.size(); ++i) {  // row-major: every cell a move turns besides i comes earlier
      std::set<grundy_value> options;
      for_each_move(i, [&](grundy_value x, const move&) { options.insert(x ^ g[i]); });
      g[i] = test::naive_mex(options);
    }
  }

  /// visit(XOR of g over every cell of the move, the move) for each product move from cell i (S_1 × ... × S_k).
  template <class Visit>
  void for_each_move(std::size_t i, Visit&& visit) const {
    const std::vector<coin> cell = cell_of(extents, i);
    std::vector<const std::vector<coin>*> chosen(extents.size());
    const auto recurse = [&](auto&& self, std::size_t d) -> void {
      if (d == extents.size()) {
        grundy_value x = 0;
        std::vector<coin> at(extents.size());
        const auto cells = [&](auto&& inner, std::size_t e) -> void {
          if (e == extents.size()) {
            x ^= g[index_of(extents, at)];
            return;
          }
          for (const coin c : *chosen[e]) {
            at[e] = c;
            inner(inner, e + 1);
          }
        };
        cells(cells, 0);
        move m;
        for (const auto* axis : chosen) m.axes.push_back(*axis);
        visit(x, m);
        return;
      }
      for (const auto& m : moves[d][cell[d]]) {
        chosen[d] = &m;
        self(self, d + 1);
      }
    };
    recurse(recurse, 0);
  }
};

/// Counts winning moves of random compact positions of `codes` over boxes up to `largest` a side, against brute
/// force, and checks that the same position typed coin by coin gives the same answers.
void check_counts(const std::vector<std::string>& codes, const box_extents& largest, int samples, std::mt19937& rng) {
  std::vector<reference_code> factors;
  std::string name;
  for (const std::string& text : codes) {
    factors.push_back(reference_code::from(turning_code::parse(text)));
    name += (name.empty() ? "" : "*") + text;
  }
  const game_handle game = games::resolve_game(name);
  for (int s = 0; s < samples; ++s) {
    box_extents extents;
    for (const std::size_t n : largest) extents.push_back(1 + rng() % n);
    const brute_product brute(factors, extents);
    const std::vector<coin_box> boxes = random_boxes(extents, rng);
    const std::vector<bool> heads = heads_of(extents, boxes);
    grundy_value value = 0;
    std::uint64_t head_count = 0;
    for (std::size_t i = 0; i < heads.size(); ++i) {
      if (heads[i]) value ^= brute.g[i], ++head_count;
    }
    // The winning moves by definition, in the documented order: by moving cell, first the cells sure to have one
    // (V ⊕ G < G), then the others, each group in row-major order (cell index i); here sorted within a cell.
    std::vector<move> expected;
    const auto sure = [&](std::size_t i) { return (value ^ brute.g[i]) < brute.g[i]; };
    std::vector<std::size_t> moving_cells;
    for (std::size_t i = 0; i < heads.size(); ++i) {
      if (heads[i] && sure(i)) moving_cells.push_back(i);
    }
    for (std::size_t i = 0; i < heads.size(); ++i) {
      if (heads[i] && !sure(i)) moving_cells.push_back(i);
    }
    for (const std::size_t i : moving_cells) {
      std::vector<move> from_cell;
      brute.for_each_move(i, [&](grundy_value x, const move& m) {
        if (x == value) from_cell.push_back(m);
      });
      std::sort(from_cell.begin(), from_cell.end());
      expected.insert(expected.end(), from_cell.begin(), from_cell.end());
    }
    const std::uint64_t wins = expected.size();
    const box_region region(extents, boxes);
    SCOPED_TRACE(name + " on " + format_size(extents) + ", sample " + std::to_string(s));
    const move_count_result counted = count_winning_moves(game, region);
    EXPECT_EQ(counted.value, value);
    EXPECT_EQ(static_cast<std::uint64_t>(counted.heads), head_count);
    EXPECT_EQ(static_cast<std::uint64_t>(counted.winning_moves), wins);
    EXPECT_EQ(static_cast<std::uint64_t>(region.head_count()), head_count);

    // The same heads listed coin by coin: the same position, value and count; and the listed winning moves.
    const box_position coins = region.to_position();
    std::uint64_t listed_heads = 0;
    for (std::size_t h = 0; h < coins.head_count(); ++h) {
      EXPECT_TRUE(heads[index_of(extents, coins.head(h))]);
      ++listed_heads;
    }
    EXPECT_EQ(listed_heads, head_count);
    const move_count_result by_coins = count_winning_moves(game, box_region(coins));
    EXPECT_EQ(by_coins.value, value);
    EXPECT_EQ(static_cast<std::uint64_t>(by_coins.winning_moves), wins);
    const analysis a = analyze(game, coins);
    EXPECT_EQ(a.value(), value);
    EXPECT_EQ(a.count_winning_moves(), wins);
    // From one moving cell the moves come in the finder's order: sorted within each run of one moving cell, the list
    // must be `expected` (the cells in the documented order, each once).
    std::vector<move> listed = a.winning_moves(SIZE_MAX);
    const auto corner = [](const move& m) {
      std::vector<coin> c;
      for (const auto& axis : m.axes) c.push_back(axis.back());
      return c;
    };
    for (auto run = listed.begin(); run != listed.end();) {
      const auto end = std::find_if(run, listed.end(), [&](const move& m) { return corner(m) != corner(*run); });
      std::sort(run, end);
      run = end;
    }
    EXPECT_EQ(listed, expected) << "the listed winning moves, in order";
  }
}

TEST(MoveCountTest, RowsMatchBruteForce) {
  std::mt19937 rng(20261124);
  for (const char* code : {"1-3", "1+C", "2", "[1,3,6]C", "1C,4C,9C", "[2,5]C,1-2", "1+E", "[1,2,4]"}) {
    check_counts({code}, {14}, 25, rng);
  }
}

TEST(MoveCountTest, BoardsUpTo6x6MatchBruteForce) {
  std::mt19937 rng(20261125);
  check_counts({"1+C", "1+C"}, {6, 6}, 12, rng);          // Rugs
  check_counts({"2", "2"}, {6, 6}, 12, rng);              // Turning Corners
  check_counts({"1-3", "1+C"}, {6, 6}, 12, rng);          // Mock Turtles × Ruler
  check_counts({"[1,3,6]C", "[1,4]C"}, {6, 6}, 12, rng);  // runs of triangular × square lengths
  check_counts({"1C,2C,5C", "1-2,3C"}, {6, 6}, 12, rng);  // runs joined with other alternatives
  check_counts({"1+E", "[1,2,4]C"}, {6, 6}, 12, rng);
}

TEST(MoveCountTest, BoxesUpTo4x4x4MatchBruteForce) {
  std::mt19937 rng(20261126);
  check_counts({"1-2", "[1,2]C", "1+C"}, {4, 4, 4}, 10, rng);
  check_counts({"1-3", "2", "[1,3]C"}, {4, 4, 4}, 10, rng);
}

// Gold Moidores (turn 1 to 9 coins) on rows of heads reaching coin 20 to 23: its finder's count costs more than
// 2^22 steps there, so the range is cut into chunks by their cost (move_count.cpp), counted on every core and summed.
// The brute force visits the 7 million or so moves from coins 0 to 23 once, keeping for each coin how many moves
// change the value by each XOR.
TEST(MoveCountTest, RangesCutByTheirCostMatchBruteForce) {
  const brute_product brute({reference_code::from(turning_code::parse("1-9"))}, {24});
  std::vector<std::unordered_map<grundy_value, std::uint64_t>> moves_by_change(brute.g.size());
  for (std::size_t i = 0; i < brute.g.size(); ++i) {
    brute.for_each_move(i, [&](grundy_value x, const move&) { ++moves_by_change[i][x]; });
  }
  const game_handle game = games::resolve_game("1-9");
  std::uint64_t all_wins = 0;
  for (coin first = 0; first < 4; ++first) {
    for (coin last = 20; last < 24; ++last) {
      grundy_value value = 0;
      for (coin c = first; c <= last; ++c) value ^= brute.g[c];
      std::uint64_t wins = 0;
      for (coin c = first; c <= last; ++c) {
        const auto it = moves_by_change[c].find(value);
        wins += it == moves_by_change[c].end() ? 0 : it->second;
      }
      const move_count_result counted = count_winning_moves(game, box_region({24}, {coin_box{{first, last}}}));
      EXPECT_EQ(counted.value, value) << first << "-" << last;
      EXPECT_EQ(static_cast<std::uint64_t>(counted.winning_moves), wins) << first << "-" << last;
      all_wins += wins;
    }
  }
  EXPECT_GT(all_wins, 100u);
}

TEST(MoveCountTest, RandomCodesMatchBruteForce) {
  test::reference_generator generator(77);
  std::mt19937 rng(20261127);
  for (int i = 0; i < 20; ++i) {
    const std::string a = generator.next().text, b = generator.next().text;
    check_counts({a}, {10}, 3, rng);
    check_counts({a, b}, {4, 4}, 2, rng);
  }
}

TEST(MoveCountTest, AllHeadsMatchesTheListedBox) {
  const game_handle rugs = games::resolve_game("ruler*ruler");
  const move_count_result whole = count_winning_moves(rugs, box_region::all_heads({5, 7}));
  const move_count_result listed = count_winning_moves(rugs, parse_box_region(box_extents{5, 7}, "0-4:0-6"));
  EXPECT_EQ(whole.value, listed.value);
  EXPECT_EQ(whole.winning_moves, listed.winning_moves);
  EXPECT_EQ(static_cast<std::uint64_t>(whole.heads), 35U);
}

TEST(MoveCountTest, ALargeBoardCountsWithoutVisitingItsCells) {
  // 10^6 × 10^6 heads of runs of lengths 1, 3, 6, 10 × 1, 4, 9, 16: 10^12 cells and about 10^13 moves, counted from
  // two tables of 4 × 10^6 moves each. The count is checked against the tables' definition: the moves of
  // each factor from every coin, their XORs by prefix XOR, counted here in plain maps.
  const game_handle game = games::resolve_game("[1,3,6,10]C*[1,4,9,16]C");
  constexpr std::size_t n = 1000000;
  const move_count_result counted = count_winning_moves(game, box_region::all_heads({n, n}));
  EXPECT_EQ(counted.heads, uint128{n} * n);
  std::vector<std::map<grundy_value, std::uint64_t>> tables;
  grundy_value value = 1;
  for (std::size_t axis = 0; axis < 2; ++axis) {
    const std::vector<grundy_value> g = game.factor(axis).sequence(n);
    std::vector<grundy_value> prefix(n + 1, 0);
    for (std::size_t j = 0; j < n; ++j) prefix[j + 1] = prefix[j] ^ g[j];
    value = nim_mul(value, prefix[n]);
    std::map<grundy_value, std::uint64_t> table;
    for (std::size_t t = 0; t < n; ++t) {
      for (const std::size_t l :
           axis == 0 ? std::vector<std::size_t>{1, 3, 6, 10} : std::vector<std::size_t>{1, 4, 9, 16}) {
        if (l <= t + 1) ++table[prefix[t + 1] ^ prefix[t + 1 - l]];
      }
    }
    tables.push_back(std::move(table));
  }
  EXPECT_EQ(counted.value, value);
  uint128 wins = 0;
  for (const auto& [u, c] : tables[0]) {
    for (const auto& [w, d] : tables[1]) {
      if (nim_mul(u, w) == value) wins += uint128{c} * d;
    }
  }
  EXPECT_EQ(counted.winning_moves, wins);
  EXPECT_GT(wins, uint128{UINT32_MAX}) << "a count that needs more than 32 bits";
}

}  // namespace
}  // namespace tartan
