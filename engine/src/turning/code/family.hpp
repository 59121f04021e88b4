// The families of the turning-code language, and the one place that dispatches on them.
//
// An alternative of a code (turning_code.hpp) belongs to the first family in `code_families` that claims it: runs C
// (consecutive.hpp), progressions E (progression.hpp), mirror sets S (symmetric.hpp), and plain counts and ranges
// with F and spans (plain.hpp), which claims the rest. A family is a struct with static members:
//   claims(alt)                                   whether the alternative is of this family
//   enumerate(alt, n, k, lo, buffer, visit)       the moves of exactly k >= 2 coins from n, in a fixed order
//   count(alt, n, k, lo)                          their number, saturating, from formulas
//   option_values(alt, n, lo, hi, g, out)         the XORs of g over the other coins of every move from n
//   find_moves(alt, n, lo, hi, target, g, visit)  the moves whose other coins XOR to target, found directly
//   solver_part(alt, may_list)                    the structure that keeps its options in the solver (component.hpp)
// lo and hi are lowest_allowed and highest_count at n (alternative.hpp). The dispatch below has already left out the
// coins where the alternative allows no move (F under a span that excludes coin 0; for the values, a least count
// above hi), and enumerates and counts the move turning n alone (k = 1) itself.
// The bounded runs of a code (`1C`, `[1,4,9]C`) are moreover served as one group (runs.hpp) by every hook; an
// alternative reaches consecutive_family as a bounded run only in the definitions (move_count, enumerate_code).
//
// Adding a family: a header and a source beside these with the members above, and its name in code_families, before
// the families whose alternatives it takes over.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "detail/small_buffer.hpp"
#include "tartan/detail/saturating.hpp"
#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"
#include "turning/code/consecutive.hpp"
#include "turning/code/plain.hpp"
#include "turning/code/progression.hpp"
#include "turning/code/symmetric.hpp"

namespace tartan::detail {

template <class... Families>
struct family_list {};

/// The registry: the families in the order they are asked; the last claims every alternative.
using code_families = family_list<consecutive_family, progression_family, symmetric_family, plain_family>;

template <class Do, class First, class... Rest>
decltype(auto) dispatch_family(const turning_alternative& alt, Do& f, family_list<First, Rest...>) {
  if constexpr (sizeof...(Rest) == 0) {
    return f(First{});
  } else {
    if (First::claims(alt)) return f(First{});
    return dispatch_family(alt, f, family_list<Rest...>{});
  }
}

/// f(family{}) for the family of the alternative: the one switch on families.
template <class Do>
decltype(auto) with_family(const turning_alternative& alt, Do&& f) {
  return dispatch_family(alt, f, code_families{});
}

/// Calls visit(others) once per move from coin n allowed by the alternative, `others` ascending and below n.
/// Returns false iff visit stopped the enumeration. Cost: proportional to the number of moves (times k).
template <class Buffer, class Visit>
bool enumerate_alternative(const turning_alternative& alt, coin n, Buffer& buffer, Visit&& visit) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.includes_first && lo > 0) return true;
  return with_family(alt, [&](auto family) {
    for (coin k = alt.min_coins; k <= hi; ++k) {
      buffer.clear();
      if (k == 1) {
        if (alt.includes_first && n != 0) continue;
        if (!visit(as_span(buffer))) return false;
        continue;
      }
      if (!decltype(family)::enumerate(alt, n, k, lo, buffer, visit)) return false;
    }
    return true;
  });
}

/// turning_code::for_each_move: the moves from coin n under the alternatives, each set once (under the first
/// alternative that allows it). One move buffer per call, as `Buffers` makes it (detail/small_buffer.hpp): most
/// codes turn a few coins per move, and a coin with few moves would otherwise pay more for the buffer's
/// allocation than for its moves.
template <class Buffers = buffers>
bool enumerate_code(std::span<const turning_alternative> alternatives, coin n, move_visitor visit) {
  small_buffer<coin, 16, Buffers> buffer;
  for (std::size_t i = 0; i < alternatives.size(); ++i) {
    const auto earlier = alternatives.first(i);
    const bool go_on = enumerate_alternative(alternatives[i], n, buffer, [&](std::span<const coin> others) {
      for (const turning_alternative& e : earlier) {
        if (alternative_allows(e, n, others)) return true;  // visited already, under an earlier alternative
      }
      return visit(others);
    });
    if (!go_on) return false;
  }
  return true;
}

/// The number of moves from coin n allowed by the alternative (saturating), from formulas, in O(n * k).
inline std::uint64_t count_alternative_moves(const turning_alternative& alt, coin n) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.includes_first && lo > 0) return 0;
  return with_family(alt, [&](auto family) {
    std::uint64_t total = 0;
    for (coin k = alt.min_coins; k <= hi && total != UINT64_MAX; ++k) {
      const std::uint64_t c = k == 1 ? (alt.includes_first && n != 0 ? 0 : 1) : decltype(family)::count(alt, n, k, lo);
      total = saturating_add(total, c);
    }
    return total;
  });
}

/// option_values for one alternative (see turning_code::option_values); a limit_error names coin n.
void alternative_option_values(const turning_alternative& alt, coin n, std::span<const grundy_value> g,
                               std::vector<grundy_value>& out);

/// find_moves for one alternative (see turning_code::find_moves); no deduplication against other alternatives.
bool alternative_find_moves(const turning_alternative& alt, coin n, grundy_value target,
                            std::span<const grundy_value> g, move_visitor visit);

/// The solver's part for one alternative (component.hpp). `may_list`: whether it may fall back on listing options
/// past its tables' budget (else it throws tables_over_budget).
std::unique_ptr<component> make_component(const turning_alternative& alt, bool may_list);

}  // namespace tartan::detail
