// move: what one move of a coin-turning game turns, for rows and for boxes alike.
//
// A move of a 1-D game turns a set of coins whose highest (rightmost) coin goes from heads to tails. A move of a
// tartan product with k factors turns S_1 × ... × S_k, S_i a move of factor i; its moving coin is the cell made of
// the last coin of every axis. One type serves both: a row move has one axis.
#pragma once

#include <compare>
#include <cstddef>
#include <vector>

#include "tartan/core/coin.hpp"

namespace tartan {

/// The coins a move turns along each axis, each axis ascending and non-empty (axes[0] the rows, axes[1] the columns,
/// ...; a row game's move has the single axis axes[0]). It turns every coin of axes[0] × axes[1] × ..., and its
/// moving coin is the last coin of every axis.
struct move {
  std::vector<std::vector<coin>> axes;

  std::size_t dimensions() const { return axes.size(); }
  /// The coins of a row game's move, ascending, the moving coin last. @pre dimensions() == 1
  const std::vector<coin>& coins() const { return axes[0]; }
  /// A board move's rows and columns. @pre dimensions() == 2
  const std::vector<coin>& rows() const { return axes[0]; }
  const std::vector<coin>& cols() const { return axes[1]; }

  friend bool operator==(const move&, const move&) = default;
  friend auto operator<=>(const move&, const move&) = default;
};

}  // namespace tartan
