// Option handling shared by the commands: --max-memory, --max-seconds, and the refusal of options typed with an
// empty value.
//
// CLI11 takes `--threads ""` as given, with the value "", while the commands keep their options as text and read
// "" as "not given": without these helpers `--max-memory ""` silently meant the default limit and `--values ""` the
// game's own values. Every command calls refuse_empty_values first, and reads --max-memory through max_memory_limit.
#pragma once

#include <CLI/CLI.hpp>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/svg.hpp"

namespace tartan::cli {

// The commands read positions and print with the presentation library (present/), which the explorer and Python
// share: its names are used here as the CLI's own. Every command includes this header.
using namespace present;

/**
 * Adds `--svg FILE` to cmd, the path kept in `path` and checked as the command line is read (svg::check_path: a
 * name ending in .svg, in a directory that exists and may be written), so a picture that could not be written is
 * refused before any work.
 *
 * Example: add_svg_option(sub, o->svg, "Also draw the table in FILE, an SVG heat map");
 */
inline CLI::Option* add_svg_option(CLI::App* cmd, std::string& path, const std::string& what) {
  return cmd->add_option("--svg", path, what)->each([](const std::string& typed) { svg::check_path(typed); });
}

/**
 * Adds `--big-as-strings` to a command that prints JSON, the flag kept in `flag`: its integers of 2^53 or more are
 * written as decimal strings (json_output.hpp: big_as_strings_scope), which readers holding numbers as doubles (jq,
 * JavaScript) read exactly.
 *
 * Example: add_big_as_strings_flag(sub, o->big_as_strings);
 */
inline CLI::Option* add_big_as_strings_flag(CLI::App* cmd, bool& flag) {
  return cmd->add_flag("--big-as-strings", flag,
                       "With --json: write integers of 2^53 or more as decimal strings (\"576460752303423489\"), "
                       "exact for readers that hold numbers as doubles (jq, JavaScript)");
}

/**
 * Adds `--max-memory SIZE` to cmd, the text kept in `text`; read the limit with max_memory_limit.
 *
 * Example: add_max_memory_option(sub, o->max_memory, "Refuse tables needing more memory");
 */
inline CLI::Option* add_max_memory_option(CLI::App* cmd, std::string& text, const std::string& what) {
  return cmd->add_option("--max-memory", text, what + " (e.g. 512M, 4G; default half the RAM)");
}

/**
 * The memory limit for cmd: --max-memory parsed by parse_memory_size when it was given (so an empty value is refused
 * like '12Q'), else default_memory_limit().
 *
 * Example: `tartan seq ruler 5 --max-memory ""` throws "--max-memory: '' is not a memory size; type ..."
 */
inline std::uint64_t max_memory_limit(const CLI::App& cmd, const std::string& text) {
  return cmd.count("--max-memory") > 0 ? parse_memory_size(text, "--max-memory") : default_memory_limit();
}

/**
 * Adds `--max-seconds S` to cmd, the text kept in `text`; read the limit with max_seconds_limit.
 *
 * Example: add_max_seconds_option(sub, o->max_seconds);
 */
inline CLI::Option* add_max_seconds_option(CLI::App* cmd, std::string& text) {
  return cmd->add_option("--max-seconds", text,
                         "Refuse values projected to take longer, from the pace of the first ones (seconds, e.g. 600; "
                         "0: no limit; default 60)");
}

/// The same with the command's own help, for commands whose limit is not (only) a projection of values.
inline CLI::Option* add_max_seconds_option(CLI::App* cmd, std::string& text, const std::string& what) {
  return cmd->add_option("--max-seconds", text, what);
}

/**
 * The time limit for cmd in seconds: --max-seconds when given (a number of seconds, fractions allowed; 0 for no
 * limit), else default_time_limit_seconds. Throws parse_error for anything else.
 *
 * Example: `tartan seq 1-3 100 --max-seconds -1` throws "--max-seconds: '-1' is not a number of seconds; ..."
 */
inline double max_seconds_limit(const CLI::App& cmd, const std::string& text) {
  if (cmd.count("--max-seconds") == 0) return default_time_limit_seconds;
  double seconds = -1;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, seconds, std::chars_format::fixed);
  if (ec != std::errc() || ptr != end || !std::isfinite(seconds) || seconds < 0 || seconds > 1e9) {
    throw parse_error("--max-seconds: " + tartan::quote_typed(text) +
                      " is not a number of seconds; type one such as 600 or 0.5, or 0 for no limit");
  }
  return seconds;
}

/**
 * Throws parse_error naming the first option of cmd typed with an empty (or blank) value, with what to type from its
 * help text. Flags and positional arguments are left alone: the commands name those themselves; so are --heads,
 * whose empty list is a position of tails only, and --heaps, whose empty list is the empty position.
 *
 * Example: `tartan verify 'ruler*ruler' --size 4x4 --threads ""` throws "--threads: empty; type worker threads ..."
 */
inline void refuse_empty_values(const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt->get_positional() || opt->get_type_size_max() == 0 || opt->count() == 0) continue;
    if (opt->get_name() == "--heads") continue;  // an empty list of heads: every coin tails
    if (opt->get_name() == "--heaps") continue;  // an empty list of heaps: the empty position
    for (const std::string& value : opt->results()) {
      bool blank = true;
      for (const char c : value) blank = blank && std::isspace(static_cast<unsigned char>(c)) != 0;
      if (!blank) continue;
      const std::string name = opt->get_name();
      if (name == "--max-memory") static_cast<void>(parse_memory_size(value, name));  // its own, fuller message
      std::string help = opt->get_description();
      if (!help.empty()) help[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(help[0])));
      throw parse_error(name + ": " + (value.empty() ? "empty" : "blank") + "; type " +
                        (help.empty() ? "a value" : "a value (" + help + ")") + " after it, or leave " + name + " out");
    }
  }
}

}  // namespace tartan::cli
