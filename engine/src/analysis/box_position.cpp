#include "tartan/analysis/box_position.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "tartan/core/error.hpp"

namespace tartan {

box_position::box_position(const row_position& row) : extents_{row.coins}, coordinates_(row.heads) {}

box_position::box_position(const grid_position& grid) : extents_(grid.extents) {
  coordinates_.reserve(grid.heads.size() * extents_.size());
  for (const auto& cell : grid.heads) {
    TARTAN_ASSERT(cell.size() == extents_.size(), "one coordinate per axis");
    coordinates_.insert(coordinates_.end(), cell.begin(), cell.end());
  }
}

box_position::box_position(box_extents extents, std::vector<coin> flat_heads)
    : extents_(std::move(extents)), coordinates_(std::move(flat_heads)) {
  TARTAN_ASSERT(!extents_.empty() && coordinates_.size() % extents_.size() == 0, "k coordinates per heads coin");
}

namespace {

/// Row-major order of two cells of the same box.
bool before(std::span<const coin> a, std::span<const coin> b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace

bool box_position::is_heads(std::span<const coin> cell) const {
  TARTAN_ASSERT(cell.size() == extents_.size(), "one coordinate per axis");
  std::size_t low = 0, high = head_count();  // the first head not before `cell` is in [low, high]
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    if (before(head(mid), cell)) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  if (low == head_count()) return false;
  const auto found = head(low);
  return std::equal(found.begin(), found.end(), cell.begin(), cell.end());  // (libc++ 14 has no ranges::equal)
}

void box_position::turn(const move& turned) {
  const std::size_t k = extents_.size();
  TARTAN_ASSERT(turned.dimensions() == k, "a move has one coin set per axis");
  for (std::size_t i = 0; i < k; ++i) {
    TARTAN_ASSERT(!turned.axes[i].empty() && std::ranges::is_sorted(turned.axes[i]) &&
                      std::ranges::adjacent_find(turned.axes[i]) == turned.axes[i].end() &&
                      turned.axes[i].back() < extents_[i],
                  "each axis of a move ascending, without repeats, inside the box");
  }
  // The move's cells in row-major order (an odometer over the axes, the last fastest, each axis ascending), merged
  // with the heads as a symmetric difference.
  std::vector<coin> cells;
  std::vector<std::size_t> at(k, 0);
  while (true) {
    for (std::size_t i = 0; i < k; ++i) cells.push_back(turned.axes[i][at[i]]);
    std::size_t axis = k;
    while (axis > 0 && ++at[axis - 1] == turned.axes[axis - 1].size()) at[--axis] = 0;
    if (axis == 0) break;
  }
  std::vector<coin> merged;
  merged.reserve(coordinates_.size() + cells.size());
  std::size_t h = 0, c = 0;
  const std::size_t heads = head_count(), moved = cells.size() / k;
  auto cell = [&](std::size_t j) { return std::span<const coin>(cells).subspan(j * k, k); };
  while (h < heads || c < moved) {
    if (c == moved || (h < heads && before(head(h), cell(c)))) {
      merged.insert(merged.end(), head(h).begin(), head(h).end());
      ++h;
    } else if (h == heads || before(cell(c), head(h))) {
      merged.insert(merged.end(), cell(c).begin(), cell(c).end());
      ++c;
    } else {  // heads turned to tails
      ++h;
      ++c;
    }
  }
  coordinates_ = std::move(merged);
}

box_extents box_position::occupied_extents() const {
  box_extents occupied(extents_.size(), 0);
  for (std::size_t h = 0; h < head_count(); ++h) {
    const std::span<const coin> cell = head(h);
    for (std::size_t i = 0; i < cell.size(); ++i)
      occupied[i] = std::max<std::size_t>(occupied[i], cell[i] + std::size_t{1});
  }
  return occupied;
}

row_position box_position::to_row() const {
  TARTAN_ASSERT(extents_.size() == 1, "to_row() of a position with several axes");
  return row_position{extents_[0], coordinates_};
}

grid_position box_position::to_grid() const {
  TARTAN_ASSERT(extents_.size() >= 2, "to_grid() of a row");
  grid_position grid;
  grid.extents = extents_;
  grid.heads.reserve(head_count());
  for (std::size_t h = 0; h < head_count(); ++h) {
    const std::span<const coin> cell = head(h);
    grid.heads.emplace_back(cell.begin(), cell.end());
  }
  return grid;
}

std::string box_position::text() const {
  TARTAN_ASSERT(extents_.size() == 1 || extents_.size() == 2, "text() draws rows and boards");
  if (extents_.size() == 2) return format_grid(to_grid());
  std::string s(extents_[0], 'T');
  for (const coin c : coordinates_) s[c] = 'H';
  return s;
}

box_position parse_box_position(std::string_view text) {
  if (text.find('/') != std::string_view::npos) return box_position(parse_grid(text));
  return box_position(parse_row(text));
}

box_position sparse_box_position(std::span<const std::size_t> extents, std::string_view heads) {
  TARTAN_ASSERT(!extents.empty(), "a position has at least one axis");
  if (extents.size() == 1) return box_position(sparse_row(extents[0], parse_coin_list(heads)));
  return box_position(sparse_grid(extents, heads));
}

}  // namespace tartan
