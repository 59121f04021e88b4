// Fuzz target: sums of rows in misère play, through the quotient of the rows and by the search, against a plain
// recursion over the moves the turning-code reference (tests/support/turning_code_reference.hpp) generates. The first
// byte is the row length (1..5 coins), the next the number of rows (1..4) and the rows (bitmasks), the rest a turning
// code. The quotient of the rows (misere_quotient.hpp, at most 512 elements) and analyze_misere_sum by both methods
// must give the sum the reference's outcome, and their winning moves must be the moves to the reference's
// P-positions. Codes that do not parse are skipped.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/analysis/misere_sum.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::coin;
using tartan::fuzz::require;
using row = std::uint64_t;

/// Misère outcomes of sums of rows by recursion over the reference's moves.
struct reference {
  std::vector<std::vector<row>> turns;  // per coin, the bitmasks its moves turn
  std::map<std::vector<row>, bool> memo;

  bool is_p(std::vector<row> rows) {
    std::sort(rows.begin(), rows.end());
    const auto found = memo.find(rows);
    if (found != memo.end()) return found->second;
    bool any = false, p = true;
    for (std::size_t i = 0; i < rows.size() && p; ++i) {
      for (std::size_t c = 0; c < turns.size() && p; ++c) {
        if (((rows[i] >> c) & 1) == 0) continue;
        for (const row t : turns[c]) {
          any = true;
          std::vector<row> next = rows;
          next[i] ^= t;
          if (is_p(next)) {
            p = false;
            break;
          }
        }
      }
    }
    memo.emplace(rows, any && p);
    return any && p;
  }
};

std::string drawn(row r, int coins) {
  std::string s;
  for (int c = 0; c < coins; ++c) s += ((r >> c) & 1) != 0 ? 'H' : 'T';
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const int coins = 1 + in.byte() % 5;
  std::vector<row> rows(1 + in.byte() % 4);
  for (row& r : rows) r = in.byte() & ((row{1} << coins) - 1);
  const std::string text(in.rest());
  tartan::test::reference_code code;
  std::optional<tartan::game_handle> game;
  try {
    code = tartan::test::reference_code::from(tartan::turning_code::parse(text));
    game.emplace(tartan::games::resolve_game(text));
  } catch (const tartan::error&) {
    return 0;
  }
  if (game->is_product()) return 0;
  reference ref;
  ref.turns.resize(static_cast<std::size_t>(coins));
  for (coin c = 0; c < static_cast<coin>(coins); ++c) {
    code.for_each_move(c, [&](std::span<const coin> others) {
      row t = row{1} << c;
      for (const coin o : others) t |= row{1} << o;
      ref.turns[c].push_back(t);
      return true;
    });
  }
  const bool p = ref.is_p(rows);
  std::set<std::pair<std::size_t, row>> winning;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t c = 0; c < ref.turns.size(); ++c) {
      if (((rows[i] >> c) & 1) == 0) continue;
      for (const row t : ref.turns[c]) {
        std::vector<row> next = rows;
        next[i] ^= t;
        if (ref.is_p(next)) winning.insert({i, t});
      }
    }
  }
  tartan::quotient_options q_options;
  q_options.max_order = 512;
  const row last = (row{1} << coins) - 1;
  const tartan::misere_quotient q = tartan::build_row_quotient(game->row_game(), static_cast<coin>(last), q_options);
  if (q.bound() == last) {
    tartan::quotient_element x = 0;
    for (const row r : rows) x = q.product(x, q.image(static_cast<coin>(r)));
    require(q.is_p(x) == p, "the row quotient's outcome");
  }
  std::vector<tartan::sum_term> terms;
  for (const row r : rows) {
    terms.push_back({*game, tartan::box_region(tartan::parse_box_position(drawn(r, coins)))});
  }
  for (const auto method : {tartan::sum_misere_method::automatic, tartan::sum_misere_method::search}) {
    tartan::misere_sum_options options;
    options.method = method;
    options.max_quotient_order = 512;
    const tartan::misere_sum_analysis a = tartan::analyze_misere_sum(terms, options);
    require(a.outcome() == (p ? 'P' : 'N'), "the sum's outcome");
    std::set<std::pair<std::size_t, row>> found;
    a.for_each_winning_move([&](const tartan::sum_move& m) {
      row t = 0;
      for (const coin c : m.coins.coins()) t |= row{1} << c;
      found.insert({m.term, t});
      return true;
    });
    require(found == winning, "the sum's winning moves");
  }
  return 0;
}
