// Memory limits, checked before allocating: the machine's memory, the default limit (half of it), memory sizes as
// typed (--max-memory 512M), and the refusal that names the estimate and the limit.
//
// Every command that allocates in proportion to its input first estimates the bytes it will need and calls
// check_memory; the estimate is refused with a limit_error such as "computing 100000000 values needs about
// 2.98 GiB, over the memory limit of 1.00 GiB; ask for fewer values, or raise the limit with --max-memory 4G". The
// limit is --max-memory when given, else default_memory_limit(). Estimates saturate (saturating_mul/add) instead of
// wrapping, so an absurd request is refused rather than estimated small.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tartan/detail/saturating.hpp"

namespace tartan {

/**
 * The machine's physical memory in bytes (sysconf(_SC_PHYS_PAGES) × sysconf(_SC_PAGE_SIZE)); 0 when the system does
 * not say.
 *
 * Example: machine_memory() == 24 GiB on a 24 GiB machine
 */
std::uint64_t machine_memory() noexcept;

/**
 * Half of the machine's physical memory in bytes: the default limit for commands that allocate in proportion to
 * their input (4 GiB when the system does not say).
 *
 * Example: default_memory_limit() == 12 GiB on a 24 GiB machine
 */
std::uint64_t default_memory_limit() noexcept;

/**
 * A byte count for messages: "512 bytes", "3.0 MiB", "12.0 GiB".
 *
 * Example: format_bytes(3 << 20) == "3.0 MiB"
 */
std::string format_bytes(std::uint64_t bytes);

/**
 * Parses a memory size typed by a person: a number of bytes, optionally followed by K, M, G or T (powers of 1024, in
 * either case; "KiB", "MB" and the like are read the same way). Throws parse_error naming `what` for anything else,
 * for 0, and for 2^64 bytes or more.
 *
 * Example: parse_memory_size("512M", "--max-memory") == 512 << 20; parse_memory_size("4g", "--max-memory") == 4 << 30
 */
std::uint64_t parse_memory_size(std::string_view text, std::string_view what);

/**
 * Throws limit_error when `estimate` bytes exceed `limit`, naming both, e.g. "computing 10^8 values needs about
 * 2.98 GiB, over the memory limit of 1.0 GiB; ask for fewer values, or raise the limit with --max-memory 3G".
 * `what` says what would need the memory, `advice` what to ask for instead. A saturated estimate (UINT64_MAX) reads
 * "more than 16 EiB".
 *
 * Example: check_memory(1 << 20, 1 << 30, "the table", "give a smaller size") returns
 */
void check_memory(std::uint64_t estimate, std::uint64_t limit, std::string_view what, std::string_view advice);

// Saturating a × b and a + b for estimates, which must not wrap to something small (detail/saturating.hpp).
using detail::saturating_add;
using detail::saturating_mul;

/**
 * a × b, or overflow_error naming `where` when it does not fit 64 bits: for values that must be exact.
 *
 * Example: checked_mul(1ULL << 40, 1ULL << 40, "cells of the box") throws "cells of the box: 1099511627776 × ..."
 */
std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, std::string_view where);

}  // namespace tartan
