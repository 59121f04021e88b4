#include "tartan/product/product_verify.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "detail/threads.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/mex.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/box_cells.hpp"

namespace tartan {

namespace {

using row_index = std::uint32_t;

/// The box seen as rows × columns: a row is a tuple of all coordinates but the last.
struct box_layout {
  explicit box_layout(std::span<const std::size_t> e) : extents(e.begin(), e.end()) {
    cols = extents.back();
    rows = 1;
    for (std::size_t i = 0; i + 1 < extents.size(); ++i) rows *= extents[i];
  }
  /// The extents of the rows, all but the last.
  std::span<const std::size_t> row_extents() const { return std::span(extents).first(extents.size() - 1); }
  /// The coordinates (c_0..c_{k-2}) of row r.
  std::vector<coin> row_coordinates(std::size_t r) const { return tartan::cell_at<coin>(row_extents(), r); }
  box_extents extents;
  std::size_t rows = 0;
  std::size_t cols = 0;
};

/// The moves of a factor from coin c, each as all the coins it turns (c included), ascending.
std::vector<std::vector<coin>> full_moves(const turning_game& factor, coin c) {
  std::vector<std::vector<coin>> moves;
  factor.for_each_move(c, [&](std::span<const coin> others) {
    std::vector<coin> m(others.begin(), others.end());
    m.push_back(c);
    moves.push_back(std::move(m));
    return true;
  });
  return moves;
}

/// The number of moves of `factor` from coin c: exact when `exact`, else a lower bound. Counted with caps growing
/// 64, 512, 4096, ... up to cap + 1 (a result of cap + 1 means "more than cap"), and stopped once one count took
/// longer than `slow`: without a move_count hook counting enumerates the moves, and some enumerations cost each
/// move's size (counting Ruler's 10^6 moves from coin 10^6 that way would take hours).
struct move_estimate {
  std::uint64_t count = 0;
  bool exact = true;
};
move_estimate estimate_moves(const turning_game& factor, coin c, std::uint64_t cap,
                             std::chrono::steady_clock::duration slow) {
  const std::uint64_t limit = saturating_add(cap, 1);
  for (std::uint64_t k = 64;; k = saturating_mul(k, 8)) {
    const std::uint64_t bound = std::min(k, limit);
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t n = factor.count_moves(c, bound);
    if (n < bound || bound == limit) return {n, true};
    if (std::chrono::steady_clock::now() - start > slow) return {n, false};
  }
}

/// The most moves from one coin below `extent` (counted by the game's move_count hook or by enumeration, capped),
/// and, when `want_size`, the most coins one such move turns (the bound c + 1 where enumerating would be long).
/// Coins are taken from the highest down, where moves are usually most numerous, and counting stops after about
/// 50 ms: without a move_count hook, counting Ruler's moves from every coin below 3000 alone would take seconds.
/// So this is an estimate for games whose move counts are not largest near the top; the top coin is always counted.
struct move_profile {
  std::uint64_t max_moves = 0;
  std::uint64_t max_size = 1;
  coin busiest = 0;  // a coin with max_moves moves
};
move_profile profile_moves(const turning_game& factor, std::size_t extent, std::uint64_t cap, bool want_size) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  std::uint64_t budget = std::uint64_t{1} << 22;  // coin visits spent measuring move sizes
  move_profile p;
  for (std::size_t c = extent; c-- > 0 && p.max_moves <= cap;) {
    // Exact (capped) counts, never a timed lower bound: the plan's memory estimate and the 'out of reach' refusal
    // rest on them, and a lower bound that depends on the machine's speed let a slow build (a sanitizer's) plan a
    // computation that then enumerated billions of moves.
    const std::uint64_t n = factor.count_moves(static_cast<coin>(c), saturating_add(cap, 1));
    if (n > p.max_moves) {
      p.max_moves = n;
      p.busiest = static_cast<coin>(c);
    }
    if (want_size) {
      if (saturating_mul(n, c + 1) <= budget) {
        budget -= n * (c + 1);
        factor.for_each_move(static_cast<coin>(c), [&](std::span<const coin> others) {
          p.max_size = std::max<std::uint64_t>(p.max_size, others.size() + 1);
          return true;
        });
      } else {
        p.max_size = std::max<std::uint64_t>(p.max_size, c + 1);
      }
    }
    if (std::chrono::steady_clock::now() > deadline) {
      if (want_size) p.max_size = std::max<std::uint64_t>(p.max_size, c);  // coins below c: at most c per move
      break;
    }
  }
  return p;
}

/// The moves of a factor from each coin below `extent`, as a lower bound: counted exactly at up to 1024 coins evenly
/// spread (every coin of a shorter axis), each count taken for the coins up to the next one counted (move counts
/// grow with the coin; with counts growing as a power of the coin, the steps lose a fraction of a percent of the
/// sum), and capped by a budget of 2^24 moves in all, so that a game that counts by listing its moves lists no more
/// than that; past the budget, the last count stands for the coins above. Counts, never timings: the same on every
/// machine.
std::vector<double> moves_per_coin(const turning_game& factor, std::size_t extent) {
  constexpr std::uint64_t budget = std::uint64_t{1} << 24;
  constexpr std::size_t most_counted = 1024;
  const std::size_t stride = (extent + most_counted - 1) / most_counted;
  std::vector<double> moves(extent, 0);
  std::uint64_t spent = 0, last = 0;
  for (std::size_t c = 0; c < extent; ++c) {
    if (c % stride == 0 && spent < budget) {
      last = factor.count_moves(static_cast<coin>(c), budget - spent);
      spent += last;
    }
    moves[c] = static_cast<double>(last);
  }
  return moves;
}

/// The work of a direct computation cell by cell, from the factors' moves (moves_per_coin): cell (r, b) calls the
/// inner factor's option_values once per row move of row r, and each call lists about as many values as that factor
/// has moves from b, so its weight is row_moves(r) · (1 + moves_inner(b)) + 1. What the progress reports and the
/// pace projects is the weighted fraction done: the first rows, with few row moves, are a small part of the work.
struct work_model {
  std::vector<double> row_moves;     // per row: its row moves, the product of the factors' moves at its coordinates
  std::vector<double> column_total;  // column_total[b]: Σ_{t < b} (1 + moves_inner(t)), b = 0..cols
  double total = 0;                  // the weight of the whole box

  work_model(const tartan_game& game, std::span<const std::size_t> extents) {
    const std::size_t k = extents.size();
    const std::vector<double> inner = moves_per_coin(game.factor(k - 1), extents[k - 1]);
    column_total.assign(inner.size() + 1, 0);
    for (std::size_t b = 0; b < inner.size(); ++b) column_total[b + 1] = column_total[b] + 1 + inner[b];
    std::vector<std::vector<double>> per_factor;
    for (std::size_t i = 0; i + 1 < k; ++i) per_factor.push_back(moves_per_coin(game.factor(i), extents[i]));
    const std::span<const std::size_t> row_extents = extents.first(k - 1);
    row_moves.reserve(static_cast<std::size_t>(cell_count(row_extents)));
    tartan::for_each_cell<coin>(row_extents, [&](std::span<const coin> row) {
      double m = 1;
      for (std::size_t i = 0; i + 1 < k; ++i) m *= per_factor[i][row[i]];
      row_moves.push_back(m);
    });
    for (const double m : row_moves) total += m * column_total.back() + static_cast<double>(extents[k - 1]);
  }

  /// The weight of the first `columns` cells of row r.
  double done(std::size_t r, std::size_t columns) const {
    return row_moves[r] * column_total[columns] + static_cast<double>(columns);
  }
};

/// The row moves of row r as toggles: move m's set of rows is move m-1's set with rows
/// toggles[begin[m] .. begin[m+1]) toggled (move -1 is the empty set). Rows in a set are all below r.
struct row_moves {
  std::vector<row_index> toggles;
  std::vector<std::size_t> begin{0};
  std::size_t count() const { return begin.size() - 1; }
};

void build_row_moves(const tartan_game& game, const box_layout& layout, std::size_t r, row_moves& out) {
  out.toggles.clear();
  out.begin.assign(1, 0);
  const std::vector<coin> coords = layout.row_coordinates(r);
  const std::size_t dims = coords.size();
  std::vector<std::vector<std::vector<coin>>> per_factor(dims);
  for (std::size_t i = 0; i < dims; ++i) {
    per_factor[i] = full_moves(game.factor(i), coords[i]);
    if (per_factor[i].empty()) return;  // some factor has no move from its coordinate: the row has none
  }
  const std::vector<std::size_t> stride = tartan::row_major_strides(layout.row_extents());

  std::vector<row_index> previous, current;
  std::vector<std::size_t> move_counts(dims), move_sizes(dims);
  for (std::size_t i = 0; i < dims; ++i) move_counts[i] = per_factor[i].size();
  // `pick`: which move of each factor.
  tartan::for_each_cell(move_counts, [&](std::span<const std::size_t> pick) {
    // The product set of the picked moves, minus the row itself, ascending (a row-major walk over ascending sets
    // yields ascending flattened indices).
    current.clear();
    for (std::size_t i = 0; i < dims; ++i) move_sizes[i] = per_factor[i][pick[i]].size();
    tartan::for_each_cell(move_sizes, [&](std::span<const std::size_t> inner) {
      std::size_t index = 0;
      for (std::size_t i = 0; i < dims; ++i) index += per_factor[i][pick[i]][inner[i]] * stride[i];
      if (index != r) current.push_back(static_cast<row_index>(index));
    });
    // Toggles: the symmetric difference with the previous set (both ascending).
    std::set_symmetric_difference(previous.begin(), previous.end(), current.begin(), current.end(),
                                  std::back_inserter(out.toggles));
    out.begin.push_back(out.toggles.size());
    std::swap(previous, current);
  });
}

/// The mex of a stream of values without storing them: one byte per value below 2^16 (plain stores, no
/// read-modify-write chain), cleared after each use only up to a bound on the largest value seen (the OR of all of
/// them); larger values are kept aside and looked at only when every smaller value is present.
/// O(1) per value, O(largest value below 2^16) per mex.
class mex_accumulator {
 public:
  /// Adds o ^ shift for every o in values.
  void add_shifted(std::span<const grundy_value> values, grundy_value shift) {
    unsigned char* seen = seen_.data();
    grundy_value all = 0;
    for (const grundy_value o : values) {
      const grundy_value v = o ^ shift;
      all |= v;
      if (v < limit)
        seen[v] = 1;
      else
        large_.push_back(v);
    }
    or_all_ |= all;
  }

  /// The mex of everything added since the last call; starts afresh.
  grundy_value take() {
    const std::size_t span = static_cast<std::size_t>(std::min<grundy_value>(or_all_, limit - 1)) + 1;
    const auto* first_free = static_cast<const unsigned char*>(std::memchr(seen_.data(), 0, span));
    grundy_value result = 0;
    if (first_free != nullptr) {
      result = static_cast<grundy_value>(first_free - seen_.data());
    } else if (span < limit) {
      result = span;
    } else {
      std::sort(large_.begin(), large_.end());
      result = limit;
      for (const grundy_value v : large_) {
        if (v == result)
          ++result;
        else if (v > result)
          break;
      }
    }
    std::memset(seen_.data(), 0, span);
    or_all_ = 0;
    large_.clear();
    return result;
  }

 private:
  static constexpr grundy_value limit = grundy_value{1} << 16;
  std::vector<unsigned char> seen_ = std::vector<unsigned char>(static_cast<std::size_t>(limit), 0);
  grundy_value or_all_ = 0;  // every value added is at most this
  std::vector<grundy_value> large_;
};

/// Shared state of one direct computation.
struct direct_run {
  const tartan_game& game;
  const box_layout& layout;
  std::vector<grundy_value>& values;
  const work_model& model;
  std::unique_ptr<std::atomic<std::size_t>[]> progress;  // per row: columns computed
  std::atomic<std::size_t> next_row{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable finished_cv;
  unsigned finished = 0;
  std::exception_ptr failure;
  /// Where there are no threads, the one computing looks at the progress and the limits itself, after each cell:
  /// false stops it.
  std::function<bool()> look;

  direct_run(const tartan_game& g, const box_layout& l, std::vector<grundy_value>& v, const work_model& w)
      : game(g), layout(l), values(v), model(w), progress(new std::atomic<std::size_t>[l.rows]) {
    for (std::size_t r = 0; r < l.rows; ++r) progress[r].store(0, std::memory_order_relaxed);
  }

  /// Waits until row r-1 has computed column b (and so, transitively, every earlier row has). False if stopped.
  bool wait_for(std::size_t r, std::size_t b) {
    if (stop.load(std::memory_order_relaxed)) return false;
    if (r == 0) return true;
    unsigned spins = 0;
    while (progress[r - 1].load(std::memory_order_acquire) <= b) {
      if (stop.load(std::memory_order_relaxed)) return false;
      if (++spins > 64) std::this_thread::yield();
    }
    return true;
  }

  void work() {
    const turning_game& last = game.factor(game.dimensions() - 1);
    const std::size_t cols = layout.cols;
    row_moves moves;
    std::vector<grundy_value> h;       // h[m * cols + t]: row move m's table h_m(t) (t < b), R_m(t) (t >= b)
    std::vector<grundy_value> r_at_b;  // R_m(b) for the current column
    std::vector<grundy_value> options;
    mex_accumulator marks;
    for (;;) {
      const std::size_t r = next_row.fetch_add(1, std::memory_order_relaxed);
      if (r >= layout.rows || stop.load(std::memory_order_relaxed)) return;
      build_row_moves(game, layout, r, moves);
      const std::size_t m_count = moves.count();
      h.assign(m_count * cols, 0);
      r_at_b.assign(m_count, 0);
      grundy_value* row_values = values.data() + r * cols;
      for (std::size_t b = 0; b < cols; ++b) {
        if (!wait_for(r, b)) return;
        grundy_value acc = 0;  // R of the current row move at column b
        for (std::size_t m = 0; m < m_count; ++m) {
          for (std::size_t i = moves.begin[m]; i < moves.begin[m + 1]; ++i) acc ^= values[moves.toggles[i] * cols + b];
          r_at_b[m] = acc;
          options.clear();
          last.option_values(static_cast<coin>(b), std::span<const grundy_value>(h.data() + m * cols, b), options);
          marks.add_shifted(options, acc);
        }
        const grundy_value g = marks.take();
        row_values[b] = g;
        for (std::size_t m = 0; m < m_count; ++m) h[m * cols + b] = r_at_b[m] ^ g;
        progress[r].store(b + 1, std::memory_order_release);
        if (look && !look()) return;
      }
    }
  }

  /// The weighted fraction of the work done (work_model).
  double fraction_done() const {
    double done = 0;
    for (std::size_t r = 0; r < layout.rows; ++r) done += model.done(r, progress[r].load(std::memory_order_relaxed));
    return model.total > 0 ? std::min(1.0, done / model.total) : 1.0;
  }
};

// Row moves per row beyond which a direct computation is refused whatever the memory: each cell of such a row
// calls the last factor's option_values this many times.
constexpr std::uint64_t max_row_moves = std::uint64_t{1} << 22;

/// What a direct computation over a box would take, worked out before allocating.
struct verify_plan {
  std::uint64_t bytes = 0;
  std::uint64_t per_thread = 0;  // of which each thread's work arrays
  bool at_least = false;         // bytes is a lower bound: the planning stopped once it was over the cap
  bool too_many_moves = false;   // some row has more than max_row_moves moves
  std::string busiest;           // then: "motley has more than 4194304 moves from coin 22"
};

verify_plan plan_direct(const tartan_game& game, std::span<const std::size_t> extents, unsigned threads,
                        std::uint64_t cap) {
  game.check_extents(extents);
  const box_layout layout(extents);
  const std::uint64_t cells = cell_count(extents);
  threads = std::max(threads, 1u);
  verify_plan plan;
  // The values, and per row its progress and its weight in the work model; per column the model's running total.
  plan.bytes = saturating_add(saturating_mul(cells, sizeof(grundy_value)),
                              saturating_add(saturating_mul(layout.rows, sizeof(std::atomic<std::size_t>) + 8),
                                             saturating_mul(layout.cols, 8)));
  if (plan.bytes > cap) {
    plan.at_least = true;
    return plan;
  }
  if (layout.rows > std::numeric_limits<row_index>::max()) {
    plan.bytes = UINT64_MAX;
    return plan;
  }
  // Per row move: its h row (cols values), R at b, and its toggles.
  const std::uint64_t per_move = saturating_add(saturating_mul(layout.cols, sizeof(grundy_value)), 24);
  const std::uint64_t move_cap = std::min(cap / saturating_mul(per_move, threads) + 1, max_row_moves);
  std::uint64_t row_moves = 1, row_set = 1;
  for (std::size_t i = 0; i + 1 < extents.size(); ++i) {
    const move_profile p = profile_moves(game.factor(i), extents[i], move_cap, extents.size() > 2);
    row_moves = saturating_mul(row_moves, p.max_moves);
    row_set = saturating_mul(row_set, p.max_size);
    if (p.max_moves > max_row_moves) {
      plan.too_many_moves = true;
      plan.busiest = game.factor(i).name() + " has more than " + std::to_string(max_row_moves) + " moves from coin " +
                     std::to_string(p.busiest);
    }
  }
  if (!plan.too_many_moves && row_moves > max_row_moves) {
    plan.too_many_moves = true;
    plan.busiest = "a row has more than " + std::to_string(max_row_moves) + " product moves";
  }
  const move_profile last = profile_moves(game.factor(extents.size() - 1), layout.cols, move_cap, false);
  // Option buffer: one value (and one mex scratch byte) per pair of a row move and a move of the last factor.
  std::uint64_t per_thread = saturating_mul(row_moves, per_move);
  per_thread = saturating_add(per_thread, saturating_mul(saturating_mul(row_moves, last.max_moves), 9));
  // Toggles of k >= 3 products can be as large as the product sets themselves.
  if (extents.size() > 2)
    per_thread = saturating_add(per_thread, saturating_mul(saturating_mul(row_moves, row_set), 8));
  plan.per_thread = per_thread;
  plan.bytes = saturating_add(plan.bytes, saturating_mul(per_thread, threads));
  return plan;
}

/// Refuses (limit_error) a computation whose plan (plan_direct) is over the memory limit or out of reach.
void check_plan(const tartan_game& game, std::span<const std::size_t> extents, unsigned threads, std::uint64_t limit,
                const char* what) {
  const verify_plan plan = plan_direct(game, extents, threads, limit);
  const std::string subject = std::string(what) + " of " + quote_typed(game.name()) + " over " + format_size(extents);
  if (plan.too_many_moves) {
    throw limit_error(subject + " is out of reach: " + plan.busiest +
                      ", and every cell of such a row combines each of them with the last factor's moves; give a "
                      "smaller size");
  }
  if (plan.bytes > limit) {
    throw limit_error(subject + " would need " +
                          (plan.bytes == UINT64_MAX ? std::string("more than ") + format_bytes(limit)
                                                    : "about " + format_bytes(plan.bytes)) +
                          ", over the limit of " + format_bytes(limit),
                      std::string("give a smaller size") +
                          (threads > 1 && plan.per_thread > plan.bytes / 4 ? " or fewer threads" : ""),
                      memory_figures(subject, plan.bytes, limit, plan.at_least));
  }
}

unsigned resolve_threads(unsigned threads, std::size_t rows) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(rows, 1)));
}

}  // namespace

std::uint64_t verify_memory_estimate(const tartan_game& game, std::span<const std::size_t> extents, unsigned threads,
                                     std::uint64_t cap) {
  return plan_direct(game, extents, threads, cap).bytes;
}

namespace {

/// The direct computation with the factors in the order given (the last one innermost).
/// The time limit of a direct computation: `limit` seconds (0: none) from `start` on `clock`, the start of the whole
/// run (a verification's factor sequences count too).
struct time_budget {
  std::function<double()> clock;
  double start = 0;
  double limit = 0;

  explicit time_budget(const verify_options& options)
      : clock(options.clock ? options.clock : [] {
          return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        }),
        start(clock()),
        limit(options.max_seconds) {}
};

/// Refuses (time_limit_error) a direct computation whose calls of option_values (direct_call_count) would take past
/// the limit even at min_seconds_per_call each, shared among `threads`.
void check_direct_time(const tartan_game& game, std::span<const std::size_t> extents, unsigned threads,
                       const time_budget& budget) {
  if (budget.limit <= 0) return;
  const double calls = direct_call_count(game, extents);
  const double spent = budget.clock() - budget.start;
  const double least = spent + calls * min_seconds_per_call / std::max(threads, 1u);
  if (least <= budget.limit) return;
  const std::string subject = "a direct computation of '" + game.name() + "' over " + format_size(extents);
  const auto [estimated, limit] = format_seconds_apart(least, budget.limit, rounding::down);
  const auto call_count = calls >= 1.8e19 ? std::string("more than 18446744073709551615")
                                          : std::to_string(static_cast<std::uint64_t>(calls));
  throw time_limit_error(subject,
                         subject + " calls a factor's option values at least " + call_count + " times, at least " +
                             estimated + " on " + std::to_string(threads) + (threads == 1 ? " thread" : " threads") +
                             " even at 1 ns a call, over the time limit of " + limit,
                         "give a smaller size", least, budget.limit, 0, true);
}

/// The direct computation with the factors in the order given (the last one innermost), under `budget`: stopped
/// once the pace measured projects past its limit or the limit is reached, the table then incomplete.
direct_table compute_direct(const tartan_game& game, std::span<const std::size_t> extents,
                            const verify_options& options, const time_budget& budget) {
  const box_layout layout(extents);
  const unsigned threads = resolve_threads(options.threads, layout.rows);
  check_plan(game, extents, threads, memory_limit_or_default(options.memory_limit), "a direct computation");

  direct_table table;
  table.extents = layout.extents;
  table.values.assign(static_cast<std::size_t>(cell_count(extents)), 0);
  const work_model work(game, extents);
  direct_run run(game, layout, table.values, work);

  // About ten times a second: the progress (which may cancel), then the time limit, reached or projected from the
  // weighted fraction done once the computation has run pace_guard::min_measured_seconds. False once stopped.
  const bool timed = budget.limit > 0;
  fraction_guard time_limit(budget.limit, "the direct computation", budget.clock() - budget.start, budget.clock);
  search_end stopped = search_end::complete;
  const auto look = [&] {
    const double fraction = run.fraction_done();
    if (options.progress && !options.progress(fraction)) {
      stopped = search_end::cancelled;
    } else if (!time_limit(fraction)) {
      stopped = search_end::time_limit;
    }
    if (stopped != search_end::complete) run.stop.store(true);
    return stopped == search_end::complete;
  };
  if constexpr (!detail::can_start_threads) {
    // No threads (detail/threads.hpp): this thread computes every row, and looks between cells.
    if (options.progress || timed) {
      run.look = [&look, next = std::chrono::steady_clock::now()]() mutable {
        const auto now = std::chrono::steady_clock::now();
        if (now < next) return true;
        next = now + std::chrono::milliseconds(100);
        return look();
      };
    }
    run.work();
  } else {
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&run, threads] {
        try {
          run.work();
        } catch (...) {
          std::lock_guard lock(run.mutex);
          if (!run.failure) run.failure = std::current_exception();
          run.stop.store(true);
        }
        std::lock_guard lock(run.mutex);
        if (++run.finished == threads) run.finished_cv.notify_all();
      });
    }
    {
      std::unique_lock lock(run.mutex);
      while (run.finished < threads) {
        if (!options.progress && !timed) {
          run.finished_cv.wait(lock);
          continue;
        }
        run.finished_cv.wait_for(lock, std::chrono::milliseconds(100));
        if (run.finished == threads || run.stop.load()) continue;
        lock.unlock();
        look();
        lock.lock();
      }
    }
    for (std::thread& w : workers) w.join();
  }
  if (run.failure) std::rethrow_exception(run.failure);

  table.computed.resize(layout.rows);
  table.complete = true;
  for (std::size_t r = 0; r < layout.rows; ++r) {
    table.computed[r] = run.progress[r].load(std::memory_order_acquire);
    if (table.computed[r] != layout.cols) table.complete = false;
  }
  if (!table.complete) {
    table.stopped = stopped;
    table.where = time_limit.why();
  }
  if (table.complete && options.progress) options.progress(1.0);
  return table;
}

/// The factor best put innermost: the direct computation calls the inner factor's option_values once per row move
/// of the others, so the estimate for factor i is (time of its option_values at its last coin) × Π_{j≠i} (moves of
/// factor j from its last coin), measured at the box's far corner where the work concentrates. Changing the
/// order only pays when the estimate improves by half at least (timings are noisy). For Ruler × Mock Turtles this
/// makes Ruler the inner factor, about 3.5 times faster than the other way round.
std::size_t cheapest_inner_factor(const tartan_game& game, std::span<const std::size_t> extents) {
  const std::size_t k = extents.size();
  constexpr std::uint64_t timed = std::uint64_t{1} << 13;  // beyond this many options, estimate instead of timing
  std::vector<double> moves(k), seconds(k);
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;  // splitmix64: a fixed pseudo-random table
  for (std::size_t i = 0; i < k; ++i) {
    const auto c = static_cast<coin>(extents[i] - 1);
    const move_estimate e = estimate_moves(game.factor(i), c, timed, std::chrono::milliseconds(5));
    const std::uint64_t m = e.count;
    moves[i] = static_cast<double>(m);
    if (m > timed || !e.exact) {
      seconds[i] = static_cast<double>(m) * 1e-7;
      continue;
    }
    std::vector<grundy_value> table(c);
    for (grundy_value& x : table) {
      state += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      x = (z ^ (z >> 31)) & 4095;
    }
    std::vector<grundy_value> out;
    double best = 1e300;
    const auto start = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 5 && (rep < 2 || std::chrono::steady_clock::now() - start < std::chrono::milliseconds(2));
         ++rep) {
      out.clear();
      const auto t0 = std::chrono::steady_clock::now();
      game.factor(i).option_values(c, table, out);
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    seconds[i] = best;
  }
  auto estimate = [&](std::size_t inner) {
    double e = seconds[inner];
    for (std::size_t j = 0; j < k; ++j) {
      if (j != inner) e *= moves[j];
    }
    return e;
  };
  // A factor that is the last one again (the same rule over the same extent) has the same estimate: timing noise
  // must not move it, so that the order, and which cells a stopped run has computed, do not depend on the machine.
  const auto same_as_last = [&](std::size_t i) {
    return game.factor(i).name() == game.factor(k - 1).name() && extents[i] == extents[k - 1];
  };
  std::size_t best = k - 1;
  for (std::size_t i = 0; i < k; ++i) {
    if (!same_as_last(i) && estimate(i) < estimate(best)) best = i;
  }
  return estimate(best) * 1.5 < estimate(k - 1) ? best : k - 1;
}

/// direct_product_values under `budget`, which may have begun before (verify_product's sequences).
direct_table direct_values(const tartan_game& game, std::span<const std::size_t> extents, const verify_options& options,
                           const time_budget& budget) {
  game.check_extents(extents);
  const std::size_t k = extents.size();
  if (options.inner_factor != verify_options::any_factor && options.inner_factor >= k) {
    throw error("inner_factor " + std::to_string(options.inner_factor) + " is not a factor of '" + game.name() +
                "' (it has " + std::to_string(k) + ")");
  }
  if (options.inner_factor == verify_options::any_factor) {
    // Refuse an impossible box in the order given before timing anything.
    check_plan(game, extents, resolve_threads(options.threads, box_layout(extents).rows),
               memory_limit_or_default(options.memory_limit), "a direct computation");
  }
  // Whichever factor goes innermost: direct_call_count is the least over the orders.
  check_direct_time(game, extents, resolve_threads(options.threads, box_layout(extents).rows), budget);
  const std::size_t inner =
      options.inner_factor == verify_options::any_factor ? cheapest_inner_factor(game, extents) : options.inner_factor;
  if (inner == k - 1) return compute_direct(game, extents, options, budget);

  // Compute with the axes permuted (factor `inner` last, the others in their order), then lay the values out in
  // the original order. By symmetry of the definition, G of the permuted product at the permuted cell is G here.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < k; ++i) {
    if (i != inner) order.push_back(i);
  }
  order.push_back(inner);
  std::vector<turning_game> factors;
  box_extents permuted_extents;
  for (const std::size_t i : order) {
    factors.push_back(game.factor(i));
    permuted_extents.push_back(extents[i]);
  }
  const tartan_game permuted_game(std::move(factors));
  if (options.inner_factor == verify_options::any_factor) {
    // The other order may need more memory (the inner extent sets the h tables' length): keep the given order then.
    try {
      check_plan(permuted_game, permuted_extents, resolve_threads(options.threads, box_layout(permuted_extents).rows),
                 memory_limit_or_default(options.memory_limit), "a direct computation");
    } catch (const limit_error&) {
      return compute_direct(game, extents, options, budget);
    }
  }
  const direct_table permuted = compute_direct(permuted_game, permuted_extents, options, budget);

  const std::vector<std::size_t> permuted_stride = tartan::row_major_strides(permuted_extents);
  direct_table table;
  table.extents.assign(extents.begin(), extents.end());
  table.values.assign(permuted.values.size(), 0);
  const std::size_t cols = extents[k - 1], permuted_cols = permuted_extents[k - 1];
  table.computed.assign(permuted.values.size() / cols, 0);
  table.complete = permuted.complete;
  table.stopped = permuted.stopped;
  table.where = permuted.where;
  bool prefix = true;  // every cell of the current original row so far is computed
  std::size_t index = 0;
  tartan::for_each_cell<coin>(extents, [&](std::span<const coin> cell) {
    std::size_t at = 0;
    for (std::size_t j = 0; j < k; ++j) at += cell[order[j]] * permuted_stride[j];
    table.values[index] = permuted.values[at];
    const bool computed = permuted.complete || cell[inner] < permuted.computed[at / permuted_cols];
    if (cell[k - 1] == 0) prefix = true;
    prefix = prefix && computed;
    if (prefix) table.computed[index / cols] = cell[k - 1] + std::size_t{1};
    ++index;
  });
  return table;
}

}  // namespace

double direct_call_count(const tartan_game& game, std::span<const std::size_t> extents) {
  game.check_extents(extents);
  const std::size_t k = extents.size();
  std::vector<double> moves(k);  // Σ over the coins of factor i of its moves
  for (std::size_t i = 0; i < k; ++i) {
    for (const double m : moves_per_coin(game.factor(i), extents[i])) moves[i] += m;
  }
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t inner = 0; inner < k; ++inner) {
    double calls = static_cast<double>(extents[inner]);
    for (std::size_t j = 0; j < k; ++j) {
      if (j != inner) calls *= moves[j];
    }
    least = std::min(least, calls);
  }
  return least;
}

direct_table direct_product_values(const tartan_game& game, std::span<const std::size_t> extents,
                                   const verify_options& options) {
  return direct_values(game, extents, options, time_budget(options));
}

std::vector<grundy_value> naive_product_values(const tartan_game& game, std::span<const std::size_t> extents,
                                               std::uint64_t memory_limit) {
  game.check_extents(extents);
  check_plan(game, extents, 1, memory_limit_or_default(memory_limit), "a naive computation");
  const std::size_t dims = extents.size();
  const std::vector<std::size_t> stride = tartan::row_major_strides(extents);
  std::vector<grundy_value> values(static_cast<std::size_t>(cell_count(extents)), 0);

  std::vector<std::vector<std::vector<coin>>> moves(dims);
  std::vector<std::size_t> move_counts(dims), move_sizes(dims);
  std::vector<grundy_value> options;
  std::vector<char> scratch;
  std::size_t index = 0;
  tartan::for_each_cell<coin>(extents, [&](std::span<const coin> cell) {
    for (std::size_t i = 0; i < dims; ++i) {
      moves[i] = full_moves(game.factor(i), cell[i]);
      move_counts[i] = moves[i].size();  // no move of some factor: no product move (an empty walk)
    }
    options.clear();
    tartan::for_each_cell(move_counts, [&](std::span<const std::size_t> pick) {
      // XOR of G over the product of the picked moves, the corner (the cell itself) excluded.
      grundy_value x = 0;
      for (std::size_t i = 0; i < dims; ++i) move_sizes[i] = moves[i][pick[i]].size();
      tartan::for_each_cell(move_sizes, [&](std::span<const std::size_t> inner) {
        std::size_t at = 0;
        for (std::size_t i = 0; i < dims; ++i) at += moves[i][pick[i]][inner[i]] * stride[i];
        if (at != index) x ^= values[at];
      });
      options.push_back(x);
    });
    values[index] = mex(options, scratch);
    ++index;
  });
  return values;
}

verify_report verify_product(const tartan_game& game, std::span<const std::size_t> extents,
                             const verify_options& options) {
  const auto start = std::chrono::steady_clock::now();
  const time_budget budget(options);
  game.check_extents(extents);
  // The factors' values first: one that overflows 64 bits says so before anything else (the sequences have their
  // own memory check); then the direct computation checks its own plan before allocating, and its time in what is
  // left of the limit.
  const tartan_values theorem = game.values(extents, options.memory_limit, options.max_seconds);
  const direct_table direct = direct_values(game, extents, options, budget);

  const box_layout layout(extents);
  verify_report report;
  report.game = game.name();
  report.extents = direct.extents;
  report.threads = resolve_threads(options.threads, layout.rows);
  report.complete = direct.complete;
  report.stopped = direct.stopped;
  report.where = direct.where;
  const std::size_t dims = extents.size();
  const std::size_t cols = layout.cols;
  std::vector<coin> cell(dims, 0);
  std::vector<grundy_value> factor_values(dims);
  std::size_t r = 0;  // the row's index
  tartan::for_each_cell<coin>(layout.row_extents(), [&](std::span<const coin> row) {
    std::copy(row.begin(), row.end(), cell.begin());
    for (std::size_t b = 0; b < direct.computed[r]; ++b) {
      cell[dims - 1] = static_cast<coin>(b);
      for (std::size_t i = 0; i < dims; ++i) factor_values[i] = theorem.factor(i)[cell[i]];
      const grundy_value expected =
          options.expected ? options.expected(cell, factor_values) : nim_product_of(factor_values);
      const grundy_value got = direct.values[r * cols + b];
      ++report.checked;
      if (got != expected) {
        ++report.mismatches;
        if (report.first_mismatches.size() < options.listed_mismatches) {
          report.first_mismatches.push_back({cell, got, expected});
        }
      }
    }
    ++r;
  });
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace tartan
