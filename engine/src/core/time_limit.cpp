#include "tartan/core/time_limit.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace tartan {

namespace {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// The figures of a time refusal: a limit a quarter over the estimate lets the work finish despite a noisy pace.
limit_figures time_figures(std::string asked, double estimate, double limit, std::uint64_t fits, bool at_least) {
  limit_figures f;
  f.asked = std::move(asked);
  f.unit = limit_unit::seconds;
  f.estimate = estimate;
  f.limit = limit;
  f.at_least = at_least;
  if (fits > 0) {
    f.suggestion = fits;
    f.suggestion_unit = limit_unit::values;
  }
  const double wanted = std::ceil(estimate * 1.25);
  if (wanted < 1e9) f.raise_to = wanted;
  return f;
}

}  // namespace

time_limit_error::time_limit_error(std::string asked, std::string problem, std::string advice, double estimate_seconds,
                                   double limit_seconds, std::uint64_t fits, bool at_least)
    : limit_error(std::move(problem), std::move(advice),
                  time_figures(std::move(asked), estimate_seconds, limit_seconds, fits, at_least)) {}

namespace {

/// `value` with `decimals` decimals and its unit, rounded `direction`.
std::string with_decimals(double value, int decimals, const char* unit, rounding direction) {
  if (direction != rounding::nearest) {
    const double scale = std::pow(10.0, decimals);
    // A value such as 6.0 that is already a whole number of last digits must stay itself: the product is rounded to
    // the nearest first when it lies within a rounding error of one.
    const double scaled = value * scale, whole = std::round(scaled);
    const bool exact = std::abs(scaled - whole) <= 1e-9 * std::max(1.0, std::abs(scaled));
    value = (exact ? whole : direction == rounding::down ? std::floor(scaled) : std::ceil(scaled)) / scale;
  }
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f %s", decimals, value, unit);
  return buffer;
}

}  // namespace

std::string format_seconds(double seconds, rounding direction) {
  if (!(seconds < 1e12)) return "more than 30000 years";
  // Limits typed as 0.000001 or less: named as typed, not as "0 ms".
  if (seconds < 1e-6) return with_decimals(seconds * 1e9, 0, "ns", direction);
  if (seconds < 0.001) return with_decimals(seconds * 1e6, 0, "µs", direction);
  if (seconds < 1) return with_decimals(seconds * 1000, 0, "ms", direction);
  if (seconds < 100) return with_decimals(seconds, 0, "s", direction);
  if (seconds < 6000) return with_decimals(seconds / 60, 1, "min", direction);
  if (seconds < 2 * 86400) return with_decimals(seconds / 3600, 1, "h", direction);
  return with_decimals(seconds / 86400, 1, "days", direction);
}

std::pair<std::string, std::string> format_seconds_apart(double estimate, double limit, rounding direction) {
  std::string a = format_seconds(estimate, direction), b = format_seconds(limit);
  if (a != b) return {a, b};
  // The same text, so the same unit: its name follows the number, and gives the scale.
  const std::string unit = a.substr(a.find(' ') + 1);
  const double scale = unit == "ns"     ? 1e9
                       : unit == "µs"   ? 1e6
                       : unit == "ms"   ? 1000.0
                       : unit == "s"    ? 1.0
                       : unit == "min"  ? 1.0 / 60
                       : unit == "h"    ? 1.0 / 3600
                       : unit == "days" ? 1.0 / 86400
                                        : 0.0;
  if (scale == 0) return {a, b};
  for (int decimals = 1; decimals <= 3; ++decimals) {
    std::string x = with_decimals(estimate * scale, decimals, unit.c_str(), direction);
    std::string y = with_decimals(limit * scale, decimals, unit.c_str(), rounding::nearest);
    if (x != y) return {x, y};
  }
  return {"just over " + b, b};
}

pace_guard::pace_guard(std::uint64_t total, double max_seconds, std::string what)
    : pace_guard(total, max_seconds, std::move(what), steady_seconds) {}

pace_guard::pace_guard(std::uint64_t total, double max_seconds, std::string what, std::function<double()> clock)
    : total_(total), max_seconds_(max_seconds), what_(std::move(what)), clock_(std::move(clock)) {
  if (max_seconds_ > 0) start_ = clock_();
}

void pace_guard::read(std::uint64_t done) {
  const double t = clock_() - start_;
  // About a millisecond between readings: the clock costs tens of nanoseconds, a value as little as a few.
  const double gap = t - last_reading_;
  if (gap < 0.0005 && stride_ < (std::uint64_t{1} << 24))
    stride_ *= 2;
  else if (gap > 0.002 && stride_ > 1)
    stride_ /= 2;
  last_reading_ = t;
  next_reading_ = calls_ + stride_;
  if (done == 0) return;
  const int octave = std::bit_width(done) - 1;
  if (marks_[octave].done == 0) marks_[octave] = {done, t};
  if (t < min_measured_seconds || done >= total_) return;

  // t(n) = a · n^p: p from the latest mark at most half of done (2 when there is none yet), clamped to [1, 3].
  double p = 2;
  for (int k = octave - 1; k >= 0; --k) {
    const mark& m = marks_[k];
    if (m.done == 0 || m.done * 2 > done) continue;
    if (m.seconds > 0) p = std::log(t / m.seconds) / std::log(static_cast<double>(done) / static_cast<double>(m.done));
    break;
  }
  p = std::clamp(p, 1.0, 3.0);
  const double estimate = t * std::pow(static_cast<double>(total_) / static_cast<double>(done), p);
  if (estimate <= max_seconds_ && t <= max_seconds_) return;
  const double fits_real = static_cast<double>(done) * std::pow(max_seconds_ / t, 1 / p);
  const std::uint64_t fits = static_cast<std::uint64_t>(std::max(1.0, std::floor(fits_real)));
  const auto [estimated, limit] = format_seconds_apart(estimate, max_seconds_);
  throw time_limit_error(what_,
                         what_ + " would take about " + estimated + " at the pace measured (" + format_seconds(t) +
                             " for the first " + std::to_string(done) + " values), over the time limit of " + limit,
                         "ask for at most about " + std::to_string(fits) + " values", estimate, max_seconds_, fits);
}

std::string percent_text(double fraction) {
  char text[32];
  const double percent = fraction * 100;
  std::snprintf(text, sizeof text, percent >= 10 ? "%.0f%%" : percent >= 0.1 ? "%.1f%%" : "%.2g%%", percent);
  return text;
}

fraction_guard::fraction_guard(double max_seconds, std::string what, double spent, std::function<double()> clock)
    : max_seconds_(max_seconds),
      what_(std::move(what)),
      spent_(spent),
      clock_(clock ? std::move(clock) : std::function<double()>(steady_seconds)) {
  if (max_seconds_ > 0) start_ = clock_();
}

bool fraction_guard::operator()(double fraction) {
  if (max_seconds_ <= 0) return true;
  if (!why_.empty()) return false;
  const double own = clock_() - start_;
  if (spent_ + own >= max_seconds_) {
    estimate_ = spent_ + own;
    why_ = what_ + " stopped at the time limit of " + format_seconds(max_seconds_) + ", " + percent_text(fraction) +
           " of its work done";
    return false;
  }
  if (own < pace_guard::min_measured_seconds || fraction >= 1) return true;
  const double estimate = spent_ + (fraction > 0 ? own / fraction : std::numeric_limits<double>::infinity());
  if (estimate <= max_seconds_) return true;
  estimate_ = estimate;
  const auto [estimated, limit] = format_seconds_apart(estimate, max_seconds_);
  why_ = what_ + " would take about " + estimated + " at the pace measured (" + percent_text(fraction) +
         " of its work in " + format_seconds(own) + "), over the time limit of " + limit;
  return false;
}

}  // namespace tartan
