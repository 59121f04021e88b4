#include "tartan/games/sequence_limits.hpp"

#include <cstdint>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"

namespace tartan::games {

std::size_t parse_sequence_length(std::string_view text, std::string_view what) {
  const std::string name(what);
  const std::uint64_t count = parse_u64(text, what, max_sequence_length);
  if (count == 0) throw parse_error(name + " must be at least 1; type a count such as 10");
  check_sequence_memory(static_cast<std::size_t>(count));
  return static_cast<std::size_t>(count);
}

}  // namespace tartan::games
