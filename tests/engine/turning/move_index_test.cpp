// Tests for move_index.hpp: a turning code's move index (runs by the positions of their prefix XORs, moves of at
// most two coins by the positions of the values, other alternatives by their finders) against the plain search over
// every move, written here: every move of every heads coin, from tests/support/turning_code_reference.hpp (an
// enumerator written from the rule language's definition), kept when it leads to the value asked for. The values g
// are the definition's too (the reference's mex), so nothing of the engine's is trusted.
//
// For each code and row (rows of a few hundred coins with heads gaps and tails coins, and all-heads rows): the
// winning moves (as a set, against the plain search; in order, against the code's find_moves tried move by move),
// every page read with a skip against the slice of the whole list, the moves of each coin counted, the moves of a
// range of coins of one value counted, and the table of every value (products) against the moves listed.
#include "tartan/turning/move_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/turning_code_reference.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {
namespace {

using test::reference_code;
using moves_list = std::vector<std::vector<coin>>;

/// The plain search: every move of every heads coin of p, each as all its coins (ascending), kept when the position
/// it leads to has value `target`. A move from a turns a and its others S, so it leads to V ⊕ g(a) ⊕ XOR g(S).
moves_list plain_moves_to(const reference_code& code, const std::vector<grundy_value>& g, const row_position& p,
                          grundy_value target) {
  grundy_value value = 0;
  for (const coin a : p.heads) value ^= g[a];
  moves_list found;
  for (const coin a : p.heads) {
    code.for_each_move(a, [&](std::span<const coin> others) {
      grundy_value x = value ^ g[a];
      for (const coin c : others) x ^= g[c];
      if (x == target) {
        std::vector<coin> m(others.begin(), others.end());
        m.push_back(a);
        found.push_back(std::move(m));
      }
      return true;
    });
  }
  std::sort(found.begin(), found.end());
  return found;
}

/// The moves the engine's row search visits with `index`, in its order, after skipping `skip` and at most `limit`.
moves_list engine_moves_to(const move_index& index, const std::vector<grundy_value>& g, const row_position& p,
                           grundy_value target, std::uint64_t skip = 0, std::size_t limit = SIZE_MAX) {
  moves_list found;
  if (limit == 0) return found;
  for_each_move_to_value(
      index, g, p, target,
      [&](std::span<const coin> m) {
        found.emplace_back(m.begin(), m.end());
        return found.size() < limit;
      },
      nullptr, skip);
  return found;
}

/// Every move of the coins first..last with the XOR of all its coins, from the reference.
std::map<grundy_value, std::uint64_t> plain_table(const reference_code& code, const std::vector<grundy_value>& g,
                                                  coin first, coin last) {
  std::map<grundy_value, std::uint64_t> table;
  for (coin t = first; t <= last; ++t) {
    code.for_each_move(t, [&](std::span<const coin> others) {
      grundy_value x = g[t];
      for (const coin c : others) x ^= g[c];
      ++table[x];
      return true;
    });
  }
  return table;
}

std::map<grundy_value, std::uint64_t> as_map(const value_counts& counts) {
  std::map<grundy_value, std::uint64_t> out;
  counts.for_each([&](grundy_value v, std::uint64_t c) { out[v] += c; });
  return out;
}

/// A row of `coins` coins: every coin heads, or heads in stretches with gaps, or scattered at a random density.
row_position random_row(std::mt19937& rng, coin coins) {
  row_position p;
  p.coins = coins;
  const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
  if (kind == 0) {
    for (coin c = 0; c < coins; ++c) p.heads.push_back(c);
    return p;
  }
  if (kind == 1) {  // stretches of heads and of tails
    bool heads = true;
    for (coin c = 0; c < coins;) {
      const coin length = std::uniform_int_distribution<coin>(1, std::max<coin>(1, coins / 4))(rng);
      for (coin i = 0; i < length && c < coins; ++i, ++c) {
        if (heads) p.heads.push_back(c);
      }
      heads = !heads;
    }
    return p;
  }
  const double density = kind == 2 ? 0.5 : 0.1;
  std::bernoulli_distribution pick(density);
  for (coin c = 0; c < coins; ++c) {
    if (pick(rng)) p.heads.push_back(c);
  }
  return p;
}

/// Every check of this file for one code, over rows of up to `most_coins` coins (fewer when the definition's moves
/// would take long: the reference's budget stops its sequence early).
void check_code(const std::string& text, std::mt19937& rng, coin most_coins, int rows = 3) {
  SCOPED_TRACE("code '" + text + "'");
  const turning_code code = turning_code::parse(text);
  const reference_code ref = reference_code::from(code);
  const std::vector<grundy_value> g = test::reference_sequence(ref, most_coins, std::uint64_t{1} << 21).g;
  ASSERT_GE(g.size(), 2u);
  const coin n = static_cast<coin>(g.size());
  const std::unique_ptr<move_index> index = code.index_moves(g);
  const listed_move_index<turning_code> listed(code, g);  // the code's find_moves, move by move
  for (int r = 0; r < rows; ++r) {
    const row_position p = random_row(rng, n);
    SCOPED_TRACE(std::to_string(n) + " coins, " + std::to_string(p.heads.size()) + " heads");
    grundy_value value = 0;
    for (const coin a : p.heads) value ^= g[a];
    // The winning moves, and the moves to one other value (a term of a sum).
    for (const grundy_value target : {grundy_value{0}, value ^ g[p.heads.empty() ? 0 : p.heads.back()]}) {
      const moves_list wanted = plain_moves_to(ref, g, p, target);
      const moves_list all = engine_moves_to(*index, g, p, target);
      moves_list sorted = all;
      std::sort(sorted.begin(), sorted.end());
      ASSERT_EQ(sorted, wanted) << "target " << target;
      ASSERT_EQ(all, engine_moves_to(listed, g, p, target)) << "the index's order is the finder's";
      // Pages: a skip and a limit give the slice of the whole list.
      for (int k = 0; k < 6; ++k) {
        const std::uint64_t skip = std::uniform_int_distribution<std::uint64_t>(0, all.size() + 2)(rng);
        const std::size_t limit = std::uniform_int_distribution<std::size_t>(1, 5)(rng);
        const moves_list page = engine_moves_to(*index, g, p, target, skip, limit);
        const auto from = all.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(skip, all.size()));
        const moves_list slice(from, from + static_cast<std::ptrdiff_t>(std::min<std::size_t>(
                                                limit, static_cast<std::size_t>(all.end() - from))));
        ASSERT_EQ(page, slice) << "skip " << skip << ", limit " << limit;
      }
      // Each coin's moves counted: the moves of the plain search ending at that coin.
      const grundy_value change = value ^ target;
      for (const coin a : p.heads) {
        const auto from_a = static_cast<std::uint64_t>(
            std::count_if(wanted.begin(), wanted.end(), [&](const std::vector<coin>& m) { return m.back() == a; }));
        ASSERT_EQ(index->count(a, change ^ g[a]), from_a) << "coin " << a;
      }
    }
    // A range of coins: the moves of one value counted, and the table of every value.
    coin first = std::uniform_int_distribution<coin>(0, n - 1)(rng);
    coin last = std::uniform_int_distribution<coin>(0, n - 1)(rng);
    if (first > last) std::swap(first, last);
    if (r == 0) first = 0, last = n - 1;
    const std::map<grundy_value, std::uint64_t> table = plain_table(ref, g, first, last);
    grundy_value bound = 1;
    for (const grundy_value v : g) {
      while (bound <= v) bound <<= 1;
    }
    value_counts counted(bound);
    index->count_values(first, last, counted);
    ASSERT_EQ(as_map(counted), table) << "coins " << first << ".." << last;
    for (int k = 0; k < 4; ++k) {
      const grundy_value v = k == 0 && !table.empty() ? table.begin()->first
                                                      : std::uniform_int_distribution<grundy_value>(0, bound - 1)(rng);
      const auto it = table.find(v);
      ASSERT_EQ(index->count_value(first, last, v), it == table.end() ? 0 : it->second)
          << "coins " << first << ".." << last << ", value " << v;
    }
  }
}

// Every form of a code whose moves are runs, or of at most two coins, alone and mixed with other alternatives (which
// the index serves through their finders, and which own the moves they allow before a run does).
TEST(MoveIndexTest, EveryFormOfRunsMatchesThePlainSearch) {
  std::mt19937 rng(39);
  for (const char* text :
       {"1+C",      "2+C",      "1-5C",        "3-7C",    "1C",        "[1,4,9]C",   "[1,3,6,10-12]C",
        "1C,4C,9C", "2-5C,9+C", "5+C,1-2C",    "3FC",     "1+FC",      "2-4FC,1-3C", "1-3C(5)",
        "1+C(4)",   "1+CC(6)",  "2-9CC(5)",    "1-2C(7)", "2C(3)",     "2",          "1-2",
        "2F",       "1-2F",     "1,2F",        "2-3,6C",  "2,1+C",     "1+C,2",      "3,1-4C",
        "1-3E,1+C", "4FS,2+C",  "1C,5+C,2-3C", "1-3,1+C", "2E,1+C(3)", "1-2S,3+C",   "1F,2+FC,[2,5]C"}) {
    check_code(text, rng, 300);
  }
}

// Seeded random codes over the whole language (the differential test's generator): the index must agree with the
// plain search whatever the code, indexed parts or not.
TEST(MoveIndexTest, RandomCodesMatchThePlainSearch) {
  test::reference_generator generator(3939);
  std::mt19937 rng(393);
  for (int i = 0; i < 300; ++i) check_code(generator.next().text, rng, 120, 2);
}

// The counts are exact for rows long enough that the sliding windows and the transform take over from walking each
// length: Ruler's own values (its closed form, the largest power of 2 dividing n + 1) on rows of 2^11 coins, where
// every run's value is known, against the pairs of prefix values counted here in O(N^2).
TEST(MoveIndexTest, RulerCountsOnLongRowsMatchThePairsOfPrefixValues) {
  const coin n = 2048;
  std::vector<grundy_value> g(n), prefix(n + 1, 0);
  for (coin k = 0; k < n; ++k) {
    g[k] = (grundy_value{k} + 1) & ~grundy_value{k};
    prefix[k + 1] = prefix[k] ^ g[k];
  }
  const turning_code code = turning_code::parse("1+C");
  const std::unique_ptr<move_index> index = code.index_moves(g);
  std::mt19937 rng(2048);
  for (int k = 0; k < 4; ++k) {
    coin first = std::uniform_int_distribution<coin>(0, n - 1)(rng);
    coin last = std::uniform_int_distribution<coin>(0, n - 1)(rng);
    if (first > last) std::swap(first, last);
    if (k == 0) first = 0, last = n - 1;
    // The run s..t has value P(t+1) ⊕ P(s).
    std::map<grundy_value, std::uint64_t> pairs;
    for (std::uint64_t e = first + 1; e <= std::uint64_t{last} + 1; ++e) {
      for (std::uint64_t s = 0; s < e; ++s) ++pairs[prefix[e] ^ prefix[s]];
    }
    value_counts counted(4096);
    index->count_values(first, last, counted);
    EXPECT_EQ(as_map(counted), pairs) << "coins " << first << ".." << last;
    for (const auto& [v, c] : pairs) {
      if (v % 7 == 0) {
        EXPECT_EQ(index->count_value(first, last, v), c) << "value " << v;
      }
    }
  }
}

}  // namespace
}  // namespace tartan
