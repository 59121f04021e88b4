// The kernels of binary_polynomial_kernels.hpp: portable, PCLMULQDQ and AVX-512 (VPCLMULQDQ), chosen at run time.
// The x86 paths are compiled for instruction sets the baseline build does not assume (target attributes), so the same
// binary runs on any x86-64; other compilers and architectures get the portable kernel only.
#include "nim/binary_polynomial_kernels.hpp"

#include "nim/nim_paths.hpp"
#include "nim/nim_tables.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TARTAN_NIM_PORTABLE_ONLY)
#if !defined(__clang__)
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32() and trip -W(maybe-)uninitialized when inlined
// (https://gcc.gnu.org/bugzilla/show_bug.cgi?id=105593); the warning is about the header, not this code.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#define TARTAN_GF64_X86 1
#endif

namespace tartan::detail {

namespace {

// ---- the operations on arrays, for a kernel that multiplies one element at a time ---------------------------------

template <std::uint64_t (*Mul)(std::uint64_t, std::uint64_t)>
struct scalar_ops {
  static void butterflies(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) {
      lo[i] ^= Mul(c, hi[i]);
      hi[i] ^= lo[i];
    }
  }
  static void butterflies_inverse(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) {
      hi[i] ^= lo[i];
      lo[i] ^= Mul(c, hi[i]);
    }
  }
  // Levels 2, 1, 0 of a block of 8 points at offset β', its bases w2 = W_2(β'), w1 = W_1(β'), w0 = W_0(β').
  static void block8(std::uint64_t* y, std::uint64_t w2, std::uint64_t w1, std::uint64_t w0,
                     const fft_leaf_constants& k) {
    butterflies(y, y + 4, 4, w2);
    butterflies(y, y + 2, 2, w1);
    butterflies(y + 4, y + 6, 2, w1 ^ k.w1_4);
    const std::uint64_t w0_6 = k.w0_2 ^ k.w0_4;
    butterflies(y, y + 1, 1, w0);
    butterflies(y + 2, y + 3, 1, w0 ^ k.w0_2);
    butterflies(y + 4, y + 5, 1, w0 ^ k.w0_4);
    butterflies(y + 6, y + 7, 1, w0 ^ w0_6);
  }
  static void block8_inverse(std::uint64_t* y, std::uint64_t w2, std::uint64_t w1, std::uint64_t w0,
                             const fft_leaf_constants& k) {
    const std::uint64_t w0_6 = k.w0_2 ^ k.w0_4;
    butterflies_inverse(y, y + 1, 1, w0);
    butterflies_inverse(y + 2, y + 3, 1, w0 ^ k.w0_2);
    butterflies_inverse(y + 4, y + 5, 1, w0 ^ k.w0_4);
    butterflies_inverse(y + 6, y + 7, 1, w0 ^ w0_6);
    butterflies_inverse(y, y + 2, 2, w1);
    butterflies_inverse(y + 4, y + 6, 2, w1 ^ k.w1_4);
    butterflies_inverse(y, y + 4, 4, w2);
  }
  static void leaf16(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k) {
    butterflies(x, x + 8, 8, w[3]);
    block8(x, w[2], w[1], w[0], k);
    block8(x + 8, w[2] ^ k.w2_8, w[1] ^ k.w1_8, w[0] ^ k.w0_8, k);
  }
  static void leaf16_inverse(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k) {
    block8_inverse(x, w[2], w[1], w[0], k);
    block8_inverse(x + 8, w[2] ^ k.w2_8, w[1] ^ k.w1_8, w[0] ^ k.w0_8, k);
    butterflies_inverse(x, x + 8, 8, w[3]);
  }
  static void pointwise(std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) a[i] = Mul(a[i], b[i]);
  }
  static void axpy(std::uint64_t* y, const std::uint64_t* x, std::size_t n, std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) y[i] ^= Mul(c, x[i]);
  }
};

void xor_into_plain(std::uint64_t* y, const std::uint64_t* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) y[i] ^= x[i];
}

std::uint64_t mul_portable(std::uint64_t a, std::uint64_t b) {
  std::uint64_t lo = 0, hi = 0;
  carryless_mul_portable(a, b, lo, hi);
  return poly_reduce(lo, hi);
}

void clmul_portable(std::uint64_t a, std::uint64_t b, std::uint64_t& lo, std::uint64_t& hi) {
  carryless_mul_portable(a, b, lo, hi);
}

using portable_ops = scalar_ops<mul_portable>;
constexpr gf64_kernel portable_kernel{"portable",
                                      mul_portable,
                                      clmul_portable,
                                      portable_ops::butterflies,
                                      portable_ops::butterflies_inverse,
                                      portable_ops::leaf16,
                                      portable_ops::leaf16_inverse,
                                      portable_ops::pointwise,
                                      portable_ops::axpy,
                                      xor_into_plain};

#ifdef TARTAN_GF64_X86

#define TARTAN_TARGET_CLMUL __attribute__((target("pclmul")))
#define TARTAN_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,vpclmulqdq,pclmul")))

// ---- PCLMULQDQ: one product at a time ------------------------------------------------------------------------------

TARTAN_TARGET_CLMUL inline std::uint64_t mul_clmul_inline(std::uint64_t a, std::uint64_t b) {
  const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                                         _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
  return poly_reduce(static_cast<std::uint64_t>(_mm_cvtsi128_si64(p)),
                     static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p))));
}

TARTAN_TARGET_CLMUL std::uint64_t mul_clmul(std::uint64_t a, std::uint64_t b) { return mul_clmul_inline(a, b); }

TARTAN_TARGET_CLMUL void clmul_clmul(std::uint64_t a, std::uint64_t b, std::uint64_t& lo, std::uint64_t& hi) {
  const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                                         _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
  lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(p));
  hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)));
}

// The scalar loops compiled with PCLMULQDQ enabled, so that the product inlines into them.
struct clmul_ops {
  using ops = scalar_ops<mul_clmul>;
  TARTAN_TARGET_CLMUL static void butterflies(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) {
      lo[i] ^= mul_clmul_inline(c, hi[i]);
      hi[i] ^= lo[i];
    }
  }
  TARTAN_TARGET_CLMUL static void butterflies_inverse(std::uint64_t* lo, std::uint64_t* hi, std::size_t n,
                                                      std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) {
      hi[i] ^= lo[i];
      lo[i] ^= mul_clmul_inline(c, hi[i]);
    }
  }
  TARTAN_TARGET_CLMUL static void pointwise(std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) a[i] = mul_clmul_inline(a[i], b[i]);
  }
  TARTAN_TARGET_CLMUL static void axpy(std::uint64_t* y, const std::uint64_t* x, std::size_t n, std::uint64_t c) {
    for (std::size_t i = 0; i < n; ++i) y[i] ^= mul_clmul_inline(c, x[i]);
  }
};

constexpr gf64_kernel clmul_kernel{"pclmul",
                                   mul_clmul,
                                   clmul_clmul,
                                   clmul_ops::butterflies,
                                   clmul_ops::butterflies_inverse,
                                   clmul_ops::ops::leaf16,
                                   clmul_ops::ops::leaf16_inverse,
                                   clmul_ops::pointwise,
                                   clmul_ops::axpy,
                                   xor_into_plain};

// ---- AVX-512 with VPCLMULQDQ: 8 products a register ----------------------------------------------------------------

// a[i]·b[i] mod P for the 8 words of a and b: two carry-less multiplies (even and odd words), then the sparse
// reduction of poly_reduce with shifts: hi·x^64 ≡ hi·(x^4 + x^3 + x + 1), whose ≤ 3 bits past x^64 fold once more.
TARTAN_TARGET_AVX512 inline __m512i mul8(__m512i a, __m512i b) {
  const __m512i even = _mm512_clmulepi64_epi128(a, b, 0x00);
  const __m512i odd = _mm512_clmulepi64_epi128(a, b, 0x11);
  const __m512i lo = _mm512_unpacklo_epi64(even, odd);
  const __m512i hi = _mm512_unpackhi_epi64(even, odd);
  const __m512i over = _mm512_xor_si512(_mm512_srli_epi64(hi, 61), _mm512_srli_epi64(hi, 60));
  __m512i r = _mm512_ternarylogic_epi64(lo, hi, _mm512_slli_epi64(hi, 1), 0x96);  // 0x96: three-way XOR
  r = _mm512_ternarylogic_epi64(r, _mm512_slli_epi64(hi, 3), _mm512_slli_epi64(hi, 4), 0x96);
  r = _mm512_ternarylogic_epi64(r, over, _mm512_slli_epi64(over, 1), 0x96);
  return _mm512_ternarylogic_epi64(r, _mm512_slli_epi64(over, 3), _mm512_slli_epi64(over, 4), 0x96);
}

TARTAN_TARGET_AVX512 inline __m512i load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
TARTAN_TARGET_AVX512 inline void store(std::uint64_t* p, __m512i v) { _mm512_storeu_si512(p, v); }
TARTAN_TARGET_AVX512 inline __m512i broadcast(std::uint64_t c) { return _mm512_set1_epi64(static_cast<long long>(c)); }

TARTAN_TARGET_AVX512 void butterflies_avx512(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c) {
  const __m512i cc = broadcast(c);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i a0 = load(lo + i), a1 = load(lo + i + 8);
    const __m512i b0 = load(hi + i), b1 = load(hi + i + 8);
    a0 = _mm512_xor_si512(a0, mul8(cc, b0));
    a1 = _mm512_xor_si512(a1, mul8(cc, b1));
    store(lo + i, a0);
    store(lo + i + 8, a1);
    store(hi + i, _mm512_xor_si512(b0, a0));
    store(hi + i + 8, _mm512_xor_si512(b1, a1));
  }
  for (; i < n; ++i) {
    lo[i] ^= mul_clmul_inline(c, hi[i]);
    hi[i] ^= lo[i];
  }
}

TARTAN_TARGET_AVX512 void butterflies_inverse_avx512(std::uint64_t* lo, std::uint64_t* hi, std::size_t n,
                                                     std::uint64_t c) {
  const __m512i cc = broadcast(c);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i a0 = load(lo + i), a1 = load(lo + i + 8);
    const __m512i b0 = _mm512_xor_si512(load(hi + i), a0), b1 = _mm512_xor_si512(load(hi + i + 8), a1);
    store(hi + i, b0);
    store(hi + i + 8, b1);
    store(lo + i, _mm512_xor_si512(a0, mul8(cc, b0)));
    store(lo + i + 8, _mm512_xor_si512(a1, mul8(cc, b1)));
  }
  for (; i < n; ++i) {
    hi[i] ^= lo[i];
    lo[i] ^= mul_clmul_inline(c, hi[i]);
  }
}

// The regroupings of the 16 points of a leaf (A = x[0..8), B = x[8..16), both in registers) level by level: at each
// level the pairs of its butterflies sit at the same lane of two registers (vpermt2q, indices 0-7 the first register,
// 8-15 the second). Level 2 pairs (t, t+4) of each block, level 1 (t, t+2), level 0 (t, t+1).
//   level 2: a = [A0 A1 A2 A3 B0 B1 B2 B3]   b = [A4 A5 A6 A7 B4 B5 B6 B7]
//   level 1: a = [A0 A1 B0 B1 A4 A5 B4 B5]   b = [A2 A3 B2 B3 A6 A7 B6 B7]
//   level 0: a = [A0 B0 A4 B4 A2 B2 A6 B6]   b = [A1 B1 A5 B5 A3 B3 A7 B7]
struct leaf_permutations {
  __m512i to2_a, to2_b, to1_a, to1_b, to0_a, to0_b, back_a, back_b;  // back: from level 0's pair to A and B
  __m512i from0_a, from0_b, from1_a, from1_b, from2_a, from2_b;      // the inverse's way up
};

TARTAN_TARGET_AVX512 inline __m512i index8(long long i0, long long i1, long long i2, long long i3, long long i4,
                                           long long i5, long long i6, long long i7) {
  return _mm512_set_epi64(i7, i6, i5, i4, i3, i2, i1, i0);
}

TARTAN_TARGET_AVX512 inline __m512i pair(__m512i x, __m512i idx, __m512i y) {
  return _mm512_permutex2var_epi64(x, idx, y);
}

// Level m's twiddles for the two blocks' sub-blocks, in level m's lane layout.
TARTAN_TARGET_AVX512 inline void leaf_twiddles(const std::uint64_t* w, const fft_leaf_constants& k, __m512i& t2,
                                               __m512i& t1, __m512i& t0) {
  const std::uint64_t a2 = w[2], b2 = w[2] ^ k.w2_8;
  const std::uint64_t a1 = w[1], b1 = w[1] ^ k.w1_8;
  const std::uint64_t a0 = w[0], b0 = w[0] ^ k.w0_8;
  const std::uint64_t w0_6 = k.w0_2 ^ k.w0_4;
  t2 = _mm512_mask_blend_epi64(0xF0, broadcast(a2), broadcast(b2));
  // [A A B B | A4 A4 B4 B4]: the sub-blocks at β and β ⊕ 4 of each block.
  t1 = _mm512_set_epi64(static_cast<long long>(b1 ^ k.w1_4), static_cast<long long>(b1 ^ k.w1_4),
                        static_cast<long long>(a1 ^ k.w1_4), static_cast<long long>(a1 ^ k.w1_4),
                        static_cast<long long>(b1), static_cast<long long>(b1), static_cast<long long>(a1),
                        static_cast<long long>(a1));
  // [A B (A B)⊕4 (A B)⊕2 (A B)⊕6]: the sub-blocks at β ⊕ 0, 4, 2, 6 in level 0's layout.
  t0 = _mm512_set_epi64(static_cast<long long>(b0 ^ w0_6), static_cast<long long>(a0 ^ w0_6),
                        static_cast<long long>(b0 ^ k.w0_2), static_cast<long long>(a0 ^ k.w0_2),
                        static_cast<long long>(b0 ^ k.w0_4), static_cast<long long>(a0 ^ k.w0_4),
                        static_cast<long long>(b0), static_cast<long long>(a0));
}

TARTAN_TARGET_AVX512 void leaf16_avx512(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k) {
  __m512i t2, t1, t0;
  leaf_twiddles(w, k, t2, t1, t0);
  __m512i A = load(x), B = load(x + 8);
  // level 3: (A_t, B_t), one twiddle
  A = _mm512_xor_si512(A, mul8(broadcast(w[3]), B));
  B = _mm512_xor_si512(B, A);
  // level 2
  __m512i a = pair(A, index8(0, 1, 2, 3, 8, 9, 10, 11), B);
  __m512i b = pair(A, index8(4, 5, 6, 7, 12, 13, 14, 15), B);
  a = _mm512_xor_si512(a, mul8(t2, b));
  b = _mm512_xor_si512(b, a);
  // level 1
  __m512i a1 = pair(a, index8(0, 1, 4, 5, 8, 9, 12, 13), b);
  __m512i b1 = pair(a, index8(2, 3, 6, 7, 10, 11, 14, 15), b);
  a1 = _mm512_xor_si512(a1, mul8(t1, b1));
  b1 = _mm512_xor_si512(b1, a1);
  // level 0
  __m512i a0 = pair(a1, index8(0, 2, 4, 6, 8, 10, 12, 14), b1);
  __m512i b0 = pair(a1, index8(1, 3, 5, 7, 9, 11, 13, 15), b1);
  a0 = _mm512_xor_si512(a0, mul8(t0, b0));
  b0 = _mm512_xor_si512(b0, a0);
  store(x, pair(a0, index8(0, 8, 4, 12, 2, 10, 6, 14), b0));
  store(x + 8, pair(a0, index8(1, 9, 5, 13, 3, 11, 7, 15), b0));
}

TARTAN_TARGET_AVX512 void leaf16_inverse_avx512(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k) {
  __m512i t2, t1, t0;
  leaf_twiddles(w, k, t2, t1, t0);
  const __m512i A = load(x), B = load(x + 8);
  // level 0's layout from A and B (the inverse of the last step of leaf16_avx512)
  __m512i a0 = pair(A, index8(0, 8, 4, 12, 2, 10, 6, 14), B);
  __m512i b0 = pair(A, index8(1, 9, 5, 13, 3, 11, 7, 15), B);
  b0 = _mm512_xor_si512(b0, a0);
  a0 = _mm512_xor_si512(a0, mul8(t0, b0));
  // level 1's layout: a1 = [A0 A1 B0 B1 A4 A5 B4 B5], b1 = [A2 A3 B2 B3 A6 A7 B6 B7] from a0 = [A0 B0 A4 B4 A2 B2 A6
  // B6], b0 = [A1 B1 A5 B5 A3 B3 A7 B7]
  __m512i a1 = pair(a0, index8(0, 8, 1, 9, 2, 10, 3, 11), b0);
  __m512i b1 = pair(a0, index8(4, 12, 5, 13, 6, 14, 7, 15), b0);
  b1 = _mm512_xor_si512(b1, a1);
  a1 = _mm512_xor_si512(a1, mul8(t1, b1));
  // level 2's layout: a = [A0 A1 A2 A3 B0 B1 B2 B3], b = [A4 A5 A6 A7 B4 B5 B6 B7]
  __m512i a = pair(a1, index8(0, 1, 8, 9, 2, 3, 10, 11), b1);
  __m512i b = pair(a1, index8(4, 5, 12, 13, 6, 7, 14, 15), b1);
  b = _mm512_xor_si512(b, a);
  a = _mm512_xor_si512(a, mul8(t2, b));
  // level 3
  __m512i A3 = pair(a, index8(0, 1, 2, 3, 8, 9, 10, 11), b);
  __m512i B3 = pair(a, index8(4, 5, 6, 7, 12, 13, 14, 15), b);
  B3 = _mm512_xor_si512(B3, A3);
  A3 = _mm512_xor_si512(A3, mul8(broadcast(w[3]), B3));
  store(x, A3);
  store(x + 8, B3);
}

TARTAN_TARGET_AVX512 void pointwise_avx512(std::uint64_t* a, const std::uint64_t* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) store(a + i, mul8(load(a + i), load(b + i)));
  for (; i < n; ++i) a[i] = mul_clmul_inline(a[i], b[i]);
}

TARTAN_TARGET_AVX512 void axpy_avx512(std::uint64_t* y, const std::uint64_t* x, std::size_t n, std::uint64_t c) {
  const __m512i cc = broadcast(c);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) store(y + i, _mm512_xor_si512(load(y + i), mul8(cc, load(x + i))));
  for (; i < n; ++i) y[i] ^= mul_clmul_inline(c, x[i]);
}

TARTAN_TARGET_AVX512 void xor_into_avx512(std::uint64_t* y, const std::uint64_t* x, std::size_t n) {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    store(y + i, _mm512_xor_si512(load(y + i), load(x + i)));
    store(y + i + 8, _mm512_xor_si512(load(y + i + 8), load(x + i + 8)));
    store(y + i + 16, _mm512_xor_si512(load(y + i + 16), load(x + i + 16)));
    store(y + i + 24, _mm512_xor_si512(load(y + i + 24), load(x + i + 24)));
  }
  for (; i + 8 <= n; i += 8) store(y + i, _mm512_xor_si512(load(y + i), load(x + i)));
  for (; i < n; ++i) y[i] ^= x[i];
}

constexpr gf64_kernel avx512_kernel{"avx512",
                                    mul_clmul,
                                    clmul_clmul,
                                    butterflies_avx512,
                                    butterflies_inverse_avx512,
                                    leaf16_avx512,
                                    leaf16_inverse_avx512,
                                    pointwise_avx512,
                                    axpy_avx512,
                                    xor_into_avx512};

bool cpu_has_clmul() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul");
}

bool cpu_has_avx512_clmul() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("vpclmulqdq") && cpu_has_clmul();
}

#endif  // TARTAN_GF64_X86

struct kernel_list {
  const gf64_kernel* kernels[3] = {};
  std::size_t count = 0;
  kernel_list() {
#ifdef TARTAN_GF64_X86
    if (cpu_has_avx512_clmul()) kernels[count++] = &avx512_kernel;
    if (cpu_has_clmul()) kernels[count++] = &clmul_kernel;
#endif
    kernels[count++] = &portable_kernel;
  }
};

const kernel_list& available() {
  static const kernel_list list;
  return list;
}

}  // namespace

const gf64_kernel& gf64_kernel_for_cpu() noexcept { return *available().kernels[0]; }

const gf64_kernel& gf64_kernel_portable() noexcept { return portable_kernel; }

const gf64_kernel* const* gf64_kernels_available(std::size_t& count) noexcept {
  count = available().count;
  return available().kernels;
}

}  // namespace tartan::detail
