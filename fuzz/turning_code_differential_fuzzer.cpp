// Fuzz target: the Grundy sequence of a turning code, engine against definition, far enough for large values.
// The first byte chooses N (8..48), the rest is a code. The engine's automatic route (turning_game::sequence, the
// family solvers) and its option_values route must both equal the mex over the moves enumerated by
// tests/support/turning_code_reference.hpp, which is written from the code's definition and shares nothing with the
// engine's enumerators. The reference works under a budget, so the comparison stops at the first coin it could not
// afford; up to there its values are below its move count, so no overflow_error or limit_error from the engine is
// acceptable. Parse failures must be parse_error. Then the move values counted over a range of coins
// (count_move_values, the tables behind counting winning moves) must equal those of the reference's moves.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/turning_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace {

using tartan::grundy_value;
using tartan::fuzz::require;

constexpr std::uint64_t reference_budget = 1 << 17;  // coins looked at by the reference, per input

// `k+` counts without C, E or S: listing their option values, and the solver's exceptions of a basis while fewer
// than k - 1 coins are dependent (`1-2,30+` near coin 30), test up to 2^(k - 2) choices per coin. Those codes are
// left to the other targets; past k = 16 a single input could take seconds.
bool slow_unbounded_count(const tartan::turning_code& code) {
  return std::any_of(code.alternatives().begin(), code.alternatives().end(), [](const tartan::turning_alternative& a) {
    return a.is_unbounded() && a.min_coins > 16 && !a.consecutive && !a.equally_spaced && !a.symmetric;
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const auto count = static_cast<tartan::coin>(8 + in.byte() % 41);
  const std::string_view text = in.rest();
  tartan::turning_code code = tartan::turning_code::parse("1");
  try {
    code = tartan::turning_code::parse(text);
  } catch (const tartan::parse_error&) {
    return 0;
  }
  if (slow_unbounded_count(code)) return 0;
  const auto reference =
      tartan::test::reference_sequence(tartan::test::reference_code::from(code), count, reference_budget);
  const std::size_t n = reference.g.size();
  std::vector<grundy_value> fast, listed;
  try {
    fast = tartan::turning_game("fuzz", code.text(), code).sequence(n);
    listed = tartan::grundy_sequence(code, n, tartan::sequence_method::option_values);
  } catch (const tartan::error& e) {
    std::fprintf(stderr, "code '%s', N = %zu: %s\n", code.text().c_str(), n, e.what());
    require(false, "the engine refused a sequence the definition computes within a small budget");
  }
  const auto report = [&](const std::vector<grundy_value>& g, const char* route) {
    const auto at = std::mismatch(g.begin(), g.end(), reference.g.begin()).first - g.begin();
    std::fprintf(stderr, "code '%s', N = %zu: %s gives g(%td) = %llu, the definition %llu\n", code.text().c_str(), n,
                 route, at, static_cast<unsigned long long>(g[static_cast<std::size_t>(at)]),
                 static_cast<unsigned long long>(reference.g[static_cast<std::size_t>(at)]));
  };
  if (fast != reference.g) report(fast, "turning_game::sequence");
  require(fast == reference.g, "the automatic route differs from the mex over the moves");
  if (listed != reference.g) report(listed, "the option_values route");
  require(listed == reference.g, "the option_values route differs from the mex over the moves");

  // The move values counted per coin (the tables behind counting winning moves), against the reference's moves.
  if (n > 0) {
    const tartan::test::reference_code moves = tartan::test::reference_code::from(code);
    grundy_value bound = 1;
    for (const grundy_value v : reference.g) {
      while (bound <= v) bound <<= 1;
    }
    tartan::value_counts counted(bound), expected(bound);
    const auto last = static_cast<tartan::coin>(n - 1);
    const tartan::coin first = static_cast<tartan::coin>(count % 3 == 0 ? 0 : n / (count % 3 + 1));
    std::uint64_t listed_moves = 0;
    for (tartan::coin t = first; t <= last && listed_moves < reference_budget; ++t) {
      moves.for_each_move(t, [&](std::span<const tartan::coin> others) {
        grundy_value x = reference.g[t];
        for (const tartan::coin o : others) x ^= reference.g[o];
        expected.add(x);
        return ++listed_moves < reference_budget;
      });
    }
    if (listed_moves < reference_budget) {
      code.count_move_values(first, last, reference.g, counted);
      bool same = true;
      for (grundy_value v = 0; v < bound; ++v) same = same && counted[v] == expected[v];
      if (!same)
        std::fprintf(stderr, "code '%s', coins %u..%u: move values differ\n", code.text().c_str(), first, last);
      require(same, "count_move_values differs from the moves enumerated by the definition");
    }
  }
  return 0;
}
