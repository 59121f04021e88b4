// sequence_solver: an incremental solver for g(0), g(1), ... behind one type, whichever algorithm a rule picks: a
// turning code's tables and searches (turning_code.hpp), the sparse-space method or the mex of the options of a
// take-and-break code (take_break_code.hpp). A rule's grundy_solver() hook returns one (game_concepts.hpp), and
// grundy_sequence drives it.
#pragma once

#include <memory>
#include <span>
#include <utility>

#include "tartan/core/coin.hpp"

namespace tartan {

class sequence_solver {
 public:
  /// What an algorithm implements: its state between calls lives in the derived object.
  class algorithm {
   public:
    virtual ~algorithm() = default;
    /// g(n) for n = g.size(); g holds the values this algorithm returned so far, g(0..n-1).
    virtual grundy_value next(std::span<const grundy_value> g) = 0;
  };

  /**
   * The solver running `a`.
   *
   * Example: sequence_solver s(std::make_unique<my_algorithm>()); s.next({}) == g(0)
   */
  explicit sequence_solver(std::unique_ptr<algorithm> a) : self_(std::move(a)) {}

  /// g(n) for n = g.size(); g holds the values this solver returned so far. Called for n = 0, 1, 2, ... in turn.
  grundy_value next(std::span<const grundy_value> g) { return self_->next(g); }

 private:
  std::unique_ptr<algorithm> self_;
};

}  // namespace tartan
