// value_bitset (engine/src/turning/code/value_bitset.hpp), the sets of values the solver of plain counts keeps: its
// XOR-shift `this |= source ⊕ v` against the definition computed bit by bit, on seeded random sets small enough to
// be listed, dense enough to take the word loop, and large enough (2^24 values) for the loop's two threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "turning/code/value_bitset.hpp"

namespace {

using tartan::grundy_value;
using tartan::detail::value_bitset;

/// A set of `members` seeded random values below 2^bits, as a value_bitset and as the plain list.
struct random_set {
  value_bitset bits;
  std::vector<grundy_value> values;
};

random_set make_set(int bits, std::size_t members, std::mt19937_64& rng) {
  random_set s;
  s.bits.grow(bits);
  const grundy_value universe = grundy_value{1} << bits;
  for (std::size_t i = 0; i < members; ++i) {
    const grundy_value v = rng() % universe;
    s.bits.set(v);
    s.values.push_back(v);
  }
  return s;
}

TEST(ValueBitsetTest, OrXorOfMatchesTheDefinition) {
  std::mt19937_64 rng(2026);
  struct shape {
    int bits;
    std::size_t source_members, target_members;
  };
  // Sparse (listed), dense (the word loop, one thread) and large (the word loop cut in two halves).
  for (const shape s : {shape{10, 5, 3}, shape{12, 3000, 2000}, shape{16, 60000, 100}, shape{24, 400000, 300000}}) {
    for (int trial = 0; trial < 3; ++trial) {
      random_set source = make_set(s.bits, s.source_members, rng);
      random_set target = make_set(s.bits, s.target_members, rng);
      random_set also = make_set(s.bits, s.target_members / 2, rng);
      for (const grundy_value t : target.values) also.bits.set(t);  // `also` must contain the target
      const grundy_value v = rng() % (grundy_value{1} << s.bits);
      target.bits.or_xor_of(source.bits, v, &also.bits);

      // The definition, bit by bit: the target's values, and x ⊕ v for every x of the source.
      std::vector<std::uint64_t> expected(target.bits.word_count(), 0), expected_also(also.bits.word_count(), 0);
      const auto add = [](std::vector<std::uint64_t>& words, grundy_value x) { words[x >> 6] |= 1ULL << (x & 63); };
      for (const grundy_value x : target.values) add(expected, x);
      for (const grundy_value x : source.values) add(expected, x ^ v);
      for (const grundy_value x : also.values) add(expected_also, x);
      for (std::size_t i = 0; i < expected.size(); ++i) expected_also[i] |= expected[i];

      std::vector<std::uint64_t> got, got_also;
      for (std::size_t i = 0; i < target.bits.word_count(); ++i) got.push_back(target.bits.word(i));
      for (std::size_t i = 0; i < also.bits.word_count(); ++i) got_also.push_back(also.bits.word(i));
      EXPECT_EQ(got, expected) << "2^" << s.bits << " values, trial " << trial;
      EXPECT_EQ(got_also, expected_also) << "2^" << s.bits << " values, trial " << trial;
    }
  }
}

TEST(ValueBitsetTest, FirstAbsentAndWordsAgreeWithMembership) {
  std::mt19937_64 rng(7);
  random_set s = make_set(14, 12000, rng);
  for (grundy_value from = 0; from < s.bits.universe(); from += 37) {
    grundy_value expected = from;
    while (expected < s.bits.universe() && s.bits.test(expected)) ++expected;
    EXPECT_EQ(s.bits.first_absent(from), expected) << from;
  }
  for (std::size_t i = 0; i < s.bits.word_count(); ++i) {
    for (unsigned z = 0; z < 64; ++z) EXPECT_EQ((s.bits.word(i) >> z) & 1, s.bits.test(i * 64 + z) ? 1U : 0U);
  }
}

}  // namespace
