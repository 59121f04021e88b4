// Matrices over GF(2^64): Gaussian elimination with one inverse per pivot and batched row operations.
#include "tartan/nim/nim_matrix.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {

namespace detail {

// Row segments go through nim_mul_batch in chunks that stay in L1 (three arrays of 256 words).
constexpr std::size_t batch_chunk = 256;

void nim_axpy(std::uint64_t c, std::span<const std::uint64_t> x, std::span<std::uint64_t> y) {
  if (c == 0) return;
  std::array<std::uint64_t, batch_chunk> cs, products;
  cs.fill(c);
  for (std::size_t off = 0; off < x.size(); off += batch_chunk) {
    const std::size_t len = std::min(batch_chunk, x.size() - off);
    nim_mul_batch(std::span(cs.data(), len), x.subspan(off, len), std::span(products.data(), len));
    for (std::size_t i = 0; i < len; ++i) y[off + i] ^= products[i];
  }
}

void nim_scale(std::uint64_t c, std::span<std::uint64_t> x) {
  std::array<std::uint64_t, batch_chunk> cs;
  cs.fill(c);
  for (std::size_t off = 0; off < x.size(); off += batch_chunk) {
    const std::size_t len = std::min(batch_chunk, x.size() - off);
    const auto segment = x.subspan(off, len);
    nim_mul_batch(std::span(cs.data(), len), segment, segment);
  }
}

}  // namespace detail

namespace {

std::string dims(const nim_matrix& a) { return std::to_string(a.rows()) + "×" + std::to_string(a.cols()); }

/// Throws cancelled_error when the search scope of this thread (search_stop.hpp: a deadline, a cancel) says stop:
/// polled once per pivot, O(rows · cols) products apart.
void poll_at(std::size_t col, std::size_t cols) {
  if (!detail::keep_searching_now()) {
    throw cancelled_error("the elimination stopped at column " + std::to_string(col) + " of " + std::to_string(cols));
  }
}

void swap_rows(nim_matrix& m, std::size_t i, std::size_t j) {
  if (i != j) std::swap_ranges(m.row(i).begin(), m.row(i).end(), m.row(j).begin());
}

// Reduced row echelon form with pivots sought in columns [0, pivot_cols): each pivot is scaled to 1 and cleared
// from every other row. Returns the pivot columns; pivot k sits in row k.
std::vector<std::size_t> reduce(nim_matrix& m, std::size_t pivot_cols) {
  std::vector<std::size_t> pivots;
  std::size_t r = 0;
  for (std::size_t col = 0; col < pivot_cols && r < m.rows(); ++col) {
    poll_at(col, pivot_cols);
    std::size_t p = r;
    while (p < m.rows() && m(p, col) == 0) ++p;
    if (p == m.rows()) continue;
    swap_rows(m, p, r);
    const auto pivot_row = m.row(r).subspan(col);
    detail::nim_scale(nim_inv(m(r, col)), pivot_row);
    for (std::size_t j = 0; j < m.rows(); ++j) {
      if (j != r) detail::nim_axpy(m(j, col), pivot_row, m.row(j).subspan(col));
    }
    pivots.push_back(col);
    ++r;
  }
  return pivots;
}

// Forward elimination only (rows below each pivot), pivots scaled to 1 with the pivot product returned through
// `pivot_product`. Returns the rank.
std::size_t forward(nim_matrix& m, std::uint64_t* pivot_product) {
  std::size_t r = 0;
  std::uint64_t product = 1;
  for (std::size_t col = 0; col < m.cols() && r < m.rows(); ++col) {
    poll_at(col, m.cols());
    std::size_t p = r;
    while (p < m.rows() && m(p, col) == 0) ++p;
    if (p == m.rows()) continue;
    swap_rows(m, p, r);  // no sign change: -1 = 1
    const std::uint64_t pivot = m(r, col);
    product = nim_mul(product, pivot);
    const auto rest = m.row(r).subspan(col + 1);
    detail::nim_scale(nim_inv(pivot), rest);  // one inverse per pivot row
    for (std::size_t j = r + 1; j < m.rows(); ++j) detail::nim_axpy(m(j, col), rest, m.row(j).subspan(col + 1));
    ++r;
  }
  if (pivot_product != nullptr) *pivot_product = product;
  return r;
}

std::vector<std::vector<std::uint64_t>> kernel_from_rref(const nim_matrix& m, std::size_t n,
                                                         const std::vector<std::size_t>& pivots) {
  std::vector<bool> is_pivot(n, false);
  for (const std::size_t c : pivots) is_pivot[c] = true;
  std::vector<std::vector<std::uint64_t>> basis;
  for (std::size_t f = 0; f < n; ++f) {
    if (is_pivot[f]) continue;
    std::vector<std::uint64_t> v(n, 0);
    v[f] = 1;
    // Row k reads x[pivot_k] + sum over free columns g of m(k, g) x[g] = 0; in characteristic 2, x[pivot_k] = m(k, f).
    for (std::size_t k = 0; k < pivots.size(); ++k) v[pivots[k]] = m(k, f);
    basis.push_back(std::move(v));
  }
  return basis;
}

}  // namespace

nim_matrix::nim_matrix(std::size_t rows, std::size_t cols) : rows_(rows), cols_(cols), data_(rows * cols, 0) {}

nim_matrix::nim_matrix(std::initializer_list<std::initializer_list<std::uint64_t>> rows) {
  std::vector<std::vector<std::uint64_t>> v;
  for (const auto& r : rows) v.emplace_back(r);
  *this = from_rows(v);
}

nim_matrix nim_matrix::from_rows(std::span<const std::vector<std::uint64_t>> rows) {
  nim_matrix m(rows.size(), rows.empty() ? 0 : rows.front().size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].size() != m.cols_) {
      throw domain_error("row " + std::to_string(i + 1) + " has " + std::to_string(rows[i].size()) +
                         " entries but row 1 has " + std::to_string(m.cols_) +
                         "; every row needs the same number of entries");
    }
    std::copy(rows[i].begin(), rows[i].end(), m.row(i).begin());
  }
  return m;
}

nim_matrix nim_matrix::identity(std::size_t n) {
  nim_matrix m(n, n);
  for (std::size_t i = 0; i < n; ++i) m(i, i) = 1;
  return m;
}

nim_matrix operator+(const nim_matrix& a, const nim_matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) {
    throw domain_error("cannot add a " + dims(a) + " matrix and a " + dims(b) + " matrix; the sizes must match");
  }
  nim_matrix c = a;
  for (std::size_t i = 0; i < c.data_.size(); ++i) c.data_[i] ^= b.data_[i];
  return c;
}

nim_matrix operator*(const nim_matrix& a, const nim_matrix& b) {
  if (a.cols() != b.rows()) {
    throw domain_error("cannot multiply a " + dims(a) + " matrix by a " + dims(b) +
                       " matrix; the first needs as many columns as the second has rows");
  }
  nim_matrix c(a.rows(), b.cols());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    for (std::size_t k = 0; k < a.cols(); ++k) detail::nim_axpy(a(i, k), b.row(k), c.row(i));
  }
  return c;
}

std::vector<std::uint64_t> multiply(const nim_matrix& a, std::span<const std::uint64_t> x) {
  if (x.size() != a.cols()) {
    throw domain_error("cannot multiply a " + dims(a) + " matrix by a vector of " + std::to_string(x.size()) +
                       " entries; it needs " + std::to_string(a.cols()));
  }
  std::vector<std::uint64_t> y(a.rows(), 0), products(a.cols());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    nim_mul_batch(a.row(i), x, products);
    for (const std::uint64_t p : products) y[i] ^= p;
  }
  return y;
}

std::size_t rank(const nim_matrix& a) {
  nim_matrix m = a;
  return forward(m, nullptr);
}

std::uint64_t determinant(const nim_matrix& a) {
  if (a.rows() != a.cols()) {
    throw domain_error("the determinant needs a square matrix, not a " + dims(a) + " one");
  }
  nim_matrix m = a;
  std::uint64_t product = 1;
  return forward(m, &product) == a.rows() ? product : 0;
}

nim_matrix inverse(const nim_matrix& a) {
  const std::size_t n = a.rows();
  if (n != a.cols()) throw domain_error("only a square matrix has an inverse, not a " + dims(a) + " one");
  nim_matrix m(n, 2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    std::copy(a.row(i).begin(), a.row(i).end(), m.row(i).begin());
    m(i, n + i) = 1;
  }
  if (reduce(m, n).size() < n) {
    throw domain_error("the matrix is singular (its determinant is 0, rank " + std::to_string(rank(a)) + " of " +
                       std::to_string(n) + "), so it has no inverse");
  }
  nim_matrix inv(n, n);
  for (std::size_t i = 0; i < n; ++i)
    std::copy_n(m.row(i).begin() + static_cast<std::ptrdiff_t>(n), n, inv.row(i).begin());
  return inv;
}

std::vector<std::vector<std::uint64_t>> kernel(const nim_matrix& a) {
  nim_matrix m = a;
  const auto pivots = reduce(m, a.cols());
  return kernel_from_rref(m, a.cols(), pivots);
}

nim_linear_solution solve_linear(const nim_matrix& a, std::span<const std::uint64_t> b) {
  const std::size_t n = a.cols();
  if (b.size() != a.rows()) {
    throw domain_error("the right-hand side has " + std::to_string(b.size()) + " entries but the matrix has " +
                       std::to_string(a.rows()) + " rows; give one entry per row");
  }
  nim_matrix m(a.rows(), n + 1);
  for (std::size_t i = 0; i < a.rows(); ++i) {
    std::copy(a.row(i).begin(), a.row(i).end(), m.row(i).begin());
    m(i, n) = b[i];
  }
  const auto pivots = reduce(m, n);
  for (std::size_t i = pivots.size(); i < m.rows(); ++i) {
    if (m(i, n) != 0) {
      throw domain_error("the system has no solution: the equations are inconsistent (the matrix has rank " +
                         std::to_string(pivots.size()) + " but [A | b] has rank " + std::to_string(pivots.size() + 1) +
                         ")");
    }
  }
  nim_linear_solution s;
  s.solution.assign(n, 0);
  for (std::size_t k = 0; k < pivots.size(); ++k) s.solution[pivots[k]] = m(k, n);
  s.kernel = kernel_from_rref(m, n, pivots);
  return s;
}

nim_matrix parse_nim_matrix(std::string_view text, std::uint64_t max_entry) {
  std::vector<std::vector<std::uint64_t>> rows;
  std::size_t first_line = 0, line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    line = line.substr(0, line.find('#'));
    std::vector<std::uint64_t> row;
    std::size_t pos = 0;
    while (true) {
      pos = line.find_first_not_of(" \t\r\v\f", pos);
      if (pos == std::string_view::npos) break;
      const std::size_t stop = std::min(line.find_first_of(" \t\r\v\f", pos), line.size());
      const std::string what = "line " + std::to_string(line_number) + ", entry " + std::to_string(row.size() + 1);
      row.push_back(parse_u64(line.substr(pos, stop - pos), what, max_entry));
      pos = stop;
    }
    if (row.empty()) continue;
    if (rows.empty()) first_line = line_number;
    if (!rows.empty() && row.size() != rows.front().size()) {
      throw parse_error("line " + std::to_string(line_number) + " has " + std::to_string(row.size()) +
                        (row.size() == 1 ? " entry" : " entries") + " but the first row (line " +
                        std::to_string(first_line) + ") has " + std::to_string(rows.front().size()) +
                        "; every row needs the same number of entries");
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw parse_error("the matrix is empty; give at least one row of whitespace-separated numbers");
  return nim_matrix::from_rows(rows);
}

}  // namespace tartan
