// Heap positions of take-and-break games: the value and the winning heap moves against the game on heap multisets
// computed here (every way of taking k tokens from one heap and splitting the rest, a plain mex recursion on the
// multisets, no Sprague-Grundy sum theorem), on seeded random codes and heap lists with equal heaps, d_0, empty
// positions and codes with no moves; the request's paging and counting; the refusals.
#include "tartan/analysis/heap_position.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "support/error_message.hpp"
#include "support/octal_definition.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::coin;
using tartan::game_handle;
using tartan::grundy_value;
using tartan::heap_analysis;
using tartan::heap_move;

/// A code d_0.d_1...d_t written out by the test: digit bits 1 (nothing left), 2 (one heap), 4 (two non-empty heaps),
/// 8 (three); '!' asks the heaps left to differ.
struct test_code {
  std::vector<int> digits;
  std::vector<bool> distinct;

  std::string text() const {
    const char* hex = "0123456789ABCDEF";
    std::string s(1, hex[digits[0]]);
    if (distinct[0]) s += '!';
    s += '.';
    for (std::size_t k = 1; k < digits.size(); ++k) {
      s += hex[digits[k]];
      if (distinct[k]) s += '!';
    }
    return s;
  }
};

using heaps_t = std::vector<tartan::heap_size>;               // a multiset of heaps, ascending
using move_t = std::tuple<coin, tartan::heap_size, heaps_t>;  // take, from, leaving

/// Every move on one heap of n by the rules read literally: take k (d_k != 0, k <= n) and leave the rest as
/// nothing, one heap, two or three non-empty heaps, as d_k's bits allow (pairwise different under '!').
std::vector<std::pair<coin, heaps_t>> moves_of_heap(const test_code& code, coin n) {
  std::vector<std::pair<coin, heaps_t>> out;
  for (coin k = 0; k < code.digits.size() && k <= n; ++k) {
    const int d = code.digits[k];
    const bool differ = code.distinct[k];
    const coin r = n - k;
    if ((d & 1) != 0 && k >= 1 && r == 0) out.push_back({k, {}});
    if ((d & 2) != 0 && k >= 1 && r >= 1) out.push_back({k, {r}});
    for (coin a = 1; a <= r; ++a) {
      for (coin b = a; a + b <= r; ++b) {
        if ((d & 4) != 0 && a + b == r && !(differ && a == b)) out.push_back({k, {a, b}});
        const coin c = r - a - b;
        if ((d & 8) != 0 && c >= b && !(differ && (a == b || b == c))) out.push_back({k, {a, b, c}});
      }
    }
  }
  return out;
}

/// The multiset after a move on one heap of `from`.
heaps_t after(const heaps_t& heaps, coin from, const heaps_t& leaving) {
  heaps_t next = heaps;
  next.erase(std::find(next.begin(), next.end(), from));
  next.insert(next.end(), leaving.begin(), leaving.end());
  std::sort(next.begin(), next.end());
  return next;
}

/// Every heap move of the multiset: each heap size once, each of its moves.
std::vector<move_t> all_moves(const test_code& code, const heaps_t& heaps) {
  std::vector<move_t> out;
  const std::set<coin> sizes(heaps.begin(), heaps.end());
  for (const coin h : sizes) {
    for (const auto& [k, left] : moves_of_heap(code, h)) out.emplace_back(k, h, left);
  }
  return out;
}

/// The value of the multiset game by definition: the mex of its options' values (memoised).
grundy_value mex_value(const test_code& code, const heaps_t& heaps, std::map<heaps_t, grundy_value>& memo) {
  const auto found = memo.find(heaps);
  if (found != memo.end()) return found->second;
  std::set<grundy_value> options;
  for (const auto& [k, from, left] : all_moves(code, heaps))
    options.insert(mex_value(code, after(heaps, from, left), memo));
  grundy_value m = 0;
  while (options.count(m) != 0) ++m;
  memo.emplace(heaps, m);
  return m;
}

test_code random_code(std::mt19937& rng) {
  test_code c;
  std::uniform_int_distribution<int> length(1, 4), digit(0, 15), quarter(0, 3);
  const int t = length(rng);
  c.digits.push_back(quarter(rng) == 0 ? 4 * (1 + quarter(rng) % 3) : 0);
  for (int k = 1; k <= t; ++k) c.digits.push_back(quarter(rng) == 0 ? 0 : digit(rng));
  for (const int d : c.digits) c.distinct.push_back((d & 12) != 0 && quarter(rng) == 0);
  return c;
}

heaps_t random_heaps(std::mt19937& rng) {
  std::uniform_int_distribution<int> count(0, 4), size(0, 7), quarter(0, 3);
  heaps_t heaps;
  const int n = count(rng);
  for (int i = 0; i < n; ++i) {
    // an equal heap now and then
    heaps.push_back(!heaps.empty() && quarter(rng) == 0 ? heaps.back() : static_cast<coin>(size(rng)));
  }
  return heaps;
}

game_handle game_of(const std::string& text) { return game_handle(tartan::games::find_game(text)); }

std::vector<move_t> tartan_moves(const heap_analysis& a) {
  std::vector<move_t> out;
  a.for_each_winning_move([&](const heap_move& m) {
    out.emplace_back(m.take, m.from, m.leaving);
    return true;
  });
  return out;
}

void check_against_definition(const test_code& code, const heaps_t& given) {
  SCOPED_TRACE(code.text());
  heaps_t heaps = given;
  std::sort(heaps.begin(), heaps.end());
  std::string shown;
  for (const coin h : given) shown += std::to_string(h) + " ";
  SCOPED_TRACE("heaps " + shown);
  std::map<heaps_t, grundy_value> memo;
  const grundy_value expected = mex_value(code, heaps, memo);
  std::vector<move_t> winning;
  for (const auto& [k, from, left] : all_moves(code, heaps)) {
    if (mex_value(code, after(heaps, from, left), memo) == 0) winning.emplace_back(k, from, left);
  }
  const heap_analysis a(game_of(code.text()), given, {});
  EXPECT_EQ(a.value(), expected);
  EXPECT_EQ(a.outcome(), expected != 0 ? 'N' : 'P');
  EXPECT_EQ(a.heaps(), heaps);
  std::vector<move_t> listed = tartan_moves(a);
  // Every page read with a skip is the slice of the whole list, and the count is its length.
  for (std::size_t skip = 0; skip <= listed.size() + 1; ++skip) {
    std::vector<move_t> page;
    const tartan::search_report r = a.for_each_winning_move(
        [&](const heap_move& m) {
          page.emplace_back(m.take, m.from, m.leaving);
          return page.size() < 2;
        },
        {}, skip);
    const std::size_t from = std::min(skip, listed.size()), to = std::min(skip + 2, listed.size());
    EXPECT_EQ(page, std::vector<move_t>(listed.begin() + static_cast<std::ptrdiff_t>(from),
                                        listed.begin() + static_cast<std::ptrdiff_t>(to)));
    EXPECT_EQ(r.skipped, from);
  }
  const tartan::heap_move_count counted = a.count_winning_moves();
  EXPECT_EQ(counted.moves, tartan::uint128{winning.size()});
  EXPECT_TRUE(counted.search.complete());
  // Heap sizes ascending, and no move twice.
  EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end(),
                             [](const move_t& x, const move_t& y) { return std::get<1>(x) < std::get<1>(y); }));
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end());
  std::sort(winning.begin(), winning.end());
  EXPECT_EQ(listed, winning);
  // The coin form: the sizes held by an odd number of heaps.
  std::map<tartan::heap_size, int> parity;
  for (const tartan::heap_size h : heaps) parity[h] ^= 1;
  heaps_t odd;
  for (const auto& [h, p] : parity) {
    if (p != 0) odd.push_back(h);
  }
  EXPECT_EQ(a.coin_heads(), odd);
}

TEST(HeapPositionTest, RandomCodesAndHeapsMatchTheDefinition) {
  std::mt19937 rng(2611);
  for (int i = 0; i < 300; ++i) {
    const test_code code = random_code(rng);
    for (int j = 0; j < 4; ++j) check_against_definition(code, random_heaps(rng));
  }
}

TEST(HeapPositionTest, NamedCasesMatchTheDefinition) {
  const test_code kayles{{0, 7, 7}, {false, false, false}};
  check_against_definition(kayles, {5, 7, 9});
  check_against_definition(kayles, {3, 3, 10});
  check_against_definition(kayles, {4, 4});
  check_against_definition(kayles, {});
  check_against_definition(kayles, {0, 0, 0});
  const test_code grundys{{4, 0}, {true, false}};  // 4!.0: split into two unequal heaps
  check_against_definition(grundys, {7, 7, 9});
  check_against_definition(grundys, {2, 1});                            // no move at all
  const test_code splits{{12, 3, 0, 15}, {false, false, false, true}};  // C.30F!: d_0 splits into two or three heaps
  check_against_definition(splits, {6, 9});
  const test_code nothing{{0, 0}, {false, false}};  // 0.0: no moves
  check_against_definition(nothing, {1, 2, 3});
}

// find_heap_moves (the moves of one heap of a value, compared in place) against for_each_heap_move filtered by value,
// in order, on heaps up to 60 of random codes with two- and three-heap digits and '!': every target, every skip.
TEST(HeapPositionTest, MovesOfOneValueAreTheHeapMovesOfThatValueInOrder) {
  std::mt19937 rng(2612);
  for (int i = 0; i < 60; ++i) {
    const tartan::take_break_code code = tartan::take_break_code::parse(random_code(rng).text());
    std::vector<grundy_value> g(61);
    for (grundy_value& v : g) v = std::uniform_int_distribution<grundy_value>(0, 7)(rng);
    for (coin n = 0; n <= 60; n += 1 + static_cast<coin>(rng() % 7)) {
      for (grundy_value target = 0; target < 8; ++target) {
        SCOPED_TRACE(code.text() + ", heap " + std::to_string(n) + ", target " + std::to_string(target));
        std::vector<std::pair<coin, heaps_t>> wanted, found;
        code.for_each_heap_move(n, [&](coin k, std::span<const coin> left) {
          grundy_value x = 0;
          for (const coin c : left) x ^= g[c];
          if (x == target) wanted.push_back({k, heaps_t(left.begin(), left.end())});
          return true;
        });
        const std::uint64_t skip = rng() % (wanted.size() + 2);
        std::uint64_t left_to_skip = skip;
        code.find_heap_moves(n, target, g, left_to_skip, [&](coin k, std::span<const coin> left) {
          found.push_back({k, heaps_t(left.begin(), left.end())});
          return true;
        });
        const std::size_t from = std::min<std::size_t>(skip, wanted.size());
        const std::vector<std::pair<coin, heaps_t>> rest(wanted.begin() + static_cast<std::ptrdiff_t>(from),
                                                         wanted.end());
        EXPECT_EQ(found, rest);
        EXPECT_EQ(left_to_skip, skip - from);
        EXPECT_EQ(code.count_heap_moves(n, target, g), wanted.size());
      }
    }
  }
}

TEST(HeapPositionTest, MovesOfHeapAreListedInOrder) {
  const tartan::take_break_code code = tartan::take_break_code::parse("0.77");
  std::vector<std::pair<coin, heaps_t>> seen;
  code.for_each_heap_move(3, [&](coin k, std::span<const coin> left) {
    seen.push_back({k, heaps_t(left.begin(), left.end())});
    return true;
  });
  const std::vector<std::pair<coin, heaps_t>> expected{{1, {2}}, {1, {1, 1}}, {2, {1}}};
  EXPECT_EQ(seen, expected);
}

TEST(HeapPositionTest, RequestPagesAndCountsTheHeapMoves) {
  // Kayles with heaps 6, 6, 6 and 9: every winning move, then pages of 2 of them, then their number.
  const game_handle kayles = game_of("kayles");
  tartan::analysis_request request;
  request.terms.push_back({kayles, tartan::box_region()});
  request.heaps = heaps_t{9, 6, 6, 6};
  request.limit = 1000;
  const tartan::analysis_report all = tartan::answer(request);
  ASSERT_TRUE(all.heap_position.has_value());
  const test_code code{{0, 7, 7}, {false, false, false}};
  std::map<heaps_t, grundy_value> memo;
  EXPECT_EQ(all.value, mex_value(code, {6, 6, 6, 9}, memo));
  std::size_t winning = 0;
  for (const auto& [k, from, left] : all_moves(code, {6, 6, 6, 9})) {
    winning += mex_value(code, after({6, 6, 6, 9}, from, left), memo) == 0 ? 1 : 0;
  }
  ASSERT_EQ(all.heap_moves.size(), winning);
  ASSERT_GE(winning, 2U);  // pages of 2 below: a full page, then a short or empty one
  for (std::size_t offset = 0; offset <= all.heap_moves.size(); ++offset) {
    request.offset = offset;
    request.limit = 2;
    const tartan::analysis_report page = tartan::answer(request);
    const std::size_t end = std::min(offset + 2, all.heap_moves.size());
    EXPECT_EQ(page.heap_moves, std::vector<heap_move>(all.heap_moves.begin() + static_cast<std::ptrdiff_t>(offset),
                                                      all.heap_moves.begin() + static_cast<std::ptrdiff_t>(end)));
  }
  request.count = true;
  EXPECT_EQ(static_cast<std::size_t>(tartan::answer(request).heap_move_count.value()), all.heap_moves.size());
}

TEST(HeapPositionTest, ACancelledSearchSaysWhereItStopped) {
  // The progress callback refuses at the first report, before any heap is searched: nothing listed or counted.
  tartan::analysis_request request;
  request.terms.push_back({game_of("kayles"), tartan::box_region()});
  request.heaps = heaps_t{5, 7, 9};
  request.search_progress = [](double) { return false; };
  const tartan::analysis_report listed = tartan::answer(request);
  EXPECT_EQ(listed.stopped, tartan::search_end::cancelled);
  EXPECT_TRUE(listed.heap_moves.empty());
  EXPECT_EQ(listed.where, "the search for winning moves stopped after 0 of the 3 heap sizes; 0 winning moves listed");
  request.count = true;
  const tartan::analysis_report counted = tartan::answer(request);
  EXPECT_EQ(counted.stopped, tartan::search_end::cancelled);
  EXPECT_EQ(counted.where, "the count of winning moves stopped after 0 of the 3 heap sizes; 0 found so far");
}

TEST(HeapPositionTest, OnlyTakeAndBreakGamesHaveHeaps) {
  const std::string ruler = tartan::test::message_of([] { heap_analysis(game_of("ruler"), {3}, {}); });
  EXPECT_NE(ruler.find("'ruler' is a coin-turning game, not a take-and-break game"), std::string::npos) << ruler;
  EXPECT_THROW(heap_analysis(game_handle(tartan::games::find_factors("kayles*kayles")), {3}, {}), tartan::parse_error);
  EXPECT_EQ(tartan::heap_rule(game_of("dawsons-kayles")).text(), "0.07");
  tartan::analysis_request request;
  request.terms.push_back({game_of("kayles"), tartan::box_region()});
  request.heaps = heaps_t{3};
  request.options = 5;
  EXPECT_THROW(tartan::answer(request), tartan::parse_error);
}

TEST(HeapPositionTest, HeapsBeyondTheMemoryLimitAreRefused) {
  // 4.07 splits without taking (d_0 = 4): outside the Guy–Smith theorem, so no period answers its large heaps.
  tartan::analyze_options options;
  options.max_memory = 1 << 20;
  EXPECT_THROW(heap_analysis(game_of("4.07"), {3, 50000000}, options), tartan::limit_error);
  const std::string far = tartan::test::message_of([] { heap_analysis(game_of("4.07"), {3, 4000000000U}, {}); });
  EXPECT_EQ(far,
            "a heap of 4000000000 needs g(0..4000000000), more than the 100000000 values tartan computes at once, and "
            "no proven period of 4.07 answers it; give heaps below 100000000");
  // Kayles' period answers the same heaps with no memory to speak of.
  EXPECT_NO_THROW(heap_analysis(game_of("kayles"), {3, 4000000000U}, options));
}

// ---- Heaps past the values computed, answered by the period -------------------------------------------------------

/// An octal code (digits after the point) as the test reads it, with its values by definition and the test's own
/// reading of their period: the smallest P and least p with g(n + P) = g(n) for p <= n < N - P and N >= 2p + 2P + t.
struct periodic_octal {
  std::vector<int> digits;
  std::vector<grundy_value> g;
  tartan::heap_size p = 0, period = 0;

  static std::optional<periodic_octal> of(std::vector<int> digits, std::size_t count) {
    periodic_octal o{std::move(digits), {}, 0, 0};
    o.g = tartan::test::octal_by_definition(o.digits, count);
    const std::size_t n = o.g.size(), t = o.digits.size();
    for (std::size_t period = 1; 2 * period + t <= n; ++period) {
      std::size_t p = n - period;
      while (p > 0 && o.g[p - 1] == o.g[p - 1 + period]) --p;
      if (2 * p + 2 * period + t <= n) {
        o.p = p;
        o.period = period;
        return o;
      }
    }
    return std::nullopt;
  }

  std::string text() const {
    std::string s = "0.";
    for (const int d : digits) s += static_cast<char>('0' + d);
    return s;
  }
  grundy_value at(tartan::heap_size n) const { return n < g.size() ? g[n] : g[p + (n - p) % period]; }
  int digit(tartan::heap_size k) const { return k >= 1 && k <= digits.size() ? digits[k - 1] : 0; }

  /// Whether `m` is a move of the code, read literally: k tokens taken (d_k != 0), the heaps left as d_k allows,
  /// non-empty, adding up with k to the heap.
  bool legal(const heap_move& m) const {
    const int d = digit(m.take);
    const std::size_t left = m.leaving.size();
    if (m.take == 0 || left > 2 || (d & (1 << left)) == 0) return false;
    tartan::uint128 tokens = m.take;
    for (const tartan::heap_size h : m.leaving) {
      if (h == 0) return false;
      tokens += h;
    }
    return tokens == m.from && std::is_sorted(m.leaving.begin(), m.leaving.end());
  }

  /// The winning moves of a heap of h that leave `target`, counted by the test: the splits a + b = h - k (a <= b)
  /// with a below p + 2P tried one by one, the rest by their class mod P (from p on, g repeats with period P, and so
  /// does g(b) = g(h - k - a) as a steps by P, both heaps being at least p).
  tartan::uint128 count(tartan::heap_size h, grundy_value target) const {
    tartan::uint128 n = 0;
    for (tartan::heap_size k = 1; k <= digits.size() && k <= h; ++k) {
      const int d = digit(k);
      const tartan::heap_size r = h - k;
      if ((d & 1) != 0 && r == 0 && target == 0) ++n;
      if ((d & 2) != 0 && r >= 1 && at(r) == target) ++n;
      if ((d & 4) == 0 || r < 2) continue;
      const tartan::heap_size m = r / 2, direct = std::min<tartan::heap_size>(m, p + 2 * period);
      for (tartan::heap_size a = 1; a <= direct; ++a) n += (at(a) ^ at(r - a)) == target ? 1 : 0;
      for (tartan::heap_size a = direct + 1; a <= direct + period && a <= m; ++a) {
        if ((at(a) ^ at(r - a)) == target) n += (m - a) / period + 1;  // a, a + P, a + 2P, ... up to m
      }
    }
    return n;
  }
};

/// A heap size past 2^32 now and then, or up to 2^64 − 1.
std::vector<tartan::heap_size> huge_heaps(std::mt19937_64& rng) {
  std::vector<tartan::heap_size> heaps;
  const int n = 1 + static_cast<int>(rng() % 3);
  for (int i = 0; i < n; ++i) {
    switch (rng() % 4) {
      case 0:
        heaps.push_back(UINT64_MAX - rng() % 40);
        break;
      case 1:
        heaps.push_back(rng() % 300);
        break;
      case 2:
        heaps.push_back((std::uint64_t{1} << 32) + rng() % 100000);
        break;
      default:
        heaps.push_back(rng());
    }
  }
  if (rng() % 3 == 0) heaps.push_back(heaps.front());  // an equal heap
  return heaps;
}

/// Each move listed is legal, wins (the heaps after it are worth 0 through the test's period), and the count is
/// the test's; the pages at several offsets are the same moves as the first page's continuation.
void check_huge_heaps(const periodic_octal& code, const std::vector<tartan::heap_size>& heaps) {
  std::string shown;
  for (const tartan::heap_size h : heaps) shown += std::to_string(h) + " ";
  SCOPED_TRACE(code.text() + " heaps " + shown);
  const heap_analysis a(game_of(code.text()), heaps, {});
  grundy_value value = 0;
  for (const tartan::heap_size h : heaps) value ^= code.at(h);
  ASSERT_EQ(a.value(), value);
  std::vector<heap_move> listed;
  a.for_each_winning_move([&](const heap_move& m) {
    listed.push_back(m);
    return listed.size() < 60;
  });
  for (const heap_move& m : listed) {
    ASSERT_TRUE(code.legal(m)) << "take " << m.take << " from " << m.from;
    ASSERT_TRUE(std::find(heaps.begin(), heaps.end(), m.from) != heaps.end());
    grundy_value after = value ^ code.at(m.from);
    for (const tartan::heap_size h : m.leaving) after ^= code.at(h);
    ASSERT_EQ(after, 0U) << "take " << m.take << " from " << m.from << " does not win";
  }
  std::vector<tartan::heap_size> sizes = heaps;
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  tartan::uint128 expected = 0;
  for (const tartan::heap_size h : sizes) expected += code.count(h, value ^ code.at(h));
  const tartan::heap_move_count counted = a.count_winning_moves();
  EXPECT_TRUE(counted.search.complete());
  EXPECT_EQ(tartan::to_decimal(counted.moves), tartan::to_decimal(expected));
  EXPECT_EQ(listed.size(), static_cast<std::size_t>(std::min<tartan::uint128>(expected, 60)));
  // Pages: skipping s moves gives the moves from the s-th on.
  for (const std::uint64_t skip : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{59}}) {
    std::vector<heap_move> page;
    a.for_each_winning_move(
        [&](const heap_move& m) {
          page.push_back(m);
          return page.size() < 60 - skip;
        },
        {}, skip);
    EXPECT_EQ(page, std::vector<heap_move>(
                        listed.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(skip, listed.size())),
                        listed.end()));
  }
}

TEST(HeapPositionTest, HugeHeapsOfKaylesAgainstThePeriodOfTheDefinition) {
  const std::optional<periodic_octal> kayles = periodic_octal::of({7, 7}, 2000);
  ASSERT_TRUE(kayles.has_value());
  EXPECT_EQ(kayles->p, 71U);  // Guy and Smith (1956): period 12 from 71
  EXPECT_EQ(kayles->period, 12U);
  check_huge_heaps(*kayles, {99999999});
  check_huge_heaps(*kayles, {UINT64_MAX});
  check_huge_heaps(*kayles, {UINT64_MAX, 5, 7});
  std::mt19937_64 rng(2064);
  for (int i = 0; i < 30; ++i) check_huge_heaps(*kayles, huge_heaps(rng));
  const heap_analysis a(game_of("kayles"), {UINT64_MAX}, {});
  ASSERT_NE(a.continuation(), nullptr);
  EXPECT_EQ(a.value(), kayles->at(UINT64_MAX));
  EXPECT_EQ(tartan::to_decimal(a.coins()), "18446744073709551616");
}

TEST(HeapPositionTest, HugeHeapsOfRandomOctalCodesAgainstThePeriodOfTheDefinition) {
  std::mt19937 digits_rng(64);
  std::mt19937_64 rng(6464);
  int checked = 0;
  for (int i = 0; i < 40; ++i) {
    std::uniform_int_distribution<int> length(1, 3), digit(0, 7), nonzero(1, 7);
    std::vector<int> digits(static_cast<std::size_t>(length(digits_rng)));
    for (int& d : digits) d = digit(digits_rng);
    digits.back() = nonzero(digits_rng);
    const std::optional<periodic_octal> code = periodic_octal::of(digits, 2000);
    if (!code) continue;
    ++checked;
    for (int j = 0; j < 4; ++j) check_huge_heaps(*code, huge_heaps(rng));
  }
  EXPECT_GE(checked, 25);
}

TEST(HeapPositionTest, HeapsPastTheValuesListEveryWinningMoveAsTheDefinitionDoes) {
  // Heaps of a few thousand, past the values the period repeats (Kayles: 83), listed whole and compared with every
  // move of the heap tried by the test, in the documented order.
  const std::optional<periodic_octal> kayles = periodic_octal::of({7, 7}, 6000);
  ASSERT_TRUE(kayles.has_value());
  std::mt19937_64 rng(83);
  for (int i = 0; i < 30; ++i) {
    std::vector<tartan::heap_size> heaps{83 + rng() % 5000, rng() % 90};
    const heap_analysis a(game_of("kayles"), heaps, {});
    grundy_value value = 0;
    for (const tartan::heap_size h : heaps) value ^= kayles->g[h];
    std::vector<heap_move> expected;
    std::vector<tartan::heap_size> sizes = heaps;
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    for (const tartan::heap_size h : sizes) {
      const grundy_value target = value ^ kayles->g[h];
      for (coin k = 1; k <= 2 && k <= h; ++k) {
        const tartan::heap_size r = h - k;
        if (r == 0 && target == 0) expected.push_back({k, h, {}});
        if (r >= 1 && kayles->g[r] == target) expected.push_back({k, h, {r}});
        for (tartan::heap_size x = 1; 2 * x <= r; ++x) {
          if ((kayles->g[x] ^ kayles->g[r - x]) == target) expected.push_back({k, h, {x, r - x}});
        }
      }
    }
    std::vector<heap_move> listed;
    a.for_each_winning_move([&](const heap_move& m) {
      listed.push_back(m);
      return true;
    });
    ASSERT_EQ(listed, expected);
    EXPECT_EQ(static_cast<std::size_t>(a.count_winning_moves().moves), expected.size());
  }
}

}  // namespace
