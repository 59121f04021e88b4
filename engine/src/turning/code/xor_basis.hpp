// Linear algebra over GF(2)^64 for turning codes whose option sets are spans and cosets (Motley `1+`, Sym `1+S`,
// Sympler `1+FS`, `k+`): an XOR basis, its cosets, the least value a union of cosets misses, and the values of
// "XOR of at least j of these" as a span minus a few exceptions.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tartan/turning/game_concepts.hpp"

namespace tartan::detail {

/// A subspace of GF(2)^64 in echelon form: row[b] is 0 or the basis vector whose highest set bit is b.
/// Each row also records which inserted vectors it combines (`combo`, bit i = the i-th independent insertion),
/// so a member's coordinates over the inserted vectors come out of its reduction.
class xor_basis {
 public:
  /// Adds v; returns true iff v was independent of the rows so far. O(64).
  bool insert(grundy_value v) {
    std::uint64_t combo = 0;
    for (int b = 63; b >= 0 && v != 0; --b) {
      if (((v >> b) & 1) == 0) continue;
      if (row_[b] == 0) {
        combo ^= std::uint64_t{1} << rank_;
        row_[b] = v;
        combo_[b] = combo;
        ++rank_;
        while (low_full_ < 64 && row_[low_full_] != 0) ++low_full_;
        return true;
      }
      v ^= row_[b];
      combo ^= combo_[b];
    }
    return false;
  }

  /// v reduced by the rows (0 iff v is in the span); `combo` receives the inserted vectors used.
  grundy_value reduce(grundy_value v, std::uint64_t* combo = nullptr) const {
    std::uint64_t c = 0;
    for (int b = 63; b >= 0 && v != 0; --b) {
      if (((v >> b) & 1) != 0 && row_[b] != 0) {
        v ^= row_[b];
        c ^= combo_[b];
      }
    }
    if (combo != nullptr) *combo = c;
    return v;
  }

  bool contains(grundy_value v) const { return reduce(v) == 0; }
  int rank() const { return rank_; }
  /// The largest b such that the span contains every value below 2^b (rows 0..b-1 all present).
  int low_full() const { return low_full_; }
  grundy_value row(int b) const { return row_[b]; }

  /// Calls visit(x) for every x in the span (2^rank values, each once), in Gray-code order.
  template <class Visit>
  bool for_each_member(Visit&& visit) const {
    std::array<grundy_value, 64> rows{};
    int r = 0;
    for (int b = 0; b < 64; ++b) {
      if (row_[b] != 0) rows[r++] = row_[b];
    }
    grundy_value x = 0;
    if (!visit(x)) return false;
    const std::uint64_t count = r == 64 ? 0 : std::uint64_t{1} << r;  // 0 = 2^64: not reachable in practice
    for (std::uint64_t i = 1; i != count; ++i) {
      x ^= rows[std::countr_zero(i)];
      if (!visit(x)) return false;
    }
    return true;
  }

 private:
  std::array<grundy_value, 64> row_{};
  std::array<std::uint64_t, 64> combo_{};
  int rank_ = 0;
  int low_full_ = 0;
};

/// The coset offset ⊕ span(basis).
struct xor_coset {
  grundy_value offset = 0;
  xor_basis basis;
};

/**
 * The least value y >= from that lies in none of the cosets, or nullopt when they cover all of [from, 2^64).
 * Exact: a descent over bit prefixes from the top bit, keeping the cosets that meet the current block (a coset
 * meets the block of prefix p at level b iff offset ⊕ p·2^b reduces, by the rows of pivot >= b, to a value below
 * 2^b) and stopping as soon as one of them contains the whole block (its rows 0..b-1 are all present) or none is
 * left. Cost: O(64 · cosets) per node visited; the nodes visited are the path to the answer plus the blocks to its
 * left that the union covers, split until a single coset covers each (coverage by a union of cosets is coNP-hard
 * in general, so no method is polynomial in the worst case; the sizes met by Sym are small).
 */
std::optional<grundy_value> first_uncovered(std::span<const xor_coset> cosets, grundy_value from);

/// The least y >= from outside the coset offset ⊕ span, or nullopt. O(64^2) worst case.
std::optional<grundy_value> first_outside(const xor_coset& coset, grundy_value from);

/**
 * The values XOR(T) over subsets T of `values` with |T| >= at_least, as span(values) minus exceptions.
 * With the values split into an independent basis B and the dependent rest D: every x in the span has one
 * representation per subset T_D of D, of size |T_D| + |coords_B(x ⊕ XOR T_D)|; if |D| >= at_least, taking T_D = D
 * always works. Otherwise an exception must have |coords_B(x)| < at_least, so the candidates are the XORs of fewer
 * than at_least basis vectors, each tested against the 2^|D| < 2^at_least choices of T_D.
 * Cost: O(|values| · 64 + C(rank, < at_least) · 2^|D|).
 */
class xor_at_least {
 public:
  xor_at_least(std::uint32_t at_least) : at_least_(at_least) {}
  void add(grundy_value v);
  const xor_basis& basis() const { return basis_; }
  /// The values of the span not reachable with at_least or more of the values (sorted ascending).
  std::vector<grundy_value> exceptions() const;

 private:
  std::uint32_t at_least_;
  xor_basis basis_;
  std::vector<grundy_value> independent_;        // the inserted values that entered the basis, in order
  std::vector<std::uint64_t> dependent_combos_;  // for each dependent value, its coordinates over independent_
};

}  // namespace tartan::detail
