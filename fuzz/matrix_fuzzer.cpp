// Fuzz target: nim matrix files (parse_nim_matrix, the reader behind tartan nim det/rank/inverse/kernel/
// solve-linear), then the linear algebra on what was read, checked by identities: rank + kernel dimension =
// columns, A·k = 0 for every kernel vector, det(A) = 0 exactly when rank < n, A·inv(A) = I, and A·x = b for the
// solution of a system whose b is built from a known x. Refusals are parse_error naming the line (and entry).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nim_matrix.hpp"

namespace {

using tartan::fuzz::require;

bool is_zero(const std::vector<std::uint64_t>& v) {
  return std::all_of(v.begin(), v.end(), [](std::uint64_t x) { return x == 0; });
}

void check_algebra(const tartan::nim_matrix& a) {
  const std::size_t r = tartan::rank(a);
  require(r <= std::min(a.rows(), a.cols()), "rank larger than the matrix");
  const auto basis = tartan::kernel(a);
  require(r + basis.size() == a.cols(), "rank + kernel dimension != columns");
  for (const auto& v : basis) {
    require(!is_zero(v), "a zero kernel basis vector");
    require(is_zero(tartan::multiply(a, v)), "A·k != 0 for a kernel vector");
  }
  // A system with a known solution: b = A·x for x = 1, 2, 3, ...
  std::vector<std::uint64_t> x(a.cols());
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = i + 1;
  const auto b = tartan::multiply(a, x);
  const auto s = tartan::solve_linear(a, b);
  require(tartan::multiply(a, s.solution) == b, "the solution of A·x = b does not solve it");
  require(s.kernel.size() == basis.size(), "solve_linear's kernel has the wrong dimension");
  if (a.rows() != a.cols()) return;
  const std::uint64_t det = tartan::determinant(a);
  require((det == 0) == (r < a.rows()), "det = 0 does not match rank < n");
  if (det == 0) return;
  const auto inv = tartan::inverse(a);
  require(a * inv == tartan::nim_matrix::identity(a.rows()), "A·inv(A) != I");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint8_t bits = in.byte();
  // tartan nim det --bits N reads entries below 2^N; a few inputs exercise that bound.
  const std::uint64_t max_entry = bits < 64 ? (std::uint64_t{1} << bits) - 1 : UINT64_MAX;
  tartan::nim_matrix a;
  try {
    a = tartan::parse_nim_matrix(in.rest(), max_entry);
  } catch (const tartan::parse_error& e) {
    const std::string_view message = e.what();
    require(message.find("line ") != std::string_view::npos || message.find("empty") != std::string_view::npos,
            "a matrix parse error names no line");
    return 0;
  }
  require(a.rows() >= 1 && a.cols() >= 1, "an empty matrix was accepted");
  for (std::size_t i = 0; i < a.rows(); ++i) {
    for (const std::uint64_t v : a.row(i)) require(v <= max_entry, "an entry above the bound was accepted");
  }
  // Elimination is cubic: keep each input to a few milliseconds.
  if (a.rows() * a.cols() <= 4096 && a.rows() <= 128 && a.cols() <= 128) check_algebra(a);
  return 0;
}
