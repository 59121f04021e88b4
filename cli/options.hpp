// Option handling shared by the commands: --max-memory, and the refusal of options typed with an empty value.
//
// CLI11 takes `--threads ""` as given, with the value "", while the commands keep their options as text and read
// "" as "not given": without these helpers `--max-memory ""` silently meant the default limit and `--values ""` the
// game's own values. Every command calls refuse_empty_values first, and reads --max-memory through max_memory_limit.
#pragma once

#include <CLI/CLI.hpp>

#include <cctype>
#include <cstdint>
#include <string>

#include "tartan/error.hpp"
#include "tartan/limits.hpp"

namespace tartan::cli {

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
 * Throws parse_error naming the first option of cmd typed with an empty (or blank) value, with what to type from its
 * help text. Flags and positional arguments are left alone: the commands name those themselves.
 *
 * Example: `tartan verify ruler*ruler --size 4x4 --threads ""` throws "--threads: empty; type worker threads ..."
 */
inline void refuse_empty_values(const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt->get_positional() || opt->get_type_size_max() == 0 || opt->count() == 0) continue;
    for (const std::string& value : opt->results()) {
      bool blank = true;
      for (const char c : value) blank = blank && std::isspace(static_cast<unsigned char>(c)) != 0;
      if (!blank) continue;
      const std::string name = opt->get_name();
      if (name == "--max-memory") static_cast<void>(parse_memory_size(value, name));  // its own, fuller message
      std::string help = opt->get_description();
      if (!help.empty()) help[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(help[0])));
      throw parse_error(name + ": " + (value.empty() ? "empty" : "blank") + "; type " +
                        (help.empty() ? "a value" : "a value (" + help + ")") + " after it, or leave " + name +
                        " out");
    }
  }
}

}  // namespace tartan::cli
