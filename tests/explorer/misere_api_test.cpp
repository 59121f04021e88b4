// Misère play through the explorer's JSON API ("misere": true on /api/analyze and /api/play), asked in-process: the
// same bytes as `tartan analyze ... --misere --json`, the outcomes and the engine's replies against Mock Turtles and
// Kayles played out here by their misère definitions, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_cli.hpp"
#include "tartan/explorer/explorer_api.hpp"

namespace {

using json = nlohmann::json;
using tartan::test::run_tartan;

tartan::explorer::api_reply ask(const std::string& endpoint, const json& body) {
  static tartan::explorer::explorer_api api(tartan::explorer::api_limits{});
  return api.handle(endpoint, body.dump());
}

/// Mock Turtles on 8 coins by its definition: a heads coin turned with at most two coins below it.
std::vector<std::uint32_t> mock_moves(std::uint32_t p) {
  std::vector<std::uint32_t> moves;
  for (unsigned n = 0; n < 8; ++n) {
    if ((p >> n & 1) == 0) continue;
    moves.push_back(1u << n);
    for (unsigned a = 0; a < n; ++a) {
      moves.push_back(1u << n | 1u << a);
      for (unsigned b = a + 1; b < n; ++b) moves.push_back(1u << n | 1u << a | 1u << b);
    }
  }
  return moves;
}

/// Won by the player to move in misère play.
bool wins(std::uint32_t p, std::map<std::uint32_t, bool>& memo) {
  const auto found = memo.find(p);
  if (found != memo.end()) return found->second;
  const std::vector<std::uint32_t> moves = mock_moves(p);
  bool won = moves.empty();
  for (const std::uint32_t m : moves) won = won || !wins(p ^ m, memo);
  memo.emplace(p, won);
  return won;
}

std::string row_text(std::uint32_t p) {
  std::string s;
  for (unsigned i = 0; i < 8; ++i) s += (p >> i & 1) ? 'H' : 'T';
  return s;
}

std::uint32_t mask_of(const json& coins) {
  std::uint32_t m = 0;
  for (const unsigned c : coins) m |= 1u << c;
  return m;
}

TEST(MisereApiTest, AnalyzeAnswersAsTheCommandLineAndTheDefinition) {
  std::map<std::uint32_t, bool> memo;
  for (const std::uint32_t p : {0x5du, 0x96u, 0xffu, 0x01u, 0x00u}) {
    const auto r =
        ask("analyze", {{"game", "mock-turtles"}, {"position", row_text(p)}, {"misere", true}, {"limit", 1000}});
    ASSERT_EQ(r.status, 200) << r.body;
    const auto cli = run_tartan({"analyze", "mock-turtles", row_text(p), "--misere", "--json", "--limit", "1000"});
    EXPECT_EQ(r.body, cli.out);
    const json answer = json::parse(r.body);
    EXPECT_EQ(answer["outcome"], wins(p, memo) ? "N" : "P") << row_text(p);
    std::vector<std::uint32_t> listed, expected;
    for (const json& m : answer["winning_moves"]) listed.push_back(mask_of(m));
    for (const std::uint32_t m : mock_moves(p)) {
      if (!wins(p ^ m, memo)) expected.push_back(m);
    }
    std::sort(listed.begin(), listed.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(listed, expected) << row_text(p);
  }
  // Heaps, as heaps.
  const auto heaps = ask("analyze", {{"game", "kayles"}, {"heaps", "2,2"}, {"misere", true}});
  ASSERT_EQ(heaps.status, 200) << heaps.body;
  EXPECT_EQ(json::parse(heaps.body)["outcome"], "P");
  EXPECT_EQ(heaps.body, run_tartan({"analyze", "kayles", "--heaps", "2,2", "--misere", "--json"}).out);
}

TEST(MisereApiTest, PlayRepliesLeaveAPositionOfMisereLossForThePerson) {
  std::map<std::uint32_t, bool> memo;
  int replies = 0;
  for (std::uint32_t p = 1; p < 256; p += 5) {
    if (!wins(p, memo) || mock_moves(p).empty()) continue;
    const auto r = ask("play", {{"game", "mock-turtles"}, {"position", row_text(p)}, {"misere", true}, {"seed", p}});
    ASSERT_EQ(r.status, 200) << r.body;
    const json answer = json::parse(r.body);
    EXPECT_EQ(answer["misere"], true);
    EXPECT_TRUE(answer["value"].is_null());
    const std::uint32_t after = p ^ mask_of(answer["moves"][0]["move"]);
    EXPECT_FALSE(wins(after, memo)) << row_text(p) << " -> " << row_text(after);
    EXPECT_EQ(answer["outcome"], wins(after, memo) ? "N" : "P");
    if (answer["over"] == true) {
      EXPECT_EQ(answer["winner"], "you") << "the engine made the last move and lost";
    }
    ++replies;
  }
  EXPECT_GT(replies, 20);
}

/// Kayles on heaps by its rules: take one or two pins from a heap, leaving up to two heaps.
std::vector<std::vector<std::uint32_t>> kayles_options(const std::vector<std::uint32_t>& heaps) {
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    for (std::uint32_t k = 1; k <= 2 && k <= heaps[i]; ++k) {
      for (std::uint32_t a = 0; 2 * a <= heaps[i] - k; ++a) {
        std::vector<std::uint32_t> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        for (const std::uint32_t left : {a, heaps[i] - k - a}) {
          if (left != 0) next.push_back(left);
        }
        std::sort(next.begin(), next.end());
        out.push_back(next);
      }
    }
  }
  return out;
}

/// Won by the player to move in misère Kayles: no move, or a move to a lost position.
bool kayles_wins(std::vector<std::uint32_t> heaps, std::map<std::vector<std::uint32_t>, bool>& memo) {
  std::sort(heaps.begin(), heaps.end());
  const auto found = memo.find(heaps);
  if (found != memo.end()) return found->second;
  const auto options = kayles_options(heaps);
  bool won = options.empty();
  for (const auto& o : options) won = won || !kayles_wins(o, memo);
  memo.emplace(heaps, won);
  return won;
}

TEST(MisereApiTest, PlayOnHeapsRepliesAndReviewsInMisereOutcomes) {
  // Kayles heaps in misère play through /api/play with "heaps": the person's move and the engine's reply, each
  // reviewed with the misère outcomes before and after it by the definition, no value; the engine's reply from an
  // N-position leaves a P-position.
  std::map<std::vector<std::uint32_t>, bool> memo;
  int games = 0;
  for (std::uint32_t a = 1; a <= 6; ++a) {
    for (std::uint32_t b = a; b <= 7; b += 2) {
      const std::vector<std::uint32_t> start{a, b};
      const std::string move = "take 1 from " + std::to_string(b) + (b > 1 ? " leaving " + std::to_string(b - 1) : "");
      const auto r = ask("play", {{"game", "kayles"}, {"heaps", start}, {"move", move}, {"misere", true}, {"seed", a}});
      ASSERT_EQ(r.status, 200) << r.body;
      const json answer = json::parse(r.body);
      EXPECT_EQ(answer["misere"], true);
      EXPECT_TRUE(answer["value"].is_null());
      std::vector<std::uint32_t> heaps = start;
      for (const json& made : answer["moves"]) {
        const char before = kayles_wins(heaps, memo) ? 'N' : 'P';
        heaps.erase(std::find(heaps.begin(), heaps.end(), made["move"]["from"].get<std::uint32_t>()));
        for (const json& left : made["move"]["leaving"]) heaps.push_back(left.get<std::uint32_t>());
        std::sort(heaps.begin(), heaps.end());
        const char after = kayles_wins(heaps, memo) ? 'N' : 'P';
        EXPECT_EQ(made["outcome_before"], std::string(1, before)) << r.body;
        EXPECT_EQ(made["outcome_after"], std::string(1, after)) << r.body;
        EXPECT_TRUE(made["before"].is_null() && made["after"].is_null()) << "no value in misère play";
        EXPECT_EQ(made["verdict"], before == 'P' ? "lost" : after == 'P' ? "winning" : "mistake") << r.body;
        if (made["by"] == "engine" && before == 'N') {
          EXPECT_EQ(after, 'P') << r.body;
        }
      }
      EXPECT_EQ(answer["heaps"].get<std::vector<std::uint32_t>>(), heaps);
      EXPECT_EQ(answer["outcome"], kayles_wins(heaps, memo) ? "N" : "P");
      if (answer["over"] == true) {
        // In misère play the player left without a move wins.
        EXPECT_EQ(answer["winner"], answer["to_move"]) << r.body;
      }
      ++games;
    }
  }
  EXPECT_GT(games, 10);
}

TEST(MisereApiTest, SumsOfRowsAndHeapsAnswerAsTheCommandLine) {
  // A sum in misère play (rows and heaps: the search; heaps of one game: their quotient) and in normal play, with
  // terms of heaps given as arrays, as text, and as the command line's heaps=: the same bytes as analyze ... --json.
  const std::vector<std::pair<json, std::vector<std::string>>> sums = {
      {json::array({{{"game", "kayles"}, {"heaps", {3, 4}}}, {{"game", "mock-turtles"}, {"position", "HTTH"}}}),
       {"kayles", "heaps=3,4", "+", "mock-turtles", "HTTH"}},
      {json::array({{{"game", "kayles"}, {"heaps", "3,4"}}, {{"game", "kayles"}, {"position", "heaps=2,5"}}}),
       {"kayles", "heaps=3,4", "+", "kayles", "heaps=2,5"}},
      {json::array({{{"game", "ruler*ruler"}, {"position", "HT/TH"}}, {{"game", "0.07"}, {"heaps", {6}}}}),
       {"ruler*ruler", "HT/TH", "+", "0.07", "heaps=6"}}};
  for (const auto& [terms, words] : sums) {
    for (const bool misere : {true, false}) {
      const auto r = ask("analyze", {{"terms", terms}, {"misere", misere}, {"limit", 100}});
      ASSERT_EQ(r.status, 200) << r.body;
      std::vector<std::string> args{"analyze"};
      args.insert(args.end(), words.begin(), words.end());
      for (const char* a : {"--json", "--limit", "100"}) args.push_back(a);
      if (misere) args.push_back("--misere");
      EXPECT_EQ(r.body, run_tartan(args).out) << terms.dump();
    }
  }
  const auto wrong = ask("analyze", {{"terms", json::array({{{"game", "ruler"}, {"heaps", {3}}}})}});
  EXPECT_EQ(wrong.status, 400);
  EXPECT_NE(wrong.body.find("term 0 of the sum"), std::string::npos) << wrong.body;
}

/// A reply's text with its measured time zeroed, to compare with the command line's.
std::string without_seconds(std::string text) {
  const std::size_t at = text.find("\"seconds\":");
  if (at == std::string::npos) return text;
  const std::size_t end = text.find_first_of(",}", at);
  return text.replace(at, end - at, "\"seconds\":0");
}

TEST(MisereApiTest, QuotientAnswersAsTheCommandLineAndPositionsByTheRules) {
  const auto r = ask("quotient", {{"game", "kayles"}, {"heaps", 30}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(without_seconds(r.body),
            without_seconds(run_tartan({"quotient", "kayles", "--heaps", "30", "--json"}).out));
  std::map<std::vector<std::uint32_t>, bool> memo;
  for (const std::vector<std::uint32_t>& heaps :
       std::vector<std::vector<std::uint32_t>>{{3, 4, 4}, {2, 2}, {1, 5, 9}, {7}, {}}) {
    const auto p = ask("quotient", {{"game", "kayles"}, {"heaps", 30}, {"position", heaps}});
    ASSERT_EQ(p.status, 200) << p.body;
    EXPECT_EQ(json::parse(p.body)["position"]["outcome"], kayles_wins(heaps, memo) ? "N" : "P") << p.body;
  }
  const auto svg = ask("quotient", {{"game", "0.75"}, {"heaps", 40}, {"format", "svg"}});
  EXPECT_EQ(svg.content_type, "image/svg+xml");
  EXPECT_NE(svg.body.find("The multiplication table"), std::string::npos);
  const auto past = ask("quotient", {{"game", "0.07"}, {"heaps", 10}, {"position", {11}}});
  EXPECT_EQ(past.status, 422);
  EXPECT_NE(past.body.find("covers heaps up to 10"), std::string::npos) << past.body;
  EXPECT_EQ(ask("quotient", {{"game", "kayles"}, {"heaps", 3}, {"coins", 3}}).status, 400);
}

TEST(MisereApiTest, PlayOnASumRepliesToLeaveAPositionTheRulesLose) {
  // Misère Kayles heaps in two terms, played from N-positions: every reply of the engine, from an N-position, leaves
  // one the rules call P; the hint names the classes and leaves P too.
  using heaps = std::vector<std::uint32_t>;
  std::map<heaps, bool> memo;
  for (const auto& [a, b] : std::vector<std::pair<heaps, heaps>>{{{2, 5}, {3, 4}}, {{1, 6}, {3}}, {{5}, {7, 3}}}) {
    std::vector<std::uint32_t> all = a;
    all.insert(all.end(), b.begin(), b.end());
    ASSERT_TRUE(kayles_wins(all, memo));
    const json terms = json::array({{{"game", "kayles"}, {"heaps", a}}, {{"game", "kayles"}, {"heaps", b}}});
    const auto r = ask("play", {{"terms", terms}, {"misere", true}, {"seed", 3}, {"hint", true}, {"reply", false}});
    ASSERT_EQ(r.status, 200) << r.body;
    const json hinted = json::parse(r.body);
    EXPECT_EQ(hinted["hint"]["outcome_after"], "P") << r.body;
    EXPECT_TRUE(hinted["hint"]["why"].contains("sum_class")) << r.body;
    const auto reply = ask("play", {{"terms", terms}, {"misere", true}, {"seed", 3}});
    ASSERT_EQ(reply.status, 200) << reply.body;
    const json after = json::parse(reply.body);
    std::vector<std::uint32_t> left;
    for (const json& t : after["sum"]) {
      for (const std::uint32_t h : t["heaps"]) left.push_back(h);
    }
    EXPECT_FALSE(kayles_wins(left, memo)) << reply.body;
    EXPECT_EQ(after["moves"][0]["by"], "engine");
  }
  const json terms =
      json::array({{{"game", "kayles"}, {"heaps", {3}}}, {{"game", "mock-turtles"}, {"position", "HT"}}});
  const auto wrong = ask("play", {{"terms", terms}, {"move", {{"term", 0}, {"move", "take 3 from 3 leaving 1"}}}});
  EXPECT_EQ(wrong.status, 400);
  EXPECT_NE(wrong.body.find("term 0: "), std::string::npos) << wrong.body;
  const auto beyond = ask("play", {{"terms", terms}, {"move", {{"term", 5}, {"move", {0}}}}});
  EXPECT_EQ(beyond.status, 400);
  EXPECT_NE(beyond.body.find("there is no term 5"), std::string::npos) << beyond.body;
}

TEST(MisereApiTest, OptionsAreRefusedInMiserePlay) {
  const auto options = ask("analyze", {{"game", "ruler"}, {"position", "HTH"}, {"misere", true}, {"options", 5}});
  EXPECT_EQ(options.status, 400);
  EXPECT_NE(options.body.find("misère play does not have"), std::string::npos) << options.body;
  const auto far = ask("analyze", {{"game", "ruler"}, {"coins", 100}, {"heads", "99"}, {"misere", true}});
  EXPECT_EQ(far.status, 422);
  EXPECT_NE(far.body.find("at most 64 coins"), std::string::npos) << far.body;
  const auto flag = ask("analyze", {{"game", "ruler"}, {"position", "HTH"}, {"misere", "yes"}});
  EXPECT_EQ(flag.status, 400);
}

}  // namespace
