// Move values: how many moves from a range of coins turn coins whose g XOR to each value. The frequency tables behind
// counting winning moves without listing them (analysis/move_count.hpp): a move S × T of a product wins iff
// (XOR of g_A over S) ⊗ (XOR of g_B over T) is the position's value, so counting needs, per factor, how many moves
// have each XOR, never the moves themselves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan {

/// A frequency table of values: an array below 2^dense_bits, a hash table for wider values.
class value_counts {
 public:
  /// The widest values kept in an array: 2^22 counters, 32 MiB.
  static constexpr int dense_bits = 22;

  /// A table for values below `bound` (an array when bound <= 2^dense_bits, else hashed).
  explicit value_counts(grundy_value bound = 0) {
    if (bound <= (grundy_value{1} << dense_bits)) dense_.assign(static_cast<std::size_t>(bound), 0);
    hashed_ = bound > (grundy_value{1} << dense_bits);
  }

  /// Bytes the table for values below `bound` takes at least (the array; a hashed table grows with its entries).
  static std::uint64_t bytes_for(grundy_value bound) {
    return bound <= (grundy_value{1} << dense_bits) ? bound * sizeof(std::uint64_t) : 0;
  }

  bool is_dense() const { return !hashed_; }
  /// The array (is_dense()): counts()[v] moves have value v.
  std::span<std::uint64_t> counts() { return dense_; }

  /// Counts `times` more moves of value v (v below the bound).
  void add(grundy_value v, std::uint64_t times = 1) {
    if (!hashed_) {
      TARTAN_ASSERT(v < dense_.size(), "a value below the table's bound");
      dense_[static_cast<std::size_t>(v)] += times;
    } else {
      sparse_[v] += times;
    }
  }

  /// How many moves have value v.
  std::uint64_t operator[](grundy_value v) const {
    if (!hashed_) return v < dense_.size() ? dense_[static_cast<std::size_t>(v)] : 0;
    const auto it = sparse_.find(v);
    return it == sparse_.end() ? 0 : it->second;
  }

  /// Adds every count of `other`.
  void merge(const value_counts& other) {
    other.for_each([&](grundy_value v, std::uint64_t c) {
      if (!hashed_ && v >= dense_.size()) dense_.resize(static_cast<std::size_t>(v) + 1, 0);
      add(v, c);
    });
  }

  /// Calls visit(value, count) for every value with a non-zero count, in no particular order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    if (!hashed_) {
      for (std::size_t v = 0; v < dense_.size(); ++v) {
        if (dense_[v] != 0) visit(static_cast<grundy_value>(v), dense_[v]);
      }
    } else {
      for (const auto& [v, c] : sparse_) visit(v, c);
    }
  }

  /// The number of moves counted.
  std::uint64_t total() const {
    std::uint64_t sum = 0;
    for_each([&](grundy_value, std::uint64_t c) { sum += c; });
    return sum;
  }

 private:
  std::vector<std::uint64_t> dense_;
  std::unordered_map<grundy_value, std::uint64_t> sparse_;
  bool hashed_ = false;
};

/// A rule that counts its move values over a range of coins faster than by listing its moves.
template <class Rule>
concept has_move_value_counts = requires(const Rule& rule, coin first, coin last, std::span<const grundy_value> g,
                                         value_counts& counts) {
  rule.count_move_values(first, last, g, counts);
};

/**
 * Adds to `counts`, for every move from every coin t in [first, last], the XOR of g over all the coins it turns (t
 * included): one count per move. `g` holds at least last + 1 values, and counts' bound exceeds every XOR of them.
 * The rule's hook when it has one (runs by prefix XORs: O(moves) with O(1) per move), else by listing the moves:
 * O(moves × coins per move).
 *
 * Example: for mock-turtles (at most 3 coins) and g = {1, 2, 4}, coin 1's moves {1}, {0,1} add 2 and 3
 */
template <class Rule>
void count_move_values(const Rule& rule, coin first, coin last, std::span<const grundy_value> g, value_counts& counts) {
  if constexpr (has_move_value_counts<Rule>) {
    rule.count_move_values(first, last, g, counts);
  } else {
    for (std::uint64_t t = first; t <= last; ++t) {
      const coin n = static_cast<coin>(t);
      rule.for_each_move(n, [&](std::span<const coin> others) {
        grundy_value x = g[n];
        for (const coin o : others) x ^= g[o];
        counts.add(x);
        return detail::keep_searching();  // a count of many moves stops at its caller's limits (move_count.cpp)
      });
    }
  }
}

}  // namespace tartan
