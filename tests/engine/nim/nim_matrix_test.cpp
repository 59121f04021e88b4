// Tests for <tartan/nim/nim_matrix.hpp>: determinants against the permutation expansion, det(AB) = det(A) det(B),
// A·A^(-1) = I, solutions multiplied back, kernels mapped to 0, ranks of built low-rank products, parsing errors.
#include "tartan/nim/nim_matrix.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {
namespace {

using ::testing::HasSubstr;

nim_matrix random_matrix(std::mt19937_64& rng, std::size_t rows, std::size_t cols, std::uint64_t mask = UINT64_MAX) {
  nim_matrix m(rows, cols);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) m(i, j) = rng() & mask;
  }
  return m;
}

// The matrix product by the definition, one nim_mul per term.
nim_matrix naive_product(const nim_matrix& a, const nim_matrix& b) {
  nim_matrix c(a.rows(), b.cols());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    for (std::size_t j = 0; j < b.cols(); ++j) {
      for (std::size_t k = 0; k < a.cols(); ++k) c(i, j) ^= nim_mul(a(i, k), b(k, j));
    }
  }
  return c;
}

// Leibniz: the sum over permutations of the products (no signs in characteristic 2).
std::uint64_t permutation_expansion(const nim_matrix& a) {
  std::vector<std::size_t> p(a.rows());
  std::iota(p.begin(), p.end(), 0);
  std::uint64_t sum = 0;
  do {
    std::uint64_t term = 1;
    for (std::size_t i = 0; i < p.size(); ++i) term = nim_mul(term, a(i, p[i]));
    sum ^= term;
  } while (std::next_permutation(p.begin(), p.end()));
  return sum;
}

TEST(NimMatrixTest, ProductMatchesDefinition) {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t n = rng() % 9 + 1, m = rng() % 9 + 1, k = rng() % 300 + 1;
    const nim_matrix a = random_matrix(rng, n, k), b = random_matrix(rng, k, m);
    EXPECT_EQ(a * b, naive_product(a, b));
  }
  EXPECT_THROW(nim_matrix(2, 3) * nim_matrix(2, 3), domain_error);
}

TEST(NimMatrixTest, DeterminantMatchesPermutationExpansion) {
  std::mt19937_64 rng(42);
  for (std::size_t n = 1; n <= 6; ++n) {
    for (int trial = 0; trial < 20; ++trial) {
      // Small entries make zero pivots and singular matrices common.
      const nim_matrix a = random_matrix(rng, n, n, trial % 2 ? 3 : UINT64_MAX);
      EXPECT_EQ(determinant(a), permutation_expansion(a)) << n;
    }
  }
  EXPECT_EQ(determinant(nim_matrix{{2, 1}, {1, 2}}), 2u);
  EXPECT_EQ(determinant(nim_matrix(0, 0)), 1u);
}

TEST(NimMatrixTest, DeterminantOfProductIsProductOfDeterminants) {
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = rng() % 40 + 1;
    const nim_matrix a = random_matrix(rng, n, n), b = random_matrix(rng, n, n);
    EXPECT_EQ(determinant(a * b), nim_mul(determinant(a), determinant(b))) << n;
  }
  EXPECT_THROW(determinant(nim_matrix(2, 3)), domain_error);
}

TEST(NimMatrixTest, InverseTimesMatrixIsIdentity) {
  std::mt19937_64 rng(44);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = rng() % 30 + 1;
    const nim_matrix a = random_matrix(rng, n, n);
    if (determinant(a) == 0) continue;
    const nim_matrix inv = inverse(a);
    EXPECT_EQ(a * inv, nim_matrix::identity(n));
    EXPECT_EQ(inv * a, nim_matrix::identity(n));
    EXPECT_EQ(determinant(inv), nim_inv(determinant(a)));
  }
  EXPECT_EQ(inverse(nim_matrix{{2}}), nim_matrix{{3}});
}

TEST(NimMatrixTest, SingularMatrixHasNoInverse) {
  EXPECT_THAT(
      [] {
        inverse(nim_matrix{{1, 2}, {2, 3}});
      },
      ::testing::ThrowsMessage<domain_error>(HasSubstr("the matrix is singular")));
  EXPECT_THROW(inverse(nim_matrix(2, 3)), domain_error);
}

TEST(NimMatrixTest, RankOfBuiltProducts) {
  std::mt19937_64 rng(45);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = rng() % 20 + 1, m = rng() % 20 + 1, r = rng() % std::min(n, m) + 1;
    // An n×r times an r×m product has rank at most r, and exactly r for random factors with overwhelming
    // probability (they are full rank: checked through r×r minors' determinants below).
    const nim_matrix b = random_matrix(rng, n, r), c = random_matrix(rng, r, m);
    const std::size_t expected = std::min(rank(b), rank(c));
    EXPECT_EQ(rank(b * c), expected);
    EXPECT_EQ(expected, r);
  }
  EXPECT_EQ(rank(nim_matrix{{1, 2}, {2, 3}}), 1u);
  EXPECT_EQ(rank(nim_matrix(3, 4)), 0u);
}

TEST(NimMatrixTest, KernelVectorsMapToZero) {
  std::mt19937_64 rng(46);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = rng() % 15 + 1, m = rng() % 15 + 1, r = rng() % std::min(n, m) + 1;
    const nim_matrix a = random_matrix(rng, n, r) * random_matrix(rng, r, m);
    const auto basis = kernel(a);
    EXPECT_EQ(basis.size(), m - rank(a));
    for (const auto& v : basis) {
      EXPECT_EQ(multiply(a, v), std::vector<std::uint64_t>(n, 0));
    }
    // Independent: the basis vectors as rows have full rank.
    if (!basis.empty()) {
      EXPECT_EQ(rank(nim_matrix::from_rows(basis)), basis.size());
    }
  }
  EXPECT_EQ(kernel(nim_matrix{{1, 1}}), (std::vector<std::vector<std::uint64_t>>{{1, 1}}));
}

TEST(NimMatrixTest, SolveThenMultiplyBack) {
  std::mt19937_64 rng(47);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = rng() % 15 + 1, m = rng() % 15 + 1, r = rng() % std::min(n, m) + 1;
    const nim_matrix a = random_matrix(rng, n, r) * random_matrix(rng, r, m);
    std::vector<std::uint64_t> x0(m);
    for (auto& v : x0) v = rng();
    const std::vector<std::uint64_t> b = multiply(a, x0);  // consistent by construction
    const nim_linear_solution s = solve_linear(a, b);
    EXPECT_EQ(multiply(a, s.solution), b);
    EXPECT_EQ(s.kernel.size(), m - rank(a));
    EXPECT_EQ(s.unique(), rank(a) == m);
    // solution + any combination of the kernel solves it too.
    std::vector<std::uint64_t> other = s.solution;
    for (const auto& v : s.kernel) {
      const std::uint64_t c = rng();
      for (std::size_t i = 0; i < m; ++i) other[i] ^= nim_mul(c, v[i]);
    }
    EXPECT_EQ(multiply(a, other), b);
  }
  EXPECT_EQ(solve_linear(nim_matrix{{2, 0}, {0, 1}}, std::vector<std::uint64_t>{1, 5}).solution,
            (std::vector<std::uint64_t>{3, 5}));
}

TEST(NimMatrixTest, InconsistentSystemHasNoSolution) {
  EXPECT_THAT(
      [] {
        solve_linear(nim_matrix{{1, 2}, {2, 3}}, std::vector<std::uint64_t>{1, 1});
      },
      ::testing::ThrowsMessage<domain_error>(HasSubstr("the system has no solution")));
  EXPECT_THROW(solve_linear(nim_matrix{{1, 2}}, std::vector<std::uint64_t>{1, 1}), domain_error);
}

TEST(NimMatrixTest, ParsesRowsAndRejectsBadInput) {
  EXPECT_EQ(parse_nim_matrix("1 2\n3 0x4\n"), (nim_matrix{{1, 2}, {3, 4}}));
  EXPECT_EQ(parse_nim_matrix("# a comment\n\n  1\t2  # trailing\r\n3 4"), (nim_matrix{{1, 2}, {3, 4}}));
  EXPECT_THAT(
      [] { parse_nim_matrix("1 2 3\n4 5\n"); },
      ::testing::ThrowsMessage<parse_error>(HasSubstr("line 2 has 2 entries but the first row (line 1) has 3")));
  EXPECT_THAT([] { parse_nim_matrix("\n# nothing\n"); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("the matrix is empty")));
  EXPECT_THAT([] { parse_nim_matrix("1 2\n3 x\n"); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("line 2, entry 2: 'x' is not a decimal number")));
  EXPECT_THAT([] { parse_nim_matrix("1 256\n", 255); },
              ::testing::ThrowsMessage<parse_error>(HasSubstr("line 1, entry 2")));
  EXPECT_THROW(nim_matrix({{1, 2}, {3}}), domain_error);
}

TEST(NimMatrixTest, EliminationStopsWhenItsSearchScopeSaysSo) {
  // A deadline already past: the first pivot's poll stops the elimination (cancelled_error naming the column), and
  // the scope's search_stop says it was the deadline. Without a scope the same matrix is eliminated.
  std::mt19937_64 rng(39);
  nim_matrix m(64, 64);
  for (std::size_t i = 0; i < 64; ++i)
    for (std::size_t j = 0; j < 64; ++j) m(i, j) = rng();
  search_options past;
  past.deadline = search_options::clock::now() - std::chrono::seconds(1);
  search_stop stop(past, 1);
  {
    const detail::search_scope scope(&stop);
    EXPECT_THROW(static_cast<void>(determinant(m)), cancelled_error);
    EXPECT_THROW(static_cast<void>(rank(m)), cancelled_error);
  }
  EXPECT_EQ(stop.end(), search_end::time_limit);
  EXPECT_NO_THROW(static_cast<void>(determinant(m)));
}

}  // namespace
}  // namespace tartan
