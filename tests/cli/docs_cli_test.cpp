// Every command the documentation shows is run, so that no page can drift from tartan. The pages are README.md and
// every docs/**/*.md; in each:
// - a ```console block is commands ("$ " lines) and what they print (the lines up to the next command): each
//   command is run and its output (standard output and error together, as a terminal shows them) must equal the
//   lines shown. A "…" in a shown line stands for any text. A block whose shown output has an "error:" line expects
//   the command to fail (exit 1 or 2), any other to succeed (exit 0);
// - a ```sh block is commands to type without output shown (the README's tour): each line that starts with
//   "tartan " must run and exit 0. Other lines (scripts/…, cmake, curl) are not run here. No line has a "# comment":
//   interactive zsh (macOS's shell) passes it on as arguments, so a pasted line fails;
// - any other block that shows a "$ tartan" line is an error: it must be marked ```console to be checked.
// Every command runs in a scratch copy of docs/examples/ (so the files the pages name, matrix.txt, triangles.code,
// resolve), with tartan first on the PATH, LANG=C.UTF-8 and standard input empty (/dev/null).
//
// Figures that depend on the machine or the moment are compared as "#" on both sides (normalise_figures): the number
// (and its unit) after each anchor in `machine_figures` below. A page may show the figures of the machine it was
// written on, and they are checked as far as they can be: the words around them.
//
// Commands that cannot run in a test are listed in `exempt`, each with its reason; any other command in any block
// is run, so a new block is checked by default.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

/// Commands not run, by how they start, and why.
struct exemption {
  std::string_view command_start;
  std::string_view reason;
};
constexpr exemption exempt[] = {
    {"tartan explore",
     "starts the explorer's web server, which runs until Ctrl-C (tests/explorer/explore_*_test.cpp and "
     "tests/browser/ test it)"},
};

/// Anchors after which a figure of the machine or the moment follows: wall times, the machine's memory (the default
/// memory limit is half of it) and time estimates from the pace measured.
constexpr std::string_view machine_figures[] = {
    "time: ",                               // analyze, check, table, verify: the wall time
    "\"seconds\":",                         // JSON forms: the wall time
    "the memory limit of ",                 // default --max-memory: half the machine's memory
    "over the limit of ",                   // the same, in verify's refusal
    "this machine has ",                    // the machine's memory
    "would take about ",                    // --max-seconds refusals: the pace measured on this machine...
    "at the pace measured (",               // ...the time it took...
    "for the first ",                       // ...the values done in that time...
    "ask for at most about ",               // ...what fits in the limit...
    "raise the limit with --max-seconds ",  // ...and the limit that would let it finish
};

constexpr std::string_view units[] = {"ms", "s", "min", "h", "days", "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

/// The line with every figure after an anchor of machine_figures replaced by "#": the digits and dots (or a page's
/// "…"), then the unit when one follows.
std::string normalise_figures(std::string line) {
  for (const std::string_view anchor : machine_figures) {
    for (std::size_t at = line.find(anchor); at != std::string::npos; at = line.find(anchor, at + 1)) {
      const std::size_t start = at + anchor.size();
      std::size_t end = start;
      if (line.compare(start, std::string_view("…").size(), "…") == 0) {
        end += std::string_view("…").size();  // a page's "…" in place of the figure
      } else {
        const auto in_figure = [&](std::size_t i) {  // digits, a point, an exponent (JSON: 5.1e-05)
          const char c = line[i];
          return std::isdigit(static_cast<unsigned char>(c)) || c == '.' ||
                 (i > start && (c == 'e' || c == 'E' || ((c == '-' || c == '+') && (line[i - 1] | 0x20) == 'e')));
        };
        while (end < line.size() && in_figure(end)) ++end;
      }
      if (end == start) continue;
      if (end < line.size() && line[end] == ' ') {
        std::size_t word_end = end + 1;
        while (word_end < line.size() && std::isalpha(static_cast<unsigned char>(line[word_end]))) ++word_end;
        const std::string_view word = std::string_view(line).substr(end + 1, word_end - end - 1);
        if (std::find(std::begin(units), std::end(units), word) != std::end(units)) end = word_end;
      }
      line.replace(start, end - start, "#");
    }
  }
  return line;
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

bool line_matches(const std::string& shown, const std::string& printed) {
  return matches(normalise_figures(shown), normalise_figures(printed));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

/// One command a page shows.
struct example {
  std::size_t block_line = 0;  // the block's opening fence, from 1
  std::size_t line = 0;        // the command's line
  std::string language;        // "console" or "sh"
  std::string command;
  std::vector<std::string> shown;  // console: the output shown; sh: nothing
};

struct page_examples {
  std::vector<example> examples;
  std::vector<std::string> problems;  // blocks that show commands without being checked
};

page_examples examples_of(const std::string& markdown) {
  page_examples page;
  std::istringstream in(markdown);
  std::string line, language;
  bool inside = false;
  std::size_t number = 0, fence = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      inside = !inside;
      language = inside ? line.substr(3) : "";
      fence = number;
      continue;
    }
    if (!inside) continue;
    if (language == "console") {
      if (line.rfind("$ ", 0) == 0) {
        page.examples.push_back({fence, number, language, line.substr(2), {}});
      } else if (!page.examples.empty() && page.examples.back().block_line == fence) {
        page.examples.back().shown.push_back(line);
      }
    } else if (language == "sh") {
      if (line.rfind("tartan ", 0) == 0 || line == "tartan")
        page.examples.push_back({fence, number, language, line, {}});
      if (line.find(" #") != std::string::npos || line.rfind("#", 0) == 0) {
        page.problems.push_back("line " + std::to_string(number) + " has a # comment in a ```sh block (line " +
                                std::to_string(fence) +
                                "): interactive zsh does not read it as a comment (\"no matches found\"); say it in "
                                "the text around the block");
      }
    } else if (line.rfind("$ tartan", 0) == 0) {
      page.problems.push_back("line " + std::to_string(number) + " shows a command in a ```" + language +
                              " block (line " + std::to_string(fence) + "); mark the block ```console so it is run");
    }
  }
  return page;
}

const exemption* exemption_of(const std::string& command) {
  for (const exemption& e : exempt) {
    if (command.rfind(e.command_start, 0) == 0) return &e;
  }
  return nullptr;
}

/// README.md and every docs/**/*.md, relative to the source tree.
std::vector<std::string> pages() {
  std::vector<std::string> names{"README.md"};
  for (const auto& entry : fs::recursive_directory_iterator(std::string(TARTAN_SOURCE_DIR) + "/docs")) {
    if (entry.is_regular_file() && entry.path().extension() == ".md") {
      names.push_back(fs::relative(entry.path(), TARTAN_SOURCE_DIR).string());
    }
  }
  std::sort(names.begin() + 1, names.end());
  return names;
}

std::string tartan_dir() {
  const std::string exe = TARTAN_EXE;
  return exe.substr(0, exe.rfind('/'));
}

class DocsConsoleTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DocsConsoleTest, EveryCommandShownRunsAsShown) {
  const std::string name = GetParam();
  const std::string markdown = tartan::test::read_file(std::string(TARTAN_SOURCE_DIR) + "/" + name);
  ASSERT_FALSE(markdown.empty()) << name << " is missing";
  const page_examples page = examples_of(markdown);
  for (const std::string& problem : page.problems) ADD_FAILURE() << name << ": " << problem;

  const fs::path dir = fs::temp_directory_path() / ("tartan_docs_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(std::string(TARTAN_SOURCE_DIR) + "/docs/examples", dir, fs::copy_options::recursive);
  const std::string out_path = (dir / ".output").string();
  for (const example& e : page.examples) {
    const std::string where = name + ":" + std::to_string(e.line) + " (the ```" + e.language + " block at line " +
                              std::to_string(e.block_line) + "): " + e.command;
    if (exemption_of(e.command) != nullptr) continue;
    if (e.command.find("tartan") == std::string::npos) {
      ADD_FAILURE() << where << "\n  a ```console command should run tartan";
      continue;
    }
    const std::string script = "cd " + tartan::test::shell_quote(dir.string()) +
                               " && PATH=" + tartan::test::shell_quote(tartan_dir()) +
                               ":\"$PATH\" LANG=C.UTF-8 && export PATH LANG && " + e.command;
    const std::string full = "timeout 300 sh -c " + tartan::test::shell_quote(script) + " </dev/null >" +
                             tartan::test::shell_quote(out_path) + " 2>&1";
    const int status = std::system(full.c_str());
    const std::string output = tartan::test::read_file(out_path);
    const std::vector<std::string> printed = lines_of(output);
    const auto whole_output = [&] {
      std::string text;
      for (std::size_t i = 0; i < printed.size() && i < 40; ++i) text += "\n    " + printed[i];
      if (printed.size() > 40) text += "\n    … (" + std::to_string(printed.size() - 40) + " lines more)";
      return text;
    };
    if (!WIFEXITED(status)) {
      ADD_FAILURE() << where << "\n  did not finish (killed or timed out); it printed:" << whole_output();
      continue;
    }
    const int code = WEXITSTATUS(status);
    const bool shows_error = std::any_of(e.shown.begin(), e.shown.end(),
                                         [](const std::string& line) { return line.rfind("error:", 0) == 0; });
    if (shows_error && code == 0) {
      ADD_FAILURE() << where << "\n  the page shows an error but the command succeeded; it printed:" << whole_output();
    } else if (!shows_error && code != 0) {
      ADD_FAILURE() << where << "\n  exit code " << code << ", the page shows success; it printed:" << whole_output();
    }
    if (e.language != "console") continue;
    const std::size_t n = std::max(printed.size(), e.shown.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::string want = i < e.shown.size() ? e.shown[i] : "<no line>";
      const std::string got = i < printed.size() ? printed[i] : "<no line>";
      if (!line_matches(want, got)) {
        ADD_FAILURE() << where << "\n  output line " << i + 1 << " differs:\n  the page shows: " << want
                      << "\n  tartan prints:  " << got << "\n  the whole output:" << whole_output();
        break;
      }
    }
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Pages, DocsConsoleTest, ::testing::ValuesIn(pages()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string id = info.param;
                           for (char& c : id) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return id;
                         });

TEST(DocsCliTest, PagesShowCommandsAndEachExemptionIsUsed) {
  std::size_t console = 0, sh = 0;
  std::vector<bool> used(std::size(exempt), false);
  for (const std::string& name : pages()) {
    for (const example& e :
         examples_of(tartan::test::read_file(std::string(TARTAN_SOURCE_DIR) + "/" + name)).examples) {
      (e.language == "console" ? console : sh) += 1;
      if (const exemption* x = exemption_of(e.command)) used[static_cast<std::size_t>(x - exempt)] = true;
    }
  }
  EXPECT_GE(console, 40u) << "the pages' ```console commands were not found";
  EXPECT_GE(sh, 10u) << "the README's tour was not found";
  for (std::size_t i = 0; i < used.size(); ++i) {
    EXPECT_TRUE(used[i]) << "no page shows '" << exempt[i].command_start << "': drop its exemption";
  }
}

TEST(DocsCliTest, WildcardMatchesAnyText) {
  EXPECT_TRUE(matches("time: … s", "time: 0.013 s"));
  EXPECT_TRUE(matches("abc", "abc"));
  EXPECT_FALSE(matches("abc", "abcd"));
  EXPECT_FALSE(matches("time: … s", "time: 0.013 ms!"));
  EXPECT_TRUE(matches("…", ""));
}

TEST(DocsCliTest, MachineFiguresAreComparedAsHash) {
  EXPECT_EQ(normalise_figures("time: 0.041 s on 2 threads"), "time: # on 2 threads");
  EXPECT_EQ(normalise_figures("over the memory limit of 11.8 GiB; give"), "over the memory limit of #; give");
  EXPECT_EQ(normalise_figures("(this machine has 23.5 GiB)"), "(this machine has #)");
  EXPECT_EQ(normalise_figures("would take about 55.4 min at the pace measured (505 ms for the first 114687 values)"),
            "would take about # at the pace measured (# for the first # values)");
  EXPECT_EQ(normalise_figures("{\"seconds\":0.25}"), "{\"seconds\":#}");
  EXPECT_EQ(normalise_figures("{\"seconds\":5.1016e-05}"), "{\"seconds\":#}");
  // Only after an anchor: other figures are compared as they are.
  EXPECT_EQ(normalise_figures("value: 6, 1000000x1000000"), "value: 6, 1000000x1000000");
  EXPECT_TRUE(line_matches("time: 0.041 s on 2 threads", "time: 1.5 min on 2 threads"));
  EXPECT_TRUE(line_matches("time: … s", "time: 0.000 s"));
  EXPECT_FALSE(line_matches("time: 0.041 s on 2 threads", "time: 0.041 s on 1 thread"));
}

}  // namespace
