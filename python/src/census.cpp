// Censuses: tartan.census (python/tartan/_census.py) over the engine's run_census, answered as the JSON `tartan census
// --format json` prints (present/census_output.hpp), which the Python layer reads into its classes.
#include "tartan/analysis/census.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "common.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/census_output.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan::python {

namespace {

/// The keyword argument of tartan.census that sets each parameter of the engine's families (census.hpp).
std::string keyword_of(const std::string& parameter) {
  if (parameter == "first_digits") return "d0";
  if (parameter == "max_value") return "max";
  return parameter;  // digits, max_element, max_size
}

/// The family named by the keyword arguments of tartan.census.
census_family family_named(const std::string& kind, py::handle digits, const std::vector<unsigned>& d0,
                           py::handle max_element, py::handle size, const std::string& pattern, py::handle max_value,
                           const std::string& source, const std::string& listed) {
  const auto needs = [&](py::handle value, const char* what) {
    if (value.is_none()) {
      throw parse_error(std::string(kind == "octal" ? "an " : "a ") + kind + " census needs " + what +
                        "=..., e.g. tartan.census(\"" + kind + "\", " + what + "=2)");
    }
    return static_cast<unsigned>(to_u64(value, what, 1u << 20));
  };
  if (kind == "octal") return octal_family(needs(digits, "digits"), d0.empty() ? std::vector<unsigned>{0} : d0);
  if (kind == "hex") return hexadecimal_family(needs(digits, "digits"), d0.empty() ? std::vector<unsigned>{0} : d0);
  if (kind == "subtraction") {
    const unsigned most = needs(max_element, "max_element");
    return subtraction_family(most, size.is_none() ? most : static_cast<unsigned>(to_u64(size, "max_size", 1u << 20)));
  }
  if (kind == "turning") {
    if (pattern.empty()) {
      throw parse_error("a turning census needs pattern=..., e.g. tartan.census(\"turning\", pattern=\"a-bC(w)\")");
    }
    return turning_family(pattern, max_value.is_none() ? 6 : static_cast<unsigned>(to_u64(max_value, "max", 1u << 20)));
  }
  if (kind == "rules") return listed_family(source, listed);
  throw parse_error("unknown family " + quote_typed(kind) +
                    "; give octal, hex, subtraction, turning, a list of rules or file=");
}

/// The same, a bound out of range said with its keyword argument: "digits=7 is out of range for octal codes; ...".
census_family family_of(const std::string& kind, py::handle digits, const std::vector<unsigned>& d0,
                        py::handle max_element, py::handle size, const std::string& pattern, py::handle max_value,
                        const std::string& source, const std::string& listed) {
  try {
    return family_named(kind, digits, d0, max_element, size, pattern, max_value, source, listed);
  } catch (const argument_error& e) {
    throw parse_error(keyword_of(e.parameter()) + "=" + e.given() + " " + e.problem() + "; give " + e.accepted() +
                      " (" + e.meaning() + ")");
  }
}

}  // namespace

void bind_census(py::module_& m) {
  m.def(
      "_census",
      [](const std::string& kind, py::handle digits, const std::vector<unsigned>& d0, py::handle max_element,
         py::handle size, const std::string& pattern, py::handle max_value, const std::string& source,
         const std::string& listed, py::handle values, py::handle max_seconds, py::handle max_memory,
         py::handle threads, const std::string& journal_path, const std::string& format, py::object progress) {
        const census_family family = family_of(kind, digits, d0, max_element, size, pattern, max_value, source, listed);
        census_options options;
        options.values = static_cast<std::size_t>(to_u64(values, "length", max_sequence_length));
        if (options.values == 0) throw parse_error("length=0 computes nothing; ask for 1 or more values per rule");
        options.max_seconds = to_seconds(max_seconds);
        options.max_memory = to_memory_limit(max_memory);
        const unsigned thread_count = threads.is_none() ? 0 : static_cast<unsigned>(to_u64(threads, "threads", 1024));
        const present::census_format out_format = present::census_format_named(format);
        const present::census_rules rules = present::resolve_census_rules(family);
        const present::census_heading heading{family.description, options.values, family.rules.size()};
        std::optional<present::census_journal> journal;
        if (!journal_path.empty()) {
          journal = present::census_journal::open(journal_path, present::census_journal_header(heading, rules.texts));
        }
        std::map<std::size_t, census_row> rows;
        std::vector<std::size_t> done;
        std::vector<std::string> notes;
        if (journal) {
          present::census_resume resume =
              present::census_rows_to_resume(*journal, rules.texts, options.values, journal_path);
          rows = std::move(resume.rows);
          notes = std::move(resume.notes);
          for (const auto& [index, row] : rows) done.push_back(index);
        }
        progress_relay relay(std::move(progress));
        const progress_callback report = relay.callback();
        std::mutex report_lock;
        std::size_t finished = rows.size();
        census_run_options run;
        run.threads = thread_count;
        run.keep_going = [&] {
          const std::lock_guard lock(report_lock);
          return report(static_cast<double>(finished) / static_cast<double>(rules.texts.size()));
        };
        run.on_row = [&](census_row&& row) {
          if (journal) journal->append(row);
          const std::size_t index = row.index;
          rows.emplace(index, std::move(row));
          const std::lock_guard lock(report_lock);
          ++finished;
        };
        const bool complete =
            without_gil([&] { return run_census(rules.games, rules.texts, rules.names, done, options, run); });
        const bool whole = complete && rows.size() == rules.texts.size();
        std::vector<census_row> all;
        for (auto& [index, row] : rows) all.push_back(row);
        const std::vector<census_group> groups = census_groups(all, options.values);
        const auto written = [&](present::census_format f) {
          std::ostringstream out;
          present::census_writer writer(out, f, heading);
          for (const census_row& row : all) writer.row(row);
          writer.end(groups, whole);
          return out.str();
        };
        py::tuple answer = py::make_tuple(written(present::census_format::json), written(out_format), whole, notes);
        relay.raise_if_pending(answer);
        return answer;
      },
      py::arg("kind"), py::arg("digits"), py::arg("d0"), py::arg("max_element"), py::arg("max_size"),
      py::arg("pattern"), py::arg("max_value"), py::arg("source"), py::arg("listed"), py::arg("length"),
      py::arg("max_seconds"), py::arg("max_memory"), py::arg("threads"), py::arg("journal"), py::arg("format"),
      py::arg("progress"),
      "A census: its JSON document, the same in `format`, whether every rule has its row, and the notes on the "
      "journal (rules computed again).");
}

}  // namespace tartan::python
