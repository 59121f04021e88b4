// box_position: a position of any coin-turning game, 1-D or a tartan product: a box of coins with k axes (a row has
// one, a board two) and its heads coins. The engine's questions (analysis.hpp) take it; it is read from text in one
// place (parse_box_position, sparse_box_position) for every front end.
//
// The heads coins are kept flat (k coordinates per coin, one array), so a row of 10^6 heads costs 4 MB, not a
// vector per coin.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/product/grid_position.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

/// A box of coins (extents()[i] coins along axis i; axis 0 is a row's only axis, or a board's rows) and its heads
/// coins in row-major order, without repeats, inside the box.
class box_position {
 public:
  box_position() = default;
  /// A row position.
  explicit box_position(const row_position& row);
  /// A board or box position (any number of axes >= 2).
  explicit box_position(const grid_position& grid);
  /// A box and its heads coins given flat: coin i at [i * k, (i + 1) * k), k = extents.size().
  /// @pre the heads in row-major order, without repeats, inside the box
  box_position(box_extents extents, std::vector<coin> flat_heads);

  std::size_t dimensions() const { return extents_.size(); }
  const box_extents& extents() const { return extents_; }

  /// The number of heads coins.
  std::size_t head_count() const { return extents_.empty() ? 0 : coordinates_.size() / extents_.size(); }
  /// Heads coin i: one coordinate per axis.
  std::span<const coin> head(std::size_t i) const {
    return std::span<const coin>(coordinates_).subspan(i * extents_.size(), extents_.size());
  }

  /// True when `cell` (one coordinate per axis) is a heads coin. Complexity: O(k log heads), a binary search.
  bool is_heads(std::span<const coin> cell) const;

  /**
   * Turns over every coin of `turned` (the cells axes[0] × axes[1] × ...), so heads become tails and tails heads;
   * turning the same coins again restores the position. @pre turned.dimensions() == dimensions(), every axis
   * ascending without repeats and inside the box.
   * Complexity: O(heads × k + cells of the move × k).
   */
  void turn(const move& turned);

  /// Along each axis, one more than the highest coordinate of a heads coin (0 along every axis without heads): the
  /// part of the box that the values of this position depend on, since every move turns a heads coin and coins
  /// below it along every axis.
  box_extents occupied_extents() const;

  /// The row. @pre dimensions() == 1
  row_position to_row() const;
  /// The board or box. @pre dimensions() >= 2
  grid_position to_grid() const;

  /// The position drawn as parse_box_position reads it ("HTTH", "HT/TH"). @pre dimensions() <= 2
  std::string text() const;

  friend bool operator==(const box_position&, const box_position&) = default;

 private:
  box_extents extents_;
  std::vector<coin> coordinates_;  // heads coin i at [i * dimensions(), (i + 1) * dimensions())
};

/**
 * Parses a drawn position: a row of H/T (or h/t, 1/0), coin 0 first, or a board of such rows joined by '/', row 0
 * first. Throws parse_error naming the first bad character (parse_row, parse_grid).
 *
 * Example: parse_box_position("HTTH").dimensions() == 1; parse_box_position("HT/TH").extents() == box_extents{2, 2}
 */
box_position parse_box_position(std::string_view text);

/**
 * A position of the given extents from a list of heads coins: coin numbers "3,17,1000" on a row, cells
 * "3:5,17:2" (coordinates joined by ':') on a board or box. Throws parse_error for a malformed item, a coin outside
 * the box or a repeated coin (sparse_row, sparse_grid).
 *
 * Example: sparse_box_position(box_extents{100}, "17,3").head(0)[0] == 3
 */
box_position sparse_box_position(std::span<const std::size_t> extents, std::string_view heads);

}  // namespace tartan
