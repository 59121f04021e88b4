// The inner loops of binary_polynomial.cpp, one set per instruction set: arithmetic in GF(2^64) = GF(2)[x]/(P),
// P = x^64 + x^4 + x^3 + x + 1 (the polynomial basis of nim/nim_tables.hpp), over arrays. Private to the engine.
//
//   portable: the software carry-less product (4-bit windows), one element at a time;
//   pclmul:   one PCLMULQDQ and the sparse reduction per product;
//   avx512:   VPCLMULQDQ on 512-bit registers, 8 products at a time, and the last four levels of a transform done
//             in registers on 16 elements (vpermt2q regroups the pairs of each level).
// binary_polynomial_x86.cpp picks one at run time (__builtin_cpu_supports), as nimber_x86.cpp does for nim_mul.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tartan::detail {

/// The constants of the four lowest levels of a transform on a block of 16 points at offset β (a multiple of 16):
/// the twiddle of level m at offset β ⊕ t is W_m(β) ⊕ W_m(t), and these are the W_m(t), t < 16, that the leaves need,
/// in the polynomial basis.
struct fft_leaf_constants {
  std::uint64_t w2_8;              // W_2(8)
  std::uint64_t w1_4, w1_8;        // W_1(4), W_1(8)
  std::uint64_t w0_2, w0_4, w0_8;  // W_0(t) = t for t = 2, 4, 8 (W_0 is the identity)
};

/// Array operations of GF(2^64) in the polynomial basis. `c` is an element; arrays do not overlap unless said.
struct gf64_kernel {
  const char* name;
  /// a·b mod P.
  std::uint64_t (*mul)(std::uint64_t a, std::uint64_t b);
  /// The carry-less product a·b, 127 bits: lo and hi words.
  void (*clmul)(std::uint64_t a, std::uint64_t b, std::uint64_t& lo, std::uint64_t& hi);
  /// lo[i] ^= c·hi[i], then hi[i] ^= lo[i], for i < n: one level of the forward transform.
  void (*butterflies)(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c);
  /// hi[i] ^= lo[i], then lo[i] ^= c·hi[i]: the inverse of butterflies.
  void (*butterflies_inverse)(std::uint64_t* lo, std::uint64_t* hi, std::size_t n, std::uint64_t c);
  /// The four lowest levels of the forward transform of x[0..16) at offset β, w[m] = W_m(β) for m < 4.
  void (*leaf16)(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k);
  /// Their inverse.
  void (*leaf16_inverse)(std::uint64_t* x, const std::uint64_t* w, const fft_leaf_constants& k);
  /// a[i] = a[i]·b[i].
  void (*pointwise)(std::uint64_t* a, const std::uint64_t* b, std::size_t n);
  /// y[i] ^= c·x[i].
  void (*axpy)(std::uint64_t* y, const std::uint64_t* x, std::size_t n, std::uint64_t c);
  /// y[i] ^= x[i].
  void (*xor_into)(std::uint64_t* y, const std::uint64_t* x, std::size_t n);
};

/// The kernel for this CPU (the fastest it has), and the portable one (for the tests that compare them).
const gf64_kernel& gf64_kernel_for_cpu() noexcept;
const gf64_kernel& gf64_kernel_portable() noexcept;
/// Every kernel this CPU can run, fastest first, ending with the portable one; `count` receives how many.
const gf64_kernel* const* gf64_kernels_available(std::size_t& count) noexcept;

}  // namespace tartan::detail

#include <span>

#include "tartan/nim/binary_polynomial.hpp"

namespace tartan::detail {

/// Makes `automatic` mean `route` for the products of this thread while it lives (the benchmark that compares the
/// tower fields' products by gf2x, as an earlier tartan made them, with the FFT's).
class binary_product_route_override {
 public:
  explicit binary_product_route_override(binary_product_route route);
  ~binary_product_route_override();
  binary_product_route_override(const binary_product_route_override&) = delete;
  binary_product_route_override& operator=(const binary_product_route_override&) = delete;

 private:
  binary_product_route previous_;
};

/// binary_polynomial_multiply on the loops of `kernel` (the tests compare every kernel this CPU has).
void binary_polynomial_multiply_on(const gf64_kernel& kernel, std::span<const std::uint64_t> a,
                                   std::span<const std::uint64_t> b, std::span<std::uint64_t> out,
                                   const binary_product_options& options);

}  // namespace tartan::detail
