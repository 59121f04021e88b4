#include "tartan/play/sum_play.hpp"

#include <algorithm>
#include <utility>

#include "tartan/core/time_limit.hpp"

namespace tartan {

namespace {

/// How many winning moves the engine chooses among, as play_session does.
constexpr std::size_t sum_engine_choices = 16;

}  // namespace

sum_play_session::sum_play_session(std::vector<sum_term> terms, player first, std::uint64_t seed,
                                   const analyze_options& limits, play_convention convention)
    : limits_(limits), convention_(convention), to_move_(first), rng_(seed) {
  limits_.progress = {};
  if (terms.empty()) throw parse_error("a sum needs at least one position; give GAME POSITION terms joined by +");
  for (std::size_t i = 0; i < terms.size(); ++i) {
    sum_term& t = terms[i];
    if (t.is_heaps()) {
      heaps_.emplace_back(std::in_place, t.game, *t.heaps, player::person, seed + i, limits_);
      coins_.emplace_back();
      t.heaps = heaps_.back()->heaps();
    } else {
      coins_.emplace_back(std::in_place, t.game, t.position.to_position(limits_.max_memory), player::person, seed + i,
                          limits_);
      heaps_.emplace_back();
      t.position = box_region(coins_.back()->position());
    }
  }
  terms_ = std::move(terms);
  analyse(terms_, normal_, misere_);
  if (misere_) {
    if (misere_->outcome() == '?') {
      throw time_limit_error("the misère outcome of the sum", misere_->stopped_where(),
                             "give a start of fewer or smaller terms, or raise the time limit", limits_.max_seconds,
                             limits_.max_seconds, 0);
    }
    rows_quotient_ = misere_->shared_quotient();
    heap_solver_ = misere_->heap_solver();
  }
}

void sum_play_session::analyse(const std::vector<sum_term>& terms, std::optional<sum_analysis>& normal,
                               std::optional<misere_sum_analysis>& misere) const {
  if (convention_ == play_convention::normal) {
    normal.emplace(terms, limits_);
    return;
  }
  misere_sum_options options;
  options.max_memory = limits_.max_memory;
  options.max_seconds = limits_.max_seconds;
  options.rows_quotient = rows_quotient_;
  options.heap_solver = heap_solver_;
  misere.emplace(analyze_misere_sum(terms, options));
}

bool sum_play_session::over() const {
  for (std::size_t i = 0; i < terms_.size(); ++i) {
    if (coins_[i] ? !coins_[i]->over() : !heaps_[i]->over()) return false;
  }
  return true;
}

player sum_play_session::winner() const {
  TARTAN_ASSERT(over(), "the game is not over");
  return misere() ? to_move_ : opponent(to_move_);
}

std::string sum_play_session::illegal_reason(const sum_move& m) const {
  if (m.term >= terms_.size()) {
    return "there is no term " + std::to_string(m.term) + "; the terms are numbered 0 to " +
           std::to_string(terms_.size() - 1);
  }
  const std::string term = "term " + std::to_string(m.term) + ": ";
  if (heaps_[m.term] && !m.heap) return term + "its position is heaps; give a heap move, e.g. take 1 from 3 leaving 2";
  if (coins_[m.term] && m.heap) return term + "its position is coins; give the coins to turn";
  const std::string why = m.heap ? heaps_[m.term]->illegal_reason(*m.heap) : coins_[m.term]->illegal_reason(m.coins);
  return why.empty() ? why : term + why;
}

std::vector<sum_term> sum_play_session::after(const sum_move& m) const {
  std::vector<sum_term> next = terms_;
  sum_term& t = next[m.term];
  if (m.heap) {
    std::vector<heap_size>& h = *t.heaps;
    h.erase(std::find(h.begin(), h.end(), m.heap->from));
    h.insert(h.end(), m.heap->leaving.begin(), m.heap->leaving.end());
    std::sort(h.begin(), h.end());
  } else {
    box_position p = coins_[m.term]->position();
    p.turn(m.coins);
    t.position = box_region(p);
  }
  return next;
}

void sum_play_session::apply(const sum_move& m) {
  std::vector<sum_term> next = after(m);
  if (m.heap) {
    heaps_[m.term]->play(*m.heap);
  } else {
    coins_[m.term]->play(m.coins);
  }
  before_.push_back(std::move(terms_));
  terms_ = std::move(next);
  analyse(terms_, normal_, misere_);
}

void sum_play_session::play(const sum_move& m) {
  const std::string why = illegal_reason(m);
  if (!why.empty()) throw illegal_move(why);
  sum_move made = m;
  if (made.heap) std::sort(made.heap->leaving.begin(), made.heap->leaving.end());
  apply(made);
  history_.push_back({made, to_move_});
  to_move_ = opponent(to_move_);
}

std::vector<sum_move> sum_play_session::winning(std::size_t count, bool& timed_out) const {
  std::vector<sum_move> found;
  timed_out = false;
  if (outcome() != 'N') return found;
  const search_options limits = search_options::within(limits_.max_seconds);
  const auto keep = [&](const sum_move& m) {
    found.push_back(m);
    return found.size() < count;
  };
  if (misere_) {
    timed_out = misere_->for_each_winning_move(keep, limits).interrupted();
    return found;
  }
  // A move in term i wins when it leads the term to its value XOR the sum's (sum.hpp).
  for (std::size_t i = 0; i < normal_->terms().size() && found.size() < count; ++i) {
    const term_analysis& t = normal_->terms()[i];
    const search_report r = t.for_each_move_to(i, t.value() ^ normal_->value(), keep, limits);
    if (r.interrupted()) {
      timed_out = true;
      break;
    }
  }
  return found;
}

sum_move sum_play_session::choose_move() {
  TARTAN_ASSERT(!over(), "no move is left");
  bool timed_out = false;
  const std::vector<sum_move> wins = winning(sum_engine_choices, timed_out);
  reply_timed_out_ = wins.empty() && timed_out;
  if (!wins.empty()) return wins[rng_() % wins.size()];
  // A legal move drawn: a term that can move, then its session's choice (a legal move of that term).
  std::vector<std::size_t> movable;
  for (std::size_t i = 0; i < terms_.size(); ++i) {
    if (coins_[i] ? !coins_[i]->over() : !heaps_[i]->over()) movable.push_back(i);
  }
  sum_move chosen;
  chosen.term = movable[rng_() % movable.size()];
  if (heaps_[chosen.term]) {
    chosen.heap = heaps_[chosen.term]->choose_move();
  } else {
    chosen.coins = coins_[chosen.term]->choose_move();
  }
  return chosen;
}

sum_move sum_play_session::engine_move() {
  const sum_move chosen = choose_move();
  play(chosen);
  return chosen;
}

std::optional<sum_move> sum_play_session::hint() const {
  bool timed_out = false;
  const std::vector<sum_move> wins = winning(1, timed_out);
  if (wins.empty()) return std::nullopt;
  return wins.front();
}

sum_move_effect sum_play_session::effect(const sum_move& m) const {
  TARTAN_ASSERT(illegal_reason(m).empty(), "effect() is of a legal move");
  const std::vector<sum_term> next = after(m);
  std::optional<sum_analysis> normal;
  std::optional<misere_sum_analysis> misere;
  analyse(next, normal, misere);
  sum_move_effect e;
  if (normal) {
    e.term_before = normal_->terms()[m.term].value();
    e.term_after = normal->terms()[m.term].value();
    e.sum_after = normal->value();
    e.outcome_after = normal->outcome();
    return e;
  }
  e.outcome_after = misere->outcome();
  // Classes when both analyses rest on one quotient (the start's, reused), so their names are the same elements.
  if (misere_->quotient() != nullptr && misere->quotient() == misere_->quotient()) {
    const misere_quotient& q = *misere->quotient();
    const std::vector<quotient_element> after_classes = misere->classes();
    e.class_before = misere_->classes()[m.term];
    e.class_after = after_classes[m.term];
    quotient_element x = 0;
    for (const quotient_element c : after_classes) x = q.product(x, c);
    e.sum_class_after = x;
  }
  return e;
}

bool sum_play_session::undo() {
  if (history_.empty()) return false;
  const played_sum_move& last = history_.back();
  if (last.move.heap) {
    heaps_[last.move.term]->undo();
  } else {
    coins_[last.move.term]->undo();
  }
  terms_ = std::move(before_.back());
  before_.pop_back();
  analyse(terms_, normal_, misere_);
  to_move_ = last.by;
  history_.pop_back();
  return true;
}

std::vector<sum_move_review> sum_play_session::review() const {
  std::vector<sum_move_review> out;
  std::optional<sum_analysis> normal_before;
  std::optional<misere_sum_analysis> misere_before;
  if (!history_.empty()) analyse(before_.front(), normal_before, misere_before);
  for (std::size_t i = 0; i < history_.size(); ++i) {
    std::optional<sum_analysis> normal_after;
    std::optional<misere_sum_analysis> misere_after;
    analyse(i + 1 < before_.size() ? before_[i + 1] : terms_, normal_after, misere_after);
    sum_move_review r;
    r.played = history_[i];
    if (normal_before) {
      r.before = normal_before->value();
      r.after = normal_after->value();
      if (r.mistake()) {
        const std::vector<sum_move> better = normal_before->winning_moves(1);
        if (!better.empty()) r.better = better.front();
      }
    } else {
      r.outcome_before = misere_before->outcome();
      r.outcome_after = misere_after->outcome();
      if (r.mistake()) {
        const std::vector<sum_move> better = misere_before->winning_moves(1);
        if (!better.empty()) r.better = better.front();
      }
    }
    out.push_back(std::move(r));
    normal_before = std::move(normal_after);
    misere_before = std::move(misere_after);
  }
  return out;
}

}  // namespace tartan
