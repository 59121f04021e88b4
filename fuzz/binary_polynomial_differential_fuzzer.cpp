// Fuzz target: products of binary polynomials (<tartan/nim/binary_polynomial.hpp>), differentially. The first byte
// picks the form: operands read from the input's bytes (any length up to the input's, top words partly filled), every
// route on every kernel this CPU has against the product bit by bit (tests/support/binary_polynomial_reference.hpp);
// or lengths read from the input (up to 512 words, unbalanced, at the transform's shapes) with pseudo-random words
// from a seed of the input, the additive FFT against Karatsuba, gf2x where the build has it, and the ring map to
// GF(2)[x]/(M) for an M of the input.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_support.hpp"
#include "nim/binary_polynomial_kernels.hpp"
#include "support/binary_polynomial_reference.hpp"
#include "tartan/nim/binary_polynomial.hpp"

namespace {

using tartan::binary_product_route;
using tartan::fuzz::require;
using poly = std::vector<std::uint64_t>;

poly multiply(const tartan::detail::gf64_kernel& k, const poly& a, const poly& b, binary_product_route route) {
  poly out(a.size() + b.size(), 0x5555);
  tartan::binary_product_options options;
  options.route = route;
  tartan::detail::binary_polynomial_multiply_on(k, a, b, out, options);
  return out;
}

poly pseudo_random(std::size_t words, std::uint64_t seed) {
  poly p(words);
  for (std::uint64_t& w : p) {
    seed += 0x9E3779B97F4A7C15ULL;  // splitmix64
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    w = z ^ (z >> 31);
  }
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  std::size_t kernel_count = 0;
  const tartan::detail::gf64_kernel* const* kernels = tartan::detail::gf64_kernels_available(kernel_count);
  const std::uint8_t form = in.byte();
  if (form % 2 == 0) {
    // Operands from the bytes: a's length in bytes first, then a, then b.
    const std::size_t a_bytes = in.byte();
    poly a, b;
    for (std::size_t i = 0; i < a_bytes && !in.rest().empty(); ++i) {
      if (i % 8 == 0) a.push_back(0);
      a.back() |= std::uint64_t{in.byte()} << (8 * (i % 8));
    }
    for (std::size_t i = 0; !in.rest().empty(); ++i) {
      if (i % 8 == 0) b.push_back(0);
      b.back() |= std::uint64_t{in.byte()} << (8 * (i % 8));
    }
    const poly expected = tartan::test::reference_product(a, b);
    for (std::size_t k = 0; k < kernel_count; ++k) {
      for (const binary_product_route r :
           {binary_product_route::automatic, binary_product_route::schoolbook, binary_product_route::karatsuba,
            binary_product_route::gf2x, binary_product_route::additive_fft}) {
        require(multiply(*kernels[k], a, b, r) == expected, "a route differs from the product bit by bit");
      }
    }
    return 0;
  }
  // Lengths from the input; around a transform shape c·2^k when the form says so.
  std::size_t na = 1 + (in.byte() | (std::size_t{in.byte()} << 8)) % 512;
  std::size_t nb = 1 + (in.byte() | (std::size_t{in.byte()} << 8)) % 512;
  if (form % 4 == 3) {
    // 2(na + nb) - 1 blocks at c·2^k - 1, c·2^k + 1: na + nb = c·2^(k-1) or one more
    const std::size_t c = 1 + 2 * (in.byte() % 4), k = 4 + in.byte() % 7;
    const std::size_t total = (c << (k - 1)) + in.byte() % 2;
    na = 1 + na % (total - 1);
    nb = total - na;
  }
  const std::uint64_t seed = in.u64(), modulus = in.u64();
  poly a = pseudo_random(na, seed), b = pseudo_random(nb, ~seed);
  a.back() >>= in.byte() % 64;  // the top words partly filled
  b.back() >>= in.byte() % 64;
  const poly fft = multiply(*kernels[0], a, b, binary_product_route::additive_fft);
  require(fft == multiply(*kernels[0], a, b, binary_product_route::karatsuba), "the FFT differs from Karatsuba");
  if (tartan::binary_product_has_gf2x())
    require(fft == multiply(*kernels[0], a, b, binary_product_route::gf2x), "the FFT differs from gf2x");
  for (std::size_t k = 1; k < kernel_count; ++k)
    require(multiply(*kernels[k], a, b, binary_product_route::additive_fft) == fft, "the kernels' FFTs differ");
  using tartan::test::mul_mod;
  using tartan::test::reduce_mod;
  require(reduce_mod(fft, modulus) == mul_mod(reduce_mod(a, modulus), reduce_mod(b, modulus), modulus),
          "the product breaks the ring map to GF(2)[x]/(M)");
  return 0;
}
