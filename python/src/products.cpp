// Products and theorem checks: a product's value table (tartan_game::table), the Tartan theorem verified by direct
// computation (verify_product), and a game's values checked against an explicit game graph (check). The long ones
// release the GIL and report progress through progress_relay, so a callback, tqdm and Ctrl-C all work; an
// interrupted run raises KeyboardInterrupt with the partial report attached as `partial`.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/check.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::python {

namespace {

/// The product behind a game, or parse_error naming what to do with a single game.
tartan_game product_of(const game_handle& game, const char* question) {
  if (!game.is_product()) {
    throw parse_error(quote_typed(game.name()) + " is a single game; " + question +
                      " is asked of a tartan product, factors joined by '*', e.g. " +
                      quote_typed(game.name() + "*" + game.name()));
  }
  return game.product();
}

/// A table of values given from Python for every cell of the box, row-major: its size checked against the box.
std::vector<grundy_value> read_table(const py::array_t<std::uint64_t>& values, std::uint64_t cells, const char* what) {
  if (static_cast<std::uint64_t>(values.size()) != cells) {
    throw parse_error(std::string(what) + ": " + std::to_string(values.size()) + " values for a box of " +
                      std::to_string(cells) + " cells; give one value per cell, an array of the box's shape");
  }
  const auto flat = values.unchecked();
  std::vector<grundy_value> table(static_cast<std::size_t>(cells));
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = flat(static_cast<py::ssize_t>(i));
  return table;
}

unsigned to_threads(py::handle threads) {
  if (threads.is_none()) return 0;
  const std::uint64_t n = to_u64(threads, "threads", 1024);
  if (n == 0) throw parse_error("threads must be at least 1; leave it out (None) to use every core");
  return static_cast<unsigned>(n);
}

}  // namespace

void bind_products(py::module_& m) {
  m.def(
      "_table",
      [](const game_handle& game, py::handle size, py::handle max_memory, py::handle max_seconds) {
        const tartan_game product = product_of(game, "a value table");
        const box_extents extents = to_extents(size);
        const std::uint64_t limit = to_memory_limit(max_memory);
        const double seconds = to_seconds(max_seconds);
        std::vector<grundy_value> table = without_gil([&] { return product.table(extents, limit, seconds); });
        return to_array(std::move(table), std::vector<py::ssize_t>(extents.begin(), extents.end()));
      },
      py::arg("game"), py::arg("size"), py::arg("max_memory"), py::arg("max_seconds"),
      "G over the box, an array of the box's shape.");

  py::class_<cell_mismatch>(m, "_CellMismatch")
      .def_property_readonly("cell", [](const cell_mismatch& c) { return py::tuple(py::cast(c.cell)); })
      .def_readonly("direct", &cell_mismatch::direct)
      .def_readonly("expected", &cell_mismatch::expected);

  py::class_<verify_report>(m, "_VerifyReport",
                            "A verification as the engine reports it (tartan.VerifyReport wraps it).")
      .def_readonly("game", &verify_report::game)
      .def_property_readonly("size", [](const verify_report& r) { return extents_tuple(r.extents); })
      .def_readonly("checked", &verify_report::checked)
      .def_readonly("mismatches", &verify_report::mismatches)
      .def_readonly("first_mismatches", &verify_report::first_mismatches)
      .def_readonly("seconds", &verify_report::seconds)
      .def_readonly("threads", &verify_report::threads)
      .def_readonly("complete", &verify_report::complete)
      .def_readonly("stopped", &verify_report::where);

  m.def(
      "_verify",
      [](const game_handle& game, py::handle size, py::handle threads, std::size_t listed, py::handle max_memory,
         py::handle max_seconds, py::object progress, py::object values) {
        const tartan_game product = product_of(game, "the Tartan theorem");
        const box_extents extents = to_extents(size);
        verify_options options;
        options.threads = to_threads(threads);
        options.memory_limit = to_memory_limit(max_memory);
        options.max_seconds = to_seconds(max_seconds);
        options.listed_mismatches = listed;
        // Conjectured values, when given, replace the theorem as what the definition is compared with.
        std::vector<grundy_value> given;
        if (!values.is_none()) {
          product.check_extents(extents);
          given = read_table(values.cast<py::array_t<std::uint64_t>>(), cell_count(extents), "claimed");
          options.expected = [&given, &extents](std::span<const coin> cell, std::span<const grundy_value>) {
            std::size_t index = 0;
            for (std::size_t i = 0; i < cell.size(); ++i) index = index * extents[i] + cell[i];
            return given[index];
          };
        }
        progress_relay relay(std::move(progress));
        options.progress = relay.callback();
        verify_report report = without_gil([&] { return verify_product(product, extents, options); });
        py::object result = py::cast(std::move(report));
        relay.raise_if_pending(result);
        return result;
      },
      py::arg("game"), py::arg("size"), py::arg("threads"), py::arg("listed"), py::arg("max_memory"),
      py::arg("max_seconds"), py::arg("progress"), py::arg("values"));

  py::class_<checked_position>(m, "_CheckedPosition")
      .def_readonly("position", &checked_position::position)
      .def_readonly("graph_value", &checked_position::graph_value)
      .def_readonly("xor_value", &checked_position::xor_value);

  py::class_<check_result>(m, "_CheckReport", "A check as the engine reports it (tartan.CheckReport wraps it).")
      .def_readonly("game", &check_result::game)
      .def_property_readonly("size", [](const check_result& r) { return extents_tuple(r.extents); })
      .def_readonly("positions", &check_result::positions)
      .def_readonly("edges", &check_result::edges)
      .def_readonly("mismatches", &check_result::mismatches)
      .def_readonly("first_mismatches", &check_result::first_mismatches)
      .def_readonly("seconds", &check_result::seconds)
      .def_readonly("complete", &check_result::complete);

  m.def(
      "_check",
      [](const game_handle& game, py::handle size, py::object claimed, std::size_t listed, py::handle max_memory,
         py::object progress) {
        check_request request{game, to_extents(size)};
        if (!claimed.is_none()) {
          std::uint64_t cells = 1;
          for (const std::size_t e : request.extents) cells = saturating_mul(cells, e);
          request.claimed = read_table(claimed.cast<py::array_t<std::uint64_t>>(), cells, "claimed");
        }
        request.limits.reported_mismatches = listed;
        if (!max_memory.is_none()) request.limits.max_memory = to_memory_limit(max_memory);
        progress_relay relay(std::move(progress));
        request.limits.progress = relay.callback();
        check_result result = without_gil([&] { return check(request); });
        py::object report = py::cast(std::move(result));
        relay.raise_if_pending(report);
        return report;
      },
      py::arg("game"), py::arg("size"), py::arg("claimed"), py::arg("listed"), py::arg("max_memory"),
      py::arg("progress"));
}

}  // namespace tartan::python
