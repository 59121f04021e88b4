// The subset kernels of subsets.hpp: the XORs of r-subsets of a row (listing, Walsh-Hadamard with Krawtchouk
// coefficients, or a span minus exceptions, whichever is cheapest) and the subsets of a given XOR (scans, hashing,
// meeting in the middle, or the linear system over GF(2) for every size at once).
#include "turning/code/subsets.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "turning/code/walsh_hadamard.hpp"
#include "turning/code/xor_basis.hpp"

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

using visitor = function_ref<bool(std::span<const coin>)>;

/// value -> the positions holding it, ascending: an open-addressing table of values, each with the head of a
/// chain of positions threaded through `next_`. Built in O(len) without per-entry allocation.
class value_index {
 public:
  static constexpr coin none = UINT32_MAX;

  explicit value_index(std::span<const grundy_value> values) : values_(values), next_(values.size(), none) {
    std::size_t capacity = 16;
    while (capacity < 2 * values.size()) capacity <<= 1;
    shift_ = 64 - std::countr_zero(capacity);
    head_.assign(capacity, none);
    for (std::size_t i = values.size(); i-- > 0;) {  // descending, so that each chain comes out ascending
      const std::size_t slot = find_slot(values[i]);
      next_[i] = head_[slot];
      head_[slot] = static_cast<coin>(i);
    }
  }

  /// The first position holding v (none if absent); then next(p) until none.
  coin first(grundy_value v) const { return head_[find_slot(v)]; }
  coin next(coin p) const { return next_[p]; }

 private:
  std::size_t find_slot(grundy_value v) const {
    std::size_t slot = static_cast<std::size_t>((v * 0x9e3779b97f4a7c15ULL) >> shift_);
    while (head_[slot] != none && values_[head_[slot]] != v) slot = (slot + 1) & (head_.size() - 1);
    return slot;
  }

  std::span<const grundy_value> values_;
  std::vector<coin> head_;
  std::vector<coin> next_;
  int shift_ = 60;
};

class subset_finder {
 public:
  subset_finder(std::span<const grundy_value> values, visitor visit) : values_(values), visit_(visit) {}

  /// r positions below `bound` with XOR target, appended (as the lower part) to the positions fixed in chosen_.
  bool exact(std::size_t r, grundy_value target, std::size_t bound) {
    if (r == 0) return target != 0 || emit({});
    if (r > bound) return true;
    if (r == 1) {  // a scan: cheaper than an index when used once
      for (std::size_t a = 0; a < bound; ++a) {
        const coin one[1] = {static_cast<coin>(a)};
        if (values_[a] == target && !emit(one)) return false;
        if (!keep_searching()) return false;
      }
      return true;
    }
    if (r == 2) {
      const value_index& idx = index();
      for (std::size_t b = 1; b < bound; ++b) {
        if (!keep_searching()) return false;
        for (coin a = idx.first(target ^ values_[b]); a != value_index::none && a < b; a = idx.next(a)) {
          const coin two[2] = {a, static_cast<coin>(b)};
          if (!emit(two)) return false;
        }
      }
      return true;
    }
    if (r == 4 && bound <= pair_limit) return four_by_pairs(target, bound);
    // Fix the highest position e and look for r-1 below it: O(bound^(r-2)) with the pair scan at r = 2.
    for (std::size_t e = r - 1; e < bound; ++e) {
      chosen_.push_back(static_cast<coin>(e));
      const bool go_on = exact(r - 1, target ^ values_[e], e);
      chosen_.pop_back();
      if (!go_on) return false;
    }
    return true;
  }

 private:
  static constexpr std::size_t pair_limit = 3000;  // the pair table holds bound^2/2 entries

  // Meet in the middle: pairs (a, b) indexed by XOR; for each top pair (c, d), c < d < bound, the pairs with b < c.
  bool four_by_pairs(grundy_value target, std::size_t bound) {
    std::unordered_map<grundy_value, std::vector<std::pair<coin, coin>>> pairs;  // by b ascending
    for (std::size_t c = 2; c + 1 < bound; ++c) {
      for (std::size_t a = 0; a + 1 < c; ++a) pairs[values_[a] ^ values_[c - 1]].emplace_back(a, c - 1);
      for (std::size_t d = c + 1; d < bound; ++d) {
        if (!keep_searching()) return false;
        const auto it = pairs.find(target ^ values_[c] ^ values_[d]);
        if (it == pairs.end()) continue;
        for (const auto& [a, b] : it->second) {
          const coin four[4] = {a, b, static_cast<coin>(c), static_cast<coin>(d)};
          if (!emit(four)) return false;
        }
      }
    }
    return true;
  }

  const value_index& index() {
    if (!index_) index_.emplace(values_);
    return *index_;
  }

  bool emit(std::span<const coin> low) {
    buffer_.assign(low.begin(), low.end());
    buffer_.insert(buffer_.end(), chosen_.rbegin(), chosen_.rend());  // chosen_ holds fixed positions, descending
    return visit_(std::span<const coin>(buffer_));
  }

  std::span<const grundy_value> values_;
  visitor visit_;
  std::optional<value_index> index_;
  std::vector<coin> chosen_;
  std::vector<coin> buffer_;
};

/// All-sizes search: the solutions x of Σ x_i values_i = target form a coset of the kernel; enumerate it and keep
/// the solutions with at least r_lo positions. O(len · 64 + 2^(len − rank)).
bool find_all_sizes(std::span<const grundy_value> values, grundy_value target, std::uint64_t r_lo, visitor visit) {
  const std::size_t len = values.size();
  // Gaussian elimination with position masks (len may exceed 64: keep masks as bit vectors).
  const std::size_t words = (len + 63) / 64;
  struct row {
    grundy_value value;
    std::vector<std::uint64_t> mask;
  };
  std::array<int, 64> pivot_row;
  pivot_row.fill(-1);
  std::vector<row> rows;
  std::vector<std::vector<std::uint64_t>> kernel;
  for (std::size_t i = 0; i < len; ++i) {
    row r{values[i], std::vector<std::uint64_t>(words, 0)};
    r.mask[i / 64] |= std::uint64_t{1} << (i % 64);
    for (int b = 63; b >= 0 && r.value != 0; --b) {
      if (((r.value >> b) & 1) == 0 || pivot_row[b] < 0) continue;
      const row& p = rows[static_cast<std::size_t>(pivot_row[b])];
      r.value ^= p.value;
      for (std::size_t w = 0; w < words; ++w) r.mask[w] ^= p.mask[w];
    }
    if (r.value == 0) {
      kernel.push_back(std::move(r.mask));
    } else {
      pivot_row[std::bit_width(r.value) - 1] = static_cast<int>(rows.size());
      rows.push_back(std::move(r));
    }
  }
  std::vector<std::uint64_t> particular(words, 0);
  grundy_value t = target;
  for (int b = 63; b >= 0 && t != 0; --b) {
    if (((t >> b) & 1) == 0) continue;
    if (pivot_row[b] < 0) return true;  // target outside the span: no solution
    const row& p = rows[static_cast<std::size_t>(pivot_row[b])];
    t ^= p.value;
    for (std::size_t w = 0; w < words; ++w) particular[w] ^= p.mask[w];
  }
  if (kernel.size() > 40) {
    throw limit_error("too many moves share this value (2^" + std::to_string(kernel.size()) + "); use fewer coins");
  }
  std::vector<coin> positions;
  std::vector<std::uint64_t> x = particular;
  const std::uint64_t count = std::uint64_t{1} << kernel.size();
  for (std::uint64_t i = 0; i < count; ++i) {
    if (!keep_searching()) return false;
    if (i > 0) {
      const auto& k = kernel[static_cast<std::size_t>(std::countr_zero(i))];
      for (std::size_t w = 0; w < words; ++w) x[w] ^= k[w];
    }
    positions.clear();
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t m = x[w]; m != 0; m &= m - 1) {
        positions.push_back(static_cast<coin>(w * 64 + static_cast<std::size_t>(std::countr_zero(m))));
      }
    }
    if (positions.size() >= r_lo && !visit(std::span<const coin>(positions))) return false;
  }
  return true;
}

}  // namespace

bool find_subsets(std::span<const grundy_value> values, grundy_value target, std::uint64_t r_lo, std::uint64_t r_hi,
                  visitor visit) {
  const std::uint64_t len = values.size();
  r_hi = std::min(r_hi, len);
  if (r_lo > r_hi) return true;
  if (r_hi == len && len > 8) return find_all_sizes(values, target, r_lo, visit);
  subset_finder finder(values, visit);
  for (std::uint64_t r = r_lo; r <= r_hi; ++r) {
    if (!finder.exact(static_cast<std::size_t>(r), target, values.size())) return false;
  }
  return true;
}

}  // namespace tartan::detail
