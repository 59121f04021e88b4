// Linear algebra over the 64-bit nimbers GF(2^64): matrices, products, rank, determinant, inverse, kernel and the
// solutions of A·x = b, by Gaussian elimination with the fast nim product.
//
// Elimination inverts each pivot once (one nim_inv per pivot row) and then updates rows with row_j ⊕= c ⊗ row_i
// over the remaining columns, the products done by nim_mul_batch on whole row segments. In characteristic 2 a row
// swap does not change the sign of the determinant (-1 = 1), and the determinant equals the permanent, so it also
// counts perfect matchings of a bipartite graph modulo 2 with nimber weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace tartan {

/**
 * A rows × cols matrix of 64-bit nimbers, row-major. Sum is entrywise XOR, product the matrix product over
 * GF(2^64). Throws domain_error for ragged rows or mismatched dimensions.
 *
 * Example: nim_matrix a{{1, 2}, {3, 4}}; a(1, 0) == 3
 */
class nim_matrix {
 public:
  nim_matrix() = default;
  /// rows × cols zeros.
  nim_matrix(std::size_t rows, std::size_t cols);
  /// From rows of equal length (domain_error otherwise).
  nim_matrix(std::initializer_list<std::initializer_list<std::uint64_t>> rows);
  /// From rows of equal length (domain_error otherwise).
  static nim_matrix from_rows(std::span<const std::vector<std::uint64_t>> rows);
  /// The n × n identity.
  static nim_matrix identity(std::size_t n);

  std::size_t rows() const noexcept { return rows_; }
  std::size_t cols() const noexcept { return cols_; }
  std::uint64_t& operator()(std::size_t r, std::size_t c) { return data_[r * cols_ + c]; }
  std::uint64_t operator()(std::size_t r, std::size_t c) const { return data_[r * cols_ + c]; }
  std::span<std::uint64_t> row(std::size_t r) { return {data_.data() + r * cols_, cols_}; }
  std::span<const std::uint64_t> row(std::size_t r) const { return {data_.data() + r * cols_, cols_}; }

  friend bool operator==(const nim_matrix&, const nim_matrix&) = default;
  friend nim_matrix operator+(const nim_matrix& a, const nim_matrix& b);
  /// The matrix product; O(rows · inner · cols) nim products, batched along rows.
  friend nim_matrix operator*(const nim_matrix& a, const nim_matrix& b);

 private:
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  std::vector<std::uint64_t> data_;
};

/**
 * A·x for a vector x of a.cols() entries (domain_error otherwise).
 *
 * Example: multiply(nim_matrix{{2, 0}, {0, 1}}, std::vector<std::uint64_t>{2, 5}) == {3, 5}
 */
std::vector<std::uint64_t> multiply(const nim_matrix& a, std::span<const std::uint64_t> x);

/**
 * The rank. Complexity: O(r · rows · cols) nim products for rank r.
 *
 * Example: rank(nim_matrix{{1, 2}, {2, 3}}) == 1 (2 ⊗ (1, 2) = (2, 3))
 */
std::size_t rank(const nim_matrix& a);

/**
 * The determinant of a square matrix (domain_error otherwise); the determinant of the 0 × 0 matrix is 1.
 * Complexity: n^3/3 products by forward elimination; a 500 × 500 determinant in about 0.15 s (docs/nim_field.md).
 *
 * Example: determinant(nim_matrix{{2, 1}, {1, 2}}) == 2 (2 ⊗ 2 ⊕ 1 ⊗ 1 = 3 ⊕ 1)
 */
std::uint64_t determinant(const nim_matrix& a);

/**
 * The inverse of a square matrix, by Gauss-Jordan elimination on [A | I]. Throws domain_error "the matrix is
 * singular ..." when there is none, and for a non-square matrix.
 *
 * Example: inverse(nim_matrix{{2}}) == nim_matrix{{3}}
 */
nim_matrix inverse(const nim_matrix& a);

/**
 * A basis of the kernel {x : A·x = 0}: one vector per non-pivot column of the reduced row echelon form, with 1 in
 * that column and 0 in the other non-pivot columns. Empty when the columns are independent.
 *
 * Example: kernel(nim_matrix{{1, 1}}) == {{1, 1}}
 */
std::vector<std::vector<std::uint64_t>> kernel(const nim_matrix& a);

/// The solutions of A·x = b: every solution is `solution` plus a combination of the `kernel` basis vectors.
struct nim_linear_solution {
  std::vector<std::uint64_t> solution;
  std::vector<std::vector<std::uint64_t>> kernel;
  bool unique() const noexcept { return kernel.empty(); }
};

/**
 * Solves A·x = b (b has a.rows() entries): one solution (0 in the free unknowns) and a basis of the kernel. Throws
 * domain_error "the system has no solution ..." when it is inconsistent.
 *
 * Example: solve_linear(nim_matrix{{2, 0}, {0, 1}}, std::vector<std::uint64_t>{1, 5}).solution == {3, 5}
 */
nim_linear_solution solve_linear(const nim_matrix& a, std::span<const std::uint64_t> b);

/**
 * Parses a matrix written as whitespace-separated rows, one row per line: each entry decimal or 0x-hex and at most
 * max_entry; blank lines and text from '#' to the end of a line are ignored. Throws parse_error for a bad entry
 * ("row 2, entry 3: ..."), ragged rows ("row 3 has 2 entries but row 1 has 3 ...") and an empty matrix.
 *
 * Example: parse_nim_matrix("1 2\n3 0x4\n") == nim_matrix{{1, 2}, {3, 4}}
 */
nim_matrix parse_nim_matrix(std::string_view text, std::uint64_t max_entry = UINT64_MAX);

namespace detail {
/// y[i] ⊕= c ⊗ x[i] for every i (the row operation of elimination). @pre x.size() == y.size().
void nim_axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y);
/// x[i] = c ⊗ x[i] for every i.
void nim_scale(std::uint64_t c, std::span<std::uint64_t> x);
}  // namespace detail

}  // namespace tartan
