// The chain product of ordinal_chain_product.hpp: the split of a tower into a chain over a foot, the polynomial basis
// of the foot's field, the Taylor-shift conversions and the one product of binary polynomials
// (binary_polynomial.hpp: the additive FFT at these sizes).
#include "nim/ordinal_chain_product.hpp"

#include <algorithm>
#include <bit>
#include <new>
#include <random>
#include <stdexcept>
#include <utility>

#include "nim/binary_polynomial_kernels.hpp"
#include "nim/ordinal_tower.hpp"
#include "tartan/nim/binary_polynomial.hpp"

namespace tartan::detail {

namespace {

bool test_bit(const std::uint64_t* x, std::size_t i) { return (x[i / 64] >> (i % 64)) & 1; }
void flip_bit(std::uint64_t* x, std::size_t i) { x[i / 64] ^= std::uint64_t{1} << (i % 64); }

/// dst[bits offset .. offset+count) ^= src[bits 0 .. count).
void xor_bits_at(std::uint64_t* dst, std::size_t offset, const std::uint64_t* src, std::size_t count) {
  const std::size_t word = offset / 64, shift = offset % 64;
  const std::size_t src_words = (count + 63) / 64;
  for (std::size_t i = 0; i < src_words; ++i) {
    std::uint64_t v = src[i];
    if (i + 1 == src_words && count % 64 != 0) v &= (std::uint64_t{1} << (count % 64)) - 1;
    dst[word + i] ^= v << shift;
    if (shift != 0 && (v >> (64 - shift)) != 0) dst[word + i + 1] ^= v >> (64 - shift);
  }
}

/// dst[bits 0 .. count) = src[bits offset .. offset+count), dst's words beyond cleared.
void read_bits_at(const std::uint64_t* src, std::size_t offset, std::size_t count, std::uint64_t* dst,
                  std::size_t dst_words) {
  const std::size_t word = offset / 64, shift = offset % 64;
  const std::size_t words = (count + 63) / 64;
  for (std::size_t i = 0; i < dst_words; ++i) dst[i] = 0;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint64_t v = src[word + i] >> shift;
    if (shift != 0 && (count > 64 * i + (64 - shift))) v |= src[word + i + 1] << (64 - shift);
    if (i + 1 == words && count % 64 != 0) v &= (std::uint64_t{1} << (count % 64)) - 1;
    dst[i] = v;
  }
}

/// The product of the primes of a level and of every level its relation needs.
std::size_t closure_size(const tower_shape& shape, unsigned level) {
  std::vector<char> seen(shape.levels.size(), 0);
  std::vector<unsigned> stack{level};
  std::size_t size = 1;
  while (!stack.empty()) {
    const unsigned l = stack.back();
    stack.pop_back();
    if (seen[l]) continue;
    seen[l] = 1;
    size *= shape.levels[l].prime;
    for (const unsigned g : shape.levels[l].generators) stack.push_back(g);
  }
  return size;
}

/// Gauss-Jordan inverse of a d×d matrix over GF(2) given by its rows (w words each); false when singular.
bool invert(std::vector<std::uint64_t> rows, std::size_t d, std::size_t w, std::vector<std::uint64_t>& inverse) {
  inverse.assign(d * w, 0);
  for (std::size_t r = 0; r < d; ++r) flip_bit(&inverse[r * w], r);
  for (std::size_t col = 0; col < d; ++col) {
    std::size_t pivot = col;
    while (pivot < d && !test_bit(&rows[pivot * w], col)) ++pivot;
    if (pivot == d) return false;
    if (pivot != col) {
      for (std::size_t i = 0; i < w; ++i) {
        std::swap(rows[pivot * w + i], rows[col * w + i]);
        std::swap(inverse[pivot * w + i], inverse[col * w + i]);
      }
    }
    for (std::size_t r = 0; r < d; ++r) {
      if (r == col || !test_bit(&rows[r * w], col)) continue;
      for (std::size_t i = 0; i < w; ++i) {
        rows[r * w + i] ^= rows[col * w + i];
        inverse[r * w + i] ^= inverse[col * w + i];
      }
    }
  }
  return true;
}

/// out = M·x over GF(2), M by its d rows of w words, x of w words.
void apply_rows(const std::uint64_t* rows, std::size_t d, std::size_t w, const std::uint64_t* x, std::uint64_t* out) {
  for (std::size_t i = 0; i < w; ++i) out[i] = 0;
  for (std::size_t r = 0; r < d; ++r) {
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < w; ++i) acc ^= rows[r * w + i] & x[i];
    if (std::popcount(acc) & 1) flip_bit(out, r);
  }
}

/// x ↦ XOR_j map[j][byte j of x]: a GF(2)-linear map of 64-bit words by 8 lookups.
std::uint64_t apply_map(const std::array<std::array<std::uint64_t, 256>, 8>& map, std::uint64_t x) {
  std::uint64_t out = 0;
  for (int j = 0; j < 8 && x != 0; ++j, x >>= 8) out ^= map[static_cast<std::size_t>(j)][x & 0xff];
  return out;
}

/// The byte tables of the map whose column c (the image of bit c) is column(c), for c < inputs ≤ 64.
template <class Column>
std::unique_ptr<std::array<std::array<std::uint64_t, 256>, 8>> byte_map(std::size_t inputs, Column column) {
  auto map = std::make_unique<std::array<std::array<std::uint64_t, 256>, 8>>();
  for (std::size_t j = 0; j < 8; ++j)
    for (unsigned b = 0; b < 256; ++b) {
      std::uint64_t out = 0;
      for (std::size_t i = 0; i < 8; ++i)
        if (((b >> i) & 1) != 0 && 8 * j + i < inputs) out ^= column(8 * j + i);
      (*map)[j][b] = out;
    }
  return map;
}

}  // namespace

chain_product::~chain_product() = default;

template <>
void chain_product::b_mul<std::uint64_t>(const std::uint64_t* x, const std::uint64_t* y, std::uint64_t* out) const;

std::unique_ptr<chain_product> chain_product::make(const tower_shape& shape, int level) {
  if (shape.base_log > 3 || level < 0) return nullptr;
  const std::size_t levels = static_cast<std::size_t>(level) + 1;
  // The chain: from the level down through the generator of the largest field, then shortened from the bottom until
  // its relations and the foot's fit the representation.
  std::vector<unsigned> chain{static_cast<unsigned>(level)};
  while (true) {
    const auto& gens = shape.levels[chain.back()].generators;
    if (gens.empty()) break;
    unsigned best = gens.front();
    for (const unsigned g : gens)
      if (closure_size(shape, g) > closure_size(shape, best)) best = g;
    chain.push_back(best);
  }
  std::reverse(chain.begin(), chain.end());  // L_1 first
  std::vector<char> in_chain(levels, 0);
  for (const unsigned l : chain) in_chain[l] = 1;
  const auto valid = [&] {
    for (std::size_t l = 0; l < levels; ++l) {
      if (in_chain[l]) continue;
      for (const unsigned g : shape.levels[l].generators)
        if (in_chain[g]) return false;  // the foot must be closed
    }
    for (std::size_t k = 0; k < chain.size(); ++k) {
      for (const unsigned g : shape.levels[chain[k]].generators)
        if (in_chain[g] && (k == 0 || g != chain[k - 1])) return false;
      if (k > 0) {
        const auto& gens = shape.levels[chain[k]].generators;
        if (std::find(gens.begin(), gens.end(), chain[k - 1]) == gens.end()) return false;
      }
    }
    return true;
  };
  while (!chain.empty() && !valid()) {
    in_chain[chain.front()] = 0;
    chain.erase(chain.begin());
  }
  if (chain.empty()) return nullptr;

  std::unique_ptr<chain_product> p(new chain_product());
  p->base_bits_ = std::size_t{1} << shape.base_log;
  // The foot as a tower of its own (its levels in order, their generators renumbered).
  tower_shape foot;
  foot.base_log = shape.base_log;
  std::vector<int> foot_index(levels, -1);
  std::size_t foot_size = 1;
  for (std::size_t l = 0; l < levels; ++l) {
    if (in_chain[l]) continue;
    tower_level fl = shape.levels[l];
    fl.stride = foot_size;
    for (unsigned& g : fl.generators) g = static_cast<unsigned>(foot_index[g]);
    foot_index[l] = static_cast<int>(foot.levels.size());
    foot.levels.push_back(std::move(fl));
    foot_size *= shape.levels[l].prime;
  }
  foot.size = foot_size;
  p->foot_size_ = foot_size;
  p->d_ = p->base_bits_ * foot_size;
  if (p->d_ > max_foot_degree) return nullptr;
  const std::size_t d = p->d_, w = (d + 63) / 64;
  p->w_ = w;
  for (const unsigned l : chain) p->primes_.push_back(shape.levels[l].prime);
  p->degrees_.assign(1, 1);
  for (const unsigned r : p->primes_) p->degrees_.push_back(p->degrees_.back() * r);
  p->n_ = p->degrees_.back();

  // Offsets: the chain index and the foot index to the tower's.
  p->chain_offset_.assign(1, 0);
  for (const unsigned l : chain) {
    std::vector<std::size_t> next;
    next.reserve(p->chain_offset_.size() * shape.levels[l].prime);
    for (unsigned digit = 0; digit < shape.levels[l].prime; ++digit)
      for (const std::size_t o : p->chain_offset_) next.push_back(o + digit * shape.levels[l].stride);
    p->chain_offset_ = std::move(next);
  }
  p->foot_offset_.assign(1, 0);
  for (std::size_t l = 0; l < levels; ++l) {
    if (in_chain[l]) continue;
    std::vector<std::size_t> next;
    for (unsigned digit = 0; digit < shape.levels[l].prime; ++digit)
      for (const std::size_t o : p->foot_offset_) next.push_back(o + digit * shape.levels[l].stride);
    p->foot_offset_ = std::move(next);
  }

  // A polynomial basis of B: the powers of a seeded random element, until they are independent.
  const tower<nim8_base> field(foot);
  const auto bits_of = [&](const std::vector<std::uint8_t>& x, std::uint64_t* out) {
    for (std::size_t i = 0; i < w; ++i) out[i] = 0;
    for (std::size_t f = 0; f < foot_size; ++f)
      for (std::size_t b = 0; b < p->base_bits_; ++b)
        if ((x[f] >> b) & 1) flip_bit(out, f * p->base_bits_ + b);
  };
  std::mt19937_64 rng(2026);
  std::vector<std::uint64_t> theta_d(w);
  bool found = false;
  for (int attempt = 0; attempt < 64 && !found; ++attempt) {
    std::vector<std::uint8_t> theta(foot_size);
    for (auto& v : theta) v = static_cast<std::uint8_t>(rng() & ((std::uint64_t{1} << p->base_bits_) - 1));
    std::vector<std::uint64_t> rows(d * w, 0);  // row r, bit e: bit r of θ^e
    std::vector<std::uint8_t> power = field.one();
    std::vector<std::uint64_t> column(w);
    for (std::size_t e = 0; e <= d; ++e) {
      bits_of(power, column.data());
      if (e == d) {
        theta_d = column;
        break;
      }
      for (std::size_t r = 0; r < d; ++r)
        if (test_bit(column.data(), r)) flip_bit(&rows[r * w], e);
      power = field.mul(power, theta);
    }
    p->to_tower_rows_ = rows;
    found = invert(rows, d, w, p->to_poly_rows_);
  }
  if (!found) return nullptr;
  // m(t): t^d in the basis; the rows t^(d+i) mod m for the reduction of products.
  std::vector<std::uint64_t> m(w);
  apply_rows(p->to_poly_rows_.data(), d, w, theta_d.data(), m.data());
  p->reduce_rows_.assign((d > 1 ? d - 1 : 0) * w, 0);
  std::vector<std::uint64_t> row = m;
  for (std::size_t i = 0; i + 1 < d; ++i) {
    std::copy(row.begin(), row.end(), p->reduce_rows_.begin() + static_cast<std::ptrdiff_t>(i * w));
    // row ← t·row mod m
    const bool top = test_bit(row.data(), d - 1);
    for (std::size_t j = w; j-- > 0;) row[j] = (row[j] << 1) | (j > 0 ? row[j - 1] >> 63 : 0);
    if (d % 64 != 0) row[w - 1] &= (std::uint64_t{1} << (d % 64)) - 1;
    if (top)
      for (std::size_t j = 0; j < w; ++j) row[j] ^= m[j];
  }

  // The chain's constants c_k in B: the foot part of each relation.
  p->constants_.assign(chain.size() * w, 0);
  p->constant_kind_.assign(chain.size(), 0);
  for (std::size_t k = 0; k < chain.size(); ++k) {
    const tower_level& L = shape.levels[chain[k]];
    std::vector<std::uint8_t> c(foot_size, 0);
    c[0] = nim8_base::from(L.constant);
    for (const unsigned g : L.generators)
      if (!in_chain[g]) c[foot.levels[static_cast<std::size_t>(foot_index[g])].stride] ^= 1;
    std::vector<std::uint64_t> bits(w);
    bits_of(c, bits.data());
    apply_rows(p->to_poly_rows_.data(), d, w, bits.data(), &p->constants_[k * w]);
    const std::uint64_t* ck = &p->constants_[k * w];
    bool zero = true, one = test_bit(ck, 0);
    for (std::size_t i = 0; i < d; ++i) {
      if (i > 0 && test_bit(ck, i)) one = false;
      if (test_bit(ck, i)) zero = false;
    }
    p->constant_kind_[k] = zero ? 0 : one ? 1 : 2;
  }
  // Powers c^i and c^(-i) for the Taylor shifts by another constant (i below twice the level's degree below).
  p->power_offset_.assign(chain.size(), 0);
  for (std::size_t k = 0; k < chain.size(); ++k) {
    if (p->constant_kind_[k] != 2) continue;
    const std::size_t count = 2 * p->degrees_[k] + 2;
    p->power_offset_[k] = p->constant_powers_.size() / w;
    const std::uint64_t* c = &p->constants_[k * w];
    // c^(-1) = c^(2^d - 2): d-1 squares and products.
    std::vector<std::uint64_t> inv(w, 0), sq(c, c + w), t(w);
    inv[0] = 1;
    for (std::size_t i = 1; i < d; ++i) {
      p->b_mul(sq.data(), sq.data(), t.data());
      sq = t;
      p->b_mul(inv.data(), sq.data(), t.data());
      inv = t;
    }
    for (const std::uint64_t* factor : {c, static_cast<const std::uint64_t*>(inv.data())}) {
      std::vector<std::uint64_t> power(w, 0);
      power[0] = 1;
      for (std::size_t i = 0; i < count; ++i) {
        p->constant_powers_.insert(p->constant_powers_.end(), power.begin(), power.end());
        p->b_mul(power.data(), factor, t.data());
        power = t;
      }
    }
  }
  if (d <= 8) {
    // The byte forms (w = 1): B's products, the foot's bits to the polynomial basis and back, the constants' powers.
    const std::size_t values = std::size_t{1} << d;
    p->byte_products_.assign(256 * 256, 0);
    p->byte_to_poly_.assign(256, 0);
    p->byte_to_tower_.assign(256, 0);
    for (std::uint64_t x = 0; x < values; ++x) {
      std::uint64_t out = 0;
      apply_rows(p->to_poly_rows_.data(), d, 1, &x, &out);
      p->byte_to_poly_[x] = static_cast<std::uint8_t>(out);
      apply_rows(p->to_tower_rows_.data(), d, 1, &x, &out);
      p->byte_to_tower_[x] = static_cast<std::uint8_t>(out);
      for (std::uint64_t y = 0; y < values; ++y) {
        p->b_mul(&x, &y, &out);
        p->byte_products_[x * 256 + y] = static_cast<std::uint8_t>(out);
      }
    }
    p->byte_powers_.assign(p->constant_powers_.begin(), p->constant_powers_.end());
  } else if (w == 1) {
    // Columns of the row-given maps (bit r of the output = parity(row_r & x)): column c has bit r = bit c of row_r.
    const auto columns_of = [d](const words& rows) {
      return [&rows, d](std::size_t c) {
        std::uint64_t column = 0;
        for (std::size_t r = 0; r < d; ++r) column |= ((rows[r] >> c) & 1) << r;
        return column;
      };
    };
    p->word_to_poly_ = byte_map(d, columns_of(p->to_poly_rows_));
    p->word_to_tower_ = byte_map(d, columns_of(p->to_tower_rows_));
    p->word_reduce_ = byte_map(d - 1, [&](std::size_t i) { return p->reduce_rows_[i]; });
  }
  return p;
}

template <>
void chain_product::b_mul<std::uint64_t>(const std::uint64_t* x, const std::uint64_t* y, std::uint64_t* out) const {
  const std::size_t w = w_, d = d_;
  if (word_reduce_) {
    // One carry-less product of degree ≤ 2d - 2, and the bits above t^d reduced by the table.
    std::uint64_t lo = 0, hi = 0;
    gf64_kernel_for_cpu().clmul(x[0], y[0], lo, hi);
    const std::uint64_t high = d == 64 ? hi : (lo >> d) | (hi << (64 - d));
    const std::uint64_t low = d == 64 ? lo : lo & ((std::uint64_t{1} << d) - 1);
    out[0] = low ^ apply_map(*word_reduce_, high);
    return;
  }
  std::uint64_t wide[2 * (max_foot_degree / 64) + 2] = {};
  for (std::size_t i = 0; i < d; ++i) {
    if (!test_bit(x, i)) continue;
    const std::size_t word = i / 64, shift = i % 64;
    for (std::size_t j = 0; j < w; ++j) {
      wide[word + j] ^= y[j] << shift;
      if (shift != 0) wide[word + j + 1] ^= y[j] >> (64 - shift);
    }
  }
  for (std::size_t j = 0; j < w; ++j) out[j] = wide[j];
  if (d % 64 != 0) out[w - 1] &= (std::uint64_t{1} << (d % 64)) - 1;
  for (std::size_t i = 0; i + 1 < d; ++i)
    if (test_bit(wide, d + i))
      for (std::size_t j = 0; j < w; ++j) out[j] ^= reduce_rows_[i * w + j];
}

template <>
void chain_product::b_mul<std::uint8_t>(const std::uint8_t* x, const std::uint8_t* y, std::uint8_t* out) const {
  *out = byte_products_[std::size_t{*x} * 256 + *y];
}

template <>
const std::uint64_t* chain_product::powers<std::uint64_t>() const {
  return constant_powers_.data();
}

template <>
const std::uint8_t* chain_product::powers<std::uint8_t>() const {
  return byte_powers_.data();
}

template <class C>
void chain_product::taylor_shift(std::vector<C>& poly, std::size_t length, std::size_t k) const {
  // poly(Z) ← poly(Z + c_k), c_k the constant of chain level k (1-based): in characteristic 2 the shift by 1 sends
  // coefficient i to every j ⊆ i (Lucas), the superset sums; by another c, conjugated by the scaling Z → cZ.
  const char kind = constant_kind_[k - 1];
  if (kind == 0 || length <= 1) return;
  const std::size_t w = stride<C>();
  std::vector<C> t(w);
  const C* scale = kind == 2 ? powers<C>() + power_offset_[k - 1] * w : nullptr;
  const std::size_t count = 2 * degrees_[k - 1] + 2;
  if (kind == 2) {
    for (std::size_t i = 1; i < length; ++i) {
      b_mul(&poly[i * w], scale + i * w, t.data());
      std::copy(t.begin(), t.end(), poly.begin() + static_cast<std::ptrdiff_t>(i * w));
    }
  }
  const std::size_t padded = std::bit_ceil(length);
  if (poly.size() < padded * w) poly.resize(padded * w, 0);
  for (std::size_t step = 1; step < padded; step *= 2)
    for (std::size_t j = 0; j < padded; ++j)
      if (!(j & step))
        for (std::size_t i = 0; i < w; ++i) poly[j * w + i] ^= poly[(j | step) * w + i];
  if (kind == 2) {
    for (std::size_t i = 1; i < length; ++i) {
      b_mul(&poly[i * w], scale + (count + i) * w, t.data());
      std::copy(t.begin(), t.end(), poly.begin() + static_cast<std::ptrdiff_t>(i * w));
    }
  }
}

template <class C>
void chain_product::to_poly(std::size_t k, const C* tower, C* poly) const {
  const std::size_t w = stride<C>();
  if (k == 1) {
    std::copy(tower, tower + degrees_[1] * w, poly);
    return;
  }
  const std::size_t r = primes_[k - 1], below = degrees_[k - 1];
  std::vector<C> part(std::bit_ceil(below) * w);
  for (std::size_t j = 0; j < r; ++j) {
    std::fill(part.begin(), part.end(), 0);
    to_poly(k - 1, tower + j * below * w, part.data());
    taylor_shift(part, below, k);
    for (std::size_t e = 0; e < below; ++e) std::copy(&part[e * w], &part[e * w] + w, poly + (r * e + j) * w);
  }
}

template <class C>
void chain_product::from_poly(std::size_t k, const C* poly, std::size_t length, C* tower) const {
  const std::size_t w = stride<C>(), r = primes_[k - 1];
  if (k == 1) {
    // y_1^(r·e + j) = c_1^e·y_1^j: a Horner fold of the coefficients of each residue j.
    const char kind = constant_kind_[0];
    std::vector<C> c(w), acc(w), t(w);
    for (std::size_t i = 0; i < w; ++i) c[i] = static_cast<C>(constants_[i]);
    for (std::size_t j = 0; j < r; ++j) {
      std::fill(acc.begin(), acc.end(), 0);
      const std::size_t top = length > j ? (length - j + r - 1) / r : 0;
      for (std::size_t e = top; e-- > 0;) {
        if (kind == 2) {
          b_mul(acc.data(), c.data(), t.data());
          acc = t;
        } else if (kind == 0 && e > 0) {
          continue;
        }
        for (std::size_t i = 0; i < w; ++i) acc[i] ^= poly[(r * e + j) * w + i];
      }
      std::copy(acc.begin(), acc.end(), tower + j * w);
    }
    return;
  }
  const std::size_t below = degrees_[k - 1];
  for (std::size_t j = 0; j < r; ++j) {
    const std::size_t part_length = length > j ? (length - j + r - 1) / r : 0;
    std::vector<C> part(std::bit_ceil(std::max<std::size_t>(part_length, 1)) * w, 0);
    for (std::size_t e = 0; e < part_length; ++e)
      std::copy(poly + (r * e + j) * w, poly + (r * e + j) * w + w, &part[e * w]);
    taylor_shift(part, part_length, k);
    from_poly(k - 1, part.data(), part_length, tower + j * below * w);
  }
}

template <>
void chain_product::load<std::uint64_t>(const std::uint8_t* values, words& tower) const {
  const std::size_t w = w_;
  tower.assign(n_ * w, 0);
  if (word_to_poly_) {
    for (std::size_t c = 0; c < n_; ++c) {
      std::uint64_t bits = 0;  // the foot's base values, each base_bits_ wide: d ≤ 64 bits
      for (std::size_t f = 0; f < foot_size_; ++f)
        bits |= std::uint64_t{values[chain_offset_[c] + foot_offset_[f]]} << (f * base_bits_);
      tower[c] = apply_map(*word_to_poly_, bits);
    }
    return;
  }
  std::vector<std::uint64_t> bits(w);
  for (std::size_t c = 0; c < n_; ++c) {
    std::fill(bits.begin(), bits.end(), 0);
    bool zero = true;
    for (std::size_t f = 0; f < foot_size_; ++f) {
      const std::uint8_t v = values[chain_offset_[c] + foot_offset_[f]];
      if (v == 0) continue;
      zero = false;
      for (std::size_t b = 0; b < base_bits_; ++b)
        if ((v >> b) & 1) flip_bit(bits.data(), f * base_bits_ + b);
    }
    if (!zero) apply_rows(to_poly_rows_.data(), d_, w, bits.data(), &tower[c * w]);
  }
}

template <>
void chain_product::load<std::uint8_t>(const std::uint8_t* values, std::vector<std::uint8_t>& tower) const {
  tower.assign(n_, 0);
  for (std::size_t c = 0; c < n_; ++c) {
    unsigned bits = 0;  // the foot's base values, each base_bits_ wide: d ≤ 8 bits
    for (std::size_t f = 0; f < foot_size_; ++f)
      bits |= unsigned{values[chain_offset_[c] + foot_offset_[f]]} << (f * base_bits_);
    tower[c] = byte_to_poly_[bits];
  }
}

template <>
void chain_product::store<std::uint64_t>(const words& tower, std::uint8_t* values) const {
  const std::size_t w = w_;
  if (word_to_tower_) {
    const std::uint64_t mask = (std::uint64_t{1} << base_bits_) - 1;
    for (std::size_t c = 0; c < n_; ++c) {
      const std::uint64_t bits = apply_map(*word_to_tower_, tower[c]);
      for (std::size_t f = 0; f < foot_size_; ++f)
        values[chain_offset_[c] + foot_offset_[f]] = static_cast<std::uint8_t>((bits >> (f * base_bits_)) & mask);
    }
    return;
  }
  std::vector<std::uint64_t> bits(w);
  for (std::size_t c = 0; c < n_; ++c) {
    apply_rows(to_tower_rows_.data(), d_, w, &tower[c * w], bits.data());
    for (std::size_t f = 0; f < foot_size_; ++f) {
      std::uint8_t v = 0;
      for (std::size_t b = 0; b < base_bits_; ++b)
        if (test_bit(bits.data(), f * base_bits_ + b)) v = static_cast<std::uint8_t>(v | (1u << b));
      values[chain_offset_[c] + foot_offset_[f]] = v;
    }
  }
}

template <>
void chain_product::store<std::uint8_t>(const std::vector<std::uint8_t>& tower, std::uint8_t* values) const {
  const unsigned mask = (1u << base_bits_) - 1;
  for (std::size_t c = 0; c < n_; ++c) {
    const unsigned bits = byte_to_tower_[tower[c]];
    for (std::size_t f = 0; f < foot_size_; ++f)
      values[chain_offset_[c] + foot_offset_[f]] = static_cast<std::uint8_t>((bits >> (f * base_bits_)) & mask);
  }
}

template <class C>
void chain_product::multiply_as(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out) const {
  const std::size_t w = stride<C>(), d = d_, n = n_, slot = 2 * d - 1;
  const std::size_t packed_words = (n * slot + 63) / 64 + 1;
  std::vector<std::uint64_t> packed_a(packed_words, 0), packed_b(packed_words, 0);
  std::vector<std::uint64_t> coefficient(w_ + 1, 0);
  {
    std::vector<C> tower, poly(n * w);
    for (const auto& [values, packed] : {std::pair{a, &packed_a}, std::pair{b, &packed_b}}) {
      load(values, tower);
      to_poly(primes_.size(), tower.data(), poly.data());
      for (std::size_t e = 0; e < n; ++e) {
        for (std::size_t j = 0; j < w; ++j) coefficient[j] = poly[e * w + j];
        xor_bits_at(packed->data(), e * slot, coefficient.data(), d);
      }
    }
  }
  std::vector<std::uint64_t> product(2 * packed_words);
  binary_polynomial_multiply(packed_a, packed_b, product);
  packed_a = {};
  packed_b = {};
  // Each coefficient of the product, of degree up to 2d-2 in t, reduced modulo m(t).
  const std::size_t length = 2 * n - 1;
  std::vector<C> poly(length * w);
  std::vector<std::uint64_t> wide(2 * w_ + 1);
  for (std::size_t e = 0; e < length; ++e) {
    read_bits_at(product.data(), e * slot, slot, wide.data(), wide.size());
    if (word_reduce_) {
      const std::uint64_t high = d == 64 ? wide[1] : (wide[0] >> d) | (wide[1] << (64 - d));
      const std::uint64_t low = d == 64 ? wide[0] : wide[0] & ((std::uint64_t{1} << d) - 1);
      poly[e * w] = static_cast<C>(low ^ apply_map(*word_reduce_, high));
      continue;
    }
    std::uint64_t* reduced = coefficient.data();
    for (std::size_t j = 0; j < w_; ++j) reduced[j] = wide[j];
    if (d % 64 != 0) reduced[w_ - 1] &= (std::uint64_t{1} << (d % 64)) - 1;
    for (std::size_t i = 0; i + 1 < d; ++i)
      if (test_bit(wide.data(), d + i))
        for (std::size_t j = 0; j < w_; ++j) reduced[j] ^= reduce_rows_[i * w_ + j];
    for (std::size_t j = 0; j < w; ++j) poly[e * w + j] = static_cast<C>(reduced[j]);
  }
  product = {};
  std::vector<C> tower(n * w, 0);
  from_poly(primes_.size(), poly.data(), length, tower.data());
  store(tower, out);
}

void chain_product::multiply(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out) const {
  if (d_ <= 8)
    multiply_as<std::uint8_t>(a, b, out);
  else
    multiply_as<std::uint64_t>(a, b, out);
}

}  // namespace tartan::detail
