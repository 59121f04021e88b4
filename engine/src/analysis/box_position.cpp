#include "tartan/analysis/box_position.hpp"

#include <algorithm>

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
