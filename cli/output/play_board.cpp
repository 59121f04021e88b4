#include "output/play_board.hpp"

#include <algorithm>
#include <cstddef>

#include "output/text_wrap.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan::cli {

namespace {

std::string padded(const std::string& s, std::size_t width) {
  return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
}

/// The heads of `p` as one flag per cell, row-major.
std::vector<bool> heads_of(const box_position& p) {
  std::vector<bool> heads(static_cast<std::size_t>(cell_count(p.extents())), false);
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < p.dimensions(); ++i) index = index * p.extents()[i] + p.head(h)[i];
    heads[index] = true;
  }
  return heads;
}

class drawer {
 public:
  explicit drawer(bool symbols) : heads_(symbols ? "●" : "H"), tails_(symbols ? "○" : "T") {}

  /// A row of `coins` coins, in chunks of columns under "  coin" and the coin numbers.
  void row(const std::vector<bool>& heads, std::size_t coins, std::vector<std::string>& out) const {
    const std::string numbers_prefix = "  coin ", coins_prefix(numbers_prefix.size(), ' ');
    const std::size_t width = std::to_string(coins - 1).size();
    const std::size_t per_line = std::max<std::size_t>(1, (terminal_columns - numbers_prefix.size() + 1) / (width + 1));
    for (std::size_t first = 0; first < coins; first += per_line) {
      const std::size_t last = std::min(coins, first + per_line);
      std::string numbers = numbers_prefix, line = coins_prefix;
      for (std::size_t c = first; c < last; ++c) {
        const std::string gap = c + 1 < last ? " " : "";
        numbers += padded(std::to_string(c), width) + gap;
        line += std::string(width - 1, ' ') + coin(heads[c]) + gap;
      }
      out.push_back(numbers);
      out.push_back(line);
    }
  }

  /// A board of rows × cols cells of `heads` from cell `offset`, chunks of columns one below the other.
  void board(const std::vector<bool>& heads, std::size_t offset, std::size_t rows, std::size_t cols,
             std::vector<std::string>& out) const {
    const std::size_t row_width = std::to_string(rows - 1).size();
    const std::size_t width = std::to_string(cols - 1).size();
    const std::size_t prefix = 2 + row_width + 2;
    const std::size_t per_chunk = std::max<std::size_t>(1, (terminal_columns - prefix + 1) / (width + 1));
    for (std::size_t first = 0; first < cols; first += per_chunk) {
      if (first != 0) out.emplace_back();
      const std::size_t last = std::min(cols, first + per_chunk);
      std::string line(prefix, ' ');
      for (std::size_t b = first; b < last; ++b) line += padded(std::to_string(b), width) + (b + 1 < last ? " " : "");
      out.push_back(line);
      for (std::size_t a = 0; a < rows; ++a) {
        line = "  " + padded(std::to_string(a), row_width) + "  ";
        for (std::size_t b = first; b < last; ++b) {
          line += std::string(width - 1, ' ') + coin(heads[offset + a * cols + b]) + (b + 1 < last ? " " : "");
        }
        out.push_back(line);
      }
    }
  }

 private:
  const std::string& coin(bool heads) const { return heads ? heads_ : tails_; }
  std::string heads_, tails_;
};

}  // namespace

std::vector<std::string> draw_position(const box_position& p, bool symbols) {
  const drawer draw(symbols);
  const std::vector<bool> heads = heads_of(p);
  const box_extents& e = p.extents();
  std::vector<std::string> out;
  if (p.dimensions() == 1) {
    draw.row(heads, e[0], out);
    return out;
  }
  const std::size_t k = p.dimensions(), rows = e[k - 2], cols = e[k - 1];
  if (k == 2) {
    draw.board(heads, 0, rows, cols, out);
    return out;
  }
  // One board per value of the leading k - 2 coordinates, in row-major order.
  std::vector<std::size_t> layer(k - 2, 0);
  for (std::size_t offset = 0; offset < heads.size(); offset += rows * cols) {
    if (offset != 0) out.emplace_back();
    std::string title;
    for (std::size_t i = 0; i < k - 2; ++i) {
      title += (i ? ", axis " : "axis ") + std::to_string(i) + " = " + std::to_string(layer[i]);
    }
    out.push_back(title + ":");
    draw.board(heads, offset, rows, cols, out);
    for (std::size_t i = k - 2; i-- > 0;) {
      if (++layer[i] < e[i]) break;
      layer[i] = 0;
    }
  }
  return out;
}

std::string position_text(const box_position& p, std::size_t max_columns) {
  std::string text;
  if (p.dimensions() <= 2) {
    // The text has one character per cell (and the '/' between rows): nothing to build when it cannot fit.
    if (cell_count(p.extents()) > max_columns) return {};
    text = p.text();
  } else {
    text = format_size(p.extents()) + (p.head_count() == 0 ? " with no heads" : " with heads");
    for (std::size_t h = 0; h < p.head_count() && text.size() <= max_columns; ++h) {
      text += ' ';
      for (std::size_t i = 0; i < p.dimensions(); ++i) text += (i ? ":" : "") + std::to_string(p.head(h)[i]);
    }
  }
  return text.size() <= max_columns ? text : std::string();
}

}  // namespace tartan::cli
