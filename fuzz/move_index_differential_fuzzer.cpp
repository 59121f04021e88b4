// Fuzz target: a turning code's move index (move_index.hpp; runs by their prefix XORs, moves of at most two coins by
// their values, other alternatives by their finders) against the plain search over every move.
//
// Input: a byte choosing N (4..19 coins), 8 bytes of a heads pattern (repeated along the row: heads stretches, gaps,
// scattered heads), a byte choosing the skip of a page and one its limit, then the code. The values are the
// definition's (tests/support/turning_code_reference.hpp: the mex over the moves it enumerates, which shares nothing
// with the engine), under a budget that shortens the row for codes with many moves. Then:
//   - the winning moves visited through the index are, as a set, those of the plain search (every move of every heads
//     coin, kept when it leads to value 0), and, in order, those of the code's find_moves tried coin by coin;
//   - a page read with a skip is the slice of that list;
//   - each heads coin's count is its moves in the plain search;
//   - the moves of the row's coins of one value, counted, and the table of every value, are those of the moves listed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::fuzz::require;
using moves_list = std::vector<std::vector<coin>>;

constexpr std::uint64_t reference_budget = 1 << 16;  // coins looked at by the reference's sequence

moves_list visited(const tartan::move_index& index, const std::vector<grundy_value>& g, const tartan::row_position& p,
                   std::uint64_t skip, std::size_t limit) {
  moves_list out;
  if (limit == 0) return out;
  tartan::for_each_move_to_value(
      index, g, p, 0,
      [&](std::span<const coin> m) {
        out.emplace_back(m.begin(), m.end());
        return out.size() < limit;
      },
      nullptr, skip);
  return out;
}

}  // namespace

static int check_input(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  // At most 19 coins: a finder of subsets (1-3, 4FS, ...) enumerates 2^k subsets of one XOR, k the kernel of the
  // coins' values, which grows with the row (up to 2^40 before it refuses): a longer row makes an input of minutes.
  const auto most = static_cast<coin>(4 + in.byte() % 16);
  const std::uint64_t pattern = in.u64();
  const std::uint64_t page_skip = in.byte();
  const std::size_t page_limit = 1 + in.byte() % 8;
  tartan::turning_code code = tartan::turning_code::parse("1");
  try {
    code = tartan::turning_code::parse(in.rest());
  } catch (const tartan::parse_error&) {
    return 0;
  }
  const tartan::test::reference_code ref = tartan::test::reference_code::from(code);
  const std::vector<grundy_value> g = tartan::test::reference_sequence(ref, most, reference_budget).g;
  if (g.empty()) return 0;
  const auto n = static_cast<coin>(g.size());
  tartan::row_position p;
  p.coins = n;
  for (coin c = 0; c < n; ++c) {
    if (((pattern >> (c % 64)) & 1) != 0) p.heads.push_back(c);
  }
  grundy_value value = 0;
  for (const coin a : p.heads) value ^= g[a];

  // The plain search, and the moves of every coin with their values, listed under a budget of their own.
  moves_list plain;
  std::map<grundy_value, std::uint64_t> table;
  std::uint64_t listed = 0;
  for (coin t = 0; t < n && listed <= reference_budget; ++t) {
    const bool heads = std::binary_search(p.heads.begin(), p.heads.end(), t);
    ref.for_each_move(t, [&](std::span<const coin> others) {
      grundy_value x = g[t];
      for (const coin o : others) x ^= g[o];
      ++table[x];
      if (heads && (value ^ x) == 0) {
        std::vector<coin> m(others.begin(), others.end());
        m.push_back(t);
        plain.push_back(std::move(m));
      }
      return ++listed <= reference_budget;
    });
  }
  if (listed > reference_budget) return 0;
  std::sort(plain.begin(), plain.end());

  const std::unique_ptr<tartan::move_index> index = code.index_moves(g);
  const moves_list all = visited(*index, g, p, 0, SIZE_MAX);
  moves_list sorted = all;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != plain) {
    std::fprintf(stderr, "code '%s', %u coins: %zu winning moves through the index, %zu by the plain search\n",
                 code.text().c_str(), n, sorted.size(), plain.size());
  }
  require(sorted == plain, "the index's winning moves differ from the plain search");
  const tartan::listed_move_index<tartan::turning_code> by_finder(code, g);
  require(all == visited(by_finder, g, p, 0, SIZE_MAX), "the index's order differs from the code's find_moves");
  const moves_list page = visited(*index, g, p, page_skip, page_limit);
  const auto from = all.begin() + static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(page_skip, all.size()));
  const auto to =
      from + static_cast<std::ptrdiff_t>(std::min<std::size_t>(page_limit, static_cast<std::size_t>(all.end() - from)));
  require(page == moves_list(from, to), "a page read with a skip differs from the slice of the whole list");
  for (const coin a : p.heads) {
    const auto mine =
        std::count_if(plain.begin(), plain.end(), [&](const std::vector<coin>& m) { return m.back() == a; });
    require(index->count(a, value ^ g[a]) == static_cast<std::uint64_t>(mine), "a coin's count differs");
  }
  grundy_value bound = 1;
  for (const grundy_value v : g) {
    while (bound <= v) bound <<= 1;
  }
  tartan::value_counts counted(bound);
  index->count_values(0, n - 1, counted);
  std::map<grundy_value, std::uint64_t> mine;
  counted.for_each([&](grundy_value v, std::uint64_t c) { mine[v] += c; });
  require(mine == table, "the table of move values differs from the moves listed");
  const auto it = table.find(value);
  require(index->count_value(0, n - 1, value) == (it == table.end() ? 0 : it->second),
          "the count of one value differs from the moves listed");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A finder's refusal (limit_error: more than 2^40 moves of one value among many coins, "use fewer coins") is the
  // same through the index and through find_moves, and is no value to compare.
  try {
    return check_input(data, size);
  } catch (const tartan::limit_error&) {
    return 0;
  }
}
