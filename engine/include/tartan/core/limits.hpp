// Memory limits, checked before allocating: the machine's memory, the default limit (half of it), memory sizes as
// typed ("512M"), and the refusal that names the estimate and the limit.
//
// Every computation that allocates in proportion to its input first estimates the bytes it will need and calls
// check_memory (or, to word the refusal its own way, throws a limit_error with memory_figures); the estimate is
// refused with a limit_error such as "computing 100000000 values needs about 3.0 GiB, over the memory limit of
// 1.0 GiB; ask for fewer values, or raise the memory limit to 3.0 GiB". The limit is the caller's, by default
// default_memory_limit(). Estimates saturate (saturating_mul/add) instead of wrapping, so an absurd request is
// refused rather than estimated small.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tartan/core/error.hpp"
#include "tartan/detail/saturating.hpp"

namespace tartan {

/**
 * The machine's physical memory in bytes (sysconf(_SC_PHYS_PAGES) × sysconf(_SC_PAGE_SIZE)); 0 when the system does
 * not say. This is the one measure of the machine's memory that limits use (see limits.cpp for why not the memory
 * the system reports as available).
 *
 * Example: machine_memory() == 24 GiB on a 24 GiB machine
 */
std::uint64_t machine_memory() noexcept;

/**
 * Half of the machine's physical memory in bytes: the default limit for computations that allocate in proportion
 * to their input (4 GiB when the system does not say).
 *
 * Example: default_memory_limit() == 12 GiB on a 24 GiB machine
 */
std::uint64_t default_memory_limit() noexcept;

/// `limit`, or default_memory_limit() when it is 0 (no limit given).
std::uint64_t memory_limit_or_default(std::uint64_t limit) noexcept;

/**
 * A byte count for messages: "512 bytes", "3.0 MiB", "12.0 GiB" (powers of 1024).
 *
 * Example: format_bytes(3 << 20) == "3.0 MiB"
 */
std::string format_bytes(std::uint64_t bytes);

/**
 * Parses a memory size typed by a person: a number of bytes, optionally followed by K, M, G or T (powers of 1024, in
 * either case; "KiB", "MB" and the like are read the same way). Throws parse_error naming `what` for anything else,
 * for 0, and for 2^64 bytes or more.
 *
 * Example: parse_memory_size("512M", "memory limit") == 512 << 20; parse_memory_size("4g", "memory limit") == 4 << 30
 */
std::uint64_t parse_memory_size(std::string_view text, std::string_view what);

/**
 * A memory size as parse_memory_size reads it, in the largest unit that divides it: "3G", "300M", "12K", "100".
 *
 * Example: memory_size_text(3ULL << 30) == "3G"; memory_size_text(1536) == "1536"
 */
std::string memory_size_text(std::uint64_t bytes);

/**
 * The memory limit to suggest for a refused estimate of `estimate` bytes: the estimate rounded up to whole MiB
 * below 1 GiB, to whole GiB above; none when the machine does not hold the estimate (or it saturated).
 *
 * Example: suggested_memory_limit(3'200'000'000) == 3 GiB (on a machine of more)
 */
std::optional<std::uint64_t> suggested_memory_limit(std::uint64_t estimate);

/**
 * The figures of a refusal of `estimate` bytes against `limit` bytes: unit bytes, the estimate (infinity when it
 * saturated at UINT64_MAX), and suggested_memory_limit as the limit to raise to. `at_least`: the estimate is a lower
 * bound.
 *
 * Example: throw limit_error(problem, "give a smaller size", memory_figures("the table", estimate, limit));
 */
limit_figures memory_figures(std::string asked, std::uint64_t estimate, std::uint64_t limit, bool at_least = false);

/**
 * Throws limit_error when `estimate` bytes exceed `limit`, or the machine's memory whatever the limit, naming both,
 * e.g. "computing 10^8 values needs about 3.0 GiB, over the memory limit of 1.0 GiB; ask for fewer values, or raise
 * the memory limit to 3.0 GiB". `what` says what would need the memory, `advice` what to ask for instead;
 * `fits`, when given, is the most of what was asked that fits (counted in `fits_unit`). A saturated estimate
 * (UINT64_MAX) reads "more than 16 EiB".
 *
 * Example: check_memory(1 << 20, 1 << 30, "the table", "give a smaller size") returns
 */
void check_memory(std::uint64_t estimate, std::uint64_t limit, std::string_view what, std::string_view advice,
                  std::optional<std::uint64_t> fits = std::nullopt, limit_unit fits_unit = limit_unit::none);

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
