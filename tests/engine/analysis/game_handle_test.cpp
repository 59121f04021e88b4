// Tests for game_handle.hpp: one type for a 1-D game and a tartan product. The games are rules written from their
// definitions in the test support (tests/support/naive.hpp), their values by the mex definition and the product's by
// the nim product's own definition (tests/support/mex_nim_product.hpp), not by the engine's algorithms.
#include "tartan/analysis/game_handle.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/mex_nim_product.hpp"
#include "support/naive.hpp"
#include "tartan/core/error.hpp"

namespace tartan {
namespace {

turning_game mock_turtles() { return turning_game("mock-turtles", "1-3", test::k_coins{1, 3}); }
turning_game ruler() { return turning_game("ruler", "1+C", test::ruler_rule{}); }

/// Mock Turtles counting the moves it is asked for, to see whether a sequence is computed again or shared.
struct counted_mock_turtles {
  std::shared_ptr<int> asked = std::make_shared<int>(0);
  test::k_coins plain{1, 3};

  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    ++*asked;
    return plain.for_each_move(n, visit);
  }
};

TEST(GameHandleTest, AOneDimensionalGameIsItsOnlyFactor) {
  const game_handle game(mock_turtles());
  EXPECT_EQ(game.dimensions(), 1U);
  EXPECT_FALSE(game.is_product());
  EXPECT_EQ(game.factors().size(), 1U);
  EXPECT_EQ(game.name(), "mock-turtles");
  EXPECT_EQ(game.row_game().sequence(12), test::naive_sequence(test::k_coins{1, 3}, 12));
  // A vector of one factor is the same 1-D game.
  const game_handle from_vector(std::vector<turning_game>{ruler()});
  EXPECT_FALSE(from_vector.is_product());
  EXPECT_EQ(from_vector.name(), "ruler");
  EXPECT_EQ(from_vector.row_game().sequence(12), test::naive_sequence(test::ruler_rule{}, 12));
}

TEST(GameHandleTest, AProductHasOneAxisPerFactorAndTheNimProductOfTheirValues) {
  const game_handle game(std::vector<turning_game>{ruler(), mock_turtles(), ruler()});
  EXPECT_EQ(game.dimensions(), 3U);
  EXPECT_TRUE(game.is_product());
  EXPECT_EQ(game.name(), "ruler*mock-turtles*ruler");
  EXPECT_EQ(game.factor(1).name(), "mock-turtles");
  // G(a, b, c) = g_ruler(a) ⊗ g_mock(b) ⊗ g_ruler(c), the products from the mex definition of ⊗.
  const std::size_t n = 6;
  const auto g_ruler = test::naive_sequence(test::ruler_rule{}, n);
  const auto g_mock = test::naive_sequence(test::k_coins{1, 3}, n);
  const auto nim = test::mex_products(64);
  const tartan_values values = game.product().values(std::vector<std::size_t>{n, n, n});
  for (coin a = 0; a < n; ++a) {
    for (coin b = 0; b < n; ++b) {
      for (coin c = 0; c < n; ++c) {
        const coin cell[] = {a, b, c};
        EXPECT_EQ(values(cell), nim[nim[g_ruler[a]][g_mock[b]]][g_ruler[c]]) << a << "," << b << "," << c;
      }
    }
  }
  // From a tartan_game: the same factors, the same name.
  const game_handle from_product(tartan_game({mock_turtles(), ruler()}));
  EXPECT_EQ(from_product.dimensions(), 2U);
  EXPECT_EQ(from_product.name(), "mock-turtles*ruler");
  EXPECT_EQ(from_product.product().name(), "mock-turtles*ruler");
}

TEST(GameHandleTest, CopiesShareTheFactorsSequences) {
  const counted_mock_turtles rule;
  const game_handle game(std::vector<turning_game>{turning_game("counted", "1-3", rule), ruler()});
  EXPECT_EQ(game.factor(0).sequence(20), test::naive_sequence(test::k_coins{1, 3}, 20));
  const int asked = *rule.asked;
  EXPECT_GT(asked, 0);
  const game_handle copy = game;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the point
  EXPECT_EQ(copy.factor(0).sequence(20), test::naive_sequence(test::k_coins{1, 3}, 20));
  EXPECT_EQ(copy.product().factor(0).sequence(20), test::naive_sequence(test::k_coins{1, 3}, 20));
  EXPECT_EQ(*rule.asked, asked) << "a copy computed the sequence again";
}

TEST(GameHandleTest, NoFactorsIsRefused) {
  EXPECT_EQ(test::message_of([] { game_handle(std::vector<turning_game>{}); }), "a game needs at least one factor");
}

}  // namespace
}  // namespace tartan
