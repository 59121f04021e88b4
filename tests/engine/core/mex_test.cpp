// mex.hpp (and coin.hpp, the two types it speaks in): mex against the definition computed here, the least value
// not in the set found by counting up, on seeded random sets with duplicates and values far beyond their count.
#include "tartan/core/mex.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <type_traits>
#include <vector>

namespace tartan {
namespace {

static_assert(std::is_same_v<coin, std::uint32_t> && std::is_same_v<grundy_value, std::uint64_t>);

grundy_value mex_by_definition(const std::vector<grundy_value>& values) {
  const std::set<grundy_value> set(values.begin(), values.end());
  grundy_value m = 0;
  while (set.count(m) != 0) ++m;
  return m;
}

TEST(MexTest, SmallSets) {
  EXPECT_EQ(mex(std::vector<grundy_value>{}), 0u);
  EXPECT_EQ(mex(std::vector<grundy_value>{0, 1, 3}), 2u);
  EXPECT_EQ(mex(std::vector<grundy_value>{1, 2, 3}), 0u);
  EXPECT_EQ(mex(std::vector<grundy_value>{2, 0, 1}), 3u);
  EXPECT_EQ(mex(std::vector<grundy_value>{0, 0, 0, 1, 1}), 2u);
  EXPECT_EQ(mex(std::vector<grundy_value>{UINT64_MAX, 0}), 1u);
}

TEST(MexTest, RandomSetsMatchTheDefinition) {
  std::mt19937_64 rng(5);
  std::vector<char> scratch;  // reused between calls, as the engine does
  for (int round = 0; round < 2000; ++round) {
    const std::size_t size = rng() % 40;
    // Values mostly near the set's size, so that the mex falls inside; some huge ones and repeats.
    std::vector<grundy_value> values;
    for (std::size_t i = 0; i < size; ++i) {
      values.push_back(rng() % 8 == 0 ? rng() : rng() % (size + 2));
    }
    const grundy_value expected = mex_by_definition(values);
    EXPECT_EQ(mex(values, scratch), expected) << "round " << round;
    EXPECT_EQ(mex(values), expected) << "round " << round;
  }
}

TEST(MexTest, MexOfAFullRangeIsItsLength) {
  // {0..m-1} in any order, with every value repeated: mex = m, the largest a set of that size can have.
  std::mt19937 rng(9);
  for (grundy_value m = 0; m < 100; ++m) {
    std::vector<grundy_value> values;
    for (grundy_value v = 0; v < m; ++v) values.insert(values.end(), {v, v});
    std::shuffle(values.begin(), values.end(), rng);
    EXPECT_EQ(mex(values), m);
  }
}

}  // namespace
}  // namespace tartan
