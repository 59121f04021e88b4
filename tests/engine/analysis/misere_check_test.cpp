// The misère check against the definition worked out here: every position on N coins (or of a small board) solved by
// a plain recursive search over its moves, the coins' values by the mex over their moves, the misère Nim rule applied
// by hand; the count of positions where rule and outcome differ, and the first of them, compared. Turning Turtles,
// Nim in normal play, departs from the rule at THH (its coin form cancels two equal heaps); turning one coin only is
// tame.
#include "tartan/analysis/misere_check.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber.hpp"

namespace {

using tartan::coin;
using tartan::game_handle;
using tartan::grundy_value;
using tartan::test::message_of;

game_handle game_of(const std::string& text) { return tartan::games::resolve_game(text); }

/// Every move of a factor from coin c, as the coins turned (c last).
std::vector<std::vector<coin>> moves_from(const tartan::turning_game& game, coin c) {
  std::vector<std::vector<coin>> out;
  game.for_each_move(c, [&](std::span<const coin> others) {
    std::vector<coin> m(others.begin(), others.end());
    m.push_back(c);
    out.push_back(m);
    return true;
  });
  return out;
}

/// g(0..n-1) by the mex over each coin's moves.
std::vector<grundy_value> values_by_mex(const tartan::turning_game& game, std::size_t n) {
  std::vector<grundy_value> g;
  for (coin c = 0; c < n; ++c) {
    std::set<grundy_value> options;
    for (const std::vector<coin>& m : moves_from(game, c)) {
      grundy_value v = 0;
      for (std::size_t i = 0; i + 1 < m.size(); ++i) v ^= g[m[i]];
      options.insert(v);
    }
    grundy_value x = 0;
    while (options.count(x) != 0) ++x;
    g.push_back(x);
  }
  return g;
}

/// The positions of a rows × cols box (cols 0: a row of `rows` coins) as bitmasks, their moves, and the misère
/// outcome of each by a plain recursion.
struct reference {
  std::size_t cells = 0;
  std::vector<std::vector<std::uint64_t>> moves;  // per cell, the cells turned as a bitmask
  std::vector<grundy_value> value;                // G per cell
  std::map<std::uint64_t, bool> memo;

  reference(const game_handle& game, const tartan::box_extents& box) {
    if (box.size() == 1) {
      cells = box[0];
      value = values_by_mex(game.factor(0), cells);
      for (coin c = 0; c < cells; ++c) {
        moves.emplace_back();
        for (const auto& m : moves_from(game.factor(0), c)) {
          std::uint64_t mask = 0;
          for (const coin x : m) mask |= std::uint64_t{1} << x;
          moves.back().push_back(mask);
        }
      }
      return;
    }
    cells = box[0] * box[1];
    const std::vector<grundy_value> gr = values_by_mex(game.factor(0), box[0]),
                                    gc = values_by_mex(game.factor(1), box[1]);
    for (coin r = 0; r < box[0]; ++r) {
      for (coin c = 0; c < box[1]; ++c) {
        value.push_back(tartan::nim_mul(gr[r], gc[c]));
        moves.emplace_back();
        for (const auto& mr : moves_from(game.factor(0), r)) {
          for (const auto& mc : moves_from(game.factor(1), c)) {
            std::uint64_t mask = 0;
            for (const coin x : mr) {
              for (const coin y : mc) mask |= std::uint64_t{1} << (x * box[1] + y);
            }
            moves.back().push_back(mask);
          }
        }
      }
    }
  }

  bool wins(std::uint64_t p) {
    const auto found = memo.find(p);
    if (found != memo.end()) return found->second;
    bool any = false, won = false;
    for (std::size_t c = 0; c < cells; ++c) {
      if ((p >> c & 1) == 0) continue;
      for (const std::uint64_t m : moves[c]) {
        any = true;
        if (!wins(p ^ m)) won = true;
      }
    }
    memo.emplace(p, won || !any);
    return won || !any;
  }
};

void check_against_definition(const std::string& name, const tartan::box_extents& box) {
  SCOPED_TRACE(name);
  const game_handle game = game_of(name);
  reference ref(game, box);
  std::uint64_t mismatches = 0, p_positions = 0;
  std::vector<std::uint64_t> first;
  for (std::uint64_t p = 0; p < (std::uint64_t{1} << ref.cells); ++p) {
    grundy_value v = 0;
    bool small = true;
    for (std::size_t c = 0; c < ref.cells; ++c) {
      if ((p >> c & 1) == 0) continue;
      v ^= ref.value[c];
      small = small && ref.value[c] <= 1;
    }
    const bool rule_p = small ? v == 1 : v == 0;
    const bool is_p = !ref.wins(p);
    p_positions += is_p;
    if (rule_p != is_p) {
      ++mismatches;
      if (first.size() < 10) first.push_back(p);
    }
  }
  const tartan::misere_check_result r = tartan::check_misere({game, box});
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.positions, std::uint64_t{1} << ref.cells);
  EXPECT_EQ(r.p_positions, p_positions);
  EXPECT_EQ(r.mismatches, mismatches);
  EXPECT_EQ(r.tame(), mismatches == 0);
  ASSERT_EQ(r.first_mismatches.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    const tartan::misere_rule_mismatch& m = r.first_mismatches[i];
    std::uint64_t mask = 0;
    for (std::size_t h = 0; h < m.position.head_count(); ++h) {
      const auto cell = m.position.head(h);
      mask |= std::uint64_t{1} << (box.size() == 1 ? cell[0] : cell[0] * box[1] + cell[1]);
    }
    EXPECT_EQ(mask, first[i]);
    EXPECT_EQ(m.outcome, ref.wins(mask) ? 'N' : 'P');
    EXPECT_NE(m.rule, m.outcome);
  }
}

TEST(MisereCheckTest, RowsAndBoardsMatchTheDefinition) {
  for (const char* name : {"turning-turtles", "mock-turtles", "ruler", "twins", "1", "1-2C", "kayles", "2-3E"}) {
    check_against_definition(name, {10});
  }
  for (const char* name : {"twins*twins", "ruler*ruler", "1*1", "mock-turtles*twins"}) {
    check_against_definition(name, {3, 3});
  }
}

TEST(MisereCheckTest, TurningTurtlesDepartsFromTheRuleAtTHH) {
  // Coins 1 and 2 heads: values 2 and 3, XOR 1, so the rule says N. But every move loses: turning 2 and 1 leaves no
  // coin (the opponent, without a move, wins), and the others leave a position with a move to coin 0 alone.
  const tartan::misere_check_result r = tartan::check_misere({game_of("turning-turtles"), {3}});
  ASSERT_FALSE(r.first_mismatches.empty());
  const tartan::misere_rule_mismatch& m = r.first_mismatches.front();
  EXPECT_EQ(m.position.text(), "THH");
  EXPECT_EQ(m.value, 1u);
  EXPECT_FALSE(m.small);
  EXPECT_EQ(m.rule, 'N');
  EXPECT_EQ(m.outcome, 'P');
}

TEST(MisereCheckTest, TurningOneCoinIsTame) {
  // Code 1: a move turns one heads coin, so a position is its number of heads, P in misère play when it is odd.
  const tartan::misere_check_result r = tartan::check_misere({game_of("1"), {16}});
  EXPECT_TRUE(r.tame());
  EXPECT_EQ(r.positions, 65536u);
  EXPECT_EQ(r.p_positions, 32768u);
}

TEST(MisereCheckTest, RefusesBeyondItsReach) {
  EXPECT_EQ(message_of([] {
              tartan::check_misere({game_of("ruler"), {63}});
            }),
            "a misère check takes every position of the box, 2^63 of them here; it checks boxes of at most 62 coins; "
            "check at most 62 coins");
  tartan::misere_check_request big{game_of("ruler"), {40}};
  big.max_memory = std::uint64_t{1} << 30;
  EXPECT_NE(
      message_of([&] { tartan::check_misere(big); })
          .find("a misère check of 40 coins sweeps its 2^40 positions, which need about 128.0 GiB, over the memory "
                "limit of 1.0 GiB; check at most 32 coins"),
      std::string::npos);
  EXPECT_EQ(message_of([] {
              tartan::check_misere({game_of("ruler"), {4, 4}});
            }),
            "'ruler' has 1 factor, but the box to check has 2 axes; give one extent per factor");
}

TEST(MisereCheckTest, ACancelKeepsThePositionsChecked) {
  tartan::misere_check_request request{game_of("mock-turtles"), {22}};
  request.progress = [](double) { return false; };
  const tartan::misere_check_result r = tartan::check_misere(request);
  EXPECT_FALSE(r.complete);
  EXPECT_FALSE(r.tame());
  EXPECT_EQ(r.positions, 0u);
  // Stopped part way (each report waits past the least time between reports, so one comes at every block of
  // positions and the stop falls at the third whatever the machine's speed): the positions swept are compared.
  int calls = 0;
  request.progress = [&](double) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    return ++calls < 3;
  };
  const tartan::misere_check_result part = tartan::check_misere(request);
  EXPECT_FALSE(part.complete);
  EXPECT_GT(part.positions, 0u);
  EXPECT_LT(part.positions, std::uint64_t{1} << 22);
  const tartan::misere_check_result whole = tartan::check_misere({game_of("mock-turtles"), {22}});
  ASSERT_EQ(part.first_mismatches.size(), whole.first_mismatches.size());
  for (std::size_t i = 0; i < part.first_mismatches.size(); ++i) {
    EXPECT_EQ(part.first_mismatches[i].position, whole.first_mismatches[i].position);
  }
}

}  // namespace
