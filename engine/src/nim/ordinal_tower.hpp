// The tower fields of the ordinal nimbers: dense arithmetic in GF(2^D) built as Kummer extensions of a finite nim
// field, for the operations on ordinals that need a whole field (inverse, Frobenius maps, degrees, the p-th power
// test of Lenstra's excess). Private to the engine (<tartan/nim/ordinal_nimber.hpp> and lenstra.cpp use it).
//
// A tower is a finite field GF(2^(2^b)) of nimbers (the base) and levels 0..t-1, each a generator y_i = κ_(k,j) with
// y_i^(r_i) = ρ_i, r_i = odd_prime(k) and ρ_i in the field below: κ_(k,j-1) for j >= 1, α_r = Σ κ_q + m for j = 0.
// Levels ascend as the generators do, so each ρ_i involves lower levels only, and y^r - ρ is irreducible over the
// field below (ρ_i is not an r-th power there: Lenstra), so F_i = F_(i-1)[y_i]/(y_i^r - ρ_i) and D = 2^b·Π r_i.
// An element of F_i is Π_(levels <= i) r values of the base (N_i of them), indexed in mixed radix with level 0 the
// least significant digit: block j of size N_(i-1) is the coefficient of y_i^j, an element of F_(i-1).
//
// Algorithms (each recursive on the top level, its coefficients elements of the field below):
//   product     nested Karatsuba on the r coefficients (O(N^1.6) base products), then the relation y^r = ρ, a sparse
//               ρ (one to four generators to the first power and a constant) applied in O(N) per term
//   square      Frobenius is additive: (Σ x_j y^j)^2 = Σ x_j^2 y^(2j), y^(2j) = ρ·y^(2j-r) beyond r: O(N·depth)
//   σ^m         Kummer: σ^m(y) = y^(2^m) = y^s·γ, s = 2^m mod r, γ = ρ^⌊2^m/r⌋ in F_(i-1); then σ^m(Σ x_j y^j) =
//               Σ σ^m(x_j)·δ_j·y^(s·j mod r) with δ_j = γ^j·ρ^⌊s·j/r⌋. Maps compose, σ^(a+b)(y) =
//               y^(s_a·s_b)·δ^a_(s_b)· σ^a(γ_b), so σ^m is built from σ^1 in O(log m) compositions of r products a
//               level
//   inverse     τ = σ^(deg F_(i-1)) fixes F_(i-1) and maps y to ζ·y (ζ an r-th root of unity in F_(i-1)); the norm
//               Π τ^j(x) lies in F_(i-1), so x^(-1) = Π_(j>=1) τ^j(x) · N(x)^(-1): O(log r) products and a recursion
//   degree      the least d | D with σ^d(x) = x, dividing D by its primes while σ^(d/ℓ) fixes x
//   p-th power  x^((2^D-1)/p) = N(x^((2^f-1)/p)), N the norm to GF(2^f), f = f(p): for a sparse x (Lenstra's α) the
//               power by f squares and products by x, O(f·N), then O(log(D/f)) products and maps
// References: Lenstra, "On the algebraic closure of two" (1977); Lidl and Niederreiter, Finite Fields, ch. 2 (norms,
// Frobenius); Karatsuba and Ofman (1962).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "nim/ordinal_chain_product.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/nim/field_nimber.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan::detail {

/// One level of a tower: the generator, its prime and y^prime = constant + Σ y_g over `generators` (lower levels).
struct tower_level {
  std::uint32_t key = 0;  // generator_key(k, j)
  unsigned prime = 0;
  std::size_t stride = 1;            // N_(i-1): the product of the primes of the levels below
  field_nimber constant;             // the finite part of y^prime (α's m and Fermat 2-power; 0 for j >= 1)
  std::vector<unsigned> generators;  // the levels below whose generators y^prime adds, each to the first power
};

/// The levels of a tower and its base GF(2^(2^base_log)).
struct tower_shape {
  unsigned base_log = 0;
  std::vector<tower_level> levels;
  std::size_t size = 1;  // N: the product of the primes

  /// The degree of the tower field over GF(2): 2^base_log · N (saturating at 2^64 - 1; never that large in use).
  std::uint64_t degree() const;
  /// The level of a generator, or -1.
  int level_of(std::uint32_t key) const;
};

/// The generators of α_p's relation (odd q of Q(f(p)), as keys) and its finite part (κ_(2^n) + m, ordinal sum).
struct alpha_parts {
  std::vector<std::uint32_t> generators;
  field_nimber constant;
};
alpha_parts alpha_relation(const lenstra_constant& c);

/// The base_log of the least nim field GF(2^(2^b)) holding x.
unsigned base_log_of(const field_nimber& x);

/**
 * The tower of the generators `keys` and every generator their relations need (κ_(k,j-1) below κ_(k,j), α_p's
 * generators below κ_(k,0)), over the least base of at least 2^(2^min_base_log) holding the relations' constants.
 * Throws domain_error when a generator needs a prime `table` does not hold.
 */
tower_shape make_tower_shape(std::vector<std::uint32_t> keys, unsigned min_base_log, const lenstra_table& table);

/// The bytes a computation in a tower field takes per byte of an element, planned: the scratch of the nested
/// Karatsuba (24 elements), the elements and Frobenius maps a norm keeps (about 8), and in the largest fields the chain
/// product's arrays and the additive FFT's (about 13: binary_product_memory of two operands of 7 bits a value).
inline constexpr std::uint64_t tower_bytes_per_value = 45;

/// The memory planned for computing in a tower of `size` base values of `value_bytes` each.
std::uint64_t tower_memory(std::uint64_t size, std::size_t value_bytes);

/// Throws limit_error when a tower of `size` base values cannot be used: beyond `max_size` (max_ordinal_field_size
/// for the ordinals' operations, max_lenstra_field_size for Lenstra's tests), or beyond `max_memory` bytes (0: the
/// default limit) as tower_memory plans it. `what` says what needs it ("the inverse of w^(w^7)"); `hint` says what to
/// ask instead.
void check_tower_size(std::uint64_t size, std::uint64_t degree, std::size_t value_bytes, std::uint64_t max_memory,
                      const std::string& what, const std::string& hint,
                      std::uint64_t max_size = max_ordinal_field_size);

/// The nim products, squares and inverses of GF(256), as tables (64 KiB for the products), built at compile time.
struct nim8_tables {
  std::uint8_t product[256][256];
  std::uint8_t square[256];
  std::uint8_t inverse[256];
};
extern const nim8_tables nim8_table_data;

/// Base values below 256 (a tower over GF(4), GF(16) or GF(256)): one byte each, products by table. Most of Lenstra's
/// towers have such a base, and a byte table beats the 64-bit product several times over.
struct nim8_base {
  using value = std::uint8_t;
  static value zero() { return 0; }
  static value one() { return 1; }
  static bool is_zero(const value& x) { return x == 0; }
  static value from(const field_nimber& x) { return static_cast<value>(x.to_u64()); }
  static field_nimber to_field(const value& x) { return field_nimber(std::uint64_t{x}); }
  static value mul(const value& a, const value& b) { return nim8_table_data.product[a][b]; }
  static value square(const value& a) { return nim8_table_data.square[a]; }
  static value inv(const value& a) {
    if (a == 0) throw domain_error("the nim inverse of 0 does not exist; give a non-zero nimber");
    return nim8_table_data.inverse[a];
  }
  static void add_to(value& a, const value& b) { a ^= b; }
  static value frobenius(value x, std::uint64_t m) {
    for (std::uint64_t i = 0; i < m; ++i) x = square(x);
    return x;
  }
};

/// Base values below 2^64: the engine's 64-bit nim arithmetic.
struct nim64_base {
  using value = std::uint64_t;
  static value zero() { return 0; }
  static value one() { return 1; }
  static bool is_zero(const value& x) { return x == 0; }
  static value from(const field_nimber& x) { return x.to_u64(); }
  static field_nimber to_field(const value& x) { return field_nimber(x); }
  static value mul(const value& a, const value& b) { return nim_mul(a, b); }
  static value square(const value& a) { return nim_square(a); }
  static value inv(const value& a) { return nim_inv(a); }
  static void add_to(value& a, const value& b) { a ^= b; }
  /// x^(2^m), m reduced below the base's degree by the caller.
  static value frobenius(value x, std::uint64_t m) {
    for (std::uint64_t i = 0; i < m; ++i) x = nim_square(x);
    return x;
  }
};

/// Base values of any width: field_nimber (slower; for coefficients of 2^64 or more).
struct wide_base {
  using value = field_nimber;
  static value zero() { return field_nimber(); }
  static value one() { return field_nimber(1); }
  static bool is_zero(const value& x) { return x.is_zero(); }
  static value from(const field_nimber& x) { return x; }
  static field_nimber to_field(const value& x) { return x; }
  static value mul(const value& a, const value& b) { return a * b; }
  static value square(const value& a) { return a.square(); }
  static value inv(const value& a) { return a.inv(); }
  static void add_to(value& a, const value& b) { a = a + b; }
  static value frobenius(value x, std::uint64_t m) {
    for (std::uint64_t i = 0; i < m; ++i) x = x.square();
    return x;
  }
};

/// The arithmetic of one tower field (see the top of this file). Not thread-safe: it keeps scratch space and caches.
template <class Base>
class tower {
 public:
  using base_type = Base;
  using value = typename Base::value;
  using element = std::vector<value>;

  /// σ^m as the tower needs it: per level, σ^m(y) = y^s·γ and the factors δ_j of σ^m(y^j) = y^(s·j mod r)·δ_j.
  struct frobenius_map {
    std::uint64_t m = 0;  // reduced modulo D
    struct level_map {
      unsigned s = 1;
      element gamma;
      bool gamma_one = true;
      std::vector<element> delta;
      std::vector<char> delta_one;
    };
    std::vector<level_map> levels;  // levels 0 .. levels.size()-1 (a map may stop below the top)
  };

  /// The least field (in base values) whose products go by the chain product (ordinal_chain_product.hpp) when its
  /// tower allows: below it the nested Karatsuba is faster (benchmarks/ordinal_nimber_benchmark.cpp).
  static constexpr std::size_t chain_product_threshold = 4096;

  /// The tower of `shape`; the fields of `chain_threshold` base values or more multiply by the chain product when
  /// their levels allow (the tests lower it to reach small fields).
  explicit tower(tower_shape shape, std::size_t chain_threshold = chain_product_threshold) : shape_(std::move(shape)) {
    const std::size_t t = shape_.levels.size();
    rho_.resize(t);
    for (std::size_t i = 0; i < t; ++i) {
      const std::size_t s = shape_.levels[i].stride;
      element one_low(s, Base::zero()), rho(s, Base::zero());
      one_low[0] = Base::one();
      rho_add(static_cast<int>(i), one_low.data(), rho.data());
      rho_[i] = std::move(rho);
    }
    zeta_powers_.resize(t);
    if constexpr (std::is_same_v<Base, nim8_base>) {
      chain_products_.resize(t);
      for (std::size_t i = 0; i < t; ++i)
        if (block_size(static_cast<int>(i)) >= chain_threshold)
          chain_products_[i] = chain_product::make(shape_, static_cast<int>(i));
    }
  }

  /// Whether the products of level i's field go by the chain product (for the tests).
  bool has_chain_product(int i) const {
    return static_cast<std::size_t>(i) < chain_products_.size() && chain_products_[static_cast<std::size_t>(i)];
  }
  /// Turns the chain products off (for the tests and the benchmark, which compare the two routes).
  void disable_chain_products() { chain_products_.clear(); }

  /// A check called between the steps of the long computations (powers, norms, Frobenius maps, degrees) and within
  /// the products of the largest fields; it throws (cancelled_error) to stop them. Long runs poll it every product or
  /// so, and every block of 2^14 values or more within one; without one, the thread's search_scope is polled there.
  void set_poll(std::function<void()> poll) const { poll_ = std::move(poll); }

  const tower_shape& shape() const noexcept { return shape_; }
  std::size_t size() const noexcept { return shape_.size; }
  int top() const noexcept { return static_cast<int>(shape_.levels.size()) - 1; }
  std::uint64_t degree() const { return shape_.degree(); }

  element zero() const { return element(size(), Base::zero()); }
  element one() const {
    element e = zero();
    e[0] = Base::one();
    return e;
  }
  bool is_one(const element& x) const { return is_one_range(x.data(), x.size()); }
  static bool is_zero(const element& x) { return zero_range(x.data(), x.size()); }

  element mul(const element& a, const element& b) const {
    element out = zero();
    guard g(*this);
    mul_rec(top(), a.data(), b.data(), out.data());
    return out;
  }
  element square(const element& a) const {
    element out = zero();
    guard g(*this);
    square_rec(top(), a.data(), out.data());
    return out;
  }
  /// x^e, e by its words (least significant first): squares (cheap here, O(N·depth)) and a sliding window of
  /// odd powers, about bits/(w+1) + 2^(w-1) products for a window of w bits.
  element pow(const element& x, std::span<const std::uint64_t> e) const {
    std::size_t bits = 64 * e.size();
    while (bits > 0 && !bit_of(e, bits - 1)) --bits;
    if (bits == 0) return one();
    const unsigned w = bits <= 8 ? 1 : bits <= 48 ? 3 : bits <= 400 ? 4 : 5;
    std::vector<element> odd{x};  // x, x^3, x^5, ..., x^(2^w - 1)
    if (w > 1) {
      const element x2 = square(x);
      for (unsigned i = 1; i < (1u << (w - 1)); ++i) odd.push_back(mul(odd.back(), x2));
    }
    element result = one();
    bool started = false;
    for (std::size_t i = bits; i > 0;) {
      if (!bit_of(e, i - 1)) {
        if (started) result = square(result);
        --i;
        continue;
      }
      // The longest window of at most w bits starting at bit i-1 and ending with a one.
      std::size_t low = i >= w ? i - w : 0;
      while (!bit_of(e, low)) ++low;
      std::uint64_t value = 0;
      for (std::size_t b = i; b > low; --b) value = value << 1 | (bit_of(e, b - 1) ? 1 : 0);
      if (started)
        for (std::size_t b = low; b < i; ++b) result = square(result);
      poll();
      result = started ? mul(result, odd[value / 2]) : odd[value / 2];
      started = true;
      i = low;
    }
    return result;
  }

  /// The inverse; domain_error for 0.
  element inverse(const element& x) const {
    int level = top();
    while (level >= 0 && zero_range(x.data() + stride(level), block_size(level) - stride(level))) --level;
    element out = zero();
    guard g(*this);
    inverse_rec(level, x.data(), out.data());
    return out;
  }

  /// σ^m (levels up to max_level, the top by default).
  frobenius_map frobenius(std::uint64_t m, int max_level = -2) const {
    if (max_level == -2) max_level = top();
    const std::uint64_t d = degree();
    m %= d;
    if (m == 0) return identity_map(max_level);
    const frobenius_map one_map = sigma_map(max_level);
    frobenius_map result = one_map;
    const int high = 63 - std::countl_zero(m);
    for (int bit = high - 1; bit >= 0; --bit) {
      poll();
      result = compose(result, result);
      if ((m >> bit) & 1) result = compose(result, one_map);
    }
    return result;
  }

  /// σ^a ∘ σ^b = σ^(a+b), up to the lower of their top levels.
  frobenius_map compose(const frobenius_map& a, const frobenius_map& b) const {
    frobenius_map c;
    c.m = static_cast<std::uint64_t>((static_cast<uint128>(a.m) + b.m) % degree());
    const std::size_t levels = std::min(a.levels.size(), b.levels.size());
    c.levels.resize(levels);
    guard g(*this);
    for (std::size_t i = 0; i < levels; ++i) {
      const tower_level& L = shape_.levels[i];
      const auto& A = a.levels[i];
      const auto& B = b.levels[i];
      auto& C = c.levels[i];
      const std::size_t s = L.stride;
      C.s = static_cast<unsigned>((static_cast<std::uint64_t>(A.s) * B.s) % L.prime);
      // γ_(a+b) = δ^a_(s_b) · σ^a(γ_b)
      element gamma(s);
      if (B.gamma_one) {
        gamma = A.delta[B.s];
      } else {
        element t(s);
        apply_rec(a, static_cast<int>(i) - 1, B.gamma.data(), t.data());
        if (A.delta_one[B.s])
          gamma = std::move(t);
        else
          mul_rec(static_cast<int>(i) - 1, t.data(), A.delta[B.s].data(), gamma.data());
      }
      set_level_map(static_cast<int>(i), C, std::move(gamma));
    }
    return c;
  }

  /// σ^m(x) for the map σ^m (which must reach the top level).
  element apply(const frobenius_map& map, const element& x) const {
    element out = zero();
    guard g(*this);
    apply_rec(map, top(), x.data(), out.data());
    return out;
  }

  /// The degree of x over GF(2): the least d dividing D with σ^d(x) = x.
  std::uint64_t degree_of(const element& x) const {
    std::uint64_t d = degree();
    for (const std::uint64_t prime : prime_factors(d)) {
      while (d % prime == 0 && apply(frobenius(d / prime), x) == x) d /= prime;
    }
    return d;
  }

  /// Where the chain of norm_to_subfield stands: the bits of t = D/f above `bit` are done and product = Π_(j < k)
  /// σ^(f·j)(x), k the number those bits make. Enough to go on from, with x (the chain's σ^(f·k) is rebuilt from k).
  struct norm_step {
    int bit = 0;          // the next bit of t to take is bit - 1; 0 when the chain is done
    std::uint64_t k = 1;  // the conjugates multiplied so far
    element product;
  };

  /// The steps the chain of norm_to_subfield takes for D/f = t: one per bit of t below its highest.
  static int norm_steps(std::uint64_t t) { return std::bit_width(t) - 1; }

  /// The norm of x down to GF(2^f) (f dividing D): Π_(j < D/f) σ^(f·j)(x), by doubling the conjugates multiplied
  /// (one product, one Frobenius map and one composition per bit of D/f). With `from`, the chain goes on from that
  /// step of an earlier run on the same x; `reached` is told each step done (norm_step.bit counting down to 0) and,
  /// when a stop (cancelled_error) interrupts a step, the last step done before the stop is rethrown.
  element norm_to_subfield(const element& x, std::uint64_t f, const norm_step* from = nullptr,
                           const std::function<void(const norm_step&, bool stopping)>& reached = {}) const {
    const std::uint64_t t = degree() / f;
    const frobenius_map step = frobenius(f);
    norm_step at{norm_steps(t), 1, x};  // product = Π_(j < k) σ^(fj)(x)
    if (from != nullptr) {
      TARTAN_ASSERT(from->bit <= at.bit && from->k >= 1 && from->k <= t && from->product.size() == x.size(),
                    "a norm goes on from a step of the same chain");
      at = *from;
    }
    frobenius_map power = at.k == 1 ? step : frobenius(f * at.k);  // σ^(fk)
    while (at.bit > 0) {
      const int bit = at.bit - 1;
      try {
        poll();
        element product = mul(at.product, apply(power, at.product));
        std::uint64_t k = at.k * 2;
        if (bit > 0) power = compose(power, power);
        if ((t >> bit) & 1) {
          product = mul(x, apply(step, product));
          ++k;
          if (bit > 0) power = compose(power, step);
        }
        at.product = std::move(product);
        at.k = k;
        at.bit = bit;
      } catch (const cancelled_error&) {
        if (reached) reached(at, true);
        throw;
      }
      if (reached) reached(at, false);
    }
    TARTAN_ASSERT(at.k == t, "the norm's chain multiplies D/f conjugates");
    return std::move(at.product);
  }

  /// The linear form v ↦ Tr(u·v) from the tower field to GF(2), ready to evaluate in O(N) (evaluate): the vector λ
  /// with Tr(u·v) = Tr_base(Σ_x λ_x·v_x). Each level is a Kummer extension of odd degree r (the field below holds the
  /// r-th roots of unity), so Tr_(F_i/F_(i-1))(y^j) = 0 for 0 < j < r and Tr_i(u·v) = Tr_(i-1)(u_0·v_0) +
  /// Σ_(j≥1) Tr_(i-1)(ρ·u_(r-j)·v_j): block j of λ is the form of ρ·u_(r-j) one level down. O(N·depth), no product.
  /// With a byte base each λ_x is kept as its mask (bit k: Tr_base(λ_x·2^k)), so that evaluating is ANDs and XORs.
  struct trace_form {
    element dual;
  };
  trace_form make_trace_form(const element& u) const {
    trace_form form{zero()};
    guard g(*this);
    dual_rec(top(), u.data(), form.dual.data());
    if constexpr (std::is_same_v<Base, nim8_base>) {
      const auto& masks = trace_masks();
      for (value& v : form.dual) v = masks[v];
    }
    return form;
  }
  /// Tr(u·v) for the form of u.
  bool evaluate(const trace_form& form, const element& v) const {
    if constexpr (std::is_same_v<Base, nim8_base>) {
      // parity of Σ_x popcount(mask_x & v_x): the XOR of the ANDs, eight values a word
      const std::size_t n = v.size();
      std::uint64_t acc = 0;
      std::size_t x = 0;
      for (; x + 8 <= n; x += 8) {
        std::uint64_t a, b;
        std::memcpy(&a, form.dual.data() + x, 8);
        std::memcpy(&b, v.data() + x, 8);
        acc ^= a & b;
      }
      for (; x < n; ++x) acc ^= static_cast<std::uint64_t>(form.dual[x] & v[x]);
      return (std::popcount(acc) & 1) != 0;
    } else {
      value sum = Base::zero();
      for (std::size_t x = 0; x < v.size(); ++x)
        if (!Base::is_zero(form.dual[x]) && !Base::is_zero(v[x])) Base::add_to(sum, Base::mul(form.dual[x], v[x]));
      return base_trace(sum);
    }
  }

  /// Whether x is a p-th power in the tower field (p an odd prime): x^((2^D-1)/p) = 1, by the norm to GF(2^f(p)).
  bool is_pth_power(const element& x, unsigned p) const {
    if (is_zero(x)) return true;
    const std::uint64_t d = degree();
    const unsigned f = order_of_two(p);
    if (d % f != 0) return true;  // p does not divide 2^D - 1: every element is a p-th power
    const std::vector<std::uint64_t> e = all_ones_over(f, p);
    // N(x)^e = N(x^e). A sparse x (Lenstra's α has two or three terms) is raised first, by squares (O(N) each) and
    // products by x itself (O(N) per term of x): then only the norm's O(log(D/f)) products are dense ones.
    std::size_t terms = 0;
    for (const value& v : x) terms += Base::is_zero(v) ? 0 : 1;
    if (terms <= 8) return is_one(norm_to_subfield(pow_binary(x, e), f));
    return is_one(pow(norm_to_subfield(x, f), e));
  }

  /// x^e by plain square-and-multiply: for a sparse x, whose products cost O(N) per term.
  element pow_binary(const element& x, std::span<const std::uint64_t> e) const {
    element result = one();
    bool started = false;
    for (std::size_t w = e.size(); w-- > 0;) {
      for (int bit = 63; bit >= 0; --bit) {
        if (started) result = square(result);
        if ((e[w] >> bit) & 1) {
          poll();
          result = started ? mul(result, x) : x;
          started = true;
        }
      }
    }
    return result;
  }

  /// The products of coefficients Karatsuba takes for n coefficients (split at ⌈n/2⌉, down to one).
  static std::size_t karatsuba_products(std::size_t n) {
    if (n <= 1) return n;
    const std::size_t m = (n + 1) / 2;
    return 2 * karatsuba_products(m) + karatsuba_products(n - m);
  }

  static bool bit_of(std::span<const std::uint64_t> e, std::size_t b) { return (e[b / 64] >> (b % 64)) & 1; }

  /// The words of (2^f - 1)/p, p dividing 2^f - 1.
  static std::vector<std::uint64_t> all_ones_over(std::uint64_t f, unsigned p) {
    std::vector<std::uint64_t> words((f + 63) / 64, ~std::uint64_t{0});
    if (f % 64 != 0) words.back() = (std::uint64_t{1} << (f % 64)) - 1;
    uint128 rem = 0;
    for (std::size_t w = words.size(); w-- > 0;) {
      const uint128 cur = (rem << 64) | words[w];
      words[w] = static_cast<std::uint64_t>(cur / p);
      rem = cur % p;
    }
    while (words.size() > 1 && words.back() == 0) words.pop_back();
    return words;
  }

  /// The distinct prime factors of n, ascending.
  static std::vector<std::uint64_t> prime_factors(std::uint64_t n) {
    std::vector<std::uint64_t> primes;
    for (std::uint64_t q = 2; q * q <= n; ++q) {
      if (n % q == 0) {
        primes.push_back(q);
        while (n % q == 0) n /= q;
      }
    }
    if (n > 1) primes.push_back(n);
    return primes;
  }

 private:
  /// The number of base values of an element of F_i (1 below level 0).
  std::size_t block_size(int i) const {
    return i < 0 ? 1
                 : shape_.levels[static_cast<std::size_t>(i)].stride * shape_.levels[static_cast<std::size_t>(i)].prime;
  }
  std::size_t stride(int i) const { return i < 0 ? 1 : shape_.levels[static_cast<std::size_t>(i)].stride; }

  static bool zero_range(const value* x, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      if (!Base::is_zero(x[i])) return false;
    return true;
  }
  static bool is_one_range(const value* x, std::size_t n) {
    if (!(x[0] == Base::one())) return false;
    return zero_range(x + 1, n - 1);
  }
  static void xor_range(value* dst, const value* src, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) Base::add_to(dst[i], src[i]);
  }
  static void zero_fill(value* dst, std::size_t n) { std::fill(dst, dst + n, Base::zero()); }

  // ---- scratch: a stack of base values, grown before a top-level operation and released by its guard ----------
  value* alloc(std::size_t n) const {
    if (scratch_top_ + n > scratch_.size()) throw std::logic_error("tower scratch space exhausted");
    value* p = scratch_.data() + scratch_top_;
    scratch_top_ += n;
    return p;
  }
  struct guard {
    explicit guard(const tower& t) : t_(t), mark_(t.scratch_top_) {
      if (t.scratch_.empty()) t.scratch_.assign(24 * t.size() + 64 * (t.shape_.levels.size() + 1), Base::zero());
    }
    ~guard() { t_.scratch_top_ = mark_; }
    guard(const guard&) = delete;
    guard& operator=(const guard&) = delete;
    const tower& t_;
    std::size_t mark_;
  };
  struct release {
    explicit release(const tower& t) : t_(t), mark_(t.scratch_top_) {}
    ~release() { t_.scratch_top_ = mark_; }
    release(const release&) = delete;
    release& operator=(const release&) = delete;
    const tower& t_;
    std::size_t mark_;
  };

  // ---- the relations --------------------------------------------------------------------------------------------

  /// dst += ρ_i·src, both elements of F_(i-1) (stride(i) values, not overlapping).
  void rho_add(int i, const value* src, value* dst) const {
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t s = L.stride;
    if (!L.constant.is_zero()) {
      const value c = Base::from(L.constant);
      if (c == Base::one()) {
        xor_range(dst, src, s);
      } else {
        for (std::size_t x = 0; x < s; ++x)
          if (!Base::is_zero(src[x])) Base::add_to(dst[x], Base::mul(c, src[x]));
      }
    }
    for (const unsigned g : L.generators) generator_add(static_cast<int>(g), src, dst, s);
  }

  /// dst += y_l·src over `len` values (len a multiple of block_size(l)): each block is an element of F_l.
  void generator_add(int l, const value* src, value* dst, std::size_t len) const {
    const tower_level& L = shape_.levels[static_cast<std::size_t>(l)];
    const std::size_t b = L.stride, r = L.prime, whole = b * r;
    for (std::size_t off = 0; off < len; off += whole) {
      for (std::size_t d = 0; d + 1 < r; ++d) xor_range(dst + off + (d + 1) * b, src + off + d * b, b);
      rho_add(l, src + off + (r - 1) * b, dst + off);
    }
  }

  // ---- the trace form -------------------------------------------------------------------------------------------

  /// λ for u at level i (make_trace_form), base values.
  void dual_rec(int i, const value* u, value* out) const {
    if (i < 0) {
      out[0] = u[0];
      return;
    }
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride;
    dual_rec(i - 1, u, out);
    release rel(*this);
    value* t = alloc(s);
    for (std::size_t j = 1; j < r; ++j) {
      zero_fill(t, s);
      rho_add(i, u + (r - j) * s, t);
      dual_rec(i - 1, t, out + j * s);
    }
  }

  /// Tr from the base GF(2^(2^b)) to GF(2): w + w^2 + w^4 + ... (2^b terms), 0 or 1.
  bool base_trace(value w) const {
    value sum = Base::zero(), power = w;
    for (unsigned k = 0; k < (1u << shape_.base_log); ++k) {
      Base::add_to(sum, power);
      power = Base::square(power);
    }
    return !Base::is_zero(sum);
  }

  /// Per byte value λ of the base: the mask whose bit k is Tr_base(λ·2^k), so Tr_base(λ·v) = parity(mask & v).
  const std::array<std::uint8_t, 256>& trace_masks() const {
    if (!trace_masks_) {
      auto masks = std::make_shared<std::array<std::uint8_t, 256>>();
      const unsigned bits = 1u << shape_.base_log;
      for (unsigned l = 0; l < (bits >= 8 ? 256u : 1u << bits); ++l)
        for (unsigned k = 0; k < bits && k < 8; ++k)
          if (base_trace(Base::mul(static_cast<value>(l), static_cast<value>(1u << k))))
            (*masks)[l] = static_cast<std::uint8_t>((*masks)[l] | (1u << k));
      trace_masks_ = std::move(masks);
    }
    return *trace_masks_;
  }

  // ---- products -------------------------------------------------------------------------------------------------

  void mul_rec(int i, const value* a, const value* b, value* out) const {
    if (i < 0) {
      out[0] = Base::mul(a[0], b[0]);
      return;
    }
    if constexpr (std::is_same_v<Base, nim8_base>) {
      if (has_chain_product(i)) {
        // Fast multiplication of binary polynomials, unless an operand is sparse (a power of a generator, say),
        // where the schoolbook below costs O(N) per term.
        const std::size_t n = block_size(i);
        const auto terms = [n](const value* x) {
          std::size_t count = 0;
          for (std::size_t j = 0; j < n && count <= 32; ++j) count += Base::is_zero(x[j]) ? 0 : 1;
          return count;
        };
        if (terms(a) > 32 && terms(b) > 32) {
          chain_products_[static_cast<std::size_t>(i)]->multiply(a, b, out);
          return;
        }
      }
    }
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride;
    if (s == 1 && r <= 31) {
      // The bottom level, coefficients in the base: schoolbook on the stack, then y^r = constant.
      value t[61];
      std::fill(t, t + 2 * r - 1, Base::zero());
      for (std::size_t u = 0; u < r; ++u) {
        if (Base::is_zero(a[u])) continue;
        for (std::size_t v = 0; v < r; ++v) Base::add_to(t[u + v], Base::mul(a[u], b[v]));
      }
      const value c = Base::from(L.constant);
      for (std::size_t k = 2 * r - 2; k >= r; --k) Base::add_to(t[k - r], Base::mul(c, t[k]));
      std::copy(t, t + r, out);
      return;
    }
    release rel(*this);
    value* t = alloc((2 * r - 1) * s);
    if (s == 1) {
      zero_fill(t, 2 * r - 1);
      for (std::size_t u = 0; u < r; ++u) {
        if (Base::is_zero(a[u])) continue;
        for (std::size_t v = 0; v < r; ++v)
          if (!Base::is_zero(b[v])) Base::add_to(t[u + v], Base::mul(a[u], b[v]));
      }
    } else {
      karatsuba(i, r, a, b, t);
    }
    for (std::size_t k = 2 * r - 2; k >= r; --k) rho_add(i, t + k * s, t + (k - r) * s);
    std::copy(t, t + r * s, out);
  }

  /// c = a·b as polynomials of n coefficients in F_(i-1) (blocks of stride(i)); c has 2n-1 blocks, all written.
  void karatsuba(int i, std::size_t n, const value* a, const value* b, value* c) const {
    const std::size_t s = stride(i);
    if (n * s >= (std::size_t{1} << 14)) poll();  // a product in a large field takes seconds: poll within it
    if (n == 1) {
      mul_rec(i - 1, a, b, c);
      return;
    }
    release rel(*this);
    // Schoolbook when the operands are sparse enough (a power of one generator, say): the products of non-zero
    // coefficients only, fewer than Karatsuba's.
    std::size_t nonzero_a = 0, nonzero_b = 0;
    for (std::size_t u = 0; u < n; ++u) {
      nonzero_a += zero_range(a + u * s, s) ? 0 : 1;
      nonzero_b += zero_range(b + u * s, s) ? 0 : 1;
    }
    if (nonzero_a * nonzero_b <= karatsuba_products(n)) {
      zero_fill(c, (2 * n - 1) * s);
      value* t = alloc(s);
      for (std::size_t u = 0; u < n; ++u) {
        if (zero_range(a + u * s, s)) continue;
        for (std::size_t v = 0; v < n; ++v) {
          if (zero_range(b + v * s, s)) continue;
          mul_rec(i - 1, a + u * s, b + v * s, t);
          xor_range(c + (u + v) * s, t, s);
        }
      }
      return;
    }
    const std::size_t m = (n + 1) / 2, h = n - m;
    karatsuba(i, m, a, b, c);                              // c[0, 2m-1)
    zero_fill(c + (2 * m - 1) * s, s);                     // c[2m-1]
    karatsuba(i, h, a + m * s, b + m * s, c + 2 * m * s);  // c[2m, 2n-1)
    value* sa = alloc(m * s);
    value* sb = alloc(m * s);
    std::copy(a, a + m * s, sa);
    std::copy(b, b + m * s, sb);
    xor_range(sa, a + m * s, h * s);
    xor_range(sb, b + m * s, h * s);
    value* mid = alloc((2 * m - 1) * s);
    karatsuba(i, m, sa, sb, mid);
    xor_range(mid, c, (2 * m - 1) * s);
    xor_range(mid, c + 2 * m * s, (2 * h - 1) * s);
    xor_range(c + m * s, mid, (2 * m - 1) * s);
  }

  void square_rec(int i, const value* x, value* out) const {
    if (i < 0) {
      out[0] = Base::square(x[0]);
      return;
    }
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride;
    zero_fill(out, r * s);
    release rel(*this);
    value* t = alloc(s);
    for (std::size_t j = 0; j < r; ++j) {
      if (zero_range(x + j * s, s)) continue;
      if (2 * j < r) {
        square_rec(i - 1, x + j * s, out + 2 * j * s);
      } else {
        square_rec(i - 1, x + j * s, t);
        rho_add(i, t, out + (2 * j - r) * s);
      }
    }
  }

  // ---- Frobenius maps -------------------------------------------------------------------------------------------

  frobenius_map identity_map(int max_level) const {
    frobenius_map map;
    map.levels.resize(static_cast<std::size_t>(max_level + 1));
    for (int i = 0; i <= max_level; ++i) {
      auto& M = map.levels[static_cast<std::size_t>(i)];
      const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
      element one_low(L.stride, Base::zero());
      one_low[0] = Base::one();
      M.s = 1;
      M.gamma = one_low;
      M.gamma_one = true;
      M.delta.assign(L.prime, one_low);
      M.delta_one.assign(L.prime, 1);
    }
    return map;
  }

  /// σ: σ(y) = y^2, γ = 1, δ_j = ρ^⌊2j/r⌋.
  frobenius_map sigma_map(int max_level) const {
    frobenius_map map;
    map.m = 1 % degree();
    map.levels.resize(static_cast<std::size_t>(max_level + 1));
    guard g(*this);
    for (int i = 0; i <= max_level; ++i) {
      const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
      element one_low(L.stride, Base::zero());
      one_low[0] = Base::one();
      auto& M = map.levels[static_cast<std::size_t>(i)];
      M.s = 2;
      set_level_map(i, M, std::move(one_low));
    }
    return map;
  }

  /// Fills the δ table of a level map from its s and γ: (y^s·γ)^j = y^(s·j mod r)·δ_j, δ_j = δ_(j-1)·γ·(ρ if the
  /// exponent wraps).
  void set_level_map(int i, typename frobenius_map::level_map& M, element gamma) const {
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t s = L.stride, r = L.prime;
    M.gamma_one = is_one_range(gamma.data(), s);
    M.gamma = std::move(gamma);
    M.delta.assign(r, element());
    M.delta_one.assign(r, 0);
    element one_low(s, Base::zero());
    one_low[0] = Base::one();
    M.delta[0] = one_low;
    M.delta_one[0] = 1;
    std::size_t exponent = 0;
    element t(s);
    for (std::size_t j = 1; j < r; ++j) {
      element d(s, Base::zero());
      if (M.gamma_one) {
        d = M.delta[j - 1];
      } else if (M.delta_one[j - 1]) {
        d = M.gamma;
      } else {
        mul_rec(i - 1, M.delta[j - 1].data(), M.gamma.data(), d.data());
      }
      exponent += M.s;
      if (exponent >= r) {
        exponent -= r;
        zero_fill(t.data(), s);
        rho_add(i, d.data(), t.data());
        d.swap(t);
      }
      M.delta_one[j] = is_one_range(d.data(), s);
      M.delta[j] = std::move(d);
    }
  }

  void apply_rec(const frobenius_map& map, int i, const value* x, value* out) const {
    if (block_size(i) >= (std::size_t{1} << 14)) poll();
    if (i < 0) {
      const std::uint64_t base_degree = std::uint64_t{1} << shape_.base_log;
      out[0] = Base::frobenius(x[0], map.m % base_degree);
      return;
    }
    const auto& M = map.levels[static_cast<std::size_t>(i)];
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride;
    release rel(*this);
    value* t = alloc(s);
    for (std::size_t j = 0; j < r; ++j) {
      value* target = out + ((static_cast<std::size_t>(M.s) * j) % r) * s;
      if (zero_range(x + j * s, s)) {
        zero_fill(target, s);
      } else if (M.delta_one[j]) {
        apply_rec(map, i - 1, x + j * s, target);
      } else {
        apply_rec(map, i - 1, x + j * s, t);
        mul_rec(i - 1, t, M.delta[j].data(), target);
      }
    }
  }

  // ---- inverses -------------------------------------------------------------------------------------------------

  /// ζ^0 .. ζ^(r-1) for level i: τ(y_i) = ζ·y_i, τ = σ^(deg F_(i-1)).
  const std::vector<element>& zeta_powers(int i) const {
    auto& cached = zeta_powers_[static_cast<std::size_t>(i)];
    if (!cached.empty()) return cached;
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::uint64_t low_degree = (std::uint64_t{1} << shape_.base_log) * L.stride;
    const frobenius_map tau = frobenius(low_degree, i);
    const auto& M = tau.levels[static_cast<std::size_t>(i)];
    TARTAN_ASSERT(M.s == 1, "the field below a level holds its r-th roots of unity");
    cached = M.delta;  // δ_j = ζ^j when s = 1
    return cached;
  }

  /// out = τ^k(x) at level i: block j times ζ^(j·k mod r).
  void tau_rec(int i, std::uint64_t k, const value* x, value* out) const {
    if (block_size(i) >= (std::size_t{1} << 14)) poll();
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride;
    const auto& zeta = zeta_powers(i);
    std::copy(x, x + s, out);
    for (std::size_t j = 1; j < r; ++j) {
      const std::size_t e = static_cast<std::size_t>((j * (k % r)) % r);
      if (e == 0)
        std::copy(x + j * s, x + (j + 1) * s, out + j * s);
      else
        mul_rec(i - 1, x + j * s, zeta[e].data(), out + j * s);
    }
  }

  void inverse_rec(int i, const value* x, value* out) const {
    if (block_size(i) >= (std::size_t{1} << 14)) poll();
    if (i < 0) {
      out[0] = Base::inv(x[0]);
      return;
    }
    const tower_level& L = shape_.levels[static_cast<std::size_t>(i)];
    const std::size_t r = L.prime, s = L.stride, n = r * s;
    if (zero_range(x + s, n - s)) {  // x lies in F_(i-1)
      zero_fill(out + s, n - s);
      inverse_rec(i - 1, x, out);
      return;
    }
    release rel(*this);
    value* q = alloc(n);  // Π_(j=1..k) τ^j(x)
    value* t = alloc(n);
    value* u = alloc(n);
    tau_rec(i, 1, x, q);
    std::uint64_t k = 1;
    const std::uint64_t target = r - 1;
    const int high = 63 - std::countl_zero(target);
    for (int bit = high - 1; bit >= 0; --bit) {
      tau_rec(i, k, q, t);
      mul_rec(i, q, t, u);
      std::copy(u, u + n, q);
      k *= 2;
      if ((target >> bit) & 1) {
        tau_rec(i, k + 1, x, t);
        mul_rec(i, q, t, u);
        std::copy(u, u + n, q);
        ++k;
      }
    }
    mul_rec(i, x, q, u);  // the norm, in F_(i-1)
    TARTAN_ASSERT(zero_range(u + s, n - s), "the norm of a tower element lies in the field below");
    value* norm_inverse = alloc(s);
    inverse_rec(i - 1, u, norm_inverse);
    for (std::size_t j = 0; j < r; ++j) mul_rec(i - 1, q + j * s, norm_inverse, out + j * s);
  }

  /// The caller's check when it set one (which polls the search scope itself: Lenstra's constants name their stage),
  /// else the search_scope of this thread (search_stop.hpp: a deadline, a cancel): a stopped computation throws
  /// cancelled_error, and the caller's search_stop says whether the deadline or a cancel ended it.
  void poll() const {
    if (poll_) {
      poll_();
    } else if (!keep_searching_now()) {
      throw cancelled_error("the computation in the tower field was stopped");
    }
  }

  tower_shape shape_;
  std::vector<element> rho_;  // ρ_i as elements of F_(i-1)
  mutable std::function<void()> poll_;
  mutable std::vector<std::vector<element>> zeta_powers_;
  std::vector<std::shared_ptr<const chain_product>> chain_products_;          // per level, when it has one
  mutable std::shared_ptr<const std::array<std::uint8_t, 256>> trace_masks_;  // trace_masks(), built once
  mutable std::vector<value> scratch_;
  mutable std::size_t scratch_top_ = 0;
};

}  // namespace tartan::detail
