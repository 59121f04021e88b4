// The symmetric family (symmetric.hpp): per leftmost coin a subset problem over the mirror pairs for the values and
// the moves (subsets.hpp); a union of cosets, a marking walk or the listing in the solver.
#include "turning/code/symmetric.hpp"

#include <algorithm>
#include <optional>

#include "tartan/core/search_stop.hpp"
#include "turning/code/component.hpp"
#include "turning/code/plain.hpp"
#include "turning/code/subsets.hpp"
#include "turning/code/xor_basis.hpp"

namespace tartan::detail {

namespace {

/// Calls visit(m, centre, base, p_lo, p_hi) for every leftmost coin m of a set of at least two coins from n and each
/// choice of centre (0, or 1 when n - m is even): the set's other coins XOR to base = g(m) ⊕ (g of the centre) ⊕ the
/// XOR of p_lo..p_hi of `pairs`, which holds g(m+j) ⊕ g(n-j) for the mirror pairs j = 1..(n-m-1)/2 at that call.
/// Returns false iff visit stopped.
template <class Visit>
bool for_each_mirror_row(const turning_alternative& alt, coin n, coin lo, coin hi, std::span<const grundy_value> g,
                         std::vector<grundy_value>& pairs, Visit&& visit) {
  const coin m_end = alt.includes_first ? std::min<coin>(1, n) : n;
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
      if (!visit(m, centre, base, p_lo, p_hi)) return false;
    }
  }
  return true;
}

/// walk_component's walk (component.hpp) for symmetric sets of at most five coins, at most one pair around the
/// centre (Grunt `4FS`): O(n) per coin.
struct symmetric_walk {
  template <class Mark>
  static void mark_options(const turning_alternative& alt, coin n, const grundy_value* values, coin lo, coin hi,
                           Mark& mark) {
    // Symmetric: the leftmost coin m and n, a centre when n - m is even, and at most one pair m + j, n - j.
    const coin m_end = alt.includes_first ? std::min<coin>(1, n) : n;
    for (coin m = lo; m < m_end; ++m) {
      const coin inner = n - m - 1;
      for (coin centre = 0; centre <= inner % 2; ++centre) {
        if (hi < 2 + centre) continue;
        const coin need = alt.min_coins > 2 + centre ? alt.min_coins - 2 - centre : 0;  // coins in pairs
        const coin pairs_lo = (need + 1) / 2, pairs_hi = (hi - 2 - centre) / 2;         // pairs_hi <= 1
        const grundy_value base = values[m] ^ (centre != 0 ? values[m + (n - m) / 2] : 0);
        if (pairs_lo == 0) mark(base);
        if (pairs_lo <= 1 && pairs_hi >= 1) {
          for (coin j = 1; j <= inner / 2; ++j) mark(base ^ values[m + j] ^ values[n - j]);
        }
      }
    }
  }
};

/// Symmetric sets, unbounded, of at least 1 or 2 coins (Sym `1+S`, Sympler `1+FS`): for each leftmost coin m the
/// options are the coset g(m) ⊕ span{g(m+j) ⊕ g(n-j) : 1 <= j < (n-m)/2, and g((m+n)/2) when n-m is even}, plus
/// 0 for the coin turned alone. Rebuilt per coin in O(n^2 · 64); the mex of the union by first_uncovered.
class cosets_component final : public component {
 public:
  explicit cosets_component(const turning_alternative& alt) : alt_(alt) {}

  void prepare(coin n, std::span<const grundy_value> g) override {
    cosets_.clear();
    if (alt_.min_coins <= 1 && (!alt_.includes_first || n == 0)) cosets_.emplace_back();  // {0}
    const coin lo = lowest_allowed(alt_, n);
    if (alt_.includes_first && lo > 0) return;
    const coin m_end = alt_.includes_first ? std::min<coin>(1, n) : n;
    for (coin m = lo; m < m_end; ++m) {
      xor_coset c;
      c.offset = g[m];
      for (coin j = 1; m + j < n - j; ++j) c.basis.insert(g[m + j] ^ g[n - j]);
      if ((n - m) % 2 == 0) c.basis.insert(g[m + (n - m) / 2]);
      cosets_.push_back(c);
    }
  }

  std::optional<grundy_value> first_absent(grundy_value from) override { return first_uncovered(cosets_, from); }

 private:
  turning_alternative alt_;
  std::vector<xor_coset> cosets_;
};

}  // namespace

void symmetric_family::option_values(const turning_alternative& alt, coin n, coin lo, coin hi,
                                     std::span<const grundy_value> g, std::vector<grundy_value>& out) {
  if (alt.max_coins <= 2) return plain_family::option_values(alt, n, lo, hi, g, out);
  if (turns_alone_allowed(alt, n)) out.push_back(0);
  std::vector<grundy_value> pairs;
  for_each_mirror_row(alt, n, lo, hi, g, pairs,
                      [&](coin, coin, grundy_value base, std::uint64_t p_lo, std::uint64_t p_hi) {
                        subset_xor_values(pairs, base, p_lo, p_hi, out);
                        return true;
                      });
}

bool symmetric_family::find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                                  std::span<const grundy_value> g, move_visitor visit) {
  if (alt.max_coins <= 2) return plain_family::find_moves(alt, n, lo, hi, target, g, visit);
  if (turns_alone_allowed(alt, n) && target == 0 && !visit(std::span<const coin>())) return false;
  std::vector<grundy_value> pairs;
  std::vector<coin> move;
  return for_each_mirror_row(alt, n, lo, hi, g, pairs,
                             [&](coin m, coin centre, grundy_value base, std::uint64_t p_lo, std::uint64_t p_hi) {
                               if (!keep_searching()) return false;
                               const coin mid = m + (n - m) / 2;
                               return find_subsets(pairs, target ^ base, p_lo, p_hi, [&](std::span<const coin> pos) {
                                 move.clear();
                                 move.push_back(m);
                                 for (const coin j : pos) move.push_back(m + 1 + j);
                                 if (centre != 0) move.push_back(mid);
                                 for (std::size_t i = pos.size(); i-- > 0;) move.push_back(n - 1 - pos[i]);
                                 return visit(std::span<const coin>(move));
                               });
                             });
}

std::unique_ptr<component> symmetric_family::solver_part(const turning_alternative& alt, bool may_list) {
  if (alt.max_coins <= 2) return plain_family::solver_part(alt, may_list);
  if (alt.is_unbounded() && alt.min_coins <= 2) return std::make_unique<cosets_component>(alt);
  if (!alt.is_unbounded() && alt.max_coins <= 5) return std::make_unique<walk_component<symmetric_walk>>(alt);
  return std::make_unique<explicit_component>(alt);
}

}  // namespace tartan::detail
