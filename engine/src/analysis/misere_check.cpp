#include "tartan/analysis/misere_check.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "tartan/analysis/misere.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {

namespace {

/// The most coins check_misere takes: its positions are counted in 64 bits, 2^cells of them.
constexpr std::size_t max_checked_cells = 62;

/// The values G of the box's cells, row-major: g for a 1-D game, the nim product of the factors' values for a
/// product (the Tartan theorem).
std::vector<grundy_value> cell_values(const game_handle& game, const box_extents& extents) {
  const std::size_t k = extents.size();
  std::vector<std::vector<grundy_value>> g;
  for (std::size_t i = 0; i < k; ++i) g.push_back(game.factor(i).sequence(extents[i]));
  std::vector<grundy_value> values;
  std::vector<std::size_t> cell(k, 0);
  for (;;) {
    grundy_value v = 1;
    for (std::size_t i = 0; i < k; ++i) v = k == 1 ? g[0][cell[0]] : nim_mul(v, g[i][cell[i]]);
    values.push_back(v);
    std::size_t i = k;
    while (i-- > 0) {
      if (++cell[i] < extents[i]) break;
      cell[i] = 0;
    }
    if (i == SIZE_MAX) break;
  }
  return values;
}

}  // namespace

misere_check_result check_misere(const misere_check_request& request) {
  const auto start = std::chrono::steady_clock::now();
  const game_handle& game = request.game;
  const std::size_t k = game.dimensions();
  if (request.extents.size() != k) {
    throw parse_error(quote_typed(game.name()) + " has " + std::to_string(k) + (k == 1 ? " factor" : " factors") +
                      ", but the box to check has " + std::to_string(request.extents.size()) +
                      (request.extents.size() == 1 ? " axis" : " axes") + "; give one extent per factor");
  }
  std::uint64_t cells = 1;
  for (const std::size_t e : request.extents) cells = saturating_mul(cells, e);
  if (cells == 0) throw parse_error("a check needs at least one coin");
  if (game.is_product()) game.product().check_extents(request.extents);
  if (cells > max_checked_cells) {
    throw limit_error("a misère check takes every position of the box, 2^" + std::to_string(cells) +
                          " of them here; it checks boxes of at most " + std::to_string(max_checked_cells) + " coins",
                      k == 1 ? "check at most " + std::to_string(max_checked_cells) + " coins" : "check a smaller box",
                      limit_figures{"a misère check",
                                    limit_unit::cells,
                                    static_cast<double>(cells),
                                    static_cast<double>(max_checked_cells),
                                    false,
                                    k == 1 ? std::optional<std::uint64_t>(max_checked_cells) : std::nullopt,
                                    k == 1 ? limit_unit::coins : limit_unit::none,
                                    {}});
  }
  const std::uint64_t top = (std::uint64_t{1} << cells) - 1;
  misere_options options;
  options.max_memory = request.max_memory;
  options.method = misere_method::sweep;
  std::optional<misere_solver> made;
  try {
    made.emplace(game, request.extents, top, options);
  } catch (const limit_error& e) {
    if (e.unit() != limit_unit::bytes) throw;
    // The sweep's table of 2^cells bits: said as the coins that fit.
    const std::uint64_t limit = memory_limit_or_default(request.max_memory);
    std::uint64_t fits = 0;
    while (fits < max_checked_cells && ((std::uint64_t{2} << fits) >> 3) < limit) ++fits;
    limit_figures figures = e.figures();
    if (k == 1) {
      figures.suggestion = fits;
      figures.suggestion_unit = limit_unit::coins;
    }
    throw limit_error("a misère check of " + std::to_string(cells) + " coins sweeps its 2^" + std::to_string(cells) +
                          " positions, which need about " + format_bytes(static_cast<std::uint64_t>(e.estimate())) +
                          ", over the memory limit of " + format_bytes(limit),
                      k == 1 ? "check at most " + std::to_string(fits) + " coins" : "check a smaller box", figures);
  }
  misere_solver& solver = *made;
  const std::vector<grundy_value> values = cell_values(game, request.extents);

  // The sweep reports the first 80% of the progress, the comparison the rest.
  search_options sweep_limits;
  if (request.progress) sweep_limits.progress = [&](double f) { return request.progress(0.8 * f); };
  const search_end swept = solver.solve(sweep_limits);

  misere_check_result result;
  result.game = game.name();
  result.extents = request.extents;
  result.complete = swept == search_end::complete;
  // The value of a bitmask from two tables of its halves; the coins of value 2 or more as a mask.
  const std::size_t low_bits = std::min<std::size_t>(static_cast<std::size_t>(cells), 16);
  std::vector<grundy_value> low(std::size_t{1} << low_bits, 0), high(std::size_t{1} << (cells - low_bits), 0);
  for (std::size_t m = 1; m < low.size(); ++m) {
    low[m] = low[m & (m - 1)] ^ values[static_cast<std::size_t>(std::countr_zero(m))];
  }
  for (std::size_t m = 1; m < high.size(); ++m) {
    high[m] = high[m & (m - 1)] ^ values[low_bits + static_cast<std::size_t>(std::countr_zero(m))];
  }
  std::uint64_t big = 0;
  for (std::size_t c = 0; c < cells; ++c) {
    if (values[c] >= 2) big |= std::uint64_t{1} << c;
  }
  // The comparison reports the rest; after a stopped sweep it compares the positions swept without asking again (it
  // takes a few nanoseconds a position), so that the report keeps them.
  search_options compare_limits;
  if (request.progress && swept == search_end::complete) {
    compare_limits.progress = [&](double f) { return request.progress(0.8 + 0.2 * f); };
  }
  const std::uint64_t end = solver.swept();
  search_stop stop(compare_limits, end);
  constexpr std::uint64_t stride = std::uint64_t{1} << 16;
  std::uint64_t p = 0;
  for (; p < end; ++p) {
    if ((p & (stride - 1)) == 0 && !stop.next_coin(p)) break;
    const char outcome = solver.outcome(p);
    const grundy_value v = low[static_cast<std::size_t>(p & ((std::uint64_t{1} << low_bits) - 1))] ^
                           high[static_cast<std::size_t>(p >> low_bits)];
    const bool small = (p & big) == 0;
    const char rule = (small ? v == 1 : v == 0) ? 'P' : 'N';
    if (outcome == 'P') ++result.p_positions;
    if (outcome == rule) continue;
    ++result.mismatches;
    if (result.first_mismatches.size() < request.listed) {
      result.first_mismatches.push_back({solver.position_of(p, request.extents), v, small, outcome, rule});
    }
  }
  result.positions = p;
  result.complete = result.complete && p == top + 1;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tartan
