// The field facts of an ordinal nimber: its degree over GF(2), its minimal polynomial and its multiplicative order,
// computed in the tower field holding it (ordinal_tower.hpp). The order needs the prime factors of 2^d - 1: each
// cyclotomic factor Φ_e(2) (e | d) is split by trial division over the primes 1 mod e (every prime factor of Φ_e(2)
// is 1 mod e or divides e), a Miller-Rabin test and Pollard-Brent's rho, with fixed budgets so that the answer, or
// the refusal, is the same on every machine. Big integers are Boost.Multiprecision's cpp_int (header-only, already a
// dependency through Boost).
#include <boost/multiprecision/cpp_int.hpp>
#include <map>
#include <string>
#include <vector>

#include "nim/ordinal_dense.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/nimber_wide.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan {

namespace {

using big = boost::multiprecision::cpp_int;

std::vector<std::uint64_t> to_words(big n) {
  std::vector<std::uint64_t> words;
  while (n != 0) {
    words.push_back(static_cast<std::uint64_t>(n & big(~std::uint64_t{0})));
    n >>= 64;
  }
  if (words.empty()) words.push_back(0);
  return words;
}

std::string decimal(const big& n) { return n.str(); }

/// The Berlekamp-Massey connection polynomial of a GF(2) sequence: c_0 = 1, s_i = Σ_(j=1..L) c_j s_(i-j).
std::vector<char> berlekamp_massey(const std::vector<char>& s) {
  std::vector<char> c{1}, b{1};
  std::size_t length = 0, m = 1;
  for (std::size_t n = 0; n < s.size(); ++n) {
    char d = s[n];
    for (std::size_t j = 1; j <= length && j < c.size(); ++j) d ^= static_cast<char>(c[j] & s[n - j]);
    if (d == 0) {
      ++m;
      continue;
    }
    std::vector<char> t = c;
    if (c.size() < b.size() + m) c.resize(b.size() + m, 0);
    for (std::size_t j = 0; j < b.size(); ++j) c[j + m] ^= b[j];
    if (2 * length <= n) {
      length = n + 1 - length;
      b = std::move(t);
      m = 1;
    } else {
      ++m;
    }
  }
  c.resize(length + 1, 0);
  return c;
}

// ---- factoring 2^d - 1 ---------------------------------------------------------------------------------------------

bool probably_prime(const big& n) {
  if (n < 2) return false;
  static constexpr unsigned small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
  for (const unsigned p : small) {
    if (n == p) return true;
    if (n % p == 0) return false;
  }
  // Miller-Rabin to the first 15 prime bases: a proof below 3.3·10^24 (Sorenson and Webster), beyond it an error
  // probability below 4^-15 for any composite.
  big d = n - 1;
  unsigned s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  for (const unsigned a : small) {
    big x = boost::multiprecision::powm(big(a), d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (unsigned r = 1; r < s && composite; ++r) {
      x = x * x % n;
      if (x == n - 1) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

/// A non-trivial factor of the composite n by Pollard-Brent, or 0 when the budget runs out.
big pollard_brent(const big& n) {
  constexpr std::uint64_t budget = 1 << 20;
  std::uint64_t steps = 0;
  for (unsigned c = 1; c < 20 && steps < budget; ++c) {
    big y = 2, x, ys, q = 1, g = 1;
    std::uint64_t r = 1;
    constexpr std::uint64_t batch = 128;
    while (g == 1 && steps < budget) {
      x = y;
      for (std::uint64_t i = 0; i < r; ++i) y = (y * y + c) % n;
      for (std::uint64_t k = 0; k < r && g == 1; k += batch) {
        ys = y;
        for (std::uint64_t i = 0; i < std::min(batch, r - k); ++i) {
          y = (y * y + c) % n;
          q = q * (x > y ? x - y : y - x) % n;
          ++steps;
        }
        g = boost::multiprecision::gcd(q, n);
      }
      r *= 2;
    }
    if (g == n) {  // the batch overshot: step back one at a time
      do {
        ys = (ys * ys + c) % n;
        g = boost::multiprecision::gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n && g != 1) return g;
  }
  return 0;
}

/// Adds the prime factors of n = Φ_e(2) (with multiplicity) to `factors`: the primes dividing e (the intrinsic
/// factor), trial division by the primes 1 mod e below 2^20·e, then Pollard-Brent on cofactors below 2^256. Throws
/// limit_error naming the cofactor that resists.
/// ++factors[p], kept out of line: inlined into factor_into, g++ 12 with the sanitizers takes the map's comparison of
/// a fresh cpp_int for a read of uninitialized limbs (-Wmaybe-uninitialized, a false positive).
[[gnu::noinline]] void add_factor(std::map<big, unsigned>& factors, const big& p) { ++factors[p]; }

void factor_into(big n, std::uint64_t e, std::map<big, unsigned>& factors, std::uint64_t d) {
  const auto add = [&](const big& p) { add_factor(factors, p); };
  std::uint64_t rest = e;
  for (std::uint64_t r = 2; r <= rest; ++r) {
    if (rest % r != 0) continue;
    while (rest % r == 0) rest /= r;
    while (n % r == 0) {
      add(r);
      n /= r;
    }
  }
  const std::uint64_t step = e % 2 == 0 ? e : 2 * e;  // q = 1 mod e and odd
  const std::uint64_t limit = (std::uint64_t{1} << 20) * step;
  for (std::uint64_t q = step + 1; q < limit && n > 1 && big(q) * q <= n; q += step) {
    while (n % q == 0) {
      add(q);
      n /= q;
    }
  }
  std::vector<big> pending{n};
  while (!pending.empty()) {
    big m = pending.back();
    pending.pop_back();
    if (m == 1) continue;
    if (probably_prime(m)) {
      add(m);
      continue;
    }
    const big f = boost::multiprecision::msb(m) < 256 ? pollard_brent(m) : big(0);
    if (f == 0) {
      throw limit_error("the multiplicative order needs the prime factors of 2^" + std::to_string(d) +
                        " - 1, and its factor " +
                        (boost::multiprecision::msb(m) < 100 ? decimal(m) + " " : std::string()) + "of " +
                        std::to_string(boost::multiprecision::msb(m) + 1) +
                        " bits resists tartan's factoring (trial division and Pollard's rho with fixed budgets); the "
                        "degree and the minimal polynomial are known");
    }
    pending.push_back(f);
    pending.push_back(m / f);
  }
}

/// The prime factorisation of 2^d - 1, by its cyclotomic factors Φ_e(2) = Π_(t | e) (2^t - 1)^μ(e/t).
std::map<big, unsigned> factor_two_power_minus_one(std::uint64_t d) {
  std::map<big, unsigned> factors;
  std::vector<std::uint64_t> divisors;
  for (std::uint64_t e = 1; e <= d; ++e)
    if (d % e == 0) divisors.push_back(e);
  const auto mobius = [](std::uint64_t n) {
    int mu = 1;
    for (std::uint64_t p = 2; p * p <= n; ++p) {
      if (n % p == 0) {
        n /= p;
        if (n % p == 0) return 0;
        mu = -mu;
      }
    }
    return n > 1 ? -mu : mu;
  };
  for (const std::uint64_t e : divisors) {
    if (e == 1) continue;  // Φ_1(2) = 1
    big numerator = 1, denominator = 1;
    for (std::uint64_t t = 1; t <= e; ++t) {
      if (e % t != 0) continue;
      const int mu = mobius(e / t);
      const big value = (big(1) << t) - 1;
      if (mu == 1) numerator *= value;
      if (mu == -1) denominator *= value;
    }
    factor_into(numerator / denominator, e, factors, d);
  }
  return factors;
}

std::uint64_t degree_in_tower(const ordinal_nimber& x, std::uint64_t max_memory, const std::string& what) {
  detail::tower_shape shape = detail::tower_for({&x}, max_memory, what);
  return detail::with_tower(std::move(shape), [&](const auto& t) { return t.degree_of(detail::to_dense(t, x)); });
}

}  // namespace

std::uint64_t ordinal_degree(const ordinal_nimber& x, std::uint64_t max_memory) {
  if (x.is_zero()) return 1;
  return degree_in_tower(x, max_memory, "the degree of " + to_string(x));
}

std::vector<std::uint64_t> ordinal_minimal_polynomial(const ordinal_nimber& x, std::uint64_t max_memory) {
  const std::string what = "the minimal polynomial of " + to_string(x);
  if (x.is_zero()) return {1};
  detail::tower_shape shape = detail::tower_for({&x}, max_memory, what);
  return detail::with_tower(std::move(shape), [&](const auto& t) {
    using base = typename std::decay_t<decltype(t)>::base_type;
    const auto dense = detail::to_dense(t, x);
    const std::uint64_t d = t.degree_of(dense);
    if (d > max_minimal_polynomial_degree) {
      throw limit_error(what + " has degree " + std::to_string(d) + ", beyond the " +
                        std::to_string(max_minimal_polynomial_degree) +
                        " tartan computes; its degree and multiplicative order are known");
    }
    // s_i = bit 0 of the constant coefficient of x^i: a linear functional with s_0 = 1, so the sequence's minimal
    // polynomial is x's (which is irreducible).
    std::vector<char> s;
    auto power = t.one();
    for (std::uint64_t i = 0; i < 2 * d; ++i) {
      s.push_back(static_cast<char>(base::to_field(power[0]).words()[0] & 1));
      power = t.mul(power, dense);
    }
    const std::vector<char> c = berlekamp_massey(s);
    std::vector<std::uint64_t> exponents;
    const std::size_t length = c.size() - 1;
    for (std::size_t j = 0; j <= length; ++j)
      if (c[j]) exponents.push_back(length - j);  // the reciprocal: x^L + c_1 x^(L-1) + ... + c_L
    TARTAN_ASSERT(length == d, "the minimal polynomial has the degree's length");
    return exponents;
  });
}

std::vector<std::uint64_t> ordinal_order(const ordinal_nimber& x, std::uint64_t max_memory) {
  if (x.is_zero()) throw domain_error("0 has no multiplicative order; give a non-zero ordinal");
  const std::string what = "the multiplicative order of " + to_string(x);
  detail::tower_shape shape = detail::tower_for({&x}, max_memory, what);
  return detail::with_tower(std::move(shape), [&](const auto& t) {
    const auto dense = detail::to_dense(t, x);
    const std::uint64_t d = t.degree_of(dense);
    const std::map<big, unsigned> factors = factor_two_power_minus_one(d);
    big order = (big(1) << d) - 1;
    for (const auto& [prime, count] : factors) {
      for (unsigned i = 0; i < count; ++i) {
        const big candidate = order / prime;
        if (!t.is_one(t.pow(dense, to_words(candidate)))) break;
        order = candidate;
      }
    }
    return to_words(order);
  });
}

}  // namespace tartan
