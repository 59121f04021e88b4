// What the SVG pictures of the commands show, built from the engine's results: the titles, axes, notes and cells of a
// value table, a sequence and a verification. svg.hpp draws them; the commands and the Python module (python/)
// build them here, so a table looks the same on the command line and in a notebook.
#pragma once

#include <string>
#include <vector>

#include "tartan/present/svg.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::present {

/**
 * A product's value table as a heat map: one panel for a board, one per value of the first coordinate for a box of
 * three factors. `table` is G over `extents`, row-major. @pre extents.size() is 2 or 3, svg::fits(extents)
 *
 * Example: svg::write_heat_map(out, table_picture(rugs, {8, 8}, rugs.table({8, 8})))
 */
svg::heat_map table_picture(const tartan_game& game, const box_extents& extents, std::vector<grundy_value> table);

/**
 * g(n) against n for n = 0..values.size()-1 of the game named `game`. @pre !values.empty()
 *
 * Example: svg::write_scatter_plot(out, sequence_picture("ruler", {1, 2, 1, 4}))
 */
svg::scatter_plot sequence_picture(const std::string& game, std::vector<grundy_value> values);

/**
 * A verification's box coloured by agreement: the cells of r.first_mismatches dark and crossed. `values_file` names
 * the conjectured values compared with, or is empty for the Tartan theorem. @pre r.extents.size() is 2 or 3,
 * svg::fits(r.extents)
 *
 * Example: svg::write_agreement(out, verify_picture(verify_product(rugs, {32, 32}), ""))
 */
svg::agreement_picture verify_picture(const verify_report& r, const std::string& values_file);

}  // namespace tartan::present
