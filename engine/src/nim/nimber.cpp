// Nim arithmetic: the reference and portable products, the Frobenius maps, the inverse, and the nimber type.
// The PCLMULQDQ and AVX-512 paths and nim_mul itself are in nimber_x86.cpp; the tables in nimber_tables.cpp.
#include "tartan/nim/nimber.hpp"

#include <ostream>
#include <string>

#include "nim/nim_paths.hpp"
#include "nim/nim_tables.hpp"
#include "tartan/core/error.hpp"

namespace tartan {

namespace detail {

// Carry-less 64×64 → 128-bit product in software: a table of a·v for the 16 polynomials v of degree < 4, then
// Horner over the 16 nibbles of b. About 100 simple instructions.
void carryless_mul_portable(std::uint64_t a, std::uint64_t b, std::uint64_t& product_lo,
                            std::uint64_t& product_hi) noexcept {
  std::uint64_t lo[16], hi[16];
  lo[0] = 0, hi[0] = 0;
  lo[1] = a, hi[1] = 0;
  lo[2] = a << 1, hi[2] = a >> 63;
  lo[4] = a << 2, hi[4] = a >> 62;
  lo[8] = a << 3, hi[8] = a >> 61;
  for (int v = 3; v < 16; ++v) {
    if ((v & (v - 1)) == 0) continue;
    const int top = 1 << (31 - __builtin_clz(static_cast<unsigned>(v)));
    lo[v] = lo[top] ^ lo[v ^ top];
    hi[v] = hi[top] ^ hi[v ^ top];
  }
  std::uint64_t rlo = lo[b >> 60], rhi = hi[b >> 60];
  for (int shift = 56; shift >= 0; shift -= 4) {
    rhi = (rhi << 4) | (rlo >> 60);
    rlo <<= 4;
    const unsigned v = (b >> shift) & 15;
    rlo ^= lo[v];
    rhi ^= hi[v];
  }
  product_lo = rlo;
  product_hi = rhi;
}

namespace {

// Product in the subfield of integers below 2^(2^k), k ≤ 6. Write a = a1·F ⊕ a0, b = b1·F ⊕ b0 with
// F = 2^(2^(k-1)) and a0, a1, b0, b1 < F. Since F⊗x = F·x for x < F and F⊗F = F ⊕ F/2 (Conway, ONAG ch. 6):
//   a⊗b = (a1⊗b1)⊗(F ⊕ F/2) ⊕ (a1⊗b0 ⊕ a0⊗b1)·F ⊕ a0⊗b0
//       = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·F ⊕ (a0⊗b0 ⊕ (a1⊗b1)⊗F/2).
// Four half-size products per level: 4^6 = 4096 one-bit products in all.
std::uint64_t mul_recursive(std::uint64_t a, std::uint64_t b, int k) noexcept {
  if (k == 0) return a & b;
  const int h = 1 << (k - 1);
  const std::uint64_t mask = (std::uint64_t{1} << h) - 1;
  const std::uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
  const std::uint64_t low = mul_recursive(a0, b0, k - 1);
  const std::uint64_t cross = mul_recursive(a0 ^ a1, b0 ^ b1, k - 1);
  const std::uint64_t high = mul_recursive(a1, b1, k - 1);
  return ((cross ^ low) << h) | (low ^ mul_recursive(high, std::uint64_t{1} << (h - 1), k - 1));
}

// The product of two polynomial coordinates modulo P, by the software carry-less product.
std::uint64_t poly_mul_portable(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t lo = 0, hi = 0;
  carryless_mul_portable(a, b, lo, hi);
  return poly_reduce(lo, hi);
}

// The subfield norm step of nim_inv at a Fermat 2-power F = 2^h, for x = x1·F ⊕ x0 with x0, x1 < F.
// The conjugate of x over GF(F) is x^F = x1⊗(F ⊕ 1) ⊕ x0 = x1·F ⊕ (x0 ⊕ x1) (F and F ⊕ 1 are the two roots of
// y² = y ⊕ F/2), and the norm x⊗x^F = x0⊗x0 ⊕ x0⊗x1 ⊕ x1⊗x1⊗F/2 lies in GF(F). Then x^-1 = x^F ⊗ (norm)^-1.
template <int H, class HalfSquare>
std::uint64_t conjugate_and_norm(std::uint64_t x, const HalfSquare& half_square, std::uint64_t& norm) noexcept {
  const std::uint64_t mask = (std::uint64_t{1} << H) - 1;
  const std::uint64_t x0 = x & mask, x1 = x >> H;
  norm = map_bytes(nim_table_data.square, x0) ^ nim_mul(x0, x1) ^ half_square(x1);
  return (x1 << H) | (x0 ^ x1);
}

}  // namespace

std::uint64_t nim_mul_reference(std::uint64_t a, std::uint64_t b) noexcept { return mul_recursive(a, b, 6); }

std::uint64_t nim_mul_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const nim_tables& t = nim_table_data;
  return map_bytes(t.from_poly, poly_mul_portable(map_bytes(t.to_poly, a), map_bytes(t.to_poly, b)));
}

std::uint64_t nim_pow_portable(std::uint64_t x, std::uint64_t e) noexcept {
  const nim_tables& t = nim_table_data;
  std::uint64_t base = map_bytes(t.to_poly, x), result = 1;  // the polynomial 1 is the nimber 1
  for (; e != 0; e >>= 1) {
    if (e & 1) result = poly_mul_portable(result, base);
    base = poly_mul_portable(base, base);
  }
  return map_bytes(t.from_poly, result);
}

void nim_mul_batch_portable(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul_portable(a[i], b[i]);
}

}  // namespace detail

std::uint64_t nim_square(std::uint64_t x) noexcept { return detail::map_bytes(detail::nim_table_data.square, x); }

std::uint64_t nim_sqrt(std::uint64_t x) noexcept { return detail::map_bytes(detail::nim_table_data.sqrt, x); }

// Norm recursion down the tower GF(2^64) ⊃ GF(2^32) ⊃ GF(2^16) ⊃ GF(2^8), then a table: six products and about
// thirty table lookups (Lenstra, "Nim multiplication", 1978; the subfield-norm idea of Itoh-Tsujii inversion).
std::uint64_t nim_inv(std::uint64_t x) {
  if (x == 0) throw domain_error("the nim inverse of 0 does not exist; give a non-zero nimber");
  const detail::nim_tables& t = detail::nim_table_data;
  std::uint64_t n32 = 0, n16 = 0, n8 = 0;
  const std::uint64_t c64 = detail::conjugate_and_norm<32>(
      x,
      [&](std::uint64_t y) -> std::uint64_t {
        return t.half_square_32[0][y & 0xff] ^ t.half_square_32[1][(y >> 8) & 0xff] ^
               t.half_square_32[2][(y >> 16) & 0xff] ^ t.half_square_32[3][y >> 24];
      },
      n32);
  const std::uint64_t c32 = detail::conjugate_and_norm<16>(
      n32,
      [&](std::uint64_t y) -> std::uint64_t { return t.half_square_16[0][y & 0xff] ^ t.half_square_16[1][y >> 8]; },
      n16);
  const std::uint64_t c16 = detail::conjugate_and_norm<8>(
      n16, [&](std::uint64_t y) -> std::uint64_t { return t.half_square_8[y]; }, n8);
  const std::uint64_t inv16 = nim_mul(c16, t.inverse_8[n8]);
  const std::uint64_t inv32 = nim_mul(c32, inv16);
  return nim_mul(c64, inv32);
}

std::uint64_t nim_div(std::uint64_t a, std::uint64_t b) {
  if (b == 0) throw domain_error("division by the nimber 0 is undefined; divide by a non-zero value");
  return nim_mul(a, nim_inv(b));
}

void nim_mul_batch(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, std::span<std::uint64_t> out) {
  if (a.size() != b.size() || a.size() != out.size()) {
    throw error("nim_mul_batch: the operand and output spans differ in size (" + std::to_string(a.size()) + ", " +
                std::to_string(b.size()) + ", " + std::to_string(out.size()) + "); pass spans of equal size");
  }
  detail::nim_mul_batch_dispatch(a.data(), b.data(), out.data(), a.size());
}

std::string to_string(nimber x) {
  if (x.value() == 0) return "0";
  if (x.value() == 1) return "*";
  return "*" + std::to_string(x.value());
}

std::ostream& operator<<(std::ostream& os, nimber x) { return os << to_string(x); }

}  // namespace tartan
