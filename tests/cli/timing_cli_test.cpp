// Every command that computes says how long it took: the text reports of analyze (rows, boards, sums, counts),
// table, check and verify end with "time: S s" (before the verdict line of check and verify), and the JSON forms of
// seq, check and verify carry "seconds". The time printed must lie between 0 and the wall time the test measured around
// the whole process.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::cli_result;
using tartan::test::run_tartan;

struct timed_run {
  cli_result result;
  double wall_seconds = 0;
};

timed_run run_timed(const std::vector<std::string>& args) {
  const auto start = std::chrono::steady_clock::now();
  timed_run r{run_tartan(args), 0};
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

/// S when `line` is `prefix` + "time: S s", S with three decimals, optionally followed by " on N thread(s)".
/// Written out rather than with std::regex, whose GCC 12 headers warn (maybe-uninitialized) under the sanitizers.
std::optional<double> time_line(const std::string& line, const std::string& prefix) {
  const std::string head = prefix + "time: ";
  if (line.rfind(head, 0) != 0) return std::nullopt;
  const auto digits = [&line](std::size_t from) {
    std::size_t at = from;
    while (at < line.size() && std::isdigit(static_cast<unsigned char>(line[at])) != 0) ++at;
    return at - from;
  };
  const std::size_t whole = digits(head.size());
  const std::size_t dot = head.size() + whole;
  if (whole == 0 || dot >= line.size() || line[dot] != '.' || digits(dot + 1) != 3) return std::nullopt;
  const std::size_t unit = dot + 4;
  if (line.compare(unit, 2, " s") != 0) return std::nullopt;
  const std::string threads = line.substr(unit + 2);
  if (!threads.empty()) {
    const std::size_t count = threads.rfind(" on ", 0) == 0 ? digits(unit + 6) : 0;
    const std::string word = threads.substr(std::min(threads.size(), 4 + count));
    if (count == 0 || (word != " thread" && word != " threads")) return std::nullopt;
  }
  return std::stod(line.substr(head.size(), whole + 4));
}

/// The seconds of the report's time line, "time: S s" (after `prefix`, "# " for table), or -1 when there is none.
/// It is the report's last line but for a closing verdict ("ok: ...", "mismatch...") in check and verify.
double time_line_seconds(const std::string& out, const std::string& prefix = "") {
  if (out.empty() || out.back() != '\n') return -1;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < out.size();) {
    const std::size_t end = out.find('\n', at);
    lines.push_back(out.substr(at, end - at));
    at = end + 1;
  }
  if (const auto seconds = time_line(lines.back(), prefix)) return *seconds;
  const bool verdict = !lines.back().empty() && lines.back()[0] >= 'a' && lines.back()[0] <= 'z';
  if (verdict && lines.size() >= 2) {
    if (const auto seconds = time_line(lines[lines.size() - 2], prefix)) return *seconds;
  }
  return -1;
}

class TimedCommandTest : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(TimedCommandTest, ReportsItsWallTime) {
  const timed_run r = run_timed(GetParam());
  ASSERT_EQ(r.result.exit_code, 0) << r.result.err;
  const std::string prefix = GetParam().front() == "table" ? "# " : "";
  const double seconds = time_line_seconds(r.result.out, prefix);
  ASSERT_GE(seconds, 0) << "no closing time line in:\n" << r.result.out;
  EXPECT_LE(seconds, r.wall_seconds + 0.001);
}

INSTANTIATE_TEST_SUITE_P(
    EveryComputingCommand, TimedCommandTest,
    ::testing::Values(std::vector<std::string>{"analyze", "mock-turtles", "HTTH"},
                      std::vector<std::string>{"analyze", "ruler*ruler", "HT/TH"},
                      std::vector<std::string>{"analyze", "ruler", "--coins", "1000", "--all-heads", "--count"},
                      std::vector<std::string>{"analyze", "mock-turtles", "HTTH", "+", "ruler", "HTH"},
                      std::vector<std::string>{"analyze", "mock-turtles", "HTTH", "+", "ruler", "HTH", "--count"},
                      std::vector<std::string>{"table", "ruler*ruler", "--size", "4x4"},
                      std::vector<std::string>{"check", "mock-turtles", "--coins", "8"},
                      std::vector<std::string>{"check", "ruler*ruler", "--size", "2x2"},
                      std::vector<std::string>{"verify", "ruler*ruler", "--size", "6x6"}));

TEST(TimedCommandTest, JsonFormsCarryTheirSeconds) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"seq", "mock-turtles", "100", "--json"},
                                             {"seq", "mock-turtles", "100", "--jsonl"},
                                             {"check", "mock-turtles", "--coins", "8", "--json"},
                                             {"verify", "ruler*ruler", "--size", "6x6", "--json"}}) {
    SCOPED_TRACE(args[0] + " " + args.back());
    const timed_run r = run_timed(args);
    ASSERT_EQ(r.result.exit_code, 0) << r.result.err;
    const std::size_t field = r.result.out.find("\"seconds\":");
    ASSERT_NE(field, std::string::npos) << r.result.out;
    const double seconds = std::stod(r.result.out.substr(field + 10));
    EXPECT_GE(seconds, 0);
    EXPECT_LE(seconds, r.wall_seconds);
  }
}

TEST(TimedCommandTest, SeqKeepsStandardOutputToTheValues) {
  // Off a terminal, seq prints the values alone: its time goes to a terminal's standard error only.
  const cli_result r = run_tartan({"seq", "mock-turtles", "5"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1 2 4 7 8\n");  // the odious numbers, OEIS A000069
  EXPECT_EQ(r.err.find("time:"), std::string::npos);
}

}  // namespace
