// Fuzz target: the ordinal nimbers, differentially. Two ordinals below ω^(ω^4) built from the input's bytes are
// multiplied by the engine's term-by-term product, by the plain rewriting of tests/support/ordinal_reference.hpp and
// in their dense tower field; sums against the reference too; squares, square roots, inverses and quotients against
// the field's identities. The rest of the input is read as ordinal notation: a refusal must be a parse_error or
// domain_error of one line, and whatever parses must print and read back to itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "nim/ordinal_dense.hpp"
#include "support/ordinal_reference.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace {

using tartan::ordinal_nimber;
using tartan::fuzz::require;

/// An ordinal from the input: up to 4 terms, exponents below ω^4 with coefficients below p^2 (two digits), and
/// coefficients of up to 64 bits.
ordinal_nimber ordinal_from(tartan::fuzz::input& in) {
  std::vector<tartan::ordinal_term> terms;
  const unsigned count = in.byte() % 5;
  for (unsigned t = 0; t < count; ++t) {
    tartan::ordinal_term term;
    const std::uint8_t mask = in.byte();
    for (unsigned k = 4; k-- > 0;) {
      if (((mask >> k) & 1) == 0) continue;
      const unsigned p = tartan::odd_prime(k);
      const std::uint64_t a = in.byte() % (p * p);
      if (a != 0) term.exponent.push_back({k, {a}});
    }
    const std::uint8_t width = in.byte() % 4;
    std::uint64_t c = width == 0 ? in.byte() : width == 1 ? in.u64() & 0xffff : width == 2 ? in.u64() : 1;
    if (c == 0) c = 1;
    term.coefficient = tartan::field_nimber(c);
    terms.push_back(std::move(term));
  }
  return ordinal_nimber::from_terms(terms);
}

void check_arithmetic(const ordinal_nimber& a, const ordinal_nimber& b) {
  const ordinal_nimber product = a * b;
  require(tartan::test::to_reference(product) ==
              tartan::test::reference_product(tartan::test::to_reference(a), tartan::test::to_reference(b)),
          "the product differs from the plain rewriting");
  require(tartan::test::to_reference(a + b) ==
              tartan::test::reference_sum(tartan::test::to_reference(a), tartan::test::to_reference(b)),
          "the sum differs from the reference");
  require(product == b * a, "the product is not commutative");
  require(a.square() == a * a, "the square is not a·a");
  require(a.sqrt().square() == a, "sqrt(a)^2 != a");
  tartan::detail::tower_shape shape = tartan::detail::tower_for({&a, &b}, 0, "the fuzz target");
  if (shape.size > 1024) return;  // the dense checks in small towers, so that an input takes milliseconds
  const ordinal_nimber dense = tartan::detail::with_tower(std::move(shape), [&](const auto& t) {
    return tartan::detail::from_dense(t, t.mul(tartan::detail::to_dense(t, a), tartan::detail::to_dense(t, b)));
  });
  require(dense == product, "the dense tower's product differs from the term-by-term product");
  if (!b.is_zero()) {
    require(b * b.inv() == ordinal_nimber(1), "b·inv(b) != 1");
    require((a / b) * b == a, "(a/b)·b != a");
  }
}

void check_text(const std::string& text) {
  ordinal_nimber x;
  try {
    x = ordinal_nimber::parse(text, "X");
  } catch (const tartan::parse_error& e) {
    require(std::string(e.what()).find('\n') == std::string::npos, "a parse error spans lines");
    return;
  } catch (const tartan::domain_error& e) {
    require(std::string(e.what()).find('\n') == std::string::npos, "a range error spans lines");
    return;
  }
  const std::string printed = to_string(x);
  require(ordinal_nimber::parse(printed) == x, "the printed ordinal does not read back to itself");
  require(ordinal_nimber::from_terms(x.terms()) == x, "the terms do not make the ordinal");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const ordinal_nimber a = ordinal_from(in);
  const ordinal_nimber b = ordinal_from(in);
  try {
    check_arithmetic(a, b);
  } catch (const tartan::limit_error&) {
    // a tower too large for the inverse: a refusal, not a bug
  }
  check_text(std::string(in.rest().substr(0, 256)));
  return 0;
}
