// The consecutive family (consecutive.hpp): suffix XORs for the values and the moves, a counting tree over prefix
// XORs for `k+C` in the solver.
#include "turning/code/consecutive.hpp"

#include <bit>
#include <optional>

#include "tartan/core/search_stop.hpp"
#include "turning/code/component.hpp"
#include "turning/code/value_bitset.hpp"

namespace tartan::detail {

namespace {

/// Calls visit(k, x) for every run of k allowed coins n-k+1..n, k ascending, x the XOR of g over its other coins (a
/// suffix XOR of g over [n-k+1, n)): O(min(n, max count)). Returns false iff visit stopped.
template <class Visit>
bool for_each_run_value(const turning_alternative& alt, coin n, coin hi, std::span<const grundy_value> g,
                        Visit&& visit) {
  grundy_value x = 0;
  for (coin k = 1; k <= hi; ++k) {
    if (k >= 2) x ^= g[n + 1 - k];
    if (k >= alt.min_coins && (!alt.includes_first || k == n + 1) && !visit(k, x)) return false;
  }
  return true;
}

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
      const std::uint64_t absent = ~xor_permute_word(words_[node - leaves()], static_cast<unsigned>(c_ & 63));
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

}  // namespace

void consecutive_family::option_values(const turning_alternative& alt, coin n, coin, coin hi,
                                       std::span<const grundy_value> g, std::vector<grundy_value>& out) {
  for_each_run_value(alt, n, hi, g, [&](coin, grundy_value x) {
    out.push_back(x);
    return true;
  });
}

bool consecutive_family::find_moves(const turning_alternative& alt, coin n, coin, coin hi, grundy_value target,
                                    std::span<const grundy_value> g, move_visitor visit) {
  std::vector<coin> move;
  return for_each_run_value(alt, n, hi, g, [&](coin k, grundy_value x) {
    if (x != target) return keep_searching();
    move.clear();
    for (coin c = n + 1 - k; c < n; ++c) move.push_back(c);
    return visit(std::span<const coin>(move));
  });
}

std::unique_ptr<component> consecutive_family::solver_part(const turning_alternative& alt, bool) {
  if (!alt.includes_first && alt.window == 0 && alt.is_unbounded()) {
    return std::make_unique<prefix_tree_component>(alt, alt.min_coins);
  }
  return std::make_unique<explicit_component>(alt);
}

}  // namespace tartan::detail
