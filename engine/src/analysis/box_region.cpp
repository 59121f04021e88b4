#include "tartan/analysis/box_region.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan {

namespace {

std::string range_text(const coin_range& r) {
  return r.first == r.last ? std::to_string(r.first) : std::to_string(r.first) + "-" + std::to_string(r.last);
}

std::string box_text(const coin_box& box) {
  std::string text;
  for (std::size_t i = 0; i < box.size(); ++i) text += (i == 0 ? "" : ":") + range_text(box[i]);
  return text;
}

/// "the row of 10 coins", "the board of size 10x10", "the box of size 4x4x4".
std::string whole_text(std::span<const std::size_t> extents) {
  if (extents.size() == 1) return "the row of " + std::to_string(extents[0]) + " coins";
  return std::string(extents.size() == 2 ? "the board" : "the box") + " of size " + format_size(extents);
}

bool is_cell(const coin_box& box) {
  return std::all_of(box.begin(), box.end(), [](const coin_range& r) { return r.first == r.last; });
}

void check_box(std::span<const std::size_t> extents, const coin_box& box) {
  if (box.size() != extents.size()) {
    throw parse_error("heads item '" + box_text(box) + "' has " + std::to_string(box.size()) + " coordinate" +
                      (box.size() == 1 ? "" : "s") + ", but the position has " + std::to_string(extents.size()) +
                      (extents.size() == 1 ? " axis" : " axes") +
                      "; give one coordinate or range per axis joined by ':', e.g. 0-9:3");
  }
  for (std::size_t i = 0; i < box.size(); ++i) {
    if (box[i].last < box[i].first) {
      throw parse_error("heads range " + std::to_string(box[i].first) + "-" + std::to_string(box[i].last) +
                        " is empty; write the smaller coin first, e.g. " + std::to_string(box[i].last) + "-" +
                        std::to_string(box[i].first));
    }
    if (box[i].last >= extents[i]) {
      const std::string along = extents.size() == 1 ? "" : " along axis " + std::to_string(i);
      const std::string span = " (coins 0.." + std::to_string(extents[i] - 1) + along + ")";
      if (is_cell(box)) {
        throw parse_error("heads coin " + box_text(box) + " is outside " + whole_text(extents) + span);
      }
      throw parse_error("heads range '" + box_text(box) + "' reaches coin " + std::to_string(box[i].last) + along +
                        ", outside " + whole_text(extents) + span);
    }
  }
}

/// The (k - axis)-dimensional boxes, restricted to axes axis..k-1, covering the cells held by an odd number of
/// `boxes`, disjoint and ordered by first coordinate axis by axis. A sweep over the boxes' ends along `axis`: on
/// the last axis the parity flips at every end; on the others, each stretch between ends splits the boxes active
/// there along the next axis, and stretches with the same split are merged.
void split_disjoint(std::vector<const coin_box*> boxes, std::size_t axis, std::vector<coin_box>& out) {
  const std::size_t k = boxes.empty() ? 0 : boxes.front()->size();
  if (boxes.empty()) return;
  if (axis + 1 == k) {
    std::vector<std::uint64_t> ends;  // a cell's parity flips at every first and every last + 1
    ends.reserve(2 * boxes.size());
    for (const coin_box* b : boxes) {
      ends.push_back((*b)[axis].first);
      ends.push_back(std::uint64_t{(*b)[axis].last} + 1);
    }
    std::sort(ends.begin(), ends.end());
    bool odd = false;
    std::uint64_t start = 0;
    for (std::size_t i = 0; i < ends.size();) {
      std::size_t j = i;
      while (j < ends.size() && ends[j] == ends[i]) ++j;
      if ((j - i) % 2 == 1) {
        // Pieces never touch: between an odd stretch and the next lies at least one even coin.
        if (odd) out.push_back(coin_box{{static_cast<coin>(start), static_cast<coin>(ends[i] - 1)}});
        odd = !odd;
        start = ends[i];
      }
      i = j;
    }
    return;
  }
  std::sort(boxes.begin(), boxes.end(),
            [axis](const coin_box* a, const coin_box* b) { return (*a)[axis].first < (*b)[axis].first; });
  std::vector<std::uint64_t> ends;
  for (const coin_box* b : boxes) {
    ends.push_back((*b)[axis].first);
    ends.push_back(std::uint64_t{(*b)[axis].last} + 1);
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  std::vector<const coin_box*> active;
  std::size_t next = 0;            // boxes[next] is the first not yet active
  std::vector<coin_box> previous;  // the split of the previous stretch, and where it sits in `out`
  std::size_t previous_at = out.size();
  std::uint64_t previous_end = 0;
  for (std::size_t e = 0; e + 1 < ends.size(); ++e) {
    const std::uint64_t lo = ends[e], hi = ends[e + 1];  // the stretch [lo, hi)
    std::erase_if(active, [&](const coin_box* b) { return (*b)[axis].last < lo; });
    while (next < boxes.size() && (*boxes[next])[axis].first <= lo) active.push_back(boxes[next++]);
    std::vector<coin_box> split;
    split_disjoint(active, axis + 1, split);
    if (split.empty()) continue;
    if (previous_end == lo && split == previous && previous_at < out.size()) {
      for (std::size_t i = previous_at; i < out.size(); ++i) out[i][0].last = static_cast<coin>(hi - 1);
    } else {
      previous_at = out.size();
      for (const coin_box& rest : split) {
        coin_box piece;
        piece.reserve(rest.size() + 1);
        piece.push_back({static_cast<coin>(lo), static_cast<coin>(hi - 1)});
        piece.insert(piece.end(), rest.begin(), rest.end());
        out.push_back(std::move(piece));
      }
      previous = std::move(split);
    }
    previous_end = hi;
  }
}

/// A coordinate: decimal digits, below 2^32.
bool read_coin(std::string_view text, coin& value) {
  if (text.empty() || text.size() > 10) return false;
  std::uint64_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (v > UINT32_MAX) return false;
  value = static_cast<coin>(v);
  return true;
}

coin_range parse_range(std::size_t number, std::string_view text) {
  const std::string item = "heads item " + std::to_string(number) + ": ";
  const std::size_t dash = text.find('-');
  coin_range r;
  if (dash == 0 && text.size() > 1 && std::isdigit(static_cast<unsigned char>(text[1])) != 0 &&
      text.find('-', 1) == std::string_view::npos) {
    throw parse_error(item + tartan::quote_typed(text, 20) + " is negative; coins are numbered from 0");
  }
  if (dash == std::string_view::npos) {
    if (!read_coin(text, r.first)) {
      throw parse_error(item + tartan::quote_typed(text, 20) +
                        " is not a coin number; give coins such as 3 and ranges such as 10-20 (below 2^32), axes "
                        "joined by ':'");
    }
    r.last = r.first;
    return r;
  }
  const std::string_view a = text.substr(0, dash), b = text.substr(dash + 1);
  if (b.empty() || a.empty()) {
    throw parse_error("heads range " + tartan::quote_typed(text, 20) + " has no " + (a.empty() ? "start" : "end") +
                      "; type a range as FIRST-LAST, e.g. 10-20");
  }
  if (!read_coin(a, r.first) || !read_coin(b, r.last)) {
    throw parse_error("heads range " + tartan::quote_typed(text, 20) +
                      " is not a range of coin numbers; type a range as FIRST-LAST, e.g. 10-20");
  }
  if (r.last < r.first) {
    throw parse_error("heads range " + std::to_string(r.first) + "-" + std::to_string(r.last) +
                      " is empty; write the smaller coin first, e.g. " + std::to_string(r.last) + "-" +
                      std::to_string(r.first));
  }
  return r;
}

}  // namespace

box_region::box_region(box_extents extents, std::vector<coin_box> boxes)
    : extents_(std::move(extents)), boxes_(std::move(boxes)) {
  for (const coin_box& box : boxes_) check_box(extents_, box);
}

box_region box_region::all_heads(box_extents extents) {
  coin_box whole;
  for (const std::size_t n : extents) {
    if (n == 0) return box_region(std::move(extents), {});
    whole.push_back({0, static_cast<coin>(n - 1)});
  }
  return box_region(std::move(extents), {std::move(whole)});
}

box_region::box_region(const box_position& position) : extents_(position.extents()) {
  boxes_.reserve(position.head_count());
  for (std::size_t i = 0; i < position.head_count(); ++i) {
    coin_box cell;
    for (const coin c : position.head(i)) cell.push_back({c, c});
    boxes_.push_back(std::move(cell));
  }
}

std::vector<coin_box> box_region::disjoint_boxes() const {
  std::vector<const coin_box*> all;
  all.reserve(boxes_.size());
  for (const coin_box& b : boxes_) all.push_back(&b);
  std::vector<coin_box> out;
  split_disjoint(std::move(all), 0, out);
  return out;
}

uint128 box_region::head_count() const {
  uint128 total = 0;
  for (const coin_box& box : disjoint_boxes()) {
    uint128 cells = 1;
    for (const coin_range& r : box) cells *= r.size();  // at most 2^32 per axis; 3 axes fit, more saturate
    total += cells;
  }
  return total;
}

box_extents box_region::occupied_extents() const {
  box_extents most(extents_.size(), 0);
  for (const coin_box& box : disjoint_boxes()) {
    for (std::size_t i = 0; i < box.size(); ++i) most[i] = std::max<std::size_t>(most[i], box[i].last + std::size_t{1});
  }
  return most;
}

box_position box_region::to_position(std::uint64_t max_memory) const {
  const std::size_t k = extents_.size();
  const std::vector<coin_box> pieces = disjoint_boxes();
  uint128 heads = 0;
  for (const coin_box& box : pieces) {
    uint128 cells = 1;
    for (const coin_range& r : box) cells *= r.size();
    heads += cells;
  }
  const std::uint64_t limit = max_memory != 0 ? max_memory : default_memory_limit();
  const uint128 bytes = heads * (2 * sizeof(coin) * k);  // the list and its sorted copy
  if (bytes > limit) {
    limit_figures figures;
    figures.asked = "listing the " + to_decimal(heads) + " heads coins one by one";
    figures.unit = limit_unit::bytes;
    figures.estimate = static_cast<double>(bytes);
    figures.limit = static_cast<double>(limit);
    const std::uint64_t shown = bytes > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
    throw limit_error(
        figures.asked + " needs about " + format_bytes(shown) + ", over the memory limit of " + format_bytes(limit),
        "count the winning moves instead of listing them", figures);
  }
  std::vector<coin> flat;
  flat.reserve(static_cast<std::size_t>(heads) * k);
  std::vector<coin> cell(k);
  for (const coin_box& box : pieces) {
    for (std::size_t i = 0; i < k; ++i) cell[i] = box[i].first;
    while (true) {
      flat.insert(flat.end(), cell.begin(), cell.end());
      std::size_t axis = k;
      while (axis > 0 && cell[axis - 1] == box[axis - 1].last) {
        cell[axis - 1] = box[axis - 1].first;
        --axis;
      }
      if (axis == 0) break;
      ++cell[axis - 1];
    }
  }
  // Row-major order: the pieces are ordered by their first coordinates, but cells of different pieces interleave.
  std::vector<std::size_t> order(flat.size() / std::max<std::size_t>(k, 1));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(
        flat.begin() + static_cast<std::ptrdiff_t>(a * k), flat.begin() + static_cast<std::ptrdiff_t>((a + 1) * k),
        flat.begin() + static_cast<std::ptrdiff_t>(b * k), flat.begin() + static_cast<std::ptrdiff_t>((b + 1) * k));
  });
  std::vector<coin> sorted;
  sorted.reserve(flat.size());
  for (const std::size_t i : order)
    sorted.insert(sorted.end(), flat.begin() + static_cast<std::ptrdiff_t>(i * k),
                  flat.begin() + static_cast<std::ptrdiff_t>((i + 1) * k));
  return box_position(extents_, std::move(sorted));
}

box_region parse_box_region(std::span<const std::size_t> extents, std::string_view text) {
  // Items are separated by commas or line breaks (a long list on standard input); spaces around them are ignored.
  std::vector<coin_box> boxes;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  std::size_t at = 0, number = 0;
  bool after_comma = false;
  while (true) {
    while (at < text.size() && (blank(text[at]) || (text[at] == '\n' && !after_comma))) ++at;
    if (at == text.size()) {
      if (after_comma) {
        throw parse_error("heads item " + std::to_string(number + 1) +
                          " is empty (the list ends with a comma); separate coins and ranges by single commas");
      }
      break;
    }
    ++number;
    std::size_t end = at;
    while (end < text.size() && text[end] != ',' && text[end] != '\n' && !blank(text[end])) ++end;
    const std::string_view item = text.substr(at, end - at);
    if (item.empty()) {
      throw parse_error("heads item " + std::to_string(number) +
                        " is empty; separate coins and ranges by single commas, e.g. 3,10-20");
    }
    coin_box box;
    std::size_t from = 0;
    while (true) {
      const std::size_t colon = item.find(':', from);
      const std::string_view part = item.substr(from, colon == std::string_view::npos ? item.npos : colon - from);
      if (part.empty()) {
        throw parse_error("heads coin " + tartan::quote_typed(item, 40) +
                          " has an empty coordinate; type row:column, e.g. 3:5, or ranges such as 0-9:3");
      }
      box.push_back(parse_range(number, part));
      if (colon == std::string_view::npos) break;
      from = colon + 1;
    }
    check_box(extents, box);
    boxes.push_back(std::move(box));
    at = end;
    while (at < text.size() && blank(text[at])) ++at;
    after_comma = at < text.size() && text[at] == ',';
    if (after_comma) ++at;
  }
  // No items (an empty or blank text): every coin tails, a position like any other (value 0, no move).
  return box_region(box_extents(extents.begin(), extents.end()), std::move(boxes));
}

}  // namespace tartan
