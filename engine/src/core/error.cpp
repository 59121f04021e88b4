#include "tartan/core/error.hpp"

#include <cmath>
#include <utility>

#include "tartan/core/limits.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan {

namespace {

/// The last clause of a refusal's message, in the library's words: how far to raise the limit, or how much memory
/// the machine has when no limit would do.
std::string raise_clause_of(const limit_figures& f) {
  const std::string at_least = f.at_least ? "at least " : "";
  if (f.raise_to) {
    switch (f.unit) {
      case limit_unit::bytes:
        return ", or raise the memory limit to " + at_least + format_bytes(static_cast<std::uint64_t>(*f.raise_to));
      case limit_unit::seconds:
        return ", or raise the time limit to " + at_least + format_seconds(*f.raise_to, rounding::up);
      default:
        return ", or raise the limit to " + at_least + std::to_string(static_cast<std::uint64_t>(*f.raise_to));
    }
  }
  if (f.unit == limit_unit::bytes && std::isfinite(f.estimate)) {
    const auto machine = static_cast<double>(machine_memory());
    if (machine > 0 && f.estimate >= machine && f.limit < machine) {
      return " (this machine has " + format_bytes(machine_memory()) + ")";
    }
  }
  return "";
}

}  // namespace

argument_error::argument_error(std::string parameter, std::string given, std::string problem, std::string accepted,
                               std::string meaning)
    : parse_error(parameter + " " + given + " " + problem + "; ask for " + accepted + " (" + meaning + ")"),
      data_(std::make_shared<const data>(
          data{std::move(parameter), std::move(given), std::move(problem), std::move(accepted), std::move(meaning)})) {}

limit_error::limit_error(const std::string& message)
    : limit_error(std::make_shared<const data>(data{message, "", "", limit_figures{}})) {}

limit_error::limit_error(std::string problem, std::string advice, limit_figures figures)
    : limit_error(make_data(std::move(problem), std::move(advice), std::move(figures))) {}

limit_error::limit_error(std::shared_ptr<const data> d)
    : error(d->problem + (d->advice.empty() ? "" : "; " + d->advice) + d->raise_clause), data_(std::move(d)) {}

std::shared_ptr<const limit_error::data> limit_error::make_data(std::string problem, std::string advice,
                                                                limit_figures figures) {
  std::string raise = raise_clause_of(figures);
  return std::make_shared<const data>(
      data{std::move(problem), std::move(advice), std::move(raise), std::move(figures)});
}

}  // namespace tartan
