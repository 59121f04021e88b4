#include "tartan/games/sequence_limits.hpp"

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include "tartan/error.hpp"
#include "tartan/limits.hpp"
#include "tartan/parse_number.hpp"

namespace tartan::games {

namespace {

/// Bytes of memory available to a new process (Linux MemAvailable), if known.
std::optional<std::uint64_t> available_memory() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::size_t parse_sequence_length(std::string_view text, std::string_view what) {
  const std::string name(what);
  const std::uint64_t count = parse_u64(text, what, max_sequence_length);
  if (count == 0) throw parse_error(name + " must be at least 1; type a count such as 10");
  check_sequence_memory(static_cast<std::size_t>(count));
  return static_cast<std::size_t>(count);
}

void check_sequence_memory(std::size_t count, std::uint64_t limit) {
  const std::uint64_t needed = saturating_mul(count, bytes_per_value);
  check_memory(needed, limit == 0 ? default_memory_limit() : limit, "computing " + std::to_string(count) + " values",
               "ask for fewer values");
  const auto available = available_memory();
  if (available && needed > *available) {
    throw limit_error("computing " + std::to_string(count) + " values needs about " + megabytes(needed) +
                      " of memory but only " + megabytes(*available) + " is available; ask for at most " +
                      std::to_string(*available / bytes_per_value) + " values");
  }
}

}  // namespace tartan::games
