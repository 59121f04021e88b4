// tartan census: the table in each format, the same bytes on any number of threads, a journal that survives SIGKILL
// at random points (the test blocks on the journal's growth, never on the clock) and Ctrl-C, and every bad input
// refused in one line. The rows themselves are checked against the definition in tests/engine/analysis/census_test.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/background_cli.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::background_tartan;
using tartan::test::cli_result;
using tartan::test::count_lines;
using tartan::test::run_tartan;

std::string scratch(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tartan_census_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::filesystem::remove(path);
  return path;
}

std::size_t lines_in(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) n += in.eof() ? 0 : 1;  // complete lines only
  return n;
}

/// Blocks until the file at `path` holds at least `lines` complete lines, woken by inotify as it is written (the
/// directory is watched, so the file may not exist yet). False after background_tartan::patience without them.
bool wait_for_lines(const std::string& path, std::size_t lines) {
  const int fd = ::inotify_init1(IN_CLOEXEC);
  const std::string dir = std::filesystem::path(path).parent_path().string();
  ::inotify_add_watch(fd, dir.c_str(), IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE);
  const auto deadline = std::chrono::steady_clock::now() + background_tartan::patience;
  bool reached = false;
  while (!(reached = lines_in(path) >= lines) && std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 1000) > 0) {
      char events[4096];
      static_cast<void>(::read(fd, events, sizeof events));
    }
  }
  ::close(fd);
  return reached;
}

// Long enough that a kill after a dozen rules lands mid-run (about a second on two cores, most of it in the last
// two thirds of the rules), short enough to run a few times.
const std::vector<std::string> octal2 = {"census", "octal", "--digits", "2", "--length", "8192"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(CensusCliTest, TableOfOneDigitOctalCodes) {
  const cli_result r = run_tartan({"census", "octal", "--digits", "1", "--length", "1000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string title, head;
  std::getline(in, title);
  std::getline(in, head);
  EXPECT_EQ(title, "census of octal codes 0.d: g(0..999) of each of 8 rules");
  EXPECT_EQ(head.substr(0, 4), "rule");
  EXPECT_NE(head.find("preperiod  period  status  largest"), std::string::npos) << head;
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line) && !line.empty();) rows.push_back(line);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(rows[6].substr(0, 14), "0.6   officers") << "Officers is 0.6";
  EXPECT_NE(r.out.find("\n1 group of rules with equal values, 4 rules: 3 proven equal to the group's first"),
            std::string::npos)
      << r.out;
}

TEST(CensusCliTest, ThreadsAndFormatsGiveTheSameBytes) {
  for (const char* format : {"text", "md", "csv", "json", "jsonl"}) {
    const auto args = with({"census", "octal", "--digits", "2", "--length", "2000", "--format", format}, {});
    const cli_result one = run_tartan(with(args, {"--threads", "1"}));
    const cli_result two = run_tartan(with(args, {"--threads", "2"}));
    const cli_result four = run_tartan(with(args, {"--threads", "4"}));
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(two.out, one.out) << format;
    EXPECT_EQ(four.out, one.out) << format;
    if (std::string(format) == "json") {
      const auto doc = nlohmann::json::parse(one.out);
      EXPECT_EQ(doc["rows"].size(), 64u);
      EXPECT_EQ(doc["rows"][63]["rule"], "0.77");
      EXPECT_EQ(doc["rows"][63]["name"], "kayles");
      EXPECT_EQ(doc["rows"][63]["period"]["period"], 12);
    }
  }
}

TEST(CensusCliTest, JournalSurvivesSigkillAtRandomPoints) {
  const cli_result whole = run_tartan(with(octal2, {"--threads", "2"}));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  std::mt19937 rng(27);
  int landed = 0;  // kills that found the census still running
  for (int round = 0; round < 3; ++round) {
    const std::string journal = scratch("kill.journal");
    const auto args = with(octal2, {"--threads", "2", "--journal", journal});
    // Killed once or twice, each time after a random number of rules were recorded (header + rows lines).
    int kills = 0;
    for (int k = 0; k < 1 + round % 2; ++k) {
      const std::size_t recorded = lines_in(journal);
      const std::size_t target = (recorded == 0 ? 1 : recorded) + 1 + rng() % 12;
      background_tartan run(args);
      ASSERT_TRUE(wait_for_lines(journal, target)) << "the journal did not grow to " << target << " lines";
      const bool killed = run.running();
      const cli_result r = run.kill_with(SIGKILL);
      if (killed) {
        EXPECT_EQ(r.exit_code, 128 + SIGKILL);
        ++kills;
        ++landed;
      }
    }
    const std::size_t before = lines_in(journal) - 1;
    const cli_result resumed = run_tartan(args);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(resumed.out, whole.out) << "round " << round << ": the table differs after " << kills << " kills";
    if (before > 0) {
      EXPECT_NE(resumed.err.find("resuming: " + std::to_string(before) + " of 64 rules recorded"), std::string::npos)
          << resumed.err;
    }
    // Every rule recorded exactly once: no finished rule was done twice.
    std::ifstream in(journal);
    std::string line;
    std::getline(in, line);
    std::vector<int> seen(64, 0);
    while (std::getline(in, line)) ++seen[nlohmann::json::parse(line)["i"].get<std::size_t>()];
    EXPECT_EQ(seen, std::vector<int>(64, 1));
    // A finished journal: the run again does nothing and prints the same table.
    const cli_result again = run_tartan(args);
    EXPECT_EQ(again.out, whole.out);
    EXPECT_EQ(lines_in(journal), 65u);
  }
  EXPECT_GT(landed, 0) << "no kill found the census running: its work must be longer";
}

TEST(CensusCliTest, CtrlCStopsAfterRecordingWhatFinished) {
  const cli_result whole = run_tartan(with(octal2, {"--threads", "1"}));
  const std::string journal = scratch("sigint.journal");
  const auto args = with(octal2, {"--threads", "1", "--journal", journal});
  background_tartan run(args);
  ASSERT_TRUE(wait_for_lines(journal, 4));
  ASSERT_TRUE(run.running()) << "the census must still run: its work is certainly longer than three rules";
  const cli_result r = run.interrupt();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  const std::size_t recorded = lines_in(journal) - 1;
  EXPECT_NE(r.err.find("interrupted: " + std::to_string(recorded) + " of 64 rules done, recorded in '" + journal +
                       "'; run the same command again to go on from there"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find(std::to_string(recorded) + " done"), std::string::npos) << "the partial table says so";
  const cli_result resumed = run_tartan(args);
  EXPECT_EQ(resumed.exit_code, 0);
  EXPECT_EQ(resumed.out, whole.out);
}

// A journal of another census is refused in one line, untouched. Before: a journal of the same family to another N,
// or of a file of rules edited since, was refused as "records the census of \"file x\" to 100 values, not the census
// of \"file x\" to 100 values (its rules differ)": the same words twice. The refusal now names what changed.
TEST(CensusCliTest, JournalOfAnotherCensusIsRefusedNamingWhatChanged) {
  const std::string journal = scratch("changed.journal");
  ASSERT_EQ(run_tartan({"census", "octal", "--digits", "1", "--length", "100", "--journal", journal}).exit_code, 0);
  const std::string recorded = tartan::test::read_file(journal);
  const cli_result other = run_tartan({"census", "octal", "--digits", "2", "--length", "100", "--journal", journal});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(other.err, "error: the journal '" + journal +
                           "' records the census of 'octal codes 0.d', not of 'octal codes 0.dd'; give another "
                           "--journal file, or ask for the census it records\n");
  EXPECT_EQ(other.out, "");
  EXPECT_EQ(tartan::test::read_file(journal), recorded);
  const cli_result longer = run_tartan({"census", "octal", "--digits", "1", "--length", "200", "--journal", journal});
  EXPECT_EQ(longer.exit_code, 2);
  EXPECT_EQ(longer.err, "error: the journal '" + journal +
                            "' records g(0..99) of each rule, not g(0..199); give another --journal file, or ask for "
                            "the census it records\n");
  const std::string rules = scratch("changed.txt");
  const std::string rules_journal = scratch("changed-rules.journal");
  {
    std::ofstream out(rules);
    out << "0.77\n0.07\n";
  }
  ASSERT_EQ(run_tartan({"census", "file", rules, "--length", "100", "--journal", rules_journal}).exit_code, 0);
  {
    std::ofstream out(rules);
    out << "0.77\n0.137\n";
  }
  const cli_result edited = run_tartan({"census", "file", rules, "--length", "100", "--journal", rules_journal});
  EXPECT_EQ(edited.exit_code, 2);
  EXPECT_EQ(edited.err, "error: the journal '" + rules_journal +
                            "' records other rules under the same name (the family's rules changed since, a file of "
                            "rules edited, say); give another --journal file, or ask for the census it records\n");
  {
    std::ofstream out(rules);
    out << "0.77\n0.07\n0.137\n";
  }
  const cli_result more = run_tartan({"census", "file", rules, "--length", "100", "--journal", rules_journal});
  EXPECT_EQ(more.exit_code, 2);
  EXPECT_NE(more.err.find("records a family of '2' rules, and this one holds '3'"), std::string::npos) << more.err;
}

// Before: a row of the journal was taken as read, so a number edited by hand (or damaged on disk) was printed as if
// computed. Each line now ends in its CRC-32C: a row that fails it is named in a note and computed again, and the
// table is the one a fresh run prints.
TEST(CensusCliTest, JournalRowsFailingTheirChecksumAreComputedAgain) {
  const std::vector<std::string> args = {"census", "octal", "--digits", "1", "--length", "300"};
  const cli_result fresh = run_tartan(args);
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  const std::string journal = scratch("edited.journal");
  ASSERT_EQ(run_tartan(with(args, {"--journal", journal})).exit_code, 0);
  // Officers (0.6, row 7 of the file) claims a largest value of 99 instead of what was computed.
  std::vector<std::string> lines;
  {
    std::ifstream in(journal);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  ASSERT_EQ(lines.size(), 9u);
  std::size_t officers = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (nlohmann::json::parse(lines[i])["rule"] == "0.6") officers = i;
  }
  ASSERT_NE(officers, 0u);
  const auto largest = nlohmann::json::parse(lines[officers])["largest"].get<std::uint64_t>();
  ASSERT_NE(largest, 99u);
  const std::string field = "\"largest\":" + std::to_string(largest) + ",";
  const std::size_t at = lines[officers].find(field);
  ASSERT_NE(at, std::string::npos) << lines[officers];
  lines[officers].replace(at, field.size(), "\"largest\":99,");
  {
    std::ofstream out(journal, std::ios::trunc);
    for (const std::string& line : lines) out << line << '\n';
  }
  const cli_result resumed = run_tartan(with(args, {"--journal", journal}));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, fresh.out) << "the edited number is not printed";
  EXPECT_NE(resumed.err.find("note: the journal '" + journal + "', line " + std::to_string(officers + 1) +
                             " (rule '0.6'), fails its checksum (it was changed after it was written): the rule is "
                             "computed again\n"),
            std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find("resuming: 7 of 8 rules recorded"), std::string::npos) << resumed.err;
  // A journal of version 1 (rows without checksums) is refused, untouched, rather than trusted.
  const std::string old = scratch("version1.journal");
  {
    std::ofstream out(old);
    out << "{\"tartan_census\":1,\"family\":\"octal --digits 1\",\"values\":300,\"rules\":8,"
           "\"rules_fingerprint\":\"0000000000000000\"}\n";
  }
  const cli_result refused = run_tartan(with(args, {"--journal", old}));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "error: the journal '" + old +
                             "' is of version '1', written before journals checked each line with a checksum; give "
                             "another --journal file (the census starts over in it)\n");
  EXPECT_EQ(lines_in(old), 1u);
}

TEST(CensusCliTest, BadInputIsRefusedInOneLine) {
  const std::string dir = std::filesystem::path(scratch("x")).parent_path().string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"census", "octa"},
       "error: unknown family 'octa'; type octal, hex, subtraction, turning or file (see 'tartan census --help')\n"},
      {{"census", "octal"},
       "error: an octal family needs --digits D, the digits after the point, e.g. 'tartan census octal --digits 2'\n"},
      {{"census", "octal", "--digits", "9"},
       "error: --digits 9 is out of range for octal codes; type 1 to 6 (the digits after the point)\n"},
      {{"census", "hex", "--digits", "6"},
       "error: --digits 6 is out of range for hexadecimal codes; type 1 to 5 (the digits after the point)\n"},
      {{"census", "subtraction", "--max-element", "21"},
       "error: --max-element 21 is out of range for subtraction sets; type 1 to 20 (the largest number a move may "
       "take)\n"},
      {{"census", "subtraction", "--max-element", "4", "--max-size", "0"},
       "error: --max-size 0 leaves no subtraction set; type 1 or more (the most numbers in a set)\n"},
      {{"census", "turning", "a-b", "--max", "0"},
       "error: --max 0 leaves the pattern's letters no value; type 1 or more (the largest value of each letter)\n"},
      {{"census", "octal", "--digits", "2", "--max-element", "3"},
       "error: --max-element does not apply to an octal family; see 'tartan census --help' for the options of each "
       "family\n"},
      {{"census", "octal", "--digits", "2", "--d0", "3"},
       "error: --d0 3 is not a digit before the point of octal codes; type 0 or 4 (d0, which splits a heap without "
       "taking)\n"},
      {{"census", "octal", "--digits", "2", "extra"},
       "error: an octal family takes no argument, not 'extra'; leave it out\n"},
      {{"census", "subtraction"},
       "error: a subtraction family needs --max-element M, the largest number a move takes, e.g. 'tartan census "
       "subtraction --max-element 6 --max-size 3'\n"},
      {{"census", "turning"},
       "error: a turning family needs a pattern, a turning code with lowercase letters for the numbers to vary, e.g. "
       "'tartan census turning a-bC(w) --max 6'\n"},
      {{"census", "turning", "1-3"},
       "error: turning pattern '1-3' has no variable; write lowercase letters for the numbers to vary, e.g. a-bC(w)\n"},
      {{"census", "file", dir + "/missing.txt"}, ""},
      {{"census", "octal", "--digits", "1", "--length", "0"},
       "error: --length 0 computes nothing; type how many values per rule, e.g. 65536\n"},
      {{"census", "octal", "--digits", "1", "--length", "1000000000"},
       "error: --length 1000000000 is more than a sequence holds (100000000); type at most that\n"},
      {{"census", "octal", "--digits", "1", "--length", "50000000", "--threads", "2", "--max-memory", "1G"},
       "error: computing 50000000 values for each of 2 rules at once needs about 3.0 GiB, over the memory limit of 1.0 "
       "GiB; ask for fewer values per rule, or fewer rules at once, or raise the limit with --max-memory 3G\n"},
      {{"census", "octal", "--digits", "1", "--format", "xml"},
       "error: --format 'xml' is not a census format; type text, md, csv, json or jsonl\n"},
      {{"census", "octal", "--digits", "1", "--threads", "0"},
       "error: --threads 0 computes nothing here; type 1 or more, or leave it out for every core\n"},
      {{"census", "octal", "--digits", "1", "--journal", "/nonexistent/dir/j"},
       "error: cannot open the journal '/nonexistent/dir/j': No such file or directory; give a --journal file in a "
       "directory you may write\n"},
      {{"census", "octal", "--digits", "1", "--journal", dir}, ""},
      {{"census", "octal", "--digits", "1", "--worker-timeout", "-1"},
       "error: --worker-timeout: '-1' is not a number of seconds above 0; type one such as 60\n"},
  };
  for (const auto& [args, expected] : cases) {
    const cli_result r = run_tartan(args);
    SCOPED_TRACE(args.back());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.err.substr(0, 7), "error: ") << r.err;
    if (!expected.empty()) {
      EXPECT_EQ(r.err, expected);
    }
    EXPECT_EQ(r.out, "");
  }
  // A file of rules with a rule that is not a game: named with its line.
  const std::string rules = scratch("rules.txt");
  {
    std::ofstream out(rules);
    out << "0.77\n# a comment\n0.G\n";
  }
  const cli_result r = run_tartan({"census", "file", rules});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: rule 2 of the rules in " + rules + ", '0.G': take-and-break code '0.G': digit 'G'", 0),
            0u)
      << r.err;
}

TEST(CensusCliTest, StoppedRulesAreListedWithTheirReason) {
  const std::string rules = scratch("stopped.txt");
  {
    std::ofstream out(rules);
    out << "motley\n0.77\n";
  }
  const cli_result r = run_tartan({"census", "file", rules, "--length", "200"});
  EXPECT_NE(r.out.find("\nmotley stopped: g(64) of motley does not fit in 64 bits"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("values"), std::string::npos) << "a values column when rows differ in length";
  // Before: exit 0, "complete": true, and groups "compared over g(0..135)" with a row that stopped at 64 values. Now
  // the census says it is short, leaves the stopped row out of the comparison and says so, and exits with 2.
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err,
            "error: 1 of the 2 rules stopped short of g(0..199), each for the reason under the table; the "
            "other rows are complete\n");
  EXPECT_EQ(r.out.rfind("census of the rules in " + rules + ": g(0..199) of each of 2 rules, 1 stopped short\n", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("compared over g(0..135) from their first nonzero value; 1 rule stopped short of them and was "
                       "not compared)"),
            std::string::npos)
      << r.out;
  const cli_result json = run_tartan({"census", "file", rules, "--length", "200", "--format", "json"});
  EXPECT_EQ(json.exit_code, 2);
  const auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["complete"], false);
  EXPECT_EQ(doc["stopped"], 1);
  const cli_result lines = run_tartan({"census", "file", rules, "--length", "200", "--format", "jsonl"});
  EXPECT_EQ(lines.exit_code, 2);
  EXPECT_NE(lines.out.find("{\"complete\":false,\"rows\":2,\"stopped\":1}\n"), std::string::npos) << lines.out;
}

// Before: the help said "--d0 4" gives 4.d1..dD "also", beside the codes 0.d1..dD, and docs/cli.md that it "adds"
// them; --d0 lists the digits before the point, so --d0 4 gives the codes 4.d1..dD alone. The help now says so.
TEST(CensusCliTest, D0FourGivesTheCodesFourPointAlone) {
  const cli_result r =
      run_tartan({"census", "octal", "--digits", "1", "--d0", "4", "--length", "64", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["rows"].size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(doc["rows"][i]["rule"], "4." + std::to_string(i));
  const cli_result both = run_tartan({"census", "octal", "--digits", "1", "--d0", "0,4", "--length", "64"});
  EXPECT_NE(both.out.find("of each of 16 rules"), std::string::npos) << both.out;
  const cli_result help = run_tartan({"census", "--help"});
  EXPECT_NE(help.out.find("--d0 4: the codes 4.d1..dD\n"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("instead, --d0 0,4: both"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("also 4.d1..dD"), std::string::npos) << help.out;
}

TEST(CensusCliTest, BfileIsOeisFormat) {
  const cli_result r = run_tartan({"seq", "kayles", "20", "--format", "bfile"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  ASSERT_GE(lines.size(), 20u);
  EXPECT_EQ(lines[0][0], '#');
  std::size_t first = 0;
  while (lines[first][0] == '#') ++first;
  ASSERT_EQ(lines.size() - first, 20u);
  EXPECT_EQ(lines[first], "0 0");
  EXPECT_EQ(lines[first + 1], "1 1");
  EXPECT_EQ(lines[first + 15], "15 7") << "Kayles' g(15) = 7 (OEIS A002186)";
  EXPECT_EQ(lines[first + 19], "19 2");
  EXPECT_NE(r.out.find("offset 0"), std::string::npos);
  const cli_result shifted = run_tartan({"seq", "kayles", "20", "--format", "bfile", "--oeis-offset", "1"});
  EXPECT_NE(shifted.out.find("\n1 0\n2 1\n"), std::string::npos) << "a(n) = g(n - 1): " << shifted.out;
  for (const char c : shifted.out) EXPECT_LT(static_cast<unsigned char>(c), 128) << "b-files are ASCII";
  EXPECT_EQ(run_tartan({"seq", "kayles", "20", "--format", "bfile", "--period"}).err,
            "error: a b-file holds only lines 'n a(n)'; leave out --period, or use another --format\n");
}

}  // namespace
