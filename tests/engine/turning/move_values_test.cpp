// move_values.hpp: value_counts in its dense and hashed forms against a std::map kept beside it, and
// count_move_values (by listing and through a rule's hook) against the XOR of g over every move, counted here from
// the moves of rules written from their definitions.
#include "tartan/turning/move_values.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <span>
#include <vector>

#include "support/naive.hpp"

namespace tartan {
namespace {

std::map<grundy_value, std::uint64_t> as_map(const value_counts& counts) {
  std::map<grundy_value, std::uint64_t> out;
  counts.for_each([&](grundy_value v, std::uint64_t c) { out[v] += c; });
  return out;
}

TEST(MoveValuesTest, DenseAndHashedTablesCountLikeAMap) {
  std::mt19937_64 rng(8);
  for (const grundy_value bound : {grundy_value{64}, grundy_value{1} << value_counts::dense_bits,
                                   (grundy_value{1} << value_counts::dense_bits) + 1, grundy_value{1} << 40}) {
    value_counts counts(bound);
    EXPECT_EQ(counts.is_dense(), bound <= (grundy_value{1} << value_counts::dense_bits));
    std::map<grundy_value, std::uint64_t> expected;
    for (int i = 0; i < 3000; ++i) {
      const grundy_value v = rng() % 100 == 0 ? bound - 1 : rng() % std::min<grundy_value>(bound, 50);
      const std::uint64_t times = 1 + rng() % 3;
      counts.add(v, times);
      expected[v] += times;
    }
    EXPECT_EQ(as_map(counts), expected);
    std::uint64_t total = 0;
    for (const auto& [v, c] : expected) {
      EXPECT_EQ(counts[v], c);
      total += c;
    }
    EXPECT_EQ(counts.total(), total);
    EXPECT_EQ(counts[bound], 0u);  // beyond the bound: never counted
  }
}

TEST(MoveValuesTest, BytesForIsTheArray) {
  EXPECT_EQ(value_counts::bytes_for(0), 0u);
  EXPECT_EQ(value_counts::bytes_for(1000), 8000u);
  EXPECT_EQ(value_counts::bytes_for(grundy_value{1} << value_counts::dense_bits), std::uint64_t{32} << 20);
  EXPECT_EQ(value_counts::bytes_for((grundy_value{1} << value_counts::dense_bits) + 1), 0u);  // hashed
}

TEST(MoveValuesTest, MergeAddsEveryCountAndGrowsADenseTable) {
  value_counts small(4), large(100);
  small.add(1, 2);
  small.add(3);
  large.add(3, 5);
  large.add(99);
  small.merge(large);
  EXPECT_EQ(as_map(small), (std::map<grundy_value, std::uint64_t>{{1, 2}, {3, 6}, {99, 1}}));
  EXPECT_EQ(small.total(), 9u);
  value_counts hashed(grundy_value{1} << 40), other(grundy_value{1} << 40);
  hashed.add(grundy_value{1} << 35, 7);
  other.add(grundy_value{1} << 35);
  other.add(5, 2);
  hashed.merge(other);
  hashed.merge(large);
  EXPECT_EQ(as_map(hashed),
            (std::map<grundy_value, std::uint64_t>{{3, 5}, {5, 2}, {99, 1}, {grundy_value{1} << 35, 8}}));
}

// The XOR of g over all the coins of every move from every coin in [first, last], by listing the moves here.
template <class Rule>
std::map<grundy_value, std::uint64_t> by_listing(const Rule& rule, coin first, coin last,
                                                 const std::vector<grundy_value>& g) {
  std::map<grundy_value, std::uint64_t> out;
  for (coin t = first; t <= last; ++t) {
    for (const auto& others : test::moves_from(rule, t)) {
      grundy_value x = g[t];
      for (const coin o : others) x ^= g[o];
      ++out[x];
    }
  }
  return out;
}

// Ruler (turn a run of coins ending at the moving coin) with a count_move_values hook by prefix XORs.
struct hooked_ruler {
  test::ruler_rule plain;
  template <class Visit>
  bool for_each_move(coin n, Visit&& visit) const {
    return plain.for_each_move(n, visit);
  }
  void count_move_values(coin first, coin last, std::span<const grundy_value> g, value_counts& counts) const {
    std::vector<grundy_value> prefix(last + 2, 0);  // prefix[i] = XOR of g[0..i-1]
    for (coin i = 0; i <= last; ++i) prefix[i + 1] = prefix[i] ^ g[i];
    for (coin t = first; t <= last; ++t) {
      for (coin s = 0; s <= t; ++s) counts.add(prefix[t + 1] ^ prefix[s]);
    }
  }
};
static_assert(has_move_value_counts<hooked_ruler> && !has_move_value_counts<test::ruler_rule>);

TEST(MoveValuesTest, CountMoveValuesMatchesTheMovesListed) {
  std::mt19937_64 rng(12);
  for (int round = 0; round < 30; ++round) {
    const coin n = 1 + static_cast<coin>(rng() % 10);
    std::vector<grundy_value> g(n);
    for (auto& v : g) v = rng() % 32;
    const coin first = static_cast<coin>(rng() % n);
    const coin last = first + static_cast<coin>(rng() % (n - first));
    for (const auto& [name, expected, counted] : {
             std::tuple{"mock turtles", by_listing(test::k_coins{1, 3}, first, last, g),
                        [&](value_counts& c) {
                          count_move_values(test::k_coins{1, 3}, first, last, g, c);
                        }},
         }) {
      value_counts counts(32);
      counted(counts);
      EXPECT_EQ(as_map(counts), expected) << name << " round " << round;
    }
    value_counts plain(32), hooked(32);
    count_move_values(test::ruler_rule{}, first, last, g, plain);
    count_move_values(hooked_ruler{}, first, last, g, hooked);
    EXPECT_EQ(as_map(plain), by_listing(test::ruler_rule{}, first, last, g)) << "round " << round;
    EXPECT_EQ(as_map(hooked), by_listing(test::ruler_rule{}, first, last, g)) << "round " << round;
  }
  // The header's example: Mock Turtles, g = {1, 2, 4}: coin 1's moves {1} and {0, 1} add 2 and 3.
  value_counts counts(8);
  count_move_values(test::k_coins{1, 3}, 1, 1, std::vector<grundy_value>{1, 2, 4}, counts);
  EXPECT_EQ(as_map(counts), (std::map<grundy_value, std::uint64_t>{{2, 1}, {3, 1}}));
}

#if !defined(NDEBUG) || defined(TARTAN_ENABLE_ASSERTIONS)
TEST(MoveValuesTest, AddingBeyondADenseBoundIsAnAssertion) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  value_counts counts(8);
  EXPECT_DEATH(counts.add(8), "assertion failed: a value below the table's bound");
}
#endif

}  // namespace
}  // namespace tartan
