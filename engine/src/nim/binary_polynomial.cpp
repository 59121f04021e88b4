// Products of binary polynomials (binary_polynomial.hpp): the routes, the additive FFT over GF(2^64) on the nim
// field's Cantor flag, and the XOR-only changes of basis. The loops over arrays are the kernels of
// binary_polynomial_kernels.hpp.
#include "tartan/nim/binary_polynomial.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "detail/threads.hpp"
#include "nim/binary_polynomial_kernels.hpp"
#include "nim/nim_tables.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nimber.hpp"

#ifndef TARTAN_NO_GF2X
#include <gf2x.h>
#endif

namespace tartan {

namespace {

using word = std::uint64_t;
using detail::gf64_kernel;

// ---- the Cantor flag of the nim field, in the polynomial basis -----------------------------------------------------

/// s(x) = x⊗x ⊕ x, which maps the nim integers below 2^(j+1) onto those below 2^j.
word artin_schreier(word x) noexcept { return nim_square(x) ^ x; }

word to_poly(word nim) noexcept { return detail::map_bytes(detail::nim_table_data.to_poly, nim); }

/// W_m(2^i) for every m ≤ i < 64 (0 for i < m), W_m = s∘…∘s (m times) the subspace polynomial of V_m = [0, 2^m), in
/// the polynomial basis; row i holds W_0(2^i) .. W_63(2^i), so that the twiddles of the child at β ⊕ 2^i are
/// row i XORed onto the parent's. W_m(2^m) = 1: the flag is a Cantor flag (checked once here, and by the tests).
struct cantor_flag {
  std::array<std::array<word, 64>, 64> at_power{};  // at_power[i][m] = W_m(2^i)
  detail::fft_leaf_constants leaf{};

  cantor_flag() {
    for (int i = 0; i < 64; ++i) {
      word v = word{1} << i;
      for (int m = 0; m <= i; ++m) {
        at_power[i][m] = to_poly(v);
        v = artin_schreier(v);
      }
      TARTAN_ASSERT(at_power[i][i] == 1, "the nim integers below 2^i form a Cantor flag");
    }
    leaf.w2_8 = at_power[3][2];
    leaf.w1_4 = at_power[2][1];
    leaf.w1_8 = at_power[3][1];
    leaf.w0_2 = at_power[1][0];
    leaf.w0_4 = at_power[2][0];
    leaf.w0_8 = at_power[3][0];
  }

  /// W_m(β) for m < k into w, for an offset β (a nim integer).
  void twiddles_at(word beta, int k, word* w) const noexcept {
    std::fill(w, w + k, word{0});
    for (; beta != 0; beta &= beta - 1) {
      const int i = std::countr_zero(beta);
      for (int m = 0; m < k && m <= i; ++m) w[m] ^= at_power[i][m];
    }
  }
};

const cantor_flag& flag() {
  static const cantor_flag f;
  return f;
}

// ---- the transforms
// --------------------------------------------------------------------------------------------------

/// The smallest transform: leaf16 does its four levels.
constexpr int min_transform_log = 4;

/// Subtrees at least this large are split between threads.
constexpr int min_parallel_log = 14;

struct transform_context {
  const gf64_kernel& kernel;
  const cantor_flag& cantor;
};

/// Evaluates the polynomial Σ_(i < 2^k) x[i]·X_i at the points β ⊕ v, v < 2^k, into x[v] (w[m] = W_m(β), m < k). Only
/// x[0 .. nonzero) may be nonzero: a level whose upper half is zero copies instead of multiplying.
void forward(const transform_context& t, word* x, int k, const word* w, std::size_t nonzero, unsigned threads) {
  if (k == min_transform_log) {
    t.kernel.leaf16(x, w, t.cantor.leaf);
    return;
  }
  const std::size_t half = std::size_t{1} << (k - 1);
  if (nonzero <= half) {
    std::memcpy(x + half, x, half * sizeof(word));  // b = 0: a stays, b becomes a
  } else {
    t.kernel.butterflies(x, x + half, half, w[k - 1]);
    nonzero = half;
  }
  word right[64];
  for (int m = 0; m < k - 1; ++m) right[m] = w[m] ^ t.cantor.at_power[k - 1][m];
  if (threads >= 2 && k - 1 >= min_parallel_log && detail::can_start_threads) {
    std::thread other([&] { forward(t, x + half, k - 1, right, nonzero, threads - threads / 2); });
    forward(t, x, k - 1, w, nonzero, threads / 2);
    other.join();
  } else {
    forward(t, x, k - 1, w, nonzero, 1);
    forward(t, x + half, k - 1, right, nonzero, 1);
  }
}

/// The inverse of forward: values at β ⊕ v back to the coefficients of X_i.
void inverse(const transform_context& t, word* x, int k, const word* w, unsigned threads) {
  if (k == min_transform_log) {
    t.kernel.leaf16_inverse(x, w, t.cantor.leaf);
    return;
  }
  const std::size_t half = std::size_t{1} << (k - 1);
  word right[64];
  for (int m = 0; m < k - 1; ++m) right[m] = w[m] ^ t.cantor.at_power[k - 1][m];
  if (threads >= 2 && k - 1 >= min_parallel_log && detail::can_start_threads) {
    std::thread other([&] { inverse(t, x + half, k - 1, right, threads - threads / 2); });
    inverse(t, x, k - 1, w, threads / 2);
    other.join();
  } else {
    inverse(t, x, k - 1, w, 1);
    inverse(t, x + half, k - 1, right, 1);
  }
  t.kernel.butterflies_inverse(x, x + half, half, w[k - 1]);
}

/// X_j(z) = Π_(t ∈ bits of j) W_t(z), in the nim basis.
word novel_basis_at(unsigned j, word z) {
  word product = 1;
  word w = z;  // W_t(z), t = 0, 1, ...
  for (unsigned t = 0; j >> t; ++t) {
    if ((j >> t) & 1) product = nim_mul(product, w);
    w = artin_schreier(w);
  }
  return product;
}

/// The shape of a transform: L = cosets · 2^k points, the nim integers below L.
struct transform_plan {
  int k = 0;
  unsigned cosets = 1;  // c: 1, 3, 5 or 7
  std::size_t length() const { return std::size_t{cosets} << k; }
};

transform_plan plan_for(std::size_t blocks) {
  transform_plan best{min_transform_log, 1};
  std::size_t best_length = 0;
  for (const unsigned c : {1u, 3u, 5u, 7u}) {
    int k = min_transform_log;
    while ((std::size_t{c} << k) < blocks) ++k;
    const std::size_t length = std::size_t{c} << k;
    if (best_length == 0 || length < best_length) {
      best = {k, c};
      best_length = length;
    }
  }
  return best;
}

/// The top of a transform of cosets > 1: on the coset b·2^k ⊕ V_k, X_(i + 2^k·j)(x) = X_i(x)·X_j(z_b) with
/// z_b = W_k(b·2^k), so the coset's polynomial has the coefficients Σ_j X_j(z_b)·x[i + 2^k·j]: a c×c matrix per i,
/// applied going forward and inverted (a Vandermonde matrix in the basis X_j, at c distinct points) going back.
struct coset_matrices {
  unsigned c = 1;
  std::array<word, 49> forward{};  // forward[b·c + j] = X_j(z_b), polynomial basis
  std::array<word, 49> inverse{};  // its inverse

  coset_matrices(const transform_plan& plan) : c(plan.cosets) {
    if (c == 1) return;
    std::array<word, 49> m{}, inv{};
    for (unsigned b = 0; b < c; ++b) {
      // z_b = W_k(b·2^k): the nim integer b·2^k through s, k times
      word z = static_cast<word>(b) << plan.k;
      for (int i = 0; i < plan.k; ++i) z = artin_schreier(z);
      for (unsigned j = 0; j < c; ++j) m[b * c + j] = novel_basis_at(j, z);
    }
    // Gauss-Jordan over the nim field.
    for (unsigned i = 0; i < c; ++i) inv[i * c + i] = 1;
    std::array<word, 49> a = m;
    for (unsigned col = 0; col < c; ++col) {
      unsigned pivot = col;
      while (a[pivot * c + col] == 0) ++pivot;
      for (unsigned j = 0; j < c; ++j) {
        std::swap(a[pivot * c + j], a[col * c + j]);
        std::swap(inv[pivot * c + j], inv[col * c + j]);
      }
      const word scale = nim_inv(a[col * c + col]);
      for (unsigned j = 0; j < c; ++j) {
        a[col * c + j] = nim_mul(a[col * c + j], scale);
        inv[col * c + j] = nim_mul(inv[col * c + j], scale);
      }
      for (unsigned r = 0; r < c; ++r) {
        if (r == col || a[r * c + col] == 0) continue;
        const word f = a[r * c + col];
        for (unsigned j = 0; j < c; ++j) {
          a[r * c + j] ^= nim_mul(f, a[col * c + j]);
          inv[r * c + j] ^= nim_mul(f, inv[col * c + j]);
        }
      }
    }
    for (unsigned i = 0; i < c * c; ++i) {
      forward[i] = to_poly(m[i]);
      inverse[i] = to_poly(inv[i]);
    }
  }
};

/// Indices handled at once by the coset stage: its temporary holds c chunks of this many words.
constexpr std::size_t coset_chunk = 2048;

/// The whole forward transform of x[0 .. plan.length()), of which only x[0 .. nonzero) may be nonzero.
void forward_transform(const transform_context& t, const transform_plan& plan, const coset_matrices& cm, word* x,
                       std::size_t nonzero, unsigned threads) {
  const std::size_t size = std::size_t{1} << plan.k;
  if (plan.cosets > 1) {
    const unsigned used = static_cast<unsigned>(std::min<std::size_t>(plan.cosets, (nonzero + size - 1) / size));
    std::vector<word> held(std::size_t{used} * coset_chunk);
    for (std::size_t i = 0; i < size; i += coset_chunk) {
      const std::size_t n = std::min(coset_chunk, size - i);
      for (unsigned j = 0; j < used; ++j) std::memcpy(&held[j * coset_chunk], x + j * size + i, n * sizeof(word));
      for (unsigned b = 0; b < plan.cosets; ++b) {
        word* out = x + b * size + i;
        std::memcpy(out, held.data(), n * sizeof(word));  // X_0 = 1
        for (unsigned j = 1; j < used; ++j) t.kernel.axpy(out, &held[j * coset_chunk], n, cm.forward[b * cm.c + j]);
      }
    }
    nonzero = size;
  }
  word w[64];
  for (unsigned b = 0; b < plan.cosets; ++b) {
    t.cantor.twiddles_at(static_cast<word>(b) << plan.k, plan.k, w);
    forward(t, x + b * size, plan.k, w, std::min(nonzero, size), threads);
  }
}

void inverse_transform(const transform_context& t, const transform_plan& plan, const coset_matrices& cm, word* x,
                       unsigned threads) {
  const std::size_t size = std::size_t{1} << plan.k;
  word w[64];
  for (unsigned b = 0; b < plan.cosets; ++b) {
    t.cantor.twiddles_at(static_cast<word>(b) << plan.k, plan.k, w);
    inverse(t, x + b * size, plan.k, w, threads);
  }
  if (plan.cosets == 1) return;
  const unsigned c = plan.cosets;
  std::vector<word> held(std::size_t{c} * coset_chunk);
  for (std::size_t i = 0; i < size; i += coset_chunk) {
    const std::size_t n = std::min(coset_chunk, size - i);
    for (unsigned b = 0; b < c; ++b) std::memcpy(&held[b * coset_chunk], x + b * size + i, n * sizeof(word));
    for (unsigned j = 0; j < c; ++j) {
      word* out = x + j * size + i;
      std::memset(out, 0, n * sizeof(word));
      for (unsigned b = 0; b < c; ++b) t.kernel.axpy(out, &held[b * coset_chunk], n, cm.inverse[j * c + b]);
    }
  }
}

// ---- the change of basis: monomials and X_i, by XORs
// -----------------------------------------------------------------
//
// An array of 2^k coefficients, each a block of `block` words (coefficient i at f + i·block), of which only the first
// `limit` words may be nonzero (and only those need exist): every step moves values from higher indices to lower
// ones, and a polynomial of degree < N keeps its coefficients below N in both bases and in the Taylor forms between
// them (each is triangular: X_i and y^h·x^l have degree i and h·2^a + l), so the steps are clipped to the limit.

/// The Taylor expansion at y = x^τ + x, τ = 2^a, of a polynomial with 2^k coefficients: afterwards the coefficient of
/// x^l·y^h is at h·τ + l. Gao and Mateer: with s = 2^(k-1-a), (x^τ + x)^s = x^(τ·s) + x^s, so dividing by it (x^(τs)
/// ≡ x^s: f[i - (n/2 - s)] ^= f[i] for i ≥ n/2, from the top) splits f into two halves expanded in turn. One pass per
/// halving: (k - a)·2^(k-1) block XORs.
void taylor_expand(const gf64_kernel& kr, word* f, int k, int a, std::size_t block, std::size_t limit) {
  if (k <= a || limit == 0) return;
  const std::size_t half = (std::size_t{1} << (k - 1)) * block;
  const std::size_t shift = ((std::size_t{1} << (k - 1)) - (std::size_t{1} << (k - 1 - a))) * block;
  const std::size_t top = std::min(2 * half, limit);
  // Runs from the top, each at most `shift` long: a run's targets lie below it, and its sources are final.
  for (std::size_t end = top; end > half;) {
    const std::size_t begin = std::max(half, end >= shift ? end - shift : 0);
    kr.xor_into(f + begin - shift, f + begin, end - begin);
    end = begin;
  }
  taylor_expand(kr, f, k - 1, a, block, std::min(limit, half));
  if (limit > half) taylor_expand(kr, f + half, k - 1, a, block, limit - half);
}

/// The inverse of taylor_expand: the halves back first, then the division undone from the bottom.
void taylor_collapse(const gf64_kernel& kr, word* f, int k, int a, std::size_t block, std::size_t limit) {
  if (k <= a || limit == 0) return;
  const std::size_t half = (std::size_t{1} << (k - 1)) * block;
  const std::size_t shift = ((std::size_t{1} << (k - 1)) - (std::size_t{1} << (k - 1 - a))) * block;
  taylor_collapse(kr, f, k - 1, a, block, std::min(limit, half));
  if (limit > half) taylor_collapse(kr, f + half, k - 1, a, block, limit - half);
  const std::size_t top = std::min(2 * half, limit);
  for (std::size_t begin = half; begin < top;) {
    const std::size_t end = std::min(top, begin + shift);
    kr.xor_into(f + begin - shift, f + begin, end - begin);
    begin = end;
  }
}

/// The largest power of two below k (k ≥ 2).
int split_of(int k) { return 1 << (std::bit_width(static_cast<unsigned>(k - 1)) - 1); }

/// Monomial coefficients to those of X_i: X_(l + 2^a·h)(x) = X_l(x)·X_h(W_a(x)), and W_a(x) = x^(2^a) + x for a a
/// power of two, so a Taylor expansion at W_a, then the conversion in y = W_a(x) (blocks of 2^a coefficients), then
/// one in x per block. O(2^k · k log k) block XORs.
void monomial_to_novel(const gf64_kernel& kr, word* f, int k, std::size_t block, std::size_t limit) {
  if (k <= 1 || limit == 0) return;  // X_0 = 1, X_1 = W_0(x) = x
  const int a = split_of(k);
  taylor_expand(kr, f, k, a, block, limit);
  const std::size_t outer = block << a;
  monomial_to_novel(kr, f, k - a, outer, limit);
  for (std::size_t at = 0; at < limit; at += outer)
    monomial_to_novel(kr, f + at, a, block, std::min(outer, limit - at));
}

void novel_to_monomial(const gf64_kernel& kr, word* f, int k, std::size_t block, std::size_t limit) {
  if (k <= 1 || limit == 0) return;
  const int a = split_of(k);
  const std::size_t outer = block << a;
  for (std::size_t at = 0; at < limit; at += outer)
    novel_to_monomial(kr, f + at, a, block, std::min(outer, limit - at));
  novel_to_monomial(kr, f, k - a, outer, limit);
  taylor_collapse(kr, f, k, a, block, limit);
}

// ---- the routes
// ------------------------------------------------------------------------------------------------------

/// Operands up to this many words (the shorter) go word by word.
constexpr std::size_t schoolbook_words = 16;

void schoolbook(const gf64_kernel& kr, const word* a, std::size_t na, const word* b, std::size_t nb, word* out) {
  std::fill(out, out + na + nb, word{0});
  for (std::size_t i = 0; i < na; ++i) {
    if (a[i] == 0) continue;
    for (std::size_t j = 0; j < nb; ++j) {
      word lo = 0, hi = 0;
      kr.clmul(a[i], b[j], lo, hi);
      out[i + j] ^= lo;
      out[i + j + 1] ^= hi;
    }
  }
}

/// The scratch words karatsuba_balanced needs for n words.
std::size_t karatsuba_scratch(std::size_t n) {
  if (n <= schoolbook_words) return 0;
  const std::size_t n0 = (n + 1) / 2;
  return 8 * n0 + karatsuba_scratch(n0);
}

/// out[0 .. 2n) = a·b for n words each; scratch holds karatsuba_scratch(n) words.
void karatsuba_balanced(const gf64_kernel& kr, const word* a, const word* b, std::size_t n, word* out, word* scratch) {
  if (n <= schoolbook_words) {
    schoolbook(kr, a, n, b, n, out);
    return;
  }
  // a = a0 + X·a1 with X = x^(64·n0) and a1 padded to n0 words:
  // a·b = a0b0 + X·((a0 + a1)(b0 + b1) + a0b0 + a1b1) + X²·a1b1.
  const std::size_t n0 = (n + 1) / 2, n1 = n - n0;
  word* sa = scratch;
  word* sb = sa + n0;
  word* mid = sb + n0;  // 2·n0
  word* pa = mid + 2 * n0;
  word* pb = pa + n0;
  word* high = pb + n0;  // 2·n0
  word* deeper = high + 2 * n0;
  for (std::size_t i = 0; i < n0; ++i) {
    pa[i] = i < n1 ? a[n0 + i] : 0;
    pb[i] = i < n1 ? b[n0 + i] : 0;
    sa[i] = a[i] ^ pa[i];
    sb[i] = b[i] ^ pb[i];
  }
  karatsuba_balanced(kr, sa, sb, n0, mid, deeper);
  karatsuba_balanced(kr, a, b, n0, out, deeper);
  karatsuba_balanced(kr, pa, pb, n0, high, deeper);  // its top 2·(n0 - n1) words are zero
  std::copy(high, high + 2 * n1, out + 2 * n0);
  for (std::size_t i = 0; i < 2 * n0; ++i) mid[i] ^= out[i] ^ high[i];  // out[0 .. 2·n0) is still a0b0
  kr.xor_into(out + n0, mid, 2 * n0);
}

void karatsuba(const gf64_kernel& kr, const word* a, std::size_t na, const word* b, std::size_t nb, word* out) {
  if (na < nb) {
    std::swap(a, b);
    std::swap(na, nb);
  }
  if (nb <= schoolbook_words) {
    schoolbook(kr, a, na, b, nb, out);
    return;
  }
  // The longer operand in pieces of the shorter's length.
  std::fill(out, out + na + nb, word{0});
  std::vector<word> piece(nb), part(2 * nb), scratch(karatsuba_scratch(nb));
  for (std::size_t at = 0; at < na; at += nb) {
    const std::size_t n = std::min(nb, na - at);
    std::fill(piece.begin(), piece.end(), word{0});
    std::copy(a + at, a + at + n, piece.begin());
    karatsuba_balanced(kr, piece.data(), b, nb, part.data(), scratch.data());
    const std::size_t len = std::min(2 * nb, na + nb - at);
    for (std::size_t i = 0; i < len; ++i) out[at + i] ^= part[i];
  }
}

/// The 32-bit blocks of a polynomial of `words` words into x[0 .. 2·words), as elements of GF(2^64).
void pack_blocks(const word* p, std::size_t words, word* x) {
  for (std::size_t i = 0; i < words; ++i) {
    x[2 * i] = p[i] & 0xffffffffu;
    x[2 * i + 1] = p[i] >> 32;
  }
}

void additive_fft(const gf64_kernel& kr, const word* a, std::size_t na, const word* b, std::size_t nb, word* out,
                  unsigned threads) {
  const std::size_t blocks_a = 2 * na, blocks_b = 2 * nb, blocks = blocks_a + blocks_b - 1;
  const transform_plan plan = plan_for(blocks);
  const coset_matrices cm(plan);
  const transform_context t{kr, flag()};
  const std::size_t length = plan.length();
  std::unique_ptr<word[]> fa(new word[length]), fb(new word[length]);
  std::memset(fa.get(), 0, length * sizeof(word));
  std::memset(fb.get(), 0, length * sizeof(word));
  pack_blocks(a, na, fa.get());
  pack_blocks(b, nb, fb.get());
  const int log_length = std::bit_width(length - 1);  // the conversions' size: 2^log_length ≥ length
  // The two operands' transforms are independent: one each on two threads.
  const auto transform_operand = [&](word* x, std::size_t nonzero, unsigned own) {
    monomial_to_novel(kr, x, log_length, 1, nonzero);
    forward_transform(t, plan, cm, x, nonzero, own);
  };
  if (threads >= 2 && detail::can_start_threads && plan.k >= min_parallel_log) {
    std::thread other([&] { transform_operand(fb.get(), blocks_b, threads / 2); });
    transform_operand(fa.get(), blocks_a, threads - threads / 2);
    other.join();
  } else {
    transform_operand(fa.get(), blocks_a, threads);
    transform_operand(fb.get(), blocks_b, threads);
  }
  kr.pointwise(fa.get(), fb.get(), length);
  fb.reset();
  inverse_transform(t, plan, cm, fa.get(), threads);
  novel_to_monomial(kr, fa.get(), log_length, 1, blocks);
  // h_i, of degree ≤ 62, lands at bit 32·i.
  std::fill(out, out + na + nb, word{0});
  for (std::size_t i = 0; i < blocks; ++i) {
    const word h = fa[i];
    if (i % 2 == 0) {
      out[i / 2] ^= h;
    } else {
      out[i / 2] ^= h << 32;
      out[i / 2 + 1] ^= h >> 32;
    }
  }
}

/// a², which in characteristic 2 spreads the bits: bit i to bit 2i.
void square(const word* a, std::size_t n, word* out) {
  static constexpr auto spread = [] {
    std::array<std::uint16_t, 256> t{};
    for (unsigned v = 0; v < 256; ++v)
      for (unsigned i = 0; i < 8; ++i) t[v] |= static_cast<std::uint16_t>(((v >> i) & 1u) << (2 * i));
    return t;
  }();
  for (std::size_t i = 0; i < n; ++i) {
    word lo = 0, hi = 0;
    for (int j = 0; j < 4; ++j) {
      lo |= word{spread[(a[i] >> (8 * j)) & 0xff]} << (16 * j);
      hi |= word{spread[(a[i] >> (8 * j + 32)) & 0xff]} << (16 * j);
    }
    out[2 * i] = lo;
    out[2 * i + 1] = hi;
  }
}

/// The shorter operand's words from which the additive FFT beats the others (binary_polynomial_benchmark).
constexpr std::size_t fft_crossover_words = 2048;

}  // namespace

binary_product_route binary_product_choice(std::size_t a_words, std::size_t b_words) {
  const std::size_t shorter = std::min(a_words, b_words);
  if (shorter <= schoolbook_words) return binary_product_route::schoolbook;
  if (shorter >= fft_crossover_words) return binary_product_route::additive_fft;
  return binary_product_has_gf2x() ? binary_product_route::gf2x : binary_product_route::karatsuba;
}

std::size_t binary_product_transform_length(std::size_t a_words, std::size_t b_words) {
  return plan_for(2 * a_words + 2 * b_words - 1).length();
}

std::uint64_t binary_product_memory(std::size_t a_words, std::size_t b_words, binary_product_route route) {
  if (route == binary_product_route::automatic) route = binary_product_choice(a_words, b_words);
  const std::uint64_t total = std::uint64_t{a_words} + b_words;
  switch (route) {
    case binary_product_route::additive_fft:
      return 2 * std::uint64_t{binary_product_transform_length(a_words, b_words)} * sizeof(word) +
             7 * coset_chunk * sizeof(word);
    case binary_product_route::gf2x:  // gf2x's own temporaries: a few times the product
      return 4 * total * sizeof(word);
    case binary_product_route::karatsuba:
      return 8 * total * sizeof(word);
    default:
      return 0;
  }
}

bool binary_product_has_gf2x() noexcept {
#ifdef TARTAN_NO_GF2X
  return false;
#else
  return true;
#endif
}

const char* binary_product_kernel() noexcept { return detail::gf64_kernel_for_cpu().name; }

namespace detail {

namespace {
thread_local binary_product_route automatic_means = binary_product_route::automatic;
}  // namespace

binary_product_route_override::binary_product_route_override(binary_product_route route) : previous_(automatic_means) {
  automatic_means = route;
}

binary_product_route_override::~binary_product_route_override() { automatic_means = previous_; }

/// The product on one kernel's loops (the tests compare the kernels this CPU has).
void binary_polynomial_multiply_on(const gf64_kernel& kr, std::span<const std::uint64_t> a,
                                   std::span<const std::uint64_t> b, std::span<std::uint64_t> out,
                                   const binary_product_options& options) {
  TARTAN_ASSERT(out.size() >= a.size() + b.size(), "the product needs a.size() + b.size() words");
  std::fill(out.begin(), out.end(), word{0});
  // Leading zero words cost nothing to drop.
  std::size_t na = a.size(), nb = b.size();
  while (na > 0 && a[na - 1] == 0) --na;
  while (nb > 0 && b[nb - 1] == 0) --nb;
  if (na == 0 || nb == 0) return;
  if (a.data() == b.data() && na == nb && options.route == binary_product_route::automatic) {
    square(a.data(), na, out.data());
    return;
  }
  binary_product_route route = options.route;
  if (route == binary_product_route::automatic) route = automatic_means;
  if (route == binary_product_route::automatic) route = binary_product_choice(na, nb);
  switch (route) {
    case binary_product_route::schoolbook:
      schoolbook(kr, a.data(), na, b.data(), nb, out.data());
      return;
    case binary_product_route::gf2x:
#ifndef TARTAN_NO_GF2X
    {
      static_assert(sizeof(unsigned long) == sizeof(std::uint64_t), "gf2x works on 64-bit words");
      if (gf2x_mul(reinterpret_cast<unsigned long*>(out.data()), reinterpret_cast<const unsigned long*>(a.data()), na,
                   reinterpret_cast<const unsigned long*>(b.data()), nb) != 0) {
        throw std::bad_alloc();
      }
      return;
    }
#endif
      [[fallthrough]];
    case binary_product_route::karatsuba:
      karatsuba(kr, a.data(), na, b.data(), nb, out.data());
      return;
    case binary_product_route::additive_fft:
    case binary_product_route::automatic:
      additive_fft(kr, a.data(), na, b.data(), nb, out.data(), std::max(1u, options.threads));
      return;
  }
}

}  // namespace detail

void binary_polynomial_multiply(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                std::span<std::uint64_t> out, const binary_product_options& options) {
  detail::binary_polynomial_multiply_on(detail::gf64_kernel_for_cpu(), a, b, out, options);
}

}  // namespace tartan
