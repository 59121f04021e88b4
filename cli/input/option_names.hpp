// What the help shows for each option's value, and the hint for a misspelt option.
//
// CLI11 names every string value TEXT; tartan's options take sizes, files, counts and lists, and the help says which
// (`--svg FILE`, `--limit N`, `--size RxC`). The placeholders are set here for every command at once, from one
// table, so a new option gets its placeholder by its name, and the CLI test checks that no help shows TEXT.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace tartan::cli {

/// Sets the placeholder of every option of `app` and its subcommands: positionals show their own name
/// (`GAME REQUIRED`), named options the kind of value they take (table in option_names.cpp).
void name_placeholders(CLI::App& app);

/**
 * The option of `command` closest to `typed` (an unknown "--word"), when it is close enough to be a typo; "" when
 * none is.
 *
 * Example: closest_option(analyze, "--limt") == "--limit"
 */
std::string closest_option(const CLI::App& command, const std::string& typed);

/**
 * The one-line refusal of an option `command` once took under the name `typed` and now takes under another (one
 * word for one meaning across the commands: a count of values is --length, claimed values --claimed, how many to
 * list --limit), with what to type: the new option with `value`, the value typed after the old one ("" when none);
 * "" when `typed` was never renamed.
 *
 * Example: renamed_option(census, "--values", "4096") == "tartan census calls --values --length now: type --length
 * '4096'"
 */
std::string renamed_option(const CLI::App& command, const std::string& typed, const std::string& value);

}  // namespace tartan::cli
