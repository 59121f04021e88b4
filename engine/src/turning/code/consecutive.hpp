// Consecutive coins C (`1+C` Ruler, `2-3C`, `3FC`): the k coins n-k+1..n for each allowed count k. The bounded
// runs without F (`kC`, `a-bC`, `[1,4,9]C`) are served as one group by runs.hpp; this family takes the unbounded
// runs (`k+C`, a counting tree over prefix XORs in the solver) and the runs under F or a span C(w), and is the
// definition of every run.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <cstdint>
#include <memory>
#include <numeric>
#include <span>
#include <vector>

#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"

namespace tartan::detail {

/// The members family.hpp describes.
struct consecutive_family {
  static bool claims(const turning_alternative& alt) { return alt.consecutive; }

  template <class Buffer, class Visit>
  static bool enumerate(const turning_alternative& alt, coin n, coin k, coin /*lo*/, Buffer& buffer, Visit& visit) {
    if (alt.includes_first && k != n + 1) return true;  // the k coins n-k+1..n
    buffer.resize(k - 1);
    std::iota(buffer.begin(), buffer.end(), n + 1 - k);
    return visit(as_span(buffer));
  }

  static std::uint64_t count(const turning_alternative& alt, coin n, coin k, coin /*lo*/) {
    return !alt.includes_first || k == n + 1 ? 1 : 0;
  }

  static void option_values(const turning_alternative& alt, coin n, coin lo, coin hi, std::span<const grundy_value> g,
                            std::vector<grundy_value>& out);
  static bool find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                         std::span<const grundy_value> g, move_visitor visit);
  static std::unique_ptr<component> solver_part(const turning_alternative& alt, bool may_list);
};

}  // namespace tartan::detail
