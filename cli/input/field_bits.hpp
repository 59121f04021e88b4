// --bits N, shared by the nim commands: values are nimbers below 2^N, N a power of two from 8 to 65536, read with
// field_nimber::parse (<tartan/nim/field_nimber.hpp>), which also picks the arithmetic for their width.
#pragma once

#include <cstdint>
#include <string>

#include "tartan/core/error.hpp"

namespace tartan::cli {

constexpr unsigned max_field_bits = 65536;

/// Throws parse_error unless bits is a field size (a power of two from 8 to 65536).
inline void check_field_bits(unsigned bits) {
  if (bits < 8 || bits > max_field_bits || (bits & (bits - 1)) != 0) {
    throw parse_error("--bits " + std::to_string(bits) + " is not a field size; use a power of two from 8 to " +
                      std::to_string(max_field_bits) + " (64, 128, 256, ...)");
  }
}

/// The largest nimber of the field of `bits` bits that fits in 64 bits.
inline std::uint64_t field_max(unsigned bits) { return bits >= 64 ? UINT64_MAX : (std::uint64_t{1} << bits) - 1; }

}  // namespace tartan::cli
