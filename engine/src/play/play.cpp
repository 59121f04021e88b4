#include "tartan/play/play.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <span>
#include <utility>

#include "tartan/core/parse_number.hpp"

namespace tartan {

namespace {

/// How many winning moves the engine chooses among: enough for variety, few enough to stay cheap.
constexpr std::size_t engine_choices = 16;

/// How many moves from one coin are enumerated when drawing a random legal move; beyond, the draw is among the
/// first ones (games like "turn any set of coins to the left" have 2^n moves from coin n).
constexpr std::uint64_t sampled_moves = std::uint64_t{1} << 16;

std::string lowered(std::string_view s) {
  std::string out;
  for (const char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Words separated by spaces, tabs or commas.
std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  auto separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; };
  while (i < text.size()) {
    while (i < text.size() && separator(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !separator(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

coin parse_coin(std::string_view word) {
  if (word.empty() || !std::isdigit(static_cast<unsigned char>(word.front()))) {
    throw parse_error("'" + std::string(word) + "' is not a coin number; type coin numbers such as 3 7 12");
  }
  return static_cast<coin>(parse_u64(word, "coin", UINT32_MAX));
}

/// Sorts the coins of one axis and refuses a repeated coin.
void sort_axis(std::vector<coin>& axis, const char* what) {
  std::sort(axis.begin(), axis.end());
  const auto dup = std::adjacent_find(axis.begin(), axis.end());
  if (dup != axis.end()) {
    throw parse_error(std::string(what) + " " + std::to_string(*dup) + " is typed twice; each is turned once, so " +
                      "type it once");
  }
}

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

}  // namespace

play_move parse_play_move(std::string_view text, std::size_t dimensions) {
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) {
    throw parse_error(dimensions == 1 ? "no coins typed; type the coins to turn, e.g. 3 7 (the rightmost goes "
                                        "from heads to tails)"
                                      : "no coins typed; type the rows and columns to turn, e.g. rows 1 4 cols 2 5");
  }
  play_move move;
  if (dimensions == 1) {
    move.axes.resize(1);
    for (const std::string_view w : words) move.axes[0].push_back(parse_coin(w));
    sort_axis(move.axes[0], "coin");
    return move;
  }
  TARTAN_ASSERT(dimensions == 2, "typed moves are for rows and boards");
  move.axes.resize(2);
  int axis = -1;
  bool seen[2] = {false, false};
  for (const std::string_view w : words) {
    const std::string word = lowered(w);
    if (word == "rows" || word == "row" || word == "cols" || word == "col" || word == "columns" || word == "column") {
      axis = word.starts_with("row") ? 0 : 1;
      if (seen[axis]) {
        throw parse_error(std::string(axis == 0 ? "rows" : "cols") +
                          " typed twice; type each once, e.g. rows 1 4 cols 2 5");
      }
      seen[axis] = true;
      continue;
    }
    if (axis < 0) {
      throw parse_error(
          "a board move starts with rows or cols; type e.g. rows 1 4 cols 2 5 (the coins turned are "
          "every row × every column)");
    }
    move.axes[static_cast<std::size_t>(axis)].push_back(parse_coin(w));
  }
  for (std::size_t i = 0; i < 2; ++i) {
    if (move.axes[i].empty()) {
      throw parse_error(std::string("no ") + (i == 0 ? "rows" : "columns") +
                        " typed; a board move needs both, e.g. rows 1 4 cols 2 5");
    }
    sort_axis(move.axes[i], i == 0 ? "row" : "column");
  }
  return move;
}

std::string format_play_move(const play_move& move) {
  if (move.axes.size() == 1) return format_coins(move.axes[0]);
  std::string s;
  for (std::size_t i = 0; i < move.axes.size(); ++i) {
    s += (i == 0 ? "rows " : i == 1 ? " cols " : " axis " + std::to_string(i + 1) + " ");
    s += format_coins(move.axes[i]);
  }
  return s;
}

play_session::play_session(turning_game game, row_position start, player first, std::uint64_t seed)
    : name_(game.name()), row_(std::move(start)), to_move_(first), rng_(seed) {
  factors_.push_back(std::move(game));
  g_ = factors_[0].sequence(row_.coins);
}

play_session::play_session(tartan_game game, grid_position start, player first, std::uint64_t seed)
    : grid_(true), name_(game.name()), board_(std::move(start)), to_move_(first), rng_(seed) {
  if (game.dimensions() != 2) {
    throw parse_error("'" + game.name() + "' has " + std::to_string(game.dimensions()) +
                      " factors; games are played on a board, the product of two games such as ruler*ruler");
  }
  if (board_.extents.size() != 2) {
    throw parse_error("the position has " + std::to_string(board_.extents.size()) +
                      " dimensions; give a board of rows joined by '/', e.g. HTT/THH");
  }
  values_ = game.values(board_.extents);
  factors_ = game.factors();
  product_.emplace(std::move(game));
}

const row_position& play_session::row() const {
  TARTAN_ASSERT(!grid_, "row() is for row games; use board()");
  return row_;
}

const grid_position& play_session::board() const {
  TARTAN_ASSERT(grid_, "board() is for product games; use row()");
  return board_;
}

std::string play_session::position_text() const {
  if (grid_) return format_grid(board_);
  std::string s(row_.coins, 'T');
  for (const coin c : row_.heads) s[c] = 'H';
  return s;
}

grundy_value play_session::value() const { return grid_ ? grid_value(values_, board_) : position_value(g_, row_); }

bool play_session::can_move(std::span<const coin> cell) const {
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (factors_[i].count_moves(cell[i], 1) == 0) return false;
  }
  return true;
}

bool play_session::over() const {
  if (grid_)
    return std::none_of(board_.heads.begin(), board_.heads.end(),
                        [&](const std::vector<coin>& c) { return can_move(c); });
  return std::none_of(row_.heads.begin(), row_.heads.end(),
                      [&](coin c) { return can_move(std::span<const coin>(&c, 1)); });
}

player play_session::winner() const {
  TARTAN_ASSERT(over(), "the game is not over");
  return opponent(to_move_);
}

std::string play_session::row_reason(const play_move& move) const {
  if (move.axes.size() != 1 || move.axes[0].empty()) {
    return "a move in " + name_ + " is a list of coins, e.g. 3 7; type the coins to turn";
  }
  const std::vector<coin>& coins = move.axes[0];
  if (!std::is_sorted(coins.begin(), coins.end()) || std::adjacent_find(coins.begin(), coins.end()) != coins.end()) {
    return "the coins must be listed once each, ascending";
  }
  const coin n = coins.back();
  if (n >= row_.coins) {
    return "coin " + std::to_string(n) + " is outside the row (coins 0.." + std::to_string(row_.coins - 1) + ")";
  }
  if (!std::binary_search(row_.heads.begin(), row_.heads.end(), n)) {
    return "the rightmost coin, " + std::to_string(n) +
           ", is tails; a move turns a heads coin to tails, with coins to its left";
  }
  const std::span<const coin> others(coins.data(), coins.size() - 1);
  if (!is_move(factors_[0], g_, n, others)) {
    return "turning " + format_coins(coins) + " is not a move of " + name_;
  }
  return {};
}

std::string play_session::grid_reason(const play_move& move) const {
  if (move.axes.size() != 2 || move.axes[0].empty() || move.axes[1].empty()) {
    return "a move on a board turns rows × columns; type e.g. rows 1 4 cols 2 5";
  }
  static constexpr const char* singular[] = {"row", "column"};
  static constexpr const char* plural[] = {"rows", "columns"};
  for (std::size_t i = 0; i < 2; ++i) {
    const std::vector<coin>& axis = move.axes[i];
    if (!std::is_sorted(axis.begin(), axis.end()) || std::adjacent_find(axis.begin(), axis.end()) != axis.end()) {
      return std::string("the ") + plural[i] + " must be listed once each, ascending";
    }
    if (axis.back() >= board_.extents[i]) {
      return std::string(singular[i]) + " " + std::to_string(axis.back()) + " is outside the board (" + plural[i] +
             " 0.." + std::to_string(board_.extents[i] - 1) + ")";
    }
  }
  const std::vector<coin> corner = {move.axes[0].back(), move.axes[1].back()};
  if (!std::binary_search(board_.heads.begin(), board_.heads.end(), corner)) {
    return "coin (" + std::to_string(corner[0]) + ", " + std::to_string(corner[1]) +
           "), where the last row and the last column meet, is tails; a move turns a heads coin to tails";
  }
  for (std::size_t i = 0; i < 2; ++i) {
    const std::vector<coin>& axis = move.axes[i];
    const std::span<const coin> others(axis.data(), axis.size() - 1);
    if (!is_move(factors_[i], values_.factor(i), axis.back(), others)) {
      return std::string(plural[i]) + " " + format_coins(axis) + " are not a move of " + factors_[i].name() +
             (i == 0 ? ", the game of the rows" : ", the game of the columns");
    }
  }
  return {};
}

std::string play_session::illegal_reason(const play_move& move) const {
  return grid_ ? grid_reason(move) : row_reason(move);
}

void play_session::apply(const play_move& move) {
  if (grid_) {
    board_ = apply_move(board_, grid_move{move.axes});
  } else {
    std::vector<coin> next;
    std::set_symmetric_difference(row_.heads.begin(), row_.heads.end(), move.axes[0].begin(), move.axes[0].end(),
                                  std::back_inserter(next));
    row_.heads = std::move(next);
  }
}

void play_session::play(const play_move& move) {
  const std::string reason = illegal_reason(move);
  if (!reason.empty()) throw illegal_move(reason);
  apply(move);
  history_.push_back({move, to_move_});
  to_move_ = opponent(to_move_);
}

std::uint64_t play_session::draw(std::uint64_t bound) {
  // The modulus of a 64-bit draw: the bias is below bound / 2^64, and unlike std::uniform_int_distribution the
  // sequence is the same with every standard library, so a seed replays the same game everywhere.
  return rng_() % bound;
}

std::vector<coin> play_session::random_axis_move(const turning_game& game, coin n) {
  const std::uint64_t count = game.count_moves(n, sampled_moves);
  TARTAN_ASSERT(count > 0, "a heads coin has a move (the game contract)");
  const std::uint64_t pick = draw(count);
  std::vector<coin> move;
  std::uint64_t at = 0;
  game.for_each_move(n, [&](std::span<const coin> others) {
    if (at++ != pick) return true;
    move.assign(others.begin(), others.end());
    return false;
  });
  move.push_back(n);
  return move;
}

play_move play_session::choose_move() {
  TARTAN_ASSERT(!over(), "no move is left");
  if (grid_) {
    const std::vector<grid_move> wins = grid_winning_moves(*product_, values_, board_, engine_choices);
    if (!wins.empty()) return play_move{wins[draw(wins.size())].axes};
    std::vector<std::vector<coin>> movable;
    std::copy_if(board_.heads.begin(), board_.heads.end(), std::back_inserter(movable),
                 [&](const std::vector<coin>& c) { return can_move(c); });
    const std::vector<coin>& corner = movable[draw(movable.size())];
    play_move move;
    for (std::size_t i = 0; i < 2; ++i) move.axes.push_back(random_axis_move(factors_[i], corner[i]));
    return move;
  }
  const std::vector<std::vector<coin>> wins = winning_moves(factors_[0], g_, row_, engine_choices);
  if (!wins.empty()) return play_move{{wins[draw(wins.size())]}};
  std::vector<coin> movable;
  std::copy_if(row_.heads.begin(), row_.heads.end(), std::back_inserter(movable),
               [&](coin c) { return can_move(std::span<const coin>(&c, 1)); });
  const coin n = movable[draw(movable.size())];
  return play_move{{random_axis_move(factors_[0], n)}};
}

play_move play_session::engine_move() {
  play_move move = choose_move();
  play(move);
  return move;
}

std::optional<play_move> play_session::hint() const {
  if (grid_) {
    const std::vector<grid_move> wins = grid_winning_moves(*product_, values_, board_, 1);
    if (wins.empty()) return std::nullopt;
    return play_move{wins[0].axes};
  }
  const std::vector<std::vector<coin>> wins = winning_moves(factors_[0], g_, row_, 1);
  if (wins.empty()) return std::nullopt;
  return play_move{{wins[0]}};
}

bool play_session::undo() {
  if (history_.empty()) return false;
  apply(history_.back().move);  // turning the same coins again restores them
  to_move_ = history_.back().by;
  history_.pop_back();
  return true;
}

}  // namespace tartan
