// g(0..count-1) of an octal game by its definition, written here apart from the engine: heap n's options are every
// way of taking k tokens that digit d_k allows (bit 1: the whole heap, 2: leaving one heap, 4: leaving two non-empty
// heaps), and g(n) is their mex. O(count^2); a few tens of thousands of heaps in a second.
#pragma once

#include <cstdint>
#include <vector>

#include "tartan/core/coin.hpp"

namespace tartan::test {

/// `digits` = {d_1, d_2, ...} after the point: {0, 0, 7} is 0.007 (Treblecross), {1, 6} is 0.16.
inline std::vector<grundy_value> octal_by_definition(const std::vector<int>& digits, std::size_t count) {
  std::vector<grundy_value> g;
  std::vector<char> seen;
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<grundy_value> options;
    for (std::size_t k = 1; k <= digits.size() && k <= n; ++k) {
      const int d = digits[k - 1];
      const std::size_t r = n - k;
      if ((d & 1) != 0 && r == 0) options.push_back(0);
      if ((d & 2) != 0 && r >= 1) options.push_back(g[r]);
      if ((d & 4) != 0) {
        for (std::size_t a = 1; 2 * a <= r; ++a) options.push_back(g[a] ^ g[r - a]);
      }
    }
    seen.assign(options.size() + 1, 0);
    for (const grundy_value v : options) {
      if (v < seen.size()) seen[v] = 1;
    }
    grundy_value m = 0;
    while (seen[m] != 0) ++m;
    g.push_back(m);
  }
  return g;
}

}  // namespace tartan::test
