// Misère play (the last player to move loses): a position of coins and heaps of a take-and-break game asked through
// the engine's one request (analysis_request.hpp, misere = true), the misère check (misere_check.hpp) and the genera
// of heap sizes (misere_heaps.hpp). The Python layer (tartan/_misere.py) wraps the tuples returned here.
#include "tartan/analysis/misere.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "errors.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/misere_check.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/analysis/misere_sum.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/present/misere_output.hpp"
#include "tartan/present/quotient_output.hpp"
#include "tartan/present/svg.hpp"

namespace tartan::python {

namespace {

/// The quotient's picture as `tartan quotient --svg` draws it (the strip of every component up to the bound, as far as
/// the picture draws), for a notebook's _repr_svg_.
py::str quotient_svg(const misere_quotient& q, const std::string& game_name) {
  std::ostringstream out;
  present::svg::write_quotient(out, present::quotient_picture(q, game_name, q.bound()));
  return py::str(out.str());
}

misere_method coins_method(const std::string& name) {
  if (name == "automatic") return misere_method::automatic;
  if (name == "sweep") return misere_method::sweep;
  if (name == "reachable") return misere_method::reachable;
  throw parse_error("method: " + quote_typed(name) +
                    " is not a misère method of positions; give \"automatic\", \"sweep\" or \"reachable\"");
}

heap_misere_method heaps_method(const std::string& name) {
  if (name == "automatic") return heap_misere_method::automatic;
  if (name == "genus") return heap_misere_method::genus;
  if (name == "search") return heap_misere_method::search;
  if (name == "quotient") return heap_misere_method::quotient;
  throw parse_error("method: " + quote_typed(name) +
                    " is not a misère method of heaps; give \"automatic\", \"genus\", \"quotient\" or \"search\"");
}

sum_misere_method sum_method(const std::string& name) {
  if (name == "automatic") return sum_misere_method::automatic;
  if (name == "quotient") return sum_misere_method::quotient;
  if (name == "search") return sum_misere_method::search;
  throw parse_error("method: " + quote_typed(name) +
                    " is not a misère method of sums; give \"automatic\", \"quotient\" or \"search\"");
}

/// The page asked for (or the count) and the limits, as every misère request takes them.
void page_and_limits(analysis_request& request, bool count, std::size_t limit, std::size_t offset,
                     py::handle max_memory, py::handle max_seconds) {
  request.count = count;
  request.limit = limit;
  request.offset = offset;
  request.max_memory = to_memory_limit(max_memory);
  request.max_seconds = to_seconds(max_seconds);
}

py::object outcome_of(char outcome) {
  if (outcome == '?') return py::none();
  return py::str(std::string(1, outcome));
}

py::tuple move_tuple(const move& m) {
  py::tuple axes(m.dimensions());
  for (std::size_t i = 0; i < m.dimensions(); ++i) axes[i] = py::tuple(py::cast(m.axes[i]));
  return axes;
}

py::tuple genus_tuple(coin heap, const heap_genus& g) {
  return py::make_tuple(heap, g.tame, g.value, g.misere_value, g.fickle, present::genus_text(g));
}

/// Raises what stopped the request: the pending KeyboardInterrupt (or the callback's own exception), or
/// TimeLimitError at the time limit, each with `partial` attached; nothing when it ran to the end.
void raise_stop(progress_relay& relay, const analysis_report& report, double max_seconds, const py::tuple& partial) {
  relay.raise_if_pending(partial);
  if (report.stopped == search_end::time_limit) {
    raise_python(
        time_limit_error("misère play", report.where, "raise max_seconds (0: no limit)", max_seconds, max_seconds, 0),
        partial);
  }
}

}  // namespace

void bind_misere(py::module_& m) {
  m.def(
      "_analyze_misere",
      [](const game_handle& game, const box_position& position, bool count, std::size_t limit, std::size_t offset,
         py::handle max_memory, py::handle max_seconds, py::object progress, const std::string& method) {
        analysis_request request;
        request.terms.push_back({game, box_region(position)});
        request.misere = true;
        request.misere_coins_method = coins_method(method);
        page_and_limits(request, count, limit, offset, max_memory, max_seconds);
        request.count_option = "count=True";
        progress_relay relay(std::move(progress));
        request.progress = relay.callback();
        request.search_progress = relay.callback();
        const analysis_report report = without_gil([&] { return answer(request); });
        const misere_analysis& a = *report.misere_position;
        py::list moves;
        for (const move& mv : report.winning_moves) moves.append(move_tuple(mv));
        py::object counted = py::none();
        if (report.misere_move_count) counted = py::int_(*report.misere_move_count);
        const py::tuple result = py::make_tuple(
            outcome_of(a.outcome()), a.terminal(), misere_method_name(a.method()), a.positions_solved(), moves, counted,
            report.where.empty() ? py::object(py::none()) : py::object(py::str(report.where)));
        raise_stop(relay, report, request.max_seconds, result);
        return result;
      },
      py::arg("game"), py::arg("position"), py::arg("count"), py::arg("limit"), py::arg("offset"),
      py::arg("max_memory"), py::arg("max_seconds"), py::arg("progress"), py::arg("method"),
      "(outcome or None, terminal, method, positions solved, winning moves, count or None, where it stopped or None) "
      "of a position in misère play.");

  m.def(
      "_analyze_misere_heaps",
      [](const game_handle& game, const std::vector<heap_size>& heaps, bool count, std::size_t limit,
         std::size_t offset, py::handle max_memory, py::handle max_seconds, py::object progress,
         const std::string& method) {
        analysis_request request;
        request.terms.push_back({game, box_region()});
        request.heaps = heaps;
        request.misere = true;
        request.misere_heaps_method = heaps_method(method);
        page_and_limits(request, count, limit, offset, max_memory, max_seconds);
        progress_relay relay(std::move(progress));
        request.progress = relay.callback();
        request.search_progress = relay.callback();
        const analysis_report report = without_gil([&] { return answer(request); });
        const misere_heap_analysis& a = *report.misere_heaps;
        py::list moves;
        for (const heap_move& mv : report.heap_moves) {
          moves.append(py::make_tuple(mv.take, mv.from, py::tuple(py::cast(mv.leaving)), present::heap_move_text(mv)));
        }
        py::list genera;
        std::vector<coin> sizes = a.heaps();
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        for (const coin h : sizes) {
          if (h < a.genera().size()) genera.append(genus_tuple(h, a.genera()[h]));
        }
        py::object counted = py::none();
        if (report.misere_move_count) counted = py::int_(*report.misere_move_count);
        const py::tuple result =
            py::make_tuple(outcome_of(a.outcome()), a.terminal(), py::tuple(py::cast(a.heaps())),
                           heap_misere_method_name(a.method()), genera, a.positions_solved(), moves, counted,
                           report.where.empty() ? py::object(py::none()) : py::object(py::str(report.where)));
        raise_stop(relay, report, request.max_seconds, result);
        return result;
      },
      py::arg("game"), py::arg("heaps"), py::arg("count"), py::arg("limit"), py::arg("offset"), py::arg("max_memory"),
      py::arg("max_seconds"), py::arg("progress"), py::arg("method"),
      "(outcome or None, terminal, heaps ascending, method, genera of the heap sizes, positions solved, winning heap "
      "moves as (take, from, leaving, text), count or None, where it stopped or None) of heaps in misère play.");

  m.def(
      "_misere_quotient",
      [](const game_handle& game, coin heaps, std::uint32_t max_order, py::handle max_memory, py::handle max_seconds,
         py::object progress) {
        const take_break_code code = heap_rule(game);
        quotient_options options;
        options.max_order = max_order;
        options.max_memory = to_memory_limit(max_memory);
        options.max_seconds = to_seconds(max_seconds);
        progress_relay relay(std::move(progress));
        options.progress = relay.callback();
        const misere_quotient q = without_gil([&] { return build_misere_quotient(code, heaps, options); });
        const py::str text(present::quotient_json(q, game.name()).dump());
        relay.raise_if_pending(text);
        return py::make_tuple(text, quotient_svg(q, game.name()));
      },
      py::arg("game"), py::arg("heaps"), py::arg("max_order"), py::arg("max_memory"), py::arg("max_seconds"),
      py::arg("progress"),
      "(the misère quotient of the heaps up to `heaps` as the JSON text of `tartan quotient --json`, its picture as "
      "`quotient --svg` draws it; a stop keeps the "
      "heaps completed: \"complete\" false, \"stopped\" why).");

  m.def(
      "_analyze_misere_sum",
      [](const py::list& terms, bool count, std::size_t limit, std::size_t offset, py::handle max_memory,
         py::handle max_seconds, py::object progress, const std::string& method) {
        analysis_request request;
        request.sum = true;
        request.terms = to_sum_terms(terms);
        request.misere = true;
        request.misere_sum_method = sum_method(method);
        page_and_limits(request, count, limit, offset, max_memory, max_seconds);
        progress_relay relay(std::move(progress));
        request.progress = relay.callback();
        request.search_progress = relay.callback();
        const analysis_report report = without_gil([&] { return answer(request); });
        const misere_sum_analysis& a = *report.misere_sum;
        py::list moves;
        for (const sum_move& mv : report.sum_winning_moves) moves.append(sum_move_tuple(mv));
        py::object classes = py::none();
        py::object quotient = py::none();
        if (a.quotient() != nullptr) {
          py::list names;
          for (const quotient_element x : a.classes()) names.append(a.quotient()->name(x));
          classes = py::tuple(names);
          quotient = py::str(present::misere_sum_analysis_json(a, {}, std::nullopt, false)["quotient"].dump());
        }
        py::object counted = py::none();
        if (report.misere_move_count) counted = py::int_(*report.misere_move_count);
        const py::tuple result =
            py::make_tuple(outcome_of(a.outcome()), a.terminal(), sum_misere_method_name(a.method()),
                           a.positions_solved(), classes, quotient, moves, counted,
                           report.where.empty() ? py::object(py::none()) : py::object(py::str(report.where)));
        raise_stop(relay, report, request.max_seconds, result);
        return result;
      },
      py::arg("terms"), py::arg("count"), py::arg("limit"), py::arg("offset"), py::arg("max_memory"),
      py::arg("max_seconds"), py::arg("progress"), py::arg("method"),
      "(outcome or None, terminal, method, positions solved, each term's class or None, the quotient's summary as "
      "JSON text or None, winning moves as (term, move), count or None, where it stopped or None) of a sum in misère "
      "play.");

  m.def(
      "_row_quotient",
      [](const game_handle& game, std::uint64_t coins, std::uint32_t max_order, py::handle max_memory,
         py::handle max_seconds, py::object progress) {
        if (game.is_product()) {
          throw parse_error("coins: " + quote_typed(game.name()) +
                            " is a product, whose positions are boards; give a 1-D game, such as turtles");
        }
        const std::uint64_t most = max_quotient_row_coins;
        if (coins > most) {
          throw limit_error("coins: a quotient of the rows of " + std::to_string(coins) + " coins is past the " +
                            std::to_string(most) + " coins a row quotient is built for; give coins of at most " +
                            std::to_string(most));
        }
        quotient_options options;
        options.max_order = max_order;
        options.max_memory = to_memory_limit(max_memory);
        options.max_seconds = to_seconds(max_seconds);
        progress_relay relay(std::move(progress));
        options.progress = relay.callback();
        const coin last = static_cast<coin>((std::uint64_t{1} << coins) - 1);
        const misere_quotient q = without_gil([&] { return build_row_quotient(game.row_game(), last, options); });
        const py::str text(present::quotient_json(q, game.name()).dump());
        relay.raise_if_pending(text);
        return py::make_tuple(text, quotient_svg(q, game.name()));
      },
      py::arg("game"), py::arg("coins"), py::arg("max_order"), py::arg("max_memory"), py::arg("max_seconds"),
      py::arg("progress"),
      "(the misère quotient of the game's rows of at most `coins` coins as the JSON text of `tartan quotient GAME "
      "--coins N --json`, its picture as `quotient --svg` draws it).");

  m.def(
      "_heap_genera",
      [](const game_handle& game, coin count) {
        const take_break_code code = heap_rule(game);
        const std::vector<heap_genus> genera = without_gil([&] { return heap_genera(code, count); });
        py::list out;
        for (coin h = 0; h < genera.size(); ++h) out.append(genus_tuple(h, genera[h]));
        return out;
      },
      py::arg("game"), py::arg("count"),
      "The genera of heaps 0 .. count - 1 as (heap, tame, value, misère value, fickle, genus text).");

  m.def(
      "_check_misere",
      [](const game_handle& game, py::handle size, std::size_t listed, py::handle max_memory, py::object progress) {
        misere_check_request request{game, to_extents(size)};
        request.listed = listed;
        if (!max_memory.is_none()) request.max_memory = to_memory_limit(max_memory);
        progress_relay relay(std::move(progress));
        request.progress = relay.callback();
        const misere_check_result r = without_gil([&] { return check_misere(request); });
        py::list first;
        for (const misere_rule_mismatch& mm : r.first_mismatches) {
          first.append(
              py::make_tuple(mm.position, mm.value, mm.small, std::string(1, mm.outcome), std::string(1, mm.rule)));
        }
        const py::tuple result = py::make_tuple(r.game, extents_tuple(r.extents), r.positions, r.p_positions,
                                                r.mismatches, first, r.seconds, r.complete);
        relay.raise_if_pending(result);
        return result;
      },
      py::arg("game"), py::arg("size"), py::arg("listed"), py::arg("max_memory"), py::arg("progress"),
      "(game, size, positions, misère P-positions, mismatches, first mismatches as (position, value, small, outcome, "
      "rule), seconds, complete) of a misère check.");
}

}  // namespace tartan::python
