// Sequence summaries (turning/sequence_summary.hpp), against the definition and published tables:
//   - fewest_rare_mask against trying every mask and variant on random weighted histograms of small value ranges;
//   - summaries of random octal codes, whose values the test computes by the heap game's definition: the largest
//     value and its first heap by a scan, the rare heaps counted by brute force under the mask returned, that mask
//     no worse than any other (weighted as the header says), and "all rare heaps" checked on values computed far past;
//   - the rows of a published table (tests/data/octal/czajka_solved_games.txt) for the games cheap enough here.
#include "tartan/turning/sequence_summary.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tartan/games/registry.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan {
namespace {

/// g(0..count-1) of the octal game d1 d2 ... (digits after the point) by definition: the mex over every way of taking
/// k tokens and leaving nothing (bit 1), one heap (bit 2) or two non-empty heaps (bit 4).
std::vector<grundy_value> octal_definition(const std::vector<int>& digits, std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (std::size_t k = 1; k <= digits.size() && k <= n; ++k) {
      const int d = digits[k - 1];
      const std::size_t r = n - k;
      if ((d & 1) != 0 && r == 0) options.insert(0);
      if ((d & 2) != 0 && r >= 1) options.insert(g[r]);
      if ((d & 4) != 0) {
        for (std::size_t a = 1; 2 * a <= r; ++a) options.insert(g[a] ^ g[r - a]);
      }
    }
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    g.push_back(m);
  }
  return g;
}

std::string octal_text(const std::vector<int>& digits) {
  std::string s = "0.";
  for (const int d : digits) s += static_cast<char>('0' + d);
  return s;
}

/// Whether heap n (value v) is rare under mask m and the variant, written out from the definition.
bool rare_by_definition(std::size_t n, grundy_value v, grundy_value m, bool domain, std::size_t t) {
  const bool even = std::popcount(v & m) % 2 == 0;
  if (!domain) return even;
  return (std::popcount(v & m) % 2) == static_cast<int>((n + 2 - t % 2) % 2);  // parity of n - t
}

TEST(SequenceSummaryTest, FewestRareMaskIsTheBestOfEveryMask) {
  std::mt19937 rng(20260527);
  for (int round = 0; round < 300; ++round) {
    const int bits = 1 + static_cast<int>(rng() % 6);
    const std::size_t size = std::size_t{1} << bits;
    std::array<std::vector<std::int64_t>, 2> hist{std::vector<std::int64_t>(size), std::vector<std::int64_t>(size)};
    for (auto& h : hist) {
      for (auto& w : h) w = rng() % 3 == 0 ? 0 : static_cast<std::int64_t>(rng() % 50);
    }
    const bool domain = rng() % 2 == 0;
    // Every mask and variant, the weight of the heaps rare under it counted value by value.
    std::int64_t best = INT64_MAX;
    rare_mask first_best;
    for (std::size_t m = 0; m < size; ++m) {
      for (const bool dom : {false, true}) {
        if (dom && !domain) continue;
        std::int64_t weight = 0;
        for (int sigma = 0; sigma < 2; ++sigma) {
          for (std::size_t v = 0; v < size; ++v) {
            const int parity = std::popcount(static_cast<grundy_value>(v & m)) % 2;
            const bool rare = dom ? parity == sigma : parity == 0;
            if (rare) weight += hist[static_cast<std::size_t>(sigma)][v];
          }
        }
        if (weight < best) {
          best = weight;
          first_best = {m, dom ? rare_variant::domain : rare_variant::range};
        }
      }
    }
    const rare_mask_choice choice = fewest_rare_mask({hist[0], hist[1]}, domain);
    EXPECT_EQ(choice.rare_weight, best) << "round " << round;
    EXPECT_EQ(choice.best, first_best) << "ties go to the smallest mask, the range variant first";
    // An incumbent among the best is kept.
    const rare_mask_choice kept = fewest_rare_mask({hist[0], hist[1]}, domain, choice.best);
    EXPECT_EQ(kept.best, choice.best);
  }
}

TEST(SequenceSummaryTest, RandomOctalCodesMatchTheDefinition) {
  std::mt19937 rng(7);
  int with_period = 0, all_rare = 0;
  for (int round = 0; round < 60; ++round) {
    std::vector<int> digits(1 + rng() % 3);
    for (int& d : digits) d = static_cast<int>(rng() % 8);
    digits[rng() % digits.size()] |= 4;  // some digit leaves two heaps
    const std::string text = octal_text(digits);
    SCOPED_TRACE(text);
    const std::size_t n = 300;
    const std::vector<grundy_value> g = octal_definition(digits, n);
    const turning_game game = games::find_game(text);
    const sequence_summary s = summarize_sequence(g, game);
    EXPECT_EQ(s.observed, n);
    // The largest value and the first heap with it.
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (g[i] > g[at]) at = i;
    }
    EXPECT_EQ(s.largest, g[at]);
    EXPECT_EQ(s.largest_at, at);
    ASSERT_TRUE(s.rare.has_value());
    const rare_values& r = *s.rare;
    std::size_t t = 0;
    for (std::size_t k = 0; k < digits.size(); ++k) {
      if ((digits[k] & 4) != 0) {
        t = k + 1;
        break;
      }
    }
    EXPECT_EQ(r.split_take, t);
    const bool domain = r.mask.variant == rare_variant::domain;
    // The rare heaps counted by brute force under the mask returned.
    std::size_t count = 0;
    std::optional<std::size_t> last;
    for (std::size_t i = 0; i < n; ++i) {
      if (rare_by_definition(i, g[i], r.mask.mask, domain, t)) {
        ++count;
        last = i;
      }
    }
    EXPECT_EQ(r.count, count);
    EXPECT_EQ(r.last, last);
    EXPECT_LT(r.mask.mask, std::bit_ceil(s.largest + 1)) << "masks are written with the largest value's bits";
    // No mask is better, weighted as the header says: a heap of the first full period weighs N + 1.
    const auto& p = s.period;
    if (p) ++with_period;
    const auto score = [&](grundy_value m, bool dom) {
      std::int64_t w = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (!rare_by_definition(i, g[i], m, dom, t)) continue;
        w += p && i >= p->preperiod && i < p->preperiod + p->period ? static_cast<std::int64_t>(n) + 1 : 1;
      }
      return w;
    };
    bool domain_allowed = true;  // every two-heap digit at an index of one parity
    for (std::size_t k = 0; k < digits.size(); ++k) {
      if ((digits[k] & 4) != 0 && (k + 1) % 2 != t % 2) domain_allowed = false;
    }
    EXPECT_TRUE(domain_allowed || !domain);
    const std::int64_t chosen = score(r.mask.mask, domain);
    for (grundy_value m = 0; m < std::bit_ceil(s.largest + 1); ++m) {
      EXPECT_LE(chosen, score(m, false)) << "mask " << m;
      if (domain_allowed) {
        EXPECT_LE(chosen, score(m, true)) << "mask " << m << " (domain)";
      }
    }
    // "All of them": a proven period holding no rare heap, so none comes later; checked on values far past.
    if (r.all) {
      ++all_rare;
      ASSERT_TRUE(p && p->proven);
      const std::vector<grundy_value> far = octal_definition(digits, 3 * n);
      for (std::size_t i = n; i < far.size(); ++i) {
        EXPECT_FALSE(rare_by_definition(i, far[i], r.mask.mask, domain, t)) << "heap " << i << " is rare";
      }
      std::set<grundy_value> later(far.begin() + static_cast<std::ptrdiff_t>(n), far.end());
      EXPECT_LE(*later.rbegin(), s.largest) << "a later value beats the largest of every n";
    }
  }
  EXPECT_GT(with_period, 10) << "the random codes should include periodic ones";
  EXPECT_GT(all_rare, 5) << "and ones whose rare heaps all come before the period";
}

TEST(SequenceSummaryTest, OtherRulesHaveNoRareValues) {
  const std::vector<grundy_value> ruler = games::find_game("ruler").sequence(64);
  const sequence_summary s = summarize_sequence(ruler, games::find_game("ruler"));
  EXPECT_FALSE(s.rare.has_value());
  EXPECT_EQ(s.rare_note, "");
  EXPECT_EQ(s.largest, 64u);
  EXPECT_EQ(s.largest_at, 63u);
  EXPECT_FALSE(s.largest_all);

  const turning_game hex = games::find_game("0.8");  // take one, leave three heaps
  const sequence_summary h = summarize_sequence(hex.sequence(40), hex);
  EXPECT_FALSE(h.rare.has_value());
  EXPECT_EQ(h.rare_note, "a move leaves three heaps: no mask sorts the values");

  const turning_game nim = games::find_game("0.3");  // Nim heaps of one: no split
  EXPECT_EQ(summarize_sequence(nim.sequence(10), nim).rare_note, "no move leaves two heaps: no mask applies");
}

TEST(SequenceSummaryTest, MaskHexIsWrittenAsPublished) {
  EXPECT_EQ(mask_hex(0), "0");
  EXPECT_EQ(mask_hex(0x1e), "1e");
  EXPECT_EQ(mask_hex(0x7b8), "7b8");
}

/// One row of the published table.
struct published_row {
  std::string game;
  std::size_t preperiod = 0, period = 0, largest_at = 0;
  grundy_value largest = 0;
  std::string mask;  // "" when not given
  std::size_t rare = 0, last_rare = 0;
};

std::vector<published_row> solved_games() {
  const std::string path = std::string(TARTAN_REFERENCE_DIR) + "/octal/czajka_solved_games.txt";
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<published_row> rows;
  std::string line;
  bool solved = false;
  while (std::getline(in, line)) {
    if (line.rfind("# Nontrival solved", 0) == 0) solved = true;
    if (line.rfind("# Unsolved", 0) == 0) solved = false;
    if (!solved || line.empty() || line[0] != '.') continue;
    std::vector<std::string> cells;
    std::istringstream cut(line);
    for (std::string cell; std::getline(cut, cell, '|');) {
      const auto a = cell.find_first_not_of(' ');
      const auto b = cell.find_last_not_of(' ');
      cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    published_row r;
    r.game = cells[0];
    r.preperiod = std::stoul(cells[1]);
    r.period = std::stoul(cells[2]);
    r.largest_at = std::stoul(cells[3]);
    r.largest = std::stoul(cells[4]);
    r.mask = cells[5];
    if (!r.mask.empty()) {
      r.rare = std::stoul(cells[6]);
      r.last_rare = std::stoul(cells[7]);
    }
    rows.push_back(r);
  }
  EXPECT_EQ(rows.size(), 10u);
  return rows;
}

TEST(SequenceSummaryTest, PublishedRowsOfSolvedOctalGames) {
  int checked = 0;
  for (const published_row& row : solved_games()) {
    SCOPED_TRACE(row.game);
    const turning_game game = games::find_game(row.game);
    const std::size_t t = take_break_code::parse(row.game).max_take();
    // Enough values for the Guy–Smith proof: 2p + 2P + t.
    const std::size_t n = 2 * row.preperiod + 2 * row.period + t + 1;
    if (n > 1'000'000) continue;  // .376 and .354 need millions: benchmarks/census_benchmark's table
    const std::vector<grundy_value> g = game.sequence(n, sequence_method::automatic);
    const sequence_summary s = summarize_sequence(g, game);
    ASSERT_TRUE(s.period.has_value());
    EXPECT_TRUE(s.period->proven);
    EXPECT_EQ(s.period->preperiod, row.preperiod);
    EXPECT_EQ(s.period->period, row.period);
    EXPECT_EQ(s.largest, row.largest);
    EXPECT_EQ(s.largest_at, row.largest_at);
    EXPECT_TRUE(s.largest_all);
    ASSERT_TRUE(s.rare.has_value());
    if (!row.mask.empty()) {
      const bool domain = row.mask.find("+pos") != std::string::npos;
      EXPECT_EQ(mask_hex(s.rare->mask.mask), domain ? row.mask.substr(0, row.mask.find('+')) : row.mask);
      EXPECT_EQ(s.rare->mask.variant, domain ? rare_variant::domain : rare_variant::range);
      EXPECT_EQ(s.rare->count, row.rare);
      EXPECT_EQ(s.rare->last, row.last_rare);
      EXPECT_TRUE(s.rare->all);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 8);
}

}  // namespace
}  // namespace tartan
