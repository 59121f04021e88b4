// Sums of rows in misère play, and the quotient of a turning game's rows, against the definition computed here: the
// rows' moves from the turning-code reference (tests/support/turning_code_reference.hpp, sharing no code with the
// engine's move generators), the sums' outcomes by plain memoized search over sorted tuples of (game, row) pairs.
// Seeded random codes over every form of the language and the built-in games; random sums; every outcome and every
// equivalence the row quotient claims (rows of one class, with random rows added to both sides), every winning move
// of both methods; sums of rows of several games (the search); the errors and a stop.
#include "tartan/analysis/misere_sum.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/sum_definition.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::coin;
using tartan::game_handle;
using tartan::misere_quotient;
using tartan::quotient_element;
using tartan::test::reference_code;

using row = std::uint64_t;                       // bit i: coin i heads
using sum_t = std::vector<std::pair<int, row>>;  // (game, row) pairs

/// Misère outcomes of sums of rows by the definition: N when some move leaves a P-position or no move exists.
class sum_definition {
 public:
  explicit sum_definition(std::vector<reference_code> games, int coins) : games_(std::move(games)) {
    // Every move of each coin below `coins`, as the bitmask it turns.
    for (const reference_code& g : games_) {
      std::vector<std::vector<row>> turns(static_cast<std::size_t>(coins));
      for (coin c = 0; c < static_cast<coin>(coins); ++c) {
        g.for_each_move(c, [&](std::span<const coin> others) {
          row t = row{1} << c;
          for (const coin o : others) t |= row{1} << o;
          turns[c].push_back(t);
          return true;
        });
      }
      turns_.push_back(std::move(turns));
    }
  }

  /// The bitmasks every move of `r` of game `g` turns.
  std::vector<row> moves(int g, row r) const {
    std::vector<row> out;
    for (coin c = 0; c < turns_[static_cast<std::size_t>(g)].size(); ++c) {
      if (((r >> c) & 1) == 0) continue;
      for (const row t : turns_[static_cast<std::size_t>(g)][c]) out.push_back(t);
    }
    return out;
  }

  bool is_p(sum_t s) {
    std::sort(s.begin(), s.end());
    const auto found = memo_.find(s);
    if (found != memo_.end()) return found->second;
    bool any = false;
    bool p = true;
    for (std::size_t i = 0; i < s.size() && p; ++i) {
      for (const row t : moves(s[i].first, s[i].second)) {
        any = true;
        sum_t next = s;
        next[i].second ^= t;
        if (is_p(next)) {
          p = false;
          break;
        }
      }
    }
    memo_.emplace(s, any && p);
    return any && p;
  }

 private:
  std::vector<reference_code> games_;
  std::vector<std::vector<std::vector<row>>> turns_;
  std::map<sum_t, bool> memo_;
};

reference_code reference_of(const std::string& code) { return reference_code::from(tartan::turning_code::parse(code)); }

std::string row_text(row r, int coins) {
  std::string s;
  for (int c = 0; c < coins; ++c) s += ((r >> c) & 1) != 0 ? 'H' : 'T';
  return s;
}

tartan::sum_term term_of(const game_handle& game, row r, int coins) {
  return tartan::sum_term{game, tartan::box_region(tartan::parse_box_position(row_text(r, coins)))};
}

/// The quotient of a game's rows up to `coins` coins against the definition: random sums of rows, the class
/// equivalences with random rows added, and the winning moves through analyze_misere_sum by both methods.
void check_game(const std::string& code, int coins, std::mt19937& rng) {
  SCOPED_TRACE("code " + code);
  const game_handle game = tartan::games::resolve_game(code);
  sum_definition def({reference_of(game.row_game().code())}, coins);
  const row last = (row{1} << coins) - 1;
  const misere_quotient q = tartan::build_row_quotient(game.row_game(), static_cast<coin>(last));
  ASSERT_EQ(q.bound(), last) << q.stopped_why();
  ASSERT_EQ(q.components(), tartan::quotient_components::rows);
  std::uniform_int_distribution<row> any_row(0, last);
  std::uniform_int_distribution<int> count(0, 4);
  auto random_sum = [&](int most) {
    sum_t s(static_cast<std::size_t>(std::uniform_int_distribution<int>(0, most)(rng)));
    for (auto& [g, r] : s) r = any_row(rng);
    return s;
  };
  auto element_of = [&](const sum_t& s) {
    quotient_element x = 0;
    for (const auto& [g, r] : s) x = q.product(x, q.image(static_cast<coin>(r)));
    return x;
  };
  for (int i = 0; i < 60; ++i) {
    const sum_t s = random_sum(4);
    ASSERT_EQ(q.is_p(element_of(s)), def.is_p(s)) << "a sum of " << s.size() << " rows";
  }
  // Every row with the same class as another plays the same with anything added.
  for (row a = 1; a <= last; ++a) {
    for (row b = a + 1; b <= last; ++b) {
      if (q.image(static_cast<coin>(a)) != q.image(static_cast<coin>(b))) continue;
      for (int j = 0; j < 3; ++j) {
        sum_t with_a = random_sum(3), with_b = with_a;
        with_a.push_back({0, a});
        with_b.push_back({0, b});
        ASSERT_EQ(def.is_p(with_a), def.is_p(with_b)) << row_text(a, coins) << " and " << row_text(b, coins);
      }
    }
  }
  // The analysis of sums, by the quotient and by the search: outcome and every winning move.
  for (int i = 0; i < 12; ++i) {
    const sum_t s = random_sum(3);
    std::vector<tartan::sum_term> terms;
    for (const auto& [g, r] : s) terms.push_back(term_of(game, r, coins));
    if (terms.empty()) terms.push_back(term_of(game, 0, coins));
    for (const auto method : {tartan::sum_misere_method::quotient, tartan::sum_misere_method::search}) {
      tartan::misere_sum_options options;
      options.method = method;
      const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms, options);
      ASSERT_EQ(a.method(), method);
      sum_t as_given;
      for (const row r : a.masks()) as_given.push_back({0, r});
      ASSERT_EQ(a.outcome(), def.is_p(as_given) ? 'P' : 'N');
      std::set<std::pair<std::size_t, row>> expected;
      for (std::size_t t = 0; t < as_given.size(); ++t) {
        for (const row turned : def.moves(0, as_given[t].second)) {
          sum_t next = as_given;
          next[t].second ^= turned;
          if (def.is_p(next)) expected.insert({t, turned});
        }
      }
      std::set<std::pair<std::size_t, row>> found;
      a.for_each_winning_move([&](const tartan::sum_move& m) {
        row turned = 0;
        for (const coin c : m.coins.axes.front()) turned |= row{1} << c;
        found.insert({m.term, turned});
        return true;
      });
      ASSERT_EQ(found, expected) << tartan::sum_misere_method_name(method);
    }
  }
}

TEST(MisereSum, RowQuotientsOfTheBuiltInGamesAgreeWithTheDefinition) {
  std::mt19937 rng(20261207);
  for (const char* name : {"turtles", "twins", "mock-turtles", "ruler", "turnips", "grunt", "sym", "ap", "moebius"}) {
    check_game(name, 5, rng);
  }
}

TEST(MisereSum, RowQuotientsOfRandomCodesAgreeWithTheDefinition) {
  std::mt19937 rng(7121);
  tartan::test::reference_generator generator(42);
  for (int i = 0; i < 12; ++i) check_game(generator.next().text, 5, rng);
}

TEST(MisereSum, SumsOfSeveralGamesBySearchAgreeWithTheDefinition) {
  std::mt19937 rng(99);
  const std::vector<std::string> names{"turtles", "ruler", "twins", "1-3C(5)"};
  std::vector<reference_code> refs;
  std::vector<game_handle> games;
  for (const std::string& n : names) {
    games.push_back(tartan::games::resolve_game(n));
    refs.push_back(reference_of(games.back().row_game().code()));
  }
  sum_definition def(refs, 5);
  for (int i = 0; i < 30; ++i) {
    sum_t s(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 4)(rng)));
    std::vector<tartan::sum_term> terms;
    for (auto& [g, r] : s) {
      g = std::uniform_int_distribution<int>(0, 3)(rng);
      r = std::uniform_int_distribution<row>(0, 31)(rng);
      terms.push_back(term_of(games[static_cast<std::size_t>(g)], r, 5));
    }
    const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms);
    const bool one_game = std::all_of(s.begin(), s.end(), [&](const auto& t) { return t.first == s.front().first; });
    EXPECT_EQ(a.method(), one_game ? tartan::sum_misere_method::quotient : tartan::sum_misere_method::search);
    ASSERT_EQ(a.outcome(), def.is_p(s) ? 'P' : 'N');
    for (const tartan::sum_move& m : a.winning_moves(100)) {
      row turned = 0;
      for (const coin c : m.coins.axes.front()) turned |= row{1} << c;
      sum_t next = s;
      next[m.term].second ^= turned;
      EXPECT_TRUE(def.is_p(next));
      EXPECT_EQ(a.outcome_after(m), 'P');
    }
  }
}

TEST(MisereSum, TheCoinFormOfATakeAndBreakGameAgreesByBothMethods) {
  // Kayles as a row of coins (heap n is coin n): the quotient of its rows against the search, which follows the
  // engine's coin moves with no theorem assumed.
  std::mt19937 rng(5);
  const game_handle kayles = tartan::games::resolve_game("kayles");
  for (int i = 0; i < 12; ++i) {
    std::vector<tartan::sum_term> terms;
    const int n = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int j = 0; j < n; ++j) terms.push_back(term_of(kayles, std::uniform_int_distribution<row>(0, 127)(rng), 7));
    tartan::misere_sum_options by_search;
    by_search.method = tartan::sum_misere_method::search;
    const auto through_quotient = tartan::analyze_misere_sum(terms);
    ASSERT_EQ(through_quotient.method(), tartan::sum_misere_method::quotient);
    ASSERT_EQ(through_quotient.outcome(), tartan::analyze_misere_sum(terms, by_search).outcome());
    ASSERT_EQ(through_quotient.winning_moves(1000), tartan::analyze_misere_sum(terms, by_search).winning_moves(1000));
  }
}

/// The outcome and every winning move of a sum of rows and heaps against the definition; through the heaps' quotient,
/// the terms' classes multiplying into the P-portion exactly at a P-position.
void check_against_definition(const tartan::test::sum_sample& sample, const tartan::misere_sum_options& options) {
  SCOPED_TRACE(sample.shown);
  tartan::test::sum_definition def(sample.rules);
  const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(sample.terms, options);
  const bool wins = def.misere_wins(sample.state);
  ASSERT_EQ(a.outcome(), wins ? 'N' : 'P') << tartan::sum_misere_method_name(a.method());
  if (a.quotient() != nullptr) {
    quotient_element x = 0;
    for (const quotient_element c : a.classes()) x = a.quotient()->product(x, c);
    EXPECT_EQ(a.quotient()->is_p(x), !wins);
  }
  std::size_t expected = 0;
  for (std::size_t i = 0; i < sample.state.size(); ++i) {
    for (const auto& m : def.moves(i, sample.state[i])) {
      expected += def.misere_wins(tartan::test::sum_definition::after(sample.state, i, m)) ? 0 : 1;
    }
  }
  const std::vector<tartan::sum_move> found = a.winning_moves(100000);
  ASSERT_EQ(found.size(), expected) << tartan::sum_misere_method_name(a.method());
  for (const tartan::sum_move& m : found) {
    bool known = false;
    for (const auto& d : def.moves(m.term, sample.state[m.term])) {
      if (tartan::test::same_move(m, m.term, d)) {
        known = true;
        EXPECT_FALSE(def.misere_wins(tartan::test::sum_definition::after(sample.state, m.term, d)));
      }
    }
    EXPECT_TRUE(known) << "term " << m.term << ": not a move of the definition";
    EXPECT_EQ(a.outcome_after(m), 'P');
  }
}

TEST(MisereSum, SumsOfRowsAndHeapsAgreeWithTheDefinition) {
  // Rows of two games and heaps of three: the search over the components (each heap one).
  std::mt19937 rng(31);
  for (int i = 0; i < 50; ++i) check_against_definition(tartan::test::random_sum_sample(rng, 3), {});
}

TEST(MisereSum, HeapsOfOneGameAreAnsweredTogether) {
  // Terms of heaps of one game: one position of heaps, through the heap quotient (automatic) or by the plain search,
  // each term with its class.
  std::mt19937 rng(77);
  for (int i = 0; i < 40; ++i) {
    tartan::test::sum_sample sample = tartan::test::random_sum_sample(rng, 3, true);
    for (tartan::sum_term& t : sample.terms) t.game = sample.terms.front().game;
    for (auto& r : sample.rules) r = sample.rules.front();
    for (const auto method : {tartan::sum_misere_method::automatic, tartan::sum_misere_method::search}) {
      tartan::misere_sum_options options;
      options.method = method;
      check_against_definition(sample, options);
    }
    const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(sample.terms);
    ASSERT_NE(a.heaps(), nullptr);
    EXPECT_EQ(a.method(), tartan::sum_misere_method::quotient);
  }
}

TEST(MisereSum, TwoHeadsOfTurningTurtles) {
  // One heads coin is one move: H + H leaves the second player the last move (N); H + H + H is P.
  const game_handle turtles = tartan::games::resolve_game("turtles");
  EXPECT_EQ(tartan::analyze_misere_sum({term_of(turtles, 1, 1), term_of(turtles, 1, 1)}).outcome(), 'N');
  EXPECT_EQ(
      tartan::analyze_misere_sum({term_of(turtles, 1, 1), term_of(turtles, 1, 1), term_of(turtles, 1, 1)}).outcome(),
      'P');
  EXPECT_EQ(tartan::analyze_misere_sum({term_of(turtles, 0, 3)}).outcome(), 'N');  // no move: the player to move wins
  EXPECT_TRUE(tartan::analyze_misere_sum({term_of(turtles, 0, 3)}).terminal());
}

TEST(MisereSum, RefusesWhatItCannotAnswer) {
  EXPECT_THROW(tartan::analyze_misere_sum({}), tartan::parse_error);
  const game_handle turtles = tartan::games::resolve_game("turtles");
  const game_handle ruler = tartan::games::resolve_game("ruler");
  tartan::misere_sum_options quotient;
  quotient.method = tartan::sum_misere_method::quotient;
  EXPECT_THROW(tartan::analyze_misere_sum({term_of(turtles, 1, 2), term_of(ruler, 3, 2)}, quotient),
               tartan::parse_error);
  EXPECT_THROW(tartan::analyze_misere_sum({term_of(turtles, row{1} << 22, 23)}, quotient), tartan::limit_error);
  const tartan::sum_term wide{turtles,
                              tartan::box_region(tartan::parse_box_position("H" + std::string(98, 'T') + "H"))};
  EXPECT_THROW(tartan::analyze_misere_sum({wide}), tartan::limit_error);
  EXPECT_THROW(tartan::build_row_quotient(turtles.row_game(), tartan::max_quotient_bound), tartan::limit_error);
}

TEST(MisereSum, ACancelledSearchKeepsNoOutcome) {
  // Rows of two games (no quotient), so the search answers; the progress callback cancels at its first report, so
  // the outcome is unknown however fast the machine.
  const game_handle turtles = tartan::games::resolve_game("mock-turtles");
  const game_handle ruler = tartan::games::resolve_game("ruler");
  tartan::misere_sum_options options;
  options.progress = [](double) { return false; };
  std::vector<tartan::sum_term> terms;
  for (int i = 0; i < 6; ++i) terms.push_back(term_of(i % 2 == 0 ? turtles : ruler, 0xffff, 16));
  const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms, options);
  EXPECT_EQ(a.outcome(), '?');
  EXPECT_EQ(a.solving(), tartan::search_end::cancelled);
  EXPECT_NE(a.stopped_where().find("positions of the sum"), std::string::npos) << a.stopped_where();
}

}  // namespace
