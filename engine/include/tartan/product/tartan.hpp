// Tartan products: k >= 2 coin-turning games composed on a grid (k = 2) or a box (k >= 3).
//
// In the product A×B a move from coin (a, b) turns every coin of S×T, where S is a move of A from row a (the coins
// it turns, a included) and T a move of B from column b (b included); coin (a, b) must go from heads to tails. With
// more factors a move turns S_1×S_2×...×S_k. Coins are numbered from 0 along every axis (row a, column b from 0 at
// the top left).
//
// The Tartan theorem (Winning Ways, ch. 14 "Tartan games"; Ferguson, Game Theory, Part I, §5.4; CGSuite's
// DirectProduct): G(a, b) = g_A(a) ⊗ g_B(b), and for k factors G(c) = g_1(c_1) ⊗ ... ⊗ g_k(c_k), ⊗ the nim
// product. tartan_game computes values this way; product_verify.hpp checks the theorem against the definition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/limits.hpp"  // default_memory_limit, format_bytes, parse_memory_size
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// The extents of a board or box: extents[i] coins along factor i (rows first, then columns, ...).
using box_extents = std::vector<std::size_t>;

/**
 * An extent read as a number (1 to 2^32 coins) as it is held, a std::size_t. Throws limit_error where that type has
 * 32 bits (the static explorer's WebAssembly build) and `coins` is 2^32, naming `what` and saying so.
 *
 * Example: extent_of(4294967296, "--coins") == 4294967296 in a 64-bit build
 */
std::size_t extent_of(std::uint64_t coins, std::string_view what);

/**
 * The number of cells of a box, the product of its extents. Throws limit_error when it does not fit 64 bits.
 *
 * Example: cell_count(box_extents{3, 4}) == 12
 */
std::uint64_t cell_count(std::span<const std::size_t> extents);

/**
 * A box size as a person types it: the extents joined by 'x'.
 *
 * Example: format_size(box_extents{3, 4}) == "3x4"
 */
std::string format_size(std::span<const std::size_t> extents);

/**
 * g_1 ⊗ g_2 ⊗ ... ⊗ g_k: the Tartan theorem's value of a cell whose coordinates have these factor values.
 * The empty product is 1.
 *
 * Example: nim_product_of(std::vector<grundy_value>{2, 2}) == 3; {4, 4, 2} gives 6 ⊗ 2 == 11
 */
grundy_value nim_product_of(std::span<const grundy_value> factor_values) noexcept;

/// The factors' names joined by '*', e.g. "ruler*mock-turtles" (one factor: its own name).
std::string product_name(std::span<const turning_game> factors);

/// The factors' Grundy values over a box, and the product values they give (see tartan_game::values).
class tartan_values {
 public:
  tartan_values() = default;
  /// @pre factor_values.size() >= 2, factor_values[i].size() == extent i.
  explicit tartan_values(std::vector<std::vector<grundy_value>> factor_values);

  std::size_t dimensions() const { return factors_.size(); }
  const box_extents& extents() const { return extents_; }

  /// g_i(0..extent_i - 1), factor i's own values.
  std::span<const grundy_value> factor(std::size_t i) const { return factors_[i]; }

  /// G at a cell (one coordinate per factor, each below its extent): ⊗ of the factor values.
  grundy_value operator()(std::span<const coin> cell) const;

  /// G(a, b) for two factors.
  grundy_value at(coin a, coin b) const;

 private:
  std::vector<std::vector<grundy_value>> factors_;
  box_extents extents_;
};

/**
 * A tartan product game: its factors (1-D coin-turning games) and its values by the Tartan theorem.
 *
 * Example:
 *   tartan_game rugs({games::find_game("ruler"), games::find_game("ruler")});
 *   rugs.name() == "ruler*ruler";  rugs.values({8, 8}).at(1, 3) == 2 ⊗ 4 == 8
 */
class tartan_game {
 public:
  /// Throws error when there are fewer than two factors (a single game is not a product; use it directly).
  explicit tartan_game(std::vector<turning_game> factors);

  std::size_t dimensions() const { return factors_.size(); }
  const std::vector<turning_game>& factors() const { return factors_; }
  const turning_game& factor(std::size_t i) const { return factors_[i]; }

  /// The factors' names joined by '*', e.g. "ruler*mock-turtles".
  std::string name() const;

  /**
   * Throws parse_error unless `extents` has one extent per factor, each at least 1 and at most 2^32.
   *
   * Example: for 'ruler*ruler', check_extents({3, 4, 5}) throws "'ruler*ruler' has 2 factors but the size 3x4x5 has
   * 3 dimensions; give a size like 3x4"
   */
  void check_extents(std::span<const std::size_t> extents) const;

  /**
   * The factors' sequences over the box (computed once per factor and cached by turning_game), ready to give
   * product values. Throws overflow_error, from the factor, where a factor's value does not fit 64 bits, and
   * limit_error when the sequences would exceed `memory_limit` bytes (0: default_memory_limit()) or
   * max_sequence_length (check_sequence_lengths, sequence_limits.hpp), and
   * time_limit_error when a factor's sequence is projected to take more than `max_seconds` (0: no limit).
   * Complexity: the factors' sequence computations; then O(k) nim products per cell looked up.
   *
   * Example: tartan_game({twins, twins}).values({16, 16}).at(2, 3) == 1 (2 ⊗ 3 == 1)
   */
  tartan_values values(std::span<const std::size_t> extents, std::uint64_t memory_limit = 0,
                       double max_seconds = 0) const;

  /**
   * Throws limit_error when table(extents) would exceed `memory_limit` bytes (0: default_memory_limit()), the table
   * and the sequences together, or max_sequence_length; parse_error as check_extents. table() checks this first; a
   * front end may call it before other work.
   */
  void check_table(std::span<const std::size_t> extents, std::uint64_t memory_limit = 0) const;

  /**
   * G over the whole box, row-major (the last coordinate varies fastest). Throws limit_error when the table would
   * exceed `memory_limit` bytes (0: default_memory_limit()), and time_limit_error as values() does.
   *
   * Example: tartan_game({twins, twins}).table({2, 3}) == {0, 0, 0, 0, 1, 2}
   */
  std::vector<grundy_value> table(std::span<const std::size_t> extents, std::uint64_t memory_limit = 0,
                                  double max_seconds = 0) const;

 private:
  std::vector<turning_game> factors_;
};

}  // namespace tartan
