// A census as the front ends write it (tartan census, tartan.census in Python, the cluster's coordinator): a row as
// one JSON line (the journal's records, the messages between ranks and --format jsonl share it, so a row read back
// prints the same bytes), the table in five formats, and the journal that makes a census resumable.
//
// The journal (--journal FILE) is JSON lines: a header naming the census (family, values, the rules' fingerprint),
// then one line per finished rule, appended and flushed to the disk (fsync) as each finishes. Each line ends in its
// own checksum, "crc32c": the CRC-32C (core/crc32c.hpp) of the line as written before that field, with a '}' in
// its place, in 8 hexadecimal digits. Reopening the journal for the same census gives back the rows recorded; a row
// whose line fails its checksum (changed by hand, or damaged) is left out, so its rule is computed again; a line cut
// short by a crash mid-write (the last one, without its newline) is dropped and the file truncated to the lines
// before it; a journal of another census, or of version 1 (written before the checksums), is refused. Nothing else
// writes to it, and nothing recorded is rewritten.
//
// Included by the .cpp files of the census command, the cluster code and the Python module (it brings nlohmann/json).
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "tartan/analysis/census.hpp"

namespace tartan::present {

/**
 * A row as one JSON object: {"i", "rule", "name", "computed", "status", "why", "period": {"preperiod", "period",
 * "saltus", "proven", "full_periods", "why"} | null, "largest", "largest_at", "largest_all", "rare": {"mask",
 * "mask_hex", "variant", "t", "count", "last", "all"} | null, "rare_note", "shift", "fingerprint"} and, with
 * `with_seconds` (the journal and the ranks' messages; never the table, whose bytes must not depend on the run),
 * "seconds".
 *
 * Example: census_row_json(row, false).dump() starts {"i":0,"rule":"0.0",...
 */
nlohmann::ordered_json census_row_json(const census_row& row, bool with_seconds);

/// The row census_row_json wrote. Throws parse_error naming the first field missing or of the wrong type.
census_row census_row_from_json(const nlohmann::json& json);

/// The rules of a family, resolved to games: their text, the built-in game each is (or ""), and the game.
struct census_rules {
  std::vector<std::string> texts;
  std::vector<std::string> names;
  std::vector<turning_game> games;
};

/**
 * Resolves every rule of `family` (games::find_game: codes, and built-in names in a file of rules) and names the
 * built-in games among them: a take-and-break code is the built-in with the same digits ("0.77" is kayles), a
 * turning code the built-in with the same code ("1-3" is mock-turtles), a built-in name itself. Throws parse_error
 * naming the rule and its place in the family ("rule 3, 'kayle': unknown game ...") for one that is not a game,
 * and for a product ("a census computes sequences: 'ruler*ruler' is a product").
 *
 * Example: resolve_census_rules(octal_family(2)).names[63] == "kayles" (rule 63 is 0.77)
 */
census_rules resolve_census_rules(const census_family& family);

enum class census_format { text, md, csv, json, jsonl };

/// The format named "text", "md", "csv", "json" or "jsonl"; throws parse_error for any other, saying which to type.
census_format census_format_named(const std::string& name);

/// What a census table is about.
struct census_heading {
  std::string family;  // the family's spec
  std::size_t values = 0;
  std::size_t rules = 0;  // rules in the family
};

/**
 * Writes a census. Rows arrive through row() in family order (any subset: an interrupted run writes the rows
 * finished); jsonl writes each at once, the other formats at end(). text: an aligned table for a terminal, then what
 * the "same as" column means, the groups' count and each stopped rule's reason; md: the same as a Markdown table;
 * csv: one line per row with every field (RFC 4180 quoting); json: one document {"census": {family, values, rules},
 * "rows": [...], "groups": [...], "complete", "stopped"}; jsonl: {"census": ...}, one line per row, one per group,
 * then {"complete", "rows", "stopped"}. "complete" is true when every rule has its row and no row stopped short of
 * the values asked for; "stopped" counts the rows that did. Rows stopped short of the comparison length are in no
 * group, and the text says that they were not compared. The bytes depend only on the heading, the rows and the
 * groups.
 *
 * Example: census_writer w(std::cout, census_format::md, heading); for (row : rows) w.row(row);
 *          w.end(census_groups(rows, heading.values), true);
 */
class census_writer {
 public:
  census_writer(std::ostream& out, census_format format, census_heading heading);

  void row(const census_row& row);

  /// Closes the output; `all_rows`: every rule of the family has its row (complete when none of them stopped short).
  void end(std::span<const census_group> groups, bool all_rows);

  /// The rows written so far that stopped short of the values asked for (status stopped, or fewer values computed).
  std::size_t stopped() const;

 private:
  std::ostream& out_;
  census_format format_;
  census_heading heading_;
  std::vector<census_row> rows_;
};

/// The header line of a census's journal: {"tartan_census": 2, "family", "values", "rules", "rules_fingerprint"}
/// (its checksum is added as the line is written).
nlohmann::ordered_json census_journal_header(const census_heading& heading, std::span<const std::string> rules);

/// A line of a journal left out as it was read: its number (from 1), the rule it names when that can be read, and
/// what is wrong with it.
struct census_journal_damage {
  std::size_t line = 0;
  std::optional<std::size_t> index;
  std::string rule;
  std::string problem;  // e.g. "fails its checksum (it was changed after it was written)"
};

/**
 * A census's journal, open for appending (see the top of this file).
 *
 * Example: census_journal j = census_journal::open("run.journal", header); j.recorded() holds the rows of an
 * earlier run; j.append(row) records one more.
 */
class census_journal {
 public:
  /**
   * Opens `path` for the census whose header is `header`: creates it with the header when it is missing or empty,
   * else reads its rows. Throws parse_error, in one line, when the file cannot be created or written ("cannot
   * write the journal 'x': Permission denied; ..."), when it holds another census, naming what differs ("the journal
   * 'x' records g(0..4095) of each rule, not g(0..999); ..."), when it is of version 1, or when its header fails its
   * checksum. A row whose line is not JSON, fails its checksum or lacks a field is left out and listed in damaged().
   */
  static census_journal open(const std::string& path, const nlohmann::ordered_json& header);

  census_journal(census_journal&&) noexcept;
  census_journal& operator=(census_journal&&) noexcept;
  ~census_journal();

  /// The rows read back when the journal was opened, in the order recorded.
  std::vector<census_row>& recorded() { return recorded_; }
  /// The lines left out as damaged when the journal was opened.
  const std::vector<census_journal_damage>& damaged() const { return damaged_; }
  /// Whether the last line was cut short (and dropped) when the journal was opened.
  bool repaired() const { return repaired_; }

  /// Appends the row's line and flushes it to the disk. Throws error when the write fails (disk full).
  void append(const census_row& row);

 private:
  census_journal() = default;
  int fd_ = -1;
  std::string path_;
  std::vector<census_row> recorded_;
  std::vector<census_journal_damage> damaged_;
  bool repaired_ = false;
};

/// What a census goes on from: the rows to keep, by index, and one line for each rule computed again.
struct census_resume {
  std::map<std::size_t, census_row> rows;
  std::vector<std::string> notes;  // e.g. "the journal 'x', line 7 (rule '0.77'), fails its checksum ...; ..."
};

/**
 * The rows of `journal` a census of `rules` to `values` values goes on from: the last row recorded for each rule;
 * a rule whose rows all stopped short of the values (a later run may have more time or memory) or whose only line
 * is damaged is left out, to be computed again, the damage said in a note. `path` names the journal in messages.
 * Throws parse_error when a row names a rule the family does not hold at its index.
 * Complexity: O(R log R) for R rows recorded.
 */
census_resume census_rows_to_resume(census_journal& journal, std::span<const std::string> rules, std::size_t values,
                                    const std::string& path);

}  // namespace tartan::present
