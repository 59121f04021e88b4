// How many Grundy values one request may compute, and the memory check made before any work, so that a request for
// 10^8 values on a small machine is refused at once instead of failing part way through. Every engine entry point
// that computes sequences (analysis.hpp, tartan.hpp's values and table) checks here; front ends do not repeat it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace tartan {

/// The most values one request computes by a route that keeps 64-bit values: g(0..10^8-1), 800 MB of them.
inline constexpr std::size_t max_sequence_length = 100'000'000;

/// The most values a route that keeps its values narrow computes (value_table.hpp): every coin of a row, 2^32.
/// (64 bits wide, as 2^32 is past a 32-bit std::size_t.)
inline constexpr std::uint64_t max_narrow_sequence_length = std::uint64_t{1} << 32;

/// Working memory assumed per value computed: the values (8 bytes), a cached copy (8) and the incremental
/// solver's tables (at most 16 on the built-in families' algorithms).
inline constexpr std::size_t bytes_per_value = 32;

/**
 * Throws limit_error (check_memory) when computing g(0..count-1) would need more than `limit` bytes (0:
 * default_memory_limit(), half the machine), or more than the machine's memory whatever the limit, naming the
 * estimate and the limit; its suggestion() is the most values that fit.
 *
 * Example: check_sequence_memory(1000) returns; check_sequence_memory(max_sequence_length, 1 << 30) throws
 * "computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 GiB; ask for fewer values, ..."
 */
void check_sequence_memory(std::size_t count, std::uint64_t limit = 0);

/**
 * The same for a route needing `bytes_each` bytes of memory per value (a narrow value table: its width), in what the
 * refusal calls "keeping N values of W bytes in memory".
 *
 * Example: check_sequence_memory(std::size_t{1} << 32, 1 << 30, 1) throws "... needs about 4.0 GiB, over the memory
 * limit of 1.0 GiB; ask for fewer values, ..."
 */
void check_sequence_memory(std::size_t count, std::uint64_t limit, std::size_t bytes_each);

/**
 * The check for a request that computes several sequences at once (one per factor of a product, `counts[i]` values
 * of factor i): their memory together (check_sequence_memory of the sum), then each count against
 * max_sequence_length, so that far-away coins are refused with the estimate and the limit first. Throws limit_error.
 *
 * Example: check_sequence_lengths(std::vector<std::size_t>{1000, 1000}, 0) returns
 */
void check_sequence_lengths(std::span<const std::size_t> counts, std::uint64_t limit);

}  // namespace tartan
