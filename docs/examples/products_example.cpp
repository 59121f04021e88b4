// Tartan products: Rugs (ruler × ruler) values by the Tartan theorem, a board's winning move, and the theorem
// checked from the definition of the product game. Output: products_example.txt.
#include <iostream>
#include <vector>

#include "tartan/games/registry.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"

int main() {
  const tartan::tartan_game rugs(tartan::games::find_factors("ruler*ruler"));
  const tartan::tartan_values values =
      rugs.values(tartan::box_extents{4, 8});  // G(a, b) = g(a) ⊗ g(b) on 4 rows × 8 columns
  std::cout << rugs.name() << ", G(a, b) for a < 4, b < 8:\n";
  for (tartan::coin a = 0; a < 4; ++a) {
    for (tartan::coin b = 0; b < 8; ++b) std::cout << (b == 0 ? "  " : " ") << values.at(a, b);
    std::cout << '\n';
  }

  // A board: rows joined by '/', row 0 on top.
  const tartan::grid_position board = tartan::parse_grid("HTTH/THHT/HHTT");
  const tartan::tartan_values v = rugs.values(board.extents);
  std::cout << "HTTH/THHT/HHTT: value " << tartan::grid_value(v, board) << '\n';
  for (const tartan::grid_move& m : tartan::grid_winning_moves(rugs, v, board, 1)) {
    std::cout << "a winning move: rows";
    for (const auto r : m.rows()) std::cout << ' ' << r;
    std::cout << " × columns";
    for (const auto c : m.cols()) std::cout << ' ' << c;
    std::cout << " leaves value " << tartan::grid_value(v, tartan::apply_move(board, m)) << '\n';
  }

  // The theorem checked: G from the mex definition over every product move, compared cell by cell.
  tartan::verify_options options;
  options.threads = 1;
  const tartan::verify_report report = tartan::verify_product(rugs, std::vector<std::size_t>{32, 32}, options);
  std::cout << "verified on 32x32: " << report.checked << " cells, " << report.mismatches << " mismatches\n";
}
