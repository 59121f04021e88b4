// The parts of turning_code's incremental solver (solver.cpp): each alternative, or the group of runs, keeps its
// option set for coin n in a structure that suits its family (the family's solver_part picks it), and answers
// "the least value >= from that is not an option". What the families share is here: the interface, the listing
// fallback every structure falls back on past its budget, and the stamped walk of progressions and mirror sets.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"
#include "turning/code/family.hpp"

namespace tartan::detail {

/// Thrown by a component that may not fall back on listing when its tables would pass their budget.
struct tables_over_budget {};

class component {
 public:
  virtual ~component() = default;
  /// Sets up coin n's option set; g holds g(0..n-1).
  virtual void prepare(coin n, std::span<const grundy_value> g) = 0;
  /// The least value >= from that is not an option of the prepared coin; nullopt if there is none below 2^64.
  virtual std::optional<grundy_value> first_absent(grundy_value from) = 0;
};

/// Option values too large for a component's array, sorted only if a search gets past the array.
class large_options {
 public:
  void clear() {
    values_.clear();
    sorted_ = true;
  }
  void add(grundy_value v) {
    values_.push_back(v);
    sorted_ = false;
  }
  /// The least value >= y that is not among them; nullopt past 2^64 - 1.
  std::optional<grundy_value> first_absent(grundy_value y) {
    if (!sorted_) {
      std::sort(values_.begin(), values_.end());
      values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
      sorted_ = true;
    }
    for (auto it = std::lower_bound(values_.begin(), values_.end(), y); it != values_.end() && *it == y; ++it) {
      if (y == UINT64_MAX) return std::nullopt;
      ++y;
    }
    return y;
  }

 private:
  std::vector<grundy_value> values_;
  bool sorted_ = true;
};

/// The option values listed explicitly. Values below the array's size are marked with a stamp per coin (the array
/// only grows, to the most options a coin had plus one, and is never cleared: the mex of m values is at most m);
/// larger ones are sorted only if the search gets past the array.
class explicit_component final : public component {
 public:
  explicit explicit_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    values_.clear();
    alternative_option_values(alt_, n, g, values_);
    if (values_.size() + 1 > stamps_.size()) stamps_.resize(values_.size() + 1, 0);
    if (++stamp_ == 0) {  // a wrap: clear the stamps of 65536 coins ago
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    big_.clear();
    std::uint16_t* const stamps = stamps_.data();
    const std::size_t marked = stamps_.size();
    const std::uint16_t stamp = stamp_;
    for (const grundy_value v : values_) {
      if (v < marked)
        stamps[static_cast<std::size_t>(v)] = stamp;
      else
        big_.add(v);
    }
  }

  std::optional<grundy_value> first_absent(grundy_value y) override {
    while (y < stamps_.size() && stamps_[static_cast<std::size_t>(y)] == stamp_) ++y;
    if (y < stamps_.size()) return y;
    return big_.first_absent(y);
  }

 private:
  turning_alternative alt_;
  std::vector<grundy_value> values_;
  // stamps_[v] == stamp_: v is an option of the prepared coin. 16 bits, as a listing can hold 2^24 values: the
  // stamps are cleared once every 65535 coins instead.
  std::vector<std::uint16_t> stamps_;
  std::uint16_t stamp_ = 0;
  large_options big_;
};

/// The option values marked into stamps as a family walks the moves, one XOR and one store per move, where listing
/// them (the family's option_values, which walks the same moves) builds a vector first: equally spaced sets
/// (progression.cpp) and symmetric sets of at most five coins (symmetric.cpp). `Walk::mark_options(alt, n, values,
/// lo, hi, mark)` calls mark(v) for every option of coin n but the coin turned alone (marked here). Every option is
/// below 2^(bit width of the values' OR), so while that stays within max_marked no option takes the sorted route.
template <class Walk>
class walk_component final : public component {
 public:
  explicit walk_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    for (; seen_ < n; ++seen_) value_bits_ |= g[seen_];
    const grundy_value span = value_bits_ >= max_marked ? max_marked : std::bit_ceil(value_bits_ + 1);
    if (span > stamps_.size()) stamps_.resize(static_cast<std::size_t>(span), 0);
    if (++stamp_ == 0) {  // a wrap: clear the stamps of 2^32 coins ago
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    big_.clear();
    // Locals in the loops, not members: a store into the stamps could otherwise alias the vector's own fields, and
    // the compiler would reload them on every move (as in runs_component).
    std::uint32_t* const stamps = stamps_.data();
    const std::size_t marked = stamps_.size();
    const std::uint32_t stamp = stamp_;
    const auto mark = [&](grundy_value v) {
      if (v < marked)
        stamps[static_cast<std::size_t>(v)] = stamp;
      else
        big_.add(v);
    };
    const grundy_value* const values = g.data();
    const coin lo = lowest_allowed(alt_, n);
    const coin hi = highest_count(alt_, n);
    if (alt_.min_coins > hi || (alt_.includes_first && lo > 0)) return;
    if (turns_alone_allowed(alt_, n)) mark(0);  // n turned alone
    Walk::mark_options(alt_, n, values, lo, hi, mark);
  }

  std::optional<grundy_value> first_absent(grundy_value y) override {
    while (y < stamps_.size() && stamps_[static_cast<std::size_t>(y)] == stamp_) ++y;
    if (y < stamps_.size()) return y;
    return big_.first_absent(y);
  }

 private:
  static constexpr grundy_value max_marked = grundy_value{1} << 22;
  turning_alternative alt_;
  coin seen_ = 0;                      // g(0..seen_-1) are in value_bits_
  grundy_value value_bits_ = 0;        // the OR of the values seen
  std::vector<std::uint32_t> stamps_;  // stamps_[v] == stamp_: v is an option of the prepared coin
  std::uint32_t stamp_ = 0;
  large_options big_;
};

}  // namespace tartan::detail
