// A sequence summary: what published tables of take-and-break games print for a game, computed from its values
// g(0..N-1) and its rule: preperiod, period and saltus (period.hpp), the largest value and the first heap reaching
// it, and, for codes whose moves leave at most two heaps, the rare values: the mask and variant that make fewest
// heaps rare, how many heaps are rare under them and the last of them.
//
// Rare and common (Winning Ways (2nd ed.) vol. 1, ch. 4, "Sparse space spells speed"; Flammenkamp's octal pages,
// http://wwwhomes.uni-bielefeld.de/achim/octal.html and octal_sparse.html): for a mask M, heap n is rare when
//   range variant:  popcount(g(n) & M) is even,
//   domain variant: popcount(g(n) & M) ≡ n - t (mod 2), t the index of a digit leaving two heaps (the variant needs
//                   every such digit at an index of one parity).
// Heap 0 counts (its value 0 is rare in the range variant), as the published counts do: 0.45 has 11 rare heaps under
// mask f, the last at heap 198. Masks are written as published, in hexadecimal, with the bits of the largest value
// only: bits above it decide nothing. A take-and-break game whose rare heaps die out and whose common values stay
// bounded becomes periodic, which is why the tables print these columns beside the period.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "tartan/core/coin.hpp"
#include "tartan/turning/period.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// Which heaps are rare under a mask: by the parity of the masked value alone (range), or compared with the
/// heap's own parity (domain).
enum class rare_variant { range, domain };

/// "range" or "domain".
std::string to_string(rare_variant variant);

/// A mask and its variant.
struct rare_mask {
  grundy_value mask = 0;
  rare_variant variant = rare_variant::range;
  friend bool operator==(const rare_mask&, const rare_mask&) = default;
};

/// The best mask of fewest_rare_mask, and its score: the weight of the heaps rare under it.
struct rare_mask_choice {
  rare_mask best;
  std::int64_t rare_weight = 0;
};

/**
 * The mask and variant under which the heaps weigh least when rare, from weighted histograms of their values:
 * `by_parity[σ][v]` is the total weight of the heaps h with g(h) = v and (h - t) & 1 = σ. Both have the same size
 * 2^b; the masks tried are those below 2^b, the domain variant only when `domain_allowed`. Ties keep `incumbent`
 * when it is among the best, else go to the smallest mask, the range variant first. The sparse-space solver
 * chooses its masks with it (weights 1), and summarize_sequence the published mask.
 * The weight rare under (M, variant) is (W + F0[M] + F1[M]) / 2 for the range variant and (W + F0[M] - F1[M]) / 2 for
 * the domain variant, W the total weight and Fσ the Walsh–Hadamard transform of by_parity[σ].
 * Complexity: O(2^b · b).
 *
 * Example: with weights 1 for the values {0, 3, 1, 2} of heaps 0..3 (t = 0) the range mask 3 leaves heaps 0 and 1
 * rare (popcount(0 & 3) and popcount(3 & 3) are even); a mask making fewer rare exists only in the domain variant.
 */
rare_mask_choice fewest_rare_mask(const std::array<std::span<const std::int64_t>, 2>& by_parity, bool domain_allowed,
                                  std::optional<rare_mask> incumbent = std::nullopt);

/// Whether heap n, worth g, is rare under `mask` (t: the index of a digit leaving two heaps, for the domain variant).
constexpr bool is_rare(coin n, grundy_value g, const rare_mask& mask, coin t) {
  const bool odd = (std::popcount(g & mask.mask) & 1) != 0;
  const bool sigma = mask.variant == rare_variant::domain && ((n ^ t) & 1) != 0;
  return odd == sigma;
}

/// The rare values of a take-and-break game's values (see the top of this file).
struct rare_values {
  rare_mask mask;                   // the published mask: fewest rare heaps (weighted as summarize_sequence says)
  coin split_take = 0;              // t: the index of the first digit leaving two heaps
  std::size_t count = 0;            // heaps n in 0..N-1 rare under it
  std::optional<std::size_t> last;  // the last of them (none when no heap is rare)
  /// True when these are all the rare heaps of every n: the period is proven, without saltus, and no heap of its
  /// first full period g(p..p+P-1) is rare, so none after it is.
  bool all = false;
};

/// The largest of values beyond which masks are not searched: a histogram of 2^21 values per parity.
inline constexpr grundy_value max_rare_mask_value = (grundy_value{1} << 20) - 1;

struct sequence_summary {
  std::size_t observed = 0;               // N: the values summarised are g(0..N-1)
  std::optional<sequence_period> period;  // as find_period(g, game) reports it
  grundy_value largest = 0;               // the largest of g(0..N-1)
  std::size_t largest_at = 0;             // the first n with g(n) = largest
  /// True when `largest` is the largest value of every n: a proven period without saltus whose first full period
  /// lies within the values (every later value repeats one of them).
  bool largest_all = false;
  /// For take-and-break codes whose moves leave at most two heaps, some two: the rare values. Absent for other
  /// rules, and when the largest value exceeds max_rare_mask_value (`rare_note` says which).
  std::optional<rare_values> rare;
  std::string rare_note;  // why there is no rare column, or ""
};

/**
 * Summarises g(0..N-1) of `game` (N >= 1): the period as find_period(g, game) reports it, the largest value and where
 * it first occurs, and for take-and-break codes leaving at most two heaps (some two) the rare values.
 * The mask: the one making fewest heaps of one period rare, and among those fewest of all of g(0..N-1) — when a
 * period (proven or observed) is known each heap of g(p..p+P-1) weighs N + 1, every other heap 1 — so that a game
 * whose rare heaps die out gets the mask under which none of its periodic heaps is rare, whatever N. Without a
 * period every heap weighs 1. Ties as fewest_rare_mask breaks them.
 * Complexity: O(N) for the largest value and the counts, plus the period search (period.hpp) and O(2^b · b) for the
 * mask, b the bit width of the largest value.
 *
 * Example: summarize_sequence(g(0..1199) of 0.45, game 0.45): period 20 from 498, proven; largest 8 at 37; mask f
 * (range), 11 rare heaps, the last at 198, all of them.
 */
sequence_summary summarize_sequence(std::span<const grundy_value> g, const turning_game& game);

/// The mask as published: hexadecimal digits, lower case, without a prefix ("1e").
std::string mask_hex(grundy_value mask);

}  // namespace tartan
