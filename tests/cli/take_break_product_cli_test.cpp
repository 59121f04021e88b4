// Tartan products with take-and-break factors through the tartan command: table, verify, analyze on boards and boxes
// (value, winning moves, options, --count) for kayles*kayles, 0.07*ruler, grundys-game*S{1,3,4}, three factors,
// hexadecimal codes and d_0 splits. Checked against oracles computed here: the product's values by mex over the
// product moves of the factors' coin forms, and every position of small boxes by mex over the game graph
// (tests/support/product_definition.hpp, the factors' moves from tests/support/heap_definition.hpp); a large compact
// board's count by the bilinear identity (tests/support/kayles_board_count.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "support/heap_definition.hpp"
#include "support/kayles_board_count.hpp"
#include "support/naive.hpp"
#include "support/product_definition.hpp"
#include "support/run_cli.hpp"
#include "tartan/core/int128.hpp"

namespace tartan {
namespace {

using nlohmann::json;
using test::board_game;
using test::coin_move_lists;
using test::heap_code;
using test::product_definition;
using test::run_tartan;

/// A product as typed, and its factors' moves from the definition.
struct product {
  std::string name;
  std::vector<coin_move_lists (*)(coin)> factors;
};

coin_move_lists kayles(coin n) { return test::heap_code_moves(heap_code::of("0.77"), n); }
coin_move_lists dawsons_kayles(coin n) { return test::heap_code_moves(heap_code::of("0.07"), n); }
coin_move_lists grundys_game(coin n) { return test::heap_code_moves(heap_code::of("4!.0"), n); }
coin_move_lists subtraction_134(coin n) { return test::heap_code_moves(heap_code::subtraction({1, 3, 4}), n); }
coin_move_lists hexadecimal(coin n) { return test::heap_code_moves(heap_code::of("0.F"), n); }
coin_move_lists split_first(coin n) { return test::heap_code_moves(heap_code::of("4.07"), n); }
coin_move_lists ruler(coin n) { return test::rule_moves(test::ruler_rule{}, n); }

product_definition definition_of(const product& p, const box_extents& extents) {
  std::vector<coin_move_lists> moves;
  for (std::size_t i = 0; i < p.factors.size(); ++i) moves.push_back(p.factors[i](static_cast<coin>(extents[i])));
  return product_definition(std::move(moves), extents);
}

json json_of(const std::vector<std::string>& args) {
  std::vector<std::string> full = args;
  full.push_back("--json");
  const auto r = run_tartan(full);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

std::string size_text(const box_extents& extents) {
  std::string s;
  for (const std::size_t e : extents) s += (s.empty() ? "" : "x") + std::to_string(e);
  return s;
}

/// A move as the CLI's JSON writes it ({"rows", "cols"} or {"axes"}).
move move_of(const json& m) {
  move out;
  if (m.contains("axes")) {
    for (const json& axis : m["axes"]) out.axes.push_back(axis.get<std::vector<coin>>());
  } else {
    out.axes = {m["rows"].get<std::vector<coin>>(), m["cols"].get<std::vector<coin>>()};
  }
  return out;
}

TEST(TakeBreakProductCliTest, TablesAreTheProductByDefinition) {
  const std::vector<std::pair<product, box_extents>> cases = {
      {{"kayles*kayles", {kayles, kayles}}, {9, 9}},
      {{"kayles*0.07", {kayles, dawsons_kayles}}, {6, 8}},  // docs/tartan.md's table
      {{"0.07*ruler", {dawsons_kayles, ruler}}, {8, 11}},
      {{"grundys-game*S{1,3,4}", {grundys_game, subtraction_134}}, {12, 7}},
      {{"4.07*0.F", {split_first, hexadecimal}}, {7, 7}},
      {{"kayles*0.07*ruler", {kayles, dawsons_kayles, ruler}}, {4, 5, 6}},
  };
  for (const auto& [p, extents] : cases) {
    SCOPED_TRACE(p.name + " " + size_text(extents));
    const product_definition definition = definition_of(p, extents);
    const json table = json_of({"table", p.name, "--size", size_text(extents)});
    std::vector<grundy_value> flat;
    const auto flatten = [&](auto&& self, const json& j) -> void {
      if (j.is_array()) {
        for (const json& e : j) self(self, e);
      } else {
        flat.push_back(j.get<grundy_value>());
      }
    };
    flatten(flatten, table);
    EXPECT_EQ(flat, definition.values());
  }
  // The text form names the factors in its formula.
  const auto text = run_tartan({"table", "kayles*kayles", "--size", "3x3"});
  EXPECT_EQ(text.out.rfind("# G(a, b) = kayles(a) ⊗ kayles(b) on 3x3; row a, column b", 0), 0U) << text.out;
}

TEST(TakeBreakProductCliTest, VerifyComputesEveryCellByDirectMex) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"verify", "kayles*kayles", "--size", "24x24"},
        std::vector<std::string>{"verify", "grundys-game*S{1,3,4}", "--size", "20x20"},
        std::vector<std::string>{"verify", "kayles*0.07*ruler", "--size", "8x8x8"},
        std::vector<std::string>{"verify", "4.07*0.F*S{1,3,4}", "--size", "6x6x6"}}) {
    SCOPED_TRACE(args[1]);
    const json r = json_of(args);
    EXPECT_EQ(r["mismatches"], 0);
    EXPECT_EQ(r["complete"], true);
    std::uint64_t cells = 1;
    for (const json& e : r["size"]) cells *= e.get<std::uint64_t>();
    EXPECT_EQ(r["checked"], cells);
  }
  const auto text = run_tartan({"verify", "kayles*kayles", "--size", "8x8"});
  EXPECT_NE(text.out.find("compared with kayles(a) ⊗ kayles(b)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("ok: every cell agrees with the Tartan theorem"), std::string::npos) << text.out;
}

/// Random positions of a small box, drawn as rows (boards) or listed as heads (boxes): the value, every winning move
/// and every option against the game graph.
void check_positions(const product& p, const box_extents& extents, int samples, std::mt19937& rng) {
  SCOPED_TRACE(p.name + " " + size_text(extents));
  const product_definition definition = definition_of(p, extents);
  const board_game board(definition);
  for (int s = 0; s < samples; ++s) {
    const std::uint32_t mask = static_cast<std::uint32_t>(rng() % (std::uint32_t{1} << definition.cells()));
    std::vector<std::string> args = {"analyze", p.name};
    if (extents.size() == 2) {
      std::string rows;
      for (std::size_t i = 0; i < definition.cells(); ++i) {
        if (i != 0 && i % extents[1] == 0) rows += '/';
        rows += (mask >> i & 1) != 0 ? 'H' : 'T';
      }
      args.push_back(rows);
    } else {
      std::string heads;
      for (std::size_t i = 0; i < definition.cells(); ++i) {
        if ((mask >> i & 1) == 0) continue;
        const std::vector<coin> c = definition.cell(i);
        heads +=
            (heads.empty() ? "" : ",") + std::to_string(c[0]) + ":" + std::to_string(c[1]) + ":" + std::to_string(c[2]);
      }
      args.insert(args.end(), {"--size", size_text(extents), "--heads", heads});
    }
    SCOPED_TRACE(args.back());
    args.insert(args.end(), {"--limit", "100000", "--options", "100000"});
    const json r = json_of(args);
    EXPECT_EQ(r["value"].get<grundy_value>(), board.value(mask));
    EXPECT_EQ(r["outcome"], board.value(mask) != 0 ? "N" : "P");
    std::vector<move> winning;
    for (const json& m : r["winning_moves"]) {
      winning.push_back(move_of(m));
      ASSERT_TRUE(board.is_move(mask, winning.back())) << m.dump();
      EXPECT_EQ(board.value(board.after(mask, winning.back())), 0U) << m.dump();
    }
    std::sort(winning.begin(), winning.end());
    EXPECT_EQ(winning, board.winning_moves(mask)) << "every move to value 0, each once";
    std::vector<std::pair<move, grundy_value>> options, expected = board.options(mask);
    for (const json& o : r["options"]) options.push_back({move_of(o["move"]), o["value"].get<grundy_value>()});
    std::sort(options.begin(), options.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(options, expected);
    EXPECT_EQ(r["options_complete"], true);
  }
}

TEST(TakeBreakProductCliTest, BoardsAndBoxesAgreeWithTheGameGraph) {
  std::mt19937 rng(2611);
  check_positions({"kayles*kayles", {kayles, kayles}}, {4, 4}, 6, rng);
  check_positions({"0.07*ruler", {dawsons_kayles, ruler}}, {4, 4}, 6, rng);
  check_positions({"grundys-game*S{1,3,4}", {grundys_game, subtraction_134}}, {4, 4}, 6, rng);
  check_positions({"4.07*0.F", {split_first, hexadecimal}}, {4, 4}, 6, rng);
  check_positions({"kayles*0.07*ruler", {kayles, dawsons_kayles, ruler}}, {2, 3, 3}, 6, rng);
}

TEST(TakeBreakProductCliTest, CountsOnCompactBoardsAsEnumerated) {
  // Heads given as ranges, overlapping ones cancelling: the count is every product move whose cells' values XOR to
  // the position's value, enumerated over the definition.
  std::mt19937 rng(2612);
  const std::vector<std::pair<product, box_extents>> cases = {
      {{"kayles*kayles", {kayles, kayles}}, {12, 12}},
      {{"grundys-game*S{1,3,4}", {grundys_game, subtraction_134}}, {12, 12}},
      {{"kayles*0.07*ruler", {kayles, dawsons_kayles, ruler}}, {5, 5, 5}},
  };
  for (const auto& [p, extents] : cases) {
    const product_definition definition = definition_of(p, extents);
    for (int s = 0; s < 4; ++s) {
      std::vector<coin_box> boxes(1 + rng() % 3);
      std::string heads;
      for (coin_box& b : boxes) {
        heads += heads.empty() ? "" : ",";
        for (std::size_t d = 0; d < extents.size(); ++d) {
          coin lo = static_cast<coin>(rng() % extents[d]), hi = static_cast<coin>(rng() % extents[d]);
          if (lo > hi) std::swap(lo, hi);
          b.push_back({lo, hi});
          heads += (d == 0 ? "" : ":") + std::to_string(lo) + "-" + std::to_string(hi);
        }
      }
      SCOPED_TRACE(p.name + " --heads " + heads);
      std::vector<bool> on(definition.cells(), false);
      for (std::size_t i = 0; i < on.size(); ++i) {
        const std::vector<coin> c = definition.cell(i);
        for (const coin_box& b : boxes) {
          bool in = true;
          for (std::size_t d = 0; d < c.size(); ++d) in = in && b[d].first <= c[d] && c[d] <= b[d].last;
          if (in) on[i] = !on[i];
        }
      }
      grundy_value value = 0;
      std::uint64_t head_count = 0;
      for (std::size_t i = 0; i < on.size(); ++i) {
        if (on[i]) value ^= definition.values()[i], ++head_count;
      }
      std::uint64_t wins = 0;
      for (std::size_t i = 0; i < on.size(); ++i) {
        if (!on[i]) continue;
        definition.for_each_move(i, [&](const move&, const std::vector<std::size_t>& turned) {
          grundy_value x = 0;
          for (const std::size_t c : turned) x ^= definition.values()[c];
          wins += x == value;
        });
      }
      const json r = json_of({"analyze", p.name, "--size", size_text(extents), "--heads", heads, "--count"});
      EXPECT_EQ(r["value"].get<grundy_value>(), value);
      EXPECT_EQ(r["heads"].get<std::uint64_t>(), head_count);
      EXPECT_EQ(r["winning_move_count"].get<std::uint64_t>(), wins);
    }
  }
}

TEST(TakeBreakProductCliTest, TheDocumentedBoardIsTheDefinition) {
  // docs/tartan.md's Kayles × Dawson's Kayles board: its value is the XOR of the definition's G over its heads, and
  // its winning moves are the product moves from a heads coin whose cells' values XOR to that value.
  const product p{"kayles*0.07", {kayles, dawsons_kayles}};
  const product_definition definition = definition_of(p, {4, 7});
  const std::string drawn = "TTTTTTT/TTTTHTT/TTTTTTH/TTTHTTH";
  std::vector<std::size_t> heads;
  for (std::size_t i = 0, at = 0; i < drawn.size(); ++i) {
    if (drawn[i] == '/') continue;
    if (drawn[i] == 'H') heads.push_back(at);
    ++at;
  }
  grundy_value value = 0;
  for (const std::size_t i : heads) value ^= definition.values()[i];
  std::vector<move> expected;
  for (const std::size_t i : heads) {
    definition.for_each_move(i, [&](const move& m, const std::vector<std::size_t>& turned) {
      grundy_value x = 0;
      for (const std::size_t c : turned) x ^= definition.values()[c];
      if (x == value) expected.push_back(m);
    });
  }
  const json r = json_of({"analyze", p.name, drawn, "--limit", "1000"});
  EXPECT_EQ(r["value"].get<grundy_value>(), value);
  std::vector<move> listed;
  for (const json& m : r["winning_moves"]) listed.push_back(move_of(m));
  std::sort(listed.begin(), listed.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(listed, expected);
  EXPECT_EQ(value, 2U);
  EXPECT_EQ(expected.size(), 7U);
  // A box is called a box, and its winning moves said along its axes.
  const auto box = run_tartan({"analyze", "kayles*0.07*ruler", "--size", "3x3x3", "--heads", "1:2:2,2:2:1"});
  EXPECT_NE(box.out.find("\nbox: 3x3x3, coins numbered from 0 along every axis; heads: 1:2:2 2:2:1\n"),
            std::string::npos)
      << box.out;
  EXPECT_NE(box.out.find("winning moves (turn every coin of axis 0 × axis 1 × ...;"), std::string::npos) << box.out;
}

TEST(TakeBreakProductCliTest, ALargeCompactBoardCountsByTheBilinearIdentity) {
  const test::kayles_board_count identity(1000000);
  ASSERT_TRUE(identity.kayles_period_proven());
  const std::vector<std::pair<coin_range, coin_range>> boxes = {{{2990, 2999}, {0, 999999}},
                                                                {{1200, 1203}, {500, 599}}};
  const grundy_value value = identity.value(boxes);
  const json r = json_of({"analyze", "kayles*S{1,3,4}", "--size", "3000x1000000", "--heads",
                          "2990-2999:0-999999,1200-1203:500-599", "--count"});
  EXPECT_EQ(r["value"].get<grundy_value>(), value);
  EXPECT_EQ(r["outcome"], value != 0 ? "N" : "P");
  EXPECT_EQ(r["heads"].get<std::uint64_t>(), 10000400U);
  const uint128 expected = identity.moves_with_product(boxes, value);
  EXPECT_EQ(r["winning_move_count"].dump(), to_decimal(expected)) << "written in full";
  EXPECT_GT(expected, uint128{UINT32_MAX});
}

}  // namespace
}  // namespace tartan
