// The built-in families against their definitions: moves, every hook and every sequence route against brute
// force over all subsets (game_definitions.hpp), larger rows against the rules written out directly, the closed
// forms, published sequences (OEIS, vendored in tests/data) and the values printed in docs/games.md.
#include "tartan/games/families.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/sequence.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::sequence_method;
using tartan::test::coin_set;
using tartan::test::family_allows;

template <class Tuple>
struct as_gtest_types;
template <class... T>
struct as_gtest_types<std::tuple<T...>> {
  using type = ::testing::Types<T...>;
};

struct family_names {
  template <class Family>
  static std::string GetName(int) {
    std::string name(Family::name);
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
  }
};

template <class Family>
class FamilyTest : public ::testing::Test {};
TYPED_TEST_SUITE(FamilyTest, as_gtest_types<tartan::games::builtin_families>::type, family_names);

/// Brute force over all subsets is 2^n per coin: 16 coins keeps every family (Motley, Sym) quick.
constexpr std::size_t brute_force_coins = 16;

coin_set as_set(std::span<const coin> others, coin n) {
  coin_set s = coin_set{1} << n;
  for (const coin c : others) s |= coin_set{1} << c;
  return s;
}

/// Checks the contract on `others`: ascending, all below n.
void expect_well_formed(std::span<const coin> others, coin n) {
  for (std::size_t i = 0; i < others.size(); ++i) {
    EXPECT_LT(others[i], n);
    if (i > 0) {
      EXPECT_LT(others[i - 1], others[i]);
    }
  }
}

std::set<coin_set> defined_moves(std::string_view family, coin n) {
  std::set<coin_set> moves;
  for (coin_set others = 0; others < (coin_set{1} << n); ++others) {
    const coin_set s = others | (coin_set{1} << n);
    if (family_allows(family, s)) moves.insert(s);
  }
  return moves;
}

grundy_value xor_of(coin_set s, coin n, const std::vector<grundy_value>& g) {
  grundy_value x = 0;
  for (const unsigned c : tartan::test::coins_of(s & ~(coin_set{1} << n))) x ^= g[c];
  return x;
}

TYPED_TEST(FamilyTest, MovesMatchDefinition) {
  const TypeParam family;
  for (coin n = 0; n < 13; ++n) {
    std::set<coin_set> visited;
    family.for_each_move(n, [&](std::span<const coin> others) {
      expect_well_formed(others, n);
      EXPECT_TRUE(visited.insert(as_set(others, n)).second) << "a move visited twice from coin " << n;
      return true;
    });
    EXPECT_EQ(visited, defined_moves(TypeParam::name, n)) << "coin " << n;
  }
}

TYPED_TEST(FamilyTest, ForEachMoveStopsWhenAsked) {
  const TypeParam family;
  for (coin n = 0; n < 10; ++n) {
    const std::size_t total = defined_moves(TypeParam::name, n).size();
    if (total == 0) continue;
    std::size_t calls = 0;
    const bool finished = family.for_each_move(n, [&](std::span<const coin>) { return ++calls < 1; });
    EXPECT_FALSE(finished);
    EXPECT_EQ(calls, 1u);
  }
}

TYPED_TEST(FamilyTest, OptionValuesMatchDefinition) {
  const TypeParam family;
  std::mt19937_64 random(20240611);
  for (coin n = 0; n < 13; ++n) {
    std::vector<grundy_value> g(n);
    for (auto& v : g) v = random() % 32;
    std::vector<grundy_value> out;
    family.option_values(n, g, out);
    std::set<grundy_value> expected;
    for (const coin_set s : defined_moves(TypeParam::name, n)) expected.insert(xor_of(s, n, g));
    EXPECT_EQ(std::set<grundy_value>(out.begin(), out.end()), expected) << "coin " << n;
  }
}

TYPED_TEST(FamilyTest, FindMovesMatchesDefinition) {
  const TypeParam family;
  std::mt19937_64 random(77);
  for (coin n = 0; n < 12; ++n) {
    std::vector<grundy_value> g(n);
    for (auto& v : g) v = random() % 8;  // few values, so that many moves share one
    const auto moves = defined_moves(TypeParam::name, n);
    for (grundy_value target = 0; target <= 8; ++target) {
      std::set<coin_set> found;
      family.find_moves(n, target, g, [&](std::span<const coin> others) {
        expect_well_formed(others, n);
        EXPECT_TRUE(found.insert(as_set(others, n)).second) << "a move found twice";
        return true;
      });
      std::set<coin_set> expected;
      for (const coin_set s : moves) {
        if (xor_of(s, n, g) == target) expected.insert(s);
      }
      EXPECT_EQ(found, expected) << "coin " << n << ", target " << target;
    }
  }
}

TYPED_TEST(FamilyTest, EverySequenceRouteMatchesBruteForce) {
  const TypeParam family;
  const auto expected = tartan::test::brute_force_values(TypeParam::name, brute_force_coins);
  EXPECT_EQ(tartan::grundy_sequence(family, brute_force_coins, sequence_method::enumeration), expected);
  EXPECT_EQ(tartan::grundy_sequence(family, brute_force_coins, sequence_method::option_values), expected);
  EXPECT_EQ(tartan::grundy_sequence(family, brute_force_coins, sequence_method::solver), expected);
  if constexpr (tartan::has_closed_form<TypeParam>) {
    EXPECT_EQ(tartan::grundy_sequence(family, brute_force_coins, sequence_method::closed_form), expected);
  }
  // The registry's handle (cached, automatic route) gives the same values.
  EXPECT_EQ(tartan::games::find_game(TypeParam::name).sequence(brute_force_coins), expected);
}

// ---- Larger rows: the rules written out directly (O(moves) per coin), for the families with polynomially many
// moves. These reach far beyond brute force, where the engine's specialised algorithms take over.

using option_generator =
    std::function<void(std::size_t n, const std::vector<grundy_value>& g, std::vector<grundy_value>& out)>;

struct direct_rule {
  option_generator options;
  std::size_t coins;  // how far the test goes
};

const std::map<std::string_view, direct_rule>& direct_rules() {
  static const std::map<std::string_view, direct_rule> rules = {
      {"turtles",
       {[](std::size_t n, const auto& g, auto& out) {
          out.push_back(0);  // coin n alone
          for (std::size_t m = 0; m < n; ++m) out.push_back(g[m]);
        },
        3000}},
      {"twins",
       {[](std::size_t n, const auto& g, auto& out) {
          for (std::size_t m = 0; m < n; ++m) out.push_back(g[m]);
        },
        3000}},
      {"mock-turtles",
       {[](std::size_t n, const auto& g, auto& out) {
          out.push_back(0);
          for (std::size_t a = 0; a < n; ++a) {
            out.push_back(g[a]);
            for (std::size_t b = a + 1; b < n; ++b) out.push_back(g[a] ^ g[b]);
          }
        },
        300}},
      {"triplets",
       {[](std::size_t n, const auto& g, auto& out) {
          for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t b = a + 1; b < n; ++b) out.push_back(g[a] ^ g[b]);
          }
        },
        300}},
      {"ruler",
       {[](std::size_t n, const auto& g, auto& out) {
          grundy_value x = 0;  // the run m..n turns m..n-1 besides n
          out.push_back(x);
          for (std::size_t m = n; m-- > 0;) out.push_back(x ^= g[m]);
        },
        3000}},
      {"ruler-fives",
       {[](std::size_t n, const auto& g, auto& out) {
          grundy_value x = 0;
          out.push_back(x);
          for (std::size_t m = n; m-- > 0 && n - m <= 4;) out.push_back(x ^= g[m]);
        },
        3000}},
      {"mock-turtle-fives",
       {[](std::size_t n, const auto& g, auto& out) {
          const std::size_t low = n >= 4 ? n - 4 : 0;
          out.push_back(0);
          for (std::size_t a = low; a < n; ++a) {
            out.push_back(g[a]);
            for (std::size_t b = a + 1; b < n; ++b) out.push_back(g[a] ^ g[b]);
          }
        },
        3000}},
      {"turnips",
       {[](std::size_t n, const auto& g, auto& out) {
          for (std::size_t d = 1; 2 * d <= n; ++d) out.push_back(g[n - d] ^ g[n - 2 * d]);
        },
        2000}},
      {"grunt",
       {[](std::size_t n, const auto& g, auto& out) {
          // 0 < a < n - a: the move turns 0, a, n - a and n.
          for (std::size_t a = 1; 2 * a < n; ++a) out.push_back(g[0] ^ g[a] ^ g[n - a]);
        },
        300}},
      {"ap",
       {[](std::size_t n, const auto& g, auto& out) {
          out.push_back(0);
          for (std::size_t d = 1; d <= n; ++d) {
            grundy_value x = g[n - d];  // two coins: n - d and n
            out.push_back(x);
            for (std::size_t k = 2; k * d <= n; ++k) out.push_back(x ^= g[n - k * d]);
          }
        },
        1000}},
  };
  return rules;
}

std::vector<grundy_value> direct_values(const option_generator& options, std::size_t count) {
  std::vector<grundy_value> g, out;
  for (std::size_t n = 0; n < count; ++n) {
    out.clear();
    options(n, g, out);
    g.push_back(tartan::mex(out));
  }
  return g;
}

TYPED_TEST(FamilyTest, LongerRowsMatchDirectRule) {
  const auto it = direct_rules().find(TypeParam::name);
  if (it == direct_rules().end()) GTEST_SKIP() << "exponentially many moves: brute force covers this family";
  const auto& rule = it->second;
  const auto expected = direct_values(rule.options, rule.coins);
  EXPECT_EQ(tartan::grundy_sequence(TypeParam{}, rule.coins, sequence_method::solver), expected);
  EXPECT_EQ(tartan::grundy_sequence(TypeParam{}, rule.coins, sequence_method::option_values), expected);
  if constexpr (tartan::has_closed_form<TypeParam>) {
    EXPECT_EQ(tartan::grundy_sequence(TypeParam{}, rule.coins, sequence_method::closed_form), expected);
  }
}

TEST(FamiliesTest, BruteForceAgreesWithDirectRules) {
  // The two independent write-ups of each rule agree where both reach.
  for (const auto& [name, rule] : direct_rules()) {
    EXPECT_EQ(direct_values(rule.options, 14), tartan::test::brute_force_values(name, 14)) << name;
  }
}

// ---- Closed forms.

TEST(ClosedFormTest, MockTurtlesAreOdiousNumbers) {
  // g(n) is the n-th odious number: walk the integers and keep those with an odd number of 1 bits.
  const tartan::games::mock_turtles family;
  std::uint64_t candidate = 0;
  for (coin n = 0; n < 100000; ++n) {
    while (std::popcount(candidate) % 2 == 0) ++candidate;
    ASSERT_EQ(family.grundy(n), candidate) << "coin " << n;
    ++candidate;
  }
}

TEST(ClosedFormTest, RulerIsLargestPowerOfTwoDividingNPlusOne) {
  const tartan::games::ruler family;
  for (coin n = 0; n < 100000; ++n) {
    std::uint64_t power = 1;
    while ((n + 1) % (power * 2) == 0) power *= 2;
    ASSERT_EQ(family.grundy(n), power) << "coin " << n;
  }
  EXPECT_EQ(family.grundy(UINT32_MAX), std::uint64_t{1} << 32);  // n + 1 = 2^32 does not wrap
}

TEST(ClosedFormTest, TurtlesAndTwinsAreNim) {
  for (coin n = 0; n < 1000; ++n) {
    EXPECT_EQ(tartan::games::turning_turtles{}.grundy(n), n + 1u);
    EXPECT_EQ(tartan::games::twins{}.grundy(n), n);
  }
  EXPECT_EQ(tartan::games::turning_turtles{}.grundy(UINT32_MAX), std::uint64_t{1} << 32);
}

TEST(ClosedFormTest, MotleyIsPowersOfTwoUpToCoin63) {
  const tartan::games::motley family;
  for (coin n = 0; n < 64; ++n) EXPECT_EQ(family.grundy(n), std::uint64_t{1} << n);
}

TEST(ClosedFormTest, MotleyOverflowNamesCoin64) {
  const tartan::games::motley family;
  try {
    family.grundy(64);
    FAIL() << "no overflow_error";
  } catch (const tartan::overflow_error& e) {
    EXPECT_NE(std::string(e.what()).find("coin 64"), std::string::npos) << e.what();
  }
  EXPECT_THROW(family.grundy(1000), tartan::overflow_error);
  // Through the registry, whatever route it takes.
  try {
    tartan::games::find_game("motley").sequence(65);
    FAIL() << "no overflow_error";
  } catch (const tartan::overflow_error& e) {
    EXPECT_NE(std::string(e.what()).find("coin 64"), std::string::npos) << e.what();
  }
  EXPECT_EQ(tartan::games::find_game("motley").sequence(64).back(), std::uint64_t{1} << 63);
}

// ---- Identities from the literature, checked on computed sequences.

TEST(FamiliesTest, TripletsAreMockTurtlesShiftedByTwoCoins) {
  // Winning Ways' Mock Turtle theorem: Triplets' coin n plays like Mock Turtles' coin n - 2.
  const auto triplets = tartan::grundy_sequence(tartan::games::triplets{}, 302, sequence_method::solver);
  const auto mock = direct_values(direct_rules().at("mock-turtles").options, 300);
  EXPECT_EQ(triplets[0], 0u);
  EXPECT_EQ(triplets[1], 0u);
  EXPECT_EQ(std::vector<grundy_value>(triplets.begin() + 2, triplets.end()), mock);
}

TEST(FamiliesTest, GruntIsGrundysGame) {
  // Grundy's game: split a heap into two unequal non-empty heaps. Heap n is Grunt's coin n (coin 0 is worth 0).
  std::vector<grundy_value> grundy;
  for (std::size_t n = 0; n < 300; ++n) {
    std::vector<grundy_value> options;
    for (std::size_t a = 1; 2 * a < n; ++a) options.push_back(grundy[a] ^ grundy[n - a]);
    grundy.push_back(tartan::mex(options));
  }
  EXPECT_EQ(tartan::grundy_sequence(tartan::games::grunt{}, 300, sequence_method::solver), grundy);
}

// ---- Published sequences, read at run time.

TEST(PublishedTest, MockTurtlesMatchOeisA000069) {
  // A000069 (odious numbers, Winning Ways p. 433), offset 1: a(1) = 1 is our coin 0, so a(k) is coin k - 1.
  const auto published = tartan::test::oeis_terms("A000069");
  ASSERT_GE(published.size(), 60u);
  const tartan::games::mock_turtles family;
  EXPECT_EQ(tartan::grundy_sequence(family, published.size(), sequence_method::solver), published);
  EXPECT_EQ(tartan::grundy_sequence(family, published.size(), sequence_method::closed_form), published);
  EXPECT_EQ(tartan::games::find_game("1-3").sequence(published.size()), published);
}

TEST(PublishedTest, RulerMatchesOeisA006519) {
  // A006519 (highest power of 2 dividing n), offset 1: a(k) is Ruler's value at our coin k - 1.
  const auto published = tartan::test::oeis_terms("A006519");
  ASSERT_GE(published.size(), 100u);
  const tartan::games::ruler family;
  EXPECT_EQ(tartan::grundy_sequence(family, published.size(), sequence_method::solver), published);
  EXPECT_EQ(tartan::grundy_sequence(family, published.size(), sequence_method::closed_form), published);
  EXPECT_EQ(tartan::games::find_game("1+C").sequence(published.size()), published);
}

// ---- docs/games.md prints each game's first values; they must be the values of the definition.

TEST(GamesDocTest, FirstValuesMatchDefinition) {
  const std::string path = std::string(TARTAN_SOURCE_DIR) + "/docs/games.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  for (const auto& info : tartan::games::builtin_games()) {
    const std::string heading = "## `" + std::string(info.name) + "`";
    auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(heading, 0) == 0; });
    ASSERT_NE(at, lines.end()) << "docs/games.md has no section " << heading;
    const std::string marker = "g(0..15):";
    auto values_line = std::find_if(at + 1, lines.end(), [&](const std::string& l) {
      return l.find(marker) != std::string::npos || l.rfind("## ", 0) == 0;
    });
    ASSERT_TRUE(values_line != lines.end() && values_line->find(marker) != std::string::npos)
        << "section " << heading << " has no '" << marker << "' line";
    std::string data = values_line->substr(values_line->find(marker) + marker.size());
    std::replace(data.begin(), data.end(), '`', ' ');
    std::istringstream items(data);
    std::vector<std::uint64_t> documented;
    for (std::uint64_t v; items >> v;) documented.push_back(v);
    EXPECT_EQ(documented, tartan::test::brute_force_values(info.name, 16)) << info.name;
  }
}

}  // namespace
