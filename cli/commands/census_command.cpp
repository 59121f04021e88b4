// tartan census FAMILY: every rule of a family to N values, one row per rule, on the threads of one machine or on
// the ranks of an Open MPI job (cluster/cluster.hpp), resumable from a journal.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cluster/cluster.hpp"
#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/advice.hpp"
#include "tartan/analysis/census.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/census_output.hpp"
#include "tartan/turning/sequence_limits.hpp"

namespace tartan::cli {

namespace {

struct census_command_options {
  std::string family;
  std::string argument;  // the pattern of a turning family, the file of a file family
  std::string digits;
  std::string d0;
  std::string max_element;
  std::string max_size;
  std::string max;
  std::string length = "65536";
  std::string threads;
  std::string format = "text";
  std::string journal;
  std::string max_memory;
  std::string max_seconds;
  std::string worker_timeout;
  bool verbose = false;
  bool progress = false;
  bool misere = false;
  std::string misere_heaps;
};

unsigned parse_count(const std::string& text, const char* what, std::uint64_t most) {
  const std::uint64_t v = parse_u64(text, what);
  if (v > most) {
    throw parse_error(std::string(what) + " " + tartan::quote_typed(text) + " is too large; type at most " +
                      std::to_string(most));
  }
  return static_cast<unsigned>(v);
}

std::vector<unsigned> parse_d0(const std::string& text) {
  std::vector<unsigned> digits;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    if (item.size() != 1 || std::string("0123456789ABCDEFabcdef").find(item[0]) == std::string::npos) {
      throw parse_error("--d0 " + tartan::quote_typed(text) +
                        ": expected digits before the point separated by commas, e.g. 0,4");
    }
    digits.push_back(static_cast<unsigned>(std::stoul(item, nullptr, 16)));
    start = end + 1;
  }
  return digits;
}

/// The family the command line asks for, its bounds refused in the engine's words (family_of says them as options);
/// options that do not belong to it are refused.
census_family family_named(const census_command_options& o, const CLI::App& cmd) {
  const std::string a_family = (o.family == "octal" ? "an " : "a ") + o.family + " family";
  const auto given = [&](const char* option) { return cmd.count(option) > 0; };
  const auto refuse_others = [&](std::initializer_list<const char*> allowed) {
    for (const char* option : {"--digits", "--d0", "--max-element", "--max-size", "--max"}) {
      if (!given(option)) continue;
      if (std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return std::string(a) == option; }) ==
          allowed.end()) {
        throw parse_error(std::string(option) + " does not apply to " + a_family + "; see 'tartan census " +
                          "--help' for the options of each family");
      }
    }
  };
  const auto needs_no_argument = [&] {
    if (!o.argument.empty()) {
      throw parse_error(a_family + " takes no argument, not " + tartan::quote_typed(o.argument) + "; leave it out");
    }
  };
  if (o.family == "octal" || o.family == "hex") {
    refuse_others({"--digits", "--d0"});
    needs_no_argument();
    if (!given("--digits")) {
      throw parse_error(a_family + " needs --digits D, the digits after the point, e.g. " + "'tartan census " +
                        o.family + " --digits 2'");
    }
    const unsigned digits = parse_count(o.digits, "--digits", 64);
    const std::vector<unsigned> d0 = given("--d0") ? parse_d0(o.d0) : std::vector<unsigned>{0};
    return o.family == "octal" ? octal_family(digits, d0) : hexadecimal_family(digits, d0);
  }
  if (o.family == "subtraction") {
    refuse_others({"--max-element", "--max-size"});
    needs_no_argument();
    if (!given("--max-element")) {
      throw parse_error("a subtraction family needs --max-element M, the largest number a move takes, e.g. " +
                        std::string("'tartan census subtraction --max-element 6 --max-size 3'"));
    }
    const unsigned most = parse_count(o.max_element, "--max-element", 64);
    return subtraction_family(most, given("--max-size") ? parse_count(o.max_size, "--max-size", 64) : most);
  }
  if (o.family == "turning") {
    refuse_others({"--max"});
    if (o.argument.empty()) {
      throw parse_error(
          "a turning family needs a pattern, a turning code with lowercase letters for the numbers "
          "to vary, e.g. 'tartan census turning a-bC(w) --max 6'");
    }
    return turning_family(o.argument, given("--max") ? parse_count(o.max, "--max", 1u << 20) : 6);
  }
  if (o.family == "file") {
    refuse_others({});
    if (o.argument.empty()) {
      throw parse_error("a file family needs the file of rules, one per line, e.g. 'tartan census file rules.txt'");
    }
    return listed_family(o.argument, read_input_text(o.argument, "the rules", 2, 1u << 30));
  }
  throw parse_error("unknown family " + tartan::quote_typed(o.family) +
                    "; type octal, hex, subtraction, turning or file (see 'tartan census --help')");
}

/// The option that sets each parameter of the engine's census families (census.hpp), for its argument_errors.
std::string option_of(const std::string& parameter) {
  if (parameter == "first_digits") return "--d0";
  if (parameter == "max_value") return "--max";
  std::string option = "--" + parameter;  // digits, max_element, max_size
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

/// The family the command line asks for, a bound out of range said with its option.
census_family family_of(const census_command_options& o, const CLI::App& cmd) {
  try {
    return family_named(o, cmd);
  } catch (const argument_error& e) {
    throw parse_error(option_of(e.parameter()) + " " + e.given() + " " + e.problem() + "; type " + e.accepted() + " (" +
                      e.meaning() + ")");
  }
}

/// Progress on standard error: redrawn in place on a terminal (the line ends in its percentage, like the progress
/// bars); elsewhere (a log file, a batch job's output) a line at each tenth of the rules when `lines` asks for it.
class census_progress {
 public:
  census_progress(std::size_t total, std::size_t done, bool lines)
      : total_(total), start_done_(done), done_(done), lines_(lines) {}
  ~census_progress() { clear(); }

  void record() {
    ++done_;
    const auto now = std::chrono::steady_clock::now();
    if (terminal_) {
      if (drawn_ && now - last_ < std::chrono::milliseconds(100) && done_ != total_) return;
      last_ = now;
      std::fprintf(stderr, "\r\033[K%s", line(now).c_str());
      std::fflush(stderr);
      drawn_ = true;
    } else if (lines_ && (total_ < 10 || done_ * 10 / total_ != (done_ - 1) * 10 / total_)) {
      std::fprintf(stderr, "%s\n", line(now).c_str());
      std::fflush(stderr);
    }
  }

  void clear() {
    if (terminal_ && drawn_) {
      std::fprintf(stderr, "\r\033[K");
      std::fflush(stderr);
    }
    drawn_ = false;
  }

  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::string line(std::chrono::steady_clock::time_point now) const {
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? static_cast<double>(done_ - start_done_) / elapsed : 0;
    char rate_text[32];
    std::snprintf(rate_text, sizeof rate_text, "%.1f", rate);
    std::string text =
        "census " + std::to_string(done_) + "/" + std::to_string(total_) + " rules, " + rate_text + " rules/s";
    if (rate > 0 && done_ < total_) {
      text += ", about " + format_seconds(static_cast<double>(total_ - done_) / rate) + " left";
    }
    char percent[16];
    std::snprintf(percent, sizeof percent, ", %.1f%%",
                  100.0 * static_cast<double>(done_) / static_cast<double>(total_));
    return text + percent;
  }

  std::size_t total_, start_done_, done_;
  bool lines_;
  bool terminal_ = ::isatty(STDERR_FILENO) != 0;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

/// The rules of a census as the tasks of a cluster run (cluster.hpp): each row travels as its journal's JSON line.
cluster_tasks census_tasks(const census_rules& rules, const census_options& options) {
  const auto stopped_row = [&rules](std::size_t i, const std::string& why) {
    census_row row;
    row.index = i;
    row.rule = rules.texts[i];
    row.name = rules.names[i];
    row.status = census_status::stopped;
    row.why = why;
    return present::census_row_json(row, true).dump();
  };
  cluster_tasks tasks;
  tasks.count = rules.texts.size();
  tasks.kind = "rule";
  tasks.compute = [&rules, &options, stopped_row](
                      std::size_t i, const std::function<bool()>& keep_going) -> std::optional<std::string> {
    try {
      const std::optional<census_row> row =
          census_rule_row(rules.games[i], i, rules.texts[i], rules.names[i], options, keep_going);
      if (!row) return std::nullopt;
      return present::census_row_json(*row, true).dump();
    } catch (const std::exception& e) {
      // Not a limit (those make stopped rows): the rule is recorded as failed rather than handed out forever.
      return stopped_row(i, std::string("failed: ") + e.what());
    }
  };
  tasks.name = [&rules](std::size_t i) { return "rule " + std::to_string(i) + " (" + rules.texts[i] + ")"; };
  tasks.abandoned = stopped_row;
  return tasks;
}

void run_census_command(const census_command_options& o, const CLI::App& cmd, std::uint64_t max_memory,
                        double max_seconds, run_state& state) {
  const census_format format = census_format_named(o.format);
  const census_family family = family_of(o, cmd);
  census_options options;
  const std::uint64_t length = parse_u64(o.length, "--length");
  if (length == 0) throw parse_error("--length 0 computes nothing; type how many values per rule, e.g. 65536");
  if (length > max_sequence_length) {
    throw parse_error("--length " + o.length + " is more than a sequence holds (" +
                      std::to_string(max_sequence_length) + "); type at most that");
  }
  options.values = static_cast<std::size_t>(length);
  options.max_memory = max_memory;
  options.max_seconds = max_seconds;
  if (!o.misere_heaps.empty() && !o.misere) {
    throw parse_error("--misere-heaps is the heap bound of the misère quotients; give it with --misere");
  }
  if (o.misere) {
    options.misere_heaps =
        o.misere_heaps.empty() ? 40 : static_cast<coin>(parse_count(o.misere_heaps, "--misere-heaps", 4096));
    if (options.misere_heaps == 0) throw parse_error("--misere-heaps must be at least 1; type e.g. --misere-heaps 40");
  }
  // --threads: 0 (every core off a cluster, 1 per rank on one) unless given.
  const bool threads_given = cmd.count("--threads") > 0;
  const unsigned threads = threads_given ? parse_count(o.threads, "--threads", 1024) : 0;
  cluster_settings cluster;
  cluster.verbose = o.verbose;
  if (cmd.count("--worker-timeout") > 0) {
    double seconds = -1;
    const char* end = o.worker_timeout.data() + o.worker_timeout.size();
    const auto [ptr, ec] = std::from_chars(o.worker_timeout.data(), end, seconds, std::chars_format::fixed);
    if (ec != std::errc() || ptr != end || !(seconds > 0) || seconds > 1e6) {
      throw parse_error("--worker-timeout: " + tartan::quote_typed(o.worker_timeout) +
                        " is not a number of seconds above 0; type one such as 60");
    }
    cluster.worker_timeout = seconds;
  }
  // Every rank reads the same command line, so every rank knows the rules; only rank 0 writes.
  const census_rules rules = resolve_census_rules(family);
  const census_heading heading{family.description, options.values, family.rules.size()};
  if (family.skipped != 0) {
    std::cerr << "note: " << family.skipped << " instances of the pattern are not turning codes and were left out, "
              << "e.g. " << family.skipped_example << '\n';
  }
  const bool on_cluster = tartan::cli::on_cluster("a census");
  const cluster_tasks tasks = census_tasks(rules, options);
  if (on_cluster && !is_coordinator()) {
    cluster_work(tasks, threads_given ? threads : 1, cluster);
    return;
  }
  if (threads_given && threads == 0 && !on_cluster) {
    throw parse_error("--threads 0 computes nothing here; type 1 or more, or leave it out for every core");
  }
  std::optional<census_journal> journal;
  try {
    // Refused before any work (and before a journal is made) when the rules computed at once cannot fit.
    check_census_memory(options, on_cluster ? std::max(1u, threads_given ? threads : 1u)
                                            : (threads != 0 ? threads : std::thread::hardware_concurrency()));
    if (!o.journal.empty()) journal = census_journal::open(o.journal, census_journal_header(heading, rules.texts));
  } catch (...) {
    if (on_cluster) release_workers();
    throw;
  }
  std::map<std::size_t, census_row> rows;
  std::vector<std::size_t> done;
  if (journal) {
    try {
      census_resume resume = census_rows_to_resume(*journal, rules.texts, options.values, o.journal);
      rows = std::move(resume.rows);
      for (const std::string& note : resume.notes) std::cerr << "note: " << note << '\n';
    } catch (...) {
      if (on_cluster) release_workers();
      throw;
    }
    for (const auto& [index, row] : rows) done.push_back(index);
    if (journal->repaired()) {
      std::cerr << "note: the journal's last line was cut short (a run stopped while writing it) and was dropped\n";
    }
    if (!done.empty()) {
      std::cerr << "resuming: " << done.size() << " of " << rules.texts.size() << " rules recorded in "
                << tartan::quote_typed(o.journal, 400) << '\n';
    }
  }
  census_writer writer(std::cout, format, heading);
  // Rows are written in family order as they become contiguous (jsonl streams them; the other formats keep them
  // for the end).
  std::size_t next_written = 0;
  const auto write_ready = [&] {
    for (auto it = rows.find(next_written); it != rows.end() && it->first == next_written;
         it = rows.find(++next_written)) {
      writer.row(it->second);
    }
  };
  write_ready();
  census_progress progress(rules.texts.size(), rows.size(), o.progress);
  const interrupt_scope scope;
  const auto record = [&](census_row&& row) {
    if (journal) journal->append(row);
    const std::size_t index = row.index;
    rows.emplace(index, std::move(row));
    progress.record();
    if (index == next_written) write_ready();
  };
  bool complete = false;
  if (on_cluster) {
    try {
      complete = cluster_coordinate(
          tasks, done, threads_given ? threads : 1, cluster,
          [&](std::size_t, std::string&& line) { record(present::census_row_from_json(nlohmann::json::parse(line))); },
          [] { return !interrupted(); });
    } catch (...) {
      release_workers();  // the journal could not be written, say: the workers must not wait for rules
      throw;
    }
  } else {
    census_run_options run;
    run.threads = threads;
    run.keep_going = [] { return !interrupted(); };
    run.on_row = record;
    complete = run_census(rules.games, rules.texts, rules.names, done, options, run);
  }
  progress.clear();
  // Rows after a gap left by an interruption: written too, in order.
  for (auto it = rows.lower_bound(next_written); it != rows.end(); ++it) writer.row(it->second);
  std::vector<census_row> all;
  all.reserve(rows.size());
  for (auto& [index, row] : rows) all.push_back(row);
  writer.end(census_groups(all, options.values), complete && rows.size() == rules.texts.size());
  const std::size_t stopped = writer.stopped();
  if (!complete) {
    std::cerr << "interrupted: " << rows.size() << " of " << rules.texts.size() << " rules done"
              << (journal ? ", recorded in " + tartan::quote_typed(o.journal, 400) +
                                "; run the same command again to go on from there"
                          : " (give --journal FILE to keep them for a later run)")
              << '\n';
    state.exit_code = interrupted_exit_code;
    return;
  }
  if (stopped != 0) {
    // As seq says of values stopped short: the table holds what was computed, and the exit code says it is short.
    std::cerr << "error: " << stopped << " of the " << rules.texts.size() << " rules stopped short of g(0.."
              << options.values - 1 << "), each for the reason under the table; the other rows are complete"
              << (journal ? "; the same command computes them again" : "") << '\n';
    state.exit_code = 2;
    return;
  }
  if (::isatty(STDERR_FILENO) != 0) std::cerr << "census done in " << format_seconds(progress.seconds()) << '\n';
}

}  // namespace

void add_census_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "census", "Compute every rule of a family to N values: one row per rule (period, largest value, rare values).");
  sub->footer(
      "FAMILY is one of:\n"
      "  octal --digits D [--d0 0,4]     every octal code 0.d1..dD (8^D rules); --d0 4: the codes 4.d1..dD\n"
      "                                  instead, --d0 0,4: both\n"
      "  hex --digits D [--d0 0,4,8,C]   every hexadecimal code 0.d1..dD (16^D rules)\n"
      "  subtraction --max-element M [--max-size K]   every subtraction set of 1..K numbers from 1..M\n"
      "  turning PATTERN [--max N]       the turning codes PATTERN spells, its lowercase letters from 1 to N\n"
      "                                  (default 6), e.g. a-b, aC(w), a-bC(w)\n"
      "  file FILE                       the rules in FILE, one per line (# starts a comment)\n"
      "Each rule is computed to --length N values (default 65536) within --max-seconds per rule (default 60) and\n"
      "summarised as 'tartan seq RULE N --period' does; rules with equal values (or equal moved by some heaps) are\n"
      "grouped. A rule stopped short (time, memory) is listed with why, compared with no other, and the census\n"
      "exits with code 2.\n"
      "Heaps and coins are numbered from 0. With --journal FILE each finished rule is recorded at once; the same\n"
      "command run again with the same FILE does no recorded rule twice. Ctrl-C stops after recording what finished.\n"
      "Under mpirun (a build with -DTARTAN_WITH_MPI=ON) rank 0 hands rules out and writes; docs/cluster.md.\n"
      "Examples:\n"
      "  tartan census octal --digits 2 --length 4096\n"
      "  tartan census octal --digits 3 --format md --journal octal3.journal\n"
      "  tartan census subtraction --max-element 5 --format csv\n"
      "  tartan census turning 'a-bC(w)' --max 4 --length 1000\n");
  auto opts = std::make_shared<census_command_options>();
  sub->add_option("FAMILY", opts->family, "octal, hex, subtraction, turning or file")->required();
  sub->add_option("PATTERN_OR_FILE", opts->argument, "The pattern of a turning family, the file of a file family");
  sub->add_option("--digits", opts->digits,
                  "Octal and hex families: the digits after the point (octal 1..6, hex 1..5)");
  sub->add_option("--d0", opts->d0,
                  "Octal and hex families: the digits before the point, each giving its codes: 4 for 4.d1..dD only, "
                  "0,4 for both (default 0)");
  sub->add_option("--max-element", opts->max_element, "Subtraction families: the largest number a move takes (1..20)");
  sub->add_option("--max-size", opts->max_size, "Subtraction families: the most numbers in a set (default all)");
  sub->add_option("--max", opts->max, "Turning families: each variable of the pattern from 1 to this (default 6)");
  sub->add_option("--length", opts->length, "Values per rule: g(0..N-1) (default 65536)");
  sub->add_option("--format", opts->format, "text (default), md, csv, json or jsonl");
  sub->add_option("--journal", opts->journal,
                  "Record each finished rule in FILE (append-only, flushed to disk); run again to resume");
  sub->add_option("--threads", opts->threads,
                  "Rules computed at once (default every core; under mpirun, per rank, default 1, and 0 on rank 0 "
                  "only coordinates)");
  add_max_memory_option(sub, opts->max_memory, "Refuse a rule whose values need more memory (it is then stopped)");
  add_max_seconds_option(sub, opts->max_seconds);
  sub->add_option("--worker-timeout", opts->worker_timeout,
                  "Under mpirun: a worker silent this many seconds is taken for lost and its rule handed out again "
                  "(default 60)");
  sub->add_flag("--misere", opts->misere,
                "Also build each take-and-break rule's misère quotient of the heaps up to --misere-heaps (a column "
                "with its order; within the rule's --max-seconds)");
  sub->add_option("--misere-heaps", opts->misere_heaps, "With --misere: the heap bound (default 40)")->type_name("N");
  sub->add_flag("--verbose", opts->verbose, "Under mpirun: say on standard error which rank took which rule");
  sub->add_flag("--progress", opts->progress,
                "Write a progress line at each tenth of the rules even when standard error is not a terminal (a log)");
  // The placeholders of the help: what each value is (name_placeholders would take --size for RxC).
  for (const auto& [option, placeholder] :
       {std::pair{"--digits", "D"}, std::pair{"--d0", "LIST"}, std::pair{"--max-element", "M"},
        std::pair{"--max-size", "K"}, std::pair{"--max", "N"}, std::pair{"--length", "N"},
        std::pair{"--format", "FORMAT"}, std::pair{"--journal", "FILE"}, std::pair{"--worker-timeout", "S"}}) {
    sub->get_option(option)->type_name(placeholder);
  }
  sub->callback([opts, sub, &state] {
    refuse_empty_values(*sub);
    run_census_command(*opts, *sub, max_memory_limit(*sub, opts->max_memory),
                       max_seconds_limit(*sub, opts->max_seconds), state);
  });
}

}  // namespace tartan::cli
