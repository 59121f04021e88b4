// Verification of the Tartan theorem by direct computation: G over a whole box from the definition of the product
// game (mex over all product moves), using no theorem, compared cell by cell with g_1 ⊗ ... ⊗ g_k.
//
// The algorithm (two factors; k factors treat the first k-1 coordinates as one "row" index, see below). Cells are
// computed in row-major order, so when (a, b) is reached every other cell of a move S×T from it is known. Split
// S = S' ∪ {a} and T = T' ∪ {b}. The option value of the move is
//     XOR_{S×T \ (a,b)} G = R_{S'}(b) ⊕ XOR_{t∈T'} h_{S'}(t),   R_{S'}(t) = XOR_{s∈S'} G(s, t),
//                                                             h_{S'}(t) = R_{S'}(t) ⊕ G(a, t)   (t < b),
// so the options of (a, b) are the union over row moves S' of (B's option values at b under the table h_{S'}),
// each shifted by R_{S'}(b): one call of B's option_values hook per row move, never a pair of moves. h_{S'} is kept
// for the whole row (extended by one entry per cell) and R_{S'}(b) is updated from the previous row move through
// the rows in which the two moves differ.
// Cost per cell: (#row moves of a) × (cost of B's option_values at b) plus the mex over their results; the whole
// box costs Σ_a Σ_b moves_A(a) · opts_B(b). For ruler×ruler (a+1 moves, b+1 options) that is about (R·C)²/4.
//
// With k factors the "row" is the tuple (c_1..c_{k-1}) and a row move is S_1×...×S_{k-1} minus the row itself
// (each S_i a move of factor i from c_i, c_i included): rows in such a set precede the row in row-major order, so
// the same recurrence applies with rows flattened.
//
// Parallel: rows are handed to threads in order; cell (r, b) needs rows < r up to column b, and row r-1 reaching
// column b implies that all rows before it have (each waited for its predecessor), so each row waits only for the
// row before it to pass column b: a pipeline, correct for any number of threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/progress.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/game_concepts.hpp"

namespace tartan {

/// How verify_product and direct_product_values run.
struct verify_options {
  /// Worker threads; 0 means all cores (std::thread::hardware_concurrency()).
  unsigned threads = 0;
  /// Refuse (limit_error) when the estimated memory exceeds this many bytes; 0 means default_memory_limit().
  std::uint64_t memory_limit = 0;
  /// The time limit of the whole run in seconds (0: none). The factors' sequences are refused (time_limit_error) as
  /// the sequences of seq are, from their pace; the direct computation is refused before it starts when its
  /// option_values calls, counted from the factors' moves, would take longer even at the fastest pace of any machine
  /// (min_seconds_per_call each, an operation count: the same refusal on every machine); while it runs, it stops
  /// once the pace measured projects past the limit (after pace_guard::min_measured_seconds of work) or the limit is
  /// reached, and the report covers the cells computed (stopped == search_end::time_limit, `where` says why).
  double max_seconds = 0;
  /// The clock the time limit is measured by, in seconds from any origin; empty: the steady clock. For tests.
  std::function<double()> clock;
  /// The factor computed innermost (its option_values hook is called once per row move of the others). The
  /// default, `any_factor`, picks the one estimated cheapest (timed at the box's far corner); the values do not
  /// depend on the choice, only the time does.
  static constexpr std::size_t any_factor = static_cast<std::size_t>(-1);
  std::size_t inner_factor = any_factor;
  /// How many mismatches verify_product lists (all are counted).
  std::size_t listed_mismatches = 10;
  /// Called from the calling thread about ten times a second with the fraction of cells done (0..1); returning
  /// false stops the computation early (the report then covers the cells computed so far).
  progress_callback progress;
  /// The values the direct computation is compared with, given a cell and the factors' values at it. Empty means
  /// the Tartan theorem, nim_product_of(factor_values). Tests inject wrong "theorems" here.
  std::function<grundy_value(std::span<const coin> cell, std::span<const grundy_value> factor_values)> expected;
};

/// The least time one call of a factor's option_values takes in the direct computation, on any machine: a lower
/// bound (a call, its loop over the row move's toggles and the mex of at least one value take several nanoseconds
/// on the fastest machines), so that a refusal from the count of calls is never wrong.
inline constexpr double min_seconds_per_call = 1e-9;

/// G from the definition over a box, possibly incomplete when stopped early.
struct direct_table {
  box_extents extents;
  /// Row-major values (last coordinate fastest); only cells counted in `computed` are meaningful.
  std::vector<grundy_value> values;
  /// For each row (all coordinates but the last, row-major): how many of its cells, from column 0, are computed.
  std::vector<std::size_t> computed;
  /// True when every cell was computed.
  bool complete = false;
  /// How the computation ended: complete, cancelled (the progress callback returned false) or time_limit.
  search_end stopped = search_end::complete;
  /// Why it stopped, when it did by the time limit: "the direct computation would take about 2.1 h at the pace
  /// measured (0.4% of the work in 30 s), over the time limit of 60 s" or "stopped at the time limit of 60 s".
  std::string where;
};

/// One cell where the direct computation and the expected value differ.
struct cell_mismatch {
  std::vector<coin> cell;
  grundy_value direct = 0;
  grundy_value expected = 0;
  friend bool operator==(const cell_mismatch&, const cell_mismatch&) = default;
};

/// The outcome of verify_product.
struct verify_report {
  std::string game;
  box_extents extents;
  std::uint64_t checked = 0;                    // cells compared
  std::uint64_t mismatches = 0;                 // cells that differ
  std::vector<cell_mismatch> first_mismatches;  // the first ones in row-major order
  double seconds = 0;                           // wall time of the whole verification, sequences included
  unsigned threads = 1;
  bool complete = true;  // false when progress or the time limit stopped it early
  /// How it ended, and why when the time limit stopped it (direct_table's).
  search_end stopped = search_end::complete;
  std::string where;
};

/**
 * The memory direct_product_values would use for this box with this many threads, in bytes: the value table,
 * per-row progress, and per thread the row-move tables (moves × last extent values) and the option buffer.
 * Move counts are found by enumeration, stopped once they alone exceed `cap` bytes (then the estimate is a lower
 * bound above the cap). Throws what the factors throw.
 *
 * Example: verify_memory_estimate(rugs, {256, 256}, 2) is a few MiB
 */
std::uint64_t verify_memory_estimate(const tartan_game& game, std::span<const std::size_t> extents, unsigned threads,
                                     std::uint64_t cap = UINT64_MAX);

/**
 * A lower bound on the calls of the inner factor's option_values a direct computation over the box makes, whichever
 * factor is innermost: Σ over rows of the row's moves, times the columns, from the factors' move counts (counted at
 * up to 1024 coordinates of each axis, each taken for the coordinates up to the next: move counts grow with the coin).
 * An operation count, the same on every machine; min_seconds_per_call times it is a lower bound on the time.
 *
 * Example: direct_call_count(rugs, {3000, 3000}) is a little below 4501500 · 3000 (Σ (a + 1) over the rows a,
 * times the columns; counted at every third row)
 */
double direct_call_count(const tartan_game& game, std::span<const std::size_t> extents);

/**
 * G over the box straight from the definition of the product game (no theorem used), by the row-move algorithm
 * above, in parallel. Throws limit_error, naming the estimate and the limit, before allocating when the estimate
 * exceeds options.memory_limit; time_limit_error when direct_call_count × min_seconds_per_call, shared among the
 * threads, exceeds options.max_seconds; parse_error when the box does not match the factors. Stops early under
 * options.progress and options.max_seconds (see there), the table then incomplete.
 * Complexity: Σ over cells of (#row moves) × (cost of the last factor's option_values), divided among threads.
 *
 * Example: direct_product_values(turning_corners, {4, 4}).values == the 4×4 nim multiplication table
 */
direct_table direct_product_values(const tartan_game& game, std::span<const std::size_t> extents,
                                   const verify_options& options = {});

/**
 * The baseline: G over the box from the definition the slow way, single-threaded, enumerating every tuple of
 * factor moves at every cell and XORing G over every cell of the product set. For tests (an independent second
 * implementation) and for the benchmark's ratio. Same limits as direct_product_values.
 * Complexity: Σ over cells of Π_i moves_i(c_i) × Π_i |S_i|.
 *
 * Example: naive_product_values(rugs, {8, 8}) == direct_product_values(rugs, {8, 8}).values
 */
std::vector<grundy_value> naive_product_values(const tartan_game& game, std::span<const std::size_t> extents,
                                               std::uint64_t memory_limit = 0);

/**
 * Computes G over the box from the definition and compares every cell with options.expected (the Tartan theorem
 * by default). Factor values that overflow 64 bits throw overflow_error from the factor.
 *
 * Example: verify_product(tartan_game({ruler, ruler}), {256, 256}).mismatches == 0
 */
verify_report verify_product(const tartan_game& game, std::span<const std::size_t> extents,
                             const verify_options& options = {});

}  // namespace tartan
