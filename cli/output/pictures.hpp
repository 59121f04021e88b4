// What the --svg pictures show, built from the engine's results: the scatter plot of `seq --svg`, the heat map of
// `table --svg` and the agreement box of `verify --svg`. The CLI writes them to files, the explorer's API
// (cli/server/) answers with them, so the two draw the same picture. svg.hpp lays them out and writes them.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "output/svg.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::cli {

/**
 * g(n) against n for n = 0..values.size()-1 (`seq --svg`).
 *
 * Example: svg::write_scatter_plot(out, sequence_plot("ruler", values))
 */
svg::scatter_plot sequence_plot(const std::string& game_name, std::span<const grundy_value> values);

/**
 * The value table of `game` over a board or a box of three axes as a heat map (`table --svg`): one panel for a
 * board, one per value of the first coordinate for a box. @pre svg::fits(extents), table row-major over extents
 *
 * Example: svg::write_heat_map(out, table_heat_map(rugs, {8, 8}, rugs.table({8, 8})))
 */
svg::heat_map table_heat_map(const tartan_game& game, std::span<const std::size_t> extents,
                             const std::vector<grundy_value>& table);

/**
 * The box of a verification coloured by agreement (`verify --svg`): light cells agree, dark crossed ones are the
 * listed mismatches. `values_file`: the given values compared with, "" for the Tartan theorem.
 * @pre svg::fits(report.extents)
 *
 * Example: svg::write_agreement(out, verify_picture(verify_product(rugs, {64, 64}), ""))
 */
svg::agreement_picture verify_picture(const verify_report& report, const std::string& values_file);

}  // namespace tartan::cli
