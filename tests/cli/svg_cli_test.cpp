// CLI tests for --svg: every picture kind is parsed as XML (tests/support/xml.hpp) and its structure checked: an
// <svg> root with the SVG namespace and no external references, one cell per coin (rects, or runs of strokes in
// paths for large tables, one embedded PNG pixel each for huge ones), the legend, the points of a scatter plot, the
// coins and the highlighted move of a board, the colours of an agreement box.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game_definitions.hpp"
#include "support/mex_nim_product.hpp"
#include "support/run_cli.hpp"
#include "support/xml.hpp"

namespace {

using json = nlohmann::json;
using tartan::test::parse_xml;
using tartan::test::run_tartan;
using tartan::test::xml_element;
using ::testing::HasSubstr;

std::string temp_svg(const std::string& name) {
  return "/tmp/tartan_svg_test_" + std::to_string(::getpid()) + "_" + name + ".svg";
}

/// Runs tartan with --svg into a scratch file and returns the parsed picture, after the common checks.
std::unique_ptr<xml_element> picture(std::vector<std::string> args, const std::string& name, int exit_code = 0) {
  const std::string path = temp_svg(name);
  args.push_back("--svg");
  args.push_back(path);
  const auto r = run_tartan(args);
  EXPECT_EQ(r.exit_code, exit_code) << r.err;
  const std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  std::unique_ptr<xml_element> root;
  try {
    root = parse_xml(text);
  } catch (const std::exception& e) {
    ADD_FAILURE() << name << ": not well-formed XML: " << e.what();
    return std::make_unique<xml_element>();
  }
  EXPECT_EQ(root->name, "svg");
  EXPECT_EQ(root->attribute("xmlns"), "http://www.w3.org/2000/svg");
  EXPECT_FALSE(root->attribute("viewBox").empty());
  // Standalone: no links to other files or the network, no scripts; images only as data inside the file.
  EXPECT_EQ(root->count([](const xml_element& e) {
    const bool data_image = e.name == "image" && e.attribute("href").rfind("data:image/png;base64,", 0) == 0;
    return e.name == "script" || e.name == "use" || (!data_image && !e.attribute("href").empty()) ||
           (e.name == "image" && !data_image) || !e.attribute("xlink:href").empty();
  }),
            0u);
  EXPECT_FALSE(text.find("http://", text.find("xmlns") + 40) != std::string::npos) << "a link in " << name;
  return root;
}

std::size_t count_class(const xml_element& root, const std::string& cls, const std::string& element = "") {
  return root.count([&](const xml_element& e) { return e.has_class(cls) && (element.empty() || e.name == element); });
}

/// Cells drawn by a path of runs ("M0 0.5h3m2 0h1..."): the total length of its h commands.
std::size_t run_cells(const std::string& d) {
  std::size_t total = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (d[i] == 'h') total += std::stoul(d.substr(i + 1));
  }
  return total;
}

std::size_t cells_in_paths(const xml_element& root, const std::string& cls) {
  std::size_t total = 0;
  root.for_each([&](const xml_element& e) {
    if (e.name == "path" && e.has_class(cls)) total += run_cells(e.attribute("d"));
  });
  return total;
}

TEST(SvgCliTest, SmallTableHasOneNumberedCellPerCoinAndALegend) {
  const auto root = picture({"table", "twins*twins", "--size", "16x16"}, "table16");
  EXPECT_EQ(count_class(*root, "cell", "rect"), 256u);
  // The values written in the cells: the nim multiplication table, 16 × 16 of them (e.g. 2 ⊗ 2 = 3, 4 ⊗ 4 = 6).
  std::size_t texts = 0;
  root->for_each([&](const xml_element& e) {
    if (e.has_class("cell-values")) texts += e.children.size();
  });
  EXPECT_EQ(texts, 256u);
  bool found = false;
  root->for_each([&](const xml_element& e) {
    if (e.name == "rect" && e.has_class("cell")) {
      for (const auto& child : e.children) found |= child->name == "title" && child->text == "(4, 4): 6";
    }
  });
  EXPECT_TRUE(found) << "no cell titled (4, 4): 6";
  EXPECT_EQ(count_class(*root, "legend", "g"), 1u);
  EXPECT_GE(count_class(*root, "tick", "text"), 2u);
  // Axes labelled with coin numbers: 0 and 15 along both.
  std::size_t zeros = 0, fifteens = 0;
  root->for_each([&](const xml_element& e) {
    if (!e.has_class("axis-labels")) return;
    for (const auto& t : e.children) {
      zeros += t->text == "0";
      fifteens += t->text == "15";
    }
  });
  EXPECT_EQ(zeros, 2u);
  EXPECT_EQ(fifteens, 2u);
}

TEST(SvgCliTest, LargeTableIsColourAloneAndStaysSmall) {
  const std::string path = temp_svg("table256");
  const auto r = run_tartan({"table", "twins*twins", "--size", "256x256", "--svg", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  EXPECT_LT(text.size(), 1u << 20) << "a 256x256 heat map should stay under a megabyte";
  const auto root = parse_xml(text);
  EXPECT_EQ(count_class(*root, "cell", "rect"), 0u);
  EXPECT_EQ(count_class(*root, "cell-values"), 0u);
  EXPECT_EQ(cells_in_paths(*root, "level"), 256u * 256u);
  EXPECT_EQ(count_class(*root, "legend", "g"), 1u);
}

/// A PNG file decoded (PNG specification: chunks, zlib data, the five row filters), for the palette images (colour
/// type 3, 8 bits) tartan embeds: each pixel as "#rrggbb".
struct decoded_png {
  std::size_t width = 0, height = 0;
  std::vector<std::string> pixels;  // row-major
};

decoded_png decode_png(const std::string& png) {
  decoded_png image;
  if (png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) throw std::runtime_error("no PNG signature");
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(png.at(at + i));
    return v;
  };
  std::string palette, data;
  for (std::size_t at = 8; at < png.size();) {
    const std::size_t length = u32(at);
    const std::string type = png.substr(at + 4, 4), body = png.substr(at + 8, length);
    const auto crc = crc32(0, reinterpret_cast<const Bytef*>(png.data() + at + 4), static_cast<uInt>(length + 4));
    if (crc != u32(at + 8 + length)) throw std::runtime_error("bad CRC in " + type);
    if (type == "IHDR") {
      image.width = u32(at + 8);
      image.height = u32(at + 12);
      if (body.substr(8, 5) != std::string("\x08\x03\x00\x00\x00", 5)) throw std::runtime_error("not 8-bit palette");
    } else if (type == "PLTE") {
      palette = body;
    } else if (type == "IDAT") {
      data += body;
    }
    at += 12 + length;
  }
  const std::size_t stride = image.width + 1;
  std::string raw(stride * image.height, '\0');
  uLongf size = raw.size();
  if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &size, reinterpret_cast<const Bytef*>(data.data()),
                 data.size()) != Z_OK ||
      size != raw.size()) {
    throw std::runtime_error("bad image data");
  }
  std::vector<unsigned char> previous(image.width, 0), row(image.width);
  for (std::size_t r = 0; r < image.height; ++r) {
    const int filter = static_cast<unsigned char>(raw[r * stride]);
    for (std::size_t c = 0; c < image.width; ++c) {
      const int x = static_cast<unsigned char>(raw[r * stride + 1 + c]);
      const int a = c > 0 ? row[c - 1] : 0, b = previous[c], d = c > 0 ? previous[c - 1] : 0;
      const int p = a + b - d, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - d);
      const int predictor = filter == 0   ? 0
                            : filter == 1 ? a
                            : filter == 2 ? b
                            : filter == 3 ? (a + b) / 2
                                          : (pa <= pb && pa <= pc ? a
                                             : pb <= pc           ? b
                                                                  : d);
      row[c] = static_cast<unsigned char>((x + predictor) & 0xff);
    }
    for (const unsigned char index : row) {
      char colour[8];
      std::snprintf(colour, sizeof colour, "#%02x%02x%02x", static_cast<unsigned char>(palette.at(3 * index)),
                    static_cast<unsigned char>(palette.at(3 * index + 1)),
                    static_cast<unsigned char>(palette.at(3 * index + 2)));
      image.pixels.push_back(colour);
    }
    previous = row;
  }
  return image;
}

std::string base64_decoded(const std::string& text) {
  static const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::uint32_t bits = 0;
  int count = 0;
  for (const char ch : text) {
    if (ch == '=') break;
    const std::size_t v = digits.find(ch);
    if (v == std::string::npos) throw std::runtime_error("not base64");
    bits = bits << 6 | static_cast<std::uint32_t>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xff);
    }
  }
  return out;
}

TEST(SvgCliTest, HugeTableIsAnEmbeddedImageOfOnePixelPerCell) {
  // Rugs on 2000×2000 drew 24.7 MB of paths that librsvg cannot parse; now one PNG pixel per cell.
  const std::string path = temp_svg("table2000");
  const auto r = run_tartan({"table", "ruler*ruler", "--size", "2000x2000", "--svg", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  EXPECT_LT(text.size(), 2u << 20) << "a 2000x2000 heat map should stay under a few megabytes";
  const auto root = parse_xml(text);
  EXPECT_EQ(cells_in_paths(*root, "level"), 0u);
  std::vector<const xml_element*> images;
  root->for_each([&](const xml_element& e) {
    if (e.name == "image" && e.has_class("cells-image")) images.push_back(&e);
  });
  ASSERT_EQ(images.size(), 1u);
  const std::string href = images[0]->attribute("href");
  const std::string prefix = "data:image/png;base64,";
  ASSERT_EQ(href.rfind(prefix, 0), 0u);
  const decoded_png image = decode_png(base64_decoded(href.substr(prefix.size())));
  ASSERT_EQ(image.width, 2000u);
  ASSERT_EQ(image.height, 2000u);

  // The legend's colour bar, level 0 (the least value) first.
  std::vector<std::string> legend;
  root->for_each([&](const xml_element& e) {
    if (!e.has_class("legend")) return;
    for (const auto& child : e.children) {
      if (child->name == "rect" && child->attribute("fill") != "none") legend.push_back(child->attribute("fill"));
    }
  });
  ASSERT_GE(legend.size(), 2u);
  // Cells whose ruler values are at most 32 (a + 1 and b + 1 not multiples of 64): G = ruler(a) ⊗ ruler(b) from the
  // definition of the nim product. Equal values have one colour, a colour of the legend, in the legend's order.
  const auto products = tartan::test::mex_products(64);
  const auto ruler = [](std::size_t n) { return (n + 1) & ~n; };
  std::mt19937 rng(11);
  std::map<std::uint64_t, std::string> colour_of;
  for (int i = 0; i < 400; ++i) {
    std::size_t a = rng() % 2000, b = rng() % 2000;
    if (i == 0) a = b = 0;  // G(0, 0) = 1 ⊗ 1 = 1, the least value: the bottom of the legend
    if ((a + 1) % 64 == 0 || (b + 1) % 64 == 0) continue;
    const std::uint64_t g = products[ruler(a)][ruler(b)];
    const std::string& pixel = image.pixels[a * 2000 + b];
    SCOPED_TRACE("cell (" + std::to_string(a) + ", " + std::to_string(b) + "), G = " + std::to_string(g));
    if (i == 0) {
      EXPECT_EQ(pixel, legend.front());
    }
    const auto [it, inserted] = colour_of.emplace(g, pixel);
    EXPECT_EQ(it->second, pixel) << "two cells of value " << g << " differ in colour";
    EXPECT_NE(std::find(legend.begin(), legend.end(), pixel), legend.end()) << pixel << " is not in the legend";
  }
  ASSERT_GE(colour_of.size(), 5u);
  std::ptrdiff_t last = -1;
  for (const auto& [g, colour] : colour_of) {
    const std::ptrdiff_t level = std::find(legend.begin(), legend.end(), colour) - legend.begin();
    EXPECT_GE(level, last) << "value " << g << " is lower on the legend than a smaller value";
    last = level;
  }
}

TEST(SvgCliTest, HugeBoxHasOneImagePerPanel) {
  const auto root = picture({"table", "ruler*ruler*ruler", "--size", "2x300x300"}, "box300");
  EXPECT_EQ(count_class(*root, "cells-image", "image"), 2u);
  EXPECT_EQ(count_class(*root, "panel-title", "text"), 2u);
}

TEST(SvgCliTest, BoxTableHasOnePanelPerLayer) {
  const auto root = picture({"table", "ruler*twins*twins", "--size", "3x4x4"}, "table3d");
  EXPECT_EQ(count_class(*root, "cell", "rect"), 48u);
  EXPECT_EQ(count_class(*root, "panel-title", "text"), 3u);
}

TEST(SvgCliTest, SeqScatterHasOnePointPerValueAndLabelledAxes) {
  const auto root = picture({"seq", "mock-turtles", "100"}, "seq100");
  EXPECT_EQ(count_class(*root, "point", "circle"), 100u);
  EXPECT_EQ(count_class(*root, "axis-title", "text"), 2u);
  std::string titles;
  root->for_each([&](const xml_element& e) {
    if (e.has_class("axis-title")) titles += e.text + "|";
  });
  EXPECT_THAT(titles, HasSubstr("g(n)"));
  EXPECT_THAT(titles, HasSubstr("n (coin"));
}

TEST(SvgCliTest, SeqUsesALogAxisWhenValuesSpanDecades) {
  // Ruler: g(n) is the largest power of 2 dividing n + 1 (OEIS A006519), so half the values are 1 and the largest
  // is 512 among 1000 coins.
  const auto ruler = picture({"seq", "ruler", "1000"}, "seqruler");
  EXPECT_THAT(ruler->all_text(), HasSubstr("logarithmic value axis"));
  // Twins: g(n) = n, spread evenly: linear.
  const auto twins = picture({"seq", "twins", "1000"}, "seqtwins");
  EXPECT_THAT(twins->all_text(), HasSubstr("linear axes"));
}

TEST(SvgCliTest, LongSeqIsDrawnAsPixelsNotOneElementPerPoint) {
  const std::string path = temp_svg("seqlong");
  const auto r = run_tartan({"seq", "mock-turtles", "200000", "--svg", path});
  EXPECT_EQ(r.exit_code, 0);
  const std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  EXPECT_LT(text.size(), 1u << 20);
  const auto root = parse_xml(text);
  EXPECT_EQ(count_class(*root, "point", "circle"), 0u);
  EXPECT_GT(cells_in_paths(*root, "point-pixels"), 100u);
}

TEST(SvgCliTest, AnalyzeRowDrawsCoinsAndAWinningMove) {
  // Mock Turtles HTTH: value g(0) ⊕ g(3) = 1 ⊕ 7 = 6; the winning move turns 0 and 3 (g(0) = 1 = 6 ⊕ 7).
  const auto root = picture({"analyze", "mock-turtles", "HTTH"}, "analyze1d");
  EXPECT_EQ(count_class(*root, "heads", "circle"), 2u);
  EXPECT_EQ(count_class(*root, "tails", "circle"), 2u);
  EXPECT_EQ(count_class(*root, "turned", "rect"), 2u);
  EXPECT_EQ(count_class(*root, "moving", "circle"), 1u);
  EXPECT_THAT(root->all_text(), HasSubstr("a winning move: turn 0 3"));
}

TEST(SvgCliTest, AnalyzeOfAPPositionHighlightsNothing) {
  // Twins: g(n) = n, so THHH has value 1 ⊕ 2 ⊕ 3 = 0.
  const auto p = picture({"analyze", "twins", "THHH"}, "analyzep");
  EXPECT_EQ(count_class(*p, "turned"), 0u);
  EXPECT_EQ(count_class(*p, "moving"), 0u);
  EXPECT_EQ(count_class(*p, "heads", "circle"), 3u);
}

TEST(SvgCliTest, AnalyzeGridDrawsTheBoardAndAWinningMove) {
  // Rugs "HH/HT": value 1 ⊕ 2 ⊕ 2 = 1 (ruler: g = 1, 2); the winning move turns (0, 0) alone.
  const auto root = picture({"analyze", "ruler*ruler", "HH/HT"}, "analyze2d");
  EXPECT_EQ(count_class(*root, "heads", "circle"), 3u);
  EXPECT_EQ(count_class(*root, "tails", "circle"), 1u);
  EXPECT_GE(count_class(*root, "turned", "rect"), 1u);
  EXPECT_EQ(count_class(*root, "moving", "circle"), 1u);
}

TEST(SvgCliTest, VerifyBoxIsAllGreenWhenTheTheoremHolds) {
  const auto root = picture({"verify", "ruler*ruler", "--size", "16x16", "--threads", "1"}, "verify2d");
  EXPECT_EQ(cells_in_paths(*root, "agree"), 256u);
  EXPECT_EQ(cells_in_paths(*root, "mismatch"), 0u);
  EXPECT_EQ(count_class(*root, "legend", "g"), 1u);
}

TEST(SvgCliTest, VerifyOfABoxDrawsOnePanelPerLayer) {
  const auto root = picture({"verify", "turtles*ruler*twins", "--size", "4x8x8", "--threads", "1"}, "verify3d");
  EXPECT_EQ(count_class(*root, "panel-title", "text"), 4u);
  EXPECT_EQ(cells_in_paths(*root, "agree"), 256u);
}

TEST(SvgCliTest, RefusesWhatItCannotDraw) {
  const auto four_d = run_tartan({"table", "twins*twins*twins*twins", "--size", "2x2x2x2", "--svg", temp_svg("x")});
  EXPECT_EQ(four_d.exit_code, 2);
  EXPECT_THAT(four_d.err, HasSubstr("--svg draws boards RxC and boxes AxBxC"));
  const auto unwritable = run_tartan({"seq", "ruler", "10", "--svg", "/nonexistent-dir/x.svg"});
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_THAT(unwritable.err, HasSubstr("error: cannot write '/nonexistent-dir/x.svg'"));
}

/// The texts of the elements of class `cls`, in document order.
std::vector<std::string> texts_of(const xml_element& root, const std::string& cls) {
  std::vector<std::string> out;
  root.for_each([&](const xml_element& e) {
    if (e.has_class(cls)) out.push_back(e.text);
  });
  return out;
}

TEST(SvgCliTest, SaysWhereItWroteAndRefusesABadPathBeforeAnyWork) {
  const std::string path = temp_svg("wrote");
  auto r = run_tartan({"seq", "ruler", "10", "--svg", path});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "wrote " + path + "\n");
  std::remove(path.c_str());
  // Refused before the values: nothing on standard output, one error line.
  const struct {
    std::string path, message;
  } bad[] = {
      {"/tmp/rugs.png",
       "--svg '/tmp/rugs.png': tartan writes SVG pictures; give a name ending in .svg, such as 'rugs.svg'"},
      {"/tmp/noextension", "give a name ending in .svg"},
      {"/nonexistent-dir/x.svg",
       "cannot write '/nonexistent-dir/x.svg': the directory '/nonexistent-dir' does not exist"},
      {"/tmp", "give a name ending in .svg"},
      {"/proc/x.svg", "cannot write '/proc/x.svg'"},
      {"/proc/version.svg", "cannot write '/proc/version.svg'"},
  };
  for (const auto& b : bad) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"seq", "moebius", "30", "--svg", b.path},
          std::vector<std::string>{"table", "ruler*ruler", "--size", "8x8", "--svg", b.path},
          std::vector<std::string>{"verify", "ruler*ruler", "--size", "8x8", "--svg", b.path},
          std::vector<std::string>{"analyze", "ruler", "HTH", "--svg", b.path}}) {
      r = run_tartan(args);
      EXPECT_EQ(r.exit_code, 2) << args[0] << " " << b.path;
      EXPECT_EQ(r.out, "") << args[0] << " " << b.path << ": work done before the refusal";
      EXPECT_THAT(r.err, HasSubstr(b.message)) << args[0];
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
  }
  // A directory named like a picture.
  const std::string dir = temp_svg("dir");
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  r = run_tartan({"seq", "ruler", "10", "--svg", dir});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("is a directory"));
  std::remove(dir.c_str());
}

TEST(SvgCliTest, RowShowsEachCoinsValueAndTheValueAsAnXor) {
  // Mock Turtles, by brute force over its moves: g = 1, 2, 4, 7, 8, 11; HTTHHT has value 1 ⊕ 7 ⊕ 8 = 14.
  const auto g = tartan::test::brute_force_values("mock-turtles", 6);
  const auto root = picture({"analyze", "mock-turtles", "HTTHHT"}, "rowvalues");
  std::vector<std::string> expected;
  for (const std::uint64_t v : g) expected.push_back(std::to_string(v));
  expected.resize(5);  // the position depends on coins 0..4 (its last heads coin): their values are shown
  EXPECT_EQ(texts_of(*root, "coin-value"), expected);
  const std::string value = std::to_string(g[0] ^ g[3] ^ g[4]);
  EXPECT_THAT(root->all_text(), HasSubstr("value " + value + " = g(0) ⊕ g(3) ⊕ g(4) = " + std::to_string(g[0]) + " ⊕ " +
                                          std::to_string(g[3]) + " ⊕ " + std::to_string(g[4])));
  // A board gives G(a, b) in each coin's tooltip: Rugs (1, 1) is ruler(1) ⊗ ruler(1) = 2 ⊗ 2 = 3.
  const auto board = picture({"analyze", "ruler*ruler", "HT/TH"}, "boardvalues");
  EXPECT_THAT(board->all_text(),
              HasSubstr("(1, 1): heads, G = " + std::to_string(tartan::test::mex_products(4)[2][2])));
}

/// Checks the value-axis ticks of a linear scatter plot: 0 first, equal round steps (1, 2 or 5 × 10^k), the last at
/// or above the largest value and less than a step above it.
void expect_round_linear_ticks(const xml_element& root, std::uint64_t largest) {
  std::vector<std::uint64_t> ticks;
  for (const std::string& t : texts_of(root, "y-tick")) ticks.push_back(std::stoull(t));
  ASSERT_GE(ticks.size(), 2u);
  EXPECT_EQ(ticks.front(), 0u) << "a linear axis starts at 0";
  const std::uint64_t step = ticks[1] - ticks[0];
  std::uint64_t unit = 1;
  while (unit * 10 <= step) unit *= 10;
  EXPECT_TRUE(step == unit || step == 2 * unit || step == 5 * unit) << "step " << step;
  for (std::size_t i = 1; i < ticks.size(); ++i) EXPECT_EQ(ticks[i] - ticks[i - 1], step);
  EXPECT_GE(ticks.back(), largest);
  EXPECT_LT(ticks.back() - largest, step) << "no tick beyond the round value above the largest";
}

TEST(SvgCliTest, SequencePlotsHaveRoundTicksFromZero) {
  // Twins: g(n) = n, so g(0..999) tops at 999, which is not round: the axis ends at 1000.
  expect_round_linear_ticks(*picture({"seq", "twins", "1000"}, "tickstwins"), 999);
  // Mock Turtles: the n-th odious number; g(99) = 199 by the definition of odious numbers.
  std::uint64_t x = 0, odious = 0;
  for (int n = 0; n < 100; ++n) {
    while (__builtin_popcountll(x) % 2 == 0) ++x;
    odious = x++;
  }
  expect_round_linear_ticks(*picture({"seq", "mock-turtles", "100"}, "ticksmock"), odious);
  // Ruler (log axis): every tick a power of two (and 0 has none: Ruler has no 0).
  const auto ruler = picture({"seq", "ruler", "1000"}, "ticksruler");
  for (const std::string& t : texts_of(*ruler, "y-tick")) {
    const std::uint64_t v = std::stoull(t);
    EXPECT_TRUE(v != 0 && (v & (v - 1)) == 0) << t;
  }
  // x ticks: 0 first, equal steps, none past the last coin.
  std::vector<std::uint64_t> xs;
  for (const std::string& t : texts_of(*ruler, "x-tick")) xs.push_back(std::stoull(t));
  ASSERT_GE(xs.size(), 2u);
  EXPECT_EQ(xs.front(), 0u);
  EXPECT_LE(xs.back(), 999u);
}

TEST(SvgCliTest, VerifyComparesWithConjecturedValuesAndCrossesTheMismatches) {
  // Rugs on 8x8: G(a, b) = ruler(a) ⊗ ruler(b), ruler(n) the largest power of 2 dividing n + 1, products from the
  // mex definition. One value changed: exactly that cell mismatches.
  const auto product = tartan::test::mex_products(16);
  const std::string values = temp_svg("values") + ".txt";
  {
    std::ofstream file(values);
    file << "# Rugs, 8x8, one wrong value at (2, 5)\n";
    for (std::uint64_t a = 0; a < 8; ++a) {
      for (std::uint64_t b = 0; b < 8; ++b) {
        const std::uint64_t g = product[(a + 1) & ~a][(b + 1) & ~b];
        file << (a == 2 && b == 5 ? g ^ 1 : g) << (b == 7 ? "\n" : ", ");
      }
    }
  }
  const std::string path = temp_svg("verifyvalues");
  auto r = run_tartan(
      {"verify", "ruler*ruler", "--size", "8x8", "--claimed", "@" + values, "--threads", "1", "--svg", path});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, HasSubstr("mismatches: 1\n"));
  const std::uint64_t g25 = product[1][2];  // ruler(2) = 1, ruler(5) = 2
  EXPECT_THAT(r.out, HasSubstr("(2, 5): " + std::to_string(g25) + " vs " + std::to_string(g25 ^ 1)));
  const auto root = parse_xml(tartan::test::read_file(path));
  std::remove(path.c_str());
  EXPECT_EQ(cells_in_paths(*root, "mismatch"), 1u);
  EXPECT_EQ(cells_in_paths(*root, "agree"), 63u);
  EXPECT_EQ(count_class(*root, "mismatch-mark", "path"), 1u) << "the mismatch is marked by a shape, not colour alone";
  const auto json = run_tartan({"verify", "ruler*ruler", "--size", "8x8", "--claimed", "@" + values, "--json"});
  EXPECT_THAT(json.out, HasSubstr("\"given\":"));
  // A file with the wrong number of values.
  r = run_tartan({"verify", "ruler*ruler", "--size", "4x4", "--claimed", "@" + values});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("gives 64 values but the box has 16 cells"));
  std::remove(values.c_str());
}

TEST(SvgCliTest, QuotientShowsItsStripAndTableAsItsJsonSays) {
  // R8 (0.75) and the rows of Turning Turtles: every heap (row) of the strip with its class, every cell of the table
  // with its product, the P-portion marked, each label the JSON's own name.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"quotient", "0.75", "--heaps", "40"}, {"quotient", "turtles", "--coins", "4"}}) {
    std::vector<std::string> json_args = args;
    json_args.push_back("--json");
    const json q = json::parse(run_tartan(json_args).out);
    const auto root = picture(args, "quotient-" + args[1]);
    const bool rows = args[2] == "--coins";
    std::vector<std::string> names = q["elements"];
    std::vector<std::string> strip, strip_labels, cells, p_cells;
    root->for_each([&](const xml_element& e) {
      if (e.name != "g") return;
      if (!e.attribute("data-class").empty()) {
        strip.push_back(e.attribute(rows ? "data-row" : "data-heap") + ":" + e.attribute("data-class"));
        std::string labels;
        for (const auto& c : e.children) labels += c->name == "text" ? c->all_text() + "|" : "";
        strip_labels.push_back(labels);
      }
      if (!e.attribute("data-col").empty()) {
        cells.push_back(e.attribute("data-row") + "*" + e.attribute("data-col") + "=" + e.all_text());
        if (e.has_class("p")) p_cells.push_back(cells.back());
      }
    });
    std::vector<std::string> expected_strip, expected_labels;
    for (std::size_t c = 0; c < q["pretending"].size(); ++c) {
      const std::string cls = q["pretending"][c];
      expected_strip.push_back(std::to_string(c) + ":" + cls);
      expected_labels.push_back(std::to_string(c) + "|" + cls + "|");
    }
    EXPECT_EQ(strip, expected_strip) << args[1];
    EXPECT_EQ(strip_labels, expected_labels) << args[1];
    std::vector<std::string> expected_cells, expected_p;
    const std::vector<std::string> in_p = q["p_portion"];
    for (std::size_t x = 0; x < names.size(); ++x) {
      for (std::size_t y = 0; y < names.size(); ++y) {
        const std::string product = names[q["table"][x][y].get<std::size_t>()];
        // The cell's text: its tooltip "x · y = z" then its label z.
        expected_cells.push_back(names[x] + "*" + names[y] + "=" + names[x] + " · " + names[y] + " = " + product +
                                 (std::count(in_p.begin(), in_p.end(), product) != 0 ? " (in P)" : "") + product);
        if (std::count(in_p.begin(), in_p.end(), product) != 0) expected_p.push_back(expected_cells.back());
      }
    }
    EXPECT_EQ(cells, expected_cells) << args[1];
    EXPECT_EQ(p_cells, expected_p) << args[1];
  }
  const auto bad = run_tartan({"quotient", "kayles", "--heaps", "10", "--svg", "kayles.png"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("give a name ending in .svg"));
}

}  // namespace
