#include "tartan/analysis/sum.hpp"

#include <utility>

#include "tartan/core/error.hpp"

namespace tartan {

namespace {

void check_not_empty(const std::vector<sum_term>& terms) {
  if (terms.empty()) throw parse_error("a sum needs at least one position; give GAME POSITION terms joined by +");
}

}  // namespace

sum_analysis::sum_analysis(const std::vector<sum_term>& terms, const analyze_options& options) {
  check_not_empty(terms);
  terms_.reserve(terms.size());
  for (const sum_term& t : terms) {
    terms_.push_back(analyze(t.game, t.position.to_position(options.max_memory), options));
    value_ ^= terms_.back().value();
  }
}

bool sum_analysis::for_each_winning_move(const std::function<bool(std::size_t, const move&)>& visit) const {
  if (value_ == 0) return true;
  for (std::size_t i = 0; i < terms_.size(); ++i) {
    const bool finished =
        terms_[i].for_each_move_to(terms_[i].value() ^ value_, [&](const move& m) { return visit(i, m); });
    if (!finished) return false;
  }
  return true;
}

std::vector<std::pair<std::size_t, move>> sum_analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<std::pair<std::size_t, move>> page;
  if (limit == 0 || value_ == 0) return page;
  std::uint64_t left = skip;  // the moves still to pass over, counted off term by term
  for (std::size_t i = 0; i < terms_.size() && page.size() < limit; ++i) {
    const search_report r = terms_[i].for_each_move_to(
        terms_[i].value() ^ value_,
        [&](const move& m) {
          page.emplace_back(i, m);
          return page.size() < limit;
        },
        search_options{}, left);
    left -= r.skipped;
  }
  return page;
}

sum_count_result count_sum_winning_moves(const std::vector<sum_term>& terms, const analyze_options& options) {
  check_not_empty(terms);
  sum_count_result result;
  // First each term's value (the count with no change asked for computes it and caches the sequences), then each
  // term's moves changing it by the sum's value.
  for (const sum_term& t : terms) result.value ^= count_moves_changing_value(t.game, t.position, 0, options).value;
  for (const sum_term& t : terms) {
    result.terms.push_back(count_moves_changing_value(t.game, t.position, result.value, options));
    const uint128 before = result.winning_moves;
    result.winning_moves += result.terms.back().winning_moves;
    if (result.winning_moves < before) {
      throw overflow_error("the number of winning moves exceeds 2^128; count a smaller sum");
    }
  }
  return result;
}

}  // namespace tartan
