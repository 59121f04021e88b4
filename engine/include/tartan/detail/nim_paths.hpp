// The separate implementations behind <tartan/nimber.hpp>, exposed for tests and benchmarks that compare them.
// Never needed by ordinary callers: nim_mul and nim_mul_batch pick the fastest path the CPU supports.
#pragma once

#include <cstdint>
#include <span>

namespace tartan::detail {

/// The reference product: the Fermat 2-power halving recursion, a⊗b from three half-size products
/// (Karatsuba) and F⊗F = F ⊕ F/2. Slow (hundreds of nanoseconds) but short enough to check by eye.
std::uint64_t nim_mul_reference(std::uint64_t a, std::uint64_t b) noexcept;

/// The portable product: basis change by byte tables, a software carry-less multiply, sparse reduction.
std::uint64_t nim_mul_portable(std::uint64_t a, std::uint64_t b) noexcept;

/// The PCLMULQDQ product; only call it when nim_mul_clmul_available().
std::uint64_t nim_mul_clmul(std::uint64_t a, std::uint64_t b) noexcept;
bool nim_mul_clmul_available() noexcept;

/// Batch products one at a time through nim_mul_portable.
void nim_mul_batch_portable(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n) noexcept;

/// Batch products with AVX-512 (VPCLMULQDQ, GFNI, VBMI); only call it when nim_mul_batch_simd_available().
void nim_mul_batch_simd(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept;
bool nim_mul_batch_simd_available() noexcept;

/// Which product paths are active: "pclmul" or "portable" for nim_mul, "avx512" / "pclmul" / "portable" for batches.
const char* nim_mul_path() noexcept;
const char* nim_mul_batch_path() noexcept;

}  // namespace tartan::detail
