// The sparse-space method (sparse_space.hpp).
#include "turning/code/sparse_space.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "detail/helper_thread.hpp"
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include "tartan/core/error.hpp"

namespace tartan::detail {

bool sparse_space_applies(const take_break_code& code) { return code.max_heaps() == 2; }

bool sparse_space_domain_applies(const take_break_code& code) {
  if (!sparse_space_applies(code)) return false;
  int parity = -1;
  for (coin k = 0; k <= code.max_take(); ++k) {
    if ((code.digit(k) & take_break_code::leaves_two) == 0) continue;
    if (parity >= 0 && parity != static_cast<int>(k % 2)) return false;
    parity = static_cast<int>(k % 2);
  }
  return true;
}

namespace {

// The marks the helper thread and its owner write side by side, read and written atomically without ordering.
// std::atomic_ref where the library has it; libc++ 14 (Emscripten 3.1.6's, which builds without threads, so the
// helper never runs there) has not, and the compiler's own atomic built-ins do the same.
#if defined(__cpp_lib_atomic_ref)
inline void relaxed_store(std::uint32_t& x, std::uint32_t v) { std::atomic_ref(x).store(v, std::memory_order_relaxed); }
inline std::uint32_t relaxed_load(std::uint32_t& x) { return std::atomic_ref(x).load(std::memory_order_relaxed); }
#else
inline void relaxed_store(std::uint32_t& x, std::uint32_t v) { __atomic_store_n(&x, v, __ATOMIC_RELAXED); }
inline std::uint32_t relaxed_load(std::uint32_t& x) { return __atomic_load_n(&x, __ATOMIC_RELAXED); }
#endif

/// A digit whose moves leave two heaps: k tokens removed; `equal`: the two heaps may be equal.
struct split_digit {
  coin k = 0;
  bool equal = true;
};

constexpr std::size_t max_marked = std::size_t{1} << 24;  // option values at or above are kept in lists
constexpr int max_mask_bits = 20;                         // masks are chosen while values stay below 2^20
constexpr coin block = 64;           // splits read per step of a pass before looking at which of them hit
constexpr std::size_t max_open = 6;  // the most wanted values a pass compares directly

// Work below these sizes stays on the calling thread: handing it over costs more than it saves (a hand-over is a
// few hundred nanoseconds; benchmarks/take_break_code_benchmark.cpp measures one thread against two).
constexpr std::size_t parallel_listing = 6000;  // sparse heaps listed for one heap
constexpr std::size_t listing_share = 2048;     // sparse heaps per share of a shared listing
constexpr coin parallel_pass = 1U << 15;        // splits still to read after the first serial part of a pass
constexpr coin serial_pass = 1U << 13;          // the splits a pass reads alone before sharing the rest
constexpr coin pass_share = 1U << 12;           // splits per share of a shared pass
constexpr std::uint64_t parallel_heap = 1500;   // sparse heaps listed and splits read a heap, to compute heaps ahead

bool odd(grundy_value v) { return std::popcount(v) % 2 != 0; }

/// A run of a split's list of sparse heaps: rare[first..last) with r = n - k tokens split.
struct list_run {
  std::size_t first = 0;
  std::size_t last = 0;
  coin r = 0;
};

/// What a heap's computation reads of the solver's sparse heaps and values, fixed while it runs (the helper computes
/// a heap ahead from the view of the moment it was handed over, while the calling thread appends).
struct view {
  const coin* rare = nullptr;                 // the sparse heaps, ascending
  const std::uint32_t* rare_value = nullptr;  // their values' low 32 bits (read while every value is below 2^24)
  std::size_t rare_count = 0;
  grundy_value value_bits = 0;  // the OR of every value the heap reads
};

/// The scratch of one thread computing a heap: the stamps of the values it listed and of the rare values it looks
/// for, the values too large for them, the runs of sparse heaps it lists, and its counts.
struct workspace {
  std::vector<std::uint32_t> seen;    // seen[v] == stamp: v is a listed option of the heap being computed
  std::vector<std::uint32_t> wanted;  // wanted[v] == stamp: v is a rare value this thread's pass still looks for
  std::uint32_t stamp = 0;
  std::vector<grundy_value> big;          // listed options too large for `seen`
  std::vector<grundy_value> big_targets;  // looked-for values too large for `wanted`, not found yet
  std::vector<grundy_value> targets;      // the rare values the pass looks for, ascending
  std::vector<list_run> runs;             // the runs of sparse heaps the heap's splits list
  std::size_t run_total = 0;              // the sparse heaps in them
  std::uint64_t pairs = 0;                // splits read by this thread's passes
  std::uint64_t searches = 0;             // passes
  std::uint64_t absent = 0;               // passes that did not find every value
  bool avx2 = false;                      // compare splits by AVX2 (block_hits_avx2, block_wanted)

  /// Stamps for values below `span`, fresh for the next heap.
  void prepare(std::size_t span) {
    if (seen.size() < span) {
      seen.resize(span, 0);
      wanted.resize(span, 0);
    }
    if (++stamp == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      std::fill(wanted.begin(), wanted.end(), 0);
      stamp = 1;
    }
    big.clear();
    big_targets.clear();
  }
  bool listed(grundy_value v) const {
    return v < seen.size() ? seen[v] == stamp : std::find(big.begin(), big.end(), v) != big.end();
  }
};

/// Bit j set: the split a + j (j < block) of r tokens gives one of the values `open`, g(a + j) against g(r - a - j)
/// read backwards, 16 bytes at a time (SSE2, which every x86-64 has) for values of one or two bytes.
template <class V>
std::uint64_t block_hits(const V* gv, coin r, coin a, const V (&open)[max_open]) {
#if defined(__SSE2__)
  if constexpr (sizeof(V) <= 2) {
    constexpr coin lanes = 16 / sizeof(V);
    __m128i want[max_open];
    for (std::size_t j = 0; j < max_open; ++j) {
      want[j] =
          sizeof(V) == 1 ? _mm_set1_epi8(static_cast<char>(open[j])) : _mm_set1_epi16(static_cast<short>(open[j]));
    }
    std::uint64_t hits = 0;
    for (coin j = 0; j < block; j += lanes) {
      const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(gv + a + j));
      // g(r - a - j - lanes + 1 .. r - a - j), reversed into the order of j: the 32-bit words, then the 16-bit halves
      // of each, then (one-byte values) the bytes of each half.
      __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(gv + (r - a - j - (lanes - 1))));
      high = _mm_shuffle_epi32(high, 0x1B);
      high = _mm_shufflehi_epi16(_mm_shufflelo_epi16(high, 0xB1), 0xB1);
      if constexpr (sizeof(V) == 1) high = _mm_or_si128(_mm_slli_epi16(high, 8), _mm_srli_epi16(high, 8));
      const __m128i x = _mm_xor_si128(low, high);
      __m128i any = _mm_setzero_si128();
      for (std::size_t t = 0; t < max_open; ++t) {
        any = _mm_or_si128(any, sizeof(V) == 1 ? _mm_cmpeq_epi8(x, want[t]) : _mm_cmpeq_epi16(x, want[t]));
      }
      // One bit a lane: two-byte lanes packed to one byte each first.
      if constexpr (sizeof(V) == 2) any = _mm_packs_epi16(any, _mm_setzero_si128());
      hits |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(any)) & ((1U << lanes) - 1)) << j;
    }
    return hits;
  }
#endif
  const V* const low = gv + a;
  const V* const high = gv + (r - a);
  std::uint64_t hits = 0;
  for (coin j = 0; j < block; ++j) {
    const auto x = static_cast<V>(low[j] ^ high[-static_cast<std::ptrdiff_t>(j)]);
    bool hit = false;
    for (std::size_t t = 0; t < max_open; ++t) hit = hit || x == open[t];
    hits |= static_cast<std::uint64_t>(hit) << j;
  }
  return hits;
}

#if defined(__x86_64__)
/// block_hits 32 bytes at a time (AVX2): twice the splits an instruction of SSE2 compares, where the CPU has it.
template <class V>
__attribute__((target("avx2"))) std::uint64_t block_hits_avx2(const V* gv, coin r, coin a, const V (&open)[max_open]) {
  static_assert(sizeof(V) <= 2);
  constexpr coin lanes = 32 / sizeof(V);
  __m256i want[max_open];
  for (std::size_t j = 0; j < max_open; ++j) {
    want[j] =
        sizeof(V) == 1 ? _mm256_set1_epi8(static_cast<char>(open[j])) : _mm256_set1_epi16(static_cast<short>(open[j]));
  }
  // The bytes of each 16-byte half in reverse order, per value width; the halves are then swapped.
  const __m256i reverse = sizeof(V) == 1 ? _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                                            14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
                                         : _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                                            15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  std::uint64_t hits = 0;
  for (coin j = 0; j < block; j += lanes) {
    const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(gv + a + j));
    __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(gv + (r - a - j - (lanes - 1))));
    high = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(high, reverse), 0x4E);
    const __m256i x = _mm256_xor_si256(low, high);
    __m256i any = _mm256_setzero_si256();
    for (std::size_t t = 0; t < max_open; ++t) {
      any = _mm256_or_si256(any, sizeof(V) == 1 ? _mm256_cmpeq_epi8(x, want[t]) : _mm256_cmpeq_epi16(x, want[t]));
    }
    std::uint64_t m = 0;
    if constexpr (sizeof(V) == 1) {
      m = static_cast<std::uint32_t>(_mm256_movemask_epi8(any));
    } else {
      // One byte a lane: each half packed into its low 8 bytes, which the permutation brings together.
      any = _mm256_permute4x64_epi64(_mm256_packs_epi16(any, _mm256_setzero_si256()), 0xD8);
      m = static_cast<std::uint32_t>(_mm256_movemask_epi8(any)) & 0xFFFFU;
    }
    hits |= m << j;
  }
  return hits;
}

/// Bit j set: the split a + j (j < block) of r tokens gives a value v with want[v] == s, for values of one or two
/// bytes: the values' stamps read eight at a time (AVX2 gathers), where there are too many values to compare them one
/// by one (block_hits). @pre every value of the splits is below the stamps' size.
template <class V>
__attribute__((target("avx2"))) std::uint64_t block_wanted(const V* gv, coin r, coin a, const std::uint32_t* want,
                                                           std::uint32_t s) {
  static_assert(sizeof(V) <= 2);
  const __m256i stamp = _mm256_set1_epi32(static_cast<int>(s));
  const auto* const table = reinterpret_cast<const int*>(want);
  std::uint64_t hits = 0;
  constexpr coin lanes = 16 / sizeof(V);
  // The bytes of a 16-byte register in reverse order, per value width.
  const __m128i reverse = sizeof(V) == 1 ? _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
                                         : _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  for (coin j = 0; j < block; j += lanes) {
    const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(gv + a + j));
    const __m128i high =
        _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(gv + (r - a - j - (lanes - 1)))), reverse);
    const __m128i x = _mm_xor_si128(low, high);
    if constexpr (sizeof(V) == 1) {
      for (int half = 0; half < 2; ++half) {
        const __m256i index = _mm256_cvtepu8_epi32(half == 0 ? x : _mm_srli_si128(x, 8));
        const __m256i got = _mm256_i32gather_epi32(table, index, 4);
        const auto m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(got, stamp))));
        hits |= static_cast<std::uint64_t>(m) << (j + 8 * static_cast<coin>(half));
      }
    } else {
      const __m256i index = _mm256_cvtepu16_epi32(x);
      const __m256i got = _mm256_i32gather_epi32(table, index, 4);
      const auto m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(got, stamp))));
      hits |= static_cast<std::uint64_t>(m) << j;
    }
  }
  return hits;
}

bool has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2") != 0;
  return has;
}
#else
bool has_avx2() { return false; }
#endif

/// block_hits by AVX2 when `avx2` (the CPU has it, and the solver was not told to leave it), else by SSE2.
template <class V>
std::uint64_t block_hits_any(bool avx2, const V* gv, coin r, coin a, const V (&open)[max_open]) {
#if defined(__x86_64__)
  if constexpr (sizeof(V) <= 2) {
    if (avx2) return block_hits_avx2(gv, r, a, open);
  }
#endif
  static_cast<void>(avx2);
  return block_hits(gv, r, a, open);
}

}  // namespace

struct sparse_space_solver::impl {
  take_break_code code;
  std::vector<split_digit> splits;
  std::vector<std::pair<coin, std::uint8_t>> others;  // digits k >= 1 with moves leaving nothing or one heap
  coin reach = 1;  // heap n reads g(n - reach) and below: heaps n..n+reach-1 need none of each other
  bool fixed = false;
  bool domain_ok = false;  // every two-heap digit at an index of the parity of t
  coin t = 0;              // the index of some two-heap digit
  grundy_value mask = 0;
  sparse_variant variant = sparse_variant::range;
  value_table own{1};                     // the values of next() without a table
  int width = 1;                          // of the table last read
  std::vector<coin> rare;                 // the sparse heaps h >= 1 under mask and variant, ascending
  std::vector<std::uint32_t> rare_value;  // their values' low 32 bits, read in order by the listing (below 2^24)
  grundy_value value_bits = 0;            // the OR of the values so far
  std::array<workspace, 2> ws;            // the calling thread's, the helper's (written by the helper only)
  bool avx2 = false;                      // passes compare splits by AVX2 (use_avx2)
  std::uint64_t last_work = 0;            // sparse heaps listed and splits read for the last heap computed here
  // hist[σ][v]: heaps h >= 1 with σ(h) = (h ^ t) & 1 and g(h) = v, while every value is below 2^max_mask_bits.
  std::array<std::vector<std::int64_t>, 2> hist;
  bool choosing = true;
  int bits_at_choice = 0;
  std::size_t rare_at_choice = 0;

  // Two threads. The helper's task is one of three: a heap ahead (heaps n and n + 1 are independent when reach >= 2),
  // shares of a long listing, shares of a long pass. Its fields are written by the calling thread only while the
  // helper is idle, and what the helper reads of the rest (the values, the sparse heaps) does not move under it:
  // quiesce() comes first.
  unsigned threads = 1;
  // What is large enough to share (the constants above; share_eagerly() lowers them for tests).
  std::size_t min_listing = parallel_listing;
  coin min_pass = parallel_pass;
  coin first_alone = serial_pass;
  std::uint64_t min_heap = parallel_heap;
  shared_loop loop;  // the chunks of a shared listing or pass
  enum class task_kind { heap, listing, pass } kind = task_kind::heap;
  const void* task_values = nullptr;  // g(0..n-1)
  int task_width = 1;                 // of the values
  view task_view;                     // the sparse heaps and values of the moment the task was handed over
  coin task_heap = 0;                 // heap: the heap the helper computes
  grundy_value ahead_value = 0;       // heap: its value, once the helper is idle again
  coin ahead = 0;                     // the heap handed to the helper to compute ahead, if not taken yet (0: none)
  std::chrono::steady_clock::duration last_heap_time{};  // of the last heap computed on the calling thread
  std::uint64_t ahead_taken = 0, ahead_dropped = 0;      // heaps computed ahead, and taken or computed here again
  std::vector<list_run> task_runs;  // listing: the runs of sparse heaps, shared by listing_share of them
  std::size_t task_run_total = 0;
  std::size_t task_span = 0;                       // listing: the helper's stamps cover values below this
  std::vector<std::uint32_t> shared_marks;         // listing: share_marks[v] == task_stamp: the helper listed v
  std::uint32_t task_stamp = 0;                    // listing: the stamp the helper marks with
  std::uint32_t helper_stamps = 0;                 // listing: stamps handed out so far
  coin pass_r = 0, pass_first = 0, pass_last = 0;  // pass: splits a + (r - a), a in [first, last]
  grundy_value pass_open[max_open] = {};           // pass: the values looked for
  std::size_t pass_open_count = 0;
  std::atomic<std::uint64_t> pass_found{0};  // pass: bit j, pass_open[j] was found by one thread
  std::uint64_t pass_all = 0;                // pass: every bit of pass_open
  // While threads >= 2, once some work was large enough to share. Last: destroyed (joined) before what it reads.
  std::unique_ptr<helper_thread> helper;

  /// σ(x): the class of x's values that make it sparse, 0 or 1.
  int sigma(coin x) const { return variant == sparse_variant::domain ? static_cast<int>((x ^ t) & 1) : 0; }
  bool sparse(coin x, grundy_value v) const { return static_cast<int>(odd(v & mask)) == sigma(x); }

  view current_view() const { return {rare.data(), rare_value.data(), rare.size(), value_bits}; }

  /// Appends a sparse heap; the helper first goes idle when the lists are about to move (it may be reading them).
  void add_rare(coin h, grundy_value v) {
    if (rare.size() == rare.capacity() || rare_value.size() == rare_value.capacity()) quiesce();
    rare.push_back(h);
    rare_value.push_back(static_cast<std::uint32_t>(v));
  }

  /// Waits until the helper is not inside a task (it may still be running a share the calling thread ran again):
  /// before anything a task reads changes under it.
  void quiesce() {
    if (helper) helper->wait_idle();
  }

  /// The helper when one may be used and it is free for a task, started on first use; else null.
  helper_thread* free_helper() {
    if (threads < 2) return nullptr;
    if (!helper) helper = std::make_unique<helper_thread>();
    return helper->idle() ? helper.get() : nullptr;
  }

  /// The helper's task (helper_thread::try_start).
  void operator()() {
    switch (task_width) {
      case 1:
        return helper_task(static_cast<const std::uint8_t*>(task_values));
      case 2:
        return helper_task(static_cast<const std::uint16_t*>(task_values));
      case 4:
        return helper_task(static_cast<const std::uint32_t*>(task_values));
      default:
        return helper_task(static_cast<const std::uint64_t*>(task_values));
    }
  }
  template <class V>
  void helper_task(const V* gv) {
    switch (kind) {
      case task_kind::heap:
        ahead_value = compute(gv, task_heap, ws[1], task_view, false);
        return;
      case task_kind::listing:
        if (shared_marks.size() < task_span) shared_marks.resize(task_span, 0);
        if (task_stamp == 1) std::fill(shared_marks.begin(), shared_marks.end(), 0);  // the stamps wrapped round
        loop.run_helper([&](std::size_t c, bool) {
          list_share(gv, c, task_runs, task_run_total, task_view, shared_marks.data(), task_stamp, true);
        });
        return;
      case task_kind::pass:
        loop.run_helper([&](std::size_t c, bool) { pass_share_of(gv, c); });
        return;
    }
  }

  /// Lists share c of `runs` (sparse heaps c·listing_share onwards): marks[v] = s for every option value v there.
  /// `atomic`: the marks are the helper's, which the calling thread may read as they are written.
  template <class V>
  static void list_share(const V* gv, std::size_t c, const std::vector<list_run>& runs, std::size_t total,
                         const view& at, std::uint32_t* marks, std::uint32_t s, bool atomic) {
    std::size_t from = c * listing_share;
    const std::size_t to = std::min(total, from + listing_share);
    const coin* const rs = at.rare;
    const std::uint32_t* const values = at.rare_value;
    std::size_t base = 0;  // sparse heaps in the runs before this one
    for (const list_run& run : runs) {
      const std::size_t length = run.last - run.first;
      if (from < base + length && from < to) {
        const std::size_t i0 = run.first + (from - base);
        const std::size_t i1 = run.first + std::min(length, to - base);
        const coin r = run.r;
        if (atomic) {
          for (std::size_t i = i0; i < i1; ++i) {
            relaxed_store(marks[values[i] ^ static_cast<std::size_t>(gv[r - rs[i]])], s);
          }
        } else {
          for (std::size_t i = i0; i < i1; ++i) marks[values[i] ^ static_cast<std::size_t>(gv[r - rs[i]])] = s;
        }
        from = base + (i1 - run.first);
      }
      base += length;
    }
  }

  /// Into w.runs, the runs of sparse heaps heap n's splits list: for each split digit, the sparse heaps a < r = n - k
  /// but r / 2 (a split into two equal heaps, listed once as 0).
  void list_runs(coin n, workspace& w, const view& at) const {
    w.runs.clear();
    w.run_total = 0;
    const coin* const rs = at.rare;
    for (const split_digit& sd : splits) {
      if (sd.k + 2 > n) continue;
      const coin r = n - sd.k;
      const auto end = static_cast<std::size_t>(std::lower_bound(rs, rs + at.rare_count, r) - rs);
      std::size_t half = end;
      if (r % 2 == 0) {
        half = static_cast<std::size_t>(std::lower_bound(rs, rs + end, r / 2) - rs);
        if (half == end || rs[half] != r / 2) half = end;
      }
      w.runs.push_back({0, half, r});
      if (half != end) w.runs.push_back({half + 1, end, r});
    }
    for (const list_run& run : w.runs) w.run_total += run.last - run.first;
  }

  /// Lists into w the option values of heap n from its splits with a sparse heap in them, when some value is 2^24
  /// or more (those go to w.big).
  template <class V>
  static void list_bounded(const V* gv, workspace& w, const view& at) {
    const std::size_t marked = w.seen.size();
    for (const list_run& run : w.runs) {
      for (std::size_t i = run.first; i < run.last; ++i) {
        const auto v = static_cast<grundy_value>(gv[at.rare[i]] ^ gv[run.r - at.rare[i]]);
        if (v < marked)
          w.seen[v] = w.stamp;
        else
          w.big.push_back(v);
      }
    }
  }

  /// The next power of two above every value of `bits`: every option is below it (XORs keep within their bits).
  static grundy_value value_limit(grundy_value bits) {
    return std::bit_width(bits) == 64 ? std::numeric_limits<grundy_value>::max() : std::bit_ceil(bits + 1);
  }

  /// g(n) from g(0..n-1) at gv and the sparse heaps of `at`, with the scratch w. `may_share`: on the calling thread,
  /// which may hand shares of a long listing or pass to the helper when it is free.
  template <class V>
  grundy_value compute(const V* gv, coin n, workspace& w, const view& at, bool may_share) {
    const grundy_value limit = value_limit(at.value_bits);
    const auto span = static_cast<std::size_t>(std::min<grundy_value>(limit, max_marked));
    const bool bounded = limit > max_marked;
    w.prepare(span);
    const auto mark = [&](grundy_value v) {
      if (v < w.seen.size())
        w.seen[v] = w.stamp;
      else
        w.big.push_back(v);
    };
    for (const auto& [k, d] : others) {
      if (k > n) break;
      if ((d & take_break_code::leaves_nothing) != 0 && k == n) mark(0);
      if ((d & take_break_code::leaves_one) != 0 && k < n) mark(gv[n - k]);
    }
    for (const split_digit& sd : splits) {
      if (sd.k + 2 <= n && sd.equal && (n - sd.k) % 2 == 0) mark(0);  // two equal heaps, worth 0
    }
    // Every split with a sparse heap in it: all of heap n's common options, and some rare ones. A long list is
    // shared with the helper when it is free, which marks its shares in its own stamps.
    list_runs(n, w, at);
    const std::uint64_t pairs_before = w.pairs;
    bool helped = false;  // some share's marks are the helper's
    if (bounded) {
      list_bounded(gv, w, at);
    } else {
      const std::size_t chunks = (w.run_total + listing_share - 1) / listing_share;
      helper_thread* const h = may_share && w.run_total >= min_listing ? free_helper() : nullptr;
      if (h != nullptr) {
        loop.reset(chunks);
        kind = task_kind::listing;
        task_values = gv;
        task_width = static_cast<int>(sizeof(V));
        task_view = at;
        task_runs = w.runs;
        task_run_total = w.run_total;
        task_span = span;
        if (++helper_stamps == 0) helper_stamps = 1;
        task_stamp = helper_stamps;
        h->try_start(*this);
        const auto body = [&](std::size_t c, bool) {
          list_share(gv, c, w.runs, w.run_total, at, w.seen.data(), w.stamp, false);
        };
        loop.run_owner(body);
        loop.finish(body);
        for (std::size_t c = 0; c < chunks && !helped; ++c) helped = loop.helper_finished(c);
      } else {
        for (std::size_t c = 0; c < chunks; ++c)
          list_share(gv, c, w.runs, w.run_total, at, w.seen.data(), w.stamp, false);
      }
    }
    std::uint32_t* const theirs = helped ? shared_marks.data() : nullptr;
    const std::uint32_t their_stamp = task_stamp;
    const auto listed = [&](grundy_value v) {
      return w.listed(v) || (theirs != nullptr && v < span && relaxed_load(theirs[v]) == their_stamp);
    };
    // c: the least common value not listed, the mex unless a rare value below it is no option.
    const int rho = sigma(n);
    std::vector<grundy_value>& targets = w.targets;
    targets.clear();
    grundy_value c = 0;
    for (grundy_value v = 0;; ++v) {
      if (v >= limit) {
        c = v;
        break;
      }
      if (listed(v)) continue;
      if (static_cast<int>(odd(v & mask)) != rho) {
        c = v;
        break;
      }
      targets.push_back(v);
      if (v < w.wanted.size())
        w.wanted[v] = w.stamp;
      else
        w.big_targets.push_back(v);
    }
    const auto done = [&](grundy_value x) {
      if (may_share) last_work = w.run_total + (w.pairs - pairs_before);
      return x;
    };
    if (targets.empty()) return done(c);
    // The rare values not listed are options only as splits into two common heaps: look for all of them at once.
    ++w.searches;
    std::size_t missing = targets.size();
    for (const split_digit& sd : splits) {
      if (missing == 0) break;
      if (sd.k + 3 > n) continue;
      const coin r = n - sd.k;
      const coin last = (r - 1) / 2;
      // The first splits alone (most passes end there); the rest shared when long and the helper is free.
      const coin first_part = std::min<coin>(last, first_alone);
      missing = bounded ? pass<true>(gv, r, 1, first_part, w, missing) : pass<false>(gv, r, 1, first_part, w, missing);
      if (missing == 0 || first_part == last) continue;
      helper_thread* const h =
          may_share && !bounded && missing <= max_open && last - first_part >= min_pass ? free_helper() : nullptr;
      if (h != nullptr) {
        missing = shared_pass(gv, r, first_part + 1, last, *h, w);
      } else {
        missing = bounded ? pass<true>(gv, r, first_part + 1, last, w, missing)
                          : pass<false>(gv, r, first_part + 1, last, w, missing);
      }
    }
    if (missing == 0) return done(c);
    ++w.absent;
    for (const grundy_value v : targets) {
      const bool still_wanted = v < w.wanted.size()
                                    ? w.wanted[v] == w.stamp
                                    : std::find(w.big_targets.begin(), w.big_targets.end(), v) != w.big_targets.end();
      if (still_wanted) return done(v);
    }
    return done(c);
  }

  /// Reads the splits a + (r - a) for a in [first, last], crossing the values they give off w's wanted ones; returns
  /// how many are still missing, stopping when none is. `Bounded`: some values are at least w.wanted.size().
  /// Complexity: O(last - first) splits at most.
  template <bool Bounded, class V>
  static std::size_t pass(const V* gv, coin r, coin first, coin last, workspace& w, std::size_t missing) {
    std::uint32_t* const want = w.wanted.data();
    const std::size_t size = w.wanted.size();
    const std::uint32_t s = w.stamp;
    // The values still wanted, when at most max_open (usually one or two): a block of splits is compared with them
    // directly, 16 or 32 bytes at a time, and read again through the stamps only when one of them is there.
    V open[max_open] = {};
    std::size_t open_count = 0;
    // Read again after each value crossed off, the targets are scanned only while at most max_open are missing: a
    // pass for hundreds of targets (0.014, Grundy's game) would otherwise scan them all at every one it finds.
    const auto reopen = [&] {
      open_count = 0;
      if constexpr (!Bounded) {
        if (missing > max_open) {
          open_count = max_open + 1;  // too many to compare
          return;
        }
        for (const grundy_value v : w.targets) {
          if (want[v] != s) continue;
          TARTAN_ASSERT(open_count < max_open, "a pass counts the values it still looks for");
          open[open_count++] = static_cast<V>(v);
        }
        for (std::size_t j = open_count; j < max_open; ++j) open[j] = open[0];  // repeats match nothing new
      }
    };
    reopen();
    for (coin a = first; a <= last;) {
      coin stop = 0;
      std::uint64_t hits = 0;  // bit j: split a + j gives a value that may be wanted
      if (!Bounded && open_count >= 1 && open_count <= max_open && last - a >= block - 1) {
        stop = a + (block - 1);
        hits = block_hits_any(w.avx2, gv, r, a, open);
        w.pairs += block;
        if (hits == 0) {
          a = stop + 1;
          continue;
        }
      } else {
        stop = std::min<coin>(last, a + (block - 1));
        bool gathered = false;
#if defined(__x86_64__)
        if constexpr (!Bounded && sizeof(V) <= 2) {
          // Too many values to compare: their stamps read by gathers.
          if (open_count > max_open && stop - a == block - 1 && w.avx2) {
            hits = block_wanted(gv, r, a, want, s);
            gathered = true;
          }
        }
#endif
        for (coin b = a; !gathered && b <= stop; ++b) {
          const auto x = static_cast<grundy_value>(gv[b] ^ gv[r - b]);
          bool hit = false;
          if constexpr (Bounded) {
            hit = x >= size || want[x] == s;
          } else {
            hit = want[x] == s;
          }
          hits |= static_cast<std::uint64_t>(hit) << (b - a);
        }
        w.pairs += stop - a + 1;
      }
      bool crossed = false;
      while (hits != 0) {
        const coin b = a + static_cast<coin>(std::countr_zero(hits));
        hits &= hits - 1;
        const auto x = static_cast<grundy_value>(gv[b] ^ gv[r - b]);
        if (!Bounded || x < size) {
          if (want[x] != s) continue;
          want[x] = 0;
        } else {
          const auto it = std::find(w.big_targets.begin(), w.big_targets.end(), x);
          if (it == w.big_targets.end()) continue;
          w.big_targets.erase(it);
        }
        crossed = true;
        if (--missing == 0) return 0;
      }
      if (crossed) reopen();
      a = stop + 1;
    }
    return missing;
  }

  /// Share c of a shared pass: the splits pass_first + c·pass_share onwards, compared with the values no thread
  /// has found yet; a value found is said at once (pass_found), and once all are the loop stops.
  template <class V>
  void pass_share_of(const V* gv, std::size_t c) {
    const auto first = static_cast<coin>(pass_first + c * pass_share);
    const coin last = static_cast<coin>(std::min<std::uint64_t>(pass_last, std::uint64_t{first} + pass_share - 1));
    V open[max_open] = {};
    const auto reopen = [&] {
      const std::uint64_t found = pass_found.load(std::memory_order_relaxed);
      std::size_t open_count = 0;
      for (std::size_t j = 0; j < pass_open_count; ++j) {
        if ((found >> j & 1) == 0) open[open_count++] = static_cast<V>(pass_open[j]);
      }
      for (std::size_t j = open_count; j < max_open; ++j) open[j] = open[0];
      return open_count != 0;
    };
    if (!reopen()) return;
    const coin r = pass_r;
    for (coin a = first; a <= last && !loop.stopped();) {
      const coin stop = last - a >= block - 1 ? a + (block - 1) : last;
      std::uint64_t hits = stop - a == block - 1 ? block_hits_any(avx2, gv, r, a, open) : ~std::uint64_t{0};
      bool crossed = false;
      for (; hits != 0; hits &= hits - 1) {
        const coin b = a + static_cast<coin>(std::countr_zero(hits));
        if (b > stop) break;
        const auto x = static_cast<grundy_value>(gv[b] ^ gv[r - b]);
        for (std::size_t j = 0; j < pass_open_count; ++j) {
          if (x != pass_open[j]) continue;
          const std::uint64_t bit = std::uint64_t{1} << j;
          if ((pass_found.fetch_or(bit, std::memory_order_relaxed) | bit) == pass_all) loop.stop();
          crossed = true;
        }
      }
      if (crossed && !reopen()) return;
      a = stop + 1;
    }
  }

  /// The pass over splits [first, last] of r shared with the helper (free when called), in shares of pass_share
  /// splits: each thread compares with the values not found yet and says each it finds, and the shares the helper
  /// took and did not finish are read again on this thread, so the values found are those one thread would find
  /// and the mex is the same. Returns how many targets are still missing; crosses the found ones off w.
  template <class V>
  std::size_t shared_pass(const V* gv, coin r, coin first, coin last, helper_thread& h, workspace& w) {
    pass_open_count = 0;
    for (const grundy_value v : w.targets) {
      if (w.wanted[v] == w.stamp) pass_open[pass_open_count++] = v;
    }
    pass_all = (std::uint64_t{1} << pass_open_count) - 1;
    pass_found.store(0, std::memory_order_relaxed);
    pass_r = r;
    pass_first = first;
    pass_last = last;
    const std::size_t chunks = (std::size_t{last} - first + pass_share) / pass_share;
    loop.reset(chunks);
    kind = task_kind::pass;
    task_values = gv;
    task_width = static_cast<int>(sizeof(V));
    h.try_start(*this);
    const auto body = [&](std::size_t c, bool) { pass_share_of(gv, c); };
    loop.run_owner(body);
    loop.finish(body);
    w.pairs += std::uint64_t{last} - first + 1;
    const std::uint64_t found = pass_found.load(std::memory_order_relaxed);
    std::size_t missing = 0;
    for (std::size_t j = 0; j < pass_open_count; ++j) {
      if ((found >> j & 1) != 0) {
        w.wanted[pass_open[j]] = 0;
      } else {
        ++missing;
      }
    }
    return missing;
  }

  /// The mask and variant making fewest of heaps 1..n-1 sparse, by Walsh–Hadamard transforms of their histograms
  /// (fewest_rare_mask, sequence_summary.hpp); the sparse heaps listed again when they change. Complexity:
  /// O(2^b b) for values below 2^b, plus O(n) on a change.
  template <class V>
  void choose(const V* g, std::size_t n) {
    const auto bits = static_cast<int>(std::bit_width(value_bits));
    bits_at_choice = bits;
    rare_at_choice = rare.size();
    if (bits == 0) return;
    const std::size_t size = std::size_t{1} << bits;
    const auto head = [&](int i) { return std::span<const std::int64_t>(hist[i].data(), size); };
    const rare_mask best = fewest_rare_mask({head(0), head(1)}, domain_ok, rare_mask{mask, variant}).best;
    const std::size_t best_mask = static_cast<std::size_t>(best.mask);
    const sparse_variant best_variant = best.variant;
    const grundy_value chosen = static_cast<grundy_value>(best_mask) | ~static_cast<grundy_value>(size - 1);
    if (chosen == mask && best_variant == variant) return;
    quiesce();  // a heap computed ahead reads the sparse heaps and (through sparse) the mask
    mask = chosen;
    variant = best_variant;
    list_rare(g, n);
  }

  /// The sparse heaps h >= 1 of g(0..n-1) under the mask and variant, listed again.
  template <class V>
  void list_rare(const V* g, std::size_t n) {
    quiesce();
    rare.clear();
    rare_value.clear();
    for (std::size_t h = 1; h < n; ++h) {
      if (sparse(static_cast<coin>(h), g[h])) add_rare(static_cast<coin>(h), g[h]);
    }
    rare_at_choice = rare.size();
  }

  /// Counts heap n's value x in the histograms, while values stay below 2^max_mask_bits.
  void count(coin n, grundy_value x) {
    if (!choosing) return;
    if (static_cast<int>(std::bit_width(x)) > max_mask_bits) {
      choosing = false;
      hist = {};
      return;
    }
    if (x >= hist[0].size()) {
      const std::size_t size = std::bit_ceil(static_cast<std::size_t>(x) + 1);
      hist[0].resize(size, 0);
      hist[1].resize(size, 0);
    }
    ++hist[(n ^ t) & 1][static_cast<std::size_t>(x)];
  }

  /// g(n) for n = the count of values at g. With two threads and heaps that need none of the one before (reach >= 2),
  /// the helper computes heap n + 1 while this thread computes n, from the values and sparse heaps up to n - 1
  /// (all heap n + 1 reads); the next call takes its value when it is ready and computes it here otherwise.
  template <class V>
  grundy_value next(const V* g, std::size_t n) {
    width = static_cast<int>(sizeof(V));
    if (n == 0) return 0;  // the empty heap
    if (!fixed && choosing && n >= 64 &&
        (std::has_single_bit(n) || static_cast<int>(std::bit_width(value_bits)) != bits_at_choice ||
         rare.size() > 2 * rare_at_choice + 64)) {
      choose(g, n);
    }
    grundy_value x = 0;
    // The helper computed heap n alongside heap n - 1 here: its value, when it is ready or soon will be (about as
    // long as heap n - 1 took here; a helper that does not run, on a busy machine, is not waited for longer).
    if (ahead == n && helper->wait_idle_for(last_heap_time * 2)) {
      x = ahead_value;  // computed from the view of heap n - 1: exact, whatever happened since
      ahead = 0;
      ++ahead_taken;
    } else {
      if (ahead != 0) ++ahead_dropped;
      ahead = 0;  // a heap still being computed ahead is computed here instead
      if (reach >= 2 && last_work >= min_heap && n + 1 <= std::numeric_limits<coin>::max()) {
        if (helper_thread* const h = free_helper()) {
          kind = task_kind::heap;
          task_values = g;
          task_width = static_cast<int>(sizeof(V));
          task_view = current_view();
          task_heap = static_cast<coin>(n + 1);
          ahead = task_heap;
          h->try_start(*this);
        }
      }
      const auto start = threads >= 2 ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
      x = compute(g, static_cast<coin>(n), ws[0], current_view(), true);
      if (threads >= 2) last_heap_time = std::chrono::steady_clock::now() - start;
    }
    value_bits |= x;
    count(static_cast<coin>(n), x);
    if (sparse(static_cast<coin>(n), x)) add_rare(static_cast<coin>(n), x);
    // The caller widens the table for a value that does not fit, moving it: the helper first leaves it.
    if (x > std::numeric_limits<V>::max()) quiesce();
    return x;
  }

  /// Takes up from g(0..n-1): the state next() would have after them, but for when the mask was chosen (here, once,
  /// from all of them; the values do not depend on the mask).
  template <class V>
  void resume(const V* g, std::size_t n) {
    quiesce();
    ahead = 0;
    width = static_cast<int>(sizeof(V));
    value_bits = 0;
    hist = {};
    choosing = !fixed;
    bits_at_choice = 0;
    for (std::size_t h = 0; h < n; ++h) {
      value_bits |= g[h];
      if (h >= 1) count(static_cast<coin>(h), g[h]);
    }
    if (!fixed && choosing && n >= 64) choose(g, n);
    bits_at_choice = static_cast<int>(std::bit_width(value_bits));
    list_rare(g, n);
  }
};

sparse_space_solver::sparse_space_solver(const take_break_code& code, std::optional<grundy_value> fixed_mask,
                                         sparse_variant variant)
    : self_(std::make_unique<impl>()) {
  TARTAN_ASSERT(sparse_space_applies(code), "the sparse-space method needs a digit leaving two heaps, none three");
  TARTAN_ASSERT(variant == sparse_variant::range || sparse_space_domain_applies(code),
                "the domain variant needs every two-heap digit at an index of one parity");
  impl& s = *self_;
  s.code = code;
  for (coin k = 0; k <= code.max_take(); ++k) {
    const std::uint8_t d = code.digit(k);
    if ((d & take_break_code::leaves_two) != 0) s.splits.push_back({k, !code.distinct(k)});
    if (k >= 1 && (d & (take_break_code::leaves_nothing | take_break_code::leaves_one)) != 0)
      s.others.emplace_back(k, d);
  }
  s.t = s.splits.empty() ? 0 : s.splits.front().k;
  // Heap n reads g(n - k) through a digit leaving one heap (k >= 1) and g(n - k - 1) and below through a split.
  s.reach = std::numeric_limits<coin>::max();
  for (const split_digit& sd : s.splits) s.reach = std::min<coin>(s.reach, sd.k + 1);
  for (const auto& [k, d] : s.others) {
    if ((d & take_break_code::leaves_one) != 0) s.reach = std::min(s.reach, k);
  }
  s.domain_ok = sparse_space_domain_applies(code);
  use_avx2(true);
  if (fixed_mask) {
    s.fixed = true;
    s.choosing = false;
    s.mask = *fixed_mask;
    s.variant = variant;
  }
}

sparse_space_solver::sparse_space_solver(sparse_space_solver&&) noexcept = default;
sparse_space_solver& sparse_space_solver::operator=(sparse_space_solver&&) noexcept = default;
sparse_space_solver::~sparse_space_solver() = default;

grundy_value sparse_space_solver::next(const value_table& g) {
  const grundy_value x = g.visit([&](const auto* v) { return self_->next(v, g.size()); });
  if (g.size() + 1 > g.capacity()) self_->quiesce();  // the table grows, moving, when x is appended
  return x;
}

grundy_value sparse_space_solver::next(std::span<const grundy_value> g) {
  const grundy_value x = self_->next(g.data(), g.size());
  self_->quiesce();  // the caller's vector may move when x is appended
  return x;
}

void sparse_space_solver::resume(const value_table& g) {
  g.visit([&](const auto* v) { self_->resume(v, g.size()); });
}

void sparse_space_solver::resume(std::span<const grundy_value> g) { self_->resume(g.data(), g.size()); }

grundy_value sparse_space_solver::next() {
  const grundy_value x = next(self_->own);
  self_->own.push_back(x);
  return x;
}

void sparse_space_solver::use_threads(unsigned threads) {
  self_->quiesce();
  self_->ahead = 0;
  self_->threads = std::max(1U, threads);
  if (self_->threads < 2) self_->helper.reset();
}

void sparse_space_solver::use_avx2(bool on) {
  self_->quiesce();
  self_->avx2 = on && has_avx2();
  for (workspace& w : self_->ws) w.avx2 = self_->avx2;
}

void sparse_space_solver::share_eagerly() {
  self_->min_listing = 1;
  self_->min_pass = 1;
  self_->first_alone = 1;
  self_->min_heap = 0;
}

sparse_space_stats sparse_space_solver::stats() const {
  self_->quiesce();
  sparse_space_stats st;
  st.pairs = self_->ws[0].pairs + self_->ws[1].pairs;
  st.searches = self_->ws[0].searches + self_->ws[1].searches;
  st.absent = self_->ws[0].absent + self_->ws[1].absent;
  st.heaps_ahead = self_->ahead_taken;
  st.heaps_ahead_dropped = self_->ahead_dropped;
  st.mask = self_->mask;
  st.variant = self_->variant;
  st.rare_heaps = self_->rare.size();
  st.width_bytes = self_->width;
  return st;
}

}  // namespace tartan::detail
