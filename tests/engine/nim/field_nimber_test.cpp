// Tests for <tartan/nim/field_nimber.hpp>: products against the mex definition, every operation against the fixed-width
// types (64-bit functions, nimber128, nimber_wide) at their widths and across them, field identities on seeded random
// values at 64, 128, 256 and 512 bits, the field-dependent functions against their definitions in small fields
// (brute force) and large ones (identities), parsing and printing.
#include "tartan/nim/field_nimber.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "tartan/core/error.hpp"

namespace tartan {
namespace {

using test::mex_products;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

// A random value of exactly `bits` bits or less (every word random), as a field_nimber.
field_nimber random_value(std::mt19937_64& rng, unsigned bits) {
  std::vector<std::uint64_t> w(std::max(1u, bits / 64));
  for (auto& x : w) x = rng();
  if (bits < 64) w[0] &= (std::uint64_t{1} << bits) - 1;
  return field_nimber::from_words(w);
}

field_nimber random_nonzero(std::mt19937_64& rng, unsigned bits) {
  for (;;) {
    const field_nimber x = random_value(rng, bits);
    if (!x.is_zero()) return x;
  }
}

// 2^k as a field_nimber.
field_nimber power_of_two(unsigned k) {
  std::vector<std::uint64_t> w(k / 64 + 1, 0);
  w[k / 64] = std::uint64_t{1} << (k % 64);
  return field_nimber::from_words(w);
}

field_nimber n(std::uint64_t v) { return field_nimber(v); }

TEST(FieldNimberTest, MulMatchesMexDefinition) {
  const auto t = mex_products(64);
  for (std::uint64_t a = 0; a < 64; ++a) {
    for (std::uint64_t b = 0; b < 64; ++b) EXPECT_EQ(n(a) * n(b), n(t[a][b])) << a << " " << b;
  }
}

// Winning Ways, ch. 14 (and Conway, ONAG, ch. 6): F⊗F = 3F/2 for a Fermat 2-power F, F⊗x = F·x for x < F.
TEST(FieldNimberTest, FermatPowersOfTwoAtEveryLevel) {
  for (unsigned k : {1u, 2u, 4u, 8u, 16u, 32u, 64u, 128u, 256u, 1024u}) {
    const field_nimber f = power_of_two(k);
    EXPECT_EQ(f * f, f + power_of_two(k - 1)) << k;
    EXPECT_EQ((f * f).bits(), std::max(64u, 2 * k)) << k;
    if (k >= 2) {
      EXPECT_EQ(f * n(3), f + power_of_two(k + 1)) << k;  // F⊗3 = F·3 = F + 2F as 3 < F
    }
  }
}

TEST(FieldNimberTest, AgreesWithTheFixedWidthTypes) {
  std::mt19937_64 rng(25);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t a = rng(), b = rng() | 1, e = rng();
    EXPECT_EQ(n(a) * n(b), n(nim_mul(a, b)));
    EXPECT_EQ(n(a) / n(b), n(nim_div(a, b)));
    EXPECT_EQ(n(b).inv(), n(nim_inv(b)));
    EXPECT_EQ(n(a).sqrt(), n(nim_sqrt(a)));
    EXPECT_EQ(n(a).square(), n(nim_square(a)));
    EXPECT_EQ(n(a).pow(e), n(nim_pow(a, e)));
    EXPECT_EQ(n(a) + n(b), n(a ^ b));

    const nimber128 x(rng(), rng()), y(rng() | 1, rng());
    EXPECT_EQ(field_nimber(x) * field_nimber(y), field_nimber(x * y));
    EXPECT_EQ(field_nimber(x) / field_nimber(y), field_nimber(nim_div(x, y)));
    EXPECT_EQ(field_nimber(x).sqrt(), field_nimber(nim_sqrt(x)));
    EXPECT_EQ(field_nimber(x).pow(e), field_nimber(nim_pow(x, e)));
    // The 128-bit representation against the independent nimber_wide arithmetic in GF(2^128) and GF(2^256).
    EXPECT_EQ(field_nimber(x) * field_nimber(y),
              field_nimber(field_nimber(x).to_wide(128) * field_nimber(y).to_wide(128)));
    EXPECT_EQ(field_nimber(x).inv(), field_nimber(nim_inv(field_nimber(x).to_wide(256))));
  }
  for (unsigned bits : {256u, 512u}) {
    for (int i = 0; i < 100; ++i) {
      const field_nimber a = random_value(rng, bits), b = random_nonzero(rng, bits);
      const nimber_wide wa = a.to_wide(bits), wb = b.to_wide(bits);
      EXPECT_EQ(a * b, field_nimber(wa * wb));
      EXPECT_EQ(a / b, field_nimber(wa / wb));
      EXPECT_EQ(a.sqrt(), field_nimber(nim_sqrt(wa)));
      EXPECT_EQ(a.to_wide(2 * bits), nimber_wide(2 * bits, wa.words()));
    }
  }
}

TEST(FieldNimberTest, MixedWidthsAreTakenInTheLargerField) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = rng();
    // F⊗x = F·x for x < F: the words shift.
    EXPECT_EQ(power_of_two(64) * n(x), field_nimber::from_words(std::vector<std::uint64_t>{0, x}));
    EXPECT_EQ(power_of_two(256) * n(x), field_nimber::from_words(std::vector<std::uint64_t>{0, 0, 0, 0, x}));
    // GF(2^64) is a subfield: a product of small values is the same taken wide.
    const field_nimber a = random_value(rng, 64), b = random_value(rng, 64);
    EXPECT_EQ(a * b, field_nimber(a.to_wide(512) * b.to_wide(512)));
  }
}

TEST(FieldNimberTest, ResultsAreNarrowed) {
  std::mt19937_64 rng(3);
  for (unsigned bits : {128u, 256u, 1024u}) {
    const field_nimber x = random_nonzero(rng, bits) + power_of_two(bits - 1);
    EXPECT_EQ(x.bits(), bits);
    EXPECT_EQ((x / x).bits(), 64u);
    EXPECT_EQ(x / x, n(1));
    EXPECT_EQ((x + x).bits(), 64u);
    EXPECT_TRUE((x + x).is_zero());
    EXPECT_EQ(x.words().size(), bits / 64);
  }
  EXPECT_EQ(field_nimber(nimber_wide(1024, 5)).bits(), 64u);
  EXPECT_EQ(field_nimber(nimber_wide(1024, 5)), n(5));
}

class FieldNimberIdentitiesTest : public ::testing::TestWithParam<unsigned> {};

TEST_P(FieldNimberIdentitiesTest, FieldAxiomsOnSeededRandomValues) {
  const unsigned bits = GetParam();
  std::mt19937_64 rng(20240601 + bits);
  const int rounds = bits <= 128 ? 300 : 40;
  for (int i = 0; i < rounds; ++i) {
    const field_nimber a = random_value(rng, bits), b = random_value(rng, bits), c = random_value(rng, bits);
    const field_nimber x = random_nonzero(rng, bits);
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a * b) * c, a * (b * c));
    EXPECT_EQ(x * x.inv(), n(1));
    EXPECT_EQ((a * x) / x, a);
    EXPECT_EQ(a.sqrt() * a.sqrt(), a);
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ(a - b, a + b);
    // pow against repeated products, and x^(e1+e2) = x^e1 ⊗ x^e2 for large exponents.
    field_nimber p(1);
    for (std::uint64_t e = 0; e < 12; ++e) {
      EXPECT_EQ(a.pow(e), p) << e;
      p *= a;
    }
    const std::uint64_t e1 = rng() >> 1, e2 = rng() >> 1;
    EXPECT_EQ(x.pow(e1 + e2), x.pow(e1) * x.pow(e2));
    // A 192-bit exponent w0 + w1·2^64 + w2·2^128: x^it = ((x^w2)^(2^64) ⊗ x^w1)^(2^64) ⊗ x^w0.
    const std::vector<std::uint64_t> big{rng(), rng(), rng()};
    const field_nimber by_words = x.pow(big[2]).pow(std::vector<std::uint64_t>{0, 1}) * x.pow(big[1]);
    EXPECT_EQ(x.pow(big), by_words.pow(std::vector<std::uint64_t>{0, 1}) * x.pow(big[0]));
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, FieldNimberIdentitiesTest, ::testing::Values(64u, 128u, 256u, 512u));

TEST(FieldNimberTest, OrderedAsIntegers) {
  std::vector<field_nimber> v{power_of_two(300), n(5), power_of_two(64), n(0), power_of_two(200) + n(1), n(1)};
  std::sort(v.begin(), v.end());
  EXPECT_THAT(v, ElementsAre(n(0), n(1), n(5), power_of_two(64), power_of_two(200) + n(1), power_of_two(300)));
  EXPECT_LT(power_of_two(256), power_of_two(256) + n(1));
  EXPECT_NE(power_of_two(256), power_of_two(257));
}

// OEIS A212200 (tests/data/oeis/A212200.seq): the multiplicative orders of the nimbers 1, 2, ..., 16.
TEST(FieldNimberTest, OrderAndLogByTheirDefinitions) {
  const std::uint64_t a212200[] = {1, 3, 3, 15, 15, 15, 15, 5, 15, 5, 15, 15, 5, 5, 15, 85};
  for (std::uint64_t x = 1; x <= 16; ++x) EXPECT_EQ(nim_order(n(x)), uint128{a212200[x - 1]}) << x;
  std::mt19937_64 rng(11);
  const field_nimber x = random_nonzero(rng, 128);
  const uint128 k = nim_order(x);
  const std::uint64_t kw[2] = {static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(k >> 64)};
  EXPECT_EQ(x.pow(kw), n(1));
  const field_nimber g = field_nimber::primitive_element(128);
  const std::uint64_t e = rng() % 1000000;
  EXPECT_EQ(nim_log(g.pow(e), g), uint128{e});
  EXPECT_EQ(nim_log(n(14), n(4)), uint128{3});  // 4⊗4⊗4 = 14
  EXPECT_THAT([] { nim_order(power_of_two(200)); },
              ThrowsMessage<domain_error>("multiplicative orders are computed for nimbers below 2^128; this one is in "
                                          "GF(2^256); give a smaller nimber"));
  EXPECT_THAT(
      [] { nim_log(n(3), power_of_two(200)); },
      ThrowsMessage<domain_error>(
          "logarithms are computed for nimbers below 2^128; this one is in GF(2^256); give nimbers below 2^128"));
}

// The smallest primitive element of GF(2^8), by brute force: the least x whose powers reach all 255 non-zero values.
TEST(FieldNimberTest, PrimitiveElementsByBruteForce) {
  const auto order_by_products = [](std::uint64_t x) {
    std::uint64_t k = 1;
    for (field_nimber p(x); p != n(1); p *= n(x)) ++k;
    return k;
  };
  std::uint64_t smallest = 0;
  for (std::uint64_t x = 1; x < 256; ++x) {
    EXPECT_EQ(nim_is_primitive(n(x), 8), order_by_products(x) == 255) << x;
    if (smallest == 0 && order_by_products(x) == 255) smallest = x;
  }
  EXPECT_EQ(field_nimber::primitive_element(8), n(smallest));
  EXPECT_TRUE(nim_is_primitive(field_nimber::primitive_element(128), 128));
  EXPECT_FALSE(nim_is_primitive(field_nimber::primitive_element(64), 128));  // it lies in the subfield GF(2^64)
  EXPECT_THAT([] { field_nimber::primitive_element(256); },
              ThrowsMessage<domain_error>(HasSubstr("known for fields up to GF(2^128), not GF(2^256)")));
}

// The trace by its definition, x + x^2 + x^4 + ... + x^(2^(b-1)), at several field sizes.
TEST(FieldNimberTest, TraceByItsDefinition) {
  std::mt19937_64 rng(5);
  for (unsigned bits : {8u, 16u, 64u, 128u, 256u}) {
    for (int i = 0; i < 10; ++i) {
      const field_nimber x = random_value(rng, bits);
      field_nimber sum, power = x;
      for (unsigned j = 0; j < bits; ++j, power = power.square()) sum += power;
      ASSERT_TRUE(sum == n(0) || sum == n(1));
      EXPECT_EQ(nim_trace(x, bits), sum.to_u64()) << bits;
    }
  }
  EXPECT_THAT([] { nim_trace(n(256), 8); }, ThrowsMessage<domain_error>(HasSubstr("is not in GF(2^8)")));
}

// In GF(2^8) every equation is checked against all 256 values; in larger fields each root found must be one.
TEST(FieldNimberTest, QuadraticRootsByBruteForceAndSubstitution) {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 300; ++i) {
    const field_nimber a = n(rng() % (i % 3 == 0 ? 2 : 256)), b = n(rng() % (i % 5 == 0 ? 1 : 256)), c = n(rng() % 256);
    std::vector<field_nimber> expected;
    for (std::uint64_t v = 0; v < 256; ++v) {
      if ((a * n(v) * n(v) + b * n(v) + c).is_zero()) expected.push_back(n(v));
    }
    const auto r = nim_solve_quadratic(a, b, c, 8);
    if (expected.size() == 256) {
      EXPECT_TRUE(r.every_value);
    } else {
      EXPECT_FALSE(r.every_value);
      EXPECT_EQ(r.roots, expected);
    }
  }
  for (unsigned bits : {64u, 128u, 256u, 512u}) {
    int solved = 0;
    for (int i = 0; i < 20; ++i) {
      const field_nimber a = random_nonzero(rng, bits), b = random_nonzero(rng, bits), c = random_value(rng, bits);
      const auto r = nim_solve_quadratic(a, b, c, bits);
      for (const field_nimber& x : r.roots) EXPECT_TRUE((a * x * x + b * x + c).is_zero()) << bits;
      EXPECT_TRUE(r.roots.empty() || r.roots.size() == 2);
      EXPECT_TRUE(std::is_sorted(r.roots.begin(), r.roots.end()));
      solved += !r.roots.empty();
      // Built with known roots u and v: (x + u)(x + v) = x^2 + (u + v)x + uv.
      const field_nimber u = random_value(rng, bits), v = random_value(rng, bits);
      const auto known = nim_solve_quadratic(n(1), u + v, u * v, bits);
      std::vector<field_nimber> uv{std::min(u, v), std::max(u, v)};
      if (u == v) uv.pop_back();
      EXPECT_EQ(known.roots, uv) << bits;
    }
    EXPECT_GT(solved, 0) << bits;  // half of the equations have roots: 20 without any would be a defect
  }
}

TEST(FieldNimberTest, CubeRootsByBruteForceAndSubstitution) {
  for (std::uint64_t c = 0; c < 256; ++c) {
    std::vector<field_nimber> expected;
    for (std::uint64_t v = 0; v < 256; ++v) {
      if (n(v).pow(3) == n(c)) expected.push_back(n(v));
    }
    EXPECT_EQ(nim_cube_roots(n(c), 8), expected) << c;
  }
  std::mt19937_64 rng(13);
  for (unsigned bits : {128u, 256u}) {
    const field_nimber r = random_nonzero(rng, bits), c = r.pow(3);
    const auto roots = nim_cube_roots(c, bits);
    EXPECT_EQ(roots.size(), 3u);
    EXPECT_NE(std::find(roots.begin(), roots.end(), r), roots.end());
    for (const field_nimber& x : roots) EXPECT_EQ(x.pow(3), c);
  }
}

TEST(FieldNimberTest, ParsesDecimalAndHex) {
  EXPECT_EQ(field_nimber::parse("255", 8, "X"), n(255));
  EXPECT_EQ(field_nimber::parse("0xFF", 8, "X"), n(255));
  EXPECT_EQ(field_nimber::parse("0x10000000000000000", 128, "X"), power_of_two(64));
  EXPECT_EQ(field_nimber::parse("340282366920938463463374607431768211456", 256, "X"), power_of_two(128));
  EXPECT_EQ(field_nimber::parse("0x1" + std::string(256, '0'), 65536, "X"), power_of_two(1024));
  EXPECT_EQ(field_nimber::parse("18446744073709551615", 64, "X"), n(~std::uint64_t{0}));
}

TEST(FieldNimberTest, RefusesWhatIsNoValueOfTheField) {
  EXPECT_THAT(
      [] { field_nimber::parse("256", 8, "X", "use a larger --bits"); },
      ThrowsMessage<parse_error>("X: '256' does not fit in 8 bits; type a value below 2^8 or use a larger --bits"));
  EXPECT_THAT([] { field_nimber::parse("0x10000000000000000", 64, "operand A"); },
              ThrowsMessage<parse_error>("operand A: '0x10000000000000000' does not fit in 64 bits; type a value below "
                                         "2^64 or use a larger field"));
  EXPECT_THAT([] { field_nimber::parse("0x1" + std::string(32, '0'), 128, "X"); },
              ThrowsMessage<parse_error>(HasSubstr("does not fit in 128 bits; type a value below 2^128 or use a")));
  // Text that is no number keeps the message about the text, whatever the field.
  for (unsigned bits : {8u, 64u, 256u}) {
    EXPECT_THAT([&] { field_nimber::parse("-3", bits, "X"); },
                ThrowsMessage<parse_error>(HasSubstr("X: '-3' is negative")));
    EXPECT_THAT([&] { field_nimber::parse("0x", bits, "X"); },
                ThrowsMessage<parse_error>(HasSubstr("'0x' has no hex digits")));
    EXPECT_THAT([&] { field_nimber::parse("", bits, "X"); }, ThrowsMessage<parse_error>(HasSubstr("X: empty")));
  }
  EXPECT_THAT([] { field_nimber::parse("1", 48, "X"); }, ThrowsMessage<domain_error>(HasSubstr("the field size 48")));
}

TEST(FieldNimberTest, PrintsDecimalHexAndCgt) {
  EXPECT_EQ(to_string(n(255)), "255");
  EXPECT_EQ(to_string(n(255), true), "0xff");
  EXPECT_EQ(to_string(power_of_two(64)), "18446744073709551616");
  EXPECT_EQ(to_string(power_of_two(128), true), "0x1" + std::string(32, '0'));
  EXPECT_EQ(to_cgt_string(n(0)), "0");
  EXPECT_EQ(to_cgt_string(n(1)), "*");
  EXPECT_EQ(to_cgt_string(n(6)), "*6");
  EXPECT_EQ(to_cgt_string(power_of_two(64)), "*18446744073709551616");
  std::ostringstream os;
  os << n(5) << ' ' << power_of_two(64);
  EXPECT_EQ(os.str(), "*5 *18446744073709551616");
}

TEST(FieldNimberTest, ZeroHasNoInverse) {
  EXPECT_THROW(n(0).inv(), domain_error);
  EXPECT_THROW(n(1) / n(0), domain_error);
  EXPECT_THROW(power_of_two(100) / n(0), domain_error);
  EXPECT_THROW(power_of_two(300) / n(0), domain_error);
  EXPECT_EQ(n(0).pow(0), n(1));
  EXPECT_EQ(power_of_two(300).pow(0), n(1));
}

TEST(FieldNimberTest, RefusesValuesBeyondTheWidestField) {
  std::vector<std::uint64_t> w(1025, 0);
  w[1024] = 1;
  EXPECT_THAT([&] { field_nimber::from_words(w); }, ThrowsMessage<domain_error>(HasSubstr("below 2^65536")));
  w[1024] = 0;
  w[1023] = 1;
  EXPECT_EQ(field_nimber::from_words(w).bits(), 65536u);
}

}  // namespace
}  // namespace tartan
