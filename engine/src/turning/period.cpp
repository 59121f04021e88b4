#include "tartan/turning/period.hpp"

#include <algorithm>
#include <string>

namespace tartan {

std::optional<coin> bounded_move_span(const turning_code& code) {
  coin widest = 0;
  for (const turning_alternative& alt : code.alternatives()) {
    if (alt.includes_first) return std::nullopt;  // F ties moves to coin 0: not the same from every coin
    coin span = 0;
    if (alt.window != 0) {
      span = alt.window;
    } else if (alt.consecutive && !alt.is_unbounded()) {
      span = alt.max_coins;
    } else if (alt.max_coins == 1) {
      span = 1;  // the moving coin alone
    } else {
      return std::nullopt;
    }
    widest = std::max(widest, span);
  }
  return widest;
}

std::optional<coin> bounded_move_span(const turning_game& game) {
  if (game.code().empty()) return std::nullopt;
  try {
    return bounded_move_span(turning_code::parse(game.code()));
  } catch (const parse_error&) {
    return std::nullopt;  // a plug-in's description that is not a code proves nothing
  }
}

namespace {

/// The least p such that g(n + P) = g(n) + s for every n in [p, N - P), g = g(0..N-1) in any unsigned width: a scan
/// from the end, stopping at the first mismatch.
template <class V>
std::size_t least_preperiod(const V* g, std::size_t size, std::size_t period, grundy_value saltus) {
  std::size_t n = size - period;  // one past the last n compared
  while (n > 0 && grundy_value{g[n - 1 + period]} - g[n - 1] == saltus && g[n - 1 + period] >= g[n - 1]) --n;
  return n;
}

std::size_t least_preperiod(std::span<const grundy_value> g, std::size_t period, grundy_value saltus) {
  return least_preperiod(g.data(), g.size(), period, saltus);
}

std::string range(std::size_t first, std::size_t last) {
  return first == last ? "g(" + std::to_string(first) + ")"
                       : "g(" + std::to_string(first) + ".." + std::to_string(last) + ")";
}

/// The smallest period of g(0..n-1) proven by a move span of `span` coins: the window of w - 1 values that fixes the
/// next one repeats inside the range, N - P - p >= w - 1.
template <class V>
std::optional<sequence_period> proven_by_span(const V* g, std::size_t n, coin span, const std::string& rule) {
  const std::size_t window = span - 1;
  for (std::size_t period = 1; period + window <= n && period < n; ++period) {
    const std::size_t p = least_preperiod(g, n, period, 0);
    if (n - period - p < window) continue;
    sequence_period found{p, period, 0, true, n, (n - p) / period, ""};
    if (window == 0) {
      found.why = "every move of " + rule + " turns the moving coin alone, so g(n) is the same for every n";
    } else {
      found.why = "every move of " + rule + " lies within " + std::to_string(span) + " adjacent coins, so " +
                  (window == 1 ? std::string("g(n) is fixed by the value before it")
                               : "g(n) is fixed by the " + std::to_string(window) + " values before it") +
                  " (for n >= " + std::to_string(window) + "), and " + range(p, p + window - 1) + " = " +
                  range(p + period, p + period + window - 1) +
                  ": the pattern repeats for every n >= " + std::to_string(p);
    }
    return found;
  }
  return std::nullopt;
}

/// The smallest period of g(0..n-1) proven by the Guy–Smith theorem: its least preperiod p has N >= 2p + 2P + t.
template <class V>
std::optional<sequence_period> proven_by_guy_smith(const V* g, std::size_t n, const take_break_code& code) {
  const std::size_t t = code.max_take();
  for (std::size_t period = 1; 2 * period + t <= n; ++period) {
    const std::size_t p = least_preperiod(g, n, period, 0);
    if (2 * p + 2 * period + t > n) continue;
    sequence_period found{p, period, 0, true, n, (n - p) / period, ""};
    found.why = "Guy–Smith periodicity theorem: " + code.text() + " is an octal game whose moves take at most " +
                std::to_string(t) + (t == 1 ? " token" : " tokens") + ", and g(n + " + std::to_string(period) +
                ") = g(n) for " + std::to_string(p) + " <= n < 2·" + std::to_string(p) + " + " +
                std::to_string(period) + " + " + std::to_string(t) + ", so for every n >= " + std::to_string(p);
    return found;
  }
  return std::nullopt;
}

}  // namespace

std::optional<sequence_period> find_period(std::span<const grundy_value> g, std::optional<coin> span,
                                           const std::string& code) {
  const std::size_t n = g.size();
  const std::string rule = code.empty() ? "the rule" : code;
  if (span) {
    if (std::optional<sequence_period> found = proven_by_span(g.data(), n, *span, rule)) return found;
  }
  // Unproven: only a repeat seen over many periods and most of the range, so that a few equal values at the end of
  // a sequence that has not settled (Grunt repeats 3 values from g(95) to g(124), then breaks) are not reported.
  for (std::size_t period = 1; min_observed_periods * period <= n; ++period) {
    if (g[n - 1] < g[n - 1 - period]) continue;  // a saltus is never negative
    const grundy_value saltus = g[n - 1] - g[n - 1 - period];
    const std::size_t p = least_preperiod(g, period, saltus);
    const std::size_t seen = n - p;
    if (seen < min_observed_periods * period || 2 * seen < n) continue;
    sequence_period found{p, period, saltus, false, n, seen / period, ""};
    found.why = "observed only in " + range(p, n - 1) + ", " + std::to_string(seen) + " of the " + std::to_string(n) +
                " values, " + std::to_string(seen / period) + " full periods";
    if (!span) {
      found.why +=
          ": the moves of " + rule + " are not confined to a bounded span, so no window of values fixes the rest";
    } else if (saltus != 0) {
      found.why += ": the values of a rule of bounded span are bounded, so a saltus cannot last";
    } else {
      found.why += "; a proof needs " + range(p, p + *span - 2) + " to repeat " + std::to_string(period) +
                   " coins later: ask for at least " + std::to_string(p + period + *span - 1) + " values";
    }
    return found;
  }
  return std::nullopt;
}

bool guy_smith_applies(const take_break_code& code) {
  if (code.max_heaps() > 2 || code.digit(0) != 0) return false;
  for (coin k = 0; k <= code.max_take(); ++k) {
    if (code.distinct(k)) return false;
  }
  return true;
}

std::optional<sequence_period> find_octal_period(std::span<const grundy_value> g, const take_break_code& code) {
  const std::size_t t = code.max_take();
  if (std::optional<sequence_period> proven = proven_by_guy_smith(g.data(), g.size(), code)) return proven;
  std::optional<sequence_period> found = find_period(g, std::nullopt, code.text());
  if (found) {
    const std::size_t cut = found->why.find(": the moves of ");
    if (cut != std::string::npos) found->why.resize(cut);
    if (found->saltus == 0) {
      found->why +=
          "; a proof by the Guy–Smith periodicity theorem needs g(n + P) = g(n) for p <= n < 2p + P + t "
          "(t = " +
          std::to_string(t) + "): ask for at least " + std::to_string(2 * found->preperiod + 2 * found->period + t) +
          " values";
    } else {
      found->why += "; the Guy–Smith periodicity theorem proves periods without a saltus only";
    }
  }
  return found;
}

std::optional<sequence_period> find_period(std::span<const grundy_value> g, const turning_game& game) {
  const std::optional<period_proof> proof = period_proof::of(game);
  if (proof && proof->octal_) return find_octal_period(g, *proof->octal_);
  return find_period(g, proof ? std::optional<coin>(proof->span_) : std::nullopt, game.code());
}

std::optional<period_proof> period_proof::of(const turning_game& game) {
  period_proof proof;
  proof.code_ = game.code();
  if (take_break_code::claims(game.code())) {
    try {
      const take_break_code code = take_break_code::parse(game.code());
      if (!guy_smith_applies(code)) return std::nullopt;
      proof.octal_ = code;
      return proof;
    } catch (const parse_error&) {
      return std::nullopt;  // not a code: no proof
    }
  }
  const std::optional<coin> span = bounded_move_span(game);
  if (!span) return std::nullopt;
  proof.span_ = *span;
  return proof;
}

template <class V>
std::optional<sequence_period> period_proof::find_in(const V* g, std::size_t n) const {
  if (octal_) return proven_by_guy_smith(g, n, *octal_);
  return proven_by_span(g, n, span_, code_.empty() ? "the rule" : code_);
}

std::optional<sequence_period> period_proof::find(std::span<const grundy_value> g) const {
  return find_in(g.data(), g.size());
}

std::optional<sequence_period> period_proof::find(const value_table& g) const {
  return g.visit([&](const auto* v) { return find_in(v, g.size()); });
}

std::string period_proof::basis() const {
  if (octal_) return "the Guy–Smith periodicity theorem";
  return span_ == 1 ? "moves of the moving coin alone" : "moves within " + std::to_string(span_) + " adjacent coins";
}

}  // namespace tartan
