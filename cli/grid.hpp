// Grid (tartan product) forms of `tartan analyze` and `tartan check`, reached when the game is a product
// ('ruler*ruler') or a --size RxC is given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "commands.hpp"

namespace tartan::cli {

struct grid_analyze_request {
  std::string game;      // product name, factors joined by '*'
  std::string position;  // rows joined by '/', e.g. "HTT/THH"; empty when size/heads are used
  std::string size;      // "RxC" (with heads), empty otherwise
  std::string heads;     // "3:5,17:2"
  std::size_t limit = 10;
  std::uint64_t max_memory = 0;  // bytes; 0: default_memory_limit()
  double max_seconds = 0;        // the factors' sequences' time limit; 0: none
  bool json = false;
  std::string svg;       // --svg FILE: also draw the board there, a winning move highlighted; empty: no picture
};

/// Prints the value, outcome and winning moves of a grid position (or its JSON form); sets state.exit_code.
void analyze_grid(const grid_analyze_request& request, run_state& state);

/// Checks a product game on a small board against an explicit game graph; exit code 1 on any mismatch.
/// `max_memory` bounds the game graph's estimated memory (bytes).
void check_grid(const std::string& game, const std::string& size, bool json, std::uint64_t max_memory,
                run_state& state);

}  // namespace tartan::cli
