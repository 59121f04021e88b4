#include "tartan/analysis/misere_quotient.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"

namespace tartan {

namespace {

using element = quotient_element;

/// Thrown inside one heap's construction when the time limit or the caller stops it, or a limit is passed: the
/// quotient of the heaps before it is kept.
struct construction_stopped {
  search_end end;
  std::string why;
};

/// Thrown by a trial that would pass the order limit (or the trial size the limits allow): a recalibration then tries
/// its next choice of heaps.
struct trial_too_large {
  std::string why;
};

/// The options of every heap (or row) listed so far, each as the components with a move that it leaves (a component
/// without a move is the empty game), sorted and listed once.
struct heap_options {
  std::vector<char> live;
  std::vector<std::vector<std::vector<coin>>> of;

  /// Adds the next component, whose options leave the components `options` (each option a list, any order); `any`:
  /// it has a move.
  void add(std::vector<std::vector<coin>> options, bool any) {
    for (std::vector<coin>& o : options) {
      std::erase_if(o, [&](coin x) { return live[x] == 0; });
      std::sort(o.begin(), o.end());
    }
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    live.push_back(any ? 1 : 0);
    of.push_back(std::move(options));
  }

  /// Adds the next heap of a take-and-break code.
  void add(const take_break_code& rule) {
    const coin h = static_cast<coin>(live.size());
    std::vector<std::vector<coin>> options;
    rule.for_each_heap_move(h, [&](coin, std::span<const coin> left) {
      options.emplace_back(left.begin(), left.end());
      return true;
    });
    const bool any = !options.empty();
    add(std::move(options), any);
  }
};

/// A finite commutative monoid given by its table (0 the identity) with a subset P.
struct monoid {
  std::uint32_t n = 1;
  std::vector<element> mul{0};
  std::vector<char> p{0};
  element operator()(element a, element b) const { return mul[static_cast<std::size_t>(a) * n + b]; }
};

/// A candidate: the monoid and the image of every heap 0 .. k.
struct candidate {
  monoid m;
  std::vector<element> phi;
};

/// A position as exponents per heap size (index = heap), compared lexicographically with the largest heap most
/// significant: the order in which positions are visited (an option is always below the position).
using word = std::vector<std::uint32_t>;

bool word_less(const word& a, const word& b) {
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

/// The set of classes of the options of heap h: Φ(o) for each option o.
std::vector<element> transitions(const monoid& m, const std::vector<element>& phi, const heap_options& opts, coin h) {
  std::vector<element> t;
  t.reserve(opts.of[h].size());
  for (const std::vector<coin>& o : opts.of[h]) {
    element x = 0;
    for (const coin c : o) x = m(x, phi[c]);
    t.push_back(x);
  }
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

/// The live heaps 1 .. k, largest first: the digits of a position, most significant first.
std::vector<coin> digits_of(const heap_options& opts, coin k) {
  std::vector<coin> d;
  for (coin h = k; h >= 1; --h) {
    if (opts.live[h] != 0) d.push_back(h);
  }
  return d;
}

/// Subsets of an element set as bits, one word per 64 elements.
struct bit_rows {
  std::size_t words = 0;
  std::vector<std::uint64_t> bits;
  const std::uint64_t* row(std::size_t i) const { return bits.data() + i * words; }
};

bool test_bit(const std::uint64_t* row, std::size_t i) { return ((row[i >> 6] >> (i & 63)) & 1) != 0; }

/// out = the set {y < n : in(y)}, (n + 63) / 64 words, each gathered in a register without a branch (the set is dense
/// and in(y) unpredictable: setting bits one by one costs a mispredicted branch and a store per element). O(n).
template <class Predicate>
void gather_bits(std::size_t n, std::uint64_t* out, Predicate in) {
  for (std::size_t w = 0, y = 0; y < n; ++w) {
    const std::size_t end = std::min<std::size_t>(y + 64, n);
    std::uint64_t bits = 0;
    for (std::uint32_t b = 0; y < end; ++y, ++b) bits |= std::uint64_t{in(y)} << b;
    out[w] = bits;
  }
}

/// The stop of a construction, polled in its inner loops.
struct work_limits {
  search_stop* stop = nullptr;
  std::uint64_t max_memory = 0;
  std::uint32_t max_order = 0;
  const std::function<void(const std::string&)>* stage = nullptr;
  const misere_quotient* names = nullptr;  // writes the failures a stage names (heaps or rows)

  bool reports_stage() const { return stage != nullptr && *stage; }

  void poll() const {
    if (stop != nullptr && !stop->keep_going()) throw construction_stopped{stop->end(), ""};
  }
};

/// For every x: A(x) = {m : x·m ∈ P}. O(n²).
bit_rows residuals(const monoid& m, const work_limits& limits) {
  bit_rows r;
  r.words = (m.n + 63) / 64;
  r.bits.assign(r.words * m.n, 0);
  for (element x = 0; x < m.n; ++x) {
    if ((x & 63) == 0) limits.poll();
    std::uint64_t* row = r.bits.data() + static_cast<std::size_t>(x) * r.words;
    const element* products = m.mul.data() + static_cast<std::size_t>(x) * m.n;
    gather_bits(m.n, row, [&](std::size_t y) { return m.p[products[y]] != 0; });
  }
  return r;
}

/// Check (N): the positions of `c` visited in lexicographic order, each as (x, U); the first failing one, if any.
/// `antichains`, when given, receives the undominated U of each element (the positions every other is compared with).
class n_check {
 public:
  n_check(const candidate& c, const std::vector<std::vector<element>>& trans, const std::vector<coin>& digits,
          const work_limits& limits)
      : c_(c), trans_(trans), digits_(digits), limits_(limits), a_(residuals(c.m, limits)) {
    chains_.resize(c.m.n);
  }

  /// The least failing position, or an empty word.
  word run() {
    exps_.assign(c_.phi.size(), 0);
    failure_.clear();
    std::vector<std::uint64_t> u(a_.words, 0);
    visit(0, 0, u, false);
    return failure_;
  }

  /// The undominated sets U per element, after run() found no failure.
  std::vector<std::vector<std::vector<std::uint64_t>>>& antichains() { return chains_; }

 private:
  bool dominated(element x, const std::vector<std::uint64_t>& u) {
    auto& chain = chains_[x];
    for (const auto& v : chain) {
      bool subset = true;
      for (std::size_t w = 0; w < u.size() && subset; ++w) subset = (v[w] & ~u[w]) == 0;
      if (subset) return true;
    }
    // Drop the sets u is below: they are dominated from now on.
    chain.erase(std::remove_if(chain.begin(), chain.end(),
                               [&](const std::vector<std::uint64_t>& v) {
                                 for (std::size_t w = 0; w < u.size(); ++w) {
                                   if ((u[w] & ~v[w]) != 0) return false;
                                 }
                                 return true;
                               }),
                chain.end());
    stored_ += u.size() * 8 + 32;
    if (stored_ > limits_.max_memory) {
      throw construction_stopped{search_end::stopped, "the check of the quotient would pass the memory limit of " +
                                                          format_bytes(limits_.max_memory)};
    }
    chain.push_back(u);
    return false;
  }

  /// Visits the positions that add copies of digits i, i + 1, ... to the one of (x, u), in lexicographic order: the
  /// position itself, then those whose most significant added digit is the last digit, ..., then digit i. (A loop
  /// over the digits rather than a recursion into each: the depth stays the number of digits present, not of all
  /// the digits, which rows of 16 coins make 65536.)
  void visit(std::size_t i, element x, const std::vector<std::uint64_t>& u, bool nonempty) {
    if (nonempty && c_.m.p[x] == 0 && !test_bit(u.data(), 0)) {
      failure_ = exps_;
      return;
    }
    for (std::size_t j = digits_.size(); j-- > i;) {
      add_copies(j, x, u);
      if (!failure_.empty()) return;
    }
  }

  /// The positions with one or more copies of digit i added to (x, u), each then extended by the digits after i.
  void add_copies(std::size_t i, element x, const std::vector<std::uint64_t>& u) {
    const coin h = digits_[i];
    const element g = c_.phi[h];
    const element* grow = c_.m.mul.data() + static_cast<std::size_t>(g) * c_.m.n;
    std::vector<std::uint64_t> cur = u;
    element cx = x;
    std::vector<std::uint64_t> next(a_.words);
    std::uint32_t added = 0;
    for (;;) {
      limits_.poll();
      // The preimage {y : g·y ∈ cur}: most of the check's time, O(n) per position visited.
      gather_bits(c_.m.n, next.data(), [&](std::size_t y) { return test_bit(cur.data(), grow[y]); });
      for (const element t : trans_[h]) {
        const std::uint64_t* r = a_.row(c_.m(cx, t));
        for (std::size_t w = 0; w < next.size(); ++w) next[w] |= r[w];
      }
      const element nx = c_.m(cx, g);
      ++exps_[h];
      ++added;
      if (dominated(nx, next)) break;
      visit(i + 1, nx, next, true);
      if (!failure_.empty()) return;
      cur.swap(next);
      cx = nx;
    }
    exps_[h] -= added;
  }

  const candidate& c_;
  const std::vector<std::vector<element>>& trans_;
  const std::vector<coin>& digits_;
  const work_limits& limits_;
  bit_rows a_;
  std::vector<std::vector<std::vector<std::uint64_t>>> chains_;
  word exps_;
  word failure_;
  std::uint64_t stored_ = 0;
};

/// The lexicographically least position of every element of `c`, as parent links (element before, heap added).
struct least_words {
  std::vector<element> parent;
  std::vector<coin> heap;  // 0 for the identity

  least_words(const candidate& c, const std::vector<coin>& digits) {
    parent.assign(c.m.n, 0);
    heap.assign(c.m.n, 0);
    seen_.assign(c.m.n, 0);
    seen_[0] = 1;
    visit(c, digits, 0, 0);
  }

  word of(element x, std::size_t heaps) const {
    word w(heaps, 0);
    while (x != 0) {
      ++w[heap[x]];
      x = parent[x];
    }
    return w;
  }

 private:
  // As n_check::visit: a loop over the digits, so the depth is the number of digits present.
  void visit(const candidate& c, const std::vector<coin>& digits, std::size_t i, element x) {
    for (std::size_t j = digits.size(); j-- > i;) add_copies(c, digits, j, x);
  }

  void add_copies(const candidate& c, const std::vector<coin>& digits, std::size_t i, element x) {
    const coin h = digits[i];
    for (;;) {
      const element nx = c.m(x, c.phi[h]);
      if (seen_[nx] != 0) break;
      seen_[nx] = 1;
      parent[nx] = x;
      heap[nx] = h;
      visit(c, digits, i + 1, nx);
      x = nx;
    }
  }
  std::vector<char> seen_;
};

/// Checks (P) and (N) on a candidate: the least failing position, or an empty word when the candidate is correct.
word least_failure(const candidate& c, const heap_options& opts, const work_limits& limits,
                   std::vector<std::vector<std::vector<std::uint64_t>>>* antichains = nullptr) {
  const coin k = static_cast<coin>(c.phi.size() - 1);
  const std::vector<coin> digits = digits_of(opts, k);
  std::vector<std::vector<element>> trans(c.phi.size());
  for (const coin h : digits) trans[h] = transitions(c.m, c.phi, opts, h);
  if (c.m.p[0] != 0) return word(c.phi.size(), 0);  // cannot happen: the empty position is marked N
  // (P): xΦ(h) ∈ P with an option's xΦ(o) ∈ P.
  word least;
  std::optional<least_words> lw;
  for (element x = 0; x < c.m.n; ++x) {
    limits.poll();
    for (const coin h : digits) {
      if (c.m.p[c.m(x, c.phi[h])] == 0) continue;
      for (const element t : trans[h]) {
        if (c.m.p[c.m(x, t)] == 0) continue;
        if (!lw) lw.emplace(c, digits);
        word w = lw->of(x, c.phi.size());
        ++w[h];
        if (least.empty() || word_less(w, least)) least = std::move(w);
        break;
      }
    }
  }
  n_check check(c, trans, digits, limits);
  word n_failure = check.run();
  if (!n_failure.empty() && (least.empty() || word_less(n_failure, least))) least = std::move(n_failure);
  if (least.empty() && antichains != nullptr) *antichains = std::move(check.antichains());
  return least;
}

/// A trial monoid: an explicit base times cyclic monoids ⟨g | g^(i+p) = g^i⟩, elements in mixed radix.
struct trial {
  monoid base;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> cyclic;  // index, period
  std::vector<std::uint64_t> radix;                             // place value of each cyclic component
  std::vector<std::uint64_t> image;                             // per heap
  std::uint64_t size = 0;                                       // the elements are 0 .. size − 1

  std::uint64_t mul(std::uint64_t a, std::uint64_t b) const {
    std::uint64_t r = base(static_cast<element>(a % base.n), static_cast<element>(b % base.n));
    for (std::size_t j = 0; j < cyclic.size(); ++j) {
      const std::uint64_t size = cyclic[j].first + cyclic[j].second;
      std::uint64_t e = (a / radix[j]) % size + (b / radix[j]) % size;
      if (e >= size) e = cyclic[j].first + (e - cyclic[j].first) % cyclic[j].second;
      r += e * radix[j];
    }
    return r;
  }
};

/// The submonoid of `c` generated by the images of the live heaps not in `freed`, as an explicit monoid, and each
/// element's index in it.
std::pair<monoid, std::vector<std::int64_t>> regenerate(const candidate& c, const heap_options& opts,
                                                        const std::vector<char>& freed) {
  std::vector<std::int64_t> index(c.m.n, -1);
  std::vector<element> members{0};
  index[0] = 0;
  std::vector<element> gens;
  for (coin h = 1; h < c.phi.size(); ++h) {
    if (opts.live[h] != 0 && freed[h] == 0) gens.push_back(c.phi[h]);
  }
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end()), gens.end());
  for (std::size_t i = 0; i < members.size(); ++i) {
    for (const element g : gens) {
      const element y = c.m(members[i], g);
      if (index[y] < 0) {
        index[y] = static_cast<std::int64_t>(members.size());
        members.push_back(y);
      }
    }
  }
  if (members.size() == c.m.n) {
    // The other heaps generate all of c (the common case): c itself, numbered as it is.
    for (element x = 0; x < c.m.n; ++x) index[x] = x;
    return {c.m, std::move(index)};
  }
  monoid b;
  b.n = static_cast<std::uint32_t>(members.size());
  b.mul.resize(static_cast<std::size_t>(b.n) * b.n);
  b.p.resize(b.n);
  for (element i = 0; i < b.n; ++i) {
    b.p[i] = c.m.p[members[i]];
    for (element j = 0; j < b.n; ++j) {
      b.mul[static_cast<std::size_t>(i) * b.n + j] = static_cast<element>(index[c.m(members[i], members[j])]);
    }
  }
  return {std::move(b), std::move(index)};
}

/// The trial elements reached so far, each with its index in the order reached: a table over all the trial's elements
/// when it has at most `dense_limit` of them (one lookup, no hashing), a hash map otherwise.
class trial_states {
 public:
  static constexpr std::uint32_t absent = UINT32_MAX;

  trial_states(std::uint64_t trial_size, std::uint64_t dense_limit) {
    if (trial_size <= dense_limit) dense_.assign(trial_size, absent);
  }
  std::uint32_t find(std::uint64_t x) const {
    if (!dense_.empty()) return dense_[x];
    const auto found = sparse_.find(x);
    return found == sparse_.end() ? absent : found->second;
  }
  void add(std::uint64_t x, std::uint32_t index) {
    if (!dense_.empty()) {
      dense_[x] = index;
    } else {
      sparse_.emplace(x, index);
    }
  }

 private:
  std::vector<std::uint32_t> dense_;
  std::unordered_map<std::uint64_t, std::uint32_t> sparse_;
};

/// The P-portion of a trial read off each element's lexicographically least position (an element is P when that
/// position is not empty and none of its options is P), then the trial reduced (x ~ y when xz ∈ P ⟺ yz ∈ P for
/// every z): a candidate for the heaps 0 .. k.
candidate mark_and_reduce(const trial& t, const heap_options& opts, coin k, const work_limits& limits) {
  const std::vector<coin> digits = digits_of(opts, k);
  // Each heap's options as trial elements.
  std::vector<std::vector<std::uint64_t>> trans(k + 1);
  for (const coin h : digits) {
    for (const std::vector<coin>& o : opts.of[h]) {
      std::uint64_t x = 0;
      for (const coin c : o) x = t.mul(x, t.image[c]);
      trans[h].push_back(x);
    }
    std::sort(trans[h].begin(), trans[h].end());
    trans[h].erase(std::unique(trans[h].begin(), trans[h].end()), trans[h].end());
  }
  std::vector<std::uint64_t> elements;
  std::vector<char> is_p;
  // A trial may reach 16 times the order limit before it is reduced (MisereSolver sets no bound): at 4 times, 0.35 and
  // 4.06 completed heaps 26 and 54 and stopped on trials past the cap; at 16 they complete heaps 31 and 72 in 10 s; at
  // 64 the time goes on large trials that do not separate (docs/misere.md).
  const std::uint64_t cap = std::max<std::uint64_t>(std::uint64_t{limits.max_order} * 16, 1 << 12);
  const std::uint64_t memory_cap = limits.max_memory / 256;
  // The table costs 4 bytes per trial element: allowed up to 16 per element the cap lets the walk reach.
  trial_states state(t.size, std::min(cap, memory_cap) * 16);
  auto mark = [&](std::uint64_t x, bool p) {
    if (elements.size() >= cap || elements.size() >= memory_cap) {
      throw trial_too_large{"a trial monoid at heap " + std::to_string(k) + " passes " +
                            std::to_string(elements.size()) + " elements"};
    }
    state.add(x, static_cast<std::uint32_t>(elements.size()));
    elements.push_back(x);
    is_p.push_back(p ? 1 : 0);
  };
  mark(0, false);
  // Lexicographic visit: each element at its least position, with the classes of that position's options.
  struct walker {
    const trial& t;
    const std::vector<coin>& digits;
    const std::vector<std::vector<std::uint64_t>>& trans;
    trial_states& state;
    std::vector<char>& is_p;
    const decltype(mark)& record;
    const work_limits& limits;

    // As n_check::visit: a loop over the digits, so the depth is the number of digits present.
    void visit(std::size_t i, std::uint64_t x, const std::vector<std::uint64_t>& opt) {
      for (std::size_t j = digits.size(); j-- > i;) add_copies(j, x, opt);
    }

    void add_copies(std::size_t i, std::uint64_t x, const std::vector<std::uint64_t>& opt) {
      const coin h = digits[i];
      std::vector<std::uint64_t> cur = opt;
      std::vector<std::uint64_t> next;
      for (;;) {
        limits.poll();
        const std::uint64_t nx = t.mul(x, t.image[h]);
        if (state.find(nx) != trial_states::absent) break;
        next.clear();
        for (const std::uint64_t y : cur) next.push_back(t.mul(y, t.image[h]));
        for (const std::uint64_t y : trans[h]) next.push_back(t.mul(x, y));
        std::sort(next.begin(), next.end());
        next.erase(std::unique(next.begin(), next.end()), next.end());
        bool p = true;
        for (const std::uint64_t y : next) {
          const std::uint32_t found = state.find(y);
          TARTAN_ASSERT(found != trial_states::absent, "an option is below the position");
          if (is_p[found] != 0) {
            p = false;
            break;
          }
        }
        record(nx, p);
        visit(i + 1, nx, next);
        cur.swap(next);
        x = nx;
      }
    }
  };
  walker{t, digits, trans, state, is_p, mark, limits}.visit(0, 0, {});

  // Reduce: refine the partition by P with the action of each distinct heap image until stable (Moore).
  std::vector<std::uint64_t> letters;
  for (const coin h : digits) letters.push_back(t.image[h]);
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
  const std::size_t n = elements.size();
  std::vector<std::vector<std::uint32_t>> act(letters.size(), std::vector<std::uint32_t>(n));
  for (std::size_t g = 0; g < letters.size(); ++g) {
    limits.poll();
    for (std::size_t s = 0; s < n; ++s) act[g][s] = state.find(t.mul(elements[s], letters[g]));
  }
  std::vector<std::uint32_t> cls(n);
  for (std::size_t s = 0; s < n; ++s) cls[s] = is_p[s] != 0 ? 1 : 0;
  // Each pass splits every class by the class a letter sends its states to: the states counted into blocks by class,
  // then a block's states numbered by their successor's class, a stamp per successor class telling whether the block
  // has met it yet. O(n + classes) per letter, no hashing (a hash map per letter was most of a trial's time).
  std::size_t classes = 2;  // the partition {not P, P}, one part perhaps empty: numbered below
  std::vector<std::uint32_t> next(n), order(n), start, stamp, id;
  auto split = [&](const std::uint32_t* successor) {
    start.assign(classes + 1, 0);
    for (std::size_t s = 0; s < n; ++s) ++start[cls[s] + 1];
    for (std::size_t c = 0; c < classes; ++c) start[c + 1] += start[c];
    for (std::size_t s = 0; s < n; ++s) order[start[cls[s]]++] = static_cast<std::uint32_t>(s);
    stamp.assign(classes, UINT32_MAX);
    id.resize(classes);
    std::uint32_t count = 0;
    for (std::size_t i = 0, c = 0; i < n; ++i) {
      const std::uint32_t s = order[i];
      if (i > 0 && cls[s] != cls[order[i - 1]]) ++c;
      const std::uint32_t to = successor == nullptr ? 0 : cls[successor[s]];
      if (stamp[to] != c) {
        stamp[to] = static_cast<std::uint32_t>(c);
        id[to] = count++;
      }
      next[s] = id[to];
    }
    cls.swap(next);
    classes = count;
  };
  split(nullptr);  // number the parts of {not P, P} that are not empty
  for (;;) {
    const std::size_t before = classes;
    for (std::size_t g = 0; g < letters.size(); ++g) {
      limits.poll();
      split(act[g].data());
    }
    if (classes == before) break;
  }
  if (classes > limits.max_order) {
    throw trial_too_large{"the quotient at heap " + std::to_string(k) + " would pass the order limit of " +
                          std::to_string(limits.max_order)};
  }
  // Number the classes from the identity's, breadth first by letter, and build the table row by row.
  std::vector<std::int64_t> number(classes, -1);
  std::vector<std::uint32_t> rep;        // a state of each class
  std::vector<std::uint32_t> parent;     // the class it was reached from
  std::vector<std::uint32_t> by_letter;  // and the letter
  number[cls[0]] = 0;
  rep.push_back(0);
  parent.push_back(0);
  by_letter.push_back(0);
  for (std::size_t i = 0; i < rep.size(); ++i) {
    for (std::size_t g = 0; g < letters.size(); ++g) {
      const std::uint32_t s = act[g][rep[i]];
      if (number[cls[s]] < 0) {
        number[cls[s]] = static_cast<std::int64_t>(rep.size());
        rep.push_back(s);
        parent.push_back(static_cast<std::uint32_t>(i));
        by_letter.push_back(static_cast<std::uint32_t>(g));
      }
    }
  }
  candidate c;
  c.m.n = static_cast<std::uint32_t>(rep.size());
  check_memory(std::uint64_t{c.m.n} * c.m.n * sizeof(element), limits.max_memory,
               "the table of a quotient of " + std::to_string(c.m.n) + " elements", "give a smaller heap bound");
  c.m.mul.assign(static_cast<std::size_t>(c.m.n) * c.m.n, 0);
  c.m.p.resize(c.m.n);
  // The action of each letter on the classes, then each row x·y = (x·parent(y))·letter(y) from it: O(n²) lookups in
  // tables of n entries (the action on the trial's states is |letters| times the trial's size).
  std::vector<element> class_act(letters.size() * std::size_t{c.m.n});
  for (std::size_t g = 0; g < letters.size(); ++g) {
    for (element x = 0; x < c.m.n; ++x) {
      class_act[g * c.m.n + x] = static_cast<element>(number[cls[act[g][rep[x]]]]);
    }
  }
  std::vector<const element*> by_letter_act(c.m.n);
  for (element y = 1; y < c.m.n; ++y) by_letter_act[y] = class_act.data() + std::size_t{by_letter[y]} * c.m.n;
  for (element x = 0; x < c.m.n; ++x) {
    if ((x & 63) == 0) limits.poll();
    c.m.p[x] = is_p[rep[x]];
    element* row = c.m.mul.data() + static_cast<std::size_t>(x) * c.m.n;
    row[0] = x;
    for (element y = 1; y < c.m.n; ++y) row[y] = by_letter_act[y][row[parent[y]]];
  }
  c.phi.assign(k + 1, 0);
  for (coin h = 1; h <= k; ++h) {
    if (opts.live[h] != 0) c.phi[h] = static_cast<element>(number[cls[state.find(t.image[h])]]);
  }
  return c;
}

/// The index and period of x: x^(index + period) = x^index, both least.
std::pair<std::uint32_t, std::uint32_t> index_and_period(const monoid& m, element x) {
  std::vector<std::int64_t> first(m.n, -1);
  element y = 0;
  for (std::uint32_t i = 0;; ++i) {
    if (first[y] >= 0) return {static_cast<std::uint32_t>(first[y]), i - static_cast<std::uint32_t>(first[y])};
    first[y] = i;
    y = m(y, x);
  }
}

/// The trial with the heaps in `freed` made free cyclic generators (index, period 2) over the submonoid of `c`
/// generated by the other heaps.
trial make_trial(const candidate& c, const heap_options& opts, const std::vector<char>& freed,
                 const std::vector<std::uint32_t>& index) {
  auto [base, where] = regenerate(c, opts, freed);
  trial t;
  t.base = std::move(base);
  std::uint64_t place = t.base.n;
  t.image.assign(c.phi.size(), 0);
  for (coin h = 1; h < c.phi.size(); ++h) {
    if (opts.live[h] == 0) continue;
    if (freed[h] == 0) {
      t.image[h] = static_cast<std::uint64_t>(where[c.phi[h]]);
      continue;
    }
    t.cyclic.push_back({index[h], 2});
    t.radix.push_back(place);
    t.image[h] = place;
    if (place > (std::uint64_t{1} << 62) / (index[h] + 2)) {
      throw trial_too_large{"a trial monoid at heap " + std::to_string(c.phi.size() - 1) + " is too large"};
    }
    place *= index[h] + 2;
  }
  t.size = place;
  return t;
}

/// The least failing positions kept for the heap where a construction stops (the last ones met).
constexpr std::size_t max_failures_kept = 8;

/// The most trials one recalibration builds before the heap is given up.
constexpr std::uint32_t max_recalibrations = 24;

/// Recalibrates a failed trial at its least failing position w: the heaps of w, fewest first, made free cyclic
/// generators, until one choice gives w the outcome it has (the opposite of what the trial said).
candidate recalibrate(const candidate& c, const heap_options& opts, const word& w, const work_limits& limits,
                      std::uint32_t& tried) {
  element x = 0;
  for (coin h = 1; h < w.size(); ++h) {
    for (std::uint32_t i = 0; i < w[h]; ++i) x = c.m(x, c.phi[h]);
  }
  const bool should_be_p = c.m.p[x] == 0;
  std::vector<coin> involved;
  for (coin h = 1; h < w.size(); ++h) {
    if (w[h] > 0 && opts.live[h] != 0) involved.push_back(h);
  }
  std::string too_large;
  std::uint32_t attempts = 0;
  for (std::uint32_t extra = 0; extra <= 8; extra += 2) {
    std::vector<std::uint32_t> index(c.phi.size(), 0);
    for (const coin h : involved) {
      index[h] = std::max({index_and_period(c.m, c.phi[h]).first, w[h] > 0 ? w[h] - 1 : 0u, 2u}) + extra;
    }
    for (std::size_t size = 1; size <= involved.size(); ++size) {
      // Every subset of `size` heaps of w, in lexicographic order.
      std::vector<std::size_t> pick(size);
      for (std::size_t i = 0; i < size; ++i) pick[i] = i;
      for (;;) {
        std::vector<char> freed(c.phi.size(), 0);
        for (const std::size_t i : pick) freed[involved[i]] = 1;
        ++tried;
        // A bounded search: past max_recalibrations trials the heap is given up (and the quotient of the heaps before
        // it kept), rather than trying every subset of a long failing position.
        if (++attempts > max_recalibrations) {
          throw construction_stopped{search_end::stopped, "no recalibration of the trial at heap " +
                                                              std::to_string(c.phi.size() - 1) + " within " +
                                                              std::to_string(max_recalibrations) + " trials" +
                                                              (too_large.empty() ? "" : " (" + too_large + ")")};
        }
        if (limits.reports_stage()) {
          (*limits.stage)("heap " + std::to_string(c.phi.size() - 1) + ": candidate " + std::to_string(tried) +
                          ", a trial at the least failure " + limits.names->copies_text(w));
        }
        try {
          candidate next =
              mark_and_reduce(make_trial(c, opts, freed, index), opts, static_cast<coin>(c.phi.size() - 1), limits);
          element y = 0;
          for (coin h = 1; h < w.size(); ++h) {
            for (std::uint32_t i = 0; i < w[h]; ++i) y = next.m(y, next.phi[h]);
          }
          if ((next.m.p[y] != 0) == should_be_p) return next;
        } catch (const trial_too_large& large) {
          too_large = large.why;  // this choice of heaps is too large: try the next one
        }
        std::size_t i = size;
        while (i > 0 && pick[i - 1] == involved.size() - size + i - 1) --i;
        if (i == 0) break;
        ++pick[i - 1];
        for (std::size_t j = i; j < size; ++j) pick[j] = pick[j - 1] + 1;
      }
    }
  }
  if (!too_large.empty()) throw construction_stopped{search_end::stopped, too_large};
  throw construction_stopped{search_end::stopped, "no recalibration of the trial at heap " +
                                                      std::to_string(c.phi.size() - 1) +
                                                      " separated its least failing position"};
}

/// Heap k added to the correct quotient `q` of heaps 0 .. k−1: the quotient of heaps 0 .. k, and its evidence;
/// `failures` gets the least failing positions of its trials as they are met (the last max_failures_kept of them).
candidate add_heap(const candidate& q, const heap_options& opts, coin k, const work_limits& limits,
                   std::vector<std::vector<std::vector<std::uint64_t>>>& antichains, quotient_step& step,
                   std::vector<word>& failures) {
  candidate c = q;
  c.phi.push_back(0);
  if (opts.live[k] == 0) {
    step.no_move = true;
    return c;
  }
  const std::vector<element> tr = transitions(q.m, c.phi, opts, k);
  bool heap_is_p = true;
  for (const element t : tr) heap_is_p = heap_is_p && q.m.p[t] == 0;
  // An element already there as the heap's class: (P) for the heap at x, then either the heap's U contains the U of
  // an earlier position with the class x (every position with the heap is then dominated by one without it), or the
  // full check (N) passes.
  const bit_rows a = residuals(q.m, limits);
  std::vector<std::uint64_t> u(a.words, 0);
  for (const element t : tr) {
    for (std::size_t w = 0; w < a.words; ++w) u[w] |= a.row(t)[w];
  }
  std::vector<element> plausible;
  for (element x = 0; x < q.m.n; ++x) {
    limits.poll();
    if ((q.m.p[x] != 0) != heap_is_p) continue;
    bool p_ok = true;
    for (element r = 0; r < q.m.n && p_ok; ++r) {
      if (q.m.p[q.m(r, x)] == 0) continue;
      for (const element t : tr) {
        if (q.m.p[q.m(r, t)] != 0) {
          p_ok = false;
          break;
        }
      }
    }
    if (!p_ok) continue;
    plausible.push_back(x);
    if (x < antichains.size()) {
      for (const auto& v : antichains[x]) {
        bool subset = true;
        for (std::size_t w = 0; w < u.size() && subset; ++w) subset = (v[w] & ~u[w]) == 0;
        if (subset) {
          ++step.candidates;
          c.phi[k] = x;
          return c;
        }
      }
    }
  }
  for (const element x : plausible) {
    ++step.candidates;
    c.phi[k] = x;
    std::vector<std::vector<std::vector<std::uint64_t>>> chains;
    if (least_failure(c, opts, limits, &chains).empty()) {
      antichains = std::move(chains);
      return c;
    }
  }
  // A new generator: the trial Q × ⟨g | g^4 = g^2⟩, recalibrated at its least failure until correct.
  step.grew = true;
  std::vector<char> freed(k + 1, 0);
  freed[k] = 1;
  std::vector<std::uint32_t> index(k + 1, 0);
  index[k] = 2;
  ++step.candidates;
  if (limits.reports_stage()) {
    (*limits.stage)("heap " + std::to_string(k) + ": candidate " + std::to_string(step.candidates) +
                    ", a trial with the heap a new generator");
  }
  try {
    c = mark_and_reduce(make_trial(c, opts, freed, index), opts, k, limits);
  } catch (const trial_too_large& large) {
    throw construction_stopped{search_end::stopped, large.why};
  }
  for (;;) {
    std::vector<std::vector<std::vector<std::uint64_t>>> chains;
    const word failure = least_failure(c, opts, limits, &chains);
    if (failure.empty()) {
      antichains = std::move(chains);
      return c;
    }
    // Kept for a stop at this heap: the last few show how the failures move (on 4.76 at heap 6 they climb in
    // lockstep, 2^a·3·5^b·6 with a and b rising together: docs/misere.md).
    if (failures.size() == max_failures_kept) failures.erase(failures.begin());
    failures.push_back(failure);
    c = recalibrate(c, opts, failure, limits, step.candidates);
  }
}

/// A row as its coins, coin 0 first, up to its last heads coin ("HTH"; the row with no heads "T").
std::string row_text(std::uint64_t row) {
  if (row == 0) return "T";
  std::string s;
  for (; row != 0; row >>= 1) s += (row & 1) != 0 ? 'H' : 'T';
  return s;
}

std::string generator_name(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return "g" + std::to_string(i + 1);
}

}  // namespace

std::uint32_t misere_quotient::p_portion_size() const {
  return static_cast<std::uint32_t>(std::count(p_.begin(), p_.end(), 1));
}

quotient_element misere_quotient::image(coin heap) const {
  const coin n = bound();
  if (heap <= n) return pretending_[heap];
  TARTAN_ASSERT(period_.has_value(), "a heap above the bound needs the period");
  const coin p = period_->period;
  const coin back = (heap - n + p - 1) / p;
  return pretending_[heap - back * p];
}

quotient_element misere_quotient::element_of(std::span<const coin> heaps) const {
  quotient_element x = 0;
  for (const coin h : heaps) x = product(x, image(h));
  return x;
}

const take_break_code& misere_quotient::rule() const {
  TARTAN_ASSERT(rule_.has_value(), "a quotient of rows has no take-and-break code");
  return *rule_;
}

const turning_game& misere_quotient::row_game() const {
  TARTAN_ASSERT(row_game_.has_value(), "a quotient of heaps has no row game");
  return *row_game_;
}

std::string misere_quotient::component_text(coin c) const {
  return components_ == quotient_components::heaps ? std::to_string(c) : row_text(c);
}

namespace {

/// A position given as copies per component, each component written by `name`: "1, 2 (7 times), 5".
template <class Name>
std::string copies_written(std::span<const std::uint32_t> copies, Name name, const char* none) {
  std::string s;
  for (std::size_t c = 0; c < copies.size(); ++c) {
    if (copies[c] == 0) continue;
    s += (s.empty() ? "" : ", ") + name(c);
    if (copies[c] > 1) s += " (" + std::to_string(copies[c]) + " times)";
  }
  return s.empty() ? none : s;
}

}  // namespace

std::string misere_quotient::copies_text(std::span<const std::uint32_t> copies) const {
  if (components_ == quotient_components::heaps) return position_text(copies);
  return copies_written(
      copies, [](std::size_t r) { return row_text(r); }, "no rows");
}

std::string misere_quotient::position_text(std::span<const std::uint32_t> copies) {
  return copies_written(
      copies, [](std::size_t h) { return std::to_string(h); }, "no heaps");
}

std::string misere_quotient::monomial_name(std::span<const std::uint32_t> exponents) const {
  std::string s;
  for (std::size_t g = 0; g < exponents.size(); ++g) {
    if (exponents[g] == 0) continue;
    s += generator_names_[g];
    if (exponents[g] > 1) s += "^" + std::to_string(exponents[g]);
  }
  return s.empty() ? "1" : s;
}

std::string misere_quotient::name(quotient_element x) const { return monomial_name(normal_forms_[x]); }

std::string misere_quotient::presentation() const {
  std::string s;
  for (std::size_t g = 0; g < generator_names_.size(); ++g) s += (g == 0 ? "" : ", ") + generator_names_[g];
  if (s.empty()) s = "1";
  if (!relations_.empty()) {
    s += " |";
    for (std::size_t i = 0; i < relations_.size(); ++i) {
      s += (i == 0 ? " " : ", ") + monomial_name(relations_[i].lhs) + " = " + monomial_name(relations_[i].rhs);
    }
  }
  return s;
}

namespace {

/// Fills the presentation of `q` (generators, normal forms, relations) and renumbers its elements in the order of
/// their normal forms.
void present(misere_quotient& q, monoid& m, std::vector<element>& phi, std::vector<coin>& gen_heaps,
             std::vector<std::vector<std::uint32_t>>& forms, std::vector<quotient_relation>& relations) {
  // Generators: the heaps whose class is outside the submonoid the smaller heaps generate.
  std::vector<char> inside(m.n, 0);
  inside[0] = 1;
  std::vector<element> members{0};
  std::vector<element> gens;
  for (coin h = 1; h < phi.size(); ++h) {
    if (inside[phi[h]] != 0) continue;
    gens.push_back(phi[h]);
    gen_heaps.push_back(h);
    for (std::size_t i = 0; i < members.size(); ++i) {
      for (const element g : gens) {
        const element y = m(members[i], g);
        if (inside[y] == 0) {
          inside[y] = 1;
          members.push_back(y);
        }
      }
    }
    // Elements already there, times the new generator, may reach new ones: the loop above covers them, as members
    // grows while it runs.
  }
  const std::size_t k = gens.size();
  // Normal forms degree by degree; the monomials of a degree ordered with more of the earlier generators first.
  std::vector<std::int64_t> form_of(m.n, -1);
  std::map<std::vector<std::uint32_t>, element> normal;
  std::vector<std::vector<std::uint32_t>> level{std::vector<std::uint32_t>(k, 0)};
  form_of[0] = 0;
  forms.assign(m.n, {});
  forms[0] = level[0];
  normal.emplace(level[0], 0);
  std::vector<element> order{0};
  while (!level.empty()) {
    std::vector<std::vector<std::uint32_t>> monomials;
    for (const auto& f : level) {
      for (std::size_t g = 0; g < k; ++g) {
        auto e = f;
        ++e[g];
        monomials.push_back(std::move(e));
      }
    }
    std::sort(monomials.begin(), monomials.end(), std::greater<>());
    monomials.erase(std::unique(monomials.begin(), monomials.end()), monomials.end());
    std::vector<std::vector<std::uint32_t>> next_level;
    for (const auto& e : monomials) {
      element x = 0;
      for (std::size_t g = 0; g < k; ++g) {
        for (std::uint32_t i = 0; i < e[g]; ++i) x = m(x, gens[g]);
      }
      if (form_of[x] < 0) {
        form_of[x] = 1;
        forms[x] = e;
        normal.emplace(e, x);
        order.push_back(x);
        next_level.push_back(e);
        continue;
      }
      bool minimal = true;
      for (std::size_t g = 0; g < k && minimal; ++g) {
        if (e[g] == 0) continue;
        auto d = e;
        --d[g];
        minimal = normal.count(d) != 0;
      }
      if (minimal) relations.push_back({e, forms[x]});
    }
    level = std::move(next_level);
  }
  TARTAN_ASSERT(order.size() == m.n, "every element is a product of generators");
  // Renumber: element order[i] becomes i.
  std::vector<element> renum(m.n);
  for (element i = 0; i < m.n; ++i) renum[order[i]] = i;
  monoid r;
  r.n = m.n;
  r.mul.resize(m.mul.size());
  r.p.resize(m.n);
  std::vector<std::vector<std::uint32_t>> f(m.n);
  for (element x = 0; x < m.n; ++x) {
    r.p[renum[x]] = m.p[x];
    f[renum[x]] = forms[x];
    for (element y = 0; y < m.n; ++y) r.mul[static_cast<std::size_t>(renum[x]) * m.n + renum[y]] = renum[m(x, y)];
  }
  for (element& x : phi) x = renum[x];
  forms = std::move(f);
  m = std::move(r);
  (void)q;
}

/// The least period p (and its least start n0) that the periodicity theorem proves from Φ(0..n).
std::optional<quotient_period> proven_period(const take_break_code& rule, const std::vector<element>& phi) {
  for (coin k = 0; k <= rule.max_take(); ++k) {
    if (rule.distinct(k)) return std::nullopt;
  }
  const std::uint64_t n = phi.size() - 1;
  const std::uint64_t j = static_cast<std::uint64_t>(std::max(1, rule.max_heaps()));
  const std::uint64_t t = rule.max_take();
  for (std::uint64_t p = 1; p <= n; ++p) {
    // The least n0 with Φ(h + p) = Φ(h) for n0 <= h <= n − p.
    std::uint64_t n0 = n - p + 1;
    while (n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p]) --n0;
    if (n + 1 >= j * (std::max<std::uint64_t>(n0, 1) + p) + t) {
      return quotient_period{static_cast<coin>(n0), static_cast<coin>(p)};
    }
  }
  return std::nullopt;
}

}  // namespace

/// Builds a quotient whose components are set (heaps or rows) for the components 0 .. bound, `add_next(opts)` adding
/// the options of the next component.
struct quotient_builder {
  static void build(misere_quotient& q, coin bound, const quotient_options& options,
                    const std::function<void(heap_options&)>& add_next) {
    q.asked_ = bound;
    search_options limits = search_options::within(options.max_seconds);
    limits.progress = options.progress;
    search_stop stop(limits, std::uint64_t{bound} + 1);
    work_limits work{&stop, memory_limit_or_default(options.max_memory), options.max_order, &options.stage, &q};
    const std::string unit = q.components_ == quotient_components::heaps ? "heap" : "row";
    heap_options opts;
    add_next(opts);  // component 0: no move
    candidate current;
    current.phi = {0};
    q.steps_.push_back(quotient_step{0, true, false, 1, 0, 0});
    std::vector<std::vector<std::vector<std::uint64_t>>> antichains;
    std::uint64_t listed = 0;
    for (coin k = 1; k <= bound; ++k) {
      if (!stop.next_coin(k)) {
        q.end_ = stop.end();
        break;
      }
      add_next(opts);
      for (const auto& o : opts.of[k]) listed += 16 + 4 * o.size();
      check_memory(listed, work.max_memory, "the options of the " + unit + "s up to " + q.component_text(k),
                   "give a smaller bound");
      quotient_step step;
      step.heap = k;
      if (work.reports_stage()) (*work.stage)(unit + " " + q.component_text(k));
      std::vector<word> failures;
      try {
        current = add_heap(current, opts, k, work, antichains, step, failures);
      } catch (const construction_stopped& s) {
        q.end_ = s.end == search_end::complete ? search_end::stopped : s.end;
        q.stopped_why_ = s.why;
        q.stop_failures_ = std::move(failures);
        break;
      }
      step.order = current.m.n;
      step.p_portion_size = static_cast<std::uint32_t>(std::count(current.m.p.begin(), current.m.p.end(), 1));
      q.steps_.push_back(step);
    }
    if (q.end_ != search_end::complete && q.stopped_why_.empty()) {
      q.stopped_why_ = std::string(q.end_ == search_end::time_limit ? "the time limit" : "a stop") + " came at " +
                       unit + " " + q.component_text(static_cast<coin>(q.steps_.size())) +
                       ", before its quotient was complete";
    }
    present(q, current.m, current.phi, q.generator_heaps_, q.normal_forms_, q.relations_);
    for (std::size_t g = 0; g < q.generator_heaps_.size(); ++g) q.generator_names_.push_back(generator_name(g));
    q.order_ = current.m.n;
    q.table_ = std::move(current.m.mul);
    q.p_ = std::move(current.m.p);
    q.pretending_ = std::move(current.phi);
  }
};

misere_quotient build_misere_quotient(const take_break_code& code, coin bound, const quotient_options& options) {
  if (bound > max_quotient_bound) {
    throw limit_error(
        "a quotient up to heap " + std::to_string(bound) + " is beyond the " + std::to_string(max_quotient_bound) +
        " heaps a quotient is built for; give a heap bound of at most " + std::to_string(max_quotient_bound));
  }
  misere_quotient q;
  q.rule_ = code;
  quotient_builder::build(q, bound, options, [&](heap_options& opts) { opts.add(code); });
  q.period_ = proven_period(code, q.pretending_);
  return q;
}

misere_quotient build_row_quotient(const turning_game& game, coin last_row, const quotient_options& options) {
  if (last_row >= max_quotient_bound) {
    throw limit_error("a quotient of the rows up to " + row_text(last_row) + " (" +
                      std::to_string(std::bit_width(last_row)) + " coins) is beyond the " +
                      std::to_string(max_quotient_bound) + " rows a quotient is built for; give rows of at most " +
                      std::to_string(max_quotient_row_coins) + " coins");
  }
  misere_quotient q;
  q.components_ = quotient_components::rows;
  q.row_game_ = game;
  // Every move of each coin that can lead the rows up to last_row, as the bitmask it turns (the coin's bit included).
  const auto coins = static_cast<coin>(std::bit_width(last_row));
  std::vector<std::vector<std::uint64_t>> turns(coins);
  for (coin c = 0; c < coins; ++c) {
    game.for_each_move(c, [&](std::span<const coin> others) {
      std::uint64_t t = std::uint64_t{1} << c;
      for (const coin o : others) t ^= std::uint64_t{1} << o;
      turns[c].push_back(t);
      return true;
    });
  }
  quotient_builder::build(q, last_row, options, [&](heap_options& opts) {
    const std::uint64_t row = opts.live.size();
    std::vector<std::vector<coin>> options_of_row;
    for (std::uint64_t heads = row; heads != 0; heads &= heads - 1) {
      for (const std::uint64_t t : turns[static_cast<std::size_t>(std::countr_zero(heads))]) {
        options_of_row.push_back({static_cast<coin>(row ^ t)});
      }
    }
    const bool any = !options_of_row.empty();
    opts.add(std::move(options_of_row), any);
  });
  return q;
}

}  // namespace tartan
