// Fuzz target: the rare-value mask of a sequence summary (turning/sequence_summary.hpp), fast path against the
// definition. The first byte chooses the bit width b (1..6) and whether the domain variant is allowed, the next the
// incumbent mask, the rest are the weights of the heaps' histograms by value and parity class (two per value).
// fewest_rare_mask (a Walsh–Hadamard transform of the histograms) must return a weight equal to the least, over every
// mask below 2^b and every variant allowed, of the weight of the heaps rare under it counted value by value here,
// that weight for the mask it returns, and the tie-break its header states (the incumbent when among the best, else
// the smallest mask, range first). Then the values themselves: a sequence read from the same bytes, its rare heaps
// under the returned mask counted with is_rare against the definition written out here.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/turning/sequence_summary.hpp"

namespace {

using tartan::grundy_value;
using tartan::rare_mask;
using tartan::rare_variant;
using tartan::fuzz::require;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint8_t first = in.byte();
  const int bits = 1 + first % 6;
  const bool domain_allowed = (first & 0x80) != 0;
  const std::size_t values = std::size_t{1} << bits;
  const rare_mask incumbent{in.byte() & (values - 1),
                            (first & 0x40) != 0 && domain_allowed ? rare_variant::domain : rare_variant::range};
  std::array<std::vector<std::int64_t>, 2> hist{std::vector<std::int64_t>(values), std::vector<std::int64_t>(values)};
  for (std::size_t v = 0; v < values; ++v) {
    for (int sigma = 0; sigma < 2; ++sigma) hist[static_cast<std::size_t>(sigma)][v] = in.byte() % 17;
  }
  const auto weight = [&](grundy_value m, rare_variant variant) {
    std::int64_t w = 0;
    for (int sigma = 0; sigma < 2; ++sigma) {
      for (std::size_t v = 0; v < values; ++v) {
        const int parity = std::popcount(static_cast<grundy_value>(v) & m) % 2;
        const bool rare = variant == rare_variant::domain ? parity == sigma : parity == 0;
        if (rare) w += hist[static_cast<std::size_t>(sigma)][v];
      }
    }
    return w;
  };
  std::int64_t least = INT64_MAX;
  rare_mask first_least;
  for (grundy_value m = 0; m < values; ++m) {
    for (const rare_variant variant : {rare_variant::range, rare_variant::domain}) {
      if (variant == rare_variant::domain && !domain_allowed) continue;
      const std::int64_t w = weight(m, variant);
      if (w < least) {
        least = w;
        first_least = {m, variant};
      }
    }
  }
  const tartan::rare_mask_choice chosen = tartan::fewest_rare_mask({hist[0], hist[1]}, domain_allowed);
  require(chosen.rare_weight == least, "fewest_rare_mask's weight is not the least over every mask");
  require(weight(chosen.best.mask, chosen.best.variant) == least, "the mask returned does not have the least weight");
  require(chosen.best == first_least, "ties go to the smallest mask, the range variant first");
  const tartan::rare_mask_choice kept = tartan::fewest_rare_mask({hist[0], hist[1]}, domain_allowed, incumbent);
  require(kept.rare_weight == least, "with an incumbent, the weight is still the least");
  require(weight(incumbent.mask, incumbent.variant) != least || kept.best == incumbent,
          "an incumbent among the best is kept");
  // is_rare against the definition, on the heaps' values read from the same bytes.
  const tartan::coin t = first % 3;
  for (tartan::coin n = 0; n < 64 && size > 0; ++n) {
    const grundy_value g = data[(n * 7u) % size] & (values - 1);
    const bool odd = std::popcount(g & chosen.best.mask) % 2 != 0;
    const bool expected = chosen.best.variant == rare_variant::domain ? odd == (((n + 2 - t % 2) % 2) != 0) : !odd;
    require(tartan::is_rare(n, g, chosen.best, t) == expected, "is_rare differs from its definition");
  }
  return 0;
}
