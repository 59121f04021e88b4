// tartan._tartan: the extension module under the package `tartan` (python/tartan/__init__.py re-exports what is
// public). This file holds the module's entry point and the argument readers shared by the areas (common.hpp).
#include <pybind11/pybind11.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/product/grid_position.hpp"

namespace tartan::python {

std::uint64_t to_u64(py::handle value, std::string_view what, std::uint64_t max) {
  if (PyLong_Check(value.ptr()) != 0 && PyBool_Check(value.ptr()) == 0) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0 && v >= 0 && static_cast<std::uint64_t>(v) <= max) return static_cast<std::uint64_t>(v);
  } else if (PyIndex_Check(value.ptr()) != 0 && PyBool_Check(value.ptr()) == 0) {
    // A NumPy integer and the like: its integer value, read as an int is.
    const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) throw py::error_already_set();
    return to_u64(index, what, max);
  }
  // Anything else (a string, a negative or huge int, a float, True) goes through the engine's parser, which
  // accepts decimal and 0x-hex text and names what is wrong with the rest.
  return parse_u64(text_of(value), what, max);
}

box_extents to_extents(py::handle size, std::string_view what) {
  constexpr std::uint64_t max_extent = std::uint64_t{1} << 32;
  if (py::isinstance<py::str>(size)) {
    const std::string text = size.cast<std::string>();
    if (text.find_first_of("xX") == std::string::npos)
      return to_extents(py::int_(to_u64(size, what, max_extent)), what);
    return parse_board_size(text);
  }
  if (PyLong_Check(size.ptr()) != 0 || PyIndex_Check(size.ptr()) != 0) {
    const std::uint64_t n = to_u64(size, what, max_extent);
    if (n == 0) {
      throw parse_error(std::string(what) + ": 0 coins; a row has at least 1 coin, e.g. " + std::string(what) + "=10");
    }
    return box_extents{static_cast<std::size_t>(n)};
  }
  if (py::isinstance<py::sequence>(size)) {
    const auto items = size.cast<py::sequence>();
    if (items.size() == 1) return to_extents(items[0], what);
    // Written out as the command line's RxC, so that the engine's reader gives the same messages.
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : "x") + text_of(items[i]);
    if (items.size() == 0) {
      throw parse_error(std::string(what) +
                        ": empty; give the number of coins of a row, e.g. 10, or a board's rows "
                        "and columns, e.g. (8, 8)");
    }
    return parse_board_size(text);
  }
  throw parse_error(std::string(what) + ": " + text_of(py::repr(size)) +
                    " is not a size; give the number of coins of a row, e.g. 10, or a board's rows and columns, "
                    "e.g. (8, 8) or '8x8'");
}

std::uint64_t to_memory_limit(py::handle value) {
  if (value.is_none()) return 0;
  return parse_memory_size(text_of(value), "max_memory");
}

double to_seconds(py::handle value) {
  if (value.is_none()) return default_max_seconds;
  const double seconds = PyFloat_AsDouble(value.ptr());
  if (seconds == -1.0 && PyErr_Occurred() != nullptr) PyErr_Clear();
  if (PyBool_Check(value.ptr()) != 0 ||
      (PyFloat_Check(value.ptr()) == 0 && PyLong_Check(value.ptr()) == 0 && PyIndex_Check(value.ptr()) == 0) ||
      !std::isfinite(seconds) || seconds < 0 || seconds > 1e9) {
    throw parse_error("max_seconds: " + text_of(py::repr(value)) +
                      " is not a number of seconds; give one such as 600 or 0.5, or 0 for no limit");
  }
  return seconds;
}

py::array_t<std::uint64_t> to_array(std::vector<std::uint64_t>&& values, std::vector<py::ssize_t> shape) {
  auto* owner = new std::vector<std::uint64_t>(std::move(values));
  const py::capsule free_when_done(owner, [](void* p) { delete static_cast<std::vector<std::uint64_t>*>(p); });
  return py::array_t<std::uint64_t>(std::move(shape), owner->data(), free_when_done);
}

progress_callback progress_relay::callback() {
  return [this](double fraction) -> bool {
    if (pending_ || stopped_by_caller_) return false;  // the engine's calls all come from one thread
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report_ < report_interval && fraction < 1) return true;
    last_report_ = now;
    py::gil_scoped_acquire gil;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!callback_.is_none()) {
        const py::object answer = callback_(fraction);
        if (!answer.is_none() && !py::bool_(answer)) {
          stopped_by_caller_ = true;
          return false;
        }
      }
      return true;
    } catch (py::error_already_set& e) {
      pending_.emplace(std::move(e));
      return false;
    }
  };
}

void progress_relay::raise_if_pending(py::handle partial) {
  if (!pending_) return;
  py::error_already_set e = std::move(*pending_);
  pending_.reset();
  if (!partial.is_none() && py::hasattr(e.value(), "__dict__")) py::setattr(e.value(), "partial", partial);
  throw e;
}

}  // namespace tartan::python

PYBIND11_MODULE(_tartan, m) {
  m.doc() = "tartan's engine: nimbers, coin-turning games, tartan products (the compiled part of the package)";
  m.attr("__version__") = TARTAN_VERSION;  // the project's version (CMakeLists.txt), the package's too
  using namespace tartan::python;
  bind_errors(m);
  m.def(
      "_parse_u64", [](py::handle value, const std::string& what) { return to_u64(value, what); }, py::arg("value"),
      py::arg("what"), "A non-negative integer below 2^64, or ParseError with the engine's message naming `what`.");
  bind_nimbers(m);
  bind_ordinals(m);
  bind_games(m);
  bind_positions(m);
  bind_products(m);
  bind_play(m);
  bind_svg(m);
  bind_misere(m);
  bind_summary(m);
  bind_census(m);
}
