// The separate implementations behind <tartan/nim/nimber.hpp>, exposed for the tests and benchmarks that compare them.
// Ordinary callers never need this header: nim_mul, nim_pow and nim_mul_batch pick the fastest path the CPU has.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tartan::detail {

/// The reference product: the Fermat 2-power halving recursion, a⊗b from three half-size products (Karatsuba)
/// and F⊗F = F ⊕ F/2. Slow (about a microsecond) but short enough to check by eye.
std::uint64_t nim_mul_reference(std::uint64_t a, std::uint64_t b) noexcept;

/// The carry-less product of two 64-bit polynomials over GF(2) in software (128 bits: lo and hi), for CPUs without
/// PCLMULQDQ; the portable nim product and the portable kernel of binary_polynomial.cpp build on it.
void carryless_mul_portable(std::uint64_t a, std::uint64_t b, std::uint64_t& lo, std::uint64_t& hi) noexcept;

/// The portable product: basis change by byte tables, a software carry-less multiply (4-bit windows), the sparse
/// reduction. Runs on any CPU.
std::uint64_t nim_mul_portable(std::uint64_t a, std::uint64_t b) noexcept;
std::uint64_t nim_pow_portable(std::uint64_t x, std::uint64_t e) noexcept;
void nim_mul_batch_portable(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;

/// The PCLMULQDQ product. Call only when nim_mul_clmul_available() (elsewhere these fall back to portable).
std::uint64_t nim_mul_clmul(std::uint64_t a, std::uint64_t b) noexcept;
std::uint64_t nim_pow_clmul(std::uint64_t x, std::uint64_t e) noexcept;
void nim_mul_batch_clmul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;
bool nim_mul_clmul_available() noexcept;

/// Batch products with AVX-512 (VPCLMULQDQ, GFNI, VBMI), 8 per register. Call only when
/// nim_mul_batch_simd_available() (elsewhere it falls back to the portable batch).
void nim_mul_batch_simd(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;
bool nim_mul_batch_simd_available() noexcept;

/// The batch on the fastest available path (what nim_mul_batch runs after checking the sizes).
void nim_mul_batch_dispatch(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;

/// The active paths: "pclmul" or "portable" for nim_mul and nim_pow; "avx512", "pclmul" or "portable" for
/// nim_mul_batch.
const char* nim_mul_path() noexcept;
const char* nim_mul_batch_path() noexcept;

}  // namespace tartan::detail
