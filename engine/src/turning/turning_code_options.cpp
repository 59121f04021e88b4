// turning_code option values for an arbitrary value table, per family (docs/turning_codes.md):
//   plain counts      subsets of a range of coins: enumeration, Walsh-Hadamard + Krawtchouk, or span − exceptions
//   C consecutive     suffix XORs, O(min(n, max count))
//   E progressions    per-step chains n-d, n-2d, ..., O(n log n) for unbounded counts
//   S symmetric       per leftmost coin m: g(m) ⊕ (subsets of the mirror pairs g(m+j) ⊕ g(n-j)) ⊕ optional centre
#include <algorithm>
#include <bit>
#include <cmath>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/time_limit.hpp"
#include "turning/code_algorithms.hpp"
#include "turning/code_xor.hpp"

namespace tartan::detail {

namespace {

using i128 = tartan::int128;

/// The most sets of coins listed one by one for one coin, as a power of two (see subset_xor_values).
constexpr long double max_enumeration_log2 = 24;

/// A time estimate a reader takes in at once: "1 second", "5 seconds", "2.5 min", "3.1 days", "585 years".
std::string enumeration_time(long double seconds) {
  constexpr long double year = 365.25L * 86400;
  if (seconds < 100) {
    const auto whole = static_cast<long long>(std::ceil(seconds));
    return std::to_string(whole) + (whole == 1 ? " second" : " seconds");
  }
  if (seconds >= 2 * year) {
    if (seconds >= 1e6L * year) return "more than a million years";
    return std::to_string(std::llround(seconds / year)) + " years";
  }
  return format_seconds(static_cast<double>(seconds));
}

/// log2 of C(len, r).
long double log2_binomial(std::uint64_t len, std::uint64_t r) {
  const auto lg = [](std::uint64_t x) { return std::lgammal(static_cast<long double>(x) + 1); };
  return (lg(len) - lg(r) - lg(len - r)) / std::log(2.0L);
}

/// log2 of Σ_{r=lo}^{hi} C(len, r), hi <= len (−inf for an empty range).
long double log2_subset_count(std::uint64_t len, std::uint64_t lo, std::uint64_t hi) {
  if (lo > hi) return -INFINITY;
  long double biggest = -INFINITY;
  for (std::uint64_t r = lo; r <= hi; ++r) biggest = std::max(biggest, log2_binomial(len, r));
  long double sum = 0;
  for (std::uint64_t r = lo; r <= hi; ++r) sum += std::exp2(log2_binomial(len, r) - biggest);
  return biggest + std::log2(sum);
}

/// In-place Walsh-Hadamard transform (unnormalised) of a vector of size 2^B.
template <class T>
void walsh_hadamard(std::vector<T>& a) {
  for (std::size_t h = 1; h < a.size(); h <<= 1) {
    for (std::size_t i = 0; i < a.size(); i += h << 1) {
      for (std::size_t j = i; j < i + h; ++j) {
        const T x = a[j], y = a[j + h];
        a[j] = x + y;
        a[j + h] = x - y;
      }
    }
  }
}

/// The number of r-subsets of the values with XOR x is 2^-B Σ_s (-1)^{s·x} K_r(s), where K_r(s) is the t^r
/// coefficient of (1+t)^{len-m}(1-t)^m, m = #{values v : s·v odd} = (len − W(s))/2 and W the Walsh-Hadamard
/// transform of the value counts (MacWilliams; K_r is a Krawtchouk polynomial). Counts are >= 0, so summing
/// over r in [r_lo, r_hi] before the inverse transform keeps exactly the x reachable with some allowed r.
void subset_xor_values_wht(std::span<const grundy_value> values, int bits, grundy_value base, std::uint64_t r_lo,
                           std::uint64_t r_hi, std::vector<grundy_value>& out) {
  const std::size_t size = std::size_t{1} << bits;
  const auto len = static_cast<i128>(values.size());
  std::vector<std::int64_t> w(size, 0);
  for (const grundy_value v : values) ++w[static_cast<std::size_t>(v)];
  walsh_hadamard(w);
  std::vector<i128> sum(size, 0);
  for (std::size_t s = 0; s < size; ++s) {
    const i128 m = (len - w[s]) / 2;
    i128 prev = 0, cur = 1;  // K_{r-1}, K_r at r = 0
    i128 total = r_lo == 0 ? 1 : 0;
    for (std::uint64_t r = 0; r < r_hi; ++r) {
      // (r+1) K_{r+1} = (len − 2m) K_r − (len − r + 1) K_{r−1}
      const i128 next = ((len - 2 * m) * cur - (len - static_cast<i128>(r) + 1) * prev) / static_cast<i128>(r + 1);
      prev = cur;
      cur = next;
      if (r + 1 >= r_lo) total += cur;
    }
    sum[s] = total;
  }
  walsh_hadamard(sum);
  for (std::size_t x = 0; x < size; ++x) {
    if (sum[x] > 0) out.push_back(base ^ static_cast<grundy_value>(x));
  }
}

}  // namespace

void subset_xor_values(std::span<const grundy_value> values, grundy_value base, std::uint64_t r_lo, std::uint64_t r_hi,
                       std::vector<grundy_value>& out) {
  const std::uint64_t len = values.size();
  r_hi = std::min(r_hi, len);
  if (r_lo > r_hi) return;
  if (r_hi <= 1) {
    if (r_lo == 0) out.push_back(base);
    if (r_hi == 1) {
      for (const grundy_value v : values) out.push_back(base ^ v);
    }
    return;
  }
  if (len <= 12) {  // at most 4096 subsets: enumerate without weighing the routes
    list_subset_xor_values(values, base, r_lo, r_hi, out);
    return;
  }
  // Costs of the exact routes, in rough operation counts (log2).
  const long double enum_cost = log2_subset_count(len, r_lo, r_hi);
  grundy_value all = 0;
  for (const grundy_value v : values) all |= v;
  const int bits = std::max(1, static_cast<int>(std::bit_width(all)));
  long double wht_cost = INFINITY;
  if (bits <= 26) {
    const long double headroom = log2_subset_count(len, 0, r_hi) + std::max<long double>(bits, std::log2l(len + 1)) + 4;
    if (headroom < 124) wht_cost = bits + std::log2l(static_cast<long double>(bits + r_hi + 4)) + 1;
  }
  long double span_cost = INFINITY;
  if (r_hi == len) {
    xor_basis b;
    for (const grundy_value v : values) b.insert(v);
    span_cost = b.rank() + 1 + std::log2l(static_cast<long double>(len) + 1);
  }
  if (enum_cost <= wht_cost && enum_cost <= span_cost) {
    // Every set's XOR is listed (8 bytes each) before the mex: 2^24 sets hold 128 MiB (256 MiB while the vector
    // grows) for this coin alone, and the count about doubles with every further coin (2^30 took 46 s and 9 GB on
    // `seq 1-20 31`; 2^27 still peaked at 2.2 GB). Measured about 10^9 sets/s.
    if (enum_cost > max_enumeration_log2) {
      const long double sets = std::exp2(enum_cost);
      const long double bytes = sets * 8;
      throw limit_error(
          "listing its option values would enumerate 2^" + std::to_string(std::lround(enum_cost)) +
          " sets of coins, about " + enumeration_time(sets / 1e9L) + " and " +
          (bytes >= 0x1p64L ? std::string("more than 16 EiB") : format_bytes(static_cast<std::uint64_t>(bytes))) +
          " for this coin alone, more for each further coin");
    }
    list_subset_xor_values(values, base, r_lo, r_hi, out);
  } else if (wht_cost <= span_cost) {
    subset_xor_values_wht(values, bits, base, r_lo, r_hi, out);
  } else {
    xor_at_least acc(static_cast<std::uint32_t>(std::min<std::uint64_t>(r_lo, 64)));
    for (const grundy_value v : values) acc.add(v);
    if (acc.basis().rank() > 28) {
      throw limit_error("its option values span 2^" + std::to_string(acc.basis().rank()) + " values, too many to list");
    }
    const std::vector<grundy_value> except = acc.exceptions();
    acc.basis().for_each_member([&](grundy_value x) {
      if (!std::binary_search(except.begin(), except.end(), x)) out.push_back(base ^ x);
      return true;
    });
  }
}

namespace {

void option_values_of(const turning_alternative& alt, coin n, std::span<const grundy_value> g,
                      std::vector<grundy_value>& out) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.min_coins > hi) return;
  if (alt.includes_first && lo > 0) return;
  const bool single_ok = alt.min_coins <= 1 && (!alt.includes_first || n == 0);  // the move turning n alone
  switch (family_of(alt)) {
    case code_family::plain: {
      const plain_layout p = layout_plain(alt, n);
      if (!p.possible) return;
      subset_xor_values(g.subspan(p.begin, n - p.begin), p.first ? g[0] : 0, p.r_lo, p.r_hi, out);
      return;
    }
    case code_family::consecutive: {
      // k consecutive coins n-k+1..n: the others' XOR is the suffix XOR of g over [n-k+1, n).
      grundy_value x = 0;
      for (coin k = 1; k <= hi; ++k) {
        if (k >= 2) x ^= g[n + 1 - k];
        if (k >= alt.min_coins && (!alt.includes_first || k == n + 1)) out.push_back(x);
      }
      return;
    }
    case code_family::progression: {
      if (single_ok) out.push_back(0);
      // Step d, k coins: n-(k-1)d, ..., n-d; the chain adds one coin per k. Σ_d min(hi, n/d) = O(n log n).
      for (coin d = 1; d <= n - lo; ++d) {
        grundy_value x = 0;
        coin k = 2;
        for (coin c = n - d;; c -= d) {
          x ^= g[c];
          if (k >= alt.min_coins && (!alt.includes_first || c == 0)) out.push_back(x);
          if (k == hi || c < lo + d) break;
          ++k;
        }
      }
      return;
    }
    case code_family::symmetric: {
      if (single_ok) out.push_back(0);
      const coin m_end = alt.includes_first ? std::min<coin>(1, n) : n;
      std::vector<grundy_value> pairs;
      if (lo < m_end) pairs.reserve((n - lo - 1) / 2);  // the most pairs, at the first leftmost coin
      for (coin m = lo; m < m_end; ++m) {
        const coin inner = n - m - 1;
        pairs.clear();
        for (coin j = 1; j <= inner / 2; ++j) pairs.push_back(g[m + j] ^ g[n - j]);
        for (coin centre = 0; centre <= inner % 2; ++centre) {
          if (hi < 2 + centre) continue;
          const std::uint64_t need = alt.min_coins > 2 + centre ? alt.min_coins - 2 - centre : 0;
          const std::uint64_t p_lo = (need + 1) / 2;
          const std::uint64_t p_hi = (hi - 2 - centre) / 2;
          const grundy_value base = g[m] ^ (centre != 0 ? g[m + (n - m) / 2] : 0);
          subset_xor_values(pairs, base, p_lo, p_hi, out);
        }
      }
      return;
    }
  }
}

}  // namespace

void alternative_option_values(const turning_alternative& alt, coin n, std::span<const grundy_value> g,
                               std::vector<grundy_value>& out) {
  try {
    option_values_of(alt, n, g, out);
  } catch (const limit_error& e) {
    // The listing routes do not know the coin: name it, and how far the values can be computed.
    limit_figures f;
    f.asked = "the option values of coin " + std::to_string(n);
    if (n > 0) {
      f.suggestion = n;
      f.suggestion_unit = limit_unit::values;
    }
    throw limit_error("coin " + std::to_string(n) + ": " + e.what(),
                      n == 0 ? std::string("use a code whose moves turn fewer coins")
                             : "ask for at most " + std::to_string(n) + " values (g(0.." + std::to_string(n - 1) +
                                   ")), or use a code whose moves turn fewer coins",
                      std::move(f));
  }
}

}  // namespace tartan::detail
