// The x86 fast paths of nim multiplication, compiled for instruction sets the baseline build does not assume and
// chosen at run time (__builtin_cpu_supports), so the same binary still runs on CPUs without them.
//
//   scalar: PCLMULQDQ. to_poly by 8 table lookups per operand (XORed in SSE registers), one carry-less multiply,
//           the sparse reduction modulo P by two more, from_poly by 8 lookups. About 100 instructions.
//   batch:  AVX-512 with VPCLMULQDQ, GFNI and VBMI, 8 products per 512-bit register. The change of basis runs in
//           registers: vpermb transposes the 8 operands into byte planes, then 8 gf2p8affineqb (one 8×8 bit block
//           per 64-bit lane, over the 8 lane rotations) apply the 64×64 matrix, and vpermb transposes back.
// See nim/nim_tables.hpp for the basis and docs/nimbers.md for the costs. The GCC/Clang x86-64 build
// has these paths; any other compiler or architecture gets the portable ones (the #else branch at the end), as
// does a build with -DTARTAN_NIM_PORTABLE_ONLY.
#include "nim/nim_paths.hpp"
#include "nim/nim_tables.hpp"
#include "tartan/nim/nimber.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(TARTAN_NIM_PORTABLE_ONLY)
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32() and trip -Wmaybe-uninitialized when inlined
// (https://gcc.gnu.org/bugzilla/show_bug.cgi?id=105593); the warning is about the header, not this code.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#define TARTAN_NIM_X86 1
#endif

#ifdef TARTAN_NIM_X86

namespace tartan::detail {

namespace {

// Only PCLMULQDQ on top of the x86-64 baseline: nim_mul itself is compiled this way (so the kernel inlines into
// it) and stays safe on CPUs without the instruction, which the compiler never emits unasked.
#define TARTAN_TARGET_CLMUL __attribute__((target("pclmul")))
#define TARTAN_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,vpclmulqdq,gfni,pclmul")))

// One table entry as the low word of an xmm register. The XORs of the basis change then run on the vector units,
// leaving the integer ALUs to the byte extraction (measured: about 1.4 times the throughput of XORing in
// general-purpose registers and reducing with shifts there).
TARTAN_TARGET_CLMUL inline __m128i entry(const byte_tables& t, int j, unsigned byte) noexcept {
  return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&t[j][byte]));
}

TARTAN_TARGET_CLMUL inline __m128i map_bytes_x(const byte_tables& t, std::uint64_t x) noexcept {
  const unsigned w0 = x & 0xffff, w1 = (x >> 16) & 0xffff, w2 = (x >> 32) & 0xffff, w3 = x >> 48;
  const __m128i s01 = _mm_xor_si128(entry(t, 0, w0 & 0xff), entry(t, 1, w0 >> 8));
  const __m128i s23 = _mm_xor_si128(entry(t, 2, w1 & 0xff), entry(t, 3, w1 >> 8));
  const __m128i s45 = _mm_xor_si128(entry(t, 4, w2 & 0xff), entry(t, 5, w2 >> 8));
  const __m128i s67 = _mm_xor_si128(entry(t, 6, w3 & 0xff), entry(t, 7, w3 >> 8));
  return _mm_xor_si128(_mm_xor_si128(s01, s23), _mm_xor_si128(s45, s67));
}

// The product of the polynomials in the low words of a and b, reduced modulo P, in the low word of the result
// (the high word is left over and ignored). hi·x^64 ≡ hi·(x^4 + x^3 + x + 1) is at most 67 bits; its ≤ 3 bits
// above x^64 fold once more. Three carry-less multiplies instead of shifts: they run on the vector units.
TARTAN_TARGET_CLMUL inline __m128i poly_mul(__m128i a, __m128i b) noexcept {
  const __m128i tail = _mm_cvtsi64_si128(static_cast<long long>(nim_poly_tail));
  const __m128i product = _mm_clmulepi64_si128(a, b, 0x00);
  const __m128i fold1 = _mm_clmulepi64_si128(product, tail, 0x01);  // high word of product × tail
  const __m128i fold2 = _mm_clmulepi64_si128(fold1, tail, 0x01);    // high word of fold1 × tail
  return _mm_xor_si128(_mm_xor_si128(product, fold1), fold2);
}

TARTAN_TARGET_CLMUL inline std::uint64_t mul_kernel(std::uint64_t a, std::uint64_t b) noexcept {
  const nim_tables& t = nim_table_data;
  const __m128i z = poly_mul(map_bytes_x(t.to_poly, a), map_bytes_x(t.to_poly, b));
  return map_bytes(t.from_poly, static_cast<std::uint64_t>(_mm_cvtsi128_si64(z)));
}

bool cpu_has_clmul() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul");
}

bool cpu_has_avx512_nim() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("gfni");
}

// vpermb index of the 8×8 byte transpose of a 512-bit register: byte 8i+k ← byte 8k+i (an involution).
constexpr std::array<std::uint8_t, 64> transpose_index = [] {
  std::array<std::uint8_t, 64> idx{};
  for (int i = 0; i < 8; ++i) {
    for (int k = 0; k < 8; ++k) idx[8 * i + k] = static_cast<std::uint8_t>(8 * k + i);
  }
  return idx;
}();

// A 64×64 bit matrix applied to each of the 8 words of x (natural layout in and out). About 21 instructions.
TARTAN_TARGET_AVX512 inline __m512i change_basis(__m512i x, const __m512i (&m)[8], __m512i transpose) noexcept {
  const __m512i p = _mm512_permutexvar_epi8(transpose, x);
  const __m512i r0 = _mm512_gf2p8affine_epi64_epi8(p, m[0], 0);
  const __m512i r1 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 1), m[1], 0);
  const __m512i r2 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 2), m[2], 0);
  const __m512i r3 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 3), m[3], 0);
  const __m512i r4 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 4), m[4], 0);
  const __m512i r5 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 5), m[5], 0);
  const __m512i r6 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 6), m[6], 0);
  const __m512i r7 = _mm512_gf2p8affine_epi64_epi8(_mm512_alignr_epi64(p, p, 7), m[7], 0);
  const __m512i s0 = _mm512_ternarylogic_epi64(r0, r1, r2, 0x96);  // 0x96: three-way XOR
  const __m512i s1 = _mm512_ternarylogic_epi64(r3, r4, r5, 0x96);
  const __m512i s2 = _mm512_ternarylogic_epi64(r6, r7, s0, 0x96);
  return _mm512_permutexvar_epi8(transpose, _mm512_xor_si512(s1, s2));
}

// Eight products of polynomial coordinates, reduced modulo P (the vector form of poly_reduce).
TARTAN_TARGET_AVX512 inline __m512i poly_mul8(__m512i a, __m512i b) noexcept {
  const __m512i even = _mm512_clmulepi64_epi128(a, b, 0x00);  // products of words 0, 2, 4, 6
  const __m512i odd = _mm512_clmulepi64_epi128(a, b, 0x11);   // products of words 1, 3, 5, 7
  const __m512i lo = _mm512_unpacklo_epi64(even, odd);
  const __m512i hi = _mm512_unpackhi_epi64(even, odd);
  const __m512i over = _mm512_xor_si512(_mm512_srli_epi64(hi, 61), _mm512_srli_epi64(hi, 60));
  __m512i r = _mm512_ternarylogic_epi64(lo, hi, _mm512_slli_epi64(hi, 1), 0x96);
  r = _mm512_ternarylogic_epi64(r, _mm512_slli_epi64(hi, 3), _mm512_slli_epi64(hi, 4), 0x96);
  r = _mm512_ternarylogic_epi64(r, over, _mm512_slli_epi64(over, 1), 0x96);
  return _mm512_ternarylogic_epi64(r, _mm512_slli_epi64(over, 3), _mm512_slli_epi64(over, 4), 0x96);
}

// Dynamic initialisation; a call from another translation unit's static initialiser that comes first sees false
// and takes the portable path, which gives the same products.
const bool clmul_ok = cpu_has_clmul();
const bool avx512_ok = cpu_has_avx512_nim();

}  // namespace

TARTAN_TARGET_CLMUL std::uint64_t nim_mul_clmul(std::uint64_t a, std::uint64_t b) noexcept { return mul_kernel(a, b); }

TARTAN_TARGET_CLMUL void nim_mul_batch_clmul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                                             std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = mul_kernel(a[i], b[i]);
}

TARTAN_TARGET_CLMUL std::uint64_t nim_pow_clmul(std::uint64_t x, std::uint64_t e) noexcept {
  const nim_tables& t = nim_table_data;
  __m128i base = map_bytes_x(t.to_poly, x), result = _mm_cvtsi64_si128(1);  // the polynomial 1 is the nimber 1
  for (; e != 0; e >>= 1) {
    if (e & 1) result = poly_mul(result, base);
    base = poly_mul(base, base);
  }
  return map_bytes(t.from_poly, static_cast<std::uint64_t>(_mm_cvtsi128_si64(result)));
}

bool nim_mul_clmul_available() noexcept { return cpu_has_clmul(); }

TARTAN_TARGET_AVX512 void nim_mul_batch_simd(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                                             std::size_t n) noexcept {
  const nim_tables& t = nim_table_data;
  __m512i to[8], from[8];
  for (int s = 0; s < 8; ++s) {
    to[s] = _mm512_loadu_si512(t.gf_to[s].data());
    from[s] = _mm512_loadu_si512(t.gf_from[s].data());
  }
  const __m512i transpose = _mm512_loadu_si512(transpose_index.data());
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512i x = change_basis(_mm512_loadu_si512(a + i), to, transpose);
    const __m512i y = change_basis(_mm512_loadu_si512(b + i), to, transpose);
    _mm512_storeu_si512(out + i, change_basis(poly_mul8(x, y), from, transpose));
  }
  if (i < n) {
    const __mmask8 tail = static_cast<__mmask8>((1u << (n - i)) - 1);
    const __m512i x = change_basis(_mm512_maskz_loadu_epi64(tail, a + i), to, transpose);
    const __m512i y = change_basis(_mm512_maskz_loadu_epi64(tail, b + i), to, transpose);
    _mm512_mask_storeu_epi64(out + i, tail, change_basis(poly_mul8(x, y), from, transpose));
  }
}

bool nim_mul_batch_simd_available() noexcept { return cpu_has_avx512_nim(); }

const char* nim_mul_path() noexcept { return clmul_ok ? "pclmul" : "portable"; }
const char* nim_mul_batch_path() noexcept { return avx512_ok ? "avx512" : clmul_ok ? "pclmul" : "portable"; }

}  // namespace tartan::detail

namespace tartan {

TARTAN_TARGET_CLMUL std::uint64_t nim_mul(std::uint64_t a, std::uint64_t b) noexcept {
  if (__builtin_expect(detail::clmul_ok, 1)) return detail::mul_kernel(a, b);
  return detail::nim_mul_portable(a, b);
}

std::uint64_t nim_pow(std::uint64_t x, std::uint64_t e) noexcept {
  return detail::clmul_ok ? detail::nim_pow_clmul(x, e) : detail::nim_pow_portable(x, e);
}

namespace detail {

void nim_mul_batch_dispatch(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n) noexcept {
  if (avx512_ok)
    nim_mul_batch_simd(a, b, out, n);
  else if (clmul_ok)
    nim_mul_batch_clmul(a, b, out, n);
  else
    nim_mul_batch_portable(a, b, out, n);
}

}  // namespace detail
}  // namespace tartan

#else  // not x86-64 with GCC or Clang: the portable paths only

namespace tartan::detail {

std::uint64_t nim_mul_clmul(std::uint64_t a, std::uint64_t b) noexcept { return nim_mul_portable(a, b); }
std::uint64_t nim_pow_clmul(std::uint64_t x, std::uint64_t e) noexcept { return nim_pow_portable(x, e); }
void nim_mul_batch_clmul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  nim_mul_batch_portable(a, b, out, n);
}
bool nim_mul_clmul_available() noexcept { return false; }
void nim_mul_batch_simd(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  nim_mul_batch_portable(a, b, out, n);
}
bool nim_mul_batch_simd_available() noexcept { return false; }
const char* nim_mul_path() noexcept { return "portable"; }
const char* nim_mul_batch_path() noexcept { return "portable"; }
void nim_mul_batch_dispatch(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n) noexcept {
  nim_mul_batch_portable(a, b, out, n);
}

}  // namespace tartan::detail

namespace tartan {
std::uint64_t nim_mul(std::uint64_t a, std::uint64_t b) noexcept { return detail::nim_mul_portable(a, b); }
std::uint64_t nim_pow(std::uint64_t x, std::uint64_t e) noexcept { return detail::nim_pow_portable(x, e); }
}  // namespace tartan

#endif
