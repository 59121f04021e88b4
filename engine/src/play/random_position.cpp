// random_position (play.hpp): a starting position drawn uniformly among the positions of a box that have a move.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/play/play.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan {

namespace {

/// Refuses extents that are not a box of `game`: the wrong number of axes, or an extent outside 1..2^32.
void check_box(const game_handle& game, const box_extents& extents) {
  if (game.is_product()) {
    game.product().check_extents(extents);
    return;
  }
  if (extents.size() != 1) {
    throw parse_error(quote_typed(game.name()) + " is played on a row, but the size " + format_size(extents) + " has " +
                      std::to_string(extents.size()) + " axes; give the number of coins, e.g. 12");
  }
  if (extents[0] == 0 || static_cast<std::uint64_t>(extents[0]) > (std::uint64_t{1} << 32)) {
    throw parse_error("a row of " + std::to_string(extents[0]) + " coins: give from 1 to 4294967296 coins");
  }
}

}  // namespace

box_position random_position(const game_handle& game, const box_extents& extents, std::mt19937_64& rng,
                             std::uint64_t max_cells) {
  check_box(game, extents);
  const std::uint64_t cells = cell_count(extents);
  if (cells > max_cells) {
    limit_figures figures;
    figures.asked = "a random position of " + format_size(extents);
    figures.unit = limit_unit::cells;
    figures.estimate = static_cast<double>(cells);
    figures.limit = static_cast<double>(max_cells);
    throw limit_error("a random position of " + format_size(extents) + " has " + std::to_string(cells) +
                          " coins, over the limit of " + std::to_string(max_cells),
                      "give a smaller size", figures);
  }
  // movable[i][x]: coin x of axis i has a move in factor i. A cell can move when every one of its coordinates can.
  const std::size_t k = extents.size();
  std::vector<std::vector<bool>> movable(k);
  for (std::size_t i = 0; i < k; ++i) {
    movable[i].resize(extents[i]);
    bool any = false;
    for (std::uint64_t x = 0; x < extents[i]; ++x) {
      movable[i][x] = game.factor(i).count_moves(static_cast<coin>(x), 1) > 0;
      any = any || movable[i][x];
    }
    if (!any) {
      throw domain_error("no coin of a box of " + format_size(extents) + " can move in " + game.name() +
                         " (no coin along axis " + std::to_string(i) + " has a move of " + game.factor(i).name() +
                         "), so every position of it is lost at once; give a larger size");
    }
  }
  // Each draw has a move with probability 1 - 2^-m, m >= 1 the number of cells that can move: at most 2 draws are
  // expected, and the positions kept are the uniform draws conditioned on having a move, so still uniform.
  std::vector<coin> heads;
  std::vector<coin> cell(k);
  for (;;) {
    heads.clear();
    bool has_move = false;
    std::fill(cell.begin(), cell.end(), 0);
    std::uint64_t bits = 0;
    for (std::uint64_t index = 0; index < cells; ++index) {
      if (index % 64 == 0) bits = rng();
      if (bits >> (index % 64) & 1) {
        heads.insert(heads.end(), cell.begin(), cell.end());
        bool moves = true;
        for (std::size_t i = 0; i < k && moves; ++i) moves = movable[i][cell[i]];
        has_move = has_move || moves;
      }
      // The next cell in row-major order: the last coordinate varies fastest.
      for (std::size_t i = k; i-- > 0;) {
        if (++cell[i] < extents[i]) break;
        cell[i] = 0;
      }
    }
    if (has_move) return box_position(extents, std::move(heads));
  }
}

box_position random_position(const game_handle& game, const box_extents& extents, std::uint64_t seed,
                             std::uint64_t max_cells) {
  std::mt19937_64 rng(seed);
  return random_position(game, extents, rng, max_cells);
}

}  // namespace tartan
