// The sparse-space method for take-and-break codes whose moves leave at most two heaps, with some digit leaving two
// (take_break_code's solver; Gangolli and Plambeck, "A note on periodicity in some octal games", IJGT 18 (1989);
// Flammenkamp's octal tables use it).
//
// A mask M splits values into common (popcount(v & M) odd) and rare (even). Parity is linear under XOR, so
// common ⊕ rare = common and common ⊕ common = rare ⊕ rare = rare: a common option value of heap n can only come
// from a split into a rare heap and a common one. When the mask fits the game, rare heaps are few, and the common
// options are listed in O(rare heaps) per two-heap digit. The mex is then the least value that is neither a listed
// option nor, for a rare value, the XOR of some split into two common heaps; such a split is searched for each rare
// value below the least absent common value, directly over the heap pairs (found after a few pairs when commons are
// dense; when none exists the value is the mex, a new rare heap). The result is exact whatever the mask: a poor mask
// only makes more heaps rare and the method slower, down to the direct route's cost.
// The mask is chosen from the values so far at every power of two from 64 on: the one making fewest heaps rare, by a
// Walsh–Hadamard transform of the values' histogram (rare count = (N + Σ_v hist[v]·(−1)^popcount(v & M)) / 2).
// Values are kept in the narrowest unsigned width that holds them (8 bits, widened to 16, 32, 64 when one does not
// fit), so the pair search reads one byte per heap for most games.
// Internal to the engine: take_break.cpp, the tests and benchmarks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "tartan/turning/take_break_code.hpp"

namespace tartan::detail {

/// Whether the sparse-space method serves the code: some digit leaves two heaps and none leaves three.
bool sparse_space_applies(const take_break_code& code);

/// What the solver has done, for tests and benchmarks.
struct sparse_space_stats {
  grundy_value mask = 0;       // the mask in use
  std::size_t rare_heaps = 0;  // heaps h >= 1 whose value is rare under it
  std::size_t searches = 0;    // rare values looked for among splits into two common heaps
  std::size_t absent = 0;      // searches that found none (the value was the mex)
  int width_bytes = 1;         // the width the values are kept in
};

class sparse_space_solver {
 public:
  /// @pre sparse_space_applies(code). `fixed_mask`: use this mask throughout instead of choosing one (tests).
  explicit sparse_space_solver(const take_break_code& code, std::optional<grundy_value> fixed_mask = std::nullopt);
  sparse_space_solver(sparse_space_solver&&) noexcept;
  sparse_space_solver& operator=(sparse_space_solver&&) noexcept;
  ~sparse_space_solver();

  /// g(n) for the next heap n = 0, 1, 2, ...
  grundy_value next();

  sparse_space_stats stats() const;

  struct impl;

 private:
  std::unique_ptr<impl> self_;
};

}  // namespace tartan::detail
