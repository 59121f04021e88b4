// The sparse-space method (sparse_space.hpp).
#include "turning/code/sparse_space.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <utility>
#include <variant>
#include <vector>

#include "tartan/core/error.hpp"

namespace tartan::detail {

bool sparse_space_applies(const take_break_code& code) { return code.max_heaps() == 2; }

bool sparse_space_domain_applies(const take_break_code& code) {
  if (!sparse_space_applies(code)) return false;
  int parity = -1;
  for (coin k = 0; k <= code.max_take(); ++k) {
    if ((code.digit(k) & take_break_code::leaves_two) == 0) continue;
    if (parity >= 0 && parity != static_cast<int>(k % 2)) return false;
    parity = static_cast<int>(k % 2);
  }
  return true;
}

namespace {

/// A digit whose moves leave two heaps: k tokens removed; `equal`: the two heaps may be equal.
struct split_digit {
  coin k = 0;
  bool equal = true;
};

/// The values g(0..n-1) in one unsigned width.
using value_table = std::variant<std::vector<std::uint8_t>, std::vector<std::uint16_t>, std::vector<std::uint32_t>,
                                 std::vector<grundy_value>>;

constexpr std::size_t max_marked = std::size_t{1} << 24;  // option values at or above are kept in lists
constexpr int max_mask_bits = 20;                         // masks are chosen while values stay below 2^20
constexpr coin block = 32;  // splits read per step of a pass before looking at which of them hit

bool odd(grundy_value v) { return std::popcount(v) % 2 != 0; }

}  // namespace

struct sparse_space_solver::impl {
  take_break_code code;
  std::vector<split_digit> splits;
  std::vector<std::pair<coin, std::uint8_t>> others;  // digits k >= 1 with moves leaving nothing or one heap
  bool fixed = false;
  bool domain_ok = false;  // every two-heap digit at an index of the parity of t
  coin t = 0;              // the index of some two-heap digit
  grundy_value mask = 0;
  sparse_variant variant = sparse_variant::range;
  value_table values{std::vector<std::uint8_t>{}};
  std::vector<coin> rare;             // the sparse heaps h >= 1 under mask and variant, ascending
  grundy_value value_bits = 0;        // the OR of the values so far
  std::vector<std::uint32_t> seen;    // seen[v] == stamp: v is a listed option of the heap being computed
  std::vector<std::uint32_t> wanted;  // wanted[v] == stamp: v is a rare value its pass still looks for
  std::uint32_t stamp = 0;
  std::vector<grundy_value> big;          // listed options too large for `seen`
  std::vector<grundy_value> targets;      // the rare values the pass looks for, ascending
  std::vector<grundy_value> big_targets;  // those too large for `wanted`, not found yet
  // hist[σ][v]: heaps h >= 1 with σ(h) = (h ^ t) & 1 and g(h) = v, while every value is below 2^max_mask_bits.
  std::array<std::vector<std::int64_t>, 2> hist;
  bool choosing = true;
  int bits_at_choice = 0;
  std::size_t rare_at_choice = 0;
  sparse_space_stats stats;

  /// σ(x): the class of x's values that make it sparse, 0 or 1.
  int sigma(coin x) const { return variant == sparse_variant::domain ? static_cast<int>((x ^ t) & 1) : 0; }
  bool sparse(coin x, grundy_value v) const { return static_cast<int>(odd(v & mask)) == sigma(x); }

  template <class V>
  grundy_value compute(const std::vector<V>& g) {
    const auto n = static_cast<coin>(g.size());
    // Every option is below `limit`, the next power of two above every value (XORs keep within their bits).
    const grundy_value limit =
        std::bit_width(value_bits) == 64 ? std::numeric_limits<grundy_value>::max() : std::bit_ceil(value_bits + 1);
    const auto span = static_cast<std::size_t>(std::min<grundy_value>(limit, max_marked));
    if (seen.size() < span) {
      seen.resize(span, 0);
      wanted.resize(span, 0);
    }
    if (++stamp == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      std::fill(wanted.begin(), wanted.end(), 0);
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
    // Every split with a sparse heap in it: all of heap n's common options, and some rare ones.
    // A split into two equal heaps is worth 0: listed once when allowed, and skipped in the lists below.
    const bool bounded = limit > marked;
    const coin* const rs = rare.data();
    for (const split_digit& sd : splits) {
      if (sd.k + 2 > n) continue;
      const coin r = n - sd.k;
      if (sd.equal && r % 2 == 0) mark(0);
      const coin* const end = std::lower_bound(rs, rs + rare.size(), r);
      const coin* half = end;
      if (r % 2 == 0) {
        half = std::lower_bound(rs, end, r / 2);
        if (half == end || *half != r / 2) half = end;
      }
      const auto list = [&](const coin* p, const coin* q) {
        if (bounded) {
          for (; p < q; ++p) mark(static_cast<grundy_value>(gv[*p] ^ gv[r - *p]));
        } else {
          for (; p < q; ++p) marks[static_cast<std::size_t>(gv[*p] ^ gv[r - *p])] = s;
        }
      };
      list(rs, half);
      if (half != end) list(half + 1, end);
    }
    // c: the least common value not listed, the mex unless a rare value below it is no option.
    const int rho = sigma(n);
    targets.clear();
    big_targets.clear();
    grundy_value c = 0;
    for (grundy_value v = 0;; ++v) {
      if (v >= limit) {
        c = v;
        break;
      }
      if (v < marked ? marks[v] == s : std::find(big.begin(), big.end(), v) != big.end()) continue;
      if (static_cast<int>(odd(v & mask)) != rho) {
        c = v;
        break;
      }
      targets.push_back(v);
      if (v < marked)
        wanted[v] = s;
      else
        big_targets.push_back(v);
    }
    if (targets.empty()) return c;
    // The rare values not listed are options only as splits into two common heaps: look for all of them at once.
    ++stats.searches;
    std::size_t missing = targets.size();
    for (const split_digit& sd : splits) {
      if (missing == 0) break;
      if (sd.k + 3 > n) continue;
      missing = bounded ? pass<true>(gv, n - sd.k, missing) : pass<false>(gv, n - sd.k, missing);
    }
    if (missing == 0) return c;
    ++stats.absent;
    for (const grundy_value v : targets) {
      if (v < marked ? wanted[v] == s : std::find(big_targets.begin(), big_targets.end(), v) != big_targets.end())
        return v;
    }
    return c;
  }

  /// Reads the splits of r tokens into a < r - a, crossing off the wanted values they give; returns how many are
  /// still missing. `Bounded`: some values are at least wanted.size(). Complexity: O(r) pairs at most, stopping
  /// at the block in which the last missing value is found.
  template <bool Bounded, class V>
  std::size_t pass(const V* gv, coin r, std::size_t missing) {
    std::uint32_t* const want = wanted.data();
    const std::size_t size = wanted.size();
    const std::uint32_t s = stamp;
    const coin last = (r - 1) / 2;
    for (coin a = 1; a <= last;) {
      const coin stop = std::min<coin>(last, a + (block - 1));
      std::uint32_t hits = 0;  // bit j: split a + j gives a value that may be wanted
      for (coin b = a; b <= stop; ++b) {
        const auto x = static_cast<grundy_value>(gv[b] ^ gv[r - b]);
        bool hit = false;
        if constexpr (Bounded) {
          hit = x >= size || want[x] == s;
        } else {
          hit = want[x] == s;
        }
        hits |= static_cast<std::uint32_t>(hit) << (b - a);
      }
      stats.pairs += stop - a + 1;
      while (hits != 0) {
        const coin b = a + static_cast<coin>(std::countr_zero(hits));
        hits &= hits - 1;
        {
          const auto x = static_cast<grundy_value>(gv[b] ^ gv[r - b]);
          if (!Bounded || x < size) {
            if (want[x] != s) continue;
            want[x] = 0;
          } else {
            const auto it = std::find(big_targets.begin(), big_targets.end(), x);
            if (it == big_targets.end()) continue;
            big_targets.erase(it);
          }
          if (--missing == 0) return 0;
        }
      }
      a = stop + 1;
    }
    return missing;
  }

  /// The mask and variant making fewest of heaps 1..n-1 sparse, by Walsh–Hadamard transforms of their histograms
  /// (fewest_rare_mask, sequence_summary.hpp); the sparse heaps listed again when they change. Complexity:
  /// O(2^b b) for values below 2^b, plus O(n) on a change.
  template <class V>
  void choose(const std::vector<V>& g) {
    const auto bits = static_cast<int>(std::bit_width(value_bits));
    bits_at_choice = bits;
    rare_at_choice = rare.size();
    if (bits == 0) return;
    const std::size_t size = std::size_t{1} << bits;
    const auto head = [&](int i) { return std::span<const std::int64_t>(hist[i].data(), size); };
    const rare_mask best = fewest_rare_mask({head(0), head(1)}, domain_ok, rare_mask{mask, variant}).best;
    const std::size_t best_mask = static_cast<std::size_t>(best.mask);
    const sparse_variant best_variant = best.variant;
    const grundy_value chosen = static_cast<grundy_value>(best_mask) | ~static_cast<grundy_value>(size - 1);
    if (chosen == mask && best_variant == variant) return;
    mask = chosen;
    variant = best_variant;
    rare.clear();
    for (std::size_t h = 1; h < g.size(); ++h) {
      if (sparse(static_cast<coin>(h), g[h])) rare.push_back(static_cast<coin>(h));
    }
    rare_at_choice = rare.size();
  }

  /// Counts heap n's value x in the histograms, while values stay below 2^max_mask_bits.
  void count(coin n, grundy_value x) {
    if (!choosing) return;
    if (static_cast<int>(std::bit_width(x)) > max_mask_bits) {
      choosing = false;
      hist = {};
      return;
    }
    if (x >= hist[0].size()) {
      const std::size_t size = std::bit_ceil(static_cast<std::size_t>(x) + 1);
      hist[0].resize(size, 0);
      hist[1].resize(size, 0);
    }
    ++hist[(n ^ t) & 1][static_cast<std::size_t>(x)];
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

  grundy_value next() {
    return std::visit(
        [&](auto& g) -> grundy_value {
          using V = typename std::decay_t<decltype(g)>::value_type;
          const std::size_t n = g.size();
          if (n == 0) {
            g.push_back(0);
            return 0;  // the empty heap
          }
          if (!fixed && choosing && n >= 64 &&
              (std::has_single_bit(n) || static_cast<int>(std::bit_width(value_bits)) != bits_at_choice ||
               rare.size() > 2 * rare_at_choice + 64)) {
            choose(g);
          }
          const grundy_value x = compute(g);
          value_bits |= x;
          count(static_cast<coin>(n), x);
          if (sparse(static_cast<coin>(n), x)) rare.push_back(static_cast<coin>(n));
          if (x <= std::numeric_limits<V>::max()) {
            g.push_back(static_cast<V>(x));
          } else {
            widen(g, x);
          }
          return x;
        },
        values);
  }
};

sparse_space_solver::sparse_space_solver(const take_break_code& code, std::optional<grundy_value> fixed_mask,
                                         sparse_variant variant)
    : self_(std::make_unique<impl>()) {
  TARTAN_ASSERT(sparse_space_applies(code), "the sparse-space method needs a digit leaving two heaps, none three");
  TARTAN_ASSERT(variant == sparse_variant::range || sparse_space_domain_applies(code),
                "the domain variant needs every two-heap digit at an index of one parity");
  impl& s = *self_;
  s.code = code;
  for (coin k = 0; k <= code.max_take(); ++k) {
    const std::uint8_t d = code.digit(k);
    if ((d & take_break_code::leaves_two) != 0) s.splits.push_back({k, !code.distinct(k)});
    if (k >= 1 && (d & (take_break_code::leaves_nothing | take_break_code::leaves_one)) != 0)
      s.others.emplace_back(k, d);
  }
  s.t = s.splits.empty() ? 0 : s.splits.front().k;
  s.domain_ok = sparse_space_domain_applies(code);
  if (fixed_mask) {
    s.fixed = true;
    s.choosing = false;
    s.mask = *fixed_mask;
    s.variant = variant;
  }
}

sparse_space_solver::sparse_space_solver(sparse_space_solver&&) noexcept = default;
sparse_space_solver& sparse_space_solver::operator=(sparse_space_solver&&) noexcept = default;
sparse_space_solver::~sparse_space_solver() = default;

grundy_value sparse_space_solver::next() { return self_->next(); }

sparse_space_stats sparse_space_solver::stats() const {
  sparse_space_stats st = self_->stats;
  st.mask = self_->mask;
  st.variant = self_->variant;
  st.rare_heaps = self_->rare.size();
  st.width_bytes = std::visit([](const auto& g) { return static_cast<int>(sizeof(g[0])); }, self_->values);
  return st;
}

}  // namespace tartan::detail
