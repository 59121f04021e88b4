// Lenstra's constants: the cached table against the computation from the definition and against the published
// values (OEIS A380496; CGSuite's table; Peeters' list of α_p), the definition itself (α_p is the least ordinal that is
// not a p-th power), Lenstra's κ_h and the refusals.
#include "tartan/nim/lenstra.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/lockstep_child.hpp"
#include "support/reference_data.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan {
namespace {

using test::message_of;

const lenstra_table& table() { return lenstra_table::builtin(); }

std::vector<std::string> data_lines(const std::string& name) {
  std::ifstream in(std::string(TARTAN_REFERENCE_DIR) + "/ordinals/" + name);
  EXPECT_TRUE(in) << "cannot read " << name;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  EXPECT_FALSE(lines.empty()) << name;
  return lines;
}

TEST(LenstraTest, OddPrimesAndTheOrderOfTwo) {
  EXPECT_EQ(odd_prime(0), 3u);
  EXPECT_EQ(odd_prime(1), 5u);
  EXPECT_EQ(odd_prime(53), 257u);
  EXPECT_EQ(odd_prime(66), 337u);
  EXPECT_EQ(odd_prime_index(7), 2u);
  EXPECT_FALSE(odd_prime_index(9));
  EXPECT_FALSE(odd_prime_index(2));
  EXPECT_EQ(order_of_two(7), 3u);
  EXPECT_EQ(order_of_two(167), 83u);
  EXPECT_EQ(order_of_two(257), 16u);
  EXPECT_EQ(odd_prime(69), 353u);
  EXPECT_EQ(odd_prime(125), 709u);  // the 127th prime
  EXPECT_EQ(table().size(), 126u);
  EXPECT_EQ(table().max_prime(), max_lenstra_prime);
}

TEST(LenstraTest, TheTableHoldsEveryOddPrimeInOrder) {
  for (std::size_t k = 0; k < table().size(); ++k) {
    const lenstra_constant& c = table().by_index(k);
    EXPECT_EQ(c.prime, odd_prime(static_cast<unsigned>(k)));
    EXPECT_EQ(c.order_of_two, order_of_two(c.prime));
    EXPECT_EQ(&table().at(c.prime), &c);
  }
}

/// Every cached constant, recomputed from the definition: the whole table takes more than an hour (most of it for
/// α_359 and α_659, with fields of degree 3504820 and 4994220), so the test takes the primes of fields up to degree
/// 10000 (98 of the 126), the benchmark those up to 337 (benchmarks/ordinal_nimber_benchmark.cpp,
/// BM_AlphaFromScratch, which stops on a difference) and scripts/lenstra-table all of them.
TEST(LenstraTest, TheTableIsTheComputation) {
  int computed = 0;
  for (const lenstra_constant& cached : table().constants()) {
    if (cached.degree > 10000) continue;
    const lenstra_constant c = compute_lenstra_constant(cached.prime, table());
    EXPECT_EQ(c, cached) << "p = " << cached.prime << ": computed Q size " << c.q_set.size() << ", excess " << c.excess
                         << ", degree " << c.degree;
    ++computed;
  }
  EXPECT_EQ(computed, 98);
}

TEST(LenstraTest, ExcessesMatchOeisA380496) {
  // The entry's data section: its first 105 terms (up to p = 577); the b-file's test below takes every prime.
  const std::vector<std::uint64_t> excess = test::oeis_terms("A380496");
  ASSERT_LE(excess.size(), table().size());
  for (std::size_t k = 0; k < excess.size(); ++k) EXPECT_EQ(table().by_index(k).excess, excess[k]) << odd_prime(k);
}

/// OEIS A380496's b-file or a-file (tests/data/ordinals/oeis_[ab]380496.txt): the excess of the n-th odd prime by n,
/// nothing where the a-file has '?'.
std::vector<std::optional<std::uint64_t>> oeis_excess_file(const std::string& name) {
  std::vector<std::optional<std::uint64_t>> excess;
  for (const std::string& line : data_lines(name)) {
    std::istringstream fields(line);
    std::size_t n = 0;
    std::string value;
    fields >> n >> value;
    EXPECT_EQ(n, excess.size() + 1) << name << ": " << line;
    excess.push_back(value == "?" ? std::nullopt : std::optional<std::uint64_t>(std::stoull(value)));
  }
  return excess;
}

TEST(LenstraTest, EveryTableEntryMatchesTheOeisBFile) {
  // The b-file: the excess of every odd prime up to 709 (126 rows); the table holds a prefix of them.
  const auto b_file = oeis_excess_file("oeis_b380496.txt");
  ASSERT_EQ(b_file.size(), 126u);
  EXPECT_EQ(odd_prime(125), 709u);
  ASSERT_LE(table().size(), b_file.size());
  for (std::size_t k = 0; k < table().size(); ++k) {
    ASSERT_TRUE(b_file[k]);
    EXPECT_EQ(table().by_index(k).excess, *b_file[k]) << "p = " << odd_prime(static_cast<unsigned>(k));
  }
}

TEST(LenstraTest, TheOeisAFileAgreesWithTheBFileAndKnowsThePrimesBeyond) {
  // The a-file: 1417 odd primes (up to 11827), 799 excesses known and 618 not, the first unknown p = 719; its rows
  // up to 709 are the b-file's.
  const auto a_file = oeis_excess_file("oeis_a380496.txt");
  const auto b_file = oeis_excess_file("oeis_b380496.txt");
  ASSERT_EQ(a_file.size(), 1417u);
  EXPECT_EQ(odd_prime(1416), 11827u);
  EXPECT_EQ(std::count(a_file.begin(), a_file.end(), std::nullopt), 618);
  for (std::size_t k = 0; k < b_file.size(); ++k) EXPECT_EQ(a_file[k], b_file[k]) << k + 1;
  EXPECT_FALSE(a_file[126]) << "m_719 is the first unknown excess";
  EXPECT_TRUE(a_file[127]);  // p = 727
}

TEST(LenstraTest, QSetsAndExcessesMatchCgsuite) {
  for (const std::string& line : data_lines("cgsuite_field_table.txt")) {
    std::istringstream fields(line);
    unsigned p = 0;
    std::uint64_t excess = 0;
    fields >> p >> excess;
    std::vector<unsigned> q;
    for (unsigned v; fields >> v;) q.push_back(v);
    std::sort(q.begin(), q.end());
    EXPECT_EQ(table().at(p).q_set, q) << p;
    EXPECT_EQ(table().at(p).excess, excess) << p;
  }
}

TEST(LenstraTest, AlphasMatchPeetersList) {
  int compared = 0;
  for (const std::string& line : data_lines("alpha_records.txt")) {
    std::istringstream fields(line);
    unsigned p = 0;
    fields >> p;
    if (!table().has(p)) continue;
    // The α_p column: the text between the excess and the final time.
    std::string rest;
    std::getline(fields, rest);
    const std::size_t q_end = rest.find(']');
    std::istringstream after(rest.substr(q_end + 1));
    std::uint64_t excess = 0;
    after >> excess;
    std::string alpha;
    std::getline(after, alpha);
    alpha = alpha.substr(alpha.find_first_not_of(' '));
    alpha = alpha.substr(0, alpha.find_last_not_of(' ') + 1);  // then the time, the last field
    alpha = alpha.substr(0, alpha.find_last_not_of(' ', alpha.find_last_of(' ')) + 1);
    // The list writes 2^16 for 65536.
    if (const std::size_t at = alpha.find("2^16"); at != std::string::npos) alpha.replace(at, 4, "65536");
    EXPECT_EQ(to_string(lenstra_alpha(table().at(p))), alpha) << p;
    EXPECT_EQ(table().at(p).excess, excess) << p;
    ++compared;
  }
  EXPECT_EQ(compared, 79);  // the list goes to 409: every odd prime up to it
}

TEST(LenstraTest, DegreesMatchTheLenstraExponentsPublished) {
  // OEIS A380496: e_263 = 102180 and e_283 = 237820 (the degree of the field of α_p); Peeters' records: the degree
  // of κ_f(p), which α_p shares when the excess is 0 or 1.
  EXPECT_EQ(table().at(283).degree, 237820u);
  std::map<unsigned, std::uint64_t> kappa_degree;
  for (const std::string& line : data_lines("kappa_degrees.txt")) {
    std::istringstream fields(line);
    unsigned h = 0;
    std::uint64_t d = 0;
    fields >> h >> d;
    kappa_degree[h] = d;
  }
  int compared = 0;
  for (const lenstra_constant& c : table().constants()) {
    const auto it = kappa_degree.find(c.order_of_two);
    if (it == kappa_degree.end() || c.excess > 1) continue;
    EXPECT_EQ(c.degree, it->second) << c.prime;
    ++compared;
  }
  EXPECT_GE(compared, 15);
}

TEST(LenstraTest, AlphaIsTheLeastOrdinalThatIsNoPthPower) {
  // The definition, where it can be checked outright: each α_p is not a p-th power below ω^(ω^k), the ordinals
  // κ_f(p) + j below it (j < excess) are, and so are the finite nimbers below 256 and the generators below κ_p.
  for (std::size_t k = 0; k < 12; ++k) {
    const lenstra_constant& c = table().by_index(k);
    const ordinal_nimber alpha = lenstra_alpha(c);
    EXPECT_FALSE(is_pth_power_below(alpha, c.prime)) << c.prime;
    lenstra_constant smaller = c;
    for (smaller.excess = 0; smaller.excess < c.excess; ++smaller.excess)
      EXPECT_TRUE(is_pth_power_below(lenstra_alpha(smaller), c.prime)) << c.prime << " + " << smaller.excess;
    if (alpha.is_finite()) {
      for (std::uint64_t n = 1; ordinal_nimber(n) < alpha; ++n)
        EXPECT_TRUE(is_pth_power_below(ordinal_nimber(n), c.prime));
    } else {
      for (std::uint64_t n = 1; n < 256; ++n) EXPECT_TRUE(is_pth_power_below(ordinal_nimber(n), c.prime)) << n;
    }
    for (unsigned i = 0; i < k; ++i) {
      const ordinal_nimber generator = ordinal_nimber::omega_power(std::vector<ordinal_exponent_term>{{i, {1}}});
      if (generator < alpha) {
        EXPECT_TRUE(is_pth_power_below(generator, c.prime)) << c.prime;
      }
    }
  }
  // ω + 1 is not a 7th power, ω is (ω^9 = 1).
  EXPECT_FALSE(is_pth_power_below(ordinal_nimber::parse("w + 1"), 7));
  EXPECT_TRUE(is_pth_power_below(ordinal_nimber::omega(), 7));
}

/// The ordinal Σ_i bit i of v · ζ^i: an element of GF(2)[z]/(g) at z = ζ.
ordinal_nimber at_root(const std::vector<std::uint64_t>& v, std::size_t bits, const ordinal_nimber& zeta) {
  ordinal_nimber sum, power(1);
  for (std::size_t i = 0; i < bits; ++i) {
    if (i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1) != 0) sum += power;
    power *= zeta;
  }
  return sum;
}

TEST(LenstraTest, TheCertificateIsTheNormAndItsPowerWrittenAtTheRootOfUnity) {
  // Each norm the certificate gives is checked against the product of its D/f conjugates x^(2^(f·i)), taken by plain
  // repeated squaring of the ordinal x = κ + j, and each power against plain exponentiation of that norm by
  // (2^f - 1)/p; both are read at ζ, the power of the last norm, where g must vanish. Excesses 0 (13), 1 (7, 11, 23)
  // and 4 (19, whose κ + 0 .. κ + 3 are 19th powers).
  for (const unsigned p : {3u, 7u, 11u, 13u, 19u, 23u}) {
    const lenstra_constant& c = table().at(p);
    const lenstra_certificate certificate = certify_lenstra_constant(c, table());
    const std::size_t f = c.order_of_two;
    ASSERT_LT(f, 64u);
    const std::uint64_t e = ((std::uint64_t{1} << f) - 1) / p;
    EXPECT_EQ(certificate.prime, p);
    EXPECT_EQ(certificate.order_of_two, f);
    const std::uint64_t d = certificate.field_degree;
    EXPECT_EQ(d % c.degree, 0u) << p;  // the field holds α_p
    ASSERT_EQ(d % f, 0u) << p;
    ASSERT_EQ(certificate.tests.size(), c.excess + 1) << p;
    ASSERT_EQ(certificate.modulus.size(), f / 64 + 1);
    EXPECT_EQ(certificate.modulus[0] >> f, 1u) << "g has degree f";
    std::vector<ordinal_nimber> norms;
    for (const lenstra_certificate::test& test : certificate.tests) {
      lenstra_constant candidate = c;
      candidate.excess = test.excess;
      const ordinal_nimber x = lenstra_alpha(candidate);
      ordinal_nimber norm(1), conjugate = x;
      for (std::uint64_t i = 0; i < d / f; ++i) {
        norm *= conjugate;
        for (std::size_t s = 0; s < f; ++s) conjugate = conjugate.square();
      }
      EXPECT_EQ(conjugate, x) << "x^(2^D) = x";
      norms.push_back(norm);
    }
    const ordinal_nimber zeta = norms.back().pow(e);
    EXPECT_NE(zeta, ordinal_nimber(1)) << p;
    EXPECT_EQ(zeta.pow(p), ordinal_nimber(1)) << p;
    EXPECT_TRUE(at_root(certificate.modulus, f + 1, zeta).is_zero()) << "g(zeta) = 0 for p = " << p;
    for (std::size_t j = 0; j < norms.size(); ++j) {
      const lenstra_certificate::test& test = certificate.tests[j];
      EXPECT_EQ(test.excess, j);
      EXPECT_EQ(at_root(test.norm, f, zeta), norms[j]) << p << " + " << j;
      const ordinal_nimber power = norms[j].pow(e);
      EXPECT_EQ(at_root(test.power, f, zeta), power) << p << " + " << j;
      EXPECT_EQ(power == ordinal_nimber(1), j < c.excess) << p << " + " << j;
      EXPECT_EQ(test.pth_power, j < c.excess) << p << " + " << j;
      EXPECT_EQ(test.power, std::vector<std::uint64_t>{j < c.excess ? 1u : 2u}) << p << " + " << j;
    }
  }
}

TEST(LenstraTest, TheCertificateRefusesAConstantThatIsNotLenstras) {
  // α_19 = ω^3 + 4: ω^3 + 5 is not the least non-19th power, and ω^3 + 3 is one.
  lenstra_constant c = table().at(19);
  c.excess = 5;
  EXPECT_EQ(message_of([&] { certify_lenstra_constant(c, table()); }),
            "the certificate of alpha_19 does not check: kappa + 4 is not a p-th power");
  c.excess = 3;
  EXPECT_EQ(message_of([&] { certify_lenstra_constant(c, table()); }),
            "the certificate of alpha_19 does not check: kappa + 3 is a p-th power");
}

TEST(LenstraTest, KappaSets) {
  EXPECT_EQ(lenstra_kappa_set(12, table()), (std::vector<unsigned>{3, 4}));  // ω has degree 6: 4 does not divide it
  EXPECT_EQ(lenstra_kappa_set(10, table()), (std::vector<unsigned>{5}));     // ω^ω has degree 20
  EXPECT_EQ(lenstra_kappa_set(18, table()), (std::vector<unsigned>{9}));
  EXPECT_EQ(lenstra_kappa_set(60, table()), (std::vector<unsigned>{3, 5}));
  EXPECT_EQ(lenstra_kappa_set(8, table()), (std::vector<unsigned>{8}));
  EXPECT_EQ(to_string(lenstra_kappa(9)), "w^3");
  EXPECT_EQ(to_string(lenstra_kappa(5)), "w^w");
  EXPECT_EQ(to_string(lenstra_kappa(8)), "16");
  EXPECT_EQ(to_string(lenstra_kappa(25)), "w^(w*5)");
  EXPECT_EQ(to_string(lenstra_alpha(table().at(19))), "w^3 + 4");
  EXPECT_EQ(to_string(lenstra_alpha(table().at(193))), "w + 65536");
}

TEST(LenstraTest, ComputesBeyondTheTableFromALowerTable) {
  lenstra_table lower;
  for (std::size_t k = 0; k < 10; ++k) lower.push_back(compute_lenstra_constant(odd_prime(k), lower));
  for (std::size_t k = 0; k < 10; ++k) EXPECT_EQ(lower.by_index(k), table().by_index(k));
}

/// The odd prime factors of n, by trial division.
std::vector<unsigned> odd_prime_factors(unsigned n) {
  while (n % 2 == 0) n /= 2;
  std::vector<unsigned> out;
  for (unsigned r = 3; r * r <= n; r += 2) {
    if (n % r != 0) continue;
    out.push_back(r);
    while (n % r == 0) n /= r;
  }
  if (n > 1) out.push_back(n);
  return out;
}

TEST(LenstraTest, DependenciesAreTheOddPrimesOfTheOrdersOfTwo) {
  // Peeters' chain for the first unknown: f(719) = 359, f(359) = 179, f(179) = 178 = 2 * 89, f(89) = 11, f(11) = 10,
  // f(5) = 4.
  EXPECT_EQ(lenstra_dependencies(719), (std::vector<unsigned>{5, 11, 89, 179, 359}));
  EXPECT_EQ(lenstra_dependencies(7), (std::vector<unsigned>{3}));  // f(7) = 3, f(3) = 2
  EXPECT_TRUE(lenstra_dependencies(257).empty());                  // f(257) = 16
  // The closure from the definition on seeded random primes: the least set holding the odd prime factors of f(p)
  // and of f(r) for each r in it, found here by iterating to a fixed point.
  std::mt19937 random(719);
  for (int trial = 0; trial < 200; ++trial) {
    const unsigned p = odd_prime(std::uniform_int_distribution<unsigned>(0, 99999)(random));
    std::vector<unsigned> closure;
    for (std::vector<unsigned> next = odd_prime_factors(order_of_two(p)); next != closure;) {
      closure = next;
      for (const unsigned r : closure)
        for (const unsigned s : odd_prime_factors(order_of_two(r))) next.push_back(s);
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
    }
    EXPECT_EQ(lenstra_dependencies(p), closure) << p;
  }
}

TEST(LenstraTest, ATableTakesPrimesPastAGapAndClosesIt) {
  lenstra_table t;
  t.push_back(table().at(3));
  t.insert(table().at(7));  // past the gap at 5
  EXPECT_EQ(t.size(), 1u);
  EXPECT_TRUE(t.has(7));
  EXPECT_FALSE(t.has(5));
  EXPECT_EQ(t.at(7), table().at(7));
  t.insert(table().at(5));  // the gap closes: 3, 5, 7 in order
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.max_prime(), 7u);
  EXPECT_EQ(t.by_index(2), table().at(7));
}

/// Primes past the table whose excess the a-file knows, with fields small enough for the suite (degrees up to 3660),
/// each computed with only the constants it needs; and one computed from a table with a gap, whose field is built on
/// a prime past the gap.
TEST(LenstraTest, PrimesPastTheTableAreComputedOnTheirOwnAsTheAFileHasThem) {
  const auto a_file = oeis_excess_file("oeis_a380496.txt");
  EXPECT_EQ(lenstra_plan(727, table(), false), (std::vector<unsigned>{727}));
  EXPECT_EQ(lenstra_plan(719, table(), false), (std::vector<unsigned>{719}));
  // 7927: f = 1321, a prime past the table.
  EXPECT_EQ(lenstra_plan(7927, table(), false), (std::vector<unsigned>{1321, 7927}));
  const std::vector<unsigned> plan = lenstra_plan(727, lenstra_table(), true);
  EXPECT_EQ(plan.size(), 127u);  // every prime of the table, then 727
  EXPECT_EQ(plan.back(), 727u);
  int compared = 0;
  for (const unsigned p : {727u, 733u, 739u, 751u, 757u, 769u, 811u, 821u, 911u, 953u, 1321u, 1429u, 1601u}) {
    lenstra_table t = table();
    for (const unsigned q : lenstra_plan(p, t, false)) t.insert(compute_lenstra_constant(q, t));
    const auto expected = a_file[*odd_prime_index(p)];
    ASSERT_TRUE(expected) << p;
    EXPECT_EQ(t.at(p).excess, *expected) << "p = " << p;
    EXPECT_EQ(t.at(p).order_of_two, order_of_two(p));
    ++compared;
  }
  EXPECT_EQ(compared, 13);
  // The primes up to 11 only: 953 (f = 68 = 4 * 17) needs 17, past the gap at 13, and reads it from there.
  lenstra_table gapped;
  for (const unsigned q : {3u, 5u, 7u, 11u}) gapped.push_back(table().at(q));
  EXPECT_EQ(lenstra_plan(953, gapped, false), (std::vector<unsigned>{17, 953}));
  for (const unsigned q : lenstra_plan(953, gapped, false)) gapped.insert(compute_lenstra_constant(q, gapped));
  EXPECT_EQ(gapped.size(), 4u);
  EXPECT_EQ(gapped.at(17), table().at(17));
  EXPECT_EQ(gapped.at(953).excess, *a_file[*odd_prime_index(953)]);
}

TEST(LenstraTest, RefusalsAndCancellation) {
  EXPECT_EQ(message_of([] { compute_lenstra_constant(9, table()); }),
            "9 is not an odd prime; Lenstra's constants are for 3, 5, 7, 11, ...");
  EXPECT_EQ(message_of([] { compute_lenstra_constant(31, lenstra_table()); }),
            "computing Lenstra's constants for p = 31 needs those of 5 (an odd prime dividing f of it or of a prime it "
            "needs), which the table lacks");
  EXPECT_EQ(message_of([] { table().at(719); }),
            "Lenstra's constants for p = 719 are beyond the table, which ends at 709");
  EXPECT_THROW(compute_lenstra_constant(47, table(), [](unsigned, const std::string&) { return false; }),
               cancelled_error);
  std::vector<std::string> stages;
  compute_lenstra_constant(13, table(), [&](unsigned p, const std::string& stage) {
    EXPECT_EQ(p, 13u);
    if (stages.empty() || stages.back() != stage) stages.push_back(stage);
    return true;
  });
  // f(13) = 12 is the field's degree: no norm; the minimal polynomial of κ_12 + 0 by √24 baby and giant steps.
  std::vector<std::string> expected{"the degree of kappa_3", "the excess 0"};
  for (int b = 1; b <= 4; ++b)
    expected.push_back("the excess 0: the minimal polynomial of the norm, baby step " + std::to_string(b) + " of 5");
  for (int a = 1; a <= 5; ++a)
    expected.push_back("the excess 0: the minimal polynomial of the norm, giant step " + std::to_string(a) + " of 5");
  expected.push_back("the degree of alpha_13");
  EXPECT_EQ(stages, expected);
  // The stop is polled inside a stage's products, not only between stages.
  int calls = 0;
  EXPECT_EQ(message_of([&] {
              compute_lenstra_constant(47, table(), [&](unsigned, const std::string&) { return ++calls < 3; });
            }),
            "the computation of Lenstra's constants for p = 47 stopped at the excess 0: the norm, step 1 of 7");
}

TEST(LenstraTest, ACheckpointRecordsWholeLinesAndDropsACutOne) {
  const test::temporary_dir dir(true);
  const std::string path = dir.file("alpha.txt");
  EXPECT_TRUE(read_lenstra_checkpoint(path).empty());
  for (std::size_t k = 0; k < 5; ++k) append_lenstra_checkpoint(path, table().by_index(k));
  std::vector<lenstra_constant> read = read_lenstra_checkpoint(path);
  ASSERT_EQ(read.size(), 5u);
  for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(read[k], table().by_index(k));
  // A line cut short (a kill while writing) is dropped, and the next append replaces it.
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (const std::size_t cut : {1, 5, 12, 20}) {
    std::ofstream(path, std::ios::trunc) << text << std::string("17 0 8 8 0123abcd").substr(0, cut);
    EXPECT_EQ(read_lenstra_checkpoint(path).size(), 5u) << cut;
  }
  append_lenstra_checkpoint(path, table().at(17));
  read = read_lenstra_checkpoint(path);
  ASSERT_EQ(read.size(), 6u);
  EXPECT_EQ(read.back(), table().at(17));
  // A damaged line before the last is refused, and so is a file of something else.
  std::string damaged = text;
  damaged[damaged.find("\n7 1 6") + 3] = '2';
  std::ofstream(path, std::ios::trunc) << damaged;
  EXPECT_EQ(message_of([&] { read_lenstra_checkpoint(path); }),
            "'" + path + "' is damaged at line 4 (its checksum does not hold); move it away to start again");
  std::ofstream(path, std::ios::trunc) << "3 0 2 2\n";
  EXPECT_THAT(message_of([&] { read_lenstra_checkpoint(path); }),
              ::testing::HasSubstr("is not a checkpoint of Lenstra's constants"));
}

/// Computes the constants of the first 30 odd primes after those the checkpoint holds, recording each and calling
/// after_each() once it is recorded.
void compute_checkpointed(const std::string& path, const std::function<void()>& after_each) {
  lenstra_table computed;
  for (const lenstra_constant& c : read_lenstra_checkpoint(path)) computed.push_back(c);
  while (computed.size() < 30) {
    const lenstra_constant c = compute_lenstra_constant(odd_prime(static_cast<unsigned>(computed.size())), computed);
    append_lenstra_checkpoint(path, c);
    computed.push_back(c);
    after_each();
  }
}

/// The child of the kill test: reports each constant on `reports` and waits for a byte on `go_on` before the next;
/// never returns.

TEST(LenstraTest, AKilledRunGoesOnFromItsCheckpoint) {
  // A child computes α_3, α_5, ... from scratch, recording each in a checkpoint and waiting for the test after each;
  // the test lets it go on for a seeded random number of primes, then lets it start the next and kills it (SIGKILL:
  // no handler, no clean-up) wherever it is. The checkpoint then holds at least every prime reported, each equal to
  // the table's, and a run taken up again from it ends with the whole table. The child cannot finish before the kill:
  // the kills stop short of its 30 primes (up to α_127).
  std::mt19937 rng(41);
  const test::temporary_dir dir(true);
  const std::string path = dir.file("alpha.txt");
  std::size_t reported = 0;
  for (int kill = 0; kill < 4; ++kill) {
    const std::size_t go = 1 + rng() % 6;
    const std::size_t before = read_lenstra_checkpoint(path).size();  // read before the child can add to it
    test::lockstep_child child([&](test::lockstep_child::channel c) {
      compute_checkpointed(path, [&] { c.report("r", 1); });
      ::_exit(0);
    });
    for (std::size_t i = 0; i < go; ++i) {
      char byte = 0;
      ASSERT_TRUE(child.read_report(&byte, 1)) << "the child ended before it was killed";
      reported = before + i + 1;
      ASSERT_TRUE(child.go_on());
    }
    EXPECT_TRUE(child.kill());
    const std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
    EXPECT_GE(recorded.size(), reported);
    for (std::size_t k = 0; k < recorded.size(); ++k) EXPECT_EQ(recorded[k], table().by_index(k)) << k;
  }
  compute_checkpointed(path, [] {});
  const std::vector<lenstra_constant> all = read_lenstra_checkpoint(path);
  ASSERT_EQ(all.size(), 30u);
  for (std::size_t k = 0; k < 30; ++k) EXPECT_EQ(all[k], table().by_index(k)) << k;
}

/// The stages a computation of α_p reports, each once, in order.
std::vector<std::string> stages_of(unsigned p, const lenstra_state_options& state = {}) {
  std::vector<std::string> stages;
  static_cast<void>(compute_lenstra_constant(
      p, table(),
      [&](unsigned, const std::string& stage) {
        if (stages.empty() || stages.back() != stage) stages.push_back(stage);
        return true;
      },
      0, state));
  return stages;
}

TEST(LenstraTest, AStoppedPrimeGoesOnFromItsStateFromEveryStage) {
  // α_47 = κ_23 + 1 (D = 5060, f = 23: the norm's chain has 7 steps, two excesses tested). Stopped at each stage of
  // its computation in turn (the progress callback says stop there), the state written, the computation taken up
  // from it reports no stage before the one it stopped at (it does not redo the steps recorded), and ends with the
  // constants computed without a state, which are the table's.
  const test::temporary_dir dir(true);
  const std::vector<std::string> all = stages_of(47);
  ASSERT_THAT(all, ::testing::Contains("the excess 0: the norm, step 7 of 7"));
  ASSERT_THAT(all, ::testing::Contains("the excess 1: the norm, step 4 of 7"));
  ASSERT_EQ(all.back(), "the degree of alpha_47");
  const lenstra_constant plain = compute_lenstra_constant(47, table());
  EXPECT_EQ(plain, table().at(47));
  for (std::size_t stop_at = 0; stop_at < all.size(); ++stop_at) {
    const lenstra_state_options state{dir.file("alpha_47." + std::to_string(stop_at)), 0, {}};
    EXPECT_THROW(compute_lenstra_constant(
                     47, table(), [&](unsigned, const std::string& stage) { return stage != all[stop_at]; }, 0, state),
                 cancelled_error)
        << all[stop_at];
    const std::optional<lenstra_state> kept = read_lenstra_state(state.path);
    ASSERT_TRUE(kept) << all[stop_at];
    EXPECT_EQ(kept->prime, 47u);
    EXPECT_EQ(kept->q_set, plain.q_set);
    const std::string stage = all[stop_at];
    const std::size_t step = stage.find("the norm, step ");
    if (step != std::string::npos) {
      // Stopped before step s: the s - 1 steps before it are recorded (written at the stop, whatever the interval).
      EXPECT_EQ(kept->excess, static_cast<std::uint64_t>(stage[11] - '0')) << stage;
      EXPECT_EQ(kept->norm_done, std::stoi(stage.substr(step + 15)) - 1) << stage;
      if (kept->norm_done > 0) {  // before the first step, the state says only where the excess began
        EXPECT_EQ(kept->norm_steps, 7) << stage;
        EXPECT_EQ(kept->field_degree, 5060u) << stage;
      }
    }
    EXPECT_EQ(kept->found, stage == "the degree of alpha_47") << stage;
    const std::vector<std::string> after = stages_of(47, state);
    ASSERT_FALSE(after.empty());
    // What is redone starts at the stage stopped at, or at the start of its excess (before the norm's first step).
    const auto first = std::find(all.begin(), all.end(), after.front());
    ASSERT_NE(first, all.end()) << after.front();
    EXPECT_LE(static_cast<std::size_t>(first - all.begin()), stop_at) << stage;
    if (step != std::string::npos && kept->norm_done > 0) {
      // Its excess goes on from the step it stopped at: neither the power nor the steps before are redone.
      const auto norm = std::find_if(after.begin(), after.end(),
                                     [](const std::string& s) { return s.find("the norm") != std::string::npos; });
      ASSERT_NE(norm, after.end());
      EXPECT_EQ(*norm, stage);
      EXPECT_THAT(after, ::testing::Not(::testing::Contains(stage.substr(0, 13) + ": the power")));
    }
    EXPECT_EQ(compute_lenstra_constant(47, table(), {}, 0, state), plain) << stage;
  }
}

TEST(LenstraTest, AKilledPrimeGoesOnFromItsState) {
  // A child computes α_167 (D = 68060, f = 83: 9 steps per norm, excess 1) with its state written after every step,
  // reporting each stage and waiting for the test; the test kills it (SIGKILL: no handler, no clean-up) after a
  // seeded random number of stages, four times. The state file is whole each time (written beside it and renamed),
  // never behind what the child reported, and the computation taken up from it gives the table's constants.
  std::mt19937 rng(167);
  const test::temporary_dir dir(true);
  const lenstra_state_options state{dir.file("alpha_167"), 0, {}};
  int reported_done = 0;
  for (int kill = 0; kill < 4; ++kill) {
    const std::size_t go = 1 + rng() % 5;
    test::lockstep_child child([&](test::lockstep_child::channel c) {
      std::string last;
      static_cast<void>(compute_lenstra_constant(
          167, table(),
          [&](unsigned, const std::string& stage) {
            if (stage != last) {
              last = stage;
              const std::size_t step = stage.find("the norm, step ");
              // Reports the steps done of the norm of the excess 0 (0 elsewhere).
              const int done = stage.rfind("the excess 0:", 0) == 0 && step != std::string::npos
                                   ? std::stoi(stage.substr(step + 15)) - 1
                                   : 0;
              c.report(&done, sizeof done);
            }
            return true;
          },
          0, state));
      ::_exit(0);
    });
    for (std::size_t i = 0; i < go; ++i) {
      int done = 0;
      ASSERT_TRUE(child.read_report(&done, sizeof done)) << "the child ended before it was killed";
      reported_done = std::max(reported_done, done);
      ASSERT_TRUE(child.go_on());
    }
    EXPECT_TRUE(child.kill());
    const std::optional<lenstra_state> kept = read_lenstra_state(state.path);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->prime, 167u);
    if (kept->excess == 0 && !kept->found) {
      EXPECT_GE(kept->norm_done, reported_done);
    }
  }
  EXPECT_EQ(compute_lenstra_constant(167, table(), {}, 0, state), table().at(167));
}

TEST(LenstraTest, AStateFileThatDoesNotHoldIsRefusedInOneLine) {
  const test::temporary_dir dir(true);
  const lenstra_state_options state{dir.file("alpha_47"), 0, {}};
  EXPECT_FALSE(read_lenstra_state(state.path));
  int calls = 0;
  EXPECT_THROW(compute_lenstra_constant(
                   47, table(),
                   [&](unsigned, const std::string& stage) {
                     return stage != "the excess 1: the norm, step 3 of 7" || ++calls > 1;
                   },
                   0, state),
               cancelled_error);
  std::string text;
  {
    std::ifstream in(state.path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  ASSERT_GT(text.size(), 2000u);  // two elements of the field, one byte per value over its base
  const auto refusal = [&](const std::string& contents) {
    std::ofstream(state.path, std::ios::binary | std::ios::trunc) << contents;
    return message_of([&] { compute_lenstra_constant(47, table(), {}, 0, state); });
  };
  const std::string shown = "'" + state.path + "'";
  // One value of the norm changed: the checksum finds it.
  std::string damaged = text;
  damaged[text.size() / 2] ^= 1;
  EXPECT_EQ(refusal(damaged), shown +
                                  " is not a whole state of Lenstra's constants (its checksum does not hold); move it "
                                  "away to compute the prime from its beginning");
  EXPECT_THAT(refusal(text.substr(0, text.size() - 5)), ::testing::HasSubstr("it does not end with its checksum"));
  EXPECT_THAT(refusal("3 0 2 2\n"), ::testing::HasSubstr("its first line is not '# tartan Lenstra state 2'"));
  // A state of the first format, whose norm was of (κ + m)^((2^f-1)/p), is not taken up as the norm of κ + m.
  std::string first = text;
  first.replace(0, std::string("# tartan Lenstra state 2").size(), "# tartan Lenstra state 1");
  EXPECT_EQ(refusal(first), shown +
                                " holds the state of an earlier tartan, whose test took the norm of another "
                                "element; move it away to compute the prime from its beginning");
  // A whole state of another prime.
  std::ofstream(state.path, std::ios::binary | std::ios::trunc) << text;
  EXPECT_EQ(message_of([&] { compute_lenstra_constant(53, table(), {}, 0, state); }),
            shown + " holds the state of alpha_47, not of alpha_53; give that prime, or another file");
  // And the whole one goes on to the table's constants.
  EXPECT_EQ(compute_lenstra_constant(47, table(), {}, 0, state), table().at(47));
}

TEST(LenstraTest, ComputationStopsWhenItsSearchScopeSaysSo) {
  // alpha_359 takes many minutes; under a deadline already past, the first product's poll stops it.
  search_options past;
  past.deadline = search_options::clock::now() - std::chrono::seconds(1);
  search_stop stop(past, 1);
  const detail::search_scope scope(&stop);
  // Stopped either by the scope's poll (cancelled_error) or, when the first product is timed before a poll, by the
  // projection of the products left against the time left (time_limit_error): never computed to the end.
  try {
    static_cast<void>(compute_lenstra_constant(359, lenstra_table::builtin()));
    ADD_FAILURE() << "alpha_359 was computed under a deadline already past";
  } catch (const time_limit_error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("alpha_359")) << e.what();
  } catch (const cancelled_error&) {
    EXPECT_EQ(stop.end(), search_end::time_limit);
  }
}

}  // namespace
}  // namespace tartan
