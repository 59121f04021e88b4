// game_concepts.hpp: the game contract's concepts recognise each hook when it is present with the documented
// signature, and the names_* checks behind check_turning_rule spot a hook present under its name but mistyped (the
// engine would otherwise ignore it silently). A violation of check_turning_rule is a compile error, so what can be
// checked here is what it is built from.
#include "tartan/turning/game_concepts.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "support/hooked_rules.hpp"
#include "support/naive.hpp"

namespace tartan {
namespace {

using test::hooked_mock_turtles;

static_assert(turning_rule<hooked_mock_turtles> && has_option_values<hooked_mock_turtles> &&
              has_find_moves<hooked_mock_turtles> && has_grundy_solver<hooked_mock_turtles> &&
              has_closed_form<hooked_mock_turtles> && has_move_count<hooked_mock_turtles>);
static_assert(!turning_rule<int>);

// A rule with only the required member: every hook absent, none named.
static_assert(turning_rule<test::k_coins> && !has_option_values<test::k_coins> && !has_find_moves<test::k_coins> &&
              !has_grundy_solver<test::k_coins> && !has_closed_form<test::k_coins> && !has_move_count<test::k_coins>);
static_assert(!detail::names_option_values<test::k_coins> && !detail::names_find_moves<test::k_coins> &&
              !detail::names_grundy_solver<test::k_coins> && !detail::names_grundy<test::k_coins> &&
              !detail::names_move_count<test::k_coins>);
static_assert(check_turning_rule<test::k_coins>() && check_turning_rule<hooked_mock_turtles>());

// A compiled (non-template) game taking move_visitor satisfies the contract: any callable converts to it.
struct compiled_rule {
  bool for_each_move(coin, move_visitor visit) const { return visit(std::span<const coin>()); }
};
static_assert(turning_rule<compiled_rule>);

// for_each_move returning something other than bool is not a turning game.
struct void_moves {
  void for_each_move(coin, move_visitor) const {}
};
static_assert(!turning_rule<void_moves>);

// Hooks present under their names with the wrong signatures: named, yet not recognised.
struct mistyped_hooks {
  bool for_each_move(coin, move_visitor) const { return true; }
  void option_values(coin, std::vector<grundy_value>&) const {}
  bool find_moves(coin, grundy_value) const { return true; }
  int grundy_solver() const { return 0; }
  int grundy(coin) const { return 0; }
  std::uint32_t move_count(coin) const { return 0; }
};
static_assert(detail::names_option_values<mistyped_hooks> && !has_option_values<mistyped_hooks>);
static_assert(detail::names_find_moves<mistyped_hooks> && !has_find_moves<mistyped_hooks>);
static_assert(detail::names_grundy_solver<mistyped_hooks> && !has_grundy_solver<mistyped_hooks>);
static_assert(detail::names_grundy<mistyped_hooks> && !has_closed_form<mistyped_hooks>);
static_assert(detail::names_move_count<mistyped_hooks> && !has_move_count<mistyped_hooks>);

TEST(GameConceptsTest, MoveVisitorCallsTheCallableItRefersTo) {
  // Mock Turtles from coin 2: turn 2 alone, with 0 or 1, or with both (Winning Ways ch. 14): 4 moves.
  std::vector<std::vector<coin>> seen;
  auto record = [&](std::span<const coin> others) {
    seen.emplace_back(others.begin(), others.end());
    return true;
  };
  const compiled_rule compiled;
  EXPECT_TRUE(compiled.for_each_move(5, record));
  EXPECT_EQ(seen, (std::vector<std::vector<coin>>{{}}));
  seen.clear();
  const move_visitor visit = record;
  EXPECT_TRUE((test::k_coins{1, 3}.for_each_move(2, visit)));
  EXPECT_EQ(seen, (std::vector<std::vector<coin>>{{}, {0}, {0, 1}, {1}}));
}

}  // namespace
}  // namespace tartan
