// Products of binary polynomials: small ones word by word, long ones by the additive FFT over GF(2^64), checked here
// against the definition through the ring map to GF(2)[x]/(x^64 + x^4 + x^3 + x + 1). Output:
// binary_polynomial_example.txt.
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

#include "tartan/nim/binary_polynomial.hpp"

namespace {

// p mod P, P = x^64 + x^4 + x^3 + x + 1, bit by bit from the top.
std::uint64_t mod_p(const std::vector<std::uint64_t>& p) {
  std::uint64_t r = 0;
  for (std::size_t i = p.size(); i-- > 0;) {
    for (int bit = 63; bit >= 0; --bit) {
      const bool carry = r >> 63;
      r = (r << 1) | ((p[i] >> bit) & 1);
      if (carry) r ^= 0x1b;
    }
  }
  return r;
}

}  // namespace

int main() {
  // (x + 1)(x^2 + x + 1) = x^3 + 1: 0b11 · 0b111 = 0b1001
  std::vector<std::uint64_t> a{0b11}, b{0b111}, out(2);
  tartan::binary_polynomial_multiply(a, b, out);
  std::cout << "(x + 1)(x^2 + x + 1) = 0b" << (out[0] == 0b1001 ? "1001" : "?") << " = x^3 + 1\n";

  // Two polynomials of 2^22 bits each (65536 words): the FFT's route, 2^18 points of GF(2^64).
  std::mt19937_64 rng(2026);
  std::vector<std::uint64_t> f(1 << 16), g(1 << 16), h(1 << 17);
  for (auto& w : f) w = rng();
  for (auto& w : g) w = rng();
  tartan::binary_polynomial_multiply(f, g, h);
  std::cout << "route for 65536 x 65536 words: "
            << (tartan::binary_product_choice(f.size(), g.size()) == tartan::binary_product_route::additive_fft
                    ? "additive FFT"
                    : "other")
            << ", " << tartan::binary_product_transform_length(f.size(), g.size()) << " points\n";
  // The ring map GF(2)[x] → GF(2)[x]/(P) respects products: h mod P = (f mod P)(g mod P) mod P.
  const std::uint64_t fp = mod_p(f), gp = mod_p(g);
  std::vector<std::uint64_t> fg(2);
  tartan::binary_polynomial_multiply(std::vector<std::uint64_t>{fp}, std::vector<std::uint64_t>{gp}, fg);
  std::cout << "h mod P = (f mod P)(g mod P) mod P: " << (mod_p(h) == mod_p(fg) ? "yes" : "no") << '\n';
}
