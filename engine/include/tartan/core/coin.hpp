// coin and grundy_value: the two numbers every layer above core speaks in.
//
// Coins are numbered from 0 at the left of a row (boards: row, column from 0 at the top left); a Grundy value is a
// nimber held in 64 bits (nim/nimber.hpp gives it its arithmetic; wider values have their own types there).
#pragma once

#include <cstdint>

namespace tartan {

/// A coin's index in a row, 0 at the left.
using coin = std::uint32_t;

/// A Grundy value: a nimber held in 64 bits.
using grundy_value = std::uint64_t;

}  // namespace tartan
