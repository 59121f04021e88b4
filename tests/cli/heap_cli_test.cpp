// analyze --heaps: heap positions of take-and-break games through the tartan command. The winning heap moves of
// Kayles are checked against the game computed here (g by a mex over taking one or two pins, the winning moves by
// trying every move in every heap), written in the report's words by the test; then equal heaps, splits, moves
// leaving nothing, paging and counting, the JSON, and the refusals (one line, exit code 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;

/// Kayles' g(0..count-1) by definition: remove 1 or 2 pins from a row, leaving the rest as up to two rows.
std::vector<unsigned> kayles_values(unsigned count) {
  std::vector<unsigned> g;
  for (unsigned n = 0; n < count; ++n) {
    std::set<unsigned> options;
    for (unsigned k = 1; k <= 2 && k <= n; ++k) {
      for (unsigned a = 0; a <= n - k; ++a) options.insert(g[a] ^ g[n - k - a]);
    }
    unsigned m = 0;
    while (options.count(m) != 0) ++m;
    g.push_back(m);
  }
  return g;
}

/// The winning moves of Kayles heaps (distinct sizes ascending), in the report's words.
std::vector<std::string> kayles_winning_lines(const std::vector<unsigned>& heaps) {
  const std::vector<unsigned> g = kayles_values(64);
  unsigned total = 0;
  for (const unsigned h : heaps) total ^= g[h];
  std::vector<std::string> lines;
  const std::set<unsigned> sizes(heaps.begin(), heaps.end());
  for (const unsigned h : sizes) {
    for (unsigned k = 1; k <= 2 && k <= h; ++k) {
      const unsigned r = h - k;
      const std::string taken = "  take " + std::to_string(k) + " from the heap of " + std::to_string(h) + ", leaving ";
      if (r == 0 && (total ^ g[h]) == 0) lines.push_back(taken + "nothing");
      if (r >= 1 && (total ^ g[h] ^ g[r]) == 0) lines.push_back(taken + "a heap of " + std::to_string(r));
      for (unsigned a = 1; 2 * a <= r; ++a) {
        if ((total ^ g[h] ^ g[a] ^ g[r - a]) == 0) {
          lines.push_back(taken + "heaps of " + std::to_string(a) + " and " + std::to_string(r - a));
        }
      }
    }
  }
  return lines;
}

/// The lines of the report that are moves (indented by two spaces).
std::vector<std::string> move_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) == 0) lines.push_back(line);
  }
  return lines;
}

TEST(HeapCliTest, KaylesWinningMovesMatchTheDefinition) {
  const std::vector<std::vector<unsigned>> cases{{5, 7, 9}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 4, 7}, {20}};
  for (const auto& heaps : cases) {
    std::string typed;
    for (const unsigned h : heaps) typed += (typed.empty() ? "" : ",") + std::to_string(h);
    SCOPED_TRACE(typed);
    const auto r = run_tartan({"analyze", "kayles", "--heaps", typed, "--limit", "1000"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::vector<unsigned> g = kayles_values(64);
    unsigned value = 0;
    for (const unsigned h : heaps) value ^= g[h];
    EXPECT_NE(r.out.find("\nvalue: " + std::to_string(value) + "\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(value != 0 ? "outcome: N" : "outcome: P"), std::string::npos) << r.out;
    EXPECT_EQ(move_lines(r.out), kayles_winning_lines(heaps)) << r.out;
    const auto counted = run_tartan({"analyze", "kayles", "--heaps", typed, "--count"});
    ASSERT_EQ(counted.exit_code, 0) << counted.err;
    EXPECT_NE(counted.out.find("winning moves: " + std::to_string(kayles_winning_lines(heaps).size()) +
                               " (counted, not listed)"),
              std::string::npos)
        << counted.out;
  }
}

TEST(HeapCliTest, TheReportKeepsEqualHeapsAndNamesTheCoinForm) {
  // Dawson's Kayles, heaps 3, 3 and 10: the two heaps of 3 cancel as coins, but stay heaps.
  const auto r = run_tartan({"analyze", "0.07", "--heaps", "3,3,10"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("game: 0.07 (a take-and-break code)\nheaps: 3 3 10\nas coins: 11 coins, heads: 10 ", 0), 0u)
      << r.out;
  const auto kayles = run_tartan({"analyze", "kayles", "--heaps", "5,7,9"});
  EXPECT_EQ(kayles.out.rfind("game: kayles (code 0.77)\nheaps: 5 7 9\n", 0), 0u) << kayles.out;
}

TEST(HeapCliTest, MovesLeavingNothingAndSplitsAreWrittenAsSuch) {
  // S{3}: take 3. One heap of 3 (g = 1): taking all 3 wins.
  const auto nothing = run_tartan({"analyze", "S{3}", "--heaps", "3"});
  ASSERT_EQ(nothing.exit_code, 0) << nothing.err;
  EXPECT_EQ(move_lines(nothing.out), std::vector<std::string>{"  take 3 from the heap of 3, leaving nothing"});
  // Grundy's game (4!.0) by definition: g(1), g(2) = 0; 3 splits into 1 and 2 (0), so g(3) = 1; 5 into 1 and 4
  // (g(4) = 0: 4 splits into 1 and 3, value 1) or 2 and 3 (value 1), so g(5) = 2. Heaps 5 and 3 (value 3): only
  // splitting 5 into 2 and 3 wins (heaps 2, 3, 3: 0 ⊕ 1 ⊕ 1 = 0); 5 into 1 and 4 leaves 1, 3, 4 (value 1), and 3
  // into 1 and 2 leaves 1, 2, 5 (value 2).
  const auto split = run_tartan({"analyze", "grundys-game", "--heaps", "5,3"});
  ASSERT_EQ(split.exit_code, 0) << split.err;
  EXPECT_EQ(move_lines(split.out), std::vector<std::string>{"  split the heap of 5 into 2 and 3"}) << split.out;
}

TEST(HeapCliTest, NoHeapsIsTheEmptyPosition) {
  // No heaps, or empty heaps (coin 0, which has no moves): value 0, no move.
  const std::vector<std::pair<std::string, std::string>> cases{{"", "none"}, {"0", "0"}, {"0,0", "none"}};
  for (const auto& [typed, heads] : cases) {
    const auto r = run_tartan({"analyze", "kayles", "--heaps", typed});
    ASSERT_EQ(r.exit_code, 0) << typed << r.err;
    EXPECT_NE(r.out.find("as coins: 1 coin, heads: " + heads + " "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("value: 0\noutcome: P (the second player wins)\nwinning moves: none"), std::string::npos)
        << r.out;
  }
  EXPECT_NE(run_tartan({"analyze", "kayles", "--heaps", ""}).out.find("heaps: none\n"), std::string::npos);
}

TEST(HeapCliTest, PagesAndJson) {
  const std::vector<std::string> all = kayles_winning_lines({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  ASSERT_GE(all.size(), 5u);
  const auto page =
      run_tartan({"analyze", "kayles", "--heaps", "1,2,3,4,5,6,7,8,9,10,11,12", "--limit", "2", "--offset", "3"});
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_EQ(move_lines(page.out), std::vector<std::string>(all.begin() + 3, all.begin() + 5)) << page.out;
  EXPECT_NE(page.out.find("(stopped at --limit 2; --offset 5 lists the next ones)"), std::string::npos) << page.out;

  const auto json = run_tartan({"analyze", "kayles", "--heaps", "9,5,7", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["heaps"], nlohmann::json::parse("[5,7,9]"));
  EXPECT_EQ(j["position"], nlohmann::json::parse("[5,7,9]"));
  EXPECT_EQ(j["coins"], 10);
  const std::vector<std::string> lines = kayles_winning_lines({5, 7, 9});
  ASSERT_EQ(j["winning_moves"].size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& m = j["winning_moves"][i];
    std::string text = "  take " + std::to_string(m["take"].get<unsigned>()) + " from the heap of " +
                       std::to_string(m["from"].get<unsigned>()) + ", leaving ";
    const auto& left = m["leaving"];
    if (left.empty()) text += "nothing";
    if (left.size() == 1) text += "a heap of " + std::to_string(left[0].get<unsigned>());
    if (left.size() == 2) {
      text += "heaps of " + std::to_string(left[0].get<unsigned>()) + " and " + std::to_string(left[1].get<unsigned>());
    }
    EXPECT_EQ(text, lines[i]);
  }
  const auto counted = run_tartan({"analyze", "kayles", "--heaps", "5,7,9", "--json", "--count"});
  EXPECT_EQ(nlohmann::json::parse(counted.out)["winning_move_count"], lines.size());
}

TEST(HeapCliTest, PlayOnHeapsAgainstTheEngine) {
  // Kayles, heaps 1 and 2 (g 1 and 2, value 3), the engine first. Its only winning move takes 1 from the heap of 2,
  // leaving heaps 1 and 1 (value 0; taking 2 leaves g(1) = 1, taking 1 from the heap of 1 leaves g(2) = 2); then
  // the person's one move takes a heap of 1, and the engine takes the last: it wins.
  const auto r = run_tartan({"play", "kayles", "--heaps", "1,2", "--first", "engine", "--seed", "5"},
                            "take 2 from 1\ntake 1 from the heap of 1, leaving nothing\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> expected{
      "heaps: 1 2, value 3 (N: the player to move can win); the engine's turn",
      "the engine: take 1 from the heap of 2, leaving a heap of 1",
      "heaps: 1 1, value 0 (P: the player to move loses against good play); your",
      "> take 2 from 1",
      "refused: taking 2 and leaving nothing does not account for the heap of 1; the",
      "> take 1 from the heap of 1, leaving nothing",
      "you: take 1 from the heap of 1, leaving nothing",
      "the engine: take 1 from the heap of 1, leaving nothing",
      "heaps: none, value 0 (P: the player to move loses against good play)",
      "no heap can move: the engine wins"};
  std::size_t at = 0;
  for (const std::string& line : expected) {
    const std::size_t found = r.out.find(line, at);
    ASSERT_NE(found, std::string::npos) << "missing, in order: " << line << "\n" << r.out;
    at = found + line.size();
  }
}

TEST(HeapCliTest, PlayHintsUndoAndRefusals) {
  const auto r = run_tartan({"play", "kayles", "--heaps", "5,7,9", "--seed", "1"},
                            "take 3 from 7 leaving 4\n7 to 3\nhint\n2 7 1 4\nundo\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string& line :
       {std::string("refused: kayles (code 0.77) has no move that takes 3 from a heap of 7, leaving a"),
        std::string("refused: 'to' is not a number of tokens or a heap; type a heap move as take 2"),
        // A hint is the first winning move of the definition, in the order analyze --heaps lists them.
        "hint: " + kayles_winning_lines({5, 7, 9}).front().substr(2) + " (it leaves value 0)",
        std::string("you: take 2 from the heap of 7, leaving heaps of 1 and 4"), std::string("took back the engine's"),
        std::string("heaps: 5 7 9, value 2")}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
  const auto ruler = run_tartan({"play", "ruler", "--heaps", "3"});
  EXPECT_EQ(ruler.exit_code, 2);
  EXPECT_NE(ruler.err.find("'ruler' is a coin-turning game, not a take-and-break game"), std::string::npos);
  const auto both = run_tartan({"play", "kayles", "HTT", "--heaps", "3"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--heaps gives the whole start as heaps"), std::string::npos) << both.err;
}

TEST(HeapCliTest, PlayWithHiddenValuesEndsWithAReviewOfTheDefinition) {
  // Kayles from heaps 2, 3 and 6, the values hidden. The person's lines try taking one from each heap in turn (the
  // ones not legal now are refused and change nothing), so the game goes to its end whatever the engine replies;
  // then the review must give, for every move made, the values before and after it by Kayles' definition, a
  // mistake's better move a move that leaves 0, and no value may show before the end.
  const std::vector<unsigned> g = kayles_values(16);
  std::string input;
  for (int round = 0; round < 12; ++round) {
    for (unsigned h = 1; h <= 6; ++h) {
      input += "take 1 from " + std::to_string(h) + (h > 1 ? " leaving " + std::to_string(h - 1) : "") + "\n";
    }
  }
  const auto r = run_tartan({"play", "kayles", "--heaps", "2,3,6", "--hide-values", "--seed", "11"}, input + "quit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t end = r.out.find("heaps: none, value 0");  // the end, where the values show
  ASSERT_NE(end, std::string::npos) << r.out;
  ASSERT_NE(r.out.find("no heap can move: ", end), std::string::npos) << r.out;
  // "value " and a digit anywhere before the end; written out rather than with std::regex, whose GCC 12 headers warn
  // (maybe-uninitialized) under the sanitizers.
  bool value_shown = false;
  for (std::size_t at = r.out.find("value "); at < end; at = r.out.find("value ", at + 1)) {
    if (at + 6 < end && std::isdigit(static_cast<unsigned char>(r.out[at + 6])) != 0) value_shown = true;
  }
  EXPECT_FALSE(value_shown) << "a value shown before the end:\n" << r.out;
  // The moves made, replayed on the heaps with the definition's values.
  std::vector<unsigned> heaps{2, 3, 6};
  const auto value = [&](const std::vector<unsigned>& hs) {
    unsigned v = 0;
    for (const unsigned h : hs) v ^= g[h];
    return v;
  };
  const auto apply = [](std::vector<unsigned> hs, const std::string& words) {
    // "take K from the heap of H, leaving ..." with what is left as numbers.
    std::istringstream in(words);
    std::vector<unsigned> numbers;
    for (std::string w; in >> w;) {
      if (!w.empty() && w.back() == ',') w.pop_back();
      if (!w.empty() && w.find_first_not_of("0123456789") == std::string::npos) numbers.push_back(std::stoul(w));
    }
    hs.erase(std::find(hs.begin(), hs.end(), numbers.at(1)));
    hs.insert(hs.end(), numbers.begin() + 2, numbers.end());
    return hs;
  };
  std::istringstream lines(r.out.substr(end));
  std::vector<std::string> review;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  ", 0) == 0 && !review.empty() && review.back().rfind("  ", 0) == 0 && line.rfind("   ", 0) == 0) {
      review.back() += " " + line.substr(6);  // a review line wrapped at 80 columns
    } else if (line.rfind("  ", 0) == 0) {
      review.push_back(line);
    }
  }
  ASSERT_GE(review.size(), 2U) << r.out;
  EXPECT_EQ(review[0], "  start heaps 2 3 6: value " + std::to_string(value(heaps)) +
                           (value(heaps) != 0 ? " (N: the player to move can win)"
                                              : " (P: the player to move loses against good play)"));
  std::size_t moves = 0;
  for (std::size_t i = 1; i < review.size(); ++i) {
    const std::string& line = review[i];
    const std::string number = "  " + std::to_string(i) + ". ";
    ASSERT_EQ(line.rfind(number, 0), 0U) << line;
    const std::size_t colon = line.find(": value ");
    ASSERT_NE(colon, std::string::npos) << line;
    const std::string made = line.substr(number.size(), colon - number.size());
    const bool engine = made.rfind("the engine ", 0) == 0;
    EXPECT_TRUE(engine || made.rfind("you take ", 0) == 0) << line;
    EXPECT_EQ(engine, i % 2 == 0) << "the person moves first, then the two alternate: " << line;
    const std::vector<unsigned> from = heaps;
    const unsigned before = value(heaps);
    heaps = apply(heaps, made);
    const unsigned after = value(heaps);
    const std::string values = "value " + std::to_string(before) + " -> " + std::to_string(after);
    EXPECT_EQ(line.substr(colon + 2, values.size()), values) << line;
    const std::string verdict = line.substr(colon + 2 + values.size());
    if (before != 0 && after == 0) {
      EXPECT_EQ(verdict, ", a winning move") << line;
    } else if (before == 0) {
      EXPECT_EQ(verdict, "; from value 0 every move loses") << line;
    } else {
      ASSERT_EQ(verdict.rfind(", a mistake: ", 0), 0U) << line;
      const std::size_t tail = verdict.find(" would have left 0");
      ASSERT_NE(tail, std::string::npos) << line;
      EXPECT_EQ(value(apply(from, verdict.substr(13, tail - 13))), 0U) << "the better move leaves 0: " << line;
    }
    ++moves;
  }
  EXPECT_TRUE(heaps.empty()) << "the game ends with no heap left";
  EXPECT_GT(moves, 2U);
}

TEST(HeapCliTest, RefusalsSayWhatToTypeInOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"analyze", "ruler", "--heaps", "3"},
       "'ruler' is a coin-turning game, not a take-and-break game; give its "
       "position as coins such as HTTH"},
      {{"analyze", "kayles*kayles", "--heaps", "3"}, "is a tartan product"},
      {{"analyze", "kayles", "HTT", "--heaps", "3"}, "--heaps gives the whole position as heaps; leave out POSITION"},
      {{"analyze", "kayles", "--heaps", "3", "--options", "4"}, "leave out POSITION"},
      {{"analyze", "kayles", "--heaps", "3,x"}, "heaps item 2: 'x' is not a heap size; give sizes such as 5,7,9"},
      {{"analyze", "kayles", "--heaps", "-1"}, "heaps item 1: '-1' is not a heap size"},
      {{"analyze", "kayles", "--heaps", "18446744073709551616"}, "(at most 18446744073709551615)"},
      // 4.07 has no proven period (Kayles' answers any heap), so its values must be computed up to the heap.
      {{"analyze", "4.07", "--heaps", "3,200000000"}, "give heaps below 100000000"},
      {{"analyze", "4.07", "--heaps", "30000000", "--max-memory", "1M"}, "give heaps below"},
  };
  for (const auto& [args, expected] : cases) {
    const auto r = run_tartan(args);
    SCOPED_TRACE(args[1] + " " + args[2] + " " + args[3]);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

TEST(HeapCliTest, HeapsBeyondTheTimeLimitAreToldWhichHeapsFit) {
  // Treblecross (0.007) has no known period, and its sparse space keeps some 22500 rare heaps (docs/games.md): each
  // value lists that many splits, so 2·10^7 of them are minutes of work on any machine, far over 10 ms. The advice
  // names heaps, as for the memory limit, not values.
  for (const std::string command : {"analyze", "play"}) {
    const auto r = run_tartan({command, "0.007", "--heaps", "3,20000000", "--max-seconds", "0.01"}, "quit\n");
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find("over the time limit of 10 ms; give heaps below "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("values, or raise"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

}  // namespace
