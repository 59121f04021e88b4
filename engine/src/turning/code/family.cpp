// The dispatch of family.hpp for the hooks that are not templates: each hook's checks common to every family, then
// the family's own route.
#include "turning/code/family.hpp"

#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "turning/code/component.hpp"

namespace tartan::detail {

namespace {

void option_values_of(const turning_alternative& alt, coin n, std::span<const grundy_value> g,
                      std::vector<grundy_value>& out) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.min_coins > hi) return;
  if (alt.includes_first && lo > 0) return;
  with_family(alt, [&](auto family) { decltype(family)::option_values(alt, n, lo, hi, g, out); });
}

}  // namespace

void alternative_option_values(const turning_alternative& alt, coin n, std::span<const grundy_value> g,
                               std::vector<grundy_value>& out) {
  try {
    option_values_of(alt, n, g, out);
  } catch (const limit_error& e) {
    // The listing routes do not know the coin: name it, and how far the values can be computed.
    limit_figures f;
    f.asked = "the option values of coin " + std::to_string(n);
    if (n > 0) {
      f.suggestion = n;
      f.suggestion_unit = limit_unit::values;
    }
    throw limit_error("coin " + std::to_string(n) + ": " + e.what(),
                      n == 0 ? std::string("use a code whose moves turn fewer coins")
                             : "ask for at most " + std::to_string(n) + " values (g(0.." + std::to_string(n - 1) +
                                   ")), or use a code whose moves turn fewer coins",
                      std::move(f));
  }
}

bool alternative_find_moves(const turning_alternative& alt, coin n, grundy_value target,
                            std::span<const grundy_value> g, move_visitor visit) {
  const coin lo = lowest_allowed(alt, n);
  const coin hi = highest_count(alt, n);
  if (alt.min_coins > hi) return true;
  if (alt.includes_first && lo > 0) return true;
  return with_family(alt, [&](auto family) { return decltype(family)::find_moves(alt, n, lo, hi, target, g, visit); });
}

std::unique_ptr<component> make_component(const turning_alternative& alt, bool may_list) {
  return with_family(alt, [&](auto family) { return decltype(family)::solver_part(alt, may_list); });
}

}  // namespace tartan::detail
