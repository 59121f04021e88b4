// The engine's exceptions in Python (errors.cpp): the translation, and the one exception the extension adds, a
// domain_error met in a division or an inverse, raised as tartan.DivisionByZeroError (also a ZeroDivisionError).
#pragma once

#include <pybind11/pybind11.h>

#include <exception>

#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan::python {

/// The engine's domain_error from nim_div or nim_inv, its message unchanged.
class division_by_zero : public domain_error {
 public:
  explicit division_by_zero(const domain_error& e) : domain_error(e.what()) {}
};

/// Sets the Python exception for `p` when it holds one of the engine's exceptions (the module's translator); other
/// exceptions are rethrown for pybind11's own translators.
void translate(std::exception_ptr p);

/// Sets the pending Python exception for any C++ exception `p` (for code outside pybind11's functions, which
/// translate by themselves): tartan's through translate, pybind11's error_already_set restored, std::bad_alloc as
/// MemoryError, anything else as RuntimeError with its message.
void set_python_error(std::exception_ptr p) noexcept;

/// Raises `e` as tartan.TimeLimitError with `partial` (what was computed before the limit) as its attribute partial.
[[noreturn]] void raise_python(const time_limit_error& e, pybind11::handle partial);

}  // namespace tartan::python
