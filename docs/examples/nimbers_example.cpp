// Nimbers: nim addition (XOR) and nim multiplication, the field operations. Output: nimbers_example.txt.
#include <cstdint>
#include <iostream>

#include "tartan/nim/nimber.hpp"

int main() {
  using tartan::nimber;
  const nimber two(2), three(3);
  std::cout << "2 + 3 = " << two + three << '\n';                // XOR: 1, printed * (CGT writes *1 as *)
  std::cout << "2 * 2 = " << two * two << '\n';                  // the smallest product that is not ordinary: *3
  std::cout << "2 * 3 = " << two * three << '\n';                // so 3 is the inverse of 2
  std::cout << "16 * 16 = " << tartan::nim_mul(16, 16) << '\n';  // a Fermat 2-power squared: 3/2 of it
  std::cout << "1 / 2 = " << nimber(1) / two << '\n';
  std::cout << "sqrt(13) = " << tartan::nim_sqrt(13) << '\n';  // 8 * 8 = 13
  std::cout << "2^3 = " << two.pow(3) << '\n';                 // 2 has multiplicative order 3
  // Distributivity, one of the field axioms, on a few values.
  bool distributive = true;
  for (std::uint64_t a = 0; a < 64; ++a) {
    for (std::uint64_t b = 0; b < 64; ++b) {
      const nimber x(a), y(b), z(a * 7 + b);
      distributive = distributive && x * (y + z) == x * y + x * z;
    }
  }
  std::cout << "distributive on 0..63: " << (distributive ? "yes" : "no") << '\n';
}
