// GF(2)[z]/(g), Berlekamp-Massey and the Hankel solve of binary_field.hpp.
#include "nim/binary_field.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/nim/binary_polynomial.hpp"

namespace tartan::detail {

namespace {

/// Bits [from, from + count) of v, as a vector of ⌈count/64⌉ words.
gf2_bits bits_from(const gf2_bits& v, std::size_t from, std::size_t count) {
  gf2_bits out((count + 63) / 64, 0);
  const std::size_t word = from / 64, shift = from % 64;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::uint64_t lo = word + i < v.size() ? v[word + i] : 0;
    const std::uint64_t hi = word + i + 1 < v.size() ? v[word + i + 1] : 0;
    out[i] = shift == 0 ? lo : (lo >> shift) | (hi << (64 - shift));
  }
  if (count % 64 != 0 && !out.empty()) out.back() &= (std::uint64_t{1} << (count % 64)) - 1;
  return out;
}

gf2_bits product(const gf2_bits& a, const gf2_bits& b) {
  gf2_bits out(a.size() + b.size(), 0);
  if (!a.empty() && !b.empty()) binary_polynomial_multiply(a, b, out);
  return out;
}

}  // namespace

long long gf2_degree(const gf2_bits& v) {
  for (std::size_t w = v.size(); w-- > 0;)
    if (v[w] != 0) return static_cast<long long>(64 * w) + 63 - std::countl_zero(v[w]);
  return -1;
}

binary_residues::binary_residues(gf2_bits g) : g_(std::move(g)) {
  const long long degree = gf2_degree(g_);
  TARTAN_ASSERT(degree >= 1, "a modulus of degree at least 1");
  d_ = static_cast<std::size_t>(degree);
  g_.resize(d_ / 64 + 1);
  // μ = ⌊z^(2d)/g⌋ by long division: O(d²/64).
  gf2_bits r((2 * d_) / 64 + 1, 0);
  flip_bit(r, 2 * d_);
  mu_.assign(d_ / 64 + 1, 0);
  for (std::size_t i = 2 * d_ + 1; i-- > d_;) {
    if (!bit_at(r, i)) continue;
    flip_bit(mu_, i - d_);
    const std::size_t shift = i - d_, words = shift / 64, bits = shift % 64;
    for (std::size_t w = 0; w < g_.size(); ++w) {
      r[w + words] ^= g_[w] << bits;
      if (bits != 0 && w + words + 1 < r.size()) r[w + words + 1] ^= g_[w] >> (64 - bits);
    }
  }
}

gf2_bits binary_residues::one() const {
  gf2_bits v(words(), 0);
  v[0] = 1;
  return reduce(v);
}

gf2_bits binary_residues::z() const {
  gf2_bits v(std::max<std::size_t>(words(), 1), 0);
  v[0] = 2;
  return reduce(v);
}

gf2_bits binary_residues::reduce(const gf2_bits& c) const {
  TARTAN_ASSERT(gf2_degree(c) < static_cast<long long>(2 * d_), "Barrett's reduction takes degrees below 2d");
  const gf2_bits high = bits_from(c, d_, d_);                // ⌊c/z^d⌋, degree < d
  const gf2_bits q = bits_from(product(high, mu_), d_, d_);  // ⌊⌊c/z^d⌋·μ/z^d⌋ = ⌊c/g⌋
  gf2_bits r = product(q, g_);
  r.resize(std::max(r.size(), c.size()), 0);
  for (std::size_t i = 0; i < c.size(); ++i) r[i] ^= c[i];
  return bits_from(r, 0, d_);
}

gf2_bits binary_residues::mul(const gf2_bits& a, const gf2_bits& b) const { return reduce(product(a, b)); }

gf2_bits binary_residues::square(const gf2_bits& a) const {
  gf2_bits out(2 * a.size(), 0);
  if (!a.empty()) binary_polynomial_multiply(a, a, out);  // one operand given twice: the bits spread
  return reduce(out);
}

gf2_bits binary_residues::pow(const gf2_bits& a, std::span<const std::uint64_t> e) const {
  gf2_bits result = one();
  bool started = false;
  for (std::size_t i = 64 * e.size(); i-- > 0;) {
    if (started) result = square(result);
    if (((e[i / 64] >> (i % 64)) & 1) != 0) {
      result = started ? mul(result, a) : a;
      started = true;
    }
  }
  return result;
}

gf2_bits berlekamp_massey(const std::vector<char>& s) {
  const std::size_t n = s.size();
  // The sequence reversed, so that (s_k, s_(k-1), ..., s_(k-L)) is a run of consecutive bits of it.
  gf2_bits reversed(n / 64 + 2, 0);
  for (std::size_t k = 0; k < n; ++k)
    if (s[k]) flip_bit(reversed, n - 1 - k);
  gf2_bits c(n / 64 + 2, 0), b(n / 64 + 2, 0);  // connection polynomials: c_0 = 1
  c[0] = b[0] = 1;
  std::size_t length = 0, gap = 1;
  for (std::size_t k = 0; k < n; ++k) {
    // The discrepancy Σ_(i ≤ L) c_i·s_(k-i): bits i of c against bits n-1-k+i of the reversed sequence.
    const gf2_bits window = bits_from(reversed, n - 1 - k, length + 1);
    std::uint64_t parity = 0;
    for (std::size_t w = 0; w < window.size(); ++w) parity ^= window[w] & c[w];
    if ((std::popcount(parity) & 1) == 0) {
      ++gap;
      continue;
    }
    const gf2_bits previous = c;
    // c += z^gap·b
    const std::size_t words = gap / 64, bits = gap % 64;
    for (std::size_t w = 0; w + words < c.size(); ++w) {
      c[w + words] ^= b[w] << bits;
      if (bits != 0 && w + words + 1 < c.size()) c[w + words + 1] ^= b[w] >> (64 - bits);
    }
    if (2 * length <= k) {
      length = k + 1 - length;
      b = previous;
      gap = 1;
    } else {
      ++gap;
    }
  }
  // The minimal polynomial is the reciprocal of c at degree L: g_i = c_(L-i).
  gf2_bits g(length / 64 + 1, 0);
  for (std::size_t i = 0; i <= length; ++i)
    if (bit_at(c, length - i)) flip_bit(g, i);
  return g;
}

std::optional<std::vector<gf2_bits>> solve_hankel(const std::vector<char>& s, std::size_t f,
                                                  const std::vector<std::vector<char>>& rhs) {
  const std::size_t width = f + rhs.size();
  std::vector<gf2_bits> rows(f, gf2_bits((width + 63) / 64, 0));
  for (std::size_t k = 0; k < f; ++k) {
    for (std::size_t i = 0; i < f; ++i)
      if (s[k + i]) flip_bit(rows[k], i);
    for (std::size_t c = 0; c < rhs.size(); ++c)
      if (rhs[c][k]) flip_bit(rows[k], f + c);
  }
  for (std::size_t col = 0; col < f; ++col) {
    std::size_t pivot = col;
    while (pivot < f && !bit_at(rows[pivot], col)) ++pivot;
    if (pivot == f) return std::nullopt;
    std::swap(rows[pivot], rows[col]);
    for (std::size_t r = 0; r < f; ++r) {
      if (r == col || !bit_at(rows[r], col)) continue;
      for (std::size_t w = col / 64; w < rows[r].size(); ++w) rows[r][w] ^= rows[col][w];
    }
  }
  std::vector<gf2_bits> solutions(rhs.size(), gf2_bits((f + 63) / 64, 0));
  for (std::size_t c = 0; c < rhs.size(); ++c)
    for (std::size_t i = 0; i < f; ++i)
      if (bit_at(rows[i], f + c)) flip_bit(solutions[c], i);
  return solutions;
}

}  // namespace tartan::detail
