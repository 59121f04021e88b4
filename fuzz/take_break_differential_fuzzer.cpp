// Fuzz target: the Grundy sequence of a take-and-break code, engine against definition. The first byte chooses N
// (8..263), the second a mask and variant for the sparse-space method, the rest is a code (0.77, 4!.0, 0.F, S{1,3},
// ...). The engine's automatic route (the sparse-space method where a digit leaves two heaps and none three, else the
// mex of the option values), its option_values route and, where it applies, the sparse-space solver under the
// chosen fixed mask and variant must all equal the mex over every way of taking and splitting computed here from
// the rules as written (digit d_k: 1 nothing left, 2 one heap, 4 two non-empty heaps, 8 three; '!': the heaps left
// differ). Parse failures must be parse_error.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/value_table.hpp"
#include "turning/code/sparse_space.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::take_break_code;
using tartan::fuzz::require;

/// g(0..count-1) by definition: for each k and each way of leaving heaps the digit allows, XOR g over them.
std::vector<grundy_value> definition_values(const take_break_code& code, coin count) {
  std::vector<grundy_value> g;
  std::vector<char> seen;
  for (coin n = 0; n < count; ++n) {
    std::vector<grundy_value> options;
    for (coin k = 0; k <= code.max_take() && k <= n; ++k) {
      const unsigned d = code.digit(k);
      const bool differ = code.distinct(k);
      const coin r = n - k;
      if ((d & 1) != 0 && k >= 1 && r == 0) options.push_back(0);
      if ((d & 2) != 0 && k >= 1 && r >= 1) options.push_back(g[r]);
      for (coin a = 1; a < r; ++a) {
        const coin b = r - a;
        if ((d & 4) != 0 && a <= b && !(differ && a == b)) options.push_back(g[a] ^ g[b]);
        for (coin b2 = a; (d & 8) != 0 && a + b2 < r; ++b2) {
          const coin c = r - a - b2;
          if (b2 <= c && !(differ && (a == b2 || b2 == c))) options.push_back(g[a] ^ g[b2] ^ g[c]);
        }
      }
    }
    grundy_value m = 0;
    std::sort(options.begin(), options.end());
    for (const grundy_value v : options) {
      if (v == m) ++m;
    }
    g.push_back(m);
  }
  return g;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const auto count = static_cast<coin>(8 + in.byte());
  const std::uint8_t choice = in.byte();
  const std::string_view text = in.rest();
  take_break_code code = take_break_code::parse("0.7");
  try {
    code = take_break_code::parse(text);
  } catch (const tartan::parse_error&) {
    return 0;
  }
  // The definition costs O(t n) per heap, O(t n^2) with a three-heap digit: keep an input within milliseconds.
  if (code.max_take() > 64) return 0;
  const coin n = code.max_heaps() == 3 ? std::min<coin>(count, 96) : count;
  const std::vector<grundy_value> expected = definition_values(code, n);
  const auto check = [&](const std::vector<grundy_value>& g, const char* route) {
    if (g == expected) return;
    const auto at = std::mismatch(g.begin(), g.end(), expected.begin()).first - g.begin();
    std::fprintf(stderr, "code '%s', N = %u: %s gives g(%td) = %llu, the definition %llu\n", code.text().c_str(), n,
                 route, at, static_cast<unsigned long long>(g[static_cast<std::size_t>(at)]),
                 static_cast<unsigned long long>(expected[static_cast<std::size_t>(at)]));
    require(false, "a route differs from the mex over every way of taking and splitting");
  };
  check(tartan::grundy_sequence(code, n), "the automatic route");
  check(tartan::grundy_sequence(code, n, tartan::sequence_method::option_values), "the option_values route");
  if (tartan::detail::sparse_space_applies(code)) {
    // Masks: a few low bits, or every bit but some low ones (as the chooser extends them); either variant.
    const grundy_value low = choice & 0x1f;
    const grundy_value mask = (choice & 0x20) != 0 ? ~low : low;
    const bool domain = (choice & 0x40) != 0 && tartan::detail::sparse_space_domain_applies(code);
    tartan::detail::sparse_space_solver solver(
        code, mask, domain ? tartan::detail::sparse_variant::domain : tartan::detail::sparse_variant::range);
    // Blocks of splits compared by SSE2 alone here when the two-thread run below (AVX2 where the CPU has it) is not.
    solver.use_avx2((choice & 0x80) != 0);
    std::vector<grundy_value> g;
    for (coin h = 0; h < n; ++h) g.push_back(solver.next());
    check(g, domain ? "the sparse-space solver (domain variant, fixed mask)" : "the sparse-space solver (fixed mask)");
    // Two threads handing the helper every piece of work they can: heaps ahead, shares of listings and passes; values
    // of one byte or two (an odd count) however small.
    if ((choice & 0x80) != 0) {
      tartan::value_table table(count % 2 == 0 ? 1 : 2);  // first: the helper may read it until the solver ends
      tartan::detail::sparse_space_solver shared(code);
      shared.use_threads(2);
      shared.share_eagerly();
      for (coin h = 0; h < n; ++h) table.push_back(shared.next(table));
      check(table.to_vector(), "the sparse-space solver on two threads");
    }
  }
  return 0;
}
