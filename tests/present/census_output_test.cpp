// A census written out (present/census_output.hpp): rows read back from their JSON line print the same bytes, the
// journal keeps rows across runs and repairs only a last line cut short, a journal of another census or any other
// file is refused in one line, and the five formats hold what they say.
#include "tartan/present/census_output.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "tartan/games/registry.hpp"

namespace tartan::present {
namespace {

using test::message_of;

std::vector<census_row> rows_of(const census_family& family, std::size_t values) {
  const census_rules rules = resolve_census_rules(family);
  std::vector<census_row> rows;
  for (std::size_t i = 0; i < rules.texts.size(); ++i) {
    rows.push_back(*census_rule_row(rules.games[i], i, rules.texts[i], rules.names[i], {.values = values}, {}));
  }
  return rows;
}

std::string written(census_format format, const census_heading& heading, const std::vector<census_row>& rows) {
  std::ostringstream out;
  census_writer writer(out, format, heading);
  for (const census_row& r : rows) writer.row(r);
  writer.end(census_groups(rows, heading.values), true);
  return out.str();
}

std::string scratch(const std::string& name) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("tartan_census_" + std::to_string(::getpid()) + "_" + name)).string();
  std::filesystem::remove(path);
  return path;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CensusOutputTest, RowsReadBackPrintTheSameBytes) {
  census_family family = octal_family(2);
  family.rules.push_back("motley");  // a stopped row
  family.rules.push_back("0.8");     // no rare column
  const std::vector<census_row> rows = rows_of(family, 500);
  std::vector<census_row> back;
  for (const census_row& r : rows) {
    const std::string line = census_row_json(r, true).dump();
    back.push_back(census_row_from_json(nlohmann::json::parse(line)));
    EXPECT_EQ(census_row_json(back.back(), true).dump(), line);
    EXPECT_EQ(back.back().fingerprint, r.fingerprint);
  }
  const census_heading heading{family.description, 500, family.rules.size()};
  for (const census_format f :
       {census_format::text, census_format::md, census_format::csv, census_format::json, census_format::jsonl}) {
    EXPECT_EQ(written(f, heading, back), written(f, heading, rows));
  }
  EXPECT_EQ(message_of([] { census_row_from_json(nlohmann::json::parse(R"({"i":1})")); }),
            "a census row lacks its field \"rule\"");
  EXPECT_EQ(message_of([&] {
              nlohmann::json j = census_row_json(rows[0], false);
              j["status"] = "maybe";
              census_row_from_json(j);
            }),
            "a census row's status is 'maybe', not one tartan writes");
}

TEST(CensusOutputTest, FormatsHoldWhatTheySay) {
  const census_family family = listed_family("a list", "0.77\n0.07\n0.137\n0.16\n");
  const std::vector<census_row> rows = rows_of(family, 1000);
  const census_heading heading{family.description, 1000, family.rules.size()};
  const std::string text = written(census_format::text, heading, rows);
  EXPECT_NE(text.find("census of the rules in a list: g(0..999) of each of 4 rules\n"), std::string::npos) << text;
  EXPECT_NE(text.find("0.77   kayles"), std::string::npos) << text;
  EXPECT_NE(text.find("0.137 +1\n"), std::string::npos) << "Dawson's Kayles is Dawson's Chess moved one heap:\n"
                                                        << text;
  const std::string md = written(census_format::md, heading, rows);
  EXPECT_NE(md.find("| rule | name | preperiod | period | status |"), std::string::npos) << md;
  // Kayles: g(27) = 8 is its largest value (Winning Ways ch. 4; OEIS A002186).
  EXPECT_NE(md.find("| 0.77 | kayles | 71 | 12 | proven | 8 | 27 |"), std::string::npos) << md;
  const std::string csv = written(census_format::csv, heading, rows);
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line.substr(0, 22), "index,rule,name,values");
  std::getline(lines, line);
  EXPECT_EQ(line.substr(0, 41), "0,0.77,kayles,1000,proven,71,12,0,8,27,1,");
  EXPECT_NE(line.find(",\"Guy–Smith periodicity theorem: 0.77 is an octal game whose moves take at most 2 tokens, "
                      "and g(n + 12) = g(n) for 71 <= n < 2·71 + 12 + 2, so for every n >= 71\""),
            std::string::npos)
      << "a field with commas is quoted: " << line;
  const nlohmann::json doc = nlohmann::json::parse(written(census_format::json, heading, rows));
  EXPECT_EQ(doc["census"]["family"], "the rules in a list");
  EXPECT_EQ(doc["rows"].size(), 4u);
  EXPECT_EQ(doc["rows"][1]["same_as"]["rule"], "0.137");
  EXPECT_EQ(doc["rows"][1]["same_as"]["moved"], 1);
  EXPECT_TRUE(doc["rows"][2]["same_as"].is_null());
  EXPECT_TRUE(doc["complete"].get<bool>());
  EXPECT_EQ(doc["stopped"], 0);
  EXPECT_FALSE(doc["rows"][0].contains("seconds")) << "the table's bytes must not depend on the run";
  std::istringstream jsonl(written(census_format::jsonl, heading, rows));
  std::vector<nlohmann::json> records;
  while (std::getline(jsonl, line)) records.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(records.size(), 1u + 4u + 1u + 1u);  // heading, rows, one group, end
  EXPECT_EQ(records[0]["census"]["rules"], 4);
  EXPECT_EQ(records[5]["group"][1]["moved"], 1);
  EXPECT_EQ(records[6]["rows"], 4);
  EXPECT_EQ(records[6]["stopped"], 0);
  EXPECT_EQ(message_of([] { census_format_named("xml"); }),
            "--format 'xml' is not a census format; type text, md, csv, json or jsonl");
}

TEST(CensusOutputTest, BuiltInNamesAreFound) {
  const census_rules rules = resolve_census_rules(listed_family("x", "0.770\n.07\n4!.0\nkayles\n1-3\n0.5\n"));
  EXPECT_EQ(rules.names,
            (std::vector<std::string>{"kayles", "dawsons-kayles", "grundys-game", "kayles", "mock-turtles", ""}));
  EXPECT_EQ(message_of([] { resolve_census_rules(listed_family("x", "0.77\nkayle\n")); }).substr(0, 47),
            "rule 2 of the rules in x, 'kayle': unknown game");
  EXPECT_EQ(message_of([] { resolve_census_rules(listed_family("x", "ruler*ruler\n")); }),
            "rule 1 of the rules in x, 'ruler*ruler', is a product: a census computes sequences of 1-D games; list its "
            "factors instead");
}

TEST(CensusOutputTest, JournalKeepsRowsAndRefusesOthers) {
  const census_family family = octal_family(1);
  const census_rules rules = resolve_census_rules(family);
  const census_heading heading{family.description, 300, family.rules.size()};
  const nlohmann::ordered_json header = census_journal_header(heading, rules.texts);
  const std::vector<census_row> rows = rows_of(family, 300);
  const std::string path = scratch("journal");
  {
    census_journal journal = census_journal::open(path, header);
    EXPECT_TRUE(journal.recorded().empty());
    journal.append(rows[3]);
    journal.append(rows[1]);
  }
  const std::string two = file_text(path);
  {
    census_journal journal = census_journal::open(path, header);
    ASSERT_EQ(journal.recorded().size(), 2u);
    EXPECT_EQ(journal.recorded()[0].index, 3u);
    EXPECT_EQ(census_row_json(journal.recorded()[1], true).dump(), census_row_json(rows[1], true).dump());
    EXPECT_FALSE(journal.repaired());
  }
  EXPECT_EQ(file_text(path), two) << "opening changes nothing";
  // A line cut short by a crash: dropped, the file truncated to the lines before it, the next row appended after.
  {
    std::ofstream out(path, std::ios::app | std::ios::binary);
    out << census_row_json(rows[5], true).dump().substr(0, 40);
  }
  {
    census_journal journal = census_journal::open(path, header);
    EXPECT_TRUE(journal.repaired());
    EXPECT_EQ(journal.recorded().size(), 2u);
    EXPECT_EQ(file_text(path), two);
    journal.append(rows[5]);
  }
  EXPECT_EQ(census_journal::open(path, header).recorded().size(), 3u);
  // Another census: refused in one line, the file untouched.
  const std::string before = file_text(path);
  const census_heading other{octal_family(2).description, 300, 64};
  EXPECT_EQ(message_of([&] { census_journal::open(path, census_journal_header(other, octal_family(2).rules)); }),
            "the journal '" + path +
                "' records the census of 'octal codes 0.d', not of 'octal codes 0.dd'; give another --journal file, "
                "or ask for the census it records");
  const census_heading more{family.description, 400, family.rules.size()};
  EXPECT_EQ(message_of([&] { census_journal::open(path, census_journal_header(more, rules.texts)); }),
            "the journal '" + path +
                "' records g(0..299) of each rule, not g(0..399); give another --journal file, or ask for the census "
                "it records");
  EXPECT_EQ(file_text(path), before);
  // Lines in the middle that are not rows, or fail their checksum: left out, named, the file untouched; the rows
  // after them are read.
  {
    std::ofstream out(path, std::ios::app | std::ios::binary);
    out << "{\"i\":1}\n" << census_row_json(rows[2], true).dump() << "\n";  // no checksums
  }
  {
    census_journal journal = census_journal::open(path, header);
    EXPECT_EQ(journal.recorded().size(), 3u);
    ASSERT_EQ(journal.damaged().size(), 2u);
    EXPECT_EQ(journal.damaged()[0].line, 5u);
    EXPECT_FALSE(journal.damaged()[0].index.has_value());
    EXPECT_EQ(journal.damaged()[1].line, 6u);
    EXPECT_EQ(journal.damaged()[1].index, 2u);
    EXPECT_EQ(journal.damaged()[1].problem, "fails its checksum (it was changed after it was written)");
    journal.append(rows[6]);
    const census_resume resume = census_rows_to_resume(journal, rules.texts, 300, path);
    EXPECT_EQ(resume.rows.size(), 3u) << "rows 1, 3 and 5 (row 6 appended after the journal was read)";
    ASSERT_EQ(resume.notes.size(), 2u);
    EXPECT_EQ(resume.notes[0],
              "the journal '" + path + "', line 5, fails its checksum (it was changed after it was written): left out");
    EXPECT_EQ(resume.notes[1], "the journal '" + path +
                                   "', line 6 (rule '0.2'), fails its checksum (it was changed after it was written): "
                                   "the rule is computed again");
  }
  EXPECT_EQ(census_journal::open(path, header).recorded().size(), 4u);
  // Any other file: refused, not overwritten.
  const std::string notes = scratch("notes");
  {
    std::ofstream out(notes);
    out << "shopping list\nmilk";
  }
  EXPECT_EQ(message_of([&] { census_journal::open(notes, header); }),
            "'" + notes + "' is not a census journal (its first line is not JSON); give another --journal file");
  {
    std::ofstream out(notes, std::ios::trunc);
    out << "milk";
  }
  EXPECT_EQ(message_of([&] { census_journal::open(notes, header); }),
            "'" + notes + "' is not a census journal (it holds other text); give another --journal file");
  EXPECT_EQ(file_text(notes), "milk");
  // Unwritable: a directory that does not exist.
  EXPECT_EQ(message_of([&] { census_journal::open("/nonexistent/dir/run.journal", header); }),
            "cannot open the journal '/nonexistent/dir/run.journal': No such file or directory; give a --journal "
            "file in a directory you may write");
  std::filesystem::remove(path);
  std::filesystem::remove(notes);
}

}  // namespace
}  // namespace tartan::present
