// Misère analysis of rows, boards and boxes against a plain recursive search written here: positions as heads flags,
// every move of every heads coin listed from the factors' own move lists (a product's as the cells of S × T), a
// position won by the player to move when it has no move or some move leaves a lost one. Seeded random turning codes
// and built-in games, random positions, every method (the sweep, the reachable search, the automatic choice); the
// outcome and the complete list of winning moves each time. Then the refusals and the stops.
#include "tartan/analysis/misere.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::box_extents;
using tartan::box_position;
using tartan::coin;
using tartan::game_handle;
using tartan::misere_method;
using tartan::misere_options;
using tartan::move;
using tartan::test::message_of;

/// The game on a box by the definition: positions as one flag per coin (row-major), won (N) by the player to move
/// when there is no move, or when a move leaves a position the opponent loses.
class plain_search {
 public:
  plain_search(game_handle game, box_extents box) : game_(std::move(game)), box_(std::move(box)) {
    for (std::size_t i = 0; i < box_.size(); ++i) {
      axis_moves_.emplace_back(box_[i]);
      for (coin c = 0; c < box_[i]; ++c) {
        game_.factor(i).for_each_move(c, [&](std::span<const coin> others) {
          std::vector<coin> turned(others.begin(), others.end());
          turned.push_back(c);
          axis_moves_[i][c].push_back(turned);
          return true;
        });
      }
    }
  }

  using flags = std::vector<char>;

  std::size_t cells() const {
    std::size_t n = 1;
    for (const std::size_t e : box_) n *= e;
    return n;
  }

  std::size_t index(const std::vector<coin>& cell) const {
    std::size_t i = 0;
    for (std::size_t a = 0; a < box_.size(); ++a) i = i * box_[a] + cell[a];
    return i;
  }

  std::vector<coin> cell(std::size_t index) const {
    std::vector<coin> c(box_.size());
    for (std::size_t a = box_.size(); a-- > 0;) {
      c[a] = static_cast<coin>(index % box_[a]);
      index /= box_[a];
    }
    return c;
  }

  flags of(const box_position& p) const {
    flags f(cells(), 0);
    for (std::size_t h = 0; h < p.head_count(); ++h) {
      const auto c = p.head(h);
      f[index(std::vector<coin>(c.begin(), c.end()))] = 1;
    }
    return f;
  }

  /// Every move of the position: each heads coin, each choice of a move per axis from its coordinates.
  std::vector<move> moves(const flags& p) const {
    std::vector<move> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == 0) continue;
      const std::vector<coin> c = cell(i);
      move m;
      m.axes.resize(box_.size());
      add_moves(c, 0, m, out);
    }
    return out;
  }

  flags after(flags p, const move& m) const {
    std::vector<std::size_t> at(box_.size(), 0);
    for (;;) {
      std::vector<coin> c(box_.size());
      for (std::size_t a = 0; a < box_.size(); ++a) c[a] = m.axes[a][at[a]];
      p[index(c)] ^= 1;
      std::size_t a = box_.size();
      while (a-- > 0) {
        if (++at[a] < m.axes[a].size()) break;
        at[a] = 0;
      }
      if (a == SIZE_MAX) break;
    }
    return p;
  }

  /// True when the player to move wins in misère play.
  bool wins(const flags& p) {
    const auto found = memo_.find(p);
    if (found != memo_.end()) return found->second;
    bool won = true;  // no move: the player to move wins
    const std::vector<move> ms = moves(p);
    if (!ms.empty()) {
      won = false;
      for (const move& m : ms) {
        if (!wins(after(p, m))) {
          won = true;
          break;
        }
      }
    }
    memo_.emplace(p, won);
    return won;
  }

 private:
  void add_moves(const std::vector<coin>& c, std::size_t axis, move& m, std::vector<move>& out) const {
    if (axis == box_.size()) {
      out.push_back(m);
      return;
    }
    for (const std::vector<coin>& turned : axis_moves_[axis][c[axis]]) {
      m.axes[axis] = turned;
      add_moves(c, axis + 1, m, out);
    }
  }

  game_handle game_;
  box_extents box_;
  std::vector<std::vector<std::vector<std::vector<coin>>>> axis_moves_;
  std::map<flags, bool> memo_;
};

/// A turning code of a random form: counts, ranges, runs, progressions, symmetric sets, coin 0 required, spans.
std::string random_code(std::mt19937& rng) {
  std::uniform_int_distribution<int> small(1, 4), form(0, 9), parts(1, 2);
  std::string code;
  const int n = parts(rng);
  for (int i = 0; i < n; ++i) {
    if (i > 0) code += ',';
    const int a = small(rng), b = a + small(rng) - 1;
    switch (form(rng)) {
      case 0:
        code += std::to_string(a);
        break;
      case 1:
        code += std::to_string(a) + "-" + std::to_string(b);
        break;
      case 2:
        code += std::to_string(a) + "+C";
        break;
      case 3:
        code += std::to_string(a) + "-" + std::to_string(b) + "C";
        break;
      case 4:
        code += std::to_string(a) + "E";
        break;
      case 5:
        code += std::to_string(a) + "-" + std::to_string(b) + "S";
        break;
      case 6:
        code += std::to_string(a + 1) + "F";
        break;
      case 7:
        code += "1-" + std::to_string(b) + "C(" + std::to_string(b + 1) + ")";
        break;
      case 8:
        code += std::to_string(b) + "+";
        break;
      default:
        code += "[1," + std::to_string(b + 1) + "]C";
        break;
    }
  }
  return code;
}

/// A random position of the box: each coin heads with probability 1/2 (a few with more or fewer).
box_position random_position(const box_extents& box, std::mt19937& rng) {
  std::uniform_int_distribution<int> percent(0, 99);
  const int p = std::uniform_int_distribution<int>(20, 80)(rng);
  std::size_t cells = 1;
  for (const std::size_t e : box) cells *= e;
  std::vector<coin> flat;
  for (std::size_t i = 0; i < cells; ++i) {
    if (percent(rng) >= p) continue;
    std::size_t index = i;
    std::vector<coin> c(box.size());
    for (std::size_t a = box.size(); a-- > 0;) {
      c[a] = static_cast<coin>(index % box[a]);
      index /= box[a];
    }
    flat.insert(flat.end(), c.begin(), c.end());
  }
  return box_position(box, flat);
}

std::vector<move> sorted(std::vector<move> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

/// The outcome and every winning move of `p`, by each method, against the plain search.
void check_position(const game_handle& game, const box_position& p) {
  SCOPED_TRACE(game.name() + " " + (p.dimensions() <= 2 ? p.text() : std::string("(a box)")));
  plain_search reference(game, p.extents());
  const plain_search::flags flags = reference.of(p);
  const bool won = reference.wins(flags);
  std::vector<move> winning;
  for (const move& m : reference.moves(flags)) {
    if (!reference.wins(reference.after(flags, m))) winning.push_back(m);
  }
  for (const misere_method method : {misere_method::automatic, misere_method::sweep, misere_method::reachable}) {
    SCOPED_TRACE(tartan::misere_method_name(method));
    misere_options options;
    options.method = method;
    const tartan::misere_analysis a = tartan::analyze_misere(game, p, options);
    ASSERT_EQ(a.outcome(), won ? 'N' : 'P');
    EXPECT_EQ(a.solving(), tartan::search_end::complete);
    EXPECT_EQ(a.terminal(), reference.moves(flags).empty());
    const std::vector<move> listed = a.winning_moves(1000);
    EXPECT_EQ(sorted(listed), sorted(winning));
    EXPECT_EQ(a.count_winning_moves(), winning.size());
    // The order: by moving coin (the last coin of every axis), row-major.
    EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end(), [](const move& x, const move& y) {
      std::vector<coin> cx, cy;
      for (const auto& axis : x.axes) cx.push_back(axis.back());
      for (const auto& axis : y.axes) cy.push_back(axis.back());
      return cx < cy;
    }));
    for (const move& m : reference.moves(flags)) {
      EXPECT_EQ(a.outcome_after(m), reference.wins(reference.after(flags, m)) ? 'N' : 'P');
    }
  }
}

game_handle game_of(const std::string& text) { return tartan::games::resolve_game(text); }

TEST(MisereTest, RandomRowsMatchThePlainSearch) {
  std::mt19937 rng(2801);
  for (int i = 0; i < 120; ++i) {
    const std::string code = random_code(rng);
    const game_handle game = game_of(code);
    for (int j = 0; j < 3; ++j) {
      const std::size_t coins = std::uniform_int_distribution<std::size_t>(1, 11)(rng);
      check_position(game, random_position({coins}, rng));
    }
  }
}

TEST(MisereTest, BuiltInRowsMatchThePlainSearch) {
  std::mt19937 rng(2802);
  for (const char* name : {"mock-turtles", "ruler", "twins", "turning-turtles", "moebius", "triplets", "grunt", "sym",
                           "turnips", "kayles", "dawsons-kayles", "grundys-game", "0.137"}) {
    for (int j = 0; j < 6; ++j) {
      const std::size_t coins = std::uniform_int_distribution<std::size_t>(1, 11)(rng);
      check_position(game_of(name), random_position({coins}, rng));
    }
  }
}

TEST(MisereTest, RandomBoardsAndBoxesMatchThePlainSearch) {
  std::mt19937 rng(2803);
  for (int i = 0; i < 60; ++i) {
    const std::string a = random_code(rng), b = random_code(rng);
    const game_handle game = game_of(a + "*" + b);
    const std::size_t rows = std::uniform_int_distribution<std::size_t>(1, 3)(rng);
    const std::size_t cols = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
    check_position(game, random_position({rows, cols}, rng));
  }
  for (const char* name : {"twins*twins", "ruler*ruler", "mock-turtles*ruler"}) {
    for (int j = 0; j < 4; ++j) check_position(game_of(name), random_position({3, 3}, rng));
  }
  for (int j = 0; j < 8; ++j) check_position(game_of("ruler*twins*mock-turtles"), random_position({2, 2, 3}, rng));
}

/// A plug-in rule no turning code writes: from coin n, a seeded random handful of sets of lower coins, none for some
/// coins (they have no move), listed once and kept.
struct listed_plugin {
  std::shared_ptr<const std::vector<std::vector<std::vector<coin>>>> moves;

  bool for_each_move(coin n, tartan::move_visitor visit) const {
    if (n >= moves->size()) return true;
    for (const std::vector<coin>& others : (*moves)[n]) {
      if (!visit(std::span<const coin>(others))) return false;
    }
    return true;
  }
};

listed_plugin random_plugin(std::mt19937& rng, coin coins) {
  auto moves = std::make_shared<std::vector<std::vector<std::vector<coin>>>>(coins);
  for (coin n = 0; n < coins; ++n) {
    const int count = std::uniform_int_distribution<int>(0, 4)(rng);
    for (int i = 0; i < count; ++i) {
      std::vector<coin> others;
      for (coin c = 0; c < n; ++c) {
        if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) others.push_back(c);
      }
      if (std::find((*moves)[n].begin(), (*moves)[n].end(), others) == (*moves)[n].end()) {
        (*moves)[n].push_back(others);
      }
    }
  }
  return listed_plugin{std::move(moves)};
}

TEST(MisereTest, PluginRowsAndBoardsMatchThePlainSearch) {
  // A plug-in goes through the game's own for_each_move, as a built-in does: rows, and boards with a built-in factor.
  std::mt19937 rng(2804);
  for (int i = 0; i < 40; ++i) {
    const tartan::turning_game plugin("random-plugin", "", random_plugin(rng, 11));
    const std::size_t coins = std::uniform_int_distribution<std::size_t>(1, 11)(rng);
    check_position(game_handle(plugin), random_position({coins}, rng));
    const game_handle board(std::vector<tartan::turning_game>{plugin, tartan::games::find_game("ruler")});
    check_position(board, random_position({3, 3}, rng));
  }
}

TEST(MisereTest, APositionWithoutAMoveIsWonByThePlayerToMove) {
  // All tails; Twins' coin 0 alone (coin 0 has no move); Turning Corners' first row and column.
  for (const auto& [game, position] :
       {std::pair{"mock-turtles", "TTT"}, std::pair{"twins", "H"}, std::pair{"twins*twins", "HH/HT"}}) {
    const tartan::misere_analysis a = tartan::analyze_misere(game_of(game), tartan::parse_box_position(position));
    EXPECT_EQ(a.outcome(), 'N') << game << ' ' << position;
    EXPECT_TRUE(a.terminal());
    EXPECT_TRUE(a.winning_moves(10).empty());
  }
  // One coin of Turning Turtles: the only move takes the last coin, so the player to move loses.
  EXPECT_EQ(tartan::analyze_misere(game_of("turning-turtles"), tartan::parse_box_position("H")).outcome(), 'P');
}

TEST(MisereTest, TheSameSolverAnswersEveryPositionBelowItsTop) {
  // A game in play asks one solver position after position.
  const game_handle game = game_of("mock-turtles");
  const box_position start = tartan::parse_box_position("HTHHTHHTH");
  for (const misere_method method : {misere_method::sweep, misere_method::reachable}) {
    misere_options options;
    options.method = method;
    const tartan::misere_analysis first = tartan::analyze_misere(game, start, options);
    plain_search reference(game, start.extents());
    std::mt19937 rng(7);
    for (int i = 0; i < 40; ++i) {
      box_position p = random_position(start.extents(), rng);
      if (first.solver()->mask_of(p) > first.solver()->top()) continue;
      const tartan::misere_analysis a = tartan::analyze_misere(first.solver(), p);
      EXPECT_EQ(a.outcome(), reference.wins(reference.of(p)) ? 'N' : 'P') << p.text();
    }
  }
}

TEST(MisereTest, TheSearchGivesWayToTheSweepOnLargeBoxes) {
  // 26 coins: past the sizes always swept. Turning Turtles never adds heads, so from three heads the search sees a
  // few hundred positions; Mock Turtles may add heads, and from many heads the search grows until the sweep is
  // cheaper, and gives way to it.
  const game_handle turtles = game_of("turning-turtles");
  const box_position sparse = tartan::sparse_box_position(std::vector<std::size_t>{26}, "3,11,25");
  const tartan::misere_analysis a = tartan::analyze_misere(turtles, sparse);
  EXPECT_EQ(a.method(), misere_method::reachable);
  EXPECT_LT(a.positions_solved(), 5000u);
  plain_search reference(turtles, {26});
  EXPECT_EQ(a.outcome(), reference.wins(reference.of(sparse)) ? 'N' : 'P');
}

TEST(MisereTest, BoxesBeyondTheMethodAreRefusedBeforeAnyWork) {
  const game_handle mock = game_of("mock-turtles");
  const box_position far = tartan::sparse_box_position(std::vector<std::size_t>{100}, "2,64");
  EXPECT_EQ(message_of([&] { tartan::analyze_misere(mock, far); }),
            "misère analysis solves positions as bitmasks of at most 64 coins, and this one's heads span 65 coins; "
            "give a position whose heads lie within the first 64 coins");
  const game_handle rugs = game_of("ruler*ruler");
  EXPECT_EQ(message_of([&] {
              tartan::analyze_misere(rugs, tartan::sparse_box_position(std::vector<std::size_t>{9, 9}, "8:8"));
            }),
            "misère analysis solves positions as bitmasks of at most 64 coins, and this one's heads span 9x9 (81 "
            "coins); give a position whose heads lie within a box of at most 64 coins (e.g. 8x8)");
  // The sweep's table: 2^40 positions need 128 GiB.
  misere_options sweep;
  sweep.method = misere_method::sweep;
  sweep.max_memory = std::uint64_t{1} << 30;
  const box_position forty = tartan::sparse_box_position(std::vector<std::size_t>{41}, "40");
  const std::string refused = message_of([&] { tartan::analyze_misere(mock, forty, sweep); });
  EXPECT_NE(refused.find("the misère sweep of the 1099511627777 positions up to this one needs about 128.0 GiB, over "
                         "the memory limit of 1.0 GiB; give a position whose heads lie within the first 32 coins"),
            std::string::npos)
      << refused;
  // A game with too many moves to list.
  EXPECT_NE(message_of([&] {
              tartan::analyze_misere(game_of("motley"),
                                     tartan::sparse_box_position(std::vector<std::size_t>{40}, "39"));
            })
                .find("'motley' has more than 134217728 moves in a box of 40 coins, the most misère analysis lists as "
                      "bitmasks"),
            std::string::npos);
}

TEST(MisereTest, ASearchThatCannotGiveWayIsRefusedAfterItsProbe) {
  // Ruler's all-heads row of 30 coins with 64 MiB: the sweep's 2^30 bits do not fit, and the search for its winning
  // moves, which reaches every position below, is refused once it has looked at its probe's options, naming the coins
  // the sweep takes.
  misere_options options;
  options.max_memory = std::uint64_t{64} << 20;
  options.search_probe = std::uint64_t{1} << 16;
  const std::string refused = message_of([&] {
    tartan::analyze_misere(game_of("ruler"), tartan::box_region::all_heads(box_extents{30}).to_position(), options)
        .count_winning_moves();
  });
  EXPECT_NE(refused.find("the positions reachable from this one are too many to search"), std::string::npos) << refused;
  EXPECT_NE(refused.find("give a position whose heads lie within the first 28 coins"), std::string::npos) << refused;
  // Few heads of Turning Turtles: the same limits, answered by the search.
  const box_position sparse = tartan::sparse_box_position(std::vector<std::size_t>{30}, "4,17,29");
  const tartan::misere_analysis a = tartan::analyze_misere(game_of("turning-turtles"), sparse, options);
  EXPECT_EQ(a.method(), misere_method::reachable);
  plain_search reference(game_of("turning-turtles"), {30});
  EXPECT_EQ(a.outcome(), reference.wins(reference.of(sparse)) ? 'N' : 'P');
}

TEST(MisereTest, ACancelKeepsWhatWasSolved) {
  // The progress callback says stop at its first report: the sweep stops at once, deterministically.
  const game_handle mock = game_of("mock-turtles");
  const box_position p = tartan::sparse_box_position(std::vector<std::size_t>{24}, "0,5,9,17,23");
  misere_options options;
  options.method = misere_method::sweep;
  int reports = 0;
  options.progress = [&](double) { return ++reports < 1; };
  const tartan::misere_analysis a = tartan::analyze_misere(mock, p, options);
  EXPECT_EQ(a.solving(), tartan::search_end::cancelled);
  EXPECT_EQ(a.outcome(), '?');
  EXPECT_EQ(a.stopped_where(), "the sweep stopped after 0 of the " +
                                   std::to_string((1u << 0) + (1u << 5) + (1u << 9) + (1u << 17) + (1u << 23) + 1) +
                                   " positions up to this one");
  // Stopped part way: every position below the stop is solved, and the others are unknown.
  // Each report waits past the least time between two reports, so a report comes at every block of positions and the
  // sweep stops at the 40th block whatever the machine's speed.
  int calls = 0;
  options.progress = [&](double) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    return ++calls < 40;
  };
  const tartan::misere_analysis part = tartan::analyze_misere(mock, p, options);
  ASSERT_EQ(part.solving(), tartan::search_end::cancelled);
  const std::uint64_t swept = part.solver()->swept();
  EXPECT_GT(swept, 0u);
  EXPECT_LT(swept, part.mask());
  const tartan::misere_analysis whole = tartan::analyze_misere(mock, p);
  for (std::uint64_t q = 0; q < swept; q += 997) {
    EXPECT_EQ(part.solver()->outcome(q), whole.solver()->outcome(q)) << q;
  }
  EXPECT_EQ(part.solver()->outcome(swept), '?');
}

}  // namespace

namespace {

using tartan::analysis_report;
using tartan::analysis_request;

analysis_request misere_request(const std::string& game, const std::string& position) {
  analysis_request request;
  const game_handle g = game_of(game);
  request.terms = {{g, tartan::box_region(tartan::parse_box_position(position))}};
  request.misere = true;
  return request;
}

TEST(MisereRequestTest, OnePositionIsAnsweredWithItsOutcomeAndAPageOfWinningMoves) {
  // Every winning move by the plain search, then the request's page and count of them.
  const game_handle game = game_of("ruler");
  const box_position p = tartan::parse_box_position("HHTHHTHHHTH");
  plain_search reference(game, p.extents());
  const plain_search::flags flags = reference.of(p);
  std::vector<move> winning;
  for (const move& m : reference.moves(flags)) {
    if (!reference.wins(reference.after(flags, m))) winning.push_back(m);
  }
  ASSERT_GE(winning.size(), 3u);
  analysis_request request = misere_request("ruler", "HHTHHTHHHTH");
  request.offset = 1;
  request.limit = 2;
  std::vector<move> seen;
  char told = 0;
  request.on_misere_analysed = [&](const tartan::misere_analysis& a) { told = a.outcome(); };
  request.on_winning_move = [&](const move& m) { seen.push_back(m); };
  const analysis_report report = tartan::answer(request);
  EXPECT_EQ(told, 'N');
  EXPECT_EQ(report.outcome(), 'N');
  EXPECT_EQ(report.misere_outcome, 'N');
  const std::vector<move> all = tartan::analyze_misere(game, p).winning_moves(100);
  EXPECT_EQ(sorted(all), sorted(winning));
  EXPECT_EQ(report.winning_moves, (std::vector<move>{all[1], all[2]}));
  EXPECT_EQ(seen, report.winning_moves);
  EXPECT_EQ(report.stopped, tartan::search_end::complete);
  request.count = true;
  EXPECT_EQ(*tartan::answer(request).misere_move_count, winning.size());
}

TEST(MisereRequestTest, HeapsAreAnsweredAsHeaps) {
  analysis_request request;
  request.terms = {{game_of("kayles"), tartan::box_region()}};
  request.heaps = std::vector<tartan::heap_size>{3, 4, 4};
  request.misere = true;
  const analysis_report report = tartan::answer(request);
  ASSERT_TRUE(report.misere_heaps.has_value());
  const tartan::misere_heap_analysis a = tartan::analyze_misere_heaps(game_of("kayles"), {3, 4, 4});
  EXPECT_EQ(report.outcome(), a.outcome());
  EXPECT_EQ(report.heap_moves, a.winning_moves(10));
  request.count = true;
  EXPECT_EQ(*tartan::answer(request).misere_move_count, a.winning_moves(1000).size());
}

TEST(MisereRequestTest, ACancelledSolvingIsReportedWithWhereItStopped) {
  // A sweep of 2^24 positions, stopped by the first report of its progress.
  analysis_request request;
  request.terms = {
      {game_of("mock-turtles"), tartan::box_region(tartan::sparse_box_position(std::vector<std::size_t>{24}, "1,23"))}};
  request.misere = true;
  request.misere_coins_method = misere_method::sweep;
  request.progress = [](double) { return false; };
  const analysis_report report = tartan::answer(request);
  EXPECT_EQ(report.outcome(), '?');
  EXPECT_EQ(report.stopped, tartan::search_end::cancelled);
  EXPECT_EQ(report.where, "the sweep stopped after 0 of the 8388611 positions up to this one");
  EXPECT_TRUE(report.winning_moves.empty());
}

TEST(MisereRequestTest, OptionsAndPicturesAreRefused) {
  analysis_request sum = misere_request("ruler", "HTH");
  sum.sum = true;
  sum.terms.push_back(sum.terms.front());
  sum.options = 3;
  EXPECT_EQ(message_of([&] { tartan::answer(sum); }),
            "options are listed for one position, not counted; leave them out of a count or a sum");
  analysis_request options = misere_request("ruler", "HTH");
  options.options = 3;
  EXPECT_EQ(message_of([&] { tartan::answer(options); }),
            "the options and the picture show values, which misère play does not have; leave them out of a misère "
            "analysis");
}

}  // namespace
