// The plain family (plain.hpp): a range of coins and a count, so subset problems for the values and the moves, and
// bitset layers, cumulative layers or a span minus exceptions in the solver.
#include "turning/code/plain.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "tartan/core/limits.hpp"
#include "turning/code/component.hpp"
#include "turning/code/subsets.hpp"
#include "turning/code/value_bitset.hpp"
#include "turning/code/xor_basis.hpp"

namespace tartan::detail {

namespace {

/// Plain counts of r_lo..r_hi other coins (no F, no span): layer j holds the XORs of exactly j distinct coins
/// among those seen. Adding coin value v: L_j |= L_{j-1} ⊕ v for j descending (O(r_hi · 2^B / 64) word operations
/// for values below 2^B; L_1 |= {v} is one bit). The union U of the allowed layers only grows, so the least
/// absent value never moves down and a hint keeps the scan amortised.
class layers_component final : public component {
 public:
  layers_component(const turning_alternative& alt, std::uint64_t r_lo, std::uint64_t r_hi)
      : fallback_(alt), r_lo_(r_lo), r_hi_(r_hi), layers_(static_cast<std::size_t>(r_hi) + 1) {
    layers_[0].set(0);
    if (r_lo_ == 0) options_.set(0);
  }

  void prepare(coin n, std::span<const grundy_value> g) override {
    if (degraded_) return fallback_.prepare(n, g);
    while (added_ < n) {
      const grundy_value v = g[added_];
      if (v >= options_.universe()) {
        const int bits = static_cast<int>(std::bit_width(v));
        // A universe beyond 2^28 values, or layers beyond 256 MiB (64 layers of 2^28 bits took 2 GiB on
        // `seq 1-64 100`): list the options instead, which refuses what would take too long.
        if (bits > max_bits || (r_hi_ + 2) * (std::uint64_t{1} << bits) / 8 > max_layer_bytes) {
          degraded_ = true;
          layers_.clear();
          return fallback_.prepare(n, g);
        }
        for (auto& layer : layers_) layer.grow(bits);
        options_.grow(bits);
      }
      const std::uint64_t top = std::min<std::uint64_t>(r_hi_, added_ + 1);
      for (std::uint64_t j = top; j >= 2; --j) {
        auto& dst = layers_[static_cast<std::size_t>(j)];
        dst.or_xor_of(layers_[static_cast<std::size_t>(j - 1)], v, j >= r_lo_ ? &options_ : nullptr);
      }
      if (r_hi_ >= 1) {
        layers_[1].set(v);
        if (r_lo_ <= 1) options_.set(v);
      }
      ++added_;
    }
  }

  std::optional<grundy_value> first_absent(grundy_value from) override {
    if (degraded_) return fallback_.first_absent(from);
    if (from <= hint_) {
      hint_ = options_.first_absent(hint_);
      return hint_;
    }
    return options_.first_absent(from);
  }

 private:
  static constexpr int max_bits = 28;
  static constexpr std::uint64_t max_layer_bytes = std::uint64_t{256} << 20;  // the layers and the option set
  explicit_component fallback_;
  std::uint64_t r_lo_, r_hi_;
  std::vector<value_bitset> layers_;
  value_bitset options_;
  coin added_ = 0;
  grundy_value hint_ = 0;
  bool degraded_ = false;
};

/// Plain counts of 0..K other coins with K >= 3 (`1-4` and up; Moebius `1-5`, Mogul `1-7` and Gold Moidores `1-9`
/// through the parity extension of solver.cpp, on `1-4`, `1-6`, `1-8`), whose values grow faster than the coins (about
/// 26 n^2 for `1-4`), so that 2^B / 64, the words of a set over their universe of 2^B values, is far above n.
/// The options of coin n are U_K, the XORs of at most K distinct values among g(0..n-1). The cumulative sets U_1 ⊆
/// ... ⊆ U_{K-1} are bitsets, updated when g(n) = v arrives by U_j |= U_{j-1} ⊕ v for j descending: U_2 from the n
/// values directly, U_3 and up by their members while sparse, else O(2^B / 64) word operations each. U_K is never
/// stored: y ∈ U_K iff y ∈ U_{K-1} or y ⊕ g(i) ∈ U_{K-1} for some i < n (take one coin out of a set of K; a set that
/// already holds i reduces to fewer coins, in U_{K-1}). The mex is searched 64 values at a time, OR-ing the word of
/// U_{K-1} permuted by each g(i) until the word is full; only the word holding the mex takes all n. So `1-4` keeps
/// no set that needs a pass over its words (O(n) per coin for the sets, plus the search: about 85 words read per
/// 64 values passed, g(0..1999)), where layers_component passed over K - 1 layers and the option set per coin.
/// Values only grow (U_K at coin n contains U_K at coin n - 1 and g(n - 1)), so the search starts at the last mex.
class cumulative_layers_component final : public component {
 public:
  /// `k` is K, the most other coins a move turns. @pre k >= 2. Past the tables' budget the component lists the
  /// options when `may_list`, else throws tables_over_budget.
  cumulative_layers_component(const turning_alternative& alt, std::uint64_t k, bool may_list)
      : fallback_(alt), k_(k), layers_(static_cast<std::size_t>(k - 1)), may_list_(may_list) {
    for (auto& layer : layers_) layer.set(0);  // the empty set: the coin turned alone
  }

  void prepare(coin n, std::span<const grundy_value> g) override {
    if (degraded_) return fallback_.prepare(n, g);
    g_ = g;
    // While n <= K a move may turn every coin below n: the options are the span of g(0..n-1), whose least absent
    // value an XOR basis gives without any table (values grow as 2^n there: `1-41` has g(n) = 2^n up to n = 40).
    for (; spanned_ < n; ++spanned_) span_.basis.insert(g[spanned_]);
    if (n <= k_) return;
    // The tables' budget, for the universe the values to add need, before any work: past it, list the options
    // instead, which refuses what would take too long.
    grundy_value largest = 0;
    for (coin i = added_; i < n; ++i) largest = std::max(largest, g[i]);
    const int bits = static_cast<int>(std::bit_width(largest));
    if (bits > 63 || layers_.size() * (std::uint64_t{1} << bits) / 8 > max_table_bytes()) {
      if (!may_list_) throw tables_over_budget{};
      degraded_ = true;
      layers_.clear();
      return fallback_.prepare(n, g);
    }
    if (largest >= layers_.back().universe()) {
      for (auto& layer : layers_) layer.grow(bits);
    }
    while (added_ < n) {
      const grundy_value v = g[added_];
      // layers_[j] is U_{j+1}. U_2 gains v ⊕ U_1 = {v} ∪ {v ⊕ g(i) : i < added_} straight from the values (U_1
      // has one member per coin, so this is O(n) however its bitset is kept); U_1 gains v alone.
      for (std::size_t j = layers_.size() - 1; j >= 2; --j) layers_[j].or_xor_of(layers_[j - 1], v, nullptr);
      if (layers_.size() >= 2) {
        layers_[1].set(v);
        for (coin i = 0; i < added_; ++i) layers_[1].set(v ^ g[i]);
      }
      layers_[0].set(v);
      ++added_;
    }
  }

  std::optional<grundy_value> first_absent(grundy_value from) override {
    if (degraded_) return fallback_.first_absent(from);
    if (added_ == 0) return first_outside(span_, from);
    if (from <= hint_) {
      hint_ = search(hint_);
      return hint_;
    }
    return search(from);
  }

 private:
  /// The least y >= from outside U_K (values from the universe up are outside every set).
  grundy_value search(grundy_value from) const {
    const value_bitset& top = layers_.back();  // U_{K-1}
    const std::size_t words = top.word_count();
    for (std::size_t b = static_cast<std::size_t>(from >> 6); b < words; ++b) {
      const std::uint64_t wanted = b == (from >> 6) ? ~std::uint64_t{0} << (from & 63) : ~std::uint64_t{0};
      std::uint64_t seen = top.word(b);
      // The latest coins first: their values share the most top bits with the candidates, so y ⊕ g(i) falls low in
      // U_{K-1}, where it is densest (measured on Moebius, g(0..1999): 85 words per block this way, 331 oldest first).
      for (std::size_t i = g_.size(); i-- > 0 && (seen & wanted) != wanted;) {
        seen |= xor_permute_word(top.word(b ^ static_cast<std::size_t>(g_[i] >> 6)), static_cast<unsigned>(g_[i] & 63));
      }
      if ((seen & wanted) != wanted) return grundy_value{b} * 64 + std::countr_zero(~seen & wanted);
    }
    return std::max<grundy_value>(from, top.universe());
  }

  /// The bitsets may take 4 GiB, or the default memory limit (half the machine) when that is less.
  static std::uint64_t max_table_bytes() {
    return std::min<std::uint64_t>(std::uint64_t{4} << 30, default_memory_limit());
  }

  explicit_component fallback_;
  std::uint64_t k_;  // K
  xor_coset span_;   // the span of g(0..spanned_-1), for the coins n <= K
  coin spanned_ = 0;
  std::vector<value_bitset> layers_;  // layers_[j] = U_{j+1}, j = 0..K-2
  std::span<const grundy_value> g_;   // g(0..n-1) of the prepared coin
  coin added_ = 0;
  grundy_value hint_ = 0;
  bool may_list_;
  bool degraded_ = false;
};

/// Plain unbounded counts: base ⊕ (XOR of at least r_lo of the coins from `begin` up), i.e. base ⊕ (span −
/// exceptions); the span grows by one vector per coin (O(64)). Motley `1+`: the span of g(0..n-1), whose least
/// absent value is 2^(lowest bit without a pivot).
class span_component final : public component {
 public:
  span_component(const turning_alternative& alt, bool first, std::uint64_t r_lo)
      : fallback_(alt),
        first_(first),
        r_lo_(r_lo),
        values_(static_cast<std::uint32_t>(std::min<std::uint64_t>(r_lo, 64))) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    explicit_now_ = first_ && n == 0;  // coin 0 under F: the lone move turning coin 0
    if (explicit_now_) return fallback_.prepare(n, g);
    const coin begin = first_ ? 1 : 0;
    for (added_ = std::max(added_, begin); added_ < n; ++added_) values_.add(g[added_]);
    // Fewer coins than the alternative's least count: it allows no move at all. Said here rather than listed as
    // exceptions, which costs 2^(coins) (`30+` took 9 s for g(0..26), all 0).
    no_moves_ = n - begin < r_lo_;
    if (no_moves_) return;
    coset_.offset = first_ ? g[0] : 0;
    coset_.basis = values_.basis();
    exceptions_ = values_.exceptions();
    for (grundy_value& e : exceptions_) e ^= coset_.offset;
    std::sort(exceptions_.begin(), exceptions_.end());
  }

  std::optional<grundy_value> first_absent(grundy_value from) override {
    if (explicit_now_) return fallback_.first_absent(from);
    if (no_moves_) return from;
    std::optional<grundy_value> y = first_outside(coset_, from);
    const auto e = std::lower_bound(exceptions_.begin(), exceptions_.end(), from);
    if (e != exceptions_.end() && (!y || *e < *y)) y = *e;
    return y;
  }

 private:
  explicit_component fallback_;
  bool first_;
  std::uint64_t r_lo_;  // the least number of other coins a move turns (besides coin 0 under F)
  xor_at_least values_;
  coin added_ = 0;
  bool explicit_now_ = false;
  bool no_moves_ = false;
  xor_coset coset_;
  std::vector<grundy_value> exceptions_;
};

}  // namespace

void plain_family::option_values(const turning_alternative& alt, coin n, coin, coin, std::span<const grundy_value> g,
                                 std::vector<grundy_value>& out) {
  const plain_layout p = layout_plain(alt, n);
  if (!p.possible) return;
  subset_xor_values(g.subspan(p.begin, n - p.begin), p.first ? g[0] : 0, p.r_lo, p.r_hi, out);
}

bool plain_family::find_moves(const turning_alternative& alt, coin n, coin, coin, grundy_value target,
                              std::span<const grundy_value> g, move_visitor visit) {
  const plain_layout p = layout_plain(alt, n);
  if (!p.possible) return true;
  const grundy_value t = target ^ (p.first ? g[0] : 0);
  std::vector<coin> move;
  return find_subsets(g.subspan(p.begin, n - p.begin), t, p.r_lo, p.r_hi, [&](std::span<const coin> pos) {
    move.clear();
    if (p.first) move.push_back(0);
    for (const coin i : pos) move.push_back(p.begin + i);
    return visit(std::span<const coin>(move));
  });
}

std::unique_ptr<component> plain_family::solver_part(const turning_alternative& alt, bool may_list) {
  const bool plain_ends = !alt.includes_first && alt.window == 0;
  if (plain_ends && !alt.is_unbounded() && alt.min_coins == 1 && alt.max_coins >= 4 && alt.max_coins <= 65) {
    return std::make_unique<cumulative_layers_component>(alt, alt.max_coins - 1, may_list);
  }
  if (plain_ends && !alt.is_unbounded() && alt.max_coins <= 65) {
    return std::make_unique<layers_component>(alt, alt.min_coins - 1, alt.max_coins - 1);
  }
  if (alt.is_unbounded() && alt.window == 0) {
    const std::uint64_t r_lo = alt.includes_first ? std::max<coin>(alt.min_coins, 2) - 2 : alt.min_coins - 1;
    return std::make_unique<span_component>(alt, alt.includes_first, r_lo);
  }
  return std::make_unique<explicit_component>(alt);
}

}  // namespace tartan::detail
