// Fuzz target: the misère quotient against plain search. The first byte is the heap bound (1..12), the next bytes
// up to three heaps of at most the bound and a pair of positions, the rest a take-and-break code. The quotient of the
// heaps up to the bound (misere_quotient.hpp, at most 512 elements) must give every position asked the misère outcome
// a plain recursion over the code's heap moves gives here (the digits read as written), and two positions with the
// same class must keep equal outcomes with a third added. Unknown codes and parse failures are skipped.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace {

using tartan::coin;
using tartan::fuzz::require;

/// Misère outcomes of heap multisets by recursion over the code's moves read from its digits.
struct reference {
  const tartan::take_break_code& code;
  std::map<std::vector<coin>, bool> memo;

  bool is_p(std::vector<coin> heaps) {
    std::sort(heaps.begin(), heaps.end());
    heaps.erase(std::remove(heaps.begin(), heaps.end(), coin{0}), heaps.end());
    const auto found = memo.find(heaps);
    if (found != memo.end()) return found->second;
    bool any = false, p = true;
    for (std::size_t i = 0; i < heaps.size() && p; ++i) {
      const coin n = heaps[i];
      for (coin k = 0; k <= n && k <= code.max_take() && p; ++k) {
        const int d = code.digit(k);
        const bool differ = code.distinct(k);
        const coin r = n - k;
        std::vector<std::vector<coin>> left;
        if ((d & 1) && k >= 1 && r == 0) left.push_back({});
        if ((d & 2) && k >= 1 && r >= 1) left.push_back({r});
        for (coin a = 1; (d & 12) != 0 && a < r; ++a) {
          if ((d & 4) && a <= r - a && !(differ && a == r - a)) left.push_back({a, r - a});
          for (coin b = a; (d & 8) && a + b < r; ++b) {
            const coin c = r - a - b;
            if (b <= c && !(differ && (a == b || b == c))) left.push_back({a, b, c});
          }
        }
        for (const auto& l : left) {
          any = true;
          std::vector<coin> next = heaps;
          next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), l.begin(), l.end());
          if (is_p(next)) {
            p = false;
            break;
          }
        }
      }
    }
    memo.emplace(heaps, any && p);
    return any && p;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const coin bound = 1 + in.byte() % 12;
  std::vector<std::vector<coin>> positions(3);
  for (auto& p : positions) {
    const int count = in.byte() % (&p == &positions[2] ? 3 : 4);
    for (int i = 0; i < count; ++i) p.push_back(in.byte() % (bound + 1));
  }
  tartan::take_break_code code = tartan::take_break_code::parse("0.1");
  try {
    code = tartan::take_break_code::parse(in.rest());
  } catch (const tartan::error&) {
    return 0;
  }
  if (code.max_take() > 16) return 0;
  tartan::quotient_options options;
  options.max_order = 512;
  const tartan::misere_quotient q = tartan::build_misere_quotient(code, bound, options);
  if (q.bound() < bound) return 0;  // stopped by the order limit: nothing claimed past it
  reference ref{code, {}};
  for (const auto& p : positions) require(q.outcome(p) == (ref.is_p(p) ? 'P' : 'N'), "quotient outcome");
  if (q.element_of(positions[0]) == q.element_of(positions[1])) {
    std::vector<coin> a = positions[0], b = positions[1];
    a.insert(a.end(), positions[2].begin(), positions[2].end());
    b.insert(b.end(), positions[2].begin(), positions[2].end());
    require(ref.is_p(a) == ref.is_p(b), "an equivalence the quotient claims");
  }
  return 0;
}
