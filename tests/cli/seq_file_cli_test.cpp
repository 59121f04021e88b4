// tartan seq with value files: --output writes one (read back here through the engine's reader and byte by byte),
// --checkpoint keeps the values in one and goes on from it after Ctrl-C or SIGKILL (the kill sent once tartan has
// printed values, never after a delay), and the refusals: another game's checkpoint, a damaged one, a path that cannot
// be written, a count beyond a row, a file beyond the file size limit, an --output that exists.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/background_cli.hpp"
#include "support/octal_definition.hpp"
#include "support/run_cli.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/turning/value_file.hpp"

namespace {

using tartan::grundy_value;
using tartan::test::count_lines;
using tartan::test::run_tartan;
using tartan::test::temporary_dir;
using ::testing::HasSubstr;

std::vector<grundy_value> numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<grundy_value> out;
  for (grundy_value v; in >> v;) out.push_back(v);
  return out;
}

/// The values of a value file read as the format says (docs/cli.md), not through the engine.
std::vector<grundy_value> values_in(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<unsigned char> b{std::istreambuf_iterator<char>(in), {}};
  const auto le = [&](std::size_t at, int size) {
    std::uint64_t v = 0;
    for (int i = 0; i < size; ++i) v |= static_cast<std::uint64_t>(b.at(at + static_cast<std::size_t>(i))) << (8 * i);
    return v;
  };
  const auto width = static_cast<int>(le(12, 4));
  const std::size_t offset = le(16, 8);
  const std::size_t record = le(512, 8) > le(1024, 8) ? 512 : 1024;
  const std::size_t count = le(record + 8, 8);
  std::vector<grundy_value> values;
  for (std::size_t n = 0; n < count; ++n) values.push_back(le(offset + n * static_cast<std::size_t>(width), width));
  return values;
}

TEST(SeqFileCliTest, OutputWritesAValueFileAndSaysWhere) {
  const temporary_dir dir;
  const std::string path = dir.file("sixteen.bin");
  const auto r = run_tartan({"seq", "0.16", "20000", "--output", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("g(0..19999) of 0.16 written to"));
  EXPECT_THAT(r.out, HasSubstr("20000 values, 1 byte each"));
  EXPECT_EQ(count_lines(r.out), 1u) << r.out;
  EXPECT_EQ(values_in(path), tartan::test::octal_by_definition({1, 6}, 20000));
  const tartan::value_file_info info = tartan::read_value_file(path);
  EXPECT_EQ(info.game.name, "0.16");
  EXPECT_TRUE(info.complete);

  const std::string treble_path = dir.file("treblecross.bin");
  const auto json =
      nlohmann::json::parse(run_tartan({"seq", "treblecross", "5000", "--output", treble_path, "--json"}).out);
  EXPECT_EQ(json.at("game"), "treblecross");
  EXPECT_EQ(json.at("code"), "0.007");
  EXPECT_EQ(json.at("file"), treble_path);
  EXPECT_EQ(json.at("count"), 5000);
  EXPECT_EQ(json.at("width"), 1);
  EXPECT_EQ(json.at("complete"), true);
  EXPECT_EQ(values_in(treble_path), tartan::test::octal_by_definition({0, 0, 7}, 5000));

  // --format json is --json here too, and --period adds what published tables print: the largest value and the
  // first heap reaching it, checked against the definition's values.
  const std::vector<grundy_value> treble = tartan::test::octal_by_definition({0, 0, 7}, 5000);
  const auto top = std::max_element(treble.begin(), treble.end());
  const auto summary = nlohmann::json::parse(
      run_tartan({"seq", "treblecross", "5000", "--output", treble_path, "--force", "--format", "json", "--period"})
          .out);
  EXPECT_EQ(summary.at("count"), 5000);
  EXPECT_EQ(summary.at("largest").at("value"), *top);
  EXPECT_EQ(summary.at("largest").at("at"), top - treble.begin());
  for (const char* key : {"period", "rare", "rare_note", "closed_forms"}) EXPECT_TRUE(summary.contains(key)) << key;
}

TEST(SeqFileCliTest, ACheckpointKilledOrInterruptedGoesOnToTheDefinitionsValues) {
  // 0.007 to 40000 heaps, recorded at every report; killed (SIGKILL) once 1000 values are printed, then interrupted
  // (Ctrl-C) the same way, then run to the end: the last run prints every value, the definition's, and the file holds
  // them. tartan cannot end before the signal: once the test stops reading, it blocks on the full pipe (its values
  // take about 200 KB of text, the pipe 64 KB).
  const temporary_dir dir(true);  // commits at every report: in memory, where they cost nothing
  const std::string path = dir.file("treble.ckpt");
  const std::vector<std::string> command = {"seq", "0.007", "40000", "--checkpoint", path, "--checkpoint-every", "0"};
  const std::vector<grundy_value> expected = tartan::test::octal_by_definition({0, 0, 7}, 40000);
  {
    tartan::test::background_tartan run(command);
    ASSERT_TRUE(run.wait_for(tartan::test::values_printed(1000)));
    const tartan::test::cli_result killed = run.kill();
    EXPECT_EQ(killed.exit_code, 128 + SIGKILL);
    const std::vector<grundy_value> printed = numbers(killed.out);
    // Every value printed was recorded first; none of them differs from the definition.
    const tartan::value_file_info info = tartan::read_value_file(path);
    EXPECT_GE(info.count, printed.size());
    EXPECT_FALSE(info.complete);
    ASSERT_LE(printed.size(), expected.size());
    EXPECT_EQ(printed,
              std::vector<grundy_value>(expected.begin(), expected.begin() + static_cast<long>(printed.size())));
  }
  const std::uint64_t after_kill = tartan::read_value_file(path).count;
  {
    tartan::test::background_tartan run(command);
    ASSERT_TRUE(run.wait_for(tartan::test::values_printed(after_kill + 500)));
    const tartan::test::cli_result stopped = run.interrupt();
    EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
    EXPECT_THAT(stopped.err, HasSubstr("the same command goes on from them"));
  }
  EXPECT_GE(tartan::read_value_file(path).count, after_kill + 500);
  const auto last = run_tartan(command);
  EXPECT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(numbers(last.out), expected);
  EXPECT_EQ(values_in(path), expected);
  EXPECT_TRUE(tartan::read_value_file(path).complete);
  // Run once more, it computes nothing and prints them all; with --output another file gets a copy.
  const std::string copy = dir.file("copy.bin");
  std::vector<std::string> again = command;
  again.insert(again.end(), {"--output", copy});
  const auto copied = run_tartan(again);
  EXPECT_EQ(copied.exit_code, 0) << copied.err;
  EXPECT_THAT(copied.out, HasSubstr("40000 of them read back from the checkpoint"));
  EXPECT_EQ(values_in(copy), expected);
}

TEST(SeqFileCliTest, RefusalsInOneLine) {
  const temporary_dir dir;
  const std::string sixteen = dir.file("sixteen.bin");
  ASSERT_EQ(run_tartan({"seq", "0.16", "100", "--output", sixteen}).exit_code, 0);
  const std::string garbage = dir.file("notes.txt");
  {
    std::ofstream out(garbage);
    out << "my notes\n";
  }
  struct bad {
    std::vector<std::string> args;
    std::string fragment;
  };
  const std::vector<bad> cases = {
      {{"seq", "0.007", "100", "--checkpoint", sixteen}, "holds values of 0.16, not of 0.007"},
      {{"seq", "0.007", "100", "--checkpoint", garbage}, "is not a tartan value file"},
      {{"seq", "0.16", "100", "--output", dir.file("no/such/dir/v.bin")}, "cannot write"},
      {{"seq", "0.16", "100", "--output", dir.file("")}, "is a directory"},
      {{"seq", "0.16", "4294967297"}, "a row has at most 2^32 coins"},
      {{"seq", "0.16", "4294967297", "--output", dir.file("big.bin")}, "ask for at most 4294967296 values"},
      {{"seq", "0.16", "100", "--checkpoint", sixteen, "--checkpoint-every", "soon"}, "--checkpoint-every: 'soon'"},
      {{"seq", "0.16", "100", "--threads", "0"}, "--threads must be at least 1"},
      {{"seq", "0.16", "100", "--output", dir.file("b.txt"), "--format", "bfile"}, "not a b-file"},
      {{"seq", "0.16", "100", "--force"}, "--force lets --output replace a file that exists; give it with --output"},
  };
  for (const bad& c : cases) {
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.fragment;
    EXPECT_EQ(count_lines(r.err), 1u) << r.err;
    EXPECT_THAT(r.err, HasSubstr(c.fragment));
  }
  // The refused checkpoints are left as they were.
  EXPECT_EQ(tartan::read_value_file(sixteen).count, 100u);
  EXPECT_EQ(tartan::test::read_file(garbage), "my notes\n");
  // A damaged checkpoint: refused, not taken up.
  {
    std::fstream f(sixteen, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 + 50);
    f.put(static_cast<char>(99));
  }
  const auto damaged = run_tartan({"seq", "0.16", "200", "--checkpoint", sixteen});
  EXPECT_EQ(damaged.exit_code, 2);
  EXPECT_THAT(damaged.err, HasSubstr("is damaged: its values g(0..99) do not match their checksum"));
}

// Before: --output replaced any file without a word: a rules file, another game's values, the values of a longer run
// of this game. A FILE that exists is now refused before any work and left as it was, unless --force is given, or it
// is the --checkpoint itself, which is taken up again.
TEST(SeqFileCliTest, OutputReplacesNoFileUnlessAsked) {
  const temporary_dir dir;
  const std::string rules = dir.file("rules.txt");
  {
    std::ofstream out(rules);
    out << "0.77\n0.07\n";
  }
  const std::string kayles = dir.file("kayles.bin");
  ASSERT_EQ(run_tartan({"seq", "0.77", "1000", "--output", kayles}).exit_code, 0);
  for (const std::string& path : {rules, kayles}) {
    const auto r = run_tartan({"seq", "0.07", "10", "--output", path});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err, "error: --output '" + path +
                         "' exists; give --force to replace it, another file, or --checkpoint '" + path +
                         "' to go on from the values it holds\n");
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(tartan::test::read_file(rules), "0.77\n0.07\n");
  EXPECT_EQ(tartan::read_value_file(kayles).count, 1000u);
  EXPECT_EQ(tartan::read_value_file(kayles).game.code, "0.77");
  // A copy of a checkpoint to a file that exists is refused as well, before the checkpoint is computed.
  const std::string checkpoint = dir.file("checkpoint.bin");
  EXPECT_EQ(run_tartan({"seq", "0.07", "10", "--checkpoint", checkpoint, "--output", rules}).exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(checkpoint));
  // Asked for: replaced. The checkpoint named as the output: taken up again, no --force needed.
  const auto forced = run_tartan({"seq", "0.07", "10", "--output", rules, "--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(values_in(rules), tartan::test::octal_by_definition({0, 7}, 10));
  const auto same = run_tartan({"seq", "0.77", "2000", "--output", kayles, "--checkpoint", kayles});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_THAT(same.out, HasSubstr("1000 of them read back from the checkpoint"));
}

// Before: a checkpoint made with the code .77 was refused when the run was asked for as 0.77 or 0.770 ("holds values
// of .77, not of 0.77"): the same game spelt three ways. A take-and-break code is now named by its one spelling
// (0.77), and a value file written under another spelling of the same rule is taken up too.
TEST(SeqFileCliTest, ACheckpointResumesUnderEverySpellingOfItsCode) {
  const temporary_dir dir;
  const std::string path = dir.file("kayles.bin");
  ASSERT_EQ(run_tartan({"seq", ".77", "500", "--checkpoint", path, "--output", path}).exit_code, 0);
  EXPECT_EQ(tartan::read_value_file(path).game.code, "0.77");
  for (const char* spelling : {"0.770", "0.77", "kayles", ".77"}) {
    const auto r = run_tartan({"seq", spelling, "600", "--checkpoint", path, "--output", path});
    EXPECT_EQ(r.exit_code, 0) << spelling << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr("of them read back from the checkpoint")) << spelling;
  }
  const std::vector<grundy_value> values = values_in(path);
  ASSERT_EQ(values.size(), 600u);
  EXPECT_EQ(values, tartan::test::octal_by_definition({7, 7}, 600));
  const auto json = run_tartan({"seq", ".770", "3", "--json"});
  EXPECT_THAT(json.out, HasSubstr("\"game\":\"0.77\",\"code\":\"0.77\""));
}

TEST(SeqFileCliTest, TheFileSizeLimitAndTheDiskRefuseAFileBeforeAnyWork) {
  const temporary_dir dir;
  const std::string path = dir.file("big.bin");
  // ulimit -f in the shell that runs tartan: 2^32 values of .16 need a file of 4 GiB.
  const std::string command = "ulimit -f 1024; exec " + tartan::test::shell_quote(TARTAN_EXE) +
                              " seq 0.16 4294967296 --output " + tartan::test::shell_quote(path) + " >/dev/null 2>" +
                              tartan::test::shell_quote(path + ".err");
  const int status = std::system(("sh -c " + tartan::test::shell_quote(command)).c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << status;
  const std::string err = tartan::test::read_file(path + ".err");
  EXPECT_EQ(count_lines(err), 1u) << err;
  EXPECT_THAT(err, HasSubstr("over the file size limit of"));
  EXPECT_THAT(err, HasSubstr("(ulimit -f)"));
}

}  // namespace
