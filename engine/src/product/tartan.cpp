#include "tartan/product/tartan.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/product/box_cells.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan {

std::size_t extent_of(std::uint64_t coins, std::string_view what) {
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
    if (coins > std::numeric_limits<std::size_t>::max()) {
      throw limit_error(std::string(what) + ": " + std::to_string(coins) +
                        " coins are more than this 32-bit build of "
                        "tartan holds along one axis (at most " +
                        std::to_string(std::numeric_limits<std::size_t>::max()) +
                        "); give fewer, or use the tartan command, which takes 4294967296");
    }
  }
  return static_cast<std::size_t>(coins);
}

std::uint64_t cell_count(std::span<const std::size_t> extents) {
  std::uint64_t cells = 1;
  for (const std::size_t e : extents) {
    if (e != 0 && cells > std::numeric_limits<std::uint64_t>::max() / e) {
      throw limit_error("a box of size " + format_size(extents) + " has more than 2^64 cells; give a smaller size");
    }
    cells *= e;
  }
  return cells;
}

std::string format_size(std::span<const std::size_t> extents) {
  std::string s;
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (i != 0) s += 'x';
    s += std::to_string(extents[i]);
  }
  return s;
}

grundy_value nim_product_of(std::span<const grundy_value> factor_values) noexcept {
  grundy_value product = 1;
  for (const grundy_value g : factor_values) product = nim_mul(product, g);
  return product;
}

tartan_values::tartan_values(std::vector<std::vector<grundy_value>> factor_values)
    : factors_(std::move(factor_values)) {
  TARTAN_ASSERT(factors_.size() >= 2, "a tartan product has at least two factors");
  extents_.reserve(factors_.size());
  for (const auto& f : factors_) extents_.push_back(f.size());
}

grundy_value tartan_values::operator()(std::span<const coin> cell) const {
  TARTAN_ASSERT(cell.size() == factors_.size(), "one coordinate per factor");
  grundy_value product = 1;
  for (std::size_t i = 0; i < cell.size(); ++i) {
    TARTAN_ASSERT(cell[i] < factors_[i].size(), "cell outside the box");
    product = nim_mul(product, factors_[i][cell[i]]);
  }
  return product;
}

grundy_value tartan_values::at(coin a, coin b) const {
  TARTAN_ASSERT(factors_.size() == 2 && a < factors_[0].size() && b < factors_[1].size(),
                "at(a, b) needs two factors and a cell inside the board");
  return nim_mul(factors_[0][a], factors_[1][b]);
}

tartan_game::tartan_game(std::vector<turning_game> factors) : factors_(std::move(factors)) {
  if (factors_.size() == 1) {
    const std::string& n = factors_[0].name();
    throw error(quote_typed(n) + " is a single game; a tartan product needs at least two factors joined by '*', e.g. " +
                quote_typed(n + "*" + n));
  }
  if (factors_.empty()) {
    throw error("a tartan product needs at least two factors joined by '*', e.g. 'ruler*ruler'");
  }
}

std::string product_name(std::span<const turning_game> factors) {
  std::string s;
  for (std::size_t i = 0; i < factors.size(); ++i) {
    if (i != 0) s += '*';
    s += factors[i].name();
  }
  return s;
}

std::string tartan_game::name() const { return product_name(factors_); }

void tartan_game::check_extents(std::span<const std::size_t> extents) const {
  if (extents.size() != factors_.size()) {
    std::string example;
    for (std::size_t i = 0; i < factors_.size(); ++i) {
      if (i != 0) example += 'x';
      example += std::to_string(3 + i);
    }
    throw parse_error(quote_typed(name()) + " has " + std::to_string(factors_.size()) + " factors but the size " +
                      format_size(extents) + " has " + std::to_string(extents.size()) + " dimension" +
                      (extents.size() == 1 ? "" : "s") + "; give a size like " + example);
  }
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (extents[i] == 0) {
      throw parse_error("size " + format_size(extents) + ": dimension " + std::to_string(i + 1) +
                        " is 0; every dimension needs at least one coin");
    }
    if (static_cast<std::uint64_t>(extents[i]) > std::uint64_t{std::numeric_limits<coin>::max()} + 1) {
      throw parse_error("size " + format_size(extents) + ": dimension " + std::to_string(i + 1) +
                        " exceeds 2^32 coins; give at most 4294967296");
    }
  }
}

tartan_values tartan_game::values(std::span<const std::size_t> extents, std::uint64_t memory_limit,
                                  double max_seconds) const {
  check_extents(extents);
  check_sequence_lengths(extents, memory_limit);
  std::vector<std::vector<grundy_value>> factor_values;
  factor_values.reserve(extents.size());
  for (std::size_t i = 0; i < extents.size(); ++i)
    factor_values.push_back(factors_[i].sequence(extents[i], max_seconds));
  return tartan_values(std::move(factor_values));
}

void tartan_game::check_table(std::span<const std::size_t> extents, std::uint64_t memory_limit) const {
  check_extents(extents);
  std::uint64_t values = 0;
  for (const std::size_t e : extents) values = saturating_add(values, e);
  // The table (8 bytes a cell) and the factors' sequences together, so that a size beyond the machine is refused
  // with the estimate and the limit before anything is computed.
  check_memory(saturating_add(saturating_mul(cell_count(extents), sizeof(grundy_value)),
                              saturating_mul(values, bytes_per_value)),
               memory_limit == 0 ? default_memory_limit() : memory_limit, "a value table of " + format_size(extents),
               "give a smaller size");
  check_sequence_lengths(extents, memory_limit);
}

std::vector<grundy_value> tartan_game::table(std::span<const std::size_t> extents, std::uint64_t memory_limit,
                                             double max_seconds) const {
  check_table(extents, memory_limit);
  const std::uint64_t cells = cell_count(extents);
  const tartan_values v = values(extents, memory_limit, max_seconds);
  std::vector<grundy_value> table;
  table.reserve(static_cast<std::size_t>(cells));
  tartan::for_each_cell<coin>(extents, [&](std::span<const coin> cell) { table.push_back(v(cell)); });
  return table;
}

}  // namespace tartan
