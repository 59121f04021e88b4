#include "tartan/turning/sequence_limits.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"

namespace tartan {

void check_sequence_memory(std::size_t count, std::uint64_t limit) {
  check_sequence_memory(count, limit, bytes_per_value);
}

void check_sequence_memory(std::size_t count, std::uint64_t limit, std::size_t bytes_each) {
  limit = memory_limit_or_default(limit);
  const std::uint64_t machine = machine_memory();
  const std::uint64_t room = machine == 0 ? limit : std::min(limit, machine);
  check_memory(saturating_mul(count, bytes_each), limit, "computing " + std::to_string(count) + " values",
               "ask for fewer values", room / bytes_each, limit_unit::values);
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
