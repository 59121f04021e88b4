// Sequence summaries (sequence_summary.hpp).
#include "tartan/turning/sequence_summary.hpp"

#include <algorithm>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "turning/code/sparse_space.hpp"

namespace tartan {

std::string to_string(rare_variant variant) { return variant == rare_variant::domain ? "domain" : "range"; }

std::string mask_hex(grundy_value mask) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text;
  do {
    text.insert(text.begin(), digits[mask & 15]);
    mask >>= 4;
  } while (mask != 0);
  return text;
}

rare_mask_choice fewest_rare_mask(const std::array<std::span<const std::int64_t>, 2>& by_parity, bool domain_allowed,
                                  std::optional<rare_mask> incumbent) {
  const std::size_t size = by_parity[0].size();
  TARTAN_ASSERT(size == by_parity[1].size() && std::has_single_bit(size), "histograms of one power-of-two size");
  // F[σ][M] = Σ_v by_parity[σ][v] · (-1)^popcount(v & M): the weight of even minus odd masked values.
  std::array<std::vector<std::int64_t>, 2> f;
  std::int64_t total = 0;
  for (int i = 0; i < 2; ++i) {
    f[i].assign(by_parity[i].begin(), by_parity[i].end());
    for (const std::int64_t w : f[i]) total += w;
    for (std::size_t len = 1; len < size; len <<= 1) {
      for (std::size_t j0 = 0; j0 < size; j0 += 2 * len) {
        for (std::size_t j = j0; j < j0 + len; ++j) {
          const std::int64_t a = f[i][j], b = f[i][j + len];
          f[i][j] = a + b;
          f[i][j + len] = a - b;
        }
      }
    }
  }
  // Range: rare when even, (W + F0 + F1) / 2. Domain: rare when the parity is σ, (W + F0 - F1) / 2.
  const auto rare_weight = [&](std::size_t m, rare_variant variant) {
    return (total + f[0][m] + (variant == rare_variant::domain ? -f[1][m] : f[1][m])) / 2;
  };
  rare_mask_choice choice;
  bool chosen = false;
  if (incumbent && (incumbent->variant == rare_variant::range || domain_allowed)) {
    choice.best = {incumbent->mask & (size - 1), incumbent->variant};
    choice.rare_weight = rare_weight(static_cast<std::size_t>(choice.best.mask), choice.best.variant);
    chosen = true;
  }
  for (std::size_t m = 0; m < size; ++m) {
    for (const rare_variant variant : {rare_variant::range, rare_variant::domain}) {
      if (variant == rare_variant::domain && !domain_allowed) continue;
      const std::int64_t weight = rare_weight(m, variant);
      if (!chosen || weight < choice.rare_weight) {
        choice = {{static_cast<grundy_value>(m), variant}, weight};
        chosen = true;
      }
    }
  }
  return choice;
}

namespace {

/// The rare values of g under the best mask, weighted as summarize_sequence says. @pre the largest value is at most
/// max_rare_mask_value.
rare_values rare_values_of(std::span<const grundy_value> g, const take_break_code& code, grundy_value largest,
                           const std::optional<sequence_period>& period) {
  rare_values rare;
  for (coin k = 0; k <= code.max_take(); ++k) {
    if ((code.digit(k) & take_break_code::leaves_two) != 0) {
      rare.split_take = k;
      break;
    }
  }
  const coin t = rare.split_take;
  const std::size_t size = std::bit_ceil(static_cast<std::size_t>(largest) + 1);
  const std::size_t n = g.size();
  const auto heavy = static_cast<std::int64_t>(n) + 1;
  std::array<std::vector<std::int64_t>, 2> hist{std::vector<std::int64_t>(size, 0), std::vector<std::int64_t>(size, 0)};
  for (std::size_t h = 0; h < n; ++h) {
    const bool in_period = period && h >= period->preperiod && h < period->preperiod + period->period;
    hist[(h ^ t) & 1][static_cast<std::size_t>(g[h])] += in_period ? heavy : 1;
  }
  rare.mask = fewest_rare_mask({hist[0], hist[1]}, detail::sparse_space_domain_applies(code)).best;
  bool rare_in_period = false;
  for (std::size_t h = 0; h < n; ++h) {
    if (!is_rare(static_cast<coin>(h), g[h], rare.mask, t)) continue;
    ++rare.count;
    rare.last = h;
    if (period && h >= period->preperiod && h < period->preperiod + period->period) rare_in_period = true;
  }
  rare.all = period && period->proven && period->saltus == 0 && !rare_in_period;
  return rare;
}

}  // namespace

sequence_summary summarize_sequence(std::span<const grundy_value> g, const turning_game& game) {
  TARTAN_ASSERT(!g.empty(), "a summary needs at least g(0)");
  sequence_summary summary;
  summary.observed = g.size();
  summary.period = find_period(g, game);
  const auto top = std::max_element(g.begin(), g.end());  // the first of the largest
  summary.largest = *top;
  summary.largest_at = static_cast<std::size_t>(top - g.begin());
  const std::optional<sequence_period>& period = summary.period;
  summary.largest_all = period && period->proven && period->saltus == 0;
  if (!take_break_code::claims(game.code())) return summary;
  std::optional<take_break_code> code;
  try {
    code = take_break_code::parse(game.code());
  } catch (const parse_error&) {
    return summary;  // not a code after all: no rare values
  }
  if (!detail::sparse_space_applies(*code)) {
    summary.rare_note = code->max_heaps() > 2 ? "a move leaves three heaps: no mask sorts the values"
                                              : "no move leaves two heaps: no mask applies";
    return summary;
  }
  if (summary.largest > max_rare_mask_value) {
    summary.rare_note = "values above 2^20: masks not searched";
    return summary;
  }
  summary.rare = rare_values_of(g, *code, summary.largest, period);
  return summary;
}

}  // namespace tartan
