// The sparse-space method (sparse_space.hpp).
#include "turning/code/sparse_space.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <utility>
#include <variant>
#include <vector>

namespace tartan::detail {

bool sparse_space_applies(const take_break_code& code) { return code.max_heaps() == 2; }

namespace {

/// A digit whose moves leave two heaps: k tokens removed; `equal`: the two heaps may be equal.
struct split_digit {
  coin k = 0;
  bool equal = true;
};

/// The values g(0..n-1) in one unsigned width.
using value_table = std::variant<std::vector<std::uint8_t>, std::vector<std::uint16_t>, std::vector<std::uint32_t>,
                                 std::vector<grundy_value>>;

constexpr std::size_t max_marked = std::size_t{1} << 24;  // option values at or above are kept in a list
constexpr int max_mask_bits = 20;                         // masks are chosen while values stay below 2^20

}  // namespace

struct sparse_space_solver::impl {
  take_break_code code;
  std::vector<split_digit> splits;
  std::vector<std::pair<coin, std::uint8_t>> others;  // digits k >= 1 with moves leaving nothing or one heap
  bool fixed = false;
  grundy_value mask = 0;
  value_table values{std::vector<std::uint8_t>{}};
  std::vector<coin> rare;           // the heaps h >= 1 whose value is rare under the mask, ascending
  grundy_value value_bits = 0;      // the OR of the values so far
  std::vector<std::uint32_t> seen;  // seen[v] == stamp: v is a marked option of the heap being computed
  std::uint32_t stamp = 0;
  std::vector<grundy_value> big;  // marked options too large for `seen`
  sparse_space_stats stats;

  bool is_rare(grundy_value v) const { return std::popcount(v & mask) % 2 == 0; }

  template <class V>
  grundy_value compute(const std::vector<V>& g) {
    const auto n = static_cast<coin>(g.size());
    // Every option is below `limit`, the next power of two above every value (XORs keep within their bits).
    const grundy_value limit =
        std::bit_width(value_bits) == 64 ? std::numeric_limits<grundy_value>::max() : std::bit_ceil(value_bits + 1);
    const auto span = static_cast<std::size_t>(std::min<grundy_value>(limit, max_marked));
    if (seen.size() < span) seen.resize(span, 0);
    if (++stamp == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      stamp = 1;
    }
    big.clear();
    std::uint32_t* const marks = seen.data();
    const std::size_t marked = seen.size();
    const std::uint32_t s = stamp;
    const auto mark = [&](grundy_value v) {
      if (v < marked)
        marks[v] = s;
      else
        big.push_back(v);
    };
    const V* const gv = g.data();
    for (const auto& [k, d] : others) {
      if (k > n) break;
      if ((d & take_break_code::leaves_nothing) != 0 && k == n) mark(0);
      if ((d & take_break_code::leaves_one) != 0 && k < n) mark(gv[n - k]);
    }
    // Every split with a rare heap in it: all the common options, and some rare ones.
    const coin* const rs = rare.data();
    const std::size_t nr = rare.size();
    for (const split_digit& sd : splits) {
      if (sd.k + 2 > n) continue;
      const coin r = n - sd.k;
      if (sd.equal && r % 2 == 0) mark(0);
      for (std::size_t i = 0; i < nr && rs[i] < r; ++i) {
        const coin a = rs[i];
        if (2 * a == r) continue;
        mark(gv[a] ^ gv[r - a]);
      }
    }
    for (grundy_value v = 0;; ++v) {
      if (v >= limit) return v;
      if (v < marked ? marks[v] == s : std::find(big.begin(), big.end(), v) != big.end()) continue;
      if (!is_rare(v)) return v;  // every common option is marked
      // A rare value not marked: an option only as a split into two common heaps. Look for one.
      ++stats.searches;
      if (!some_split_is(g, v)) {
        ++stats.absent;
        return v;
      }
    }
  }

  template <class V>
  bool some_split_is(const std::vector<V>& g, grundy_value v) const {
    const auto n = static_cast<coin>(g.size());
    const V* const gv = g.data();
    for (const split_digit& sd : splits) {
      if (sd.k + 3 > n) continue;
      const coin r = n - sd.k;
      for (coin a = 1; 2 * a < r; ++a) {
        if ((static_cast<grundy_value>(gv[a]) ^ gv[r - a]) == v) return true;
      }
    }
    return false;
  }

  /// The mask making fewest of g(1..n-1) rare, by a Walsh–Hadamard transform of their histogram; the rare heaps
  /// listed again when it changes.
  template <class V>
  void choose_mask(const std::vector<V>& g) {
    const int bits = std::bit_width(value_bits);
    if (bits > max_mask_bits || bits == 0) return;
    const std::size_t size = std::size_t{1} << bits;
    std::vector<std::int64_t> f(size, 0);
    for (std::size_t h = 1; h < g.size(); ++h) ++f[static_cast<std::size_t>(g[h])];
    for (std::size_t len = 1; len < size; len <<= 1) {
      for (std::size_t i = 0; i < size; i += 2 * len) {
        for (std::size_t j = i; j < i + len; ++j) {
          const std::int64_t a = f[j], b = f[j + len];
          f[j] = a + b;
          f[j + len] = a - b;
        }
      }
    }
    // f[m] = (heaps rare under m) - (heaps common under m): the least is the best mask.
    std::size_t best = static_cast<std::size_t>(mask < size ? mask : 0);
    for (std::size_t m = 1; m < size; ++m) {
      if (f[m] < f[best]) best = m;
    }
    if (best == mask) return;
    mask = best;
    rare.clear();
    for (std::size_t h = 1; h < g.size(); ++h) {
      if (is_rare(g[h])) rare.push_back(static_cast<coin>(h));
    }
  }

  grundy_value next() {
    return std::visit(
        [&](auto& g) -> grundy_value {
          using V = typename std::decay_t<decltype(g)>::value_type;
          const std::size_t n = g.size();
          if (n == 0) {
            g.push_back(0);
            return 0;  // the empty heap
          }
          if (!fixed && n >= 64 && std::has_single_bit(n)) choose_mask(g);
          const grundy_value x = compute(g);
          value_bits |= x;
          if (is_rare(x)) rare.push_back(static_cast<coin>(n));
          if (x <= std::numeric_limits<V>::max()) {
            g.push_back(static_cast<V>(x));
          } else {
            widen(g, x);
          }
          return x;
        },
        values);
  }

  /// Moves the values into the narrowest wider table that holds x, then appends x.
  template <class V>
  void widen(std::vector<V>& g, grundy_value x) {
    const auto into = [&](auto wider) {
      wider.reserve(g.capacity());
      wider.assign(g.begin(), g.end());
      wider.push_back(static_cast<typename decltype(wider)::value_type>(x));
      values = std::move(wider);
    };
    if (x <= UINT16_MAX)
      into(std::vector<std::uint16_t>{});
    else if (x <= UINT32_MAX)
      into(std::vector<std::uint32_t>{});
    else
      into(std::vector<grundy_value>{});
  }
};

sparse_space_solver::sparse_space_solver(const take_break_code& code, std::optional<grundy_value> fixed_mask)
    : self_(std::make_unique<impl>()) {
  impl& s = *self_;
  s.code = code;
  for (coin k = 0; k <= code.max_take(); ++k) {
    const std::uint8_t d = code.digit(k);
    if ((d & take_break_code::leaves_two) != 0) s.splits.push_back({k, !code.distinct(k)});
    if (k >= 1 && (d & (take_break_code::leaves_nothing | take_break_code::leaves_one)) != 0)
      s.others.emplace_back(k, d);
  }
  if (fixed_mask) {
    s.fixed = true;
    s.mask = *fixed_mask;
  }
}

sparse_space_solver::sparse_space_solver(sparse_space_solver&&) noexcept = default;
sparse_space_solver& sparse_space_solver::operator=(sparse_space_solver&&) noexcept = default;
sparse_space_solver::~sparse_space_solver() = default;

grundy_value sparse_space_solver::next() { return self_->next(); }

sparse_space_stats sparse_space_solver::stats() const {
  sparse_space_stats st = self_->stats;
  st.mask = self_->mask;
  st.rare_heaps = self_->rare.size();
  st.width_bytes = std::visit([](const auto& g) { return static_cast<int>(sizeof(g[0])); }, self_->values);
  return st;
}

}  // namespace tartan::detail
