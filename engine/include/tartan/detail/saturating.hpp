// Saturating arithmetic for estimates (of memory, moves, edges): a result that does not fit 64 bits is UINT64_MAX,
// never a wrapped small number, so an absurd request is refused rather than estimated small.
#pragma once

#include <cstdint>

namespace tartan::detail {

/// a × b, or UINT64_MAX when that does not fit.
constexpr std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) noexcept {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/// a + b, or UINT64_MAX when that does not fit.
constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

}  // namespace tartan::detail
