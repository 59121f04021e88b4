// Ordinal nimbers: the ordinals below ω^(ω^ω) with Conway's nim sum and nim product, the algebraic closure of GF(2)
// (Conway, On Numbers and Games, ch. 6; Lenstra, "On the algebraic closure of two", 1977; docs/ordinals.md).
//
// An ordinal is held in Cantor normal form, Σ ω^e·c, each exponent e = ω^k·a_k + ... + ω·a_1 + a_0 below ω^ω and each
// coefficient c a finite nimber (<tartan/nim/field_nimber.hpp>, below 2^65536); the exponents' coefficients a_k are
// unbounded (below 2^4096). The nim sum adds the coefficients of equal exponents (XOR). For the product, write a_k in
// base p = odd_prime(k) with digits d_(k,j): then
//   ω^e·c = c ⊗ Π_(k,j) κ_(k,j)^d_(k,j),   κ_(k,j) = ω^(ω^k · p^j)
// (ordinal products and powers of these terms are nim products and powers). The κ_(k,j) are the generators of a tower
// of Kummer extensions over the finite nimbers, with the relations
//   κ_(k,j)^p = κ_(k,j-1)  (j >= 1),     κ_(k,0)^p = α_p        (Lenstra's constants, <tartan/nim/lenstra.hpp>)
// so a product multiplies terms, adds their digits and rewrites each digit that reaches p with the relation, from the
// highest generator down (the relations only involve lower ones). Example: ω = κ_(0,0), so ω⊗ω = ω^2 (digit 2) and
// ω⊗ω⊗ω = α_3 = 2 (digit 3 = p), while the ordinal ω^3 is κ_(0,1), a cube root of ω.
//
// Complexity: a product of n and m terms costs about n·m·(the tower's levels) operations and never builds the field.
// Operations beyond sums and products work in the tower field of the operands' generators: a dense vector of N = Π p
// finite nimbers, with nested Karatsuba products (O(N^1.6) nimber products), squares in O(N·levels), Frobenius maps
// σ^m from the Kummer structure (σ^m(κ) = κ^s·γ; O(log m) compositions, each about p products of the level below),
// inverses by norms down the tower (O(log p) products per level). Those fields are refused beyond
// max_ordinal_field_size nimbers, and in proportion to the memory limit, with one line naming the field's size.
//
// Constraints: every ordinal below ω^(ω^K), K = lenstra_table::builtin().size() = 126 (the odd primes up to
// max_lenstra_prime = 709: ω^(ω^125)·a is fine, ω^(ω^126) needs α_719 and is refused); anything else throws
// domain_error naming the bound.
#pragma once

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/nim/field_nimber.hpp"

namespace tartan {

/// The most finite nimbers a tower field may hold for the operations that need one (inverse, square root of a
/// dense term, degree, minimal polynomial, order): 2^22, a field of degree up to 2^22 times the finite part's.
inline constexpr std::uint64_t max_ordinal_field_size = std::uint64_t{1} << 22;

/// The exponents' coefficients a_k are below 2^max_ordinal_exponent_bits.
inline constexpr unsigned max_ordinal_exponent_bits = 4096;

/// One term ω^power · coefficient of an exponent below ω^ω; the coefficient is non-zero, its words least significant
/// first.
struct ordinal_exponent_term {
  unsigned power = 0;
  std::vector<std::uint64_t> coefficient;

  friend bool operator==(const ordinal_exponent_term&, const ordinal_exponent_term&) = default;
};

/// One term ω^exponent · coefficient of a Cantor normal form: the exponent's terms by descending power (none for the
/// finite term), the coefficient a non-zero finite nimber.
struct ordinal_term {
  std::vector<ordinal_exponent_term> exponent;
  field_nimber coefficient;

  friend bool operator==(const ordinal_term&, const ordinal_term&) = default;
};

namespace detail {
struct ordinal_access;
/// A generator κ_(k,j) = ω^(ω^k · p^j) as one 32-bit key, k in the high half: keys order as the generators do.
inline constexpr std::uint32_t generator_key(std::uint32_t k, std::uint32_t j) { return k << 16 | j; }
inline constexpr std::uint32_t generator_index(std::uint32_t key) { return key >> 16; }
inline constexpr std::uint32_t generator_level(std::uint32_t key) { return key & 0xffff; }
/// A monomial Π κ^d: (generator key, digit d >= 1) by descending key. Compared as vectors, monomials order as the
/// ordinals ω^e they stand for.
using ordinal_monomial = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
}  // namespace detail

/**
 * An ordinal below ω^(ω^K) with nim arithmetic: + and - are the nim sum, * the nim product, / the quotient
 * (domain_error when dividing by 0). Ordered as ordinals. Printed in tartan's ordinal notation (to_string).
 *
 * Example: auto w = ordinal_nimber::omega(); w * w * w == ordinal_nimber(2); to_string(w * w) == "w^2"
 */
class ordinal_nimber {
 public:
  /// 0.
  ordinal_nimber() = default;
  explicit ordinal_nimber(std::uint64_t n);
  explicit ordinal_nimber(const field_nimber& n);

  /// ω.
  static ordinal_nimber omega();
  /**
   * ω^e for the exponent e = Σ ω^power · coefficient (any order; equal powers add). Throws domain_error when e needs
   * a prime beyond the supported range or a coefficient is 2^4096 or more.
   *
   * Example: to_string(ordinal_nimber::omega_power({{1, {5}}, {0, {1}}})) == "w^(w*5+1)"
   */
  static ordinal_nimber omega_power(std::span<const ordinal_exponent_term> exponent);
  /// The nim sum of the terms (each ω^e · c, as omega_power times the coefficient).
  static ordinal_nimber from_terms(std::span<const ordinal_term> terms);

  /**
   * Reads the ordinal notation (docs/ordinals.md): a sum of terms ω^e·c, `w` (or `ω`) for ω, `^` for powers, `+`
   * between terms, `*` or juxtaposition for the finite coefficient after a power; exponents below ω^ω the same way.
   * Numbers are decimal or 0x-hex. Throws parse_error naming `what`, with the place and what to type, e.g.
   * "ordinal X: '3w' puts the coefficient before w; write w*3 (the ordinal 3·w is w itself)"; domain_error for an
   * ordinal beyond the supported range.
   *
   * Example: to_string(ordinal_nimber::parse("w^(w^2+1)3 + w + 5")) == "w^(w^2+1)*3 + w + 5"
   */
  static ordinal_nimber parse(std::string_view text, std::string_view what = "ordinal");

  bool is_zero() const noexcept { return terms_.empty(); }
  /// Whether the ordinal is finite (below ω).
  bool is_finite() const noexcept { return terms_.empty() || (terms_.size() == 1 && terms_[0].monomial.empty()); }
  /// The finite value; domain_error unless is_finite().
  field_nimber finite_value() const;
  /// The Cantor normal form, highest term first.
  std::vector<ordinal_term> terms() const;
  /// The number of terms of the Cantor normal form.
  std::size_t size() const noexcept { return terms_.size(); }
  /// The least h with the ordinal below ω^(ω^h): 0 for finite ordinals, 1 below ω^ω, ...
  unsigned height() const noexcept;

  /// x⊗x: the Frobenius map, term by term (the square of a monomial is a monomial or a short sum).
  ordinal_nimber square() const;
  /// The unique square root (Frobenius is a bijection): term by term, √κ = κ^((p+1)/2) ⊗ √(κ^p)^(-1).
  ordinal_nimber sqrt() const;
  /// The inverse, in the smallest tower field holding the ordinal; domain_error for 0, limit_error beyond
  /// max_ordinal_field_size or `max_memory` (0: the default memory limit).
  ordinal_nimber inv(std::uint64_t max_memory = 0) const;
  /// x^e (e given by its words, least significant first; x^0 = 1), by squares and products.
  ordinal_nimber pow(std::span<const std::uint64_t> e) const;
  ordinal_nimber pow(std::uint64_t e) const { return pow(std::span<const std::uint64_t>(&e, 1)); }

  friend ordinal_nimber operator+(const ordinal_nimber& a, const ordinal_nimber& b);
  friend ordinal_nimber operator-(const ordinal_nimber& a, const ordinal_nimber& b) { return a + b; }
  friend ordinal_nimber operator-(const ordinal_nimber& a) { return a; }
  friend ordinal_nimber operator*(const ordinal_nimber& a, const ordinal_nimber& b);
  /// a⊗b^(-1); domain_error when b is 0.
  friend ordinal_nimber operator/(const ordinal_nimber& a, const ordinal_nimber& b);
  ordinal_nimber& operator+=(const ordinal_nimber& b) { return *this = *this + b; }
  ordinal_nimber& operator-=(const ordinal_nimber& b) { return *this = *this + b; }
  ordinal_nimber& operator*=(const ordinal_nimber& b) { return *this = *this * b; }
  ordinal_nimber& operator/=(const ordinal_nimber& b) { return *this = *this / b; }

  friend bool operator==(const ordinal_nimber& a, const ordinal_nimber& b) noexcept { return a.terms_ == b.terms_; }
  /// The order of the ordinals.
  friend std::strong_ordering operator<=>(const ordinal_nimber& a, const ordinal_nimber& b) noexcept;

  /// Prints to_string(x).
  friend std::ostream& operator<<(std::ostream& os, const ordinal_nimber& x);

 private:
  friend struct detail::ordinal_access;
  struct term {
    detail::ordinal_monomial monomial;
    field_nimber coefficient;  // non-zero
    friend bool operator==(const term&, const term&) = default;
  };
  std::vector<term> terms_;  // by descending monomial
};

/**
 * The ordinal in tartan's notation: terms from the highest, joined by " + "; `w^e*c` with `^e` left out for e = 1,
 * `*c` for c = 1, parentheses around an exponent that is not a number or `w`; exponents as sums of `w^k*a`.
 *
 * Example: to_string(ordinal_nimber::parse("w^(w^2+1)*3 + w + 5")) == "w^(w^2+1)*3 + w + 5"
 */
std::string to_string(const ordinal_nimber& x);

/**
 * The degree of x over GF(2): the size of its Frobenius orbit, [GF(2)(x) : GF(2)]. Throws limit_error when the
 * tower field holding x is too large (see inv). Complexity: O(log^2 D) Frobenius maps in that field, D its degree.
 *
 * Example: ordinal_degree(ordinal_nimber::omega()) == 6 (ω^3 = 2 lies in GF(4))
 */
std::uint64_t ordinal_degree(const ordinal_nimber& x, std::uint64_t max_memory = 0);

/**
 * The minimal polynomial of x over GF(2), as the exponents of its non-zero coefficients, descending. Throws
 * limit_error when its degree exceeds max_minimal_polynomial_degree (or the field is too large). Complexity: 2d
 * products for the powers x^i, then Berlekamp-Massey over GF(2) in O(d^2), d the degree.
 *
 * Example: ordinal_minimal_polynomial(ordinal_nimber::omega()) == {6, 3, 0} (x^6 + x^3 + 1)
 */
std::vector<std::uint64_t> ordinal_minimal_polynomial(const ordinal_nimber& x, std::uint64_t max_memory = 0);

/// The largest degree ordinal_minimal_polynomial computes.
inline constexpr std::uint64_t max_minimal_polynomial_degree = 4096;

/**
 * The multiplicative order of x ≠ 0: the least n >= 1 with x^n = 1, a divisor of 2^d - 1 (d the degree), as words
 * (least significant first). It needs the prime factors of 2^d - 1: found by the factors of the cyclotomic values
 * Φ_e(2), e | d, by trial division and Pollard-Brent; throws limit_error naming the cofactor when one resists (a fixed
 * effort, the same on every machine), domain_error for 0.
 *
 * Example: ordinal_order(ordinal_nimber::omega()) == {9} (ω^3 = 2 and 2^3 = 1)
 */
std::vector<std::uint64_t> ordinal_order(const ordinal_nimber& x, std::uint64_t max_memory = 0);

/// A polynomial over GF(2) from its exponents (descending): "x^6 + x^3 + 1", "0" when empty.
std::string gf2_polynomial_text(std::span<const std::uint64_t> exponents, char variable = 'x');

}  // namespace tartan
