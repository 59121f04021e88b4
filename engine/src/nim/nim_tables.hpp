// Compile-time tables for nim arithmetic: the change of basis between the nim basis {2^i} of GF(2^64) and a
// polynomial basis {α^i}, the Frobenius maps (square, square root) and the small tables of the inverse recursion.
// Used inside engine/src only.
//
// The polynomial basis. P(x) = x^64 + x^4 + x^3 + x + 1 has the root α = 0x402884ca01f7c6b2 in the nim field (found
// once by Cantor-Zassenhaus trace splitting of P over GF(2^64); the smallest of its 64 conjugates). Since α ≥ 2^32,
// α lies in no proper subfield ([0, 2^32) is the largest), so its minimal polynomial has degree 64 and must be P:
// P is irreducible and 1, α, ..., α^63 is a basis. In that basis a nim product is a carry-less product of the
// coordinate vectors reduced modulo the sparse P (x^64 ≡ x^4 + x^3 + x + 1), and the maps between the bases are
// 64×64 bit matrices, applied with 8 byte-indexed tables of 256 words (8 lookups, 16 KiB per map).
// All of it is checked at compile time below (P(α) = 0, and the matrices are inverse to each other).
#pragma once

#include <array>
#include <cstdint>

namespace tartan::detail {

inline constexpr std::uint64_t nim_alpha = 0x402884ca01f7c6b2;
/// x^64 ≡ nim_poly_tail (mod P): the low terms x^4 + x^3 + x + 1.
inline constexpr std::uint64_t nim_poly_tail = 0x1b;

/// A GF(2)-linear map on 64-bit words as 8 byte-indexed tables: f(x) = XOR_j table[j][byte j of x].
using byte_tables = std::array<std::array<std::uint64_t, 256>, 8>;

inline std::uint64_t map_bytes(const byte_tables& t, std::uint64_t x) noexcept {
  // Bytes taken in 16-bit pairs: fewer shifts than eight separate extractions.
  const unsigned w0 = x & 0xffff, w1 = (x >> 16) & 0xffff, w2 = (x >> 32) & 0xffff, w3 = x >> 48;
  return (t[0][w0 & 0xff] ^ t[1][w0 >> 8]) ^ (t[2][w1 & 0xff] ^ t[3][w1 >> 8]) ^ (t[4][w2 & 0xff] ^ t[5][w2 >> 8]) ^
         (t[6][w3 & 0xff] ^ t[7][w3 >> 8]);
}

/// Reduces the 127-bit carry-less product hi·x^64 + lo modulo P. hi has degree ≤ 62, so hi·(x^4 + x^3 + x + 1)
/// overflows by at most 3 bits, which fold once more into the low 7 bits.
constexpr std::uint64_t poly_reduce(std::uint64_t lo, std::uint64_t hi) noexcept {
  const std::uint64_t over = (hi >> 61) ^ (hi >> 60);
  return lo ^ hi ^ (hi << 1) ^ (hi << 3) ^ (hi << 4) ^ over ^ (over << 1) ^ (over << 3) ^ (over << 4);
}

struct nim_tables {
  byte_tables to_poly;    // nim basis → coordinates in 1, α, ..., α^63
  byte_tables from_poly;  // coordinates → nim basis
  byte_tables square;     // x ↦ x⊗x, in the nim basis
  byte_tables sqrt;       // x ↦ x^(2^63), the inverse of square
  // GFNI form of to_poly and from_poly for the vectorised batch: with the 8 operands of a 512-bit register
  // transposed into byte planes (64-bit lane i = byte i of each operand), lane i of the result is
  // XOR over s of M(i, i+s mod 8)·(lane i+s mod 8), M(j, i) the 8×8 block from input byte i to output byte j.
  // gf_to[s][i] is M(i, i+s mod 8) in the layout of gf2p8affineqb (byte 7-t = row of output bit t).
  std::array<std::array<std::uint64_t, 8>, 8> gf_to;
  std::array<std::array<std::uint64_t, 8>, 8> gf_from;
  // The norm recursion of nim_inv: y ↦ y⊗y⊗(F/2) on the subfield below the Fermat 2-power F = 2^32, 2^16, 2^8
  // (linear, so byte tables), and the inverses in GF(2^8).
  std::array<std::array<std::uint32_t, 256>, 4> half_square_32;
  std::array<std::array<std::uint16_t, 256>, 2> half_square_16;
  std::array<std::uint8_t, 256> half_square_8;
  std::array<std::uint8_t, 256> inverse_8;
};

/// The tables, built at compile time (engine/src/nim/nimber_tables.cpp).
extern const nim_tables nim_table_data;

namespace build {

/// The Fermat 2-power halving recursion (see nim_mul_reference), evaluated at compile time. The early exits keep
/// products with a power of two cheap, which is all the table construction needs besides the powers of α.
constexpr std::uint64_t nim_mul(std::uint64_t a, std::uint64_t b, int k = 6) {
  if (a == 0 || b == 0) return 0;
  if (a == 1) return b;
  if (b == 1) return a;
  const int h = 1 << (k - 1);
  const std::uint64_t mask = (std::uint64_t{1} << h) - 1;
  if (((a | b) & ~mask) == 0) return nim_mul(a, b, k - 1);
  const std::uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
  const std::uint64_t low = nim_mul(a0, b0, k - 1);
  const std::uint64_t cross = nim_mul(a0 ^ a1, b0 ^ b1, k - 1);
  const std::uint64_t high = nim_mul(a1, b1, k - 1);
  return ((cross ^ low) << h) | (low ^ nim_mul(high, std::uint64_t{1} << (h - 1), k - 1));
}

using columns = std::array<std::uint64_t, 64>;  // a linear map by the images of the unit vectors

constexpr byte_tables tables_of(const columns& col) {
  byte_tables t{};
  for (int j = 0; j < 8; ++j) {
    for (unsigned v = 1; v < 256; ++v) {
      t[j][v] = t[j][v & (v - 1)] ^ col[8 * j + __builtin_ctz(v)];
    }
  }
  return t;
}

/// The inverse of an invertible map, by Gauss-Jordan elimination on pairs (image, preimage).
constexpr columns inverse_of(const columns& col) {
  columns image = col, pre{};
  for (int c = 0; c < 64; ++c) pre[c] = std::uint64_t{1} << c;
  for (int t = 0; t < 64; ++t) {
    int p = t;
    while (p < 64 && !((image[p] >> t) & 1)) ++p;
    if (p == 64) throw "singular matrix";  // not a constant expression: stops compilation
    std::swap(image[p], image[t]);
    std::swap(pre[p], pre[t]);
    for (int q = 0; q < 64; ++q) {
      if (q != t && ((image[q] >> t) & 1)) {
        image[q] ^= image[t];
        pre[q] ^= pre[t];
      }
    }
  }
  return pre;  // image[t] is now the unit vector e_t, the image of pre[t]
}

constexpr std::uint64_t map_columns(const columns& col, std::uint64_t x) {
  std::uint64_t r = 0;
  for (int c = 0; c < 64; ++c) {
    if ((x >> c) & 1) r ^= col[c];
  }
  return r;
}

/// The 8×8 block of `col` from input byte i to output byte j, in gf2p8affineqb layout.
constexpr std::uint64_t gf_block(const columns& col, int j, int i) {
  std::uint64_t m = 0;
  for (int t = 0; t < 8; ++t) {  // output bit 8j + t
    std::uint64_t row = 0;
    for (int u = 0; u < 8; ++u) {  // input bit 8i + u
      row |= ((col[8 * i + u] >> (8 * j + t)) & 1) << u;
    }
    m |= row << (8 * (7 - t));
  }
  return m;
}

constexpr nim_tables make() {
  nim_tables t{};
  columns powers{};  // α^i in the nim basis
  powers[0] = 1;
  for (int i = 1; i < 64; ++i) powers[i] = nim_mul(powers[i - 1], nim_alpha);
  // P(α) = α^64 + α^4 + α^3 + α + 1 must vanish.
  if ((nim_mul(powers[63], nim_alpha) ^ powers[4] ^ powers[3] ^ powers[1] ^ powers[0]) != 0) {
    throw "nim_alpha is not a root of x^64 + x^4 + x^3 + x + 1";
  }
  const columns to = inverse_of(powers);
  t.from_poly = tables_of(powers);
  t.to_poly = tables_of(to);
  for (int s = 0; s < 8; ++s) {
    for (int i = 0; i < 8; ++i) {
      t.gf_to[s][i] = gf_block(to, i, (i + s) % 8);
      t.gf_from[s][i] = gf_block(powers, i, (i + s) % 8);
    }
  }
  columns squares{};
  for (int c = 0; c < 64; ++c) squares[c] = nim_mul(std::uint64_t{1} << c, std::uint64_t{1} << c);
  t.square = tables_of(squares);
  t.sqrt = tables_of(inverse_of(squares));
  // y⊗y⊗(F/2) by linearity from the unit vectors.
  columns hs32{}, hs16{}, hs8{};
  for (int c = 0; c < 32; ++c) hs32[c] = nim_mul(squares[c], std::uint64_t{1} << 31);
  for (int c = 0; c < 16; ++c) hs16[c] = nim_mul(squares[c], std::uint64_t{1} << 15);
  for (int c = 0; c < 8; ++c) hs8[c] = nim_mul(squares[c], std::uint64_t{1} << 7);
  const byte_tables h32 = tables_of(hs32), h16 = tables_of(hs16), h8 = tables_of(hs8);
  for (unsigned v = 0; v < 256; ++v) {
    for (int j = 0; j < 4; ++j) t.half_square_32[j][v] = static_cast<std::uint32_t>(h32[j][v]);
    for (int j = 0; j < 2; ++j) t.half_square_16[j][v] = static_cast<std::uint16_t>(h16[j][v]);
    t.half_square_8[v] = static_cast<std::uint8_t>(h8[0][v]);
  }
  // Inverses in GF(2^8): y^254.
  for (unsigned v = 1; v < 256; ++v) {
    std::uint64_t r = 1, p = v;
    for (unsigned e = 254; e != 0; e >>= 1) {
      if (e & 1) r = nim_mul(r, p, 3);
      p = nim_mul(p, p, 3);
    }
    t.inverse_8[v] = static_cast<std::uint8_t>(r);
  }
  // The two changes of basis must be inverse to each other.
  for (int c = 0; c < 64; ++c) {
    if (map_columns(to, powers[c]) != std::uint64_t{1} << c) throw "the change of basis does not invert";
  }
  return t;
}

}  // namespace build
}  // namespace tartan::detail
