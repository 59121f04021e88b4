// The Walsh-Hadamard transform over XOR: it turns an XOR convolution (a ⋆ b)[u] = Σ_{x ⊕ y = u} a[x] b[y] into a
// product of transforms, and is its own inverse up to a factor 2^B. The subset kernels count r-subsets by their XOR
// with it (subsets.cpp), the move index counts runs by their value (indexed_moves.cpp).
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only.
#pragma once

#include <cstddef>
#include <vector>

namespace tartan::detail {

/// In-place Walsh-Hadamard transform (unnormalised) of 2^B entries: applying it twice multiplies by 2^B.
/// O(B 2^B) additions.
template <class T>
void walsh_hadamard(std::vector<T>& a) {
  for (std::size_t h = 1; h < a.size(); h <<= 1) {
    for (std::size_t i = 0; i < a.size(); i += h << 1) {
      for (std::size_t j = i; j < i + h; ++j) {
        const T x = a[j], y = a[j + h];
        a[j] = x + y;
        a[j + h] = x - y;
      }
    }
  }
}

}  // namespace tartan::detail
