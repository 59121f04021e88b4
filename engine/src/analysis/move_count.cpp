#include "tartan/analysis/move_count.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <exception>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "detail/threads.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/detail/saturating.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

namespace {

/// The most moves one count may visit, about a minute of work at a few nanoseconds per move.
constexpr std::uint64_t max_counted_moves = std::uint64_t{1} << 36;

/// The most moves from one coin counted to estimate the work (about 0.1 s by listing).
constexpr std::uint64_t max_estimated_moves = std::uint64_t{1} << 24;

/// A range of one axis is split into chunks of about this many moves (at least one coin each), handed to the
/// threads in turn: small enough that the count stops within milliseconds of a cancel or the time limit.
constexpr std::uint64_t chunk_moves = std::uint64_t{1} << 22;

/// An indexed range whose cost is in its coins is split into chunks of at least this many coins, one per thread, when
/// it is that long; a shorter one is split by its cost, into chunks of about chunk_moves steps, when that is large.
constexpr std::uint64_t min_chunk_coins = std::uint64_t{1} << 14;

uint128 checked_add(uint128 a, uint128 b) {
  uint128 sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) {
    throw overflow_error("the number of winning moves exceeds 2^128; count a smaller region");
  }
  return sum;
}

uint128 checked_mul(uint128 a, uint128 b) {
  uint128 product = 0;
  if (__builtin_mul_overflow(a, b, &product)) {
    throw overflow_error("the number of winning moves exceeds 2^128; count a smaller region");
  }
  return product;
}

/// Every XOR of values of g is below this power of 2.
grundy_value xor_bound(std::span<const grundy_value> g) {
  grundy_value most = 0;
  for (const grundy_value v : g) most |= v;
  const int bits = static_cast<int>(std::bit_width(most));
  return bits >= 64 ? 0 : grundy_value{1} << bits;  // 0: every 64-bit value
}

/// The frequency table of one factor over one range of coins (a product), or the number of moves of the value asked
/// for (a row).
struct range_table {
  std::size_t axis = 0;
  coin_range range;
  value_counts counts;
  std::uint64_t moves = 0;
  bool listed = false;  // counted by listing its moves (no index)
  double cost = 0;      // the steps of its count (the moves listed, or the index's count_cost): its weight in the work
  bool split = false;   // an indexed range counted in chunks: one per core, or by cost (by_cost)
  bool by_cost = false;
  // A listed range: the moves from its last coin, and how they grow across it (moves from coin c about
  // last_moves · ((c + 1) / (last + 1))^growth), which shape its chunks and their weights in the progress.
  double last_moves = 0;
  double growth = 0;
};

/// A table for `coins` coins of a factor whose XORs lie below `bound` (0: any 64-bit value): an array when it is
/// not much larger than the moves it will count, else hashed.
bool dense_table(grundy_value bound, std::uint64_t coins) {
  return bound != 0 && bound <= (grundy_value{1} << value_counts::dense_bits) && bound <= 64 * coins + 4096;
}

value_counts make_table(grundy_value bound, std::uint64_t coins) {
  return value_counts(dense_table(bound, coins) ? bound : ~grundy_value{0});
}

/// Runs task(i, worker) for i in [0, count) on up to `threads` threads (worker: 0 .. threads-1, the calling thread
/// 0), calling poll() on the calling thread after each of its tasks and, through the search scope each worker runs
/// under (search_stop.hpp), every few milliseconds within one; poll() returning false stops the work: the tasks
/// running end at their finders' next poll (a task stopped so is cut short: the caller discards the work) and no
/// other starts. A listed count of one coin's moves can take seconds (2^30 moves from Gold Moidores' coin 52), so
/// polling only between tasks would leave Ctrl-C and the time limit waiting for it. Rethrows the first exception.
template <class Task, class Poll>
void run_parallel(std::size_t count, unsigned threads, Task&& task, Poll&& poll) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> halted{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](unsigned worker) {
    search_options limits;
    limits.progress = [&, worker](double) {
      if (!halted && worker == 0 && !poll()) halted = true;
      return !halted;
    };
    search_stop stop(limits, count);
    const detail::search_scope scope(&stop);
    for (std::size_t i; !halted && (i = next.fetch_add(1)) < count;) {
      try {
        task(i, worker);
        if (worker == 0 && !halted && !poll()) halted = true;
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        halted = true;
      }
    }
  };
  std::vector<std::thread> pool;
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(threads, count));
  for (unsigned t = 1; t < workers; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

/// count_winning_moves, or, given `change`, the moves whose product of u_i is `change` (a term of a sum).
move_count_result count_moves(const game_handle& game, const box_region& region, const analyze_options& options,
                              std::optional<grundy_value> change) {
  const auto start = std::chrono::steady_clock::now();
  const std::size_t k = game.dimensions();
  if (region.dimensions() != k) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(k) + (k == 1 ? " axis" : " axes") +
                      ", but the position has " + std::to_string(region.dimensions()) +
                      "; give one coordinate or range per axis");
  }
  if (game.is_product()) game.product().check_extents(region.extents());

  // Values are needed as far as any listed box reaches (overlapping boxes may cancel, the value does not care).
  box_extents needed(k, 1);
  for (const coin_box& box : region.boxes()) {
    for (std::size_t i = 0; i < k; ++i) needed[i] = std::max<std::size_t>(needed[i], box[i].last + std::size_t{1});
  }
  check_sequence_lengths(needed, options.max_memory);

  // The factors' sequences, one thread each (a shared game waits for the other's cache); in turn where there are no
  // threads (detail/threads.hpp).
  constexpr auto launch = detail::can_start_threads ? std::launch::async : std::launch::deferred;
  std::vector<std::future<std::vector<grundy_value>>> pending;
  for (std::size_t i = 0; i < k; ++i) {
    pending.push_back(std::async(launch, [&, i] { return game.factor(i).sequence(needed[i], options.max_seconds); }));
  }
  std::vector<std::vector<grundy_value>> g;
  for (auto& p : pending) g.push_back(p.get());
  std::vector<std::vector<grundy_value>> prefix(k);
  for (std::size_t i = 0; i < k; ++i) {
    prefix[i].assign(g[i].size() + 1, 0);
    for (std::size_t j = 0; j < g[i].size(); ++j) prefix[i][j + 1] = prefix[i][j] ^ g[i][j];
  }

  // The value: XOR over the listed boxes of the product of the range XORs.
  move_count_result result;
  for (const coin_box& box : region.boxes()) {
    grundy_value product = 1;
    for (std::size_t i = 0; i < k && product != 0; ++i) {
      product = nim_mul(product, prefix[i][box[i].last + std::size_t{1}] ^ prefix[i][box[i].first]);
    }
    result.value ^= product;
  }

  const std::vector<coin_box> pieces = region.disjoint_boxes();
  for (const coin_box& piece : pieces) {
    uint128 cells = 1;
    for (const coin_range& r : piece) cells = checked_mul(cells, r.size());
    result.heads = checked_add(result.heads, cells);
  }
  const grundy_value v = change.value_or(result.value);  // the product of u_i a counted move makes
  if (v == 0) return result;  // no move leaves a position's value unchanged (its options exclude it, by the mex)

  // Each factor's moves over its values (move_index.hpp): indexed for runs and moves of two coins, else listed.
  std::vector<std::unique_ptr<move_index>> index(k);
  for (std::size_t i = 0; i < k; ++i) index[i] = game.factor(i).index_moves(g[i]);

  // One count (a row) or table (a product) per factor and distinct range. An index says what its count costs; a
  // listed factor costs its moves, estimated from the range's coins times the moves from its last coin (moves per
  // coin grow with the coin in every family), so that listing games are refused before a count that would not end.
  // A game without a move-count hook counts by listing its moves, so the estimate is capped: at the share of the
  // budget one coin of the range may take, and at max_estimated_moves, past which the coin alone is refused (Motley's
  // 2^59 moves from coin 59 would otherwise be listed for minutes before the refusal).
  const bool table = k > 1;
  std::vector<grundy_value> bounds(k);
  for (std::size_t i = 0; i < k; ++i) bounds[i] = xor_bound(g[i]);
  std::map<std::pair<std::size_t, coin_range>, std::size_t> table_of;
  std::vector<range_table> tables;
  std::vector<std::vector<std::size_t>> piece_tables;
  piece_tables.reserve(pieces.size());
  uint128 steps = 0;
  std::uint64_t bytes = 0;
  for (const coin_box& piece : pieces) {
    std::vector<std::size_t> ids;
    for (std::size_t i = 0; i < k; ++i) {
      const auto [it, added] = table_of.try_emplace({i, piece[i]}, tables.size());
      if (added) {
        const std::optional<std::uint64_t> cost = index[i]->count_cost(piece[i].first, piece[i].last, table);
        double work = 0;
        double growth = 0;
        std::uint64_t per_coin = 0;
        if (cost) {
          steps = std::min<uint128>(max_counted_moves + 1, steps + *cost);
          work = static_cast<double>(*cost);
        } else {
          const std::uint64_t share =
              std::min<std::uint64_t>(max_estimated_moves, max_counted_moves / piece[i].size() + 1);
          per_coin = game.factor(i).count_moves(piece[i].last, share);
          steps = per_coin >= share
                      ? uint128{max_counted_moves} + 1
                      : std::min<uint128>(max_counted_moves + 1, steps + uint128{piece[i].size()} * per_coin);
          work = static_cast<double>(piece[i].size()) * static_cast<double>(per_coin + 1);
          // The growth, a power of the coin fitted at the last coin and the middle one (moves per coin grow as a
          // polynomial in every family: about C(n, k - 1) from coin n for moves of up to k coins): one more estimate,
          // of fewer moves than the last coin's.
          if (per_coin < share && piece[i].size() >= 2) {
            const coin middle = static_cast<coin>(piece[i].first + (piece[i].size() - 1) / 2);
            const std::uint64_t at_middle = game.factor(i).count_moves(middle, share);
            growth =
                std::clamp(std::log((static_cast<double>(per_coin) + 1) / (static_cast<double>(at_middle) + 1)) /
                               std::log((static_cast<double>(piece[i].last) + 1) / (static_cast<double>(middle) + 1)),
                           0.0, 64.0);
          }
        }
        // An indexed range is cut into chunks when its cost is in its coins (its halves cost about the whole), not when
        // it is a transform, which each chunk would repeat: a long range of cheap coins (runs walked length by length)
        // into one chunk per core, a short one of costly coins (moves of many coins through their family's finder:
        // about 2^30 steps for Gold Moidores' coin 52) into chunks of about chunk_moves steps, so that its progress
        // moves and a stop is seen between them. A listed range is cut by its moves.
        const bool long_range = piece[i].size() >= 2 * min_chunk_coins;
        bool split = false;
        if (cost && piece[i].size() >= 2 && (long_range || *cost >= 2 * chunk_moves)) {
          const coin middle = static_cast<coin>(piece[i].first + piece[i].size() / 2);
          const std::uint64_t halves = detail::saturating_add(*index[i]->count_cost(piece[i].first, middle - 1, table),
                                                              *index[i]->count_cost(middle, piece[i].last, table));
          split = halves <= detail::saturating_add(*cost, *cost / 4);
        }
        tables.push_back({i, piece[i], value_counts(), 0, !cost, work, split, split && !long_range,
                          static_cast<double>(per_coin) + 1, growth});
        if (table && dense_table(bounds[i], piece[i].size())) bytes += value_counts::bytes_for(bounds[i]);
      }
      ids.push_back(it->second);
    }
    piece_tables.push_back(std::move(ids));
  }
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t limit = options.max_memory != 0 ? options.max_memory : default_memory_limit();
  if (steps > max_counted_moves) {
    limit_figures figures;
    figures.asked = "counting the winning moves of " + game.name();
    figures.estimate = static_cast<double>(max_counted_moves + 1);
    figures.limit = static_cast<double>(max_counted_moves);
    figures.at_least = true;
    throw limit_error(figures.asked + " would visit more than " + std::to_string(max_counted_moves) +
                          " moves one by one, or more than " + std::to_string(max_estimated_moves) +
                          " from one coin (its factors have no faster count)",
                      "count a smaller region, or a game whose moves are runs or of at most two coins", figures);
  }
  if (bytes * 2 > limit) {  // each thread counting a range has its own table while it counts
    limit_figures figures;
    figures.asked = "counting the winning moves with " + std::to_string(tables.size()) + " frequency tables";
    figures.unit = limit_unit::bytes;
    figures.estimate = static_cast<double>(bytes * 2);
    figures.limit = static_cast<double>(limit);
    figures.raise_to = static_cast<double>(bytes * 2);
    throw limit_error(
        figures.asked + " needs about " + format_bytes(bytes * 2) + ", over the memory limit of " + format_bytes(limit),
        "count fewer or smaller boxes", figures);
  }

  // A listed range is cut into chunks of about chunk_moves moves by its fitted growth (at least a coin each), handed
  // to the threads in turn; an indexed one is counted whole (a transform per chunk would repeat the work) unless its
  // cost is in its coins, then in one chunk per core, the ranges in parallel. Each chunk weighs its moves (listed) or
  // its share of its range's cost, for the progress and the pace; each thread keeps one frequency table per range it
  // counted, merged at the end.
  struct chunk {
    std::size_t table;
    coin first, last;
    double weight;
  };
  std::vector<chunk> chunks;
  double total_weight = 0;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const coin_range r = tables[t].range;
    if (tables[t].listed) {
      const auto moves_from = [&](std::uint64_t c) {
        return tables[t].last_moves *
               std::pow(static_cast<double>(c + 1) / (static_cast<double>(r.last) + 1), tables[t].growth);
      };
      for (std::uint64_t lo = r.first; lo <= r.last;) {
        const double coins = std::min(static_cast<double>(r.last - lo + 1),
                                      static_cast<double>(chunk_moves) / std::max(1.0, moves_from(lo)));
        const auto hi = static_cast<coin>(lo + std::max<std::uint64_t>(1, static_cast<std::uint64_t>(coins)) - 1);
        const double weight = static_cast<double>(hi - lo + 1) * (moves_from(lo) + moves_from(hi)) / 2;
        chunks.push_back({t, static_cast<coin>(lo), hi, weight});
        total_weight += weight;
        lo = std::uint64_t{hi} + 1;
      }
      continue;
    }
    if (tables[t].by_cost) {
      const move_index& costs = *index[tables[t].axis];
      for (std::uint64_t lo = r.first; lo <= r.last;) {
        // The last coin whose chunk from lo costs at most chunk_moves (at least lo): costs grow with the chunk.
        std::uint64_t fits = lo, over = std::uint64_t{r.last} + 1;
        while (over - fits > 1) {
          const std::uint64_t mid = fits + (over - fits) / 2;
          (*costs.count_cost(static_cast<coin>(lo), static_cast<coin>(mid), table) <= chunk_moves ? fits : over) = mid;
        }
        const auto hi = static_cast<coin>(fits);
        const auto weight = static_cast<double>(*costs.count_cost(static_cast<coin>(lo), hi, table));
        chunks.push_back({t, static_cast<coin>(lo), hi, weight});
        total_weight += weight;
        lo = std::uint64_t{hi} + 1;
      }
      continue;
    }
    const double per_coin = tables[t].cost / static_cast<double>(r.size());
    std::uint64_t step = r.size();
    if (tables[t].split) {
      const std::uint64_t pieces_of = std::clamp<std::uint64_t>(r.size() / min_chunk_coins, 1, threads);
      step = (r.size() + pieces_of - 1) / pieces_of;
    }
    for (std::uint64_t lo = r.first; lo <= r.last; lo += step) {
      const auto hi = static_cast<coin>(std::min<std::uint64_t>(r.last, lo + step - 1));
      const double weight = static_cast<double>(hi - lo + 1) * per_coin;
      chunks.push_back({t, static_cast<coin>(lo), hi, weight});
      total_weight += weight;
    }
  }
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(threads, chunks.size()));
  std::vector<std::vector<std::optional<value_counts>>> partial(
      workers, std::vector<std::optional<value_counts>>(tables.size()));
  std::vector<std::uint64_t> partial_moves(chunks.size(), 0);
  std::atomic<double> done{0};
  const std::string counting = "counting the winning moves of " + game.name();
  fraction_guard time_limit(options.max_seconds, counting,
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  auto last_report = std::chrono::steady_clock::now();
  search_end stopped = search_end::complete;
  run_parallel(
      chunks.size(), threads,
      [&](std::size_t c, unsigned worker) {
        const chunk& piece = chunks[c];
        const range_table& t = tables[piece.table];
        if (!table) {
          partial_moves[c] = index[t.axis]->count_value(piece.first, piece.last, v);
        } else {
          std::optional<value_counts>& counts = partial[worker][piece.table];
          if (!counts) counts = make_table(bounds[t.axis], t.range.size());
          index[t.axis]->count_values(piece.first, piece.last, *counts);
        }
        for (double d = done.load(); !done.compare_exchange_weak(d, d + piece.weight);) {
        }
      },
      [&] {
        // The time limit is looked at on every poll (after each chunk, and every few milliseconds within one): a
        // clock reading. The progress callback, which may draw a bar, about ten times a second.
        const double fraction = total_weight > 0 ? std::min(1.0, done.load() / total_weight) : 1.0;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_report >= std::chrono::milliseconds(100)) {
          last_report = now;
          const progress_callback& progress = options.count_progress ? options.count_progress : options.progress;
          if (progress && !progress(fraction)) stopped = search_end::cancelled;
        }
        if (stopped == search_end::complete && !time_limit(fraction)) stopped = search_end::time_limit;
        return stopped == search_end::complete;
      });
  if (stopped == search_end::time_limit) {
    throw time_limit_error(counting, time_limit.why(), "count a smaller region", time_limit.estimate(),
                           options.max_seconds, 0);
  }
  if (stopped == search_end::cancelled) {
    throw cancelled_error(counting + " stopped after " + percent_text(done.load() / total_weight) + " of its moves" +
                          (change ? "" : "; the position's value is " + std::to_string(result.value)));
  }
  for (std::size_t c = 0; c < chunks.size(); ++c) tables[chunks[c].table].moves += partial_moves[c];
  std::vector<bool> filled(tables.size(), false);
  for (std::vector<std::optional<value_counts>>& mine : partial) {
    for (std::size_t t = 0; t < tables.size(); ++t) {
      if (!mine[t]) continue;
      if (!filled[t]) {
        tables[t].counts = std::move(*mine[t]);
        filled[t] = true;
      } else {
        tables[t].counts.merge(*mine[t]);
      }
      mine[t].reset();
    }
  }

  // Per box: fold the tables of axes 0..k-2 into the counts of each product p, then the last axis must reach
  // V ⊘ p. On boards, (V ⊘ u, count) is listed once per distinct row range, so that many boxes sharing rows
  // (scattered heads) cost a lookup per entry.
  std::unordered_map<std::size_t, std::vector<std::pair<grundy_value, std::uint64_t>>> divided;  // boards
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const std::vector<std::size_t>& ids = piece_tables[p];
    const value_counts& last = tables[ids[k - 1]].counts;
    uint128 count = 0;
    if (k == 1) {
      count = tables[ids[0]].moves;
    } else if (k == 2) {
      const auto found = divided.try_emplace(ids[0]);
      std::vector<std::pair<grundy_value, std::uint64_t>>& quotients = found.first->second;
      if (found.second) {
        tables[ids[0]].counts.for_each([&](grundy_value u, std::uint64_t c) {
          if (u != 0) quotients.emplace_back(nim_div(v, u), c);
        });
      }
      for (const auto& [w, c] : quotients) {
        const std::uint64_t d = last[w];
        if (d != 0) count = checked_add(count, checked_mul(c, d));
      }
    } else {
      std::unordered_map<grundy_value, uint128> fold{{1, 1}};
      for (std::size_t i = 0; i + 1 < k; ++i) {
        std::unordered_map<grundy_value, uint128> next;
        for (const auto& entry : fold) {
          const grundy_value x = entry.first;
          const uint128 c = entry.second;
          tables[ids[i]].counts.for_each([&](grundy_value u, std::uint64_t d) {
            if (u == 0) return;
            uint128& sum = next[nim_mul(x, u)];
            sum = checked_add(sum, checked_mul(c, d));
          });
        }
        fold = std::move(next);
      }
      for (const auto& [x, c] : fold) {
        const std::uint64_t d = last[nim_div(v, x)];
        if (d != 0) count = checked_add(count, checked_mul(c, d));
      }
    }
    result.winning_moves = checked_add(result.winning_moves, count);
  }
  return result;
}

}  // namespace

move_count_result count_winning_moves(const game_handle& game, const box_region& region,
                                      const analyze_options& options) {
  return count_moves(game, region, options, std::nullopt);
}

move_count_result count_moves_changing_value(const game_handle& game, const box_region& region, grundy_value change,
                                             const analyze_options& options) {
  return count_moves(game, region, options, change);
}

}  // namespace tartan
