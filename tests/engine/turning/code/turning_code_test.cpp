// Tests of tartan::turning_code: the parser (accepted codes and refusal messages), and every hook (the solver,
// option values under the game's own and random tables, find_moves for random targets, move counts) against a
// plain oracle written here from the definition of each code: all subsets of the coins below n, filtered by the
// alternatives' conditions. Published sequences (OEIS A000069 Mock Turtles, A006519 Ruler, read at run time),
// Grundy's game for Grunt, and closed forms for Motley, Turning Turtles and Twins.
#include "tartan/turning/turning_code.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr coin oracle_coins = 12;  // sanitizer builds run ~3x slower
constexpr bool sanitized = true;
#else
constexpr coin oracle_coins = 14;
constexpr bool sanitized = false;
#endif

// ---------------------------------------------------------------------------------------------------------------
// The oracle: a code as a list of conditions written by hand (not by the parser under test), and moves as bitmasks
// of the coins below n.

struct condition {
  unsigned lo = 1, hi = 1;  // coins turned in total, the moving coin included; hi = 0 for no upper bound
  bool consecutive = false, equal = false, symmetric = false, first = false;
  unsigned span = 0;  // C(span); 0 for none
};

bool allows(const condition& c, const std::vector<coin>& turned) {  // turned: ascending, the moving coin last
  const std::size_t k = turned.size();
  if (k < c.lo || (c.hi != 0 && k > c.hi)) return false;
  if (c.first && turned.front() != 0) return false;
  if (c.span != 0 && turned.back() - turned.front() + 1 > c.span) return false;
  for (std::size_t i = 0; i + 1 < k; ++i) {
    if (c.consecutive && turned[i + 1] != turned[i] + 1) return false;
    if (c.equal && turned[i + 1] - turned[i] != turned[1] - turned[0]) return false;
    if (c.symmetric && turned[i] + turned[k - 1 - i] != turned[0] + turned[k - 1]) return false;
  }
  return true;
}

struct oracle_code {
  std::string text;
  std::vector<condition> alternatives;

  bool allows_move(coin n, std::uint32_t others) const {
    std::vector<coin> turned;
    for (coin c = 0; c < n; ++c) {
      if ((others >> c) & 1) turned.push_back(c);
    }
    turned.push_back(n);
    return std::any_of(alternatives.begin(), alternatives.end(), [&](const condition& c) { return allows(c, turned); });
  }

  /// Every move from n as a bitmask of the other coins (n <= 20).
  std::vector<std::uint32_t> moves(coin n) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t s = 0; s < (std::uint32_t{1} << n); ++s) {
      if (allows_move(n, s)) out.push_back(s);
    }
    return out;
  }
};

grundy_value xor_of(std::uint32_t others, std::span<const grundy_value> g) {
  grundy_value x = 0;
  for (; others != 0; others &= others - 1) x ^= g[static_cast<std::size_t>(std::countr_zero(others))];
  return x;
}

std::uint32_t mask_of(std::span<const coin> others) {
  std::uint32_t m = 0;
  for (const coin c : others) m |= std::uint32_t{1} << c;
  return m;
}

grundy_value mex_of(std::set<grundy_value> s) {
  grundy_value m = 0;
  while (s.count(m) != 0) ++m;
  return m;
}

/// g(0..count-1) by the mex definition over the oracle's moves.
std::vector<grundy_value> oracle_sequence(const oracle_code& code, coin count) {
  std::vector<grundy_value> g;
  for (coin n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (const std::uint32_t s : code.moves(n)) options.insert(xor_of(s, g));
    g.push_back(mex_of(options));
  }
  return g;
}

condition cond(unsigned lo, unsigned hi, const std::string& mods = "", unsigned span = 0) {
  condition c;
  c.lo = lo;
  c.hi = hi;
  c.consecutive = mods.find('C') != std::string::npos;
  c.equal = mods.find('E') != std::string::npos;
  c.symmetric = mods.find('S') != std::string::npos;
  c.first = mods.find('F') != std::string::npos;
  c.span = span;
  return c;
}

// The codes of the brief, each with its definition (hi = 0: unbounded).
const std::vector<oracle_code>& all_codes() {
  static const std::vector<oracle_code> codes = {
      {"1-2", {cond(1, 2)}},
      {"2", {cond(2, 2)}},
      {"1-3", {cond(1, 3)}},
      {"3", {cond(3, 3)}},
      {"1-5", {cond(1, 5)}},
      {"1-7", {cond(1, 7)}},
      {"1-9", {cond(1, 9)}},
      {"1+C", {cond(1, 0, "C")}},
      {"1+", {cond(1, 0)}},
      {"3E", {cond(3, 3, "E")}},
      {"4FS", {cond(4, 4, "FS")}},
      {"1+S", {cond(1, 0, "S")}},
      {"1+FS", {cond(1, 0, "FS")}},
      {"1-3C(5)", {cond(1, 3, "", 5)}},
      {"1-5C", {cond(1, 5, "C")}},
      {"1+E", {cond(1, 0, "E")}},
      {"2-3,6C", {cond(2, 3), cond(6, 6, "C")}},
      {"2+", {cond(2, 0)}},
      {"1-4C", {cond(1, 4, "C")}},
      {"2E", {cond(2, 2, "E")}},
      {"1-3S", {cond(1, 3, "S")}},
      // beyond the brief's list: more combinations of counts and modifiers
      {"3+", {cond(3, 0)}},
      {"2+C", {cond(2, 0, "C")}},
      {"1+F", {cond(1, 0, "F")}},
      {"3F", {cond(3, 3, "F")}},
      {"2-4C(4)", {cond(2, 4, "", 4)}},
      {"1-3,1+C", {cond(1, 3), cond(1, 0, "C")}},
      {"5S", {cond(5, 5, "S")}},
      {"3+S", {cond(3, 0, "S")}},
      {"2+S", {cond(2, 0, "S")}},
      {"2-5E", {cond(2, 5, "E")}},
      {"1+EF", {cond(1, 0, "EF")}},
      {"1+SC(6)", {cond(1, 0, "S", 6)}},
      {"4", {cond(4, 4)}},
      {"2F,3E,1C", {cond(2, 2, "F"), cond(3, 3, "E"), cond(1, 1, "C")}},
      {"1+C(4)", {cond(1, 0, "", 4)}},
      {"3-4CF", {cond(3, 4, "CF")}},
  };
  return codes;
}

// ---------------------------------------------------------------------------------------------------------------
// Parser

TEST(TurningCodeTest, ParserReadsCountsAndModifiers) {
  const turning_code code = turning_code::parse("  2-3, 6C ,1+FS,4C(5)E ");
  EXPECT_EQ(code.text(), "2-3, 6C ,1+FS,4C(5)E");
  const auto alts = code.alternatives();
  ASSERT_EQ(alts.size(), 4u);
  EXPECT_EQ(alts[0].min_coins, 2u);
  EXPECT_EQ(alts[0].max_coins, 3u);
  EXPECT_FALSE(alts[0].consecutive);
  EXPECT_EQ(alts[1].min_coins, 6u);
  EXPECT_EQ(alts[1].max_coins, 6u);
  EXPECT_TRUE(alts[1].consecutive);
  EXPECT_TRUE(alts[2].is_unbounded());
  EXPECT_TRUE(alts[2].includes_first);
  EXPECT_TRUE(alts[2].symmetric);
  EXPECT_EQ(alts[3].window, 5u);
  EXPECT_TRUE(alts[3].equally_spaced);
  EXPECT_FALSE(alts[3].consecutive);
  EXPECT_EQ(turning_code::parse("1+c").alternatives()[0].consecutive, true);  // lower case, as CGSuite allows
}

TEST(TurningCodeTest, ParserMatchesTheOracleDefinitions) {
  for (const oracle_code& o : all_codes()) {
    const turning_code code = turning_code::parse(o.text);
    ASSERT_EQ(code.alternatives().size(), o.alternatives.size()) << o.text;
    for (std::size_t i = 0; i < o.alternatives.size(); ++i) {
      const turning_alternative& a = code.alternatives()[i];
      const condition& c = o.alternatives[i];
      EXPECT_EQ(a.min_coins, c.lo) << o.text;
      EXPECT_EQ(a.max_coins, c.hi == 0 ? turning_alternative::unbounded : c.hi) << o.text;
      EXPECT_EQ(a.consecutive, c.consecutive) << o.text;
      EXPECT_EQ(a.equally_spaced, c.equal) << o.text;
      EXPECT_EQ(a.symmetric, c.symmetric) << o.text;
      EXPECT_EQ(a.includes_first, c.first) << o.text;
      EXPECT_EQ(a.window, c.span) << o.text;
    }
  }
}

std::string parse_message(const std::string& text) {
  try {
    turning_code::parse(text);
  } catch (const parse_error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(TurningCodeTest, ParserRefusesMalformedCodesNamingTheColumn) {
  const std::string tail = "; codes look like 1-3, 1+C, 3E, 4FS, 2-3,6C";
  EXPECT_EQ(parse_message("1-"), "turning code '1-': expected a number after '-' at column 3" + tail);
  EXPECT_EQ(parse_message("0"), "turning code '0': count 0 at column 1 (a move turns at least 1 coin)" + tail);
  EXPECT_EQ(parse_message("3-1"),
            "turning code '3-1': empty range 3-1 at column 1 (write the smaller number first)" + tail);
  EXPECT_EQ(parse_message("C"), "turning code 'C': expected a number of coins at column 1 (found 'C')" + tail);
  EXPECT_EQ(parse_message("1+C(0)"),
            "turning code '1+C(0)': span C(0) at column 5 (a span holds at least 1 coin)" + tail);
  EXPECT_EQ(parse_message("2,,3"), "turning code '2,,3': expected a number of coins at column 3 (found ',')" + tail);
  EXPECT_EQ(parse_message(""), "turning code '': it is empty" + tail);
  EXPECT_EQ(parse_message("   "), "turning code '': it is empty" + tail);
  EXPECT_EQ(parse_message("1-3x"),
            "turning code '1-3x': unknown modifier 'x' at column 4 (the modifiers are C, C(n), E, S and F)" + tail);
  EXPECT_EQ(parse_message("1-3 2"),
            "turning code '1-3 2': unexpected '2' at column 5 (alternatives are separated by commas)" + tail);
  EXPECT_EQ(parse_message("99999999999"),
            "turning code '99999999999': number 99999999999 at column 1 is too big (at most 1000000)" + tail);
  EXPECT_EQ(parse_message("1-3,"), "turning code '1-3,': expected a number of coins at column 5" + tail);
  EXPECT_EQ(parse_message("1CE"),
            "turning code '1CE': modifier 'E' at column 3 conflicts with 'C' (give at most one of C, E and S)" + tail);
  EXPECT_EQ(parse_message("2FF"), "turning code '2FF': repeated modifier 'F' at column 3" + tail);
  EXPECT_EQ(parse_message("1+C(5"), "turning code '1+C(5': expected ')' at column 6 to close 'C('" + tail);
  EXPECT_EQ(
      parse_message("3C(2)"),
      "turning code '3C(2)': span C(2) at column 4 is narrower than the 3 coins turned (make it at least 3)" + tail);
  for (const char* bad : {"1.5", "-1", "1++", "+", "1-3C(", "1-3C()", "2,", ",2", "1 -3", "1-x", "1-3C(5)(5)"}) {
    EXPECT_THROW(turning_code::parse(bad), parse_error) << bad;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Every hook against the oracle

class TurningCodeOracleTest : public ::testing::TestWithParam<oracle_code> {};

std::string code_name(const ::testing::TestParamInfo<oracle_code>& info) {
  std::string name;
  for (const char c : info.param.text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0)
      name += c;
    else if (c == '-')
      name += "to";
    else if (c == '+')
      name += "plus";
    else if (c == ',')
      name += "or";
    else if (c == '(')
      name += "w";
  }
  return name;
}

TEST_P(TurningCodeOracleTest, MovesAndCountsMatchTheDefinition) {
  const oracle_code& o = GetParam();
  const turning_code code = turning_code::parse(o.text);
  for (coin n = 0; n < oracle_coins; ++n) {
    const std::vector<std::uint32_t> expected = o.moves(n);
    std::vector<std::uint32_t> got;
    code.for_each_move(n, [&](std::span<const coin> others) {
      EXPECT_TRUE(std::is_sorted(others.begin(), others.end()));
      EXPECT_TRUE(others.empty() || others.back() < n);
      got.push_back(mask_of(others));
      return true;
    });
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << o.text << " coin " << n;  // each move once
    EXPECT_EQ(code.move_count(n), expected.size()) << o.text << " coin " << n;
  }
}

TEST_P(TurningCodeOracleTest, SequencesMatchTheMexDefinition) {
  const oracle_code& o = GetParam();
  const turning_code code = turning_code::parse(o.text);
  const std::vector<grundy_value> expected = oracle_sequence(o, oracle_coins);
  EXPECT_EQ(grundy_sequence(code, oracle_coins, sequence_method::solver), expected) << o.text;
  EXPECT_EQ(grundy_sequence(code, oracle_coins, sequence_method::option_values), expected) << o.text;
  EXPECT_EQ(grundy_sequence(code, oracle_coins, sequence_method::enumeration), expected) << o.text;
}

TEST_P(TurningCodeOracleTest, OptionValuesMatchUnderOwnAndRandomTables) {
  const oracle_code& o = GetParam();
  const turning_code code = turning_code::parse(o.text);
  std::mt19937_64 rng(12345);
  std::vector<std::vector<grundy_value>> tables = {oracle_sequence(o, oracle_coins)};
  for (const grundy_value bound : {grundy_value{4}, grundy_value{64}, grundy_value{1} << 40, grundy_value{0}}) {
    std::vector<grundy_value> t(oracle_coins);
    for (grundy_value& v : t) v = bound == 0 ? rng() : rng() % bound;
    tables.push_back(t);
  }
  for (const auto& g : tables) {
    for (coin n = 0; n < oracle_coins; ++n) {
      std::set<grundy_value> expected;
      for (const std::uint32_t s : o.moves(n)) expected.insert(xor_of(s, g));
      std::vector<grundy_value> out;
      code.option_values(n, std::span<const grundy_value>(g).first(n), out);
      EXPECT_EQ(std::set<grundy_value>(out.begin(), out.end()), expected) << o.text << " coin " << n;
    }
  }
}

TEST_P(TurningCodeOracleTest, FindMovesVisitsExactlyTheMovesOfTheTarget) {
  const oracle_code& o = GetParam();
  const turning_code code = turning_code::parse(o.text);
  std::mt19937_64 rng(777);
  for (const grundy_value bound : {grundy_value{4}, grundy_value{16}, grundy_value{0}}) {
    std::vector<grundy_value> g(oracle_coins);
    for (grundy_value& v : g) v = bound == 0 ? rng() : rng() % bound;
    for (coin n = 0; n < oracle_coins; ++n) {
      const std::vector<std::uint32_t> moves = o.moves(n);
      std::vector<grundy_value> targets = {0, rng() % 16};
      if (!moves.empty()) targets.push_back(xor_of(moves[rng() % moves.size()], g));
      for (const grundy_value target : targets) {
        std::vector<std::uint32_t> expected;
        for (const std::uint32_t s : moves) {
          if (xor_of(s, g) == target) expected.push_back(s);
        }
        std::vector<std::uint32_t> got;
        const bool finished = code.find_moves(n, target, g, [&](std::span<const coin> others) {
          EXPECT_TRUE(std::is_sorted(others.begin(), others.end()));
          got.push_back(mask_of(others));
          return true;
        });
        EXPECT_TRUE(finished);
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, expected) << o.text << " coin " << n << " target " << target;
        if (!expected.empty()) {  // stopping after the first move is reported
          int visits = 0;
          EXPECT_FALSE(code.find_moves(n, target, g, [&](std::span<const coin>) { return ++visits, false; }));
          EXPECT_EQ(visits, 1);
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Codes, TurningCodeOracleTest, ::testing::ValuesIn(all_codes()), code_name);

// ---------------------------------------------------------------------------------------------------------------
// Larger coins: the routes (incremental solver, option values per coin, which use different algorithms) agree,
// and for bounded codes against a direct oracle over small subsets.

TEST(TurningCodeTest, SolverAgreesWithOptionValuesFurtherOut) {
  const std::vector<std::pair<std::string, coin>> cases = {
      {"1-3", 400},  {"3", 300},   {"1-5", 60},      {"1+C", 400}, {"2+C", 300},    {"1+E", 200},
      {"3E", 300},   {"4FS", 300}, {"1+S", 22},      {"1+FS", 60}, {"2+S", 22},     {"1-3C(5)", 200},
      {"1-5C", 200}, {"1+", 20},   {"2+", 20},       {"3+", 20},   {"2-3,6C", 200}, {"1-3,1+C", 200},
      {"1-3S", 120}, {"1+F", 20},  {"1+SC(6)", 100}, {"5S", 40},   {"2E", 300},     {"1+EF", 200},
      {"1-4", 120},  {"1-6", 40},  {"1-7", 36},      {"1-9", 26},  {"1-12", 24}};
  for (const auto& [text, count] : cases) {
    const turning_code code = turning_code::parse(text);
    const coin n = sanitized ? std::max<coin>(count / 3, 14) : count;
    EXPECT_EQ(grundy_sequence(code, n, sequence_method::solver),
              grundy_sequence(code, n, sequence_method::option_values))
        << text;
  }
}

/// g(n) of `1-5` (Moebius) is the mex of the XORs of at most 4 of g(0..n-1): checked for every coin up to where the
/// values pass 2^22 (so the solver's sets exceed 2^17 words and its word loop runs on two threads), by meet in the
/// middle over P = {XOR of at most 2 of the coins so far} kept as a bitset: y is an option iff y ⊕ p ∈ P for some
/// p ∈ P (a set of at most 4 split in two halves; shared coins cancel, leaving fewer), so every value below g(n)
/// needs a witness and g(n) none.
TEST(TurningCodeTest, MoebiusFarOutIsTheMexOfAtMostFourCoins) {
  const coin n_max = sanitized ? 240 : 640;
  const std::vector<grundy_value> g = grundy_sequence(turning_code::parse("1-5"), n_max, sequence_method::solver);
  if (!sanitized) {
    ASSERT_GT(g.back(), grundy_value{1} << 22);
  }
  const grundy_value universe = std::bit_ceil(g.back() + 1);
  std::vector<bool> in_p(universe, false);
  std::vector<grundy_value> p = {0};
  in_p[0] = true;
  const auto is_option = [&](grundy_value y) {
    for (const grundy_value x : p) {
      if ((y ^ x) < universe && in_p[y ^ x]) return true;
    }
    return false;
  };
  for (coin n = 0; n < n_max; ++n) {
    const grundy_value low = n == 0 ? 0 : g[n - 1] + 1;  // below g(n-1) every value was an option already
    for (grundy_value y = low; y < g[n]; ++y) ASSERT_TRUE(is_option(y)) << "coin " << n << ": " << y;
    ASSERT_FALSE(is_option(g[n])) << "coin " << n;
    // P gains g(n) and g(n) ⊕ g(i) for i < n.
    for (coin i = 0; i <= n; ++i) {
      const grundy_value x = i == n ? g[n] : g[n] ^ g[i];
      if (!in_p[x]) {
        in_p[x] = true;
        p.push_back(x);
      }
    }
  }
}

// `1-41` takes its values from `1-40` (the parity extension), whose sets would pass their budget at coin 40 (38
// bitsets over 2^40 values): the solver then goes on by the direct route, which lists. Up to coin 40 a move may
// turn every coin below it, so g(n) = 2^n (Motley's values); coin 41 would list 2^41 - 1 sets (every set of at most 40
// of its 41 lower coins) and is refused, naming coin 41 of `1-41`.
TEST(TurningCodeTest, ParityExtensionFallsBackOnTheDirectRoute) {
  const turning_code code = turning_code::parse("1-41");
  const std::vector<grundy_value> g = grundy_sequence(code, 41, sequence_method::solver);
  for (coin n = 0; n < 41; ++n) EXPECT_EQ(g[n], grundy_value{1} << n) << "coin " << n;
  try {
    static_cast<void>(grundy_sequence(code, 42, sequence_method::solver));
    FAIL() << "coin 41 of 1-41 was computed";
  } catch (const limit_error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("coin 41: listing its option values would enumerate 2^41 sets"));
  }
}

/// Every r-subset XOR of the table, r in [lo, hi], by plain recursion.
void subset_xors(std::span<const grundy_value> t, std::size_t from, unsigned left, grundy_value x, unsigned lo,
                 unsigned taken, std::set<grundy_value>& out) {
  if (taken >= lo) out.insert(x);
  if (left == 0) return;
  for (std::size_t i = from; i < t.size(); ++i) subset_xors(t, i + 1, left - 1, x ^ t[i], lo, taken + 1, out);
}

TEST(TurningCodeTest, PlainOptionValuesOnLongTablesMatchDirectSubsets) {
  // Long tables with small values take the Walsh-Hadamard route; large values the enumeration route.
  std::mt19937_64 rng(99);
  for (const auto& [text, lo, hi] :
       {std::tuple{"1-3", 0u, 2u}, std::tuple{"3", 2u, 2u}, std::tuple{"2-4", 1u, 3u}, std::tuple{"4", 3u, 3u}}) {
    const turning_code code = turning_code::parse(text);
    for (const grundy_value bound : {grundy_value{8}, grundy_value{1000}, grundy_value{0}}) {
      const std::size_t n = sanitized ? 40 : 90;
      std::vector<grundy_value> g(n);
      for (grundy_value& v : g) v = bound == 0 ? rng() : rng() % bound;
      std::set<grundy_value> expected;
      subset_xors(g, 0, hi, 0, lo, 0, expected);
      std::vector<grundy_value> out;
      code.option_values(static_cast<coin>(n), g, out);
      EXPECT_EQ(std::set<grundy_value>(out.begin(), out.end()), expected) << text << " bound " << bound;
    }
  }
}

TEST(TurningCodeTest, FindMovesOnALongMockTurtlesRow) {
  const coin n = sanitized ? 3000 : 20000;
  const turning_code code = turning_code::parse("1-3");
  const std::vector<grundy_value> g = grundy_sequence(code, n);
  std::mt19937_64 rng(5);
  std::vector<grundy_value> options;
  for (int trial = 0; trial < 20; ++trial) {
    const coin a = static_cast<coin>(rng() % n);
    const grundy_value target = rng() % (2 * g[a] + 2);
    options.clear();
    code.option_values(a, g, options);
    const bool is_option = std::find(options.begin(), options.end(), target) != options.end();
    int found = 0;
    code.find_moves(a, target, g, [&](std::span<const coin> others) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      EXPECT_EQ(x, target);
      EXPECT_LE(others.size(), 2u);
      EXPECT_TRUE(others.empty() || others.back() < a);
      return ++found < 3;
    });
    EXPECT_EQ(found > 0, is_option) << "coin " << a << " target " << target;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Published sequences and closed forms

TEST(TurningCodeTest, MockTurtlesMatchesOeisA000069) {
  const std::vector<grundy_value> odious = tartan::test::oeis_terms("A000069");  // offset 1: a(1) is our coin 0
  ASSERT_GE(odious.size(), 50u);
  EXPECT_EQ(grundy_sequence(turning_code::parse("1-3"), odious.size()), odious);
}

TEST(TurningCodeTest, RulerMatchesOeisA006519) {
  const std::vector<grundy_value> ruler = tartan::test::oeis_terms("A006519");  // a(n) is our coin n-1
  ASSERT_GE(ruler.size(), 50u);
  EXPECT_EQ(grundy_sequence(turning_code::parse("1+C"), ruler.size()), ruler);
}

TEST(TurningCodeTest, GruntIsGrundysGame) {
  // Grunt (4FS) turns {0, i, n-i, n}: the heap n of Grundy's game split into unequal heaps i and n-i
  // (Winning Ways, ch. 14). Grundy's game by the mex definition:
  const coin n = 300;
  std::vector<grundy_value> grundy(n);
  for (coin h = 0; h < n; ++h) {
    std::set<grundy_value> options;
    for (coin i = 1; 2 * i < h; ++i) options.insert(grundy[i] ^ grundy[h - i]);
    grundy[h] = mex_of(options);
  }
  EXPECT_EQ(grundy_sequence(turning_code::parse("4FS"), n), grundy);
}

TEST(TurningCodeTest, LargeUnboundedCountsFollowTheirClosedForm) {
  // `k+`: at least k coins in all. Below coin k-1 there is no move (g = 0); from there, with k-1 zeros to pad any
  // choice of the later coins up to the count, every XOR of g(k-1..n-1) is an option, so g(k-1+i) = 2^i by
  // induction. `k+F` is the same: coin 0 (value 0) joins every move, and coins 1..k-2 are the padding. The solver
  // used to list its exceptions over 2^(coins) choices below coin k-1 (`30+` took 9 s for g(0..26)).
  for (const char* text : {"30+", "30+F", "55+", "55+F"}) {
    const turning_code code = turning_code::parse(text);
    const coin k = code.alternatives()[0].min_coins;
    const auto g = grundy_sequence(code, k + 40);
    for (coin n = 0; n < g.size(); ++n) {
      const grundy_value expected = n + 1 < k ? 0 : grundy_value{1} << (n + 1 - k);
      ASSERT_EQ(g[n], expected) << text << " coin " << n;
    }
  }
}

TEST(TurningCodeTest, MotleyIsPowersOfTwoAndOverflowsAtCoin64) {
  const turning_code motley = turning_code::parse("1+");
  const std::vector<grundy_value> g = grundy_sequence(motley, 64);
  for (coin n = 0; n < 64; ++n) EXPECT_EQ(g[n], grundy_value{1} << n);
  try {
    grundy_sequence(motley, 65);
    FAIL() << "no overflow";
  } catch (const overflow_error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("g(64) of 1+ does not fit in 64 bits (it is 2^64)"));
  }
}

TEST(TurningCodeTest, SymOverflowsNamingTheFirstCoin) {
  const turning_code sym = turning_code::parse("1+S");
  try {
    grundy_sequence(sym, 400);
    FAIL() << "no overflow";
  } catch (const overflow_error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("of 1+S does not fit in 64 bits"));
    EXPECT_THAT(e.what(), ::testing::HasSubstr("coin "));
  }
}

TEST(TurningCodeTest, TurningTurtlesAndTwinsClosedForms) {
  const coin n = sanitized ? 100000 : 1000000;
  const std::vector<grundy_value> turtles = grundy_sequence(turning_code::parse("1-2"), n);
  const std::vector<grundy_value> twins = grundy_sequence(turning_code::parse("2"), n);
  for (coin i = 0; i < n; ++i) {
    ASSERT_EQ(turtles[i], i + 1);
    ASSERT_EQ(twins[i], i);
  }
}

TEST(TurningCodeTest, IntrospectionOfMoveGrowth) {
  EXPECT_TRUE(turning_code::parse("1-3").polynomial_moves());
  EXPECT_TRUE(turning_code::parse("1+C").polynomial_moves());
  EXPECT_TRUE(turning_code::parse("1+E").polynomial_moves());
  EXPECT_TRUE(turning_code::parse("1+C(5)").polynomial_moves());
  EXPECT_FALSE(turning_code::parse("1+").polynomial_moves());
  EXPECT_FALSE(turning_code::parse("1+S").polynomial_moves());
  EXPECT_FALSE(turning_code::parse("1-3,1+FS").polynomial_moves());
  EXPECT_EQ(turning_code::parse("1-3").max_coins_per_move(), 3u);
  EXPECT_EQ(turning_code::parse("2-3,6C").max_coins_per_move(), 6u);
  EXPECT_EQ(turning_code::parse("1+C(5)").max_coins_per_move(), 5u);
  EXPECT_EQ(turning_code::parse("1+S").max_coins_per_move(), turning_alternative::unbounded);
  EXPECT_EQ(turning_code::parse("1+").move_count(100), UINT64_MAX);  // 2^100 saturates
  EXPECT_EQ(turning_code::parse("1+").move_count(10), 1024u);
}

TEST(TurningCodeTest, WorksAsATurningGame) {
  const turning_game game("mock-turtles", "1-3", turning_code::parse("1-3"));
  EXPECT_THAT(game.sequence(9), ::testing::ElementsAre(1, 2, 4, 7, 8, 11, 13, 14, 16));
}

}  // namespace
}  // namespace tartan
