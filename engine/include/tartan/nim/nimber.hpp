// Nimbers: the non-negative integers below 2^64 with nim addition (XOR) and nim multiplication form the field
// GF(2^64), and every integer interval [0, 2^(2^k)) is a subfield. Grundy values of games multiply this way
// (the Tartan theorem), so the nim product is the engine's arithmetic core.
//
// The product is defined by a⊗b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b } and obeys, for a Fermat 2-power
// F = 2^(2^k): F⊗x = F·x when x < F, and F⊗F = 3F/2. References: Conway, On Numbers and Games, ch. 6; Lenstra,
// "Nim multiplication" (1978); Berlekamp, Conway and Guy, Winning Ways, ch. 14. Algorithms and costs:
// docs/nimbers.md.
#pragma once

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>

namespace tartan {

/**
 * The nim product a⊗b. A change of basis into a polynomial basis of GF(2^64), a carry-less multiply (PCLMULQDQ when
 * the CPU has it, a table-driven portable path otherwise) and a sparse reduction; a few nanoseconds.
 *
 * Example: nim_mul(2, 2) == 3, nim_mul(16, 16) == 24, nim_mul(1ULL << 32, 1ULL << 32) == 3ULL << 31
 */
std::uint64_t nim_mul(std::uint64_t a, std::uint64_t b) noexcept;

/**
 * The nim square x⊗x. Squaring is linear over GF(2) in characteristic 2, so this is 8 table lookups.
 *
 * Example: nim_square(2) == 3, nim_square(8) == 13
 */
std::uint64_t nim_square(std::uint64_t x) noexcept;

/**
 * The nim power x⊗x⊗...⊗x (e factors) by square-and-multiply; nim_pow(x, 0) == 1 for every x, 0 included.
 * Complexity: O(log e) products.
 *
 * Example: nim_pow(2, 3) == 2 (2 has multiplicative order 3), nim_pow(5, 0) == 1
 */
std::uint64_t nim_pow(std::uint64_t x, std::uint64_t e) noexcept;

/**
 * The nim inverse: the y with x⊗y = 1. Throws domain_error for x = 0. Cost: about a dozen products (a norm
 * recursion through the subfields GF(2^32), GF(2^16), GF(2^8)).
 *
 * Example: nim_inv(2) == 3, nim_inv(1) == 1
 */
std::uint64_t nim_inv(std::uint64_t x);

/**
 * The nim quotient a⊗inv(b). Throws domain_error when b = 0.
 *
 * Example: nim_div(1, 2) == 3, nim_div(6, 4) == nim_mul(6, nim_inv(4))
 */
std::uint64_t nim_div(std::uint64_t a, std::uint64_t b);

/**
 * The nim square root: the unique y with y⊗y = x (Frobenius is a bijection in characteristic 2). It is the linear
 * map x ↦ x^(2^63), applied with 8 table lookups.
 *
 * Example: nim_sqrt(3) == 2, nim_sqrt(13) == 8
 */
std::uint64_t nim_sqrt(std::uint64_t x) noexcept;

/**
 * out[i] = a[i]⊗b[i] for every i: many independent products, vectorised (AVX-512 VPCLMULQDQ and GFNI when the CPU
 * has them, one product at a time otherwise). Throws tartan::error unless the three sizes are equal. `out` may be
 * the same span as `a` or `b`.
 *
 * Example: std::array<std::uint64_t, 2> a{2, 16}, b{2, 16}, c; nim_mul_batch(a, b, c);  // c == {3, 24}
 */
void nim_mul_batch(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, std::span<std::uint64_t> out);

/**
 * A nimber: a 64-bit value with nim arithmetic. + and - are both XOR, * is the nim product, / the nim quotient
 * (domain_error when dividing by 0). Ordered as integers, so nimbers can be sorted and used as keys. Printed as
 * `0`, `*` or `*n`.
 *
 * Example: nimber(2) * nimber(3) == nimber(1); std::cout << nimber(5)  // prints *5
 */
class nimber {
 public:
  constexpr nimber() = default;
  constexpr explicit nimber(std::uint64_t v) noexcept : v_(v) {}
  constexpr std::uint64_t value() const noexcept { return v_; }

  /// x⊗x⊗...⊗x (e factors); pow(0) == 1.
  nimber pow(std::uint64_t e) const noexcept { return nimber(nim_pow(v_, e)); }
  /// The inverse; domain_error for 0.
  nimber inv() const { return nimber(nim_inv(v_)); }
  /// The unique square root.
  nimber sqrt() const noexcept { return nimber(nim_sqrt(v_)); }

  friend constexpr nimber operator+(nimber a, nimber b) noexcept { return nimber(a.v_ ^ b.v_); }
  friend constexpr nimber operator-(nimber a, nimber b) noexcept { return nimber(a.v_ ^ b.v_); }
  friend constexpr nimber operator-(nimber a) noexcept { return a; }
  friend nimber operator*(nimber a, nimber b) noexcept { return nimber(nim_mul(a.v_, b.v_)); }
  friend nimber operator/(nimber a, nimber b) { return nimber(nim_div(a.v_, b.v_)); }
  constexpr nimber& operator+=(nimber b) noexcept { return *this = *this + b; }
  constexpr nimber& operator-=(nimber b) noexcept { return *this = *this - b; }
  nimber& operator*=(nimber b) noexcept { return *this = *this * b; }
  nimber& operator/=(nimber b) { return *this = *this / b; }

  friend constexpr bool operator==(nimber, nimber) noexcept = default;
  friend constexpr std::strong_ordering operator<=>(nimber, nimber) noexcept = default;

  /// Prints 0, * (for 1) or *n.
  friend std::ostream& operator<<(std::ostream& os, nimber x);

 private:
  std::uint64_t v_ = 0;
};

/**
 * The CGSuite spelling of a nimber: "0", "*" or "*n".
 *
 * Example: to_string(nimber(0)) == "0", to_string(nimber(1)) == "*", to_string(nimber(6)) == "*6"
 */
std::string to_string(nimber x);

}  // namespace tartan
