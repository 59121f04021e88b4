#include "tartan/present/position_input.hpp"

#include <cstdint>
#include <optional>
#include <string>

#include "tartan/analysis/box_position.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::present {

box_region read_region(const position_text& o, const game_handle& game) {
  const bool has_position = !o.position.empty(), has_heads = o.heads_given || !o.heads.empty();
  if (o.all_heads && (has_position || has_heads)) {
    throw parse_error(std::string("the position is given twice: --all-heads and ") +
                      (has_position ? "POSITION " + tartan::quote_typed(o.position) : "--heads") +
                      "; give --all-heads with --coins N or --size RxC alone, or list the heads");
  }
  const bool board = game.is_product() || !o.size.empty();
  if (board && !o.coins.empty()) {
    throw parse_error("--coins is the length of a row; a grid's size is --size RxC (e.g. --size 8x8)");
  }
  if (board && !game.is_product()) {
    throw parse_error(quote_typed(game.name()) +
                      " is a single game; a tartan product needs at least two factors joined by "
                      "'*', e.g. " +
                      quote_typed(game.name() + "*" + game.name()));
  }
  if (has_position && has_heads) {
    throw parse_error(board ? "the position is given twice; give either POSITION (rows joined by '/', e.g. HTT/THH) "
                              "or --size RxC --heads 3:5,17:2, not both"
                            : "the position is given twice; give either POSITION (e.g. HTTH) or --coins N --heads "
                              "3,17, not both");
  }
  if (!board && has_heads && o.heads.find(':') != std::string::npos) {
    throw parse_error("--heads " + tartan::quote_typed(o.heads, 24) + " lists grid coins (row:column), but " +
                      game.name() +
                      " is played on a row; list coin numbers such as 3,17, or give a product game such as "
                      "'ruler*ruler' with --size RxC");
  }
  if (!board && has_position && o.position.find('/') != std::string::npos) {
    throw parse_error("position " + tartan::quote_typed(o.position) + " has several rows, but " + game.name() +
                      " is played on a row; give one row such as HTTH, or a product game such as 'ruler*ruler'");
  }
  if (board && has_position && game.dimensions() != 2) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(game.dimensions()) +
                      " factors; rows joined by '/' draw a 2-D board, so give --size AxBxC --heads 1:2:3,... "
                      "instead");
  }
  // The box's size as given: --coins N for a row, --size RxC for a board.
  std::optional<box_extents> size;
  if (!o.coins.empty()) {
    const std::uint64_t n = parse_u64(o.coins, "--coins", std::uint64_t{UINT32_MAX} + 1);
    if (n == 0) throw parse_error("--coins must be at least 1; type the length of the row, e.g. --coins 1000");
    size = box_extents{extent_of(n, "--coins")};
  } else if (!o.size.empty()) {
    size = parse_board_size(o.size);
    game.product().check_extents(*size);
  }
  if (has_heads && !size) {
    throw parse_error(board ? "--heads needs --size RxC, the size of the board; type e.g. --size 1000x1000 --heads " +
                                  tartan::quote_typed(o.heads)
                            : "--heads needs --coins N, the length of the row; type e.g. --coins 1000 --heads " +
                                  tartan::quote_typed(o.heads));
  }
  if (o.all_heads) {
    if (!size) {
      throw parse_error(board ? "--all-heads needs --size RxC, the size of the board; type e.g. --size 1000x1000 "
                                "--all-heads"
                              : "--all-heads needs --coins N, the length of the row; type e.g. --coins 1000 "
                                "--all-heads");
    }
    return box_region::all_heads(*size);
  }
  if (has_position) {
    box_position drawn = board ? box_position(parse_grid(o.position)) : box_position(parse_row(o.position));
    if (!size) return box_region(drawn);
    const box_extents& at_least = drawn.extents();
    for (std::size_t i = 0; i < at_least.size(); ++i) {
      if (at_least[i] > (*size)[i]) {
        throw parse_error(board ? "the position is " + format_size(at_least) + " but --size is " + format_size(*size) +
                                      "; drop --size or make it at least " + format_size(at_least)
                                : "the position has " + std::to_string(at_least[0]) + " coins but --coins is " +
                                      std::to_string((*size)[0]) + "; drop --coins or make it at least " +
                                      std::to_string(at_least[0]));
      }
    }
    // The coins beyond the drawing are tails.
    return box_region(board ? box_position(grid_position{*size, drawn.to_grid().heads})
                            : box_position(row_position{(*size)[0], drawn.to_row().heads}));
  }
  if (size) return parse_box_region(*size, o.heads);
  throw parse_error(board ? "no position given; type rows of H/T joined by '/' (e.g. tartan analyze " +
                                tartan::quote_typed(o.game) + " HTT/THH), or --size RxC --heads 3:5,17:2"
                          : "no position given; type one such as HTTH (coin 0 first), or --coins N --heads 3,17");
}

}  // namespace tartan::present
