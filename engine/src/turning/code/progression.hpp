// Equally spaced coins E (`3E` Turnips, `1+E`): an arithmetic progression n-(k-1)d, ..., n-d, n for each step d. The
// values walk one chain per step, O(n log n) per coin for unbounded counts; the solver marks them as it walks.
// Progressions of one or two coins are any coins: `2E` takes the plain family's routes.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) and its benchmarks.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "tartan/turning/turning_code.hpp"
#include "turning/code/alternative.hpp"

namespace tartan::detail {

/// The members family.hpp describes.
struct progression_family {
  static bool claims(const turning_alternative& alt) { return alt.equally_spaced; }

  template <class Buffer, class Visit>
  static bool enumerate(const turning_alternative& alt, coin n, coin k, coin lo, Buffer& buffer, Visit& visit) {
    for (coin d = 1; std::uint64_t{d} * (k - 1) <= n - lo; ++d) {  // step d: n-(k-1)d, ..., n-d
      const coin first = n - d * (k - 1);
      if (alt.includes_first && first != 0) continue;
      buffer.resize(k - 1);
      for (coin i = 0; i + 1 < k; ++i) buffer[i] = first + i * d;
      if (!visit(as_span(buffer))) return false;
    }
    return true;
  }

  static std::uint64_t count(const turning_alternative& alt, coin n, coin k, coin lo) {
    if (alt.includes_first) return n % (k - 1) == 0 ? 1 : 0;
    return (n - lo) / (k - 1);
  }

  static void option_values(const turning_alternative& alt, coin n, coin lo, coin hi, std::span<const grundy_value> g,
                            std::vector<grundy_value>& out);
  static bool find_moves(const turning_alternative& alt, coin n, coin lo, coin hi, grundy_value target,
                         std::span<const grundy_value> g, move_visitor visit);
  static std::unique_ptr<component> solver_part(const turning_alternative& alt, bool may_list);
};

}  // namespace tartan::detail
