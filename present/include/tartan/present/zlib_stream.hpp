// The compressed data inside the PNG images that large pictures embed (svg.cpp): a zlib stream (RFC 1950) of
// deflate data (RFC 1951), and the CRC-32 each PNG chunk ends with (PNG specification, section 5.5).
//
// The native builds compress with zlib. The static explorer's WebAssembly build has no zlib (Emscripten's port is
// downloaded when first used, and that build is offline), so there the stream holds the data in stored blocks,
// uncompressed: still a valid PNG, drawn alike, only larger (about one byte per cell of the picture).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tartan::present {

/// True when zlib_stream compresses (the build has zlib); false when it stores (zlib_stream_stored).
extern const bool zlib_stream_compresses;

/**
 * `data` as a zlib stream: compressed by zlib (level 6) where the build has it, else zlib_stream_stored(data).
 * Complexity: linear in data.size().
 *
 * Example: zlib's uncompress of zlib_stream("abc") gives "abc"
 */
std::string zlib_stream(std::string_view data);

/**
 * `data` as a zlib stream of stored deflate blocks (RFC 1951, section 3.2.4: BTYPE 00, at most 65 535 bytes each),
 * ended by the Adler-32 of `data` (RFC 1950, section 8). Complexity: linear in data.size().
 *
 * Example: zlib_stream_stored("") == "\x78\x01\x01\x00\x00\xff\xff\x00\x00\x00\x01"
 */
std::string zlib_stream_stored(std::string_view data);

/**
 * The CRC-32 of ISO 3309 (polynomial 0xedb88320 reflected, initial and final XOR 0xffffffff), PNG's and zlib's
 * crc32. Complexity: linear in data.size().
 *
 * Example: crc32_of("123456789") == 0xcbf43926
 */
std::uint32_t crc32_of(std::string_view data);

}  // namespace tartan::present
