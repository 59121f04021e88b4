// closed_form.hpp: the classic forms recognised on sequences written from their definitions here and on the values
// of the games that have them (computed by the mex definition from the turning-code reference), and a single changed
// value breaking the match.
#include "tartan/turning/closed_form.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/turning_code_reference.hpp"

namespace tartan {
namespace {

using test::reference_code;

// g(0..n-1) of a turning code by the mex definition over the reference's moves.
std::vector<grundy_value> definition_values(const std::string& text, coin n) {
  const test::reference_values values = test::reference_sequence(reference_code::from(turning_code::parse(text)), n);
  EXPECT_FALSE(values.stopped);
  return values.g;
}

// The closed forms, written from their definitions.
bool odd_ones(std::uint64_t x) { return std::popcount(x) % 2 == 1; }

TEST(ClosedFormTest, RecognisesTheClassicFormsOfTheBuiltIns) {
  const std::size_t n = 500;
  std::vector<grundy_value> odious, evil, ruler, plus_one, identity, powers;
  for (std::uint64_t x = 0; odious.size() < n; ++x) {
    if (odd_ones(x)) odious.push_back(x);
  }
  for (std::uint64_t x = 0; evil.size() < n; ++x) {
    if (!odd_ones(x)) evil.push_back(x);
  }
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t d = 1;
    while ((i + 1) % (2 * d) == 0) d *= 2;
    ruler.push_back(d);
    plus_one.push_back(i + 1);
    identity.push_back(i);
  }
  for (std::uint64_t i = 0; i < 64; ++i) powers.push_back(std::uint64_t{1} << i);
  const auto names = [](std::span<const grundy_value> g) {
    std::vector<std::string> out;
    for (const closed_form& f : recognise_closed_forms(g)) out.push_back(f.name);
    return out;
  };
  EXPECT_EQ(names(odious), std::vector<std::string>{"odious"});
  EXPECT_EQ(names(evil), std::vector<std::string>{"evil"});
  EXPECT_EQ(names(ruler), std::vector<std::string>{"ruler"});
  EXPECT_EQ(names(plus_one), std::vector<std::string>{"n+1"});
  EXPECT_EQ(names(identity), std::vector<std::string>{"n"});
  EXPECT_EQ(names(powers), std::vector<std::string>{"2^n"});
  // The games that have them, by the mex definition: Mock Turtles (odious), Ruler, Turning Turtles (n + 1 from coin
  // 0), Motley (2^n).
  EXPECT_EQ(names(definition_values("1-3", 200)), std::vector<std::string>{"odious"});
  EXPECT_EQ(names(definition_values("1+C", 200)), std::vector<std::string>{"ruler"});
  EXPECT_EQ(names(definition_values("1-2", 200)), std::vector<std::string>{"n+1"});
  EXPECT_EQ(names(definition_values("1+", 20)), std::vector<std::string>{"2^n"});
  // One value changed anywhere breaks the match.
  std::mt19937 rng(5);
  for (int i = 0; i < 50; ++i) {
    std::vector<grundy_value> g = odious;
    g[rng() % g.size()] ^= 1 + rng() % 7;
    const std::vector<std::string> found = names(g);
    EXPECT_TRUE(std::ranges::find(found, "odious") == found.end());
  }
  EXPECT_TRUE(recognise_closed_forms(std::vector<grundy_value>{}).empty());
}

}  // namespace
}  // namespace tartan
