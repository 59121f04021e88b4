// Inputs the fuzzers (fuzz/, docs/robustness.md) found mishandled, kept as regression tests. Each test names what
// went wrong before the fix.
#include <gtest/gtest.h>

#include <bit>
#include <set>
#include <string>
#include <string_view>

#include "games/game_definitions.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/turning/position.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

/// The message of the tartan::error `f` throws ("" and a test failure when it throws none).
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const tartan::error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no tartan::error thrown";
  return "";
}

/// A message fit for one terminal line: no control bytes at all (they are shown as \xNN).
bool printable(std::string_view message) {
  for (const char c : message) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  }
  return true;
}

const std::string with_nul(
    "12\0"
    "34",
    5);

TEST(FuzzRegressionTest, NulInANumberIsShownNotCutShort) {
  // parse_u64 once built its message as a C string, so a NUL ended it: "operand A: '12" and nothing after.
  const std::string message = message_of([] { tartan::parse_u64(with_nul, "operand A"); });
  EXPECT_TRUE(printable(message)) << message;
  EXPECT_NE(message.find("12\\x0034"), std::string::npos) << message;
  EXPECT_NE(message.find("operand A"), std::string::npos) << message;
}

TEST(FuzzRegressionTest, NulInAGameNameIsShownNotCutShort) {
  // find_game cut its 'unknown game' message at the NUL the same way, losing the list hint after it.
  const std::string message = message_of([] { tartan::games::find_game(std::string("rul\0er", 6)); });
  EXPECT_TRUE(printable(message)) << message;
  EXPECT_NE(message.find("rul\\x00er"), std::string::npos) << message;
}

TEST(FuzzRegressionTest, ControlBytesInEveryParserAreEscaped) {
  for (int byte = 1; byte < 0x20; ++byte) {
    // Each text is malformed whatever the byte (a tab or newline may be skipped as space; the 'Q' after it is not).
    const std::string text = std::string("1-") + static_cast<char>(byte) + "Q";
    const std::string code = message_of([&] { tartan::turning_code::parse(text); });
    EXPECT_TRUE(printable(code)) << byte << ": " << code;
    const std::string row = message_of([&] { tartan::parse_row(std::string("HT") + static_cast<char>(byte) + "Q"); });
    EXPECT_TRUE(printable(row)) << byte << ": " << row;
    const std::string number =
        message_of([&] { tartan::parse_u64(std::string("7") + static_cast<char>(byte) + "Q", "n"); });
    EXPECT_TRUE(printable(number)) << byte << ": " << number;
    const std::string wide =
        message_of([&] { tartan::parse_wide_unsigned(std::string("7") + static_cast<char>(byte) + "Q", 256, "n"); });
    EXPECT_TRUE(printable(wide)) << byte << ": " << wide;
  }
}

TEST(FuzzRegressionTest, CodeOfALoneCIsRefusedAsMissingItsCount) {
  // 'C' alone was taken for an empty alternative; it is a code without its count (e.g. 1+C).
  const std::string message = message_of([] { tartan::turning_code::parse("C"); });
  EXPECT_NE(message.find("turning code 'C'"), std::string::npos) << message;
}

TEST(FuzzRegressionTest, SymmetricAlternativeBeforeAPlainOneLosesNoMoves) {
  // In '5S,5' every 5-coin set is a move. Sets allowed by an earlier alternative are skipped when a later one is
  // enumerated, and the symmetry test behind that skipped the middle coin of an odd set: {0, 1, 2, 4, 5} passed as
  // symmetric, so '5' never visited it and '5S' (rightly) did not either. Moves and values went missing.
  const auto code = tartan::turning_code::parse("5S,5");
  auto solver = code.grundy_solver();
  std::vector<tartan::grundy_value> g;
  for (tartan::coin n = 0; n < 13; ++n) {
    std::set<std::uint64_t> moves;
    code.for_each_move(n, [&](std::span<const tartan::coin> others) {
      std::uint64_t mask = 0;
      for (const tartan::coin c : others) mask |= std::uint64_t{1} << c;
      EXPECT_EQ(std::popcount(mask), 4) << n;
      moves.insert(mask);
      return true;
    });
    std::uint64_t four_subsets = 0;  // C(n, 4)
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << n); ++s) four_subsets += std::popcount(s) == 4 ? 1 : 0;
    EXPECT_EQ(moves.size(), four_subsets) << n;
    EXPECT_EQ(code.move_count(n), four_subsets) << n;
    g.push_back(solver.next(g));
  }
  const auto expected =
      tartan::test::brute_force_values(13, [](tartan::test::coin_set s) { return std::popcount(s) == 5; });
  EXPECT_EQ(std::vector<std::uint64_t>(g.begin(), g.end()), expected);
}

TEST(FuzzRegressionTest, SymmetricAlternativeWithASingleCoinReadsNoFurther) {
  // In '1S,1-4' the move turning coin n alone is checked against '1S' before '1-4' visits it; the symmetry test
  // read past the end of the empty list of other coins (UBSan: offset applied to a null pointer). The moves are
  // those of '1-4' (any 0 to 3 other coins), each once.
  const auto code = tartan::turning_code::parse("1S,1-4");
  for (tartan::coin n = 0; n < 10; ++n) {
    std::set<std::uint64_t> moves;
    code.for_each_move(n, [&](std::span<const tartan::coin> others) {
      std::uint64_t mask = 0;
      for (const tartan::coin c : others) mask |= std::uint64_t{1} << c;
      EXPECT_TRUE(moves.insert(mask).second) << n;
      return true;
    });
    std::uint64_t expected = 0;
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << n); ++s) expected += std::popcount(s) <= 3 ? 1 : 0;
    EXPECT_EQ(moves.size(), expected) << n;
  }
}

}  // namespace
