// Binary polynomials by their definitions, for the tests of <tartan/nim/binary_polynomial.hpp>: the product bit by
// bit (a shifted copy of b for every 1 bit of a), and the reduction modulo a polynomial of degree 64 bit by bit, so
// that a product too large for the schoolbook is checked through the ring map GF(2)[x] → GF(2)[x]/(M):
// (a·b) mod M = ((a mod M)·(b mod M)) mod M. Nothing here shares code with the engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace tartan::test {

using poly = std::vector<std::uint64_t>;

/// a·b, bit by bit: a.size() + b.size() words.
inline poly reference_product(const poly& a, const poly& b) {
  poly out(a.size() + b.size(), 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (int bit = 0; bit < 64; ++bit) {
      if (((a[i] >> bit) & 1) == 0) continue;
      // out ^= b · x^(64i + bit)
      for (std::size_t j = 0; j < b.size(); ++j) {
        out[i + j] ^= b[j] << bit;
        if (bit != 0) out[i + j + 1] ^= b[j] >> (64 - bit);
      }
    }
  }
  return out;
}

/// p mod M for M = x^64 + low (low: the coefficients of x^0 .. x^63), bit by bit from the top: O(64·words).
inline std::uint64_t reduce_mod(const poly& p, std::uint64_t low) {
  std::uint64_t r = 0;  // the remainder so far, of degree < 64
  for (std::size_t i = p.size(); i-- > 0;) {
    for (int bit = 63; bit >= 0; --bit) {
      const bool carry = (r >> 63) & 1;  // r·x overflows into x^64 ≡ low
      r = (r << 1) | ((p[i] >> bit) & 1);
      if (carry) r ^= low;
    }
  }
  return r;
}

/// (a·b) mod M for a, b of degree < 64, bit by bit.
inline std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t low) {
  std::uint64_t r = 0;
  for (int bit = 63; bit >= 0; --bit) {
    const bool carry = (r >> 63) & 1;
    r <<= 1;
    if (carry) r ^= low;
    if ((b >> bit) & 1) r ^= a;
  }
  return r;
}

/// A random polynomial of exactly `bits` bits (the top bit set), from a seeded generator.
inline poly random_polynomial(std::size_t bits, std::mt19937_64& rng) {
  poly p((bits + 63) / 64);
  for (std::uint64_t& w : p) w = rng();
  if (bits % 64 != 0) p.back() &= (std::uint64_t{1} << (bits % 64)) - 1;
  if (bits > 0) p.back() |= std::uint64_t{1} << ((bits - 1) % 64);
  return p;
}

}  // namespace tartan::test
