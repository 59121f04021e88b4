// turning_code's incremental solver: g(n) as the mex of the union of each alternative's option set, each
// alternative kept in the structure that suits its family (docs/turning_codes.md):
//   plain bounded counts   bitset layers L_j = {XOR of exactly j coins below n}, updated per coin
//   plain unbounded `k+`   an XOR basis of g(0..n-1): span minus a few exceptions (Motley: the span itself)
//   C unbounded `k+C`      a counting tree over prefix XORs P(j): options P(n) ⊕ {P(j)}
//   S unbounded `1+S`      a union of cosets g(m) ⊕ span{g(m+j) ⊕ g(n-j), centre}, one per leftmost coin m
//   anything else          the option values listed for coin n (turning_code_options.cpp)
// The mex of the union is the least value absent from every part: starting from 0, ask each part for its least
// absent value >= the current candidate until none moves it.
#include <algorithm>
#include <bit>
#include <optional>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "turning/code_algorithms.hpp"
#include "turning/code_bitset.hpp"
#include "turning/code_runs.hpp"
#include "turning/code_xor.hpp"

namespace tartan {

namespace {

using detail::code_family;

/// Thrown by a component that may not fall back on listing when its tables would pass their budget.
struct tables_over_budget {};

class component {
 public:
  virtual ~component() = default;
  /// Sets up coin n's option set; g holds g(0..n-1).
  virtual void prepare(coin n, std::span<const grundy_value> g) = 0;
  /// The least value >= from that is not an option of the prepared coin; nullopt if there is none below 2^64.
  virtual std::optional<grundy_value> first_absent(grundy_value from) = 0;
};

/// Option values too large for a component's array, sorted only if a search gets past the array.
class large_options {
 public:
  void clear() {
    values_.clear();
    sorted_ = true;
  }
  void add(grundy_value v) {
    values_.push_back(v);
    sorted_ = false;
  }
  /// The least value >= y that is not among them; nullopt past 2^64 - 1.
  std::optional<grundy_value> first_absent(grundy_value y) {
    if (!sorted_) {
      std::sort(values_.begin(), values_.end());
      values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
      sorted_ = true;
    }
    for (auto it = std::lower_bound(values_.begin(), values_.end(), y); it != values_.end() && *it == y; ++it) {
      if (y == UINT64_MAX) return std::nullopt;
      ++y;
    }
    return y;
  }

 private:
  std::vector<grundy_value> values_;
  bool sorted_ = true;
};

/// The option values listed explicitly. Values below the array's size are marked with a stamp per coin (the array
/// only grows, to the most options a coin had plus one, and is never cleared: the mex of m values is at most m);
/// larger ones are sorted only if the search gets past the array.
class explicit_component final : public component {
 public:
  explicit explicit_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    values_.clear();
    detail::alternative_option_values(alt_, n, g, values_);
    if (values_.size() + 1 > stamps_.size()) stamps_.resize(values_.size() + 1, 0);
    if (++stamp_ == 0) {  // a wrap: clear the stamps of 65536 coins ago
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    big_.clear();
    std::uint16_t* const stamps = stamps_.data();
    const std::size_t marked = stamps_.size();
    const std::uint16_t stamp = stamp_;
    for (const grundy_value v : values_) {
      if (v < marked)
        stamps[static_cast<std::size_t>(v)] = stamp;
      else
        big_.add(v);
    }
  }

  std::optional<grundy_value> first_absent(grundy_value y) override {
    while (y < stamps_.size() && stamps_[static_cast<std::size_t>(y)] == stamp_) ++y;
    if (y < stamps_.size()) return y;
    return big_.first_absent(y);
  }

 private:
  turning_alternative alt_;
  std::vector<grundy_value> values_;
  // stamps_[v] == stamp_: v is an option of the prepared coin. 16 bits, as a listing can hold 2^24 values: the
  // stamps are cleared once every 65535 coins instead.
  std::vector<std::uint16_t> stamps_;
  std::uint16_t stamp_ = 0;
  large_options big_;
};

/// Equally spaced sets (E: Turnips `3E`, Arithmetic Progressions `1+E`) and symmetric sets of at most five coins (at
/// most one pair around the centre: Grunt `4FS`): the option values are marked into stamps as the moves are walked,
/// one XOR and one store per move, where listing them (turning_code_options.cpp, which walks the same moves) builds
/// a vector first. O(n log n) per coin for unbounded E, O(n) for Turnips and Grunt. Every option is below 2^(bit
/// width of the values' OR), so while that stays within max_marked no option takes the sorted route.
class walk_component final : public component {
 public:
  explicit walk_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    for (; seen_ < n; ++seen_) value_bits_ |= g[seen_];
    const grundy_value span = value_bits_ >= max_marked ? max_marked : std::bit_ceil(value_bits_ + 1);
    if (span > stamps_.size()) stamps_.resize(static_cast<std::size_t>(span), 0);
    if (++stamp_ == 0) {  // a wrap: clear the stamps of 2^32 coins ago
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    big_.clear();
    // Locals in the loops, not members: a store into the stamps could otherwise alias the vector's own fields, and
    // the compiler would reload them on every move (as in runs_component).
    std::uint32_t* const stamps = stamps_.data();
    const std::size_t marked = stamps_.size();
    const std::uint32_t stamp = stamp_;
    const auto mark = [&](grundy_value v) {
      if (v < marked)
        stamps[static_cast<std::size_t>(v)] = stamp;
      else
        big_.add(v);
    };
    const grundy_value* const values = g.data();
    const coin lo = detail::lowest_allowed(alt_, n);
    const coin hi = detail::highest_count(alt_, n);
    if (alt_.min_coins > hi || (alt_.includes_first && lo > 0)) return;
    if (alt_.min_coins <= 1 && (!alt_.includes_first || n == 0)) mark(0);  // n turned alone
    if (alt_.equally_spaced) {
      // Step d: the coins n - d, n - 2d, ..., n - s·d besides n, s from 1 to the most that stay at lo or above and
      // within hi coins; the moves of at least min_coins coins are marked (with F, only the one ending at coin 0).
      // The steps of each d are counted first, so the inner loop has no exit test to mispredict.
      const coin first_marked = std::max<coin>(alt_.min_coins, 2) - 1;
      if (first_marked > hi - 1) return;
      const coin d_max = (n - lo) / first_marked;  // a longer step leaves fewer than first_marked coins
      for (coin d = 1; d <= d_max; ++d) {
        const coin steps = std::min<coin>(hi - 1, (n - lo) / d);
        grundy_value x = 0;
        const grundy_value* c = values + n;
        coin s = 1;
        for (; s < first_marked && s <= steps; ++s) x ^= *(c -= d);
        if (alt_.includes_first) {
          for (; s <= steps; ++s) {
            x ^= *(c -= d);
            if (c == values) mark(x);
          }
        } else {
          for (; s <= steps; ++s) mark(x ^= *(c -= d));
        }
      }
      return;
    }
    // Symmetric: the leftmost coin m and n, a centre when n - m is even, and at most one pair m + j, n - j.
    const coin m_end = alt_.includes_first ? std::min<coin>(1, n) : n;
    for (coin m = lo; m < m_end; ++m) {
      const coin inner = n - m - 1;
      for (coin centre = 0; centre <= inner % 2; ++centre) {
        if (hi < 2 + centre) continue;
        const coin need = alt_.min_coins > 2 + centre ? alt_.min_coins - 2 - centre : 0;  // coins in pairs
        const coin pairs_lo = (need + 1) / 2, pairs_hi = (hi - 2 - centre) / 2;           // pairs_hi <= 1
        const grundy_value base = values[m] ^ (centre != 0 ? values[m + (n - m) / 2] : 0);
        if (pairs_lo == 0) mark(base);
        if (pairs_lo <= 1 && pairs_hi >= 1) {
          for (coin j = 1; j <= inner / 2; ++j) mark(base ^ values[m + j] ^ values[n - j]);
        }
      }
    }
  }

  std::optional<grundy_value> first_absent(grundy_value y) override {
    while (y < stamps_.size() && stamps_[static_cast<std::size_t>(y)] == stamp_) ++y;
    if (y < stamps_.size()) return y;
    return big_.first_absent(y);
  }

 private:
  static constexpr grundy_value max_marked = grundy_value{1} << 22;
  turning_alternative alt_;
  coin seen_ = 0;                      // g(0..seen_-1) are in value_bits_
  grundy_value value_bits_ = 0;        // the OR of the values seen
  std::vector<std::uint32_t> stamps_;  // stamps_[v] == stamp_: v is an option of the prepared coin
  std::uint32_t stamp_ = 0;
  large_options big_;
};

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
  std::vector<detail::value_bitset> layers_;
  detail::value_bitset options_;
  coin added_ = 0;
  grundy_value hint_ = 0;
  bool degraded_ = false;
};

/// Plain counts of 0..K other coins with K >= 3 (`1-4` and up; Moebius `1-5`, Mogul `1-7` and Gold Moidores `1-9`
/// through the parity extension below, on `1-4`, `1-6`, `1-8`), whose values grow faster than the coins (about
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
    if (added_ == 0) return detail::first_outside(span_, from);
    if (from <= hint_) {
      hint_ = search(hint_);
      return hint_;
    }
    return search(from);
  }

 private:
  /// The least y >= from outside U_K (values from the universe up are outside every set).
  grundy_value search(grundy_value from) const {
    const detail::value_bitset& top = layers_.back();  // U_{K-1}
    const std::size_t words = top.word_count();
    for (std::size_t b = static_cast<std::size_t>(from >> 6); b < words; ++b) {
      const std::uint64_t wanted = b == (from >> 6) ? ~std::uint64_t{0} << (from & 63) : ~std::uint64_t{0};
      std::uint64_t seen = top.word(b);
      // The latest coins first: their values share the most top bits with the candidates, so y ⊕ g(i) falls low in
      // U_{K-1}, where it is densest (measured on Moebius, g(0..1999): 85 words per block this way, 331 oldest first).
      for (std::size_t i = g_.size(); i-- > 0 && (seen & wanted) != wanted;) {
        seen |= detail::xor_permute_word(top.word(b ^ static_cast<std::size_t>(g_[i] >> 6)),
                                         static_cast<unsigned>(g_[i] & 63));
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
  std::uint64_t k_;         // K
  detail::xor_coset span_;  // the span of g(0..spanned_-1), for the coins n <= K
  coin spanned_ = 0;
  std::vector<detail::value_bitset> layers_;  // layers_[j] = U_{j+1}, j = 0..K-2
  std::span<const grundy_value> g_;           // g(0..n-1) of the prepared coin
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
    std::optional<grundy_value> y = detail::first_outside(coset_, from);
    const auto e = std::lower_bound(exceptions_.begin(), exceptions_.end(), from);
    if (e != exceptions_.end() && (!y || *e < *y)) y = *e;
    return y;
  }

 private:
  explicit_component fallback_;
  bool first_;
  std::uint64_t r_lo_;  // the least number of other coins a move turns (besides coin 0 under F)
  detail::xor_at_least values_;
  coin added_ = 0;
  bool explicit_now_ = false;
  bool no_moves_ = false;
  detail::xor_coset coset_;
  std::vector<grundy_value> exceptions_;
};

/// Consecutive runs of at least k_min coins, unbounded (Ruler `1+C`): with prefix XORs P(j) = g(0) ⊕ … ⊕ g(j-1),
/// the run j..n turns others XOR-ing to P(n) ⊕ P(j), for 0 <= j <= n + 1 - k_min. The P(j) live in a bitset over
/// [0, 2^B) (B >= 6) under a counting tree over its 64-bit words (members per subtree); the least y >= from with
/// P(n) ⊕ y outside the set is one descent that skips full subtrees and ends in one word, whose bits permuted by
/// the low bits of P(n) give the absent values directly: O(B) typically, O(B^2) worst case. Values stay below
/// 2(n+1) because a coin has at most n+1 options.
class prefix_tree_component final : public component {
 public:
  prefix_tree_component(const turning_alternative& alt, coin k_min) : fallback_(alt), k_min_(k_min) { rebuild(6); }

  void prepare(coin n, std::span<const grundy_value> g) override {
    if (degraded_) return fallback_.prepare(n, g);
    while (prefix_.size() <= n) prefix_.push_back(prefix_.back() ^ g[prefix_.size() - 1]);
    while (inserted_ + k_min_ <= n + 1) {  // P(j) becomes usable once j <= n + 1 - k_min
      if (!insert(prefix_[inserted_])) {
        degraded_ = true;
        return fallback_.prepare(n, g);
      }
      ++inserted_;
    }
    c_ = prefix_[n];
  }

  // Members lie below 2^B (B = bits_), so c ⊕ y can be a member only when y agrees with c above bit B - 1: the
  // search runs in that one block of 2^B candidates, the block of `from` if it is c's, and otherwise `from` itself
  // is absent. Both c and the candidate can have bits above B at once: with k_min >= 2, P(n) is not yet a member
  // (it may exceed the universe), and another alternative of the code may have pushed the candidate past it.
  std::optional<grundy_value> first_absent(grundy_value from) override {
    if (degraded_) return fallback_.first_absent(from);
    const grundy_value universe = grundy_value{1} << bits_;
    const grundy_value block = c_ & ~(universe - 1);
    if ((from & ~(universe - 1)) != block) return from;  // c ⊕ from has a bit above every member
    from_ = from & (universe - 1);
    if (const auto y = search(1, bits_ - 6, 0, true)) return block | *y;
    // Every candidate of c's block from `from` up is taken: the next block's first value is absent, if it exists.
    if (block > UINT64_MAX - universe) return std::nullopt;
    return block + universe;
  }

 private:
  static constexpr int max_bits = 28;

  bool insert(grundy_value v) {
    if (v >> bits_ != 0) {
      const int bits = static_cast<int>(std::bit_width(v));
      if (bits > max_bits) return false;
      rebuild(bits);
    }
    std::uint64_t& w = words_[static_cast<std::size_t>(v >> 6)];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if ((w & bit) != 0) return true;
    w |= bit;
    for (std::size_t node = leaves() + static_cast<std::size_t>(v >> 6); node != 0; node >>= 1) ++count_[node];
    return true;
  }

  std::size_t leaves() const { return std::size_t{1} << (bits_ - 6); }

  void rebuild(int bits) {
    std::vector<std::uint64_t> old = std::move(words_);
    bits_ = bits;
    words_.assign(leaves(), 0);
    std::copy(old.begin(), old.end(), words_.begin());
    count_.assign(2 * leaves(), 0);
    for (std::size_t b = 0; b < leaves(); ++b)
      count_[leaves() + b] = static_cast<std::uint32_t>(std::popcount(words_[b]));
    for (std::size_t node = leaves(); node-- > 1;) count_[node] = count_[2 * node] + count_[2 * node + 1];
  }

  // The least y in the block under `node` (level = its height above the words; y's bits from level + 6 up are
  // `prefix`) with y >= from_ when tight, and c_ ⊕ y not in the set.
  std::optional<grundy_value> search(std::size_t node, int level, grundy_value prefix, bool tight) const {
    if (count_[node] == (std::uint32_t{64} << level)) return std::nullopt;
    if (count_[node] == 0) return tight ? from_ : prefix;
    if (level == 0) {  // one word: y = prefix + z is absent iff bit z ^ (c mod 64) of the word is clear
      const std::uint64_t absent = ~detail::xor_permute_word(words_[node - leaves()], static_cast<unsigned>(c_ & 63));
      const std::uint64_t allowed = tight ? absent & (~std::uint64_t{0} << (from_ & 63)) : absent;
      if (allowed == 0) return std::nullopt;
      return prefix | static_cast<grundy_value>(std::countr_zero(allowed));
    }
    const int bit = level + 5;
    const unsigned cb = static_cast<unsigned>((c_ >> bit) & 1);
    const unsigned fb = static_cast<unsigned>((from_ >> bit) & 1);
    for (unsigned yb = tight ? fb : 0; yb <= 1; ++yb) {
      const auto y = search(2 * node + (yb ^ cb), level - 1, prefix | (grundy_value{yb} << bit), tight && yb == fb);
      if (y) return y;
    }
    return std::nullopt;
  }

  explicit_component fallback_;
  coin k_min_;
  std::vector<grundy_value> prefix_{0};
  coin inserted_ = 0;
  int bits_ = 6;
  std::vector<std::uint64_t> words_;  // the members as a bitset over [0, 2^bits_)
  std::vector<std::uint32_t> count_;  // heap-ordered counting tree; leaf leaves() + b counts word b
  grundy_value c_ = 0;                // P(n): the options are c_ ⊕ (members)
  grundy_value from_ = 0;             // the search's lower bound within c_'s block of 2^bits_ values
  bool degraded_ = false;
};

/// Symmetric sets, unbounded, of at least 1 or 2 coins (Sym `1+S`, Sympler `1+FS`): for each leftmost coin m the
/// options are the coset g(m) ⊕ span{g(m+j) ⊕ g(n-j) : 1 <= j < (n-m)/2, and g((m+n)/2) when n-m is even}, plus
/// 0 for the coin turned alone. Rebuilt per coin in O(n^2 · 64); the mex of the union by detail::first_uncovered.
class cosets_component final : public component {
 public:
  explicit cosets_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    cosets_.clear();
    if (alt_.min_coins <= 1 && (!alt_.includes_first || n == 0)) cosets_.emplace_back();  // {0}
    const coin lo = detail::lowest_allowed(alt_, n);
    if (alt_.includes_first && lo > 0) return;
    const coin m_end = alt_.includes_first ? std::min<coin>(1, n) : n;
    for (coin m = lo; m < m_end; ++m) {
      detail::xor_coset c;
      c.offset = g[m];
      for (coin j = 1; m + j < n - j; ++j) c.basis.insert(g[m + j] ^ g[n - j]);
      if ((n - m) % 2 == 0) c.basis.insert(g[m + (n - m) / 2]);
      cosets_.push_back(c);
    }
  }

  std::optional<grundy_value> first_absent(grundy_value from) override {
    return detail::first_uncovered(cosets_, from);
  }

 private:
  turning_alternative alt_;
  std::vector<detail::xor_coset> cosets_;
};

/// Runs of the lengths in L (code_runs.hpp), all bounded-run alternatives of the code at once: with prefix XORs
/// P(k), coin n's options are P(n) ⊕ P(n+1-ℓ) for ℓ in L, ℓ <= n + 1. There are m <= |L| of them, so values up to
/// |L| + 1 are marked with a stamp per value (no clearing between coins), and the few larger ones, needed only when
/// another alternative pushes the candidate past them, are sorted on demand. O(m) per coin, one XOR and one store
/// per length, whatever the number of alternatives written.
class runs_component final : public component {
 public:
  explicit runs_component(detail::run_lengths runs) {
    runs.for_each_up_to(UINT32_MAX, [&](coin l) {
      lengths_.push_back(l);
      return true;
    });
    stamps_.assign(lengths_.size() + 2, 0);
  }

  void prepare(coin n, std::span<const grundy_value> g) override {
    while (prefix_.size() <= n) {
      prefix_.push_back(prefix_.back() ^ g[prefix_.size() - 1]);
      prefix_bits_ |= prefix_.back();
    }
    // Every option is below 2^(bit width of the prefixes): mark them all in the array while it stays small, so
    // that no option takes the slow path of big_ (an option above |L| is common: values are XORs).
    const grundy_value span = std::bit_ceil(prefix_bits_ + 1);
    if (span > stamps_.size() && span <= max_marked) stamps_.resize(static_cast<std::size_t>(span), 0);
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    big_.clear();
    // Locals, not members, in the loop: a store into stamps_ could otherwise alias the vectors' own fields, and
    // the compiler would reload them on every length (measured: 2.3 s against 0.9 s for 10^6 coins, |L| = 1413).
    const grundy_value c = prefix_[n];
    const std::uint64_t longest = std::uint64_t{n} + 1;
    const coin* const lengths = lengths_.data();
    const std::size_t count = lengths_.size();
    const grundy_value* const below = prefix_.data() + n + 1;  // P(n + 1 - l) = below[-l]
    std::uint32_t* const stamps = stamps_.data();
    const std::size_t marked = stamps_.size();
    const std::uint32_t stamp = stamp_;
    for (std::size_t m = 0; m < count && lengths[m] <= longest; ++m) {
      const grundy_value v = c ^ *(below - lengths[m]);
      if (v < marked) {
        stamps[static_cast<std::size_t>(v)] = stamp;
      } else {
        big_.add(v);
      }
    }
  }

  std::optional<grundy_value> first_absent(grundy_value y) override {
    while (y < stamps_.size() && stamps_[static_cast<std::size_t>(y)] == stamp_) ++y;
    if (y < stamps_.size()) return y;
    return big_.first_absent(y);
  }

 private:
  std::vector<coin> lengths_;            // L, ascending
  std::vector<grundy_value> prefix_{0};  // P(0..n)
  std::vector<std::uint32_t> stamps_;    // stamps_[v] == stamp_: v is an option of the prepared coin
  std::uint32_t stamp_ = 0;              // one per coin; coins are 32-bit, and a wrap clears the stamps
  grundy_value prefix_bits_ = 0;         // the OR of every prefix XOR
  static constexpr grundy_value max_marked = grundy_value{1} << 22;
  large_options big_;  // the options beyond stamps_
};

std::unique_ptr<component> make_component(const turning_alternative& alt, bool may_list) {
  const bool plain_ends = !alt.includes_first && alt.window == 0;
  switch (detail::family_of(alt)) {
    case code_family::plain:
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
      break;
    case code_family::consecutive:
      if (plain_ends && alt.is_unbounded()) return std::make_unique<prefix_tree_component>(alt, alt.min_coins);
      break;
    case code_family::symmetric:
      if (alt.is_unbounded() && alt.min_coins <= 2) return std::make_unique<cosets_component>(alt);
      if (!alt.is_unbounded() && alt.max_coins <= 5) return std::make_unique<walk_component>(alt);
      break;
    case code_family::progression:
      return std::make_unique<walk_component>(alt);
  }
  return std::make_unique<explicit_component>(alt);
}

/// The plain alternative `1-k` with k odd and at least 3 alone (Mock Turtles `1-3`, Moebius `1-5`, Mogul `1-7`, Gold
/// Moidores `1-9`): then its values come from those of `1-(k-1)` by the parity extension below, and k - 1 is even.
bool is_odd_plain_count(const turning_code& c) {
  if (c.alternatives().size() != 1 || !c.run_lengths().empty()) return false;
  const turning_alternative& a = c.alternatives()[0];
  return a.min_coins == 1 && !a.is_unbounded() && a.max_coins >= 3 && a.max_coins % 2 == 1 && !a.consecutive &&
         a.window == 0 && !a.equally_spaced && !a.symmetric && !a.includes_first;
}

/// The odious number among 2c and 2c + 1 (an odd number of 1 bits).
grundy_value odious_of(grundy_value c) { return 2 * c + (1 ^ static_cast<grundy_value>(std::popcount(c) & 1)); }

}  // namespace

/**
 * g(n) as the mex of the union of the parts' option sets, or, for `1-k` with k = 2m + 1 >= 3, by the parity
 * extension b(n) = ω(a(n-1)), b(0) = 1, where a are the values of `1-2m`, b those of `1-k`, and ω(c) is the odious
 * number among 2c and 2c + 1. Proof. a increases (coin n may turn n - 1 besides itself), and D_n, the XORs of at most
 * 2m - 1 of a(0..n-1), holds [0, a(n)) but not a(n). (1) Every evil a(n) (even number of 1 bits), n >= 1, is the XOR
 * of at most 2m of a(0..n-1): a(n) is not a power of 2, so a(n-1) has the same top bit (a(n) = 2^T would follow
 * otherwise, all earlier values being below 2^T); then a(n) ⊕ a(n-1) < a(n) lies in D_n, by a set S of at most
 * 2m - 1 coins, and S without n - 1 would put a(n) in D_n, so a(n) is the XOR of S + {n - 1}. (2) Under the linear
 * bijection y -> (y >> 1, parity of y), ω(c) -> (c, 1). By induction b(i) = ω(a'(i)) for i < n, a'(0) = 0, a'(i) =
 * a(i-1): an XOR of j <= 2m of them maps to (XOR of j values a', j mod 2); the coin 0, with a' = 0, changes j by one
 * without changing the XOR, so an evil y = (c, 0) is an option of coin n iff c is the XOR of at most 2m of a(0..n-2)
 * and an odious y = (c, 1) iff c is the XOR of at most 2m - 1 of them, i.e. c ∈ D_{n-1}. Every c < a(n-1) lies in
 * D_{n-1}, so both 2c and 2c + 1 are options; ω(a(n-1)) is not; its evil partner is larger when a(n-1) is odious, and
 * an option by (1) when a(n-1) is evil. So b(n) = ω(a(n-1)). (For m = 1 this is the Mock Turtle theorem, a(n) = n+1.)
 * It halves the values the sets range over and takes one layer off them: Moebius runs on `1-4`, whose options need
 * no dense layer at all (cumulative_layers_component).
 */
struct turning_code::solver::impl {
  /// The solver of `c`; `may_list`: whether its components may fall back on listing options (an inner solver of
  /// the parity extension may not: its caller falls back on the direct route instead).
  explicit impl(const turning_code& c, bool may_list = true) : code(c), text(c.text()), may_list(may_list) {
    if (is_odd_plain_count(c)) {
      const coin k = c.alternatives()[0].max_coins;
      even = std::make_unique<impl>(turning_code::parse("1-" + std::to_string(k - 1)), false);
    } else {
      make_parts();
    }
  }

  void make_parts() {
    for (std::size_t i = 0; i <= code.others_.size(); ++i) {
      if (i == code.runs_at_ && !code.run_lengths_.empty()) {
        parts.push_back(std::make_unique<runs_component>(detail::run_lengths(code.run_lengths_)));
      }
      if (i < code.others_.size()) parts.push_back(make_component(code.others_[i], may_list));
    }
  }

  grundy_value next(std::span<const grundy_value> g) {
    const auto n = static_cast<coin>(g.size());
    if (even) {
      if (n == 0) return 1;  // ω(0): the coin turned alone
      try {
        even_values.push_back(even->next(even_values));
        const grundy_value c = even_values.back();
        if (c >> 63 != 0) throw_overflow(n, "2^64 or more");  // 2c needs bit 64
        return odious_of(c);
      } catch (const tables_over_budget&) {
        // The even game's tables are full: go on from g(0..n-1) by the direct route, which lists past its own.
        even.reset();
        even_values = {};
        make_parts();
      }
    }
    for (auto& part : parts) part->prepare(n, g);
    // The least value absent from every part: each part moves the candidate up past its own members; stop once
    // every part has accepted the candidate in a row.
    grundy_value y = 0;
    std::size_t accepted = 0;
    for (std::size_t i = 0; accepted < parts.size(); i = (i + 1) % parts.size()) {
      const std::optional<grundy_value> z = parts[i]->first_absent(y);
      if (!z) throw_overflow(n);
      if (*z == y) {
        ++accepted;
      } else {
        y = *z;
        accepted = 1;
      }
    }
    return y;
  }

  /// `size` says how large g(n) is: "2^64" when the mex reached it.
  [[noreturn]] void throw_overflow(coin n, const char* size = "2^64") const {
    throw overflow_error("g(" + std::to_string(n) + ") of " + text + " does not fit in 64 bits (it is " + size +
                         "): coin " + std::to_string(n) + " is the first that does not fit; ask for at most " +
                         std::to_string(n) + " coins");
  }

  turning_code code;
  std::string text;
  bool may_list;
  std::vector<std::unique_ptr<component>> parts;
  std::unique_ptr<impl> even;             // `1-(k-1)` for the parity extension of `1-k`, k odd; null otherwise
  std::vector<grundy_value> even_values;  // its values a(0..n-2)
};

turning_code::solver::solver(std::unique_ptr<impl> self) : self_(std::move(self)) {}
turning_code::solver::solver(solver&&) noexcept = default;
turning_code::solver& turning_code::solver::operator=(solver&&) noexcept = default;
turning_code::solver::~solver() = default;

grundy_value turning_code::solver::next(std::span<const grundy_value> g) { return self_->next(g); }

turning_code::solver turning_code::grundy_solver() const { return solver(std::make_unique<solver::impl>(*this)); }

}  // namespace tartan
