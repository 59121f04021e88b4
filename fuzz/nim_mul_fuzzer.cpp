// Fuzz target: the nim product, differentially. The fast paths (PCLMULQDQ, the AVX-512 batch, whichever this CPU
// has) against the portable table-driven path and the reference recursion (Fermat 2-power halving), for products,
// powers and batches, plus field identities: squares, square roots, inverses and quotients.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_support.hpp"
#include "nim/nim_paths.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nimber.hpp"

namespace {

using tartan::fuzz::require;
namespace d = tartan::detail;

void check_pair(std::uint64_t a, std::uint64_t b, std::uint64_t e) {
  const std::uint64_t product = tartan::nim_mul(a, b);
  require(product == d::nim_mul_portable(a, b), "nim_mul != portable product");
  require(product == d::nim_mul_reference(a, b), "nim_mul != reference product");
  if (d::nim_mul_clmul_available()) require(d::nim_mul_clmul(a, b) == product, "PCLMUL product != reference");
  require(tartan::nim_mul(b, a) == product, "nim_mul is not commutative");
  require(tartan::nim_square(a) == d::nim_mul_reference(a, a), "nim_square != a⊗a");
  require(tartan::nim_square(tartan::nim_sqrt(a)) == a, "sqrt(a)⊗sqrt(a) != a");
  const std::uint64_t power = tartan::nim_pow(a, e);
  require(power == d::nim_pow_portable(a, e), "nim_pow != portable power");
  if (d::nim_mul_clmul_available()) require(d::nim_pow_clmul(a, e) == power, "PCLMUL power != portable power");
  require(tartan::nim_mul(power, a) == tartan::nim_pow(a, e + 1) || e == UINT64_MAX, "a^e ⊗ a != a^(e+1)");
  if (b != 0) {
    const std::uint64_t inverse = tartan::nim_inv(b);
    require(d::nim_mul_reference(b, inverse) == 1, "b ⊗ inv(b) != 1");
    require(d::nim_mul_reference(tartan::nim_div(a, b), b) == a, "(a ⊘ b) ⊗ b != a");
  } else {
    bool refused = false;
    try {
      static_cast<void>(tartan::nim_inv(0));
    } catch (const tartan::domain_error&) {
      refused = true;
    }
    require(refused, "nim_inv(0) did not throw domain_error");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint64_t a = in.u64(), b = in.u64(), e = in.u64();
  check_pair(a, b, e);
  // The rest as a batch of pairs: every batch path against the reference, element by element (odd lengths and
  // lengths that are not multiples of the vector width included).
  std::vector<std::uint64_t> xs, ys;
  while (!in.rest().empty()) {
    xs.push_back(in.u64());
    ys.push_back(in.u64());
  }
  std::vector<std::uint64_t> out(xs.size()), portable(xs.size());
  tartan::nim_mul_batch(xs, ys, out);
  d::nim_mul_batch_portable(xs.data(), ys.data(), portable.data(), xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    require(out[i] == d::nim_mul_reference(xs[i], ys[i]), "nim_mul_batch != reference");
    require(portable[i] == out[i], "portable batch != nim_mul_batch");
  }
  if (d::nim_mul_batch_simd_available()) {
    std::vector<std::uint64_t> simd(xs.size());
    d::nim_mul_batch_simd(xs.data(), ys.data(), simd.data(), xs.size());
    require(simd == out, "AVX-512 batch != nim_mul_batch");
  }
  if (d::nim_mul_clmul_available()) {
    std::vector<std::uint64_t> clmul(xs.size());
    d::nim_mul_batch_clmul(xs.data(), ys.data(), clmul.data(), xs.size());
    require(clmul == out, "PCLMUL batch != nim_mul_batch");
  }
  return 0;
}
