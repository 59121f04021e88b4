// The message of the tartan::error a call throws, for tests that assert messages, not only error types.
#pragma once

#include <string>

#include "tartan/core/error.hpp"

namespace tartan::test {

/// f()'s tartan::error message, or "no error" when it returns.
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace tartan::test
