// 128-bit integers, a GCC and clang extension: for exponents, orders and logarithms in GF(2^128), and for counts
// that must not wrap while they are compared with 64-bit limits.
#pragma once

#include <algorithm>
#include <string>

namespace tartan {

// __extension__ keeps -Wpedantic quiet: ISO C++ has no 128-bit integer type, both compilers supply one.
__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

/// The decimal digits of x (std::to_string has no 128-bit overload).
inline std::string to_decimal(uint128 x) {
  std::string digits;
  do {
    digits += static_cast<char>('0' + static_cast<int>(x % 10));
    x /= 10;
  } while (x != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace tartan
