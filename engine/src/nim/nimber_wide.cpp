// Nimbers of 2^k >= 64 bits: the halving recursions of nimber_wide.hpp on little-endian word arrays, the 64-bit
// products at the bottom; parsing and printing of wide unsigned integers.
#include "tartan/nim/nimber_wide.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "core/number_text.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_128.hpp"

namespace tartan {

namespace {

using word = std::uint64_t;

// Scratch words needed by the recursions below for n words: 5n/2 + 5n/4 + ... < 5n; 8n leaves room.
std::size_t scratch_size(std::size_t n) { return 8 * n + 8; }

// out = z ⊗ 2^(64n - 1), the product by the field's s. out must not overlap z.
void top_rec(const word* z, word* out, std::size_t n, word* scratch) {
  if (n == 1) {
    out[0] = detail::nim_mul_top64(z[0]);
    return;
  }
  const std::size_t h = n / 2;
  word* u = scratch;
  word* t = scratch + h;
  word* child = scratch + 2 * h;
  for (std::size_t i = 0; i < h; ++i) u[i] = z[i] ^ z[h + i];
  top_rec(u, out + h, h, child);  // hi = (z1 ⊕ z0) ⊗ s'
  top_rec(z + h, t, h, child);    // t = z1 ⊗ s'
  top_rec(t, out, h, child);      // lo = z1 ⊗ s' ⊗ s'
}

// out = a ⊗ b (n words each). out must not overlap a or b.
void mul_rec(const word* a, const word* b, word* out, std::size_t n, word* scratch) {
  if (n == 1) {
    out[0] = nim_mul(a[0], b[0]);
    return;
  }
  if (n == 2) {
    const nimber128 p = nimber128(a[1], a[0]) * nimber128(b[1], b[0]);
    out[0] = p.lo();
    out[1] = p.hi();
    return;
  }
  const std::size_t h = n / 2;
  word* sa = scratch;
  word* sb = scratch + h;
  word* p0 = scratch + 2 * h;
  word* p1 = scratch + 3 * h;
  word* p2 = scratch + 4 * h;
  word* child = scratch + 5 * h;
  for (std::size_t i = 0; i < h; ++i) {
    sa[i] = a[i] ^ a[h + i];
    sb[i] = b[i] ^ b[h + i];
  }
  mul_rec(a, b, p0, h, child);
  mul_rec(a + h, b + h, p1, h, child);
  mul_rec(sa, sb, p2, h, child);
  top_rec(p1, out, h, child);
  for (std::size_t i = 0; i < h; ++i) {
    out[i] ^= p0[i];
    out[h + i] = p2[i] ^ p0[i];
  }
}

// out = a ⊗ a. out must not overlap a.
void square_rec(const word* a, word* out, std::size_t n, word* scratch) {
  if (n == 1) {
    out[0] = nim_square(a[0]);
    return;
  }
  const std::size_t h = n / 2;
  word* t = scratch;
  word* child = scratch + h;
  square_rec(a + h, out + h, h, child);  // hi = a1^2
  top_rec(out + h, out, h, child);       // lo = a1^2 ⊗ s ...
  square_rec(a, t, h, child);            // ... ⊕ a0^2
  for (std::size_t i = 0; i < h; ++i) out[i] ^= t[i];
}

using words_t = std::vector<word>;

words_t mul_words(std::span<const word> a, std::span<const word> b) {
  words_t out(a.size()), scratch(scratch_size(a.size()));
  mul_rec(a.data(), b.data(), out.data(), a.size(), scratch.data());
  return out;
}

words_t square_words(std::span<const word> a) {
  words_t out(a.size()), scratch(scratch_size(a.size()));
  square_rec(a.data(), out.data(), a.size(), scratch.data());
  return out;
}

words_t top_words(std::span<const word> a) {
  words_t out(a.size()), scratch(scratch_size(a.size()));
  top_rec(a.data(), out.data(), a.size(), scratch.data());
  return out;
}

words_t xor_words(std::span<const word> a, std::span<const word> b) {
  words_t out(a.begin(), a.end());
  for (std::size_t i = 0; i < b.size(); ++i) out[i] ^= b[i];
  return out;
}

bool all_zero(std::span<const word> a) {
  return std::all_of(a.begin(), a.end(), [](word w) { return w == 0; });
}

bool is_one(std::span<const word> a) { return a[0] == 1 && all_zero(a.subspan(1)); }

// The inverse by the norm to the half field. @pre a != 0.
words_t inv_words(std::span<const word> a) {
  const std::size_t n = a.size();
  if (n == 1) return {nim_inv(a[0])};
  const std::size_t h = n / 2;
  const auto a0 = a.first(h), a1 = a.subspan(h);
  const words_t sum = xor_words(a0, a1);
  const words_t norm = xor_words(mul_words(a0, sum), top_words(square_words(a1)));
  const words_t inv_norm = inv_words(norm);
  words_t out = mul_words(sum, inv_norm);
  const words_t hi = mul_words(a1, inv_norm);
  out.insert(out.end(), hi.begin(), hi.end());
  return out;
}

words_t sqrt_words(std::span<const word> a) {
  const std::size_t n = a.size();
  if (n == 1) return {nim_sqrt(a[0])};
  const std::size_t h = n / 2;
  const auto a0 = a.first(h), a1 = a.subspan(h);
  words_t out = sqrt_words(xor_words(a0, top_words(a1)));
  const words_t hi = sqrt_words(a1);
  out.insert(out.end(), hi.begin(), hi.end());
  return out;
}

// One root of y^2 + y = c. @pre the top bit of c is 0 (trace 0).
words_t artin_schreier_words(std::span<const word> c) {
  const std::size_t n = c.size();
  if (n == 1) return {detail::nim_artin_schreier_root(c[0])};
  const std::size_t h = n / 2;
  words_t y1 = artin_schreier_words(c.subspan(h));
  words_t t = xor_words(c.first(h), top_words(square_words(y1)));
  if (t[h - 1] >> 63) {  // the other root y1 + 1 adds 1 ⊗ s = the top bit
    y1[0] ^= 1;
    t[h - 1] ^= std::uint64_t{1} << 63;
  }
  words_t out = artin_schreier_words(t);
  out.insert(out.end(), y1.begin(), y1.end());
  return out;
}

words_t pow_words(std::span<const word> x, std::span<const word> e) {
  const std::size_t n = x.size();
  words_t r(n, 0), t(n), scratch(scratch_size(n));
  r[0] = 1;
  std::size_t top = e.size();
  while (top > 0 && e[top - 1] == 0) --top;
  if (top == 0) return r;
  bool started = false;
  for (std::size_t w = top; w-- > 0;) {
    for (int bit = 63; bit >= 0; --bit) {
      if (started) {
        square_rec(r.data(), t.data(), n, scratch.data());
        r.swap(t);
      }
      if ((e[w] >> bit) & 1) {
        if (started) {
          mul_rec(r.data(), x.data(), t.data(), n, scratch.data());
          r.swap(t);
        } else {
          r.assign(x.begin(), x.end());
          started = true;
        }
      }
    }
  }
  return r;
}

void check_bits(unsigned bits) {
  if (bits < 64 || !std::has_single_bit(bits)) {
    throw domain_error("a wide nimber has a power of two of at least 64 bits, not " + std::to_string(bits) +
                       "; use 64, 128, 256, ...");
  }
}

}  // namespace

nimber_wide::nimber_wide(unsigned bits, std::uint64_t v) {
  check_bits(bits);
  words_.assign(bits / 64, 0);
  words_[0] = v;
}

nimber_wide::nimber_wide(unsigned bits, std::span<const std::uint64_t> words) {
  check_bits(bits);
  words_.assign(bits / 64, 0);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i < words_.size())
      words_[i] = words[i];
    else if (words[i] != 0)
      throw domain_error("the value does not fit in " + std::to_string(bits) + " bits");
  }
}

bool nimber_wide::is_zero() const noexcept { return all_zero(words_); }

nimber_wide nimber_wide::in_field(unsigned bits) const { return nimber_wide(bits, words_); }

nimber_wide operator+(const nimber_wide& a, const nimber_wide& b) {
  nimber_wide r = a.bits() >= b.bits() ? a : b;
  const nimber_wide& other = a.bits() >= b.bits() ? b : a;
  for (std::size_t i = 0; i < other.words_.size(); ++i) r.words_[i] ^= other.words_[i];
  return r;
}

nimber_wide operator*(const nimber_wide& a, const nimber_wide& b) { return nim_mul(a, b); }
nimber_wide operator/(const nimber_wide& a, const nimber_wide& b) { return nim_div(a, b); }

bool operator==(const nimber_wide& a, const nimber_wide& b) noexcept { return (a <=> b) == 0; }

std::strong_ordering operator<=>(const nimber_wide& a, const nimber_wide& b) noexcept {
  const std::size_t n = std::max(a.words_.size(), b.words_.size());
  for (std::size_t i = n; i-- > 0;) {
    const word x = i < a.words_.size() ? a.words_[i] : 0;
    const word y = i < b.words_.size() ? b.words_[i] : 0;
    if (x != y) return x <=> y;
  }
  return std::strong_ordering::equal;
}

nimber_wide nim_mul(const nimber_wide& a, const nimber_wide& b) {
  const unsigned bits = std::max(a.bits(), b.bits());
  const nimber_wide x = a.in_field(bits), y = b.in_field(bits);
  return nimber_wide(bits, mul_words(x.words(), y.words()));
}

nimber_wide nim_square(const nimber_wide& x) { return nimber_wide(x.bits(), square_words(x.words())); }

nimber_wide nim_pow(const nimber_wide& x, std::span<const std::uint64_t> e) {
  return nimber_wide(x.bits(), pow_words(x.words(), e));
}

nimber_wide nim_inv(const nimber_wide& x) {
  if (x.is_zero()) throw domain_error("0 has no inverse; give a non-zero nimber");
  return nimber_wide(x.bits(), inv_words(x.words()));
}

nimber_wide nim_div(const nimber_wide& a, const nimber_wide& b) {
  if (b.is_zero()) throw domain_error("division by 0; give a non-zero divisor");
  const unsigned bits = std::max(a.bits(), b.bits());
  return nim_mul(a.in_field(bits), nim_inv(b.in_field(bits)));
}

nimber_wide nim_sqrt(const nimber_wide& x) { return nimber_wide(x.bits(), sqrt_words(x.words())); }

unsigned nim_trace(const nimber_wide& x) noexcept { return static_cast<unsigned>(x.words().back() >> 63); }

std::vector<nimber_wide> nim_artin_schreier_roots(const nimber_wide& c) {
  if (nim_trace(c) != 0) return {};
  words_t y = artin_schreier_words(c.words());
  y[0] &= ~word{1};
  nimber_wide small(c.bits(), y);
  y[0] |= 1;
  return {small, nimber_wide(c.bits(), y)};
}

nim_quadratic_roots<nimber_wide> nim_solve_quadratic(const nimber_wide& a_in, const nimber_wide& b_in,
                                                     const nimber_wide& c_in) {
  const unsigned bits = std::max({a_in.bits(), b_in.bits(), c_in.bits()});
  const nimber_wide a = a_in.in_field(bits), b = b_in.in_field(bits), c = c_in.in_field(bits);
  nim_quadratic_roots<nimber_wide> r;
  if (a.is_zero()) {
    if (!b.is_zero())
      r.roots.push_back(nim_div(c, b));
    else
      r.every_value = c.is_zero();
    return r;
  }
  if (b.is_zero()) {
    r.roots.push_back(nim_sqrt(nim_div(c, a)));
    return r;
  }
  const nimber_wide k = nim_div(b, a);
  for (const nimber_wide& y : nim_artin_schreier_roots(nim_div(a * c, nim_square(b)))) r.roots.push_back(k * y);
  std::sort(r.roots.begin(), r.roots.end());
  return r;
}

std::vector<nimber_wide> nim_cube_roots(const nimber_wide& c) {
  if (c.is_zero()) return {c};
  const std::size_t n = c.words().size();
  // M = (2^bits - 1)/3 = 0x5555...5, a sum of bits/2 powers of 4, so M = bits/2 (mod 3); e = 3^(-1) mod M is
  // (M + 1)/3 when M = 2 (mod 3), else (2M + 1)/3.
  const words_t m(n, 0x5555555555555555ULL);
  words_t e = m;
  const bool m_is_2 = (c.bits() / 2) % 3 == 2;
  if (!m_is_2) {
    for (std::size_t i = n; i-- > 0;) e[i] = (e[i] << 1) | (i > 0 ? e[i - 1] >> 63 : 0);  // 2M: 0xaaaa...a
  }
  e[0] += 1;  // no carry: the low word ends in 5 or a
  uint128 rem = 0;
  for (std::size_t i = n; i-- > 0;) {  // divide by 3 from the top
    const uint128 cur = (rem << 64) | e[i];
    e[i] = static_cast<word>(cur / 3);
    rem = cur % 3;
  }
  if (!is_one(pow_words(c.words(), m))) return {};
  const nimber_wide r(c.bits(), pow_words(c.words(), e));
  std::vector<nimber_wide> roots{r, r * nimber_wide(c.bits(), 2), r * nimber_wide(c.bits(), 3)};
  std::sort(roots.begin(), roots.end());
  return roots;
}

std::vector<std::uint64_t> parse_wide_unsigned(std::string_view text, unsigned bits, std::string_view what) {
  const std::string name(what);
  const detail::number_digits number = detail::split_number(text, name);
  const int base = number.base;
  const std::string_view digits = number.digits;
  const std::size_t n = std::max<std::size_t>(1, (bits + 63) / 64);
  words_t value(n + 1, 0);  // one spare word catches overflow
  bool too_big = false;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const int d = detail::digit_value(digits[i], base);
    if (d < 0) detail::bad_digit(text, number, i, name);
    if (too_big) continue;
    uint128 carry = static_cast<uint128>(d);
    for (word& w : value) {
      const uint128 cur = static_cast<uint128>(w) * static_cast<unsigned>(base) + carry;
      w = static_cast<word>(cur);
      carry = cur >> 64;
    }
    // Too big once anything reaches bit `bits` or beyond (the spare word absorbs one digit's growth).
    const bool spill = value[n] != 0 || carry != 0 || (bits % 64 != 0 && (value[n - 1] >> (bits % 64)) != 0);
    if (spill) too_big = true;
  }
  if (too_big) {
    throw parse_error(name + ": " + tartan::quote_typed(text) + " does not fit in " + std::to_string(bits) +
                      " bits; type a value below 2^" + std::to_string(bits) + ", or use a wider field");
  }
  value.pop_back();
  return value;
}

std::string format_wide_unsigned(std::span<const std::uint64_t> words, bool hex) {
  std::size_t top = words.size();
  while (top > 0 && words[top - 1] == 0) --top;
  if (top == 0) return hex ? "0x0" : "0";
  static constexpr char digit[] = "0123456789abcdef";
  std::string out;
  if (hex) {
    for (std::size_t i = top; i-- > 0;) {
      for (int shift = 60; shift >= 0; shift -= 4) out += digit[(words[i] >> shift) & 15];
    }
    out.erase(0, out.find_first_not_of('0'));
    return "0x" + out;
  }
  words_t v(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(top));
  constexpr word chunk = 10000000000000000000ULL;  // 10^19
  std::vector<word> parts;
  while (!v.empty()) {
    uint128 rem = 0;
    for (std::size_t i = v.size(); i-- > 0;) {
      const uint128 cur = (rem << 64) | v[i];
      v[i] = static_cast<word>(cur / chunk);
      rem = cur % chunk;
    }
    parts.push_back(static_cast<word>(rem));
    while (!v.empty() && v.back() == 0) v.pop_back();
  }
  out = std::to_string(parts.back());
  for (std::size_t i = parts.size() - 1; i-- > 0;) {
    const std::string s = std::to_string(parts[i]);
    out += std::string(19 - s.size(), '0') + s;
  }
  return out;
}

nimber_wide parse_nimber_wide(std::string_view text, unsigned bits, std::string_view what) {
  check_bits(bits);
  return nimber_wide(bits, parse_wide_unsigned(text, bits, what));
}

std::string to_string(const nimber_wide& x, bool hex) { return format_wide_unsigned(x.words(), hex); }

}  // namespace tartan
