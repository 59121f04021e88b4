// Nimbers of any size: one type for GF(2^64), GF(2^128), ... GF(2^65536), and a quadratic equation read from text.
// Output: field_nimber_example.txt.
#include <iostream>

#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/nim_equation.hpp"

int main() {
  using tartan::field_nimber;
  const field_nimber f = field_nimber::parse("0x10000000000000000", 128, "F");  // 2^64, a Fermat 2-power
  std::cout << "F = " << to_string(f) << " (" << f.bits() << " bits)\n";
  std::cout << "F * F = " << to_string(f * f, true) << '\n';  // 3F/2 = F + F/2
  // F times a smaller value is the ordinary product.
  std::cout << "F * 5 = " << to_string(f * field_nimber(5), true) << '\n';
  // Results are narrowed to the smallest field holding them.
  const field_nimber x = f * f + field_nimber(7);
  std::cout << "x / x = " << to_string(x / x) << " (" << (x / x).bits() << " bits)\n";
  std::cout << "x * inv(x) = " << to_string(x * x.inv())
            << ", sqrt(x)^2 == x: " << (x.sqrt().square() == x ? "yes" : "no") << '\n';
  std::cout << "as CGT writes it: " << field_nimber(6) << ", " << f << '\n';
  std::cout << "trace of F in GF(2^128): " << tartan::nim_trace(f, 128) << '\n';
  const auto q = tartan::parse_nim_quadratic("x^2 + x = 0x10000000000000000", 256);
  std::cout << "roots of x^2 + x = F in GF(2^256):";
  for (const field_nimber& r : tartan::nim_solve_quadratic(q.a, q.b, q.c, 256).roots) {
    std::cout << ' ' << to_string(r, true);
  }
  std::cout << '\n';
}
