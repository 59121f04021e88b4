#include "tartan/play/heap_play.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "tartan/core/search_stop.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

namespace {

/// "a heap of 4", "heaps of 1 and 4", "heaps of 1, 2 and 3", "nothing".
std::string leaving_words(const std::vector<coin>& left) {
  if (left.empty()) return "nothing";
  if (left.size() == 1) return "a heap of " + std::to_string(left[0]);
  std::string text = "heaps of ";
  for (std::size_t i = 0; i < left.size(); ++i) {
    if (i != 0) text += i + 1 == left.size() ? " and " : ", ";
    text += std::to_string(left[i]);
  }
  return text;
}

}  // namespace

namespace {

misere_heap_options misere_limits(const analyze_options& limits) {
  misere_heap_options options;
  options.max_memory = limits.max_memory;
  options.max_seconds = limits.max_seconds;
  return options;
}

}  // namespace

heap_play_session::heap_play_session(const game_handle& game, std::vector<coin> heaps, player first, std::uint64_t seed,
                                     const analyze_options& limits, play_convention convention)
    : game_(game), limits_(limits), to_move_(first), rng_(seed) {
  limits_.progress = {};
  if (convention == play_convention::misere) misere_ = analyze_misere_heaps(game, heaps, misere_limits(limits_));
  current_.emplace(game, std::move(heaps), limits_);
}

bool heap_play_session::over() const {
  const std::vector<coin>& h = heaps();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i > 0 && h[i] == h[i - 1]) continue;
    if (!current_->rule().for_each_heap_move(h[i], [](coin, std::span<const coin>) { return false; })) return false;
  }
  return true;
}

std::string heap_play_session::illegal_reason(const heap_move& m) const {
  const std::vector<coin>& h = heaps();
  if (!std::binary_search(h.begin(), h.end(), m.from)) {
    return "there is no heap of " + std::to_string(m.from) + "; the heaps are " +
           (h.empty() ? std::string("none") : format_coins(h));
  }
  std::vector<coin> left = m.leaving;
  std::sort(left.begin(), left.end());
  std::uint64_t tokens = m.take;
  for (const coin c : left) tokens += c;
  if (std::find(left.begin(), left.end(), coin{0}) != left.end() || tokens != m.from) {
    return "taking " + std::to_string(m.take) + " and leaving " + leaving_words(left) + " does not account for " +
           "the heap of " + std::to_string(m.from) + "; the tokens taken and the heaps left (none empty) make the heap";
  }
  bool found = false;
  current_->rule().for_each_heap_move(m.from, [&](coin take, std::span<const coin> leaving) {
    found = take == m.take && std::equal(leaving.begin(), leaving.end(), left.begin(), left.end());
    return !found;
  });
  if (found) return "";
  const std::string name = game().name() + " (code " + game().row_game().code() + ")";
  if (m.take == 0)
    return name + " has no move that splits a heap of " + std::to_string(m.from) + " into " +
           leaving_words(left).substr(left.size() == 1 ? 10 : 9);
  return name + " has no move that takes " + std::to_string(m.take) + " from a heap of " + std::to_string(m.from) +
         ", leaving " + leaving_words(left);
}

void heap_play_session::apply(const heap_move& m) {
  std::vector<coin> next = heaps();
  next.erase(std::find(next.begin(), next.end(), m.from));
  next.insert(next.end(), m.leaving.begin(), m.leaving.end());
  before_.push_back(heaps());
  if (misere_) misere_ = analyze_misere_heaps(misere_->solver(), next, misere_limits(limits_));
  current_.emplace(game(), std::move(next), limits_);
  history_.push_back({m, to_move_});
  to_move_ = opponent(to_move_);
}

void heap_play_session::play(const heap_move& m) {
  const std::string why = illegal_reason(m);
  if (!why.empty()) throw illegal_move(why);
  heap_move made = m;
  std::sort(made.leaving.begin(), made.leaving.end());
  apply(made);
}

heap_move heap_play_session::choose_move() {
  reply_timed_out_ = false;
  if (outcome() != 'P') {
    std::vector<heap_move> winning;
    const search_report r = winning_moves_of(
        [&](const heap_move& m) {
          winning.push_back(m);
          return winning.size() < 16;
        },
        search_options::within(limits_.max_seconds));
    if (!winning.empty()) return winning[rng_() % winning.size()];
    reply_timed_out_ = r.interrupted();
  }
  // A drawn legal move: a heap size that can move, then one of its moves.
  std::vector<coin> movable;
  const std::vector<coin>& h = heaps();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i > 0 && h[i] == h[i - 1]) continue;
    if (!current_->rule().for_each_heap_move(h[i], [](coin, std::span<const coin>) { return false; })) {
      movable.push_back(h[i]);
    }
  }
  const coin from = movable[rng_() % movable.size()];
  std::uint64_t count = 0;
  current_->rule().for_each_heap_move(from, [&](coin, std::span<const coin>) {
    ++count;
    return true;
  });
  std::uint64_t pick = rng_() % count;
  heap_move chosen;
  chosen.from = from;
  current_->rule().for_each_heap_move(from, [&](coin take, std::span<const coin> leaving) {
    if (pick-- != 0) return true;
    chosen.take = take;
    chosen.leaving.assign(leaving.begin(), leaving.end());
    return false;
  });
  return chosen;
}

search_report heap_play_session::winning_moves_of(heap_move_callback visit, const search_options& limits) const {
  return misere_ ? misere_->for_each_winning_move(visit, limits) : current_->for_each_winning_move(visit, limits);
}

heap_move heap_play_session::engine_move() {
  const heap_move m = choose_move();
  apply(m);
  return m;
}

std::optional<heap_move> heap_play_session::hint() const {
  std::optional<heap_move> first;
  if (outcome() == 'P') return first;
  winning_moves_of(
      [&](const heap_move& m) {
        first = m;
        return false;
      },
      search_options::within(limits_.max_seconds));
  return first;
}

bool heap_play_session::undo() {
  if (history_.empty()) return false;
  if (misere_) misere_ = analyze_misere_heaps(misere_->solver(), before_.back(), misere_limits(limits_));
  current_.emplace(game(), before_.back(), limits_);
  before_.pop_back();
  to_move_ = history_.back().by;
  history_.pop_back();
  return true;
}

}  // namespace tartan
