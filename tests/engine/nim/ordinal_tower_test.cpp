// The norm of the tower fields (engine/src/nim/ordinal_tower.hpp) taken up again from any step of its chain: what a
// long computation of Lenstra's constants keeps in its state file (lenstra.hpp, lenstra_state). On seeded random
// elements, the norm from each step equals the norm taken at once, and that one equals the product of the D/f
// conjugates σ^(f·j)(x) (the definition); a stop within a step hands over the step before it.
#include "nim/ordinal_tower.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/nim/lenstra.hpp"

namespace tartan::detail {
namespace {

using element = std::vector<std::uint8_t>;
using field = tower<nim8_base>;

element random_element(std::size_t n, unsigned base_log, std::mt19937_64& rng) {
  element x(n);
  const unsigned mask = (1u << (1u << base_log)) - 1;
  for (auto& v : x) v = static_cast<std::uint8_t>(rng() & mask);
  return x;
}

/// The tower of α_p's relation, as compute_lenstra_constant builds it.
tower_shape alpha_tower(unsigned p) {
  const lenstra_table& table = lenstra_table::builtin();
  const alpha_parts parts = alpha_relation(table.at(p));
  return make_tower_shape(parts.generators, base_log_of(parts.constant), table);
}

/// Π_(j < D/f) σ^(f·j)(x), one conjugate at a time.
element norm_by_definition(const field& t, const element& x, std::uint64_t f) {
  element product = x, conjugate = x;
  const auto step = t.frobenius(f);
  for (std::uint64_t j = 1; j < t.degree() / f; ++j) {
    conjugate = t.apply(step, conjugate);
    product = t.mul(product, conjugate);
  }
  return product;
}

TEST(OrdinalTowerTest, TheNormGoesOnFromEveryStepOfItsChain) {
  std::mt19937_64 rng(719);
  // α_47's field (degree 5060) down to f(47) = 23, α_29's (84) down to 28 and to 4, α_23's (220) down to 11: chains of
  // 7, 1, 4 and 4 steps, with and without the extra conjugate of an odd bit.
  for (const auto& [p, f] : std::vector<std::pair<unsigned, std::uint64_t>>{{47, 23}, {29, 28}, {29, 4}, {23, 11}}) {
    const field t(alpha_tower(p));
    ASSERT_EQ(t.degree() % f, 0u) << p;
    const element x = random_element(t.size(), t.shape().base_log, rng);
    std::vector<field::norm_step> steps;
    const element norm = t.norm_to_subfield(x, f, nullptr, [&](const field::norm_step& at, bool stopping) {
      EXPECT_FALSE(stopping);
      steps.push_back(at);
    });
    EXPECT_EQ(norm, norm_by_definition(t, x, f)) << p << " to " << f;
    ASSERT_EQ(steps.size(), static_cast<std::size_t>(field::norm_steps(t.degree() / f))) << p;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      EXPECT_EQ(steps[i].bit, static_cast<int>(steps.size() - i - 1));
      int after = 0;
      EXPECT_EQ(t.norm_to_subfield(x, f, &steps[i], [&](const field::norm_step&, bool) { ++after; }), norm)
          << p << " from step " << i;
      EXPECT_EQ(after, steps[i].bit) << "the steps left are taken, and no other";
    }
  }
}

TEST(OrdinalTowerTest, AStopWithinAStepHandsOverTheStepBefore) {
  // The poll throws at its n-th call; the step handed over with stopping = true is the last one done, and the norm
  // taken up from it is the whole norm.
  std::mt19937_64 rng(47);
  const field t(alpha_tower(47));
  const std::uint64_t f = 23;
  const element x = random_element(t.size(), t.shape().base_log, rng);
  const element norm = t.norm_to_subfield(x, f);
  int stops = 0;
  for (int n = 1; n < 60; ++n) {
    int polls = 0;
    t.set_poll([&] {
      if (++polls == n) throw cancelled_error("stopped");
    });
    std::vector<field::norm_step> done;
    field::norm_step handed;
    bool handed_over = false;
    try {
      static_cast<void>(t.norm_to_subfield(x, f, nullptr, [&](const field::norm_step& at, bool stopping) {
        if (stopping) {
          handed = at;
          handed_over = true;
        } else {
          done.push_back(at);
        }
      }));
      t.set_poll({});
      continue;  // the chain took fewer polls than n
    } catch (const cancelled_error&) {
    }
    t.set_poll({});
    ++stops;
    if (!handed_over) {
      // The stop came before the chain's first step (in the Frobenius map it starts from).
      EXPECT_TRUE(done.empty());
      continue;
    }
    EXPECT_EQ(handed.bit, done.empty() ? field::norm_steps(t.degree() / f) : done.back().bit) << n;
    EXPECT_EQ(t.norm_to_subfield(x, f, &handed), norm) << n;
  }
  EXPECT_GT(stops, 7);  // the chain's 7 steps poll at least once each
}

}  // namespace
}  // namespace tartan::detail

namespace tartan::detail {
namespace {

/// Tr(w) from the tower field to GF(2) by its definition, w + w^2 + w^4 + ... (D terms): 0 or 1.
bool trace_by_definition(const field& t, const element& w) {
  element sum = t.zero(), power = w;
  for (std::uint64_t i = 0; i < t.degree(); ++i) {
    for (std::size_t k = 0; k < sum.size(); ++k) sum[k] ^= power[k];
    power = t.square(power);
  }
  EXPECT_TRUE(field::is_zero(sum) || t.is_one(sum)) << "the trace lies in GF(2)";
  return t.is_one(sum);
}

// The trace form of u evaluated at v is Tr(u·v) (the definition, D squares), on seeded random u and v in the
// fields of α_7 (degree 6), α_13 (12), α_23 (220), α_29 (84) and α_47 (5060), and at sparse u.
TEST(OrdinalTowerTest, TheTraceFormIsTheTraceOfTheProduct) {
  std::mt19937_64 rng(5);
  for (const unsigned p : {7u, 13u, 23u, 29u, 47u}) {
    const field t(alpha_tower(p));
    for (int trial = 0; trial < (p == 47 ? 3 : 12); ++trial) {
      const element u = trial == 0 ? t.one() : random_element(t.size(), t.shape().base_log, rng);
      const element v = random_element(t.size(), t.shape().base_log, rng);
      EXPECT_EQ(t.evaluate(t.make_trace_form(u), v), trace_by_definition(t, t.mul(u, v))) << p << " trial " << trial;
    }
  }
}

}  // namespace
}  // namespace tartan::detail
