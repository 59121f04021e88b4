#include "tartan/play/heap_play.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/period.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

namespace {

/// "a heap of 4", "heaps of 1 and 4", "heaps of 1, 2 and 3", "nothing".
std::string leaving_words(const std::vector<heap_size>& left) {
  if (left.empty()) return "nothing";
  if (left.size() == 1) return "a heap of " + std::to_string(left[0]);
  std::string text = "heaps of ";
  for (std::size_t i = 0; i < left.size(); ++i) {
    if (i != 0) text += i + 1 == left.size() ? " and " : ", ";
    text += std::to_string(left[i]);
  }
  return text;
}

misere_heap_options misere_limits(const analyze_options& limits) {
  misere_heap_options options;
  options.max_memory = limits.max_memory;
  options.max_seconds = limits.max_seconds;
  return options;
}

}  // namespace

heap_move parse_heap_move(std::string_view text) {
  const std::string advice =
      "type a heap move as take 2 from 7 leaving 1 4 (or 2 7 1 4: taken, heap, heaps left), or split 7 into 3 4";
  bool split = false;
  std::vector<heap_size> numbers;
  std::string word;
  const auto take_word = [&] {
    if (word.empty()) return;
    std::string lower = word;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    word.clear();
    static const char* const fillers[] = {"take",    "from", "the", "heap", "heaps",  "of",
                                          "leaving", "a",    "and", "into", "nothing"};
    if (lower == "split" && numbers.empty() && !split) {
      split = true;
      return;
    }
    for (const char* f : fillers) {
      if (lower == f) return;
    }
    try {
      numbers.push_back(parse_u64(lower, "heap"));
    } catch (const parse_error&) {
      throw parse_error(quote_typed(lower, 20) + " is not a number of tokens or a heap; " + advice);
    }
  };
  for (const char c : text) {
    if (c == ' ' || c == ',' || c == '\t') {
      take_word();
    } else {
      word += c;
    }
  }
  take_word();
  if (numbers.size() < (split ? 1U : 2U)) throw parse_error("that is not a whole heap move; " + advice);
  heap_move m;
  std::size_t next = 0;
  if (!split) {
    if (numbers[0] > take_break_code::max_digits) {
      throw parse_error(std::to_string(numbers[0]) + " tokens taken at once: no code takes more than " +
                        std::to_string(take_break_code::max_digits) + "; " + advice);
    }
    m.take = static_cast<coin>(numbers[next++]);
  }
  m.from = numbers[next++];
  m.leaving.assign(numbers.begin() + static_cast<std::ptrdiff_t>(next), numbers.end());
  if (split && m.leaving.empty()) throw parse_error("a split leaves heaps; " + advice);
  return m;
}

heap_play_session::heap_play_session(const game_handle& game, std::vector<heap_size> heaps, player first,
                                     std::uint64_t seed, const analyze_options& limits, play_convention convention)
    : game_(game), limits_(limits), to_move_(first), rng_(seed) {
  limits_.progress = {};
  if (convention == play_convention::misere) {
    misere_ = analyze_misere_heaps(game, misere_heap_sizes(heaps), misere_limits(limits_));
  }
  current_.emplace(game, std::move(heaps), limits_);
}

bool heap_play_session::over() const {
  const std::vector<heap_size>& h = heaps();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i > 0 && h[i] == h[i - 1]) continue;
    if (can_move(h[i])) return false;
  }
  return true;
}

std::string heap_play_session::illegal_reason(const heap_move& m) const {
  const std::vector<heap_size>& h = heaps();
  if (!std::binary_search(h.begin(), h.end(), m.from)) {
    return "there is no heap of " + std::to_string(m.from) + "; the heaps are " +
           (h.empty() ? std::string("none") : format_heaps(h));
  }
  std::vector<heap_size> left = m.leaving;
  std::sort(left.begin(), left.end());
  uint128 tokens = m.take;
  for (const heap_size c : left) tokens += c;
  if (std::find(left.begin(), left.end(), heap_size{0}) != left.end() || tokens != m.from) {
    return "taking " + std::to_string(m.take) + " and leaving " + leaving_words(left) + " does not account for " +
           "the heap of " + std::to_string(m.from) + "; the tokens taken and the heaps left (none empty) make the heap";
  }
  if (current_->rule().allows_heap_move(m.take, m.from, left)) return "";
  const std::string name = game().name() + " (code " + game().row_game().code() + ")";
  if (m.take == 0)
    return name + " has no move that splits a heap of " + std::to_string(m.from) + " into " +
           leaving_words(left).substr(left.size() == 1 ? 10 : 9);
  return name + " has no move that takes " + std::to_string(m.take) + " from a heap of " + std::to_string(m.from) +
         ", leaving " + leaving_words(left);
}

void heap_play_session::apply(const heap_move& m) {
  std::vector<heap_size> next = heaps();
  next.erase(std::find(next.begin(), next.end(), m.from));
  next.insert(next.end(), m.leaving.begin(), m.leaving.end());
  before_.push_back(heaps());
  if (misere_) misere_ = analyze_misere_heaps(misere_->solver(), misere_heap_sizes(next), misere_limits(limits_));
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
  std::vector<heap_size> movable;
  const std::vector<heap_size>& h = heaps();
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i > 0 && h[i] == h[i - 1]) continue;
    if (can_move(h[i])) movable.push_back(h[i]);
  }
  return draw_move(movable[rng_() % movable.size()]);
}

heap_move heap_play_session::draw_move(heap_size from) {
  heap_move chosen;
  chosen.from = from;
  const take_break_code& rule = current_->rule();
  if (!guy_smith_applies(rule)) {
    // Moves listed, one of them drawn, each as likely.
    std::uint64_t count = 0;
    rule.for_each_heap_move(static_cast<coin>(from), [&](coin, std::span<const coin>) {
      ++count;
      return true;
    });
    std::uint64_t pick = rng_() % count;
    rule.for_each_heap_move(static_cast<coin>(from), [&](coin take, std::span<const coin> leaving) {
      if (pick-- != 0) return true;
      chosen.take = take;
      chosen.leaving.assign(leaving.begin(), leaving.end());
      return false;
    });
    return chosen;
  }
  // A code without d_0 or '!' whose moves leave at most two heaps (every code a period answers heaps of any size
  // for): per number of tokens k taken, one move leaving nothing or one heap, and ⌊r / 2⌋ splits of the r left, in
  // for_each_heap_move's order; the move of the rank drawn, each as likely, as listing them would give it.
  const auto moves_taking = [&](coin k, heap_size r) -> uint128 {
    const std::uint8_t d = rule.digit(k);
    uint128 n = 0;
    if ((d & take_break_code::leaves_nothing) != 0 && r == 0) ++n;
    if ((d & take_break_code::leaves_one) != 0 && r >= 1) ++n;
    if ((d & take_break_code::leaves_two) != 0) n += r / 2;
    return n;
  };
  uint128 total = 0;
  for (coin k = 1; k <= rule.max_take() && k <= from; ++k) total += moves_taking(k, from - k);
  uint128 pick = total <= UINT64_MAX ? rng_() % total : ((uint128{rng_()} << 64) | rng_()) % total;
  for (coin k = 1; k <= rule.max_take() && k <= from; ++k) {
    const heap_size r = from - k;
    const uint128 here = moves_taking(k, r);
    if (pick >= here) {
      pick -= here;
      continue;
    }
    chosen.take = k;
    const std::uint8_t d = rule.digit(k);
    if ((d & take_break_code::leaves_nothing) != 0 && r == 0) return chosen;
    if ((d & take_break_code::leaves_one) != 0 && r >= 1) {
      if (pick == 0) {
        chosen.leaving = {r};
        return chosen;
      }
      --pick;
    }
    const auto a = static_cast<heap_size>(pick) + 1;
    chosen.leaving = {a, r - a};
    return chosen;
  }
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

std::vector<heap_move_review> heap_play_session::review() const {
  std::vector<heap_move_review> out;
  std::optional<heap_analysis> before;
  std::optional<misere_heap_analysis> misere_before;
  if (misere_ && !history_.empty())
    misere_before = analyze_misere_heaps(misere_->solver(), misere_heap_sizes(before_[0]), misere_limits(limits_));
  for (std::size_t i = 0; i < history_.size(); ++i) {
    if (!before) before.emplace(game(), before_[i], limits_);
    heap_move_review r;
    r.played = history_[i];
    r.before = before->value();
    std::optional<heap_analysis> after;
    if (i + 1 < before_.size()) {
      after.emplace(game(), before_[i + 1], limits_);
    } else {
      after.emplace(*current_);
    }
    r.after = after->value();
    if (misere_before) {
      misere_heap_analysis misere_after =
          analyze_misere_heaps(misere_->solver(), misere_heap_sizes(i + 1 < before_.size() ? before_[i + 1] : heaps()),
                               misere_limits(limits_));
      r.outcome_before = misere_before->outcome();
      r.outcome_after = misere_after.outcome();
      if (r.mistake()) {
        const std::vector<heap_move> better = misere_before->winning_moves(1);
        if (!better.empty()) r.better = better.front();
      }
      misere_before = std::move(misere_after);
    } else if (r.mistake()) {
      before->for_each_winning_move([&](const heap_move& m) {
        r.better = m;
        return false;
      });
    }
    out.push_back(std::move(r));
    before = std::move(after);
  }
  return out;
}

bool heap_play_session::undo() {
  if (history_.empty()) return false;
  if (misere_) {
    misere_ = analyze_misere_heaps(misere_->solver(), misere_heap_sizes(before_.back()), misere_limits(limits_));
  }
  current_.emplace(game(), before_.back(), limits_);
  before_.pop_back();
  to_move_ = history_.back().by;
  history_.pop_back();
  return true;
}

}  // namespace tartan
