// Fuzz target: turning codes (turning_code::parse) and game names (games::find_factors), then everything the
// engine derives from a parsed code, checked on small rows against the code's definition:
//   - the moves enumerated from coin n are exactly the subsets of coins 0..n-1 that, with n, satisfy one of the
//     alternatives (a reference check of count, C, C(w), E, S and F written here from the definition);
//   - move_count(n) equals their number;
//   - the incremental solver's g(n) equals the mex of the XOR of g over the other coins of every move;
//   - option_values(n) lists the same set of values, and find_moves(n, t) visits exactly the moves of value t.
// Parse failures must be parse_error; limit_error is allowed for requests the engine refuses as too large.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::fuzz::require;

constexpr coin max_coin = 9;  // rows of up to 10 coins: 2^9 subsets below the moving coin

// Does the set of turned coins (ascending, the moving coin last) satisfy the alternative? From the definition in
// turning_code.hpp, independently of the engine's enumerators.
bool allows(const tartan::turning_alternative& alt, const std::vector<coin>& turned) {
  const auto k = static_cast<coin>(turned.size());
  if (k < alt.min_coins || (!alt.is_unbounded() && k > alt.max_coins)) return false;
  const coin low = turned.front(), high = turned.back();
  if (alt.window != 0 && high - low + 1 > alt.window) return false;
  if (alt.consecutive && high - low + 1 != k) return false;
  if (alt.equally_spaced) {
    for (std::size_t i = 2; i < turned.size(); ++i) {
      if (turned[i] - turned[i - 1] != turned[1] - turned[0]) return false;
    }
  }
  if (alt.symmetric) {
    for (std::size_t i = 0; i < turned.size(); ++i) {
      if (turned[i] + turned[turned.size() - 1 - i] != low + high) return false;
    }
  }
  if (alt.includes_first && low != 0) return false;
  return true;
}

std::uint32_t mask_of(std::span<const coin> others) {
  std::uint32_t m = 0;
  for (const coin c : others) m |= std::uint32_t{1} << c;
  return m;
}

void check_code(const tartan::turning_code& code) {
  // The text it keeps parses to the same alternatives.
  const auto again = tartan::turning_code::parse(code.text());
  require(std::equal(again.alternatives().begin(), again.alternatives().end(), code.alternatives().begin(),
                     code.alternatives().end()),
          "a code's own text parses differently");
  auto solver = code.grundy_solver();
  std::vector<grundy_value> g;
  for (coin n = 0; n <= max_coin; ++n) {
    // Reference: every subset of 0..n-1 allowed by some alternative.
    std::set<std::uint32_t> expected;
    for (std::uint32_t subset = 0; subset < (std::uint32_t{1} << n); ++subset) {
      std::vector<coin> turned;
      for (coin c = 0; c < n; ++c) {
        if ((subset >> c & 1) != 0) turned.push_back(c);
      }
      turned.push_back(n);
      for (const auto& alt : code.alternatives()) {
        if (allows(alt, turned)) {
          expected.insert(subset);
          break;
        }
      }
    }
    std::set<std::uint32_t> enumerated;
    std::vector<grundy_value> options;
    code.for_each_move(n, [&](std::span<const coin> others) {
      for (std::size_t i = 0; i < others.size(); ++i) {
        require(others[i] < n && (i == 0 || others[i - 1] < others[i]),
                "a move's other coins are not ascending below n");
      }
      require(enumerated.insert(mask_of(others)).second, "a move is enumerated twice");
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      options.push_back(x);
      return true;
    });
    require(enumerated == expected, "the enumerated moves differ from the definition of the code");
    require(code.move_count(n) == expected.size(), "move_count differs from the number of moves");

    const grundy_value value = tartan::mex(options);
    require(solver.next(g) == value, "the solver's value differs from the mex over the moves");

    std::vector<grundy_value> listed;
    code.option_values(n, g, listed);
    require(
        std::set<grundy_value>(listed.begin(), listed.end()) == std::set<grundy_value>(options.begin(), options.end()),
        "option_values differs from the XORs over the moves");

    std::set<grundy_value> targets(options.begin(), options.end());
    targets.insert(value);  // never an option value: find_moves must visit nothing
    for (const grundy_value t : targets) {
      std::set<std::uint32_t> found, wanted;
      for (const std::uint32_t m : expected) {
        grundy_value x = 0;
        for (coin c = 0; c < n; ++c) {
          if ((m >> c & 1) != 0) x ^= g[c];
        }
        if (x == t) wanted.insert(m);
      }
      code.find_moves(n, t, g, [&](std::span<const coin> others) {
        require(found.insert(mask_of(others)).second, "find_moves visits a move twice");
        return true;
      });
      require(found == wanted, "find_moves differs from the moves of that value");
    }
    g.push_back(value);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const bool registry = (in.byte() & 1) != 0;
  const std::string_view text = in.rest();
  try {
    if (registry) {
      // Names, codes and products such as ruler*1-3: each factor's first values must come out.
      for (const auto& game : tartan::games::find_factors(text)) static_cast<void>(game.sequence(max_coin + 1));
    } else {
      check_code(tartan::turning_code::parse(text));
    }
  } catch (const tartan::parse_error& e) {
    require(std::string_view(e.what()).find("; ") != std::string_view::npos, "a parse error says what to type");
  } catch (const tartan::limit_error&) {
    // refused as too large: fine
  }
  return 0;
}
