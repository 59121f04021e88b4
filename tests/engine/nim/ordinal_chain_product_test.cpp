// The chain product of the large tower fields (engine/src/nim/ordinal_chain_product.hpp) against the tower's nested
// Karatsuba, on seeded random dense elements of the towers of Lenstra's constants: chains over the nim base alone
// (GF(4), GF(16), GF(256)), chains over a foot of other generators, relations with the constant 0, 1 and another
// nimber; and the arithmetic built on it (Frobenius maps, norms, inverses, the p-th power test) against the same
// computations without it.
#include "nim/ordinal_chain_product.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "nim/ordinal_tower.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::detail {
namespace {

using element = std::vector<std::uint8_t>;

/// The tower of the generator ω^(ω^k) of the prime p = odd_prime(k) and of what its relation needs.
tower_shape generator_tower(unsigned p) {
  return make_tower_shape({generator_key(*odd_prime_index(p), 0)}, 0, lenstra_table::builtin());
}

element random_element(std::size_t n, unsigned base_log, std::mt19937_64& rng) {
  element x(n);
  const unsigned mask = (1u << (1u << base_log)) - 1;
  for (auto& v : x) v = static_cast<std::uint8_t>(rng() & mask);
  return x;
}

/// Every level of the tower with a chain product: its products against the Karatsuba route on random elements.
int compare_products(const tower_shape& shape, int rounds, std::mt19937_64& rng) {
  tower<nim8_base> plain(shape);
  plain.disable_chain_products();
  int compared = 0;
  for (std::size_t i = 0; i < shape.levels.size(); ++i) {
    const auto fast = chain_product::make(shape, static_cast<int>(i));
    if (!fast) continue;
    tower_shape low = shape;  // the field F_i alone: the levels up to i
    low.levels.resize(i + 1);
    low.size = low.levels.back().stride * low.levels.back().prime;
    tower<nim8_base> field(low);
    field.disable_chain_products();
    EXPECT_EQ(fast->foot_degree() * fast->chain_degree(), low.degree()) << i;
    for (int round = 0; round < rounds; ++round) {
      const element a = random_element(low.size, shape.base_log, rng);
      const element b = random_element(low.size, shape.base_log, rng);
      element out(low.size);
      fast->multiply(a.data(), b.data(), out.data());
      EXPECT_EQ(out, field.mul(a, b)) << "level " << i << ", round " << round;
      // One operand 1 and one a single generator: the identity and a shift.
      element one = field.one();
      fast->multiply(a.data(), one.data(), out.data());
      EXPECT_EQ(out, a) << i;
    }
    ++compared;
  }
  return compared;
}

TEST(OrdinalChainProductTest, MatchesKaratsubaOnTheTowersOfLenstrasConstants) {
  std::mt19937_64 rng(41);
  // 23: 5 → 11 over GF(16) (y^5 = 4, y^11 = y_5 + 1); 47: 5 → 11 → 23 → 47; 19: y^19 = ω^3 + 4 (a constant other
  // than 1), over the 3-chain ω, ω^3 (y^3 = y with the constant 0); 17: y^17 = 16 over GF(256); 139: y^139 =
  // κ_23 + ω, the chain 5 → 11 → 23 → 139 over the foot {ω}; 29: y^29 = ω^(ω^2) + 4; 163: y^163 = ω^27 + 4.
  for (const unsigned p : {23u, 47u, 19u, 17u, 29u, 163u}) {
    const tower_shape shape = generator_tower(p);
    EXPECT_GE(compare_products(shape, shape.size > 20000 ? 2 : 6, rng), 1) << p;
  }
}

TEST(OrdinalChainProductTest, ChainsOverAFoot) {
  // κ_23 + ω (α_139's field): the levels 3, 5, 11, 23 with the chain 5 → 11 → 23 over GF(16)(ω), a foot of degree 12;
  // ω^(ω^2) + ω^w (α_71's): the chain 3 → 7 over the foot {ω^w}; and the tower of the generator of 139 itself.
  std::mt19937_64 rng(139);
  const lenstra_table& table = lenstra_table::builtin();
  for (const unsigned p : {139u, 71u, 131u, 191u}) {
    const alpha_parts parts = alpha_relation(table.at(p));
    const tower_shape shape = make_tower_shape(parts.generators, base_log_of(parts.constant), table);
    const auto fast = chain_product::make(shape, static_cast<int>(shape.levels.size()) - 1);
    ASSERT_TRUE(fast) << p;
    EXPECT_GT(fast->foot_degree(), std::size_t{1} << shape.base_log) << p << ": a foot beyond the nim base";
    EXPECT_GE(compare_products(shape, 4, rng), 1) << p;
  }
}

TEST(OrdinalChainProductTest, TheFieldOperationsAgreeWithAndWithoutIt) {
  // α_139's field (κ_23 + ω: the levels 3, 5, 11, 23 over GF(16), degree 15180 over GF(2)) with the chain products
  // from fields of 64 nimbers up: Frobenius maps, norms, inverses and the p-th power test give the same elements
  // with them and without them, and σ is an automorphism of order D.
  const lenstra_table& table = lenstra_table::builtin();
  const alpha_parts parts = alpha_relation(table.at(139));
  const tower_shape shape = make_tower_shape(parts.generators, base_log_of(parts.constant), table);
  tower<nim8_base> fast(shape, 64);
  tower<nim8_base> plain(shape);
  plain.disable_chain_products();
  ASSERT_TRUE(fast.has_chain_product(fast.top()));
  ASSERT_TRUE(fast.has_chain_product(fast.top() - 1));
  std::mt19937_64 rng(2047);
  const element x = random_element(shape.size, shape.base_log, rng);
  const element y = random_element(shape.size, shape.base_log, rng);
  EXPECT_EQ(fast.mul(x, y), plain.mul(x, y));
  const auto sigma = fast.frobenius(1234567);
  EXPECT_EQ(fast.apply(sigma, x), plain.apply(plain.frobenius(1234567), x));
  EXPECT_EQ(fast.apply(sigma, fast.mul(x, y)), fast.mul(fast.apply(sigma, x), fast.apply(sigma, y)));
  EXPECT_EQ(fast.apply(fast.frobenius(fast.degree()), x), x);
  const element inverse = fast.inverse(x);
  EXPECT_TRUE(fast.is_one(fast.mul(x, inverse)));
  EXPECT_EQ(inverse, plain.inverse(x));
  EXPECT_EQ(fast.norm_to_subfield(x, 4 * 3 * 11), plain.norm_to_subfield(x, 4 * 3 * 11));
  EXPECT_EQ(fast.degree_of(x), plain.degree_of(x));
  for (const unsigned p : {3u, 5u, 23u, 139u}) EXPECT_EQ(fast.is_pth_power(x, p), plain.is_pth_power(x, p)) << p;
}

}  // namespace
}  // namespace tartan::detail
