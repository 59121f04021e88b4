// What every family of the turning-code language shares: the shape of one alternative's moves at coin n (the lowest
// coin a span allows, the largest count), the membership test (the definition the families' routes are tested
// against), subsets of a range in lexicographic order, and the intersection of two alternatives.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <span>

#include "detail/small_buffer.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/detail/saturating.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::detail {

class component;  // a part of the incremental solver, kept by each family in its own structure (component.hpp)

/// The lowest coin a move from n may turn under the alternative's span C(w) (0 without one).
inline coin lowest_allowed(const turning_alternative& alt, coin n) {
  return alt.window != 0 && n + 1 > alt.window ? n + 1 - alt.window : 0;
}

/// Whether the move turning coin n alone is allowed (a count from 1, and coin n is coin 0 under F).
inline bool turns_alone_allowed(const turning_alternative& alt, coin n) {
  return alt.min_coins <= 1 && (!alt.includes_first || n == 0);
}

/// The alternative's largest count, capped at n + 1 coins (all of 0..n) and at its span.
inline coin highest_count(const turning_alternative& alt, coin n) {
  coin hi = std::min<coin>(alt.max_coins, n + 1);
  if (alt.window != 0) hi = std::min(hi, alt.window);
  return hi;
}

/// Whether turning n together with `others` (ascending, all < n) is allowed by the alternative.
inline bool alternative_allows(const turning_alternative& alt, coin n, std::span<const coin> others) {
  const std::size_t k = others.size() + 1;
  if (k < alt.min_coins || (!alt.is_unbounded() && k > alt.max_coins)) return false;
  const coin first = others.empty() ? n : others.front();
  if (alt.includes_first && first != 0) return false;
  if (alt.window != 0 && n - first >= alt.window) return false;
  const auto at = [&](std::size_t i) { return i + 1 == k ? n : others[i]; };
  if (alt.consecutive) {
    for (std::size_t i = 0; i + 1 < k; ++i) {
      if (at(i) + 1 != at(i + 1)) return false;
    }
  }
  if (alt.equally_spaced && k >= 3) {
    const coin d = at(1) - at(0);
    for (std::size_t i = 1; i + 1 < k; ++i) {
      if (at(i + 1) - at(i) != d) return false;
    }
  }
  if (alt.symmetric) {
    const std::uint64_t sum = std::uint64_t{at(0)} + at(k - 1);
    // Pairs i, k-1-i up to and including the middle coin of an odd set, which must be the centre itself (at(i)
    // twice = sum). Written as 2i + 1 <= k: k - 1 - i would wrap below zero for a single coin (k = 1).
    for (std::size_t i = 1; 2 * i + 1 <= k; ++i) {
      if (std::uint64_t{at(i)} + at(k - 1 - i) != sum) return false;
    }
  }
  return true;
}

/// Calls visit(buffer) for every r-subset of [begin, end) in lexicographic order, written ascending after the
/// first `prefix` entries of buffer (kept as they are). Returns false iff visit stopped. O(C(end - begin, r) · r).
template <class Buffer, class Visit>
bool enumerate_combinations(coin begin, coin end, std::size_t r, Buffer& buffer, std::size_t prefix, Visit& visit) {
  if (r > end - begin) return true;
  buffer.resize(prefix + r);
  for (std::size_t i = 0; i < r; ++i) buffer[prefix + i] = begin + static_cast<coin>(i);
  for (;;) {
    if (!visit(as_span(buffer))) return false;
    std::size_t i = r;
    while (i > 0 && buffer[prefix + i - 1] == end - static_cast<coin>(r - i + 1)) --i;
    if (i == 0) return true;
    ++buffer[prefix + i - 1];
    for (std::size_t j = i; j < r; ++j) buffer[prefix + j] = buffer[prefix + j - 1] + 1;
  }
}

/// The alternative allowing exactly the sets both allow, or nullopt when no set is allowed by both. Spacing
/// constraints nest (consecutive sets are progressions, progressions are symmetric), so the stricter one wins.
inline std::optional<turning_alternative> intersect(const turning_alternative& a, const turning_alternative& b) {
  turning_alternative m;
  m.min_coins = std::max(a.min_coins, b.min_coins);
  m.max_coins = std::min(a.max_coins, b.max_coins);
  if (m.min_coins > m.max_coins) return std::nullopt;
  m.window = a.window == 0 ? b.window : b.window == 0 ? a.window : std::min(a.window, b.window);
  m.consecutive = a.consecutive || b.consecutive;
  m.equally_spaced = !m.consecutive && (a.equally_spaced || b.equally_spaced);
  m.symmetric = !m.consecutive && !m.equally_spaced && (a.symmetric || b.symmetric);
  m.includes_first = a.includes_first || b.includes_first;
  return m;
}

/// binomial(n, r), saturating at UINT64_MAX.
inline std::uint64_t saturating_binomial(std::uint64_t n, std::uint64_t r) {
  if (r > n) return 0;
  r = std::min(r, n - r);
  uint128 c = 1;
  for (std::uint64_t i = 0; i < r; ++i) {
    c = c * (n - i) / (i + 1);  // exact: C(n, i+1) = C(n, i) (n - i) / (i + 1); increasing while i < r <= n/2
    if (c > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(c);
}

}  // namespace tartan::detail
