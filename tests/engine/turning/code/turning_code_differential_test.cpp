// Differential test of turning codes: thousands of seeded random codes, each solved by the engine (the automatic
// route of turning_game::sequence and the option_values route) and by tests/support/turning_code_reference.hpp,
// which enumerates the moves straight from the definition and takes the mex. Positions on short rows are compared
// with brute force over the whole game graph (value and every winning move). The reference is itself checked
// against closed forms and against exhaustive subset enumeration, and the random codes are checked to cover every
// form of the language, the parser's reading of them included.
//
// Long runs: TARTAN_DIFFERENTIAL_CODES=100000 sets the number of random codes (scripts/differential), and
// TARTAN_DIFFERENTIAL_SEED the seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "support/naive.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using test::generated_code;
using test::reference_alternative;
using test::reference_code;
using test::reference_generator;
using test::reference_sequence;
using test::reference_values;

#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t default_codes = 1000;  // sanitizer builds run ~3x slower
constexpr std::size_t position_codes = 100;
#else
constexpr std::size_t default_codes = 3000;
constexpr std::size_t position_codes = 300;
#endif
constexpr std::uint32_t default_seed = 20250611;
constexpr coin max_coins = 640;                   // the longest sequence asked of one code
constexpr std::uint64_t work_per_code = 1 << 17;  // the reference's budget per code (coins looked at)

std::uint64_t from_environment(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 0);
  if (*end != '\0') {
    ADD_FAILURE() << name << "='" << text << "' is not a number; using " << fallback;
    return fallback;
  }
  return value;
}

std::size_t codes_to_try() { return from_environment("TARTAN_DIFFERENTIAL_CODES", default_codes); }
std::uint32_t seed() { return static_cast<std::uint32_t>(from_environment("TARTAN_DIFFERENTIAL_SEED", default_seed)); }

turning_alternative engine_reading(const reference_alternative& a) {
  turning_alternative t;
  t.min_coins = static_cast<coin>(a.lo);
  t.max_coins = a.hi == reference_alternative::unbounded ? turning_alternative::unbounded : static_cast<coin>(a.hi);
  t.consecutive = a.space == reference_alternative::spacing::consecutive;
  t.equally_spaced = a.space == reference_alternative::spacing::equal;
  t.symmetric = a.space == reference_alternative::spacing::symmetric;
  t.includes_first = a.first;
  t.window = static_cast<coin>(a.window);
  return t;
}

/// The first coin where two sequences differ (or where one ends before the other).
std::optional<std::size_t> first_difference(const std::vector<grundy_value>& a, const std::vector<grundy_value>& b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (a[i] != b[i]) return i;
  }
  if (a.size() != b.size()) return common;
  return std::nullopt;
}

std::string show(const std::vector<grundy_value>& g, std::size_t at) {
  return at < g.size() ? std::to_string(g[at]) : std::string("(none)");
}

/// Compares the engine's two routes with `expected` = g(0..N-1); "" when they agree, else what differs.
std::string engine_disagreement(const std::string& text, const std::vector<grundy_value>& expected) {
  const std::size_t n = expected.size();
  const turning_code code = turning_code::parse(text);
  struct route {
    const char* name;
    std::vector<grundy_value> g;
  };
  std::vector<route> routes;
  try {
    routes.push_back({"turning_game::sequence (automatic)", turning_game("differential", text, code).sequence(n)});
    routes.push_back({"grundy_sequence option_values", grundy_sequence(code, n, sequence_method::option_values)});
  } catch (const error& e) {
    return "code '" + text + "', N = " + std::to_string(n) + ": the engine threw: " + e.what();
  }
  for (const route& r : routes) {
    if (const auto at = first_difference(r.g, expected)) {
      return "code '" + text + "', N = " + std::to_string(n) + ": " + r.name + " gives g(" + std::to_string(*at) +
             ") = " + show(r.g, *at) + ", the definition gives " + show(expected, *at);
    }
  }
  return "";
}

// ---------------------------------------------------------------------------------------------------------------
// The reference, checked first: a wrong reference would make the differential test meaningless.

TEST(TurningCodeDifferentialTest, ReferenceMatchesClosedForms) {
  const auto values = [](const char* text, coin count) {
    const reference_values r = reference_sequence(reference_code::from(turning_code::parse(text)), count);
    EXPECT_FALSE(r.stopped);
    return r.g;
  };
  // Motley (1+): g(n) = 2^n (Winning Ways ch. 14).
  const auto motley = values("1+", 16);
  for (coin n = 0; n < 16; ++n) EXPECT_EQ(motley[n], grundy_value{1} << n) << "1+ at " << n;
  // Ruler (1+C): the largest power of 2 dividing n + 1 (OEIS A006519, coins from 0).
  const auto ruler = values("1+C", 300);
  for (coin n = 0; n < 300; ++n) EXPECT_EQ(ruler[n], grundy_value{n + 1} & ~grundy_value{n}) << "1+C at " << n;
  // Turning Turtles (1-2): g(n) = n + 1; Twins (2, and 2E, 2S): g(n) = n.
  const auto turtles = values("1-2", 300);
  for (coin n = 0; n < 300; ++n) EXPECT_EQ(turtles[n], n + 1) << "1-2 at " << n;
  for (const char* twins : {"2", "2E", "2S"}) {
    const auto g = values(twins, 200);
    for (coin n = 0; n < 200; ++n) EXPECT_EQ(g[n], n) << twins << " at " << n;
  }
  // Mock Turtles (1-3): the odious numbers, 2n or 2n + 1 whichever has an odd number of 1 bits (OEIS A000069).
  const auto mock = values("1-3", 200);
  for (coin n = 0; n < 200; ++n) {
    const grundy_value odious = std::popcount(grundy_value{2} * n) % 2 == 1 ? 2 * n : 2 * n + 1;
    EXPECT_EQ(mock[n], odious) << "1-3 at " << n;
  }
  // Grunt (4FS): turning {0, i, n - i, n} is Grundy's game on a heap of n split into unequal heaps i and n - i.
  std::vector<grundy_value> grundy_game(120);
  for (std::size_t heap = 0; heap < grundy_game.size(); ++heap) {
    std::set<grundy_value> options;
    for (std::size_t i = 1; 2 * i < heap; ++i) options.insert(grundy_game[i] ^ grundy_game[heap - i]);
    grundy_game[heap] = test::naive_mex(options);
  }
  EXPECT_EQ(values("4FS", 120), grundy_game);
}

// Every subset of the coins below n, filtered by the definition, as bitmasks.
std::set<std::uint32_t> allowed_subsets(const reference_code& code, coin n) {
  std::set<std::uint32_t> out;
  std::vector<coin> others;
  for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << n); ++mask) {
    others.clear();
    for (coin c = 0; c < n; ++c) {
      if ((mask >> c & 1) != 0) others.push_back(c);
    }
    if (code.allows_move(others, n)) out.insert(mask);
  }
  return out;
}

TEST(TurningCodeDifferentialTest, ReferenceMovesAreExactlyTheAllowedSubsets) {
  // The reference's generators (runs, progressions, mirror pairs, combinations) against all 2^n subsets.
  reference_generator generator(seed() + 1);
  const coin rows = 12;
  std::size_t codes = 0, moves = 0;
  for (int i = 0; i < 250; ++i) {
    const generated_code code = generator.next();
    const reference_code ref(code.alternatives);
    for (coin n = 0; n < rows; ++n) {
      std::set<std::uint32_t> generated;
      ref.for_each_move(n, [&](std::span<const coin> others) {
        std::uint32_t mask = 0;
        for (const coin c : others) mask |= std::uint32_t{1} << c;
        EXPECT_TRUE(generated.insert(mask).second) << "code '" << code.text << "': a move from " << n << " twice";
        return true;
      });
      ASSERT_EQ(generated, allowed_subsets(ref, n)) << "code '" << code.text << "', moves from coin " << n;
      moves += generated.size();
    }
    ++codes;
  }
  EXPECT_GT(moves, codes * rows);
}

TEST(TurningCodeDifferentialTest, ReferenceBudgetStopsAtACoinBoundary) {
  const reference_code moebius = reference_code::from(turning_code::parse("1-5"));
  const reference_values full = reference_sequence(moebius, 40);
  ASSERT_FALSE(full.stopped);
  const reference_values cut = reference_sequence(moebius, 40, full.work / 2);
  EXPECT_TRUE(cut.stopped);
  EXPECT_LT(cut.g.size(), full.g.size());
  EXPECT_GT(cut.g.size(), 5U);
  EXPECT_EQ(cut.g, std::vector<grundy_value>(full.g.begin(), full.g.begin() + static_cast<long>(cut.g.size())));
}

// ---------------------------------------------------------------------------------------------------------------
// The random codes: every form of the language, read by the parser as written.

TEST(TurningCodeDifferentialTest, GeneratorCoversEveryFormAndTheParserAgrees) {
  reference_generator generator(seed());
  std::map<std::string, std::size_t> seen;
  std::size_t growth = 0;
  for (int i = 0; i < 3000; ++i) {
    const generated_code code = generator.next();
    for (const std::string& form : code.forms) ++seen[form];
    growth += code.growth ? 1 : 0;
    turning_code parsed = turning_code::parse("1");
    ASSERT_NO_THROW(parsed = turning_code::parse(code.text)) << "code '" << code.text << "'";
    ASSERT_EQ(parsed.alternatives().size(), code.alternatives.size()) << "code '" << code.text << "'";
    for (std::size_t j = 0; j < code.alternatives.size(); ++j) {
      EXPECT_EQ(parsed.alternatives()[j], engine_reading(code.alternatives[j]))
          << "code '" << code.text << "', alternative " << j;
      EXPECT_EQ(test::reference_from(parsed.alternatives()[j]), code.alternatives[j]);
    }
  }
  for (const std::string& form : reference_generator::all_forms()) {
    EXPECT_GE(seen[form], 5U) << "the generator never (or barely) produces: " << form;
  }
  EXPECT_GT(growth, 1000U);
  EXPECT_LT(growth, 2000U);
}

TEST(TurningCodeDifferentialTest, GeneratorIsSeeded) {
  const auto texts = [](std::uint32_t s) {
    reference_generator generator(s);
    std::vector<std::string> out;
    for (int i = 0; i < 50; ++i) out.push_back(generator.next().text);
    return out;
  };
  EXPECT_EQ(texts(7), texts(7));
  EXPECT_NE(texts(7), texts(8));
  const auto some = texts(7);
  EXPECT_GT(std::set<std::string>(some.begin(), some.end()).size(), 40U);
}

// ---------------------------------------------------------------------------------------------------------------
// The differential test proper.

TEST(TurningCodeDifferentialTest, RandomCodesMatchTheDefinition) {
  const std::size_t codes = codes_to_try();
  const std::uint32_t s = seed();
  reference_generator generator(s);
  std::size_t values = 0, failures = 0, joined = 0, joined_past_64 = 0;
  grundy_value largest = 0;
  std::string largest_code;
  std::map<int, std::size_t> past;  // codes whose values pass 2^b, b = 6, 7, 8, ...
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < codes; ++i) {
    const generated_code code = generator.next();
    const reference_values ref = reference_sequence(reference_code(code.alternatives), max_coins, work_per_code);
    const std::string wrong = engine_disagreement(code.text, ref.g);
    if (!wrong.empty() && ++failures <= 20) ADD_FAILURE() << wrong << " (code " << i << " of seed " << s << ")";
    values += 2 * ref.g.size();
    const grundy_value top = ref.g.empty() ? 0 : *std::max_element(ref.g.begin(), ref.g.end());
    if (top > largest) largest = top, largest_code = code.text;
    for (int b = 6; b < 64 && top >= (grundy_value{1} << b); ++b) ++past[b];
    if (test::joins_long_run(code.alternatives)) {
      ++joined;
      if (top > 64) ++joined_past_64;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ostringstream summary;
  summary << codes << " codes (seed " << s << "), " << values << " values compared, largest " << largest << " ('"
          << largest_code << "'); values past 64: " << past[6] << " codes, past 128: " << past[7]
          << ", past 256: " << past[8] << ", past 1024: " << past[10] << "; k+C (k >= 2) joined with another "
          << "alternative: " << joined << " codes, " << joined_past_64 << " of them past 64; " << failures
          << " codes disagree; " << seconds << " s";
  std::cout << "[ summary  ] " << summary.str() << "\n";
  RecordProperty("codes", static_cast<int>(codes));
  RecordProperty("values_compared", static_cast<int>(values));
  RecordProperty("largest_value", std::to_string(largest));
  RecordProperty("joined_long_runs_past_64", static_cast<int>(joined_past_64));
  // The suite must reach the values where the universe-growing solvers change regime.
  if (codes >= 1000) {
    EXPECT_GT(past[6], codes / 5);
    EXPECT_GT(past[8], codes / 20);
    EXPECT_GT(joined_past_64, codes / 10);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Positions: value and the complete set of winning moves against brute force over the game graph.

std::uint64_t moves_below(const reference_code& code, coin coins) {
  std::uint64_t total = 0;
  for (coin n = 0; n < coins; ++n) {
    code.for_each_move(n, [&](std::span<const coin>) { return ++total < (1U << 20); });
  }
  return total;
}

row_position row_of(std::uint32_t heads, coin coins) {
  row_position p;
  p.coins = coins;
  for (coin c = 0; c < coins; ++c) {
    if ((heads >> c & 1) != 0) p.heads.push_back(c);
  }
  return p;
}

TEST(TurningCodeDifferentialTest, PositionsMatchBruteForce) {
  reference_generator generator(seed() + 2);
  std::mt19937 rng(seed() + 3);
  std::size_t positions = 0, zero = 0, wins = 0;
  for (std::size_t i = 0; i < position_codes; ++i) {
    const generated_code code = generator.next();
    const reference_code ref(code.alternatives);
    // Rows of 4 to 12 coins, fewer when the game graph (2^coins positions times their moves) would be large.
    coin coins = std::uniform_int_distribution<coin>(4, 12)(rng);
    while (coins > 3 && (std::uint64_t{1} << coins) * moves_below(ref, coins) > (std::uint64_t{1} << 17)) --coins;
    test::brute_force<reference_code> brute(ref, coins);
    const turning_game game("differential", code.text, turning_code::parse(code.text));
    const std::vector<grundy_value> g = game.sequence(coins);
    std::vector<std::uint32_t> rows;
    for (int r = 0; r < 4; ++r) rows.push_back(std::uniform_int_distribution<std::uint32_t>(0, (1U << coins) - 1)(rng));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const std::uint32_t heads = rows[r];
      const row_position p = row_of(heads, coins);
      const grundy_value expected = brute.value(heads);
      ASSERT_EQ(position_value(g, p), expected) << "code '" << code.text << "', row " << format_coins(p.heads);
      std::vector<std::vector<coin>> found = winning_moves(game, g, p, std::size_t{1} << 20);
      std::sort(found.begin(), found.end());
      const std::vector<std::vector<coin>> wanted = brute.winning_moves(heads);
      ASSERT_EQ(found, wanted) << "code '" << code.text << "', " << coins << " coins, heads " << format_coins(p.heads);
      ++positions;
      wins += wanted.size();
      if (expected == 0) {
        ++zero;
      } else if (r < 4 && !wanted.empty()) {
        // The row a winning move leads to: value 0, no winning move.
        rows.push_back(
            test::apply_move(heads, wanted[std::uniform_int_distribution<std::size_t>(0, wanted.size() - 1)(rng)]));
      }
    }
  }
  std::cout << "[ summary  ] " << positions << " positions (" << zero << " of value 0), " << wins
            << " winning moves compared\n";
  RecordProperty("positions", static_cast<int>(positions));
  EXPECT_GT(zero, position_codes);
  EXPECT_GT(positions, 4 * position_codes);
}

// ---------------------------------------------------------------------------------------------------------------
// Regressions: codes joining `k+C` (k >= 2) with other alternatives, whose values came out wrong once they passed
// 64 (the prefix-XOR tree's first universe) before the fix in prefix_tree_component::first_absent.

struct joined_run_case {
  const char* code;
  std::size_t first_wrong;  // the first coin that came out wrong; 0 when not known
};

void PrintTo(const joined_run_case& c, std::ostream* out) {
  *out << "'" << c.code << "' ";
  if (c.first_wrong == 0)
    *out << "(past its first value above 64)";
  else
    *out << "(first wrong coin " << c.first_wrong << ")";
}

class JoinedLongRunTest : public ::testing::TestWithParam<joined_run_case> {};

TEST_P(JoinedLongRunTest, MatchesTheDefinitionPast64) {
  const joined_run_case c = GetParam();
  const reference_code ref = reference_code::from(turning_code::parse(c.code));
  std::size_t count = c.first_wrong + 12;
  if (c.first_wrong == 0) {
    // Far enough for values past 64.
    const reference_values probe = reference_sequence(ref, 60, std::uint64_t{1} << 24);
    const auto past = std::find_if(probe.g.begin(), probe.g.end(), [](grundy_value v) { return v > 64; });
    ASSERT_NE(past, probe.g.end()) << c.code << " never passes 64 within reach";
    count = static_cast<std::size_t>(past - probe.g.begin()) + 12;
  }
  const reference_values ref_values = reference_sequence(ref, static_cast<coin>(count));
  ASSERT_EQ(ref_values.g.size(), count);
  EXPECT_GT(*std::max_element(ref_values.g.begin(), ref_values.g.end()), 64U) << c.code;
  EXPECT_EQ(engine_disagreement(c.code, ref_values.g), "");
}

INSTANTIATE_TEST_SUITE_P(TurningCodeDifferentialTest, JoinedLongRunTest,
                         ::testing::Values(joined_run_case{"2+C,1-5", 8}, joined_run_case{"2+C,5", 12},
                                           joined_run_case{"2+C,2-5", 9}, joined_run_case{"2+C,4-8S", 19},
                                           joined_run_case{"2+C,4-7S", 23}, joined_run_case{"2+C,5-8S", 16},
                                           joined_run_case{"2+C,1-3,4S", 27}, joined_run_case{"1-3F,4-6S,2+C", 20},
                                           joined_run_case{"1-3F,3+C,2-4E", 34}, joined_run_case{"1-5,6+C", 0}));

TEST(TurningCodeDifferentialTest, JoinedLongRunValueAtCoin8) {
  // The definition, twice: the reference's generators and all subsets of the 8 coins below.
  const reference_code ref = reference_code::from(turning_code::parse("2+C,1-5"));
  const reference_values r = reference_sequence(ref, 9);
  ASSERT_EQ(r.g.size(), 9U);
  EXPECT_EQ(r.g[8], 107U);
  std::set<grundy_value> options;
  for (const std::uint32_t mask : allowed_subsets(ref, 8)) {
    grundy_value x = 0;
    for (coin c = 0; c < 8; ++c) x ^= (mask >> c & 1) != 0 ? r.g[c] : 0;
    options.insert(x);
  }
  EXPECT_EQ(test::naive_mex(options), 107U);
  EXPECT_EQ(turning_game("2+C,1-5", "2+C,1-5", turning_code::parse("2+C,1-5")).sequence(9)[8], 107U);
}

}  // namespace
}  // namespace tartan
