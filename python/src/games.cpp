// Games: the engine's game_handle (a 1-D game or a product) as tartan._Game, the built-in catalogue, Grundy
// sequences, and games written in Python.
//
// A game written in Python is a plug-in like any other (engine.md, "The plug-in API"): python_rule models the
// turning_rule concept with its one required member, for_each_move, which calls the Python object's moves(n) and
// passes each move's other coins to the engine. Wrapped in a turning_game, it works wherever a built-in game does:
// sequences, analysis, products, verify, check. The engine may call it from its worker threads; it takes the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "errors.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/sequence_limits.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan::python {

namespace {

/// The Python object behind a game, released with the GIL held whichever thread drops the last reference.
struct python_object {
  py::object object;
  std::string name;
};

std::shared_ptr<const python_object> hold(py::object object, std::string name) {
  return std::shared_ptr<const python_object>(new python_object{std::move(object), std::move(name)},
                                              [](const python_object* p) {
                                                if (Py_IsInitialized() == 0) return;  // the interpreter is gone
                                                py::gil_scoped_acquire gil;
                                                delete p;
                                              });
}

/// "game 'short-hop', move 3 from coin 5"
std::string where(const python_object& game, coin n, std::size_t index) {
  return "game " + quote_typed(game.name) + ", move " + std::to_string(index) + " from coin " + std::to_string(n);
}

/**
 * Reads one move as the game's moves(n) yielded it: a collection of the other coins (a tuple, list, set, range, or
 * any iterable of ints), each below n, none twice; () for coin n turned alone. Kept ascending in `others`, as the
 * engine's contract wants.
 */
void read_move(const python_object& game, py::handle move, coin n, std::size_t index, std::vector<coin>& others) {
  others.clear();
  if (PyLong_Check(move.ptr()) != 0 || py::isinstance<py::str>(move) || !py::hasattr(move, "__iter__")) {
    throw parse_error(where(game, n, index) + " is " + py::repr(move).cast<std::string>() +
                      ", not a collection of coins; yield the other coins of each move as a tuple, e.g. (" +
                      std::to_string(n == 0 ? 0 : n - 1) + ",), or () for coin " + std::to_string(n) + " alone");
  }
  for (const py::handle item : move) {
    if (PyLong_Check(item.ptr()) == 0 && PyIndex_Check(item.ptr()) == 0) {
      throw parse_error(where(game, n, index) + " lists " + py::repr(item).cast<std::string>() +
                        ", which is not a coin number; list the other coins as ints below " + std::to_string(n));
    }
    const py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(item.ptr()));
    if (!value) throw py::error_already_set();
    if (py::bool_(value < py::int_(0)) || !py::bool_(value < py::int_(n))) {
      throw parse_error(where(game, n, index) + " turns coin " + text_of(value) + ", which is not below " +
                        std::to_string(n) +
                        "; yield only the other coins of a move, each below the moving coin (coins numbered from 0)");
    }
    others.push_back(value.cast<coin>());
  }
  std::sort(others.begin(), others.end());
  const auto repeat = std::adjacent_find(others.begin(), others.end());
  if (repeat != others.end()) {
    throw parse_error(where(game, n, index) + " turns coin " + std::to_string(*repeat) +
                      " twice; list each of the other coins once");
  }
}

/// A 1-D coin-turning game defined in Python by an object with a method moves(n) that yields, for each move from
/// coin n, the move's other coins (all below n).
class python_rule {
 public:
  explicit python_rule(std::shared_ptr<const python_object> game) : game_(std::move(game)) {}

  bool for_each_move(coin n, move_visitor visit) const {
    py::gil_scoped_acquire gil;
    const py::object moves = game_->object.attr("moves")(n);
    std::vector<coin> others;
    std::size_t index = 0;
    for (const py::handle move : py::iter(moves)) {
      read_move(*game_, move, n, index++, others);
      if (!visit(std::span<const coin>(others))) return false;
    }
    return true;
  }

 private:
  std::shared_ptr<const python_object> game_;
};

static_assert(check_turning_rule<python_rule>());

/// The turning codes of the factors joined by '*', or None when a factor has none (a game written in Python).
py::object code_of(const game_handle& game) {
  std::string code;
  for (std::size_t i = 0; i < game.dimensions(); ++i) {
    if (game.factor(i).code().empty()) return py::none();
    code += (i == 0 ? "" : "*") + game.factor(i).code();
  }
  return py::str(code);
}

}  // namespace

void bind_games(py::module_& m) {
  py::class_<game_handle>(m, "_Game", "A game as the engine holds it (tartan.Game wraps it).")
      .def_static(
          "resolve", [](const std::string& name) { return without_gil([&] { return games::resolve_game(name); }); },
          "A built-in name, a turning code, or factors joined by '*'.")
      .def_static(
          "from_python",
          [](py::object game, const std::string& name) {
            if (!py::hasattr(game, "moves") || !PyCallable_Check(game.attr("moves").ptr())) {
              throw parse_error(
                  "a game written in Python needs a method moves(n) that yields the other coins of "
                  "each move from coin n, e.g. yield (); yield (n - 1,)");
            }
            if (name.empty()) throw parse_error("a game written in Python needs a name; give it a name attribute");
            return game_handle(turning_game(name, "", python_rule(hold(std::move(game), name))));
          },
          py::arg("game"), py::arg("name"))
      .def_static(
          "product",
          [](const std::vector<game_handle>& games) {
            std::vector<turning_game> factors;
            for (const game_handle& g : games) factors.insert(factors.end(), g.factors().begin(), g.factors().end());
            return game_handle(std::move(factors));
          },
          "The tartan product of the games, their factors in order.")
      .def_property_readonly("name", &game_handle::name)
      .def_property_readonly("code", &code_of)
      .def_property_readonly("dimensions", &game_handle::dimensions)
      .def_property_readonly("factors",
                             [](const game_handle& g) {
                               std::vector<game_handle> factors;
                               for (const turning_game& f : g.factors()) factors.emplace_back(f);
                               return factors;
                             })
      .def(
          "sequence",
          [](const game_handle& game, py::handle count, py::handle max_memory, py::handle max_seconds,
             py::object progress) {
            sequence_request request{game};
            request.count = static_cast<std::size_t>(to_u64(count, "n"));
            request.max_memory = to_memory_limit(max_memory);
            request.max_seconds = to_seconds(max_seconds);
            // The array returned holds 64-bit values beside the engine's narrow table while it is filled: both count
            // against the limit (a route that keeps 64-bit values counts a copy already).
            if (!game.is_product() && request.count <= max_narrow_sequence_length) {
              const int least = game.row_game().least_value_width();
              if (least < 8) {
                check_sequence_memory(request.count, request.max_memory,
                                      static_cast<std::size_t>(least) + sizeof(grundy_value));
              }
            }
            progress_relay relay(std::move(progress));
            request.progress = relay.callback();
            sequence_result result = without_gil([&] { return compute_sequence(request); });
            const auto n = static_cast<py::ssize_t>(result.values.size());
            py::object values = to_array(result.values.to_vector(), {n});
            relay.raise_if_pending(values);
            if (result.time_limit) raise_python(*result.time_limit, values);
            return values;
          },
          py::arg("n"), py::arg("max_memory"), py::arg("max_seconds"), py::arg("progress"),
          "g(0..n-1) as a uint64 array (fewer when the progress callback returned False).")
      .def(
          "value",
          [](const game_handle& game, py::handle n, py::handle max_memory, py::handle max_seconds) {
            // g(n) alone: the request for the one value, streamed (a proven period answers any n at once).
            sequence_request request{game};
            request.first = to_u64(n, "n");
            request.count = 1;
            request.keep_values = false;
            request.max_memory = to_memory_limit(max_memory);
            request.max_seconds = to_seconds(max_seconds);
            grundy_value value = 0;
            request.on_values = [&](std::span<const grundy_value> values) { value = values[0]; };
            const sequence_result result = without_gil([&] { return compute_sequence(request); });
            if (result.time_limit) raise_python(*result.time_limit, py::none());
            return py::make_tuple(value, result.continuation ? py::object(py::str(result.continuation->method()))
                                                             : py::object(py::none()));
          },
          py::arg("n"), py::arg("max_memory"), py::arg("max_seconds"),
          "(g(n), the method line of the proven period that answered it or None).");

  m.def(
      "_catalogue",
      [] {
        std::vector<py::tuple> games;
        for (const games::game_info& g : games::all_games()) {
          games.push_back(
              py::make_tuple(std::string(g.name), std::string(g.title), std::string(g.code), std::string(g.summary)));
        }
        return games;
      },
      "The built-in games, coin-turning then take-and-break: (name, title, code, summary) each.");
}

}  // namespace tartan::python
