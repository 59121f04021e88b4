// Polynomials over GF(2) modulo one polynomial g: the small fields GF(2^f) of Lenstra's excess tests and
// certificates (lenstra.cpp), where an element of the tower field's subfield GF(2^f) is read into GF(2)[z]/(g) and
// raised to (2^f - 1)/p there. Also the linear algebra that reads it: Berlekamp-Massey and a Hankel solve over GF(2).
// Private to the engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace tartan::detail {

/// A vector or polynomial over GF(2): bit i in word i/64 (the coefficient of z^i).
using gf2_bits = std::vector<std::uint64_t>;

inline bool bit_at(const gf2_bits& v, std::size_t i) { return i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1) != 0; }
inline void flip_bit(gf2_bits& v, std::size_t i) { v[i / 64] ^= std::uint64_t{1} << (i % 64); }

/// The degree of v as a polynomial (-1 for 0).
long long gf2_degree(const gf2_bits& v);

/**
 * GF(2)[z]/(g) for g of degree d ≥ 1: residues are d-bit vectors (⌈d/64⌉ words). A product is one product of binary
 * polynomials (binary_polynomial.hpp) and Barrett's reduction, two more: O(M(d)) with μ = ⌊z^(2d)/g⌋ found once by
 * long division (O(d²/64)). Barrett's reduction is exact for polynomials: r = c - ⌊⌊c/z^d⌋·μ/z^d⌋·g.
 */
class binary_residues {
 public:
  explicit binary_residues(gf2_bits g);
  std::size_t degree() const noexcept { return d_; }
  std::size_t words() const noexcept { return (d_ + 63) / 64; }
  const gf2_bits& modulus() const noexcept { return g_; }
  gf2_bits one() const;
  gf2_bits z() const;  // d ≥ 2; z mod g otherwise
  /// c mod g, c of degree below 2d.
  gf2_bits reduce(const gf2_bits& c) const;
  gf2_bits mul(const gf2_bits& a, const gf2_bits& b) const;
  gf2_bits square(const gf2_bits& a) const;
  /// a^e, e by its words (least significant first).
  gf2_bits pow(const gf2_bits& a, std::span<const std::uint64_t> e) const;

 private:
  gf2_bits g_, mu_;
  std::size_t d_ = 0;
};

/// The minimal polynomial of a linearly recurrent sequence over GF(2) (Berlekamp-Massey): the monic g of least degree
/// L with Σ_i g_i·s_(n+i) = 0 for every n + L < s.size(). For s_n = φ(θ^n), φ a linear form and θ of degree d, it is
/// θ's minimal polynomial when s has at least 2d terms and φ is not zero on GF(2)(θ) (else 1). O(n²/64).
gf2_bits berlekamp_massey(const std::vector<char>& s);

/// The solutions x of H x = b over GF(2), one for each b of `rhs`, H the f×f Hankel matrix H[k][i] = s[k + i]; nothing
/// when H is singular. Gauss-Jordan elimination on the rows with the right-hand sides appended: O(f^2·(f + r)/64).
std::optional<std::vector<gf2_bits>> solve_hankel(const std::vector<char>& s, std::size_t f,
                                                  const std::vector<std::vector<char>>& rhs);

}  // namespace tartan::detail
