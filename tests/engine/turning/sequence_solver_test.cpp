// Tests for turning/sequence_solver.hpp: one solver type drives every algorithm (a plug-in's own, a turning code's,
// a take-and-break code's), each checked against the mex definition written in the test.
#include "tartan/turning/sequence_solver.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "support/naive.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::coin;
using tartan::grundy_value;
using tartan::sequence_solver;

/// Subtraction {1, 2} by its own recurrence: g(n) = n mod 3, read from the two values before.
class subtract_one_or_two final : public sequence_solver::algorithm {
 public:
  grundy_value next(std::span<const grundy_value> g) override {
    ++calls;
    std::set<grundy_value> options;
    for (std::size_t k = 1; k <= 2 && k <= g.size(); ++k) options.insert(g[g.size() - k]);
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    return m;
  }
  int calls = 0;
};

/// g(0..count-1) from the solver, each call given the values before.
std::vector<grundy_value> run(sequence_solver solver, std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) g.push_back(solver.next(g));
  return g;
}

/// The heap game of a take-and-break code with one digit d_3 = 7 (Treblecross, 0.007) by its definition: take 3
/// tokens, leaving nothing, one heap or two non-empty heaps.
std::vector<grundy_value> treblecross_by_definition(std::size_t count) {
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    if (n >= 3) {
      const std::size_t r = n - 3;
      options.insert(g[r]);  // one heap of r, or nothing when r = 0 (g(0) = 0)
      for (std::size_t a = 1; a < r; ++a) options.insert(g[a] ^ g[r - a]);
    }
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    g.push_back(m);
  }
  return g;
}

TEST(SequenceSolverTest, RunsThePluggedInAlgorithm) {
  auto algorithm = std::make_unique<subtract_one_or_two>();
  const subtract_one_or_two* seen = algorithm.get();
  sequence_solver solver(std::move(algorithm));
  std::vector<grundy_value> g;
  for (std::size_t n = 0; n < 9; ++n) g.push_back(solver.next(g));
  EXPECT_EQ(g, (std::vector<grundy_value>{0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(seen->calls, 9);
}

TEST(SequenceSolverTest, ServesTurningCodesAndTakeAndBreakCodesAlike) {
  EXPECT_EQ(run(tartan::turning_code::parse("1-3").grundy_solver(), 40),
            tartan::test::naive_sequence(tartan::test::k_coins{1, 3}, 40));
  EXPECT_EQ(run(tartan::take_break_code::parse("0.007").grundy_solver(), 300), treblecross_by_definition(300));
}

}  // namespace
