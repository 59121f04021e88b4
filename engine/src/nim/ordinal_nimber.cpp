// ordinal_nimber: the Cantor normal form's arithmetic. Sums merge the terms; products, squares and square roots work
// term by term on the digits of the generators κ_(k,j) (ordinal_nimber.hpp), rewriting with the relations of the
// tower of the operands' generators (ordinal_tower.hpp); inverses go through the dense tower field.
#include "tartan/nim/ordinal_nimber.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>

#include "nim/ordinal_dense.hpp"
#include "nim/ordinal_tower.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/lenstra.hpp"

namespace tartan {

using detail::generator_index;
using detail::generator_key;
using detail::generator_level;
using detail::ordinal_access;
using detail::ordinal_monomial;
using detail::tower_shape;
using term = ordinal_access::term;

namespace detail {

tower_shape tower_for(std::initializer_list<const ordinal_nimber*> xs, std::uint64_t max_memory,
                      const std::string& what) {
  std::vector<std::uint32_t> keys;
  unsigned base_log = 0;
  for (const ordinal_nimber* x : xs) {
    const auto k = generator_keys(*x);
    keys.insert(keys.end(), k.begin(), k.end());
    base_log = std::max(base_log, coefficient_base_log(*x));
  }
  tower_shape shape = make_tower_shape(std::move(keys), base_log, lenstra_table::builtin());
  check_tower_size(shape.size, shape.degree(), tower_value_bytes(shape), max_memory, what,
                   "ask about an ordinal with fewer generators ω^(ω^k·p^j) or lower digits in its exponents");
  return shape;
}

ordinal_nimber ordinal_from_generators(const std::vector<std::uint32_t>& keys, const field_nimber& constant) {
  std::vector<term> terms;
  std::vector<std::uint32_t> sorted = keys;
  std::sort(sorted.rbegin(), sorted.rend());
  for (const std::uint32_t key : sorted) terms.push_back(ordinal_access::make_term({{key, 1}}, field_nimber(1)));
  if (!constant.is_zero()) terms.push_back(ordinal_access::make_term({}, constant));
  return ordinal_access::from_sorted(std::move(terms));
}

}  // namespace detail

namespace {

using word = std::uint64_t;

// ---- exponents: the coefficient a_k in base p, and back ------------------------------------------------------------

/// The base-p digits of a (words, least significant first), least significant digit first.
std::vector<std::uint32_t> base_digits(std::vector<word> a, unsigned p) {
  std::vector<std::uint32_t> digits;
  while (a.size() > 0 && a.back() == 0) a.pop_back();
  while (!a.empty()) {
    uint128 rem = 0;
    for (std::size_t w = a.size(); w-- > 0;) {
      const uint128 cur = (rem << 64) | a[w];
      a[w] = static_cast<word>(cur / p);
      rem = cur % p;
    }
    digits.push_back(static_cast<std::uint32_t>(rem));
    while (!a.empty() && a.back() == 0) a.pop_back();
  }
  return digits;
}

/// a = a·p + d on words.
void multiply_add(std::vector<word>& a, unsigned p, std::uint32_t d) {
  uint128 carry = d;
  for (word& w : a) {
    const uint128 cur = static_cast<uint128>(w) * p + carry;
    w = static_cast<word>(cur);
    carry = cur >> 64;
  }
  if (carry != 0) a.push_back(static_cast<word>(carry));
}

/// Throws domain_error unless odd_prime(k) is in the builtin table.
void check_power(unsigned k) {
  const lenstra_table& table = lenstra_table::builtin();
  if (k >= table.size()) {
    throw domain_error(
        "w^(w^" + std::to_string(k) + ") needs Lenstra's constant for the prime " +
        (k < 100000 ? std::to_string(odd_prime(k)) : std::string("odd_prime(") + std::to_string(k) + ")") +
        "; tartan computes with the ordinals below w^(w^" + std::to_string(table.size()) + "), whose primes go up to " +
        std::to_string(table.max_prime()));
  }
}

// ---- the term-by-term product
// ----------------------------------------------------------------------------------------

/// Products of monomials in the tower of a shape: digits per level (level 0 first), rewritten from the top level down
/// with the relations; each finished term goes to a sink as (digits, coefficient).
class monomial_products {
 public:
  explicit monomial_products(const tower_shape& shape) : shape_(shape), levels_(shape.levels.size()) {}

  std::size_t levels() const noexcept { return levels_; }

  /// The digits of a monomial of the shape.
  std::vector<std::uint32_t> digits(const ordinal_monomial& m) const {
    std::vector<std::uint32_t> d(levels_, 0);
    for (const auto& [key, digit] : m) d[static_cast<std::size_t>(shape_.level_of(key))] = digit;
    return d;
  }

  /// Rewrites d (digits possibly >= the level's prime) with coefficient c, from `level` down, and sinks each term.
  template <class Sink>
  void reduce(std::vector<std::uint32_t>& d, field_nimber c, int level, Sink& sink) const {
    for (; level >= 0; --level) {
      const auto& L = shape_.levels[static_cast<std::size_t>(level)];
      while (d[static_cast<std::size_t>(level)] >= L.prime) {
        d[static_cast<std::size_t>(level)] -= L.prime;
        // y^p = constant + Σ y_g: one branch per summand; the last continues here.
        const std::size_t branches = L.generators.size() + (L.constant.is_zero() ? 0 : 1);
        std::size_t b = 0;
        for (const unsigned g : L.generators) {
          if (++b == branches) {
            ++d[g];
          } else {
            std::vector<std::uint32_t> other = d;
            ++other[g];
            reduce(other, c, level, sink);
          }
        }
        if (!L.constant.is_zero()) c = c * L.constant;
      }
    }
    sink(d, c);
  }

  ordinal_monomial monomial(const std::vector<std::uint32_t>& d) const {
    ordinal_monomial m;
    for (std::size_t level = levels_; level-- > 0;)
      if (d[level] != 0) m.emplace_back(shape_.levels[level].key, d[level]);
    return m;
  }

 private:
  const tower_shape& shape_;
  std::size_t levels_;
};

/// Collects terms (digits, coefficient), adds equal monomials and returns the ordinal. Monomials are keyed by their
/// mixed-radix index when the tower has fewer than 2^63 of them (the index orders as the monomials do), else by the
/// digits from the top level down.
class term_collector {
 public:
  explicit term_collector(const monomial_products& products, const tower_shape& shape)
      : products_(products),
        shape_(shape),
        indexed_(static_cast<std::uint64_t>(shape.size) < (std::uint64_t{1} << 62) && shape.size != 0) {}

  void operator()(const std::vector<std::uint32_t>& d, const field_nimber& c) {
    if (c.is_zero()) return;
    if (indexed_) {
      // The index orders the terms; the monomial is kept as its non-zero digits, from the top level down.
      std::uint64_t index = 0;
      const std::size_t start = digits_.size();
      for (std::size_t level = d.size(); level-- > 0;) {
        if (d[level] == 0) continue;
        index += d[level] * shape_.levels[level].stride;
        digits_.emplace_back(shape_.levels[level].key, d[level]);
      }
      indexed_terms_.push_back(indexed_term{index, c, start, digits_.size() - start});
    } else {
      std::vector<std::uint32_t> key(d.rbegin(), d.rend());
      keyed_terms_.emplace_back(std::move(key), c);
    }
  }

  ordinal_nimber result() {
    std::vector<term> terms;
    if (indexed_) {
      std::sort(indexed_terms_.begin(), indexed_terms_.end(),
                [](const indexed_term& a, const indexed_term& b) { return a.index > b.index; });
      for (std::size_t i = 0; i < indexed_terms_.size();) {
        field_nimber c = indexed_terms_[i].coefficient;
        std::size_t j = i + 1;
        for (; j < indexed_terms_.size() && indexed_terms_[j].index == indexed_terms_[i].index; ++j)
          c += indexed_terms_[j].coefficient;
        if (!c.is_zero()) {
          const auto first = digits_.begin() + static_cast<std::ptrdiff_t>(indexed_terms_[i].start);
          ordinal_monomial m(first, first + static_cast<std::ptrdiff_t>(indexed_terms_[i].length));
          terms.push_back(ordinal_access::make_term(std::move(m), std::move(c)));
        }
        i = j;
      }
    } else {
      std::sort(keyed_terms_.begin(), keyed_terms_.end(),
                [](const auto& a, const auto& b) { return a.first > b.first; });
      for (std::size_t i = 0; i < keyed_terms_.size();) {
        field_nimber c = keyed_terms_[i].second;
        std::size_t j = i + 1;
        for (; j < keyed_terms_.size() && keyed_terms_[j].first == keyed_terms_[i].first; ++j)
          c += keyed_terms_[j].second;
        if (!c.is_zero()) {
          std::vector<std::uint32_t> d(keyed_terms_[i].first.rbegin(), keyed_terms_[i].first.rend());
          terms.push_back(ordinal_access::make_term(products_.monomial(d), std::move(c)));
        }
        i = j;
      }
    }
    return ordinal_access::from_sorted(std::move(terms));
  }

 private:
  struct indexed_term {
    std::uint64_t index;
    field_nimber coefficient;
    std::size_t start, length;  // the monomial in digits_
  };
  const monomial_products& products_;
  const tower_shape& shape_;
  bool indexed_;
  std::vector<indexed_term> indexed_terms_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> digits_;  // (key, digit) of the terms' monomials, in turn
  std::vector<std::pair<std::vector<std::uint32_t>, field_nimber>> keyed_terms_;
};

/// The shape of the generators of a and b (no size limit: the sparse product never allocates the tower). Shapes are
/// kept per thread by their generators (up to 1024 of them, then the cache starts again): products of ordinals of
/// one kind meet the same few.
std::shared_ptr<const tower_shape> product_shape(const ordinal_nimber& a, const ordinal_nimber& b) {
  std::vector<std::uint32_t> keys = detail::generator_keys(a);
  const auto more = detail::generator_keys(b);
  keys.insert(keys.end(), more.begin(), more.end());
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  thread_local std::map<std::vector<std::uint32_t>, std::shared_ptr<const tower_shape>> cache;
  const auto it = cache.find(keys);
  if (it != cache.end()) return it->second;
  if (cache.size() >= 1024) cache.clear();
  auto shape = std::make_shared<const tower_shape>(detail::make_tower_shape(keys, 0, lenstra_table::builtin()));
  cache.emplace(std::move(keys), shape);
  return shape;
}

/// c·x for a finite c.
ordinal_nimber scale(const ordinal_nimber& x, const field_nimber& c) {
  if (c.is_zero()) return ordinal_nimber();
  std::vector<term> terms = ordinal_access::terms(x);
  for (term& t : terms) t.coefficient = t.coefficient * c;
  return ordinal_access::from_sorted(std::move(terms));
}

// ---- square roots ----------------------------------------------------------------------------------------------

/// √(ρ)^(-1) for each generator y (y^p = ρ), cached: √y^d = y^(d/2) for even d, y^((d+p)/2)·√ρ^(-1) for odd d.
const ordinal_nimber& inverse_root_of_relation(std::uint32_t key);

/// The square root term by term: √(c·Π y^d) = √c · Π y^⌈...⌉ · Π_(odd d) √(ρ_y)^(-1).
ordinal_nimber sparse_sqrt(const ordinal_nimber& x) {
  ordinal_nimber result;
  for (const term& t : ordinal_access::terms(x)) {
    ordinal_monomial half;
    std::vector<std::uint32_t> odd;
    for (const auto& [key, digit] : t.monomial) {
      const unsigned p = odd_prime(generator_index(key));
      const std::uint32_t h = digit % 2 == 0 ? digit / 2 : (digit + p) / 2;
      half.emplace_back(key, h);
      if (digit % 2 == 1) odd.push_back(key);
    }
    ordinal_nimber part =
        ordinal_access::from_sorted({ordinal_access::make_term(std::move(half), t.coefficient.sqrt())});
    for (const std::uint32_t key : odd) part = part * inverse_root_of_relation(key);
    result += part;
  }
  return result;
}

const ordinal_nimber& inverse_root_of_relation(std::uint32_t key) {
  static std::mutex mutex;
  static std::map<std::uint32_t, ordinal_nimber> cache;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  const std::uint32_t k = generator_index(key), j = generator_level(key);
  ordinal_nimber rho;
  if (j >= 1) {
    rho = ordinal_access::from_sorted({ordinal_access::make_term({{generator_key(k, j - 1), 1}}, field_nimber(1))});
  } else {
    const detail::alpha_parts parts = detail::alpha_relation(lenstra_table::builtin().by_index(k));
    rho = detail::ordinal_from_generators(parts.generators, parts.constant);
  }
  ordinal_nimber value = sparse_sqrt(rho).inv();
  const std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(key, std::move(value)).first->second;
}

}  // namespace

// ---- construction ------------------------------------------------------------------------------------------------

ordinal_nimber::ordinal_nimber(std::uint64_t n) : ordinal_nimber(field_nimber(n)) {}

ordinal_nimber::ordinal_nimber(const field_nimber& n) {
  if (!n.is_zero()) terms_.push_back(term{{}, n});
}

ordinal_nimber ordinal_nimber::omega() {
  return ordinal_access::from_sorted({ordinal_access::make_term({{generator_key(0, 0), 1}}, field_nimber(1))});
}

ordinal_nimber ordinal_nimber::omega_power(std::span<const ordinal_exponent_term> exponent) {
  // Equal powers add; then each a_k in base p.
  std::map<unsigned, std::vector<word>> sums;
  for (const ordinal_exponent_term& t : exponent) {
    std::vector<word>& a = sums[t.power];
    std::vector<word> b = t.coefficient;
    if (a.size() < b.size()) a.resize(b.size(), 0);
    word carry = 0;
    for (std::size_t w = 0; w < a.size(); ++w) {
      const word add = w < b.size() ? b[w] : 0;
      const uint128 s = static_cast<uint128>(a[w]) + add + carry;
      a[w] = static_cast<word>(s);
      carry = static_cast<word>(s >> 64);
    }
    if (carry != 0) a.push_back(carry);
  }
  ordinal_monomial m;
  for (auto it = sums.rbegin(); it != sums.rend(); ++it) {
    std::vector<word>& a = it->second;
    while (!a.empty() && a.back() == 0) a.pop_back();
    if (a.empty()) continue;
    const std::size_t bits = 64 * (a.size() - 1) + static_cast<std::size_t>(std::bit_width(a.back()));
    if (bits > max_ordinal_exponent_bits) {
      throw domain_error("the exponent's coefficient of w^" + std::to_string(it->first) + " has " +
                         std::to_string(bits) + " bits; tartan's exponents have coefficients below 2^" +
                         std::to_string(max_ordinal_exponent_bits));
    }
    check_power(it->first);
    const std::vector<std::uint32_t> digits = base_digits(a, odd_prime(it->first));
    for (std::size_t j = digits.size(); j-- > 0;)
      if (digits[j] != 0) m.emplace_back(generator_key(it->first, static_cast<std::uint32_t>(j)), digits[j]);
  }
  return ordinal_access::from_sorted({ordinal_access::make_term(std::move(m), field_nimber(1))});
}

ordinal_nimber ordinal_nimber::from_terms(std::span<const ordinal_term> terms) {
  ordinal_nimber sum;
  for (const ordinal_term& t : terms) sum += scale(omega_power(t.exponent), t.coefficient);
  return sum;
}

field_nimber ordinal_nimber::finite_value() const {
  if (!is_finite()) throw domain_error(to_string(*this) + " is not finite");
  return terms_.empty() ? field_nimber() : terms_[0].coefficient;
}

std::vector<ordinal_term> ordinal_nimber::terms() const {
  std::vector<ordinal_term> out;
  for (const term& t : terms_) {
    ordinal_term o;
    o.coefficient = t.coefficient;
    // The monomial's keys descend: all digits of one power k are together, highest level first.
    for (std::size_t i = 0; i < t.monomial.size();) {
      const std::uint32_t k = generator_index(t.monomial[i].first);
      const unsigned p = odd_prime(k);
      std::vector<word> a{0};
      std::uint32_t level = generator_level(t.monomial[i].first);
      for (std::uint32_t l = level + 1; l-- > 0;) {
        std::uint32_t d = 0;
        if (i < t.monomial.size() && t.monomial[i].first == generator_key(k, l)) d = t.monomial[i++].second;
        multiply_add(a, p, d);
      }
      while (a.size() > 1 && a.back() == 0) a.pop_back();
      o.exponent.push_back(ordinal_exponent_term{k, std::move(a)});
    }
    out.push_back(std::move(o));
  }
  return out;
}

unsigned ordinal_nimber::height() const noexcept {
  unsigned h = 0;
  for (const term& t : terms_)
    if (!t.monomial.empty()) h = std::max(h, generator_index(t.monomial.front().first) + 1);
  return h;
}

std::strong_ordering operator<=>(const ordinal_nimber& a, const ordinal_nimber& b) noexcept {
  const std::size_t n = std::min(a.terms_.size(), b.terms_.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto& s = a.terms_[i];
    const auto& t = b.terms_[i];
    if (s.monomial != t.monomial)
      return s.monomial < t.monomial ? std::strong_ordering::less : std::strong_ordering::greater;
    if (const auto c = s.coefficient <=> t.coefficient; c != 0) return c;
  }
  return a.terms_.size() <=> b.terms_.size();
}

// ---- arithmetic ----------------------------------------------------------------------------------------------------

ordinal_nimber operator+(const ordinal_nimber& a, const ordinal_nimber& b) {
  std::vector<term> terms;
  terms.reserve(a.terms_.size() + b.terms_.size());
  std::size_t i = 0, j = 0;
  while (i < a.terms_.size() || j < b.terms_.size()) {
    if (j == b.terms_.size() || (i < a.terms_.size() && b.terms_[j].monomial < a.terms_[i].monomial)) {
      terms.push_back(a.terms_[i++]);
    } else if (i == a.terms_.size() || a.terms_[i].monomial < b.terms_[j].monomial) {
      terms.push_back(b.terms_[j++]);
    } else {
      field_nimber c = a.terms_[i].coefficient + b.terms_[j].coefficient;
      if (!c.is_zero()) terms.push_back(ordinal_access::make_term(a.terms_[i].monomial, std::move(c)));
      ++i, ++j;
    }
  }
  return ordinal_access::from_sorted(std::move(terms));
}

ordinal_nimber operator*(const ordinal_nimber& a, const ordinal_nimber& b) {
  if (a.is_zero() || b.is_zero()) return ordinal_nimber();
  if (a.is_finite()) return scale(b, a.terms_[0].coefficient);
  if (b.is_finite()) return scale(a, b.terms_[0].coefficient);
  const std::shared_ptr<const tower_shape> shape_pointer = product_shape(a, b);
  const tower_shape& shape = *shape_pointer;
  const monomial_products products(shape);
  term_collector sink(products, shape);
  std::vector<std::vector<std::uint32_t>> db;
  db.reserve(b.terms_.size());
  for (const term& t : b.terms_) db.push_back(products.digits(t.monomial));
  const int top = static_cast<int>(products.levels()) - 1;
  std::vector<std::uint32_t> d;
  for (const term& s : a.terms_) {
    const std::vector<std::uint32_t> da = products.digits(s.monomial);
    for (std::size_t j = 0; j < b.terms_.size(); ++j) {
      d = da;
      for (std::size_t level = 0; level < d.size(); ++level) d[level] += db[j][level];
      products.reduce(d, s.coefficient * b.terms_[j].coefficient, top, sink);
    }
  }
  return sink.result();
}

ordinal_nimber operator/(const ordinal_nimber& a, const ordinal_nimber& b) {
  if (b.is_zero()) throw domain_error("division by the ordinal 0 is undefined; divide by a non-zero value");
  return a * b.inv();
}

ordinal_nimber ordinal_nimber::square() const {
  if (is_finite()) return ordinal_nimber(is_zero() ? field_nimber() : terms_[0].coefficient.square());
  const std::shared_ptr<const tower_shape> shape_pointer = product_shape(*this, ordinal_nimber());
  const tower_shape& shape = *shape_pointer;
  const monomial_products products(shape);
  term_collector sink(products, shape);
  const int top = static_cast<int>(products.levels()) - 1;
  for (const term& t : terms_) {
    std::vector<std::uint32_t> d = products.digits(t.monomial);
    for (std::uint32_t& digit : d) digit *= 2;
    products.reduce(d, t.coefficient.square(), top, sink);
  }
  return sink.result();
}

ordinal_nimber ordinal_nimber::sqrt() const {
  if (is_finite()) return ordinal_nimber(is_zero() ? field_nimber() : terms_[0].coefficient.sqrt());
  // Dense when the field is small and the ordinal has many terms (σ^(D-1) in O(N^1.3)), else term by term.
  if (terms_.size() > 8) {
    if (product_shape(*this, ordinal_nimber())->size <= 4096) {
      tower_shape full = detail::tower_for({this}, 0, "the square root of " + to_string(*this));
      return detail::with_tower(std::move(full), [&](const auto& t) {
        const auto x = detail::to_dense(t, *this);
        return detail::from_dense(t, t.apply(t.frobenius(t.degree() - 1), x));
      });
    }
  }
  return sparse_sqrt(*this);
}

ordinal_nimber ordinal_nimber::inv(std::uint64_t max_memory) const {
  if (is_zero()) throw domain_error("the nim inverse of 0 does not exist; give a non-zero ordinal");
  if (is_finite()) return ordinal_nimber(terms_[0].coefficient.inv());
  tower_shape shape = detail::tower_for({this}, max_memory, "the inverse of " + to_string(*this));
  return detail::with_tower(
      std::move(shape), [&](const auto& t) { return detail::from_dense(t, t.inverse(detail::to_dense(t, *this))); });
}

ordinal_nimber ordinal_nimber::pow(std::span<const std::uint64_t> e) const {
  ordinal_nimber result(1);
  bool started = false;
  for (std::size_t w = e.size(); w-- > 0;) {
    for (int bit = 63; bit >= 0; --bit) {
      if (started) result = result.square();
      if ((e[w] >> bit) & 1) {
        result = started ? result * *this : *this;
        started = true;
      }
    }
  }
  return result;
}

std::ostream& operator<<(std::ostream& os, const ordinal_nimber& x) { return os << to_string(x); }

}  // namespace tartan
