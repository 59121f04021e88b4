// The engine's long questions take a request and return a result, with progress and cancellation through one
// callback: a sequence stopped part way, the same sequence in full, and an explicit check of a row game and of a
// product. Output: requests_example.txt.
#include <iostream>

#include "tartan/analysis/check.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/games/registry.hpp"

int main() {
  // g(0..9999999) of Mock Turtles, stopped by the callback once past a tenth: the values so far are kept.
  tartan::sequence_request request{tartan::games::resolve_game("mock-turtles"), 10'000'000};
  request.progress = [](double fraction) { return fraction < 0.1; };
  const tartan::sequence_result part = tartan::compute_sequence(request);
  std::cout << "stopped: " << (part.complete ? "no" : "yes")
            << ", at least 10^6 values: " << (part.values.size() >= 1'000'000 ? "yes" : "no")
            << ", g(999999) = " << part.values[999999] << '\n';

  // The first ten in full, no callback.
  const tartan::sequence_result ten = tartan::compute_sequence({tartan::games::resolve_game("mock-turtles"), 10});
  std::cout << "g(0..9):";
  for (const tartan::grundy_value v : ten.values) std::cout << ' ' << v;
  std::cout << '\n';

  // The values checked against an explicit game graph: every position on 12 coins, then every position of ruler ×
  // ruler on a 4x4 board (2^16 positions) against the Tartan theorem.
  for (const auto& [name, extents] :
       {std::pair{"mock-turtles", tartan::box_extents{12}}, std::pair{"ruler*ruler", tartan::box_extents{4, 4}}}) {
    const tartan::check_result r = tartan::check({tartan::games::resolve_game(name), extents});
    std::cout << "check " << name << ": " << r.positions << " positions, " << r.edges << " moves, " << r.mismatches
              << " mismatches\n";
  }
}
