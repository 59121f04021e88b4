// A limit_error's message in a front end's words. The engine says what was asked, which limit it exceeds, what would
// fit and how far the limit would have to be raised (limit_error's figures); each front end raises its limits its
// own way (the CLI's --max-memory, the explorer's start-up options), so the clause naming the way is said here, once
// for all of them, from the words the front end gives.
#pragma once

#include <string>

#include "tartan/core/error.hpp"

namespace tartan::present {

/// How a front end raises its limits: the words before the figure, or empty when it has no way to raise that limit
/// (the engine's own clause, which names none, is then left out).
struct limit_raising {
  std::string memory;   ///< e.g. "raise the limit with --max-memory", followed by " 3G"
  std::string seconds;  ///< e.g. "start tartan explore with --max-seconds", followed by " 120"
};

/**
 * The message of `e` with `advice` (the engine's own advice when not given) and the way to raise the limit said in
 * the front end's words. Complexity: O(length of the message).
 *
 * Example: a memory refusal with raise_to() == 3 GiB and how.memory == "raise the limit with --max-memory" gives
 * "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 MiB; ask for fewer values, or raise
 * the limit with --max-memory 3G".
 */
std::string limit_message(const limit_error& e, const limit_raising& how);
std::string limit_message(const limit_error& e, const limit_raising& how, const std::string& advice);

}  // namespace tartan::present
