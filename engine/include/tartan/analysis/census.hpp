// census: every rule of a family computed to N values and summarised, one row per rule, and the rules grouped by
// their values (equal, or equal moved by some heaps), as published tables of octal games list them (Winning Ways
// (2nd ed.) vol. 1, ch. 4, Table 6 and its game locator; Flammenkamp's octal pages).
//
// A family is a list of rules in a fixed order: octal or hexadecimal codes of up to d digits, subtraction sets, the
// turning codes a pattern with variables spells (`a-bC(w)`), or rules listed in a file. Each rule is computed and
// summarised independently (census_rule_row), so a census can run on any number of threads or machines, in any
// order, and be resumed from the rows recorded so far: the rows, the groups and the table do not depend on how it
// ran, except for rules stopped by their time budget, where the values computed depend on the machine's speed.
//
// Groups. Write s for the row's shift: the index of its first nonzero value (0 when every value is 0), at most
// min(max_census_shift, N / 2), N the values asked for. Two rows are grouped when g_A(n + s_A) = g_B(n + s_B) for
// every n below the comparison length L = N - min(max_census_shift, N / 2), compared by a 128-bit fingerprint of
// those values. Then g_B(n) = g_A(n - d) for n >= d, and 0 below, d = s_B - s_A: B is A moved d heaps right, as
// published locators say (".051 has the values of .117 moved one heap", OEIS A071453). The equality is proven
// for every n when both rows are proven periodic without saltus and L >= m + P_A + P_B - gcd(P_A, P_B), m the larger
// preperiod counted from the shift: two sequences with periods P_A and P_B that agree on that many values from m on
// agree forever (Fine and Wilf, 1965); otherwise the rules agree so far. The fingerprint's chance of a false match is
// below 2^-100 for any family tartan can hold.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/coin.hpp"
#include "tartan/turning/sequence_summary.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// The most rules one family may hold.
inline constexpr std::size_t max_census_rules = std::size_t{1} << 20;

/// The largest shift (leading heaps of value 0 beyond heap 0) that census groups recognise.
inline constexpr std::uint32_t max_census_shift = 64;

/// A family of rules: what it is, in words, and its rules in order.
struct census_family {
  /// e.g. "octal codes 0.ddd", "subtraction sets from 1..6", "turning codes a-bC(w), each letter 1..6": names the
  /// census in its tables and its journal.
  std::string description;
  std::vector<std::string> rules;  // the rules' text, e.g. "0.007", "S{1,3}", "2-3C(5)"
  std::size_t skipped = 0;         // instances of a pattern that are not codes (turning families)
  std::string skipped_example;     // the first of them, with why
};

/**
 * Every octal code d0.d1..dD (digits 0-7, D = `digits`) for each d0 of `first_digits` (0 or 4: "4.07"; {4} gives
 * the codes 4.d1..dD alone, {0, 4} both), in the order of the digit strings as octal numbers; trailing zero digits
 * dropped ("0.770" is "0.77", "0.000" is "0.0"). Throws argument_error (parameter "digits" or "first_digits") for
 * digits outside 1..6 or a d0 other than 0 or 4, parse_error for more than max_census_rules rules.
 *
 * Example: octal_family(1).rules == {"0.0", "0.1", ..., "0.7"}; octal_family(3).rules.size() == 512;
 * octal_family(1, {4}).rules == {"4.0", "4.1", ..., "4.7"}
 */
census_family octal_family(unsigned digits, std::vector<unsigned> first_digits = {0});

/// The same for hexadecimal codes (digits 0-F, at most 5; d0 0, 4, 8 or C): "0.F", "8.1".
census_family hexadecimal_family(unsigned digits, std::vector<unsigned> first_digits = {0});

/**
 * Every subtraction set S ⊆ {1..max_element} with 1 to max_size elements, written S{a,b,...} ascending, in order of
 * the sets' bit patterns (S{1}, S{2}, S{1,2}, S{3}, ...). Throws argument_error for max_element outside 1..20 or
 * max_size 0.
 *
 * Example: subtraction_family(3, 3).rules == {"S{1}", "S{2}", "S{1,2}", "S{3}", "S{1,3}", "S{2,3}", "S{1,2,3}"}
 */
census_family subtraction_family(coin max_element, coin max_size);

/**
 * The turning codes `pattern` spells when each of its lowercase letters (variables, in the order they first appear)
 * takes every value from 1 to max_value: "a-b" gives 1-1, 1-2, ..., the first variable slowest. Instances that are
 * not codes ("3-2": a range must not fall) are skipped and counted. Throws argument_error for max_value 0,
 * parse_error for a pattern without a variable, more than max_census_rules instances, or none that is a code.
 *
 * Example: turning_family("aC(w)", 2).rules == {"1C(1)", "1C(2)", "2C(2)"} ("2C(1)" skipped: 2 coins in 1)
 */
census_family turning_family(const std::string& pattern, coin max_value);

/**
 * Rules listed in a text, one per line: blank lines and text from '#' on are ignored, surrounding space dropped.
 * `source` names the text in the description ("the rules in rules.txt"). Throws parse_error when no rule is listed
 * or more than max_census_rules.
 *
 * Example: listed_family("rules.txt", "0.77  # Kayles\n0.07\n").rules == {"0.77", "0.07"}
 */
census_family listed_family(const std::string& source, const std::string& text);

/// How each rule of a census is computed.
struct census_options {
  std::size_t values = std::size_t{1} << 16;  // g(0..values-1) per rule, values >= 1
  double max_seconds = 0;                     // each rule's time budget (time_limit.hpp); 0: none
  std::uint64_t max_memory = 0;               // each rule's memory limit for its values; 0: default_memory_limit()
  /// Threads each rule's sequence may use (sequence_request::threads): 1 while rules are computed side by side,
  /// which run_census sets from the threads it leaves over.
  unsigned threads = 1;
  /// The heap bound of each take-and-break rule's misère quotient (census --misere, misere_quotient.hpp); 0: none.
  /// Built within the rule's time budget and memory limit; a stop keeps the order of the heaps completed.
  coin misere_heaps = 0;
};

/// A rule's misère quotient as far as its census built it.
struct census_quotient {
  coin bound = 0;           // the heaps it holds (the bound asked, unless it stopped)
  std::uint32_t order = 0;  // of the quotient of those heaps
  std::uint32_t p_portion_size = 0;
  bool complete = false;  // it reached the bound asked
  bool proven = false;    // its period is proven: the quotient of the whole game
  std::string why;        // why it stopped short
  friend bool operator==(const census_quotient&, const census_quotient&) = default;
};

/// A row's verdict.
enum class census_status {
  proven,    // periodic, proven (period.hpp)
  observed,  // a period observed over the values, not proven
  none,      // no period found
  stopped,   // a limit stopped the values short (time, memory, a value beyond 64 bits) and no period was proven
};

/// "proven", "observed", "none", "stopped".
std::string to_string(census_status status);
/// The status named by to_string; nullopt for any other text.
std::optional<census_status> census_status_named(const std::string& text);

/// A 128-bit fingerprint of values.
using census_fingerprint = std::array<std::uint64_t, 2>;

/// One rule of a census.
struct census_row {
  std::size_t index = 0;     // its place in the family
  std::string rule;          // as the family lists it
  std::string name;          // the built-in game with this rule, or ""
  std::size_t computed = 0;  // values computed: g(0..computed-1)
  census_status status = census_status::none;
  std::string why;           // the period's reason, or why the values stopped short
  sequence_summary summary;  // of g(0..computed-1); summary.observed == computed (0: nothing computed)
  std::uint32_t shift = 0;   // see the top of this file
  /// Of g(shift..shift+L-1), when those values are known: computed, or implied by a proven period.
  std::optional<census_fingerprint> fingerprint;
  double seconds = 0;  // the time it took (never printed in tables: it varies between runs)
  /// Its misère quotient (census_options::misere_heaps; take-and-break rules only).
  std::optional<census_quotient> misere;
};

/**
 * Computes g(0..options.values-1) of `game` (compute_sequence, automatic route) and summarises it as a row:
 * status, period, largest value, rare values, shift and fingerprint. The values are looked at for a proof of their
 * period (period.hpp) at each doubling from 1024 values on: once one is proven (without saltus) every later value is
 * known, so the rest are written out from the period instead of computed, and the row is the one all N computed
 * values give (a periodic octal game costs the values of its proof). A limit that stops the values short
 * (time_limit_error, limit_error, overflow_error) makes the row `stopped`, its `why` saying which, unless the values
 * computed prove a period; values stopped short are summarised as far as they go. `keep_going` is polled while the
 * values are computed: when it returns false the work stops and nullopt is returned (nothing is recorded for a rule
 * cancelled half-way). `index`, `rule` and `name` are copied into the row.
 * Complexity: the sequence's up to its proof (or N), plus O(N) for the proofs looked for, the summary and the
 * fingerprint.
 *
 * Example: census_rule_row(games::find_game("0.77"), 0, "0.77", "kayles", {.values = 200}, {})->summary.period
 * has preperiod 71 and period 12, proven
 */
std::optional<census_row> census_rule_row(const turning_game& game, std::size_t index, const std::string& rule,
                                          const std::string& name, const census_options& options,
                                          const std::function<bool()>& keep_going);

/// The comparison length L of a census asking for `values` values (see the top of this file).
std::size_t census_comparison_length(std::size_t values);

/// One member of a group: a row's index and its relation to the group's first member.
struct census_member {
  std::size_t index = 0;    // the row's index in the family
  std::uint32_t moved = 0;  // d: g(n) = g_first(n - d) (n >= d), 0 below
  bool proven = false;      // equal to the first member for every n (see the top of this file); else so far
};

/// Rules with the same values (up to a shift). The first member is the one with the least shift, then the first in
/// the family; it is listed with moved 0 and proven true.
struct census_group {
  std::vector<census_member> members;  // the first, then the others in family order
};

/**
 * The groups of two or more rows with equal values (up to shifts) among `rows` (any order; rows without a
 * fingerprint are left out), ordered by their first member's index. `values` is the census's N.
 * Complexity: O(R log R) for R rows.
 *
 * Example: in octal_family(2) to 4096 values, 0.07 and 0.13 ... are grouped (Winning Ways' locator)
 */
std::vector<census_group> census_groups(std::span<const census_row> rows, std::size_t values);

/// How run_census runs.
struct census_run_options {
  unsigned threads = 0;  // worker threads; 0: every core (std::thread::hardware_concurrency())
  /// Polled by every worker while it computes; false stops the run: rows in progress are dropped, run_census
  /// returns after the workers stop.
  std::function<bool()> keep_going = {};
  /// Called with each row as its rule is finished, one call at a time (under a lock), in the order they finish.
  std::function<void(census_row&&)> on_row = {};
};

/**
 * Throws limit_error (as check_sequence_memory does, the estimate and the limit named) when `threads` rules computed
 * at once would need more than options.max_memory for their values; run_census checks it before any work.
 *
 * Example: check_census_memory({.values = 100000000, .max_memory = 1 << 20}, 2) throws "computing 200000000 values
 * needs about 6.0 GiB, over the memory limit of 1.0 MiB; ..."
 */
void check_census_memory(const census_options& options, unsigned threads);

/**
 * Computes the rows of every rule `rules[i]` whose index is not in `done` (ascending or not), on `run.threads`
 * threads that take the next rule as they free up (rule costs differ by orders of magnitude), calling run.on_row
 * as each finishes (run.threads, or every core, divided among the rules computed at once: each rule's sequence gets
 * one thread unless there are fewer rules than threads, so none are oversubscribed). `names[i]` is rule i's built-in
 * name ("" for none); `texts[i]` its text. Returns true when every
 * rule not done was computed, false when keep_going stopped the run. Throws limit_error first when the values of the
 * rules computed at once exceed the memory limit (check_census_memory).
 * Complexity: the rules' costs, spread over the threads.
 */
bool run_census(std::span<const turning_game> rules, std::span<const std::string> texts,
                std::span<const std::string> names, std::span<const std::size_t> done, const census_options& options,
                const census_run_options& run);

}  // namespace tartan
