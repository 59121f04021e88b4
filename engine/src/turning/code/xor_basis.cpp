// GF(2)-linear kernels for span and coset option sets (see turning/code/xor_basis.hpp).
#include "turning/code/xor_basis.hpp"

#include <algorithm>
#include <bit>

namespace tartan::detail {

namespace {

struct active_coset {
  const xor_coset* coset;
  grundy_value residual;  // (offset ⊕ prefix) reduced by the rows of pivot >= level; meets the block iff < 2^level
};

class uncovered_search {
 public:
  uncovered_search(grundy_value from) : from_(from) {}

  // Block: the values whose bits >= level equal those of prefix. tight: the block holds `from` (search y >= from).
  std::optional<grundy_value> run(int level, grundy_value prefix, bool tight, std::vector<active_coset>& active) {
    if (active.empty()) return tight ? from_ : prefix;
    for (const active_coset& a : active) {
      if (a.coset->basis.low_full() >= level) return std::nullopt;  // this coset holds the whole block
    }
    const int bit = level - 1;
    std::vector<active_coset>& next = scratch(bit);
    const unsigned from_bit = static_cast<unsigned>((from_ >> bit) & 1);
    for (unsigned yb = tight ? from_bit : 0; yb <= 1; ++yb) {
      next.clear();
      for (const active_coset& a : active) {
        grundy_value r = a.residual ^ (grundy_value{yb} << bit);
        if (((r >> bit) & 1) != 0) r ^= a.coset->basis.row(bit);  // row 0 when no pivot: r keeps the bit
        if (((r >> bit) & 1) == 0) next.push_back({a.coset, r});
      }
      const auto found = run(bit, prefix | (grundy_value{yb} << bit), tight && yb == from_bit, next);
      if (found) return found;
    }
    return std::nullopt;
  }

 private:
  std::vector<active_coset>& scratch(int bit) { return levels_[static_cast<std::size_t>(bit)]; }

  grundy_value from_;
  std::array<std::vector<active_coset>, 64> levels_;
};

}  // namespace

std::optional<grundy_value> first_uncovered(std::span<const xor_coset> cosets, grundy_value from) {
  std::vector<active_coset> active;
  active.reserve(cosets.size());
  for (const xor_coset& c : cosets) active.push_back({&c, c.offset});
  uncovered_search search(from);
  return search.run(64, 0, true, active);
}

std::optional<grundy_value> first_outside(const xor_coset& coset, grundy_value from) {
  return first_uncovered(std::span<const xor_coset>(&coset, 1), from);
}

void xor_at_least::add(grundy_value v) {
  std::uint64_t combo = 0;
  if (basis_.reduce(v, &combo) != 0) {
    basis_.insert(v);
    independent_.push_back(v);
  } else if (dependent_combos_.size() < at_least_) {
    dependent_combos_.push_back(combo);  // only the first at_least dependents matter (see exceptions())
  }
}

std::vector<grundy_value> xor_at_least::exceptions() const {
  std::vector<grundy_value> out;
  const std::size_t d = dependent_combos_.size();
  if (d >= at_least_) return out;
  const auto rank = static_cast<std::uint32_t>(independent_.size());
  // Candidates: XOR of fewer than at_least independent values, as coordinate masks.
  std::vector<coin> pick;
  const auto test = [&](std::uint64_t coords, grundy_value x) {
    for (std::uint64_t sub = 0; sub < (std::uint64_t{1} << d); ++sub) {
      std::uint64_t c = coords;
      for (std::size_t i = 0; i < d; ++i) {
        if (((sub >> i) & 1) != 0) c ^= dependent_combos_[i];
      }
      if (static_cast<std::uint32_t>(std::popcount(sub)) + static_cast<std::uint32_t>(std::popcount(c)) >= at_least_) {
        return;
      }
    }
    out.push_back(x);
  };
  for (std::uint32_t size = 0; size < at_least_ && size <= rank; ++size) {
    // all size-subsets of [0, rank)
    pick.assign(size, 0);
    for (std::uint32_t i = 0; i < size; ++i) pick[i] = i;
    for (;;) {
      std::uint64_t coords = 0;
      grundy_value x = 0;
      for (const coin i : pick) {
        coords |= std::uint64_t{1} << i;
        x ^= independent_[i];
      }
      test(coords, x);
      std::uint32_t i = size;
      while (i > 0 && pick[i - 1] == rank - (size - i + 1)) --i;
      if (i == 0) break;
      ++pick[i - 1];
      for (std::uint32_t j = i; j < size; ++j) pick[j] = pick[j - 1] + 1;
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tartan::detail
