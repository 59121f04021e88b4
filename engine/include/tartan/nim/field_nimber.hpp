// One nimber of any size: an element of the nim fields GF(2^(2^k)), up to 2^65536, held in the narrowest of the
// engine's fixed types that fits it and computed with that type's arithmetic. Front ends that let people choose the
// field size (the CLI's --bits, Python's Nimber) hold a field_nimber and call these functions, not the fixed types.
//
// A nimber's value does not depend on the field it is taken in: the nimbers below 2^(2^k) are a subfield of those
// below 2^(2^(k+1)), with the same sum and product (Conway, On Numbers and Games, ch. 6). So a field_nimber carries
// no field: an operation on two takes them in the smaller field holding both, and the result is narrowed again.
// What does depend on the field (the trace, primitive elements, the solvability of equations) takes the field size
// as an argument.
//
// Representations, by the value's width (bits()):
//   below 2^64        one word, nim_mul and friends of <tartan/nim/nimber.hpp>: the fast path, inlined here
//   below 2^128       nimber128 of <tartan/nim/nimber_128.hpp> (three 64-bit products per product)
//   below 2^65536     nimber_wide of <tartan/nim/nimber_wide.hpp> in the smallest field GF(2^(2^k)) holding it,
//                     shared (a field_nimber is immutable; copies share the words)
//
// Constraints: values below 2^65536 (max_nim_field_bits). Logarithms, orders and primitive elements are known below
// 2^128 only (they need the factorisation of 2^(2^k) - 1); beyond, those throw domain_error.
// Complexity: as the representation's own functions. Below 2^64 an operation costs one branch more than the plain
// nimber (benchmarks/field_nimber_benchmark.cpp measures both in one run); a product of n-bit values costs
// O(n^1.59 log n) word operations.
//
// Example:
//   const field_nimber x = field_nimber::parse("0x10000000000000000", 128, "X");  // 2^64
//   x * x == field_nimber(nimber128(1, 1ULL << 63))                               // F⊗F = F ⊕ F/2
//   (x * x).bits() == 128;  (x / x).bits() == 64;  to_string(x.inv() * x) == "1"
#pragma once

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/core/int128.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_128.hpp"
#include "tartan/nim/nimber_wide.hpp"

namespace tartan {

/// The widest nim field a field_nimber lives in, in bits: GF(2^65536).
inline constexpr unsigned max_nim_field_bits = 65536;

/**
 * A nimber below 2^65536 with nim arithmetic: + and - are XOR, * the nim product, / the quotient (domain_error when
 * dividing by 0). Equality and ordering compare values as integers. Immutable; cheap to copy below 2^128.
 *
 * Example: field_nimber(2) * field_nimber(2) == field_nimber(3); field_nimber(16) * field_nimber(16) ==
 * field_nimber(24)
 */
class field_nimber {
 public:
  /// 0.
  field_nimber() noexcept = default;
  constexpr explicit field_nimber(std::uint64_t v) noexcept : lo_(v) {}
  constexpr explicit field_nimber(nimber v) noexcept : lo_(v.value()) {}
  /// The value of x, narrowed to 64 bits when it fits.
  constexpr explicit field_nimber(nimber128 x) noexcept : lo_(x.lo()), hi_(x.hi()), bits_(x.hi() == 0 ? 64 : 128) {}
  /// The value of x (whatever field x is in), narrowed to the smallest field that holds it.
  explicit field_nimber(const nimber_wide& x);

  /**
   * The value with these words, least significant first (any number of words; zero words above the value are
   * ignored). Throws domain_error when the value is 2^65536 or more.
   *
   * Example: field_nimber::from_words(std::vector<std::uint64_t>{0, 1}) == field_nimber(nimber128(1, 0))
   */
  static field_nimber from_words(std::span<const std::uint64_t> words);

  /**
   * Parses a value of the field of `field_bits` bits (a power of two from 1 to 65536): decimal digits, or 0x/0X and
   * hex digits; no sign, no spaces (parse_u64's language). Throws parse_error naming `what`: parse_u64's and
   * parse_wide_unsigned's messages about the text itself, and for a number too wide for the field
   * "X: '300' does not fit in 8 bits; type a value below 2^8 or <larger_field>".
   *
   * Example: field_nimber::parse("0xff", 8, "X") == field_nimber(255);
   *          field_nimber::parse("256", 8, "X", "use a larger --bits") throws
   *          "X: '256' does not fit in 8 bits; type a value below 2^8 or use a larger --bits"
   */
  static field_nimber parse(std::string_view text, unsigned field_bits, std::string_view what,
                            std::string_view larger_field = "use a larger field");

  /**
   * The smallest primitive element of GF(2^field_bits) (a generator of its multiplicative group), for field_bits a
   * power of two up to 128; domain_error beyond. Example: field_nimber::primitive_element(4) == field_nimber(4)
   */
  static field_nimber primitive_element(unsigned field_bits);

  /// The smallest field of at least 64 bits that holds the value: 64, 128, 256, ..., 65536.
  unsigned bits() const noexcept { return bits_; }
  bool is_zero() const noexcept { return bits_ == 64 && lo_ == 0; }
  /// Whether the value is below 2^64, i.e. to_u64() may be called.
  bool fits_u64() const noexcept { return bits_ == 64; }
  /// The value. @pre fits_u64()
  std::uint64_t to_u64() const noexcept { return lo_; }
  /// The value as a nimber128; throws domain_error when it is 2^128 or more.
  nimber128 to_nimber128() const;
  /// The value in the field of `field_bits` bits (a power of two >= 64); domain_error when it does not fit there.
  nimber_wide to_wide(unsigned field_bits) const;
  /// The value's bits() / 64 words, least significant first.
  std::vector<std::uint64_t> words() const;

  /// x⊗x⊗...⊗x (e factors); pow(0) == 1 for every x, 0 included. Complexity: O(log e) products.
  field_nimber pow(std::uint64_t e) const;
  /// The same with the exponent given by its words, least significant first (any length).
  field_nimber pow(std::span<const std::uint64_t> e) const;
  /// The inverse; domain_error for 0 (with the message of the representation's nim_inv).
  field_nimber inv() const;
  /// The unique square root: the y with y⊗y = x.
  field_nimber sqrt() const;
  /// x⊗x.
  field_nimber square() const;

  friend field_nimber operator+(const field_nimber& a, const field_nimber& b) {
    if (a.bits_ == 64 && b.bits_ == 64) [[likely]]
      return field_nimber(a.lo_ ^ b.lo_);
    return add_wide(a, b);
  }
  friend field_nimber operator-(const field_nimber& a, const field_nimber& b) { return a + b; }
  friend field_nimber operator-(const field_nimber& a) { return a; }
  friend field_nimber operator*(const field_nimber& a, const field_nimber& b) {
    if (a.bits_ == 64 && b.bits_ == 64) [[likely]]
      return field_nimber(nim_mul(a.lo_, b.lo_));
    return mul_wide(a, b);
  }
  friend field_nimber operator/(const field_nimber& a, const field_nimber& b) {
    if (a.bits_ == 64 && b.bits_ == 64) [[likely]]
      return field_nimber(nim_div(a.lo_, b.lo_));
    return div_wide(a, b);
  }
  field_nimber& operator+=(const field_nimber& b) { return *this = *this + b; }
  field_nimber& operator-=(const field_nimber& b) { return *this = *this + b; }
  field_nimber& operator*=(const field_nimber& b) { return *this = *this * b; }
  field_nimber& operator/=(const field_nimber& b) { return *this = *this / b; }

  friend bool operator==(const field_nimber& a, const field_nimber& b) noexcept { return (a <=> b) == 0; }
  friend std::strong_ordering operator<=>(const field_nimber& a, const field_nimber& b) noexcept;

  /// Prints 0, * (for 1) or *n, as nimber does.
  friend std::ostream& operator<<(std::ostream& os, const field_nimber& x);

 private:
  static field_nimber add_wide(const field_nimber& a, const field_nimber& b);
  static field_nimber mul_wide(const field_nimber& a, const field_nimber& b);
  static field_nimber div_wide(const field_nimber& a, const field_nimber& b);

  // The value is hi_·2^64 + lo_ when bits_ <= 128 (wide_ null); else *wide_, in the field of bits_ bits, and
  // lo_ = hi_ = 0. bits_ is always the smallest field of at least 64 bits holding the value, so a value has one
  // representation and a wider bits_ means a larger value.
  std::uint64_t lo_ = 0;
  std::uint64_t hi_ = 0;
  std::shared_ptr<const nimber_wide> wide_;
  unsigned bits_ = 64;
};

/**
 * The multiplicative order of x: the least k >= 1 with x^k = 1; the same in every field holding x. Throws
 * domain_error for 0 and for x >= 2^128 ("multiplicative orders are computed for nimbers below 2^128; ...").
 * Complexity: that of nim_order on the 64- or 128-bit value.
 *
 * Example: nim_order(field_nimber(4)) == 15
 */
uint128 nim_order(const field_nimber& x);

/**
 * The least k >= 0 with base^k = x. Throws domain_error when x or base is 0, when x is not a power of base (the
 * message of the 64- or 128-bit nim_log), and when either is 2^128 or more.
 *
 * Example: nim_log(field_nimber(14), field_nimber(4)) == 3
 */
uint128 nim_log(const field_nimber& x, const field_nimber& base);

/**
 * True iff x generates the multiplicative group of GF(2^field_bits), field_bits a power of two up to 128. Throws
 * domain_error for a larger field_bits or x >= 2^field_bits.
 *
 * Example: nim_is_primitive(field_nimber(4), 4) && !nim_is_primitive(field_nimber(4), 64)
 */
bool nim_is_primitive(const field_nimber& x, unsigned field_bits);

/**
 * The absolute trace of x in GF(2^field_bits) down to GF(2): the top bit of the field. Throws domain_error unless
 * field_bits is a power of two up to 65536 and x < 2^field_bits. Complexity: O(1).
 *
 * Example: nim_trace(field_nimber(2), 2) == 1, nim_trace(field_nimber(2), 8) == 0
 */
unsigned nim_trace(const field_nimber& x, unsigned field_bits);

/**
 * The roots of a·x^2 + b·x + c = 0 in GF(2^field_bits), ascending (the cases of the 64-bit nim_solve_quadratic).
 * Throws domain_error unless field_bits is a power of two up to 65536 holding a, b and c.
 *
 * Example: nim_solve_quadratic(field_nimber(1), field_nimber(1), field_nimber(1), 64).roots == {2, 3}
 */
nim_quadratic_roots<field_nimber> nim_solve_quadratic(const field_nimber& a, const field_nimber& b,
                                                      const field_nimber& c, unsigned field_bits);

/**
 * All cube roots of c in GF(2^field_bits), ascending: {0} for 0, else none or three. Two exponentiations.
 *
 * Example: nim_cube_roots(field_nimber(1), 64) == {1, 2, 3}
 */
std::vector<field_nimber> nim_cube_roots(const field_nimber& c, unsigned field_bits);

/// Decimal, or 0x-hex (lowercase) when `hex`. Example: to_string(field_nimber(255), true) == "0xff"
std::string to_string(const field_nimber& x, bool hex = false);

/// The CGSuite spelling: "0", "*" or "*n" (n in decimal). Example: to_cgt_string(field_nimber(6)) == "*6"
std::string to_cgt_string(const field_nimber& x);

}  // namespace tartan
