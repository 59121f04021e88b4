// field_nimber: the dispatch of each operation to the narrowest fixed type holding its operands (64 bits, 128 bits,
// nimber_wide), and the narrowing of the result.
#include "tartan/nim/field_nimber.hpp"

#include <algorithm>
#include <bit>
#include <ostream>
#include <string>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

namespace {

using word = std::uint64_t;

/// Throws domain_error unless field_bits is a power of two from 1 to 65536.
void check_field_size(unsigned field_bits) {
  if (field_bits == 0 || field_bits > max_nim_field_bits || !std::has_single_bit(field_bits)) {
    throw domain_error("the field size " + std::to_string(field_bits) +
                       " is not a power of two from 1 to 65536; use 8, 16, 32, 64, 128, ...");
  }
}

/// Throws domain_error unless x lies in GF(2^field_bits) (field_bits checked by check_field_size).
void check_in_field(const field_nimber& x, unsigned field_bits, const char* what) {
  const bool fits = field_bits >= 64 ? x.bits() <= field_bits : (x.fits_u64() && (x.to_u64() >> field_bits) == 0);
  if (!fits) {
    throw domain_error(std::string(what) + " " + to_string(x) + " is not in GF(2^" + std::to_string(field_bits) +
                       "); give a value below 2^" + std::to_string(field_bits));
  }
}

/// The field of at least 64 bits in which an operation on a and b is computed.
unsigned common_bits(const field_nimber& a, const field_nimber& b) { return std::max(a.bits(), b.bits()); }

/// The 64-bit field functions take field sizes up to 64; the fields of 64 bits and less are all subfields of
/// GF(2^64), the wider ones are computed as 128-bit or wide nimbers of exactly field_bits bits.
template <class Small, class Mid, class Wide>
auto by_field(const field_nimber& x, unsigned field_bits, const char* what, Small small, Mid mid, Wide wide) {
  check_field_size(field_bits);
  check_in_field(x, field_bits, what);
  if (field_bits <= 64) return small();
  if (field_bits == 128) return mid();
  return wide();
}

}  // namespace

field_nimber::field_nimber(const nimber_wide& x) {
  const auto w = x.words();
  std::size_t used = w.size();
  while (used > 0 && w[used - 1] == 0) --used;
  if (used <= 2) {
    lo_ = used >= 1 ? w[0] : 0;
    hi_ = used == 2 ? w[1] : 0;
    bits_ = used == 2 ? 128 : 64;
    return;
  }
  unsigned bits = 256;
  while (bits / 64 < used) bits *= 2;
  bits_ = bits;
  wide_ = bits == x.bits() ? std::make_shared<const nimber_wide>(x)
                           : std::make_shared<const nimber_wide>(bits, w.first(used));
}

field_nimber field_nimber::from_words(std::span<const std::uint64_t> words) {
  std::size_t used = words.size();
  while (used > 0 && words[used - 1] == 0) --used;
  if (used > max_nim_field_bits / 64) {
    throw domain_error("the value has " + std::to_string(used) + " words; a nimber is below 2^" +
                       std::to_string(max_nim_field_bits) + " (" + std::to_string(max_nim_field_bits / 64) + " words)");
  }
  if (used <= 1) return field_nimber(used == 0 ? word{0} : words[0]);
  if (used == 2) return field_nimber(nimber128(words[1], words[0]));
  unsigned bits = 256;
  while (bits / 64 < used) bits *= 2;
  return field_nimber(nimber_wide(bits, words.first(used)));
}

field_nimber field_nimber::parse(std::string_view text, unsigned field_bits, std::string_view what,
                                 std::string_view larger_field) {
  check_field_size(field_bits);
  try {
    if (field_bits <= 64) {
      const word max = field_bits == 64 ? ~word{0} : (word{1} << field_bits) - 1;
      return field_nimber(parse_u64(text, what, max));
    }
    return from_words(parse_wide_unsigned(text, field_bits, what));
  } catch (const parse_error&) {
    // Not a value of this field. If the text is no number at all (or one beyond the widest field), the message is
    // about the text itself; else it names the field.
    parse_wide_unsigned(text, max_nim_field_bits, what);
    throw parse_error(std::string(what) + ": " + tartan::quote_typed(text) + " does not fit in " +
                      std::to_string(field_bits) + " bits; type a value below 2^" + std::to_string(field_bits) +
                      " or " + std::string(larger_field));
  }
}

field_nimber field_nimber::primitive_element(unsigned field_bits) {
  check_field_size(field_bits);
  if (field_bits <= 64) return field_nimber(nim_primitive_element(field_bits));
  if (field_bits == 128) return field_nimber(nim_primitive_element128());
  throw domain_error("primitive elements are known for fields up to GF(2^128), not GF(2^" + std::to_string(field_bits) +
                     "): that needs the factorisation of 2^" + std::to_string(field_bits) + " - 1");
}

nimber128 field_nimber::to_nimber128() const {
  if (bits_ > 128) {
    throw domain_error("the nimber " + to_string(*this) + " does not fit in 128 bits; it lies in GF(2^" +
                       std::to_string(bits_) + ")");
  }
  return nimber128(hi_, lo_);
}

nimber_wide field_nimber::to_wide(unsigned field_bits) const {
  if (wide_ && wide_->bits() == field_bits) return *wide_;
  if (wide_) return wide_->in_field(field_bits);
  const word w[2] = {lo_, hi_};
  return nimber_wide(field_bits, std::span<const word>(w, bits_ / 64));
}

std::vector<std::uint64_t> field_nimber::words() const {
  if (wide_) return std::vector<word>(wide_->words().begin(), wide_->words().end());
  if (bits_ == 64) return {lo_};
  return {lo_, hi_};
}

field_nimber field_nimber::pow(std::uint64_t e) const {
  if (bits_ == 64) return field_nimber(nim_pow(lo_, e));
  if (bits_ == 128) return field_nimber(nim_pow(nimber128(hi_, lo_), e));
  return field_nimber(nim_pow(*wide_, std::span<const word>(&e, 1)));
}

field_nimber field_nimber::pow(std::span<const std::uint64_t> e) const {
  std::size_t used = e.size();
  while (used > 0 && e[used - 1] == 0) --used;
  if (used <= 1) return pow(used == 0 ? word{0} : e[0]);
  if (used == 2 && bits_ <= 128) {
    return field_nimber(nim_pow(nimber128(hi_, lo_), (static_cast<uint128>(e[1]) << 64) | e[0]));
  }
  return field_nimber(nim_pow(to_wide(std::max(bits_, 64u)), e.first(used)));
}

field_nimber field_nimber::inv() const {
  if (bits_ == 64) return field_nimber(nim_inv(lo_));
  if (bits_ == 128) return field_nimber(nim_inv(nimber128(hi_, lo_)));
  return field_nimber(nim_inv(*wide_));
}

field_nimber field_nimber::sqrt() const {
  if (bits_ == 64) return field_nimber(nim_sqrt(lo_));
  if (bits_ == 128) return field_nimber(nim_sqrt(nimber128(hi_, lo_)));
  return field_nimber(nim_sqrt(*wide_));
}

field_nimber field_nimber::square() const {
  if (bits_ == 64) return field_nimber(nim_square(lo_));
  if (bits_ == 128) return field_nimber(nim_square(nimber128(hi_, lo_)));
  return field_nimber(nim_square(*wide_));
}

field_nimber field_nimber::add_wide(const field_nimber& a, const field_nimber& b) {
  if (a.bits_ <= 128 && b.bits_ <= 128) return field_nimber(nimber128(a.hi_ ^ b.hi_, a.lo_ ^ b.lo_));
  const unsigned n = common_bits(a, b);
  return field_nimber(a.to_wide(n) + b.to_wide(n));
}

field_nimber field_nimber::mul_wide(const field_nimber& a, const field_nimber& b) {
  if (a.bits_ <= 128 && b.bits_ <= 128) return field_nimber(nim_mul(a.to_nimber128(), b.to_nimber128()));
  const unsigned n = common_bits(a, b);
  return field_nimber(nim_mul(a.to_wide(n), b.to_wide(n)));
}

field_nimber field_nimber::div_wide(const field_nimber& a, const field_nimber& b) {
  if (a.bits_ <= 128 && b.bits_ <= 128) return field_nimber(nim_div(a.to_nimber128(), b.to_nimber128()));
  const unsigned n = common_bits(a, b);
  return field_nimber(nim_div(a.to_wide(n), b.to_wide(n)));
}

std::strong_ordering operator<=>(const field_nimber& a, const field_nimber& b) noexcept {
  // One representation per value, and a wider field holds only larger values.
  if (a.bits_ != b.bits_) return a.bits_ <=> b.bits_;
  if (a.wide_) return *a.wide_ <=> *b.wide_;
  if (a.hi_ != b.hi_) return a.hi_ <=> b.hi_;
  return a.lo_ <=> b.lo_;
}

std::ostream& operator<<(std::ostream& os, const field_nimber& x) { return os << to_cgt_string(x); }

uint128 nim_order(const field_nimber& x) {
  if (x.fits_u64()) return nim_order(x.to_u64());
  if (x.bits() > 128) {
    throw domain_error("multiplicative orders are computed for nimbers below 2^128; this one is in GF(2^" +
                       std::to_string(x.bits()) + "); give a smaller nimber");
  }
  return nim_order(x.to_nimber128());
}

uint128 nim_log(const field_nimber& x, const field_nimber& base) {
  if (x.fits_u64() && base.fits_u64()) return nim_log(x.to_u64(), base.to_u64());
  if (x.bits() > 128 || base.bits() > 128) {
    throw domain_error("logarithms are computed for nimbers below 2^128; this one is in GF(2^" +
                       std::to_string(std::max(x.bits(), base.bits())) + "); give nimbers below 2^128");
  }
  return nim_log(x.to_nimber128(), base.to_nimber128());
}

bool nim_is_primitive(const field_nimber& x, unsigned field_bits) {
  check_field_size(field_bits);
  if (field_bits > 128) static_cast<void>(field_nimber::primitive_element(field_bits));  // throws: not known
  return by_field(
      x, field_bits, "x", [&] { return nim_is_primitive(x.to_u64(), field_bits); },
      [&] { return nim_is_primitive(x.to_nimber128()); }, [] { return false; });
}

unsigned nim_trace(const field_nimber& x, unsigned field_bits) {
  return by_field(
      x, field_bits, "x", [&] { return nim_trace(x.to_u64(), field_bits); },
      [&] { return nim_trace(x.to_nimber128()); }, [&] { return nim_trace(x.to_wide(field_bits)); });
}

namespace {

template <class T>
nim_quadratic_roots<field_nimber> widen(const nim_quadratic_roots<T>& r) {
  nim_quadratic_roots<field_nimber> out;
  out.every_value = r.every_value;
  for (const T& v : r.roots) out.roots.emplace_back(v);
  return out;
}

template <class T>
std::vector<field_nimber> widen(const std::vector<T>& roots) {
  std::vector<field_nimber> out;
  for (const T& v : roots) out.emplace_back(v);
  return out;
}

}  // namespace

nim_quadratic_roots<field_nimber> nim_solve_quadratic(const field_nimber& a, const field_nimber& b,
                                                      const field_nimber& c, unsigned field_bits) {
  check_field_size(field_bits);
  check_in_field(a, field_bits, "a");
  check_in_field(b, field_bits, "b");
  return by_field(
      c, field_bits, "c", [&] { return widen(nim_solve_quadratic(a.to_u64(), b.to_u64(), c.to_u64(), field_bits)); },
      [&] { return widen(nim_solve_quadratic(a.to_nimber128(), b.to_nimber128(), c.to_nimber128())); },
      [&] { return widen(nim_solve_quadratic(a.to_wide(field_bits), b.to_wide(field_bits), c.to_wide(field_bits))); });
}

std::vector<field_nimber> nim_cube_roots(const field_nimber& c, unsigned field_bits) {
  return by_field(
      c, field_bits, "c", [&] { return widen(nim_cube_roots(c.to_u64(), field_bits)); },
      [&] { return widen(nim_cube_roots(c.to_nimber128())); },
      [&] { return widen(nim_cube_roots(c.to_wide(field_bits))); });
}

std::string to_string(const field_nimber& x, bool hex) {
  if (x.fits_u64()) {
    const word v = x.to_u64();
    return format_wide_unsigned(std::span<const word>(&v, 1), hex);
  }
  return format_wide_unsigned(x.words(), hex);
}

std::string to_cgt_string(const field_nimber& x) {
  if (x.fits_u64()) return to_string(nimber(x.to_u64()));
  return "*" + to_string(x);
}

}  // namespace tartan
