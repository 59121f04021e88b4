// Subsets of a row of values by their XOR, the kernels of the plain and symmetric families (a plain count chooses
// coins of a range, a symmetric one chooses mirror pairs): the XORs of every r-subset (subset_xor_values: listing,
// a Walsh-Hadamard transform, or a span minus exceptions) and the subsets of a given XOR (find_subsets).
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "detail/small_buffer.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::detail {

/// Calls visit(x) with base ⊕ XOR of every r-subset of values, in lexicographic order of the positions.
/// O(C(len, r)). The enumeration route of subset_xor_values, called once per size (and, for S codes, per leftmost
/// coin): its two buffers (r and r + 1 entries) are made by `Buffers` (detail/small_buffer.hpp), so that the small
/// sizes common there take no allocation.
template <class Buffers = buffers, class Visit>
void for_each_subset_xor(std::span<const grundy_value> values, std::size_t r, grundy_value base, Visit&& visit) {
  const std::size_t len = values.size();
  if (r > len) return;
  if (r == 0) {
    visit(base);
    return;
  }
  small_buffer<std::size_t, 16, Buffers> idx(r);
  small_buffer<grundy_value, 17, Buffers> acc(r + 1);  // acc[i] = base ⊕ values[idx[0..i-1]]
  acc[0] = base;
  for (std::size_t i = 0; i < r; ++i) {
    idx[i] = i;
    acc[i + 1] = acc[i] ^ values[i];
  }
  for (;;) {
    visit(acc[r]);
    std::size_t i = r;
    while (i > 0 && idx[i - 1] == len - (r - i + 1)) --i;
    if (i == 0) return;
    ++idx[i - 1];
    acc[i] = acc[i - 1] ^ values[idx[i - 1]];
    for (std::size_t j = i; j < r; ++j) {
      idx[j] = idx[j - 1] + 1;
      acc[j + 1] = acc[j] ^ values[idx[j]];
    }
  }
}

/// subset_xor_values by listing: appends base ⊕ XOR of every r-subset of values, r in [r_lo, r_hi], r_hi <= len.
/// O(Σ_r C(len, r)). The route for short rows: a product's last factor lists its options this way at every cell
/// of a narrow box, once per row move.
template <class Buffers = buffers>
void list_subset_xor_values(std::span<const grundy_value> values, grundy_value base, std::uint64_t r_lo,
                            std::uint64_t r_hi, std::vector<grundy_value>& out) {
  for (std::uint64_t r = r_lo; r <= r_hi; ++r) {
    for_each_subset_xor<Buffers>(values, static_cast<std::size_t>(r), base, [&](grundy_value x) { out.push_back(x); });
  }
}

/**
 * Appends base ⊕ XOR of r of the values (at distinct positions), for every r in [r_lo, r_hi]: each distinct
 * value at least once. Picks the cheapest exact route: enumeration (Σ C(len, r) subsets), a Walsh-Hadamard
 * transform with Krawtchouk coefficients (O(2^B (B + r_hi)) for values below 2^B), or a span minus exceptions
 * when every size from r_lo up is allowed (O(2^rank)).
 */
void subset_xor_values(std::span<const grundy_value> values, grundy_value base, std::uint64_t r_lo, std::uint64_t r_hi,
                       std::vector<grundy_value>& out);

/**
 * Visits every set of r_lo..r_hi positions of `values` (ascending indices) whose XOR equals target, each once.
 * r <= 2 by hashing (O(len + output)), 3 by a value index (O(len^2)), 4 by meet in the middle on pairs, more by
 * fixing the top positions; all sizes by solving the linear system (O(len·64 + solutions)).
 */
bool find_subsets(std::span<const grundy_value> values, grundy_value target, std::uint64_t r_lo, std::uint64_t r_hi,
                  detail::function_ref<bool(std::span<const coin>)> visit);

}  // namespace tartan::detail
