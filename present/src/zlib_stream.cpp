#include "tartan/present/zlib_stream.hpp"

#include <algorithm>
#include <array>

#include "tartan/core/error.hpp"

#ifdef TARTAN_HAVE_ZLIB
#include <zlib.h>
#endif

namespace tartan::present {

#ifdef TARTAN_HAVE_ZLIB
const bool zlib_stream_compresses = true;

std::string zlib_stream(std::string_view data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::string compressed(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(compressed.data()), &size, reinterpret_cast<const Bytef*>(data.data()),
                static_cast<uLong>(data.size()), 6) != Z_OK) {
    throw error("cannot compress the picture's image");
  }
  compressed.resize(size);
  return compressed;
}
#else
const bool zlib_stream_compresses = false;

std::string zlib_stream(std::string_view data) { return zlib_stream_stored(data); }
#endif

std::string zlib_stream_stored(std::string_view data) {
  constexpr std::size_t block = 65535;  // the most a stored block holds (its LEN is 16 bits)
  std::string out = "\x78\x01";         // CM 8 (deflate), CINFO 7 (32 KiB window), FLEVEL 0; 0x7801 % 31 == 0
  std::size_t at = 0;
  do {
    const std::size_t n = std::min(block, data.size() - at);
    const bool last = at + n == data.size();
    out += static_cast<char>(last ? 1 : 0);  // BFINAL, BTYPE 00; the rest of the byte is padding
    for (const std::uint32_t v : {static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(~n & 0xffff)}) {
      out += static_cast<char>(v & 0xff);  // LEN and NLEN, least significant byte first
      out += static_cast<char>((v >> 8) & 0xff);
    }
    out.append(data.substr(at, n));
    at += n;
  } while (at < data.size());
  // Adler-32: two sums modulo 65521, reduced every 5552 bytes, the most that cannot overflow 32 bits (RFC 1950).
  std::uint32_t a = 1, b = 0;
  for (std::size_t i = 0; i < data.size(); i += 5552) {
    const std::size_t end = std::min(data.size(), i + 5552);
    for (std::size_t k = i; k < end; ++k) {
      a += static_cast<unsigned char>(data[k]);
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  const std::uint32_t adler = b << 16 | a;
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((adler >> shift) & 0xff);
  return out;
}

std::uint32_t crc32_of(std::string_view data) {
  static constexpr std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320U ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t crc = 0xffffffffU;
  for (const char ch : data) crc = table[(crc ^ static_cast<unsigned char>(ch)) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffU;
}

}  // namespace tartan::present
