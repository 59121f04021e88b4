#include "tartan/analysis/misere.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

/// Bytes per entry of the reachable search's memo, for the memory estimate: a key and a state per slot, at most half
/// the slots used, and the old table beside the new one while it grows.
constexpr std::uint64_t memo_bytes_per_entry = 32;

/// The positions the sweep passes between two looks at the clock and the progress callback.
constexpr std::uint64_t sweep_stride = std::uint64_t{1} << 14;

std::string coins_text(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " coin" : " coins"); }

/// "2^24 positions" for powers of two, else the number.
std::string positions_text(std::uint64_t n) {
  if (n >= 1024 && std::has_single_bit(n)) return "2^" + std::to_string(std::countr_zero(n)) + " positions";
  return std::to_string(n) + (n == 1 ? " position" : " positions");
}

/// The bytes of the sweep's table for the positions 0..top, one bit each.
std::uint64_t table_bytes(std::uint64_t top) { return ((top >> 6) + 1) * 8; }

/// The largest number of coins k whose 2^k positions' table fits `bytes` (at least 0).
std::uint64_t coins_fitting(std::uint64_t bytes) {
  std::uint64_t k = 0;
  while (k < 63 && table_bytes((std::uint64_t{2} << k) - 1) <= bytes) ++k;
  return k;
}

}  // namespace

std::string misere_method_name(misere_method method) {
  switch (method) {
    case misere_method::automatic:
      return "automatic";
    case misere_method::sweep:
      return "sweep";
    case misere_method::reachable:
      return "reachable";
  }
  return "automatic";
}

// The reachable search's memo: bitmask -> outcome, open addressing with linear probing. Insert only.
struct misere_solver::memo {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint8_t> states;  // 0: empty, 'N' or 'P'
  std::uint64_t count = 0;
  int shift = 64 - 10;

  memo() : keys(1024), states(1024) {}

  std::size_t slot(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift); }

  char find(std::uint64_t key) const {
    for (std::size_t i = slot(key), mask = keys.size() - 1;; i = (i + 1) & mask) {
      if (states[i] == 0) return 0;
      if (keys[i] == key) return static_cast<char>(states[i]);
    }
  }

  void put(std::uint64_t key, char state) {
    if (2 * (count + 1) > keys.size()) grow();
    for (std::size_t i = slot(key), mask = keys.size() - 1;; i = (i + 1) & mask) {
      if (states[i] == 0) {
        keys[i] = key;
        states[i] = static_cast<std::uint8_t>(state);
        ++count;
        return;
      }
      if (keys[i] == key) return;
    }
  }

  void grow() {
    std::vector<std::uint64_t> old_keys(keys.size() * 2);
    std::vector<std::uint8_t> old_states(states.size() * 2);
    old_keys.swap(keys);
    old_states.swap(states);
    --shift;
    count = 0;
    for (std::size_t i = 0; i < old_keys.size(); ++i) {
      if (old_states[i] != 0) put(old_keys[i], static_cast<char>(old_states[i]));
    }
  }
};

misere_solver::misere_solver(game_handle game, box_extents extents, std::uint64_t top, const misere_options& options)
    : game_(std::move(game)), extents_(std::move(extents)), top_(top) {
  const std::size_t k = game_.dimensions();
  if (extents_.size() != k) {
    throw parse_error(quote_typed(game_.name()) + " has " + std::to_string(k) + (k == 1 ? " axis" : " axes") +
                      " but the box has " + std::to_string(extents_.size()) + "; give one extent per axis");
  }
  std::uint64_t cells = 1;
  for (const std::size_t e : extents_) cells = saturating_mul(cells, e);
  if (cells > max_misere_cells) {
    throw limit_error("misère analysis solves positions as bitmasks of at most " + std::to_string(max_misere_cells) +
                          " coins, and this one's heads span " +
                          (k == 1 ? coins_text(cells) : format_size(extents_) + " (" + coins_text(cells) + ")"),
                      k == 1 ? "give a position whose heads lie within the first 64 coins"
                             : "give a position whose heads lie within a box of at most 64 coins (e.g. 8x8)",
                      limit_figures{"misère analysis",
                                    limit_unit::cells,
                                    static_cast<double>(cells),
                                    static_cast<double>(max_misere_cells),
                                    false,
                                    max_misere_cells,
                                    limit_unit::cells,
                                    {}});
  }
  cells_ = static_cast<std::size_t>(cells);
  TARTAN_ASSERT(cells_ == 64 || top_ < (std::uint64_t{1} << cells_), "the top position inside the box");
  max_memory_ = memory_limit_or_default(options.max_memory);
  max_seconds_ = options.max_seconds;

  // The moves of each coordinate along each axis (counted first, so that a game with too many is refused unlisted),
  // then every move of each cell as the bitmask of the coins it turns.
  // A row's counts stop once their sum passes the most listed (a game with 2^c moves from coin c is refused after
  // listing about max_misere_moves, not 2^64).
  std::vector<std::vector<std::uint64_t>> counts(k);
  for (std::size_t i = 0; i < k; ++i) {
    std::uint64_t sum = 0;
    for (coin c = 0; c < extents_[i]; ++c) {
      const std::uint64_t cap = k == 1 ? max_misere_moves + 1 - std::min(sum, max_misere_moves) : max_misere_moves + 1;
      counts[i].push_back(sum > max_misere_moves ? cap : game_.factor(i).count_moves(c, cap));
      sum = saturating_add(sum, counts[i].back());
    }
  }
  std::uint64_t total = 0;
  std::vector<coin> cell(k, 0);
  for (std::size_t index = 0; index < cells_; ++index) {
    std::uint64_t here = 1;
    for (std::size_t i = 0; i < k; ++i) here = saturating_mul(here, counts[i][cell[i]]);
    total = saturating_add(total, here);
    for (std::size_t i = k; i-- > 0;) {
      if (++cell[i] < extents_[i]) break;
      cell[i] = 0;
    }
  }
  if (total > max_misere_moves) {
    throw limit_error(quote_typed(game_.name()) + " has more than " + std::to_string(max_misere_moves) +
                          " moves in a box of " + (k == 1 ? coins_text(cells_) : format_size(extents_)) +
                          ", the most misère analysis lists as bitmasks",
                      "give a position whose heads lie within fewer coins",
                      limit_figures{"misère analysis", limit_unit::none, 0, 0, false, {}, limit_unit::none, {}});
  }
  const std::uint64_t move_bytes = total * 8 + (cells_ + 1) * 4;
  check_memory(move_bytes, max_memory_,
               "listing the " + std::to_string(total) + " moves of this box for misère analysis",
               "give a position whose heads lie within fewer coins");

  // Each axis's moves from each coordinate, as coordinate lists (the moving coordinate last). A coordinate with more
  // moves than are listed can only be in cells where another axis has no move (else the total would have been
  // refused): it is left empty, and those cells have no move either way.
  std::vector<std::vector<std::vector<std::vector<coin>>>> axis_moves(k);
  for (std::size_t i = 0; i < k; ++i) {
    axis_moves[i].resize(extents_[i]);
    for (coin c = 0; c < extents_[i]; ++c) {
      if (counts[i][c] > max_misere_moves) continue;
      game_.factor(i).for_each_move(c, [&](std::span<const coin> others) {
        std::vector<coin> turned(others.begin(), others.end());
        turned.push_back(c);
        axis_moves[i][c].push_back(std::move(turned));
        return true;
      });
    }
  }
  // Row-major strides: cell (c_0, ..., c_{k-1}) is bit Σ c_i · stride_i.
  std::vector<std::uint64_t> stride(k, 1);
  for (std::size_t i = k; i-- > 1;) stride[i - 1] = stride[i] * extents_[i];
  moves_.reserve(total);
  first_move_.assign(cells_ + 1, 0);
  std::fill(cell.begin(), cell.end(), 0);
  std::vector<std::size_t> choice(k, 0), at(k, 0);
  for (std::size_t index = 0; index < cells_; ++index) {
    first_move_[index] = static_cast<std::uint32_t>(moves_.size());
    bool any = true;
    for (std::size_t i = 0; i < k; ++i) any = any && !axis_moves[i][cell[i]].empty();
    if (any) {
      movable_ |= std::uint64_t{1} << index;
      // An odometer over the axes' moves (axis 0 outermost, as analysis::for_each_option visits them).
      std::fill(choice.begin(), choice.end(), 0);
      for (;;) {
        // The move's cells: the product of the axes' coordinate lists, as bits.
        std::uint64_t turned = 0;
        std::fill(at.begin(), at.end(), 0);
        for (;;) {
          std::uint64_t bit = 0;
          for (std::size_t i = 0; i < k; ++i) bit += axis_moves[i][cell[i]][choice[i]][at[i]] * stride[i];
          turned |= std::uint64_t{1} << bit;
          std::size_t i = k;
          while (i-- > 0) {
            if (++at[i] < axis_moves[i][cell[i]][choice[i]].size()) break;
            at[i] = 0;
          }
          if (i == SIZE_MAX) break;
        }
        moves_.push_back(turned);
        std::size_t i = k;
        while (i-- > 0) {
          if (++choice[i] < axis_moves[i][cell[i]].size()) break;
          choice[i] = 0;
        }
        if (i == SIZE_MAX) break;
      }
    }
    for (std::size_t i = k; i-- > 0;) {
      if (++cell[i] < extents_[i]) break;
      cell[i] = 0;
    }
  }
  first_move_[cells_] = static_cast<std::uint32_t>(moves_.size());

  // The method. The sweep fits when its table and the moves fit the memory limit.
  const std::uint64_t sweep_bytes = saturating_add(table_bytes(top_), move_bytes);
  may_sweep_ = sweep_bytes <= max_memory_ && (machine_memory() == 0 || sweep_bytes <= machine_memory());
  const std::uint64_t memo_room = max_memory_ > move_bytes ? (max_memory_ - move_bytes) / memo_bytes_per_entry : 0;
  switch (options.method) {
    case misere_method::sweep:
      method_ = misere_method::sweep;
      break;
    case misere_method::reachable:
      method_ = misere_method::reachable;
      may_sweep_ = false;  // the search alone, as asked: refused when it outgrows the memory
      budget_ = memo_room;
      work_budget_ = UINT64_MAX;
      break;
    case misere_method::automatic:
      if (may_sweep_ && top_ < misere_sweep_always) {
        method_ = misere_method::sweep;
      } else {
        method_ = misere_method::reachable;
        // The search pays a hash lookup per option looked at, about 100 ns on a large memo; the sweep some tens of
        // nanoseconds a position. A search that pays off finds its positions few (Turning Turtles never adds heads);
        // one that does not grows without end (Mock Turtles adds them). So the search gets a sixteenth of the sweep's
        // positions in lookups, at most 2^24 (about 2 s), before it gives way.
        budget_ = memo_room;
        // Where the sweep does not fit, the search is the only method: it gets 2^26 lookups (some seconds), and a
        // position it cannot settle in them is refused, naming the coins the sweep takes.
        work_budget_ = may_sweep_ ? std::clamp<std::uint64_t>(top_ / 16, std::uint64_t{1} << 20, std::uint64_t{1} << 24)
                                  : options.search_probe;
      }
      break;
  }
  if (method_ == misere_method::sweep) {
    if (!may_sweep_) {
      const std::uint64_t room = max_memory_ > move_bytes ? max_memory_ - move_bytes : 0;
      const std::uint64_t fits = coins_fitting(room);
      throw limit_error("the misère sweep of the " + positions_text(top_ + 1) + " up to this one needs about " +
                            format_bytes(sweep_bytes) + ", over the memory limit of " + format_bytes(max_memory_),
                        "give a position whose heads lie within the first " + coins_text(fits),
                        memory_figures("the misère sweep", sweep_bytes, max_memory_));
    }
    n_bits_.assign(static_cast<std::size_t>((top_ >> 6) + 1), 0);
  } else {
    memo_ = std::make_shared<memo>();
  }
}

std::uint64_t misere_solver::mask_of(const box_position& p) const {
  TARTAN_ASSERT(p.dimensions() == extents_.size(), "one coordinate per axis");
  std::uint64_t mask = 0;
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    std::uint64_t index = 0;
    const std::span<const coin> cell = p.head(h);
    for (std::size_t i = 0; i < cell.size(); ++i) {
      TARTAN_ASSERT(cell[i] < extents_[i], "a heads coin inside the solver's box");
      index = index * extents_[i] + cell[i];
    }
    mask |= std::uint64_t{1} << index;
  }
  return mask;
}

box_position misere_solver::position_of(std::uint64_t mask, const box_extents& box) const {
  const std::size_t k = extents_.size();
  std::vector<coin> flat;
  for (std::uint64_t bits = mask; bits != 0; bits &= bits - 1) {
    std::uint64_t index = static_cast<std::uint64_t>(std::countr_zero(bits));
    std::vector<coin> cell(k);
    for (std::size_t i = k; i-- > 0;) {
      cell[i] = static_cast<coin>(index % extents_[i]);
      index /= extents_[i];
    }
    flat.insert(flat.end(), cell.begin(), cell.end());
  }
  return box_position(box, std::move(flat));
}

move misere_solver::move_of(std::uint64_t turned) const {
  const std::size_t k = extents_.size();
  move m;
  m.axes.resize(k);
  for (std::uint64_t bits = turned; bits != 0; bits &= bits - 1) {
    std::uint64_t index = static_cast<std::uint64_t>(std::countr_zero(bits));
    for (std::size_t i = k; i-- > 0;) {
      m.axes[i].push_back(static_cast<coin>(index % extents_[i]));
      index /= extents_[i];
    }
  }
  for (std::vector<coin>& axis : m.axes) {
    std::sort(axis.begin(), axis.end());
    axis.erase(std::unique(axis.begin(), axis.end()), axis.end());
  }
  return m;
}

std::optional<std::uint64_t> misere_solver::turned_of(std::uint64_t mask, const move& m) const {
  const std::size_t k = extents_.size();
  if (m.dimensions() != k) return std::nullopt;
  std::uint64_t turned = 0;
  std::vector<std::size_t> at(k, 0);
  for (std::size_t i = 0; i < k; ++i) {
    if (m.axes[i].empty() || m.axes[i].back() >= extents_[i]) return std::nullopt;
  }
  for (;;) {
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < k; ++i) index = index * extents_[i] + m.axes[i][at[i]];
    turned |= std::uint64_t{1} << index;
    std::size_t i = k;
    while (i-- > 0) {
      if (++at[i] < m.axes[i].size()) break;
      at[i] = 0;
    }
    if (i == SIZE_MAX) break;
  }
  const std::size_t corner = static_cast<std::size_t>(std::bit_width(turned) - 1);
  if ((mask >> corner & 1) == 0) return std::nullopt;
  for (std::uint32_t j = first_move_[corner]; j < first_move_[corner + 1]; ++j) {
    if (moves_[j] == turned) return turned;
  }
  return std::nullopt;
}

bool misere_solver::for_each_move(std::uint64_t mask, detail::function_ref<bool(std::uint64_t)> visit) const {
  for (std::uint64_t heads = mask & movable_; heads != 0; heads &= heads - 1) {
    const auto c = static_cast<std::size_t>(std::countr_zero(heads));
    for (std::uint32_t j = first_move_[c]; j < first_move_[c + 1]; ++j) {
      if (!visit(moves_[j])) return false;
    }
  }
  return true;
}

std::uint64_t misere_solver::positions_solved() const {
  return method_ == misere_method::sweep ? swept_ : (memo_ ? memo_->count : 0);
}

search_end misere_solver::solve(const search_options& limits, double max_seconds) {
  if (method_ != misere_method::sweep || swept_ > top_) return search_end::complete;
  search_stop stop(limits, top_ + 1);
  sweep([&](std::uint64_t done) { return stop.next_coin(done); }, max_seconds);
  if (stop.end() == search_end::complete) stop.next_coin(top_ + 1);  // the last report: all done
  return stop.end();
}

// The sweep. Positions are taken in increasing order; each is N when some option is P. Rather than look at a
// position's options (below it), each P-position marks its predecessors (above it) N as soon as it is found: the
// predecessors of p are p XOR m for the moves m of p's tails coins (the moving coin tails in p, so heads before the
// move), each above p since the moving coin is the highest bit m changes. So when a position is reached its bit is
// final: set (N) when a P-position below it reaches it by one move, or when it has no move (the player to move wins);
// clear (P) otherwise. The N-positions cost a bit test each (a word of 64 skipped at once when all are set).
void misere_solver::sweep(detail::function_ref<bool(std::uint64_t)> go_on, double max_seconds) {
  using clock = std::chrono::steady_clock;
  const clock::time_point start = clock::now();
  const std::uint64_t first = swept_;
  const std::uint64_t end = top_ + 1;  // no box of 64 coins is swept whole: top < 2^64 - 1
  std::uint64_t* bits = n_bits_.data();
  const auto mark_predecessors = [&](std::uint64_t p) {
    for (std::uint64_t tails = ~p & movable_; tails != 0; tails &= tails - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(tails));
      if ((std::uint64_t{1} << c) > top_) break;  // every predecessor through coin c is above top
      for (std::uint32_t j = first_move_[c]; j < first_move_[c + 1]; ++j) {
        const std::uint64_t q = p ^ moves_[j];
        if (q <= top_) bits[q >> 6] |= std::uint64_t{1} << (q & 63);
      }
    }
  };
  bool projected = max_seconds <= 0;
  std::uint64_t next_check = first;
  for (std::uint64_t word = first >> 6; word <= (top_ >> 6); ++word) {
    const std::uint64_t base = word << 6;
    if (base >= next_check) {
      if (!go_on(base < first ? first : base)) return;
      next_check = base + sweep_stride;
      if (!projected && base > first) {
        const double seconds = std::chrono::duration<double>(clock::now() - start).count();
        if (seconds >= pace_guard::min_measured_seconds) {
          projected = true;
          const double done = static_cast<double>(base - first);
          const double estimate = seconds * static_cast<double>(end - first) / done;
          if (estimate > max_seconds) {
            const double per_second = done / seconds;
            const auto fits = static_cast<std::uint64_t>(
                std::max(0.0, std::floor(std::log2(std::max(1.0, per_second * max_seconds)))));
            const auto [estimated, limit] = format_seconds_apart(estimate, max_seconds);
            throw time_limit_error(
                "the misère sweep",
                "the misère sweep of the " + positions_text(end) + " up to this one would take about " + estimated +
                    " at the pace measured (" + format_seconds(seconds) + " for the first " +
                    std::to_string(base - first) + "), over the time limit of " + limit,
                "give a position whose heads lie within the first " + coins_text(fits), estimate, max_seconds, fits);
          }
        }
      }
    }
    // The positions of this word from the first not yet swept; a P-position may mark later ones in the same word.
    std::uint64_t from = base < first ? first - base : 0;
    const std::uint64_t last = std::min<std::uint64_t>(63, top_ - base);
    while (from <= last) {
      const std::uint64_t open = ~bits[word] & (~std::uint64_t{0} << from);
      if (open == 0) break;
      const auto j = static_cast<std::uint64_t>(std::countr_zero(open));
      if (j > last) break;
      const std::uint64_t p = base + j;
      if ((p & movable_) == 0) {
        bits[word] |= std::uint64_t{1} << j;  // no move: the player to move wins
      } else {
        mark_predecessors(p);
      }
      from = j + 1;
    }
    swept_ = base + last + 1;
  }
}

void misere_solver::give_way(search_stop* stop) {
  method_ = misere_method::sweep;
  memo_.reset();
  n_bits_.assign(static_cast<std::size_t>((top_ >> 6) + 1), 0);
  // The caller's stop (its deadline and cancel) is polled between blocks of positions; it reads the clock every so
  // many polls (search_stop::stride), about every few million positions.
  sweep([stop](std::uint64_t) { return stop == nullptr || stop->keep_going(); }, max_seconds_);
}

// The reachable search: depth first from the root with an explicit stack (a game may be long), each position's
// options tried in order until one is P (then it is N) or none is left (then it is P). Every outcome found is kept,
// so a position is solved once however often it is reached.
char misere_solver::search(std::uint64_t root, search_stop* stop) {
  struct frame {
    std::uint64_t position;
    std::uint64_t heads;  // movable heads coins whose moves are not tried yet
    std::uint32_t next;   // the next move to try, an index into moves_
    std::uint32_t end;    // the end of the current coin's moves
  };
  memo& known = *memo_;
  std::vector<frame> stack{frame{root, root & movable_, 0, 0}};
  char solved = 0;  // the outcome of the frame just popped: its parent goes on (N) or is N itself (P)
  while (!stack.empty()) {
    if (stop != nullptr && !stop->keep_going()) return '?';
    frame& f = stack.back();
    if (solved == 'P') {
      known.put(f.position, 'N');
      stack.pop_back();
      solved = 'N';
      continue;
    }
    solved = 0;
    std::uint64_t child = 0;
    bool descend = false;
    for (;;) {
      if (f.next == f.end) {
        if (f.heads == 0) {
          solved = 'P';  // every option is N
          break;
        }
        const auto c = static_cast<std::size_t>(std::countr_zero(f.heads));
        f.heads &= f.heads - 1;
        f.next = first_move_[c];
        f.end = first_move_[c + 1];
        continue;
      }
      const std::uint64_t q = f.position ^ moves_[f.next++];
      if ((q & movable_) == 0) continue;  // no move there: N
      ++work_;
      const char r = known.find(q);
      if (r == 'P') {
        solved = 'N';
        break;
      }
      if (r == 'N') continue;
      child = q;
      descend = true;
      break;
    }
    if (!descend) {
      known.put(f.position, solved);
      stack.pop_back();
      continue;
    }
    stack.push_back(frame{child, child & movable_, 0, 0});  // f is not used after this
    if (may_sweep_ && (known.count > budget_ || work_ > work_budget_)) {
      give_way(stop);
      return outcome(root, nullptr);
    }
    if (work_ > work_budget_) {
      const std::uint64_t room = max_memory_ > moves_.size() * 8 ? max_memory_ - moves_.size() * 8 : 0;
      throw limit_error("the positions reachable from this one are too many to search (" + std::to_string(known.count) +
                            " solved, " + std::to_string(work_) + " options looked at), and the sweep of the " +
                            positions_text(top_ + 1) + " up to it needs about " + format_bytes(table_bytes(top_)) +
                            ", over the memory limit of " + format_bytes(max_memory_),
                        "give a position whose heads lie within the first " + coins_text(coins_fitting(room)),
                        memory_figures("the misère sweep", table_bytes(top_), max_memory_));
    }
    if (known.count > budget_) {
      const std::uint64_t room = max_memory_ > moves_.size() * 8 ? max_memory_ - moves_.size() * 8 : 0;
      throw limit_error(
          "the positions reachable from this one pass " + std::to_string(budget_) + ", what the memory limit of " +
              format_bytes(max_memory_) + " holds for the reachable search, and the sweep of the " +
              positions_text(top_ + 1) + " up to it needs about " + format_bytes(table_bytes(top_)),
          "give a position whose heads lie within the first " + coins_text(coins_fitting(room)),
          memory_figures("the misère search", saturating_mul(budget_, memo_bytes_per_entry), max_memory_, true));
    }
  }
  return known.find(root);
}

char misere_solver::outcome(std::uint64_t mask, search_stop* stop) {
  TARTAN_ASSERT(mask <= top_, "a position at most the solver's top");
  if ((mask & movable_) == 0) return 'N';
  if (method_ == misere_method::sweep) {
    if (mask >= swept_) return '?';
    return (n_bits_[mask >> 6] >> (mask & 63) & 1) != 0 ? 'N' : 'P';
  }
  const char known = memo_->find(mask);
  if (known != 0) return known;
  return search(mask, stop);
}

namespace {

/// The bitmask of `p`'s heads, row-major over `extents`.
std::uint64_t mask_in(const box_extents& extents, const box_position& p) {
  std::uint64_t mask = 0;
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    std::uint64_t index = 0;
    const std::span<const coin> cell = p.head(h);
    for (std::size_t i = 0; i < cell.size(); ++i) index = index * extents[i] + cell[i];
    mask |= std::uint64_t{1} << index;
  }
  return mask;
}

/// "after 1048576 of the 2^24 positions up to this one", with the time limit named when it stopped the work.
std::string stop_words(search_end end, double max_seconds) {
  return end == search_end::time_limit ? "at the time limit of " + format_seconds(max_seconds) + " " : "";
}

}  // namespace

misere_analysis analyze_misere(const game_handle& game, box_position position, const misere_options& options) {
  const std::size_t dims = game.dimensions();
  if (position.dimensions() != dims) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(dims) + (dims == 1 ? " axis" : " axes") +
                      ", but the position has " + std::to_string(position.dimensions()) +
                      (position.dimensions() == 1 ? " axis" : " axes") + "; give a position with one axis per factor");
  }
  if (game.is_product()) game.product().check_extents(position.extents());
  // Only the coins up to the last heads coin along each axis matter: every move turns a heads coin and coins below
  // it along every axis.
  const box_extents box = position.occupied_extents();
  std::uint64_t cells = 1;
  for (const std::size_t e : box) cells = saturating_mul(cells, e);
  const std::uint64_t top = cells <= max_misere_cells ? mask_in(box, position) : 0;
  auto solver = std::make_shared<misere_solver>(game, box, top, options);
  return analyze_misere(std::move(solver), std::move(position), options);
}

misere_analysis analyze_misere(std::shared_ptr<misere_solver> solver, box_position position,
                               const misere_options& options) {
  misere_analysis a(std::move(solver), std::move(position));
  misere_solver& s = *a.solver_;
  a.mask_ = s.mask_of(a.position_);
  search_options limits = search_options::within(options.max_seconds);
  limits.progress = options.progress;
  const search_end swept = s.solve(limits, options.max_seconds);
  if (s.terminal(a.mask_)) {
    a.outcome_ = 'N';
    return a;
  }
  std::uint64_t total = 0;
  s.for_each_move(a.mask_, [&](std::uint64_t) {
    ++total;
    return true;
  });
  if (swept != search_end::complete) {
    // The sweep stopped: a P option among the positions swept still makes the position N.
    a.solving_ = swept;
    a.where_ = "the sweep stopped " + stop_words(swept, options.max_seconds) + "after " + std::to_string(s.swept()) +
               " of the " + std::to_string(s.top() + 1) + " positions up to this one";
    a.outcome_ = '?';
    s.for_each_move(a.mask_, [&](std::uint64_t turned) {
      if (s.outcome(a.mask_ ^ turned) != 'P') return true;
      a.outcome_ = 'N';
      return false;
    });
    return a;
  }
  // The first P option makes the position N; none, P. The reachable search runs here, option by option.
  search_stop stop(limits, total);
  std::uint64_t index = 0;
  char found = 'P';
  s.for_each_move(a.mask_, [&](std::uint64_t turned) {
    if (!stop.next_coin(index++)) {
      found = '?';
      return false;
    }
    const char r = s.outcome(a.mask_ ^ turned, &stop);
    if (r == '?') {
      found = '?';
      return false;
    }
    if (r == 'P') found = 'N';
    return r != 'P';
  });
  a.outcome_ = found;
  if (found == '?') {
    a.solving_ = stop.end();
    if (s.method() == misere_method::sweep && s.swept() <= s.top()) {
      a.where_ = "the sweep stopped " + stop_words(stop.end(), options.max_seconds) + "after " +
                 std::to_string(s.swept()) + " of the " + std::to_string(s.top() + 1) + " positions up to this one";
    } else {
      a.where_ = "the search stopped " + stop_words(stop.end(), options.max_seconds) + "after " +
                 std::to_string(stop.coins_done()) + " of the " + std::to_string(total) +
                 " options of this position (" + std::to_string(s.positions_solved()) + " positions solved)";
    }
  }
  return a;
}

search_report misere_analysis::for_each_winning_move(move_callback visit, const search_options& limits) const {
  misere_solver& s = *solver_;
  std::uint64_t total = 0;
  s.for_each_move(mask_, [&](std::uint64_t) {
    ++total;
    return true;
  });
  search_stop stop(limits, total);
  if (outcome_ == 'P') return {search_end::complete, total, total};
  std::uint64_t index = 0;
  s.for_each_move(mask_, [&](std::uint64_t turned) {
    if (!stop.next_coin(index++)) return false;
    const char r = s.outcome(mask_ ^ turned, &stop);
    if (r == '?') return stop.end() == search_end::complete;  // not swept: passed over; stopped: the end
    if (r == 'P' && !visit(s.move_of(turned))) {
      stop.visitor_stopped();
      return false;
    }
    return true;
  });
  return {stop.end(), stop.coins_done(), total};
}

std::vector<move> misere_analysis::winning_moves(std::size_t limit, std::size_t skip) const {
  std::vector<move> page;
  if (limit == 0) return page;
  std::size_t seen = 0;
  for_each_winning_move([&](const move& m) {
    if (seen++ >= skip) page.push_back(m);
    return page.size() < limit;
  });
  return page;
}

std::uint64_t misere_analysis::count_winning_moves() const {
  std::uint64_t count = 0;
  for_each_winning_move([&](const move&) {
    ++count;
    return true;
  });
  return count;
}

char misere_analysis::outcome_after(const move& m) const {
  const std::optional<std::uint64_t> turned = solver_->turned_of(mask_, m);
  TARTAN_ASSERT(turned.has_value(), "a legal move of the position");
  return solver_->outcome(mask_ ^ *turned);
}

}  // namespace tartan
