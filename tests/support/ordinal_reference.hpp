// The nim product of ordinals below ω^(ω^ω) the plain way, for tests, fuzzers and benchmarks: independent of the
// engine's algorithms (no tower, no digit arrays, no shapes). An ordinal is a map from monomials Π κ_(k,j)^d (a map
// (k, j) → d) to finite coefficients; a product multiplies every pair of terms and rewrites one relation at a time,
// κ_(k,j)^p = κ_(k,j-1) (j >= 1) and κ_(k,0)^p = α_p (from Lenstra's Q-set and excess, as data), until every digit is
// below its prime. Conway, On Numbers and Games, ch. 6; Lenstra (1977).
// Also: random ordinals of a chosen size from a seeded generator.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::test {

using reference_monomial = std::map<std::pair<unsigned, unsigned>, unsigned>;  // (k, j) → digit
using reference_ordinal = std::map<reference_monomial, field_nimber>;

/// The base-p digits of the number with these words (least significant first), least significant first.
inline std::vector<unsigned> reference_digits(std::vector<std::uint64_t> a, unsigned p) {
  std::vector<unsigned> digits;
  const auto is_zero = [&] {
    for (const std::uint64_t w : a)
      if (w != 0) return false;
    return true;
  };
  while (!is_zero()) {
    std::uint64_t rem = 0;
    for (std::size_t w = a.size(); w-- > 0;) {
      // (rem·2^64 + a[w]) / p by 32-bit halves, so that no 128-bit type is needed.
      const std::uint64_t hi = (rem << 32) | (a[w] >> 32);
      const std::uint64_t q_hi = hi / p;
      rem = hi % p;
      const std::uint64_t lo = (rem << 32) | (a[w] & 0xffffffffu);
      const std::uint64_t q_lo = lo / p;
      rem = lo % p;
      a[w] = (q_hi << 32) | q_lo;
    }
    digits.push_back(static_cast<unsigned>(rem));
  }
  return digits;
}

/// The reference form of an ordinal, from its Cantor normal form.
inline reference_ordinal to_reference(const ordinal_nimber& x) {
  reference_ordinal r;
  for (const ordinal_term& t : x.terms()) {
    reference_monomial m;
    for (const ordinal_exponent_term& e : t.exponent) {
      const std::vector<unsigned> digits = reference_digits(e.coefficient, odd_prime(e.power));
      for (unsigned j = 0; j < digits.size(); ++j)
        if (digits[j] != 0) m[{e.power, j}] = digits[j];
    }
    r[m] = t.coefficient;
  }
  return r;
}

/// α_p = Σ κ_q + (Fermat 2-power of Q) + excess, as reference terms.
inline reference_ordinal reference_alpha(unsigned k) {
  const lenstra_constant& c = lenstra_table::builtin().by_index(k);
  reference_ordinal alpha;
  std::vector<std::uint64_t> finite{0, 0, 0, 0};
  for (const unsigned q : c.q_set) {
    unsigned r = 2;
    while (q % r != 0) ++r;
    unsigned n = 0;
    for (unsigned v = q; v > 1; v /= r) ++n;
    if (r == 2) {
      const unsigned bit = 1u << (n - 1);
      finite[bit / 64] |= std::uint64_t{1} << (bit % 64);
    } else {
      alpha[{{{*odd_prime_index(r), n - 1}, 1}}] = field_nimber(1);
    }
  }
  finite[0] += c.excess;  // the Fermat 2-powers of the table are below 2^64, and their sum with m does not carry
  const field_nimber constant = field_nimber::from_words(finite);
  if (!constant.is_zero()) alpha[{}] = constant;
  return alpha;
}

inline void reference_add(reference_ordinal& r, const reference_monomial& m, const field_nimber& c) {
  field_nimber& slot = r[m];
  slot += c;
  if (slot.is_zero()) r.erase(m);
}

/// The product, one relation at a time.
inline reference_ordinal reference_product(const reference_ordinal& a, const reference_ordinal& b) {
  reference_ordinal result;
  std::map<unsigned, reference_ordinal> alphas;
  std::vector<std::pair<reference_monomial, field_nimber>> work;
  for (const auto& [ma, ca] : a) {
    for (const auto& [mb, cb] : b) {
      reference_monomial m = ma;
      for (const auto& [kj, d] : mb) m[kj] += d;
      work.emplace_back(std::move(m), ca * cb);
      while (!work.empty()) {
        auto [mono, c] = std::move(work.back());
        work.pop_back();
        bool reduced = true;
        for (auto it = mono.rbegin(); it != mono.rend(); ++it) {
          const auto [k, j] = it->first;
          const unsigned p = odd_prime(k);
          if (it->second < p) continue;
          reduced = false;
          reference_monomial next = mono;
          if ((next[{k, j}] -= p) == 0) next.erase({k, j});
          if (j > 0) {
            ++next[{k, j - 1}];
            work.emplace_back(std::move(next), c);
          } else {
            if (!alphas.count(k)) alphas[k] = reference_alpha(k);
            for (const auto& [mt, ct] : alphas[k]) {
              reference_monomial branch = next;
              for (const auto& [kj, d] : mt) branch[kj] += d;
              work.emplace_back(std::move(branch), c * ct);
            }
          }
          break;
        }
        if (reduced) reference_add(result, mono, c);
      }
    }
  }
  return result;
}

/// The nim sum.
inline reference_ordinal reference_sum(reference_ordinal a, const reference_ordinal& b) {
  for (const auto& [m, c] : b) reference_add(a, m, c);
  return a;
}

/**
 * A random ordinal: `terms` terms (before equal exponents add up), each ω^e·c with e = Σ_(k < height) ω^k·a_k, every
 * a_k zero or uniform below `max_a` (half the time), and c a non-zero nimber of up to `coefficient_bits` bits (at most
 * 256).
 */
inline ordinal_nimber random_ordinal(std::mt19937_64& rng, unsigned height, unsigned terms, std::uint64_t max_a,
                                     unsigned coefficient_bits) {
  std::vector<ordinal_term> out;
  for (unsigned t = 0; t < terms; ++t) {
    ordinal_term term;
    for (unsigned k = height; k-- > 0;) {
      if (rng() % 2 == 0) continue;
      const std::uint64_t a = rng() % max_a;
      if (a != 0) term.exponent.push_back(ordinal_exponent_term{k, {a}});
    }
    std::vector<std::uint64_t> words((coefficient_bits + 63) / 64, 0);
    do {
      for (std::size_t w = 0; w < words.size(); ++w) {
        words[w] = rng();
        const unsigned bits = coefficient_bits - 64 * static_cast<unsigned>(w);
        if (bits < 64) words[w] &= (std::uint64_t{1} << bits) - 1;
      }
    } while (field_nimber::from_words(words).is_zero());
    term.coefficient = field_nimber::from_words(words);
    out.push_back(std::move(term));
  }
  return ordinal_nimber::from_terms(out);
}

}  // namespace tartan::test
