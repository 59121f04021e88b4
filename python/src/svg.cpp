// Pictures for notebooks: the command line's SVG drawings (tartan/present/svg.hpp, pictures.hpp, analysis_output.hpp),
// written to a string for _repr_svg_. A table is a heat map, a sequence a scatter plot, an analysed position a board
// with a winning move highlighted, a verification its box coloured by agreement. None when the picture would be
// beyond what the drawing takes (svg::fits, check_drawable): the notebook then shows the text form.
#include "tartan/present/svg.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <sstream>
#include <string>
#include <vector>

#include "common.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/error.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/product/product_verify.hpp"

namespace tartan::python {

namespace {

std::vector<grundy_value> values_of(const py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>& a) {
  return std::vector<grundy_value>(a.data(), a.data() + a.size());
}

template <class Write>
std::string drawn(Write write) {
  std::ostringstream out;
  write(out);
  return out.str();
}

}  // namespace

void bind_svg(py::module_& m) {
  m.def(
      "_svg_table",
      [](const game_handle& game,
         const py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>& values) -> py::object {
        const box_extents extents(values.shape(), values.shape() + values.ndim());
        if (!game.is_product() || extents.size() != game.dimensions() || !present::svg::fits(extents))
          return py::none();
        const present::svg::heat_map map = present::table_picture(game.product(), extents, values_of(values));
        return py::str(drawn([&](std::ostream& out) { present::svg::write_heat_map(out, map); }));
      },
      py::arg("game"), py::arg("values"), "A value table as an SVG heat map, or None when it is too large to draw.");

  m.def(
      "_svg_sequence",
      [](const std::string& name,
         const py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>& values) -> py::object {
        if (values.ndim() != 1 || values.size() == 0) return py::none();
        const present::svg::scatter_plot plot = present::sequence_picture(name, values_of(values));
        return py::str(drawn([&](std::ostream& out) { present::svg::write_scatter_plot(out, plot); }));
      },
      py::arg("name"), py::arg("values"), "g(n) against n as an SVG scatter plot.");

  m.def(
      "_svg_analysis",
      [](const analysis& a) -> py::object {
        try {
          present::check_drawable(a.position());
        } catch (const limit_error&) {
          return py::none();
        }
        const std::vector<move> winning = without_gil([&] { return a.winning_moves(1); });
        const present::svg::board_picture board = present::analysis_picture(a, winning, picture_values(a));
        return py::str(drawn([&](std::ostream& out) { present::svg::write_board(out, board); }));
      },
      py::arg("analysis"), "The position as an SVG board, its first winning move highlighted.");

  m.def(
      "_svg_verify",
      [](const verify_report& r, const std::string& values_name) -> py::object {
        if (!present::svg::fits(r.extents)) return py::none();
        const present::svg::agreement_picture box = present::verify_picture(r, values_name);
        return py::str(drawn([&](std::ostream& out) { present::svg::write_agreement(out, box); }));
      },
      py::arg("report"), py::arg("values_name"), "A verification's box coloured by agreement, as SVG.");
}

}  // namespace tartan::python
