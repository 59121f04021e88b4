// Censuses (analysis/census.hpp), against the definition:
//   - the families listed in full where small, counted and spot-checked where large, and their refusals;
//   - every row of the octal codes of up to two digits against the values the test computes by the heap game's mex:
//     its summary is the summary of those values, a proven period holds on values computed far past the proof;
//   - the groups against the test's own comparison of those values (equal from the first nonzero value), the proven
//     equalities on values far past, and published equivalences and their corrections;
//   - run_census on threads gives the rows of a plain loop, skips the rules done, and stops when asked.
#include "tartan/analysis/census.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

using test::message_of;

/// g(0..count-1) of the octal game whose code is `text` (0.d1d2..., digits 0-7) by definition.
std::vector<grundy_value> octal_definition(const std::string& text, std::size_t count) {
  std::vector<int> digits;
  for (std::size_t i = text.find('.') + 1; i < text.size(); ++i) digits.push_back(text[i] - '0');
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (std::size_t k = 1; k <= digits.size() && k <= n; ++k) {
      const int d = digits[k - 1];
      const std::size_t r = n - k;
      if ((d & 1) != 0 && r == 0) options.insert(0);
      if ((d & 2) != 0 && r >= 1) options.insert(g[r]);
      if ((d & 4) != 0) {
        for (std::size_t a = 1; 2 * a <= r; ++a) options.insert(g[a] ^ g[r - a]);
      }
    }
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    g.push_back(m);
  }
  return g;
}

/// The rows of `rules`, one after another.
std::vector<census_row> rows_of(const std::vector<std::string>& rules, std::size_t values) {
  std::vector<census_row> rows;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    rows.push_back(*census_rule_row(games::find_game(rules[i]), i, rules[i], "", {.values = values}, {}));
  }
  return rows;
}

TEST(CensusTest, OctalFamiliesListEveryCodeOnce) {
  const census_family one = octal_family(1);
  EXPECT_EQ(one.description, "octal codes 0.d");
  EXPECT_EQ(one.rules, (std::vector<std::string>{"0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"}));
  const census_family three = octal_family(3);
  ASSERT_EQ(three.rules.size(), 512u);
  EXPECT_EQ(three.rules[0], "0.0");
  EXPECT_EQ(three.rules[1], "0.001");
  EXPECT_EQ(three.rules[8], "0.01");
  EXPECT_EQ(three.rules[0770], "0.77");
  EXPECT_EQ(three.rules[0777], "0.777");
  // Every code is distinct as a game: the digits, trailing zeros aside, differ.
  std::set<std::string> distinct(three.rules.begin(), three.rules.end());
  EXPECT_EQ(distinct.size(), 512u);
  const census_family both = octal_family(2, {4, 0});
  EXPECT_EQ(both.description, "octal codes 0.dd, 4.dd");
  ASSERT_EQ(both.rules.size(), 128u);
  EXPECT_EQ(both.rules[64], "4.0");
  // d0 lists the digits before the point: {4} gives the codes 4.d1..dD alone.
  const census_family four = octal_family(1, {4});
  EXPECT_EQ(four.description, "octal codes 4.d");
  EXPECT_EQ(four.rules, (std::vector<std::string>{"4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7"}));
  const census_family hex = hexadecimal_family(1, {0, 8});
  EXPECT_EQ(hex.description, "hexadecimal codes 0.d, 8.d");
  EXPECT_EQ(hex.rules.size(), 32u);
  EXPECT_EQ(hex.rules[15], "0.F");
  EXPECT_EQ(hex.rules[31], "8.F");
  for (const std::string& r : hexadecimal_family(2).rules) EXPECT_NO_THROW(static_cast<void>(games::find_game(r)));
}

TEST(CensusTest, SubtractionTurningAndListedFamilies) {
  EXPECT_EQ(subtraction_family(3, 3).rules,
            (std::vector<std::string>{"S{1}", "S{2}", "S{1,2}", "S{3}", "S{1,3}", "S{2,3}", "S{1,2,3}"}));
  EXPECT_EQ(subtraction_family(3, 1).rules, (std::vector<std::string>{"S{1}", "S{2}", "S{3}"}));
  EXPECT_EQ(subtraction_family(3, 1).description, "subtraction sets of at most 1 number from 1..3");
  EXPECT_EQ(subtraction_family(3, 3).description, "subtraction sets from 1..3");
  // 1 to 3 numbers out of 10: C(10,1) + C(10,2) + C(10,3).
  EXPECT_EQ(subtraction_family(10, 3).rules.size(), 10u + 45u + 120u);

  const census_family spans = turning_family("aC(w)", 2);
  EXPECT_EQ(spans.rules, (std::vector<std::string>{"1C(1)", "1C(2)", "2C(2)"}));
  EXPECT_EQ(spans.skipped, 1u);
  EXPECT_NE(spans.skipped_example.find("2C(1)"), std::string::npos) << spans.skipped_example;
  const census_family ranges = turning_family("a-b", 4);
  EXPECT_EQ(ranges.rules.size(), 10u) << "the pairs a <= b of 1..4";
  EXPECT_EQ(ranges.description, "turning codes a-b, each letter 1..4");

  const census_family listed = listed_family("rules.txt", "0.77  # Kayles\n\n   0.07\r\n# nothing\nkayles\n");
  EXPECT_EQ(listed.rules, (std::vector<std::string>{"0.77", "0.07", "kayles"}));
  EXPECT_EQ(listed.description, "the rules in rules.txt");
}

/// The argument_error `f` throws: its parts, which a front end words with its own name for the parameter.
argument_error argument_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const argument_error& e) {
    return e;
  }
  ADD_FAILURE() << "no argument_error";
  return argument_error("", "", "", "", "");
}

// Before: the engine's messages named command-line options ("--digits 7", "--size 0"), which Python and the C++ API
// do not have. The engine now says it in its own terms, with the parameter, the value, what is wrong and what would
// do kept apart (argument_error), for each front end to say with its own name (tests/cli/census_cli_test.cpp: the
// options; python/tests/test_census.py: the keyword arguments).
TEST(CensusTest, MalformedFamiliesAreRefused) {
  EXPECT_EQ(message_of([] { octal_family(0); }),
            "digits 0 is out of range for octal codes; ask for 1 to 6 (the digits after the point)");
  const argument_error digits = argument_error_of([] { octal_family(7); });
  EXPECT_EQ(std::string(digits.what()),
            "digits 7 is out of range for octal codes; ask for 1 to 6 (the digits after the point)");
  EXPECT_EQ(digits.parameter(), "digits");
  EXPECT_EQ(digits.given(), "7");
  EXPECT_EQ(digits.accepted(), "1 to 6");
  EXPECT_EQ(argument_error_of([] { octal_family(2, {2}); }).parameter(), "first_digits");
  EXPECT_EQ(message_of([] { octal_family(2, {2}); }),
            "first_digits 2 is not a digit before the point of octal codes; ask for 0 or 4 (d0, which splits a heap "
            "without taking)");
  EXPECT_EQ(message_of([] { hexadecimal_family(6); }),
            "digits 6 is out of range for hexadecimal codes; ask for 1 to 5 (the digits after the point)");
  EXPECT_EQ(argument_error_of([] { subtraction_family(21, 2); }).parameter(), "max_element");
  EXPECT_EQ(argument_error_of([] { subtraction_family(4, 0); }).parameter(), "max_size");
  EXPECT_EQ(argument_error_of([] { turning_family("a-b", 0); }).parameter(), "max_value");
  // No message of the engine's census names an option of the command line.
  for (const std::function<void()>& f : std::vector<std::function<void()>>{
           [] { octal_family(0); }, [] { octal_family(2, {2}); }, [] { hexadecimal_family(6); },
           [] { subtraction_family(21, 2); }, [] { subtraction_family(4, 0); }, [] { turning_family("a-b", 0); },
           [] { turning_family("a-b", 2000); }, [] { listed_family("x", ""); }}) {
    EXPECT_EQ(message_of(f).find("--"), std::string::npos) << message_of(f);
  }
  EXPECT_EQ(message_of([] { turning_family("1-3", 4); }),
            "turning pattern '1-3' has no variable; write lowercase letters for the numbers to vary, e.g. a-bC(w)");
  EXPECT_EQ(message_of([] { turning_family("a-b", 2000); }),
            "the family of turning codes a-b, each letter 1..2000 holds 4000000 rules, more than a census takes "
            "(1048576); ask for fewer digits or a smaller bound");
  EXPECT_EQ(message_of([] { turning_family("1aC(1)", 1); }),
            "turning pattern '1aC(1)' spells no turning code with values 1 to 1: turning code '11C(1)': span C(1) at "
            "column 5 is narrower than the 11 coins turned (make it at least 11); codes look like 1-3, 1+C, 3E, 4FS, "
            "2-3,6C");
  EXPECT_EQ(message_of([] { listed_family("empty.txt", "# only a comment\n\n"); }),
            "no rule is listed in empty.txt; write one rule per line (0.77, S{1,3}, 1-3, kayles), # for comments");
}

TEST(CensusTest, RowsOfTwoDigitOctalCodesMatchTheDefinition) {
  const std::size_t n = 240;
  const census_family family = octal_family(2);
  const std::vector<census_row> rows = rows_of(family.rules, n);
  int proven = 0;
  for (const census_row& row : rows) {
    SCOPED_TRACE(row.rule);
    const std::vector<grundy_value> g = octal_definition(row.rule, n);
    const sequence_summary expected = summarize_sequence(g, games::find_game(row.rule));
    EXPECT_EQ(row.computed, n);
    EXPECT_EQ(row.summary.largest, expected.largest);
    EXPECT_EQ(row.summary.largest_at, expected.largest_at);
    ASSERT_EQ(row.summary.period.has_value(), expected.period.has_value());
    ASSERT_EQ(row.summary.rare.has_value(), expected.rare.has_value());
    if (expected.rare) {
      EXPECT_EQ(row.summary.rare->mask, expected.rare->mask);
      EXPECT_EQ(row.summary.rare->count, expected.rare->count);
      EXPECT_EQ(row.summary.rare->last, expected.rare->last);
    }
    std::size_t first = 0;
    while (first < n && g[first] == 0) ++first;
    EXPECT_EQ(row.shift, first < n ? first : 0);
    EXPECT_TRUE(row.fingerprint.has_value());
    if (!expected.period) {
      EXPECT_EQ(row.status, census_status::none);
      continue;
    }
    const sequence_period& p = *row.summary.period;
    EXPECT_EQ(p.preperiod, expected.period->preperiod);
    EXPECT_EQ(p.period, expected.period->period);
    EXPECT_EQ(row.status, p.proven ? census_status::proven : census_status::observed);
    EXPECT_EQ(row.why, p.why);
    if (p.proven) {
      ++proven;
      // Far past the proof window, by the definition.
      const std::vector<grundy_value> far = octal_definition(row.rule, 4 * n);
      for (std::size_t i = p.preperiod; i + p.period < far.size(); ++i) {
        ASSERT_EQ(far[i + p.period], far[i]) << "at n = " << i;
      }
    }
  }
  EXPECT_GT(proven, 40);
}

TEST(CensusTest, GroupsAreTheRulesWithEqualValues) {
  const std::size_t n = 200;
  const std::size_t length = census_comparison_length(n);
  const census_family family = octal_family(2);
  const std::vector<census_row> rows = rows_of(family.rules, n);
  // The test's own grouping: the values from the first nonzero one, over the comparison length.
  std::map<std::vector<grundy_value>, std::vector<std::size_t>> by_values;
  std::vector<std::size_t> shift(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::vector<grundy_value> g = octal_definition(family.rules[i], n);
    std::size_t first = 0;
    while (first < n && g[first] == 0) ++first;
    shift[i] = first < n ? first : 0;
    by_values[std::vector<grundy_value>(g.begin() + static_cast<std::ptrdiff_t>(shift[i]),
                                        g.begin() + static_cast<std::ptrdiff_t>(shift[i] + length))]
        .push_back(i);
  }
  std::set<std::vector<std::size_t>> expected;
  for (auto& [values, members] : by_values) {
    if (members.size() >= 2) expected.insert(members);
  }
  const std::vector<census_group> groups = census_groups(rows, n);
  std::set<std::vector<std::size_t>> found;
  int proven = 0;
  for (const census_group& group : groups) {
    std::vector<std::size_t> members;
    for (const census_member& m : group.members) members.push_back(m.index);
    const std::size_t first = group.members.front().index;
    for (const census_member& m : group.members) {
      EXPECT_LE(shift[first], shift[m.index]) << "the first member has the least shift";
      EXPECT_EQ(m.moved, shift[m.index] - shift[first]);
      if (m.index == first || !m.proven) continue;
      ++proven;
      // Proven equal: g_m(x) = g_first(x - moved) for every x, checked far past.
      const std::vector<grundy_value> a = octal_definition(family.rules[first], 5 * n);
      const std::vector<grundy_value> b = octal_definition(family.rules[m.index], 5 * n);
      for (std::size_t x = 0; x < b.size(); ++x) {
        ASSERT_EQ(b[x], x >= m.moved ? a[x - m.moved] : 0) << family.rules[m.index] << " at " << x;
      }
    }
    std::sort(members.begin(), members.end());
    found.insert(members);
  }
  EXPECT_EQ(found, expected);
  EXPECT_GT(proven, 10);
}

TEST(CensusTest, PublishedEquivalencesAndTheirCorrections) {
  // OEIS A071453 (.117): ".051 and .053 have values a(n-1)": moved one heap.
  // Winning Ways' locator maps .27 to .06; Czajka (github.com/tczajka/octal-games, README) corrects it to .26.
  // Flammenkamp's table has .161 and .36 equivalent; Czajka: they differ first at heap 519.
  const std::vector<std::string> rules = {"0.117", "0.051", "0.053", "0.26", "0.06", "0.27", "0.161", "0.36"};
  const std::size_t n = 1200;
  const std::vector<census_row> rows = rows_of(rules, n);
  std::map<std::string, std::pair<std::string, census_member>> same;  // rule -> (first, member)
  for (const census_group& g : census_groups(rows, n)) {
    for (const census_member& m : g.members) same[rules[m.index]] = {rules[g.members.front().index], m};
  }
  ASSERT_EQ(same.count("0.051"), 1u);
  EXPECT_EQ(same["0.051"].first, "0.117");
  EXPECT_EQ(same["0.051"].second.moved, 1u);
  EXPECT_TRUE(same["0.051"].second.proven);
  EXPECT_EQ(same["0.053"].first, "0.117");
  EXPECT_EQ(same["0.27"].first, "0.26");
  EXPECT_EQ(same["0.27"].second.moved, 0u);
  EXPECT_TRUE(same["0.27"].second.proven);
  EXPECT_NE(same["0.06"].first, "0.26");
  EXPECT_EQ(same.count("0.161"), 0u) << ".161 and .36 are not equal";
  const std::vector<grundy_value> a = octal_definition("0.161", 600), b = octal_definition("0.36", 600);
  std::size_t differ = 0;
  while (a[differ] == b[differ]) ++differ;
  EXPECT_EQ(differ, 519u);
  // With fewer values they agree so far, not proven.
  const std::vector<census_row> short_rows = rows_of({"0.161", "0.36"}, 500);
  const std::vector<census_group> so_far = census_groups(short_rows, 500);
  ASSERT_EQ(so_far.size(), 1u);
  EXPECT_FALSE(so_far[0].members[1].proven);
}

TEST(CensusTest, RowsStoppedAtTheirProofAreTheRowsOfAllTheValues) {
  // 8192 values: most two-digit codes prove their period in a few thousand and write the rest out from it. Their rows
  // against the summary of all 8192 values computed (by the engine's route, checked against the definition by
  // take_break_code_test), and their groups against the test's own grouping of those values.
  const std::size_t n = 8192;
  const std::size_t length = census_comparison_length(n);
  const census_family family = octal_family(2);
  const std::vector<census_row> rows = rows_of(family.rules, n);
  std::map<std::vector<grundy_value>, std::vector<std::size_t>> by_values;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(family.rules[i]);
    const turning_game game = games::find_game(family.rules[i]);
    const std::vector<grundy_value> g = game.sequence(n, sequence_method::automatic);
    const sequence_summary all = summarize_sequence(g, game);
    const census_row& row = rows[i];
    EXPECT_EQ(row.computed, n);
    EXPECT_EQ(row.summary.observed, n);
    EXPECT_EQ(row.summary.largest, all.largest);
    EXPECT_EQ(row.summary.largest_at, all.largest_at);
    ASSERT_EQ(row.summary.period.has_value(), all.period.has_value());
    if (all.period) {
      EXPECT_EQ(row.summary.period->preperiod, all.period->preperiod);
      EXPECT_EQ(row.summary.period->period, all.period->period);
      EXPECT_EQ(row.summary.period->full_periods, all.period->full_periods);
      EXPECT_EQ(row.why, all.period->why);
    }
    ASSERT_EQ(row.summary.rare.has_value(), all.rare.has_value());
    if (all.rare) {
      EXPECT_EQ(row.summary.rare->mask, all.rare->mask);
      EXPECT_EQ(row.summary.rare->count, all.rare->count);
      EXPECT_EQ(row.summary.rare->last, all.rare->last);
    }
    std::size_t first = 0;
    while (first < n && g[first] == 0) ++first;
    const std::size_t shift = first < n ? std::min<std::size_t>(first, 64) : 0;
    by_values[std::vector<grundy_value>(g.begin() + static_cast<std::ptrdiff_t>(shift),
                                        g.begin() + static_cast<std::ptrdiff_t>(shift + length))]
        .push_back(i);
  }
  std::set<std::vector<std::size_t>> expected, found;
  for (auto& [values, members] : by_values) {
    if (members.size() >= 2) expected.insert(members);
  }
  for (const census_group& group : census_groups(rows, n)) {
    std::vector<std::size_t> members;
    for (const census_member& m : group.members) members.push_back(m.index);
    std::sort(members.begin(), members.end());
    found.insert(members);
  }
  EXPECT_EQ(found, expected);
}

TEST(CensusTest, StoppedRowsSayWhy) {
  // A value beyond 64 bits (Motley's g(64) = 2^64) stops the values; a memory limit refuses them before any work.
  const std::optional<census_row> motley =
      census_rule_row(games::find_game("motley"), 0, "motley", "motley", {.values = 100}, {});
  ASSERT_TRUE(motley.has_value());
  EXPECT_EQ(motley->status, census_status::stopped);
  EXPECT_EQ(motley->computed, 64u);
  EXPECT_EQ(motley->summary.largest, grundy_value{1} << 63);
  EXPECT_NE(motley->why.find("64 bits"), std::string::npos) << motley->why;
  EXPECT_TRUE(motley->fingerprint.has_value()) << "g(0..49), the values compared for 100 asked, are known";
  const std::optional<census_row> short_motley =
      census_rule_row(games::find_game("motley"), 0, "motley", "motley", {.values = 1000}, {});
  EXPECT_FALSE(short_motley->fingerprint.has_value()) << "g(0..935) are compared for 1000 asked: not known";
  const std::optional<census_row> big =
      census_rule_row(games::find_game("0.16"), 3, "0.16", "", {.values = 1 << 20, .max_memory = 1 << 20}, {});
  ASSERT_TRUE(big.has_value());
  EXPECT_EQ(big->status, census_status::stopped);
  EXPECT_EQ(big->computed, 0u);
  EXPECT_NE(big->why.find("memory limit"), std::string::npos) << big->why;
  // A period proven from the values computed stands, and the fingerprint covers the values it implies.
  const std::optional<census_row> kayles =
      census_rule_row(games::find_game("0.77"), 0, "0.77", "kayles", {.values = 400}, {});
  EXPECT_EQ(kayles->status, census_status::proven);
  EXPECT_EQ(kayles->name, "kayles");
  // Cancelled half-way: nothing.
  EXPECT_FALSE(census_rule_row(games::find_game("0.16"), 0, "0.16", "", {.values = 1 << 20}, [] { return false; }));
}

TEST(CensusTest, ThreadsGiveTheRowsOfOneLoop) {
  const census_family family = octal_family(2);
  std::vector<turning_game> games;
  for (const std::string& r : family.rules) games.push_back(games::find_game(r));
  const std::vector<std::string> names(family.rules.size());
  const census_options options{.values = 300};
  const std::vector<census_row> plain = rows_of(family.rules, 300);
  for (const unsigned threads : {1u, 2u, 4u}) {
    std::map<std::size_t, census_row> got;
    census_run_options run;
    run.threads = threads;
    run.on_row = [&](census_row&& row) { got.emplace(row.index, std::move(row)); };
    const std::vector<std::size_t> done = {0, 5, 63};
    EXPECT_TRUE(run_census(games, family.rules, names, done, options, run));
    EXPECT_EQ(got.size(), 61u);
    for (const auto& [i, row] : got) {
      EXPECT_TRUE(i != 0 && i != 5 && i != 63);
      EXPECT_EQ(row.rule, plain[i].rule);
      EXPECT_EQ(row.fingerprint, plain[i].fingerprint);
      EXPECT_EQ(row.status, plain[i].status);
      EXPECT_EQ(row.why, plain[i].why);
    }
  }
  // Stopped: keep_going false from the start records nothing.
  census_run_options stop;
  stop.threads = 2;
  std::atomic<int> recorded{0};
  stop.keep_going = [] { return false; };
  stop.on_row = [&](census_row&&) { ++recorded; };
  EXPECT_FALSE(run_census(games, family.rules, names, {}, options, stop));
  EXPECT_EQ(recorded.load(), 0);
}

}  // namespace
}  // namespace tartan

namespace {

TEST(CensusTest, MisereQuotientColumn) {
  // census --misere: each take-and-break rule's quotient up to the heap bound. 0.75's is R8 (Plambeck and Siegel):
  // order 8, P-portion {a, b^2}, its period proven; a turning code, and a census without --misere, have none.
  const auto r8 =
      tartan::census_rule_row(tartan::games::find_game("0.75"), 0, "0.75", "", {.values = 64, .misere_heaps = 40}, {});
  ASSERT_TRUE(r8 && r8->misere);
  EXPECT_EQ(r8->misere->order, 8u);
  EXPECT_EQ(r8->misere->p_portion_size, 2u);
  EXPECT_EQ(r8->misere->bound, 40u);
  EXPECT_TRUE(r8->misere->complete);
  EXPECT_TRUE(r8->misere->proven);
  const auto turning =
      tartan::census_rule_row(tartan::games::find_game("1-3"), 0, "1-3", "", {.values = 64, .misere_heaps = 40}, {});
  ASSERT_TRUE(turning);
  EXPECT_FALSE(turning->misere);
  const auto none = tartan::census_rule_row(tartan::games::find_game("0.75"), 0, "0.75", "", {.values = 64}, {});
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->misere);
}

}  // namespace
