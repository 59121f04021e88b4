// Censuses of rule families (census.hpp).
#include "tartan/analysis/census.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cctype>
#include <chrono>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>
#include <utility>

#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/sequence_limits.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/turning_code.hpp"

namespace tartan {

namespace {

void check_rule_count(std::size_t count, const std::string& description) {
  if (count > max_census_rules) {
    throw parse_error("the family of " + description + " holds " + std::to_string(count) +
                      " rules, more than a census takes (" + std::to_string(max_census_rules) +
                      "); ask for fewer digits or a smaller bound");
  }
}

/// Every code d0.d1..dD in base `base` (8 or 16), trailing zero digits dropped.
census_family digit_family(const char* kind, unsigned base, unsigned max_digits, unsigned digits,
                           std::vector<unsigned> first_digits) {
  const std::string codes = std::string(kind) + " codes";
  if (digits < 1 || digits > max_digits) {
    throw argument_error("digits", std::to_string(digits), "is out of range for " + codes,
                         "1 to " + std::to_string(max_digits), "the digits after the point");
  }
  if (first_digits.empty()) first_digits = {0};
  std::sort(first_digits.begin(), first_digits.end());
  first_digits.erase(std::unique(first_digits.begin(), first_digits.end()), first_digits.end());
  for (const unsigned d : first_digits) {
    if (d % 4 != 0 || d >= base) {
      throw argument_error("first_digits", std::to_string(d), "is not a digit before the point of " + codes,
                           base == 8 ? "0 or 4" : "0, 4, 8 or 12 (C)", "d0, which splits a heap without taking");
    }
  }
  static constexpr char hex[] = "0123456789ABCDEF";
  // "octal codes 0.ddd", or with other digits before the point "octal codes 0.ddd, 4.ddd".
  census_family family;
  family.description = codes + " ";
  for (std::size_t i = 0; i < first_digits.size(); ++i) {
    family.description += (i == 0 ? "" : ", ") + std::string(1, hex[first_digits[i]]) + "." + std::string(digits, 'd');
  }
  std::size_t per = 1;
  for (unsigned i = 0; i < digits; ++i) per *= base;
  check_rule_count(per * first_digits.size(), family.description);
  for (const unsigned d0 : first_digits) {
    for (std::size_t code = 0; code < per; ++code) {
      std::string after(digits, '0');
      std::size_t rest = code;
      for (unsigned i = digits; i-- > 0;) {
        after[i] = hex[rest % base];
        rest /= base;
      }
      while (after.size() > 1 && after.back() == '0') after.pop_back();
      family.rules.push_back(std::string(1, hex[d0]) + "." + after);
    }
  }
  return family;
}

}  // namespace

census_family octal_family(unsigned digits, std::vector<unsigned> first_digits) {
  return digit_family("octal", 8, 6, digits, std::move(first_digits));
}

census_family hexadecimal_family(unsigned digits, std::vector<unsigned> first_digits) {
  return digit_family("hexadecimal", 16, 5, digits, std::move(first_digits));
}

census_family subtraction_family(coin max_element, coin max_size) {
  if (max_element < 1 || max_element > 20) {
    throw argument_error("max_element", std::to_string(max_element), "is out of range for subtraction sets", "1 to 20",
                         "the largest number a move may take");
  }
  if (max_size < 1) {
    throw argument_error("max_size", "0", "leaves no subtraction set", "1 or more", "the most numbers in a set");
  }
  census_family family;
  family.description = "subtraction sets from 1.." + std::to_string(max_element);
  if (max_size < max_element) {
    family.description = "subtraction sets of at most " + std::to_string(max_size) +
                         (max_size == 1 ? " number" : " numbers") + " from 1.." + std::to_string(max_element);
  }
  for (std::uint32_t bits = 1; bits < (std::uint32_t{1} << max_element); ++bits) {
    if (static_cast<coin>(std::popcount(bits)) > max_size) continue;
    std::string text = "S{";
    for (coin k = 1; k <= max_element; ++k) {
      if ((bits >> (k - 1)) & 1) text += (text.size() == 2 ? "" : ",") + std::to_string(k);
    }
    family.rules.push_back(text + "}");
  }
  check_rule_count(family.rules.size(), family.description);
  return family;
}

census_family turning_family(const std::string& pattern, coin max_value) {
  std::string letters;
  for (const char c : pattern) {
    if (std::islower(static_cast<unsigned char>(c)) != 0 && letters.find(c) == std::string::npos) letters += c;
  }
  const std::string quoted = quote_typed(pattern);
  if (letters.empty()) {
    throw parse_error("turning pattern " + quoted +
                      " has no variable; write lowercase letters for the numbers to vary, e.g. a-bC(w)");
  }
  if (max_value < 1) {
    throw argument_error("max_value", "0", "leaves the pattern's letters no value", "1 or more",
                         "the largest value of each letter");
  }
  census_family family;
  family.description = "turning codes " + pattern + ", each letter 1.." + std::to_string(max_value);
  double count = 1;
  for (std::size_t i = 0; i < letters.size(); ++i) count *= max_value;
  if (count > static_cast<double>(max_census_rules)) {
    check_rule_count(count > 1e18 ? SIZE_MAX : static_cast<std::size_t>(count), family.description);
  }
  std::vector<coin> value(letters.size(), 1);
  for (;;) {
    std::string text;
    for (const char c : pattern) {
      const std::size_t v = letters.find(c);
      text += v == std::string::npos ? std::string(1, c) : std::to_string(value[v]);
    }
    try {
      static_cast<void>(turning_code::parse(text));
      family.rules.push_back(text);
    } catch (const parse_error& e) {
      if (family.skipped++ == 0) family.skipped_example = e.what();
    }
    std::size_t i = letters.size();
    while (i > 0 && value[i - 1] == max_value) value[--i] = 1;
    if (i == 0) break;
    ++value[i - 1];
  }
  if (family.rules.empty()) {
    throw parse_error("turning pattern " + quoted + " spells no turning code with values 1 to " +
                      std::to_string(max_value) + ": " + family.skipped_example);
  }
  return family;
}

census_family listed_family(const std::string& source, const std::string& text) {
  census_family family;
  family.description = "the rules in " + source;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    line = line.substr(0, line.find('#'));
    const auto first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos) {
      const auto last = line.find_last_not_of(" \t\r");
      family.rules.push_back(line.substr(first, last - first + 1));
      check_rule_count(family.rules.size(), family.description);
    }
    start = end + 1;
  }
  if (family.rules.empty()) {
    throw parse_error("no rule is listed in " + source +
                      "; write one rule per line (0.77, S{1,3}, 1-3, kayles), # for comments");
  }
  return family;
}

std::string to_string(census_status status) {
  switch (status) {
    case census_status::proven:
      return "proven";
    case census_status::observed:
      return "observed";
    case census_status::none:
      return "none";
    case census_status::stopped:
      return "stopped";
  }
  return "none";
}

std::optional<census_status> census_status_named(const std::string& text) {
  for (const census_status s :
       {census_status::proven, census_status::observed, census_status::none, census_status::stopped}) {
    if (to_string(s) == text) return s;
  }
  return std::nullopt;
}

std::size_t census_comparison_length(std::size_t values) {
  return values - std::min<std::size_t>(max_census_shift, values / 2);
}

namespace {

/// A bijective mixer of 64 bits (the finaliser of SplitMix64, Steele, Lea and Flood, OOPSLA 2014).
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// Two independent chains of the mixer over the length and the values: no linear structure for sequences such as
/// Thue–Morse's (which defeat polynomial hashes modulo 2^64) to cancel.
census_fingerprint fingerprint_of(std::span<const grundy_value> values) {
  census_fingerprint h{0x6a09e667f3bcc908ULL ^ values.size(), 0xbb67ae8584caa73bULL + values.size()};
  for (const grundy_value v : values) {
    h[0] = mix64(h[0] ^ v) + 0x9e3779b97f4a7c15ULL;
    h[1] = mix64(h[1] + (v ^ 0x3c6ef372fe94f82bULL)) ^ 0xa54ff53a5f1d36f1ULL;
  }
  return h;
}

}  // namespace

std::optional<census_row> census_rule_row(const turning_game& game, std::size_t index, const std::string& rule,
                                          const std::string& name, const census_options& options,
                                          const std::function<bool()>& keep_going) {
  TARTAN_ASSERT(options.values >= 1, "a census computes at least g(0)");
  census_row row;
  row.index = index;
  row.rule = rule;
  row.name = name;
  const auto start = std::chrono::steady_clock::now();
  sequence_request request{game_handle(game)};
  request.count = options.values;
  request.max_memory = options.max_memory;
  request.max_seconds = options.max_seconds;
  request.threads = std::max(1u, options.threads);
  // Every value as it comes, looked at for a proof at each doubling from 1024 values on: a proven period fixes every
  // later value, so the rest are written out from it instead of computed (periodic rules cost their proof only), and
  // the row is the one all N computed values would give. A value beyond 64 bits (which throws) leaves those before.
  // The values are kept in the narrowest width that holds them (a byte a heap for most octal games, as the sequence
  // keeps its own); the proof and the summary read 64-bit values, so each check and the row make a 64-bit copy.
  const std::size_t n = options.values;
  value_table values;
  std::size_t next_check = 1024;
  bool proven = false;
  request.on_values = [&](std::span<const grundy_value> chunk) {
    for (const grundy_value v : chunk) values.push_back(v);
    if (values.size() < next_check || values.size() >= n) return;
    next_check = 2 * values.size();
    const std::optional<sequence_period> p = find_period(values.to_vector(), game);
    proven = p && p->proven && p->saltus == 0;
  };
  request.progress = [&](double) { return !proven && (!keep_going || keep_going()); };
  std::string stopped;
  try {
    // The proof and the summary read a 64-bit copy of every value, beside the narrow ones: refused before any work
    // when that copy alone passes the limit (compute_sequence checks its own table).
    check_sequence_memory(n, options.max_memory, sizeof(grundy_value));
    const sequence_result result = compute_sequence(request);
    if (result.time_limit) {
      stopped = result.time_limit->what();
    } else if (!result.complete && !proven) {
      return std::nullopt;  // cancelled: nothing to record
    }
  } catch (const overflow_error& e) {
    stopped = e.what();
  } catch (const limit_error& e) {
    values = value_table();
    stopped = e.what();
  }
  std::vector<grundy_value> g = values.to_vector();
  values = value_table();
  if (!g.empty() && g.size() < n) {
    // A proof from the values computed (found at a check, or in values a limit stopped) writes out the rest.
    const std::optional<sequence_period> p = find_period(g, game);
    if (p && p->proven && p->saltus == 0) {
      g.reserve(n);
      while (g.size() < n) g.push_back(g[g.size() - p->period]);
      stopped.clear();
    }
  }
  row.computed = g.size();
  if (!g.empty()) row.summary = summarize_sequence(g, game);
  const std::optional<sequence_period>& period = row.summary.period;
  if (period && period->proven) {
    row.status = census_status::proven;
    row.why = period->why;
  } else if (!stopped.empty()) {
    row.status = census_status::stopped;
    row.why = stopped;
  } else if (period) {
    row.status = census_status::observed;
    row.why = period->why;
  } else {
    row.status = census_status::none;
    row.why = "no period found in g(0.." + std::to_string(g.size() - 1) + ")";
  }
  // The shift and the fingerprint of g(shift..shift+L-1), the values past the computed ones from a proven period.
  const std::size_t length = census_comparison_length(n);
  const std::size_t cap = std::min<std::size_t>(max_census_shift, n / 2);
  std::size_t first_nonzero = 0;
  while (first_nonzero < g.size() && g[first_nonzero] == 0) ++first_nonzero;
  if (first_nonzero < g.size()) row.shift = static_cast<std::uint32_t>(std::min(first_nonzero, cap));
  if (row.shift + length <= g.size()) {
    row.fingerprint = fingerprint_of(std::span<const grundy_value>(g).subspan(row.shift, length));
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (options.misere_heaps > 0 && take_break_code::claims(game.code())) {
    quotient_options q;
    q.max_seconds = options.max_seconds;
    q.max_memory = options.max_memory;
    q.progress = [&](double) { return !keep_going || keep_going(); };
    const misere_quotient built = build_misere_quotient(take_break_code::parse(game.code()), options.misere_heaps, q);
    if (built.end() == search_end::cancelled) return std::nullopt;
    row.misere = census_quotient{built.bound(),
                                 built.order(),
                                 built.p_portion_size(),
                                 built.end() == search_end::complete,
                                 built.period().has_value(),
                                 built.stopped_why()};
  }
  return row;
}

std::vector<census_group> census_groups(std::span<const census_row> rows, std::size_t values) {
  const std::size_t length = census_comparison_length(values);
  std::map<census_fingerprint, std::vector<const census_row*>> by_values;
  for (const census_row& row : rows) {
    if (row.fingerprint) by_values[*row.fingerprint].push_back(&row);
  }
  // Whether two rows are equal for every n: both periodic (proven, no saltus), and the values compared cover the
  // larger preperiod (from the shift) plus P_A + P_B - gcd (Fine and Wilf).
  const auto proven_equal = [&](const census_row& a, const census_row& b) {
    const auto& pa = a.summary.period;
    const auto& pb = b.summary.period;
    if (!pa || !pb || !pa->proven || !pb->proven || pa->saltus != 0 || pb->saltus != 0) return false;
    const std::size_t from_a = pa->preperiod > a.shift ? pa->preperiod - a.shift : 0;
    const std::size_t from_b = pb->preperiod > b.shift ? pb->preperiod - b.shift : 0;
    const std::size_t need = std::max(from_a, from_b) + pa->period + pb->period - std::gcd(pa->period, pb->period);
    return need <= length;
  };
  std::vector<census_group> groups;
  for (auto& [print, members] : by_values) {
    if (members.size() < 2) continue;
    std::sort(members.begin(), members.end(),
              [](const census_row* x, const census_row* y) { return x->index < y->index; });
    const census_row* first =
        *std::min_element(members.begin(), members.end(), [](const census_row* x, const census_row* y) {
          return x->shift != y->shift ? x->shift < y->shift : x->index < y->index;
        });
    census_group group;
    group.members.push_back({first->index, 0, true});
    for (const census_row* row : members) {
      if (row == first) continue;
      group.members.push_back({row->index, row->shift - first->shift, proven_equal(*first, *row)});
    }
    groups.push_back(std::move(group));
  }
  std::sort(groups.begin(), groups.end(), [](const census_group& x, const census_group& y) {
    return x.members.front().index < y.members.front().index;
  });
  return groups;
}

void check_census_memory(const census_options& options, unsigned threads) {
  const std::size_t at_once = std::max(1u, threads);
  const std::size_t total = options.values > SIZE_MAX / at_once ? SIZE_MAX : options.values * at_once;
  try {
    check_sequence_memory(total, options.max_memory);
  } catch (const limit_error& e) {
    if (at_once == 1) throw;
    // The same figures, said of the rules computed at once.
    const std::string said = "computing " + std::to_string(total) + " values";
    std::string problem = e.problem();
    if (problem.rfind(said, 0) == 0) {
      problem = "computing " + std::to_string(options.values) + " values for each of " + std::to_string(at_once) +
                " rules at once" + problem.substr(said.size());
    }
    limit_figures figures = e.figures();
    figures.asked = problem.substr(0, problem.find(" needs"));
    throw limit_error(problem, "ask for fewer values per rule, or fewer rules at once", figures);
  }
}

bool run_census(std::span<const turning_game> rules, std::span<const std::string> texts,
                std::span<const std::string> names, std::span<const std::size_t> done, const census_options& options,
                const census_run_options& run) {
  TARTAN_ASSERT(texts.size() == rules.size() && names.size() == rules.size(), "one text and one name per rule");
  std::vector<bool> skip(rules.size(), false);
  for (const std::size_t i : done) {
    if (i < skip.size()) skip[i] = true;
  }
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (!skip[i]) todo.push_back(i);
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::size_t recorded = 0;  // under `report`
  std::mutex report;
  const auto keep_going = [&] {
    if (stop.load(std::memory_order_relaxed)) return false;
    if (run.keep_going && !run.keep_going()) {
      stop = true;
      return false;
    }
    return true;
  };
  const unsigned budget = run.threads != 0 ? run.threads : std::max(1u, std::thread::hardware_concurrency());
  const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(budget, std::max<std::size_t>(todo.size(), 1)));
  check_census_memory(options, threads);
  // The cores left over when there are fewer rules than threads go to the rules' own sequences (the sparse-space
  // method uses two threads); rules computed side by side take one each, so the threads are never oversubscribed.
  census_options rule_options = options;
  rule_options.threads = std::max(1u, budget / threads);
  const auto work = [&] {
    for (;;) {
      if (!keep_going()) return;
      const std::size_t k = next.fetch_add(1);
      if (k >= todo.size()) return;
      const std::size_t i = todo[k];
      std::optional<census_row> row = census_rule_row(rules[i], i, texts[i], names[i], rule_options, keep_going);
      if (!row) return;  // stopped half-way: not recorded
      const std::lock_guard lock(report);
      ++recorded;
      if (run.on_row) run.on_row(std::move(*row));
    }
  };
  std::vector<std::jthread> pool;
  std::exception_ptr failure;
  std::mutex failure_lock;
  for (unsigned t = 1; t < threads; ++t) {
    pool.emplace_back([&] {
      try {
        work();
      } catch (...) {
        const std::lock_guard lock(failure_lock);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    });
  }
  try {
    work();
  } catch (...) {
    const std::lock_guard lock(failure_lock);
    if (!failure) failure = std::current_exception();
    stop = true;
  }
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
  return recorded == todo.size();
}

}  // namespace tartan
