// The move index of a turning code (indexed_moves.hpp): the parts of the code, their owned lengths, and the three
// questions of move_index.hpp answered per part.
#include "turning/code/indexed_moves.hpp"

#include <algorithm>
#include <bit>
#include <mutex>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "tartan/core/int128.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/detail/saturating.hpp"
#include "turning/code/alternative.hpp"
#include "turning/code/family.hpp"
#include "turning/code/runs.hpp"
#include "turning/code/walsh_hadamard.hpp"

namespace tartan::detail {

namespace {

/// The end of a range of lengths without one (`k+C`).
constexpr std::uint64_t no_end = UINT64_MAX;

/// Lengths (or distances) first..second, both included.
using length_range = std::pair<std::uint64_t, std::uint64_t>;
/// Sorted, disjoint, non-adjacent ranges of lengths.
using length_set = std::vector<length_range>;

length_set merged(length_set s) {
  std::sort(s.begin(), s.end());
  length_set out;
  for (const auto& [lo, hi] : s) {
    if (lo > hi) continue;
    if (!out.empty() && (out.back().second == no_end || lo <= out.back().second + 1)) {
      out.back().second = std::max(out.back().second, hi);
    } else {
      out.emplace_back(lo, hi);
    }
  }
  return out;
}

length_set united(length_set a, const length_set& b) {
  a.insert(a.end(), b.begin(), b.end());
  return merged(std::move(a));
}

/// a without the lengths of b.
length_set minus(const length_set& a, const length_set& b) {
  length_set out;
  for (auto [lo, hi] : a) {
    for (const auto& [blo, bhi] : b) {
      if (bhi < lo || blo > hi) continue;
      if (blo > lo) out.emplace_back(lo, blo - 1);
      if (bhi >= hi) {
        lo = 1;
        hi = 0;  // nothing left of this range
        break;
      }
      lo = bhi + 1;
    }
    if (lo <= hi) out.emplace_back(lo, hi);
  }
  return out;
}

bool contains(const length_set& s, std::uint64_t x) {
  const auto it =
      std::upper_bound(s.begin(), s.end(), x, [](std::uint64_t v, const length_range& r) { return v < r.first; });
  return it != s.begin() && x <= std::prev(it)->second;
}

/// What an alternative (or the group of runs) allows among runs and pairs, from its counts, span, F and C.
struct part_shape {
  length_set counts;
  std::uint64_t window = 0;  // C(w); 0: none
  bool first = false;        // F
  bool consecutive = false;  // C

  /// The lengths of the runs it allows: its counts within its span.
  length_set run_lengths() const { return window == 0 ? counts : minus(counts, {{window + 1, no_end}}); }
  /// ... for a run starting above coin 0 (none under F), and for one starting at coin 0.
  length_set runs_above_zero() const { return first ? length_set{} : run_lengths(); }
  length_set runs_at_zero() const { return run_lengths(); }
  /// Whether it allows the coin turned alone (under F, only coin 0).
  bool alone() const { return contains(counts, 1); }
  /// The distances n - c of the pairs {c, n} it allows (C: the neighbour; a span w: below w).
  length_set pair_reach() const {
    if (!contains(counts, 2) || window == 1) return {};
    if (consecutive) return {{1, 1}};
    return {{1, window == 0 ? no_end : window - 1}};
  }
  /// ... for c above 0 (none under F), and the coins n of the pairs {0, n}.
  length_set pairs_above_zero() const { return first ? length_set{} : pair_reach(); }
  length_set pairs_with_zero() const { return pair_reach(); }
};

part_shape shape_of(const turning_alternative& alt) {
  part_shape s;
  s.counts = {{alt.min_coins, alt.is_unbounded() ? no_end : alt.max_coins}};
  s.window = alt.window;
  s.first = alt.includes_first;
  s.consecutive = alt.consecutive;
  return s;
}

/// The most coins a plain, E or S alternative may turn: its count within its span.
std::uint64_t most_coins(const turning_alternative& alt) {
  const std::uint64_t most = alt.is_unbounded() ? no_end : alt.max_coins;
  return alt.window == 0 ? most : std::min<std::uint64_t>(most, alt.window);
}

enum class part_kind { runs, pairs, listed };

/// One part of the code, with what it owns (the moves no part before it allows).
struct code_part {
  part_kind kind = part_kind::listed;
  // runs: the lengths of the runs starting above coin 0, and of those starting at coin 0 (of length n + 1)
  length_set runs_above, runs_at;
  // pairs: the coin alone (at coins above 0, at coin 0), the distances n - c of the pairs with c above 0, and the
  // coins n of the pairs {0, n}
  bool alone_above = false, alone_at_zero = false;
  length_set distances, with_zero;
  // listed: the alternative
  const turning_alternative* alt = nullptr;
};

/// The positions of a table of keys grouped by key, each group ascending: a counting sort when the keys are small,
/// else sorted pairs. O(N + largest key) or O(N log N).
class key_positions {
 public:
  explicit key_positions(std::span<const grundy_value> keys) {
    const std::size_t n = keys.size();
    order_.resize(n);
    grundy_value top = 0;
    for (const grundy_value k : keys) top = std::max(top, k);
    if (top < 2 * grundy_value{n} + 1024 && std::uint64_t{n} < (std::uint64_t{1} << 32)) {
      start_.assign(static_cast<std::size_t>(top) + 2, 0);
      for (const grundy_value k : keys) ++start_[static_cast<std::size_t>(k) + 1];
      std::partial_sum(start_.begin(), start_.end(), start_.begin());
      std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
      for (std::size_t i = 0; i < n; ++i) order_[next[static_cast<std::size_t>(keys[i])]++] = static_cast<coin>(i);
    } else {
      std::iota(order_.begin(), order_.end(), coin{0});
      std::stable_sort(order_.begin(), order_.end(), [&](coin a, coin b) { return keys[a] < keys[b]; });
      sorted_.resize(n);
      for (std::size_t i = 0; i < n; ++i) sorted_[i] = keys[order_[i]];
    }
  }

  /// The positions holding `key`, ascending.
  std::span<const coin> of(grundy_value key) const {
    if (!start_.empty()) {
      if (key >= start_.size() - 1) return {};
      const auto k = static_cast<std::size_t>(key);
      return {order_.data() + start_[k], static_cast<std::size_t>(start_[k + 1] - start_[k])};
    }
    const auto [lo, hi] = std::equal_range(sorted_.begin(), sorted_.end(), key);
    return {order_.data() + (lo - sorted_.begin()), static_cast<std::size_t>(hi - lo)};
  }

 private:
  std::vector<coin> order_;
  std::vector<std::uint32_t> start_;  // counting sort: order_[start_[k] .. start_[k+1]) hold key k
  std::vector<grundy_value> sorted_;  // else: the keys of order_
};

/// The positions of `positions` (ascending) within [lo, hi].
std::span<const coin> within(std::span<const coin> positions, std::uint64_t lo, std::uint64_t hi) {
  if (lo > hi) return {};
  const auto b = std::lower_bound(positions.begin(), positions.end(), lo);
  const auto e = std::upper_bound(b, positions.end(), hi);
  return positions.subspan(static_cast<std::size_t>(b - positions.begin()), static_cast<std::size_t>(e - b));
}

/// Counts per key while a window slides: an array below a small bound, else hashed.
class key_counts {
 public:
  key_counts(grundy_value bound, std::uint64_t entries)
      : dense_(bound != 0 && bound <= (grundy_value{1} << 24) && bound <= 4 * entries + 4096) {
    if (dense_) counts_.assign(static_cast<std::size_t>(bound), 0);
  }
  void add(grundy_value k) { dense_ ? ++counts_[static_cast<std::size_t>(k)] : ++map_[k]; }
  void remove(grundy_value k) { dense_ ? --counts_[static_cast<std::size_t>(k)] : --map_[k]; }
  std::uint64_t operator[](grundy_value k) const {
    if (dense_) return k < counts_.size() ? counts_[static_cast<std::size_t>(k)] : 0;
    const auto it = map_.find(k);
    return it == map_.end() ? 0 : it->second;
  }

 private:
  bool dense_;
  std::vector<std::uint64_t> counts_;
  std::unordered_map<grundy_value, std::uint64_t> map_;
};

/// The widest key array a Walsh-Hadamard transform takes: 2^22 values (the transforms then hold 128 MiB).
constexpr int max_transform_bits = 22;

/**
 * The pairs of one range of distances of a key array K: e in [e_first, e_last], s in [max(s_min, e - b), e - a]
 * (b may be no_end), each a move of value K(e) ⊕ K(s). A part's runs of lengths a..b (K = P, e = t + 1, s the
 * run's first coin) or pairs at distances a..b (K = g, e = t, s the other coin). @pre 1 <= a <= b, 1 <= s_min.
 */
struct band {
  std::span<const grundy_value> keys;
  grundy_value key_bound = 0;  // every key is below it (0: any 64-bit key)
  std::uint64_t e_first = 0, e_last = 0, a = 1, b = no_end, s_min = 1;

  /// The first coin s of e's window, and whether it has one.
  std::uint64_t lowest(std::uint64_t e) const { return b == no_end || e < s_min + b ? s_min : e - b; }
  bool has_window(std::uint64_t e) const { return e >= s_min + a; }
  /// The farthest distance of any pair: e_last - s_min.
  std::uint64_t reach() const { return e_last >= s_min ? e_last - s_min : 0; }
  std::uint64_t width() const { return std::min(b, reach()) >= a ? std::min(b, reach()) - a + 1 : 0; }
  std::uint64_t coins() const { return e_last - e_first + 1; }
  /// A range no wider than this is walked length by length.
  bool narrow() const { return width() <= 4; }

  /// Calls f(K(e) ⊕ K(s)) for each pair at distances lo..hi of this band's e. O(pairs).
  template <class F>
  void walk(std::uint64_t lo, std::uint64_t hi, F&& f) const {
    for (std::uint64_t e = e_first; e <= e_last; ++e) {
      if (e < s_min + lo) continue;
      const std::uint64_t top = std::min(hi, e - s_min);
      const grundy_value ke = keys[e];
      for (std::uint64_t d = lo; d <= top; ++d) f(ke ^ keys[e - d]);
    }
  }

  /// The number of pairs of value v, by a window of key counts slid along e: O(e_last). (Narrow bands are walked
  /// together, code_move_index::walk_narrow.)
  std::uint64_t count_value(grundy_value v) const {
    std::uint64_t found = 0;
    key_counts counts(key_bound, e_last);
    std::uint64_t lo = s_min, hi = s_min;  // the window [lo, hi) of s counted
    for (std::uint64_t e = e_first; e <= e_last; ++e) {
      if (!has_window(e)) continue;
      for (; hi <= e - a; ++hi) counts.add(keys[hi]);
      for (const std::uint64_t low = lowest(e); lo < low; ++lo) counts.remove(keys[lo]);
      found += counts[keys[e] ^ v];
    }
    return found;
  }

  /// The bit width of the transform that would count every pair: keys below 2^bits.
  int transform_bits() const {
    if (key_bound == 0) return 64;
    return std::max(1, static_cast<int>(std::bit_width(key_bound - 1)));
  }

  /// Steps for the table: the pairs walked, or the transform plus the near and far pairs walked.
  std::uint64_t table_cost() const {
    const std::uint64_t walked = saturating_mul(coins(), width());
    if (narrow() || transform_bits() > max_transform_bits) return walked;
    return std::min(walked, transform_cost());
  }
  std::uint64_t count_cost() const { return narrow() ? saturating_mul(coins(), width()) : 3 * e_last + coins(); }

  /// Adds every pair's value to counts: walked, or all pairs s < e by a Walsh-Hadamard transform of the keys' counts,
  /// less the pairs nearer than a and farther than b, walked.
  void add_values(value_counts& counts) const {
    if (width() == 0) return;
    if (narrow() || transform_bits() > max_transform_bits || transform_cost() >= saturating_mul(coins(), width())) {
      walk(a, b, [&](grundy_value x) { counts.add(x); });
      return;
    }
    const int bits = transform_bits();
    std::vector<std::uint64_t> table = all_pairs(bits);
    if (a > 1) walk(1, a - 1, [&](grundy_value x) { --table[static_cast<std::size_t>(x)]; });
    if (b < reach()) walk(b + 1, no_end, [&](grundy_value x) { --table[static_cast<std::size_t>(x)]; });
    for (std::size_t u = 0; u < table.size(); ++u) {
      if (table[u] != 0) counts.add(u, table[u]);
    }
  }

 private:
  std::uint64_t transform_cost() const {
    const std::uint64_t size = std::uint64_t{1} << transform_bits();
    const std::uint64_t near = saturating_mul(coins(), a - 1);
    const std::uint64_t far = b < reach() ? saturating_mul(coins(), reach() - b) : 0;
    return saturating_add(saturating_add(4 * size * static_cast<std::uint64_t>(transform_bits()) + e_last, near), far);
  }

  /// The counts of K(e) ⊕ K(s) over all pairs s_min <= s < e, e in [e_first, e_last], by XOR correlation: with L the
  /// counts of the keys at s in [s_min, e_first) and H at s in [e_first, e_last] (when s_min <= e_first), the pairs
  /// are L × H and the pairs of H: the table is L ⋆ H + (H ⋆ H − |H| δ_0) / 2, and a transform turns ⋆ into a
  /// product: WHT(2 L ⋆ H + H ⋆ H) = 2 WHT(L) WHT(H) + WHT(H)^2. O(B 2^B + e_last).
  std::vector<std::uint64_t> all_pairs(int bits) const {
    const std::size_t size = std::size_t{1} << bits;
    const std::uint64_t h_first = std::max(s_min, e_first);
    std::vector<std::int64_t> low(size, 0), high(size, 0);
    for (std::uint64_t s = s_min; s < e_first; ++s) ++low[static_cast<std::size_t>(keys[s])];
    for (std::uint64_t s = h_first; s <= e_last; ++s) ++high[static_cast<std::size_t>(keys[s])];
    walsh_hadamard(low);
    walsh_hadamard(high);
    std::vector<int128> spectrum(size);
    for (std::size_t k = 0; k < size; ++k) {
      spectrum[k] = 2 * int128{low[k]} * high[k] + int128{high[k]} * high[k];
    }
    low = {};
    high = {};
    walsh_hadamard(spectrum);
    std::vector<std::uint64_t> table(size);
    const int128 in_high = e_last >= h_first ? static_cast<int128>(e_last - h_first + 1) : 0;
    for (std::size_t u = 0; u < size; ++u) {
      const int128 twice = (spectrum[u] >> bits) - (u == 0 ? in_high : 0);
      table[u] = static_cast<std::uint64_t>(twice / 2);
    }
    return table;
  }
};

/// Every key below the returned power of 2 (0: any 64-bit key).
grundy_value bound_of(std::span<const grundy_value> keys) {
  grundy_value bits = 0;
  for (const grundy_value k : keys) bits |= k;
  const int width = static_cast<int>(std::bit_width(bits));
  return width >= 64 ? 0 : grundy_value{1} << width;
}

class code_move_index final : public move_index {
 public:
  code_move_index(std::span<const std::pair<coin, coin>> run_lengths, std::span<const turning_alternative> others,
                  std::size_t runs_at, std::span<const grundy_value> g)
      : run_lengths_(run_lengths.begin(), run_lengths.end()),
        others_(others.begin(), others.end()),
        runs_at_(runs_at),
        g_(g) {
    prefix_.assign(g.size() + 1, 0);
    for (std::size_t j = 0; j < g.size(); ++j) prefix_[j + 1] = prefix_[j] ^ g[j];
    prefix_bound_ = bound_of(prefix_);
    value_bound_ = bound_of(g);
    make_parts();
  }

  bool find(coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const override {
    std::size_t j = 0;
    return parts().for_each_part([&](const turning_alternative* alt, const auto& earlier) {
      const code_part& part = parts_[j++];
      switch (part.kind) {
        case part_kind::runs:
          return find_runs(part, n, target, skip, visit);
        case part_kind::pairs:
          return find_pairs(part, n, target, skip, visit);
        case part_kind::listed:
          break;
      }
      std::vector<coin> turned;
      return alternative_find_moves(*alt, n, target, g_, [&](std::span<const coin> others) {
        if (earlier(n, others)) return true;
        if (skip > 0) {
          --skip;
          return keep_searching();
        }
        turned.assign(others.begin(), others.end());
        turned.push_back(n);
        return visit(std::span<const coin>(turned));
      });
    });
  }

  std::uint64_t count(coin n, grundy_value target) const override {
    std::uint64_t moves = 0;
    std::size_t j = 0;
    parts().for_each_part([&](const turning_alternative* alt, const auto& earlier) {
      const code_part& part = parts_[j++];
      std::uint64_t skip = no_end;
      const auto none = [](std::span<const coin>) { return true; };
      switch (part.kind) {
        case part_kind::runs:
          find_runs(part, n, target, skip, none);
          break;
        case part_kind::pairs:
          find_pairs(part, n, target, skip, none);
          break;
        case part_kind::listed:
          alternative_find_moves(*alt, n, target, g_, [&](std::span<const coin> others) {
            if (!earlier(n, others)) --skip;
            return keep_searching();
          });
          break;
      }
      moves += no_end - skip;
      return true;
    });
    return moves;
  }

  std::uint64_t count_value(coin first, coin last, grundy_value value) const override {
    std::uint64_t moves = 0;
    std::size_t j = 0;
    parts().for_each_part([&](const turning_alternative* alt, const auto& earlier) {
      const code_part& part = parts_[j++];
      if (part.kind == part_kind::listed) {
        for (std::uint64_t t = first; t <= last; ++t) {
          const coin n = static_cast<coin>(t);
          alternative_find_moves(*alt, n, value ^ g_[n], g_, [&](std::span<const coin> others) {
            if (!earlier(n, others)) ++moves;
            return true;
          });
        }
        return true;
      }
      const std::vector<band> wide = bands(part, first, last, false);
      for (const band& b : wide) moves += b.count_value(value);
      walk_narrow(part, first, last, [&](grundy_value x) { moves += x == value ? 1 : 0; });
      return true;
    });
    return moves;
  }

  void count_values(coin first, coin last, value_counts& counts) const override {
    std::size_t j = 0;
    small_buffer<coin, 16> buffer;
    parts().for_each_part([&](const turning_alternative* alt, const auto& earlier) {
      const code_part& part = parts_[j++];
      if (part.kind == part_kind::listed) {
        for (std::uint64_t t = first; t <= last; ++t) {
          const coin n = static_cast<coin>(t);
          enumerate_alternative(*alt, n, buffer, [&](std::span<const coin> others) {
            if (earlier(n, others)) return true;
            grundy_value x = g_[n];
            for (const coin c : others) x ^= g_[c];
            counts.add(x);
            return true;
          });
        }
        return true;
      }
      for (const band& b : bands(part, first, last, false)) b.add_values(counts);
      if (counts.is_dense()) {
        std::uint64_t* const table = counts.counts().data();
        walk_narrow(part, first, last, [table](grundy_value x) { ++table[static_cast<std::size_t>(x)]; });
      } else {
        walk_narrow(part, first, last, [&](grundy_value x) { counts.add(x); });
      }
      return true;
    });
  }

  std::optional<std::uint64_t> count_cost(coin first, coin last, bool table) const override {
    std::uint64_t cost = 0;
    const std::uint64_t coins = std::uint64_t{last} - first + 1;
    for (const code_part& part : parts_) {
      if (part.kind == part_kind::listed) {
        cost = saturating_add(cost, saturating_mul(coins, count_alternative_moves(*part.alt, last)));
        continue;
      }
      cost = saturating_add(cost, coins);  // the extras
      for (const band& b : bands(part, first, last, std::nullopt)) {
        cost = saturating_add(cost, table ? b.table_cost() : b.count_cost());
      }
    }
    return cost;
  }

 private:
  code_parts parts() const { return code_parts{run_lengths(run_lengths_), others_, runs_at_}; }

  /// The parts in code_parts' order, each owning what the parts before it do not allow.
  void make_parts() {
    std::vector<part_shape> before;
    parts().for_each_part([&](const turning_alternative* alt, const auto&) {
      part_shape shape;
      code_part part;
      if (alt == nullptr) {
        for (const auto& [lo, hi] : run_lengths_) shape.counts.emplace_back(lo, hi);
        shape.consecutive = true;
      } else {
        shape = shape_of(*alt);
        part.alt = alt;
      }
      length_set runs_above, runs_at, distances, with_zero;
      bool alone_above = false, alone_at_zero = false;
      for (const part_shape& e : before) {
        runs_above = united(std::move(runs_above), e.runs_above_zero());
        runs_at = united(std::move(runs_at), e.runs_at_zero());
        distances = united(std::move(distances), e.pairs_above_zero());
        with_zero = united(std::move(with_zero), e.pairs_with_zero());
        alone_above = alone_above || (e.alone() && !e.first);
        alone_at_zero = alone_at_zero || e.alone();
      }
      if (alt == nullptr || alt->consecutive) {
        part.kind = part_kind::runs;
        part.runs_above = minus(shape.runs_above_zero(), runs_above);
        part.runs_at = minus(shape.runs_at_zero(), runs_at);
      } else if (most_coins(*alt) <= 2) {
        part.kind = part_kind::pairs;
        part.alone_above = shape.alone() && !shape.first && !alone_above;
        part.alone_at_zero = shape.alone() && !alone_at_zero;
        part.distances = minus(shape.pairs_above_zero(), distances);
        part.with_zero = minus(shape.pairs_with_zero(), with_zero);
      }
      parts_.push_back(std::move(part));
      before.push_back(std::move(shape));
      return true;
    });
  }

  /// The bands of an indexed part over the coins first..last (move_index's count_value and count_values): the narrow
  /// ones, the others, or (nullopt) all.
  std::vector<band> bands(const code_part& part, coin first, coin last, std::optional<bool> narrow) const {
    std::vector<band> out;
    const bool runs = part.kind == part_kind::runs;
    for (const auto& [lo, hi] : runs ? part.runs_above : part.distances) {
      band b;
      b.keys = runs ? std::span<const grundy_value>(prefix_) : g_;
      b.key_bound = runs ? prefix_bound_ : value_bound_;
      b.e_first = runs ? std::uint64_t{first} + 1 : first;
      b.e_last = runs ? std::uint64_t{last} + 1 : last;
      b.a = lo;
      b.b = hi;
      if (b.width() > 0 && (!narrow || b.narrow() == *narrow)) out.push_back(b);
    }
    return out;
  }

  /// Calls f(value) for the moves of an indexed part from the coins t in first..last that its wide bands leave: those
  /// of its narrow bands, walked length by length in one pass over t (a code of a thousand single lengths reads the
  /// table once per coin, not once per length), and those no band holds: the runs from coin 0 (value P(t + 1)), the
  /// coin turned alone (g(t)) and the pairs {0, t} (g(0) ⊕ g(t)).
  template <class F>
  void walk_narrow(const code_part& part, coin first, coin last, F&& f) const {
    const std::vector<band> narrow = bands(part, first, last, true);
    const bool runs = part.kind == part_kind::runs;
    const grundy_value* const keys = runs ? prefix_.data() : g_.data();
    for (std::uint64_t t = first; t <= last; ++t) {
      const std::uint64_t e = runs ? t + 1 : t;  // a distance d reaches s = e - d >= 1
      const grundy_value ke = keys[e];
      for (const band& b : narrow) {
        if (b.a >= e) break;
        for (std::uint64_t d = b.a, top = std::min(b.b, e - 1); d <= top; ++d) f(ke ^ keys[e - d]);
      }
      if (runs) {
        if (contains(part.runs_at, t + 1)) f(prefix_[t + 1]);
      } else {
        if (t == 0 ? part.alone_at_zero : part.alone_above) f(g_[t]);
        if (t > 0 && contains(part.with_zero, t)) f(g_[0] ^ g_[t]);
      }
    }
  }

  /// The runs of the part from n whose others XOR to target, lengths ascending (starts descending): the positions s of
  /// the prefix value P(n) ⊕ target, the lengths n + 1 - s checked against the part's by ranges of lengths or, when
  /// that value has fewer positions than there are ranges, position by position. The runs passed over are counted
  /// off `skip` by binary search, never visited.
  bool find_runs(const code_part& part, coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const {
    const std::span<const coin> coins = run_coins();
    const auto emit = [&](std::uint64_t s) {
      return visit(coins.subspan(static_cast<std::size_t>(s), static_cast<std::size_t>(n - s + 1)));
    };
    const grundy_value key = prefix_[n] ^ target;
    const std::span<const coin> positions = within(prefix_positions().of(key), 1, n);
    const auto& lengths = part.runs_above;
    // The ranges of lengths that fit above coin 0 (lengths up to n).
    const auto ranges_end = std::upper_bound(lengths.begin(), lengths.end(), std::uint64_t{n},
                                             [](std::uint64_t v, const length_range& r) { return v < r.first; });
    const auto ranges = static_cast<std::size_t>(ranges_end - lengths.begin());
    if (positions.size() < ranges) {
      for (std::size_t i = positions.size(); i-- > 0;) {
        if (!contains(lengths, n + 1 - std::uint64_t{positions[i]})) continue;
        if (skip > 0) {
          --skip;
          continue;
        }
        if (!emit(positions[i])) return false;
      }
    } else {
      for (auto r = lengths.begin(); r != ranges_end; ++r) {
        const std::uint64_t shortest = r->first, longest = std::min<std::uint64_t>(r->second, n);
        const std::span<const coin> starts = within(positions, n + 1 - longest, n + 1 - shortest);
        if (skip >= starts.size()) {
          skip -= starts.size();
          continue;
        }
        for (std::size_t i = starts.size() - static_cast<std::size_t>(skip); i-- > 0;) {
          if (!emit(starts[i])) return false;
        }
        skip = 0;
      }
    }
    if (key == 0 && contains(part.runs_at, std::uint64_t{n} + 1)) {  // the run from coin 0: P(0) = 0
      if (skip > 0) {
        --skip;
      } else if (!emit(0)) {
        return false;
      }
    }
    return true;
  }

  /// The moves of a pairs part from n whose others XOR to target: the coin alone, then the other coin c ascending
  /// (c = 0 first), the positions of the value target of g within the part's distances.
  bool find_pairs(const code_part& part, coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const {
    coin two[2] = {0, n};
    const auto emit = [&](std::span<const coin> move) {
      if (skip > 0) {
        --skip;
        return true;
      }
      return visit(move);
    };
    if (target == 0 && (n == 0 ? part.alone_at_zero : part.alone_above) && !emit(std::span<const coin>(&two[1], 1))) {
      return false;
    }
    if (n == 0) return true;
    if (g_[0] == target && contains(part.with_zero, n) && !emit(two)) return false;
    const std::span<const coin> positions = value_positions().of(target);
    for (auto r = part.distances.rbegin(); r != part.distances.rend(); ++r) {  // the farthest coins first
      if (r->first >= n) continue;
      const std::uint64_t farthest = std::min<std::uint64_t>(r->second, n - 1);
      const std::span<const coin> others = within(positions, n - farthest, n - r->first);
      if (skip >= others.size()) {
        skip -= others.size();
        continue;
      }
      for (std::size_t i = static_cast<std::size_t>(skip); i < others.size(); ++i) {
        two[0] = others[i];
        if (!visit(two)) return false;
      }
      skip = 0;
    }
    return true;
  }

  const key_positions& prefix_positions() const {
    std::call_once(prefix_once_, [&] {
      prefix_positions_.emplace(std::span<const grundy_value>(prefix_).first(g_.size()));
      coins_.resize(g_.size());
      std::iota(coins_.begin(), coins_.end(), coin{0});
    });
    return *prefix_positions_;
  }
  std::span<const coin> run_coins() const {
    prefix_positions();
    return coins_;
  }
  const key_positions& value_positions() const {
    std::call_once(values_once_, [&] { value_positions_.emplace(g_); });
    return *value_positions_;
  }

  std::vector<std::pair<coin, coin>> run_lengths_;
  std::vector<turning_alternative> others_;
  std::size_t runs_at_;
  std::span<const grundy_value> g_;
  std::vector<grundy_value> prefix_;  // P(0..N)
  grundy_value prefix_bound_ = 0, value_bound_ = 0;
  std::vector<code_part> parts_;
  mutable std::once_flag prefix_once_, values_once_;
  mutable std::optional<key_positions> prefix_positions_;  // of P(0..N-1), the first coins of runs
  mutable std::vector<coin> coins_;                        // 0..N-1: a run s..n is coins_[s..n]
  mutable std::optional<key_positions> value_positions_;   // of g(0..N-1)
};

}  // namespace

std::unique_ptr<move_index> make_code_index(std::span<const std::pair<coin, coin>> run_lengths,
                                            std::span<const turning_alternative> others, std::size_t runs_at,
                                            std::span<const grundy_value> g) {
  return std::make_unique<code_move_index>(run_lengths, others, runs_at, g);
}

}  // namespace tartan::detail
