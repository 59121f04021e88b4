// Tartan products with take-and-break factors (kayles*kayles, 0.07*ruler, grundys-game*S{1,3,4}, three factors,
// hexadecimal codes and d_0 splits), checked against oracles computed here: each factor's values by the heap game's
// definition (every way of taking and splitting, tests/support/heap_definition.hpp); the product's cell values by mex
// over the product moves S×T of the factors' coin forms, and every position of small boxes by mex over the game
// graph (tests/support/product_definition.hpp), neither using the Tartan theorem or the engine's product code; the
// winning moves of random positions against that game graph (each listed move made, no winning move missed); counts
// by enumeration on small boxes, and on a 3000 × 10^6 board by the bilinear identity (kayles_board_count.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/heap_definition.hpp"
#include "support/kayles_board_count.hpp"
#include "support/naive.hpp"
#include "support/product_definition.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan {
namespace {

using test::board_game;
using test::coin_move_lists;
using test::heap_code;
using test::product_definition;

/// A factor as the test knows it: the text tartan reads and its moves written from the definition.
struct factor {
  std::string text;
  std::function<coin_move_lists(coin)> moves;  // the coin form's moves from coins 0..count-1
};

factor code_factor(const std::string& text, const heap_code& code) {
  return {text, [code](coin count) { return test::heap_code_moves(code, count); }};
}
factor code_factor(const heap_code& code) { return code_factor(code.text(), code); }

factor ruler() {
  return {"ruler", [](coin count) { return test::rule_moves(test::ruler_rule{}, count); }};
}

factor mock_turtles() {
  return {"mock-turtles", [](coin count) { return test::rule_moves(test::k_coins{1, 3}, count); }};
}

const heap_code kayles = heap_code::of("0.77");
const heap_code dawsons_kayles = heap_code::of("0.07");
const heap_code grundys_game = heap_code::of("4!.0");
const heap_code officers = heap_code::of("0.6");

std::string name_of(const std::vector<factor>& factors) {
  std::string name;
  for (const factor& f : factors) name += (name.empty() ? "" : "*") + f.text;
  return name;
}

product_definition definition_of(const std::vector<factor>& factors, const box_extents& extents) {
  std::vector<coin_move_lists> moves;
  for (std::size_t i = 0; i < factors.size(); ++i) moves.push_back(factors[i].moves(static_cast<coin>(extents[i])));
  return product_definition(std::move(moves), extents);
}

/// The 1-D values of a game from its coin moves: g(n) = mex of XOR g over the other coins of each move.
std::vector<grundy_value> coin_values(const coin_move_lists& moves) {
  std::vector<grundy_value> g;
  for (coin n = 0; n < moves.size(); ++n) {
    std::set<grundy_value> options;
    for (const auto& m : moves[n]) {
      grundy_value x = 0;
      for (const coin c : m) x ^= c == n ? 0 : g[c];
      options.insert(x);
    }
    g.push_back(test::naive_mex(options));
  }
  return g;
}

/// A product the issue names, or one more, with a box small enough for its game graph whose coins beyond 0 have
/// moves along every axis (coin 0 never has one in a take-and-break game).
struct named_product {
  std::vector<factor> factors;
  box_extents graph_box;
};

/// Two and three factors: octal, hexadecimal, d_0 and '!' codes, subtraction sets, take-and-break codes with
/// coin-turning games.
std::vector<named_product> named_products() {
  const heap_code s134 = heap_code::subtraction({1, 3, 4});
  return {
      {{code_factor("kayles", kayles), code_factor("kayles", kayles)}, {4, 4}},
      {{code_factor("0.07", dawsons_kayles), ruler()}, {4, 4}},
      {{code_factor("grundys-game", grundys_game), code_factor("S{1,3,4}", s134)}, {4, 4}},
      {{code_factor("S{1,3,4}", s134), code_factor("0.07", dawsons_kayles)}, {4, 4}},
      {{code_factor("4.07", heap_code::of("4.07")), code_factor("0.F", heap_code::of("0.F"))}, {4, 4}},
      {{mock_turtles(), code_factor(".6", officers)}, {4, 4}},
      {{code_factor("8!.3B", heap_code::of("8!.3B")), code_factor("dawsons-kayles", dawsons_kayles)}, {4, 4}},
      {{code_factor("kayles", kayles), code_factor("0.07", dawsons_kayles), ruler()}, {2, 3, 3}},
      {{code_factor("0.F", heap_code::of("0.F")), code_factor("4.07", heap_code::of("4.07")),
        code_factor("S{1,2}", heap_code::subtraction({1, 2}))},
       {3, 3, 2}},
      {{code_factor("4!.0", grundys_game), code_factor("0.F", heap_code::of("0.F")), code_factor("0.6", officers)},
       {}},  // Grundy's game moves from coin 3 on: too large a box for the game graph
  };
}

std::vector<std::vector<factor>> named_factor_lists() {
  std::vector<std::vector<factor>> all;
  for (const named_product& p : named_products()) all.push_back(p.factors);
  return all;
}

/// Random octal and hexadecimal codes of 1-4 digits (d_0, zero digits and '!' sometimes), in pairs and triples.
std::vector<std::vector<factor>> random_products(unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::vector<std::vector<factor>> products;
  for (int i = 0; i < count; ++i) {
    std::vector<factor> p;
    const std::size_t k = i % 4 == 3 ? 3 : 2;
    for (std::size_t j = 0; j < k; ++j) p.push_back(code_factor(test::random_heap_code(rng, (i + j) % 2 == 1)));
    products.push_back(std::move(p));
  }
  return products;
}

box_extents extents_of(std::size_t k, std::size_t two, std::size_t three) {
  return box_extents(k, k == 2 ? two : three);
}

TEST(TakeBreakProductTest, FactorsAreTheHeapGamesByDefinition) {
  std::vector<std::vector<factor>> all = named_factor_lists();
  for (auto& p : random_products(2601, 24)) all.push_back(std::move(p));
  for (const auto& factors : all) {
    const game_handle game = games::resolve_game(name_of(factors));
    ASSERT_EQ(game.dimensions(), factors.size()) << name_of(factors);
    for (std::size_t i = 0; i < factors.size(); ++i) {
      SCOPED_TRACE(name_of(factors) + ", factor " + factors[i].text);
      const std::vector<grundy_value> expected = coin_values(factors[i].moves(60));
      EXPECT_EQ(game.factor(i).sequence(60), expected);
    }
  }
  // The coin form is the heap game: its values are the heap game's (heap_values, a mex over heap moves).
  std::mt19937 rng(2602);
  for (int i = 0; i < 40; ++i) {
    const heap_code code = test::random_heap_code(rng, i % 2 == 0);
    EXPECT_EQ(coin_values(test::heap_code_moves(code, 50)), test::heap_values(code, 50)) << code.text();
  }
}

TEST(TakeBreakProductTest, TablesAndVerificationAreTheProductByDefinition) {
  std::vector<std::vector<factor>> all = named_factor_lists();
  for (auto& p : random_products(2603, 24)) all.push_back(std::move(p));
  for (const auto& factors : all) {
    const box_extents extents = extents_of(factors.size(), 10, 5);
    SCOPED_TRACE(name_of(factors) + " on " + format_size(extents));
    const product_definition definition = definition_of(factors, extents);
    const tartan_game game(games::find_factors(name_of(factors)));
    EXPECT_EQ(game.table(extents), definition.values()) << "the table by the Tartan theorem";
    verify_options options;
    options.threads = 2;
    const direct_table direct = direct_product_values(game, extents, options);
    EXPECT_TRUE(direct.complete);
    EXPECT_EQ(direct.values, definition.values()) << "verify's direct mex";
    const verify_report report = verify_product(game, extents, options);
    EXPECT_EQ(report.mismatches, 0U);
    EXPECT_EQ(report.checked, cell_count(extents));
  }
}

/// Random positions of small boxes: value, winning moves, their count and the options against the game graph.
void check_positions(const std::vector<factor>& factors, const box_extents& extents, int samples, std::mt19937& rng) {
  const std::string name = name_of(factors);
  SCOPED_TRACE(name + " on " + format_size(extents));
  const product_definition definition = definition_of(factors, extents);
  const board_game board(definition);
  for (std::size_t i = 0; i < definition.cells(); ++i) {
    ASSERT_EQ(board.value(std::uint32_t{1} << i), definition.values()[i]) << "the oracles disagree at cell " << i;
  }
  const game_handle game = games::resolve_game(name);
  const std::uint32_t positions = std::uint32_t{1} << definition.cells();
  for (int s = 0; s < samples; ++s) {
    const std::uint32_t mask = static_cast<std::uint32_t>(rng() % positions);
    SCOPED_TRACE("heads mask " + std::to_string(mask));
    const analysis a = analyze(game, board.position(mask));
    EXPECT_EQ(a.value(), board.value(mask));
    std::vector<move> listed = a.winning_moves(SIZE_MAX);
    for (const move& m : listed) {
      ASSERT_TRUE(board.is_move(mask, m)) << "a listed move that is not a move of the position";
      EXPECT_EQ(board.value(board.after(mask, m)), 0U) << "a listed move that does not reach a P-position";
    }
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, board.winning_moves(mask)) << "every move to value 0, each once";
    EXPECT_EQ(a.count_winning_moves(), board.winning_moves(mask).size());
    EXPECT_EQ(count_winning_moves(game, box_region(board.position(mask))).winning_moves,
              uint128{board.winning_moves(mask).size()});
    std::vector<std::pair<move, grundy_value>> options;
    a.for_each_option([&](const move& m, grundy_value v) {
      options.push_back({m, v});
      return true;
    });
    std::vector<std::pair<move, grundy_value>> expected = board.options(mask);
    std::sort(options.begin(), options.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(options, expected) << "every option with the value it leads to";
  }
}

TEST(TakeBreakProductTest, PositionsMatchTheGameGraph) {
  std::mt19937 rng(2604);
  for (const named_product& p : named_products()) {
    if (!p.graph_box.empty()) check_positions(p.factors, p.graph_box, 30, rng);
  }
}

TEST(TakeBreakProductTest, RandomCodesPositionsMatchTheGameGraph) {
  std::mt19937 rng(2605);
  for (const auto& factors : random_products(2606, 24)) {
    check_positions(factors, factors.size() == 2 ? box_extents{4, 4} : box_extents{3, 3, 2}, 12, rng);
  }
}

TEST(TakeBreakProductTest, CompactPositionsCountAsEnumerated) {
  // Boxes of heads, overlapping ones cancelling, on boards too large for the game graph but small enough to list
  // every product move: the count is the number of moves whose cells' values XOR to the position's value.
  std::mt19937 rng(2607);
  for (const auto& factors : named_factor_lists()) {
    const box_extents extents = extents_of(factors.size(), 14, 6);
    SCOPED_TRACE(name_of(factors) + " on " + format_size(extents));
    const product_definition definition = definition_of(factors, extents);
    const game_handle game = games::resolve_game(name_of(factors));
    for (int s = 0; s < 6; ++s) {
      std::vector<coin_box> boxes(1 + rng() % 4);
      for (coin_box& b : boxes) {
        for (const std::size_t n : extents) {
          coin lo = static_cast<coin>(rng() % n), hi = static_cast<coin>(rng() % n);
          if (lo > hi) std::swap(lo, hi);
          b.push_back({lo, hi});
        }
      }
      std::vector<bool> heads(definition.cells(), false);
      for (std::size_t i = 0; i < heads.size(); ++i) {
        const std::vector<coin> c = definition.cell(i);
        for (const coin_box& b : boxes) {
          bool in = true;
          for (std::size_t d = 0; d < c.size(); ++d) in = in && b[d].first <= c[d] && c[d] <= b[d].last;
          if (in) heads[i] = !heads[i];
        }
      }
      grundy_value value = 0;
      for (std::size_t i = 0; i < heads.size(); ++i) value ^= heads[i] ? definition.values()[i] : 0;
      std::uint64_t wins = 0;
      for (std::size_t i = 0; i < heads.size(); ++i) {
        if (!heads[i]) continue;
        definition.for_each_move(i, [&](const move&, const std::vector<std::size_t>& turned) {
          grundy_value x = 0;
          for (const std::size_t c : turned) x ^= definition.values()[c];
          wins += x == value;
        });
      }
      const move_count_result counted = count_winning_moves(game, box_region(extents, boxes));
      EXPECT_EQ(counted.value, value);
      EXPECT_EQ(counted.winning_moves, uint128{wins});
    }
  }
}

TEST(TakeBreakProductTest, MoveValueCountsAreEveryCoinMoveOnce) {
  // The frequency tables behind counting (take_break_code::count_move_values): for every coin of a range, one count
  // per coin form move, of the XOR of g over its coins, on seeded random codes against the definition's moves.
  std::mt19937 rng(2617);
  for (int i = 0; i < 60; ++i) {
    const heap_code c = test::random_heap_code(rng, i % 2 == 1);
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    const std::vector<grundy_value> g = test::heap_values(c, 40);
    const coin first = static_cast<coin>(rng() % 20), last = static_cast<coin>(first + rng() % 20);
    value_counts counted(~grundy_value{0});
    code.count_move_values(first, last, g, counted);
    std::map<grundy_value, std::uint64_t> expected;
    for (coin n = first; n <= last; ++n) {
      for (const std::vector<coin>& m : test::coin_moves(c, n)) {
        grundy_value x = 0;
        for (const coin h : m) x ^= g[h];
        ++expected[x];
      }
    }
    std::map<grundy_value, std::uint64_t> got;
    counted.for_each([&](grundy_value v, std::uint64_t n) { got[v] = n; });
    EXPECT_EQ(got, expected);
  }
}

TEST(TakeBreakProductTest, ALargeCompactBoardCountsByTheBilinearIdentity) {
  // kayles*S{1,3,4} on 3000 × 10^6, heads: rows 2992..2999 × every column, and rows 1500..1503 × columns 0..99 (two
  // disjoint boxes), counted by the identity of tests/support/kayles_board_count.hpp.
  constexpr coin rows = 3000, n = 1000000;
  const test::kayles_board_count identity(n);
  ASSERT_TRUE(identity.kayles_period_proven());
  const std::vector<std::pair<coin_range, coin_range>> boxes = {{{rows - 8, rows - 1}, {0, n - 1}},
                                                                {{1500, 1503}, {0, 99}}};
  const grundy_value value = identity.value(boxes);
  const uint128 expected = identity.moves_with_product(boxes, value);

  const game_handle game = games::resolve_game("kayles*S{1,3,4}");
  const box_region region(box_extents{rows, n}, {{{rows - 8, rows - 1}, {0, n - 1}}, {{1500, 1503}, {0, 99}}});
  const move_count_result counted = count_winning_moves(game, region);
  EXPECT_EQ(counted.value, value);
  EXPECT_NE(value, 0U);
  EXPECT_EQ(counted.heads, uint128{8} * n + 400);
  EXPECT_EQ(counted.winning_moves, expected);
  EXPECT_GT(expected, uint128{UINT32_MAX}) << "a count that needs more than 32 bits";
  // In a sum, a move of this term wins when it changes the term's value by the sum's: the same identity for every
  // change (u⊗w = change), shown here for a few.
  for (const grundy_value change : {1, 5, 8, 15}) {
    EXPECT_EQ(count_moves_changing_value(game, region, change).winning_moves,
              identity.moves_with_product(boxes, change))
        << "change " << change;
  }
}

}  // namespace
}  // namespace tartan
