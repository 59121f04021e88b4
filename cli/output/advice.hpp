// The CLI's advice on the engine's refusals, by flag and command name. The engine and the games say what was asked,
// which limit it exceeds and what would fit in their own terms, and carry the figures (limit_error,
// unknown_game_error); main turns them into what to type here: --max-memory, --max-seconds, check --coins,
// 'tartan verify', 'tartan games'.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/present/advice.hpp"

namespace tartan::cli {

/// The subcommand that ran: the deepest one parsed (`tartan nim det` gives det), or the app itself.
inline const CLI::App& command_run(const CLI::App& app) {
  const CLI::App* level = &app;
  while (!level->get_subcommands().empty()) level = level->get_subcommands().front();
  return *level;
}

/**
 * The message of a limit_error refused while `cmd` ran, with the advice said by flag name: the --max-memory or
 * --max-seconds that would let the work run (when cmd has that option), the --coins that `check` can do, and
 * 'tartan verify' for boards too large for `check`. A refusal without figures keeps the engine's message.
 *
 * Example: "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 MiB; ask for fewer values,
 * or raise the limit with --max-memory 3G"
 */
inline std::string limit_message(const limit_error& e, const CLI::App& cmd) {
  const auto has = [&](const char* option) { return cmd.get_option_no_throw(option) != nullptr; };
  const bool check = cmd.get_name() == "check";
  std::string advice = e.advice();
  if (check && has("--coins") && e.suggestion_unit() == limit_unit::coins && e.suggestion().value_or(0) > 0) {
    advice = "check --coins at most " + std::to_string(*e.suggestion()) +
             (e.unit() == limit_unit::coins ? "" : " for this game");
  }
  const present::limit_raising how{has("--max-memory") ? "raise the limit with --max-memory" : "",
                                   has("--max-seconds") ? "raise the limit with --max-seconds" : ""};
  std::string message = present::limit_message(e, how, advice);
  // A board too large for a game graph: the direct computation builds none.
  if (check && e.suggestion_unit() == limit_unit::cells) message += "; use 'tartan verify' for larger boards";
  return message;
}

/**
 * The message of an unknown_game_error with where the list of games is: 'tartan games'.
 *
 * Example: "unknown game 'mock-turtle'; did you mean 'mock-turtles'? type 'tartan games' for the list, or give a
 * turning code such as 1-3"
 */
inline std::string unknown_game_message(const games::unknown_game_error& e) {
  if (e.typed().empty()) {
    return e.context() + "no game given; type a name from 'tartan games'" +
           (e.products_allowed()
                ? ", a turning code such as 1-3, a take-and-break code such as 0.77, or a product such as "
                  "'ruler*mock-turtles'"
                : ", a turning code such as 1-3 or a take-and-break code such as 0.77");
  }
  return e.context() + "unknown game " + tartan::quote_typed(e.typed()) + "; " +
         (e.suggestions().empty() ? "" : "did you mean '" + e.suggestions().front() + "'? ") +
         "type 'tartan games' for the list, or give a turning code such as 1-3 or a take-and-break code such as 0.77";
}

}  // namespace tartan::cli
