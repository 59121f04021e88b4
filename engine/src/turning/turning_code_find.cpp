// turning_code find_moves: the moves from coin n whose other coins XOR to a target, found directly per family
// (docs/turning_codes.md) rather than by filtering all moves.
#include <algorithm>
#include <bit>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "turning/code_algorithms.hpp"
#include "turning/code_runs.hpp"
#include "turning/code_xor.hpp"

namespace tartan::detail {

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

bool alternative_find_moves(const turning_alternative& alt, coin n, grundy_value target,
                            std::span<const grundy_value> g, move_visitor visit) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.min_coins > hi) return true;
  if (alt.includes_first && lo > 0) return true;
  const bool single_ok = alt.min_coins <= 1 && (!alt.includes_first || n == 0);
  std::vector<coin> move;
  switch (family_of(alt)) {
    case code_family::plain: {
      const plain_layout p = layout_plain(alt, n);
      if (!p.possible) return true;
      const grundy_value t = target ^ (p.first ? g[0] : 0);
      return find_subsets(g.subspan(p.begin, n - p.begin), t, p.r_lo, p.r_hi, [&](std::span<const coin> pos) {
        move.clear();
        if (p.first) move.push_back(0);
        for (const coin i : pos) move.push_back(p.begin + i);
        return visit(std::span<const coin>(move));
      });
    }
    case code_family::consecutive: {
      grundy_value x = 0;
      for (coin k = 1; k <= hi; ++k) {
        if (!keep_searching()) return false;
        if (k >= 2) x ^= g[n + 1 - k];
        if (x != target || k < alt.min_coins || (alt.includes_first && k != n + 1)) continue;
        move.clear();
        for (coin c = n + 1 - k; c < n; ++c) move.push_back(c);
        if (!visit(std::span<const coin>(move))) return false;
      }
      return true;
    }
    case code_family::progression: {
      if (single_ok && target == 0 && !visit(std::span<const coin>())) return false;
      for (coin d = 1; d <= n - lo; ++d) {
        grundy_value x = 0;
        coin k = 2;
        for (coin c = n - d;; c -= d) {
          if (!keep_searching()) return false;
          x ^= g[c];
          if (x == target && k >= alt.min_coins && (!alt.includes_first || c == 0)) {
            move.clear();
            for (coin e = c; e < n; e += d) move.push_back(e);
            if (!visit(std::span<const coin>(move))) return false;
          }
          if (k == hi || c < lo + d) break;
          ++k;
        }
      }
      return true;
    }
    case code_family::symmetric: {
      if (single_ok && target == 0 && !visit(std::span<const coin>())) return false;
      const coin m_end = alt.includes_first ? std::min<coin>(1, n) : n;
      std::vector<grundy_value> pairs;
      for (coin m = lo; m < m_end; ++m) {
        if (!keep_searching()) return false;
        const coin inner = n - m - 1;
        pairs.clear();
        for (coin j = 1; j <= inner / 2; ++j) pairs.push_back(g[m + j] ^ g[n - j]);
        for (coin centre = 0; centre <= inner % 2; ++centre) {
          if (hi < 2 + centre) continue;
          const std::uint64_t need = alt.min_coins > 2 + centre ? alt.min_coins - 2 - centre : 0;
          const coin mid = m + (n - m) / 2;
          const grundy_value base = g[m] ^ (centre != 0 ? g[mid] : 0);
          const bool go_on =
              find_subsets(pairs, target ^ base, (need + 1) / 2, (hi - 2 - centre) / 2, [&](std::span<const coin> pos) {
                move.clear();
                move.push_back(m);
                for (const coin j : pos) move.push_back(m + 1 + j);
                if (centre != 0) move.push_back(mid);
                for (std::size_t i = pos.size(); i-- > 0;) move.push_back(n - 1 - pos[i]);
                return visit(std::span<const coin>(move));
              });
          if (!go_on) return false;
        }
      }
      return true;
    }
  }
  return true;
}

}  // namespace tartan::detail

namespace tartan {

bool turning_code::find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const {
  const detail::code_parts parts{detail::run_lengths(run_lengths_), others_, runs_at_};
  std::vector<coin> run;
  return parts.for_each_part([&](const turning_alternative* alt, const auto& earlier) {
    const auto once = [&](std::span<const coin> others) { return earlier(n, others) || visit(others); };
    if (alt != nullptr) return detail::alternative_find_moves(*alt, n, target, g, once);
    return parts.runs.for_each_value(n, g, [&](coin l, grundy_value x) {
      if (x != target) return detail::keep_searching();
      run.resize(l - 1);
      std::iota(run.begin(), run.end(), n + 1 - l);
      return once(run);
    });
  });
}

void turning_code::option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
  detail::run_lengths(run_lengths_).for_each_value(n, g, [&](coin, grundy_value x) {
    out.push_back(x);
    return true;
  });
  for (const turning_alternative& alt : others_) detail::alternative_option_values(alt, n, g, out);
}

}  // namespace tartan
