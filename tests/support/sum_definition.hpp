// Sums of positions from their definition, for tests: terms that are rows of a turning game (their moves from the
// rule language's reference, turning_code_reference.hpp) or heaps of a take-and-break game (their moves from the code's
// digits read literally, heap_definition.hpp), played together, a move a move in one term. The sum's value by a plain
// mex over every move of every term (normal play, no Sprague-Grundy theorem assumed) and its misère outcome by plain
// memoized search (N when no move is left or some move leaves a P-position). Shares no code with the engine.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/heap_definition.hpp"
#include "support/turning_code_reference.hpp"
#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/sum.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan::test {

class sum_definition {
 public:
  /// A term's rule: a row of a turning game, or heaps of a take-and-break game.
  struct rule {
    std::optional<reference_code> row;
    std::optional<heap_code> heaps;
    std::string code;  // the code's text, telling rules apart
  };
  /// A term's position: a row's bitmask (bit i coin i) as its one element, or the heaps, ascending.
  using term_state = std::vector<std::uint64_t>;
  using sum_state = std::vector<term_state>;

  /// A move of one term: the coins it turns (a row), or `take` tokens from a heap of `from` leaving `leaving`; and the
  /// term's position after it.
  struct term_move {
    std::vector<coin> turned;
    coin take = 0;
    std::uint64_t from = 0;
    std::vector<std::uint64_t> leaving;
    term_state after;
  };

  explicit sum_definition(std::vector<rule> rules) : rules_(std::move(rules)) {}

  /// Every move of term `i` from `t`: a row's moves by moving coin ascending; a term of heaps' moves for each heap
  /// size once (equal heaps have the same moves).
  std::vector<term_move> moves(std::size_t i, const term_state& t) const {
    std::vector<term_move> out;
    const rule& r = rules_[i];
    if (r.row) {
      const std::uint64_t mask = t.front();
      for (coin c = 0; c < 64; ++c) {
        if (((mask >> c) & 1) == 0) continue;
        r.row->for_each_move(c, [&](std::span<const coin> others) {
          term_move m;
          std::uint64_t turned = std::uint64_t{1} << c;
          for (const coin o : others) turned |= std::uint64_t{1} << o;
          for (coin x = 0; x <= c; ++x) {
            if (((turned >> x) & 1) != 0) m.turned.push_back(x);
          }
          m.after = {mask ^ turned};
          out.push_back(std::move(m));
          return true;
        });
      }
      return out;
    }
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (k > 0 && t[k] == t[k - 1]) continue;
      for (const auto& [take, left] : heap_moves(*r.heaps, static_cast<coin>(t[k]))) {
        term_move m;
        m.take = take;
        m.from = t[k];
        m.leaving.assign(left.begin(), left.end());
        m.after = t;
        m.after.erase(m.after.begin() + static_cast<std::ptrdiff_t>(k));
        m.after.insert(m.after.end(), left.begin(), left.end());
        std::sort(m.after.begin(), m.after.end());
        out.push_back(std::move(m));
      }
    }
    return out;
  }

  /// The same sum written one way, for the memo: a sum of heaps is the sum of its heaps, so the heaps of every term of
  /// one code are one multiset; rows of one code are interchangeable, so sorted.
  std::vector<std::pair<std::string, term_state>> key(const sum_state& s) const {
    std::map<std::string, term_state> heaps;
    std::vector<std::pair<std::string, term_state>> out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (rules_[i].heaps) {
        term_state& h = heaps[rules_[i].code];
        h.insert(h.end(), s[i].begin(), s[i].end());
      } else {
        out.emplace_back(rules_[i].code, s[i]);
      }
    }
    for (auto& [code, h] : heaps) {
      std::sort(h.begin(), h.end());
      out.emplace_back("heaps " + code, h);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  /// The value of the sum (normal play): the mex over every move of every term.
  grundy_value value(const sum_state& s) {
    const auto k = key(s);
    if (const auto found = values_.find(k); found != values_.end()) return found->second;
    std::set<grundy_value> options;
    for (std::size_t i = 0; i < s.size(); ++i) {
      for (const term_move& m : moves(i, s[i])) options.insert(value(after(s, i, m)));
    }
    grundy_value v = 0;
    while (options.count(v) != 0) ++v;
    return values_[k] = v;
  }

  /// The misère outcome: true (N) when no move is left or some move leaves a P-position.
  bool misere_wins(const sum_state& s) {
    const auto k = key(s);
    if (const auto found = misere_.find(k); found != misere_.end()) return found->second;
    bool any = false;
    bool wins = false;
    for (std::size_t i = 0; i < s.size() && !wins; ++i) {
      for (const term_move& m : moves(i, s[i])) {
        any = true;
        if (!misere_wins(after(s, i, m))) {
          wins = true;
          break;
        }
      }
    }
    return misere_[k] = wins || !any;
  }

  static sum_state after(sum_state s, std::size_t i, const term_move& m) {
    s[i] = m.after;
    return s;
  }

 private:
  std::vector<rule> rules_;
  std::map<std::vector<std::pair<std::string, term_state>>, grundy_value> values_;
  std::map<std::vector<std::pair<std::string, term_state>>, bool> misere_;
};

/// A sum for the engine and the same sum for the definition.
struct sum_sample {
  std::vector<sum_term> terms;
  std::vector<sum_definition::rule> rules;
  sum_definition::sum_state state;
  std::string shown;  // "mock-turtles HTTH + kayles heaps=3,4"
};

/// A random sum of 1 to `most` terms: rows of Mock Turtles (1-3) and Ruler (1+C) of at most 5 coins, heaps of Kayles
/// (0.77), Dawson's Kayles (0.07) and 0.137 (1 to 3 heaps of at most 6 tokens); `heaps_only`: heaps of Kayles and
/// 0.137 alone. Drawn from `rng`.
inline sum_sample random_sum_sample(std::mt19937& rng, std::size_t most, bool heaps_only = false) {
  struct kind {
    const char* name;
    const char* code;
    bool heaps;
  };
  static const std::vector<kind> all{{"mock-turtles", "1-3", false},
                                     {"ruler", "1+C", false},
                                     {"kayles", "0.77", true},
                                     {"dawsons-kayles", "0.07", true},
                                     {"0.137", "0.137", true}};
  static const std::vector<kind> heaps{{"kayles", "0.77", true}, {"0.137", "0.137", true}};
  const std::vector<kind>& from = heaps_only ? heaps : all;
  sum_sample s;
  const std::size_t count = 1 + rng() % most;
  for (std::size_t i = 0; i < count; ++i) {
    const kind& k = from[rng() % from.size()];
    const game_handle game = games::resolve_game(k.name);
    if (k.heaps) {
      std::vector<heap_size> h(1 + rng() % 3);
      std::string text;
      for (heap_size& x : h) {
        x = 1 + rng() % 6;
        text += (text.empty() ? "" : ",") + std::to_string(x);
      }
      s.terms.push_back({game, box_region(), h});
      s.rules.push_back({std::nullopt, heap_code::of(k.code), k.code});
      std::sort(h.begin(), h.end());
      s.state.push_back(sum_definition::term_state(h.begin(), h.end()));
      s.shown += std::string(s.shown.empty() ? "" : " + ") + k.name + " heaps=" + text;
    } else {
      const std::size_t coins = 1 + rng() % 5;
      std::string row;
      std::uint64_t mask = 0;
      for (std::size_t c = 0; c < coins; ++c) {
        const bool heads = rng() % 2 == 0;
        row += heads ? 'H' : 'T';
        mask |= std::uint64_t{heads} << c;
      }
      s.terms.push_back({game, box_region(parse_box_position(row))});
      s.rules.push_back({reference_code::from(turning_code::parse(k.code)), std::nullopt, k.code});
      s.state.push_back({mask});
      s.shown += std::string(s.shown.empty() ? "" : " + ") + k.name + " " + row;
    }
  }
  return s;
}

/// A move of the engine's (a sum_move) as the definition writes it: coins turned, or take, from and leaving.
inline bool same_move(const sum_move& engine, std::size_t term, const sum_definition::term_move& defined) {
  if (engine.term != term) return false;
  if (engine.heap) {
    return engine.heap->take == defined.take && engine.heap->from == defined.from &&
           std::vector<std::uint64_t>(engine.heap->leaving.begin(), engine.heap->leaving.end()) == defined.leaving &&
           defined.turned.empty();
  }
  return engine.coins.axes.size() == 1 && engine.coins.axes.front() == defined.turned && !defined.turned.empty();
}

}  // namespace tartan::test
