#include "tartan/present/census_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <utility>

#include "tartan/core/crc32c.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace tartan::present {

namespace {

using json = nlohmann::ordered_json;

/// The version of the journal's format: 2, each line with its checksum (1 had none).
constexpr int journal_version = 2;

std::string hex64(std::uint64_t v) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
}

std::uint64_t parse_hex64(const std::string& s) {
  std::uint64_t v = 0;
  for (const char c : s) {
    v <<= 4;
    if (c >= '0' && c <= '9') {
      v |= static_cast<std::uint64_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      v |= static_cast<std::uint64_t>(c - 'a' + 10);
    } else {
      throw parse_error("a census row's fingerprint holds '" + std::string(1, c) + "', not a hexadecimal digit");
    }
  }
  return v;
}

/// The field `key` of a row read back, of the type asked; parse_error naming it otherwise.
template <class T>
T field(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) throw parse_error(std::string("a census row lacks its field \"") + key + "\"");
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw parse_error(std::string("a census row's field \"") + key + "\" is " + it->dump().substr(0, 40) +
                      ", not of its type");
  }
}

json period_json(const std::optional<sequence_period>& period) {
  if (!period) return nullptr;
  return {{"preperiod", period->preperiod},
          {"period", period->period},
          {"saltus", period->saltus},
          {"proven", period->proven},
          {"full_periods", period->full_periods},
          {"why", period->why}};
}

json rare_json(const std::optional<rare_values>& rare) {
  if (!rare) return nullptr;
  return {{"mask", rare->mask.mask},
          {"mask_hex", mask_hex(rare->mask.mask)},
          {"variant", to_string(rare->mask.variant)},
          {"t", rare->split_take},
          {"count", rare->count},
          {"last", rare->last ? json(*rare->last) : json(nullptr)},
          {"all", rare->all}};
}

/// The row's relation to its group's first member, from the groups: index → (first member, member).
std::map<std::size_t, std::pair<std::size_t, census_member>> same_as_of(std::span<const census_group> groups) {
  std::map<std::size_t, std::pair<std::size_t, census_member>> same;
  for (const census_group& g : groups) {
    for (std::size_t i = 1; i < g.members.size(); ++i) {
      same[g.members[i].index] = {g.members.front().index, g.members[i]};
    }
  }
  return same;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string q = "\"";
  for (const char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

/// The misère quotient's cell: its order ("40"; "40 all" when its period is proven, so it is the quotient of the whole
/// game), or, stopped short, "≥638 h33" (the order at the last heap completed, which the rest can only raise).
std::string census_quotient_cell(const std::optional<census_quotient>& q) {
  if (!q) return "-";
  if (!q->complete) return "≥" + std::to_string(q->order) + " h" + std::to_string(q->bound);
  return std::to_string(q->order) + (q->proven ? " all" : "");
}

std::string md_cell(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

json census_row_json(const census_row& row, bool with_seconds) {
  const sequence_summary& s = row.summary;
  json j = {{"i", row.index},
            {"rule", row.rule},
            {"name", row.name},
            {"computed", row.computed},
            {"status", to_string(row.status)},
            {"why", row.why},
            {"period", period_json(s.period)},
            {"largest", s.largest},
            {"largest_at", s.largest_at},
            {"largest_all", s.largest_all},
            {"rare", rare_json(s.rare)},
            {"rare_note", s.rare_note},
            {"shift", row.shift},
            {"fingerprint",
             row.fingerprint ? json(hex64((*row.fingerprint)[0]) + hex64((*row.fingerprint)[1])) : json(nullptr)}};
  if (row.misere) {
    const census_quotient& q = *row.misere;
    j["misere"] = {{"bound", q.bound},       {"order", q.order},   {"p_portion_size", q.p_portion_size},
                   {"complete", q.complete}, {"proven", q.proven}, {"why", q.why}};
  }
  if (with_seconds) j["seconds"] = row.seconds;
  return j;
}

census_row census_row_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw parse_error("a census row is a JSON object, not " + j.dump().substr(0, 40));
  census_row row;
  row.index = field<std::size_t>(j, "i");
  row.rule = field<std::string>(j, "rule");
  row.name = field<std::string>(j, "name");
  row.computed = field<std::size_t>(j, "computed");
  const std::string status = field<std::string>(j, "status");
  const std::optional<census_status> named = census_status_named(status);
  if (!named) throw parse_error("a census row's status is " + quote_typed(status) + ", not one tartan writes");
  row.status = *named;
  row.why = field<std::string>(j, "why");
  sequence_summary& s = row.summary;
  s.observed = row.computed;
  const nlohmann::json period = field<nlohmann::json>(j, "period");
  if (!period.is_null()) {
    sequence_period p;
    p.preperiod = field<std::size_t>(period, "preperiod");
    p.period = field<std::size_t>(period, "period");
    p.saltus = field<grundy_value>(period, "saltus");
    p.proven = field<bool>(period, "proven");
    p.observed = row.computed;
    p.full_periods = field<std::size_t>(period, "full_periods");
    p.why = field<std::string>(period, "why");
    s.period = p;
  }
  s.largest = field<grundy_value>(j, "largest");
  s.largest_at = field<std::size_t>(j, "largest_at");
  s.largest_all = field<bool>(j, "largest_all");
  const nlohmann::json rare = field<nlohmann::json>(j, "rare");
  if (!rare.is_null()) {
    rare_values r;
    r.mask.mask = field<grundy_value>(rare, "mask");
    r.mask.variant = field<std::string>(rare, "variant") == "domain" ? rare_variant::domain : rare_variant::range;
    r.split_take = field<coin>(rare, "t");
    r.count = field<std::size_t>(rare, "count");
    const nlohmann::json last = field<nlohmann::json>(rare, "last");
    if (!last.is_null()) r.last = field<std::size_t>(rare, "last");
    r.all = field<bool>(rare, "all");
    s.rare = r;
  }
  s.rare_note = field<std::string>(j, "rare_note");
  row.shift = field<std::uint32_t>(j, "shift");
  if (j.contains("misere") && !j["misere"].is_null()) {
    const nlohmann::json& m = j["misere"];
    row.misere = census_quotient{
        field<coin>(m, "bound"),    field<std::uint32_t>(m, "order"), field<std::uint32_t>(m, "p_portion_size"),
        field<bool>(m, "complete"), field<bool>(m, "proven"),         field<std::string>(m, "why")};
  }
  const nlohmann::json print = field<nlohmann::json>(j, "fingerprint");
  if (!print.is_null()) {
    const std::string text = field<std::string>(j, "fingerprint");
    if (text.size() != 32)
      throw parse_error("a census row's fingerprint has " + std::to_string(text.size()) + " digits, not 32");
    row.fingerprint = census_fingerprint{parse_hex64(text.substr(0, 16)), parse_hex64(text.substr(16))};
  }
  if (j.contains("seconds")) row.seconds = field<double>(j, "seconds");
  return row;
}

namespace {

/// A take-and-break code's digits and '!' marks as one key ("4!.0" and "4!.00" alike), or "" for another rule.
std::string take_break_key(const std::string& text) {
  if (!take_break_code::claims(text)) return "";
  try {
    const take_break_code code = take_break_code::parse(text);
    std::vector<std::string> digits;
    for (coin k = 0; k <= code.max_take(); ++k) {
      digits.push_back(std::to_string(code.digit(k)) + (code.distinct(k) ? "!" : ""));
    }
    while (digits.size() > 1 && digits.back() == "0") digits.pop_back();
    std::string key;
    for (const std::string& d : digits) key += d + ",";
    return key;
  } catch (const parse_error&) {
    return "";
  }
}

}  // namespace

census_rules resolve_census_rules(const census_family& family) {
  std::map<std::string, std::string> builtin;  // code key -> name
  for (const games::game_info& info : games::all_games()) {
    const std::string code(info.code);
    const std::string key = take_break_key(code);
    builtin.emplace(key.empty() ? "code " + code : "tb " + key, std::string(info.name));
  }
  census_rules rules;
  for (std::size_t i = 0; i < family.rules.size(); ++i) {
    const std::string& text = family.rules[i];
    const std::string where = "rule " + std::to_string(i + 1) + " of " + family.description + ", " + quote_typed(text);
    if (text.find('*') != std::string::npos) {
      throw parse_error(where + ", is a product: a census computes sequences of 1-D games; list its factors instead");
    }
    turning_game game = [&] {
      try {
        return games::find_game(text);
      } catch (const parse_error& e) {
        throw parse_error(where + ": " + e.what());
      }
    }();
    const std::string key = take_break_key(game.code());
    const auto it = builtin.find(key.empty() ? "code " + game.code() : "tb " + key);
    rules.texts.push_back(text);
    rules.names.push_back(it != builtin.end() ? it->second : "");
    rules.games.push_back(std::move(game));
  }
  return rules;
}

census_format census_format_named(const std::string& name) {
  if (name == "text") return census_format::text;
  if (name == "md") return census_format::md;
  if (name == "csv") return census_format::csv;
  if (name == "json") return census_format::json;
  if (name == "jsonl") return census_format::jsonl;
  throw parse_error("--format " + quote_typed(name) + " is not a census format; type text, md, csv, json or jsonl");
}

census_writer::census_writer(std::ostream& out, census_format format, census_heading heading)
    : out_(out), format_(format), heading_(std::move(heading)) {
  if (format_ == census_format::jsonl) {
    out_ << json{{"census", {{"family", heading_.family}, {"values", heading_.values}, {"rules", heading_.rules}}}}
                .dump()
         << '\n'
         << std::flush;
  }
}

void census_writer::row(const census_row& row) {
  if (format_ == census_format::jsonl) {
    out_ << census_row_json(row, false).dump() << '\n' << std::flush;
    rows_.push_back({});
    rows_.back().index = row.index;  // counted; the rest is written
    rows_.back().computed = row.computed;
    rows_.back().status = row.status;
    return;
  }
  rows_.push_back(row);
}

std::size_t census_writer::stopped() const {
  return static_cast<std::size_t>(std::count_if(rows_.begin(), rows_.end(), [&](const census_row& r) {
    return r.status == census_status::stopped || r.computed < heading_.values;
  }));
}

void census_writer::end(std::span<const census_group> groups, bool all_rows) {
  const std::size_t stopped_rows = stopped();
  const bool complete = all_rows && stopped_rows == 0;
  std::map<std::size_t, const census_row*> by_index;
  for (const census_row& r : rows_) by_index[r.index] = &r;
  const auto same = same_as_of(groups);
  const auto rule_of = [&](std::size_t index) {
    const auto it = by_index.find(index);
    return it == by_index.end() ? std::to_string(index) : it->second->rule;
  };
  if (format_ == census_format::jsonl) {
    for (const census_group& g : groups) {
      json members = json::array();
      for (const census_member& m : g.members) {
        members.push_back({{"i", m.index}, {"moved", m.moved}, {"proven", m.proven}});
      }
      out_ << json{{"group", members}}.dump() << '\n';
    }
    out_ << json{{"complete", complete}, {"rows", rows_.size()}, {"stopped", stopped_rows}}.dump() << '\n'
         << std::flush;
    return;
  }
  if (format_ == census_format::json) {
    json doc = {{"census", {{"family", heading_.family}, {"values", heading_.values}, {"rules", heading_.rules}}},
                {"rows", json::array()},
                {"groups", json::array()},
                {"complete", complete},
                {"stopped", stopped_rows}};
    for (const census_row& r : rows_) {
      json j = census_row_json(r, false);
      const auto it = same.find(r.index);
      j["same_as"] = it == same.end() ? json(nullptr)
                                      : json{{"i", it->second.first},
                                             {"rule", rule_of(it->second.first)},
                                             {"moved", it->second.second.moved},
                                             {"proven", it->second.second.proven}};
      doc["rows"].push_back(std::move(j));
    }
    for (const census_group& g : groups) {
      json members = json::array();
      for (const census_member& m : g.members) {
        members.push_back({{"i", m.index}, {"rule", rule_of(m.index)}, {"moved", m.moved}, {"proven", m.proven}});
      }
      doc["groups"].push_back({{"members", members}});
    }
    out_ << doc.dump() << '\n' << std::flush;
    return;
  }
  // The cells of each row, shared by text, md and csv.
  const std::size_t n = heading_.values;
  bool saltus = false, short_values = false, misere = false;
  for (const census_row& r : rows_) {
    misere = misere || r.misere.has_value();
    saltus = saltus || (r.summary.period && r.summary.period->saltus != 0);
    short_values = short_values || r.computed != n;
  }
  const auto same_text = [&](const census_row& r) {
    const auto it = same.find(r.index);
    if (it == same.end()) return std::string();
    const census_member& m = it->second.second;
    return rule_of(it->second.first) + (m.moved != 0 ? " +" + std::to_string(m.moved) : std::string()) +
           (m.proven ? "" : "?");
  };
  if (format_ == census_format::csv) {
    out_ << "index,rule,name,values,status,preperiod,period,saltus,largest,largest_at,largest_all,mask,variant,rare,"
            "last_rare,rare_all,shift,same_as,moved,same_proven,why"
         << (misere ? ",misere_bound,misere_order,misere_p_portion,misere_complete,misere_proven" : "") << '\n';
    for (const census_row& r : rows_) {
      const auto& p = r.summary.period;
      const auto& rare = r.summary.rare;
      const auto it = same.find(r.index);
      out_ << r.index << ',' << csv_field(r.rule) << ',' << csv_field(r.name) << ',' << r.computed << ','
           << to_string(r.status) << ',' << (p ? std::to_string(p->preperiod) : "") << ','
           << (p ? std::to_string(p->period) : "") << ',' << (p ? std::to_string(p->saltus) : "") << ','
           << (r.computed ? std::to_string(r.summary.largest) : "") << ','
           << (r.computed ? std::to_string(r.summary.largest_at) : "") << ',' << (r.summary.largest_all ? 1 : 0) << ','
           << (rare ? mask_hex(rare->mask.mask) : "") << ',' << (rare ? to_string(rare->mask.variant) : "") << ','
           << (rare ? std::to_string(rare->count) : "") << ','
           << (rare && rare->last ? std::to_string(*rare->last) : "") << ',' << (rare && rare->all ? 1 : 0) << ','
           << r.shift << ',' << csv_field(it == same.end() ? "" : rule_of(it->second.first)) << ','
           << (it == same.end() ? "" : std::to_string(it->second.second.moved)) << ','
           << (it == same.end() ? "" : std::to_string(it->second.second.proven ? 1 : 0)) << ',' << csv_field(r.why);
      if (misere && r.misere) {
        out_ << ',' << r.misere->bound << ',' << r.misere->order << ',' << r.misere->p_portion_size << ','
             << (r.misere->complete ? 1 : 0) << ',' << (r.misere->proven ? 1 : 0);
      } else if (misere) {
        out_ << ",,,,,";
      }
      out_ << '\n';
    }
    out_ << std::flush;
    return;
  }
  // text and md: the table, then what it means.
  std::vector<std::string> head = {"rule", "name"};
  if (short_values) head.push_back("values");
  head.insert(head.end(), {"preperiod", "period"});
  if (saltus) head.push_back("saltus");
  head.insert(head.end(), {"status", "largest", "at", "mask", "rare", "last rare", "same as"});
  if (misere) head.push_back("misère Q");
  std::vector<std::vector<std::string>> cells;
  for (const census_row& r : rows_) {
    const auto& p = r.summary.period;
    const auto& rare = r.summary.rare;
    std::vector<std::string> c = {r.rule, r.name};
    if (short_values) c.push_back(std::to_string(r.computed));
    c.push_back(p ? std::to_string(p->preperiod) : "-");
    c.push_back(p ? std::to_string(p->period) : "-");
    if (saltus) c.push_back(p ? std::to_string(p->saltus) : "-");
    c.push_back(to_string(r.status));
    c.push_back(r.computed ? std::to_string(r.summary.largest) : "-");
    c.push_back(r.computed ? std::to_string(r.summary.largest_at) : "-");
    c.push_back(rare ? mask_hex(rare->mask.mask) + (rare->mask.variant == rare_variant::domain ? " dom" : "") : "-");
    c.push_back(rare ? std::to_string(rare->count) : "-");
    c.push_back(rare && rare->last ? std::to_string(*rare->last) : "-");
    c.push_back(same_text(r));
    if (misere) c.push_back(census_quotient_cell(r.misere));
    cells.push_back(std::move(c));
  }
  const auto numeric = [&](std::size_t col) {
    const std::string& h = head[col];
    return h == "values" || h == "preperiod" || h == "period" || h == "saltus" || h == "largest" || h == "at" ||
           h == "rare" || h == "last rare";
  };
  const bool md = format_ == census_format::md;
  const std::string title = "census of " + heading_.family + ": g(0.." + std::to_string(n - 1) + ") of each of " +
                            std::to_string(heading_.rules) + (heading_.rules == 1 ? " rule" : " rules") +
                            (all_rows ? "" : ", " + std::to_string(rows_.size()) + " done") +
                            (stopped_rows == 0 ? "" : ", " + std::to_string(stopped_rows) + " stopped short");
  if (md) {
    out_ << "## " << title << "\n\n|";
    for (const std::string& h : head) out_ << ' ' << h << " |";
    out_ << "\n|";
    for (std::size_t i = 0; i < head.size(); ++i) out_ << (numeric(i) ? " --: |" : " --- |");
    out_ << '\n';
    for (const auto& c : cells) {
      out_ << '|';
      for (const std::string& cell : c) out_ << ' ' << md_cell(cell) << " |";
      out_ << '\n';
    }
    out_ << '\n';
  } else {
    std::vector<std::size_t> width(head.size());
    for (std::size_t i = 0; i < head.size(); ++i) width[i] = head[i].size();
    for (const auto& c : cells) {
      for (std::size_t i = 0; i < c.size(); ++i) width[i] = std::max(width[i], c[i].size());
    }
    const auto line = [&](const std::vector<std::string>& c) {
      std::string text;
      for (std::size_t i = 0; i < c.size(); ++i) {
        const std::string pad(width[i] - c[i].size(), ' ');
        text += (i == 0 ? "" : "  ") + (numeric(i) ? pad + c[i] : c[i] + (i + 1 == c.size() ? "" : pad));
      }
      while (!text.empty() && text.back() == ' ') text.pop_back();
      out_ << text << '\n';
    };
    out_ << title << '\n';
    line(head);
    for (const auto& c : cells) line(c);
    out_ << '\n';
  }
  // The notes: the columns, the groups, the rules stopped short.
  const std::string bullet = md ? "- " : "";
  out_ << bullet << "rare: heaps n with popcount(g(n) & mask) even (dom: of the parity of n - t, t a digit leaving "
       << "two heaps); same as: the rule with these values, +d moved d heaps right (g(n) = g'(n - d)), ? equal over "
       << "the values compared, not proven\n";
  if (misere) {
    out_ << bullet << "misère Q: the order of the rule's misère quotient of its heaps up to the bound (all: its "
         << "period proven, the quotient of the whole game; ≥K hN: the order when the construction stopped after heap "
         << "N, a lower bound; -: not a take-and-break rule)\n";
  }
  std::size_t proven = 0, members = 0;
  for (const census_group& g : groups) {
    members += g.members.size();
    for (std::size_t i = 1; i < g.members.size(); ++i) proven += g.members[i].proven ? 1 : 0;
  }
  // Rows that stopped before the comparison length have no fingerprint: they were compared with nothing.
  const std::string compared = "g(0.." + std::to_string(census_comparison_length(n) - 1) + ")";
  const auto uncompared = static_cast<std::size_t>(
      std::count_if(rows_.begin(), rows_.end(), [](const census_row& r) { return !r.fingerprint; }));
  const std::string left_out =
      uncompared == 0   ? ""
      : uncompared == 1 ? "; 1 rule stopped short of them and was not compared"
                        : "; " + std::to_string(uncompared) + " rules stopped short of them and were not compared";
  if (groups.empty()) {
    out_ << bullet << "no two rules have equal values (compared over " << compared << " from their first nonzero value"
         << left_out << ")\n";
  } else {
    out_ << bullet << groups.size() << (groups.size() == 1 ? " group" : " groups") << " of rules with equal values, "
         << members << " rules: " << proven << " proven equal to the group's first, "
         << (members - groups.size() - proven) << " equal over " << compared << " from their first nonzero value"
         << left_out << "\n";
  }
  for (const census_row& r : rows_) {
    if (r.status == census_status::stopped) out_ << bullet << r.rule << " stopped: " << r.why << '\n';
  }
  out_ << std::flush;
}

json census_journal_header(const census_heading& heading, std::span<const std::string> rules) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a over the rules, each ended by a newline
  for (const std::string& r : rules) {
    for (const char c : r + "\n") {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ULL;
    }
  }
  return {{"tartan_census", journal_version},
          {"family", heading.family},
          {"values", heading.values},
          {"rules", heading.rules},
          {"rules_fingerprint", hex64(h)}};
}

namespace {

/// The end of every journal line: its checksum, the last field of its object.
constexpr std::string_view checksum_field = ",\"crc32c\":\"";
constexpr std::size_t checksum_tail = checksum_field.size() + 8 + 2;  // the field, 8 digits, "}

/// `object` (a JSON object's text) with its checksum as its last field, and a newline.
std::string checked_line(const std::string& object) {
  const std::uint32_t crc = crc32c(object.data(), object.size());
  return object.substr(0, object.size() - 1) + std::string(checksum_field) + hex64(crc).substr(8) + "\"}\n";
}

/// The object `line` holds without its checksum field, or nullopt when the line has none or it fails.
std::optional<std::string> checked_object(const std::string& line) {
  if (line.size() < checksum_tail + 2 || line.compare(line.size() - 2, 2, "\"}") != 0) return std::nullopt;
  const std::size_t at = line.size() - checksum_tail;
  if (line.compare(at, checksum_field.size(), checksum_field) != 0) return std::nullopt;
  std::uint32_t recorded = 0;
  for (std::size_t i = at + checksum_field.size(); i < line.size() - 2; ++i) {
    const char c = line[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return std::nullopt;
    recorded = recorded << 4 | static_cast<std::uint32_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  std::string object = line.substr(0, at) + "}";
  if (crc32c(object.data(), object.size()) != recorded) return std::nullopt;
  return object;
}

/// What a journal's header `recorded` says that the census's `asked` does not, for "the journal 'x' ...; give
/// another --journal file": the first field that differs, both ways.
std::string header_difference(const nlohmann::json& recorded, const nlohmann::json& asked) {
  const auto shown = [](const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return std::string("nothing");
    return j[key].is_string() ? quote_typed(j[key].get<std::string>(), 80) : quote_typed(j[key].dump(), 40);
  };
  const auto differs = [&](const char* key) { return !recorded.contains(key) || recorded[key] != asked[key]; };
  if (differs("family")) {
    return "records the census of " + shown(recorded, "family") + ", not of " + shown(asked, "family");
  }
  if (differs("values")) {
    const auto last = [&](const nlohmann::json& j) {
      return j.contains("values") && j["values"].is_number_unsigned() && j["values"].get<std::uint64_t>() > 0
                 ? "g(0.." + std::to_string(j["values"].get<std::uint64_t>() - 1) + ")"
                 : shown(j, "values") + " values";
    };
    return "records " + last(recorded) + " of each rule, not " + last(asked);
  }
  if (differs("rules")) {
    return "records a family of " + shown(recorded, "rules") + " rules, and this one holds " + shown(asked, "rules");
  }
  if (differs("rules_fingerprint")) {
    return "records other rules under the same name (the family's rules changed since, a file of rules edited, "
           "say)";
  }
  for (const auto& [key, value] : recorded.items()) {
    if (!asked.contains(key)) return "has a header field tartan does not write, " + quote_typed(key);
  }
  return "has another header";
}

[[noreturn]] void refuse_io(const std::string& what, const std::string& path, int err) {
  throw parse_error("cannot " + what + " the journal " + quote_typed(path, 400) + ": " + std::strerror(err) +
                    "; give a --journal file in a directory you may write");
}

void write_all(int fd, const std::string& text, const std::string& path) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      refuse_io("write", path, errno);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) refuse_io("write", path, errno);
}

}  // namespace

census_journal census_journal::open(const std::string& path, const nlohmann::ordered_json& header) {
  census_journal journal;
  journal.path_ = path;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) refuse_io("open", path, errno);
  journal.fd_ = fd;
  struct stat st {};
  if (::fstat(fd, &st) != 0) refuse_io("read", path, errno);
  if (!S_ISREG(st.st_mode)) {
    throw parse_error("the journal " + quote_typed(path, 400) +
                      " is not a regular file; give a file name for --journal");
  }
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::pread(fd, text.data() + got, text.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) refuse_io("read", path, n < 0 ? errno : EIO);
    got += static_cast<std::size_t>(n);
  }
  const std::string quoted = quote_typed(path, 400);
  // A line without its newline is a write cut short: only the last line can be one.
  std::size_t complete = text.rfind('\n');
  complete = complete == std::string::npos ? 0 : complete + 1;
  if (complete < text.size()) journal.repaired_ = true;
  if (complete == 0) {
    // Empty, or the header's own write cut short: anything else is not ours to overwrite.
    const std::string line = checked_line(header.dump());
    if (line.compare(0, text.size(), text) != 0) {
      throw parse_error(quoted + " is not a census journal (it holds other text); give another --journal file");
    }
    if (::ftruncate(fd, 0) != 0) refuse_io("write", path, errno);
    ::lseek(fd, 0, SEEK_SET);
    write_all(fd, line, path);
    return journal;
  }
  std::size_t start = 0;
  std::size_t line_number = 0;
  while (start < complete) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    const std::optional<std::string> object = checked_object(line);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(object.value_or(line));
    } catch (const nlohmann::json::exception&) {
      if (line_number == 1) {
        throw parse_error(quoted +
                          " is not a census journal (its first line is not JSON); give another --journal file");
      }
      journal.damaged_.push_back({line_number, std::nullopt, "", "is not a row tartan wrote (it is not JSON)"});
      continue;
    }
    if (line_number == 1) {
      if (!j.is_object() || !j.contains("tartan_census")) {
        throw parse_error(quoted +
                          " is not a census journal (its first line is not a census header); give another "
                          "--journal file");
      }
      if (j["tartan_census"] != journal_version) {
        throw parse_error("the journal " + quoted + " is of version " + quote_typed(j["tartan_census"].dump(), 20) +
                          (j["tartan_census"] == 1 ? ", written before journals checked each line with a checksum"
                                                   : ", which this tartan does not read") +
                          "; give another --journal file (the census starts over in it)");
      }
      if (!object) {
        throw parse_error("the header line of the journal " + quoted +
                          " fails its checksum (it was changed after it was written); give another --journal file");
      }
      if (j != nlohmann::json(header)) {
        throw parse_error("the journal " + quoted + " " + header_difference(j, nlohmann::json(header)) +
                          "; give another --journal file, or ask for the census it records");
      }
      continue;
    }
    // A row: its index and rule named in the damage when they can be read.
    census_journal_damage damage{line_number, std::nullopt, "", ""};
    if (j.is_object() && j.contains("i") && j["i"].is_number_unsigned() && j.contains("rule") &&
        j["rule"].is_string()) {
      damage.index = j["i"].get<std::size_t>();
      damage.rule = j["rule"].get<std::string>();
    }
    if (!object) {
      damage.problem = "fails its checksum (it was changed after it was written)";
      journal.damaged_.push_back(std::move(damage));
      continue;
    }
    try {
      journal.recorded_.push_back(census_row_from_json(j));
    } catch (const parse_error& e) {
      damage.problem = "is not a row tartan wrote (" + std::string(e.what()) + ")";
      journal.damaged_.push_back(std::move(damage));
    }
  }
  if (journal.repaired_ && ::ftruncate(fd, static_cast<off_t>(complete)) != 0) refuse_io("write", path, errno);
  if (::lseek(fd, 0, SEEK_END) < 0) refuse_io("write", path, errno);
  return journal;
}

census_journal::census_journal(census_journal&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      recorded_(std::move(other.recorded_)),
      damaged_(std::move(other.damaged_)),
      repaired_(other.repaired_) {}

census_journal& census_journal::operator=(census_journal&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    recorded_ = std::move(other.recorded_);
    damaged_ = std::move(other.damaged_);
    repaired_ = other.repaired_;
  }
  return *this;
}

census_journal::~census_journal() {
  if (fd_ >= 0) ::close(fd_);
}

void census_journal::append(const census_row& row) {
  ::lseek(fd_, 0, SEEK_END);
  write_all(fd_, checked_line(census_row_json(row, true).dump()), path_);
}

census_resume census_rows_to_resume(census_journal& journal, std::span<const std::string> rules, std::size_t values,
                                    const std::string& path) {
  const std::string quoted = quote_typed(path, 400);
  census_resume resume;
  std::set<std::size_t> stopped;
  for (census_row& row : journal.recorded()) {
    if (row.index >= rules.size() || row.rule != rules[row.index]) {
      throw parse_error("the journal " + quoted + " records rule " + quote_typed(row.rule) + " at " +
                        std::to_string(row.index) +
                        ", which this family does not hold there; give another --journal "
                        "file");
    }
    if (row.status == census_status::stopped || row.computed < values) {
      stopped.insert(row.index);
      continue;
    }
    const std::size_t index = row.index;
    stopped.erase(index);
    resume.rows.insert_or_assign(index, std::move(row));  // the last recorded, should a rule be recorded twice
  }
  if (!stopped.empty()) {
    resume.notes.push_back(std::to_string(stopped.size()) + (stopped.size() == 1 ? " rule" : " rules") +
                           " the journal " + quoted + " records as stopped short " +
                           (stopped.size() == 1 ? "is" : "are") + " computed again");
  }
  for (const census_journal_damage& d : journal.damaged()) {
    if (d.index && resume.rows.count(*d.index) != 0) continue;  // recorded again after the damaged line
    resume.notes.push_back("the journal " + quoted + ", line " + std::to_string(d.line) +
                           (d.index ? " (rule " + quote_typed(d.rule) + ")" : "") + ", " + d.problem +
                           (d.index ? ": the rule is computed again" : ": left out"));
  }
  return resume;
}

}  // namespace tartan::present
