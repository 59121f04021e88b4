// Take-and-break codes as coin-turning rules: values against the heap game's definition computed in the test (a plain
// mex over every way of taking and splitting, tests/support/heap_definition.hpp), the coin sets of the moves against
// the heaps each move leaves, the sparse-space solver against the direct route (any mask, any width), published
// sequences (OEIS), and the refusals.
#include "tartan/turning/take_break_code.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/error_message.hpp"
#include "support/heap_definition.hpp"
#include "support/reference_data.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/period.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/value_table.hpp"
#include "turning/code/sparse_space.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::sequence_method;
using tartan::take_break_code;

using tartan::test::heap_code;
using tartan::test::heap_values;
using tartan::test::random_heap_code;

TEST(TakeBreakCodeTest, RandomCodesMatchTheDefinitionByEveryRoute) {
  std::mt19937 rng(2026);
  for (int i = 0; i < 120; ++i) {
    const bool hexadecimal = i % 3 == 0;
    const heap_code c = random_heap_code(rng, hexadecimal);
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    const coin count = hexadecimal ? 70 : 160;
    const std::vector<grundy_value> expected = heap_values(c, count);
    EXPECT_EQ(tartan::grundy_sequence(code, count, sequence_method::option_values), expected);
    EXPECT_EQ(tartan::grundy_sequence(code, count, sequence_method::enumeration), expected);
    EXPECT_EQ(tartan::grundy_sequence(code, count, sequence_method::solver), expected);
  }
}

TEST(TakeBreakCodeTest, MovesAreTheCoinSetsOfTheHeapMovesEachOnce) {
  std::mt19937 rng(11);
  for (int i = 0; i < 60; ++i) {
    const heap_code c = random_heap_code(rng, i % 2 == 0);
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    for (coin n = 0; n < 24; ++n) {
      // The coin sets of the heap moves (heap n last), without n: the coins a move turns besides its rightmost.
      std::set<std::vector<coin>> expected;
      for (std::vector<coin> set : tartan::test::coin_moves(c, n)) {
        set.pop_back();
        expected.insert(std::move(set));
      }
      std::vector<std::vector<coin>> visited;
      code.for_each_move(n, [&](std::span<const coin> others) {
        visited.emplace_back(others.begin(), others.end());
        EXPECT_TRUE(std::is_sorted(others.begin(), others.end()));
        return true;
      });
      const std::set<std::vector<coin>> distinct(visited.begin(), visited.end());
      EXPECT_EQ(distinct.size(), visited.size()) << "a coin set visited twice from coin " << n;
      EXPECT_EQ(distinct, expected) << "coin " << n;
    }
  }
}

TEST(TakeBreakCodeTest, CodesWithoutMovesAreWorthZero) {
  for (const char* text : {"0.0", ".000", "0.0000", "0!.0"}) {
    if (std::string(text) == "0!.0") {
      EXPECT_THROW(take_break_code::parse(text), tartan::parse_error);
      continue;
    }
    const take_break_code code = take_break_code::parse(text);
    EXPECT_EQ(tartan::grundy_sequence(code, 50), std::vector<grundy_value>(50, 0)) << text;
  }
}

TEST(TakeBreakCodeTest, SparseSpaceMatchesTheDirectRouteOnRandomOctalCodes) {
  std::mt19937 rng(99);
  int sparse = 0, domain = 0;
  for (int i = 0; i < 40; ++i) {
    const heap_code c = random_heap_code(rng, false, true);
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    ASSERT_TRUE(tartan::detail::sparse_space_applies(code));
    const std::vector<grundy_value> direct = tartan::grundy_sequence(code, 3000, sequence_method::option_values);
    tartan::detail::sparse_space_solver solver(code);
    for (std::size_t n = 0; n < direct.size(); ++n) ASSERT_EQ(solver.next(), direct[n]) << "heap " << n;
    if (solver.stats().rare_heaps * 4 < direct.size()) ++sparse;
    if (solver.stats().variant == tartan::detail::sparse_variant::domain) ++domain;
  }
  EXPECT_GT(sparse, 0) << "some random code has a sparse space";
  EXPECT_GT(domain, 0) << "some random code chose the domain variant";
}

TEST(TakeBreakCodeTest, SparseSpaceIsExactUnderAnyMaskAndVariant) {
  // A mask that fits no game makes most heaps sparse, or makes rare values absent often: the values stay exact, in
  // both variants (the domain variant where every two-heap digit has an index of one parity).
  using tartan::detail::sparse_variant;
  std::mt19937 rng(7);
  std::vector<std::string> texts = {"0.16", "4!.0", "0.014", "0.77", "0.6", "0.051", "4.07", "0.4!4"};
  for (int i = 0; i < 12; ++i) texts.push_back(random_heap_code(rng, false, true).text());
  int domains = 0;
  for (const std::string& text : texts) {
    const take_break_code code = take_break_code::parse(text);
    const std::vector<grundy_value> direct = tartan::grundy_sequence(code, 1500, sequence_method::option_values);
    for (const sparse_variant variant : {sparse_variant::range, sparse_variant::domain}) {
      if (variant == sparse_variant::domain && !tartan::detail::sparse_space_domain_applies(code)) continue;
      domains += variant == sparse_variant::domain ? 1 : 0;
      for (const grundy_value mask : {grundy_value{0}, grundy_value{1}, grundy_value{6}, grundy_value{0xff},
                                      ~grundy_value{1}, ~grundy_value{0}}) {
        SCOPED_TRACE(text + " mask " + std::to_string(mask) + (variant == sparse_variant::domain ? " domain" : ""));
        tartan::detail::sparse_space_solver solver(code, mask, variant);
        for (std::size_t n = 0; n < direct.size(); ++n) ASSERT_EQ(solver.next(), direct[n]) << "heap " << n;
      }
    }
  }
  EXPECT_GT(domains, 4);
}

TEST(TakeBreakCodeTest, SparseSpaceOnTwoThreadsMatchesTheDefinition) {
  // Two threads, the helper handed every piece of work it can take however small (heaps computed ahead, shares of
  // listings and of passes, taken or run again on the calling thread): the values are the definition's, on random
  // octal codes (some with d0) and the games the tables name, whatever the table's growth.
  std::mt19937 rng(31);
  std::vector<heap_code> codes = {
      heap_code{{0, 1, 6}, {false, false, false}}, heap_code{{0, 0, 1, 4}, {false, false, false, false}},
      heap_code{{0, 0, 0, 7}, {false, false, false, false}}, heap_code{{4, 0}, {true, false}}};
  for (int i = 0; i < 12; ++i) codes.push_back(random_heap_code(rng, false, true));
  for (const heap_code& c : codes) {
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    ASSERT_TRUE(tartan::detail::sparse_space_applies(code));
    const std::vector<grundy_value> expected = heap_values(c, 800);
    for (const std::size_t room : {std::size_t{16}, std::size_t{800}}) {
      tartan::value_table g;  // first: the helper may read it until the solver ends
      g.reserve(room);        // 16: the table grows, moving, as the helper works
      tartan::detail::sparse_space_solver solver(code);
      solver.use_threads(2);
      solver.share_eagerly();
      for (std::size_t n = 0; n < expected.size(); ++n) {
        g.push_back(solver.next(g));
        ASSERT_EQ(g[n], expected[n]) << "heap " << n;
      }
    }
  }
  // Through the engine's entry point, as tartan seq runs it, one thread and two give the same values.
  for (const char* text : {"0.16", "0.014", "4!.0", "0.007"}) {
    const take_break_code code = take_break_code::parse(text);
    tartan::value_table one, two;
    tartan::extend_value_table(code, one, 20000, sequence_method::solver, 1);
    tartan::extend_value_table(code, two, 20000, sequence_method::solver, 2);
    EXPECT_EQ(one.to_vector(), two.to_vector()) << text;
  }
}

TEST(TakeBreakCodeTest, SparseSpaceComparesSplitsAlikeInEveryWidthByAvx2OrSse2) {
  // A pass compares blocks of splits with the values it looks for 16 bytes at a time (SSE2) or 32 (AVX2, where the
  // CPU has it), for values of one byte or two (wider ones are read one by one): both widths, both instruction sets,
  // one thread and two (every share handed over) give the definition's values, on random octal codes and the games
  // the benchmarks time.
  std::mt19937 rng(53);
  std::vector<heap_code> codes = {
      heap_code{{0, 1, 6}, {false, false, false}}, heap_code{{0, 0, 1, 4}, {false, false, false, false}},
      heap_code{{0, 0, 0, 7}, {false, false, false, false}}, heap_code{{4, 0}, {true, false}}};
  for (int i = 0; i < 6; ++i) codes.push_back(random_heap_code(rng, false, true));
  for (const heap_code& c : codes) {
    const take_break_code code = take_break_code::parse(c.text());
    const std::vector<grundy_value> expected = heap_values(c, 1000);
    for (const int width : {1, 2}) {
      for (const bool avx2 : {false, true}) {
        for (const unsigned threads : {1U, 2U}) {
          SCOPED_TRACE(c.text() + " width " + std::to_string(width) + (avx2 ? " avx2 " : " sse2 ") +
                       std::to_string(threads) + " threads");
          tartan::value_table g(width);
          tartan::detail::sparse_space_solver solver(code);
          solver.use_avx2(avx2);
          if (threads == 2) {
            solver.use_threads(2);
            solver.share_eagerly();
          }
          for (std::size_t n = 0; n < expected.size(); ++n) {
            g.push_back(solver.next(g));
            ASSERT_EQ(g[n], expected[n]) << "heap " << n;
          }
          ASSERT_GE(g.width(), width);  // widened only when a value needs it
        }
      }
    }
  }
}

TEST(TakeBreakCodeTest, SparseSpaceTakesUpFromValuesComputedBefore) {
  // resume() rebuilds the solver from the values alone (mask, variant, histograms, sparse heaps): stopped at any
  // point, and on the table's width or wider, it goes on to the definition's values.
  std::mt19937 rng(41);
  for (int i = 0; i < 8; ++i) {
    const heap_code c = random_heap_code(rng, false, true);
    SCOPED_TRACE(c.text());
    const take_break_code code = take_break_code::parse(c.text());
    const std::vector<grundy_value> expected = heap_values(c, 700);
    const std::size_t stop = 1 + rng() % 650;
    tartan::value_table g(i % 3 == 0 ? 8 : 1);
    for (std::size_t n = 0; n < stop; ++n) g.push_back(expected[n]);
    tartan::detail::sparse_space_solver solver(code);
    solver.resume(g);
    for (std::size_t n = stop; n < expected.size(); ++n) {
      g.push_back(solver.next(g));
      ASSERT_EQ(g[n], expected[n]) << "heap " << n << ", taken up at " << stop;
    }
  }
}

TEST(TakeBreakCodeTest, DomainVariantNeedsTwoHeapDigitsOfOneParity) {
  EXPECT_TRUE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("0.014")));
  EXPECT_TRUE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("4.07")));  // d0 and d2
  EXPECT_TRUE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("0.4040")));
  EXPECT_FALSE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("0.77")));  // d1 and d2
  EXPECT_FALSE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("4.7")));
  EXPECT_FALSE(tartan::detail::sparse_space_domain_applies(take_break_code::parse("0.333")));  // no split
}

TEST(TakeBreakCodeTest, SparseSpaceFindsTheDomainSparseSpaceOf051) {
  // Flammenkamp (octal_sparse.html): .051 has period 48 and preperiod 48, and with the bitstring 111... the heaps
  // n with popcount(g(n)) ≡ n - t (mod 2), t = 2, are 0, 3, 7, 13, 17, 27 and 37 only; in the range it has no sparse
  // space. The solver picks that mask and variant, and its sparse heaps (h >= 1) stay those six.
  const take_break_code code = take_break_code::parse(".051");
  tartan::detail::sparse_space_solver solver(code);
  for (int n = 0; n < 4096; ++n) solver.next();
  const tartan::detail::sparse_space_stats st = solver.stats();
  EXPECT_EQ(st.variant, tartan::detail::sparse_variant::domain);
  EXPECT_EQ(st.mask & 7, 7u);
  EXPECT_EQ(st.rare_heaps, 6u);
}

TEST(TakeBreakCodeTest, SparseSpaceFindsGrundysGameMaskAndFewRareHeaps) {
  // Flammenkamp (grundy.html): Grundy's game has the bitstring m = 0111... (every bit but the lowest); 1287 values
  // known to be rare under it, heap 0 among them, up to heaps far beyond these.
  tartan::detail::sparse_space_solver solver(take_break_code::parse("4!.0"));
  for (int n = 0; n < (1 << 17); ++n) solver.next();
  const tartan::detail::sparse_space_stats st = solver.stats();
  EXPECT_EQ(st.mask, ~grundy_value{1});
  EXPECT_EQ(st.variant, tartan::detail::sparse_variant::range);
  EXPECT_LE(st.rare_heaps, 1286u);
  EXPECT_GT(st.rare_heaps, 1000u);
  // Each heap costs its sparse heaps plus a short pass; only a new rare value costs a pass over every split.
  EXPECT_LT(st.pairs / (1 << 17), 20000u) << st.pairs;
  EXPECT_LT(st.absent, 2 * st.rare_heaps);
}

TEST(TakeBreakCodeTest, GuySmithProvesKaylesPeriodic) {
  // Kayles: period 12 from heap 71 on, its last exception g(70) (Guy and Smith 1956; Winning Ways ch. 4). The
  // theorem needs g(n + 12) = g(n) for 71 <= n < 2·71 + 12 + 2, so g(0..167): proven with 168 values, not with 167.
  const std::vector<grundy_value> g = heap_values(heap_code{{0, 7, 7}, {false, false, false}}, 400);
  const take_break_code code = take_break_code::parse("0.77");
  ASSERT_TRUE(tartan::guy_smith_applies(code));
  const auto proven = tartan::find_octal_period(std::span(g).first(168), code);
  ASSERT_TRUE(proven);
  EXPECT_TRUE(proven->proven);
  EXPECT_EQ(proven->preperiod, 71u);
  EXPECT_EQ(proven->period, 12u);
  EXPECT_NE(proven->why.find("Guy–Smith periodicity theorem"), std::string::npos) << proven->why;
  const auto observed = tartan::find_octal_period(std::span(g).first(167), code);
  ASSERT_TRUE(observed);
  EXPECT_FALSE(observed->proven);
  EXPECT_NE(observed->why.find("ask for at least 168 values"), std::string::npos) << observed->why;
  // The proof holds far past its window.
  for (std::size_t n = 71; n + 12 < g.size(); ++n) ASSERT_EQ(g[n + 12], g[n]) << n;
  // Not octal games: '!' (Grundy's game), d0 (4.07), three heaps (0.F).
  for (const char* text : {"4!.0", "4.07", "0.F"})
    EXPECT_FALSE(tartan::guy_smith_applies(take_break_code::parse(text)));
}

TEST(TakeBreakCodeTest, GuySmithProves016PeriodicAsPublished) {
  // .16: preperiod 105351, period 149459 (Gangolli and Plambeck, IJGT 18 (1989)). The proof needs
  // 2·105351 + 2·149459 + 2 = 509622 values; the values, computed on to 2^20, keep
  // g(n + P) = g(n) for every n >= p.
  const take_break_code code = take_break_code::parse("0.16");
  const std::vector<grundy_value> g = tartan::grundy_sequence(code, std::size_t{1} << 20);
  const auto found = tartan::find_octal_period(std::span(g).first(509622), code);
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->proven) << found->why;
  EXPECT_EQ(found->preperiod, 105351u);
  EXPECT_EQ(found->period, 149459u);
  for (std::size_t n = found->preperiod; n + found->period < g.size(); ++n) {
    ASSERT_EQ(g[n + found->period], g[n]) << n;
  }
  // One value short of the proof: no period, or one not proven.
  const auto short_of_proof = tartan::find_octal_period(std::span(g).first(509621), code);
  EXPECT_TRUE(!short_of_proof || !short_of_proof->proven) << short_of_proof->why;
}

TEST(TakeBreakCodeTest, SparseSpaceWidensItsValues) {
  // Take 1 leaving up to two heaps, or 2..300 leaving one heap or nothing: values pass 255 (a heap of h <= 300 has an
  // option of every value below h).
  std::string text = "0.7";
  for (int k = 2; k <= 300; ++k) text += '3';
  const take_break_code code = take_break_code::parse(text);
  const std::vector<grundy_value> direct = tartan::grundy_sequence(code, 700, sequence_method::option_values);
  ASSERT_GT(*std::max_element(direct.begin(), direct.end()), 255u);
  tartan::detail::sparse_space_solver solver(code);
  for (std::size_t n = 0; n < direct.size(); ++n) ASSERT_EQ(solver.next(), direct[n]) << "heap " << n;
  EXPECT_EQ(solver.stats().width_bytes, 2);
}

TEST(TakeBreakCodeTest, SparseSpaceKeepsFewRareHeapsOnSparseGames) {
  // .16, 0.014 and Grundy's game have a sparse space (Gangolli and Plambeck 1989; Flammenkamp's tables), under
  // masks of every bit but the lowest.
  for (const char* text : {"0.16", "0.014", "4!.0"}) {
    const take_break_code code = take_break_code::parse(text);
    tartan::detail::sparse_space_solver solver(code);
    for (int n = 0; n < 100000; ++n) solver.next();
    const tartan::detail::sparse_space_stats st = solver.stats();
    EXPECT_LT(st.rare_heaps, 100000u / 25) << text << ": mask " << st.mask << ", " << st.searches << " searches";
    EXPECT_EQ(st.mask & 0xff, 0xfeu) << text;
  }
}

TEST(TakeBreakCodeTest, PublishedSequences) {
  const auto check = [](const char* game, const char* id, int shift) {
    const std::vector<std::uint64_t> terms = tartan::test::oeis_terms(id);
    const std::vector<grundy_value> g = tartan::games::find_game(game).sequence(terms.size() + 1);
    for (std::size_t i = 0; i < terms.size(); ++i) {
      ASSERT_EQ(g[i + static_cast<std::size_t>(shift)], terms[i]) << game << " against " << id << " a(" << i << ")";
    }
  };
  check("kayles", "A002186", 0);          // a(n) = g(n), offset 0
  check("dawsons-chess", "A002187", 0);   // a(n) = g(n), offset 0
  check("dawsons-kayles", "A002187", 1);  // %C: .07 has values a(n-1)
  check("grundys-game", "A002188", 0);
  check("grunt", "A002188", 0);
  check("officers", "A046695", 0);
}

TEST(TakeBreakCodeTest, GrundysGameAndGruntAgreeWithTheDefinitionFarOut) {
  heap_code grundy{{4}, {true}};
  const std::vector<grundy_value> expected = heap_values(grundy, 1200);
  EXPECT_EQ(tartan::games::find_game("grundys-game").sequence(expected.size()), expected);
  EXPECT_EQ(tartan::games::find_game("grunt").sequence(expected.size(), sequence_method::solver), expected);
  // Grunt's own rule (4FS) by enumeration of its moves, not its solver.
  EXPECT_EQ(tartan::games::find_game("4FS").sequence(expected.size(), sequence_method::enumeration), expected);
}

TEST(TakeBreakCodeTest, BuiltInsAreTheirCodesByDefinition) {
  const std::vector<std::pair<const char*, heap_code>> builtins = {
      {"kayles", {{0, 7, 7}, {false, false, false}}},
      {"dawsons-kayles", {{0, 0, 7}, {false, false, false}}},
      {"dawsons-chess", {{0, 1, 3, 7}, {false, false, false, false}}},
      {"treblecross", {{0, 0, 0, 7}, {false, false, false, false}}},
      {"officers", {{0, 6}, {false, false}}},
      {"grundys-game", {{4}, {true}}}};
  ASSERT_EQ(tartan::games::take_break_games().size(), builtins.size());
  for (const auto& [name, code] : builtins) {
    EXPECT_EQ(tartan::games::find_game(name).sequence(300), heap_values(code, 300)) << name;
  }
}

TEST(TakeBreakCodeTest, SubtractionSetsAreCodesOfThrees) {
  EXPECT_EQ(tartan::grundy_sequence(take_break_code::parse("S{1,3,4}"), 200),
            tartan::grundy_sequence(take_break_code::parse("0.3033"), 200));
  EXPECT_EQ(tartan::grundy_sequence(take_break_code::parse("s{ 2 , 5 }"), 200),
            tartan::grundy_sequence(take_break_code::parse("0.03003"), 200));
}

TEST(TakeBreakCodeTest, ParsesCodesAsWritten) {
  const take_break_code a = take_break_code::parse(" .77 ");
  EXPECT_EQ(a.text(), ".77");
  EXPECT_EQ(a.digit(0), 0);
  EXPECT_EQ(a.digit(1), 7);
  EXPECT_EQ(a.max_take(), 2u);
  const take_break_code b = take_break_code::parse("4!.0");
  EXPECT_EQ(b.digit(0), 4);
  EXPECT_TRUE(b.distinct(0));
  EXPECT_EQ(b.max_take(), 0u);
  EXPECT_EQ(take_break_code::parse("0.fA").digit(2), 10);
  EXPECT_EQ(take_break_code::parse("0.F").max_heaps(), 3);
  EXPECT_TRUE(take_break_code::claims("0.77"));
  EXPECT_TRUE(take_break_code::claims("S{1}"));
  EXPECT_FALSE(take_break_code::claims("1-3"));
  EXPECT_FALSE(take_break_code::claims("4FS"));
}

TEST(TakeBreakCodeTest, MalformedCodesSayWhatToType) {
  using tartan::test::message_of;
  const auto msg = [](const std::string& text) { return message_of([&] { take_break_code::parse(text); }); };
  EXPECT_EQ(
      msg("0.G"),
      "take-and-break code '0.G': digit 'G' at column 3 would leave four or more heaps; digits go up to F (bit 8: "
      "three heaps), e.g. 0.F; codes look like 0.77, .07, 4.07, 0.F, 4!.0, S{1,3,4}");
  EXPECT_NE(msg("0.").find("expected a digit after the point at column 3"), std::string::npos);
  EXPECT_NE(msg(".").find("expected a digit after the point at column 2"), std::string::npos);
  EXPECT_NE(msg("1.7").find("d0 only splits: type 0, 4, 8 or C"), std::string::npos);
  EXPECT_NE(msg("44.0").find("a second digit before the point"), std::string::npos);
  EXPECT_NE(msg("0.3!").find("'!' after a digit that leaves at most one heap"), std::string::npos);
  EXPECT_NE(msg("S{0}").find("0 in a subtraction set"), std::string::npos);
  EXPECT_NE(msg("S{1,5000}").find("is too big (at most 4096)"), std::string::npos);
  EXPECT_NE(msg("0." + std::string(5000, '7')).find("more than 4096 digits after the point"), std::string::npos);
  EXPECT_NE(msg("0." + std::string(5000, '7')).find("'0.7777777777"), std::string::npos);
  for (const std::string& text :
       std::vector<std::string>{"0.G", "0.", ".", "1.7", "S{1,5000}", "0." + std::string(5000, '7')}) {
    const std::string m = msg(text);
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_LT(m.size(), 260u) << m;
  }
}

}  // namespace
