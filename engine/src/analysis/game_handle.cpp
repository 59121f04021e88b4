#include "tartan/analysis/game_handle.hpp"

#include <utility>

#include "tartan/core/error.hpp"

namespace tartan {

game_handle::game_handle(std::vector<turning_game> factors) : factors_(std::move(factors)) {
  if (factors_.empty()) throw error("a game needs at least one factor");
}

const turning_game& game_handle::row_game() const {
  TARTAN_ASSERT(factors_.size() == 1, "row_game() of a product");
  return factors_[0];
}

tartan_game game_handle::product() const {
  TARTAN_ASSERT(factors_.size() >= 2, "product() of a 1-D game");
  return tartan_game(factors_);
}

std::string game_handle::name() const { return product_name(factors_); }

}  // namespace tartan
