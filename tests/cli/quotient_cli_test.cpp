// tartan quotient through the command: the text, JSON and Markdown of published quotients (R8 for 0.75, Plambeck and
// Siegel), the outcomes the JSON's table and pretending function give against Kayles played out here by its rules;
// analyze --heaps --misere through the quotient (the method line, a position of many heaps against the quotient's
// own product); Ctrl-C during a construction that cannot finish (0.07 up to 100000 heaps) keeps the heaps completed;
// the refusals (one line, exit 2). The quotient of Turning Turtles' rows (--coins) against its rules over every sum of
// three rows of 4 coins, and analyze ROW + ROW --misere through it (and by the search for a mixed sum).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"

namespace {

using nlohmann::json;
using tartan::test::background_tartan;
using tartan::test::error_stream;
using tartan::test::progress_bar_drawn;
using tartan::test::run_tartan;

/// Misère Kayles by its rules: a heap loses one or two pins, the rest left as up to two heaps; no move: N.
bool kayles_p(std::vector<unsigned> heaps, std::map<std::vector<unsigned>, bool>& memo) {
  std::sort(heaps.begin(), heaps.end());
  heaps.erase(std::remove(heaps.begin(), heaps.end(), 0u), heaps.end());
  const auto found = memo.find(heaps);
  if (found != memo.end()) return found->second;
  bool any = false;
  bool p = true;
  for (std::size_t i = 0; i < heaps.size() && p; ++i) {
    for (unsigned k = 1; k <= 2 && k <= heaps[i] && p; ++k) {
      for (unsigned a = 0; 2 * a <= heaps[i] - k && p; ++a) {
        any = true;
        std::vector<unsigned> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        next.push_back(a);
        next.push_back(heaps[i] - k - a);
        if (kayles_p(next, memo)) p = false;
      }
    }
  }
  memo.emplace(heaps, any && p);
  return any && p;
}

TEST(QuotientCliTest, R8InTextJsonAndMarkdown) {
  const auto text = run_tartan({"quotient", "0.75", "--heaps", "40"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("order: 8\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("p-portion: 2 elements {a, b^2}"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("presentation: a, b, c | "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("multiplication table"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("period 2 from heap 8"), std::string::npos) << text.out;
  const auto js = run_tartan({"quotient", "0.75", "--heaps", "40", "--json"});
  ASSERT_EQ(js.exit_code, 0) << js.err;
  const json q = json::parse(js.out);
  EXPECT_EQ(q["order"], 8);
  EXPECT_EQ(q["p_portion_size"], 2);
  EXPECT_EQ(q["complete"], true);
  EXPECT_EQ(q["proven_for_every_heap"], true);
  EXPECT_EQ(q["relations"].size(), 4u);
  EXPECT_EQ(q["table"].size(), 8u);
  const auto md = run_tartan({"quotient", "0.75", "--heaps", "40", "--format", "md"});
  EXPECT_EQ(md.out.rfind("# Misère quotient of 0.75", 0), 0u) << md.out;
  EXPECT_NE(md.out.find("| order | 8 |"), std::string::npos) << md.out;
}

TEST(QuotientCliTest, KaylesTableAndPretendingFunctionGiveTheOutcomes) {
  // The JSON's own data, multiplied here: every sum of up to three heaps of at most 9 is P exactly when the product of
  // the heaps' classes is in the P-portion, by Kayles' rules.
  const auto r = run_tartan({"quotient", "kayles", "--heaps", "9", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json q = json::parse(r.out);
  ASSERT_FALSE(q["table"].is_null());
  std::vector<std::string> names = q["elements"];
  std::vector<std::string> p = q["p_portion"];
  std::vector<std::string> phi = q["pretending"];
  auto index = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  std::map<std::vector<unsigned>, bool> memo;
  for (unsigned a = 0; a <= 9; ++a) {
    for (unsigned b = a; b <= 9; ++b) {
      for (unsigned c = b; c <= 9; ++c) {
        std::size_t x = index(phi[a]);
        x = q["table"][x][index(phi[b])];
        x = q["table"][x][index(phi[c])];
        const bool claimed = std::find(p.begin(), p.end(), names[x]) != p.end();
        ASSERT_EQ(claimed, kayles_p({a, b, c}, memo)) << a << " " << b << " " << c;
      }
    }
  }
}

TEST(QuotientCliTest, AnalyzeHeapsGoesThroughTheQuotient) {
  const auto r = run_tartan(
      {"analyze", "kayles", "--heaps", "10,11,12,13,14,15,16,17,18,19,20", "--misere", "--json", "--limit", "1000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json a = json::parse(r.out);
  EXPECT_EQ(a["method"], "quotient");
  EXPECT_EQ(a["quotient"]["bound"], 20);
  // Every winning move leaves a position the quotient calls P, and every other move one it calls N: asked again.
  for (const json& m : a["winning_moves"]) {
    std::vector<unsigned> heaps{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
    heaps.erase(std::find(heaps.begin(), heaps.end(), m["from"].get<unsigned>()));
    for (const unsigned h : m["leaving"]) heaps.push_back(h);
    std::string list;
    for (const unsigned h : heaps) list += (list.empty() ? "" : ",") + std::to_string(h);
    const json after = json::parse(run_tartan({"analyze", "kayles", "--heaps", list, "--misere", "--json"}).out);
    EXPECT_EQ(after["outcome"], "P") << list;
  }
  const auto text = run_tartan({"analyze", "kayles", "--heaps", "3,4,4,25", "--misere"});
  EXPECT_NE(text.out.find("method: the misère quotient of the heaps up to 25"), std::string::npos) << text.out;
  // A heap of 4294967295 tokens, through the proven period (the outcome; listing its moves would visit 2^31 of them).
  const auto big = run_tartan({"analyze", "kayles", "--heaps", "4294967295,5", "--misere", "--json", "--limit", "0"});
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_EQ(json::parse(big.out)["quotient"]["period"]["period"], 12);
}

TEST(QuotientCliTest, AStopShowsTheLeastFailuresItChased) {
  // 4.76 cannot complete heap 6 (docs/misere.md): the report keeps Q_5, says why it stopped, and lists the least
  // failing positions of the last trials at heap 6, each holding heap 6, in text, JSON and Markdown.
  const auto text = run_tartan({"quotient", "4.76", "--heaps", "10", "--max-order", "600"});
  EXPECT_EQ(text.exit_code, 2) << text.err;
  EXPECT_NE(text.out.find("heaps: up to 5 of the 10 asked"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("trials at heap 6 (heap sizes, the oldest first):\n  "), std::string::npos) << text.out;
  EXPECT_EQ(text.err.rfind("stopped: ", 0), 0u) << text.err;
  const auto js = run_tartan({"quotient", "4.76", "--heaps", "10", "--max-order", "600", "--json"});
  EXPECT_EQ(js.exit_code, 2) << js.err;
  const json q = json::parse(js.out);
  EXPECT_EQ(q["complete"], false);
  ASSERT_GE(q["stop_failures"].size(), 2u) << js.out;
  for (const json& w : q["stop_failures"]) {
    EXPECT_EQ(w.back()["heap"], 6) << w.dump();
    EXPECT_GE(w.back()["copies"], 1) << w.dump();
  }
  const auto md = run_tartan({"quotient", "4.76", "--heaps", "10", "--max-order", "600", "--format", "md"});
  EXPECT_NE(md.out.find("| least failing positions of the last "), std::string::npos) << md.out;
  const auto done = run_tartan({"quotient", "0.75", "--heaps", "20", "--json"});
  EXPECT_TRUE(json::parse(done.out)["stop_failures"].empty()) << done.out;
}

TEST(QuotientCliTest, CtrlCKeepsTheHeapsCompleted) {
  // 0.07's quotient grows without bound (360 elements at heap 30): 100000 heaps never finish.
  background_tartan run({"quotient", "0.07", "--heaps", "100000", "--max-seconds", "0", "--max-order", "65536"},
                        error_stream::terminal);
  ASSERT_TRUE(run.wait_for(progress_bar_drawn("building the quotient")));
  const tartan::test::cli_result r = run.interrupt();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_NE(r.out.find("heaps: up to "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" of the 100000 asked"), std::string::npos) << r.out;
  const std::string err = tartan::test::without_progress_bar(r.err);
  EXPECT_EQ(err.rfind("stopped: ", 0), 0u) << err;
}

/// Sums of rows of Turning Turtles in misère play by its rules: a move turns a heads coin to tails and, if it likes,
/// one coin to its left; no move: N.
bool turtles_p(std::vector<unsigned> rows, std::map<std::vector<unsigned>, bool>& memo) {
  std::sort(rows.begin(), rows.end());
  const auto found = memo.find(rows);
  if (found != memo.end()) return found->second;
  bool any = false;
  bool p = true;
  for (std::size_t i = 0; i < rows.size() && p; ++i) {
    for (unsigned c = 0; c < 8 && p; ++c) {
      if (((rows[i] >> c) & 1) == 0) continue;
      for (unsigned other = 0; other <= c && p; ++other) {  // other == c: the coin alone
        any = true;
        std::vector<unsigned> next = rows;
        next[i] ^= 1u << c;
        if (other < c) next[i] ^= 1u << other;
        if (turtles_p(next, memo)) p = false;
      }
    }
  }
  memo.emplace(rows, any && p);
  return any && p;
}

std::string row_text(unsigned r, unsigned coins) {
  std::string s;
  for (unsigned c = 0; c < coins; ++c) s += ((r >> c) & 1) != 0 ? 'H' : 'T';
  return s;
}

TEST(QuotientCliTest, RowsOfATurningGameAnswerTheirSums) {
  const auto js = run_tartan({"quotient", "turtles", "--coins", "4", "--json"});
  ASSERT_EQ(js.exit_code, 0) << js.err;
  const json q = json::parse(js.out);
  EXPECT_EQ(q["components"], "rows");
  EXPECT_EQ(q["coins"], 4);
  EXPECT_EQ(q["complete"], true);
  EXPECT_EQ(q["code"], "1-2");
  ASSERT_EQ(q["pretending"].size(), 16u);
  std::map<std::string, unsigned> index;
  for (std::size_t i = 0; i < q["elements"].size(); ++i) index[q["elements"][i]] = static_cast<unsigned>(i);
  std::set<std::string> p_portion(q["p_portion"].begin(), q["p_portion"].end());
  std::map<std::vector<unsigned>, bool> memo;
  // Every sum of up to three rows of 4 coins: the product of their classes in the table is P exactly when the rules
  // make the sum a P-position.
  for (unsigned a = 0; a < 16; ++a) {
    for (unsigned b = a; b < 16; ++b) {
      for (unsigned c = b; c < 16; ++c) {
        unsigned x = index[q["pretending"][a]];
        x = q["table"][x][index[q["pretending"][b]]];
        x = q["table"][x][index[q["pretending"][c]]];
        ASSERT_EQ(p_portion.count(q["elements"][x]) == 1, turtles_p({a, b, c}, memo)) << a << ' ' << b << ' ' << c;
      }
    }
  }
  const auto text = run_tartan({"quotient", "turtles", "--coins", "4"});
  EXPECT_NE(text.out.find("rows: up to HHHH (the 16 rows of at most 4 coins)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("pretending function (row: its class"), std::string::npos) << text.out;
  // analyze GAME ROW + GAME ROW --misere: through the quotient for rows of one game, by the search for a mixed sum,
  // each against the rules.
  for (const auto& [a, b] : std::vector<std::pair<unsigned, unsigned>>{{9, 3}, {255, 6}, {5, 5}, {170, 77}}) {
    const auto r = run_tartan(
        {"analyze", "turtles", row_text(a, 8), "+", "turtles", row_text(b, 8), "--misere", "--json", "--limit", "100"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["method"], "quotient");
    EXPECT_EQ(j["outcome"], turtles_p({a, b}, memo) ? "P" : "N") << a << ' ' << b;
    for (const json& m : j["winning_moves"]) {
      std::vector<unsigned> after{a, b};
      for (const unsigned c : m["move"]) after[m["term"].get<std::size_t>()] ^= 1u << c;
      EXPECT_TRUE(turtles_p(after, memo)) << m.dump();
    }
  }
  const auto mixed = run_tartan({"analyze", "turtles", "HTH", "+", "ruler*ruler", "HT/TH", "--misere"});
  EXPECT_EQ(mixed.exit_code, 0) << mixed.err;
  EXPECT_NE(mixed.out.find("method: the search of the sum's positions"), std::string::npos) << mixed.out;
  const auto through = run_tartan({"analyze", "kayles", "HTHH", "+", "kayles", "HHTHH", "--misere"});
  EXPECT_NE(through.out.find("method: the misère quotient of the rows of kayles up to HHTHH"), std::string::npos)
      << through.out;
  EXPECT_NE(through.out.find("  term 0: kayles, 4 coins; heads: 0 2 3; class "), std::string::npos) << through.out;
}

TEST(QuotientCliTest, RefusalsAreOneLine) {
  const auto one_line = [](const tartan::test::cli_result& r, const std::string& part) {
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
  };
  one_line(run_tartan({"quotient", "mock-turtles"}), "not a take-and-break game");
  one_line(run_tartan({"quotient", "0.G7"}), "take-and-break code");
  one_line(run_tartan({"quotient", "kayles", "--heaps", "x"}), "--heaps");
  one_line(run_tartan({"quotient", "kayles", "--heaps", ""}), "--heaps: empty");
  one_line(run_tartan({"quotient", "kayles", "--heaps", "99999999999"}), "--heaps");
  one_line(run_tartan({"quotient", "kayles", "--format", "svg"}), "text, json or md");
  one_line(run_tartan({"quotient", "kayles", "--max-order", "1"}), "--max-order must be at least 2");
  one_line(run_tartan({"quotient", "kayles", "--max-seconds", "-1"}), "--max-seconds");
  one_line(run_tartan({"quotient", "turtles", "--coins", "21"}), "--coins");
  one_line(run_tartan({"quotient", "turtles", "--coins", "x"}), "--coins");
  one_line(run_tartan({"quotient", "ruler*ruler", "--coins", "3"}), "a product");
  one_line(run_tartan({"quotient", "kayles", "--heaps", "5", "--coins", "3"}), "--heaps and --coins");
  one_line(run_tartan({"analyze", "turtles", "H" + std::string(70, 'T') + "H", "+", "turtles", "H", "--misere"}), "64");
}

}  // namespace
