// Positions and their analysis: box_position (a row, board or box and its heads) as tartan._Position, box_region (a
// position given compactly, as boxes of heads) as tartan._Region, analyze() as tartan._Analysis, and the exact count
// of winning moves of a region. Positions are read by the engine's parsers (box_position.hpp, box_region.hpp), so a
// bad position gets the command line's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "errors.hpp"
#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/move.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::python {

namespace {

py::int_ to_int(uint128 x) { return py::int_(py::str(to_decimal(x))); }

/// A move as Python sees it: one tuple of coins per axis.
py::tuple move_tuple(const move& m) {
  py::tuple axes(m.dimensions());
  for (std::size_t i = 0; i < m.dimensions(); ++i) axes[i] = py::tuple(py::cast(m.axes[i]));
  return axes;
}

/// The heads given as an integer array of shape (heads, axes), or (heads,) on a row, read with the engine's
/// sparse_row and sparse_grid, which refuse a coin outside the box or listed twice.
box_position position_from_heads(const box_extents& extents, const py::array_t<std::int64_t>& heads) {
  const std::size_t k = extents.size();
  const bool flat = heads.ndim() == 1;
  if (!flat && (heads.ndim() != 2 || static_cast<std::size_t>(heads.shape(1)) != k)) {
    throw parse_error("heads: an array of shape " + text_of(heads.attr("shape")) + " does not list coins of a box of " +
                      std::to_string(k) + (k == 1 ? " axis" : " axes") +
                      "; give one coordinate per axis for each heads coin, shape (heads, " + std::to_string(k) + ")");
  }
  if (flat && k != 1) {
    throw parse_error("heads: a flat list of coin numbers describes a row, but the size has " + std::to_string(k) +
                      " axes; give one tuple of " + std::to_string(k) + " coordinates per heads coin");
  }
  const auto count = static_cast<std::size_t>(heads.shape(0));
  const auto read = heads.unchecked();
  std::vector<std::vector<coin>> cells(count, std::vector<coin>(k));
  for (std::size_t h = 0; h < count; ++h) {
    for (std::size_t i = 0; i < k; ++i) {
      const std::int64_t c = flat ? read(static_cast<py::ssize_t>(h)) : read(static_cast<py::ssize_t>(h), i);
      if (c < 0) {
        throw parse_error("heads: coin " + std::to_string(c) + " is negative; coins are numbered from 0");
      }
      if (static_cast<std::uint64_t>(c) >= extents[i]) {
        throw parse_error("heads: coin " + std::to_string(c) + (k == 1 ? "" : " on axis " + std::to_string(i)) +
                          " is outside the " +
                          (k == 1 ? "row of " + std::to_string(extents[0]) + " coins" : "box " + format_size(extents)) +
                          "; coins are numbered from 0");
      }
      cells[h][i] = static_cast<coin>(c);
    }
  }
  if (k == 1) {
    std::vector<coin> row(count);
    for (std::size_t h = 0; h < count; ++h) row[h] = cells[h][0];
    return box_position(sparse_row(extents[0], row));
  }
  return box_position(sparse_grid(extents, std::move(cells)));
}

/// The same heads in a larger box: the coins beyond the drawing are tails.
box_position resized(const box_position& p, const box_extents& extents) {
  if (extents.size() != p.dimensions()) {
    throw parse_error("size " + format_size(extents) + " has " + std::to_string(extents.size()) + " axes but the " +
                      "position has " + std::to_string(p.dimensions()) + "; give one extent per axis");
  }
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (extents[i] < p.extents()[i]) {
      throw parse_error("the position is " + format_size(p.extents()) + " but the size is " + format_size(extents) +
                        "; leave out the size or make it at least " + format_size(p.extents()));
    }
  }
  std::vector<coin> flat;
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    const auto cell = p.head(h);
    flat.insert(flat.end(), cell.begin(), cell.end());
  }
  return box_position(extents, std::move(flat));  // same heads, same order, inside the larger box
}

py::array_t<std::int64_t> heads_array(const box_position& p) {
  const std::size_t k = p.dimensions(), count = p.head_count();
  py::array_t<std::int64_t> heads({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(k)});
  auto out = heads.mutable_unchecked<2>();
  for (std::size_t h = 0; h < count; ++h) {
    const auto cell = p.head(h);
    for (std::size_t i = 0; i < k; ++i) out(static_cast<py::ssize_t>(h), static_cast<py::ssize_t>(i)) = cell[i];
  }
  return heads;
}

}  // namespace

std::vector<sum_term> to_sum_terms(const py::list& terms) {
  std::vector<sum_term> out;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const py::tuple term = terms[i].cast<py::tuple>();
    const game_handle game = term[0].cast<game_handle>();
    const py::handle where = term[1];
    if (py::isinstance<py::str>(where)) {
      out.push_back(parse_sum_term(where.cast<std::string>(), game, i));
    } else if (py::isinstance<box_region>(where)) {
      out.push_back({game, where.cast<box_region>()});
    } else {
      out.push_back({game, box_region(where.cast<box_position>())});
    }
  }
  return out;
}

py::tuple sum_move_tuple(const sum_move& m) {
  if (m.heap) {
    return py::make_tuple(m.term,
                          py::make_tuple(m.heap->take, m.heap->from, py::tuple(py::cast(m.heap->leaving)),
                                         present::heap_move_text(*m.heap)),
                          "heap");
  }
  return py::make_tuple(m.term, move_tuple(m.coins), "coins");
}

void bind_positions(py::module_& m) {
  py::class_<box_position>(m, "_Position", "A position as the engine holds it (tartan.Position wraps it).")
      .def_static("parse", [](const std::string& text) { return parse_box_position(text); })
      .def_static("from_heads",
                  [](py::handle size, const py::array_t<std::int64_t>& heads) {
                    return position_from_heads(to_extents(size), heads);
                  })
      .def("resized", [](const box_position& p, py::handle size) { return resized(p, to_extents(size)); })
      .def_property_readonly("extents", [](const box_position& p) { return extents_tuple(p.extents()); })
      .def_property_readonly("head_count", &box_position::head_count)
      .def_property_readonly("heads", &heads_array)
      .def_property_readonly("text",
                             [](const box_position& p) -> py::object {
                               if (p.dimensions() > 2) return py::none();
                               return py::str(p.text());
                             })
      .def("__eq__", [](const box_position& a, const box_position& b) { return a == b; });

  py::class_<box_region>(m, "_Region", "A compact position as the engine holds it (tartan.Region wraps it).")
      .def_static("parse",
                  [](py::handle size, const std::string& heads) {
                    const box_extents extents = to_extents(size);
                    return parse_box_region(extents, heads);
                  })
      .def_static("all_heads", [](py::handle size) { return box_region::all_heads(to_extents(size)); })
      .def_static("from_position", [](const box_position& p) { return box_region(p); })
      .def_property_readonly("extents", [](const box_region& r) { return extents_tuple(r.extents()); })
      .def_property_readonly("head_count", [](const box_region& r) { return to_int(r.head_count()); })
      .def_property_readonly("boxes",
                             [](const box_region& r) {
                               py::list boxes;
                               for (const coin_box& box : r.boxes()) {
                                 py::tuple ranges(box.size());
                                 for (std::size_t i = 0; i < box.size(); ++i) {
                                   ranges[i] = py::make_tuple(box[i].first, box[i].last);
                                 }
                                 boxes.append(ranges);
                               }
                               return boxes;
                             })
      .def("to_position", [](const box_region& r, py::handle max_memory) {
        const std::uint64_t limit = to_memory_limit(max_memory);
        return without_gil([&] { return r.to_position(limit); });
      });

  py::class_<analysis>(m, "_Analysis", "An analysis as the engine holds it (tartan.Analysis wraps it).")
      .def_property_readonly("game", [](const analysis& a) { return a.game(); })
      .def_property_readonly("position", [](const analysis& a) { return a.position(); })
      .def_property_readonly("value", &analysis::value)
      .def_property_readonly("outcome", [](const analysis& a) { return std::string(1, a.outcome()); })
      .def(
          "winning_moves",
          [](const analysis& a, std::size_t limit, std::size_t skip) {
            const std::vector<move> moves = without_gil([&] { return a.winning_moves(limit, skip); });
            py::list out;
            for (const move& mv : moves) out.append(move_tuple(mv));
            return out;
          },
          py::arg("limit"), py::arg("skip"))
      .def(
          "search_winning_moves",
          [](const analysis& a, std::size_t limit, std::size_t skip, py::handle max_seconds, py::object progress) {
            // The search under a deadline and Ctrl-C (search_stop.hpp): the moves found before a stop are kept and
            // attached to the exception as `partial`.
            const double seconds = to_seconds(max_seconds);
            search_options limits = search_options::within(seconds);
            progress_relay relay(std::move(progress));
            limits.progress = relay.callback();
            const move_page page = without_gil([&] { return a.winning_move_page(limit, skip, limits); });
            py::list out;
            for (const move& mv : page.moves) out.append(move_tuple(mv));
            relay.raise_if_pending(out);
            if (page.search.end == search_end::time_limit) {
              const std::string where = "the search for winning moves stopped at the time limit of " +
                                        format_seconds(seconds) + " after " + std::to_string(page.search.coins_done) +
                                        " of the " + std::to_string(page.search.coins) + " heads coins, " +
                                        std::to_string(page.moves.size()) + " found";
              raise_python(time_limit_error("the search for winning moves", where, "raise max_seconds (0: no limit)",
                                            seconds, seconds, page.search.coins_done),
                           out);
            }
            return py::make_tuple(out, page.search.end == search_end::cancelled);
          },
          py::arg("limit"), py::arg("skip"), py::arg("max_seconds"), py::arg("progress"))
      .def(
          "options",
          [](const analysis& a, std::size_t limit, std::size_t skip) {
            const std::vector<option> options = without_gil([&] { return a.options(limit, skip); });
            py::list out;
            for (const option& o : options) out.append(py::make_tuple(move_tuple(o.turned), o.value));
            return out;
          },
          py::arg("limit"), py::arg("skip"))
      .def(
          "count_winning_moves",
          [](const analysis& a, py::handle cap) {
            const std::uint64_t limit = cap.is_none() ? UINT64_MAX : to_u64(cap, "cap");
            return without_gil([&] { return a.count_winning_moves(limit); });
          },
          py::arg("cap"))
      .def(
          "factor_values",
          [](const analysis& a, std::size_t axis) {
            if (axis >= a.game().dimensions()) {
              throw parse_error("axis " + std::to_string(axis) + ": " + quote_typed(a.game().name()) + " has " +
                                std::to_string(a.game().dimensions()) +
                                (a.game().dimensions() == 1 ? " axis" : " axes") + ", numbered from 0");
            }
            const auto g = a.factor_values(axis);
            return to_array(std::vector<grundy_value>(g.begin(), g.end()), {static_cast<py::ssize_t>(g.size())});
          },
          py::arg("axis"));

  m.def(
      "_analyze",
      [](const game_handle& game, box_position position, py::handle max_memory, py::handle max_seconds) {
        analyze_options options;
        options.max_memory = to_memory_limit(max_memory);
        options.max_seconds = to_seconds(max_seconds);
        return without_gil([&] { return analyze(game, std::move(position), options); });
      },
      py::arg("game"), py::arg("position"), py::arg("max_memory"), py::arg("max_seconds"));

  m.def(
      "_split_sum_terms",
      [](const std::vector<std::string>& words) {
        py::list out;
        for (const sum_term_text& t : split_sum_terms(words)) out.append(py::make_tuple(t.game, t.position));
        return out;
      },
      py::arg("words"), "The (game, position) texts of a sum typed as GAME POSITION + GAME POSITION + ...");

  m.def(
      "_analyze_sum",
      [](const py::list& terms, bool count, std::size_t limit, std::size_t offset, py::handle max_memory,
         py::handle max_seconds, py::object progress) {
        // One request (analysis_request.hpp): the terms as (game, position), a position as text (drawn or
        // SIZE=HEADS, read by the engine), a _Position or a _Region.
        analysis_request request;
        request.sum = true;
        request.count = count;
        request.limit = limit;
        request.offset = offset;
        request.max_memory = to_memory_limit(max_memory);
        request.max_seconds = to_seconds(max_seconds);
        request.count_option = "count=True";
        request.terms = to_sum_terms(terms);
        progress_relay relay(std::move(progress));
        request.search_progress = relay.callback();
        const analysis_report report = without_gil([&] { return answer(request); });
        py::list values;
        if (report.sum_count) {
          for (const move_count_result& t : report.sum_count->terms) values.append(t.value);
          return py::make_tuple(report.value, values, py::list(), to_int(report.sum_count->winning_moves));
        }
        for (const term_analysis& t : report.sum->terms()) values.append(t.value());
        py::list moves;
        for (const sum_move& mv : report.sum_winning_moves) moves.append(sum_move_tuple(mv));
        relay.raise_if_pending(moves);
        if (report.stopped == search_end::time_limit) {
          raise_python(time_limit_error("the search for winning moves", report.where, "raise max_seconds (0: no limit)",
                                        request.max_seconds, request.max_seconds, report.search.coins_done),
                       moves);
        }
        return py::make_tuple(report.value, values, moves, py::object(py::none()));
      },
      py::arg("terms"), py::arg("count"), py::arg("limit"), py::arg("offset"), py::arg("max_memory"),
      py::arg("max_seconds"), py::arg("progress"),
      "(value, the terms' values, winning moves as (term, move), count or None) of a sum of positions.");

  m.def(
      "_parse_heaps", [](const std::string& text) { return parse_heaps(text); }, py::arg("text"),
      "Heaps typed as sizes joined by commas, \"5,7,9\", as analyze --heaps takes them.");

  m.def(
      "_analyze_heaps",
      [](const game_handle& game, const std::vector<heap_size>& heaps, bool count, std::size_t limit,
         std::size_t offset, py::handle max_memory, py::handle max_seconds, py::object progress) {
        // One request (analysis_request.hpp) with heaps: the winning moves as heap moves, or their number.
        analysis_request request;
        request.terms.push_back({game, box_region()});
        request.heaps = heaps;
        request.count = count;
        request.limit = limit;
        request.offset = offset;
        request.max_memory = to_memory_limit(max_memory);
        request.max_seconds = to_seconds(max_seconds);
        request.count_option = "count=True";
        progress_relay relay(std::move(progress));
        request.search_progress = relay.callback();
        const analysis_report report = without_gil([&] { return answer(request); });
        py::list moves;
        for (const heap_move& mv : report.heap_moves) {
          moves.append(py::make_tuple(mv.take, mv.from, py::tuple(py::cast(mv.leaving)), present::heap_move_text(mv)));
        }
        relay.raise_if_pending(moves);
        if (report.stopped == search_end::time_limit) {
          raise_python(time_limit_error("the search for winning moves", report.where, "raise max_seconds (0: no limit)",
                                        request.max_seconds, request.max_seconds, report.search.coins_done),
                       moves);
        }
        const heap_analysis& a = *report.heap_position;
        py::object counted = py::none();
        if (report.heap_move_count) counted = to_int(*report.heap_move_count);
        return py::make_tuple(report.value, py::tuple(py::cast(a.heaps())), py::tuple(py::cast(a.coin_heads())), moves,
                              counted);
      },
      py::arg("game"), py::arg("heaps"), py::arg("count"), py::arg("limit"), py::arg("offset"), py::arg("max_memory"),
      py::arg("max_seconds"), py::arg("progress"),
      "(value, heaps ascending, the coin form's heads, winning heap moves as (take, from, leaving, text), count or "
      "None) of heaps of a take-and-break game.");

  m.def(
      "_count_winning_moves",
      [](const game_handle& game, const box_region& region, py::handle max_memory, py::handle max_seconds) {
        analyze_options options;
        options.max_memory = to_memory_limit(max_memory);
        options.max_seconds = to_seconds(max_seconds);
        const move_count_result r = without_gil([&] { return count_winning_moves(game, region, options); });
        return py::make_tuple(r.value, to_int(r.winning_moves), to_int(r.heads));
      },
      py::arg("game"), py::arg("region"), py::arg("max_memory"), py::arg("max_seconds"),
      "(value, winning moves, heads) of a region, counted exactly.");
}

}  // namespace tartan::python
