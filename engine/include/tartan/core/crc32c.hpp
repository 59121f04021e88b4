// CRC-32C (Castagnoli, polynomial 0x1EDC6F41, reflected; RFC 3720 appendix B.4), the checksum of value files
// (turning/value_file.hpp) and of each line of a census journal (present/census_output.hpp): the SSE 4.2 crc32
// instruction where the processor has it (8 bytes a cycle or so, so a file of 2^32 values is checked in about a
// second), else a table, one byte a step.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tartan {

/**
 * The CRC-32C of `size` bytes at `data` continued from `crc` (0 for the first bytes), so that
 * crc32c(b, crc32c(a, 0)) is the CRC of a followed by b.
 *
 * Example: crc32c("123456789", 9) == 0xE3069283
 */
std::uint32_t crc32c(const void* data, std::size_t size, std::uint32_t crc = 0) noexcept;

/// The same by the table alone (the tests compare both routes).
std::uint32_t crc32c_by_table(const void* data, std::size_t size, std::uint32_t crc = 0) noexcept;

}  // namespace tartan
