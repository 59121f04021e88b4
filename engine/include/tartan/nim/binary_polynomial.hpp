// Products of binary polynomials: GF(2)[x], the polynomials whose coefficients are bits, of any length.
//
// The large tower fields of Lenstra's constants (docs/ordinals.md) spend their time in one operation, the product of
// two binary polynomials of 10^5 to 10^9 bits. Below a crossover measured in benchmarks/binary_polynomial_benchmark
// the product is Karatsuba over the carry-less 64×64-bit product (PCLMULQDQ where the CPU has it), or gf2x where the
// build has it (its base cases and Toom-Cook are hard to beat at a few thousand words); above it, an additive FFT over
// GF(2^64) in the basis of Lin, Chung and Han, evaluated on the nim field's integers, which are a Cantor basis:
//
//   - Kronecker packing: each operand is cut into blocks of 32 bits, block i a polynomial f_i(x) of degree < 32, and
//     f = Σ f_i(x)·z^i with z = x^32. The blocks are elements of GF(2^64) = GF(2)[x]/(P), P = x^64 + x^4 + x^3 + x + 1
//     (the basis the nim product already uses, nim/nim_tables.hpp), so a product of two blocks, of degree ≤ 62, is
//     exact in the field: the coefficients of F(z)·G(z) computed in GF(2^64) are those of f·g before the overlap.
//   - The points: the nim integers below 2^K, mapped into that basis. For s(x) = x⊗x ⊕ x, s maps the integers below
//     2^(j+1) onto those below 2^j (kernel {0, 1}); so the subspaces V_j = [0, 2^j) form a Cantor flag, the subspace
//     polynomial of V_j is W_j = s∘…∘s (j times), with coefficients in GF(2) (W_j(x) = Σ_{i ⊆ j} x^(2^i) by Lucas),
//     and W_j(2^j) = 1: no normalisation (Cantor, "On arithmetical algorithms over finite fields", 1989; Gao and
//     Mateer, "Additive fast Fourier transforms over finite fields", 2010).
//   - The basis: X_i(x) = Π_{j ∈ bits of i} W_j(x) (Lin, Chung and Han, "Novel polynomial basis and its application
//     to Reed-Solomon erasure codes", FOCS 2014). A polynomial of degree < 2^k in that basis is evaluated on a coset
//     β ⊕ V_k by k levels of butterflies a ← a + W_j(β)·b, b ← b + a, half a product each: (K/2)·2^K products of
//     GF(2^64), and back by the same in reverse. The twiddles W_j(β) are nim integers below 2^(K-j): small, fixed.
//   - The change between the monomial basis and X_i costs only XORs: X_(i + 2^a·h)(x) = X_i(x)·X_h(W_a(x)), and for
//     a a power of two W_a(x) = x^(2^a) + x has two terms, so a Taylor expansion at x^(2^a) + x (Gao and Mateer's, one
//     pass of XORs per halving) reduces a conversion of size 2^k to conversions of sizes 2^(k-a) and 2^a:
//     O(n log n log log n) word XORs.
//   - Truncation: the transform has L = c·2^k points, c ≤ 8, the fewest at least the product's blocks: the first c
//     cosets of V_k, reached through the top levels of the butterflies and, going back, a c×c triangular solve per
//     index (the coefficients past the product's degree are zero).
//
// Cost: for operands of n bits, L ≈ n/16 points; three transforms of (L/2)·log2(L) butterflies and the XOR passes of
// the conversions: O(n log n) word operations, against gf2x's O(n^1.45) as Debian builds it (its FFT table is a
// placeholder). Working memory: two arrays of L words (binary_product_memory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace tartan {

/// How binary_polynomial_multiply computes a product: by size (automatic), or one route by name, for the tests and
/// the benchmark that compare them.
enum class binary_product_route {
  automatic,     ///< the fastest for the operands' sizes (the crossovers of binary_polynomial_benchmark)
  schoolbook,    ///< every pair of words: O(n²) carry-less products; the reference the others are tested against
  karatsuba,     ///< Karatsuba down to 64×64-bit products: O(n^1.58)
  gf2x,          ///< gf2x's gf2x_mul, where the build has it (binary_product_has_gf2x), else the Karatsuba
  additive_fft,  ///< the additive FFT over GF(2^64) described above
};

/// Options of binary_polynomial_multiply.
struct binary_product_options {
  binary_product_route route = binary_product_route::automatic;
  /// Threads for the transforms of a large product (1: the calling thread only). Each transform splits in two at its
  /// top level, so two threads are about all it uses.
  unsigned threads = 1;
};

/**
 * out = a·b in GF(2)[x]. A polynomial is a little-endian array of 64-bit words: bit i of word j is the coefficient of
 * x^(64j + i). out must hold a.size() + b.size() words (every word is written) and may not overlap a or b.
 *
 * Complexity: O(n²) word products up to a few dozen words, Karatsuba or gf2x up to the crossover (about 10^5 bits),
 * the additive FFT above: O(n log n) for n bits. Memory: binary_product_memory(a.size(), b.size()) bytes.
 *
 * Example: a = {0b11} (x + 1), b = {0b11}: out = {0b101, 0} (x² + 1).
 */
void binary_polynomial_multiply(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                                std::span<std::uint64_t> out, const binary_product_options& options = {});

/// The working memory in bytes that binary_polynomial_multiply allocates for operands of these sizes (in words) on
/// `route`, beyond the operands and the result: for planning before the work and checking against a memory limit.
std::uint64_t binary_product_memory(std::size_t a_words, std::size_t b_words,
                                    binary_product_route route = binary_product_route::automatic);

/// The route `automatic` takes for operands of these sizes (in words).
binary_product_route binary_product_choice(std::size_t a_words, std::size_t b_words);

/// The number of points (elements of GF(2^64)) of the additive FFT for operands of these sizes (in words): the least
/// c·2^k, c ≤ 8, at least the product's 32-bit blocks.
std::size_t binary_product_transform_length(std::size_t a_words, std::size_t b_words);

/// Whether this build multiplies with gf2x (Debian's libgf2x; not in the WebAssembly build).
bool binary_product_has_gf2x() noexcept;

/// The kernel the additive FFT runs on this CPU: "avx512" (VPCLMULQDQ, 8 butterflies a register), "pclmul" or
/// "portable".
const char* binary_product_kernel() noexcept;

}  // namespace tartan
