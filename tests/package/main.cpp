// Uses the installed tartan package: nim products from Winning Ways ch. 14 and Conway, On Numbers and Games ch. 6,
// and one analysis through the umbrella header (which must compile on its own, from the installed headers alone).
#include <cstdio>
#include <tartan/games/registry.hpp>
#include <tartan/tartan.hpp>

int main() {
  using tartan::nimber;
  const bool products =
      (nimber(2) * nimber(2)).value() == 3 && (nimber(4) * nimber(4)).value() == 6 && tartan::nim_mul(16, 16) == 24;
  // Mock Turtles: g(0) = 1, g(3) = 7 (Winning Ways ch. 14), so HTTH has value 6 and one winning move, turning 0 and 3.
  const tartan::analysis a =
      tartan::analyze(tartan::games::resolve_game("mock-turtles"), tartan::parse_box_position("HTTH"));
  const auto wins = a.winning_moves(10);
  const bool analysis = a.value() == 6 && wins.size() == 1 && wins[0].coins() == std::vector<tartan::coin>{0, 3};
  const bool ok = products && analysis;
  std::puts(ok ? "tartan package works" : "tartan package gives wrong answers");
  return ok ? 0 : 1;
}
