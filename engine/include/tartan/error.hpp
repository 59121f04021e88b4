// tartan::error and its subclasses: how the engine reports bad input and structural failures.
//
// Every exception tartan throws on purpose derives from tartan::error, so a caller (the CLI among them) can catch
// one type. Messages are one lowercase sentence that names what is wrong and, where it helps, what to type instead.
// Programmer errors (broken preconditions) use TARTAN_ASSERT instead.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace tartan {

/// Base of every exception tartan throws on purpose.
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Text that does not parse: a number, a position, a turning code, a graph or matrix file.
class parse_error : public error {
 public:
  using error::error;
};

/// A value that does not fit its type (a Grundy value beyond 64 bits, say). Never a wrapped value instead.
class overflow_error : public error {
 public:
  using error::error;
};

/// An operation outside its domain: the inverse of 0, division by 0, a logarithm that does not exist.
class domain_error : public error {
 public:
  using error::error;
};

/// A graph meant to be loop-free has a cycle.
class not_acyclic : public error {
 public:
  using error::error;
};

/// A request that would exceed a size, memory or time limit; refused before any work is done (a time limit: as soon
/// as the pace measured projects beyond it, time_limit_error in time_limit.hpp).
class limit_error : public error {
 public:
  using error::error;
};

namespace detail {
[[noreturn]] inline void assert_fail(const char* file, int line, const char* message) {
  std::fprintf(stderr, "%s:%d: assertion failed: %s\n", file, line, message);
  std::abort();
}
}  // namespace detail

}  // namespace tartan

/// TARTAN_ASSERT(cond, "message"): a precondition check, active unless NDEBUG is defined, and always with
/// TARTAN_ENABLE_ASSERTIONS (the CMake option TARTAN_ASSERTIONS, on in the test build).
#if defined(NDEBUG) && !defined(TARTAN_ENABLE_ASSERTIONS)
#define TARTAN_ASSERT(condition, message) static_cast<void>(0)
#else
#define TARTAN_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0) : ::tartan::detail::assert_fail(__FILE__, __LINE__, (message)))
#endif
