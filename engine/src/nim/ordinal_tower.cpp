// The shapes of the tower fields (ordinal_tower.hpp): which generators a set of generators needs, their relations
// from Lenstra's constants, and the size check before a tower is allocated.
#include "nim/ordinal_tower.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <string>

#include "nim/nim_tables.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::detail {

namespace {

/// The GF(256) tables from the compile-time product: a⊗2^j by the halving recursion, then each row by linearity,
/// a⊗b = a⊗(b with its lowest bit cleared) ⊕ a⊗2^(that bit).
constexpr nim8_tables make_nim8_tables() {
  nim8_tables t{};
  for (unsigned a = 0; a < 256; ++a) {
    std::uint8_t powers[8]{};
    for (unsigned j = 0; j < 8; ++j) powers[j] = static_cast<std::uint8_t>(build::nim_mul(a, 1u << j, 3));
    t.product[a][0] = 0;
    for (unsigned b = 1; b < 256; ++b) {
      t.product[a][b] = static_cast<std::uint8_t>(t.product[a][b & (b - 1)] ^ powers[__builtin_ctz(b)]);
      if (t.product[a][b] == 1) t.inverse[a] = static_cast<std::uint8_t>(b);
    }
    t.square[a] = t.product[a][a];
  }
  return t;
}

}  // namespace

constinit const nim8_tables nim8_table_data = make_nim8_tables();

std::uint64_t tower_shape::degree() const {
  return saturating_mul(std::uint64_t{1} << base_log, static_cast<std::uint64_t>(size));
}

int tower_shape::level_of(std::uint32_t key) const {
  const auto it = std::lower_bound(levels.begin(), levels.end(), key,
                                   [](const tower_level& l, std::uint32_t k) { return l.key < k; });
  return it != levels.end() && it->key == key ? static_cast<int>(it - levels.begin()) : -1;
}

unsigned base_log_of(const field_nimber& x) {
  std::uint64_t bits = 0;  // the bit length of x
  if (x.fits_u64()) {
    bits = static_cast<std::uint64_t>(std::bit_width(x.to_u64()));
  } else {
    const std::vector<std::uint64_t> words = x.words();
    std::size_t top = words.size();
    while (top > 0 && words[top - 1] == 0) --top;
    bits = 64 * (top - 1) + static_cast<std::uint64_t>(std::bit_width(words[top - 1]));
  }
  unsigned b = 0;
  while ((std::uint64_t{1} << b) < bits) ++b;
  return b;
}

alpha_parts alpha_relation(const lenstra_constant& c) {
  alpha_parts parts;
  std::vector<std::uint64_t> finite{0};  // the Fermat 2-power of Q, if any
  for (const unsigned q : c.q_set) {
    unsigned r = 2;
    while (q % r != 0) ++r;
    unsigned n = 0;
    for (unsigned v = q; v > 1; v /= r) ++n;
    if (r == 2) {
      const std::uint64_t bit = std::uint64_t{1} << (n - 1);  // κ_(2^n) = 2^(2^(n-1))
      finite.assign(bit / 64 + 1, 0);
      finite[bit / 64] = std::uint64_t{1} << (bit % 64);
    } else {
      parts.generators.push_back(generator_key(*odd_prime_index(r), n - 1));
    }
  }
  // + excess, an ordinal (integer) sum with the finite κ.
  std::uint64_t carry = c.excess;
  for (std::size_t w = 0; carry != 0; ++w) {
    if (w == finite.size()) finite.push_back(0);
    const std::uint64_t before = finite[w];
    finite[w] += carry;
    carry = finite[w] < before ? 1 : 0;
  }
  parts.constant = field_nimber::from_words(finite);
  std::sort(parts.generators.begin(), parts.generators.end());
  return parts;
}

tower_shape make_tower_shape(std::vector<std::uint32_t> keys, unsigned min_base_log, const lenstra_table& table) {
  std::set<std::uint32_t> all;
  unsigned base_log = min_base_log;
  while (!keys.empty()) {
    const std::uint32_t key = keys.back();
    keys.pop_back();
    if (!all.insert(key).second) continue;
    const std::uint32_t k = generator_index(key), j = generator_level(key);
    if (!table.has_index(k)) {
      throw domain_error("the generator w^(w^" + std::to_string(k) + ") needs Lenstra's constant for the prime " +
                         std::to_string(odd_prime(k)) +
                         ", which this computation does not hold (it holds the primes "
                         "up to " +
                         std::to_string(table.max_prime()) + " and those it computed past them)");
    }
    if (j >= 1) {
      keys.push_back(generator_key(k, j - 1));
    } else {
      const alpha_parts parts = alpha_relation(table.by_index(k));
      keys.insert(keys.end(), parts.generators.begin(), parts.generators.end());
      base_log = std::max(base_log, base_log_of(parts.constant));
    }
  }
  tower_shape shape;
  shape.base_log = base_log;
  for (const std::uint32_t key : all) {
    tower_level level;
    level.key = key;
    level.prime = odd_prime(generator_index(key));
    shape.levels.push_back(std::move(level));
  }
  std::uint64_t size = 1;
  for (tower_level& level : shape.levels) {
    level.stride = static_cast<std::size_t>(size);
    size = saturating_mul(size, level.prime);
    const std::uint32_t k = generator_index(level.key), j = generator_level(level.key);
    if (j >= 1) {
      level.generators.push_back(static_cast<unsigned>(shape.level_of(generator_key(k, j - 1))));
    } else {
      const alpha_parts parts = alpha_relation(table.by_index(k));
      level.constant = parts.constant;
      for (const std::uint32_t g : parts.generators)
        level.generators.push_back(static_cast<unsigned>(shape.level_of(g)));
    }
  }
  shape.size = static_cast<std::size_t>(size);
  return shape;
}

std::uint64_t tower_memory(std::uint64_t size, std::size_t value_bytes) {
  return saturating_mul(saturating_mul(size, value_bytes), tower_bytes_per_value);
}

void check_tower_size(std::uint64_t size, std::uint64_t degree, std::size_t value_bytes, std::uint64_t max_memory,
                      const std::string& what, const std::string& hint, std::uint64_t max_size) {
  const std::string field = "a tower field of " + std::to_string(size) + " finite nimbers (degree " +
                            (degree == UINT64_MAX ? std::string("2^64 or more") : std::to_string(degree)) +
                            " over GF(2))";
  if (size > max_size) {
    throw limit_error(what + " needs " + field + ", beyond the 2^" + std::to_string(std::bit_width(max_size) - 1) +
                      " nimbers tartan computes with; " + hint);
  }
  check_memory(tower_memory(size, value_bytes), memory_limit_or_default(max_memory), what + " in " + field, hint);
}

}  // namespace tartan::detail
