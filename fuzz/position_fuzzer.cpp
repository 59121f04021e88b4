// Fuzz target: the position parsers. The first byte picks one:
//   0 parse_row (1-D rows of H/T)          1 parse_coin_list + sparse_row (--coins N --heads 3,17)
//   2 parse_board_size ("RxC", "AxBxC")    3 parse_grid (rows joined by '/')    4 sparse_grid (--heads 3:5,17:2)
// Invariants: a parsed position is well formed (heads ascending, unique, inside the row or board), drawing it and
// parsing the drawing gives it back, and every refusal is a parse_error or limit_error whose message says what to
// type. Nothing else may escape, and nothing may allocate in proportion to a number in the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/turning/position.hpp"

namespace {

using tartan::coin;
using tartan::fuzz::require;

void check_row(const tartan::row_position& p) {
  require(std::is_sorted(p.heads.begin(), p.heads.end()), "row heads not sorted");
  require(std::adjacent_find(p.heads.begin(), p.heads.end()) == p.heads.end(), "row heads repeated");
  require(p.heads.empty() || p.heads.back() < p.coins, "row heads outside the row");
}

void check_grid(const tartan::grid_position& p) {
  require(p.extents.size() >= 2, "a board of fewer than two dimensions");
  require(std::is_sorted(p.heads.begin(), p.heads.end()), "grid heads not in row-major order");
  require(std::adjacent_find(p.heads.begin(), p.heads.end()) == p.heads.end(), "grid heads repeated");
  for (const auto& cell : p.heads) {
    require(cell.size() == p.extents.size(), "a heads cell with the wrong number of coordinates");
    for (std::size_t i = 0; i < cell.size(); ++i) require(cell[i] < p.extents[i], "a heads cell outside the board");
  }
}

void run(std::uint8_t mode, std::string_view text, std::uint64_t number) {
  switch (mode % 5) {
    case 0: {
      const auto p = tartan::parse_row(text);
      check_row(p);
      require(p.coins == text.size(), "a row's length differs from its text");
      std::string drawn(p.coins, 'T');
      for (const coin c : p.heads) drawn[c] = 'H';
      require(tartan::parse_row(drawn) == p, "a row drawn and parsed again differs");
      break;
    }
    case 1: {
      const auto coins = tartan::parse_coin_list(text);
      const auto p = tartan::sparse_row(static_cast<std::size_t>(number % (std::uint64_t{1} << 33)), coins);
      check_row(p);
      break;
    }
    case 2: {
      const auto extents = tartan::parse_board_size(text);
      require(extents.size() >= 2, "a size of fewer than two dimensions");
      for (const std::size_t e : extents) require(e >= 1 && e <= (std::size_t{1} << 32), "a dimension out of range");
      break;
    }
    case 3: {
      const auto p = tartan::parse_grid(text);
      check_grid(p);
      require(p.extents.size() == 2, "a drawn board is not 2-D");
      require(tartan::parse_grid(tartan::format_grid(p)) == p, "a board drawn and parsed again differs");
      break;
    }
    default: {
      // A board of 2..4 dimensions with extents from the number (up to 2^16 each).
      tartan::box_extents extents(2 + number % 3);
      for (std::size_t i = 0; i < extents.size(); ++i) extents[i] = 1 + (number >> (2 + 16 * i) & 0xffff);
      check_grid(tartan::sparse_grid(extents, text));
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint8_t mode = in.byte();
  const std::uint64_t number = (mode % 5 == 1 || mode % 5 == 4) ? in.u64() : 0;
  try {
    run(mode, in.rest(), number);
  } catch (const tartan::parse_error& e) {
    require(std::string_view(e.what()).find("; ") != std::string_view::npos, "a parse error says what to type");
  } catch (const tartan::limit_error& e) {
    require(std::string_view(e.what()).find("; ") != std::string_view::npos, "a limit error says what to type");
  }
  return 0;
}
