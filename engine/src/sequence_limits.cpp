#include "tartan/sequence_limits.hpp"

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include "tartan/error.hpp"
#include "tartan/limits.hpp"

namespace tartan {

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

void check_sequence_lengths(std::span<const std::size_t> counts, std::uint64_t limit) {
  std::size_t total = 0;
  for (const std::size_t n : counts) total = n > SIZE_MAX - total ? SIZE_MAX : total + n;
  check_sequence_memory(total, limit);
  for (const std::size_t n : counts) {
    if (n > max_sequence_length) {
      throw limit_error("g(0.." + std::to_string(n - 1) + ") is " + std::to_string(n) + " values, more than the " +
                        std::to_string(max_sequence_length) + " tartan computes at once (the largest allowed is " +
                        std::to_string(max_sequence_length) + "); ask for fewer, or use coins below " +
                        std::to_string(max_sequence_length));
    }
  }
}

}  // namespace tartan
