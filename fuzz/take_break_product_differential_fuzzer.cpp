// Fuzz target: tartan products whose factors are take-and-break games, engine against definition. The first byte
// chooses two or three factors and the next ones the box (up to 6x6, or 4x4x4), eight more a position of it; the
// rest is the product as typed (0.77*4!.0, kayles*S{1,3,4}*0.F, ...), every factor a take-and-break code or built-in.
// The factors' moves are written here from the code's digits read literally (tests/support/heap_definition.hpp: heap
// n is coin n, a move turns n and the heaps it leaves, equal heaps cancelling), and the product from them
// (tests/support/product_definition.hpp). The value table by the Tartan theorem, verify's direct mex, and on boxes of
// at most 14 cells the position's value, winning moves (each once, none missing) and their count must equal the
// definition's, the position valued by mex over its whole game graph. Other games and parse failures are skipped.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "support/heap_definition.hpp"
#include "support/product_definition.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace {

using tartan::coin;
using tartan::fuzz::require;

/// The code's digits and '!' flags, as the definition reads them.
tartan::test::heap_code digits_of(const tartan::take_break_code& code) {
  tartan::test::heap_code c;
  for (coin k = 0; k <= code.max_take(); ++k) {
    c.digits.push_back(code.digit(k));
    c.distinct.push_back(code.distinct(k));
  }
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::size_t k = 2 + (in.byte() & 1);
  tartan::box_extents extents;
  for (std::size_t i = 0; i < k; ++i) extents.push_back(1 + in.byte() % (k == 2 ? 6 : 4));
  const std::uint64_t heads = in.u64();
  std::vector<tartan::turning_game> factors;
  std::vector<tartan::test::coin_move_lists> moves;
  try {
    factors = tartan::games::find_factors(in.rest());
  } catch (const tartan::error&) {
    return 0;  // not a game: the parsers have fuzzers of their own
  }
  if (factors.size() != k) return 0;
  for (std::size_t i = 0; i < k; ++i) {
    if (!tartan::take_break_code::claims(factors[i].code())) return 0;
    const tartan::take_break_code code = tartan::take_break_code::parse(factors[i].code());
    if (code.max_take() > 32) return 0;
    moves.push_back(tartan::test::heap_code_moves(digits_of(code), static_cast<coin>(extents[i])));
  }
  const tartan::test::product_definition definition(moves, extents);
  const tartan::tartan_game game(factors);

  require(game.table(extents) == definition.values(), "the value table differs from the product's definition");
  tartan::verify_options options;
  options.threads = 1;
  const tartan::direct_table direct = tartan::direct_product_values(game, extents, options);
  require(direct.complete && direct.values == definition.values(),
          "verify's direct mex differs from the product's definition");

  if (definition.cells() > 14) return 0;
  const tartan::test::board_game board(definition);
  const std::uint32_t mask = static_cast<std::uint32_t>(heads & ((std::uint64_t{1} << definition.cells()) - 1));
  const tartan::game_handle handle(factors);
  const tartan::box_position position = board.position(mask);
  const tartan::analysis a = tartan::analyze(handle, position);
  require(a.value() == board.value(mask), "the position's value differs from its game graph's mex");
  std::vector<tartan::move> listed = a.winning_moves(SIZE_MAX);
  for (const tartan::move& m : listed) {
    require(board.is_move(mask, m), "a listed winning move is not a move of the position");
    require(board.value(board.after(mask, m)) == 0, "a listed winning move does not reach value 0");
  }
  std::sort(listed.begin(), listed.end());
  require(listed == board.winning_moves(mask), "the winning moves listed are not every move to value 0, once each");
  const tartan::move_count_result counted = tartan::count_winning_moves(handle, tartan::box_region(position));
  require(counted.winning_moves == tartan::uint128{listed.size()}, "the count of winning moves differs");
  return 0;
}
