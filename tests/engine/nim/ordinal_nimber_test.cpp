// The ordinal nimbers below ω^(ω^ω): Conway's and Lenstra's identities, the finite ordinals against the finite
// arithmetic, the field axioms on seeded random ordinals of several sizes, the product against the plain rewriting
// of tests/support/ordinal_reference.hpp and against the dense tower, the notation, the field facts and the refusals.
#include "tartan/nim/ordinal_nimber.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "nim/ordinal_dense.hpp"
#include "support/error_message.hpp"
#include "support/ordinal_reference.hpp"
#include "support/reference_data.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/nim_field.hpp"

namespace tartan {
namespace {

using test::message_of;

ordinal_nimber ord(const std::string& text) { return ordinal_nimber::parse(text); }
std::string str(const ordinal_nimber& x) { return to_string(x); }

const ordinal_nimber w = ordinal_nimber::omega();

// ---- Conway's and Lenstra's identities (On Numbers and Games, ch. 6; OEIS A380496's examples) ----------------------

TEST(OrdinalNimberTest, OmegaIsACubeRootOfTwo) {
  EXPECT_EQ(str(w * w), "w^2");  // below ω^3 the ordinal and nim products of terms agree
  EXPECT_EQ(w * w * w, ordinal_nimber(2));
  EXPECT_EQ(w.pow(3), ordinal_nimber(2));
  EXPECT_EQ(w.pow(9), ordinal_nimber(1));  // 2 has order 3
}

TEST(OrdinalNimberTest, OmegaCubedIsACubeRootOfOmega) {
  // κ_9 = ω^3 (the ordinal power) satisfies κ_9^3 = κ_3 = ω (the nim power).
  EXPECT_EQ(ord("w^3").pow(3), w);
  EXPECT_EQ(ord("w^9").pow(3), ord("w^3"));
  EXPECT_EQ(ord("w^27").pow(27), w);
}

TEST(OrdinalNimberTest, OmegaToTheOmegaIsAFifthRootOfFour) {
  // α_5 = 4: ω^ω is a fifth root of 4 (not a cube root of anything below it).
  EXPECT_EQ(ord("w^w").pow(5), ordinal_nimber(4));
  EXPECT_NE(ord("w^w").pow(3), ordinal_nimber(4));
  EXPECT_EQ(str(ord("w^w").pow(3)), "w^(w*3)");
}

TEST(OrdinalNimberTest, ConwaysAndLenstrasAlphas) {
  // OEIS A380496: α_3 = 2, α_5 = 4, α_7 = ω + 1, α_11 = ω^ω + 1; Lenstra's table: α_13 = ω + 4.
  EXPECT_EQ(str(ord("w^(w^2)").pow(7)), "w + 1");
  EXPECT_EQ(str(ord("w^(w^3)").pow(11)), "w^w + 1");
  EXPECT_EQ(str(ord("w^(w^4)").pow(13)), "w + 4");
  EXPECT_EQ(str(ord("w^(w^6)").pow(19)), "w^3 + 4");
}

TEST(OrdinalNimberTest, SmallInversesAndRoots) {
  EXPECT_EQ(str(w.inv()), "w^2*3");   // ω·ω^2·3 = 2⊗3 = 1
  EXPECT_EQ(str(w.sqrt()), "w^2*2");  // (ω^2·2)^2 = ω^4·3 = ω·2·3 = ω
  EXPECT_EQ(w.sqrt().square(), w);
  EXPECT_EQ(str(ordinal_nimber(1) / (w + ordinal_nimber(1))), str((w + ordinal_nimber(1)).inv()));
}

// ---- the finite ordinals are the finite nimbers ------------------------------------------------------------------

TEST(OrdinalNimberTest, FiniteOrdinalsAgreeWithTheFiniteArithmetic) {
  std::mt19937_64 rng(29);
  for (int i = 0; i < 300; ++i) {
    const unsigned bits = i % 3 == 0 ? 64 : i % 3 == 1 ? 128 : 512;
    std::vector<std::uint64_t> wa(bits / 64), wb(bits / 64);
    for (auto& v : wa) v = rng();
    for (auto& v : wb) v = rng();
    const field_nimber a = field_nimber::from_words(wa), b = field_nimber::from_words(wb);
    const ordinal_nimber oa(a), ob(b);
    EXPECT_EQ((oa * ob).finite_value(), a * b);
    EXPECT_EQ((oa + ob).finite_value(), a + b);
    EXPECT_EQ(oa.sqrt().finite_value(), a.sqrt());
    EXPECT_EQ(oa.square().finite_value(), a.square());
    if (!b.is_zero()) {
      EXPECT_EQ((oa / ob).finite_value(), a / b);
    }
    EXPECT_EQ(oa.pow(std::uint64_t{12345}).finite_value(), a.pow(12345));
  }
}

TEST(OrdinalNimberTest, FiniteDegreesOrdersAndMinimalPolynomials) {
  // A212200: the multiplicative order of n in nim multiplication.
  const std::vector<std::uint64_t> orders = test::oeis_terms("A212200");
  for (std::uint64_t n = 1; n <= 255 && n <= orders.size(); ++n) {
    EXPECT_EQ(ordinal_order(ordinal_nimber(n)), std::vector<std::uint64_t>{orders[n - 1]}) << n;
    EXPECT_EQ(ordinal_order(ordinal_nimber(n))[0], nim_order(n)) << n;
  }
  EXPECT_EQ(ordinal_degree(ordinal_nimber(1)), 1u);
  EXPECT_EQ(ordinal_degree(ordinal_nimber(2)), 2u);
  EXPECT_EQ(ordinal_degree(ordinal_nimber(4)), 4u);
  EXPECT_EQ(ordinal_degree(ordinal_nimber(16)), 8u);
  EXPECT_EQ(ordinal_degree(ordinal_nimber(256)), 16u);
  EXPECT_EQ(ordinal_minimal_polynomial(ordinal_nimber(2)), (std::vector<std::uint64_t>{2, 1, 0}));  // x^2 + x + 1
  EXPECT_EQ(ordinal_minimal_polynomial(ordinal_nimber(1)), (std::vector<std::uint64_t>{1, 0}));     // x + 1
  EXPECT_EQ(ordinal_minimal_polynomial(ordinal_nimber()), (std::vector<std::uint64_t>{1}));         // x
}

// ---- field axioms on random ordinals of several sizes ------------------------------------------------------------

struct ordinal_size {
  unsigned height, terms;
  std::uint64_t max_a;
  unsigned coefficient_bits;
};

class OrdinalAxiomTest : public ::testing::TestWithParam<ordinal_size> {};

TEST_P(OrdinalAxiomTest, RingAxiomsHold) {
  const ordinal_size z = GetParam();
  std::mt19937_64 rng(1000 + z.height * 10 + z.terms);
  for (int i = 0; i < 25; ++i) {
    const ordinal_nimber a = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
    const ordinal_nimber b = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
    const ordinal_nimber c = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a * b) * c, a * (b * c)) << str(a) << " | " << str(b) << " | " << str(c);
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * ordinal_nimber(1), a);
    EXPECT_EQ(a + a, ordinal_nimber());
    EXPECT_EQ(a.square(), a * a);
    EXPECT_EQ((a + b).square(), a.square() + b.square());  // Frobenius
    EXPECT_EQ(a.sqrt().square(), a) << str(a);
    EXPECT_EQ(a.pow(std::uint64_t{5}), a * a * a * a * a);
    EXPECT_EQ(a.pow(std::uint64_t{11}) * a.pow(std::uint64_t{6}), a.pow(std::uint64_t{17}));
  }
}

TEST_P(OrdinalAxiomTest, ProductsAgreeWithThePlainRewriting) {
  const ordinal_size z = GetParam();
  std::mt19937_64 rng(2000 + z.height * 10 + z.terms);
  for (int i = 0; i < 25; ++i) {
    const ordinal_nimber a = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
    const ordinal_nimber b = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
    EXPECT_EQ(test::to_reference(a * b), test::reference_product(test::to_reference(a), test::to_reference(b)))
        << str(a) << " times " << str(b);
    EXPECT_EQ(test::to_reference(a + b), test::reference_sum(test::to_reference(a), test::to_reference(b)));
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, OrdinalAxiomTest,
                         ::testing::Values(ordinal_size{1, 3, 9, 8}, ordinal_size{1, 6, 30, 64},
                                           ordinal_size{2, 4, 25, 16}, ordinal_size{3, 5, 12, 128},
                                           ordinal_size{4, 3, 8, 8}, ordinal_size{8, 3, 3, 4}));

/// Inverses need the dense field: sizes whose towers stay small.
TEST(OrdinalNimberTest, InversesOfRandomOrdinals) {
  std::mt19937_64 rng(31);
  // The last size has coefficients beyond 2^64: its field holds field_nimber values, the slow way, so fewer.
  const ordinal_size sizes[] = {{1, 3, 9, 8}, {2, 3, 10, 16}, {3, 2, 6, 8}, {6, 2, 2, 4}, {2, 2, 4, 200}};
  for (const ordinal_size& z : sizes) {
    for (int i = 0; i < (z.coefficient_bits > 64 ? 3 : 8); ++i) {
      const ordinal_nimber a = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
      if (a.is_zero()) continue;
      EXPECT_EQ(a * a.inv(), ordinal_nimber(1)) << str(a);
      const ordinal_nimber b = test::random_ordinal(rng, z.height, z.terms, z.max_a, z.coefficient_bits);
      EXPECT_EQ((b / a) * a, b);
    }
  }
}

TEST(OrdinalNimberTest, DenseTowerProductAgreesWithTermByTerm) {
  std::mt19937_64 rng(37);
  for (int i = 0; i < 40; ++i) {
    const unsigned height = 1 + static_cast<unsigned>(i % 5);
    const ordinal_nimber a = test::random_ordinal(rng, height, 6, 4, i % 2 ? 8 : 70);
    const ordinal_nimber b = test::random_ordinal(rng, height, 6, 4, 8);
    detail::tower_shape shape = detail::tower_for({&a, &b}, 0, "the test");
    const ordinal_nimber dense = detail::with_tower(std::move(shape), [&](const auto& t) {
      return detail::from_dense(t, t.mul(detail::to_dense(t, a), detail::to_dense(t, b)));
    });
    EXPECT_EQ(dense, a * b) << str(a) << " times " << str(b);
  }
}

// ---- the notation ------------------------------------------------------------------------------------------------

TEST(OrdinalNimberTest, ReadsAndPrintsTheNotation) {
  EXPECT_EQ(str(ord("w^(w^2+1)*3 + w + 5")), "w^(w^2+1)*3 + w + 5");
  EXPECT_EQ(str(ord("w^(w^2+1)3+w+5")), "w^(w^2+1)*3 + w + 5");  // juxtaposition
  EXPECT_EQ(str(ord("ω^ω + ω")), "w^w + w");
  EXPECT_EQ(str(ord("w^(w*5)")), "w^(w*5)");
  EXPECT_EQ(str(ord("w^(w5 + 3)")), "w^(w*5+3)");
  EXPECT_EQ(str(ord("w^(w^2*7) + 4")), "w^(w^2*7) + 4");
  EXPECT_EQ(str(ord("w^0")), "1");
  EXPECT_EQ(str(ord("w^(0)*5")), "5");
  EXPECT_EQ(str(ord("w^1*0x10")), "w*16");
  EXPECT_EQ(str(ord("0")), "0");
  EXPECT_EQ(str(ord("  w 3 ")), "w*3");
  EXPECT_EQ(str(ord("w^(w^66*100)")), "w^(w^66*100)");
  EXPECT_EQ(str(ord("340282366920938463463374607431768211456")), "340282366920938463463374607431768211456");
  std::ostringstream os;
  os << ord("w^w*2");
  EXPECT_EQ(os.str(), "w^w*2");
}

TEST(OrdinalNimberTest, TermsGiveTheCantorNormalForm) {
  const std::vector<ordinal_term> t = ord("w^(w^2+1)*3 + w + 5").terms();
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].exponent, (std::vector<ordinal_exponent_term>{{2, {1}}, {0, {1}}}));
  EXPECT_EQ(t[0].coefficient, field_nimber(3));
  EXPECT_EQ(t[1].exponent, (std::vector<ordinal_exponent_term>{{0, {1}}}));
  EXPECT_TRUE(t[2].exponent.empty());
  EXPECT_EQ(ordinal_nimber::from_terms(t), ord("w^(w^2+1)*3 + w + 5"));
  EXPECT_EQ(ordinal_nimber::omega_power(std::vector<ordinal_exponent_term>{{1, {5}}, {0, {1}}}), ord("w^(w*5+1)"));
  EXPECT_EQ(ord("w^(w^2+1)*3 + w + 5").height(), 3u);
  EXPECT_EQ(ordinal_nimber(7).height(), 0u);
}

TEST(OrdinalNimberTest, OrdersAsOrdinals) {
  const std::vector<std::string> ascending{"0",       "1",       "2",       "w",           "w + 1",
                                           "w*2",     "w^2",     "w^3",     "w^w",         "w^w*2 + 1",
                                           "w^(w+1)", "w^(w*2)", "w^(w^2)", "w^(w^2) + w", "w^(w^3)"};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    EXPECT_LT(ord(ascending[i]), ord(ascending[i + 1])) << ascending[i] << " < " << ascending[i + 1];
  }
}

TEST(OrdinalNimberTest, RefusesMalformedOrdinalsInOneLine) {
  const auto refusal = [](const std::string& text) {
    return message_of([&] { ordinal_nimber::parse(text, "ordinal X"); });
  };
  EXPECT_EQ(refusal(""), "ordinal X: '' is empty; type an ordinal such as w^(w^2+1)*3 + w + 5");
  EXPECT_EQ(refusal("3w"),
            "ordinal X: '3w' puts the coefficient 3 before w; write it after the power, as in w*3 (the ordinal 3·w is "
            "w itself)");
  EXPECT_EQ(refusal("1 + w"),
            "ordinal X: '1 + w' has the term 'w' after the smaller '1'; write the terms from the highest power of w "
            "down (as an ordinal, 1 + w is w)");
  EXPECT_EQ(refusal("w + w"),
            "ordinal X: 'w + w' repeats the power 'w'; write each power of w once, with its coefficient (as an "
            "ordinal, w + w is w*2)");
  EXPECT_EQ(refusal("w^w^2"),
            "ordinal X: 'w^w^2' has '^' after an exponent (position 4); put a tower of powers in parentheses, as in "
            "w^(w^2)");
  EXPECT_EQ(refusal("w^w3"),
            "ordinal X: 'w^w3' has a number right after 'w^w' (position 4); write w^w*3 for the "
            "coefficient or w^(w*3) for the exponent");
  EXPECT_EQ(refusal("w*0"),
            "ordinal X: 'w*0' has the coefficient 0 of a power of w; leave the term out (CNF coefficients are 1 or "
            "more)");
  EXPECT_EQ(refusal("w^(w^w)"),
            "ordinal X: 'w^(w^w)' has 'w' after 'w^' in an exponent (position 6); the exponent's powers are numbers "
            "(w^2); ordinals from w^(w^w) on are beyond tartan's range, which is below w^(w^w)");
  EXPECT_EQ(refusal("w^(w+0)"), "ordinal X: 'w^(w+0)' has a term 0 in an exponent; leave it out");
  EXPECT_EQ(refusal("w+"), "ordinal X: 'w+' ends where a term should be; type an ordinal such as w^(w^2+1)*3 + w + 5");
  EXPECT_EQ(refusal("w x"), "ordinal X: 'w x' has 'x' after a term (position 3); join terms with '+'");
  EXPECT_EQ(refusal("w^(2"), "ordinal X: 'w^(2' ends in an exponent; close the exponent with ')', as in w^(w^2+1)");
  EXPECT_EQ(refusal("ｗ"),
            "ordinal X: 'ｗ' has 'ｗ' (U+FF57, a full-width letter: type the ASCII letter w) where a "
            "term should be (position 1); type an ordinal such as w^(w^2+1)*3 + w + 5");
  for (const char* text : {"", "3w", "1 + w", "w^", "w^()", "w**2", "(w)", "w^(w^2+w^2)", "w^(1+w)", "-1", "w^-1"}) {
    const std::string m = refusal(text);
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.rfind("ordinal X: ", 0), 0u) << m;
  }
}

TEST(OrdinalNimberTest, RefusesOrdinalsBeyondTheRange) {
  EXPECT_EQ(message_of([] { ordinal_nimber::parse("w^(w^126)"); }),
            "w^(w^126) needs Lenstra's constant for the prime 719; tartan computes with the ordinals below "
            "w^(w^126), whose primes go up to 709");
  EXPECT_EQ(str(ordinal_nimber::parse("w^(w^66)")), "w^(w^66)");
  EXPECT_EQ(message_of([] { ordinal_nimber::parse("w^(w^2000000)"); }),
            "ordinal: 'w^(w^2000000)' has the power w^2000000 in an exponent; use a power below w^(w^126)");
  const std::string big = "w^(" + std::string(1300, '9') + ")";
  EXPECT_NE(message_of([&] { ordinal_nimber::parse(big); }).find("does not fit in 4096 bits"), std::string::npos);
  EXPECT_EQ(message_of([] { ordinal_nimber().inv(); }), "the nim inverse of 0 does not exist; give a non-zero ordinal");
}

TEST(OrdinalNimberTest, RefusesFieldsBeyondTheLimitInOneLine) {
  // Generators of eight primes with three digits each: a tower of 10^22 nimbers.
  const ordinal_nimber x = ord("w^(w^7*12166+w^6*6858+w^5*4912+w^4*2196+w^3*1330+w^2*342+w*124+26) + 1");
  const std::string m = message_of([&] { x.inv(); });
  EXPECT_NE(m.find("the inverse of w^(w^7*12166"), std::string::npos) << m;
  EXPECT_NE(m.find("beyond the 2^22 nimbers tartan computes with"), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos);
  // The product needs no tower: it still works.
  EXPECT_EQ((x * x).sqrt(), x);
}

// ---- field facts -------------------------------------------------------------------------------------------------

TEST(OrdinalNimberTest, DegreesMinimalPolynomialsAndOrders) {
  EXPECT_EQ(ordinal_degree(w), 6u);  // ω^3 = 2 generates GF(4), and ω is a cube root: GF(64)
  EXPECT_EQ(ordinal_minimal_polynomial(w), (std::vector<std::uint64_t>{6, 3, 0}));
  EXPECT_EQ(ordinal_order(w), std::vector<std::uint64_t>{9});
  EXPECT_EQ(ordinal_degree(ord("w^3")), 18u);
  EXPECT_EQ(ordinal_degree(ord("w^w")), 20u);
  EXPECT_EQ(ordinal_degree(ord("w^(w^2)")), 42u);
  EXPECT_EQ(gf2_polynomial_text(ordinal_minimal_polynomial(w)), "x^6 + x^3 + 1");
  // The minimal polynomial vanishes at x, and the order is the least n with x^n = 1.
  for (const char* text : {"w + 1", "w^w + w^2*3", "w^(w^2) + 1", "w^9 + w", "w^(w^3)"}) {
    const ordinal_nimber x = ord(text);
    ordinal_nimber value;
    for (const std::uint64_t e : ordinal_minimal_polynomial(x)) value += x.pow(e);
    EXPECT_TRUE(value.is_zero()) << text;
    EXPECT_EQ(ordinal_minimal_polynomial(x).front(), ordinal_degree(x)) << text;
    if (ordinal_degree(x) <= 60) {  // 2^d - 1 factors at once (the larger ones are a matter of time)
      const std::vector<std::uint64_t> order = ordinal_order(x);
      EXPECT_EQ(x.pow(order), ordinal_nimber(1)) << text;
    }
  }
}

TEST(OrdinalNimberTest, DegreesOfLenstrasKappasMatchThePublishedRecords) {
  // tests/data/ordinals/kappa_degrees.txt: d(κ_h) as computed by Peeters' port of CGSuite's calculator.
  std::ifstream in(std::string(TARTAN_REFERENCE_DIR) + "/ordinals/kappa_degrees.txt");
  ASSERT_TRUE(in);
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    unsigned h = 0;
    std::uint64_t d = 0;
    fields >> h >> d;
    if (d > 20000) continue;  // the larger ones are the benchmark's
    bool supported = true;
    for (unsigned r = 3; r <= h; r += 2)
      if (h % r == 0 && odd_prime_index(r) && !lenstra_table::builtin().has(r)) supported = false;
    if (!supported) continue;
    ordinal_nimber kappa;
    for (const unsigned q : lenstra_kappa_set(h, lenstra_table::builtin())) kappa += lenstra_kappa(q);
    EXPECT_EQ(ordinal_degree(kappa), d) << "kappa_" << h << " = " << str(kappa);
    ++checked;
  }
  EXPECT_GE(checked, 40);
}

TEST(OrdinalNimberTest, TowerComputationsStopWhenTheirSearchScopeSaysSo) {
  // The degree of w^(w^30) + w takes Frobenius maps in a field of degree 102180, polling between them: under a
  // deadline already past it stops at the first poll; a cancel (the progress callback) stops it the same way.
  const ordinal_nimber x = ordinal_nimber::parse("w^(w^30)+w");
  search_options past;
  past.deadline = search_options::clock::now() - std::chrono::seconds(1);
  search_stop late(past, 1);
  {
    const detail::search_scope scope(&late);
    EXPECT_THROW(static_cast<void>(ordinal_degree(x)), cancelled_error);
  }
  EXPECT_EQ(late.end(), search_end::time_limit);
  search_options cancelling;
  cancelling.progress = [](double) { return false; };
  search_stop cancelled(cancelling, 1);
  {
    const detail::search_scope scope(&cancelled);
    EXPECT_THROW(static_cast<void>(ordinal_degree(x)), cancelled_error);
  }
  EXPECT_EQ(cancelled.end(), search_end::cancelled);
  // Outside any scope, small fields compute as always: ω has degree 6 (ω^3 = 2 lies in GF(4)).
  EXPECT_EQ(ordinal_degree(ordinal_nimber::omega()), 6u);
}

}  // namespace
}  // namespace tartan
