// Between the two forms of an ordinal nimber: its Cantor normal form (ordinal_nimber's sorted terms) and a dense
// element of a tower field (ordinal_tower.hpp). Private to the engine.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "nim/ordinal_tower.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::detail {

/// The representation behind ordinal_nimber, for the engine's own code.
struct ordinal_access {
  using term = ordinal_nimber::term;
  static const std::vector<term>& terms(const ordinal_nimber& x) noexcept { return x.terms_; }
  /// The ordinal of these terms: sorted by descending monomial, distinct monomials, non-zero coefficients.
  static ordinal_nimber from_sorted(std::vector<term> terms) {
    ordinal_nimber x;
    x.terms_ = std::move(terms);
    return x;
  }
  static term make_term(ordinal_monomial m, field_nimber c) { return term{std::move(m), std::move(c)}; }
};

/// The generator keys an ordinal's terms use.
inline std::vector<std::uint32_t> generator_keys(const ordinal_nimber& x) {
  std::vector<std::uint32_t> keys;
  for (const auto& t : ordinal_access::terms(x))
    for (const auto& [key, digit] : t.monomial) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

/// The least base_log holding every coefficient of x.
inline unsigned coefficient_base_log(const ordinal_nimber& x) {
  unsigned b = 0;
  for (const auto& t : ordinal_access::terms(x)) b = std::max(b, base_log_of(t.coefficient));
  return b;
}

/// The tower of the builtin table holding all of `xs`, refused (check_tower_size) beyond the limits, `what` naming
/// the operation in the message.
tower_shape tower_for(std::initializer_list<const ordinal_nimber*> xs, std::uint64_t max_memory,
                      const std::string& what);

/// x as an element of a tower holding it.
template <class Base>
std::vector<typename Base::value> to_dense(const tower<Base>& t, const ordinal_nimber& x) {
  auto e = t.zero();
  const tower_shape& shape = t.shape();
  for (const auto& term : ordinal_access::terms(x)) {
    std::size_t index = 0;
    for (const auto& [key, digit] : term.monomial) {
      const int level = shape.level_of(key);
      TARTAN_ASSERT(level >= 0, "the tower holds the ordinal's generators");
      index += digit * shape.levels[static_cast<std::size_t>(level)].stride;
    }
    e[index] = Base::from(term.coefficient);
  }
  return e;
}

/// The ordinal of a tower element.
template <class Base>
ordinal_nimber from_dense(const tower<Base>& t, const std::vector<typename Base::value>& e) {
  const tower_shape& shape = t.shape();
  std::vector<ordinal_access::term> terms;
  for (std::size_t index = e.size(); index-- > 0;) {  // descending index = descending monomial
    if (Base::is_zero(e[index])) continue;
    ordinal_monomial m;
    std::size_t rest = index;
    for (std::size_t level = shape.levels.size(); level-- > 0;) {
      const std::size_t stride = shape.levels[level].stride;
      const std::size_t digit = rest / stride;
      rest %= stride;
      if (digit != 0) m.emplace_back(shape.levels[level].key, static_cast<std::uint32_t>(digit));
    }
    terms.push_back(ordinal_access::make_term(std::move(m), Base::to_field(e[index])));
  }
  return ordinal_access::from_sorted(std::move(terms));
}

/// The bytes of one base value of the tower with_tower runs `shape` in.
inline std::size_t tower_value_bytes(const tower_shape& shape) {
  return shape.base_log <= 3 ? 1 : shape.base_log <= 6 ? 8 : 64;
}

/// Runs f(tower) with byte values when the shape's base is GF(256) or smaller, 64-bit values up to GF(2^64), else
/// field_nimber values.
template <class F>
auto with_tower(tower_shape shape, F&& f) {
  if (shape.base_log <= 3) return f(tower<nim8_base>(std::move(shape)));
  if (shape.base_log <= 6) return f(tower<nim64_base>(std::move(shape)));
  return f(tower<wide_base>(std::move(shape)));
}

/// The ordinal with these terms taken unchecked (keys beyond the builtin table allowed): for Lenstra's constants of
/// primes being computed.
ordinal_nimber ordinal_from_generators(const std::vector<std::uint32_t>& keys, const field_nimber& constant);

}  // namespace tartan::detail
