// CLI tests for --svg: every picture kind is parsed as XML (tests/support/xml.hpp) and its structure checked: an
// <svg> root with the SVG namespace and no external references, one cell per coin (rects, or runs of strokes in
// paths for large tables), the legend, the points of a scatter plot, the coins and the highlighted move of a board,
// the colours of an agreement box.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "support/run_cli.hpp"
#include "support/xml.hpp"

namespace {

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
  // Standalone: no links to other files or the network, no scripts.
  EXPECT_EQ(root->count([](const xml_element& e) {
    return e.name == "script" || e.name == "image" || e.name == "use" || !e.attribute("href").empty() ||
           !e.attribute("xlink:href").empty();
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
  const std::string path = temp_svg("table512");
  const auto r = run_tartan({"table", "twins*twins", "--size", "512x512", "--svg", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  EXPECT_LT(text.size(), 4u << 20) << "a 512x512 heat map should stay a few megabytes";
  const auto root = parse_xml(text);
  EXPECT_EQ(count_class(*root, "cell", "rect"), 0u);
  EXPECT_EQ(count_class(*root, "cell-values"), 0u);
  EXPECT_EQ(cells_in_paths(*root, "level"), 512u * 512u);
  EXPECT_EQ(count_class(*root, "legend", "g"), 1u);
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

}  // namespace
