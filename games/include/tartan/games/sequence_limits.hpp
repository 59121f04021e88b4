// Counts of values typed by a person, checked against the engine's sequence limits
// (tartan/turning/sequence_limits.hpp).
#pragma once

#include <cstddef>
#include <string_view>

#include "tartan/turning/sequence_limits.hpp"

namespace tartan::games {

using tartan::bytes_per_value;
using tartan::check_sequence_memory;
using tartan::max_sequence_length;

/**
 * Parses a count of values or coins typed by a person (decimal or 0x hex) and checks 1 <= count <= max_sequence_length
 * and the memory that computing g(0..count-1) needs (check_sequence_memory). `what` names the input in messages.
 * Throws parse_error (not a number, out of range) or limit_error (not enough memory).
 *
 * Example: parse_sequence_length("1000", "N") == 1000; parse_sequence_length("0", "N") throws
 */
std::size_t parse_sequence_length(std::string_view text, std::string_view what);

}  // namespace tartan::games
