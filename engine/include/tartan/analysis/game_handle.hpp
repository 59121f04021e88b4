// game_handle: the game a question is asked about, a 1-D coin-turning game or a tartan product of any number of
// them, behind one type. Front ends resolve a name to a handle once (games::resolve_game) and pass it to the
// engine's questions (analysis.hpp); the handle says how many axes a position of the game has.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tartan/product/tartan.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/**
 * A 1-D game (one factor: positions are rows) or a tartan product (k >= 2 factors: positions are boxes with k axes).
 * Copies share the factors' sequence caches (turning_game).
 *
 * Example: game_handle(games::find_game("ruler")).dimensions() == 1;
 *          game_handle(games::find_factors("ruler*ruler")).name() == "ruler*ruler"
 */
class game_handle {
 public:
  /// A 1-D game.
  explicit game_handle(turning_game game) : factors_{std::move(game)} {}
  /// A 1-D game (one factor) or a product (two or more). Throws error when `factors` is empty.
  explicit game_handle(std::vector<turning_game> factors);
  /// A product.
  explicit game_handle(const tartan_game& product) : factors_(product.factors()) {}

  /// The number of axes of a position: 1 for a 1-D game, k for a product of k factors.
  std::size_t dimensions() const { return factors_.size(); }
  bool is_product() const { return factors_.size() >= 2; }

  const std::vector<turning_game>& factors() const { return factors_; }
  const turning_game& factor(std::size_t i) const { return factors_[i]; }

  /// The 1-D game. @pre !is_product()
  const turning_game& row_game() const;
  /// The product. @pre is_product()
  tartan_game product() const;

  /// The name as it resolves: "mock-turtles", "1-3", "ruler*mock-turtles".
  std::string name() const;

 private:
  std::vector<turning_game> factors_;
};

}  // namespace tartan
