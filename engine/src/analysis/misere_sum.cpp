#include "tartan/analysis/misere_sum.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <unordered_map>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

/// A sum as the search keeps it: the bitmask of each term of coins (its slot), then for each game of heaps the number
/// of its heaps and their sizes, ascending (heaps with no move left out).
using sum_key = std::vector<std::uint64_t>;

struct key_hash {
  std::size_t operator()(const sum_key& k) const noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (const std::uint64_t x : k) h = (h ^ x) * 0xff51afd7ed558ccdULL + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

/// The heaps of one take-and-break game in a sum: its rule, the terms that hold them, and each heap size's moves as
/// the search plays them (the heaps each move leaves, with no move left out; equal results listed once).
struct heap_group {
  take_break_code rule;
  std::vector<std::size_t> terms;
  std::map<std::uint64_t, std::vector<std::vector<std::uint64_t>>> results;

  bool moves(std::uint64_t h) const { return rule.has_heap_move(h); }

  const std::vector<std::vector<std::uint64_t>>& results_of(std::uint64_t h) {
    const auto emplaced = results.try_emplace(h);
    std::vector<std::vector<std::uint64_t>>& listed = emplaced.first->second;
    if (emplaced.second) {
      rule.for_each_heap_move(static_cast<coin>(h), [&](coin, std::span<const coin> leaving) {
        std::vector<std::uint64_t> left;
        for (const coin x : leaving) {
          if (moves(x)) left.push_back(x);
        }
        if (std::find(listed.begin(), listed.end(), left) == listed.end()) listed.push_back(left);
        return true;
      });
    }
    return listed;
  }
};

/// The heaps of one move in a term of heaps: `from` replaced by `leaving`, in the ascending list `heaps`.
std::vector<coin> heaps_after(const std::vector<coin>& heaps, const heap_move& m) {
  std::vector<coin> out = heaps;
  out.erase(std::find(out.begin(), out.end(), static_cast<coin>(m.from)));
  for (const heap_size h : m.leaving) out.push_back(static_cast<coin>(h));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

struct misere_sum_analysis::state {
  std::vector<sum_term> terms;
  std::vector<std::shared_ptr<misere_solver>> solvers;  // each term of coins' moves, in its heads' box (null: heaps)
  std::vector<std::uint64_t> masks;
  std::vector<std::vector<coin>> heaps;  // each term of heaps' heaps, ascending (empty for a term of coins)
  sum_misere_method method = sum_misere_method::search;
  std::shared_ptr<const misere_quotient> quotient;
  /// Every term heaps of one game: their analysis together.
  std::optional<misere_heap_analysis> heap_position;
  std::uint64_t max_memory = 0;
  // The search keeps a sum's terms of coins as slots: reordered so that terms of one game and one box
  // (interchangeable) are side by side, their bitmasks sorted; then the heaps, game by game.
  std::vector<std::size_t> slot_term;      // the term in each slot, for the root
  std::vector<std::size_t> slot_group;     // the group of each slot (one game, one box)
  std::vector<misere_solver*> slot_moves;  // the moves of each slot (any solver of its group)
  std::vector<heap_group> heap_groups;
  std::vector<std::size_t> group_of_term;  // a term of heaps' heap group
  std::unordered_map<sum_key, char, key_hash> memo;

  /// The key of the sum whose terms of coins have the bitmasks `by_term` and whose terms of heaps have `heaps_of`.
  sum_key key_of(const std::vector<std::uint64_t>& by_term, const std::vector<std::vector<coin>>& heaps_of) const {
    sum_key k(slot_term.size());
    for (std::size_t j = 0; j < k.size(); ++j) k[j] = by_term[slot_term[j]];
    for (const heap_group& g : heap_groups) {
      const std::size_t count_at = k.size();
      k.push_back(0);
      for (const std::size_t t : g.terms) {
        for (const coin h : heaps_of[t]) k.push_back(h);
      }
      k[count_at] = k.size() - count_at - 1;
    }
    return canonical(std::move(k));
  }

  /// The key in its one form: a slot with no move is the empty game (0), each group's bitmasks are sorted, and each
  /// game's heaps are sorted with those that cannot move left out.
  sum_key canonical(sum_key k) const {
    for (std::size_t j = 0; j < slot_term.size(); ++j) {
      if (slot_moves[j]->terminal(k[j])) k[j] = 0;
    }
    for (std::size_t i = 0; i < slot_term.size();) {
      std::size_t j = i + 1;
      while (j < slot_term.size() && slot_group[j] == slot_group[i]) ++j;
      std::sort(k.begin() + static_cast<std::ptrdiff_t>(i), k.begin() + static_cast<std::ptrdiff_t>(j));
      i = j;
    }
    if (heap_groups.empty()) return k;
    sum_key out(k.begin(), k.begin() + static_cast<std::ptrdiff_t>(slot_term.size()));
    std::size_t at = slot_term.size();
    for (const heap_group& g : heap_groups) {
      const std::size_t n = static_cast<std::size_t>(k[at++]);
      const std::size_t count_at = out.size();
      out.push_back(0);
      for (std::size_t i = 0; i < n; ++i, ++at) {
        if (g.moves(k[at])) out.push_back(k[at]);
      }
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(count_at + 1), out.end());
      out[count_at] = out.size() - count_at - 1;
    }
    return out;
  }

  /// A move of the search: in a slot, the bitmask it turns; or in heap group `group`, the heap at `index` of the key
  /// replaced by the heaps of result `result`.
  struct option {
    bool heap = false;
    std::size_t slot = 0;
    std::uint64_t turned = 0;
    std::size_t index = 0;
    std::size_t result = 0;
    std::size_t group = 0;
  };

  /// Every move of `key`, equal components of one group listed once (they have the same moves, to the same sums).
  std::vector<option> options_of(const sum_key& key) {
    std::vector<option> out;
    for (std::size_t j = 0; j < slot_term.size(); ++j) {
      if (j > 0 && slot_group[j] == slot_group[j - 1] && key[j] == key[j - 1]) continue;
      slot_moves[j]->for_each_move(key[j], [&](std::uint64_t turned) {
        out.push_back({false, j, turned, 0, 0, 0});
        return true;
      });
    }
    std::size_t at = slot_term.size();
    for (std::size_t g = 0; g < heap_groups.size(); ++g) {
      const std::size_t n = static_cast<std::size_t>(key[at++]);
      for (std::size_t i = 0; i < n; ++i, ++at) {
        if (i > 0 && key[at] == key[at - 1]) continue;
        const std::size_t results = heap_groups[g].results_of(key[at]).size();
        for (std::size_t r = 0; r < results; ++r) out.push_back({true, 0, 0, at, r, g});
      }
    }
    return out;
  }

  sum_key child_of(const sum_key& key, const option& o) {
    if (!o.heap) {
      sum_key child = key;
      child[o.slot] ^= o.turned;
      return canonical(std::move(child));
    }
    const std::vector<std::uint64_t>& left = heap_groups[o.group].results_of(key[o.index])[o.result];
    // The group's count is before its heaps: find it by walking the groups.
    std::size_t count_at = slot_term.size();
    for (std::size_t g = 0; g < o.group; ++g) count_at += static_cast<std::size_t>(key[count_at]) + 1;
    sum_key child(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(o.index));
    child.insert(child.end(), left.begin(), left.end());
    child.insert(child.end(), key.begin() + static_cast<std::ptrdiff_t>(o.index + 1), key.end());
    child[count_at] = child[count_at] - 1 + left.size();
    return canonical(std::move(child));
  }

  /// The misère outcome of the sum whose key is `root`: 'N', 'P', or '?' when `stop` stopped it. Depth first with an
  /// explicit stack (a play can be long), N as soon as an option is P.
  char search(const sum_key& root, search_stop& stop) {
    struct frame {
      sum_key key;
      std::vector<option> moves;
      std::size_t next = 0;
    };
    auto open = [&](sum_key key) {
      frame f;
      f.moves = options_of(key);
      f.key = std::move(key);
      return f;
    };
    if (const auto found = memo.find(root); found != memo.end()) return found->second;
    std::vector<frame> stack;
    stack.push_back(open(root));
    char result = '?';
    // Settles the top frame: a P settles its parent N at once; an N lets the parent go on with its next option.
    auto settle = [&](char outcome) {
      for (;;) {
        remember(stack.back().key, outcome);
        stack.pop_back();
        result = outcome;
        if (outcome != 'P' || stack.empty()) return;
        outcome = 'N';
      }
    };
    while (!stack.empty()) {
      if (!stop.keep_going()) return '?';
      frame& f = stack.back();
      if (f.next == f.moves.size()) {
        // No option is P: P, unless there is no move at all (the player to move cannot move, and wins).
        settle(f.moves.empty() ? 'N' : 'P');
        continue;
      }
      sum_key child = child_of(f.key, f.moves[f.next++]);
      const auto found = memo.find(child);
      if (found == memo.end()) {
        stack.push_back(open(std::move(child)));
      } else if (found->second == 'P') {
        settle('N');
      }
    }
    return result;
  }

  void remember(const sum_key& key, char outcome) {
    memo.emplace(key, outcome);
    const std::uint64_t bytes = memo.size() * (64 + 8 * key.size());
    if (bytes > max_memory) {
      throw limit_error(
          "the misère search of the sum passes the memory limit of " + format_bytes(max_memory) + " after " +
          std::to_string(memo.size()) +
          " positions; give fewer or smaller terms, rows of one game or heaps of one game (solved through their "
          "quotient), or a larger --max-memory");
    }
  }

  /// The class of term `t` in the quotient: its row's, or the product of its heaps'.
  quotient_element class_of(std::size_t t) const {
    if (!terms[t].is_heaps()) return quotient->image(static_cast<coin>(masks[t]));
    quotient_element x = 0;
    for (const coin h : heaps[t]) x = quotient->product(x, quotient->image(h));
    return x;
  }

  /// The product of the classes of every term but `skip` (all of them when skip >= terms).
  quotient_element product_except(std::size_t skip) const {
    quotient_element x = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (i != skip) x = quotient->product(x, class_of(i));
    }
    return x;
  }

  /// The heaps of every term of heaps together (one game), term `term`'s changed to `mine`.
  std::vector<coin> all_heaps(std::size_t term, const std::vector<coin>& mine) const {
    std::vector<coin> all;
    for (std::size_t t = 0; t < terms.size(); ++t) {
      const std::vector<coin>& h = t == term ? mine : heaps[t];
      all.insert(all.end(), h.begin(), h.end());
    }
    std::sort(all.begin(), all.end());
    return all;
  }
};

std::string sum_misere_method_name(sum_misere_method method) {
  switch (method) {
    case sum_misere_method::quotient:
      return "quotient";
    case sum_misere_method::search:
      return "search";
    case sum_misere_method::genus:
      return "genus";
    case sum_misere_method::automatic:
      break;
  }
  return "automatic";
}

const std::vector<sum_term>& misere_sum_analysis::terms() const { return state_->terms; }
const std::vector<std::uint64_t>& misere_sum_analysis::masks() const { return state_->masks; }
bool misere_sum_analysis::terminal() const {
  if (state_->heap_position) return state_->heap_position->terminal();
  for (std::size_t i = 0; i < state_->masks.size(); ++i) {
    if (state_->terms[i].is_heaps()) {
      const heap_group& g = state_->heap_groups[state_->group_of_term[i]];
      for (const coin h : state_->heaps[i]) {
        if (g.moves(h)) return false;
      }
    } else if (!state_->solvers[i]->terminal(state_->masks[i])) {
      return false;
    }
  }
  return true;
}
sum_misere_method misere_sum_analysis::method() const { return state_->method; }
const misere_quotient* misere_sum_analysis::quotient() const { return state_->quotient.get(); }
const misere_heap_analysis* misere_sum_analysis::heaps() const {
  return state_->heap_position ? &*state_->heap_position : nullptr;
}
std::uint64_t misere_sum_analysis::positions_solved() const {
  return state_->heap_position ? state_->heap_position->positions_solved() : state_->memo.size();
}
std::shared_ptr<const misere_quotient> misere_sum_analysis::shared_quotient() const {
  return state_->heap_position ? nullptr : state_->quotient;
}
std::shared_ptr<misere_heap_solver> misere_sum_analysis::heap_solver() const {
  return state_->heap_position ? state_->heap_position->solver() : nullptr;
}

std::vector<quotient_element> misere_sum_analysis::classes() const {
  TARTAN_ASSERT(state_->quotient != nullptr, "classes need the quotient");
  std::vector<quotient_element> c;
  for (std::size_t t = 0; t < state_->terms.size(); ++t) c.push_back(state_->class_of(t));
  return c;
}

char misere_sum_analysis::outcome_after(const sum_move& m) const {
  state& s = *state_;
  if (s.heap_position) return s.heap_position->outcome_after(*m.heap);
  std::uint64_t turned = 0;
  if (!m.heap) {
    const std::optional<std::uint64_t> t = s.solvers[m.term]->turned_of(s.masks[m.term], m.coins);
    TARTAN_ASSERT(t.has_value(), "outcome_after needs a legal move of its term");
    turned = *t;
  }
  if (s.method == sum_misere_method::quotient) {
    const quotient_element x =
        s.quotient->product(s.product_except(m.term), s.quotient->image(static_cast<coin>(s.masks[m.term] ^ turned)));
    return s.quotient->is_p(x) ? 'P' : 'N';
  }
  std::vector<std::uint64_t> masks = s.masks;
  std::vector<std::vector<coin>> heaps = s.heaps;
  if (m.heap) {
    heaps[m.term] = heaps_after(heaps[m.term], *m.heap);
  } else {
    masks[m.term] ^= turned;
  }
  const search_options none;
  search_stop stop(none, 1);
  return s.search(s.key_of(masks, heaps), stop);
}

search_report misere_sum_analysis::for_each_winning_move(const sum_move_callback& visit,
                                                         const search_options& limits) const {
  state& s = *state_;
  sum_move made;
  if (s.heap_position) {
    // The heaps together: the winning moves by heap size once, then each term's, its sizes ascending.
    std::map<coin, std::vector<heap_move>> winning;
    const search_report r = s.heap_position->for_each_winning_move(
        [&](const heap_move& m) {
          winning[static_cast<coin>(m.from)].push_back(m);
          return true;
        },
        limits);
    if (!r.complete()) return r;
    for (std::size_t t = 0; t < s.terms.size(); ++t) {
      made.term = t;
      const std::vector<coin>& mine = s.heaps[t];
      for (std::size_t i = 0; i < mine.size(); ++i) {
        if (i > 0 && mine[i] == mine[i - 1]) continue;
        const auto found = winning.find(mine[i]);
        if (found == winning.end()) continue;
        for (const heap_move& m : found->second) {
          made.heap = m;
          if (!visit(made)) return {search_end::stopped, r.coins_done, r.coins, 0};
        }
      }
    }
    return r;
  }
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < s.terms.size(); ++i) {
    if (s.terms[i].is_heaps()) {
      const heap_group& g = s.heap_groups[s.group_of_term[i]];
      for (std::size_t k = 0; k < s.heaps[i].size(); ++k) {
        if (k > 0 && s.heaps[i][k] == s.heaps[i][k - 1]) continue;
        g.rule.for_each_heap_move(s.heaps[i][k], [&](coin, std::span<const coin>) {
          ++total;
          return true;
        });
      }
      continue;
    }
    s.solvers[i]->for_each_move(s.masks[i], [&](std::uint64_t) {
      ++total;
      return true;
    });
  }
  search_stop stop(limits, total);
  std::uint64_t index = 0;
  bool go_on = true;
  if (s.method == sum_misere_method::quotient) {
    // The other terms' product is the product of those before and those after: one pass each way, O(terms), where
    // a product over the others per term would be O(terms²).
    const misere_quotient& q = *s.quotient;
    std::vector<quotient_element> after(s.masks.size() + 1, 0);
    for (std::size_t i = s.masks.size(); i-- > 0;)
      after[i] = q.product(q.image(static_cast<coin>(s.masks[i])), after[i + 1]);
    quotient_element before = 0;
    for (std::size_t i = 0; i < s.masks.size() && go_on; ++i) {
      const quotient_element others = q.product(before, after[i + 1]);
      before = q.product(before, q.image(static_cast<coin>(s.masks[i])));
      made.term = i;
      s.solvers[i]->for_each_move(s.masks[i], [&](std::uint64_t turned) {
        if (!stop.next_coin(index++)) return go_on = false;
        const quotient_element x = q.product(others, q.image(static_cast<coin>(s.masks[i] ^ turned)));
        made.coins = s.solvers[i]->move_of(turned);
        if (q.is_p(x) && !visit(made)) {
          stop.visitor_stopped();
          return go_on = false;
        }
        return true;
      });
    }
    return search_report{stop.end(), stop.coins_done(), stop.total()};
  }
  for (std::size_t i = 0; i < s.terms.size() && go_on; ++i) {
    made.term = i;
    made.coins = move{};
    made.heap.reset();
    if (s.terms[i].is_heaps()) {
      const heap_group& g = s.heap_groups[s.group_of_term[i]];
      const std::vector<coin> mine = s.heaps[i];
      for (std::size_t k = 0; k < mine.size() && go_on; ++k) {
        if (k > 0 && mine[k] == mine[k - 1]) continue;
        g.rule.for_each_heap_move(mine[k], [&](coin take, std::span<const coin> leaving) {
          if (!stop.next_coin(index++)) return go_on = false;
          heap_move m{take, mine[k], std::vector<heap_size>(leaving.begin(), leaving.end())};
          std::vector<std::vector<coin>> heaps = s.heaps;
          heaps[i] = heaps_after(mine, m);
          const char after = s.search(s.key_of(s.masks, heaps), stop);
          if (after == '?') return go_on = false;
          made.heap = std::move(m);
          if (after == 'P' && !visit(made)) {
            stop.visitor_stopped();
            return go_on = false;
          }
          return true;
        });
      }
      continue;
    }
    s.solvers[i]->for_each_move(s.masks[i], [&](std::uint64_t turned) {
      if (!stop.next_coin(index++)) return go_on = false;
      std::vector<std::uint64_t> child = s.masks;
      child[i] ^= turned;
      const char after = s.search(s.key_of(child, s.heaps), stop);
      if (after == '?') return go_on = false;
      made.coins = s.solvers[i]->move_of(turned);
      if (after == 'P' && !visit(made)) {
        stop.visitor_stopped();
        return go_on = false;
      }
      return true;
    });
  }
  return search_report{stop.end(), stop.coins_done(), stop.total()};
}

std::vector<sum_move> misere_sum_analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<sum_move> out;
  if (limit == 0) return out;
  std::size_t seen = 0;
  for_each_winning_move([&](const sum_move& m) {
    if (seen++ < skip) return true;
    out.push_back(m);
    return out.size() < limit;
  });
  return out;
}

namespace {

/// The misère method of the heaps of one game asked for by the sum's.
heap_misere_method heap_method_of(sum_misere_method method) {
  switch (method) {
    case sum_misere_method::quotient:
      return heap_misere_method::quotient;
    case sum_misere_method::search:
      return heap_misere_method::search;
    case sum_misere_method::genus:
      return heap_misere_method::genus;
    case sum_misere_method::automatic:
      break;
  }
  return heap_misere_method::automatic;
}

sum_misere_method sum_method_of(heap_misere_method method) {
  switch (method) {
    case heap_misere_method::quotient:
      return sum_misere_method::quotient;
    case heap_misere_method::genus:
      return sum_misere_method::genus;
    case heap_misere_method::search:
    case heap_misere_method::automatic:
      break;
  }
  return sum_misere_method::search;
}

}  // namespace

misere_sum_analysis analyze_misere_sum(const std::vector<sum_term>& terms, const misere_sum_options& options) {
  if (terms.empty()) throw parse_error("an empty sum has no position; give at least one term, GAME POSITION");
  // The time limit counts from here: a quotient given up on leaves the search the rest of it.
  search_options limits = search_options::within(options.max_seconds);
  limits.progress = options.progress;
  auto s = std::make_shared<misere_sum_analysis::state>();
  s->terms = terms;
  s->max_memory = memory_limit_or_default(options.max_memory);
  misere_options term_options;
  term_options.max_memory = options.max_memory;
  term_options.method = misere_method::reachable;  // only the moves are used: no sweep table
  // Terms of coins are sorted into groups of one game and one box, in order of first appearance, for the search's
  // key; terms of heaps into groups of one rule.
  std::vector<std::pair<std::string, box_extents>> groups;
  std::vector<std::size_t> group_of;
  s->heaps.resize(terms.size());
  s->group_of_term.assign(terms.size(), 0);
  bool all_heaps = true;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    const sum_term& term = terms[t];
    if (term.is_heaps()) {
      const take_break_code rule = heap_rule(term.game);
      std::vector<coin> mine = misere_heap_sizes(*term.heaps);
      std::sort(mine.begin(), mine.end());
      s->heaps[t] = std::move(mine);
      const std::size_t g = static_cast<std::size_t>(
          std::find_if(s->heap_groups.begin(), s->heap_groups.end(),
                       [&](const heap_group& group) { return group.rule.text() == rule.text(); }) -
          s->heap_groups.begin());
      if (g == s->heap_groups.size()) s->heap_groups.push_back({rule, {}, {}});
      s->heap_groups[g].terms.push_back(t);
      s->group_of_term[t] = g;
      s->masks.push_back(0);
      s->solvers.push_back(nullptr);
      group_of.push_back(0);
      continue;
    }
    all_heaps = false;
    const std::size_t dims = term.game.dimensions();
    const box_position position = term.position.to_position(options.max_memory);
    if (position.dimensions() != dims) {
      throw parse_error("term " + std::to_string(t) + ": " + quote_typed(term.game.name()) + " has " +
                        std::to_string(dims) + (dims == 1 ? " axis" : " axes") + ", but its position has " +
                        std::to_string(position.dimensions()) + "; give a position with one axis per factor");
    }
    if (term.game.is_product()) term.game.product().check_extents(position.extents());
    const box_extents box = position.occupied_extents();
    std::uint64_t cells = 1;
    for (const std::size_t e : box) cells = cells > max_misere_cells ? cells : cells * e;
    if (cells > max_misere_cells) {
      throw limit_error("term " + std::to_string(t) + " spans " + std::to_string(cells) +
                        " coins up to its last heads coin, past the " + std::to_string(max_misere_cells) +
                        " a position of misère play may span; give terms of at most 64 coins");
    }
    const std::uint64_t top = cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells) - 1;
    auto solver = std::make_shared<misere_solver>(term.game, box, top, term_options);
    s->masks.push_back(solver->mask_of(position));
    s->solvers.push_back(std::move(solver));
    const std::pair<std::string, box_extents> g{term.game.name(), box};
    const auto at = std::find(groups.begin(), groups.end(), g);
    group_of.push_back(static_cast<std::size_t>(at - groups.begin()));
    if (at == groups.end()) groups.push_back(g);
  }
  for (std::size_t t = 0; t < terms.size(); ++t) {
    if (!terms[t].is_heaps()) s->slot_term.push_back(t);
  }
  std::stable_sort(s->slot_term.begin(), s->slot_term.end(),
                   [&](std::size_t x, std::size_t y) { return group_of[x] < group_of[y]; });
  for (const std::size_t t : s->slot_term) {
    s->slot_group.push_back(group_of[t]);
    s->slot_moves.push_back(s->solvers[t].get());
  }
  misere_sum_analysis a(s);

  // Heaps of one game: their heaps together are one position of heaps (misere_heaps.hpp).
  if (all_heaps && s->heap_groups.size() == 1) {
    misere_heap_options heap_options;
    heap_options.max_memory = options.max_memory;
    heap_options.max_seconds = options.max_seconds;
    heap_options.progress = options.progress;
    heap_options.method = heap_method_of(options.method);
    heap_options.max_quotient_order = options.max_quotient_order;
    heap_options.quotient_seconds = options.quotient_seconds;
    const std::vector<coin> all = s->all_heaps(terms.size(), {});
    const coin largest = all.empty() ? 0 : all.back();
    std::shared_ptr<misere_heap_solver> solver = options.heap_solver;
    if (solver == nullptr || solver->rule().text() != s->heap_groups.front().rule.text()) {
      solver = std::make_shared<misere_heap_solver>(terms.front().game, largest, heap_options);
    }
    s->heap_position.emplace(analyze_misere_heaps(solver, all, heap_options));
    const misere_heap_analysis& h = *s->heap_position;
    s->method = sum_method_of(h.method());
    // The quotient lives in the solver: shared with it.
    if (h.method() == heap_misere_method::quotient) {
      s->quotient = std::shared_ptr<const misere_quotient>(solver, solver->quotient());
    }
    a.outcome_ = h.outcome();
    a.solving_ = h.solving();
    a.where_ = h.stopped_where();
    return a;
  }
  // The quotient: every term a row of one 1-D game, within the coins asked.
  const sum_term& first = terms.front();
  bool rows_of_one_game = !first.is_heaps() && !first.game.is_product();
  std::uint64_t largest = 0;
  for (std::size_t t = 0; t < terms.size() && rows_of_one_game; ++t) {
    rows_of_one_game = !terms[t].is_heaps() && !terms[t].game.is_product() && terms[t].game.name() == first.game.name();
    largest = std::max(largest, s->masks[t]);
  }
  const std::size_t coins = static_cast<std::size_t>(std::bit_width(largest));
  const std::size_t most_coins =
      options.method == sum_misere_method::quotient ? max_quotient_row_coins : options.quotient_coins;
  if (options.method == sum_misere_method::quotient && !rows_of_one_game) {
    throw parse_error(
        "the quotient answers sums of rows of one 1-D game, or of heaps of one take-and-break game; give terms of "
        "one game, or the method search");
  }
  if (options.method == sum_misere_method::quotient && coins > most_coins) {
    throw limit_error("the quotient of rows of " + std::to_string(coins) + " coins is past the " +
                      std::to_string(most_coins) + " coins a row quotient is built for; give rows of at most " +
                      std::to_string(most_coins) + " coins, or the method search");
  }
  const std::shared_ptr<const misere_quotient>& given = options.rows_quotient;
  if (options.method != sum_misere_method::search && rows_of_one_game && given != nullptr &&
      given->components() == quotient_components::rows && given->row_game().name() == first.game.name() &&
      given->bound() >= largest) {
    s->method = sum_misere_method::quotient;
    s->quotient = given;
    a.outcome_ = s->quotient->is_p(s->product_except(terms.size())) ? 'P' : 'N';
    return a;
  }
  if (options.method != sum_misere_method::search && rows_of_one_game && coins <= most_coins) {
    quotient_options q;
    q.max_order = options.max_quotient_order;
    q.max_memory = options.max_memory;
    q.progress = options.progress;
    q.max_seconds = options.method == sum_misere_method::quotient ? options.max_seconds
                    : options.max_seconds > 0 ? std::min(options.max_seconds, options.quotient_seconds)
                                              : options.quotient_seconds;
    auto built = std::make_shared<const misere_quotient>(
        build_row_quotient(first.game.row_game(), static_cast<coin>(largest), q));
    if (built->bound() == largest) {
      s->method = sum_misere_method::quotient;
      s->quotient = std::move(built);
      a.outcome_ = s->quotient->is_p(s->product_except(terms.size())) ? 'P' : 'N';
      return a;
    }
    if (options.method == sum_misere_method::quotient) {
      if (built->end() == search_end::cancelled) {
        a.solving_ = search_end::cancelled;
        a.where_ = "the quotient of the rows stopped at row " + built->component_text(built->bound() + 1);
        return a;
      }
      throw limit_error("the quotient of the rows up to " + built->component_text(static_cast<coin>(largest)) +
                        " was not built: " + built->stopped_why() +
                        "; give shorter rows, a larger --max-seconds, or the method search");
    }
  }
  s->method = sum_misere_method::search;
  search_stop stop(limits, 1);
  a.outcome_ = s->search(s->key_of(s->masks, s->heaps), stop);
  if (a.outcome_ == '?') {
    a.solving_ = stop.end();
    a.where_ = std::string(stop.end() == search_end::time_limit ? "the time limit" : "a stop") + " came after " +
               std::to_string(s->memo.size()) + " positions of the sum were solved";
  }
  return a;
}

}  // namespace tartan
