// Sequence summaries: Game.summary (python/tartan/_summary.py) over the engine's summarize_sequence, answered as the
// JSON `tartan seq --period --json` prints (present/sequence_output.hpp), which the Python layer reads into its
// classes.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <span>
#include <string>

#include "common.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/error.hpp"
#include "tartan/present/sequence_output.hpp"

namespace tartan::python {

void bind_summary(py::module_& m) {
  m.def(
      "_summary",
      [](const game_handle& game, const py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>& g) {
        if (game.is_product())
          throw parse_error(game.name() + " is a product: its values form a table, not a sequence");
        if (g.size() == 0) throw parse_error("a summary needs at least g(0); ask for n >= 1 values");
        std::span<const grundy_value> values(g.data(), static_cast<std::size_t>(g.size()));
        const std::string text = without_gil([&] { return present::pattern_json(values, game.row_game()).dump(); });
        return text;
      },
      py::arg("game"), py::arg("values"), "seq --period's JSON for the values of a 1-D game.");
}

}  // namespace tartan::python
