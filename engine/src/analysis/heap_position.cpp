#include "tartan/analysis/heap_position.hpp"

#include <algorithm>
#include <optional>
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

std::vector<coin> parse_heaps(std::string_view text) {
  std::vector<coin> heaps;
  if (trim(text).empty()) return heaps;
  std::size_t item = 1;
  for (std::size_t start = 0;; ++item) {
    const std::size_t comma = text.find(',', start);
    const std::string_view typed = trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    try {
      heaps.push_back(static_cast<coin>(parse_u64(typed, "heap", UINT32_MAX)));
    } catch (const parse_error&) {
      throw parse_error("heaps item " + std::to_string(item) + ": " + quote_typed(typed) +
                        " is not a heap size; give sizes such as 5,7,9 (below 2^32)");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return heaps;
}

heap_analysis::heap_analysis(const game_handle& game, std::vector<coin> heaps, const analyze_options& options)
    : game_(game), rule_(heap_rule(game)), heaps_(std::move(heaps)) {
  std::sort(heaps_.begin(), heaps_.end());
  const std::size_t count = heaps_.empty() ? 1 : static_cast<std::size_t>(heaps_.back()) + 1;
  const std::vector<std::size_t> needed{count};
  if (count > max_sequence_length) {
    throw limit_error("a heap of " + std::to_string(count - 1) + " needs g(0.." + std::to_string(count - 1) +
                      "), more than the " + std::to_string(max_sequence_length) +
                      " values tartan computes at once; give heaps below " + std::to_string(max_sequence_length));
  }
  try {
    check_sequence_lengths(needed, options.max_memory);
  } catch (const limit_error& e) {
    // The values are asked for by the largest heap: the advice names heaps, not values or coins.
    const std::optional<std::uint64_t> fits = e.suggestion();
    throw limit_error(e.problem(),
                      fits && *fits > 0 ? "give heaps below " + std::to_string(*fits) : "give smaller heaps",
                      e.figures());
  }
  try {
    values_ = game_.row_game().sequence(count, options.max_seconds, options.progress);
  } catch (const time_limit_error& e) {
    // The same for the time limit: the heaps fitting the time, not the values.
    const std::uint64_t fits = e.fits();
    throw time_limit_error(e.figures().asked, e.problem(),
                           fits > 0 ? "give heaps below " + std::to_string(fits) : "give smaller heaps",
                           e.estimate_seconds(), e.limit_seconds(), fits);
  }
  for (const coin h : heaps_) value_ ^= values_[h];
}

std::vector<coin> heap_analysis::coin_heads() const {
  std::vector<coin> heads;
  for (std::size_t i = 0; i < heaps_.size();) {
    std::size_t j = i;
    while (j < heaps_.size() && heaps_[j] == heaps_[i]) ++j;
    if ((j - i) % 2 == 1) heads.push_back(heaps_[i]);
    i = j;
  }
  return heads;
}

search_report heap_analysis::for_each_winning_move(heap_move_callback visit, const search_options& limits,
                                                   std::uint64_t skip) const {
  std::vector<coin> sizes = heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  const detail::search_scope scope(&stop);
  std::uint64_t left = skip;
  heap_move m;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    const coin h = sizes[i];
    // A move in heap h wins when the heaps it leaves have the value of the other heaps: g(h) XOR the whole.
    const bool going =
        rule_.find_heap_moves(h, value_ ^ values_[h], values_, left, [&](coin take, std::span<const coin> leaving) {
          m.take = take;
          m.from = h;
          m.leaving.assign(leaving.begin(), leaving.end());
          if (!visit(m)) {
            stop.visitor_stopped();
            return false;
          }
          return stop.keep_going();
        });
    if (!going) break;
  }
  return {stop.end(), stop.coins_done(), sizes.size(), skip - left};
}

std::uint64_t heap_analysis::count_winning_moves(const search_options& limits, search_report& report) const {
  std::vector<coin> sizes = heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  const detail::search_scope scope(&stop);
  std::uint64_t count = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    count += rule_.count_heap_moves(sizes[i], value_ ^ values_[sizes[i]], values_);
  }
  report = {stop.end(), stop.coins_done(), sizes.size(), 0};
  return count;
}

}  // namespace tartan
