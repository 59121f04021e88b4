// Coins symmetric about their own centre S (`1+S` Sym, `4FS` Grunt): a leftmost coin m, n, some of the mirror pairs
// m+j, n-j between them, and the centre when n-m is even. Per leftmost coin the values are g(m) ⊕ (subsets of the
// pairs' XORs g(m+j) ⊕ g(n-j)) ⊕ the optional centre, a subset problem like the plain family's (subsets.hpp); the
// solver keeps a union of cosets (`1+S`), marks the moves as it walks them (at most five coins), or lists them.
// Mirror sets of one or two coins are any coins: `1-2S` takes the plain family's routes.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tartan/detail/saturating.hpp"
#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"

namespace tartan::detail {

/// The members family.hpp describes.
struct symmetric_family {
  static bool claims(const turning_alternative& alt) { return alt.symmetric; }

  // Leftmost m; inner pairs (i, m+n-i) for m < i < (m+n)/2; the centre if m+n is even.
  template <class Buffer, class Visit>
  static bool enumerate(const turning_alternative& alt, coin n, coin k, coin lo, Buffer& buffer, Visit& visit) {
    const coin m_end = alt.includes_first ? 1 : n;
    for (coin m = lo; m < m_end; ++m) {
      const coin inner = n - m - 1;  // coins strictly between m and n
      const coin pairs = inner / 2;
      const bool has_centre = inner % 2 == 1;
      const coin rest = k - 2;
      for (coin centre = 0; centre <= (has_centre ? 1u : 0u); ++centre) {
        if (rest < centre || (rest - centre) % 2 != 0 || (rest - centre) / 2 > pairs) continue;
        const coin p = (rest - centre) / 2;
        // choose p of the pairs: offsets j in [1, pairs], coin m + j and its mirror n - j
        Buffer chosen;
        auto emit = [&](std::span<const coin> js) {
          buffer.clear();
          buffer.push_back(m);
          for (const coin j : js) buffer.push_back(m + j);
          if (centre) buffer.push_back(m + (n - m) / 2);
          for (std::size_t i = js.size(); i-- > 0;) buffer.push_back(n - js[i]);
          return visit(as_span(buffer));
        };
        if (!enumerate_combinations(1, pairs + 1, p, chosen, 0, emit)) return false;
      }
    }
    return true;
  }

  static std::uint64_t count(const turning_alternative& alt, coin n, coin k, coin lo) {
    std::uint64_t c = 0;
    const coin m_end = alt.includes_first ? 1 : n;
    for (coin m = lo; m < m_end; ++m) {
      const coin inner = n - m - 1;
      const coin rest = k - 2;
      if (rest % 2 == 0) c = saturating_add(c, saturating_binomial(inner / 2, rest / 2));
      if (inner % 2 == 1 && rest % 2 == 1) c = saturating_add(c, saturating_binomial(inner / 2, rest / 2));
    }
    return c;
  }

  static void option_values(const turning_alternative& alt, coin n, coin lo, coin hi, std::span<const grundy_value> g,
                            std::vector<grundy_value>& out);
  static bool find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                         std::span<const grundy_value> g, move_visitor visit);
  static std::unique_ptr<component> solver_part(const turning_alternative& alt, bool may_list);
};

}  // namespace tartan::detail
