// tartan::error and its subclasses: how the engine reports bad input and structural failures.
//
// Every exception tartan throws on purpose derives from tartan::error, so a caller (a front end among them) can catch
// one type. Messages are one lowercase sentence that names what is wrong and, where it helps, what to do instead, in
// the library's own terms: a front end that has its own words for the remedy (an option's name, a command) reads
// the figures a limit_error carries and says it its way.
// Programmer errors (broken preconditions) use TARTAN_ASSERT instead.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
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

/**
 * A parameter of a request outside what it accepts, said in the library's terms: what() names the parameter as the
 * C++ API does ("digits 7 is out of range for octal codes; ask for 1 to 6 (the digits after the point)"), and the
 * parts are kept apart so that a front end says the same with its own name for the parameter (`--digits 7 ...` on
 * the command line, `digits=7 ...` in Python).
 *
 * Example: argument_error("digits", "7", "is out of range for octal codes", "1 to 6", "the digits after the point")
 */
class argument_error : public parse_error {
 public:
  argument_error(std::string parameter, std::string given, std::string problem, std::string accepted,
                 std::string meaning);

  /// The request's field, as the C++ API names it: "digits", "max_size".
  const std::string& parameter() const noexcept { return data_->parameter; }
  /// The value given, as text: "7".
  const std::string& given() const noexcept { return data_->given; }
  /// What is wrong with it, after the parameter and its value: "is out of range for octal codes".
  const std::string& problem() const noexcept { return data_->problem; }
  /// What would be accepted instead: "1 to 6".
  const std::string& accepted() const noexcept { return data_->accepted; }
  /// What the parameter means: "the digits after the point".
  const std::string& meaning() const noexcept { return data_->meaning; }

 private:
  struct data {
    std::string parameter, given, problem, accepted, meaning;
  };
  std::shared_ptr<const data> data_;  // shared, so that copying the exception cannot throw
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

/// A computation stopped because its caller asked it to (its progress callback returned false: Ctrl-C in the CLI,
/// a KeyboardInterrupt in Python), where it has no partial result to return. The message says how far it got.
class cancelled_error : public error {
 public:
  using error::error;
};

/// A graph meant to be loop-free has a cycle.
class not_acyclic : public error {
 public:
  using error::error;
};

/// What the figures of a limit_error count.
enum class limit_unit {
  none,       // no figures: the message says it all
  bytes,      // memory
  seconds,    // time
  coins,      // coins of a row
  cells,      // cells (coins) of a board or box
  values,     // Grundy values computed
  positions,  // positions of a game graph
  edges,      // moves in a game graph
};

/// The figures of a refusal: what was asked, what it needs, the limit it exceeds, and what would fit.
struct limit_figures {
  std::string asked;                   // what was asked, e.g. "computing 100000000 values"
  limit_unit unit = limit_unit::none;  // what estimate and limit count
  double estimate = 0;                 // what `asked` needs; infinity when beyond 2^64
  double limit = 0;                    // the limit it exceeds
  bool at_least = false;               // estimate is a lower bound (what was asked was not counted in full)
  /// The most of what was asked that fits the limit (e.g. 14 coins), counted in suggestion_unit, when known.
  std::optional<std::uint64_t> suggestion;
  limit_unit suggestion_unit = limit_unit::none;
  /// A limit, counted in `unit`, under which what was asked would fit, when raising the limit can help (a limit
  /// someone chose, such as memory or time, below what the machine allows).
  std::optional<double> raise_to;
};

/**
 * A request that would exceed a size, memory or time limit; refused before any work is done (a time limit: as soon
 * as the pace measured projects beyond it, time_limit_error in time_limit.hpp). A refusal with figures says in
 * what() what was asked and which limit it exceeds (problem()), what to ask for instead (advice()), and how far to
 * raise the limit when that would help (raise_clause()); a front end can put its own words to the advice from the
 * figures.
 *
 * Example: "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 GiB; ask for fewer values,
 * or raise the memory limit to 3.0 GiB", with unit() == limit_unit::bytes and raise_to() == 3 GiB
 */
class limit_error : public error {
 public:
  /// A refusal without figures: `message` is the whole sentence.
  explicit limit_error(const std::string& message);

  /// A refusal with its figures: what() is `problem`, then "; " and `advice` when not empty, then raise_clause().
  limit_error(std::string problem, std::string advice, limit_figures figures);

  /// What was asked and the limit it exceeds, with no advice: "computing 100000000 values needs about 3.0 GiB, over
  /// the memory limit of 1.0 GiB".
  const std::string& problem() const noexcept { return data_->problem; }
  /// What to ask for instead, within the limit: "ask for fewer values"; empty when there is nothing to say.
  const std::string& advice() const noexcept { return data_->advice; }
  /// The end of what(): ", or raise the memory limit to 3.0 GiB" when raise_to() is known, " (this machine has
  /// 24.0 GiB)" when the memory asked for is beyond the machine, else empty.
  const std::string& raise_clause() const noexcept { return data_->raise_clause; }

  const limit_figures& figures() const noexcept { return data_->figures; }
  const std::string& asked() const noexcept { return figures().asked; }
  limit_unit unit() const noexcept { return figures().unit; }
  double estimate() const noexcept { return figures().estimate; }
  double limit() const noexcept { return figures().limit; }
  std::optional<std::uint64_t> suggestion() const noexcept { return figures().suggestion; }
  limit_unit suggestion_unit() const noexcept { return figures().suggestion_unit; }
  std::optional<double> raise_to() const noexcept { return figures().raise_to; }

 private:
  struct data {
    std::string problem;
    std::string advice;
    std::string raise_clause;
    limit_figures figures;
  };
  explicit limit_error(std::shared_ptr<const data> d);
  static std::shared_ptr<const data> make_data(std::string problem, std::string advice, limit_figures figures);

  std::shared_ptr<const data> data_;  // shared, so that copying the exception cannot throw
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
