// 128-bit nimbers: the field GF(2^128) of the nimbers below 2^128, with the arithmetic of <tartan/nim/nimber.hpp> and
// the field toolkit of <tartan/nim/nim_field.hpp> (logarithms, orders, primitive elements, trace, equations).
//
// One tower step above GF(2^64): with F = 2^64 and s = F/2 = 2^63, F⊗x = F·x for x < F and F⊗F = 3F/2 = F ⊕ s, so
//   (a1·F ⊕ a0) ⊗ (b1·F ⊕ b0) = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ (a0⊗b0 ⊕ (a1⊗b1)⊗s)
//                             = ((a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0)·F ⊕ (a0⊗b0 ⊕ (a1⊗b1)⊗s),
// three 64-bit products (Karatsuba) and one product by the constant s, a GF(2)-linear map applied with byte tables.
// The group order 2^128 - 1 = (2^64 - 1)(2^64 + 1), 2^64 + 1 = 274177 · 67280421310721 (Landry, 1880).
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/int128.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {

namespace detail {
/// nim_top64_table[k][v] = (v << 8k) ⊗ 2^63: the product by s = 2^63 is linear over GF(2). Constant-initialised.
extern const std::array<std::array<std::uint64_t, 256>, 8> nim_top64_table;

/// z ⊗ 2^63 with 8 table lookups.
inline std::uint64_t nim_mul_top64(std::uint64_t z) noexcept {
  std::uint64_t r = 0;
  for (unsigned k = 0; k < 8; ++k) r ^= nim_top64_table[k][(z >> (8 * k)) & 0xff];
  return r;
}
}  // namespace detail

/**
 * A nimber below 2^128: hi·2^64 + lo. + and - are XOR, * is the nim product, / the quotient (domain_error for 0).
 * Ordered as integers.
 *
 * Example: nimber128(1, 0) * nimber128(1, 0) == nimber128(1, 1ULL << 63)  // F⊗F = F ⊕ F/2
 */
class nimber128 {
 public:
  constexpr nimber128() = default;
  constexpr nimber128(std::uint64_t hi, std::uint64_t lo) noexcept : hi_(hi), lo_(lo) {}
  constexpr explicit nimber128(uint128 v) noexcept
      : hi_(static_cast<std::uint64_t>(v >> 64)), lo_(static_cast<std::uint64_t>(v)) {}
  constexpr std::uint64_t hi() const noexcept { return hi_; }
  constexpr std::uint64_t lo() const noexcept { return lo_; }
  constexpr uint128 value() const noexcept { return (static_cast<uint128>(hi_) << 64) | lo_; }

  friend constexpr nimber128 operator+(nimber128 a, nimber128 b) noexcept {
    return nimber128(a.hi_ ^ b.hi_, a.lo_ ^ b.lo_);
  }
  friend constexpr nimber128 operator-(nimber128 a, nimber128 b) noexcept { return a + b; }
  friend nimber128 operator*(nimber128 a, nimber128 b) noexcept;
  friend nimber128 operator/(nimber128 a, nimber128 b);
  constexpr nimber128& operator+=(nimber128 b) noexcept { return *this = *this + b; }
  nimber128& operator*=(nimber128 b) noexcept { return *this = *this * b; }

  friend constexpr bool operator==(nimber128, nimber128) noexcept = default;
  friend constexpr std::strong_ordering operator<=>(const nimber128& a, const nimber128& b) noexcept {
    if (a.hi_ != b.hi_) return a.hi_ <=> b.hi_;
    return a.lo_ <=> b.lo_;
  }

  /// Prints the value in decimal.
  friend std::ostream& operator<<(std::ostream& os, nimber128 x);

 private:
  std::uint64_t hi_ = 0;
  std::uint64_t lo_ = 0;
};

/**
 * The nim product in GF(2^128): three 64-bit nim products and 8 table lookups.
 *
 * Example: nim_mul(nimber128(0, 2), nimber128(0, 2)) == nimber128(0, 3)
 */
inline nimber128 nim_mul(nimber128 a, nimber128 b) noexcept {
  const std::uint64_t p0 = nim_mul(a.lo(), b.lo());
  const std::uint64_t p1 = nim_mul(a.hi(), b.hi());
  const std::uint64_t p2 = nim_mul(a.hi() ^ a.lo(), b.hi() ^ b.lo());
  return nimber128(p2 ^ p0, p0 ^ detail::nim_mul_top64(p1));
}

inline nimber128 operator*(nimber128 a, nimber128 b) noexcept { return nim_mul(a, b); }

/**
 * x⊗x: (a1·F ⊕ a0)^2 = a1^2·F ⊕ (a0^2 ⊕ a1^2⊗s); two 64-bit squares.
 *
 * Example: nim_square(nimber128(1, 0)) == nimber128(1, 1ULL << 63)
 */
inline nimber128 nim_square(nimber128 x) noexcept {
  const std::uint64_t h = nim_square(x.hi());
  return nimber128(h, nim_square(x.lo()) ^ detail::nim_mul_top64(h));
}

/**
 * x^e by square-and-multiply with a 4-bit window; nim_pow(x, 0) == 1. Complexity: at most 128 squares and 46
 * products.
 *
 * Example: nim_pow(nimber128(0, 2), 3) == nimber128(0, 1)
 */
nimber128 nim_pow(nimber128 x, uint128 e) noexcept;

/**
 * The inverse: x^(-1) = (a1·F ⊕ a0 ⊕ a1) ⊗ N^(-1) with the norm N = x ⊗ conj(x) = a0⊗(a0 ⊕ a1) ⊕ a1^2⊗s in GF(2^64).
 * Throws domain_error for 0.
 *
 * Example: nim_inv(nimber128(0, 2)) == nimber128(0, 3)
 */
nimber128 nim_inv(nimber128 x);

/// a ⊗ b^(-1); throws domain_error when b = 0. Example: nim_div(nimber128(0, 1), nimber128(0, 2)) == nimber128(0, 3)
nimber128 nim_div(nimber128 a, nimber128 b);

/**
 * The unique square root: hi = sqrt(x_hi), lo = sqrt(x_lo ⊕ x_hi⊗s).
 *
 * Example: nim_sqrt(nimber128(1, 1ULL << 63)) == nimber128(1, 0)
 */
nimber128 nim_sqrt(nimber128 x) noexcept;

/// The absolute trace to GF(2): the top bit, bit 127. Example: nim_trace(nimber128(1ULL << 63, 0)) == 1
constexpr unsigned nim_trace(nimber128 x) noexcept { return static_cast<unsigned>(x.hi() >> 63); }

/// The primes dividing 2^128 - 1 (each once): those of 2^64 - 1, then 274177 and 67280421310721.
inline constexpr std::array<std::uint64_t, 9> nim128_group_primes{3,     5,       17,     257,           641,
                                                                  65537, 6700417, 274177, 67280421310721};

/**
 * The multiplicative order of x (dividing 2^128 - 1); domain_error for 0. Below 2^64 it agrees with the 64-bit
 * nim_order. Complexity: about 4 exponentiations' worth of products.
 *
 * Example: nim_order(nimber128(0, 4)) == 15
 */
uint128 nim_order(nimber128 x);

/**
 * The least k >= 0 with base^k = x. Throws domain_error when x or base is 0 or x is not a power of base.
 * Complexity: Pohlig-Hellman over the 9 primes of 2^128 - 1: the 64-bit tables for the 7 primes of 2^64 - 1, and
 * Pollard's rho (Teske's 32-adding walk with distinguished points) for 274177 and 67280421310721, about
 * sqrt(pi·q/2) ≈ 10^7 products for the largest; a fraction of a second.
 *
 * Example: nim_log(nim_pow(g, k), g) == k for g = nim_primitive_element128() and any k < 2^128 - 1
 */
uint128 nim_log(nimber128 x, nimber128 base);

/// True iff x generates the multiplicative group of GF(2^128) (order 2^128 - 1). Example:
/// !nim_is_primitive(nimber128(0, 5))
bool nim_is_primitive(nimber128 x);

/// The smallest primitive element of GF(2^128) (found once; every value below 2^64 lies in GF(2^64)).
nimber128 nim_primitive_element128();

/**
 * The roots of y^2 + y = c, ascending: none if nim_trace(c) == 1, else y and y ⊕ 1. With y = y1·F ⊕ y0:
 * y1^2 ⊕ y1 = c1 and y0^2 ⊕ y0 = c0 ⊕ y1^2⊗s, choosing the root y1 that gives the second equation trace 0.
 *
 * Example: nim_artin_schreier_roots(nimber128(0, 1)) == {nimber128(0, 2), nimber128(0, 3)}
 */
std::vector<nimber128> nim_artin_schreier_roots(nimber128 c);

/// The roots of a·x^2 + b·x + c = 0 in GF(2^128); the cases of the 64-bit nim_solve_quadratic.
nim_quadratic_roots<nimber128> nim_solve_quadratic(nimber128 a, nimber128 b, nimber128 c);

/// All cube roots of c in GF(2^128), ascending ({0} for 0; none or three otherwise).
std::vector<nimber128> nim_cube_roots(nimber128 c);

/**
 * Parses a value below 2^128, decimal or 0x-hex, with parse_u64's error style ("operand X: ... does not fit in 128
 * bits ..."). Example: parse_nimber128("0x10000000000000000", "operand X") == nimber128(1, 0)
 */
nimber128 parse_nimber128(std::string_view text, std::string_view what);

/// Decimal, or 0x-hex when `hex`. Example: to_string(nimber128(1, 0)) == "18446744073709551616"
std::string to_string(nimber128 x, bool hex = false);

/// A 128-bit unsigned integer (an order or logarithm) in decimal, or 0x-hex when `hex`.
std::string to_string_u128(uint128 v, bool hex = false);

}  // namespace tartan
