#include "tartan/present/pictures.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tartan::present {

svg::heat_map table_picture(const tartan_game& game, const box_extents& extents, std::vector<grundy_value> table) {
  const std::size_t dims = extents.size();
  svg::heat_map map;
  std::string formula;
  for (std::size_t i = 0; i < dims; ++i) {
    if (i != 0) formula += " ⊗ ";
    formula += game.factor(i).name() + "(" + std::string(1, "abc"[i]) + ")";
  }
  map.title = "G(" + std::string(dims == 2 ? "a, b" : "a, b, c") + ") = " + formula + " on " + format_size(extents);
  map.layers = dims == 3 ? extents[0] : 1;
  map.layer_axis = "a";
  map.rows = extents[dims - 2];
  map.cols = extents[dims - 1];
  map.row_axis = std::string(1, "abc"[dims - 2]) + ", coins of " + game.factor(dims - 2).name();
  map.col_axis = std::string(1, "abc"[dims - 1]) + ", coins of " + game.factor(dims - 1).name();
  map.values = std::move(table);
  return map;
}

svg::scatter_plot sequence_picture(const std::string& game, std::vector<grundy_value> values) {
  return svg::scatter_plot{game + ": g(n) for n = 0.." + std::to_string(values.size() - 1),
                           "n (coin, from 0 at the left)", "g(n)", std::move(values)};
}

svg::agreement_picture verify_picture(const verify_report& r, const std::string& values_file) {
  const std::size_t dims = r.extents.size();
  svg::agreement_picture box;
  const bool given = !values_file.empty();
  box.title = r.game + " on " + format_size(r.extents) + ": " +
              (given ? "the values of " + values_file : std::string("the Tartan theorem")) + " cell by cell";
  box.notes.push_back(
      std::to_string(r.checked) + " cells computed from the definition, " + std::to_string(r.mismatches) +
      (r.mismatches == 1 ? " mismatch" : " mismatches") +
      (r.mismatches == 0 ? (given ? ": the given values hold on the whole box" : ": the theorem holds on the whole box")
                         : ""));
  if (r.mismatches > r.first_mismatches.size()) {
    box.notes.push_back("the first " + std::to_string(r.first_mismatches.size()) + " mismatches are drawn");
  }
  box.layers = dims == 3 ? r.extents[0] : 1;
  box.layer_axis = "a";
  box.rows = r.extents[dims - 2];
  box.cols = r.extents[dims - 1];
  box.mismatch.assign(box.layers * box.rows * box.cols, false);
  for (const cell_mismatch& m : r.first_mismatches) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < dims; ++i) index = index * r.extents[i] + m.cell[i];
    box.mismatch[index] = true;
  }
  return box;
}

}  // namespace tartan::present
