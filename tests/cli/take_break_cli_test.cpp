// Take-and-break codes through the tartan command: accepted where any game is (seq, analyze, table, verify), and
// malformed codes refused with one line saying what to type, exit code 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;

TEST(TakeBreakCliTest, EveryCommandTakesACode) {
  // Kayles' first values, OEIS A002186.
  const auto seq = run_tartan({"seq", "kayles", "12"});
  ASSERT_EQ(seq.exit_code, 0) << seq.err;
  EXPECT_EQ(seq.out, "0 1 2 3 1 4 3 2 1 4 2 6\n");
  EXPECT_EQ(run_tartan({"seq", ".77", "12"}).out, seq.out);
  // Heaps of 2 and 4 in Kayles: g(2) ^ g(4) = 2 ^ 1 = 3, a first-player win.
  const auto analyze = run_tartan({"analyze", "0.77", "TTHTH"});
  ASSERT_EQ(analyze.exit_code, 0) << analyze.err;
  EXPECT_NE(analyze.out.find("value: 3"), std::string::npos) << analyze.out;
  const auto verify = run_tartan({"verify", "kayles*grundys-game", "--size", "6x6"});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  const auto table = run_tartan({"table", "S{1,3,4}*0.07", "--size", "3x3"});
  EXPECT_EQ(table.exit_code, 0) << table.err;
}

TEST(TakeBreakCliTest, ReportsNameACodeAsTakeAndBreak) {
  const auto analyze = run_tartan({"analyze", "0.77", "TTHTH"});
  EXPECT_EQ(analyze.out.rfind("game: 0.77 (a take-and-break code)\n", 0), 0u) << analyze.out;
  EXPECT_EQ(run_tartan({"analyze", "1-3", "TTHTH"}).out.rfind("game: 1-3 (a turning code)\n", 0), 0u);
  const auto play = run_tartan({"play", "0.77", "TTHTH"}, "quit\n");
  EXPECT_EQ(play.out.rfind("game: 0.77 (a take-and-break code)\n", 0), 0u) << play.out << play.err;
  // A built-in take-and-break game is named with its rule, as the coin-turning families are.
  const auto kayles = run_tartan({"play", "kayles", "TTHTH"}, "quit\n");
  EXPECT_EQ(kayles.out.rfind("game: kayles (code 0.77): take one or two tokens", 0), 0u) << kayles.out;
  const auto unknown = run_tartan({"seq", "kayls", "5"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("a take-and-break code such as 0.77"), std::string::npos) << unknown.err;
}

TEST(TakeBreakCliTest, SeqProvesOctalPeriodsByGuySmith) {
  // Kayles: period 12 from heap 71 (Guy and Smith 1956); the theorem needs 2·71 + 2·12 + 2 = 168 values.
  const auto proven = run_tartan({"seq", "kayles", "168", "--period"});
  ASSERT_EQ(proven.exit_code, 0) << proven.err;
  EXPECT_NE(proven.out.find("period: g(n + 12) = g(n) for n >= 71 (preperiod 71, period 12, saltus 0), proven: "
                            "Guy–Smith periodicity theorem: 0.77 is an octal game"),
            std::string::npos)
      << proven.out;
  const auto observed = run_tartan({"seq", "0.77", "167", "--period"});
  EXPECT_NE(observed.out.find("not proven"), std::string::npos) << observed.out;
  EXPECT_NE(observed.out.find("ask for at least 168 values"), std::string::npos) << observed.out;
}

TEST(TakeBreakCliTest, MalformedCodesAreRefusedInOneLine) {
  for (const std::string& code :
       std::vector<std::string>{"0.G", "0.", ".", "1.7", "0.3!", "S{1,,2}", "0." + std::string(5000, '3')}) {
    const auto r = run_tartan({"seq", code, "5"});
    EXPECT_EQ(r.exit_code, 2) << code;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("error: take-and-break code '", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("codes look like 0.77, .07, 4.07, 0.F, 4!.0, S{1,3,4}"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

}  // namespace
