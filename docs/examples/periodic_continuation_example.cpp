// Kayles' values past its proven period, and a heap of 2^64 - 1: what `tartan seq kayles N --from K` and
// `tartan analyze kayles --heaps 18446744073709551615` answer, from C++. Output: periodic_continuation_example.txt.
#include <cstdint>
#include <iostream>
#include <memory>

#include "tartan/analysis/heap_position.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/periodic_continuation.hpp"

int main() {
  const tartan::turning_game kayles = tartan::games::find_game("kayles");
  // The proof is looked for in at most 2^16 values, a doubling at a time, and found at the first look: g(0..255).
  const std::shared_ptr<const tartan::periodic_continuation> period =
      kayles.continuation(tartan::turning_game::proof_probe);
  std::cout << period->method() << '\n';
  std::cout << "g(99999999) = " << period->value(99999999) << ", g(2^64 - 1) = " << period->value(UINT64_MAX) << '\n';

  // A heap of any size: its value by lookup, its winning splits through the period's residues, counted exactly.
  const tartan::heap_analysis heap(tartan::game_handle(kayles), {UINT64_MAX}, {});
  std::cout << "heap of 2^64 - 1: value " << heap.value() << ", "
            << tartan::to_decimal(heap.count_winning_moves().moves) << " winning moves, the first:";
  heap.for_each_winning_move([](const tartan::heap_move& m) {
    std::cout << " take " << m.take << " leaving " << tartan::format_heaps(m.leaving) << '\n';
    return false;
  });
}
