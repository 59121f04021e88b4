// 128-bit integers, a GCC and clang extension: for exponents, orders and logarithms in GF(2^128), and for counts
// that must not wrap while they are compared with 64-bit limits.
#pragma once

namespace tartan {

// __extension__ keeps -Wpedantic quiet: ISO C++ has no 128-bit integer type, both compilers supply one.
__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

}  // namespace tartan
