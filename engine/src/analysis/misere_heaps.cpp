#include "tartan/analysis/misere_heaps.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan {

namespace {

/// The mex of `values`, using `seen` as scratch.
grundy_value mex_of(const std::vector<grundy_value>& values, std::vector<char>& seen) {
  seen.assign(values.size() + 2, 0);
  for (const grundy_value v : values) {
    if (v < seen.size()) seen[static_cast<std::size_t>(v)] = 1;
  }
  grundy_value m = 0;
  while (seen[static_cast<std::size_t>(m)] != 0) ++m;
  return m;
}

/// Bytes per memo entry of the heap search, for the memory estimate: a hash node and its key's heap sizes.
std::uint64_t memo_entry_bytes(std::size_t heaps) { return 96 + 4 * static_cast<std::uint64_t>(heaps); }

}  // namespace

std::vector<heap_genus> heap_genera(const take_break_code& code, coin count, search_stop* stop) {
  std::vector<heap_genus> genera;
  genera.reserve(count);
  // Per option: its value (XOR of the heaps' values), and whether all its heaps are fickle.
  std::vector<grundy_value> values;
  std::vector<char> fickle;
  std::vector<grundy_value> scratch;
  std::vector<char> seen;
  for (coin n = 0; n < count; ++n) {
    if (stop != nullptr && !stop->next_coin(n)) break;
    values.clear();
    fickle.clear();
    bool options_tame = true;
    code.for_each_heap_move(n, [&](coin, std::span<const coin> left) {
      grundy_value v = 0;
      bool all_fickle = true;
      for (const coin h : left) {
        v ^= genera[h].value;
        options_tame = options_tame && genera[h].tame;
        all_fickle = all_fickle && genera[h].fickle;
      }
      values.push_back(v);
      fickle.push_back(all_fickle ? 1 : 0);
      return true;
    });
    heap_genus here;
    here.value = mex_of(values, seen);
    if (!options_tame) {
      genera.push_back(here);
      continue;
    }
    // γ0, the misère Grundy value: the options' misère values, a tame option's being its value, XOR 1 when it is
    // fickle (a Nim position of heaps of 0 and 1); 1 for a heap without a move (the player to move wins).
    const grundy_value g = here.value;
    scratch.clear();
    for (std::size_t i = 0; i < values.size(); ++i) scratch.push_back(values[i] ^ (fickle[i] != 0 ? 1 : 0));
    here.misere_value = values.empty() ? 1 : mex_of(scratch, seen);
    // With every option tame, the genus is a Nim position's exactly when γ0 is g (firm), or g XOR 1 for g <= 1
    // (fickle): the misère values of G plus heaps of one and two then follow by the mex (docs/misere.md).
    const bool is_fickle = g <= 1 && here.misere_value == (g ^ 1);
    const bool tame = is_fickle || here.misere_value == g;
    here.tame = tame;
    here.fickle = tame && is_fickle;
    genera.push_back(here);
  }
  return genera;
}

std::string heap_misere_method_name(heap_misere_method method) {
  switch (method) {
    case heap_misere_method::automatic:
      return "automatic";
    case heap_misere_method::genus:
      return "genus";
    case heap_misere_method::search:
      return "search";
    case heap_misere_method::quotient:
      return "quotient";
  }
  return "automatic";
}

struct misere_heap_solver::memo {
  struct hash {
    std::size_t operator()(const std::vector<coin>& heaps) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ULL;
      for (const coin c : heaps) h = (h ^ c) * 0x100000001B3ULL + (h >> 29);
      return static_cast<std::size_t>(h);
    }
  };
  std::unordered_map<std::vector<coin>, char, hash> known;
  std::uint64_t bytes = 0;
};

misere_heap_solver::misere_heap_solver(const game_handle& game, coin largest, const misere_heap_options& options)
    : game_(game), rule_(heap_rule(game)), method_(options.method) {
  max_memory_ = memory_limit_or_default(options.max_memory);
  memo_ = std::make_shared<memo>();
  if (method_ == heap_misere_method::search) return;
  if (method_ == heap_misere_method::automatic || method_ == heap_misere_method::quotient) {
    // The quotient, within its own budget when the method is automatic: a game whose quotient is too large or too
    // slow to build gives way to the genus method and the search, as before.
    quotient_options q;
    q.max_order = options.max_quotient_order;
    q.max_memory = max_memory_;
    q.progress = options.progress;
    q.max_seconds = options.max_seconds;
    coin bound = largest;
    if (method_ == heap_misere_method::automatic) {
      if (q.max_seconds <= 0 || q.max_seconds > options.quotient_seconds) q.max_seconds = options.quotient_seconds;
      bound = std::min(largest, options.quotient_heaps);
    }
    quotient_ = std::make_shared<const misere_quotient>(build_misere_quotient(rule_, bound, q));
    quotient_end_ = quotient_->end();
    // Stopped by the caller (Ctrl-C, or the time limit asked for, not the automatic budget): the solving stops.
    caller_stopped_ =
        quotient_end_ == search_end::cancelled ||
        (quotient_end_ == search_end::time_limit && options.max_seconds > 0 && options.max_seconds <= q.max_seconds);
    if (quotient_->covers(largest) || method_ == heap_misere_method::quotient || caller_stopped_) return;
  }
  const std::uint64_t count = std::uint64_t{largest} + 1;
  check_memory(saturating_mul(count, sizeof(heap_genus) + 64), max_memory_,
               "the genera of heaps up to " + std::to_string(largest), "give smaller heaps");
  search_options limits = search_options::within(options.max_seconds);
  limits.progress = options.progress;
  search_stop stop(limits, count);
  genera_ = heap_genera(rule_, static_cast<coin>(count), &stop);
  genera_end_ = stop.end();
}

heap_misere_method misere_heap_solver::method_for(const std::vector<coin>& heaps) const {
  if (method_ == heap_misere_method::search) return heap_misere_method::search;
  if (quotient_ != nullptr) {
    const auto beyond = std::find_if(heaps.begin(), heaps.end(), [&](coin h) { return !quotient_->covers(h); });
    if (beyond == heaps.end()) return heap_misere_method::quotient;
    if (method_ == heap_misere_method::quotient) {
      throw domain_error("the misère quotient of " + game_.name() + " was built for the heaps up to " +
                         std::to_string(quotient_->bound()) +
                         (quotient_->stopped_why().empty() ? "" : " (" + quotient_->stopped_why() + ")") +
                         ", without a proven period, so it does not answer the heap of " + std::to_string(*beyond) +
                         "; leave the method to the analysis (the plain search answers it)");
    }
  }
  for (const coin h : heaps) {
    if (h >= genera_.size() || !genera_[h].tame) {
      if (method_ == heap_misere_method::genus) {
        throw domain_error(h >= genera_.size()
                               ? "the genus of the heap of " + std::to_string(h) + " was not computed"
                               : "the heap of " + std::to_string(h) + " of " + game_.name() +
                                     " is not proved tame, and the genus method answers sums of tame heaps only; "
                                     "leave the method to the analysis (the plain search answers it)");
      }
      return heap_misere_method::search;
    }
  }
  return heap_misere_method::genus;
}

const std::vector<std::vector<coin>>& misere_heap_solver::moves_of(coin h) {
  if (h >= moves_.size()) {
    moves_.resize(std::size_t{h} + 1);
    listed_.resize(std::size_t{h} + 1, 0);
  }
  if (listed_[h] == 0) {
    rule_.for_each_heap_move(h, [&](coin take, std::span<const coin> left) {
      std::vector<coin> m{take};
      m.insert(m.end(), left.begin(), left.end());
      moves_[h].push_back(std::move(m));
      return true;
    });
    listed_[h] = 1;
  }
  return moves_[h];
}

std::vector<coin> misere_heap_solver::normal_form(std::vector<coin> heaps) {
  // A heap without a move is the empty game: G + 0 is G itself, so it is left out.
  heaps.erase(std::remove_if(heaps.begin(), heaps.end(), [&](coin h) { return moves_of(h).empty(); }), heaps.end());
  std::sort(heaps.begin(), heaps.end());
  return heaps;
}

std::vector<coin> misere_heap_solver::after(const std::vector<coin>& heaps, const heap_move& m) {
  std::vector<coin> next = heaps;
  const auto at = std::find(next.begin(), next.end(), m.from);
  TARTAN_ASSERT(at != next.end(), "a move in a heap of the position");
  next.erase(at);
  next.insert(next.end(), m.leaving.begin(), m.leaving.end());
  std::sort(next.begin(), next.end());
  return next;
}

std::uint64_t misere_heap_solver::positions_solved() const { return memo_->known.size(); }

char misere_heap_solver::outcome(const std::vector<coin>& heaps, search_stop* stop) {
  const heap_misere_method method = method_for(heaps);
  if (method == heap_misere_method::quotient) return quotient_->outcome(heaps);
  if (method == heap_misere_method::genus) {
    // The misère Nim rule on the heaps' Nim positions.
    grundy_value x = 0;
    bool all_fickle = true;
    for (const coin h : heaps) {
      x ^= genera_[h].value;
      all_fickle = all_fickle && genera_[h].fickle;
    }
    return (all_fickle ? x == 1 : x == 0) ? 'P' : 'N';
  }
  return search(normal_form(heaps), stop);
}

// Depth first over heap multisets with an explicit stack, each position's moves tried heap size by heap size until
// one leaves a P-position (then it is N) or none is left (then it is P); every outcome found is kept.
char misere_heap_solver::search(std::vector<coin> root, search_stop* stop) {
  auto& known = memo_->known;
  if (root.empty()) return 'N';  // no heap can move: the player to move wins
  if (const auto found = known.find(root); found != known.end()) return found->second;
  struct frame {
    std::vector<coin> heaps;  // in normal form
    std::size_t heap = 0;     // the index in `heaps` of the heap whose moves are tried
    std::size_t next = 0;     // its next move
  };
  std::vector<frame> stack;
  stack.push_back(frame{std::move(root)});
  char solved = 0;
  const std::uint64_t budget_bytes = max_memory_;
  while (!stack.empty()) {
    if (stop != nullptr && !stop->keep_going()) return '?';
    if (solved == 'P') {
      memo_->bytes += memo_entry_bytes(stack.back().heaps.size());
      known.emplace(std::move(stack.back().heaps), 'N');
      stack.pop_back();
      solved = 'N';
      continue;
    }
    solved = 0;
    std::vector<coin> child;
    bool descend = false;
    {
      frame& f = stack.back();
      while (f.heap < f.heaps.size()) {
        const coin h = f.heaps[f.heap];
        const std::vector<std::vector<coin>>& moves = moves_of(h);
        if (f.next == moves.size()) {
          // The next heap of another size (equal heaps have the same moves).
          while (f.heap < f.heaps.size() && f.heaps[f.heap] == h) ++f.heap;
          f.next = 0;
          continue;
        }
        const std::vector<coin>& m = moves[f.next++];
        std::vector<coin> next = f.heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(f.heap));
        next.insert(next.end(), m.begin() + 1, m.end());
        next = normal_form(std::move(next));
        if (next.empty()) continue;  // no move left there: N
        const auto found = known.find(next);
        if (found != known.end()) {
          if (found->second == 'P') {
            solved = 'N';
            break;
          }
          continue;
        }
        child = std::move(next);
        descend = true;
        break;
      }
      if (!descend && solved == 0) solved = 'P';
    }
    if (!descend) {
      memo_->bytes += memo_entry_bytes(stack.back().heaps.size());
      known.emplace(std::move(stack.back().heaps), solved);
      stack.pop_back();
      continue;
    }
    stack.push_back(frame{std::move(child)});
    if (memo_->bytes > budget_bytes) {
      throw limit_error("the heap positions reachable from these heaps take more than the memory limit of " +
                            format_bytes(max_memory_) + " for the plain search (" + std::to_string(known.size()) +
                            " positions solved)",
                        "give smaller heaps, or fewer",
                        memory_figures("the misère search of heaps", memo_->bytes, max_memory_, true));
    }
  }
  // The root was the last frame popped.
  return solved;
}

std::vector<coin> misere_heap_sizes(const std::vector<heap_size>& heaps) {
  std::vector<coin> sizes;
  for (const heap_size h : heaps) {
    if (h > UINT32_MAX) {
      throw limit_error(
          "misère play of heaps holds heaps of at most 2^32 - 1 tokens (its quotient, genera and search count "
          "them in 32 bits); the heap of " +
          std::to_string(h) + " is past it: give smaller heaps, or leave out misère play");
    }
    sizes.push_back(static_cast<coin>(h));
  }
  return sizes;
}

misere_heap_analysis analyze_misere_heaps(const game_handle& game, std::vector<coin> heaps,
                                          const misere_heap_options& options) {
  const coin largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
  auto solver = std::make_shared<misere_heap_solver>(game, largest, options);
  return analyze_misere_heaps(std::move(solver), std::move(heaps), options);
}

misere_heap_analysis analyze_misere_heaps(std::shared_ptr<misere_heap_solver> solver, std::vector<coin> heaps,
                                          const misere_heap_options& options) {
  misere_heap_analysis a(std::move(solver));
  misere_heap_solver& s = *a.solver_;
  std::sort(heaps.begin(), heaps.end());
  a.heaps_ = std::move(heaps);
  a.terminal_ = std::none_of(a.heaps_.begin(), a.heaps_.end(), [&](coin h) {
    bool any = false;
    s.rule().for_each_heap_move(h, [&](coin, std::span<const coin>) {
      any = true;
      return false;
    });
    return any;
  });
  if (s.quotient_stopped() && s.method_for(a.heaps_) != heap_misere_method::quotient) {
    a.solving_ = s.quotient_end();
    a.where_ = "the quotient stopped " +
               std::string(s.quotient_end() == search_end::time_limit
                               ? "at the time limit of " + format_seconds(options.max_seconds) + " "
                               : "") +
               "after the heaps up to " + std::to_string(s.quotient()->bound()) + " of the " +
               std::to_string(a.heaps_.empty() ? 0 : a.heaps_.back());
    a.outcome_ = a.terminal_ ? 'N' : '?';
    return a;
  }
  if (s.genera_end() != search_end::complete) {
    a.solving_ = s.genera_end();
    a.where_ = "the genera stopped " +
               std::string(s.genera_end() == search_end::time_limit
                               ? "at the time limit of " + format_seconds(options.max_seconds) + " "
                               : "") +
               "after the heaps up to " + std::to_string(s.genera().size()) + " of the " +
               std::to_string(a.heaps_.empty() ? 1 : a.heaps_.back() + std::size_t{1});
    a.outcome_ = a.terminal_ ? 'N' : '?';
    return a;
  }
  a.method_ = s.method_for(a.heaps_);
  if (a.terminal_) {
    a.outcome_ = 'N';
    return a;
  }
  if (a.method_ == heap_misere_method::genus || a.method_ == heap_misere_method::quotient) {
    a.outcome_ = s.outcome(a.heaps_);
    return a;
  }
  // The plain search, move by move of the position, until one leaves a P-position.
  search_options limits = search_options::within(options.max_seconds);
  limits.progress = options.progress;
  std::vector<coin> sizes = a.heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  char found = 'P';
  for (std::size_t i = 0; i < sizes.size() && found == 'P'; ++i) {
    if (!stop.next_coin(i)) {
      found = '?';
      break;
    }
    s.rule().for_each_heap_move(sizes[i], [&](coin take, std::span<const coin> left) {
      const char r =
          s.outcome(misere_heap_solver::after(a.heaps_, heap_move{take, sizes[i], {left.begin(), left.end()}}), &stop);
      if (r == 'P') found = 'N';
      if (r == '?') found = '?';
      return r == 'N';
    });
  }
  a.outcome_ = found;
  if (found == '?') {
    a.solving_ = stop.end();
    a.where_ = "the search stopped " +
               std::string(stop.end() == search_end::time_limit
                               ? "at the time limit of " + format_seconds(options.max_seconds) + " "
                               : "") +
               "after " + std::to_string(stop.coins_done()) + " of the " + std::to_string(sizes.size()) +
               " heap sizes (" + std::to_string(s.positions_solved()) + " positions solved)";
  }
  return a;
}

search_report misere_heap_analysis::for_each_winning_move(heap_move_callback visit,
                                                          const search_options& limits) const {
  std::vector<coin> sizes = heaps_;
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  search_stop stop(limits, sizes.size());
  if (outcome_ == 'P' || solver_->genera_end() != search_end::complete) {
    return {search_end::complete, sizes.size(), sizes.size()};
  }
  misere_heap_solver& s = *solver_;
  heap_move m;
  if (method_ == heap_misere_method::quotient) return quotient_winning_moves(sizes, visit, stop);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    const coin h = sizes[i];
    const bool going = s.rule().for_each_heap_move(h, [&](coin take, std::span<const coin> leaving) {
      m.take = take;
      m.from = h;
      m.leaving.assign(leaving.begin(), leaving.end());
      const char r = s.outcome(misere_heap_solver::after(heaps_, m), &stop);
      if (r == '?') return false;
      if (r == 'P' && !visit(m)) {
        stop.visitor_stopped();
        return false;
      }
      return true;
    });
    if (!going) break;
  }
  return {stop.end(), stop.coins_done(), sizes.size()};
}

search_report misere_heap_analysis::quotient_winning_moves(const std::vector<coin>& sizes, heap_move_callback visit,
                                                           search_stop& stop) const {
  // The class of the other heaps, for each size: the product of the sizes before and after it (prefix and suffix
  // products) and its own heaps but one. A move leaving heaps L wins when that class times Φ(L) is in P.
  const misere_quotient& q = *solver_->quotient();
  std::vector<quotient_element> own(sizes.size(), 0);  // Φ(h) to the power of the count of h, but one
  for (std::size_t i = 0, j = 0; i < sizes.size(); ++i) {
    while (j < heaps_.size() && heaps_[j] == sizes[i]) {
      if (j > 0 && heaps_[j - 1] == sizes[i]) own[i] = q.product(own[i], q.image(sizes[i]));
      ++j;
    }
  }
  std::vector<quotient_element> before(sizes.size() + 1, 0), after(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    before[i + 1] = q.product(before[i], q.product(own[i], q.image(sizes[i])));
  }
  for (std::size_t i = sizes.size(); i-- > 0;) {
    after[i] = q.product(after[i + 1], q.product(own[i], q.image(sizes[i])));
  }
  heap_move m;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!stop.next_coin(i)) break;
    const coin h = sizes[i];
    const quotient_element rest = q.product(q.product(before[i], after[i + 1]), own[i]);
    const bool going = solver_->rule().for_each_heap_move(h, [&](coin take, std::span<const coin> leaving) {
      if (!stop.keep_going()) return false;
      quotient_element x = rest;
      for (const coin l : leaving) x = q.product(x, q.image(l));
      if (!q.is_p(x)) return true;
      m.take = take;
      m.from = h;
      m.leaving.assign(leaving.begin(), leaving.end());
      if (!visit(m)) {
        stop.visitor_stopped();
        return false;
      }
      return true;
    });
    if (!going) break;
  }
  return {stop.end(), stop.coins_done(), sizes.size()};
}

std::vector<heap_move> misere_heap_analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<heap_move> page;
  if (limit == 0) return page;
  std::size_t seen = 0;
  for_each_winning_move([&](const heap_move& m) {
    if (seen++ >= skip) page.push_back(m);
    return page.size() < limit;
  });
  return page;
}

char misere_heap_analysis::outcome_after(const heap_move& m) const {
  return solver_->outcome(misere_heap_solver::after(heaps_, m));
}

}  // namespace tartan
