// Ordinals below ω^(ω^ω) with nim arithmetic, and Lenstra's constants computed from their definition.
// Output: ordinals_example.txt.
#include <iostream>

#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

int main() {
  using tartan::ordinal_nimber;
  const ordinal_nimber w = ordinal_nimber::omega();
  std::cout << "w*w = " << w * w << ", w*w*w = " << w * w * w << '\n';  // ω is a cube root of 2
  const ordinal_nimber x = ordinal_nimber::parse("w^(w^2+1)*3 + w + 5");
  std::cout << "x = " << x << ", x*(w+1) = " << x * (w + ordinal_nimber(1)) << '\n';
  std::cout << "1/x * x = " << x.inv() * x << ", sqrt(w) = " << w.sqrt() << '\n';
  std::cout << "(w^w)^5 = " << ordinal_nimber::parse("w^w").pow(5) << '\n';  // a fifth root of 4
  std::cout << "degree of w: " << tartan::ordinal_degree(w)
            << ", minimal polynomial: " << tartan::gf2_polynomial_text(tartan::ordinal_minimal_polynomial(w)) << '\n';
  // α_p from the definition, with the constants of the smaller primes from the table.
  const tartan::lenstra_constant c = tartan::compute_lenstra_constant(19, tartan::lenstra_table::builtin());
  std::cout << "alpha_19 = " << tartan::lenstra_alpha(c) << " (excess " << c.excess << "), "
            << "(w^(w^6))^19 = " << ordinal_nimber::parse("w^(w^6)").pow(19) << '\n';
}
