// Products in the large tower fields of ordinal_tower.hpp by fast multiplication of binary polynomials, for
// the towers whose top levels form a chain: the field GF(2^D) of Lenstra's excess for the primes beyond 337 has
// degree 10^5 to 10^7, where the tower's nested Karatsuba (O(N^1.58) products of nimbers) is the cost of everything.
// Private to the engine.
//
// The representation. Split the levels of F_i (levels 0..i) into a chain L_1 < ... < L_s = i and a foot (the other
// levels and the nim base), such that L_1's relation is y_1^(r_1) = c_1 and L_k's is y_k^(r_k) = y_(k-1) + c_k with
// every c_k in the foot's field B (its generators and constant), and the foot is closed (its relations name foot
// levels only). Then F_i = B[y_s]/(Q(y_s)) with
//
//     Q_1(Z) = Z^(r_1) - c_1,   Q_k(Z) = Q_(k-1)(Z^(r_k) - c_k),   deg Q_s = n = r_1 ··· r_s,
//
// and an element of F_i is a polynomial of degree < n over B, B held in a polynomial basis GF(2)[t]/(m(t)) of degree
// d (t a generator of B found among seeded random elements, m its minimal polynomial). A product is then:
//   - the tower basis to the polynomial basis, level by level: Σ_j X_j y_k^j with X_j ∈ F_(k-1) a polynomial P_j in
//     y_(k-1) = y_k^(r_k) - c_k is Σ_j y_k^j P_j(y_k^(r_k) - c_k): a Taylor shift of P_j by c_k, spread by r_k and
//     interleaved (the shift by 1 is the superset-sum transform of the coefficients' indices in characteristic 2,
//     (Z+1)^i = Σ_(j ⊆ i) Z^j by Lucas; by c, a scaling by c^i before and c^(-j) after): O(n log n) operations in B;
//   - one product of binary polynomials (Kronecker substitution: coefficient e at bit e·(2d-1), where the products
//     of two coefficients, of degree 2d-2 in t, do not overlap): binary_polynomial.hpp, O(M(2dn)), which is the
//     additive FFT over GF(2^64) at these sizes, O(dn log(dn));
//   - back, reducing: each coefficient mod m(t), then the same steps in reverse, whose fold at L_1 (y_1^(r_1) = c_1)
//     and splits by the residue of the exponent modulo r_k reduce modulo Q without any division.
// Reference: Kronecker substitution (Schönhage, "Asymptotically fast algorithms for the numerical multiplication and
// division of polynomials with complex coefficients", 1982); the additive FFT's references are binary_polynomial.hpp's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace tartan::detail {

struct tower_shape;

/// The products of one level's field F_i of a tower over a nim base below 256 (one byte a value), by the chain
/// representation above. Thread-compatible: multiply() keeps no state.
class chain_product {
 public:
  /// The chain product of level `level` of `shape`, or nothing when its levels do not split into a chain over a foot
  /// of degree at most max_foot_degree (or the chain is a single level with a foot as large as the field).
  static std::unique_ptr<chain_product> make(const tower_shape& shape, int level);

  /// out = a·b in F_i, all three blocks of the level's size (out may not overlap a or b).
  void multiply(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out) const;

  /// The degree over GF(2) of the foot's field B and the chain's degree n over B (for the tests and the docs).
  std::size_t foot_degree() const noexcept { return d_; }
  std::size_t chain_degree() const noexcept { return n_; }

  /// The largest foot the representation takes: B's elements are ⌈d/64⌉ words, and its change of basis a d×d matrix.
  static constexpr std::size_t max_foot_degree = 512;

  ~chain_product();
  chain_product(const chain_product&) = delete;
  chain_product& operator=(const chain_product&) = delete;

 private:
  chain_product() = default;

  using words = std::vector<std::uint64_t>;  // elements of B, W words each, one after another

  // The work arrays hold an element of B as C values: one byte when d ≤ 8 (B = GF(16) for the large chains of
  // Lenstra's constants: 315 MB an array for α_719's field, not 2.5 GB), else ⌈d/64⌉ words. stride<C>() is how many.
  template <class C>
  std::size_t stride() const noexcept {
    return std::is_same_v<C, std::uint8_t> ? 1 : w_;
  }
  template <class C>
  void b_mul(const C* x, const C* y, C* out) const;
  template <class C>
  void taylor_shift(std::vector<C>& poly, std::size_t length, std::size_t k) const;
  template <class C>
  void to_poly(std::size_t k, const C* tower, C* poly) const;
  template <class C>
  void from_poly(std::size_t k, const C* poly, std::size_t length, C* tower) const;
  template <class C>
  void load(const std::uint8_t* values, std::vector<C>& tower) const;
  template <class C>
  void store(const std::vector<C>& tower, std::uint8_t* values) const;
  template <class C>
  void multiply_as(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out) const;
  template <class C>
  const C* powers() const;

  std::size_t base_bits_ = 0;              // k: bits of a nim base value (1, 2, 4 or 8)
  std::size_t d_ = 0;                      // the degree of B over GF(2)
  std::size_t w_ = 0;                      // words of an element of B
  std::size_t n_ = 0;                      // the chain's degree over B
  std::size_t foot_size_ = 0;              // base values of a foot element
  std::vector<unsigned> primes_;           // r_1 .. r_s
  std::vector<std::size_t> degrees_;       // n_0 = 1, n_1, ..., n_s
  words constants_;                        // c_1 .. c_s in B
  words constant_powers_;                  // per level: c^1 .. c^(n) and c^(-1) .. c^(-n) for its Taylor shifts
  std::vector<std::size_t> power_offset_;  // where each level's powers start (in elements)
  std::vector<char> constant_kind_;        // per level: 0, 1 or 2 (another element)
  words reduce_rows_;                      // t^(d+i) mod m(t), i < d-1
  words to_poly_rows_;                     // d rows: bit r of the polynomial coefficients = parity(row_r & foot bits)
  words to_tower_rows_;                    // d rows: bit r of the foot's bits = parity(row_r & polynomial coefficients)
  std::vector<std::size_t> chain_offset_;  // the chain index (mixed radix, L_1 least significant) → tower offset
  std::vector<std::size_t> foot_offset_;   // the foot index → tower offset
  // When d ≤ 8, the byte forms: B's products, the changes of basis between the foot's bits and B's polynomial basis,
  // and the constants' powers.
  std::vector<std::uint8_t> byte_products_;  // [x·256 + y]
  std::vector<std::uint8_t> byte_to_poly_;   // the foot's d bits → coefficients in t
  std::vector<std::uint8_t> byte_to_tower_;  // and back
  std::vector<std::uint8_t> byte_powers_;    // constant_powers_ as bytes
  // When 8 < d ≤ 64 (one word an element of B), the GF(2)-linear maps as byte tables (8 × 256 words each): the foot's
  // bits to the polynomial basis and back, and the reduction of the bits above t^d modulo m(t).
  using word_map = std::array<std::array<std::uint64_t, 256>, 8>;
  std::unique_ptr<word_map> word_to_poly_, word_to_tower_, word_reduce_;
};

}  // namespace tartan::detail
