// The sparse-space method for take-and-break codes whose moves leave at most two heaps, with some digit leaving two
// (take_break_code's solver; Winning Ways (2nd ed.) vol. 1, ch. 4, "Sparse space spells speed"; Gangolli and
// Plambeck, "A note on periodicity in some octal games", IJGT 18 (1989); Flammenkamp's octal tables,
// http://wwwhomes.uni-bielefeld.de/achim/octal_sparse.html).
//
// A mask M and a variant sort the heaps into sparse and common. Write p(x) = parity(popcount(g(x) & M)) and
// σ(x) = 0 in the range variant, (x - t) & 1 in the domain variant (t: any digit leaving two heaps; the domain
// variant needs all of them of one parity). Heap x is sparse when p(x) == σ(x). For a split of heap n into a and b
// (a + b = n - k, k ≡ t mod 2), p of the option value g(a) ⊕ g(b) is p(a) ⊕ p(b) (parity is linear under XOR), which
// is σ(n) when a and b are both sparse or both common, and 1 ⊕ σ(n) when exactly one is sparse. So the values v with
// p(v) != σ(n), heap n's common values, come only from splits with one sparse heap: listed in O(sparse heaps) per
// two-heap digit. The mex is then the least value neither listed nor, if it is of heap n's rare class, the XOR of a
// split into two common heaps. Those rare values below the least unlisted common value are looked for together in
// one pass over the splits, which stops when every one is found (after a few thousand pairs at most on the games with
// a sparse space); only a value that no split gives, a new sparse heap, costs the whole pass, O(n). The result is
// exact whatever the mask and variant: a poor choice only makes more heaps sparse and the method slower, down to the
// direct route's cost.
// The mask and variant are chosen from the values so far, as the pair making fewest heaps sparse (a Walsh–Hadamard
// transform of the values' histograms over even and odd σ), at each power of two from 64 on, when the values gain a
// bit, and when the sparse heaps have doubled since the last choice; the mask's bits above the values' are ones, as
// Flammenkamp writes masks (Grundy's game: every bit but the lowest).
// The solver reads the values from a value_table in the width it has (8 bits for most games, value_table.hpp), so
// the pass reads one byte per heap, and keeps nothing per heap but the list of sparse heaps: a run that stops goes on
// from the values alone (resume rebuilds the mask, the variant, the histograms and the sparse heaps from them).
// Internal to the engine: take_break.cpp, the tests and benchmarks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "tartan/turning/sequence_summary.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan::detail {

/// Whether the sparse-space method serves the code: some digit leaves two heaps and none leaves three.
bool sparse_space_applies(const take_break_code& code);

/// Whether the domain variant serves it too: sparse_space_applies, and every digit leaving two heaps is at an index
/// of one parity.
bool sparse_space_domain_applies(const take_break_code& code);

/// Which heaps are sparse: range, p(x) == 0; domain, p(x) == (x - t) & 1 (sparse_space.hpp), as a sequence summary
/// names its rare heaps (sequence_summary.hpp).
using sparse_variant = rare_variant;

/// What the solver has done, for tests and benchmarks.
struct sparse_space_stats {
  grundy_value mask = 0;                           // the mask in use
  sparse_variant variant = sparse_variant::range;  // and its variant
  std::size_t rare_heaps = 0;                      // heaps h >= 1 that are sparse under them
  std::size_t searches = 0;                        // passes over the splits looking for rare values not listed
  std::size_t absent = 0;                          // passes that did not find them all (the least missing was the mex)
  std::uint64_t pairs = 0;                         // splits read by those passes
  int width_bytes = 1;                             // the width of the values last read
  std::uint64_t heaps_ahead = 0;                   // heaps the helper computed ahead whose values were taken
  std::uint64_t heaps_ahead_dropped = 0;           // heaps it computed ahead too late, computed again
};

class sparse_space_solver {
 public:
  /// @pre sparse_space_applies(code), and sparse_space_domain_applies(code) for the domain variant.
  /// `fixed_mask`: use this mask and `variant` throughout instead of choosing them (tests).
  explicit sparse_space_solver(const take_break_code& code, std::optional<grundy_value> fixed_mask = std::nullopt,
                               sparse_variant variant = sparse_variant::range);
  sparse_space_solver(sparse_space_solver&&) noexcept;
  sparse_space_solver& operator=(sparse_space_solver&&) noexcept;
  ~sparse_space_solver();

  /// g(n) for n = g.size(), g holding g(0..n-1) of the code in any width: the values this solver returned, after
  /// those given to resume. With two threads the helper may read g until the next call: append to it only, and keep
  /// it alive until the solver ends (the solver waits for the helper before it lets a widening move the values).
  grundy_value next(const value_table& g);
  grundy_value next(std::span<const grundy_value> g);

  /// Takes up from g(0..n-1), computed before (a checkpoint): the next call is next() for heap n. Rebuilds the
  /// solver's state from the values (the mask and variant chosen from their histograms, the sparse heaps), so the
  /// values that follow are the same as an uninterrupted run's. Complexity: O(n) plus one mask choice.
  void resume(const value_table& g);
  void resume(std::span<const grundy_value> g);

  /// g(n) for the next heap n = 0, 1, 2, ..., the values kept in a table of the solver's own (tests, benchmarks).
  grundy_value next();

  /// Lets the solver use up to `threads` threads, the caller's included (1 by default): a second one computes the
  /// next heap ahead where heaps n and n + 1 are independent (no digit takes a single token leaving one heap, nor
  /// splits without taking), and takes shares of a long listing or pass (the values are the same whatever the
  /// number). It is handed work only when it is free, so the calling thread never waits for it to start.
  void use_threads(unsigned threads);

  /// Hands the helper work at every chance, however small (tests: every path of two threads on short sequences).
  void share_eagerly();

  /// Whether passes compare splits by AVX2 where the CPU has it (the default), or by SSE2 alone (tests: both paths
  /// on one machine).
  void use_avx2(bool on);

  sparse_space_stats stats() const;

  struct impl;

 private:
  std::unique_ptr<impl> self_;
};

}  // namespace tartan::detail
