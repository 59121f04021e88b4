// Play on sums against the engine, in normal and misère play: random sums of rows and heaps (tests/support/
// sum_definition.hpp, the sum played by its rules with no theorem assumed) played to the end; every engine reply from
// an N-position leaves a P-position by the definition, and from a P-position every reply is a legal move; hints are
// winning moves, effect() says what a move leaves (values by the definition, classes that multiply into the P-portion
// exactly at P-positions); the review's outcomes are the definition's; refusals say why; undo restores.
#include "tartan/play/sum_play.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/sum_definition.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace tartan {
namespace {

/// The definition's state of the session's terms now.
test::sum_definition::sum_state state_of(const sum_play_session& s) {
  test::sum_definition::sum_state state;
  for (const sum_term& t : s.terms()) {
    if (t.is_heaps()) {
      state.emplace_back(t.heaps->begin(), t.heaps->end());
      continue;
    }
    const box_position p = t.position.to_position();
    std::uint64_t mask = 0;
    for (std::size_t h = 0; h < p.head_count(); ++h) mask |= std::uint64_t{1} << p.head(h)[0];
    state.push_back({mask});
  }
  return state;
}

/// The definition's move as the session takes it.
sum_move move_of(std::size_t term, const test::sum_definition::term_move& m) {
  sum_move out;
  out.term = term;
  if (m.turned.empty()) {
    out.heap = heap_move{m.take, m.from, std::vector<heap_size>(m.leaving.begin(), m.leaving.end())};
  } else {
    out.coins.axes.push_back(m.turned);
  }
  return out;
}

bool wins(test::sum_definition& def, const test::sum_definition::sum_state& s, bool misere) {
  return misere ? def.misere_wins(s) : def.value(s) != 0;
}

void play_games(bool misere, std::uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < 20; ++g) {
    const test::sum_sample sample = test::random_sum_sample(rng, 3);
    SCOPED_TRACE(sample.shown + (misere ? " (misère)" : ""));
    test::sum_definition def(sample.rules);
    sum_play_session s(sample.terms, g % 2 == 0 ? player::engine : player::person, rng(), {},
                       misere ? play_convention::misere : play_convention::normal);
    ASSERT_EQ(state_of(s), sample.state);
    int moves = 0;
    while (!s.over() && moves < 200) {
      const test::sum_definition::sum_state before = state_of(s);
      const bool n = wins(def, before, misere);
      ASSERT_EQ(s.outcome(), n ? 'N' : 'P');
      if (s.to_move() == player::engine) {
        s.engine_move();
        if (n) {
          EXPECT_FALSE(wins(def, state_of(s), misere)) << "the engine threw away a win at move " << moves;
        }
      } else {
        // The person: the hint when there is one (it must win, and effect() must say so), else the definition's first
        // move; every third move a move of the definition chosen at random instead.
        const std::optional<sum_move> hint = s.hint();
        EXPECT_EQ(hint.has_value(), n);
        std::vector<std::pair<std::size_t, test::sum_definition::term_move>> all;
        for (std::size_t i = 0; i < before.size(); ++i) {
          for (const auto& m : def.moves(i, before[i])) all.emplace_back(i, m);
        }
        ASSERT_FALSE(all.empty());
        sum_move chosen = move_of(all.front().first, all.front().second);
        if (hint) {
          const sum_move_effect e = s.effect(*hint);
          EXPECT_EQ(e.outcome_after, 'P');
          if (!misere) {
            EXPECT_EQ(e.sum_after, 0u);
          }
          chosen = *hint;
        }
        if (moves % 3 == 2) {
          const auto& [term, m] = all[rng() % all.size()];
          chosen = move_of(term, m);
        }
        EXPECT_EQ(s.illegal_reason(chosen), "");
        const sum_move_effect e = s.effect(chosen);
        s.play(chosen);
        const bool after = wins(def, state_of(s), misere);
        EXPECT_EQ(e.outcome_after, after ? 'N' : 'P');
        if (!misere) {
          EXPECT_EQ(e.sum_after, def.value(state_of(s)));
        }
        if (e.class_after) {
          const misere_quotient& q = *s.current_misere().quotient();
          EXPECT_EQ(q.is_p(*e.sum_class_after), !after);
        }
      }
      ++moves;
    }
    ASSERT_TRUE(s.over());
    // The review: each move's outcomes before and after it are the definition's.
    const std::vector<sum_move_review> reviewed = s.review();
    ASSERT_EQ(reviewed.size(), s.history().size());
    sum_play_session replay(sample.terms, player::person, 0, {}, s.convention());
    for (const sum_move_review& r : reviewed) {
      const bool before = wins(def, state_of(replay), misere);
      replay.play(r.played.move);
      EXPECT_EQ(r.before_outcome(), before ? 'N' : 'P');
      EXPECT_EQ(r.after_outcome(), wins(def, state_of(replay), misere) ? 'N' : 'P');
      if (r.mistake()) {
        EXPECT_TRUE(r.better.has_value());
      }
    }
    // Undo takes every move back, to the start.
    while (s.undo()) {
    }
    EXPECT_EQ(state_of(s), sample.state);
  }
}

TEST(SumPlayTest, NormalPlayGamesAgreeWithTheDefinition) { play_games(false, 4242); }

TEST(SumPlayTest, MiserePlayGamesAgreeWithTheDefinition) { play_games(true, 2424); }

TEST(SumPlayTest, RefusalsSayWhy) {
  const game_handle mock = games::resolve_game("mock-turtles");
  const game_handle kayles = games::resolve_game("kayles");
  sum_play_session s({{mock, box_region(parse_box_position("HTTH"))}, heap_term(kayles, {3, 4}, 1)});
  sum_move beyond;
  beyond.term = 2;
  beyond.coins.axes.push_back({0});
  EXPECT_EQ(s.illegal_reason(beyond), "there is no term 2; the terms are numbered 0 to 1");
  sum_move coins_for_heaps;
  coins_for_heaps.term = 1;
  coins_for_heaps.coins.axes.push_back({0});
  EXPECT_NE(s.illegal_reason(coins_for_heaps).find("term 1: its position is heaps"), std::string::npos);
  sum_move no_heap;
  no_heap.term = 1;
  no_heap.heap = heap_move{1, 5, {4}};
  EXPECT_EQ(s.illegal_reason(no_heap), "term 1: there is no heap of 5; the heaps are 3 4");
  sum_move tails;
  tails.term = 0;
  tails.coins.axes.push_back({1});
  EXPECT_NE(s.illegal_reason(tails).find("term 0: the rightmost coin, 1, is tails"), std::string::npos);
  EXPECT_THROW(s.play(tails), illegal_move);
  EXPECT_TRUE(s.history().empty());
  EXPECT_THROW(sum_play_session(std::vector<sum_term>{}), parse_error);
}

TEST(SumPlayTest, MisereThroughTheQuotientSaysTheClassItLeaves) {
  // Kayles heaps 2 and 2 in two terms: the heaps of one game together, through their quotient (T6: heap 2 is b,
  // b^2 in P). From heaps 2, 3 the move leaving 2, 2 wins, and effect() names the class b^2 it leaves.
  const game_handle kayles = games::resolve_game("kayles");
  sum_play_session s({heap_term(kayles, {2}, 0), heap_term(kayles, {3}, 1)}, player::person, 7, {},
                     play_convention::misere);
  ASSERT_NE(s.current_misere().quotient(), nullptr);
  sum_move m;
  m.term = 1;
  m.heap = heap_move{1, 3, {2}};
  const sum_move_effect e = s.effect(m);
  ASSERT_TRUE(e.sum_class_after.has_value());
  const misere_quotient& q = *s.current_misere().quotient();
  EXPECT_EQ(q.name(*e.class_after), q.name(q.image(2)));
  EXPECT_TRUE(q.is_p(*e.sum_class_after));
  EXPECT_EQ(e.outcome_after, 'P');
}

}  // namespace
}  // namespace tartan
