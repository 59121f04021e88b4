// sequence_solver: an incremental solver for g(0), g(1), ... behind one type, whichever algorithm a rule picks: a
// turning code's tables and searches (turning_code.hpp), the sparse-space method or the mex of the options of a
// take-and-break code (take_break_code.hpp). A rule's grundy_solver() hook returns one (game_concepts.hpp), and
// grundy_sequence and value tables (extend_value_table, sequence.hpp) drive it.
//
// An algorithm reads the values before n either as 64-bit integers (a span) or, when it says so (reads_any_width),
// from a value_table in whatever width the table keeps: the sparse-space method reads one byte per heap.
#pragma once

#include <memory>
#include <span>
#include <utility>

#include "tartan/core/coin.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan {

class sequence_solver {
 public:
  /// What an algorithm implements: its state between calls lives in the derived object.
  class algorithm {
   public:
    virtual ~algorithm() = default;

    /// g(n) for n = g.size(); g holds the values this algorithm returned so far, g(0..n-1) (after those given to
    /// resume).
    virtual grundy_value next(std::span<const grundy_value> g) = 0;

    /// Whether next(const value_table&) reads a table of any width. When false, a table given to it holds 64-bit
    /// values (min_width 8) and next(span) serves.
    virtual bool reads_any_width() const { return false; }

    /// g(n) for n = g.size(), from a table.
    virtual grundy_value next(const value_table& g) { return next(g.wide_values()); }

    /**
     * Takes up from g(0..n-1), values of the same rule computed before (read back from a checkpoint, say): the next
     * call is next() for n. By default the algorithm is run over them (its tables rebuilt the way they were built,
     * at the cost of computing the values again); an algorithm whose state follows from the values overrides it.
     */
    virtual void resume(const value_table& g) {
      const std::span<const grundy_value> all = g.wide_values();
      for (std::size_t n = 0; n < all.size(); ++n) static_cast<void>(next(all.first(n)));
    }

    /// The threads the algorithm may use, the caller's own included (1: that one only). Results do not depend on it.
    virtual void use_threads(unsigned threads) { static_cast<void>(threads); }
  };

  /**
   * The solver running `a`.
   *
   * Example: sequence_solver s(std::make_unique<my_algorithm>()); s.next({}) == g(0)
   */
  explicit sequence_solver(std::unique_ptr<algorithm> a) : self_(std::move(a)) {}

  /// g(n) for n = g.size(); g holds the values this solver returned so far. Called for n = 0, 1, 2, ... in turn.
  grundy_value next(std::span<const grundy_value> g) { return self_->next(g); }

  /// Whether next(const value_table&) takes tables of any width (else 64-bit ones).
  bool reads_any_width() const { return self_->reads_any_width(); }

  /**
   * g(n) for n = g.size(), from a table of the values so far (of any width when reads_any_width(), else 64-bit).
   *
   * Example: value_table g; auto s = take_break_code::parse("0.16").grundy_solver(); g.push_back(s.next(g));
   */
  grundy_value next(const value_table& g) { return self_->next(g); }

  /// Takes up from g(0..n-1), computed before; the next call is for n (algorithm::resume).
  void resume(const value_table& g) { self_->resume(g); }

  /// Lets the algorithm use up to `threads` threads (the caller's included); the values do not depend on it. The
  /// table given to next() is then read by another thread until the next call: append to it only, and keep it
  /// alive until the solver ends (declare the table first).
  void use_threads(unsigned threads) { self_->use_threads(threads); }

 private:
  std::unique_ptr<algorithm> self_;
};

}  // namespace tartan
