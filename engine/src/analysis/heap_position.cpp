#include "tartan/analysis/heap_position.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

take_break_code heap_rule(const game_handle& game) {
  if (game.is_product()) {
    throw parse_error(quote_typed(game.name()) +
                      " is a tartan product, played on boards; heaps are positions of a take-and-break game such as "
                      "kayles or 0.77: give the product's position as a board such as HT/TH");
  }
  const std::string& code = game.row_game().code();
  if (take_break_code::claims(code)) {
    try {
      return take_break_code::parse(code);
    } catch (const parse_error&) {
      // not a code after all: refused below
    }
  }
  throw parse_error(quote_typed(game.name()) +
                    " is a coin-turning game, not a take-and-break game; give its position as coins such as HTTH, "
                    "or heaps of a take-and-break game such as kayles, 0.07 or 4!.0");
}

std::vector<heap_size> parse_heaps(std::string_view text) {
  std::vector<heap_size> heaps;
  if (trim(text).empty()) return heaps;
  std::size_t item = 1;
  for (std::size_t start = 0;; ++item) {
    const std::size_t comma = text.find(',', start);
    const std::string_view typed = trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    try {
      heaps.push_back(parse_u64(typed, "heap"));
    } catch (const parse_error&) {
      throw parse_error("heaps item " + std::to_string(item) + ": " + quote_typed(typed) +
                        " is not a heap size; give sizes such as 5,7,9 (at most 18446744073709551615)");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return heaps;
}

std::string format_heaps(std::span<const heap_size> heaps) {
  std::string s;
  for (const heap_size h : heaps) {
    if (!s.empty()) s += ' ';
    s += std::to_string(h);
  }
  return s;
}

namespace {

/// The winning splits of r tokens into heaps a + b = r (1 <= a <= b) leaving `target`, past the values computed: a
/// below the preperiod p one by one (at most p of them), the others by residue. For a >= p (so b >= a >= p) the
/// period gives g(a) = g(p + (a - p) mod P) and g(b) = g(p + (b - p) mod P), and b - p = (r - 2p) - (a - p), so
/// whether a split wins depends on (a - p) mod P alone: the residues that win are found once, in O(P), and the splits
/// are the i = a - p in [lo, hi] with a winning residue.
class winning_splits {
 public:
  template <class ValueOf>
  winning_splits(const periodic_continuation& c, ValueOf&& value_of, heap_size r, grundy_value target) {
    const heap_size m = r / 2;  // the largest a
    p_ = c.period().preperiod;
    period_ = c.period().period;
    for (heap_size a = 1; a <= m && a < p_; ++a) {
      if ((value_of(a) ^ value_of(r - a)) == target) low_.push_back(a);
    }
    const heap_size first = std::max<heap_size>(p_, 1);
    if (m < first) return;
    lo_ = first - p_;
    hi_ = m - p_;
    const std::span<const grundy_value> periodic = c.prefix().subspan(static_cast<std::size_t>(p_));
    const std::uint64_t d = (r - 2 * p_) % period_;  // (b - p) ≡ d - (a - p) mod P
    for (std::uint64_t rho = 0; rho < period_; ++rho) {
      if ((periodic[rho] ^ periodic[(d + period_ - rho) % period_]) == target) residues_.push_back(rho);
    }
  }

  /// How many splits win.
  uint128 count() const {
    uint128 n = low_.size();
    if (residues_.empty()) return n;
    // #{i in [0, x] : i ≡ rho mod P}
    const auto up_to = [&](std::uint64_t x, std::uint64_t rho) -> uint128 {
      return x >= rho ? (x - rho) / period_ + 1 : 0;
    };
    for (const std::uint64_t rho : residues_) n += up_to(hi_, rho) - (lo_ == 0 ? 0 : up_to(lo_ - 1, rho));
    return n;
  }

  /// Passes each winning a, ascending, to visit(a) after skipping `skip` of them (whole periods at a time); false when
  /// visit stopped.
  template <class Visit>
  bool visit(uint128& skip, Visit&& f) const {
    for (const heap_size a : low_) {
      if (skip > 0) {
        --skip;
      } else if (!f(a)) {
        return false;
      }
    }
    if (residues_.empty()) return true;
    const std::uint64_t per_block = residues_.size();
    for (std::uint64_t q = lo_ / period_; q <= hi_ / period_; ++q) {
      const std::uint64_t start = q * period_;
      // Whole periods of splits inside [lo, hi] skipped at once.
      if (skip >= per_block && start >= lo_ && hi_ - start >= period_ - 1) {
        const std::uint64_t full = (hi_ - start + 1) / period_;  // blocks q, q + 1, ... wholly inside
        const std::uint64_t jump = static_cast<std::uint64_t>(std::min<uint128>(skip / per_block, full));
        skip -= uint128{jump} * per_block;
        q += jump - 1;
        continue;
      }
      for (const std::uint64_t rho : residues_) {
        const std::uint64_t i = start + rho;
        if (i < lo_) continue;
        if (i > hi_) return true;
        if (skip > 0) {
          --skip;
        } else if (!f(p_ + i)) {
          return false;
        }
      }
    }
    return true;
  }

 private:
  std::vector<heap_size> low_;  // the winning a below the preperiod
  std::uint64_t p_ = 0, period_ = 1;
  std::uint64_t lo_ = 1, hi_ = 0;        // i = a - p in [lo, hi] (empty when lo > hi)
  std::vector<std::uint64_t> residues_;  // the winning residues of i mod P, ascending
};

}  // namespace

heap_analysis::heap_analysis(const game_handle& game, std::vector<heap_size> heaps, const analyze_options& options)
    : game_(game), rule_(heap_rule(game)), heaps_(std::move(heaps)) {
  std::sort(heaps_.begin(), heaps_.end());
  const turning_game& row = game_.row_game();
  const heap_size largest = heaps_.empty() ? 0 : heaps_.back();
  // The time limit's advice in heaps, not values or coins.
  const auto in_heaps = [](const time_limit_error& e) {
    const std::uint64_t fits = e.fits();
    return time_limit_error(e.figures().asked, e.problem(),
                            fits > 0 ? "give heaps below " + std::to_string(fits) : "give smaller heaps",
                            e.estimate_seconds(), e.limit_seconds(), fits);
  };
  // A proven period answers every heap: the one the game knows, else one looked for when the heaps go past the probe.
  continuation_ = row.known_continuation();
  if (!continuation_ && largest >= turning_game::proof_probe) {
    try {
      continuation_ = row.continuation(turning_game::proof_probe, options.max_seconds, options.progress);
    } catch (const time_limit_error& e) {
      throw in_heaps(e);
    }
  }
  if (continuation_) {
    // The values the period repeats, as far as the heaps reach: larger heaps are answered by the period.
    const std::span<const grundy_value> prefix = continuation_->prefix();
    values_.assign(prefix.begin(),
                   prefix.begin() + static_cast<std::ptrdiff_t>(std::min<heap_size>(largest, prefix.size() - 1) + 1));
  } else {
    if (largest >= max_sequence_length) {
      throw limit_error("a heap of " + std::to_string(largest) + " needs g(0.." + std::to_string(largest) +
                        "), more than the " + std::to_string(max_sequence_length) +
                        " values tartan computes at once, and no proven period of " + game_.name() +
                        " answers it; give heaps below " + std::to_string(max_sequence_length));
    }
    const auto count = static_cast<std::size_t>(largest) + 1;
    try {
      check_sequence_lengths(std::vector<std::size_t>{count}, options.max_memory);
    } catch (const limit_error& e) {
      // The values are asked for by the largest heap: the advice names heaps, not values or coins.
      const std::optional<std::uint64_t> fits = e.suggestion();
      throw limit_error(e.problem(),
                        fits && *fits > 0 ? "give heaps below " + std::to_string(*fits) : "give smaller heaps",
                        e.figures());
    }
    try {
      values_ = row.sequence(count, options.max_seconds, options.progress);
    } catch (const time_limit_error& e) {
      throw in_heaps(e);
    }
  }
  if (largest < values_.size()) continuation_ = nullptr;  // every heap within the values: the period answers none
  for (const heap_size h : heaps_) value_ ^= value_of(h);
}

std::vector<heap_size> heap_analysis::coin_heads() const {
  std::vector<heap_size> heads;
  for (std::size_t i = 0; i < heaps_.size();) {
    std::size_t j = i;
    while (j < heaps_.size() && heaps_[j] == heaps_[i]) ++j;
    if ((j - i) % 2 == 1) heads.push_back(heaps_[i]);
    i = j;
  }
  return heads;
}

namespace {

/**
 * The moves of a heap of h whose heaps left are worth `target`, in take_break_code::for_each_heap_move's order, each
 * passed to move(take, leaving) after `skip` of them are passed over; false when `move` or the search stopped it. A
 * heap within the values computed has its moves found in place (take_break_code::find_heap_moves); a larger one,
 * answered by the period (whose rule the Guy–Smith theorem covers: no d_0, no '!', at most two heaps left), has at
 * most one move leaving nothing or one heap per number of tokens taken, and its winning splits (winning_splits). With
 * `count` set, the moves are counted into it instead of visited (skip unused). Runs under the search's
 * detail::search_scope.
 */
template <class Move>
bool heap_moves_to(const heap_analysis& a, heap_size h, grundy_value target, search_stop& stop, uint128& skip,
                   uint128* count, Move&& move) {
  const take_break_code& rule = a.rule();
  const std::span<const grundy_value> values = a.values();
  if (h < values.size()) {
    const auto n = static_cast<coin>(h);
    if (count != nullptr) {
      *count += rule.count_heap_moves(n, target, values);
      return stop.keep_going();
    }
    // skip comes from a 64-bit offset: it fits.
    auto left = static_cast<std::uint64_t>(skip);
    const bool going = rule.find_heap_moves(n, target, values, left, [&](coin take, std::span<const coin> leaving) {
      const heap_size heaps[3] = {leaving.size() > 0 ? leaving[0] : 0, leaving.size() > 1 ? leaving[1] : 0,
                                  leaving.size() > 2 ? leaving[2] : 0};
      return move(take, std::span<const heap_size>(heaps, leaving.size())) && stop.keep_going();
    });
    skip = left;
    return going;
  }
  const periodic_continuation& period = *a.continuation();
  TARTAN_ASSERT(rule.digit(0) == 0 && rule.max_heaps() <= 2 && period.period().saltus == 0,
                "a heap past the values computed is answered by a Guy–Smith period");
  const auto value_of = [&](heap_size n) { return a.value_of(n); };
  const auto one = [&](coin take, std::span<const heap_size> leaving) {
    if (count != nullptr) {
      ++*count;
      return true;
    }
    if (skip > 0) {
      --skip;
      return true;
    }
    return move(take, leaving);
  };
  for (coin k = 1; k <= rule.max_take() && k <= h; ++k) {
    if (!stop.keep_going()) return false;
    const std::uint8_t d = rule.digit(k);
    const heap_size r = h - k;
    if ((d & take_break_code::leaves_nothing) != 0 && r == 0 && target == 0 && !one(k, {})) return false;
    if ((d & take_break_code::leaves_one) != 0 && r >= 1 && value_of(r) == target) {
      if (!one(k, std::span<const heap_size>(&r, 1))) return false;
    }
    if ((d & take_break_code::leaves_two) != 0 && r >= 2) {
      const winning_splits splits(period, value_of, r, target);
      if (count != nullptr) {
        *count += splits.count();
        continue;
      }
      const bool going = splits.visit(skip, [&](heap_size low) {
        if (!stop.keep_going()) return false;
        const heap_size pair[2] = {low, r - low};
        return move(k, std::span<const heap_size>(pair, 2));
      });
      if (!going) return false;
    }
  }
  return true;
}

}  // namespace

search_report heap_analysis::for_each_winning_move(heap_move_callback visit, const search_options& limits,
                                                   std::uint64_t skip) const {
  return for_each_move_to(0, visit, limits, skip);
}

search_report heap_analysis::for_each_move_to(grundy_value target, heap_move_callback visit,
                                              const search_options& limits, std::uint64_t skip) const {
  std::vector<heap_size> sizes = heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  const detail::search_scope scope(&stop);
  uint128 left = skip;
  heap_move m;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    const heap_size h = sizes[i];
    // A move in heap h leaves `target` when the heaps it leaves are worth g(h) XOR the whole XOR target.
    const bool going = heap_moves_to(*this, h, value_ ^ value_of(h) ^ target, stop, left, nullptr,
                                     [&](coin take, std::span<const heap_size> leaving) {
                                       m.take = take;
                                       m.from = h;
                                       m.leaving.assign(leaving.begin(), leaving.end());
                                       if (visit(m)) return true;
                                       stop.visitor_stopped();
                                       return false;
                                     });
    if (!going) break;
  }
  return {stop.end(), stop.coins_done(), sizes.size(), skip - static_cast<std::uint64_t>(left)};
}

heap_move_count heap_analysis::count_winning_moves(const search_options& limits) const {
  return count_moves_to(0, limits);
}

heap_move_count heap_analysis::count_moves_to(grundy_value target, const search_options& limits) const {
  std::vector<heap_size> sizes = heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  const detail::search_scope scope(&stop);
  heap_move_count counted;
  uint128 no_skip = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    const heap_size h = sizes[i];
    const bool going = heap_moves_to(*this, h, value_ ^ value_of(h) ^ target, stop, no_skip, &counted.moves,
                                     [](coin, std::span<const heap_size>) { return true; });
    if (!going) break;
  }
  counted.search = {stop.end(), stop.coins_done(), sizes.size(), 0};
  return counted;
}

}  // namespace tartan
