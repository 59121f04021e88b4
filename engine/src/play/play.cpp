#include "tartan/play/play.hpp"

#include <algorithm>
#include <utility>

#include "tartan/core/time_limit.hpp"
#include "tartan/turning/position.hpp"

namespace tartan {

namespace {

/// How many winning moves the engine chooses among: enough for variety, few enough to stay cheap.
constexpr std::size_t engine_choices = 16;

/// How many moves from one coin are enumerated when drawing a random legal move; beyond, the draw is among the
/// first ones (games like "turn any set of coins to the left" have 2^n moves from coin n).
constexpr std::uint64_t sampled_moves = std::uint64_t{1} << 16;

/// True iff `others` (ascending, below n) is one of the game's moves from n. Only the moves whose XOR of g over
/// their other coins equals that of `others` are visited (the game's find_moves hook when it has one).
bool is_move(const turning_game& game, std::span<const grundy_value> g, coin n, std::span<const coin> others) {
  grundy_value target = 0;
  for (const coin c : others) target ^= g[c];
  bool found = false;
  game.find_moves(n, target, g, [&](std::span<const coin> m) {
    found = std::equal(m.begin(), m.end(), others.begin(), others.end());
    return !found;
  });
  return found;
}

/// The words for the axes of a position with `k` axes, in messages: coins of a row, rows and columns of a board,
/// coordinates along the axes of a box.
struct axis_words {
  std::size_t k;
  std::string singular(std::size_t i) const {
    return k == 1 ? "coin" : k == 2 ? (i == 0 ? "row" : "column") : "coordinate";
  }
  std::string plural(std::size_t i) const {
    return k == 1 ? "coins" : k == 2 ? (i == 0 ? "rows" : "columns") : "coordinates";
  }
  /// " along axis i" for a box, "" otherwise.
  std::string along(std::size_t i) const { return k >= 3 ? " along axis " + std::to_string(i) : ""; }
  std::string box() const { return k == 1 ? "row" : k == 2 ? "board" : "box"; }
};

/// The misère analysis of `p` with the session's limits (its deadline from now), from the solver already made when
/// there is one. A start whose outcome is not found within the time limit is refused.
misere_analysis misere_of(const game_handle& game, const box_position& p, const analyze_options& limits,
                          const std::shared_ptr<misere_solver>& solver) {
  misere_options options;
  options.max_memory = limits.max_memory;
  options.max_seconds = limits.max_seconds;
  if (solver) return analyze_misere(solver, p, options);
  misere_analysis a = analyze_misere(game, p, options);
  if (a.outcome() == '?') {
    throw time_limit_error("the misère outcome of the start", a.stopped_where(),
                           "give a start with fewer coins, or raise the time limit", limits.max_seconds,
                           limits.max_seconds, 0);
  }
  return a;
}

std::string cell_text(std::span<const coin> cell) {
  std::string s = "(";
  for (std::size_t i = 0; i < cell.size(); ++i) s += (i ? ", " : "") + std::to_string(cell[i]);
  return s + ")";
}

}  // namespace

play_session::play_session(game_handle game, box_position start, player first, std::uint64_t seed,
                           const analyze_options& limits, play_convention convention)
    : game_(std::move(game)),
      limits_(limits),
      start_(std::move(start)),
      current_(analyze(game_, start_, limits_)),
      convention_(convention),
      to_move_(first),
      rng_(seed) {
  if (convention_ == play_convention::misere) misere_ = misere_of(game_, start_, limits_, nullptr);
}

bool play_session::can_move(std::span<const coin> cell) const {
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (game_.factor(i).count_moves(cell[i], 1) == 0) return false;
  }
  return true;
}

bool play_session::over() const {
  const box_position& p = position();
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    if (can_move(p.head(h))) return false;
  }
  return true;
}

player play_session::winner() const {
  TARTAN_ASSERT(over(), "the game is not over");
  return misere() ? to_move_ : opponent(to_move_);
}

std::string play_session::illegal_reason(const play_move& turned) const {
  const box_position& p = position();
  const std::size_t k = p.dimensions();
  const axis_words words{k};
  if (turned.dimensions() != k ||
      std::any_of(turned.axes.begin(), turned.axes.end(), [](const auto& axis) { return axis.empty(); })) {
    if (k == 1) return "a move in " + game_.name() + " is a list of coins, e.g. 3 7; type the coins to turn";
    if (k == 2) return "a move on a board turns rows × columns; type e.g. rows 1 4 cols 2 5";
    return "a move in " + game_.name() + " turns a set of coordinates along each of its " + std::to_string(k) + " axes";
  }
  for (std::size_t i = 0; i < k; ++i) {
    const std::vector<coin>& axis = turned.axes[i];
    if (!std::is_sorted(axis.begin(), axis.end()) || std::adjacent_find(axis.begin(), axis.end()) != axis.end()) {
      return "the " + words.plural(i) + words.along(i) + " must be listed once each, ascending";
    }
    if (axis.back() >= p.extents()[i]) {
      return words.singular(i) + " " + std::to_string(axis.back()) + words.along(i) + " is outside the " + words.box() +
             " (" + words.plural(i) + " 0.." + std::to_string(p.extents()[i] - 1) + ")";
    }
  }
  std::vector<coin> corner(k);
  for (std::size_t i = 0; i < k; ++i) corner[i] = turned.axes[i].back();
  if (!p.is_heads(corner)) {
    if (k == 1) {
      return "the rightmost coin, " + std::to_string(corner[0]) +
             ", is tails; a move turns a heads coin to tails, with coins to its left";
    }
    return "coin " + cell_text(corner) + ", where the last " + (k == 2 ? "row and the last column" : "coordinates") +
           " meet, is tails; a move turns a heads coin to tails";
  }
  for (std::size_t i = 0; i < k; ++i) {
    const std::vector<coin>& axis = turned.axes[i];
    const std::span<const coin> others(axis.data(), axis.size() - 1);
    if (!is_move(game_.factor(i), current_.factor_values(i), axis.back(), others)) {
      if (k == 1) return "turning " + format_coins(axis) + " is not a move of " + game_.name();
      return words.plural(i) + words.along(i) + " " + format_coins(axis) + " are not a move of " +
             game_.factor(i).name() + (k == 2 ? (i == 0 ? ", the game of the rows" : ", the game of the columns") : "");
    }
  }
  return {};
}

void play_session::apply(const play_move& turned) {
  box_position next = position();
  next.turn(turned);
  if (misere_) misere_ = misere_of(game_, next, limits_, misere_->solver());
  current_ = analyze(game_, std::move(next), limits_);
}

void play_session::play(const play_move& turned) {
  const std::string reason = illegal_reason(turned);
  if (!reason.empty()) throw illegal_move(reason);
  apply(turned);
  history_.push_back({turned, to_move_});
  to_move_ = opponent(to_move_);
}

std::uint64_t play_session::draw(std::uint64_t bound) {
  // The modulus of a 64-bit draw: the bias is below bound / 2^64, and unlike std::uniform_int_distribution the
  // sequence is the same with every standard library, so a seed replays the same game everywhere.
  return rng_() % bound;
}

std::vector<coin> play_session::random_axis_move(std::size_t axis, coin n) {
  const turning_game& game = game_.factor(axis);
  const std::uint64_t count = game.count_moves(n, sampled_moves);
  TARTAN_ASSERT(count > 0, "a heads coin has a move (the game contract)");
  const std::uint64_t pick = draw(count);
  std::vector<coin> coins;
  std::uint64_t at = 0;
  game.for_each_move(n, [&](std::span<const coin> others) {
    if (at++ != pick) return true;
    coins.assign(others.begin(), others.end());
    return false;
  });
  coins.push_back(n);
  return coins;
}

play_move play_session::choose_move() {
  TARTAN_ASSERT(!over(), "no move is left");
  // The search for winning moves has the time limit of the analysis; a search stopped by it keeps the moves found.
  const move_page wins = winning_page(engine_choices);
  reply_timed_out_ = wins.moves.empty() && wins.search.end == search_end::time_limit;
  if (!wins.moves.empty()) return wins.moves[draw(wins.moves.size())];
  const box_position& p = position();
  std::vector<std::size_t> movable;
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    if (can_move(p.head(h))) movable.push_back(h);
  }
  const std::span<const coin> corner = p.head(movable[draw(movable.size())]);
  play_move chosen;
  for (std::size_t i = 0; i < corner.size(); ++i) chosen.axes.push_back(random_axis_move(i, corner[i]));
  return chosen;
}

play_move play_session::engine_move() {
  play_move chosen = choose_move();
  play(chosen);
  return chosen;
}

move_page play_session::winning_page(std::size_t count) const {
  const search_options limits = search_options::within(limits_.max_seconds);
  if (!misere_) return current_.winning_move_page(count, 0, limits);
  move_page page;
  page.search = misere_->for_each_winning_move(
      [&](const move& m) {
        page.moves.push_back(m);
        return page.moves.size() < count;
      },
      limits);
  return page;
}

std::optional<play_move> play_session::hint() const {
  const move_page wins = winning_page(1);
  if (wins.moves.empty()) return std::nullopt;
  return wins.moves[0];
}

bool play_session::undo() {
  if (history_.empty()) return false;
  apply(history_.back().move);  // turning the same coins again restores them
  to_move_ = history_.back().by;
  history_.pop_back();
  return true;
}

std::vector<move_review> play_session::review() const {
  std::vector<move_review> reviewed;
  reviewed.reserve(history_.size());
  box_position p = start_;
  analysis before = analyze(game_, p, limits_);
  std::optional<misere_analysis> misere_before;
  if (misere_) misere_before = misere_of(game_, p, limits_, misere_->solver());
  for (const played_move& made : history_) {
    p.turn(made.move);
    analysis after = analyze(game_, p, limits_);
    move_review r{made, before.value(), after.value(), std::nullopt};
    if (misere_before) {
      misere_analysis misere_after = misere_of(game_, p, limits_, misere_->solver());
      r.outcome_before = misere_before->outcome();
      r.outcome_after = misere_after.outcome();
      if (r.mistake()) {
        const std::vector<move> better = misere_before->winning_moves(1);
        if (!better.empty()) r.better = better.front();
      }
      misere_before = std::move(misere_after);
    } else if (r.mistake()) {
      r.better = before.winning_moves(1).front();  // value != 0: a winning move exists
    }
    reviewed.push_back(std::move(r));
    before = std::move(after);
  }
  return reviewed;
}

}  // namespace tartan
