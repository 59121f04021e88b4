// GF(2^64) as nimbers: logarithms (Pohlig-Hellman + baby-step giant-step), orders, primitive elements, the trace and
// the equations y^2 + y = c, a*x^2 + b*x + c = 0, x^3 = c. Derivations in nim_field.hpp and docs/nim_field.md.
#include "tartan/nim/nim_field.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {

namespace {

constexpr std::size_t prime_count = nim_group_primes.size();

std::uint64_t pow_u64(std::uint64_t x, std::uint64_t e) { return nim_pow(x, e); }

// x^((2^64-1)/p) for the 7 primes p.
std::array<std::uint64_t, prime_count> cofactor_powers_u64(std::uint64_t x) {
  std::array<std::uint64_t, prime_count> out{};
  detail::cofactor_powers(x, nim_group_primes.data(), 0, prime_count, out.data(), pow_u64);
  return out;
}

// An open-addressing hash map from nonzero nimbers to their exponents (key 0 marks an empty slot): the baby steps.
class baby_steps {
 public:
  explicit baby_steps(std::size_t entries) {
    std::size_t size = 4;
    while (size < 2 * entries) size *= 2;
    slots_.assign(size, slot{});
    shift_ = 64 - std::countr_zero(size);
  }

  void insert(std::uint64_t key, std::uint32_t value) {
    for (std::size_t i = index(key);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].key == 0) {
        slots_[i] = slot{key, value};
        return;
      }
    }
  }

  std::optional<std::uint32_t> find(std::uint64_t key) const {
    for (std::size_t i = index(key);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].key == key) return slots_[i].value;
      if (slots_[i].key == 0) return std::nullopt;
    }
  }

 private:
  struct slot {
    std::uint64_t key = 0;
    std::uint32_t value = 0;
  };
  std::size_t index(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }
  std::vector<slot> slots_;
  int shift_ = 0;
};

// Baby-step giant-step in the subgroup of prime order p: gamma^j for j < m are tabled, and y * giant^i (giant =
// gamma^(-m)) is looked up for i = 0, 1, ... until found. m = min(p, 2^16): a full table for p <= 641, two giant
// steps for 65537, at most 103 for 6700417.
struct prime_log_table {
  std::uint64_t p = 0;
  std::uint64_t m = 0;
  std::uint64_t gamma = 0;
  std::uint64_t giant = 0;
  baby_steps table{1};
};

struct log_tables {
  std::uint64_t generator = 0;  // the smallest primitive element of GF(2^64); gamma_p = generator^((2^64-1)/p)
  std::array<prime_log_table, prime_count> primes;
};

// Values below 2^32 lie in the subfield GF(2^32), so the search starts there.
std::uint64_t smallest_primitive_64() {
  for (std::uint64_t x = std::uint64_t{1} << 32;; ++x) {
    const auto powers = cofactor_powers_u64(x);
    if (std::none_of(powers.begin(), powers.end(), [](std::uint64_t y) { return y == 1; })) return x;
  }
}

const log_tables& tables() {
  static const log_tables t = [] {
    log_tables r;
    r.generator = smallest_primitive_64();
    const auto gammas = cofactor_powers_u64(r.generator);
    for (std::size_t i = 0; i < prime_count; ++i) {
      prime_log_table& pt = r.primes[i];
      pt.p = nim_group_primes[i];
      pt.m = std::min<std::uint64_t>(pt.p, 1u << 16);
      pt.gamma = gammas[i];
      pt.table = baby_steps(pt.m);
      std::uint64_t power = 1;
      for (std::uint64_t j = 0; j < pt.m; ++j) {
        pt.table.insert(power, static_cast<std::uint32_t>(j));
        power = nim_mul(power, pt.gamma);
      }
      pt.giant = nim_inv(power);  // power == gamma^m
    }
    return r;
  }();
  return t;
}

std::array<std::uint64_t, prime_count> log_components(std::uint64_t x) {
  const auto powers = cofactor_powers_u64(x);
  std::array<std::uint64_t, prime_count> logs{};
  for (std::size_t i = 0; i < prime_count; ++i) logs[i] = detail::nim_prime_log(i, powers[i]);
  return logs;
}

// The preimage map of y -> y^2 + y on the trace-0 half (c < 2^63), as byte tables: root(c) = XOR over the 8 bytes of
// c of table[k][byte k]. Built by Gaussian elimination over GF(2) on the images of the 64 basis vectors 2^j,
// tracking their preimages.
struct artin_schreier_table {
  std::array<std::array<std::uint64_t, 256>, 8> by_byte{};
};

const artin_schreier_table& as_table() {
  static const artin_schreier_table t = [] {
    // basis[b]: a vector (image, preimage) whose image has top bit b.
    std::array<std::uint64_t, 64> image{}, preimage{};
    std::array<bool, 64> present{};
    for (unsigned j = 0; j < 64; ++j) {
      std::uint64_t v = nim_square(std::uint64_t{1} << j) ^ (std::uint64_t{1} << j);
      std::uint64_t pre = std::uint64_t{1} << j;
      while (v != 0) {
        const int b = 63 - std::countl_zero(v);
        if (!present[b]) {
          present[b] = true;
          image[b] = v;
          preimage[b] = pre;
          break;
        }
        v ^= image[b];
        pre ^= preimage[b];
      }
    }
    // Solve image = 2^i for each i < 63 (the trace-0 half is spanned by bits 0..62).
    std::array<std::uint64_t, 63> root_of_bit{};
    for (unsigned i = 0; i < 63; ++i) {
      std::uint64_t v = std::uint64_t{1} << i, pre = 0;
      while (v != 0) {
        const int b = 63 - std::countl_zero(v);
        TARTAN_ASSERT(present[b], "y^2 + y must reach every value of trace 0");
        v ^= image[b];
        pre ^= preimage[b];
      }
      root_of_bit[i] = pre;
    }
    artin_schreier_table r;
    for (unsigned k = 0; k < 8; ++k) {
      for (unsigned v = 1; v < 256; ++v) {
        const unsigned low = static_cast<unsigned>(std::countr_zero(v));
        const unsigned bit = 8 * k + low;
        r.by_byte[k][v] = r.by_byte[k][v & (v - 1)] ^ (bit < 63 ? root_of_bit[bit] : 0);
      }
    }
    return r;
  }();
  return t;
}

std::uint64_t field_mask(unsigned field_bits) {
  return field_bits == 64 ? UINT64_MAX : (std::uint64_t{1} << field_bits) - 1;
}

}  // namespace

namespace detail {

void check_nim_field(std::uint64_t x, unsigned field_bits, const char* what) {
  if (field_bits == 0 || field_bits > 64 || !std::has_single_bit(field_bits)) {
    throw domain_error("the field size " + std::to_string(field_bits) +
                       " is not a power of two from 1 to 64; use 64 or a smaller power of two such as 8");
  }
  if (x > field_mask(field_bits)) {
    throw domain_error(std::string(what) + " " + std::to_string(x) + " is not in GF(2^" + std::to_string(field_bits) +
                       "); give a value below 2^" + std::to_string(field_bits));
  }
}

std::uint64_t nim_prime_log(std::size_t i, std::uint64_t y) {
  const prime_log_table& pt = tables().primes[i];
  for (std::uint64_t step = 0; step * pt.m < pt.p; ++step) {
    if (const auto j = pt.table.find(y)) return (step * pt.m + *j) % pt.p;
    y = nim_mul(y, pt.giant);
  }
  TARTAN_ASSERT(false, "nim_prime_log: y is not in the subgroup of order p");
  return 0;
}

std::uint64_t nim_artin_schreier_root(std::uint64_t c) {
  const auto& t = as_table().by_byte;
  std::uint64_t y = 0;
  for (unsigned k = 0; k < 8; ++k) y ^= t[k][(c >> (8 * k)) & 0xff];
  return y;
}

std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t p) {
  // Extended Euclid on signed 128-bit values (p < 2^63).
  int128 r0 = p, r1 = a, t0 = 0, t1 = 1;
  while (r1 != 0) {
    const int128 q = r0 / r1;
    const int128 r2 = r0 - q * r1, t2 = t0 - q * t1;
    r0 = r1;
    r1 = r2;
    t0 = t1;
    t1 = t2;
  }
  TARTAN_ASSERT(r0 == 1, "inverse_mod: a must be invertible modulo p");
  if (t0 < 0) t0 += p;
  return static_cast<std::uint64_t>(t0);
}

}  // namespace detail

std::uint64_t nim_order(std::uint64_t x) {
  if (x == 0) throw domain_error("0 has no multiplicative order; give a non-zero nimber");
  const auto powers = cofactor_powers_u64(x);
  std::uint64_t order = 1;
  for (std::size_t i = 0; i < prime_count; ++i) {
    if (powers[i] != 1) order *= nim_group_primes[i];  // 2^64 - 1 is squarefree: p divides the order iff x^(N/p) != 1
  }
  return order;
}

std::uint64_t nim_log(std::uint64_t x, std::uint64_t base) {
  if (x == 0) throw domain_error("0 has no logarithm: no power of a nimber is 0; give a non-zero value");
  if (base == 0) throw domain_error("the base 0 has no logarithms; give a non-zero base");
  if (x == 1) return 0;
  const auto lx = log_components(x);
  const auto lb = log_components(base);
  // With g the implicit generator whose p-components are the gamma_p, x = g^Lx and base = g^Lb; base^k = x iff
  // k * Lb = Lx modulo each p. Combine the congruences by the Chinese remainder theorem.
  uint128 k = 0, modulus = 1;
  for (std::size_t i = 0; i < prime_count; ++i) {
    const std::uint64_t p = nim_group_primes[i];
    if (lb[i] == 0) {
      if (lx[i] != 0) {
        throw domain_error(std::to_string(x) + " is not a power of " + std::to_string(base) + " (" +
                           std::to_string(base) + " has order " + std::to_string(nim_order(base)) +
                           "); use a base whose powers include it, such as the primitive element " +
                           std::to_string(tables().generator));
      }
      continue;
    }
    const std::uint64_t r = static_cast<std::uint64_t>(static_cast<uint128>(lx[i]) * detail::inverse_mod(lb[i], p) % p);
    const std::uint64_t k_mod_p = static_cast<std::uint64_t>(k % p);
    const std::uint64_t m_inv = detail::inverse_mod(static_cast<std::uint64_t>(modulus % p), p);
    const std::uint64_t t = static_cast<std::uint64_t>(static_cast<uint128>((r + p - k_mod_p) % p) * m_inv % p);
    k += modulus * t;
    modulus *= p;
  }
  return static_cast<std::uint64_t>(k);
}

bool nim_is_primitive(std::uint64_t x, unsigned field_bits) {
  detail::check_nim_field(x, field_bits, "the nimber");
  if (x == 0) return false;
  return nim_order(x) == field_mask(field_bits);
}

std::uint64_t nim_primitive_element(unsigned field_bits) {
  detail::check_nim_field(0, field_bits, "the nimber");
  static const std::array<std::uint64_t, 7> smallest = [] {
    std::array<std::uint64_t, 7> r{};
    r[0] = 1;  // GF(2): the group {1}
    for (unsigned level = 1; level < 6; ++level) {
      const std::uint64_t order = field_mask(1u << level);
      std::uint64_t x = std::uint64_t{1} << (1u << (level - 1));  // smaller values lie in the half subfield
      while (nim_order(x) != order) ++x;
      r[level] = x;
    }
    r[6] = tables().generator;
    return r;
  }();
  return smallest[static_cast<std::size_t>(std::countr_zero(field_bits))];
}

unsigned nim_trace(std::uint64_t x, unsigned field_bits) {
  detail::check_nim_field(x, field_bits, "the nimber");
  return static_cast<unsigned>((x >> (field_bits - 1)) & 1);
}

std::vector<std::uint64_t> nim_artin_schreier_roots(std::uint64_t c, unsigned field_bits) {
  if (nim_trace(c, field_bits) != 0) return {};
  // c < 2^(field_bits - 1) <= 2^63. The two roots in GF(2^64) lie in GF(2^field_bits), since c = z^2 + z there.
  const std::uint64_t y = detail::nim_artin_schreier_root(c);
  return {std::min(y, y ^ 1), std::max(y, y ^ 1)};
}

nim_quadratic_roots<std::uint64_t> nim_solve_quadratic(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                                       unsigned field_bits) {
  detail::check_nim_field(a, field_bits, "the coefficient a");
  detail::check_nim_field(b, field_bits, "the coefficient b");
  detail::check_nim_field(c, field_bits, "the coefficient c");
  nim_quadratic_roots<std::uint64_t> r;
  if (a == 0) {
    if (b != 0)
      r.roots.push_back(nim_div(c, b));
    else
      r.every_value = c == 0;
    return r;
  }
  if (b == 0) {
    r.roots.push_back(nim_sqrt(nim_div(c, a)));
    return r;
  }
  // x = k*y with k = b/a: (b^2/a)(y^2 + y) + c = 0, so y^2 + y = a*c/b^2.
  const std::uint64_t k = nim_div(b, a);
  for (const std::uint64_t y : nim_artin_schreier_roots(nim_div(nim_mul(a, c), nim_square(b)), field_bits)) {
    r.roots.push_back(nim_mul(k, y));
  }
  std::sort(r.roots.begin(), r.roots.end());
  return r;
}

std::vector<std::uint64_t> nim_cube_roots(std::uint64_t c, unsigned field_bits) {
  detail::check_nim_field(c, field_bits, "the nimber");
  if (c == 0) return {0};
  if (field_bits == 1) return {c};  // GF(2): 1 is its own only cube root
  // 3 divides 2^b - 1 exactly once (2^b - 1 = 3 or 6 mod 9), so cubing is 3-to-1 and its image is the subgroup of
  // order M_b = (2^b - 1)/3. On the cubes of GF(2^64), x -> x^3 is inverted by x -> x^e with 3e = 1 mod M_64.
  const std::uint64_t m_field = field_mask(field_bits) / 3;
  if (nim_pow(c, m_field) != 1) return {};
  constexpr std::uint64_t m64 = UINT64_MAX / 3;
  constexpr std::uint64_t e = m64 % 3 == 2 ? (m64 + 1) / 3 : (2 * m64 + 1) / 3;
  static_assert(static_cast<uint128>(e) * 3 % m64 == 1);
  const std::uint64_t r = nim_pow(c, e);
  std::vector<std::uint64_t> roots{r, nim_mul(r, 2), nim_mul(r, 3)};
  std::sort(roots.begin(), roots.end());
  return roots;
}

}  // namespace tartan
