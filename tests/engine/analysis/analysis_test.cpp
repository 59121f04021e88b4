// Tests for analysis.hpp: analyze() on rows and boxes against brute force over the whole game graph. The moves come
// from tests/support/turning_code_reference.hpp (an enumerator written from the rule language's definition, not the
// engine's), the values of positions from the mex recursion over every move (no Sprague-Grundy theorem assumed).
// Checked: the value, the outcome, the complete set of winning moves, every option with the value it leads to, and
// that paging and counting agree with the full visit.
#include "tartan/analysis/analysis.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/naive.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {
namespace {

using test::reference_code;

/// Cells of a box, row-major; a position is a bitmask over them.
struct box_geometry {
  box_extents extents;
  std::size_t cells = 1;

  explicit box_geometry(box_extents e) : extents(std::move(e)) {
    for (const std::size_t x : extents) cells *= x;
  }
  std::size_t index(std::span<const coin> cell) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < extents.size(); ++d) i = i * extents[d] + cell[d];
    return i;
  }
  std::vector<coin> cell(std::size_t index) const {
    std::vector<coin> c(extents.size());
    for (std::size_t d = extents.size(); d-- > 0;) {
      c[d] = static_cast<coin>(index % extents[d]);
      index /= extents[d];
    }
    return c;
  }
};

/// Every move of every factor from coin n, each as all coins turned (n last), from the reference enumerator.
std::vector<std::vector<coin>> reference_moves(const reference_code& code, coin n) {
  std::vector<std::vector<coin>> moves;
  code.for_each_move(n, [&](std::span<const coin> others) {
    std::vector<coin> m(others.begin(), others.end());
    m.push_back(n);
    moves.push_back(std::move(m));
    return true;
  });
  return moves;
}

/// The product game over a small box, by brute force: positions are bitmasks of heads cells.
class brute_box {
 public:
  brute_box(std::vector<reference_code> factors, box_extents extents)
      : factors_(std::move(factors)), box_(std::move(extents)) {}

  /// Every legal move of the position: a heads cell and one move of each factor from its coordinates.
  std::vector<move> moves(std::uint64_t heads) const {
    std::vector<move> all;
    for (std::size_t i = 0; i < box_.cells; ++i) {
      if (!(heads >> i & 1)) continue;
      const std::vector<coin> cell = box_.cell(i);
      std::vector<std::vector<std::vector<coin>>> per_axis;
      for (std::size_t d = 0; d < cell.size(); ++d) per_axis.push_back(reference_moves(factors_[d], cell[d]));
      move m;
      m.axes.resize(cell.size());
      combine(per_axis, 0, m, all);
    }
    return all;
  }

  std::uint64_t apply(std::uint64_t heads, const move& m) const {
    std::vector<coin> at(m.dimensions());
    toggle(heads, m, 0, at);
    return heads;
  }

  grundy_value value(std::uint64_t heads) {
    if (const auto it = memo_.find(heads); it != memo_.end()) return it->second;
    std::set<grundy_value> options;
    for (const move& m : moves(heads)) options.insert(value(apply(heads, m)));
    const grundy_value v = test::naive_mex(options);
    memo_.emplace(heads, v);
    return v;
  }

 private:
  static void combine(const std::vector<std::vector<std::vector<coin>>>& per_axis, std::size_t d, move& m,
                      std::vector<move>& out) {
    if (d == per_axis.size()) {
      out.push_back(m);
      return;
    }
    for (const auto& axis : per_axis[d]) {
      m.axes[d] = axis;
      combine(per_axis, d + 1, m, out);
    }
  }

  void toggle(std::uint64_t& heads, const move& m, std::size_t d, std::vector<coin>& at) const {
    if (d == m.dimensions()) {
      heads ^= std::uint64_t{1} << box_.index(at);
      return;
    }
    for (const coin c : m.axes[d]) {
      at[d] = c;
      toggle(heads, m, d + 1, at);
    }
  }

  std::vector<reference_code> factors_;
  box_geometry box_;
  std::map<std::uint64_t, grundy_value> memo_;
};

box_position position_of(const box_extents& extents, std::uint64_t heads) {
  const box_geometry box(extents);
  if (extents.size() == 1) {
    row_position row{extents[0], {}};
    for (std::size_t i = 0; i < box.cells; ++i) {
      if (heads >> i & 1) row.heads.push_back(static_cast<coin>(i));
    }
    return box_position(row);
  }
  grid_position grid{extents, {}};
  for (std::size_t i = 0; i < box.cells; ++i) {
    if (heads >> i & 1) grid.heads.push_back(box.cell(i));
  }
  return box_position(grid);
}

/// Checks analyze() on `samples` random positions of the game over `extents` against brute force.
void check_against_brute_force(const std::vector<std::string>& codes, const box_extents& extents, int samples,
                               std::mt19937& rng) {
  std::vector<reference_code> factors;
  for (const std::string& text : codes) factors.push_back(reference_code::from(turning_code::parse(text)));
  std::string name;
  for (const std::string& text : codes) name += (name.empty() ? "" : "*") + text;
  const game_handle game = games::resolve_game(name);
  ASSERT_EQ(game.dimensions(), extents.size());
  brute_box brute(factors, extents);
  const box_geometry box(extents);
  std::uniform_int_distribution<std::uint64_t> pick(0, (std::uint64_t{1} << box.cells) - 1);
  for (int s = 0; s < samples; ++s) {
    const std::uint64_t heads = pick(rng);
    const box_position p = position_of(extents, heads);
    SCOPED_TRACE(name + " position heads mask " + std::to_string(heads));
    const analysis a = analyze(game, p);
    EXPECT_EQ(a.position(), p);
    EXPECT_EQ(a.value(), brute.value(heads));
    EXPECT_EQ(a.outcome(), brute.value(heads) != 0 ? 'N' : 'P');

    // Options: every legal move, each with the value it leads to.
    std::set<std::pair<move, grundy_value>> expected_options, expected_wins;
    for (const move& m : brute.moves(heads)) {
      const grundy_value after = brute.value(brute.apply(heads, m));
      expected_options.emplace(m, after);
      if (after == 0) expected_wins.emplace(m, 0);
    }
    std::set<std::pair<move, grundy_value>> options;
    std::size_t visited = 0;
    a.for_each_option([&](const move& m, grundy_value v) {
      ++visited;
      options.emplace(m, v);
      return true;
    });
    EXPECT_EQ(visited, options.size()) << "an option visited twice";
    EXPECT_EQ(options, expected_options);

    std::vector<move> wins;
    a.for_each_winning_move([&](const move& m) {
      wins.push_back(m);
      return true;
    });
    std::set<std::pair<move, grundy_value>> win_set;
    for (const move& m : wins) win_set.emplace(m, 0);
    EXPECT_EQ(wins.size(), win_set.size()) << "a winning move visited twice";
    EXPECT_EQ(win_set, expected_wins);
    // The documented order: by moving coin (the last coin of every axis), first the coins sure to have a winning
    // move (V ⊕ G(c) < G(c), G(c) the brute-force value of the coin alone), in row-major order, then the others in
    // row-major order; from one coin, in the order of the game's move finder.
    const auto key = [&](const move& m) {
      std::vector<coin> corner;
      for (const auto& axis : m.axes) corner.push_back(axis.back());
      const grundy_value alone = brute.value(std::uint64_t{1} << box.index(corner));
      return std::tuple{(a.value() ^ alone) >= alone, corner};
    };
    EXPECT_TRUE(std::is_sorted(wins.begin(), wins.end(), [&](const move& x, const move& y) { return key(x) < key(y); }))
        << "winning moves out of order";

    // Counting and paging agree with the full visit, in its order.
    EXPECT_EQ(a.count_winning_moves(), wins.size());
    if (!wins.empty()) {
      EXPECT_EQ(a.count_winning_moves(1), 1U);
    }
    std::vector<move> paged;
    for (std::size_t skip = 0;; skip += 2) {
      const std::vector<move> page = a.winning_moves(2, skip);
      paged.insert(paged.end(), page.begin(), page.end());
      if (page.size() < 2) break;
    }
    EXPECT_EQ(paged, wins);
    const std::vector<option> first = a.options(3, 1);
    EXPECT_LE(first.size(), 3U);
    for (const option& o : first) EXPECT_TRUE(expected_options.count({o.turned, o.value})) << "a paged option";
  }
}

TEST(AnalysisTest, RowsOfBuiltInCodesMatchBruteForce) {
  std::mt19937 rng(20261123);
  // Mock Turtles, Ruler, Twins, Triplets, Turning Turtles and a few spaced and symmetric codes.
  for (const char* code : {"1-3", "1+C", "2", "3", "1-2", "1-4E", "2+S", "1-3F", "1,3C"}) {
    check_against_brute_force({code}, {10}, 12, rng);
  }
}

TEST(AnalysisTest, RowsOfRandomCodesMatchBruteForce) {
  std::mt19937 rng(7);
  test::reference_generator generator(2026);
  for (int i = 0; i < 40; ++i) {
    const test::generated_code code = generator.next();
    SCOPED_TRACE("code '" + code.text + "'");
    check_against_brute_force({code.text}, {9}, 6, rng);
  }
}

TEST(AnalysisTest, BoardsAndBoxesMatchBruteForce) {
  std::mt19937 rng(11);
  check_against_brute_force({"1+C", "1+C"}, {3, 4}, 10, rng);  // Rugs
  check_against_brute_force({"2", "2"}, {3, 3}, 10, rng);      // Turning Corners
  check_against_brute_force({"1-3", "1+C"}, {3, 3}, 10, rng);  // Mock Turtles × Ruler
  check_against_brute_force({"1-2", "1-3", "2"}, {2, 2, 3}, 8, rng);
  test::reference_generator generator(99);
  for (int i = 0; i < 12; ++i) {
    const std::string a = generator.next().text, b = generator.next().text;
    check_against_brute_force({a, b}, {3, 3}, 4, rng);
  }
}

TEST(AnalysisTest, OnlyTheOccupiedPartIsComputed) {
  // A row of 10^9 coins with one heads coin near the left: the values needed stop at that coin.
  const game_handle ruler = games::resolve_game("ruler");
  const analysis a = analyze(ruler, sparse_box_position(box_extents{1'000'000'000}, "5"));
  EXPECT_EQ(a.factor_values(0).size(), 6U);
  EXPECT_EQ(a.position().extents(), box_extents{1'000'000'000});
  EXPECT_EQ(a.value(), 2U);  // Ruler: g(5) is the largest power of 2 dividing 6
}

TEST(AnalysisTest, ProgressReportsAndCancelsTheSequences) {
  // Twins as a code of its own name, so that no other test has filled its cache. Its values are g(n) = n.
  const game_handle game(turning_game("twins-cancelled", "2", turning_code::parse("2")));
  const box_position far = sparse_box_position(box_extents{200'000}, "199999");
  std::vector<double> seen;
  analyze_options stop_half_way;
  stop_half_way.progress = [&seen](double fraction) {
    seen.push_back(fraction);
    return fraction < 0.5;
  };
  EXPECT_THROW(static_cast<void>(analyze(game, far, stop_half_way)), cancelled_error);
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_GE(seen.back(), 0.5);
  // The values computed before the stop are kept, and the next request goes on from them.
  const std::size_t kept = game.factor(0).cached_values();
  EXPECT_GT(kept, 0U);
  EXPECT_LT(kept, 200'000U);
  analyze_options to_the_end;
  to_the_end.progress = [](double) { return true; };
  const analysis a = analyze(game, far, to_the_end);
  EXPECT_EQ(a.value(), 199'999U);
  for (coin n = 0; n < 200'000; n += 997) EXPECT_EQ(a.factor_values(0)[n], n);
}

/// The code "1-5" (Moebius) with its own finder, counting the moves the finder hands to the search.
struct counted_moebius {
  turning_code code = turning_code::parse("1-5");
  std::shared_ptr<std::uint64_t> found = std::make_shared<std::uint64_t>(0);

  bool for_each_move(coin n, move_visitor visit) const { return code.for_each_move(n, visit); }
  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const {
    return code.find_moves(n, target, g, [&](std::span<const coin> others) {
      ++*found;
      return visit(others);
    });
  }
};

/// Turn coin n and any set of coins below it: 2^n moves from coin n, g(n) = 2^n (the options of n are exactly the
/// values below 2^n). No finder hook: the search filters the 2^n moves, so from a far coin it never ends by itself.
struct any_set_below {
  bool for_each_move(coin n, move_visitor visit) const {
    std::vector<coin> others;
    for (std::uint64_t set = 0; set < (std::uint64_t{1} << n); ++set) {
      others.clear();
      for (coin c = 0; c < n; ++c) {
        if ((set >> c) & 1) others.push_back(c);
      }
      if (!visit(std::span<const coin>(others))) return false;
    }
    return true;
  }
  grundy_value grundy(coin n) const { return grundy_value{1} << n; }
};

TEST(AnalysisTest, LimitStopsTheSearchAfterTheMovesAsked) {
  // Moebius on 40 coins, all heads: by the definition (g by mex over every move, brute force), a winning move from
  // heads coin a turns a and at most four coins below it whose values XOR to V ⊕ g(a), V the XOR of all the values.
  // A search that gathers a coin's moves before listing them calls the finder for all of them; a page of N must
  // take exactly N moves from the finder.
  constexpr coin coins = 40;
  const counted_moebius rule;
  const std::vector<grundy_value> g = test::naive_sequence(test::k_coins{1, 5}, coins);
  grundy_value value = 0;
  for (const grundy_value x : g) value ^= x;
  std::uint64_t wins = 0, first_coin_wins = 0;  // first_coin_wins: from the first coin listed
  bool first_seen = false;
  for (const bool sure_group : {true, false}) {
    for (coin a = 0; a < coins; ++a) {
      if (((value ^ g[a]) < g[a]) != sure_group) continue;
      std::uint64_t from_a = 0;
      test::k_coins{1, 5}.for_each_move(a, [&](std::span<const coin> others) {
        grundy_value x = g[a];
        for (const coin c : others) x ^= g[c];
        from_a += x == value;
        return true;
      });
      wins += from_a;
      if (!first_seen && from_a != 0) first_coin_wins = from_a, first_seen = true;
    }
  }
  ASSERT_GT(first_coin_wins, 5U) << "the test needs a first coin with many winning moves";
  const game_handle game(turning_game("moebius-counted", "1-5", rule));
  const analysis a = analyze(game, parse_box_position(std::string(coins, 'H')));
  ASSERT_EQ(a.value(), value);
  for (const std::size_t limit : {1, 3, 5}) {
    *rule.found = 0;
    const std::vector<move> page = a.winning_moves(limit);
    ASSERT_EQ(page.size(), limit);
    EXPECT_EQ(*rule.found, limit) << "the finder was asked for more moves than the page holds";
    for (const move& m : page) {
      grundy_value x = 0;
      for (const coin c : m.coins()) x ^= g[c];
      EXPECT_EQ(x, value) << "not a winning move: " << format_coins(m.coins());
      EXPECT_LE(m.coins().size(), 5U);
    }
  }
  EXPECT_EQ(a.count_winning_moves(), wins);
}

TEST(AnalysisTest, ACancelStopsTheSearchAndKeepsTheMovesFound) {
  // Mock Turtles (1-3), every coin of 40 heads but coin 1: the full list by the definition, then searches cancelled
  // at the k-th report (a report at every coin and check): each keeps a prefix of the full list and says where it
  // stopped.
  const game_handle game(games::find_game("mock-turtles"));
  std::string row(40, 'H');
  row[1] = 'T';
  const analysis a = analyze(game, parse_box_position(row));
  const std::vector<grundy_value> g = test::naive_sequence(test::k_coins{1, 3}, 40);
  grundy_value value = 0;
  for (std::size_t c = 0; c < row.size(); ++c) value ^= row[c] == 'H' ? g[c] : 0;
  ASSERT_EQ(a.value(), value);
  std::vector<move> all;
  ASSERT_TRUE(a.for_each_winning_move([&](const move& m) {
    all.push_back(m);
    return true;
  }));
  ASSERT_GT(all.size(), 3U);
  for (const move& m : all) {
    grundy_value x = 0;
    for (const coin c : m.coins()) x ^= g[c];
    EXPECT_EQ(x, value);  // turning the coins changes the value by their XOR, and must leave 0
  }
  for (const int k : {1, 2, 5, 20}) {
    search_options limits;
    limits.report_interval = {};
    int reports = 0;
    limits.progress = [&](double fraction) {
      EXPECT_GE(fraction, 0.0);
      EXPECT_LE(fraction, 1.0);
      return ++reports < k;
    };
    std::vector<move> kept;
    const search_report r = a.for_each_winning_move(
        [&](const move& m) {
          kept.push_back(m);
          return true;
        },
        limits);
    EXPECT_EQ(reports, k);
    EXPECT_EQ(r.end, search_end::cancelled);
    EXPECT_TRUE(r.interrupted());
    EXPECT_EQ(r.coins, 39U);
    EXPECT_LT(r.coins_done, 39U);
    ASSERT_LE(kept.size(), all.size());
    EXPECT_TRUE(std::equal(kept.begin(), kept.end(), all.begin())) << "the moves kept are the list's first ones";
  }
  // A report that never cancels: the whole list, complete.
  search_options patient;
  patient.progress = [](double) { return true; };
  const move_page page = a.winning_move_page(SIZE_MAX, 0, patient);
  EXPECT_EQ(page.moves, all);
  EXPECT_EQ(page.search.end, search_end::complete);
  EXPECT_EQ(page.search.coins_done, 39U);
}

TEST(AnalysisTest, ADeadlineStopsTheSearchInsideTheFinder) {
  // From coin 59 of any_set_below the search filters 2^59 moves: no machine finishes it. The first move (coin 59
  // alone, g(59) = 2^59 is the whole value) is found at once; a cancel at the second report, which comes from inside
  // the finder's loop, must stop it there with that move kept.
  const game_handle game(turning_game("any-set-below", "", any_set_below{}));
  const analysis a = analyze(game, sparse_box_position(box_extents{60}, "59"));
  ASSERT_EQ(a.value(), grundy_value{1} << 59);
  search_options limits;
  limits.report_interval = {};
  int reports = 0;
  limits.progress = [&](double) { return ++reports < 2; };
  std::vector<move> kept;
  const search_report r = a.for_each_winning_move(
      [&](const move& m) {
        kept.push_back(m);
        return true;
      },
      limits);
  EXPECT_EQ(r.end, search_end::cancelled);
  EXPECT_EQ(r.coins_done, 0U);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].coins(), std::vector<coin>{59});
  // A deadline already past stops the search before its first coin, and the listing of options too.
  search_options past;
  past.deadline = search_options::clock::now() - std::chrono::seconds(1);
  kept.clear();
  const search_report late = a.for_each_winning_move(
      [&](const move& m) {
        kept.push_back(m);
        return true;
      },
      past);
  EXPECT_EQ(late.end, search_end::time_limit);
  EXPECT_EQ(late.coins_done, 0U);
  EXPECT_TRUE(kept.empty());
  std::size_t options = 0;
  const search_report listing = a.for_each_option(
      [&](const move&, grundy_value) {
        ++options;
        return true;
      },
      past);
  EXPECT_EQ(listing.end, search_end::time_limit);
  EXPECT_EQ(options, 0U);
  // A page filled before the deadline is complete as a page: stopped by the visitor, not by the time.
  const move_page first = a.winning_move_page(1, 0, search_options::within(3600));
  EXPECT_EQ(first.moves.size(), 1U);
  EXPECT_EQ(first.search.end, search_end::stopped);
}

TEST(AnalysisTest, RefusesAPositionWithTheWrongNumberOfAxes) {
  EXPECT_THROW(analyze(games::resolve_game("ruler"), parse_box_position("HT/TH")), parse_error);
  EXPECT_THROW(analyze(games::resolve_game("ruler*ruler"), parse_box_position("HTTH")), parse_error);
}

TEST(AnalysisTest, RefusesSequencesBeyondTheMemoryLimit) {
  // 10^8 values at 32 bytes each is about 3 GB, over a limit of 1 MiB: refused before any work.
  analyze_options tight;
  tight.max_memory = 1 << 20;
  EXPECT_THROW(analyze(games::resolve_game("ruler"), sparse_box_position(box_extents{100'000'000}, "99999999"), tight),
               limit_error);
}

}  // namespace
}  // namespace tartan
