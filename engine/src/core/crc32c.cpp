// CRC-32C (crc32c.hpp).
#include "tartan/core/crc32c.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace tartan {

namespace {

/// table[b]: the CRC of byte b, the reflected polynomial 0x82F63B78 shifted through it.
constexpr std::array<std::uint32_t, 256> crc_table = [] {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t c = b;
    for (int i = 0; i < 8; ++i) c = (c >> 1) ^ ((c & 1) != 0 ? 0x82F63B78U : 0);
    t[b] = c;
  }
  return t;
}();

std::uint32_t table_steps(const unsigned char* p, std::size_t size, std::uint32_t c) noexcept {
  for (std::size_t i = 0; i < size; ++i) c = (c >> 8) ^ crc_table[(c ^ p[i]) & 0xFF];
  return c;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t instruction_steps(const unsigned char* p, std::size_t size,
                                                                  std::uint32_t c) noexcept {
  std::uint64_t c64 = c;
  for (; size >= 8; size -= 8, p += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, 8);
    c64 = _mm_crc32_u64(c64, word);
  }
  c = static_cast<std::uint32_t>(c64);
  for (; size > 0; --size, ++p) c = _mm_crc32_u8(c, *p);
  return c;
}

bool has_crc_instruction() noexcept {
  static const bool has = __builtin_cpu_supports("sse4.2") != 0;
  return has;
}
#endif

}  // namespace

std::uint32_t crc32c_by_table(const void* data, std::size_t size, std::uint32_t crc) noexcept {
  return ~table_steps(static_cast<const unsigned char*>(data), size, ~crc);
}

std::uint32_t crc32c(const void* data, std::size_t size, std::uint32_t crc) noexcept {
#if defined(__x86_64__)
  if (has_crc_instruction()) return ~instruction_steps(static_cast<const unsigned char*>(data), size, ~crc);
#endif
  return crc32c_by_table(data, size, crc);
}

}  // namespace tartan
