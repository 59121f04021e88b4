// time_limit: long computations refused early, from their measured pace, instead of running silently for an hour.
//
// How long g(0..N-1) takes depends on the route and on how fast the values grow, which is known only as they are
// computed: Mock Turtles' closed form is linear, the bitset layers of a plain count such as `1-3` grow with the
// values (about n^2 in all), the cosets of `1+S` about n^3. So the cost is not guessed from the rule: the first
// values are computed, their pace is measured, and the time for all N is projected as t(N) = t(n) · (N/n)^p, the
// exponent p fitted to the last doubling of n (clamped to [1, 3]). When the projection is over the limit the work
// stops at once with time_limit_error, which names the estimate and about how many values would fit; a projection
// needs at least min_measured_seconds of work, so a refusal comes within about a second of the start.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "tartan/core/error.hpp"

namespace tartan {

/**
 * A computation whose projected time exceeds its limit: a limit_error in seconds (unit() == limit_unit::seconds)
 * whose suggestion() is about how many values fit and whose raise_to() is a time limit that would let it finish
 * (a quarter over the estimate), so that a front end can put the advice in its own words.
 *
 * Example: "g(0..9999999) of 1-3 would take about 2.8 h at the pace measured (1 s for the first 20000 values), over
 * the time limit of 60 s; ask for at most about 774596 values, or raise the time limit to 3.5 h"
 */
class time_limit_error : public limit_error {
 public:
  /// `problem` and `advice` as for limit_error; `asked` names the work, e.g. "g(0..9999999) of 1-3"; `fits` 0 when
  /// unknown; `at_least`: the estimate is a lower bound (counted work at the fastest pace, not a measured pace).
  time_limit_error(std::string asked, std::string problem, std::string advice, double estimate_seconds,
                   double limit_seconds, std::uint64_t fits, bool at_least = false);

  /// The projected time of the whole computation.
  double estimate_seconds() const { return estimate(); }
  /// The limit it was refused against.
  double limit_seconds() const { return limit(); }
  /// About how many items (coins) fit in the limit at the measured pace.
  std::uint64_t fits() const { return suggestion().value_or(0); }
};

/// The default time limit of the commands that compute Grundy sequences: about a minute.
inline constexpr double default_time_limit_seconds = 60;

/// Which way format_seconds rounds to its last digit: to the nearest, or so that the text stays a true bound ("at
/// least 6 s" for 6.74 s rounds down; "raise the limit to at least 6.8 min" for 6.74 min rounds up).
enum class rounding { nearest, down, up };

/**
 * A duration for messages: "5 ns", "10 µs", "850 ms", "42 s", "3.5 min", "2.1 h", "4.0 days".
 *
 * Example: format_seconds(150) == "2.5 min"; format_seconds(6.74, rounding::down) == "6 s"
 */
std::string format_seconds(double seconds, rounding direction = rounding::nearest);

/**
 * An estimate and the limit it exceeds, as format_seconds writes them, with as many more decimals (in the unit they
 * share) as make the two differ: never "about 2 s, over the limit of 2 s". When even thousandths agree, the estimate
 * is "just over" the limit. The estimate is rounded `direction` (down for a lower bound: "at least 6 s" for 6.74 s).
 *
 * Example: format_seconds_apart(2.4, 2) == {"2.4 s", "2.0 s"}; format_seconds_apart(3, 2) == {"3 s", "2 s"};
 * format_seconds_apart(6.74, 5, rounding::down) == {"6 s", "5 s"}
 */
std::pair<std::string, std::string> format_seconds_apart(double estimate, double limit,
                                                         rounding direction = rounding::nearest);

/**
 * Watches a computation of `total` items (coins) and throws time_limit_error as soon as its measured pace projects
 * beyond `max_seconds` (0: no limit, and the guard costs one comparison a call). Call it with the number of items
 * done after each one; it reads the clock only every so often (its stride adapts to keep about a millisecond
 * between readings), so it is cheap even for a closed form at a few nanoseconds a value.
 * `what` names the work in the message, e.g. "g(0..9999999) of 1-3".
 *
 * Example: pace_guard guard(n, 60, "g(0..n-1) of 1-3"); for (i...) { compute(i); guard(i + 1); }
 */
class pace_guard {
 public:
  /// Measured work below this many seconds projects nothing (too noisy); past it, one projection per reading.
  static constexpr double min_measured_seconds = 0.5;

  pace_guard(std::uint64_t total, double max_seconds, std::string what);

  /// The same with a clock of the caller's (seconds from any origin): for tests.
  pace_guard(std::uint64_t total, double max_seconds, std::string what, std::function<double()> clock);

  void operator()(std::uint64_t done) {
    if (max_seconds_ <= 0 || ++calls_ < next_reading_) return;
    read(done);
  }

 private:
  void read(std::uint64_t done);

  std::uint64_t total_;
  double max_seconds_;
  std::string what_;
  std::function<double()> clock_;
  double start_ = 0;
  std::uint64_t calls_ = 0;         // calls so far
  std::uint64_t next_reading_ = 1;  // the call that reads the clock next
  std::uint64_t stride_ = 1;        // calls between readings, doubled or halved to keep about 1 ms between them
  double last_reading_ = 0;
  // marks_[k]: the first reading with 2^k <= done < 2^(k+1), as (done, seconds); done == 0 when there was none.
  // The exponent of the pace is fitted between the latest mark at most half the current count and the reading.
  struct mark {
    std::uint64_t done = 0;
    double seconds = 0;
  };
  mark marks_[64] = {};
};

/**
 * Watches a computation that reports the fraction of its work done (0..1), weighted by cost, against a time limit
 * (0: none): it must stop once the limit is reached, or once it has run min_measured_seconds and the pace measured
 * projects the whole past the limit (t / fraction). `spent`: seconds of the same run spent before this computation
 * began, counted against the limit. Not a refusal before the work: the caller stops, keeps what it finished and says
 * why() (a stop, unlike pace_guard's time_limit_error, keeps a partial result: cells checked, positions searched).
 *
 * Example: fraction_guard guard(60, "the check"); ... if (!guard(done / total)) { stop; report guard.why(); }
 */
class fraction_guard {
 public:
  fraction_guard(double max_seconds, std::string what, double spent = 0, std::function<double()> clock = {});

  /// True while the work may go on; false once it must stop, from then on.
  bool operator()(double fraction);

  /// Why it must stop: "<what> would take about 2.1 h at the pace measured (0.4% of its work in 30 s), over the time
  /// limit of 60 s" or "<what> stopped at the time limit of 60 s, 93% of its work done"; empty while it may go on.
  const std::string& why() const { return why_; }
  bool stopped() const { return !why_.empty(); }
  /// When stopped: the time the whole was projected to take (the time spent, when the limit was reached).
  double estimate() const { return estimate_; }

 private:
  double max_seconds_;
  std::string what_;
  double spent_;
  std::function<double()> clock_;
  double start_ = 0;
  std::string why_;
  double estimate_ = 0;
};

/// A fraction as a percentage with the decimals that show it: "37%", "0.4%", "0.0031%".
std::string percent_text(double fraction);

}  // namespace tartan
