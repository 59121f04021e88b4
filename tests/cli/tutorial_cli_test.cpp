// The docs cannot drift from tartan (docs_cli_test.cpp runs every command the pages show, the tutorial's included):
// - docs/cli.md names every command, subcommand and option that `tartan --help` and `tartan COMMAND --help` list;
// - docs/api.md shows each docs/examples/*_example.cpp and its expected output (*.txt) verbatim (the build runs
//   the examples and compares their output with the .txt files).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

/// The subcommands listed under "Subcommands:" and the long options under "Options:" of a --help text.
void help_entries(const std::string& help, std::vector<std::string>& subcommands, std::vector<std::string>& options) {
  std::string section;
  for (const std::string& line : lines_of(help)) {
    if (!line.empty() && line.back() == ':' && line[0] != ' ') {
      section = line;
      continue;
    }
    if (line.rfind("  ", 0) != 0 || line.size() < 3 || line[2] == ' ') continue;
    const std::string word = line.substr(2, line.find(' ', 2) - 2);
    if (section == "Subcommands:") subcommands.push_back(word);
    if (section == "Options:") {
      const std::size_t at = word.find("--");
      if (at != std::string::npos) options.push_back(word.substr(at));
    }
  }
}

std::string help_of(const std::string& args) {
  const std::string path = "/tmp/tartan_help_" + std::to_string(::getpid());
  const std::string command = tartan::test::shell_quote(TARTAN_EXE) + " " + args + " --help >" + path + " 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::string text = tartan::test::read_file(path);
  std::remove(path.c_str());
  return text;
}

TEST(CliDocsTest, EveryCommandAndOptionIsInCliMd) {
  const std::string doc = tartan::test::read_file(std::string(TARTAN_SOURCE_DIR) + "/docs/cli.md");
  ASSERT_FALSE(doc.empty()) << "docs/cli.md is missing";
  std::vector<std::string> commands, top_options;
  help_entries(help_of(""), commands, top_options);
  ASSERT_GE(commands.size(), 9u);
  for (const std::string& option : top_options) EXPECT_NE(doc.find(option), std::string::npos) << option;
  for (const std::string& command : commands) {
    EXPECT_NE(doc.find("## tartan " + command), std::string::npos) << "no section for tartan " << command;
    std::vector<std::string> subcommands, options;
    help_entries(help_of(command), subcommands, options);
    for (const std::string& option : options) {
      EXPECT_NE(doc.find("`" + option), std::string::npos) << "tartan " << command << " " << option;
    }
    for (const std::string& sub : subcommands) {
      EXPECT_NE(doc.find("| `" + sub + "` |"), std::string::npos) << "tartan " << command << " " << sub;
      std::vector<std::string> nested, sub_options;
      help_entries(help_of(command + " " + sub), nested, sub_options);
      for (const std::string& option : sub_options) {
        EXPECT_NE(doc.find("`" + option), std::string::npos) << "tartan " << command << " " << sub << " " << option;
      }
    }
  }
}

TEST(CliDocsTest, EveryOptionSaysWhatItTakes) {
  // No help shows CLI11's generic TEXT or UINT: each option names its value (FILE, N, RxC, SIZE, LIST, ...).
  std::vector<std::string> commands, top_options;
  help_entries(help_of(""), commands, top_options);
  std::vector<std::string> helps{""};
  for (const std::string& command : commands) {
    helps.push_back(command);
    std::vector<std::string> subcommands, options;
    help_entries(help_of(command), subcommands, options);
    for (const std::string& sub : subcommands) helps.push_back(command + " " + sub);
  }
  for (const std::string& args : helps) {
    for (const std::string& line : lines_of(help_of(args))) {
      if (line.rfind("  ", 0) != 0) continue;
      const std::string entry = line.substr(0, 30);  // the option and its placeholder, before the description
      EXPECT_EQ(entry.find(" TEXT"), std::string::npos) << "tartan " << args << ": " << line;
      EXPECT_EQ(entry.find(" UINT"), std::string::npos) << "tartan " << args << ": " << line;
    }
  }
}

TEST(ApiDocsTest, ShowsEachExampleAndItsOutputVerbatim) {
  const std::string dir = std::string(TARTAN_SOURCE_DIR) + "/docs/";
  const std::string doc = tartan::test::read_file(dir + "api.md");
  ASSERT_FALSE(doc.empty()) << "docs/api.md is missing";
  // Every docs/examples/*_example.cpp (the build runs each and compares its output with the .txt).
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir + "examples")) {
    const std::string file = entry.path().filename().string();
    if (file.ends_with("_example.cpp")) names.push_back(file.substr(0, file.size() - 4));
  }
  EXPECT_GE(names.size(), 6u) << "the examples were not found in " << dir << "examples";
  for (const std::string& name : names) {
    const std::string code = tartan::test::read_file(dir + "examples/" + name + ".cpp");
    const std::string output = tartan::test::read_file(dir + "examples/" + name + ".txt");
    ASSERT_FALSE(code.empty()) << name;
    ASSERT_FALSE(output.empty()) << name;
    EXPECT_NE(doc.find("```cpp\n" + code + "```"), std::string::npos) << name << ".cpp is not shown as it is";
    EXPECT_NE(doc.find("```text\n" + output + "```"), std::string::npos) << name << ".txt is not shown as it is";
  }
}

}  // namespace
