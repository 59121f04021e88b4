// Play against the engine: a take-and-break game on heaps (heap_play.hpp) as tartan._HeapPlay, which tartan.HeapGame
// wraps. Heap moves cross as (take, heap, leaving, text) tuples, the text as the CLI writes it (heap_move_text);
// moves typed as words are read by the engine's parse_heap_move, so they are refused with the CLI's messages.
#include "tartan/play/play.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/play/heap_play.hpp"
#include "tartan/present/analysis_output.hpp"

namespace tartan::python {

namespace {

py::tuple heap_move_tuple(const heap_move& m) {
  return py::make_tuple(m.take, m.from, py::tuple(py::cast(m.leaving)), present::heap_move_text(m));
}

py::object optional_move(const std::optional<heap_move>& m) {
  return m ? py::object(heap_move_tuple(*m)) : py::object(py::none());
}

const char* side(player p) { return p == player::person ? "you" : "engine"; }

/// A heap move from Python: its words ("take 2 from 7 leaving 1 4", parse_heap_move) or (take, heap, leaving).
heap_move to_heap_move(py::handle move) {
  if (py::isinstance<py::str>(move)) return parse_heap_move(move.cast<std::string>());
  const auto items = py::reinterpret_borrow<py::sequence>(move);
  heap_move m;
  m.take = static_cast<coin>(to_u64(items[0], "take", take_break_code::max_digits));
  m.from = to_u64(items[1], "heap");
  for (const py::handle h : py::reinterpret_borrow<py::sequence>(items[2]))
    m.leaving.push_back(to_u64(h, "a heap left"));
  return m;
}

}  // namespace

void bind_play(py::module_& m) {
  m.def(
      "_heap_move_text",
      [](coin take, heap_size from, const std::vector<heap_size>& leaving) {
        return present::heap_move_text(heap_move{take, from, leaving});
      },
      py::arg("take"), py::arg("heap"), py::arg("leaving"),
      "A heap move in words, as the CLI writes it: \"take 2 from the heap of 7, leaving heaps of 1 and 4\".");
  py::class_<heap_play_session>(m, "_HeapPlay", "A game on heaps as the engine holds it (tartan.HeapGame wraps it).")
      .def(py::init([](const game_handle& game, const std::vector<heap_size>& heaps, bool engine_first,
                       std::uint64_t seed, py::handle max_memory, py::handle max_seconds, bool misere) {
             analyze_options limits;
             limits.max_memory = to_memory_limit(max_memory);
             limits.max_seconds = to_seconds(max_seconds);
             return without_gil([&] {
               return heap_play_session(game, heaps, engine_first ? player::engine : player::person, seed, limits,
                                        misere ? play_convention::misere : play_convention::normal);
             });
           }),
           py::arg("game"), py::arg("heaps"), py::arg("engine_first"), py::arg("seed"), py::arg("max_memory"),
           py::arg("max_seconds"), py::arg("misere") = false)
      .def("heaps", [](const heap_play_session& s) { return py::tuple(py::cast(s.heaps())); })
      .def("start", [](const heap_play_session& s) { return py::tuple(py::cast(s.start())); })
      .def("coin_heads", [](const heap_play_session& s) { return py::tuple(py::cast(s.current().coin_heads())); })
      .def("value", &heap_play_session::value)
      .def("misere", &heap_play_session::misere)
      .def("outcome", [](const heap_play_session& s) { return std::string(1, s.outcome()); })
      .def("to_move", [](const heap_play_session& s) { return side(s.to_move()); })
      .def("over", &heap_play_session::over)
      .def("winner",
           [](const heap_play_session& s) {
             return s.over() ? py::object(py::str(side(s.winner()))) : py::object(py::none());
           })
      .def("illegal_reason",
           [](const heap_play_session& s, py::handle move) { return s.illegal_reason(to_heap_move(move)); })
      .def("play", [](heap_play_session& s, py::handle move) { s.play(to_heap_move(move)); })
      .def("engine_move",
           [](heap_play_session& s) {
             if (s.over()) throw illegal_move("the game is over: no heap can move, so the engine has no move");
             const heap_move made = without_gil([&] { return s.engine_move(); });
             return py::make_tuple(heap_move_tuple(made), s.reply_timed_out());
           })
      .def("hint", [](const heap_play_session& s) { return optional_move(without_gil([&] { return s.hint(); })); })
      .def("undo", &heap_play_session::undo)
      .def("moves",
           [](const heap_play_session& s) {
             // Every move of the heaps, each heap size once, as for_each_heap_move lists them.
             py::list out;
             const std::vector<heap_size>& h = s.heaps();
             for (std::size_t i = 0; i < h.size(); ++i) {
               if (i > 0 && h[i] == h[i - 1]) continue;
               // A heap past 32 bits (answered through a proven period) has more moves than a list can hold.
               if (h[i] > std::numeric_limits<coin>::max())
                 throw limit_error("moves(): the heap of " + std::to_string(h[i]) +
                                   " has too many moves to list; ask hint() or the winning moves instead");
               s.current().rule().for_each_heap_move(
                   static_cast<coin>(h[i]), [&](coin take, std::span<const coin> leaving) {
                     out.append(heap_move_tuple(heap_move{take, h[i], {leaving.begin(), leaving.end()}}));
                     return true;
                   });
             }
             return out;
           })
      .def("history",
           [](const heap_play_session& s) {
             py::list out;
             for (const played_heap_move& p : s.history())
               out.append(py::make_tuple(side(p.by), heap_move_tuple(p.move)));
             return out;
           })
      .def("review", [](const heap_play_session& s) {
        const std::vector<heap_move_review> reviewed = without_gil([&] { return s.review(); });
        py::list out;
        for (const heap_move_review& r : reviewed) {
          out.append(py::make_tuple(side(r.played.by), heap_move_tuple(r.played.move), r.before, r.after,
                                    r.winning()   ? "winning"
                                    : r.mistake() ? "mistake"
                                                  : "lost",
                                    optional_move(r.better), std::string(1, r.before_outcome()),
                                    std::string(1, r.after_outcome())));
        }
        return out;
      });
}

}  // namespace tartan::python
