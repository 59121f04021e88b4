// mex: the minimum excludant, the least non-negative integer not in a set. The heart of Sprague-Grundy theory.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "tartan/core/coin.hpp"

namespace tartan {

/**
 * The least value not among `values` (duplicates allowed, any order).
 * Complexity: O(m) for m values, since the mex of m values is at most m; `scratch` is reused between calls.
 *
 * Example: mex({0, 1, 3}) == 2
 */
inline grundy_value mex(std::span<const grundy_value> values, std::vector<char>& scratch) {
  const std::size_t m = values.size();
  scratch.assign(m + 1, 0);
  for (const grundy_value v : values) {
    if (v <= m) scratch[static_cast<std::size_t>(v)] = 1;
  }
  return static_cast<grundy_value>(std::find(scratch.begin(), scratch.end(), 0) - scratch.begin());
}

inline grundy_value mex(std::span<const grundy_value> values) {
  std::vector<char> scratch;
  return mex(values, scratch);
}

}  // namespace tartan
