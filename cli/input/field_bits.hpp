// --bits N, shared by the nim commands: values are nimbers below 2^N, N a power of two from 8 to 65536. The nimbers
// below 2^N form the field GF(2^N) and those below 2^8, 2^16, 2^32 are subfields of the 64-bit ones, so N <= 64 is
// computed with the 64-bit functions and checked only on input; wider N uses <tartan/nim/nimber_wide.hpp>.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "detail/typed_text.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/nim/nimber_128.hpp"
#include "tartan/nim/nimber_wide.hpp"

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

/**
 * `parse()`, a parser of `text` as a value of the field of `bits` bits, with the field named when the value is a
 * number too wide for it: "... does not fit in 8 bits; type a value below 2^8 or use a larger --bits". Other
 * refusals keep the engine's message about the text itself.
 */
template <class Parse>
auto parse_in_field(const std::string& text, unsigned bits, const std::string& what, Parse parse) {
  try {
    return parse();
  } catch (const parse_error&) {
    parse_wide_unsigned(text, max_field_bits, what);  // rethrows a message about the text itself if it is no number
    throw parse_error(what + ": " + detail::quote_typed(text) + " does not fit in " + std::to_string(bits) +
                      " bits; type a value below 2^" + std::to_string(bits) + " or use a larger --bits");
  }
}

/**
 * A value of a field of at most 64 bits: parse_u64's messages, and the field named when the value is too wide.
 *
 * Example: parse_field_u64("300", 8, "X") throws "X: '300' does not fit in 8 bits; type a value below 2^8 or use a
 * larger --bits"
 */
inline std::uint64_t parse_field_u64(const std::string& text, unsigned bits, const std::string& what) {
  return parse_in_field(text, bits, what, [&] { return parse_u64(text, what, field_max(bits)); });
}

/// A value of a field of any size as words, least significant first (parse_wide_unsigned), as parse_field_u64.
inline std::vector<std::uint64_t> parse_field_words(const std::string& text, unsigned bits, const std::string& what) {
  return parse_in_field(text, bits, what, [&] { return parse_wide_unsigned(text, bits, what); });
}

/// A nimber of GF(2^128) (parse_nimber128), as parse_field_u64.
inline nimber128 parse_field_nimber128(const std::string& text, const std::string& what) {
  return parse_in_field(text, 128, what, [&] { return parse_nimber128(text, what); });
}

/// A nimber of GF(2^bits) (parse_nimber_wide), as parse_field_u64.
inline nimber_wide parse_field_nimber_wide(const std::string& text, unsigned bits, const std::string& what) {
  return parse_in_field(text, bits, what, [&] { return parse_nimber_wide(text, bits, what); });
}

}  // namespace tartan::cli
