// tartan nim alpha/degree/minpoly, and the ordinal operands of tartan nim mul/div/add/inv/sqrt/square/pow/order
// (nim_ordinal.hpp): ordinals below ω^(ω^ω) read in tartan's notation and computed by <tartan/nim/ordinal_nimber.hpp>,
// Lenstra's constants by <tartan/nim/lenstra.hpp>.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cluster/cluster.hpp"
#include "commands/commands.hpp"
#include "commands/nim_ordinal.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/nim/ordinal_nimber.hpp"
#include "tartan/present/json_output.hpp"

namespace tartan::cli {

namespace {

using json = nlohmann::ordered_json;

/// An integer as JSON: a number below 2^64, else a decimal string.
json json_integer(std::span<const std::uint64_t> words) {
  std::size_t top = words.size();
  while (top > 1 && words[top - 1] == 0) --top;
  if (top <= 1) return words.empty() ? 0 : words[0];
  return format_wide_unsigned(words);
}

json json_coefficient(const field_nimber& c) {
  if (c.fits_u64()) return c.to_u64();
  return to_string(c);
}

/// {"text", "terms": [{"exponent": [{"power", "coefficient"}], "coefficient"}]}, highest term first.
json ordinal_json(const ordinal_nimber& x) {
  json terms = json::array();
  for (const ordinal_term& t : x.terms()) {
    json exponent = json::array();
    for (const ordinal_exponent_term& e : t.exponent)
      exponent.push_back({{"power", e.power}, {"coefficient", json_integer(e.coefficient)}});
    terms.push_back({{"exponent", exponent}, {"coefficient", json_coefficient(t.coefficient)}});
  }
  return {{"text", to_string(x)}, {"terms", terms}};
}

void print_json(const json& j, bool big_as_strings) {
  std::cout << (big_as_strings ? big_integers_as_strings(j.dump()) : j.dump()) << '\n';
}

/// Refuses --bits and --hex with ordinal operands, and --big-as-strings without --json.
void check_ordinal_options(const ordinal_print_options& o) {
  if (o.bits_given) {
    throw parse_error(
        "--bits sets the field of finite nimbers; an ordinal such as w needs no field size: leave out "
        "--bits");
  }
  if (o.hex) {
    throw parse_error("--hex prints finite nimbers in hexadecimal; ordinals print in their notation: leave out --hex");
  }
  check_big_as_strings(o.big_as_strings, o.json);
}

/// A command's output options: --json and --big-as-strings.
struct json_options {
  bool json = false;
  bool big_as_strings = false;
  std::string max_memory;
  std::string max_seconds;
};

void add_json_options(CLI::App* cmd, json_options& o, const char* json_help) {
  cmd->add_flag("--json", o.json, json_help);
  add_big_as_strings_flag(cmd, o.big_as_strings);
}

ordinal_nimber parse_ordinal(const std::string& text, const std::string& label) {
  return ordinal_nimber::parse(text, label);
}

/// "'tartan nim inv' of 'w^(w^64)+w'": a command and its operands as typed, for the time-limit refusal.
std::string command_of(const std::string& operation, const std::vector<std::string>& operands) {
  std::string text = "'tartan nim " + operation + "' of ";
  for (std::size_t i = 0; i < operands.size(); ++i) text += (i != 0 ? " and " : "") + quote_typed(operands[i]);
  return text;
}

// ---- tartan nim alpha P -------------------------------------------------------------------------------------------

/// "{3, 4}"
std::string set_text(const std::vector<unsigned>& q) {
  std::string s = "{";
  for (std::size_t i = 0; i < q.size(); ++i) s += (i ? ", " : "") + std::to_string(q[i]);
  return s + "}";
}

/// κ_f(p) = Σ κ_q as text (the ordinal, without the excess).
ordinal_nimber kappa_of(const lenstra_constant& c) {
  lenstra_constant kappa = c;
  kappa.excess = 0;
  return lenstra_alpha(kappa);
}

/// What an interrupted `nim alpha` had finished: the constants `computed` in this run (every one before the prime it
/// stopped at), as a clause of its one line: those the table holds by their range and whether they agree with it,
/// those beyond it in full, since an hour's work should not be lost to Ctrl-C.
std::string finished_text(std::span<const lenstra_constant> computed) {
  const lenstra_table& builtin = lenstra_table::builtin();
  std::vector<unsigned> differing;
  std::vector<std::string> beyond;
  unsigned first = 0, last = 0;
  for (const lenstra_constant& c : computed) {
    if (!builtin.has(c.prime)) {
      beyond.push_back("alpha_" + std::to_string(c.prime) + " = " + to_string(lenstra_alpha(c)) + " (excess " +
                       std::to_string(c.excess) + ", degree " + std::to_string(c.degree) + ")");
      continue;
    }
    if (first == 0) first = c.prime;
    last = c.prime;
    if (!(builtin.at(c.prime) == c)) differing.push_back(c.prime);
  }
  std::string text;
  if (first != 0) {
    text += first == last ? "alpha_" + std::to_string(first)
                          : "alpha_" + std::to_string(first) + " to alpha_" + std::to_string(last);
    if (differing.empty()) {
      text += first == last ? ", agreeing with the table" : ", all agreeing with the table";
    } else {
      text += ", differing from the table for p in " + set_text(differing);
    }
  }
  for (const std::string& b : beyond) text += (text.empty() ? "" : "; ") + b;
  return text;
}

/// "0x1f": a vector over GF(2) in hexadecimal, bit i (the coefficient of z^i) the i-th from the right.
std::string gf2_hex(const std::vector<std::uint64_t>& bits) {
  std::string hex;
  for (std::size_t w = bits.size(); w-- > 0;) {
    for (int shift = 60; shift >= 0; shift -= 4) {
      const unsigned digit = static_cast<unsigned>(bits[w] >> shift) & 15;
      if (hex.empty() && digit == 0) continue;
      hex += "0123456789abcdef"[digit];
    }
  }
  return "0x" + (hex.empty() ? std::string("0") : hex);
}

/// The certificate as JSON: {"order_of_two", "field_degree", "modulus", "tests": [{"excess", "norm", "power",
/// "pth_power"}]}, the vectors in gf2_hex.
json certificate_json(const lenstra_certificate& c) {
  json tests = json::array();
  for (const lenstra_certificate::test& t : c.tests) {
    tests.push_back(
        {{"excess", t.excess}, {"norm", gf2_hex(t.norm)}, {"power", gf2_hex(t.power)}, {"pth_power", t.pth_power}});
  }
  return {{"order_of_two", c.order_of_two},
          {"field_degree", c.field_degree},
          {"modulus", gf2_hex(c.modulus)},
          {"tests", tests}};
}

/// "3rd", "19th", "1321st": the English ordinal of n.
std::string nth(unsigned n) {
  const unsigned tens = n % 100, units = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : units == 1             ? "st"
                       : units == 2             ? "nd"
                       : units == 3             ? "rd"
                                                : "th";
  return std::to_string(n) + suffix;
}

/// The certificate as text: the field, g, then one line per excess tried (docs/ordinals.md, "A certificate").
void print_certificate(const lenstra_certificate& c, const lenstra_constant& alpha) {
  const std::string p = std::to_string(c.prime), f = std::to_string(c.order_of_two), pth = nth(c.prime);
  std::cout << "certificate: norms nu_j = N(kappa + j) from GF(2^" << c.field_degree << ") to GF(2^" << f
            << ") = GF(2)[z]/(g), z = nu_" << alpha.excess << "^((2^" << f << "-1)/" << p << ") (a " << pth
            << " root of unity), bit i of each hex the coefficient of z^i\n";
  std::cout << "  g = " << gf2_hex(c.modulus) << "  (degree " << f << ", dividing z^" << p << " - 1)\n";
  for (const lenstra_certificate::test& t : c.tests) {
    std::cout << "  j = " << t.excess << ": nu = " << gf2_hex(t.norm) << ", nu^((2^" << f << "-1)/" << p
              << ") = " << gf2_hex(t.power)
              << (t.pth_power ? " = 1: a " + pth + " power\n" : " = z: not a " + pth + " power\n");
  }
}

/// The odd prime P as typed: refused with one line when it is not an odd prime below lenstra_prime_limit.
unsigned parse_alpha_prime(const std::string& text) {
  const std::uint64_t p64 = parse_u64(text, "prime P");
  if (p64 >= lenstra_prime_limit) {
    throw limit_error("prime P: " + std::to_string(p64) + " is beyond the primes below " +
                      std::to_string(lenstra_prime_limit) + " that 'tartan nim alpha' takes; type a smaller prime");
  }
  const unsigned p = static_cast<unsigned>(p64);
  if (!odd_prime_index(p)) {
    throw parse_error("prime P: " + std::to_string(p) +
                      " is not an odd prime; type 3, 5, 7, 11, ... (alpha_p is "
                      "defined for the odd primes)");
  }
  return p;
}

/// "agrees", "differs" or "beyond": the constants c against the cached table.
std::string table_word(const lenstra_constant& c) {
  const lenstra_table& builtin = lenstra_table::builtin();
  return !builtin.has(c.prime) ? "beyond" : builtin.at(c.prime) == c ? "agrees" : "differs";
}

/// The constants computed before a stop, as JSON: [{"prime", "alpha", "q_set", "excess", "degree", "table"}].
json computed_json(std::span<const lenstra_constant> computed) {
  json done = json::array();
  for (const lenstra_constant& d : computed) {
    done.push_back({{"prime", d.prime},
                    {"alpha", ordinal_json(lenstra_alpha(d))},
                    {"q_set", d.q_set},
                    {"excess", d.excess},
                    {"degree", d.degree},
                    {"table", table_word(d)}});
  }
  return done;
}

/// Prints alpha_P's constants c (and its certificate when given) as `tartan nim alpha P` does; returns whether they
/// agree with the table (or lie beyond it).
bool print_alpha(const lenstra_constant& c, bool from_scratch, double seconds, const lenstra_certificate* certificate,
                 const json_options& o) {
  const unsigned p = c.prime;
  const unsigned k = *odd_prime_index(p);
  const std::string word = table_word(c);
  const ordinal_nimber alpha = lenstra_alpha(c);
  const std::string generator = k == 0 ? "w" : k == 1 ? "w^w" : "w^(w^" + std::to_string(k) + ")";
  if (o.json) {
    json j{{"prime", p},
           {"generator", generator},
           {"alpha", ordinal_json(alpha)},
           {"order_of_two", c.order_of_two},
           {"q_set", c.q_set},
           {"kappa", ordinal_json(kappa_of(c))},
           {"excess", c.excess},
           {"degree", c.degree},
           {"from_scratch", from_scratch},
           {"table", word},
           {"seconds", seconds}};
    if (certificate != nullptr) j["certificate"] = certificate_json(*certificate);
    print_json(j, o.big_as_strings);
  } else {
    std::cout << "alpha_" << p << " = " << to_string(alpha) << "  (the nim product of " << p << " factors " << generator
              << ")\n";
    std::cout << "excess: " << c.excess << "  (alpha_" << p << " = kappa_" << c.order_of_two << " + " << c.excess
              << ", kappa_" << c.order_of_two << " = " << to_string(kappa_of(c)) << ", Q = " << set_text(c.q_set)
              << ", f(" << p << ") = " << c.order_of_two << ")\n";
    std::cout << "degree over GF(2): " << c.degree << '\n';
    std::cout << "table: "
              << (word == "beyond" ? "beyond the cached primes up to " + std::to_string(max_lenstra_prime) : word)
              << (from_scratch
                      ? "  (every alpha from 3 to " + std::to_string(std::min(p, max_lenstra_prime)) +
                            (p > max_lenstra_prime ? " and those past it that " + std::to_string(p) + " needs" : "") +
                            " computed)"
                      : "")
              << '\n';
    if (certificate != nullptr) print_certificate(*certificate, c);
    std::cout << time_line(seconds);
  }
  return word != "differs";
}

/// "resuming alpha_P from FILE: ...", the line a run says on standard error as it goes on from p's state file.
void say_resuming(const std::string& path, unsigned p, const lenstra_state& s) {
  std::string where;
  if (s.found) {
    where = "the excess " + std::to_string(s.excess) + " found, its degree left";
  } else if (s.norm_done > 0) {
    where = "the excess " + std::to_string(s.excess) + ", the norm after step " + std::to_string(s.norm_done) + " of " +
            std::to_string(s.norm_steps);
  } else {
    where = "the excess " + std::to_string(s.excess) + " from its beginning";
  }
  std::cerr << "resuming alpha_" << p << " from " << quote_typed(path, 60) << ": " << where << '\n';
}

/// Where a run with --checkpoint FILE keeps the state of the prime p while it computes it: FILE.alpha_<p>, removed
/// when p's line is appended to FILE (lenstra_state_options); `say` prints the line of say_resuming.
lenstra_state_options alpha_state_options(const std::string& checkpoint, unsigned p, double every_seconds, bool say) {
  lenstra_state_options options;
  if (checkpoint.empty()) return options;
  options.path = lenstra_state_path(checkpoint, p);
  options.every_seconds = every_seconds;
  if (say) options.resumed = [path = options.path, p](const lenstra_state& s) { say_resuming(path, p, s); };
  return options;
}

void run_alpha(unsigned p, bool from_scratch, bool certify, const std::string& checkpoint, double every,
               const json_options& o, const CLI::App& cmd, double max_seconds, run_state& state) {
  const std::uint64_t memory = max_memory_limit(cmd, o.max_memory);
  lenstra_table table = lenstra_starting_table(
      p, from_scratch, checkpoint.empty() ? std::vector<lenstra_constant>{} : read_lenstra_checkpoint(checkpoint),
      checkpoint);
  lenstra_certificate certificate;
  // The primes this run computes, each after those it needs: P and, past the table, only the primes P's field is
  // built on; with --from-scratch every prime of the table below P first.
  const std::vector<unsigned> plan = lenstra_plan(p, table, from_scratch);
  std::vector<lenstra_constant> computed;
  // Ctrl-C and the time limit stop the computation at its next poll (every product of its fields, or so); the
  // search scope's deadline is also what the computation projects the tests of an excess against (lenstra.cpp).
  const interrupt_scope scope;
  progress_bar bar("alpha_" + std::to_string(p));
  const search_options limits = search_options::within(max_seconds);
  search_stop stop(limits, 1);
  const detail::search_scope deadline(&stop);
  const lenstra_progress progress = [&](unsigned prime, const std::string& stage) {
    const auto at = std::lower_bound(plan.begin(), plan.end(), prime) - plan.begin();
    bar.show(static_cast<double>(at) / static_cast<double>(plan.size()),
             prime == p ? stage : "alpha_" + std::to_string(prime) + ": " + stage);
    return !interrupted();
  };
  const stopwatch timer;
  const unsigned k = *odd_prime_index(p);
  // What was finished before a stop: printed (JSON on standard output, one line on standard error), exit code 2 for
  // the time limit (`why` says how it was reached or projected), 130 for Ctrl-C. With --checkpoint, every constant
  // finished is in the file too.
  const auto stopped = [&](const std::string& why, bool time_limit) {
    bar.clear();
    if (o.json) {
      json report{
          {"prime", p}, {"complete", false}, {"computed", computed_json(computed)}, {"seconds", timer.seconds()}};
      if (time_limit) report["stopped"] = why;
      print_json(report, o.big_as_strings);
    }
    const std::string finished = finished_text(computed);
    const std::string before = finished.empty() ? "" : "; computed before it: " + finished;
    if (time_limit) {
      std::cerr << "error: " << why << before << "; raise the limit with --max-seconds (0: no limit)\n";
      state.exit_code = 2;
      return;
    }
    std::cerr << "interrupted: " << why << before << '\n';
    state.exit_code = interrupted_exit_code;
  };
  try {
    for (const unsigned prime : plan) {
      lenstra_constant next;
      try {
        next = compute_lenstra_constant(prime, table, progress, memory,
                                        alpha_state_options(checkpoint, prime, every, true));
      } catch (const limit_error& e) {
        if (prime == p || dynamic_cast<const time_limit_error*>(&e) != nullptr) throw;
        // A prime P's field is built on: say so, so that the refusal of another prime's field is not a puzzle.
        throw limit_error("alpha_" + std::to_string(p) + " is built on alpha_" + std::to_string(prime) + " (f(" +
                              std::to_string(p) + ") = " + std::to_string(order_of_two(p)) + "), and " + e.problem(),
                          e.advice(), e.figures());
      }
      if (!checkpoint.empty()) append_lenstra_checkpoint(checkpoint, next);
      computed.push_back(next);
      table.insert(next);
    }
    // After P is recorded, so that a stop here loses only the certificate.
    if (certify) certificate = certify_lenstra_constant(table.by_index(k), table, progress, memory);
  } catch (const cancelled_error& e) {
    const bool time_limit = stop.end() == search_end::time_limit;
    return stopped(
        std::string(e.what()) + (time_limit ? ": the time limit of " + tartan::format_seconds(max_seconds) : ""),
        time_limit);
  } catch (const time_limit_error& e) {
    return stopped(e.problem(), true);
  }
  const double seconds = timer.seconds();
  bar.clear();
  if (!print_alpha(table.by_index(k), from_scratch, seconds, certify ? &certificate : nullptr, o)) state.exit_code = 1;
}

// ---- tartan nim alpha P1 P2 ... [--threads N], and under mpirun ----------------------------------------------------

/// Lenstra's constants as JSON and back: how a prime's result travels from a worker to rank 0.
json constant_json(const lenstra_constant& c) {
  return {{"prime", c.prime},
          {"order_of_two", c.order_of_two},
          {"q_set", c.q_set},
          {"excess", c.excess},
          {"degree", c.degree}};
}

lenstra_constant constant_from_json(const nlohmann::json& j) {
  lenstra_constant c;
  c.prime = j.at("prime").get<unsigned>();
  c.order_of_two = j.at("order_of_two").get<unsigned>();
  c.q_set = j.at("q_set").get<std::vector<unsigned>>();
  c.excess = j.at("excess").get<std::uint64_t>();
  c.degree = j.at("degree").get<std::uint64_t>();
  return c;
}

/// What one prime's task reached: the constants it computed (its missing dependencies first, P last when it
/// finished), the seconds it took, and why it stopped short (the time limit, a refusal) when it did.
struct alpha_result {
  std::vector<lenstra_constant> computed;
  double seconds = 0;
  std::string stopped;  // empty when P was computed
  bool time_limit = false;
};

std::string alpha_result_text(const alpha_result& r) {
  json computed = json::array();
  for (const lenstra_constant& c : r.computed) computed.push_back(constant_json(c));
  return json{{"computed", computed}, {"seconds", r.seconds}, {"stopped", r.stopped}, {"time_limit", r.time_limit}}
      .dump();
}

alpha_result alpha_result_from_text(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  alpha_result r;
  for (const nlohmann::json& c : j.at("computed")) r.computed.push_back(constant_from_json(c));
  r.seconds = j.at("seconds").get<double>();
  r.stopped = j.at("stopped").get<std::string>();
  r.time_limit = j.at("time_limit").get<bool>();
  return r;
}

/**
 * The constants of several primes, each an independent task on the threads of this process and the ranks of an MPI
 * job (cluster/cluster.hpp): a task computes its prime's plan (the dependencies the table and the checkpoint lack,
 * then P) with compute_lenstra_constant, so the engine stays the one place the computation lives. Rank 0 appends each
 * prime's constants to the checkpoint as its task finishes and prints the primes in the order given. A dependency
 * two primes share and no checkpoint holds is computed by each (a dependency past the table is itself a prime past
 * 709, most of which are hours of work: the primes of the a-file that run need none).
 */
void run_alpha_primes(const std::vector<unsigned>& primes, const std::string& checkpoint, double every,
                      const json_options& o, const CLI::App& cmd, double max_seconds, bool cluster, unsigned threads,
                      run_state& state) {
  const std::uint64_t memory = max_memory_limit(cmd, o.max_memory);
  const search_options limits = search_options::within(max_seconds);
  const unsigned highest = *std::max_element(primes.begin(), primes.end());
  // Rank 0 reads the checkpoint (the workers may not see its file) and refuses one unlike the table before any work.
  const bool coordinator = is_coordinator();
  const std::vector<lenstra_constant> recorded =
      coordinator && !checkpoint.empty() ? read_lenstra_checkpoint(checkpoint) : std::vector<lenstra_constant>{};
  if (coordinator) {
    try {
      static_cast<void>(lenstra_starting_table(highest, false, recorded, checkpoint));
    } catch (...) {
      if (cluster) release_workers();
      throw;
    }
  }
  cluster_tasks tasks;
  tasks.count = primes.size();
  tasks.kind = "prime";
  tasks.name = [&](std::size_t i) { return "alpha_" + std::to_string(primes[i]); };
  tasks.abandoned = [](std::size_t, const std::string& why) {
    alpha_result r;
    r.stopped = why;
    return alpha_result_text(r);
  };
  tasks.compute = [&](std::size_t i, const std::function<bool()>& keep_going) -> std::optional<std::string> {
    alpha_result r;
    const stopwatch timer;
    // A search scope of this thread's own: the shared deadline, and the stop that Ctrl-C or a release asks for.
    search_stop stop(limits, 1);
    const detail::search_scope deadline(&stop);
    const lenstra_progress progress = [&](unsigned, const std::string&) { return keep_going(); };
    try {
      lenstra_table table = lenstra_starting_table(primes[i], false, recorded, checkpoint);
      for (const unsigned prime : lenstra_plan(primes[i], table, false)) {
        r.computed.push_back(compute_lenstra_constant(prime, table, progress, memory,
                                                      alpha_state_options(checkpoint, prime, every, false)));
        table.insert(r.computed.back());
      }
    } catch (const cancelled_error& e) {
      if (stop.end() != search_end::time_limit) return std::nullopt;  // Ctrl-C or the end of the run
      r.stopped = std::string(e.what()) + ": the time limit of " + tartan::format_seconds(max_seconds);
      r.time_limit = true;
    } catch (const time_limit_error& e) {
      r.stopped = e.problem();
      r.time_limit = true;
    } catch (const std::exception& e) {
      r.stopped = e.what();  // a field beyond --max-memory, say: the other primes go on
    }
    r.seconds = timer.seconds();
    return alpha_result_text(r);
  };
  cluster_settings settings;
  if (!coordinator) {
    cluster_work(tasks, threads, settings);
    return;
  }
  // The primes the checkpoint holds already are printed from it.
  std::map<unsigned, lenstra_constant> known;
  for (const lenstra_constant& c : recorded) known.emplace(c.prime, c);
  std::map<std::size_t, alpha_result> results;
  std::vector<std::size_t> done;
  for (std::size_t i = 0; i < primes.size(); ++i) {
    if (known.count(primes[i]) != 0) {
      done.push_back(i);
      results.emplace(i, alpha_result{});
    }
  }
  // Results are printed in the order of the primes given, as they become contiguous.
  std::size_t next_printed = 0;
  bool all_agree = true;
  std::vector<std::string> refusals;
  const auto print_ready = [&] {
    for (auto it = results.find(next_printed); it != results.end(); it = results.find(++next_printed)) {
      const unsigned p = primes[next_printed];
      const alpha_result& r = it->second;
      if (!r.stopped.empty()) {
        if (o.json) {
          print_json({{"prime", p},
                      {"complete", false},
                      {"computed", computed_json(r.computed)},
                      {"seconds", r.seconds},
                      {"stopped", r.stopped}},
                     o.big_as_strings);
        }
        const std::string finished = finished_text(r.computed);
        refusals.push_back("alpha_" + std::to_string(p) + ": " + r.stopped +
                           (finished.empty() ? "" : "; computed before it: " + finished) +
                           (r.time_limit ? "; raise the limit with --max-seconds (0: no limit)" : ""));
        continue;
      }
      all_agree = print_alpha(known.at(p), false, r.seconds, nullptr, o) && all_agree;
    }
    std::cout << std::flush;
  };
  const interrupt_scope scope;
  progress_bar bar("alpha of " + std::to_string(primes.size()) + " primes");
  std::size_t finished = done.size();
  const auto record = [&](std::size_t i, std::string&& text) {
    alpha_result r = alpha_result_from_text(text);
    for (const lenstra_constant& c : r.computed) {
      if (!known.emplace(c.prime, c).second) continue;  // a dependency another prime's task recorded first
      if (!checkpoint.empty()) append_lenstra_checkpoint(checkpoint, c);
    }
    results.emplace(i, std::move(r));
    bar.clear();
    print_ready();
    bar.show(static_cast<double>(++finished) / static_cast<double>(primes.size()));
  };
  print_ready();
  bool complete = false;
  try {
    complete = cluster_coordinate(tasks, done, threads, settings, record, [] { return !interrupted(); });
  } catch (...) {
    bar.clear();
    if (cluster) release_workers();  // the checkpoint could not be written, say: the workers must not wait
    throw;
  }
  bar.clear();
  if (!complete) {
    // Those after a gap, finished too: printed in order; the primes computing are dropped.
    std::vector<lenstra_constant> after_gap;
    for (auto it = results.upper_bound(next_printed); it != results.end(); ++it) {
      if (!it->second.stopped.empty()) continue;
      after_gap.push_back(known.at(primes[it->first]));
      all_agree = print_alpha(after_gap.back(), false, it->second.seconds, nullptr, o) && all_agree;
    }
    std::vector<lenstra_constant> printed;
    for (std::size_t i = 0; i < next_printed; ++i)
      if (results.at(i).stopped.empty()) printed.push_back(known.at(primes[i]));
    printed.insert(printed.end(), after_gap.begin(), after_gap.end());
    const std::string text = finished_text(printed);
    std::cerr << "interrupted: " << (text.empty() ? "no prime finished" : "finished: " + text)
              << (checkpoint.empty() ? "" : " (recorded in " + quote_typed(checkpoint, 60) + ")") << '\n';
    state.exit_code = interrupted_exit_code;
    return;
  }
  for (const std::string& refusal : refusals) std::cerr << "error: " << refusal << '\n';
  if (!refusals.empty()) {
    state.exit_code = 2;
  } else if (!all_agree) {
    state.exit_code = 1;
  }
}

void add_alpha(CLI::App* nim, run_state& state) {
  CLI::App* cmd = nim->add_subcommand(
      "alpha",
      "Lenstra's alpha_P, the P-th nim power of w^(w^k) (P the (k+1)-th odd prime), computed from its "
      "definition: its excess, degree and the time it took (several primes at once on --threads and MPI ranks)");
  auto o = std::make_shared<json_options>();
  auto primes = std::make_shared<std::vector<std::string>>();
  auto scratch = std::make_shared<bool>(false);
  cmd->add_option("P", *primes,
                  "Odd primes below " + std::to_string(lenstra_prime_limit) +
                      " (past the table, each P and the primes its field needs are computed), printed in the order "
                      "given")
      ->required();
  cmd->add_flag("--from-scratch", *scratch,
                "Compute every alpha of the table from 3 up to P (and past it those P needs), not only P's from the "
                "cached ones (one P)");
  auto certify = std::make_shared<bool>(false);
  cmd->add_flag("--certificate", *certify,
                "Print what shows the excess: for each j tried, the norm of kappa + j down to GF(2^f(P)) and its "
                "power, 1 exactly for a P-th power (in GF(2)[z]/(g), hexadecimal; docs/ordinals.md; one P)");
  auto checkpoint = std::make_shared<std::string>();
  cmd->add_option("--checkpoint", *checkpoint,
                  "Record each alpha in FILE as it finishes, and go on from those it holds; a prime being computed "
                  "keeps its state in FILE.alpha_P, so a run stopped in any way goes on from where it was "
                  "(docs/ordinals.md)")
      ->type_name("FILE");
  auto every = std::make_shared<std::string>();
  cmd->add_option("--checkpoint-every", *every,
                  "Write a prime's state at most every SECONDS while its norm runs (default 60; 0: after every step); "
                  "Ctrl-C and the time limit write it at once")
      ->type_name("SECONDS");
  auto threads = std::make_shared<std::string>();
  cmd->add_option("--threads", *threads,
                  "Compute up to N of the primes at once on this process's threads (default 1; under mpirun, on "
                  "each rank, and 0 lets rank 0 only coordinate; docs/cluster.md)")
      ->type_name("N");
  add_json_options(
      cmd, *o,
      "Print {\"prime\", \"generator\", \"alpha\", \"order_of_two\", \"q_set\", \"kappa\", \"excess\", "
      "\"degree\", \"from_scratch\", \"table\", \"seconds\"} as JSON, one line per prime (and \"certificate\": "
      "{\"order_of_two\", \"field_degree\", \"modulus\", \"tests\": [{\"excess\", \"norm\", \"power\", "
      "\"pth_power\"}]})");
  add_max_memory_option(cmd, o->max_memory, "Refuse fields needing more memory");
  add_max_seconds_option(cmd, o->max_seconds,
                         "Stop at the limit, printing the constants finished (seconds, e.g. 600; 0: no limit; "
                         "default 60)");
  cmd->callback([o, primes, scratch, certify, checkpoint, every, threads, cmd, &state] {
    refuse_empty_values(*cmd);
    check_big_as_strings(o->big_as_strings, o->json);
    std::vector<unsigned> ps;
    for (const std::string& text : *primes) {
      const unsigned p = parse_alpha_prime(text);
      if (std::find(ps.begin(), ps.end(), p) != ps.end()) {
        throw parse_error("prime P: " + std::to_string(p) + " is given twice; type each prime once");
      }
      ps.push_back(p);
    }
    const bool threads_given = cmd->count("--threads") > 0;
    const std::uint64_t n = threads_given ? parse_u64(*threads, "--threads") : 1;
    if (n > 1024) throw parse_error("--threads " + quote_typed(*threads) + " is too large; type at most 1024");
    double every_seconds = 60;
    if (cmd->count("--checkpoint-every") > 0) {
      if (checkpoint->empty()) {
        throw parse_error(
            "--checkpoint-every says how often to write the state that --checkpoint FILE keeps; add "
            "--checkpoint FILE, or leave it out");
      }
      const std::uint64_t every_value = parse_u64(*every, "--checkpoint-every");
      if (every_value > 86400 * 365) {
        throw parse_error("--checkpoint-every " + quote_typed(*every) + " is more than a year; type at most 31536000");
      }
      every_seconds = static_cast<double>(every_value);
    }
    const double max_seconds = max_seconds_limit(*cmd, o->max_seconds);
    const bool cluster = on_cluster("the primes of 'tartan nim alpha'");
    if (ps.size() == 1 && !cluster) {
      return run_alpha(ps.front(), *scratch, *certify, *checkpoint, every_seconds, *o, *cmd, max_seconds, state);
    }
    const auto refuse = [&](const std::string& text) {
      if (cluster && is_coordinator()) release_workers();
      if (is_coordinator()) throw parse_error(text);
    };
    if (*scratch) refuse("--from-scratch takes one prime P in one process; leave it out, or give one prime");
    if (*certify) refuse("--certificate takes one prime P in one process; leave it out, or give one prime");
    if (n == 0 && !cluster) refuse("--threads 0 computes nothing here; type 1 or more, or leave it out for 1");
    if (!is_coordinator() && (*scratch || *certify)) return;
    run_alpha_primes(ps, *checkpoint, every_seconds, *o, *cmd, max_seconds, cluster, static_cast<unsigned>(n), state);
  });
}

// ---- tartan nim degree X, tartan nim minpoly X ---------------------------------------------------------------------

void add_degree(CLI::App* nim) {
  CLI::App* cmd = nim->add_subcommand(
      "degree",
      "Degree of X over GF(2): the size of its Frobenius orbit (X an ordinal such as 'w^w + 1', or a number)");
  auto o = std::make_shared<json_options>();
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "An ordinal below w^(w^w) in tartan's notation, or a number")->required();
  add_json_options(cmd, *o, "Print {\"x\", \"degree\"} as JSON");
  add_max_memory_option(cmd, o->max_memory, "Refuse fields needing more memory");
  add_max_seconds_option(cmd, o->max_seconds, ordinal_seconds_help);
  cmd->callback([o, x, cmd] {
    refuse_empty_values(*cmd);
    check_big_as_strings(o->big_as_strings, o->json);
    const ordinal_nimber value = parse_ordinal(*x, "X");
    const std::uint64_t memory = max_memory_limit(*cmd, o->max_memory);
    const std::uint64_t d = within_time_limit(max_seconds_limit(*cmd, o->max_seconds), command_of("degree", {*x}),
                                              [&] { return ordinal_degree(value, memory); });
    if (o->json)
      print_json({{"x", ordinal_json(value)}, {"degree", d}}, o->big_as_strings);
    else
      std::cout << d << '\n';
  });
}

void add_minpoly(CLI::App* nim) {
  CLI::App* cmd =
      nim->add_subcommand("minpoly", "Minimal polynomial of X over GF(2), e.g. x^6 + x^3 + 1 for w (degree up to " +
                                         std::to_string(max_minimal_polynomial_degree) + ")");
  auto o = std::make_shared<json_options>();
  auto x = std::make_shared<std::string>();
  cmd->add_option("X", *x, "An ordinal below w^(w^w) in tartan's notation, or a number")->required();
  add_json_options(cmd, *o, "Print {\"x\", \"degree\", \"exponents\" (of the non-zero terms), \"text\"} as JSON");
  add_max_memory_option(cmd, o->max_memory, "Refuse fields needing more memory");
  add_max_seconds_option(cmd, o->max_seconds, ordinal_seconds_help);
  cmd->callback([o, x, cmd] {
    refuse_empty_values(*cmd);
    check_big_as_strings(o->big_as_strings, o->json);
    const ordinal_nimber value = parse_ordinal(*x, "X");
    const std::uint64_t memory = max_memory_limit(*cmd, o->max_memory);
    const std::vector<std::uint64_t> exponents =
        within_time_limit(max_seconds_limit(*cmd, o->max_seconds), command_of("minpoly", {*x}),
                          [&] { return ordinal_minimal_polynomial(value, memory); });
    if (o->json) {
      print_json({{"x", ordinal_json(value)},
                  {"degree", exponents.front()},
                  {"exponents", exponents},
                  {"text", gf2_polynomial_text(exponents)}},
                 o->big_as_strings);
    } else {
      std::cout << gf2_polynomial_text(exponents) << '\n';
    }
  });
}

}  // namespace

bool is_ordinal_text(std::string_view text) {
  return text.find('w') != std::string_view::npos || text.find("\xcf\x89") != std::string_view::npos;
}

void run_ordinal_operation(const std::string& operation, const std::vector<ordinal_operand>& operands,
                           const ordinal_print_options& o) {
  check_ordinal_options(o);
  std::vector<ordinal_nimber> values;
  std::vector<std::uint64_t> exponent;
  json operand_json = json::array();
  for (const ordinal_operand& a : operands) {
    if (a.exponent) {
      exponent = parse_wide_unsigned(a.text, 65536, a.label);
      operand_json.push_back(json_integer(exponent));
    } else {
      values.push_back(parse_ordinal(a.text, a.label));
      operand_json.push_back(ordinal_json(values.back()));
    }
  }
  std::vector<std::string> typed;
  for (const ordinal_operand& a : operands) typed.push_back(a.text);
  const ordinal_nimber result = within_time_limit(o.max_seconds, command_of(operation, typed), [&] {
    if (operation == "mul") return values[0] * values[1];
    if (operation == "div") return values[0] / values[1];
    if (operation == "add") return values[0] + values[1];
    if (operation == "inv") return values[0].inv();
    if (operation == "sqrt") return values[0].sqrt();
    if (operation == "square") return values[0].square();
    if (operation == "pow") return values[0].pow(exponent);
    throw parse_error("'tartan nim " + operation + "' takes numbers only, not ordinals such as w");
  });
  if (o.json) {
    print_json({{"operation", operation}, {"operands", operand_json}, {"result", ordinal_json(result)}},
               o.big_as_strings);
  } else {
    std::cout << to_string(result) << '\n';
  }
}

void run_ordinal_order(const std::string& x, const ordinal_print_options& o) {
  check_ordinal_options(o);
  const ordinal_nimber value = parse_ordinal(x, "X");
  const std::vector<std::uint64_t> order =
      within_time_limit(o.max_seconds, command_of("order", {x}), [&] { return ordinal_order(value); });
  if (o.json)
    print_json({{"x", ordinal_json(value)}, {"order", json_integer(order)}}, o.big_as_strings);
  else
    std::cout << format_wide_unsigned(order) << '\n';
}

void add_nim_ordinal_commands(CLI::App& app, run_state& state) {
  const std::function<bool(CLI::App*)> is_nim = [](CLI::App* sub) { return sub->get_name() == "nim"; };
  CLI::App* nim = app.get_subcommands(is_nim).front();
  add_alpha(nim, state);
  add_degree(nim);
  add_minpoly(nim);
}

}  // namespace tartan::cli
