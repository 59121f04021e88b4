// The grid (tartan product) form of `tartan check`, reached when the game is a product ('ruler*ruler') or a
// --size RxC is given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "commands.hpp"

namespace tartan::cli {

/// Checks a product game on a small board against an explicit game graph; exit code 1 on any mismatch.
/// `max_memory` bounds the game graph's estimated memory (bytes).
void check_grid(const std::string& game, const std::string& size, bool json, std::uint64_t max_memory,
                run_state& state);

}  // namespace tartan::cli
