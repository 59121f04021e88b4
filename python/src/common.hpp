// Shared by the extension's sources: reading Python arguments through the engine's own parsers (so a bad number,
// size or memory limit is refused with the same one-line message as on the command line), the GIL released around
// engine calls, progress with Ctrl-C, and vectors handed to NumPy without a copy.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/analysis/sum.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan::python {

namespace py = pybind11;

/// str(value) as text, for the engine's parsers and messages.
inline std::string text_of(py::handle value) { return py::str(value).cast<std::string>(); }

/// The seconds a sequence may take unless the caller says otherwise: the command line's default.
inline constexpr double default_max_seconds = 60;

/**
 * A non-negative integer argument: a Python int (or anything with __index__, such as a NumPy integer) or a string
 * such as "42" or "0x2a", read by the engine's parse_u64 so that "-1", "2^64" and "4.5" get its messages, naming
 * `what`.
 *
 * Example: to_u64(py::int_(-1), "n") throws parse_error "n: '-1' is negative; type a non-negative number"
 */
std::uint64_t to_u64(py::handle value, std::string_view what, std::uint64_t max = UINT64_MAX);

/**
 * The extents of a row, board or box: an int (a row of that many coins), a sequence of ints, or a string "8x8"
 * (parse_board_size). Every extent is at least 1 and at most 2^32.
 *
 * Example: to_extents(py::make_tuple(3, 4)) == box_extents{3, 4}
 */
box_extents to_extents(py::handle size, std::string_view what = "size");

/// The extents of a box as a Python tuple of ints, the inverse of to_extents.
inline py::tuple extents_tuple(const box_extents& extents) {
  py::tuple t(extents.size());
  for (std::size_t i = 0; i < extents.size(); ++i) t[i] = py::int_(extents[i]);
  return t;
}

/// The terms of a sum as (game, position) pairs, a position as text (drawn, SIZE=HEADS or heaps=5,7,9, read by the
/// engine), a _Position or a _Region (positions.cpp).
std::vector<sum_term> to_sum_terms(const py::list& terms);

/// A move of a sum as Python sees it: (term, move, kind), kind "coins" with one tuple of coins per axis, or "heap"
/// with (take, from, leaving, text) (positions.cpp).
py::tuple sum_move_tuple(const sum_move& m);

/// A memory limit in bytes: None (0, the engine's default), an int of bytes, or a size such as "512M".
std::uint64_t to_memory_limit(py::handle value);

/// A time limit in seconds: None (the default, 60), or a number >= 0 (0: no limit).
double to_seconds(py::handle value);

/// A vector's values as a NumPy array of the given shape, owning the vector (no copy).
py::array_t<std::uint64_t> to_array(std::vector<std::uint64_t>&& values, std::vector<py::ssize_t> shape);

/// Runs `f` with the GIL released: every engine call that may compute for long, or call back into a game written in
/// Python from another thread, goes through here.
template <class F>
auto without_gil(F&& f) {
  py::gil_scoped_release release;
  return f();
}

/**
 * The progress of a long engine call as Python sees it: a callable taking the fraction done (returning False stops
 * the work), Ctrl-C (KeyboardInterrupt, checked with PyErr_CheckSignals), and any exception the callable raises.
 * The engine calls the callback without the GIL; it takes it, at most every report_interval: while another Python
 * thread runs, taking the GIL can wait for its switch interval (5 ms), which the engine's frequent reports (4096 in
 * a sequence) must not pay each time. An exception is kept and the work stopped; raise_if_pending() raises it once
 * the engine has returned, with what was done attached as `partial`.
 *
 * Example: progress_relay relay(callback); options.progress = relay.callback();
 *          auto report = without_gil([&] { return verify_product(...); }); relay.raise_if_pending(py::cast(report));
 */
class progress_relay {
 public:
  /// The least time between two calls into Python (Ctrl-C is noticed within it).
  static constexpr std::chrono::milliseconds report_interval{50};

  /// `callback`: None or a callable taking a float.
  explicit progress_relay(py::object callback) : callback_(std::move(callback)) {}
  progress_relay(const progress_relay&) = delete;
  progress_relay& operator=(const progress_relay&) = delete;

  /// The engine's callback; valid while this relay lives.
  progress_callback callback();

  /// True when the Python callback returned False.
  bool stopped_by_caller() const { return stopped_by_caller_; }

  /// With the GIL held: raises the pending exception (KeyboardInterrupt, or the callback's own), with `partial` set
  /// as its attribute `partial` when it has attributes. Does nothing when nothing is pending.
  void raise_if_pending(py::handle partial);

 private:
  py::object callback_;
  std::optional<py::error_already_set> pending_;
  bool stopped_by_caller_ = false;
  std::chrono::steady_clock::time_point last_report_{};  // when Python was last called
};

// The areas of the module, each in its own source file.
void bind_errors(py::module_& m);     // errors.cpp: tartan.Error and its subclasses, the translation from C++
void bind_nimbers(py::module_& m);    // nimbers.cpp: Nimber, batch products
void bind_ordinals(py::module_& m);   // ordinals.cpp: Ordinal, Lenstra's constants
void bind_games(py::module_& m);      // games.cpp: game handles, the catalogue, games written in Python, sequences
void bind_positions(py::module_& m);  // positions.cpp: positions, regions, analyses, counts
void bind_products(py::module_& m);   // products.cpp: value tables, verify, check
void bind_play(py::module_& m);       // play.cpp: games on heaps against the engine
void bind_svg(py::module_& m);        // svg.cpp: the CLI's pictures as SVG text
void bind_misere(py::module_& m);     // misere.cpp: misère play of positions and heaps, the misère check
void bind_summary(py::module_& m);    // summary.cpp: sequence summaries (seq --period)
void bind_census(py::module_& m);     // census.cpp: censuses of rule families

}  // namespace tartan::python
