// The SVG writers of tartan/present/svg.hpp: layout, colour scales and text; no game logic.
#include "tartan/present/svg.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <ostream>
#include <sstream>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/zlib_stream.hpp"

namespace tartan::present::svg {

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Text and numbers

std::string escaped(std::string_view text) {
  std::string s;
  for (const char c : text) {
    switch (c) {
      case '&':
        s += "&amp;";
        break;
      case '<':
        s += "&lt;";
        break;
      case '>':
        s += "&gt;";
        break;
      case '"':
        s += "&quot;";
        break;
      default:
        s += c;
    }
  }
  return s;
}

/// A coordinate with at most two decimals and no trailing zeros: short attributes keep large pictures small.
std::string num(double x) {
  const double rounded = std::round(x * 100.0) / 100.0;
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.2f", rounded == 0.0 ? 0.0 : rounded);
  std::string s = buffer;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

/// Approximate width in pixels of text in a sans-serif font of the given size (digits and lower case).
double text_width(std::string_view text, double font) {
  std::size_t chars = 0;
  for (const unsigned char c : text) chars += (c & 0xc0) != 0x80;  // count UTF-8 code points
  return static_cast<double>(chars) * font * 0.6;
}

void text(std::ostream& out, double x, double y, std::string_view s, double font, const char* anchor = "start",
          const char* extra = "") {
  out << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(font) << '"';
  if (std::strcmp(anchor, "start") != 0) out << " text-anchor=\"" << anchor << '"';
  out << extra << '>' << escaped(s) << "</text>\n";
}

void begin(std::ostream& out, double width, double height, std::string_view title) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
      << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height)
      << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
      << "<title>" << escaped(title) << "</title>\n"
      << "<rect width=\"" << num(width) << "\" height=\"" << num(height) << "\" fill=\"#ffffff\"/>\n";
}

void end(std::ostream& out) { out << "</svg>\n"; }

// ---------------------------------------------------------------------------------------------------------------
// Colours

struct rgb {
  double r, g, b;
};

std::string hex(rgb c) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s = "#";
  for (const double v : {c.r, c.g, c.b}) {
    const int x = std::clamp(static_cast<int>(std::lround(v)), 0, 255);
    s += digits[x >> 4];
    s += digits[x & 15];
  }
  return s;
}

/// The viridis colour map (perceptually uniform, readable in grey and by colour-blind readers), nine samples
/// from matplotlib's table, linearly interpolated.
rgb viridis(double t) {
  static constexpr std::array<rgb, 9> anchors = {{{68, 1, 84},
                                                  {71, 45, 123},
                                                  {59, 82, 139},
                                                  {44, 114, 142},
                                                  {33, 145, 140},
                                                  {40, 174, 128},
                                                  {94, 201, 98},
                                                  {173, 220, 48},
                                                  {253, 231, 37}}};
  t = std::clamp(t, 0.0, 1.0) * (anchors.size() - 1);
  const std::size_t i = std::min(static_cast<std::size_t>(t), anchors.size() - 2);
  const double f = t - static_cast<double>(i);
  const rgb& a = anchors[i];
  const rgb& b = anchors[i + 1];
  return {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
}

/// Colour levels of a heat map: values are mapped to one of these, each drawn in one colour.
constexpr std::size_t levels = 64;
constexpr const char* zero_colour = "#d9d9d9";
constexpr rgb zero_rgb{217, 217, 217};  // zero_colour
// Agreement pictures: a light blue and a dark vermillion (Okabe and Ito's palette), told apart by lightness by every
// kind of colour vision; mismatches also carry a cross.
constexpr const char* agree_colour = "#a6cee3";
constexpr const char* mismatch_colour = "#b35806";  // log scales: 0 has no logarithm and gets its own swatch

/// A value scale, linear or logarithmic (base 2: nim values are built from powers of two).
class value_scale {
 public:
  /// Logarithmic when the positive values span a factor of 64 or more and their median is at most 1/16 of the
  /// largest, where a linear scale would paint nearly everything in one colour (Ruler, Rugs); linear otherwise.
  explicit value_scale(const std::vector<std::uint64_t>& values) {
    std::vector<std::uint64_t> positive;
    for (const std::uint64_t v : values) {
      if (v != 0) positive.push_back(v);
    }
    has_zero_ = positive.size() != values.size();
    lo_ = values.empty() ? 0 : *std::min_element(values.begin(), values.end());
    hi_ = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
    if (!positive.empty()) {
      const std::uint64_t lo_pos = *std::min_element(positive.begin(), positive.end());
      auto median = positive.begin() + static_cast<std::ptrdiff_t>(positive.size() / 2);
      std::nth_element(positive.begin(), median, positive.end());
      log_ = static_cast<double>(hi_) >= 64.0 * static_cast<double>(lo_pos) &&
             static_cast<double>(*median) * 16.0 <= static_cast<double>(hi_);
      if (log_) lo_ = lo_pos;
    }
  }

  bool logarithmic() const { return log_; }
  bool has_zero() const { return has_zero_; }
  std::uint64_t lo() const { return lo_; }
  std::uint64_t hi() const { return hi_; }

  /// Position of v in [0, 1] along the scale (v = 0 on a log scale: -1).
  double position(std::uint64_t v) const {
    if (log_) {
      if (v == 0) return -1.0;
      const double a = std::log2(static_cast<double>(lo_)), b = std::log2(static_cast<double>(hi_));
      return b > a ? (std::log2(static_cast<double>(v)) - a) / (b - a) : 0.0;
    }
    return hi_ > lo_ ? static_cast<double>(v - lo_) / static_cast<double>(hi_ - lo_) : 0.0;
  }

  /// The colour level of v, or `levels` for 0 on a log scale.
  std::size_t level(std::uint64_t v) const {
    const double p = position(v);
    if (p < 0) return levels;
    return static_cast<std::size_t>(std::lround(p * (levels - 1)));
  }

  /// Values to label on the legend: the ends and a few round values between.
  std::vector<std::uint64_t> ticks() const {
    std::vector<std::uint64_t> t;
    if (log_) {
      const int a = static_cast<int>(std::ceil(std::log2(static_cast<double>(lo_)) - 1e-9));
      const int b = static_cast<int>(std::floor(std::log2(static_cast<double>(hi_)) + 1e-9));
      const int step = std::max(1, (b - a + 5) / 6);
      for (int k = a; k <= b; k += step) t.push_back(std::uint64_t{1} << k);
    } else if (hi_ > lo_) {
      const double span = static_cast<double>(hi_ - lo_);
      double step = std::pow(10.0, std::floor(std::log10(span / 5)));
      for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (span / (step * m) <= 6) {
          step *= m;
          break;
        }
      }
      const auto s = static_cast<std::uint64_t>(std::max(1.0, step));
      for (std::uint64_t v = (lo_ + s - 1) / s * s; v <= hi_; v += s) {
        t.push_back(v);
        if (hi_ - v < s) break;
      }
    }
    if (t.empty() || t.front() != lo_) t.insert(t.begin(), lo_);
    if (t.back() != hi_) t.push_back(hi_);
    // Drop labels that would crowd the ends.
    std::vector<std::uint64_t> kept;
    for (const std::uint64_t v : t) {
      const double p = position(v);
      const bool near_end = (v != lo_ && p < 0.08) || (v != hi_ && p > 0.92);
      if (!near_end) kept.push_back(v);
    }
    return kept;
  }

  std::string level_colour(std::size_t level) const { return hex(level_rgb(level)); }

  rgb level_rgb(std::size_t level) const {
    if (level == levels) return zero_rgb;
    return viridis(static_cast<double>(level) / (levels - 1));
  }

 private:
  std::uint64_t lo_ = 0, hi_ = 0;
  bool log_ = false;
  bool has_zero_ = false;
};

/// The value axis of a plot: linear from 0 up to a round top (a multiple of its step of 1, 2 or 5 × 10^k), or base-2
/// logarithmic from one power of two to another. Its ticks are round values only, so the largest value gets a tick
/// only when it is round itself, and a linear axis always starts at 0.
class plot_axis {
 public:
  explicit plot_axis(const value_scale& scale) : log_(scale.logarithmic()) {
    if (log_) {
      // scale.lo() is the least positive value here.
      const int a = std::bit_width(scale.lo()) - 1;
      int b = std::bit_width(scale.hi()) - 1;
      if (!std::has_single_bit(scale.hi())) ++b;
      if (b == a) ++b;
      const int step = std::max(1, (b - a + 5) / 6);
      b = a + (b - a + step - 1) / step * step;
      low_ = a;
      high_ = b;
      for (int k = a; k <= b; k += step) {
        ticks_.emplace_back(position_of_exponent(k),
                            k < 64 ? std::to_string(std::uint64_t{1} << k) : "2^" + std::to_string(k));
      }
      return;
    }
    const std::uint64_t hi = scale.hi();
    std::uint64_t step = 1;
    while (step <= UINT64_MAX / 10 && hi / step > 50) step *= 10;  // then 1, 2 or 5 times it: at most 10 steps
    for (const std::uint64_t m : {1, 2, 5, 10}) {
      if (hi / (step * m) <= 6 || m == 10) {
        step *= m;
        break;
      }
    }
    const uint128 steps = hi == 0 ? 1 : (uint128{hi} + step - 1) / step;
    top_ = static_cast<double>(steps) * static_cast<double>(step);
    for (uint128 k = 0; k <= steps; ++k) {
      const uint128 v = k * step;
      ticks_.emplace_back(static_cast<double>(v) / top_, to_decimal(v));
    }
  }

  bool logarithmic() const { return log_; }

  /// Where v sits along the axis, 0 at the bottom and 1 at the top (v = 0 on a log axis: below it, -1).
  double position(std::uint64_t v) const {
    if (log_) return v == 0 ? -1.0 : position_of_exponent(std::log2(static_cast<double>(v)));
    return static_cast<double>(v) / top_;
  }

  /// The ticks: positions in [0, 1] and their labels, from the bottom up.
  const std::vector<std::pair<double, std::string>>& ticks() const { return ticks_; }

 private:
  double position_of_exponent(double k) const { return (k - low_) / (high_ - low_); }

  bool log_ = false;
  double top_ = 1;             // linear: the value at the top
  double low_ = 0, high_ = 1;  // log: the exponents at the bottom and the top
  std::vector<std::pair<double, std::string>> ticks_;
};

// ---------------------------------------------------------------------------------------------------------------
// Layout pieces

/// The step between labelled coins: a power of two, so that labels `label_px` wide do not overlap at `cell` px.
std::size_t label_step(double cell, double label_px) {
  std::size_t step = 1;
  while (static_cast<double>(step) * cell < label_px) step *= 2;
  return step;
}

/// Coin numbers along the top of a panel (columns) and down its left side (rows).
void axis_labels(std::ostream& out, double left, double top, double cell, std::size_t rows, std::size_t cols) {
  const double font = 10;
  const std::size_t col_step = label_step(cell, text_width(std::to_string(cols - 1), font) + 6);
  const std::size_t row_step = label_step(cell, font + 2);
  out << "<g class=\"axis-labels\" fill=\"#444444\">\n";
  for (std::size_t c = 0; c < cols; c += col_step) {
    text(out, left + (static_cast<double>(c) + 0.5) * cell, top - 5, std::to_string(c), font, "middle");
  }
  for (std::size_t r = 0; r < rows; r += row_step) {
    text(out, left - 5, top + (static_cast<double>(r) + 0.5) * cell + font * 0.35, std::to_string(r), font, "end");
  }
  out << "</g>\n";
}

/// Cells of one class drawn as horizontal strokes one cell thick, run-length encoded per row: for each row, the
/// runs of cells with in(row, col) true. The path is in cell units, placed and scaled by `transform`.
template <class Inside>
void run_path(std::ostream& out, const std::string& attributes, std::size_t rows, std::size_t cols, Inside in) {
  std::string d;
  for (std::size_t r = 0; r < rows; ++r) {
    std::size_t c = 0, pen = 0;
    bool row_started = false;
    while (c < cols) {
      if (!in(r, c)) {
        ++c;
        continue;
      }
      const std::size_t start = c;
      while (c < cols && in(r, c)) ++c;
      if (!row_started) {
        d += 'M' + std::to_string(start) + ' ' + std::to_string(r) + ".5";
        row_started = true;
      } else {
        d += 'm' + std::to_string(start - pen) + " 0";
      }
      d += 'h' + std::to_string(c - start);
      pen = c;
    }
  }
  if (d.empty()) return;
  // A little wider than a cell, so that neighbouring rows overlap instead of leaving a gap where a renderer
  // snaps them to pixels apart (crispEdges, which avoids antialiased seams between runs).
  out << "<path " << attributes << " stroke-width=\"1.1\" fill=\"none\" d=\"" << d << "\"/>\n";
}

// ---------------------------------------------------------------------------------------------------------------
// Embedded raster images

/// Base64 (RFC 4648), for a data: URI.
std::string base64(std::string_view bytes) {
  static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t chunk = 0;
    for (std::size_t k = 0; k < 3; ++k) chunk = chunk << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? digits[(chunk >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

/// One PNG chunk: length, type, data, CRC-32 of type and data (PNG specification, section 5.3).
void png_chunk(std::string& png, const char* type, std::string_view data) {
  const auto u32 = [&](std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) png += static_cast<char>((v >> shift) & 0xff);
  };
  u32(static_cast<std::uint32_t>(data.size()));
  const std::size_t start = png.size();
  png.append(type, 4);
  png.append(data);
  u32(crc32_of(std::string_view(png).substr(start)));
}

/// A palette PNG (colour type 3, 8 bits per pixel) of width × height pixels, pixel (r, c) = palette[index(r, c)],
/// compressed by zlib (zlib_stream.hpp). @pre palette.size() <= 256
template <class Index>
std::string palette_png(std::size_t width, std::size_t height, const std::vector<rgb>& palette, Index index) {
  std::string raw;  // each row: filter type 0 (none), then one byte per pixel
  raw.reserve(height * (width + 1));
  for (std::size_t r = 0; r < height; ++r) {
    raw += '\0';
    for (std::size_t c = 0; c < width; ++c) raw += static_cast<char>(index(r, c));
  }
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string header;
  for (const std::size_t v : {width, height}) {
    for (int shift = 24; shift >= 0; shift -= 8) header += static_cast<char>((v >> shift) & 0xff);
  }
  header += std::string("\x08\x03\x00\x00\x00", 5);  // 8 bits, palette, deflate, adaptive filters, no interlace
  png_chunk(png, "IHDR", header);
  std::string colours;
  for (const rgb& c : palette) {
    for (const double v : {c.r, c.g, c.b})
      colours += static_cast<char>(std::clamp(static_cast<int>(std::lround(v)), 0, 255));
  }
  png_chunk(png, "PLTE", colours);
  png_chunk(png, "IDAT", zlib_stream(raw));
  png_chunk(png, "IEND", "");
  return png;
}

struct panel_layout {
  double cell = 0;
  double left = 0, top = 0;         // first panel's top left corner
  double panel_w = 0, panel_h = 0;  // one panel's cells
  double gap_x = 0, gap_y = 0;      // between panels (room for labels)
  std::size_t per_row = 1;          // panels per row
  double width = 0, height = 0;     // the panels' extent

  double panel_left(std::size_t layer) const { return left + static_cast<double>(layer % per_row) * (panel_w + gap_x); }
  double panel_top(std::size_t layer) const { return top + static_cast<double>(layer / per_row) * (panel_h + gap_y); }
};

/// Places `layers` panels of rows × cols cells below `top`, at most about 720 px wide in all.
panel_layout layout_panels(std::size_t layers, std::size_t rows, std::size_t cols, double top, double max_cell) {
  panel_layout l;
  l.per_row = layers == 1 ? 1 : static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(layers))));
  const std::size_t panel_rows = (layers + l.per_row - 1) / l.per_row;
  const double label_w = text_width(std::to_string(rows - 1), 10) + 12;
  l.gap_x = label_w + 14;
  l.gap_y = layers == 1 ? 0 : 40;
  const double room_w = 720 - static_cast<double>(l.per_row - 1) * l.gap_x;
  const double room_h = 720 - static_cast<double>(panel_rows - 1) * l.gap_y;
  l.cell = std::min(
      {max_cell, room_w / static_cast<double>(l.per_row * cols), room_h / static_cast<double>(panel_rows * rows)});
  l.left = 40 + label_w;
  l.top = top + (layers == 1 ? 0 : 18);
  l.panel_w = l.cell * static_cast<double>(cols);
  l.panel_h = l.cell * static_cast<double>(rows);
  l.width = static_cast<double>(l.per_row) * l.panel_w + static_cast<double>(l.per_row - 1) * l.gap_x;
  l.height = static_cast<double>(panel_rows) * l.panel_h + static_cast<double>(panel_rows - 1) * l.gap_y +
             (layers == 1 ? 0 : 18);
  return l;
}

/// The height taken by a title and its notes.
double header_height(const std::vector<std::string>& notes) { return 28 + 18 * static_cast<double>(notes.size()); }

/// The figure's title and the notes under it.
void header(std::ostream& out, const std::string& title, const std::vector<std::string>& notes) {
  text(out, 20, 28, title, 16, "start", " font-weight=\"bold\"");
  double y = 28;
  for (const std::string& note : notes) {
    y += 18;
    text(out, 20, y, note, 12, "start", " fill=\"#333333\"");
  }
}

double widest(const std::string& title, const std::vector<std::string>& notes) {
  double w = text_width(title, 16);
  for (const std::string& note : notes) w = std::max(w, text_width(note, 12));
  return w + 40;
}

/// Panel labels ("a = 3") above each panel of a box.
void panel_titles(std::ostream& out, const panel_layout& l, std::size_t layers, const std::string& axis) {
  if (layers == 1) return;
  for (std::size_t k = 0; k < layers; ++k) {
    text(out, l.panel_left(k), l.panel_top(k) - 22, axis + " = " + std::to_string(k), 11, "start",
         " font-weight=\"bold\" class=\"panel-title\"");
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// Heat map

void write_heat_map(std::ostream& out, const heat_map& map) {
  const std::size_t per_layer = map.rows * map.cols;
  TARTAN_ASSERT(map.values.size() == map.layers * per_layer && per_layer > 0, "one value per cell");
  if (map.values.size() > max_cells || map.layers > max_layers) {
    throw limit_error("a heat map draws at most " + std::to_string(max_cells) + " cells in at most " +
                      std::to_string(max_layers) + " panels; give a smaller size with --svg");
  }
  const value_scale scale(map.values);
  std::vector<std::string> notes = {"rows: " + map.row_axis + "; columns: " + map.col_axis + "; colour: the value, " +
                                    (scale.logarithmic() ? "logarithmic scale" : "linear scale")};
  if (map.layers > 1) notes.push_back("one panel per value of " + map.layer_axis);
  const double top = header_height(notes) + 30;
  const panel_layout l = layout_panels(map.layers, map.rows, map.cols, top, 32);
  // Values are written in the cells when they fit; then each cell is a <rect> with a tooltip. Otherwise colour
  // alone, as paths of runs: far smaller files.
  std::size_t digits = 1;
  for (const std::uint64_t v : map.values) digits = std::max(digits, std::to_string(v).size());
  const double font = std::min(l.cell * 0.42, l.cell * 0.85 / (0.6 * static_cast<double>(digits)));
  const bool rects = map.values.size() <= max_rect_cells && font >= 6;
  const bool numbers = rects;

  // Legend: a colour bar to the right of the panels.
  const double bar_x = l.left + l.width + 30, bar_w = 18;
  const double bar_h = std::clamp(l.height, 160.0, 360.0), bar_y = l.top;
  std::string widest_tick;
  for (const std::uint64_t v : scale.ticks())
    widest_tick = std::max(widest_tick, std::to_string(v), [](auto& a, auto& b) { return a.size() < b.size(); });
  const double width = std::max(bar_x + bar_w + 12 + text_width(widest_tick, 10) + 20, widest(map.title, notes));
  const double height =
      std::max(l.top + l.height, bar_y + bar_h + (scale.has_zero() && scale.logarithmic() ? 34 : 0)) + 30;

  begin(out, width, height, map.title);
  header(out, map.title, notes);
  panel_titles(out, l, map.layers, map.layer_axis);

  for (std::size_t k = 0; k < map.layers; ++k) {
    const double x0 = l.panel_left(k), y0 = l.panel_top(k);
    axis_labels(out, x0, y0, l.cell, map.rows, map.cols);
    const std::uint64_t* values = map.values.data() + k * per_layer;
    if (rects) {
      out << "<g class=\"cells\">\n";
      for (std::size_t r = 0; r < map.rows; ++r) {
        for (std::size_t c = 0; c < map.cols; ++c) {
          const std::uint64_t v = values[r * map.cols + c];
          out << "<rect class=\"cell\" x=\"" << num(x0 + static_cast<double>(c) * l.cell) << "\" y=\""
              << num(y0 + static_cast<double>(r) * l.cell) << "\" width=\"" << num(l.cell) << "\" height=\""
              << num(l.cell) << "\" fill=\"" << scale.level_colour(scale.level(v)) << "\"><title>("
              << (map.layers > 1 ? std::to_string(k) + ", " : "") << r << ", " << c << "): " << v
              << "</title></rect>\n";
        }
      }
      out << "</g>\n";
      if (numbers) {
        out << "<g class=\"cell-values\" text-anchor=\"middle\" font-size=\"" << num(font) << "\">\n";
        for (std::size_t r = 0; r < map.rows; ++r) {
          for (std::size_t c = 0; c < map.cols; ++c) {
            const std::uint64_t v = values[r * map.cols + c];
            const std::size_t level = scale.level(v);
            const bool dark = level == levels ? false : level < levels * 6 / 10;
            out << "<text x=\"" << num(x0 + (static_cast<double>(c) + 0.5) * l.cell) << "\" y=\""
                << num(y0 + (static_cast<double>(r) + 0.5) * l.cell + font * 0.35) << '"'
                << (dark ? " fill=\"#ffffff\"" : "") << '>' << v << "</text>\n";
          }
        }
        out << "</g>\n";
      }
    } else if (per_layer > max_path_cells) {
      // One pixel per cell, in a PNG embedded in the file: a few bytes per cell at most, where the paths of runs
      // grow to megabytes that some viewers cannot parse (librsvg refuses attributes of 6 MB).
      std::vector<rgb> palette;
      for (std::size_t level = 0; level <= levels; ++level) palette.push_back(scale.level_rgb(level));
      const std::string png = palette_png(map.cols, map.rows, palette, [&](std::size_t r, std::size_t c) {
        return scale.level(values[r * map.cols + c]);
      });
      out << "<image class=\"cells-image\" x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(l.panel_w)
          << "\" height=\"" << num(l.panel_h)
          << "\" preserveAspectRatio=\"none\" image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" "
             "href=\"data:image/png;base64,"
          << base64(png) << "\"/>\n";
    } else {
      // One path per colour level, in cell units.
      std::vector<std::uint8_t> level_of(per_layer);
      std::vector<bool> used(levels + 1, false);
      for (std::size_t i = 0; i < per_layer; ++i) {
        level_of[i] = static_cast<std::uint8_t>(scale.level(values[i]));
        used[level_of[i]] = true;
      }
      out << "<g class=\"cells\" transform=\"translate(" << num(x0) << ' ' << num(y0) << ") scale(" << num(l.cell)
          << ")\" shape-rendering=\"crispEdges\">\n";
      for (std::size_t level = 0; level <= levels; ++level) {
        if (!used[level]) continue;
        run_path(out, "class=\"level\" stroke=\"" + scale.level_colour(level) + "\"", map.rows, map.cols,
                 [&](std::size_t r, std::size_t c) { return level_of[r * map.cols + c] == level; });
      }
      out << "</g>\n";
    }
  }

  // The legend: the colour bar, its ticks, and a swatch for 0 on a log scale.
  out << "<g class=\"legend\">\n";
  text(out, bar_x, bar_y - 8, "value", 11, "start", " font-weight=\"bold\"");
  const double step = bar_h / levels;
  for (std::size_t level = 0; level < levels; ++level) {
    // Highest values at the top.
    out << "<rect x=\"" << num(bar_x) << "\" y=\"" << num(bar_y + bar_h - static_cast<double>(level + 1) * step)
        << "\" width=\"" << num(bar_w) << "\" height=\"" << num(step + 0.3) << "\" fill=\"" << scale.level_colour(level)
        << "\"/>\n";
  }
  out << "<rect x=\"" << num(bar_x) << "\" y=\"" << num(bar_y) << "\" width=\"" << num(bar_w) << "\" height=\""
      << num(bar_h) << "\" fill=\"none\" stroke=\"#444444\" stroke-width=\"0.5\"/>\n";
  for (const std::uint64_t v : scale.ticks()) {
    const double y = bar_y + bar_h - scale.position(v) * bar_h;
    out << "<line x1=\"" << num(bar_x + bar_w) << "\" y1=\"" << num(y) << "\" x2=\"" << num(bar_x + bar_w + 4)
        << "\" y2=\"" << num(y) << "\" stroke=\"#444444\"/>\n";
    text(out, bar_x + bar_w + 7, y + 3.5, std::to_string(v), 10, "start", " class=\"tick\"");
  }
  if (scale.logarithmic() && scale.has_zero()) {
    const double y = bar_y + bar_h + 14;
    out << "<rect x=\"" << num(bar_x) << "\" y=\"" << num(y) << "\" width=\"" << num(bar_w)
        << "\" height=\"12\" fill=\"" << zero_colour << "\" stroke=\"#444444\" stroke-width=\"0.5\"/>\n";
    text(out, bar_x + bar_w + 7, y + 10, "0", 10, "start", " class=\"tick\"");
  }
  out << "</g>\n";
  end(out);
}

// ---------------------------------------------------------------------------------------------------------------
// Scatter plot

void write_scatter_plot(std::ostream& out, const scatter_plot& plot) {
  const std::size_t n = plot.values.size();
  TARTAN_ASSERT(n > 0, "at least one value");
  const value_scale scale(plot.values);
  const bool log = scale.logarithmic();
  const std::vector<std::string> notes = {
      std::to_string(n) + (n == 1 ? " value; " : " values; ") +
      (log ? "logarithmic value axis (base 2), 0 on the line below it" : "linear axes")};
  const double plot_x = 90, plot_w = 680, plot_h = 380;
  const double plot_y = header_height(notes) + 24;
  const double zero_band = log && scale.has_zero() ? 26 : 0;  // log axes: 0 on its own line at the bottom
  const double value_h = plot_h - zero_band;
  const double width = std::max(plot_x + plot_w + 30, widest(plot.title, notes));
  const double height = plot_y + plot_h + 56;

  const double x_max = std::max<double>(1, static_cast<double>(n - 1));
  auto px = [&](std::size_t i) { return plot_x + static_cast<double>(i) / x_max * plot_w; };
  const plot_axis axis(scale);
  auto py_at = [&](double position) { return plot_y + value_h - 8 - position * (value_h - 16); };
  auto py = [&](std::uint64_t v) {
    if (log && v == 0) return plot_y + plot_h - 8;
    return py_at(axis.position(v));
  };

  begin(out, width, height, plot.title);
  header(out, plot.title, notes);
  // Frame, ticks and axis titles.
  out << "<g class=\"axes\" stroke=\"#444444\" fill=\"none\">\n"
      << "<rect x=\"" << num(plot_x) << "\" y=\"" << num(plot_y) << "\" width=\"" << num(plot_w) << "\" height=\""
      << num(plot_h) << "\"/>\n";
  if (zero_band > 0) {
    out << "<line x1=\"" << num(plot_x) << "\" y1=\"" << num(plot_y + value_h) << "\" x2=\"" << num(plot_x + plot_w)
        << "\" y2=\"" << num(plot_y + value_h) << "\" stroke-dasharray=\"4 3\"/>\n";
  }
  out << "</g>\n<g class=\"ticks\" fill=\"#444444\">\n";
  std::vector<std::pair<double, std::string>> y_ticks;  // (y, label)
  if (log && scale.has_zero()) y_ticks.emplace_back(py(0), "0");
  for (const auto& [position, label] : axis.ticks()) y_ticks.emplace_back(py_at(position), label);
  for (const auto& [y, label] : y_ticks) {
    out << "<line x1=\"" << num(plot_x - 5) << "\" y1=\"" << num(y) << "\" x2=\"" << num(plot_x) << "\" y2=\"" << num(y)
        << "\" stroke=\"#444444\"/>\n";
    text(out, plot_x - 8, y + 3.5, label, 10, "end", " class=\"y-tick\"");
  }
  // x ticks: round steps of 1, 2 or 5 × 10^k.
  double x_step = std::pow(10.0, std::floor(std::log10(std::max(1.0, x_max / 6))));
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    if (x_max / (x_step * m) <= 8) {
      x_step *= m;
      break;
    }
  }
  const auto xs = static_cast<std::size_t>(std::max(1.0, x_step));
  for (std::size_t i = 0; i < n; i += xs) {
    out << "<line x1=\"" << num(px(i)) << "\" y1=\"" << num(plot_y + plot_h) << "\" x2=\"" << num(px(i)) << "\" y2=\""
        << num(plot_y + plot_h + 5) << "\" stroke=\"#444444\"/>\n";
    text(out, px(i), plot_y + plot_h + 17, std::to_string(i), 10, "middle", " class=\"x-tick\"");
  }
  out << "</g>\n";
  text(out, plot_x + plot_w / 2, plot_y + plot_h + 38, plot.x_axis, 12, "middle", " class=\"axis-title\"");
  out << "<text class=\"axis-title\" font-size=\"12\" text-anchor=\"middle\" transform=\"translate(" << num(plot_x - 58)
      << ' ' << num(plot_y + plot_h / 2) << ") rotate(-90)\">" << escaped(plot.y_axis) << "</text>\n";

  // The points: one circle each while they are few; beyond, the plot's pixels that hold a point.
  constexpr std::size_t max_circles = 2000;
  if (n <= max_circles) {
    const double r = std::clamp(300.0 / std::sqrt(static_cast<double>(n)) / 4, 1.5, 4.0);
    out << "<g class=\"points\" fill=\"#3b528b\">\n";
    for (std::size_t i = 0; i < n; ++i) {
      out << "<circle class=\"point\" cx=\"" << num(px(i)) << "\" cy=\"" << num(py(plot.values[i])) << "\" r=\""
          << num(r) << "\"/>\n";
    }
    out << "</g>\n";
  } else {
    const auto cols = static_cast<std::size_t>(plot_w) + 1, rows = static_cast<std::size_t>(plot_h) + 1;
    std::vector<bool> hit(rows * cols, false);
    for (std::size_t i = 0; i < n; ++i) {
      const auto c = static_cast<std::size_t>(std::lround(px(i) - plot_x));
      const auto r = static_cast<std::size_t>(std::lround(py(plot.values[i]) - plot_y));
      hit[std::min(r, rows - 1) * cols + std::min(c, cols - 1)] = true;
    }
    out << "<g class=\"points\" transform=\"translate(" << num(plot_x - 0.5) << ' ' << num(plot_y - 0.5) << ")\">\n";
    run_path(out, "class=\"point-pixels\" stroke=\"#3b528b\"", rows, cols,
             [&](std::size_t r, std::size_t c) { return hit[r * cols + c]; });
    out << "</g>\n";
  }
  end(out);
}

// ---------------------------------------------------------------------------------------------------------------
// Board

void write_board(std::ostream& out, const board_picture& board) {
  const std::size_t coins = board.rows * board.cols;
  TARTAN_ASSERT(board.heads.size() == coins && (board.turned.empty() || board.turned.size() == coins),
                "one entry per coin");
  if (coins > max_board_coins) {
    throw limit_error("a board picture draws at most " + std::to_string(max_board_coins) + " coins; this one has " +
                      std::to_string(coins) + "; leave out --svg for larger positions");
  }
  // A long row is drawn wrapped, 32 coins a line, each line labelled with its first coin.
  const std::size_t per_line = board.grid ? board.cols : std::min<std::size_t>(board.cols, 32);
  const std::size_t lines = board.grid ? board.rows : (board.cols + per_line - 1) / per_line;
  const double pitch = 26, radius = 10;
  const std::string last_label = std::to_string(board.grid ? board.rows - 1 : board.cols - 1);
  const double left = 40 + text_width(last_label, 10);
  const double top = header_height(board.notes) + 34;
  const double line_gap = board.grid ? 0 : 16;  // rows: coin numbers above every line
  // Rows: g(n) under each coin, in a font small enough for the widest value (else in the tooltips alone).
  std::size_t widest_value = 0;
  for (const std::uint64_t v : board.values) widest_value = std::max(widest_value, std::to_string(v).size());
  const std::string widest_label(widest_value, '8');
  const double value_font = text_width(widest_label, 9) <= pitch - 3   ? 9
                            : text_width(widest_label, 7) <= pitch - 3 ? 7
                                                                       : 0;
  const bool values_under = !board.grid && !board.values.empty() && value_font > 0;
  const double value_gap = values_under ? 13 : 0;
  const double line_height = pitch + line_gap + value_gap;
  const double width =
      std::max(left + static_cast<double>(per_line) * pitch + 30, std::max(widest(board.title, board.notes), 560.0));
  const double height = top + static_cast<double>(lines) * line_height + 60;

  // Where coin (r, c) is drawn.
  auto place = [&](std::size_t r, std::size_t c) {
    const std::size_t line = board.grid ? r : c / per_line, col = board.grid ? c : c % per_line;
    return std::pair{left + (static_cast<double>(col) + 0.5) * pitch,
                     top + static_cast<double>(line) * line_height + line_gap + pitch / 2};
  };

  begin(out, width, height, board.title);
  header(out, board.title, board.notes);
  out << "<g class=\"axis-labels\" fill=\"#444444\">\n";
  if (board.grid) {
    const std::size_t col_step = label_step(pitch, text_width(std::to_string(board.cols - 1), 10) + 4);
    for (std::size_t c = 0; c < board.cols; c += col_step) {
      text(out, place(0, c).first, top - 6, std::to_string(c), 10, "middle");
    }
    for (std::size_t r = 0; r < board.rows; ++r) {
      text(out, left - 8, place(r, 0).second + 3.5, std::to_string(r), 10, "end");
    }
  } else {
    for (std::size_t c = 0; c < board.cols; ++c) {
      const auto [x, y] = place(0, c);
      if (c % per_line == 0 || c % 4 == 0 || board.cols <= 16)
        text(out, x, y - radius - 5, std::to_string(c), 9, "middle");
    }
  }
  out << "</g>\n";
  // The highlighted move under the coins.
  if (!board.turned.empty()) {
    out << "<g class=\"move\" fill=\"#fde0dc\" stroke=\"#d62728\" stroke-width=\"1.5\">\n";
    for (std::size_t r = 0; r < board.rows; ++r) {
      for (std::size_t c = 0; c < board.cols; ++c) {
        if (!board.turned[r * board.cols + c]) continue;
        const auto [x, y] = place(r, c);
        out << "<rect class=\"turned\" x=\"" << num(x - pitch / 2 + 1) << "\" y=\"" << num(y - pitch / 2 + 1)
            << "\" width=\"" << num(pitch - 2) << "\" height=\"" << num(pitch - 2) << "\" rx=\"4\"/>\n";
      }
    }
    out << "</g>\n";
  }
  out << "<g class=\"coins\" stroke-width=\"1.5\">\n";
  for (std::size_t r = 0; r < board.rows; ++r) {
    for (std::size_t c = 0; c < board.cols; ++c) {
      const auto [x, y] = place(r, c);
      const bool heads = board.heads[r * board.cols + c];
      out << "<circle class=\"" << (heads ? "heads" : "tails") << "\" cx=\"" << num(x) << "\" cy=\"" << num(y)
          << "\" r=\"" << num(radius) << "\" fill=\"" << (heads ? "#f2b705" : "#ffffff") << "\" stroke=\""
          << (heads ? "#7a5c00" : "#8c8c8c") << "\"><title>" << (board.grid ? "(" + std::to_string(r) + ", " : "") << c
          << (board.grid ? ")" : "") << (heads ? ": heads" : ": tails");
      const std::size_t index = r * board.cols + c;
      if (index < board.values.size()) out << (board.grid ? ", G = " : ", g = ") << board.values[index];
      out << "</title></circle>\n";
    }
  }
  out << "</g>\n";
  if (values_under) {
    out << "<g class=\"coin-values\" fill=\"#444444\">\n";
    for (std::size_t c = 0; c < board.cols && c < board.values.size(); ++c) {
      const auto [x, y] = place(0, c);
      text(out, x, y + radius + 11, std::to_string(board.values[c]), value_font, "middle", " class=\"coin-value\"");
    }
    out << "</g>\n";
  }
  if (board.moving) {
    const auto [x, y] = place(board.moving->first, board.moving->second);
    out << "<circle class=\"moving\" cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(radius + 3)
        << "\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2.5\"/>\n";
  }
  // Key.
  const double key_y = height - 24;
  out << "<g class=\"legend\" font-size=\"11\">\n"
      << "<circle cx=\"26\" cy=\"" << num(key_y - 4) << "\" r=\"6\" fill=\"#f2b705\" stroke=\"#7a5c00\"/>\n";
  text(out, 36, key_y, "heads", 11);
  out << "<circle cx=\"86\" cy=\"" << num(key_y - 4) << "\" r=\"6\" fill=\"#ffffff\" stroke=\"#8c8c8c\"/>\n";
  text(out, 96, key_y, "tails", 11);
  if (!board.turned.empty()) {
    out << "<rect x=\"140\" y=\"" << num(key_y - 11) << "\" width=\"14\" height=\"14\" rx=\"3\" fill=\"#fde0dc\" "
        << "stroke=\"#d62728\"/>\n";
    text(out, 160, key_y, "turned by the winning move; the ringed coin goes from heads to tails", 11);
  }
  out << "</g>\n";
  end(out);
}

// ---------------------------------------------------------------------------------------------------------------
// Agreement box

void write_agreement(std::ostream& out, const agreement_picture& box) {
  const std::size_t per_layer = box.rows * box.cols;
  TARTAN_ASSERT(box.mismatch.size() == box.layers * per_layer && per_layer > 0, "one entry per cell");
  if (box.mismatch.size() > max_cells || box.layers > max_layers) {
    throw limit_error("an agreement picture draws at most " + std::to_string(max_cells) + " cells in at most " +
                      std::to_string(max_layers) + " panels; give a smaller size with --svg");
  }
  std::vector<std::string> notes = box.notes;
  if (box.layers > 1) notes.push_back("one panel per value of " + box.layer_axis);
  const double top = header_height(notes) + 30;
  const panel_layout l = layout_panels(box.layers, box.rows, box.cols, top, 24);
  const double width = std::max(l.left + l.width + 40, std::max(widest(box.title, notes), 420.0));
  const double height = l.top + l.height + 50;
  std::size_t bad = 0;
  for (const bool m : box.mismatch) bad += m;

  begin(out, width, height, box.title);
  header(out, box.title, notes);
  panel_titles(out, l, box.layers, box.layer_axis);
  for (std::size_t k = 0; k < box.layers; ++k) {
    const double x0 = l.panel_left(k), y0 = l.panel_top(k);
    axis_labels(out, x0, y0, l.cell, box.rows, box.cols);
    const std::size_t base = k * per_layer;
    out << "<g class=\"cells\" transform=\"translate(" << num(x0) << ' ' << num(y0) << ") scale(" << num(l.cell)
        << ")\" shape-rendering=\"crispEdges\">\n";
    run_path(out, "class=\"agree\" stroke=\"" + std::string(agree_colour) + "\"", box.rows, box.cols,
             [&](std::size_t r, std::size_t c) { return !box.mismatch[base + r * box.cols + c]; });
    run_path(out, "class=\"mismatch\" stroke=\"" + std::string(mismatch_colour) + "\"", box.rows, box.cols,
             [&](std::size_t r, std::size_t c) { return static_cast<bool>(box.mismatch[base + r * box.cols + c]); });
    // A cross on every mismatch, so it shows by shape as well as by lightness (not by hue alone).
    std::string d;
    for (std::size_t r = 0; r < box.rows; ++r) {
      for (std::size_t c = 0; c < box.cols; ++c) {
        if (!box.mismatch[base + r * box.cols + c]) continue;
        const std::string x0 = num(static_cast<double>(c) + 0.2), x1 = num(static_cast<double>(c) + 0.8);
        const std::string y0 = num(static_cast<double>(r) + 0.2), y1 = num(static_cast<double>(r) + 0.8);
        d += "M" + x0 + ' ' + y0 + 'L' + x1 + ' ' + y1 + 'M' + x1 + ' ' + y0 + 'L' + x0 + ' ' + y1;
      }
    }
    if (!d.empty()) {
      out << "<path class=\"mismatch-mark\" stroke=\"#ffffff\" stroke-width=\"0.14\" fill=\"none\" d=\"" << d
          << "\"/>\n";
    }
    out << "</g>\n";
    out << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(l.panel_w) << "\" height=\""
        << num(l.panel_h) << "\" fill=\"none\" stroke=\"#444444\" stroke-width=\"0.5\"/>\n";
  }
  const double key_y = height - 20;
  out << "<g class=\"legend\" font-size=\"11\">\n"
      << "<rect x=\"20\" y=\"" << num(key_y - 10) << "\" width=\"12\" height=\"12\" fill=\"" << agree_colour
      << "\" stroke=\"#444444\" stroke-width=\"0.5\"/>\n";
  text(out, 38, key_y, "agrees (" + std::to_string(box.mismatch.size() - bad) + ")", 11);
  out << "<rect x=\"180\" y=\"" << num(key_y - 10) << "\" width=\"12\" height=\"12\" fill=\"" << mismatch_colour
      << "\"/>\n<path stroke=\"#ffffff\" stroke-width=\"1.6\" d=\"M182.5 " << num(key_y - 7.5)
      << "l7 7m0 -7l-7 7\"/>\n";
  text(out, 198, key_y, "mismatch, crossed (" + std::to_string(bad) + ")", 11);
  out << "</g>\n";
  end(out);
}

namespace {

/// The colours of a quotient's classes on its strip, light enough for black text: Okabe and Ito's palette lightened,
/// then other light tints; classes past the list reuse it (every cell carries its class's name as well).
constexpr std::array<const char*, 12> class_colours = {"#cfe8f7", "#ffe0a3", "#c3ead9", "#f9d2e2",
                                                       "#fff3b0", "#d6d0f0", "#f8cdb8", "#d9ecc1",
                                                       "#e3e3e3", "#b9dcef", "#f3c9a0", "#cde5e0"};
constexpr const char* p_fill = "#3b528b";  // a table cell in the P-portion: dark, with white bold text

}  // namespace

void write_quotient(std::ostream& out, const quotient_picture& q) {
  const std::size_t order = q.elements.size();
  TARTAN_ASSERT(q.p.size() == order && (q.table.empty() || q.table.size() == order * order) &&
                    q.component_labels.size() == q.strip.size() && q.component_titles.size() == q.strip.size(),
                "one entry per element, per product and per component");
  if (q.strip.size() > max_quotient_strip || (!q.table.empty() && order > max_quotient_table)) {
    throw limit_error("a quotient picture draws at most " + std::to_string(max_quotient_strip) + " " + q.component +
                      "s and tables of at most " + std::to_string(max_quotient_table) + " elements");
  }
  // The widest name sets the cells' width, so every name fits at one size.
  double widest_name = 0;
  for (const std::string& e : q.elements) widest_name = std::max(widest_name, text_width(e, 10));
  std::vector<std::string> notes = q.notes;
  const double strip_w = std::max(34.0, widest_name + 8), strip_h = 34;
  const std::size_t per_line = std::max<std::size_t>(1, std::min<std::size_t>(q.strip.size(), 24));
  const std::size_t strip_lines = (q.strip.size() + per_line - 1) / per_line;
  const double strip_top = header_height(notes) + 44;
  const double strip_bottom = strip_top + static_cast<double>(strip_lines) * (strip_h + 6);
  const double cell_w = std::max(26.0, widest_name + 8), cell_h = 18;
  const double table_top = strip_bottom + 56;
  const double table_left = 20 + cell_w;
  const bool table = !q.table.empty();
  const double width =
      std::max({40 + static_cast<double>(per_line) * strip_w,
                table ? table_left + static_cast<double>(order) * cell_w + 30 : 0.0, widest(q.title, notes), 520.0});
  const double height = table ? table_top + static_cast<double>(order + 1) * cell_h + 30 : strip_bottom + 60;

  begin(out, width, height, q.title);
  header(out, q.title, notes);
  text(out, 20, strip_top - 14,
       "The pretending function: each " + q.component + " and its class (P-classes framed and bold)", 12, "start",
       " font-weight=\"bold\"");
  out << "<g class=\"strip\">\n";
  for (std::size_t i = 0; i < q.strip.size(); ++i) {
    const std::uint32_t x = q.strip[i];
    const double cx = 20 + static_cast<double>(i % per_line) * strip_w;
    const double cy = strip_top + static_cast<double>(i / per_line) * (strip_h + 6);
    const bool in_p = q.p[x];
    out << "<g class=\"" << q.component << (in_p ? " p" : "") << "\" data-" << q.component << "=\""
        << escaped(q.component_labels[i]) << "\" data-class=\"" << escaped(q.elements[x]) << "\"><title>"
        << escaped(q.component_titles[i]) << ": class " << escaped(q.elements[x]) << (in_p ? " (in P)" : "")
        << "</title>\n";
    out << "<rect x=\"" << num(cx + 1) << "\" y=\"" << num(cy) << "\" width=\"" << num(strip_w - 2) << "\" height=\""
        << num(strip_h) << "\" rx=\"3\" fill=\"" << class_colours[x % class_colours.size()] << "\" stroke=\""
        << (in_p ? "#000000" : "#8c8c8c") << "\" stroke-width=\"" << (in_p ? 2.5 : 1) << "\"/>\n";
    // The labels let clicks through to the cell (a page makes the cell a button).
    text(out, cx + strip_w / 2, cy + 12, q.component_labels[i], 9, "middle",
         " fill=\"#444444\" class=\"component\" pointer-events=\"none\"");
    text(out, cx + strip_w / 2, cy + 27, q.elements[x], 10, "middle",
         in_p ? " font-weight=\"bold\" class=\"element\" pointer-events=\"none\""
              : " class=\"element\" pointer-events=\"none\"");
    out << "</g>\n";
  }
  out << "</g>\n";
  if (!table) {
    if (!q.table_note.empty()) text(out, 20, strip_bottom + 30, q.table_note, 12, "start", " fill=\"#333333\"");
    end(out);
    return;
  }
  text(out, 20, table_top - 24,
       "The multiplication table: row × column (cells in the P-portion dark, their names bold)", 12, "start",
       " font-weight=\"bold\"");
  out << "<g class=\"table\">\n";
  // The header row and column: the elements, those of P dark.
  for (std::size_t e = 0; e < order; ++e) {
    const double x = table_left + static_cast<double>(e) * cell_w, y = table_top + static_cast<double>(e) * cell_h;
    const char* fill = q.p[e] ? p_fill : "#ffffff";
    const char* ink = q.p[e] ? " fill=\"#ffffff\" font-weight=\"bold\"" : "";
    out << "<rect class=\"header\" x=\"" << num(x) << "\" y=\"" << num(table_top - cell_h) << "\" width=\""
        << num(cell_w) << "\" height=\"" << num(cell_h) << "\" fill=\"" << fill << "\" stroke=\"#8c8c8c\"/>\n";
    text(out, x + cell_w / 2, table_top - 5, q.elements[e], 10, "middle",
         (std::string(ink) + " class=\"column\"").c_str());
    out << "<rect class=\"header\" x=\"20\" y=\"" << num(y) << "\" width=\"" << num(cell_w) << "\" height=\""
        << num(cell_h) << "\" fill=\"" << fill << "\" stroke=\"#8c8c8c\"/>\n";
    text(out, 20 + cell_w / 2, y + 13, q.elements[e], 10, "middle", (std::string(ink) + " class=\"row\"").c_str());
  }
  for (std::size_t r = 0; r < order; ++r) {
    for (std::size_t c = 0; c < order; ++c) {
      const std::uint32_t x = q.table[r * order + c];
      const double cx = table_left + static_cast<double>(c) * cell_w, cy = table_top + static_cast<double>(r) * cell_h;
      out << "<g class=\"cell" << (q.p[x] ? " p" : "") << "\" data-row=\"" << escaped(q.elements[r]) << "\" data-col=\""
          << escaped(q.elements[c]) << "\"><title>" << escaped(q.elements[r]) << " · " << escaped(q.elements[c])
          << " = " << escaped(q.elements[x]) << (q.p[x] ? " (in P)" : "") << "</title><rect x=\"" << num(cx)
          << "\" y=\"" << num(cy) << "\" width=\"" << num(cell_w) << "\" height=\"" << num(cell_h) << "\" fill=\""
          << (q.p[x] ? p_fill : "#f7f7f7") << "\" stroke=\"#d0d0d0\"/>";
      out << "<text x=\"" << num(cx + cell_w / 2) << "\" y=\"" << num(cy + 13)
          << "\" font-size=\"10\" text-anchor=\"middle\"" << (q.p[x] ? " fill=\"#ffffff\" font-weight=\"bold\"" : "")
          << '>' << escaped(q.elements[x]) << "</text></g>\n";
    }
  }
  out << "</g>\n";
  end(out);
}

void check_path(const std::string& path) {
  const std::filesystem::path file(path);
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension != ".svg") {
    const std::string stem = file.stem().string().empty() ? "picture" : file.stem().string();
    throw parse_error("--svg " + quote_typed(path) +
                      ": tartan writes SVG pictures; give a name ending in .svg, such as " +
                      quote_typed(stem + ".svg"));
  }
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw parse_error("--svg " + quote_typed(path) + " is a directory; give a file name ending in .svg inside it");
  }
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(dir, ec)) {
    throw parse_error("cannot write " + quote_typed(path) + ": the directory " + quote_typed(dir.string()) +
                      " does not exist; give a path in a writable directory");
  }
  // A real probe, not access(2), which says yes to root everywhere (/proc included): open the file for writing
  // without truncating an existing one, and remove it again if the probe created it.
  const bool existed = std::filesystem::exists(file, ec);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | (existed ? 0 : O_CREAT | O_EXCL), 0644);
  if (fd < 0) {
    throw parse_error("cannot write " + quote_typed(path) + ": " + std::strerror(errno) +
                      "; give a path in a writable directory");
  }
  ::close(fd);
  if (!existed) ::unlink(path.c_str());
}

void write_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::ofstream file(path, std::ios::binary);
  if (!file) {
    throw error("cannot write " + quote_typed(path) + ": " + std::strerror(errno) +
                "; give a path in a writable directory");
  }
  write(file);
  file.flush();
  if (!file) {
    throw error("writing " + quote_typed(path) + " failed: " + std::strerror(errno) +
                "; check the free space and try again");
  }
  std::cerr << "wrote " << path << '\n';
}

}  // namespace tartan::present::svg
