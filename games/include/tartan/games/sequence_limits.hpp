// How many Grundy values one request may compute: the range typed counts must fall in, and a memory check made
// before any work, so that 10^8 values asked for on a small machine are refused at once instead of failing part way
// through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tartan::games {

/// The most values one request computes: g(0..10^8-1), 800 MB as 64-bit values.
inline constexpr std::size_t max_sequence_length = 100'000'000;

/// Working memory assumed per value computed: the values (8 bytes), a cached copy (8) and the incremental
/// solver's tables (at most 16 on the built-in families' algorithms).
inline constexpr std::size_t bytes_per_value = 32;

/**
 * Parses a count of values or coins typed by a person (decimal or 0x hex) and checks 1 <= count <= max_sequence_length
 * and the memory that computing g(0..count-1) needs (check_sequence_memory). `what` names the input in messages.
 * Throws parse_error (not a number, out of range) or limit_error (not enough memory).
 *
 * Example: parse_sequence_length("1000", "N") == 1000; parse_sequence_length("0", "N") throws
 */
std::size_t parse_sequence_length(std::string_view text, std::string_view what);

/**
 * Throws limit_error (check_memory) when computing g(0..count-1) would need more than `limit` bytes (0:
 * default_memory_limit(), half the machine), or more than the machine's memory whatever the limit, naming the
 * estimate and the limit; its suggestion() is the most values that fit.
 *
 * Example: check_sequence_memory(1000) returns; check_sequence_memory(max_sequence_length, 1 << 30) throws
 * "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 GiB; ask for fewer values, ..."
 */
void check_sequence_memory(std::size_t count, std::uint64_t limit = 0);

}  // namespace tartan::games
