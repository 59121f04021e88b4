// Tests for <tartan/nim/nim_equation.hpp>: coefficients read from each form of the grammar (checked against nim sums
// and products computed here), and malformed equations refused with their exact messages.
#include "tartan/nim/nim_equation.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tartan/core/error.hpp"

namespace tartan {
namespace {

using ::testing::ThrowsMessage;

field_nimber n(std::uint64_t v) { return field_nimber(v); }

void expect_coefficients(const std::string& text, unsigned bits, field_nimber a, field_nimber b, field_nimber c,
                         char variable = 'x') {
  const nim_quadratic_equation q = parse_nim_quadratic(text, bits);
  EXPECT_EQ(q.a, a) << text;
  EXPECT_EQ(q.b, b) << text;
  EXPECT_EQ(q.c, c) << text;
  EXPECT_EQ(q.variable, variable) << text;
}

TEST(NimEquationTest, ReadsEachFormOfTerm) {
  expect_coefficients("x^2+x=5", 64, n(1), n(1), n(5));
  expect_coefficients("3*x^2 + 0x10*x + 7 = 0", 64, n(3), n(16), n(7));
  expect_coefficients("3x^2+0X10x+7=0", 64, n(3), n(16), n(7));  // '*' optional, 0X as 0x
  expect_coefficients("x^2 = x + 1", 8, n(1), n(1), n(1));       // sides moved together: + is its own inverse
  expect_coefficients("-x^2 - x = -1", 8, n(1), n(1), n(1));     // and so is -
  expect_coefficients("x^1 + x^0 = 0", 64, n(0), n(1), n(1));
  expect_coefficients("y^2 = 2", 64, n(1), n(0), n(2), 'y');
  expect_coefficients("7 = 7", 64, n(0), n(0), n(0));  // no variable: about x
}

TEST(NimEquationTest, RepeatedTermsAddAndNumbersInATermMultiply) {
  // 5y^2 + y = 2y^2 + 9 + y^2: a = 5 ⊕ 2 ⊕ 1 = 6, b = 1, c = 9.
  expect_coefficients("5y^2+y=2*y^2+9+y^2", 64, n(5) + n(2) + n(1), n(1), n(9), 'y');
  // 3*5*x: the coefficient is 3⊗5 (= 15 ⊕ ... : computed by the nim product, not the integer one).
  expect_coefficients("3*5*x=2*3", 64, n(0), n(3) * n(5), n(2) * n(3));
  EXPECT_EQ(n(3) * n(5), n(15));  // 3⊗5 = 15 (Winning Ways, ch. 14, the table of nim products below 16)
  EXPECT_EQ(n(2) * n(3), n(1));
}

TEST(NimEquationTest, CoefficientsOfWideFields) {
  const std::string f = "0x1" + std::string(32, '0');  // 2^128
  const nim_quadratic_equation q = parse_nim_quadratic("x^2+" + f + "*x=" + f + "*" + f, 256);
  const field_nimber big = field_nimber::parse(f, 256, "F");
  EXPECT_EQ(q.a, n(1));
  EXPECT_EQ(q.b, big);
  EXPECT_EQ(q.c, big * big);
  EXPECT_EQ(q.c.bits(), 256u);
}

void expect_refused(const std::string& text, const std::string& problem) {
  EXPECT_THAT([&] { parse_nim_quadratic(text, 64); },
              ThrowsMessage<parse_error>("the equation '" + text + "' " + problem +
                                         "; write it like 'x^2+x=5' or 'A*x^2+B*x+C=0' with numbers in decimal or "
                                         "0x-hex"))
      << text;
}

TEST(NimEquationTest, RefusesMalformedEquationsWithExactMessages) {
  expect_refused("", "has no '='");
  expect_refused("x^2+x", "has no '='");
  expect_refused("x=1=2", "has more than one '='");
  expect_refused("x^3=1", "has a power above 2 (for x^3 = c use 'tartan nim cbrt C')");
  expect_refused("x^22=1", "has a power above 2 (for x^3 = c use 'tartan nim cbrt C')");
  expect_refused("x^=1", "has '^' without a power after it");
  expect_refused("x^2+z=1", "has an unexpected 'z'");
  expect_refused("x^2+x=C", "has an unexpected 'C'");
  expect_refused("x+y=1", "uses two variables");
  expect_refused("x=", "has nothing after '='");
  expect_refused("=x", "has an unexpected '='");
  expect_refused("x++1=0", "has a sign without a term");
  expect_refused("x+=0", "has a sign without a term");
  expect_refused("x=1+", "has a sign without a term");
  expect_refused("3*=x", "has a '*' with nothing after it");
  expect_refused("x*2=1", "has an unexpected '*'");
  expect_refused("x^2+x=5)", "has an unexpected ')'");
}

TEST(NimEquationTest, RefusesCoefficientsOutsideTheField) {
  EXPECT_THAT([] { parse_nim_quadratic("x^2+x=300", 8, "use a larger --bits"); },
              ThrowsMessage<parse_error>(
                  "the coefficient 300: '300' does not fit in 8 bits; type a value below 2^8 or use a larger --bits"));
  EXPECT_THAT([] { parse_nim_quadratic("0x*x=1", 64); },
              ThrowsMessage<parse_error>("the coefficient 0x: '0x' has no hex digits after 0x; type e.g. 0x2a"));
}

}  // namespace
}  // namespace tartan
