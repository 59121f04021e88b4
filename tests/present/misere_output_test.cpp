// The misère reports (tartan/present/misere_output.hpp): the JSON of a position, of heaps and of a check carries what
// the engine found, no value; Conway's notation of the genera against Plambeck's table of 0.312 and the Nim heaps';
// the text reports say the convention and what a position without a move means.
#include "tartan/present/misere_output.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tartan/analysis/box_position.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::present::genus_text;

tartan::game_handle game_of(const std::string& text) { return tartan::games::resolve_game(text); }

TEST(MisereOutputTest, APositionsJsonHasItsOutcomeAndWinningMovesAndNoValue) {
  const tartan::misere_analysis a =
      tartan::analyze_misere(game_of("mock-turtles"), tartan::parse_box_position("HTTHH"));
  const nlohmann::ordered_json json = tartan::present::misere_analysis_json(a, a.winning_moves(10));
  EXPECT_EQ(json["play"], "misère");
  EXPECT_EQ(json["outcome"], std::string(1, a.outcome()));
  EXPECT_FALSE(json.contains("value"));
  EXPECT_EQ(json["winning_moves"].size(), a.count_winning_moves());
  EXPECT_EQ(json["method"], "sweep");
  const nlohmann::ordered_json counted = tartan::present::misere_analysis_json(a, {}, 2, true);
  EXPECT_EQ(counted["winning_move_count"], 2);
  EXPECT_FALSE(counted.contains("winning_moves"));
}

TEST(MisereOutputTest, GeneraAreWrittenInConwaysNotation) {
  // 0.312 (Plambeck, misère quaternary games): heaps 0-3 are 0^120, 1^031, 2^20, 0^02; heap 4 is wild.
  const std::vector<tartan::heap_genus> g = tartan::heap_genera(tartan::take_break_code::parse("0.312"), 5);
  EXPECT_EQ(genus_text(g[0]), "0^120");
  EXPECT_EQ(genus_text(g[1]), "1^031");
  EXPECT_EQ(genus_text(g[2]), "2^20");
  EXPECT_EQ(genus_text(g[3]), "0^02");
  EXPECT_EQ(genus_text(g[4]), "not proved tame");
  // A Nim heap of 12: 12^(12,14).
  EXPECT_EQ(genus_text(tartan::heap_genus{true, 12, 12, false}), "12^(12,14)");
  EXPECT_EQ(genus_text(tartan::heap_genus{true, 5, 5, false}), "5^57");
}

TEST(MisereOutputTest, TextReportsSayTheConventionAndWhatAPositionWithoutAMoveMeans) {
  std::ostringstream out;
  const tartan::misere_analysis a = tartan::analyze_misere(game_of("twins"), tartan::parse_box_position("HT"));
  tartan::present::print_misere_head(out, a);
  tartan::present::misere_page_printer page(out, a, 10, 0);
  EXPECT_FALSE(page.begin());
  EXPECT_NE(out.str().find("play: misère (the player who makes the last move loses)"), std::string::npos);
  EXPECT_NE(out.str().find("outcome: N (no move is left: the player to move wins)"), std::string::npos);
  EXPECT_NE(out.str().find("winning moves: none needed"), std::string::npos);
}

TEST(MisereOutputTest, ACheckReportListsWhereTheRuleFails) {
  const tartan::game_handle turtles = game_of("turning-turtles");
  const tartan::misere_check_result r = tartan::check_misere({turtles, {3}});
  std::ostringstream out;
  tartan::present::print_misere_check(out, turtles, r);
  EXPECT_NE(out.str().find("  THH: value 1, rule N, outcome P"), std::string::npos) << out.str();
  const nlohmann::ordered_json json = tartan::present::misere_check_json(turtles, r);
  EXPECT_EQ(json["tame"], false);
  EXPECT_EQ(json["first_mismatches"][0]["position"], "THH");
  std::ostringstream tame;
  tartan::present::print_misere_check(tame, game_of("1"), tartan::check_misere({game_of("1"), {8}}));
  EXPECT_NE(tame.str().find("tame up to 8: every position's misère outcome follows"), std::string::npos);
}

}  // namespace
