// The docs cannot drift from tartan:
// - the tutorial (docs/tutorial.md) runs as written: every command in its ```console blocks ("$ " lines) is run
//   with tartan on the PATH, in a scratch directory, and its output (standard output and error, as a terminal
//   shows them) must equal the lines that follow it in the block; a "…" in an expected line stands for any text;
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

struct example {
  std::size_t line = 0;  // where the command is in the markdown, from 1
  std::string command;
  std::vector<std::string> expected;
};

std::vector<example> console_examples(const std::string& markdown) {
  std::vector<example> examples;
  std::istringstream in(markdown);
  std::string line;
  bool in_console = false, in_other = false;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      if (in_console || in_other) {
        in_console = in_other = false;
      } else if (line == "```console") {
        in_console = true;
      } else {
        in_other = true;
      }
      continue;
    }
    if (!in_console) continue;
    if (line.rfind("$ ", 0) == 0) {
      examples.push_back({number, line.substr(2), {}});
    } else if (!examples.empty()) {
      examples.back().expected.push_back(line);
    }
  }
  return examples;
}

/// Does `actual` match `pattern`, where each "…" in the pattern matches any text?
bool matches(const std::string& pattern, const std::string& actual) {
  static const std::string wildcard = "…";
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t at; (at = pattern.find(wildcard, start)) != std::string::npos; start = at + wildcard.size()) {
    parts.push_back(pattern.substr(start, at - start));
  }
  parts.push_back(pattern.substr(start));
  if (parts.size() == 1) return pattern == actual;
  if (actual.rfind(parts.front(), 0) != 0) return false;
  std::size_t pos = parts.front().size();
  for (std::size_t i = 1; i + 1 < parts.size(); ++i) {
    pos = actual.find(parts[i], pos);
    if (pos == std::string::npos) return false;
    pos += parts[i].size();
  }
  const std::string& last = parts.back();
  return actual.size() >= pos + last.size() && actual.compare(actual.size() - last.size(), last.size(), last) == 0;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string tartan_dir() {
  const std::string exe = TARTAN_EXE;
  return exe.substr(0, exe.rfind('/'));
}

TEST(TutorialCliTest, WildcardMatchesAnyText) {
  EXPECT_TRUE(matches("time: … s", "time: 0.013 s"));
  EXPECT_TRUE(matches("abc", "abc"));
  EXPECT_FALSE(matches("abc", "abcd"));
  EXPECT_FALSE(matches("time: … s", "time: 0.013 ms!"));
  EXPECT_TRUE(matches("…", ""));
}

/// Runs every ```console example of docs/NAME as written, with tartan on the PATH in a scratch directory, and
/// compares its output with the lines the document shows. An example whose shown output has an "error:" line is
/// expected to fail (exit 1 or 2); every other one to succeed.
void expect_console_examples_run_as_shown(const std::string& name, std::size_t at_least) {
  const std::string markdown = tartan::test::read_file(std::string(TARTAN_SOURCE_DIR) + "/docs/" + name);
  ASSERT_FALSE(markdown.empty()) << "docs/" << name << " is missing";
  const std::vector<example> examples = console_examples(markdown);
  ASSERT_GE(examples.size(), at_least) << "docs/" << name << " should show its commands in ```console blocks";

  const std::string dir = "/tmp/tartan_docs_" + std::to_string(::getpid());
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  const std::string out_path = dir + "/.output";
  for (const example& e : examples) {
    SCOPED_TRACE("docs/" + name + ":" + std::to_string(e.line) + ": $ " + e.command);
    EXPECT_NE(e.command.find("tartan"), std::string::npos);
    const std::string script = "cd " + tartan::test::shell_quote(dir) +
                               " && PATH=" + tartan::test::shell_quote(tartan_dir()) +
                               ":\"$PATH\" LANG=C.UTF-8 && export PATH && " + e.command;
    const std::string full = "sh -c " + tartan::test::shell_quote(script) + " </dev/null >" + out_path + " 2>&1";
    const int status = std::system(full.c_str());
    const bool shows_error = std::any_of(e.expected.begin(), e.expected.end(),
                                         [](const std::string& line) { return line.rfind("error:", 0) == 0; });
    ASSERT_TRUE(WIFEXITED(status));
    if (shows_error) {
      EXPECT_NE(WEXITSTATUS(status), 0) << "the document shows an error";
    } else {
      EXPECT_EQ(WEXITSTATUS(status), 0);
    }
    const std::vector<std::string> actual = lines_of(tartan::test::read_file(out_path));
    const std::size_t n = std::max(actual.size(), e.expected.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::string want = i < e.expected.size() ? e.expected[i] : "<no line>";
      const std::string got = i < actual.size() ? actual[i] : "<no line>";
      if (!matches(want, got)) {
        ADD_FAILURE() << "output line " << i + 1 << " differs\n  docs/" << name << ": " << want
                      << "\n  tartan:   " << got;
        break;
      }
    }
  }
  EXPECT_EQ(std::system(("rm -rf " + tartan::test::shell_quote(dir)).c_str()), 0);
}

TEST(TutorialCliTest, EveryCommandPrintsWhatTheTutorialShows) {
  expect_console_examples_run_as_shown("tutorial.md", 6);
}

TEST(CliDocsTest, EveryConsoleExampleOfCliMdPrintsWhatItShows) { expect_console_examples_run_as_shown("cli.md", 10); }

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
