// Plain enumeration of the moves of one turning-code alternative, the membership test, and move counts.
// The fallback for codes without a specialised algorithm, and the reference the fast paths are tested against.
// Internal to the engine: included by engine/src/turning_code*.cpp (and by benchmarks/container_benchmark.cpp,
// which runs enumerate_code with either container).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>

#include "detail/small_buffer.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/detail/saturating.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::detail {

/// The lowest coin a move from n may turn under the alternative's span C(w) (0 without one).
inline coin lowest_allowed(const turning_alternative& alt, coin n) {
  return alt.window != 0 && n + 1 > alt.window ? n + 1 - alt.window : 0;
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

/// Calls visit(others) once per move from coin n allowed by the alternative, `others` ascending and below n.
/// Returns false iff visit stopped the enumeration. Cost: proportional to the number of moves (times k).
template <class Buffer, class Visit>
bool enumerate_alternative(const turning_alternative& alt, coin n, Buffer& buffer, Visit&& visit) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.includes_first && lo > 0) return true;
  for (coin k = alt.min_coins; k <= hi; ++k) {
    buffer.clear();
    if (k == 1) {
      if (alt.includes_first && n != 0) continue;
      if (!visit(as_span(buffer))) return false;
      continue;
    }
    if (alt.consecutive) {  // the k coins n-k+1..n
      if (alt.includes_first && k != n + 1) continue;
      buffer.resize(k - 1);
      std::iota(buffer.begin(), buffer.end(), n + 1 - k);
      if (!visit(as_span(buffer))) return false;
    } else if (alt.equally_spaced) {  // step d: n-(k-1)d, ..., n-d
      for (coin d = 1; std::uint64_t{d} * (k - 1) <= n - lo; ++d) {
        const coin first = n - d * (k - 1);
        if (alt.includes_first && first != 0) continue;
        buffer.resize(k - 1);
        for (coin i = 0; i + 1 < k; ++i) buffer[i] = first + i * d;
        if (!visit(as_span(buffer))) return false;
      }
    } else if (alt.symmetric) {  // leftmost m; inner pairs (i, m+n-i) for m < i < (m+n)/2; centre if m+n even
      const coin m_end = alt.includes_first ? 1 : n;
      for (coin m = lo; m < m_end; ++m) {
        const coin inner = n - m - 1;  // coins strictly between m and n
        const coin pairs = inner / 2;
        const bool has_centre = inner % 2 == 1;
        const coin rest = k - 2;
        for (coin centre = 0; centre <= (has_centre ? 1u : 0u); ++centre) {
          if (rest < centre || (rest - centre) % 2 != 0 || (rest - centre) / 2 > pairs) continue;
          const coin p = (rest - centre) / 2;
          // choose p of the pairs: offsets j in [1, pairs], coin m + j and its mirror n - j
          Buffer chosen;
          auto emit = [&](std::span<const coin> js) {
            buffer.clear();
            buffer.push_back(m);
            for (const coin j : js) buffer.push_back(m + j);
            if (centre) buffer.push_back(m + (n - m) / 2);
            for (std::size_t i = js.size(); i-- > 0;) buffer.push_back(n - js[i]);
            return visit(as_span(buffer));
          };
          if (!enumerate_combinations(1, pairs + 1, p, chosen, 0, emit)) return false;
        }
      }
    } else if (alt.includes_first) {  // coin 0 and k-2 more from 1..n-1
      buffer.push_back(0);
      if (!enumerate_combinations(1, n, k - 2, buffer, 1, visit)) return false;
    } else {
      if (!enumerate_combinations(lo, n, k - 1, buffer, 0, visit)) return false;
    }
  }
  return true;
}

/// turning_code::for_each_move: the moves from coin n under the alternatives, each set once (under the first
/// alternative that allows it). One move buffer per call, as `Buffers` makes it (detail/small_buffer.hpp): most
/// codes turn a few coins per move, and a coin with few moves would otherwise pay more for the buffer's
/// allocation than for its moves.
template <class Buffers = buffers>
bool enumerate_code(std::span<const turning_alternative> alternatives, coin n, move_visitor visit) {
  small_buffer<coin, 16, Buffers> buffer;
  for (std::size_t i = 0; i < alternatives.size(); ++i) {
    const auto earlier = alternatives.first(i);
    const bool go_on = enumerate_alternative(alternatives[i], n, buffer, [&](std::span<const coin> others) {
      for (const turning_alternative& e : earlier) {
        if (alternative_allows(e, n, others)) return true;  // visited already, under an earlier alternative
      }
      return visit(others);
    });
    if (!go_on) return false;
  }
  return true;
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

/// The number of moves from coin n allowed by the alternative (saturating), from formulas, in O(n * k).
inline std::uint64_t count_alternative_moves(const turning_alternative& alt, coin n) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.includes_first && lo > 0) return 0;
  std::uint64_t total = 0;
  for (coin k = alt.min_coins; k <= hi && total != UINT64_MAX; ++k) {
    std::uint64_t c = 0;
    if (k == 1) {
      c = alt.includes_first && n != 0 ? 0 : 1;
    } else if (alt.consecutive) {
      c = !alt.includes_first || k == n + 1 ? 1 : 0;
    } else if (alt.equally_spaced) {
      if (alt.includes_first)
        c = n % (k - 1) == 0 ? 1 : 0;
      else
        c = (n - lo) / (k - 1);
    } else if (alt.symmetric) {
      const coin m_end = alt.includes_first ? 1 : n;
      for (coin m = lo; m < m_end; ++m) {
        const coin inner = n - m - 1;
        const coin rest = k - 2;
        if (rest % 2 == 0) c = saturating_add(c, saturating_binomial(inner / 2, rest / 2));
        if (inner % 2 == 1 && rest % 2 == 1) c = saturating_add(c, saturating_binomial(inner / 2, rest / 2));
      }
    } else if (alt.includes_first) {
      c = saturating_binomial(n - 1, k - 2);
    } else {
      c = saturating_binomial(n - lo, k - 1);
    }
    total = saturating_add(total, c);
  }
  return total;
}

}  // namespace tartan::detail
