// The nim field GF(2^64) beyond its arithmetic: discrete logarithms, multiplicative orders, primitive elements, the
// trace, and the equations y^2 + y = c, a*x^2 + b*x + c = 0 and x^3 = c (all products are nim products).
//
// The nimbers below 2^(2^k) form the field GF(2^(2^k)) (Conway, On Numbers and Games, ch. 6; Lenstra, Nim
// multiplication, 1978). Its multiplicative group is cyclic of order 2^(2^k) - 1 = F_0 * F_1 * ... * F_(k-1), the
// Fermat numbers F_j = 2^(2^j) + 1; for 64 bits, 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417, squarefree.
// So a logarithm splits (Pohlig-Hellman) into seven logarithms in groups of prime order, each answered from a table of
// baby steps.
//
// The tower: with F = 2^(2^(k-1)) and s = F/2, GF(2^(2^k)) = GF(2^(2^(k-1)))[F] where F*F = F + s. The conjugate of F
// is F + 1, so the trace of a1*F + a0 down to the half field is a1, and the absolute trace of a nimber is its top bit
// (the bit 2^(2^k - 1) of the field it is taken in).
//
// Subfields: the nimbers below 2^b (b a power of two) are the subfield GF(2^b). Logarithms and orders do not depend on
// the field an element is taken in; the trace, the primitive elements and the solvability of equations do, so those
// functions take field_bits (1, 2, 4, ..., 64; default 64). Wider fields: <tartan/nim/nimber_128.hpp>,
// <tartan/nim/nimber_wide.hpp>.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tartan {

/// The primes dividing 2^64 - 1, the order of the multiplicative group of the 64-bit nimbers (each to the power 1).
inline constexpr std::array<std::uint64_t, 7> nim_group_primes{3, 5, 17, 257, 641, 65537, 6700417};

/**
 * The multiplicative order of x: the least k >= 1 with x^k = 1 (nim powers). It divides 2^64 - 1 and is the same in
 * every field that holds x. Throws domain_error for 0.
 * Complexity: about 3 exponentiations' worth of products (x^((2^64-1)/p) for the 7 primes p at once).
 *
 * Example: nim_order(2) == 3, nim_order(4) == 15, nim_order(256) == 21845
 */
std::uint64_t nim_order(std::uint64_t x);

/**
 * The discrete logarithm: the least k >= 0 with base^k = x (nim powers); k < nim_order(base). Throws domain_error when
 * x or base is 0, or when x is not a power of base.
 * Complexity: Pohlig-Hellman over the 7 primes of 2^64 - 1, a baby-step table of 2^16 entries for 65537 and 6700417
 * (built once, about 1.5 * 2^17 products), then at most 103 giant steps; a few microseconds.
 *
 * Example: nim_log(14, 4) == 3 (4 ⊗ 4 ⊗ 4 = 14)
 */
std::uint64_t nim_log(std::uint64_t x, std::uint64_t base);

/**
 * True iff x generates the multiplicative group of GF(2^field_bits): nim_order(x) == 2^field_bits - 1.
 * Throws domain_error when field_bits is not one of 1, 2, 4, ..., 64 or x >= 2^field_bits.
 *
 * Example: nim_is_primitive(4, 4) (order 15 in GF(16)), !nim_is_primitive(4) (not in GF(2^64))
 */
bool nim_is_primitive(std::uint64_t x, unsigned field_bits = 64);

/**
 * The smallest primitive element of GF(2^field_bits) (field_bits one of 1, 2, 4, ..., 64), found once by search.
 *
 * Example: nim_primitive_element(2) == 2, nim_primitive_element(4) == 4
 */
std::uint64_t nim_primitive_element(unsigned field_bits = 64);

/**
 * The absolute trace of x in GF(2^field_bits) down to GF(2): x + x^2 + x^4 + ... + x^(2^(field_bits-1)), which is
 * the top bit of the field, (x >> (field_bits - 1)) & 1 (see the tower above). Complexity: O(1).
 *
 * Example: nim_trace(1, 2) == 0, nim_trace(2, 2) == 1, nim_trace(1u << 63) == 1
 */
unsigned nim_trace(std::uint64_t x, unsigned field_bits = 64);

/**
 * The roots of y^2 + y = c in GF(2^field_bits), ascending: none when nim_trace(c, field_bits) == 1, else two, y and
 * y + 1 (the map y -> y^2 + y is GF(2)-linear with kernel {0, 1} and image the trace-0 half).
 * Complexity: O(1), 8 lookups in byte tables of a preimage map found once by Gaussian elimination over GF(2).
 *
 * Example: nim_artin_schreier_roots(1) == {2, 3} (2 ⊗ 2 = 3 and 3 + 2 = 1)
 */
std::vector<std::uint64_t> nim_artin_schreier_roots(std::uint64_t c, unsigned field_bits = 64);

/// The solutions of an equation: `every_value` when every element solves it (0 = 0), else `roots`, ascending
/// (empty when there is none).
template <class T>
struct nim_quadratic_roots {
  bool every_value = false;
  std::vector<T> roots;
};

/**
 * The roots of a*x^2 + b*x + c = 0 in GF(2^field_bits). a = 0: the linear equation (one root c/b, none, or every value
 * when b = c = 0); b = 0: x = sqrt(c/a), one root; otherwise x = (b/a)*y turns it into y^2 + y = a*c/b^2, two roots
 * or none.
 *
 * Example: nim_solve_quadratic(1, 1, 1).roots == {2, 3}; nim_solve_quadratic(0, 2, 1).roots == {3}
 */
nim_quadratic_roots<std::uint64_t> nim_solve_quadratic(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                       unsigned field_bits = 64);

/**
 * All cube roots of c in GF(2^field_bits), ascending: {0} for 0; for c != 0 either none or three, r, r ⊗ 2 and r ⊗ 3
 * (2 and 3 are the cube roots of unity). c is a cube iff c^((2^b - 1)/3) = 1, and then r = c^e with e the inverse of
 * 3 modulo (2^64 - 1)/3. Complexity: two exponentiations.
 *
 * Example: nim_cube_roots(1) == {1, 2, 3}; nim_cube_roots(2) is empty (2 has order 3, and no cube has)
 */
std::vector<std::uint64_t> nim_cube_roots(std::uint64_t c, unsigned field_bits = 64);

namespace detail {

/// Throws domain_error unless field_bits is one of 1, 2, 4, ..., 64 and x < 2^field_bits (`what` names x).
void check_nim_field(std::uint64_t x, unsigned field_bits, const char* what);

/// The discrete logarithm of y in the subgroup of order nim_group_primes[i], to the base g^((2^64-1)/p) with g the
/// smallest primitive element. @pre y^p = 1.
std::uint64_t nim_prime_log(std::size_t i, std::uint64_t y);

/// One root of y^2 + y = c in GF(2^64). @pre c < 2^63 (trace 0).
std::uint64_t nim_artin_schreier_root(std::uint64_t c);

/// Inverse of a modulo the prime p (0 < a < p < 2^63).
std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t p);

/// For each i in [lo, hi): out[i] = y^(product of primes[j], j in [lo, hi), j != i), by halving the prime set: the
/// left half's cofactors are the powers of y^(product of the right half), and the other way round. Called with y = x
/// and the whole list, it gives x^(N/p) for every prime p of N = the product, in about log2(#primes) exponentiations'
/// worth of products instead of one exponentiation per prime.
template <class T, class Exponent, class Pow>
void cofactor_powers(const T& y, const Exponent* primes, std::size_t lo, std::size_t hi, T* out, const Pow& pow) {
  if (hi - lo == 1) {
    out[lo] = y;
    return;
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  Exponent left = 1, right = 1;
  for (std::size_t i = lo; i < mid; ++i) left *= primes[i];
  for (std::size_t i = mid; i < hi; ++i) right *= primes[i];
  cofactor_powers(pow(y, right), primes, lo, mid, out, pow);
  cofactor_powers(pow(y, left), primes, mid, hi, out, pow);
}

}  // namespace detail
}  // namespace tartan
