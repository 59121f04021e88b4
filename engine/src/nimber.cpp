// Nim arithmetic: the public functions of <tartan/nimber.hpp>.
#include "tartan/nimber.hpp"

#include <ostream>
#include <string>

#include "tartan/detail/nim_paths.hpp"
#include "tartan/error.hpp"

namespace tartan {

namespace detail {

namespace {
// Product in the subfield of integers below 2^(2^k) (k <= 6). Write a = a1·F ⊕ a0, b = b1·F ⊕ b0 with
// F = 2^(2^(k-1)) and a0, a1, b0, b1 < F. Since F⊗x = F·x for x < F and F⊗F = F ⊕ F/2 (Conway, ONAG ch. 6):
//   a⊗b = (a1⊗b1)⊗(F ⊕ F/2) ⊕ (a1⊗b0 ⊕ a0⊗b1)·F ⊕ a0⊗b0
//       = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·F ⊕ (a0⊗b0 ⊕ (a1⊗b1)⊗F/2).
std::uint64_t mul_recursive(std::uint64_t a, std::uint64_t b, int k) noexcept {
  if (k == 0) return a & b;
  const int h = 1 << (k - 1);
  const std::uint64_t mask = (std::uint64_t{1} << h) - 1;
  const std::uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
  const std::uint64_t low = mul_recursive(a0, b0, k - 1);
  const std::uint64_t cross = mul_recursive(a0 ^ a1, b0 ^ b1, k - 1);
  const std::uint64_t high = mul_recursive(a1, b1, k - 1);
  return ((cross ^ low) << h) | (low ^ mul_recursive(high, std::uint64_t{1} << (h - 1), k - 1));
}
}  // namespace

std::uint64_t nim_mul_reference(std::uint64_t a, std::uint64_t b) noexcept { return mul_recursive(a, b, 6); }
std::uint64_t nim_mul_portable(std::uint64_t a, std::uint64_t b) noexcept { return mul_recursive(a, b, 6); }
std::uint64_t nim_mul_clmul(std::uint64_t a, std::uint64_t b) noexcept { return mul_recursive(a, b, 6); }
bool nim_mul_clmul_available() noexcept { return false; }
void nim_mul_batch_portable(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out,
                            std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = nim_mul_portable(a[i], b[i]);
}
void nim_mul_batch_simd(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out, std::size_t n) noexcept {
  nim_mul_batch_portable(a, b, out, n);
}
bool nim_mul_batch_simd_available() noexcept { return false; }
const char* nim_mul_path() noexcept { return "portable"; }
const char* nim_mul_batch_path() noexcept { return "portable"; }

}  // namespace detail

std::uint64_t nim_mul(std::uint64_t a, std::uint64_t b) noexcept { return detail::nim_mul_reference(a, b); }

std::uint64_t nim_square(std::uint64_t x) noexcept { return nim_mul(x, x); }

std::uint64_t nim_pow(std::uint64_t x, std::uint64_t e) noexcept {
  std::uint64_t result = 1;
  for (; e != 0; e >>= 1) {
    if (e & 1) result = nim_mul(result, x);
    x = nim_square(x);
  }
  return result;
}

std::uint64_t nim_inv(std::uint64_t x) {
  if (x == 0) throw domain_error("the nim inverse of 0 does not exist");
  return nim_pow(x, ~std::uint64_t{1});  // x^(2^64 - 2) = x^-1 in GF(2^64)
}

std::uint64_t nim_div(std::uint64_t a, std::uint64_t b) {
  if (b == 0) throw domain_error("division by the nimber 0 is undefined; divide by a non-zero value");
  return nim_mul(a, nim_inv(b));
}

std::uint64_t nim_sqrt(std::uint64_t x) noexcept {
  for (int i = 0; i < 63; ++i) x = nim_square(x);  // x^(2^63): the square root, since x^(2^64) = x
  return x;
}

void nim_mul_batch(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                   std::span<std::uint64_t> out) {
  if (a.size() != b.size() || a.size() != out.size()) {
    throw error("nim_mul_batch: the operand and output spans differ in size (" + std::to_string(a.size()) + ", " +
                std::to_string(b.size()) + ", " + std::to_string(out.size()) + "); pass spans of equal size");
  }
  detail::nim_mul_batch_portable(a.data(), b.data(), out.data(), a.size());
}

std::string to_string(nimber x) {
  if (x.value() == 0) return "0";
  if (x.value() == 1) return "*";
  return "*" + std::to_string(x.value());
}

std::ostream& operator<<(std::ostream& os, nimber x) { return os << to_string(x); }

}  // namespace tartan
