#include "tartan/present/advice.hpp"

#include <cstdint>

#include "tartan/core/limits.hpp"

namespace tartan::present {

std::string limit_message(const limit_error& e, const limit_raising& how) { return limit_message(e, how, e.advice()); }

std::string limit_message(const limit_error& e, const limit_raising& how, const std::string& advice) {
  // The engine's clause for a limit that can be raised names no way to raise it; a front end that has one says it,
  // and one that has none leaves it out.
  std::string raise = e.raise_to() ? "" : e.raise_clause();
  if (e.raise_to() && e.unit() == limit_unit::bytes && !how.memory.empty()) {
    raise = ", or " + how.memory + " " + memory_size_text(static_cast<std::uint64_t>(*e.raise_to())) +
            (e.figures().at_least ? " or more" : "");
  } else if (e.raise_to() && e.unit() == limit_unit::seconds && !how.seconds.empty()) {
    raise = ", or " + how.seconds + " " + std::to_string(static_cast<std::uint64_t>(*e.raise_to())) +
            (e.figures().at_least ? " or more" : "");
  }
  return e.problem() + (advice.empty() ? "" : "; " + advice) + raise;
}

}  // namespace tartan::present
