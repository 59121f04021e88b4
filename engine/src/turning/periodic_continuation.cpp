#include "tartan/turning/periodic_continuation.hpp"

#include <algorithm>
#include <utility>

#include "tartan/core/error.hpp"

namespace tartan {

periodic_continuation::periodic_continuation(std::vector<grundy_value> values, sequence_period period,
                                             std::string basis)
    : prefix_(std::move(values)), period_(std::move(period)), basis_(std::move(basis)) {
  TARTAN_ASSERT(period_.proven, "a continuation answers from a proven period only");
  TARTAN_ASSERT(period_.period >= 1 && prefix_.size() >= period_.preperiod + period_.period,
                "a continuation needs the values up to the end of the first period");
  prefix_.resize(period_.preperiod + period_.period);
}

namespace {

/// g(n) = g(m) + q·s, or overflow_error naming n.
grundy_value add_saltus(grundy_value base, std::uint64_t q, grundy_value saltus, std::uint64_t n, std::uint64_t m) {
  if (saltus != 0 && q > (UINT64_MAX - base) / saltus) {
    throw overflow_error("g(" + std::to_string(n) + ") = g(" + std::to_string(m) + ") + " + std::to_string(q) + "·" +
                         std::to_string(saltus) + " does not fit 64 bits; ask for smaller n");
  }
  return base + q * saltus;
}

}  // namespace

grundy_value periodic_continuation::value(std::uint64_t n) const {
  const std::uint64_t p = period_.preperiod;
  if (n < prefix_.size()) return prefix_[n];
  const std::uint64_t period = period_.period;
  const std::uint64_t q = (n - p) / period;
  const std::uint64_t m = p + (n - p) % period;
  return add_saltus(prefix_[m], q, period_.saltus, n, m);
}

void periodic_continuation::values(std::uint64_t first, std::span<grundy_value> out) const {
  std::size_t i = 0;
  for (; i < out.size() && first + i < prefix_.size(); ++i) out[i] = prefix_[first + i];
  if (i == out.size()) return;
  const std::uint64_t p = period_.preperiod;
  const std::uint64_t period = period_.period;
  const std::uint64_t n = first + i;
  std::uint64_t r = (n - p) % period;
  std::uint64_t q = (n - p) / period;
  // One period at a time: its values g(p + r..p + P - 1), shifted by q·s.
  while (i < out.size()) {
    const std::size_t run = static_cast<std::size_t>(std::min<std::uint64_t>(out.size() - i, period - r));
    const grundy_value* from = prefix_.data() + p + r;
    if (period_.saltus == 0) {
      std::copy(from, from + run, out.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      for (std::size_t j = 0; j < run; ++j)
        out[i + j] = add_saltus(from[j], q, period_.saltus, first + i + j, p + r + j);
    }
    i += run;
    r = 0;
    ++q;
  }
}

std::string periodic_continuation::method() const {
  const std::uint64_t n = computed();
  return "g(n) for n >= " + std::to_string(n) + " from the period " + std::to_string(period_.period) +
         (period_.saltus != 0 ? " and saltus " + std::to_string(period_.saltus) : std::string()) + " (preperiod " +
         std::to_string(period_.preperiod) + ") proven by " + basis_ + " over g(0.." + std::to_string(n - 1) + ")";
}

}  // namespace tartan
