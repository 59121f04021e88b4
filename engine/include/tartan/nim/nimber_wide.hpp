// Nimbers of any size 2^k >= 64 bits: the fields GF(2^(2^k)), with products by recursive halving on the Fermat
// 2-powers and the 64-bit product at the bottom; also the parsing and printing of wide unsigned integers.
//
// With F = 2^(n/2) and s = F/2 for an n-bit field, F⊗x = F·x for x < F and F⊗F = F ⊕ s, so
//   (a1·F ⊕ a0) ⊗ (b1·F ⊕ b0) = ((a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0)·F ⊕ (a0⊗b0 ⊕ (a1⊗b1)⊗s):
// three half-size products (Karatsuba) and one product by the constant s. That one recurses too: s = F'⊗s' with
// F' = 2^(n/4), s' = F'/2, and (z1·F' ⊕ z0)⊗s = ((z1⊕z0)⊗s')·F' ⊕ (z1⊗s')⊗s', three products by s' a level down,
// ending in 8 table lookups at 64 bits. So a product costs O(n^log2(3) · log n) word operations.
// Logarithms, orders and primitive elements need the factorisation of 2^n - 1 and logarithms in its prime-order
// subgroups; they are provided for 64 and 128 bits only (<tartan/nim/nim_field.hpp>, <tartan/nim/nimber_128.hpp>).
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tartan/nim/nim_field.hpp"

namespace tartan {

/**
 * A nimber of the field GF(2^bits), bits a power of two >= 64: the words of its value, least significant first.
 * + and - are XOR, * the nim product, / the quotient. Operands of different sizes are taken in the larger field.
 * Equality and ordering compare values as integers.
 *
 * Example: nimber_wide(256, 2) * nimber_wide(256, 2) == nimber_wide(256, 3)
 */
class nimber_wide {
 public:
  /// 0 in GF(2^64).
  nimber_wide() : nimber_wide(64) {}
  /// The value v in GF(2^bits). Throws domain_error unless bits is a power of two >= 64.
  explicit nimber_wide(unsigned bits, std::uint64_t v = 0);
  /// The value with these words (least significant first) in GF(2^bits); throws domain_error if it does not fit.
  nimber_wide(unsigned bits, std::span<const std::uint64_t> words);

  unsigned bits() const noexcept { return static_cast<unsigned>(words_.size() * 64); }
  std::span<const std::uint64_t> words() const noexcept { return words_; }
  std::span<std::uint64_t> words() noexcept { return words_; }
  bool is_zero() const noexcept;
  /// The same value in the field of `bits` bits (>= the value's width). Throws domain_error if it does not fit.
  nimber_wide in_field(unsigned bits) const;

  friend nimber_wide operator+(const nimber_wide& a, const nimber_wide& b);
  friend nimber_wide operator-(const nimber_wide& a, const nimber_wide& b) { return a + b; }
  friend nimber_wide operator*(const nimber_wide& a, const nimber_wide& b);
  friend nimber_wide operator/(const nimber_wide& a, const nimber_wide& b);
  friend bool operator==(const nimber_wide& a, const nimber_wide& b) noexcept;
  friend std::strong_ordering operator<=>(const nimber_wide& a, const nimber_wide& b) noexcept;

 private:
  std::vector<std::uint64_t> words_;
};

/// The nim product (Karatsuba halving, above). Example: nim_mul(nimber_wide(128, 16), nimber_wide(128, 16)) == 24
nimber_wide nim_mul(const nimber_wide& a, const nimber_wide& b);

/// x⊗x: (a1·F ⊕ a0)^2 = a1^2·F ⊕ (a0^2 ⊕ a1^2⊗s); O(n log n) words. Example: nim_square(nimber_wide(64, 8)) == 13
nimber_wide nim_square(const nimber_wide& x);

/**
 * x^e, the exponent given by its words (least significant first); x^0 = 1. Complexity: bit length of e squares and
 * as many products at most.
 *
 * Example: nim_pow(nimber_wide(256, 2), std::vector<std::uint64_t>{3}) == nimber_wide(256, 1)
 */
nimber_wide nim_pow(const nimber_wide& x, std::span<const std::uint64_t> e);

/**
 * The inverse, by the norm to the half field: (a1·F ⊕ a0)^(-1) = (a1·F ⊕ a0 ⊕ a1) ⊗ N^(-1), N = a0⊗(a0⊕a1) ⊕ a1^2⊗s.
 * Throws domain_error for 0.
 *
 * Example: nim_inv(nimber_wide(512, 2)) == nimber_wide(512, 3)
 */
nimber_wide nim_inv(const nimber_wide& x);

/// a ⊗ b^(-1); domain_error when b = 0.
nimber_wide nim_div(const nimber_wide& a, const nimber_wide& b);

/// The unique square root: hi = sqrt(x1), lo = sqrt(x0 ⊕ x1⊗s). Example: nim_sqrt(nimber_wide(64, 13)) == 8
nimber_wide nim_sqrt(const nimber_wide& x);

/// The absolute trace to GF(2): the top bit of the field. Example: nim_trace(nimber_wide(256, 1)) == 0
unsigned nim_trace(const nimber_wide& x) noexcept;

/**
 * The roots of y^2 + y = c in c's field, ascending: none when the trace of c is 1, else y and y ⊕ 1 (recursion on
 * the halves as for nimber128, ending in the 64-bit table).
 *
 * Example: nim_artin_schreier_roots(nimber_wide(256, 1)) == {2, 3}
 */
std::vector<nimber_wide> nim_artin_schreier_roots(const nimber_wide& c);

/// The roots of a·x^2 + b·x + c = 0 in the largest of the three operands' fields (cases as for 64 bits).
nim_quadratic_roots<nimber_wide> nim_solve_quadratic(const nimber_wide& a, const nimber_wide& b, const nimber_wide& c);

/// All cube roots of c in its field, ascending: {0} for 0, else none or three (r, r⊗2, r⊗3). Two exponentiations.
std::vector<nimber_wide> nim_cube_roots(const nimber_wide& c);

/**
 * Parses an unsigned integer below 2^bits: decimal digits, or 0x/0X and hex digits; no sign, no spaces. Returns
 * max(1, ceil(bits/64)) words, least significant first. Throws parse_error naming `what` in parse_u64's style, e.g.
 * "operand X: '0x1' followed by 40 zeros... does not fit in 128 bits; type a value below 2^128, or use a wider field".
 *
 * Example: parse_wide_unsigned("0x10000000000000000", 128, "operand X") == {0, 1}
 */
std::vector<std::uint64_t> parse_wide_unsigned(std::string_view text, unsigned bits, std::string_view what);

/// The value of `words` (least significant first) in decimal, or 0x-hex (lowercase) when `hex`.
std::string format_wide_unsigned(std::span<const std::uint64_t> words, bool hex = false);

/// parse_wide_unsigned as a nimber of GF(2^bits) (bits a power of two >= 64).
nimber_wide parse_nimber_wide(std::string_view text, unsigned bits, std::string_view what);

/// Decimal, or 0x-hex when `hex`.
std::string to_string(const nimber_wide& x, bool hex = false);

}  // namespace tartan
