#include "tartan/analysis/misere_sum.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

/// A sum as the search keeps it: one bitmask per term.
using sum_key = std::vector<std::uint64_t>;

struct key_hash {
  std::size_t operator()(const sum_key& k) const noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (const std::uint64_t x : k) h = (h ^ x) * 0xff51afd7ed558ccdULL + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};

}  // namespace

struct misere_sum_analysis::state {
  std::vector<sum_term> terms;
  std::vector<std::shared_ptr<misere_solver>> solvers;  // each term's moves, in its heads' box
  std::vector<std::uint64_t> masks;
  sum_misere_method method = sum_misere_method::search;
  std::shared_ptr<const misere_quotient> quotient;
  std::uint64_t max_memory = 0;
  // The search keeps a sum as slots: the terms reordered so that terms of one game and one box (interchangeable)
  // are side by side, their bitmasks sorted.
  std::vector<std::size_t> slot_term;      // the term in each slot, for the root
  std::vector<std::size_t> slot_group;     // the group of each slot (one game, one box)
  std::vector<misere_solver*> slot_moves;  // the moves of each slot (any solver of its group)
  std::unordered_map<sum_key, char, key_hash> memo;

  /// The terms' bitmasks (in the terms' order) as slots.
  sum_key slots_of(const std::vector<std::uint64_t>& by_term) const {
    sum_key k(by_term.size());
    for (std::size_t j = 0; j < k.size(); ++j) k[j] = by_term[slot_term[j]];
    return k;
  }

  /// The key of a sum: a slot with no move is the empty game (0), and each group's bitmasks are sorted.
  sum_key canonical(sum_key k) const {
    for (std::size_t j = 0; j < k.size(); ++j) {
      if (slot_moves[j]->terminal(k[j])) k[j] = 0;
    }
    for (std::size_t i = 0; i < k.size();) {
      std::size_t j = i + 1;
      while (j < k.size() && slot_group[j] == slot_group[i]) ++j;
      std::sort(k.begin() + static_cast<std::ptrdiff_t>(i), k.begin() + static_cast<std::ptrdiff_t>(j));
      i = j;
    }
    return k;
  }

  /// The misère outcome of the sum whose slots are `root`: 'N', 'P', or '?' when `stop` stopped it. Depth first
  /// with an explicit stack (a play can be long: each move only lowers one bitmask), N as soon as an option is P.
  char search(const sum_key& root, search_stop& stop) {
    struct frame {
      sum_key key;
      std::vector<std::pair<std::size_t, std::uint64_t>> moves;  // (slot, the bitmask it turns)
      std::size_t next = 0;
    };
    auto open = [&](sum_key key) {
      frame f;
      f.key = std::move(key);
      for (std::size_t j = 0; j < f.key.size(); ++j) {
        // Equal bitmasks of one group have the same moves, to the same sums: listed once.
        if (j > 0 && slot_group[j] == slot_group[j - 1] && f.key[j] == f.key[j - 1]) continue;
        slot_moves[j]->for_each_move(f.key[j], [&](std::uint64_t turned) {
          f.moves.emplace_back(j, turned);
          return true;
        });
      }
      return f;
    };
    const sum_key start = canonical(root);
    if (const auto found = memo.find(start); found != memo.end()) return found->second;
    std::vector<frame> stack;
    stack.push_back(open(start));
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
      const auto [slot, turned] = f.moves[f.next++];
      sum_key child = f.key;
      child[slot] ^= turned;
      child = canonical(std::move(child));
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
          " positions; give fewer or smaller terms, rows of one game (solved through their quotient), or a larger "
          "--max-memory");
    }
  }

  /// The product of the classes of every term but `skip` (all of them when skip >= terms).
  quotient_element product_except(std::size_t skip) const {
    quotient_element x = 0;
    for (std::size_t i = 0; i < masks.size(); ++i) {
      if (i != skip) x = quotient->product(x, quotient->image(static_cast<coin>(masks[i])));
    }
    return x;
  }
};

std::string sum_misere_method_name(sum_misere_method method) {
  switch (method) {
    case sum_misere_method::quotient:
      return "quotient";
    case sum_misere_method::search:
      return "search";
    case sum_misere_method::automatic:
      break;
  }
  return "automatic";
}

const std::vector<sum_term>& misere_sum_analysis::terms() const { return state_->terms; }
const std::vector<std::uint64_t>& misere_sum_analysis::masks() const { return state_->masks; }
bool misere_sum_analysis::terminal() const {
  for (std::size_t i = 0; i < state_->masks.size(); ++i) {
    if (!state_->solvers[i]->terminal(state_->masks[i])) return false;
  }
  return true;
}
sum_misere_method misere_sum_analysis::method() const { return state_->method; }
const misere_quotient* misere_sum_analysis::quotient() const { return state_->quotient.get(); }
std::uint64_t misere_sum_analysis::positions_solved() const { return state_->memo.size(); }

std::vector<quotient_element> misere_sum_analysis::classes() const {
  TARTAN_ASSERT(state_->quotient != nullptr, "classes need the quotient");
  std::vector<quotient_element> c;
  for (const std::uint64_t m : state_->masks) c.push_back(state_->quotient->image(static_cast<coin>(m)));
  return c;
}

char misere_sum_analysis::outcome_after(std::size_t term, std::uint64_t turned) const {
  state& s = *state_;
  if (s.method == sum_misere_method::quotient) {
    const quotient_element x =
        s.quotient->product(s.product_except(term), s.quotient->image(static_cast<coin>(s.masks[term] ^ turned)));
    return s.quotient->is_p(x) ? 'P' : 'N';
  }
  std::vector<std::uint64_t> child = s.masks;
  child[term] ^= turned;
  const search_options none;
  search_stop stop(none, 1);
  return s.search(s.slots_of(child), stop);
}

search_report misere_sum_analysis::for_each_winning_move(
    const std::function<bool(std::size_t term, const move&)>& visit, const search_options& limits) const {
  state& s = *state_;
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < s.masks.size(); ++i) {
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
      s.solvers[i]->for_each_move(s.masks[i], [&](std::uint64_t turned) {
        if (!stop.next_coin(index++)) return go_on = false;
        const quotient_element x =
            s.quotient->product(others, s.quotient->image(static_cast<coin>(s.masks[i] ^ turned)));
        if (s.quotient->is_p(x) && !visit(i, s.solvers[i]->move_of(turned))) {
          stop.visitor_stopped();
          return go_on = false;
        }
        return true;
      });
    }
  } else {
    for (std::size_t i = 0; i < s.masks.size() && go_on; ++i) {
      s.solvers[i]->for_each_move(s.masks[i], [&](std::uint64_t turned) {
        if (!stop.next_coin(index++)) return go_on = false;
        std::vector<std::uint64_t> child = s.masks;
        child[i] ^= turned;
        const char after = s.search(s.slots_of(child), stop);
        if (after == '?') return go_on = false;
        if (after == 'P' && !visit(i, s.solvers[i]->move_of(turned))) {
          stop.visitor_stopped();
          return go_on = false;
        }
        return true;
      });
    }
  }
  return search_report{stop.end(), stop.coins_done(), stop.total()};
}

std::vector<std::pair<std::size_t, move>> misere_sum_analysis::winning_moves(std::size_t limit,
                                                                             std::size_t skip) const {
  std::vector<std::pair<std::size_t, move>> out;
  if (limit == 0) return out;
  std::size_t seen = 0;
  for_each_winning_move([&](std::size_t term, const move& m) {
    if (seen++ < skip) return true;
    out.emplace_back(term, m);
    return out.size() < limit;
  });
  return out;
}

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
  // Terms are sorted into groups of one game and one box, in order of first appearance, for the search's key.
  std::vector<std::pair<std::string, box_extents>> groups;
  std::vector<std::size_t> group_of;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    const sum_term& term = terms[t];
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
  for (std::size_t t = 0; t < terms.size(); ++t) s->slot_term.push_back(t);
  std::stable_sort(s->slot_term.begin(), s->slot_term.end(),
                   [&](std::size_t x, std::size_t y) { return group_of[x] < group_of[y]; });
  for (const std::size_t t : s->slot_term) {
    s->slot_group.push_back(group_of[t]);
    s->slot_moves.push_back(s->solvers[t].get());
  }
  misere_sum_analysis a(s);
  // The quotient: every term a row of one 1-D game, within the coins asked.
  const sum_term& first = terms.front();
  bool rows_of_one_game = !first.game.is_product();
  std::uint64_t largest = 0;
  for (std::size_t t = 0; t < terms.size() && rows_of_one_game; ++t) {
    rows_of_one_game = !terms[t].game.is_product() && terms[t].game.name() == first.game.name();
    largest = std::max(largest, s->masks[t]);
  }
  const std::size_t coins = static_cast<std::size_t>(std::bit_width(largest));
  const std::size_t most_coins =
      options.method == sum_misere_method::quotient ? max_quotient_row_coins : options.quotient_coins;
  if (options.method == sum_misere_method::quotient && !rows_of_one_game) {
    throw parse_error(
        "the quotient answers sums of rows of one 1-D game; give terms GAME ROW of one game, or "
        "the method search");
  }
  if (options.method == sum_misere_method::quotient && coins > most_coins) {
    throw limit_error("the quotient of rows of " + std::to_string(coins) + " coins is past the " +
                      std::to_string(most_coins) + " coins a row quotient is built for; give rows of at most " +
                      std::to_string(most_coins) + " coins, or the method search");
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
  a.outcome_ = s->search(s->slots_of(s->masks), stop);
  if (a.outcome_ == '?') {
    a.solving_ = stop.end();
    a.where_ = std::string(stop.end() == search_end::time_limit ? "the time limit" : "a stop") + " came after " +
               std::to_string(s->memo.size()) + " positions of the sum were solved";
  }
  return a;
}

}  // namespace tartan
