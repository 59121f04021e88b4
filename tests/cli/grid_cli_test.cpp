// Tests for the grid forms of `tartan analyze` and `tartan check` (cli/commands/analyze_command.cpp and
// check_command.cpp): reported moves are legal and win (checked here by applying them with values from the definition
// of the product game), P-positions report none, JSON shapes, and bad input with its message and exit code.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/run_cli.hpp"
#include "tartan/games/registry.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;

/// Moves of a game from coin c, each with c itself appended.
std::vector<std::vector<tartan::coin>> moves_of(const tartan::turning_game& game, tartan::coin c) {
  std::vector<std::vector<tartan::coin>> moves;
  game.for_each_move(c, [&](std::span<const tartan::coin> others) {
    moves.emplace_back(others.begin(), others.end());
    moves.back().push_back(c);
    return true;
  });
  return moves;
}

/// G of A×B over R×C from the definition (mex over every pair of moves of the XOR over S×T minus the corner).
std::vector<std::vector<std::uint64_t>> definition_table(const tartan::turning_game& a_game,
                                                         const tartan::turning_game& b_game, std::size_t rows,
                                                         std::size_t cols) {
  std::vector<std::vector<std::uint64_t>> g(rows, std::vector<std::uint64_t>(cols, 0));
  for (tartan::coin a = 0; a < rows; ++a) {
    for (tartan::coin b = 0; b < cols; ++b) {
      std::set<std::uint64_t> options;
      for (const auto& s : moves_of(a_game, a)) {
        for (const auto& t : moves_of(b_game, b)) {
          std::uint64_t x = 0;
          for (const auto i : s) {
            for (const auto j : t) {
              if (i != a || j != b) x ^= g[i][j];
            }
          }
          options.insert(x);
        }
      }
      std::uint64_t m = 0;
      while (options.count(m)) ++m;
      g[a][b] = m;
    }
  }
  return g;
}

std::uint64_t board_value(const std::vector<std::string>& rows, const std::vector<std::vector<std::uint64_t>>& g) {
  std::uint64_t v = 0;
  for (std::size_t a = 0; a < rows.size(); ++a) {
    for (std::size_t b = 0; b < rows[a].size(); ++b) {
      if (rows[a][b] == 'H') v ^= g[a][b];
    }
  }
  return v;
}

bool is_move_of(const tartan::turning_game& game, const std::vector<tartan::coin>& axis) {
  for (const auto& m : moves_of(game, axis.back())) {
    if (m == axis) return true;
  }
  return false;
}

TEST(GridCliTest, ReportedMovesAreLegalAndWin) {
  std::mt19937 rng(31);
  for (const char* name : {"ruler*ruler", "mock-turtles*ruler", "turtles*twins"}) {
    const auto factors = tartan::games::find_factors(name);
    const auto g = definition_table(factors[0], factors[1], 5, 6);
    for (int trial = 0; trial < 8; ++trial) {
      std::vector<std::string> rows(5, std::string(6, 'T'));
      for (auto& row : rows) {
        for (auto& c : row) c = rng() % 3 == 0 ? 'H' : 'T';
      }
      std::string text;
      for (const auto& row : rows) text += (text.empty() ? "" : "/") + row;
      const auto r = run_tartan({"analyze", name, text, "--json", "--limit", "1000"});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const auto j = nlohmann::json::parse(r.out);
      const std::uint64_t value = board_value(rows, g);
      EXPECT_EQ(j["game"], name);
      EXPECT_EQ(j["size"], nlohmann::json::array({5, 6}));
      EXPECT_EQ(j["value"].get<std::uint64_t>(), value) << name << " " << text;
      EXPECT_EQ(j["outcome"], value != 0 ? "N" : "P");
      if (value == 0)
        EXPECT_TRUE(j["winning_moves"].empty());
      else
        EXPECT_FALSE(j["winning_moves"].empty());
      for (const auto& move : j["winning_moves"]) {
        const auto move_rows = move["rows"].get<std::vector<tartan::coin>>();
        const auto move_cols = move["cols"].get<std::vector<tartan::coin>>();
        ASSERT_FALSE(move_rows.empty());
        ASSERT_FALSE(move_cols.empty());
        EXPECT_EQ(rows[move_rows.back()][move_cols.back()], 'H') << "the moving coin must be heads";
        EXPECT_TRUE(is_move_of(factors[0], move_rows));
        EXPECT_TRUE(is_move_of(factors[1], move_cols));
        auto after = rows;
        for (const auto a : move_rows) {
          for (const auto b : move_cols) after[a][b] = after[a][b] == 'H' ? 'T' : 'H';
        }
        EXPECT_EQ(board_value(after, g), 0u) << name << " " << text;
      }
    }
  }
}

TEST(GridCliTest, TextOutput) {
  // Rugs, heads at (0, 0), (0, 1), (1, 0): G = 1, 2, 2 (ruler values 1 2), value 1; the winning move turns (0, 0).
  const auto r = run_tartan({"analyze", "ruler*ruler", "HH/HT"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("board: 2x2"));
  EXPECT_THAT(r.out, HasSubstr("from (0, 0) at the top left"));
  EXPECT_THAT(r.out, HasSubstr("value: 1\n"));
  EXPECT_THAT(r.out, HasSubstr("outcome: N"));
  EXPECT_THAT(r.out, HasSubstr("  rows 0 × columns 0\n"));
  // All four heads: the value is the XOR of the 2×2 table from the definition.
  const auto p = run_tartan({"analyze", "ruler*ruler", "HH/HH"});
  ASSERT_EQ(p.exit_code, 0);
  const auto factors = tartan::games::find_factors("ruler*ruler");
  const auto g = definition_table(factors[0], factors[1], 2, 2);
  EXPECT_THAT(p.out, HasSubstr("value: " + std::to_string(g[0][0] ^ g[0][1] ^ g[1][0] ^ g[1][1]) + "\n"));
}

TEST(GridCliTest, PPositionReportsNoMove) {
  // Turning Corners: 1 ⊗ 1 = 1 twice cancels; G(1, 1) = 1 and G(2, 3) = 2 ⊗ 3 = 1 (OEIS A051775).
  const auto r = run_tartan({"analyze", "twins*twins", "--size", "4x4", "--heads", "1:1,2:3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value"], 0);
  EXPECT_EQ(j["outcome"], "P");
  EXPECT_TRUE(j["winning_moves"].empty());
  const auto t = run_tartan({"analyze", "twins*twins", "--size", "4x4", "--heads", "1:1,2:3"});
  EXPECT_THAT(t.out, HasSubstr("winning moves: none"));
}

TEST(GridCliTest, LargeSparseBoard) {
  const auto r = run_tartan({"analyze", "ruler*mock-turtles", "--size", "1000000x1000000", "--heads",
                             "3:5,17:2,999:999,123456:654321", "--limit", "2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["size"], nlohmann::json::array({1000000, 1000000}));
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_EQ(j["winning_moves"].size(), 2u);
}

TEST(GridCliTest, ThreeFactorPositions) {
  const auto r = run_tartan({"analyze", "turtles*ruler*twins", "--size", "3x3x3", "--heads", "1:1:1,2:0:2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // Turtles g = n + 1, Ruler 1 2 1, Twins g = n: G(1,1,1) = 2 ⊗ 2 ⊗ 1 = 3, G(2,0,2) = 3 ⊗ 1 ⊗ 2 = 1.
  EXPECT_EQ(j["value"], 3 ^ 1);
  for (const auto& move : j["winning_moves"]) EXPECT_EQ(move["axes"].size(), 3u);
}

TEST(GridCliTest, CheckPassesOnSmallBoards) {
  for (const char* name : {"ruler*mock-turtles", "twins*twins", "motley*ap"}) {
    const auto r = run_tartan({"check", name, "--size", "3x4"});
    EXPECT_EQ(r.exit_code, 0) << name << r.err;
    EXPECT_THAT(r.out, HasSubstr("positions checked: 4096\n"));
    EXPECT_THAT(r.out, HasSubstr("mismatches: 0\n"));
    EXPECT_THAT(r.out, HasSubstr("ok: every position's value over the game graph equals the XOR of"));
  }
  const auto j = run_tartan({"check", "ruler*ruler", "--size", "4x4", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto report = nlohmann::json::parse(j.out);
  EXPECT_EQ(report["size"], nlohmann::json::array({4, 4}));
  EXPECT_EQ(report["positions"], 65536);
  EXPECT_EQ(report["edges"], 32768 * 10 * 10);  // 2^15 · (1+2+3+4)²: Ruler has n + 1 moves from coin n
  EXPECT_EQ(report["mismatches"], 0);
  EXPECT_EQ(report["passed"], true);
}

TEST(GridCliTest, BadInputIsRefused) {
  struct bad {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<bad> cases = {
      {{"analyze", "ruler*ruler", "HTT/TH"}, "row 1 has 2 coins but row 0 has 3"},
      {{"analyze", "ruler*ruler", "HTT/TXH"}, "'X' at row 1, column 1"},
      {{"analyze", "ruler*ruler", "HT//TH"}, "row 1 is empty"},
      {{"analyze", "ruler*ruler", "--size", "10x10", "--heads", "3:5,17:2"},
       "heads coin 17:2 is outside the board of size 10x10"},
      {{"analyze", "ruler*ruler", "--size", "10x10", "--heads", "3"}, "has 1 coordinate"},
      {{"analyze", "ruler*ruler", "--heads", "3:5"}, "--heads needs --size"},
      {{"analyze", "ruler*ruler", "HT/TH", "--size", "1x1"}, "the position is 2x2 but --size is 1x1"},
      {{"analyze", "ruler*ruler", "HT/TH", "--size", "2x2", "--heads", "1:1"}, "the position is given twice"},
      {{"analyze", "ruler*ruler", "--size", "0x10", "--heads", "1:1"}, "dimension 1 is 0"},
      {{"analyze", "ruler*ruler*ruler", "HT/TH"}, "has 3 factors"},
      {{"analyze", "ruler*ruler", "--size", "200000000x2", "--heads", "199999999:1"}, "more than the"},
      {{"check", "ruler*ruler", "--size", "5x5"}, "boards up to 4x5 (20 coins) fit"},
      {{"check", "ruler*ruler", "--size", "3x3x3"}, "has 2 factors but the size 3x3x3 has 3 dimensions"},
      {{"check", "ruler", "--size", "3x3"}, "'ruler' is a single game"},
      {{"check", "ruler*ruler", "--size", "3x-3"}, "negative"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[1] << " " << c.args[2];
    EXPECT_THAT(r.err, StartsWith("error: ")) << c.args[2];
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args[1] << " " << c.args[2] << ": " << r.err;
    EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
