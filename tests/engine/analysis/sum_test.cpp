// Tests for sum.hpp: sums of positions of different games (rows, boards, boxes), against brute force over the sum
// played as one game. The moves come from tests/support/turning_code_reference.hpp (the rule language's definition);
// a position's value is the mex over every move of every term, recursively, with no Sprague-Grundy theorem assumed.
#include "tartan/analysis/sum.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/naive.hpp"
#include "support/sum_definition.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

using test::reference_code;

/// One term for brute force: its factors, extents, and where its cells sit in the sum's bitmask.
struct brute_term {
  std::vector<reference_code> factors;
  box_extents extents;
  std::size_t offset = 0;  // bit of the term's cell 0
  std::size_t cells = 1;

  std::vector<coin> cell(std::size_t index) const {
    std::vector<coin> c(extents.size());
    for (std::size_t d = extents.size(); d-- > 0;) {
      c[d] = static_cast<coin>(index % extents[d]);
      index /= extents[d];
    }
    return c;
  }
  std::size_t index(const std::vector<coin>& c) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < extents.size(); ++d) i = i * extents[d] + c[d];
    return i;
  }
  std::vector<std::vector<coin>> moves_of(std::size_t axis, coin n) const {
    std::vector<std::vector<coin>> moves;
    factors[axis].for_each_move(n, [&](std::span<const coin> others) {
      std::vector<coin> m(others.begin(), others.end());
      m.push_back(n);
      moves.push_back(std::move(m));
      return true;
    });
    return moves;
  }
  /// Every move of the term in the sum's state: (the move, the state after it).
  std::vector<std::pair<move, std::uint64_t>> moves(std::uint64_t state) const {
    std::vector<std::pair<move, std::uint64_t>> all;
    for (std::size_t i = 0; i < cells; ++i) {
      if (!(state >> (offset + i) & 1)) continue;
      const std::vector<coin> at = cell(i);
      std::vector<std::vector<std::vector<coin>>> per_axis;
      for (std::size_t d = 0; d < at.size(); ++d) per_axis.push_back(moves_of(d, at[d]));
      move m;
      m.axes.resize(at.size());
      const auto combine = [&](auto&& self, std::size_t d) -> void {
        if (d == at.size()) {
          std::uint64_t after = state;
          std::vector<coin> c(at.size());
          const auto toggle = [&](auto&& inner, std::size_t e) -> void {
            if (e == at.size()) {
              after ^= std::uint64_t{1} << (offset + index(c));
              return;
            }
            for (const coin x : m.axes[e]) {
              c[e] = x;
              inner(inner, e + 1);
            }
          };
          toggle(toggle, 0);
          all.emplace_back(m, after);
          return;
        }
        for (const auto& axis : per_axis[d]) {
          m.axes[d] = axis;
          self(self, d + 1);
        }
      };
      combine(combine, 0);
    }
    return all;
  }
};

struct brute_sum {
  std::vector<brute_term> terms;
  std::map<std::uint64_t, grundy_value> memo;

  grundy_value value(std::uint64_t state) {
    if (const auto it = memo.find(state); it != memo.end()) return it->second;
    std::set<grundy_value> options;
    for (const brute_term& t : terms) {
      for (const auto& [m, after] : t.moves(state)) options.insert(value(after));
    }
    return memo[state] = test::naive_mex(options);
  }
};

TEST(SumTest, RandomSumsMatchBruteForce) {
  std::mt19937 rng(20261128);
  const std::vector<std::vector<std::string>> games = {{"1-3"},        {"1+C"},      {"[1,3]C"},       {"2"},
                                                       {"1+C", "1+C"}, {"1-2", "2"}, {"1-3", "[1,2]C"}};
  for (int s = 0; s < 40; ++s) {
    const std::size_t count = 1 + rng() % 3;
    brute_sum brute;
    std::vector<sum_term> terms;
    std::size_t bits = 0;
    std::uint64_t state = 0;
    std::string shown;
    for (std::size_t i = 0; i < count; ++i) {
      const std::vector<std::string>& codes = games[rng() % games.size()];
      brute_term t;
      std::string name;
      for (const std::string& code : codes) {
        t.factors.push_back(reference_code::from(turning_code::parse(code)));
        t.extents.push_back(codes.size() == 1 ? 2 + rng() % 5 : 1 + rng() % 3);
        name += (name.empty() ? "" : "*") + code;
      }
      for (const std::size_t e : t.extents) t.cells *= e;
      t.offset = bits;
      bits += t.cells;
      std::vector<coin_box> heads;
      for (std::size_t c = 0; c < t.cells; ++c) {
        if (rng() % 2 == 0) continue;
        state |= std::uint64_t{1} << (t.offset + c);
        coin_box box;
        for (const coin x : t.cell(c)) box.push_back({x, x});
        heads.push_back(box);
      }
      terms.push_back({games::resolve_game(name), box_region(t.extents, heads)});
      shown += (shown.empty() ? "" : " + ") + name + " " + format_size(t.extents);
      brute.terms.push_back(std::move(t));
    }
    SCOPED_TRACE(shown + ", state " + std::to_string(state));
    const grundy_value value = brute.value(state);
    const sum_analysis a(terms);
    EXPECT_EQ(a.value(), value);
    EXPECT_EQ(a.outcome(), value != 0 ? 'N' : 'P');
    std::set<std::pair<std::size_t, move>> expected;
    for (std::size_t i = 0; i < brute.terms.size(); ++i) {
      for (const auto& [m, after] : brute.terms[i].moves(state)) {
        if (brute.value(after) == 0) expected.emplace(i, m);
      }
    }
    std::vector<std::pair<std::size_t, move>> found;
    a.for_each_winning_move([&](const sum_move& m) {
      found.emplace_back(m.term, m.coins);
      return true;
    });
    const std::set<std::pair<std::size_t, move>> found_set(found.begin(), found.end());
    EXPECT_EQ(found_set, expected);
    EXPECT_EQ(found.size(), expected.size()) << "a winning move visited twice";
    EXPECT_TRUE(
        std::is_sorted(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first < y.first; }));
    using page = std::vector<std::pair<std::size_t, move>>;
    const page second(found.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(1, found.size())),
                      found.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(3, found.size())));
    page paged;
    for (const sum_move& m : a.winning_moves(2, 1)) paged.emplace_back(m.term, m.coins);
    EXPECT_EQ(paged, second);
    const sum_count_result counted = count_sum_winning_moves(terms);
    EXPECT_EQ(counted.value, value);
    EXPECT_EQ(static_cast<std::uint64_t>(counted.winning_moves), expected.size());
    ASSERT_EQ(counted.terms.size(), terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) {
      std::uint64_t in_term = 0;
      for (const auto& e : expected) in_term += e.first == i ? 1 : 0;
      EXPECT_EQ(static_cast<std::uint64_t>(counted.terms[i].winning_moves), in_term) << "term " << i;
    }
  }
}

TEST(SumTest, SumsWithHeapsMatchTheDefinition) {
  // Rows and heaps together: the value, every winning move (coins turned, heap moves) and their count, against the
  // sum played by its rules (the mex over every move of every term).
  std::mt19937 rng(20270301);
  for (int s = 0; s < 60; ++s) {
    test::sum_sample sample = test::random_sum_sample(rng, 3);
    SCOPED_TRACE(sample.shown);
    test::sum_definition def(sample.rules);
    const grundy_value value = def.value(sample.state);
    const sum_analysis a(sample.terms);
    EXPECT_EQ(a.value(), value);
    std::vector<std::pair<std::size_t, test::sum_definition::term_move>> expected;
    for (std::size_t i = 0; i < sample.state.size(); ++i) {
      for (const auto& m : def.moves(i, sample.state[i])) {
        if (def.value(test::sum_definition::after(sample.state, i, m)) == 0) expected.emplace_back(i, m);
      }
    }
    const std::vector<sum_move> found = a.winning_moves(1000);
    ASSERT_EQ(found.size(), expected.size());
    for (const sum_move& m : found) {
      EXPECT_TRUE(std::any_of(expected.begin(), expected.end(),
                              [&](const auto& e) { return test::same_move(m, e.first, e.second); }))
          << "term " << m.term << " is not a winning move of the definition";
    }
    const sum_count_result counted = count_sum_winning_moves(sample.terms);
    EXPECT_EQ(counted.value, value);
    EXPECT_EQ(static_cast<std::uint64_t>(counted.winning_moves), expected.size());
  }
}

TEST(SumTest, AHeapTermOfAGameWithoutHeapsIsRefused) {
  EXPECT_THROW(heap_term(games::resolve_game("mock-turtles"), {3}, 1), parse_error);
}

TEST(SumTest, AnEmptySumIsRefused) {
  EXPECT_THROW(sum_analysis(std::vector<sum_term>{}), parse_error);
  EXPECT_THROW(count_sum_winning_moves({}), parse_error);
}

}  // namespace
}  // namespace tartan
