// Play on heaps against the engine: the engine's replies leave value 0 whenever it can (values by Kayles' definition
// computed here), a game from an N-position is won by the engine moving first, the refusals say why, undo restores.
#include "tartan/play/heap_play.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::heap_move;
using tartan::heap_play_session;
using tartan::player;

/// Kayles' g by definition: take 1 or 2, leaving up to two heaps.
grundy_value kayles_g(coin n) {
  static std::vector<grundy_value> g;
  while (g.size() <= n) {
    const coin m = static_cast<coin>(g.size());
    std::set<grundy_value> options;
    for (coin k = 1; k <= 2 && k <= m; ++k) {
      for (coin a = 0; a <= m - k; ++a) options.insert(g[a] ^ g[m - k - a]);
    }
    grundy_value x = 0;
    while (options.count(x) != 0) ++x;
    g.push_back(x);
  }
  return g[n];
}

grundy_value value_of(const std::vector<tartan::heap_size>& heaps) {
  grundy_value v = 0;
  for (const tartan::heap_size h : heaps) v ^= kayles_g(static_cast<coin>(h));
  return v;
}

/// Every Kayles move on the heaps, by the rules.
std::vector<heap_move> kayles_moves(const std::vector<tartan::heap_size>& heaps) {
  std::vector<heap_move> moves;
  for (const tartan::heap_size size : std::set<tartan::heap_size>(heaps.begin(), heaps.end())) {
    const auto h = static_cast<coin>(size);
    for (coin k = 1; k <= 2 && k <= h; ++k) {
      for (coin a = 0; 2 * a <= h - k; ++a) {
        heap_move m{k, h, {}};
        if (a != 0) m.leaving.push_back(a);
        if (h - k - a != 0) m.leaving.push_back(h - k - a);
        moves.push_back(m);
      }
    }
  }
  return moves;
}

tartan::game_handle kayles() { return tartan::game_handle(tartan::games::find_game("kayles")); }

TEST(HeapPlayTest, TheEngineMovingFirstFromAnNPositionWins) {
  std::mt19937 rng(2607);
  for (int game = 0; game < 20; ++game) {
    std::vector<tartan::heap_size> heaps;
    for (int i = 0; i < 4; ++i) heaps.push_back(static_cast<coin>(rng() % 12));
    if (value_of(heaps) == 0) heaps.push_back(1);  // g(1) = 1: an N-position
    ASSERT_NE(value_of(heaps), 0U);
    heap_play_session s(kayles(), heaps, player::engine, static_cast<std::uint64_t>(game));
    while (!kayles_moves(s.heaps()).empty()) {
      ASSERT_FALSE(s.over());
      ASSERT_EQ(s.value(), value_of(s.heaps()));
      if (s.to_move() == player::engine) {
        s.engine_move();
        EXPECT_EQ(value_of(s.heaps()), 0U) << "the engine's reply leaves value 0";
      } else {
        const std::vector<heap_move> moves = kayles_moves(s.heaps());
        s.play(moves[rng() % moves.size()]);
      }
    }
    EXPECT_TRUE(s.over());
    EXPECT_EQ(s.winner(), player::engine);
  }
}

TEST(HeapPlayTest, IllegalMovesSayWhyAndChangeNothing) {
  heap_play_session s(kayles(), {5, 7, 9});
  EXPECT_EQ(s.illegal_reason({1, 6, {5}}), "there is no heap of 6; the heaps are 5 7 9");
  EXPECT_NE(s.illegal_reason({2, 7, {1, 5}}).find("does not account for the heap of 7"), std::string::npos);
  EXPECT_EQ(s.illegal_reason({3, 7, {4}}),
            "kayles (code 0.77) has no move that takes 3 from a heap of 7, leaving a "
            "heap of 4");
  EXPECT_EQ(s.illegal_reason({0, 7, {3, 4}}), "kayles (code 0.77) has no move that splits a heap of 7 into 3 and 4");
  EXPECT_THROW(s.play({3, 7, {4}}), tartan::illegal_move);
  EXPECT_EQ(s.heaps(), (std::vector<tartan::heap_size>{5, 7, 9}));
  EXPECT_EQ(s.illegal_reason({2, 7, {4, 1}}), "");  // the heaps left in any order
  s.play({2, 7, {4, 1}});
  EXPECT_EQ(s.heaps(), (std::vector<tartan::heap_size>{1, 4, 5, 9}));
  EXPECT_EQ(s.history().back().move.leaving, (std::vector<tartan::heap_size>{1, 4}));
  EXPECT_EQ(s.to_move(), player::engine);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.heaps(), (std::vector<tartan::heap_size>{5, 7, 9}));
  EXPECT_EQ(s.to_move(), player::person);
  EXPECT_FALSE(s.undo());
}

TEST(HeapPlayTest, HintsAreWinningMoves) {
  heap_play_session s(kayles(), {5, 7, 9});
  const std::optional<heap_move> hint = s.hint();
  ASSERT_TRUE(hint.has_value());
  s.play(*hint);
  EXPECT_EQ(value_of(s.heaps()), 0U);
  EXPECT_FALSE(s.hint().has_value());
}

TEST(HeapPlayTest, ReviewSaysWhatEachMoveDidToTheValue) {
  // Random games of Kayles, the person moving at random: each move's values before and after are the definition's,
  // a mistake names a winning move that was there, and the review follows undo.
  std::mt19937 rng(2608);
  for (int game = 0; game < 10; ++game) {
    std::vector<tartan::heap_size> heaps;
    for (int i = 0; i < 3; ++i) heaps.push_back(static_cast<coin>(1 + rng() % 10));
    heap_play_session s(kayles(), heaps, game % 2 == 0 ? player::person : player::engine,
                        static_cast<std::uint64_t>(game));
    EXPECT_TRUE(s.review().empty());
    std::vector<std::vector<tartan::heap_size>> positions{s.heaps()};
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
      } else {
        const std::vector<heap_move> moves = kayles_moves(s.heaps());
        s.play(moves[rng() % moves.size()]);
      }
      positions.push_back(s.heaps());
    }
    EXPECT_EQ(s.start(), positions.front());
    const std::vector<tartan::heap_move_review> review = s.review();
    ASSERT_EQ(review.size(), s.history().size());
    for (std::size_t i = 0; i < review.size(); ++i) {
      const tartan::heap_move_review& r = review[i];
      EXPECT_EQ(r.played, s.history()[i]);
      EXPECT_EQ(r.before, value_of(positions[i]));
      EXPECT_EQ(r.after, value_of(positions[i + 1]));
      EXPECT_EQ(r.winning(), r.before != 0 && r.after == 0);
      EXPECT_EQ(r.mistake(), r.before != 0 && r.after != 0);
      ASSERT_EQ(r.better.has_value(), r.mistake());
      if (r.better) {
        // The better move is a move of the definition from the same heaps, and leaves value 0.
        const std::vector<heap_move> moves = kayles_moves(positions[i]);
        EXPECT_NE(std::find(moves.begin(), moves.end(), *r.better), moves.end());
        std::vector<tartan::heap_size> after = positions[i];
        after.erase(std::find(after.begin(), after.end(), r.better->from));
        after.insert(after.end(), r.better->leaving.begin(), r.better->leaving.end());
        EXPECT_EQ(value_of(after), 0U);
      }
      if (r.played.by == player::engine && r.before != 0) {
        EXPECT_TRUE(r.winning()) << "the engine's reply from an N-position wins";
      }
    }
    if (s.undo()) {
      EXPECT_EQ(s.review().size(), review.size() - 1);
      EXPECT_EQ(s.heaps(), positions[positions.size() - 2]);
    }
  }
  // The documented example: Kayles {1, 2} (value 3), taking the whole heap of 2 leaves value 1: a mistake, where
  // taking 1 from it (leaving 1 and 1, value 0) wins.
  heap_play_session s(kayles(), {1, 2});
  s.play({2, 2, {}});
  const auto review = s.review();
  ASSERT_EQ(review.size(), 1U);
  EXPECT_EQ(review[0].before, 3U);
  EXPECT_EQ(review[0].after, 1U);
  EXPECT_TRUE(review[0].mistake());
  EXPECT_EQ(review[0].better, (heap_move{1, 2, {1}}));
}

TEST(HeapPlayTest, HeapMovesAreReadAsTyped) {
  using tartan::parse_heap_move;
  EXPECT_EQ(parse_heap_move("take 2 from 7 leaving 1 4"), (heap_move{2, 7, {1, 4}}));
  EXPECT_EQ(parse_heap_move("2 7 1 4"), (heap_move{2, 7, {1, 4}}));
  EXPECT_EQ(parse_heap_move("Take 2 from the heap of 7, leaving heaps of 1 and 4"), (heap_move{2, 7, {1, 4}}));
  EXPECT_EQ(parse_heap_move("take 3 from the heap of 3, leaving nothing"), (heap_move{3, 3, {}}));
  EXPECT_EQ(parse_heap_move("take 1 from the heap of 7, leaving a heap of 6"), (heap_move{1, 7, {6}}));
  EXPECT_EQ(parse_heap_move("split 7 into 3 4"), (heap_move{0, 7, {3, 4}}));
  EXPECT_EQ(parse_heap_move("split the heap of 7 into 3 and 4"), (heap_move{0, 7, {3, 4}}));
  const auto message = [](std::string_view text) {
    try {
      parse_heap_move(text);
    } catch (const tartan::parse_error& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  EXPECT_EQ(message("take two from 7"),
            "'two' is not a number of tokens or a heap; type a heap move as take 2 from 7 leaving 1 4 (or 2 7 1 4: "
            "taken, heap, heaps left), or split 7 into 3 4");
  EXPECT_EQ(message("take 2"), message("7"));
  EXPECT_NE(message("take 2").find("that is not a whole heap move"), std::string::npos);
  EXPECT_NE(message("split 7").find("a split leaves heaps"), std::string::npos);
}

/// Misère Kayles by its rules: the player to move wins when no heap can move, or when a move leaves a lost position.
bool wins_misere(const std::vector<tartan::heap_size>& heaps, std::map<std::vector<tartan::heap_size>, bool>& memo) {
  std::vector<tartan::heap_size> key = heaps;
  std::sort(key.begin(), key.end());
  const auto found = memo.find(key);
  if (found != memo.end()) return found->second;
  const std::vector<heap_move> moves = kayles_moves(key);
  bool won = moves.empty();
  for (const heap_move& m : moves) {
    std::vector<tartan::heap_size> next = key;
    next.erase(std::find(next.begin(), next.end(), m.from));
    next.insert(next.end(), m.leaving.begin(), m.leaving.end());
    if (!wins_misere(next, memo)) {
      won = true;
      break;
    }
  }
  memo.emplace(key, won);
  return won;
}

TEST(HeapPlayTest, TheEngineWinsMisereKaylesFromAnNPosition) {
  std::mt19937 rng(2808);
  std::map<std::vector<tartan::heap_size>, bool> memo;
  int games = 0;
  for (int game = 0; game < 40 && games < 15; ++game) {
    std::vector<tartan::heap_size> heaps;
    for (int i = 0; i < 3; ++i) heaps.push_back(static_cast<coin>(rng() % 9));
    if (!wins_misere(heaps, memo) || kayles_moves(heaps).empty()) continue;
    heap_play_session s(kayles(), heaps, player::engine, static_cast<std::uint64_t>(game), {},
                        tartan::play_convention::misere);
    while (!s.over()) {
      ASSERT_EQ(s.outcome(), wins_misere(s.heaps(), memo) ? 'N' : 'P');
      if (s.to_move() == player::engine) {
        s.engine_move();
        EXPECT_FALSE(wins_misere(s.heaps(), memo)) << "the engine's reply leaves a P-position";
      } else {
        const std::vector<heap_move> moves = kayles_moves(s.heaps());
        s.play(moves[rng() % moves.size()]);
      }
    }
    // The person took the last token: in misère play that loses.
    EXPECT_EQ(s.winner(), player::engine);
    ++games;
  }
  EXPECT_GE(games, 10);
}

TEST(HeapPlayTest, MisereReviewSaysWhatEachMoveDidToTheOutcome) {
  // Random games of misère Kayles, the person moving at random: each move's outcomes before and after are those of
  // misère Kayles played out by its rules, the values are still the normal-play values, and a mistake names a move
  // that was there and leaves a misère P-position.
  std::mt19937 rng(2828);
  std::map<std::vector<tartan::heap_size>, bool> memo;
  int mistakes = 0;
  for (int game = 0; game < 12; ++game) {
    std::vector<tartan::heap_size> heaps;
    for (int i = 0; i < 3; ++i) heaps.push_back(static_cast<coin>(1 + rng() % 8));
    heap_play_session s(kayles(), heaps, game % 2 == 0 ? player::person : player::engine,
                        static_cast<std::uint64_t>(game), {}, tartan::play_convention::misere);
    std::vector<std::vector<tartan::heap_size>> positions{s.heaps()};
    while (!s.over()) {
      if (s.to_move() == player::engine) {
        s.engine_move();
      } else {
        const std::vector<heap_move> moves = kayles_moves(s.heaps());
        s.play(moves[rng() % moves.size()]);
      }
      positions.push_back(s.heaps());
    }
    const std::vector<tartan::heap_move_review> review = s.review();
    ASSERT_EQ(review.size(), s.history().size());
    for (std::size_t i = 0; i < review.size(); ++i) {
      const tartan::heap_move_review& r = review[i];
      EXPECT_EQ(r.played, s.history()[i]);
      EXPECT_EQ(r.before, value_of(positions[i]));
      EXPECT_EQ(r.after, value_of(positions[i + 1]));
      const char before = wins_misere(positions[i], memo) ? 'N' : 'P';
      const char after = wins_misere(positions[i + 1], memo) ? 'N' : 'P';
      EXPECT_EQ(r.before_outcome(), before);
      EXPECT_EQ(r.after_outcome(), after);
      EXPECT_EQ(r.winning(), before == 'N' && after == 'P');
      EXPECT_EQ(r.mistake(), before == 'N' && after == 'N');
      ASSERT_EQ(r.better.has_value(), r.mistake());
      if (r.better) {
        ++mistakes;
        const std::vector<heap_move> moves = kayles_moves(positions[i]);
        EXPECT_NE(std::find(moves.begin(), moves.end(), *r.better), moves.end());
        std::vector<tartan::heap_size> left = positions[i];
        left.erase(std::find(left.begin(), left.end(), r.better->from));
        left.insert(left.end(), r.better->leaving.begin(), r.better->leaving.end());
        EXPECT_FALSE(wins_misere(left, memo)) << "the better move leaves a misère P-position";
      }
      if (r.played.by == player::engine && before == 'N') {
        EXPECT_TRUE(r.winning()) << "the engine's reply from an N-position wins";
      }
    }
  }
  EXPECT_GT(mistakes, 0) << "the random games make mistakes to review";
}

/// Kayles' g(n) for any n: the definition's values to 200, then its period, 12 from heap 71 (Guy and Smith 1956),
/// checked here over those values.
grundy_value kayles_far(tartan::heap_size n) {
  for (coin m = 71; m + 12 < 200; ++m) EXPECT_EQ(kayles_g(m + 12), kayles_g(m));
  return n < 200 ? kayles_g(static_cast<coin>(n)) : kayles_g(static_cast<coin>(71 + (n - 71) % 12));
}

/// Whether m is a Kayles move: 1 or 2 tokens taken, at most two non-empty heaps left, the tokens adding up.
bool kayles_legal(const heap_move& m) {
  if (m.take < 1 || m.take > 2 || m.leaving.size() > 2) return false;
  tartan::uint128 tokens = m.take;
  for (const tartan::heap_size h : m.leaving) {
    if (h == 0) return false;
    tokens += h;
  }
  return tokens == m.from;
}

TEST(HeapPlayTest, HugeHeapsArePlayedThroughThePeriod) {
  const tartan::heap_size huge = UINT64_MAX;
  // From an N-position the engine's reply leaves value 0 by the period; from a P-position (two equal heaps) it draws a
  // legal move, whatever the seed.
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    heap_play_session s(kayles(), {huge, 1000000007, 5}, player::engine, seed);
    const heap_move reply = s.engine_move();
    EXPECT_TRUE(kayles_legal(reply));
    grundy_value after = 0;
    for (const tartan::heap_size h : s.heaps()) after ^= kayles_far(h);
    EXPECT_EQ(after, 0U) << "the engine's reply leaves value 0";
    EXPECT_EQ(s.value(), 0U);
    heap_play_session p(kayles(), {huge, huge}, player::engine, seed);
    EXPECT_EQ(p.value(), 0U);
    const heap_move drawn = p.engine_move();
    EXPECT_TRUE(kayles_legal(drawn)) << drawn.take << " from " << drawn.from;
    EXPECT_EQ(drawn.from, huge);
  }
  heap_play_session s(kayles(), {huge});
  EXPECT_EQ(
      s.illegal_reason(tartan::parse_heap_move("take 2 from 18446744073709551615 leaving 1 18446744073709551612")), "");
  EXPECT_EQ(s.illegal_reason({3, huge, {huge - 3}}),
            "kayles (code 0.77) has no move that takes 3 from a heap of 18446744073709551615, leaving a heap of "
            "18446744073709551612");
  EXPECT_NE(s.illegal_reason({1, huge, {huge, huge}}).find("does not account for the heap of 18446744073709551615"),
            std::string::npos);
  s.play({1, huge, {7, huge - 8}});
  EXPECT_EQ(s.heaps(), (std::vector<tartan::heap_size>{7, huge - 8}));
  EXPECT_EQ(s.value(), kayles_far(7) ^ kayles_far(huge - 8));
  EXPECT_NE(tartan::test::message_of([] { tartan::parse_heap_move("5000 from 9000"); }).find("no code takes more"),
            std::string::npos);
}

}  // namespace
