// The engine's exceptions as Python exceptions. tartan.Error is the base of them all, and each subclass mirrors one
// C++ class (core/error.hpp) and derives as well from the built-in exception a Python user would catch for it:
//
//   tartan::error                   tartan.Error(Exception)
//   tartan::parse_error             tartan.ParseError(Error, ValueError)
//   games::unknown_game_error       tartan.UnknownGameError(ParseError)          .typed, .suggestions
//   tartan::domain_error            tartan.DomainError(Error, ValueError)
//     (in a division or an inverse) tartan.DivisionByZeroError(DomainError, ZeroDivisionError)
//   tartan::overflow_error          tartan.ValueOverflowError(Error, OverflowError)
//   tartan::not_acyclic             tartan.NotAcyclicError(Error, ValueError)
//   tartan::limit_error             tartan.LimitError(Error, MemoryError)        .problem, .advice, .estimate, ...
//   tartan::time_limit_error        tartan.TimeLimitError(LimitError, TimeoutError)
//   tartan::illegal_move            tartan.IllegalMoveError(Error, ValueError)
//
// The message is the engine's what(), unchanged: one line saying what is wrong and what to do instead.
#include "errors.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <exception>
#include <new>
#include <optional>
#include <string>

#include "common.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/play.hpp"

namespace tartan::python {

namespace {

// The classes, created once when the module is imported and kept for the life of the interpreter.
PyObject* error_type = nullptr;
PyObject* parse_error_type = nullptr;
PyObject* unknown_game_type = nullptr;
PyObject* domain_error_type = nullptr;
PyObject* division_by_zero_type = nullptr;
PyObject* overflow_error_type = nullptr;
PyObject* not_acyclic_type = nullptr;
PyObject* limit_error_type = nullptr;
PyObject* time_limit_error_type = nullptr;
PyObject* illegal_move_type = nullptr;

PyObject* make_type(py::module_& m, const char* name, std::initializer_list<PyObject*> bases, const char* doc) {
  py::tuple base_tuple(bases.size());
  std::size_t i = 0;
  for (PyObject* base : bases) base_tuple[i++] = py::reinterpret_borrow<py::object>(base);
  const std::string qualified = std::string("tartan.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base_tuple.ptr(), nullptr);
  if (type == nullptr) throw py::error_already_set();
  m.add_object(name, py::reinterpret_borrow<py::object>(type));
  return type;
}

const char* unit_name(limit_unit unit) {
  switch (unit) {
    case limit_unit::none:
      return nullptr;
    case limit_unit::bytes:
      return "bytes";
    case limit_unit::seconds:
      return "seconds";
    case limit_unit::coins:
      return "coins";
    case limit_unit::cells:
      return "cells";
    case limit_unit::values:
      return "values";
    case limit_unit::positions:
      return "positions";
    case limit_unit::edges:
      return "edges";
  }
  return nullptr;
}

py::object unit_object(limit_unit unit) {
  const char* name = unit_name(unit);
  return name == nullptr ? py::object(py::none()) : py::object(py::str(name));
}

/// Sets the Python error `type(message)`, with attributes, as the pending exception.
void raise(PyObject* type, const char* message, const std::function<void(py::object&)>& decorate = {}) {
  py::object instance = py::reinterpret_borrow<py::object>(type)(message);
  if (decorate) decorate(instance);
  PyErr_SetObject(type, instance.ptr());
}

/// A limit_error's figures as attributes, so that a caller can react to them (retry smaller, raise the limit).
void add_limit_figures(py::object& e, const limit_error& limit) {
  e.attr("problem") = limit.problem();
  e.attr("advice") = limit.advice();
  e.attr("asked") = limit.asked();
  e.attr("unit") = unit_object(limit.unit());
  const bool has_figures = limit.unit() != limit_unit::none;
  e.attr("estimate") = has_figures ? py::object(py::float_(limit.estimate())) : py::object(py::none());
  e.attr("limit") = has_figures ? py::object(py::float_(limit.limit())) : py::object(py::none());
  e.attr("at_least") = limit.figures().at_least;
  e.attr("suggestion") = limit.suggestion() ? py::object(py::int_(*limit.suggestion())) : py::object(py::none());
  e.attr("suggestion_unit") = unit_object(limit.suggestion_unit());
  e.attr("raise_to") = limit.raise_to() ? py::object(py::float_(*limit.raise_to())) : py::object(py::none());
}

}  // namespace

void bind_errors(py::module_& m) {
  error_type = make_type(m, "Error", {PyExc_Exception},
                         "Base of every error tartan raises on purpose; str(e) is one line saying what is wrong and "
                         "what to do instead.\n\n"
                         ">>> import tartan\n"
                         ">>> try:\n"
                         "...     tartan.game('mock-turtle')\n"
                         "... except tartan.Error as e:\n"
                         "...     print(e)\n"
                         "unknown game 'mock-turtle'; did you mean 'mock-turtles'? name a built-in game or give a "
                         "turning code such as 1-3 or a take-and-break code such as 0.77\n");
  parse_error_type = make_type(m, "ParseError", {error_type, PyExc_ValueError},
                               "Text or a value that does not parse: a number, a size, a position, a turning code, "
                               "a game's moves.\n\n"
                               ">>> import tartan\n"
                               ">>> tartan.game('ruler').analyze('HTXH')\n"
                               "Traceback (most recent call last):\n"
                               "tartan.ParseError: position: 'X' at column 3 is not a coin; type H or T (or 1/0), "
                               "coin 0 first\n");
  unknown_game_type = make_type(m, "UnknownGameError", {parse_error_type},
                                "A game name that is neither a built-in game nor a turning code; .typed is the name, "
                                ".suggestions the built-in names it may be a typo of.\n\n"
                                ">>> import tartan\n"
                                ">>> try:\n"
                                "...     tartan.game('rulr')\n"
                                "... except tartan.UnknownGameError as e:\n"
                                "...     print(e.suggestions)\n"
                                "['ruler']\n");
  domain_error_type = make_type(m, "DomainError", {error_type, PyExc_ValueError},
                                "An operation outside its domain: a logarithm that does not exist, the order of 0.\n\n"
                                ">>> import tartan\n"
                                ">>> tartan.Nimber(0).order()\n"
                                "Traceback (most recent call last):\n"
                                "tartan.DomainError: 0 has no multiplicative order; give a non-zero nimber\n");
  division_by_zero_type =
      make_type(m, "DivisionByZeroError", {domain_error_type, PyExc_ZeroDivisionError},
                "Division by the nimber 0, or its inverse.\n\n"
                ">>> import tartan\n"
                ">>> tartan.Nimber(1) / tartan.Nimber(0)\n"
                "Traceback (most recent call last):\n"
                "tartan.DivisionByZeroError: division by the nimber 0 is undefined; divide by a non-zero value\n");
  overflow_error_type = make_type(m, "ValueOverflowError", {error_type, PyExc_OverflowError},
                                  "A value that does not fit its type (a Grundy value past 64 bits), never wrapped.\n\n"
                                  ">>> import tartan\n"
                                  ">>> tartan.game('sym').sequence(200)\n"
                                  "Traceback (most recent call last):\n"
                                  "tartan.ValueOverflowError: g(128) of 1+S does not fit in 64 bits (it is 2^64): "
                                  "coin 128 is the first that does not fit; ask for at most 128 coins\n");
  not_acyclic_type = make_type(m, "NotAcyclicError", {error_type, PyExc_ValueError},
                               "A game graph meant to be loop-free has a cycle.\n\n"
                               ">>> import tartan\n"
                               ">>> issubclass(tartan.NotAcyclicError, ValueError)\n"
                               "True\n");
  limit_error_type = make_type(m, "LimitError", {error_type, PyExc_MemoryError},
                               "A request over a memory, size or time limit, refused before the work starts. Its "
                               "figures: .asked, .unit ('bytes', 'seconds', 'coins', ...), .estimate, .limit, "
                               ".suggestion (the most that fits), .raise_to (a limit that would do), .problem and "
                               ".advice (the message's two halves).\n\n"
                               ">>> import tartan\n"
                               ">>> try:\n"
                               "...     tartan.game('ruler').sequence(10**8, max_memory='1M')\n"
                               "... except tartan.LimitError as e:\n"
                               "...     print(e.unit, e.limit)\n"
                               "bytes 1048576.0\n");
  time_limit_error_type =
      make_type(m, "TimeLimitError", {limit_error_type, PyExc_TimeoutError},
                "A computation projected (from the pace of its first second) to take longer than max_seconds; "
                ".estimate is the projected time in seconds, .suggestion about how many values fit. Raised by "
                "sequence() with the values computed so far as .partial.\n\n"
                ">>> import tartan\n"
                ">>> issubclass(tartan.TimeLimitError, TimeoutError)\n"
                "True\n");

  illegal_move_type = make_type(m, "IllegalMoveError", {error_type, PyExc_ValueError},
                                "A move that is not a move of the game in play, refused with the reason; the game is "
                                "unchanged.\n\n"
                                ">>> import tartan\n"
                                ">>> tartan.game('kayles').play_heaps([5, 7, 9]).play('take 3 from 7 leaving 4')\n"
                                "Traceback (most recent call last):\n"
                                "tartan.IllegalMoveError: kayles (code 0.77) has no move that takes 3 from a heap of "
                                "7, leaving a heap of 4\n");

  py::register_exception_translator(&translate);
}

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const division_by_zero& e) {
    raise(division_by_zero_type, e.what());
  } catch (const games::unknown_game_error& e) {
    raise(unknown_game_type, e.what(), [&](py::object& x) {
      x.attr("typed") = e.typed();
      x.attr("suggestions") = py::cast(e.suggestions());
    });
  } catch (const time_limit_error& e) {
    raise(time_limit_error_type, e.what(), [&](py::object& x) { add_limit_figures(x, e); });
  } catch (const limit_error& e) {
    raise(limit_error_type, e.what(), [&](py::object& x) { add_limit_figures(x, e); });
  } catch (const parse_error& e) {
    raise(parse_error_type, e.what());
  } catch (const domain_error& e) {
    raise(domain_error_type, e.what());
  } catch (const overflow_error& e) {
    raise(overflow_error_type, e.what());
  } catch (const not_acyclic& e) {
    raise(not_acyclic_type, e.what());
  } catch (const illegal_move& e) {
    raise(illegal_move_type, e.what());
  } catch (const error& e) {
    raise(error_type, e.what());
  }
}

void set_python_error(std::exception_ptr p) noexcept {
  try {
    translate(p);  // sets the error for tartan's exceptions, rethrows the others
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unexpected failure");
  }
}

void raise_python(const time_limit_error& e, py::handle partial) {
  translate(std::make_exception_ptr(e));
  py::error_already_set raised;
  py::setattr(raised.value(), "partial", partial);
  throw raised;
}

}  // namespace tartan::python
