// GF(2^128) as nimbers: arithmetic one tower step above GF(2^64), and the field toolkit (orders, logarithms by
// Pohlig-Hellman with Pollard's rho for the two primes of 2^64 + 1, primitive elements, equations).
#include "tartan/nim/nimber_128.hpp"

#include <algorithm>
#include <bit>
#include <ostream>
#include <random>
#include <unordered_map>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_wide.hpp"

namespace tartan {

namespace {

// The textbook halving recursion, for the constant table only: a⊗b for a, b < 2^(2·half) (half = 32, 16, ..., 1; 0
// means single bits): three half products and a product by the half field's s = 2^(half-1).
constexpr std::uint64_t halving_mul(std::uint64_t a, std::uint64_t b, unsigned half) {
  if (half == 0) return a & b;
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  const std::uint64_t a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
  const std::uint64_t p0 = halving_mul(a0, b0, half / 2);
  const std::uint64_t p1 = halving_mul(a1, b1, half / 2);
  const std::uint64_t p2 = halving_mul(a0 ^ a1, b0 ^ b1, half / 2);
  return ((p2 ^ p0) << half) | (p0 ^ halving_mul(p1, std::uint64_t{1} << (half - 1), half / 2));
}

constexpr std::array<std::array<std::uint64_t, 256>, 8> make_top64_table() {
  std::uint64_t single[64]{};
  for (unsigned i = 0; i < 64; ++i) single[i] = halving_mul(std::uint64_t{1} << i, std::uint64_t{1} << 63, 32);
  std::array<std::array<std::uint64_t, 256>, 8> r{};
  for (unsigned k = 0; k < 8; ++k) {
    for (unsigned v = 1; v < 256; ++v) {
      r[k][v] = r[k][v & (v - 1)] ^ single[8 * k + static_cast<unsigned>(std::countr_zero(v))];
    }
  }
  return r;
}

static_assert(halving_mul(16, 16, 32) == 24 && halving_mul(8, 8, 32) == 13);

constexpr nimber128 one{0, 1};
constexpr std::size_t prime_count = nim128_group_primes.size();
constexpr uint128 group_order = ~uint128{0};

constexpr std::array<uint128, prime_count> primes_u128 = [] {
  std::array<uint128, prime_count> r{};
  for (std::size_t i = 0; i < prime_count; ++i) r[i] = nim128_group_primes[i];
  return r;
}();

std::array<nimber128, prime_count> cofactor_powers_128(nimber128 x) {
  std::array<nimber128, prime_count> out{};
  detail::cofactor_powers(x, primes_u128.data(), 0, prime_count, out.data(),
                          [](nimber128 y, uint128 e) { return nim_pow(y, e); });
  return out;
}

std::uint64_t add_mod(std::uint64_t a, std::uint64_t b, std::uint64_t q) {
  const std::uint64_t s = a + b;  // a, b < q < 2^63
  return s >= q ? s - q : s;
}

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t q) {
  return static_cast<std::uint64_t>(static_cast<uint128>(a) * b % q);
}

struct nimber128_hash {
  std::size_t operator()(const nimber128& x) const noexcept {
    return static_cast<std::size_t>((x.hi() * 0x9E3779B97F4A7C15ULL) ^ (x.lo() * 0xC2B2AE3D27D4EB4FULL));
  }
};

// The l with beta^l = y in a cyclic group of prime order q, beta != 1. Pollard's rho with Teske's r-adding walk
// (r = 32 multipliers beta^a_j y^b_j, "Speeding up Pollard's rho method", 1998) and distinguished points: the walk
// keeps x = beta^a y^b; a distinguished point reached twice with different b gives l = (a - a')/(b' - b) mod q.
// Expected about sqrt(pi q / 2) products (10^7 for q = 67280421310721). Seeded, so deterministic.
std::uint64_t rho_log(nimber128 y, nimber128 beta, std::uint64_t q) {
  if (y == one) return 0;
  if (y == beta) return 1;
  std::mt19937_64 rng(0x5eed0000ULL ^ q);
  constexpr std::size_t r = 32;
  std::array<nimber128, r> mult{};
  std::array<std::uint64_t, r> ma{}, mb{};
  for (std::size_t j = 0; j < r; ++j) {
    ma[j] = rng() % q;
    mb[j] = rng() % q;
    mult[j] = nim_pow(beta, ma[j]) * nim_pow(y, mb[j]);
  }
  // A point is distinguished when 2^dp_bits divides a hash of it: about sqrt(q) / 2^9 of them are stored.
  const int half_bits = std::bit_width(q) / 2;
  const unsigned dp_bits = static_cast<unsigned>(std::max(0, half_bits - 9));
  const std::uint64_t dp_mask = (std::uint64_t{1} << dp_bits) - 1;
  std::unordered_map<nimber128, std::pair<std::uint64_t, std::uint64_t>, nimber128_hash> seen;
  for (;;) {
    std::uint64_t a = rng() % q, b = rng() % q;
    nimber128 x = nim_pow(beta, a) * nim_pow(y, b);
    std::uint64_t since_dp = 0;
    while (since_dp < (std::uint64_t{64} << dp_bits)) {  // a walk caught in a cycle without a distinguished point
      if (((x.hi() * 0xC2B2AE3D27D4EB4FULL) >> 20 & dp_mask) == 0) {
        const auto [it, inserted] = seen.try_emplace(x, a, b);
        if (!inserted) {
          const auto [a2, b2] = it->second;
          if (b2 != b) {
            const std::uint64_t l = mul_mod((a + q - a2) % q, detail::inverse_mod((b2 + q - b) % q, q), q);
            if (nim_pow(beta, l) == y) return l;
          }
          break;  // this walk merged with a stored one and gives nothing new: start afresh
        }
        since_dp = 0;
      }
      const std::size_t j = static_cast<std::size_t>((x.lo() * 0x9E3779B97F4A7C15ULL) >> 59);
      x = x * mult[j];
      a = add_mod(a, ma[j], q);
      b = add_mod(b, mb[j], q);
      ++since_dp;
    }
  }
}

nimber128 smallest_primitive_128() {
  for (std::uint64_t t = 0;; ++t) {
    const nimber128 x(1, t);  // values below 2^64 lie in GF(2^64)
    const auto powers = cofactor_powers_128(x);
    if (std::none_of(powers.begin(), powers.end(), [](nimber128 y) { return y == one; })) return x;
  }
}

}  // namespace

namespace detail {
constinit const std::array<std::array<std::uint64_t, 256>, 8> nim_top64_table = make_top64_table();
}  // namespace detail

std::ostream& operator<<(std::ostream& os, nimber128 x) { return os << to_string(x); }

nimber128 nim_pow(nimber128 x, uint128 e) noexcept {
  if (e == 0) return one;
  std::array<nimber128, 16> small{};
  small[0] = one;
  small[1] = x;
  for (std::size_t i = 2; i < 16; ++i) small[i] = small[i - 1] * x;
  const int width = 128 - (e >> 64 != 0 ? std::countl_zero(static_cast<std::uint64_t>(e >> 64))
                                        : 64 + std::countl_zero(static_cast<std::uint64_t>(e)));
  nimber128 r = one;
  for (int shift = (width - 1) / 4 * 4; shift >= 0; shift -= 4) {
    if (r != one) {
      for (int i = 0; i < 4; ++i) r = nim_square(r);
    }
    const auto nibble = static_cast<std::size_t>((e >> shift) & 15);
    if (nibble != 0) r = r * small[nibble];
  }
  return r;
}

nimber128 nim_inv(nimber128 x) {
  if (x == nimber128{}) throw domain_error("0 has no inverse; give a non-zero nimber");
  const std::uint64_t a1 = x.hi(), a0 = x.lo();
  const std::uint64_t norm = nim_mul(a0, a0 ^ a1) ^ detail::nim_mul_top64(nim_square(a1));
  const std::uint64_t inv_norm = nim_inv(norm);
  return nimber128(nim_mul(a1, inv_norm), nim_mul(a0 ^ a1, inv_norm));
}

nimber128 nim_div(nimber128 a, nimber128 b) {
  if (b == nimber128{}) throw domain_error("division by 0; give a non-zero divisor");
  return a * nim_inv(b);
}

nimber128 operator/(nimber128 a, nimber128 b) { return nim_div(a, b); }

nimber128 nim_sqrt(nimber128 x) noexcept {
  return nimber128(nim_sqrt(x.hi()), nim_sqrt(x.lo() ^ detail::nim_mul_top64(x.hi())));
}

uint128 nim_order(nimber128 x) {
  if (x == nimber128{}) throw domain_error("0 has no multiplicative order; give a non-zero nimber");
  const auto powers = cofactor_powers_128(x);
  uint128 order = 1;
  for (std::size_t i = 0; i < prime_count; ++i) {
    if (powers[i] != one) order *= nim128_group_primes[i];
  }
  return order;
}

uint128 nim_log(nimber128 x, nimber128 base) {
  if (x == nimber128{}) throw domain_error("0 has no logarithm: no power of a nimber is 0; give a non-zero value");
  if (base == nimber128{}) throw domain_error("the base 0 has no logarithms; give a non-zero base");
  if (x == one) return 0;
  const auto px = cofactor_powers_128(x);
  const auto pb = cofactor_powers_128(base);
  uint128 k = 0, modulus = 1;
  for (std::size_t i = 0; i < prime_count; ++i) {
    const std::uint64_t p = nim128_group_primes[i];
    std::uint64_t r = 0;  // k = r (mod p), or no condition when base's p-component is 1
    if (i < nim_group_primes.size()) {
      // The subgroup of order p | 2^64 - 1 lies in GF(2^64): use the 64-bit tables.
      const std::uint64_t lx = detail::nim_prime_log(i, px[i].lo());
      const std::uint64_t lb = detail::nim_prime_log(i, pb[i].lo());
      if (lb == 0) {
        if (lx != 0)
          r = p;  // marks "no logarithm"
        else
          continue;
      } else {
        r = mul_mod(lx, detail::inverse_mod(lb, p), p);
      }
    } else if (pb[i] == one) {
      if (px[i] != one)
        r = p;
      else
        continue;
    } else {
      r = rho_log(px[i], pb[i], p);
    }
    if (r == p) {
      throw domain_error(to_string(x) + " is not a power of " + to_string(base) + " (" + to_string(base) +
                         " has order " + to_string_u128(nim_order(base)) +
                         "); use a base whose powers include it, such as the primitive element " +
                         to_string(nim_primitive_element128()));
    }
    const std::uint64_t k_mod_p = static_cast<std::uint64_t>(k % p);
    const std::uint64_t m_inv = detail::inverse_mod(static_cast<std::uint64_t>(modulus % p), p);
    const std::uint64_t t = mul_mod((r + p - k_mod_p) % p, m_inv, p);
    k += modulus * t;
    modulus *= p;
  }
  return k;
}

bool nim_is_primitive(nimber128 x) {
  if (x == nimber128{}) return false;
  return nim_order(x) == group_order;
}

nimber128 nim_primitive_element128() {
  static const nimber128 g = smallest_primitive_128();
  return g;
}

std::vector<nimber128> nim_artin_schreier_roots(nimber128 c) {
  if (nim_trace(c) != 0) return {};
  // y1^2 + y1 = c1 (c1 < 2^63 since the trace is 0), then y0^2 + y0 = c0 + y1^2 s; replacing y1 by y1 + 1 adds
  // 1 ⊗ s = 2^63 to the right side, so exactly one choice gives it trace 0.
  std::uint64_t y1 = detail::nim_artin_schreier_root(c.hi());
  std::uint64_t t = c.lo() ^ detail::nim_mul_top64(nim_square(y1));
  if (t >> 63) {
    y1 ^= 1;
    t ^= std::uint64_t{1} << 63;
  }
  const std::uint64_t y0 = detail::nim_artin_schreier_root(t);
  const nimber128 y(y1, y0 & ~std::uint64_t{1});
  return {y, y + one};
}

nim_quadratic_roots<nimber128> nim_solve_quadratic(nimber128 a, nimber128 b, nimber128 c) {
  const nimber128 zero{};
  nim_quadratic_roots<nimber128> r;
  if (a == zero) {
    if (b != zero)
      r.roots.push_back(nim_div(c, b));
    else
      r.every_value = c == zero;
    return r;
  }
  if (b == zero) {
    r.roots.push_back(nim_sqrt(nim_div(c, a)));
    return r;
  }
  const nimber128 k = nim_div(b, a);
  for (const nimber128 y : nim_artin_schreier_roots(nim_div(a * c, nim_square(b)))) r.roots.push_back(k * y);
  std::sort(r.roots.begin(), r.roots.end());
  return r;
}

std::vector<nimber128> nim_cube_roots(nimber128 c) {
  if (c == nimber128{}) return {c};
  constexpr uint128 m = group_order / 3;
  constexpr uint128 e = m % 3 == 2 ? (m + 1) / 3 : (2 * m + 1) / 3;
  static_assert(e * 3 % m == 1);
  if (nim_pow(c, m) != one) return {};
  const nimber128 r = nim_pow(c, e);
  std::vector<nimber128> roots{r, r * nimber128(0, 2), r * nimber128(0, 3)};
  std::sort(roots.begin(), roots.end());
  return roots;
}

nimber128 parse_nimber128(std::string_view text, std::string_view what) {
  const auto words = parse_wide_unsigned(text, 128, what);
  return nimber128(words[1], words[0]);
}

std::string to_string(nimber128 x, bool hex) {
  const std::uint64_t words[2] = {x.lo(), x.hi()};
  return format_wide_unsigned(words, hex);
}

std::string to_string_u128(uint128 v, bool hex) { return to_string(nimber128(v), hex); }

}  // namespace tartan
