// Tests for analysis_request.hpp: one request, one report, against brute force over the game graph. The moves come
// from tests/support/turning_code_reference.hpp (the rule language's definition); a position's value is the mex over
// its moves, recursively, with no Sprague-Grundy theorem assumed. A sum's value is the XOR of its terms' brute-force
// values, its winning moves the moves of one term that leave the whole at 0; pages are slices of the full lists.
#include "tartan/analysis/analysis_request.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/error_message.hpp"
#include "support/naive.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {
namespace {

using test::message_of;
using test::reference_code;

/// A game over a small box by brute force: positions are bitmasks of heads cells (row-major), moves the reference's.
class brute_game {
 public:
  brute_game(const std::vector<std::string>& codes, box_extents extents) : extents_(std::move(extents)) {
    for (const std::string& text : codes) factors_.push_back(reference_code::from(turning_code::parse(text)));
    for (const std::size_t x : extents_) cells_ *= x;
  }

  std::size_t cells() const { return cells_; }

  std::vector<coin> cell(std::size_t index) const {
    std::vector<coin> c(extents_.size());
    for (std::size_t d = extents_.size(); d-- > 0;) {
      c[d] = static_cast<coin>(index % extents_[d]);
      index /= extents_[d];
    }
    return c;
  }
  std::size_t index(const std::vector<coin>& c) const {
    std::size_t i = 0;
    for (std::size_t d = 0; d < extents_.size(); ++d) i = i * extents_[d] + c[d];
    return i;
  }

  /// The moves from heads cell `at`: one move of each factor from its coordinate, axis 0 outermost, each factor's
  /// moves in the order of `factor_moves(axis, n)`.
  template <class FactorMoves>
  std::vector<move> moves_from(const std::vector<coin>& at, FactorMoves factor_moves) const {
    std::vector<std::vector<std::vector<coin>>> per_axis;
    for (std::size_t d = 0; d < at.size(); ++d) per_axis.push_back(factor_moves(d, at[d]));
    std::vector<move> out;
    move m;
    m.axes.resize(at.size());
    const auto combine = [&](auto&& self, std::size_t d) -> void {
      if (d == at.size()) {
        out.push_back(m);
        return;
      }
      for (const auto& axis : per_axis[d]) {
        m.axes[d] = axis;
        self(self, d + 1);
      }
    };
    combine(combine, 0);
    return out;
  }

  std::vector<move> moves(std::uint64_t heads) const {
    std::vector<move> all;
    for (std::size_t i = 0; i < cells_; ++i) {
      if (!(heads >> i & 1)) continue;
      const std::vector<move> here = moves_from(cell(i), [&](std::size_t d, coin n) { return reference_of(d, n); });
      all.insert(all.end(), here.begin(), here.end());
    }
    return all;
  }

  std::uint64_t apply(std::uint64_t heads, const move& m) const {
    std::vector<coin> at(m.dimensions());
    const auto toggle = [&](auto&& self, std::size_t d) -> void {
      if (d == m.dimensions()) {
        heads ^= std::uint64_t{1} << index(at);
        return;
      }
      for (const coin c : m.axes[d]) {
        at[d] = c;
        self(self, d + 1);
      }
    };
    toggle(toggle, 0);
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

  box_position position(std::uint64_t heads) const {
    std::vector<coin> flat;
    for (std::size_t i = 0; i < cells_; ++i) {
      if (!(heads >> i & 1)) continue;
      const std::vector<coin> c = cell(i);
      flat.insert(flat.end(), c.begin(), c.end());
    }
    return box_position(extents_, std::move(flat));
  }

 private:
  std::vector<std::vector<coin>> reference_of(std::size_t axis, coin n) const {
    std::vector<std::vector<coin>> out;
    factors_[axis].for_each_move(n, [&](std::span<const coin> others) {
      std::vector<coin> m(others.begin(), others.end());
      m.push_back(n);
      out.push_back(std::move(m));
      return true;
    });
    return out;
  }

  std::vector<reference_code> factors_;
  box_extents extents_;
  std::size_t cells_ = 1;
  std::map<std::uint64_t, grundy_value> memo_;
};

std::string name_of(const std::vector<std::string>& codes) {
  std::string name;
  for (const std::string& text : codes) name += (name.empty() ? "" : "*") + text;
  return name;
}

analysis_request one_position(const game_handle& game, const box_position& p) {
  analysis_request request;
  request.terms.push_back({game, box_region(p)});
  return request;
}

struct case_shape {
  std::vector<std::string> codes;
  box_extents extents;
};

const std::vector<case_shape> shapes = {{{"1-3"}, {9}},          {{"1-2"}, {8}},           {{"2"}, {7}},
                                        {{"1,3"}, {9}},          {{"1-2", "1-3"}, {3, 4}}, {{"2", "1-3"}, {3, 3}},
                                        {{"1-3", "1-2"}, {4, 3}}};

TEST(AnalysisRequestTest, APositionsReportMatchesBruteForce) {
  std::mt19937 rng(20261125);
  for (const case_shape& shape : shapes) {
    brute_game brute(shape.codes, shape.extents);
    const game_handle game = games::resolve_game(name_of(shape.codes));
    std::uniform_int_distribution<std::uint64_t> pick(0, (std::uint64_t{1} << brute.cells()) - 1);
    for (int s = 0; s < 12; ++s) {
      const std::uint64_t heads = pick(rng);
      SCOPED_TRACE(name_of(shape.codes) + " heads mask " + std::to_string(heads));
      const box_position p = brute.position(heads);
      const grundy_value value = brute.value(heads);

      // The options by the definition: heads cells in row-major order, each factor's moves in the game's
      // enumeration order (axis 0 outermost), each with the brute-force value it leads to.
      std::vector<option> defined;
      std::set<move> winning_defined;
      for (std::size_t i = 0; i < brute.cells(); ++i) {
        if (!(heads >> i & 1)) continue;
        const auto game_moves = [&](std::size_t d, coin n) {
          std::vector<std::vector<coin>> out;
          game.factor(d).for_each_move(n, [&](std::span<const coin> others) {
            std::vector<coin> m(others.begin(), others.end());
            m.push_back(n);
            out.push_back(std::move(m));
            return true;
          });
          return out;
        };
        for (const move& m : brute.moves_from(brute.cell(i), game_moves)) {
          const grundy_value after = brute.value(brute.apply(heads, m));
          defined.push_back(option{m, after});
          if (after == 0) winning_defined.insert(m);
        }
      }

      analysis_request request = one_position(game, p);
      request.limit = SIZE_MAX;
      request.options = defined.size() + 1;
      const analysis_report all = answer(request);
      EXPECT_EQ(all.value, value);
      EXPECT_EQ(all.outcome(), value != 0 ? 'N' : 'P');
      ASSERT_TRUE(all.position.has_value());
      EXPECT_EQ(all.position->value(), value);
      EXPECT_EQ(std::set<move>(all.winning_moves.begin(), all.winning_moves.end()), winning_defined);
      EXPECT_EQ(all.winning_moves.size(), winning_defined.size()) << "a winning move listed twice";
      ASSERT_TRUE(all.options.has_value());
      EXPECT_EQ(all.options->listed, defined);
      EXPECT_TRUE(all.options->complete);
      EXPECT_EQ(all.stopped, search_end::complete);
      EXPECT_TRUE(all.where.empty());

      // Pages: a slice of the full list, whatever the offset and limit.
      for (const std::size_t offset : {std::size_t{0}, std::size_t{1}, std::size_t{3}}) {
        for (const std::size_t limit : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{5}}) {
          analysis_request paged = one_position(game, p);
          paged.offset = offset;
          paged.limit = limit;
          paged.options = limit;
          std::vector<move> streamed;
          paged.on_winning_move = [&](const move& m) { streamed.push_back(m); };
          const analysis_report page = answer(paged);
          const std::size_t first = std::min(offset, all.winning_moves.size());
          const std::size_t last = value == 0 ? first : std::min(first + limit, all.winning_moves.size());
          EXPECT_EQ(page.winning_moves,
                    std::vector<move>(all.winning_moves.begin() + static_cast<std::ptrdiff_t>(first),
                                      all.winning_moves.begin() + static_cast<std::ptrdiff_t>(last)));
          EXPECT_EQ(streamed, page.winning_moves) << "each move of the page is passed on as it is found";
          const std::size_t shown = std::min(limit, defined.size());
          EXPECT_EQ(page.options->listed,
                    std::vector<option>(defined.begin(), defined.begin() + static_cast<std::ptrdiff_t>(shown)));
          EXPECT_EQ(page.options->complete, limit >= defined.size());
        }
      }

      // The count: the number of winning moves by the definition.
      analysis_request counted = one_position(game, p);
      counted.count = true;
      const analysis_report count = answer(counted);
      ASSERT_TRUE(count.count.has_value());
      EXPECT_EQ(count.value, value);
      EXPECT_EQ(count.count->winning_moves, winning_defined.size());
      EXPECT_FALSE(count.position.has_value());
    }
  }
}

TEST(AnalysisRequestTest, ThePositionThenTheValueAreKnownBeforeTheSearch) {
  const game_handle game = games::resolve_game("mock-turtles");
  analysis_request request = one_position(game, parse_box_position("HTTHHT"));
  std::vector<std::string> events;
  request.on_position = [&](const box_position& p) { events.push_back("heads " + std::to_string(p.head_count())); };
  request.on_analysed = [&](const analysis& a) { events.push_back("value " + std::to_string(a.value())); };
  request.on_winning_move = [&](const move&) { events.push_back("move"); };
  const analysis_report report = answer(request);
  // g = 1 2 4 7 8 11 (mex definition) over heads 0, 3, 4: 1 ^ 7 ^ 8 = 14.
  const std::vector<grundy_value> g = test::naive_sequence(test::k_coins{1, 3}, 6);
  ASSERT_GE(events.size(), 2U);
  EXPECT_EQ(events[0], "heads 3");
  EXPECT_EQ(events[1], "value " + std::to_string(g[0] ^ g[3] ^ g[4]));
  EXPECT_EQ(events.size(), 2 + report.winning_moves.size());
}

TEST(AnalysisRequestTest, ASumsValueIsTheXorOfItsTermsByBruteForce) {
  std::mt19937 rng(7);
  const std::vector<case_shape> terms_of = {{{"1-3"}, {6}}, {{"1-2", "1-3"}, {2, 3}}, {{"2"}, {6}}, {{"1,3"}, {5}}};
  std::vector<brute_game> brutes;
  for (const case_shape& shape : terms_of) brutes.emplace_back(shape.codes, shape.extents);
  for (int s = 0; s < 40; ++s) {
    analysis_request request;
    request.sum = true;
    request.limit = SIZE_MAX;
    std::vector<std::size_t> which;
    std::vector<std::uint64_t> masks;
    const std::size_t count = 1 + rng() % 3;
    grundy_value value = 0;
    for (std::size_t t = 0; t < count; ++t) {
      const std::size_t k = rng() % terms_of.size();
      const std::uint64_t heads = rng() & ((std::uint64_t{1} << brutes[k].cells()) - 1);
      which.push_back(k);
      masks.push_back(heads);
      value ^= brutes[k].value(heads);
      request.terms.push_back({games::resolve_game(name_of(terms_of[k].codes)), box_region(brutes[k].position(heads))});
    }
    SCOPED_TRACE("sample " + std::to_string(s));
    // The winning moves by the definition: a move in term t wins when it leaves the XOR of all the terms at 0.
    std::set<std::pair<std::size_t, move>> defined;
    for (std::size_t t = 0; t < count; ++t) {
      brute_game& b = brutes[which[t]];
      const grundy_value others = value ^ b.value(masks[t]);
      for (const move& m : b.moves(masks[t])) {
        if ((b.value(b.apply(masks[t], m)) ^ others) == 0) defined.emplace(t, m);
      }
    }
    const analysis_report all = answer(request);
    EXPECT_EQ(all.value, value);
    ASSERT_TRUE(all.sum.has_value());
    for (std::size_t t = 0; t < count; ++t) EXPECT_EQ(all.sum->terms()[t].value(), brutes[which[t]].value(masks[t]));
    using term_move = std::pair<std::size_t, move>;
    std::set<term_move> found;
    for (const sum_move& m : all.sum_winning_moves) found.emplace(m.term, m.coins);
    EXPECT_EQ(found, defined);
    EXPECT_EQ(all.sum_winning_moves.size(), defined.size());
    for (std::size_t i = 1; i < all.sum_winning_moves.size(); ++i) {
      EXPECT_LE(all.sum_winning_moves[i - 1].term, all.sum_winning_moves[i].term) << "term by term";
    }
    // Pages of two, concatenated, are the full list.
    std::vector<sum_move> paged;
    for (std::size_t offset = 0;; offset += 2) {
      analysis_request page = request;
      page.limit = 2;
      page.offset = offset;
      const analysis_report r = answer(page);
      paged.insert(paged.end(), r.sum_winning_moves.begin(), r.sum_winning_moves.end());
      if (r.sum_winning_moves.size() < 2) break;
    }
    EXPECT_EQ(paged, all.sum_winning_moves);
    // Counted: the same number, and each term's value.
    analysis_request counted = request;
    counted.count = true;
    const analysis_report sum_count = answer(counted);
    ASSERT_TRUE(sum_count.sum_count.has_value());
    EXPECT_EQ(sum_count.value, value);
    EXPECT_EQ(sum_count.sum_count->winning_moves, defined.size());
  }
}

TEST(AnalysisRequestTest, PictureValuesAreTheValuesOfSingleCoins) {
  // A row: g(n) of each coin up to the last heads coin (brute force on the coin alone); a board: G(r, c) of each
  // cell of the rows and columns up to the last heads coin, row-major, cut after the last such cell.
  brute_game row({"1-3"}, {9});
  const game_handle mock = games::resolve_game("1-3");
  analysis_request request = one_position(mock, parse_box_position("THTTHTTTT"));
  request.picture = true;
  const analysis_report r = answer(request);
  ASSERT_TRUE(r.picture.has_value());
  EXPECT_EQ(r.picture->rows, 1U);
  EXPECT_EQ(r.picture->cols, 9U);
  std::vector<grundy_value> expected;
  for (std::size_t n = 0; n < 5; ++n) expected.push_back(row.value(std::uint64_t{1} << n));
  EXPECT_EQ(r.picture->values, expected);

  brute_game board({"1-2", "1-3"}, {4, 5});
  const game_handle rugs = games::resolve_game("1-2*1-3");
  analysis_request on_board = one_position(rugs, parse_box_position("TTTTT/TTHTT/TTTTT/TTTTT"));
  on_board.picture = true;
  const analysis_report b = answer(on_board);
  ASSERT_TRUE(b.picture.has_value());
  EXPECT_EQ(b.picture->rows, 4U);
  EXPECT_EQ(b.picture->cols, 5U);
  // Heads at (1, 2): rows 0..1 and columns 0..2 are known; the cells after (1, 2) are not shown.
  std::vector<grundy_value> cells(2 * 5, 0);
  for (coin r2 = 0; r2 < 2; ++r2) {
    for (coin c = 0; c < 3; ++c) cells[r2 * 5 + c] = board.value(std::uint64_t{1} << board.index({r2, c}));
  }
  cells.resize(1 * 5 + 3);
  EXPECT_EQ(b.picture->values, cells);
}

TEST(AnalysisRequestTest, ACancelledSearchSaysWhereItStopped) {
  // A cancel at the first report, before the first heads coin is searched: no move listed, and the report says so.
  const game_handle game = games::resolve_game("mock-turtles");
  analysis_request request = one_position(game, parse_box_position("HHHHHHH"));
  request.search_progress = [](double) { return false; };
  const analysis_report r = answer(request);
  const std::vector<grundy_value> g = test::naive_sequence(test::k_coins{1, 3}, 7);
  grundy_value value = 0;
  for (const grundy_value x : g) value ^= x;
  ASSERT_EQ(r.value, value);
  ASSERT_NE(value, 0U);
  EXPECT_EQ(r.stopped, search_end::cancelled);
  EXPECT_EQ(r.search.end, search_end::cancelled);
  EXPECT_TRUE(r.winning_moves.empty());
  EXPECT_EQ(r.where, "the search for winning moves stopped after 0 of the 7 heads coins; 0 winning moves listed");
  EXPECT_FALSE(r.options.has_value()) << "no options after a stopped search";

  // The options alone (no winning move asked for): their listing is the one stopped.
  request.limit = 0;
  request.options = 10;
  const analysis_report o = answer(request);
  EXPECT_EQ(o.stopped, search_end::cancelled);
  ASSERT_TRUE(o.options.has_value());
  EXPECT_FALSE(o.options->complete);
  EXPECT_EQ(o.where, "the search for options stopped after 0 of the 7 heads coins; 0 options listed");

  // A sum: the search over every term's heads coins.
  analysis_request sum;
  sum.sum = true;
  sum.terms = {{game, box_region(parse_box_position("HHH"))}, {game, box_region(parse_box_position("HTTH"))}};
  sum.search_progress = [](double) { return false; };
  const analysis_report s = answer(sum);
  ASSERT_EQ(s.value, g[0] ^ g[1] ^ g[2] ^ g[0] ^ g[3]);
  ASSERT_NE(s.value, 0U);
  EXPECT_EQ(s.stopped, search_end::cancelled);
  EXPECT_EQ(s.where, "the search for winning moves stopped after 0 of the 5 heads coins; 0 winning moves listed");
}

TEST(AnalysisRequestTest, APositionTooLargeToListAdvisesACount) {
  // 2^32 heads coins listed one by one take 16 GiB, over a limit of 1 MiB; counted, they need no list.
  const game_handle ruler = games::resolve_game("ruler");
  analysis_request request;
  request.terms.push_back({ruler, box_region::all_heads(box_extents{std::size_t{1} << 32})});
  request.max_memory = std::uint64_t{1} << 20;
  request.count_option = "--count";
  EXPECT_THROW(answer(request), limit_error);
  const std::string message = message_of([&] { answer(request); });
  EXPECT_NE(message.find("; add --count to count the winning moves without listing them"), std::string::npos)
      << message;
}

TEST(AnalysisRequestTest, RefusesInconsistentRequests) {
  const game_handle game = games::resolve_game("ruler");
  const box_region p(parse_box_position("HTH"));
  EXPECT_THROW(answer(analysis_request{}), parse_error);
  EXPECT_EQ(message_of([] { answer(analysis_request{}); }), "an analysis needs a position; give a game and a position");
  analysis_request two;
  two.terms = {{game, p}, {game, p}};
  EXPECT_EQ(message_of([&] { answer(two); }),
            "an analysis of 2 positions is a sum; ask for a sum, or for one position");
  analysis_request counted_options;
  counted_options.terms = {{game, p}};
  counted_options.count = true;
  counted_options.options = 3;
  EXPECT_EQ(message_of([&] { answer(counted_options); }),
            "options are listed for one position, not counted; leave them out of a count or a sum");
}

TEST(SumTermTextTest, SplitsWordsIntoTerms) {
  const std::vector<std::string> words = {"mock-turtles", "HTTH", "+", "ruler", "1000=3,10-20", "+", "rugs", "HT/TH"};
  const std::vector<sum_term_text> expected = {{"mock-turtles", "HTTH"}, {"ruler", "1000=3,10-20"}, {"rugs", "HT/TH"}};
  EXPECT_EQ(split_sum_terms(words), expected);
  const auto split = [](std::vector<std::string> w) { return message_of([&] { split_sum_terms(w); }); };
  EXPECT_EQ(split({"ruler", "HTH", "ruler", "HTH"}),
            "expected '+' before term 1 of the sum, found 'ruler'; join terms as GAME POSITION + GAME POSITION");
  EXPECT_EQ(split({"ruler", "HTH", "+"}),
            "term 1 of the sum is empty; give GAME POSITION after each +, e.g. + ruler HTH");
  EXPECT_EQ(split({"ruler", "HTH", "+", "ruler"}),
            "term 1 of the sum ('ruler') has no position; give GAME POSITION, e.g. + ruler HTH");
  EXPECT_EQ(split({"ruler", "", "+", "ruler", "HTH"}),
            "term 0 of the sum ('ruler') has no position; give GAME POSITION, e.g. ruler HTH");
}

TEST(SumTermTextTest, ReadsDrawnAndCompactPositions) {
  const game_handle ruler = games::resolve_game("ruler");
  const game_handle rugs = games::resolve_game("ruler*ruler");
  // 3 and 10..20: 1 + 11 heads coins; all of an 8x8 board: 64.
  EXPECT_EQ(parse_term_position("1000=3,10-20", ruler, 1).head_count(), 12U);
  EXPECT_EQ(parse_term_position("1000=3,10-20", ruler, 1).extents(), box_extents{1000});
  EXPECT_EQ(parse_term_position("8x8=all", rugs, 0).head_count(), 64U);
  EXPECT_EQ(parse_term_position("HT/TH", rugs, 0).to_position(), parse_box_position("HT/TH"));
  EXPECT_EQ(parse_term_position("HTTH", ruler, 0).to_position(), parse_box_position("HTTH"));
  EXPECT_EQ(message_of([&] { parse_term_position("HT/TH", ruler, 2); }),
            "term 2 of the sum: 'HT/TH' has 2 axes but 'ruler' has 1; give a row for a 1-D game, rows joined by '/' "
            "for a product of two, or SIZE=HEADS");
  EXPECT_EQ(message_of([&] { parse_term_position("8x8=all", ruler, 1); }),
            "term 1 of the sum: size '8x8' has 2 axes but 'ruler' has 1; e.g. 1000=3,10-20 for a row, 8x8=all for a "
            "board");
  EXPECT_EQ(message_of([&] { parse_term_position("0=all", ruler, 3); }),
            "term 3 of the sum: a row needs at least 1 coin");
}

}  // namespace
}  // namespace tartan
