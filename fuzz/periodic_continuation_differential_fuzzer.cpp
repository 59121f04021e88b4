// Fuzz target: periodic continuations (turning/periodic_continuation.hpp) against the direct sequence.
// The first byte picks the form of the input:
//   - an octal code the Guy–Smith theorem covers (1..3 digits after the point from the next bytes, d_0 = 0, no '!'):
//     its values by definition (support/octal_definition.hpp) to 600, and by the game's computing route (the solver,
//     forced: it computes every value); when the game proves a period within 1024 values, the continuation must give
//     each of those values, a run read from a start chosen by the bytes must equal value() at each n, and at n far
//     past the values it must give what the definition's own repeat gives there when the definition's values prove
//     one (the smallest P with g(n + P) = g(n) over the Guy–Smith range, found here);
//   - a planted sequence: preperiod, period, saltus and the first values from the bytes, the continuation made from
//     them compared with the relation g(n + P) = g(n) + s written out here, value by value and run by run.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "support/octal_definition.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/periodic_continuation.hpp"

namespace {

using tartan::grundy_value;
using tartan::fuzz::require;

void octal(tartan::fuzz::input& in) {
  std::vector<int> digits(1 + in.byte() % 3);
  for (int& d : digits) d = in.byte() % 8;
  if (digits.back() == 0) digits.back() = 7;
  std::string text = "0.";
  for (const int d : digits) text += static_cast<char>('0' + d);
  constexpr std::size_t count = 600;
  const std::vector<grundy_value> g = tartan::test::octal_by_definition(digits, count);
  const tartan::turning_game game = tartan::games::resolve_game(text).row_game();
  require(game.sequence(count, tartan::sequence_method::solver) == g, "the solver differs from the definition");
  const std::shared_ptr<const tartan::periodic_continuation> c = game.continuation(1024);
  if (c == nullptr) return;
  require(c->period().proven, "a continuation from a period not proven");
  for (std::uint64_t n = 0; n < count; ++n)
    require(c->value(n) == g[n], "the continuation differs from the definition");
  std::vector<grundy_value> run(1 + in.byte() * 8);
  const std::uint64_t first = (std::uint64_t{in.byte()} << 2) | (in.byte() % 4);
  c->values(first, run);
  for (std::size_t j = 0; j < run.size(); ++j) require(run[j] == c->value(first + j), "a run differs from value()");
  for (std::size_t j = 0; j < run.size() && first + j < count; ++j) {
    require(run[j] == g[first + j], "a run differs from the definition");
  }
  // The definition's own repeat, where its 600 values prove one.
  const std::size_t t = digits.size();
  for (std::size_t period = 1; 2 * period + t <= count; ++period) {
    std::size_t p = count - period;
    while (p > 0 && g[p - 1] == g[p - 1 + period]) --p;
    if (2 * p + 2 * period + t > count) continue;
    std::uint64_t far = 0;
    for (int i = 0; i < 8; ++i) far = (far << 8) | in.byte();
    for (const std::uint64_t n : {far, UINT64_MAX, far / 3 + count}) {
      require(c->value(n) == g[p + (n < p ? 0 : (n - p) % period)] || n < p, "g(n) far away differs from the repeat");
    }
    break;
  }
}

void planted(tartan::fuzz::input& in) {
  const std::uint64_t p = in.byte() % 16, period = 1 + in.byte() % 12, saltus = in.byte() % 5;
  const std::size_t n = p + period + in.byte() % 8;
  std::vector<grundy_value> g;
  // 800 values: the run read below ends before 510 + 256.
  for (std::size_t k = 0; k < 800; ++k) g.push_back(k < p + period ? in.byte() : g[k - period] + saltus);
  const tartan::sequence_period proven{p, period, saltus, true, n, (n - p) / period, "planted"};
  const tartan::periodic_continuation c(
      std::vector<grundy_value>(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n)), proven, "planting");
  for (std::size_t k = 0; k < g.size(); ++k) require(c.value(k) == g[k], "value() differs from the relation");
  std::vector<grundy_value> run(1 + in.byte());
  const std::uint64_t first = in.byte() * 2;
  c.values(first, run);
  for (std::size_t j = 0; j < run.size(); ++j) require(run[j] == g[first + j], "values() differs from the relation");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  if (in.byte() % 2 == 0) {
    octal(in);
  } else {
    planted(in);
  }
  return 0;
}
