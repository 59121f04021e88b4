// The nim product from its definition, for tests: independent of every algorithm in engine/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tartan::test {

/// The nim product table t[a][b] = a⊗b for a, b < n, from the definition
/// a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b} (Conway, On Numbers and Games, ch. 6). O(n^4): n ≤ 64 or so.
inline std::vector<std::vector<std::uint64_t>> mex_products(std::size_t n) {
  std::vector<std::vector<std::uint64_t>> t(n, std::vector<std::uint64_t>(n, 0));
  std::vector<char> seen;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      seen.assign(a * b + 2, 0);  // at most a·b options, so the mex is at most a·b
      for (std::size_t a2 = 0; a2 < a; ++a2) {
        for (std::size_t b2 = 0; b2 < b; ++b2) {
          const std::uint64_t v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
          if (v < seen.size()) seen[v] = 1;
        }
      }
      std::uint64_t m = 0;
      while (seen[m]) ++m;
      t[a][b] = m;
    }
  }
  return t;
}

}  // namespace tartan::test
