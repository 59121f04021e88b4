#include "tartan/turning/closed_form.hpp"

#include <bit>
#include <cstdint>
#include <functional>

namespace tartan {

namespace {

struct candidate {
  closed_form form;
  /// The form's value at n, given the previous value (the n-th odious or evil number is the next after the
  /// previous one with the right parity of 1 bits); nullopt-free: returns false when the form has no value at n.
  std::function<bool(std::uint64_t n, grundy_value previous, grundy_value& value)> at;
};

/// The least number above `after` (or from 0 when first) whose count of 1 bits has parity `odd`.
grundy_value next_with_parity(bool first, grundy_value after, bool odd) {
  grundy_value x = first ? 0 : after + 1;
  while ((std::popcount(x) % 2 == 1) != odd) ++x;
  return x;
}

}  // namespace

std::vector<closed_form> recognise_closed_forms(std::span<const grundy_value> g) {
  const candidate candidates[] = {
      {{"odious", "g(n) = the n-th odious number (an odd number of 1 bits): 1, 2, 4, 7, 8, ...", "A000069"},
       [](std::uint64_t n, grundy_value prev, grundy_value& v) {
         if (n > 0 && prev == UINT64_MAX) return false;
         v = next_with_parity(n == 0, prev, true);
         return true;
       }},
      {{"evil", "g(n) = the n-th evil number (an even number of 1 bits): 0, 3, 5, 6, 9, ...", "A001969"},
       [](std::uint64_t n, grundy_value prev, grundy_value& v) {
         if (n > 0 && prev >= UINT64_MAX - 1) return false;
         v = next_with_parity(n == 0, prev, false);
         return true;
       }},
      {{"ruler", "g(n) = the largest power of 2 dividing n + 1: 1, 2, 1, 4, 1, 2, 1, 8, ...", "A006519"},
       [](std::uint64_t n, grundy_value, grundy_value& v) {
         v = (n + 1) & ~n;  // the lowest set bit of n + 1
         return n != UINT64_MAX;
       }},
      {{"n+1", "g(n) = n + 1", "A000027"},
       [](std::uint64_t n, grundy_value, grundy_value& v) {
         v = n + 1;
         return n != UINT64_MAX;
       }},
      {{"n", "g(n) = n", "A001477"},
       [](std::uint64_t n, grundy_value, grundy_value& v) {
         v = n;
         return true;
       }},
      {{"2^n", "g(n) = 2^n", "A000079"},
       [](std::uint64_t n, grundy_value, grundy_value& v) {
         if (n >= 64) return false;
         v = grundy_value{1} << n;
         return true;
       }},
  };
  std::vector<closed_form> matches;
  if (g.empty()) return matches;
  for (const candidate& c : candidates) {
    bool all = true;
    grundy_value previous = 0;
    for (std::uint64_t n = 0; n < g.size() && all; ++n) {
      grundy_value expected = 0;
      all = c.at(n, previous, expected) && expected == g[n];
      previous = expected;
    }
    if (all) matches.push_back(c.form);
  }
  return matches;
}

}  // namespace tartan
