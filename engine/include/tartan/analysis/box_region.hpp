// box_region: a position given compactly, as the XOR of boxes of coins. "Every coin heads" on a 10^6 × 10^6 board is
// one box, not 10^12 coins; a list of ranges on a row is as many boxes. A coin is heads when an odd number of the
// listed boxes hold it, so a coin listed twice is tails, as turning it twice would leave it.
//
// The value of a region needs no coin visited: G is multilinear, so the XOR of G over a box R_1 × ... × R_k is
// (XOR of g_1 over R_1) ⊗ ... ⊗ (XOR of g_k over R_k), and the XOR over a range is a difference of prefix XORs
// (move_count.hpp). Counting winning moves needs the heads as a set: disjoint_boxes() splits the listed boxes into
// disjoint ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "tartan/analysis/box_position.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan {

/// Coins first..last along one axis, both included.
struct coin_range {
  coin first = 0;
  coin last = 0;
  std::uint64_t size() const { return std::uint64_t{last} - first + 1; }
  friend bool operator==(const coin_range&, const coin_range&) = default;
  friend auto operator<=>(const coin_range&, const coin_range&) = default;
};

/// A box of coins: one range per axis (axis 0 first).
using coin_box = std::vector<coin_range>;

class box_region {
 public:
  box_region() = default;
  /**
   * The region of `extents` whose heads are the XOR of `boxes`. Throws parse_error when a box has another number of
   * axes than extents, a range is empty (last < first) or reaches outside the extents.
   */
  box_region(box_extents extents, std::vector<coin_box> boxes);
  /// Every coin of the box heads.
  static box_region all_heads(box_extents extents);
  /// The same heads as `position`, one box per heads coin.
  explicit box_region(const box_position& position);

  std::size_t dimensions() const { return extents_.size(); }
  const box_extents& extents() const { return extents_; }
  /// The boxes as listed.
  const std::vector<coin_box>& boxes() const { return boxes_; }

  /**
   * The heads coins as disjoint boxes, ordered by their first coordinate along axis 0, then along axis 1, ... A
   * sweep along each axis in turn: O(m log m) for m boxes on a row; on boards the boxes active over each stretch of
   * rows are split again, O(m^2) at worst (m overlapping bars) and about O(m log m) for scattered boxes.
   */
  std::vector<coin_box> disjoint_boxes() const;

  /// The number of heads coins (exact for up to four axes, below 2^128).
  uint128 head_count() const;

  /// Along each axis, one more than the highest coordinate of a heads coin (0 along every axis without heads).
  box_extents occupied_extents() const;

  /**
   * The same position with its heads listed coin by coin. Throws limit_error when they would take more than
   * `max_memory` bytes (0: default_memory_limit()), with the count and the estimate.
   */
  box_position to_position(std::uint64_t max_memory = 0) const;

 private:
  box_extents extents_;
  std::vector<coin_box> boxes_;
};

/**
 * Parses heads given compactly for a box of `extents`: comma-separated items, each a coin or a range of coins per
 * axis, axes joined by ':' (a row "3,10-20"; a board "0-999:0-999,5:7"; a bare number is a range of one). The heads
 * are the XOR of the items; an empty or blank text lists none, every coin tails. Throws parse_error naming the item for
 * a malformed range ("5-3", "1-", "a-b"), a range beyond the extents, or the wrong number of axes.
 *
 * Example: parse_box_region(box_extents{100}, "3,10-20").head_count() == 12;
 * parse_box_region(box_extents{100}, "").head_count() == 0
 */
box_region parse_box_region(std::span<const std::size_t> extents, std::string_view text);

}  // namespace tartan
