// move_index: the moves of a 1-D game over one table of values, ready to be found, counted and paged by their value.
//
// A move from coin n turning the other coins S leads a position of value V to V ⊕ g(n) ⊕ XOR g(S) (position.hpp),
// so every question about winning moves is one of "which moves from n have XOR g(S) = t" (found, counted, paged) and
// "how many moves from the coins first..last have XOR t of all their coins" (a row's count; per value t, a product's
// frequency table, move_values.hpp). A game whose moves' values depend on a few quantities answers them from an index
// of those quantities (its index_moves hook; turning codes, turning_code.hpp):
//   runs of consecutive coins (`1+C` Ruler, `[1,4,9]C`, `2-5C`, `3FC`): the run s..n turns others of XOR P(n) ⊕ P(s),
//     P the prefix XORs (P(k) = g(0) ⊕ ... ⊕ g(k-1)), so the runs from n of value t start at the positions s of the
//     prefix value P(n) ⊕ t, kept sorted per value: a range of lengths is a binary search;
//   one other coin c (`2` Twins, `1-2` Turning Turtles, spans `1-2C(w)`): the value is g(c), the positions of each
//   value
//     of g kept sorted the same way.
// Every other game is answered by trying its moves (listed_move_index: the game's find_moves and count_move_values).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "tartan/core/search_stop.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence.hpp"

namespace tartan {

/// The moves of a game over a table of values g(0..N-1), indexed or listed. The table is the caller's: it must
/// outlive the index and stay unchanged. The methods are const and may be called from several threads at once.
class move_index {
 public:
  virtual ~move_index() = default;

  /**
   * Visits the moves from coin n whose other coins XOR to `target` under g, each as every coin it turns (ascending,
   * n last), in the order of the game's find_moves, after passing over the first `skip` of them: `skip` is lowered by
   * the moves passed over (so a caller paging over several coins carries it on). Returns false iff visit stopped.
   * Complexity: indexed, O(log N) per part of the code plus O(1) per move visited (a run is a span of a shared array
   * of coins, not a copy) and nothing for the moves passed over; listed, the finder's time to its last move visited.
   * @pre n < N.
   *
   * Example: Ruler g = 1 2 1 4, n = 3, target 3 (= g(1) ⊕ g(2)): visits {1, 2, 3}
   */
  virtual bool find(coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const = 0;

  /// The number of moves from coin n whose other coins XOR to `target`. Indexed O(log N) per part of the code;
  /// listed, the finder's whole search. @pre n < N.
  virtual std::uint64_t count(coin n, grundy_value target) const = 0;

  /// The number of moves from the coins first..last whose coins, the moving coin included, XOR to `value`: the moves
  /// of a row's heads first..last that change its value by `value`. Indexed O(last + 1) per range of lengths (a
  /// sliding count of prefix values); listed, every move. @pre first <= last < N.
  virtual std::uint64_t count_value(coin first, coin last, grundy_value value) const = 0;

  /// Adds to `counts`, for every move from every coin of first..last, the XOR of g over all its coins (the table of
  /// move_values.hpp, for products). Indexed, the runs of unbounded length by a Walsh-Hadamard transform of the prefix
  /// values' counts (an XOR autocorrelation, O(B 2^B) for values below 2^B) and bounded ones by their lengths;
  /// listed, every move. @pre first <= last < N, counts' bound above every XOR of values of g.
  virtual void count_values(coin first, coin last, value_counts& counts) const = 0;

  /// About how many steps count_values (`table`) or count_value over first..last take, for the limits of a count;
  /// nullopt for a listed index, whose cost is its number of moves (the caller estimates them).
  virtual std::optional<std::uint64_t> count_cost(coin first, coin last, bool table) const = 0;
};

/// A rule that indexes its moves over a table: `index_moves(g)` returns its index, or null where it has none for g
/// (then the engine lists its moves).
template <class Rule>
concept has_move_index = requires(const Rule& rule, std::span<const grundy_value> g) {
  { rule.index_moves(g) } -> std::same_as<std::unique_ptr<move_index>>;
};

/**
 * The index of any rule by its moves: find and count through find_moves (the rule's hook or its moves filtered),
 * count_values through count_move_values. Holds the rule by reference: both rule and g must outlive it.
 *
 * Example: listed_move_index<my_game> index(game, g); index.count(5, 0) == the moves from 5 turning others of XOR 0
 */
template <class Rule>
class listed_move_index final : public move_index {
 public:
  listed_move_index(const Rule& rule, std::span<const grundy_value> g) : rule_(rule), g_(g) {}

  bool find(coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const override {
    std::vector<coin> turned;
    return find_moves_with_value(rule_, n, target, g_, [&](std::span<const coin> others) {
      if (skip > 0) {
        --skip;
        return detail::keep_searching();
      }
      turned.assign(others.begin(), others.end());
      turned.push_back(n);
      return visit(std::span<const coin>(turned));
    });
  }

  std::uint64_t count(coin n, grundy_value target) const override {
    std::uint64_t moves = 0;
    find_moves_with_value(rule_, n, target, g_, [&](std::span<const coin>) {
      ++moves;
      return detail::keep_searching();
    });
    return moves;
  }

  std::uint64_t count_value(coin first, coin last, grundy_value value) const override {
    std::uint64_t moves = 0;
    for (std::uint64_t t = first; t <= last; ++t) moves += count(static_cast<coin>(t), value ^ g_[t]);
    return moves;
  }

  void count_values(coin first, coin last, value_counts& counts) const override {
    count_move_values(rule_, first, last, g_, counts);
  }

  std::optional<std::uint64_t> count_cost(coin, coin, bool) const override { return std::nullopt; }

 private:
  const Rule& rule_;
  std::span<const grundy_value> g_;
};

}  // namespace tartan
