#include "tartan/analysis/sum.hpp"

#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan {

namespace {

void check_not_empty(const std::vector<sum_term>& terms) {
  if (terms.empty()) throw parse_error("a sum needs at least one position; give GAME POSITION terms joined by +");
}

}  // namespace

sum_term heap_term(const game_handle& game, std::vector<heap_size> heaps, std::size_t term) {
  try {
    static_cast<void>(heap_rule(game));
  } catch (const parse_error& e) {
    throw parse_error("term " + std::to_string(term) + " of the sum: " + e.what());
  }
  sum_term t{game, box_region(), std::move(heaps)};
  return t;
}

std::uint64_t term_analysis::searched_units() const {
  if (!heaps_) return coins_->position().head_count();
  std::uint64_t sizes = 0;
  const std::vector<heap_size>& h = heaps_->heaps();
  for (std::size_t i = 0; i < h.size(); ++i) sizes += i == 0 || h[i] != h[i - 1] ? 1 : 0;
  return sizes;
}

search_report term_analysis::for_each_move_to(std::size_t term, grundy_value target, const sum_move_callback& visit,
                                              const search_options& limits, std::uint64_t skip) const {
  sum_move made;
  made.term = term;
  if (heaps_) {
    return heaps_->for_each_move_to(
        target,
        [&](const heap_move& m) {
          made.heap = m;
          return visit(made);
        },
        limits, skip);
  }
  return coins_->for_each_move_to(
      target,
      [&](const move& m) {
        made.coins = m;
        return visit(made);
      },
      limits, skip);
}

sum_analysis::sum_analysis(const std::vector<sum_term>& terms, const analyze_options& options) {
  check_not_empty(terms);
  terms_.reserve(terms.size());
  for (const sum_term& t : terms) {
    if (t.heaps) {
      terms_.emplace_back(heap_analysis(t.game, *t.heaps, options));
    } else {
      terms_.emplace_back(analyze(t.game, t.position.to_position(options.max_memory), options));
    }
    value_ ^= terms_.back().value();
  }
}

bool sum_analysis::for_each_winning_move(const sum_move_callback& visit) const {
  if (value_ == 0) return true;
  for (std::size_t i = 0; i < terms_.size(); ++i) {
    const search_report r = terms_[i].for_each_move_to(i, terms_[i].value() ^ value_, visit);
    if (!r.complete()) return false;
  }
  return true;
}

std::vector<sum_move> sum_analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<sum_move> page;
  if (limit == 0 || value_ == 0) return page;
  std::uint64_t left = skip;  // the moves still to pass over, counted off term by term
  for (std::size_t i = 0; i < terms_.size() && page.size() < limit; ++i) {
    const search_report r = terms_[i].for_each_move_to(
        i, terms_[i].value() ^ value_,
        [&](const sum_move& m) {
          page.push_back(m);
          return page.size() < limit;
        },
        search_options{}, left);
    left -= r.skipped;
  }
  return page;
}

namespace {

/// A term of heaps counted as move_count.hpp counts a position: its heaps as heads, its value, and its moves changing
/// the value by `change`.
move_count_result count_heap_term(const sum_term& t, grundy_value change, const analyze_options& options) {
  const heap_analysis a(t.game, *t.heaps, options);
  move_count_result r;
  r.heads = t.heaps->size();
  r.value = a.value();
  search_options limits = search_options::within(options.max_seconds);
  limits.progress = options.count_progress ? options.count_progress : options.progress;
  const heap_move_count counted = a.count_moves_to(a.value() ^ change, limits);
  if (counted.search.end == search_end::time_limit) {
    throw time_limit_error("the count of the moves of " + std::to_string(t.heaps->size()) + " heaps",
                           "the count of the heaps' moves reached the time limit", "count a sum of fewer heaps",
                           options.max_seconds, options.max_seconds, 0, true);
  }
  if (counted.search.end == search_end::cancelled) {
    throw cancelled_error("the count of the moves of " + std::to_string(t.heaps->size()) +
                          " heaps stopped before its end");
  }
  r.winning_moves = counted.moves;
  return r;
}

move_count_result count_term(const sum_term& t, grundy_value change, const analyze_options& options) {
  return t.heaps ? count_heap_term(t, change, options)
                 : count_moves_changing_value(t.game, t.position, change, options);
}

}  // namespace

sum_count_result count_sum_winning_moves(const std::vector<sum_term>& terms, const analyze_options& options) {
  check_not_empty(terms);
  sum_count_result result;
  // First each term's value (the count with no change asked for computes it and caches the sequences), then each
  // term's moves changing it by the sum's value.
  for (const sum_term& t : terms) {
    result.value ^= t.heaps ? heap_analysis(t.game, *t.heaps, options).value()
                            : count_moves_changing_value(t.game, t.position, 0, options).value;
  }
  for (const sum_term& t : terms) {
    result.terms.push_back(count_term(t, result.value, options));
    const uint128 before = result.winning_moves;
    result.winning_moves += result.terms.back().winning_moves;
    if (result.winning_moves < before) {
      throw overflow_error("the number of winning moves exceeds 2^128; count a smaller sum");
    }
  }
  return result;
}

}  // namespace tartan
