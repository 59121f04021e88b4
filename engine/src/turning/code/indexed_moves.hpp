// The move index of a turning code (move_index.hpp): each part of the code (the group of bounded runs, each other
// alternative, in the order the hooks take them, runs.hpp code_parts) is served by the quantity its moves' values
// depend on:
//   runs    every C alternative and the group of bounded runs: the run s..n, of length ℓ = n + 1 - s, turns others of
//           XOR P(n) ⊕ P(s) (P the prefix XORs), so its moves of value t are the positions s of the prefix value
//           P(n) ⊕ t whose length is one the part owns;
//   pairs   a plain, E or S alternative of at most two coins (`2`, `1-2`, `1-2C(w)`, `2F`): the other coin c has the
//           value g(c), so its moves of value t are the positions of the value t of g within the part's distances;
//   listed  any other alternative (`3E`, `1-3`, `4FS`): its family's finder, as the code's find_moves runs it.
// A move allowed by several parts belongs to the first (code_parts). For runs and pairs that is a matter of lengths:
// every alternative allows the run of ℓ coins ending at n exactly when ℓ is one of its counts within its span, and
// (under F) the run starts at coin 0; it allows the pair {c, n} when 2 is one of its counts, n - c is within its span,
// and (under C) c = n - 1, (under F) c = 0. So each indexed part owns sets of lengths fixed once, its own minus those
// of the parts before it, and no move is tested one by one.
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only.
#pragma once

#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "tartan/turning/move_index.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::detail {

/**
 * The index of the code whose bounded runs are `run_lengths` (standing before others[runs_at]) and whose other
 * alternatives are `others`, over g (which must outlive it). Copies what it needs of the code.
 * Complexity: O(N) for the prefix XORs; the sorted positions of the prefix values and of the values (O(N) when the
 * values are below 4N, else O(N log N)) are built on first use of find or count.
 */
std::unique_ptr<move_index> make_code_index(std::span<const std::pair<coin, coin>> run_lengths,
                                            std::span<const turning_alternative> others, std::size_t runs_at,
                                            std::span<const grundy_value> g);

}  // namespace tartan::detail
