// Lenstra's constants (lenstra.hpp): the odd primes, the cached table, and the computation from the definition in
// the tower fields of ordinal_tower.hpp.
#include "tartan/nim/lenstra.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include "nim/binary_field.hpp"
#include "nim/ordinal_dense.hpp"
#include "nim/ordinal_tower.hpp"
#include "tartan/core/crc32c.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan {

namespace {

using detail::berlekamp_massey;
using detail::binary_residues;
using detail::bit_at;
using detail::gf2_bits;
using detail::gf2_degree;
using detail::solve_hankel;

/// The odd primes below 1.4 million (more than 100000 of them), by a sieve run once.
const std::vector<unsigned>& odd_primes() {
  static const std::vector<unsigned> primes = [] {
    constexpr unsigned limit = 1400000;
    std::vector<bool> composite(limit, false);
    std::vector<unsigned> out;
    for (unsigned n = 3; n < limit; n += 2) {
      if (composite[n]) continue;
      out.push_back(n);
      for (std::uint64_t m = std::uint64_t{n} * n; m < limit; m += 2 * n) composite[m] = true;
    }
    return out;
  }();
  return primes;
}

/// The cached constants: prime, Q(f(p)) (up to 3 prime powers), excess, degree of α_p.
struct cached_constant {
  unsigned prime;
  std::array<unsigned, 3> q;
  std::uint64_t excess;
  std::uint64_t degree;
};

// Computed by compute_lenstra_constant (tests/engine/nim/lenstra_test.cpp recomputes the fast ones, the benchmark
// every one); the excesses agree with OEIS A380496, the sets Q and the values α_p with CGSuite's and Le Bruyn's lists.
constexpr cached_constant cached_constants[] = {
#include "nim/lenstra_table.inc"
};

bool is_prime_power(unsigned q, unsigned& prime, unsigned& exponent) {
  if (q < 2) return false;
  prime = 2;
  while (q % prime != 0) ++prime;
  exponent = 0;
  while (q % prime == 0) {
    q /= prime;
    ++exponent;
  }
  return q == 1;
}

void report(const lenstra_progress& progress, unsigned p, const std::string& stage) {
  if ((progress && !progress(p, stage)) || !detail::keep_searching_now()) {
    throw cancelled_error("the computation of Lenstra's constants for p = " + std::to_string(p) + " stopped at " +
                          stage);
  }
}

/// κ of a set of prime powers: its generators (odd q) and its finite part (the Fermat 2-power of a q = 2^n).
detail::alpha_parts kappa_parts(const std::vector<unsigned>& q_set) {
  lenstra_constant c;
  c.q_set = q_set;
  return detail::alpha_relation(c);
}

/// The degree over GF(2) of Σ_(q in set) κ_q + m (ordinal sum), in the tower of its generators.
template <class Test>
auto in_kappa_tower(const detail::alpha_parts& parts, const lenstra_table& table, std::uint64_t max_memory,
                    const std::string& what, const std::function<void()>& poll, Test test) {
  detail::tower_shape shape = detail::make_tower_shape(parts.generators, detail::base_log_of(parts.constant), table);
  // Only a constant beyond the table can need such a field (the first is α_719: docs/ordinals.md, "Beyond the table").
  detail::check_tower_size(shape.size, shape.degree(), detail::tower_value_bytes(shape), max_memory, what,
                           "a prime whose field is smaller is still in reach: each prime past the table is computed "
                           "with only the constants it needs (727, 733, ...; docs/ordinals.md)",
                           max_lenstra_field_size);
  return detail::with_tower(std::move(shape), [&](const auto& t) {
    t.set_poll(poll);
    auto x = t.zero();
    using base = typename std::decay_t<decltype(t)>::base_type;
    x[0] = base::from(parts.constant);
    for (const std::uint32_t key : parts.generators) {
      const int level = t.shape().level_of(key);
      x[t.shape().levels[static_cast<std::size_t>(level)].stride] = base::one();
    }
    return test(t, x);
  });
}

std::vector<unsigned> kappa_set(unsigned h, const lenstra_table& table, unsigned p, const lenstra_progress& progress,
                                std::uint64_t max_memory) {
  unsigned r = 2;
  while (h % r != 0) ++r;
  unsigned q = 1;
  while (h % (q * r) == 0) q *= r;
  const unsigned g = h / q;
  if (g == 1) return {q};
  std::vector<unsigned> kg = kappa_set(g, table, p, progress, max_memory);
  const std::string stage = "the degree of kappa_" + std::to_string(g);
  report(progress, p, stage);
  const std::uint64_t degree = in_kappa_tower(
      kappa_parts(kg), table, max_memory, stage, [&] { report(progress, p, stage); },
      [](const auto& t, const auto& x) { return t.degree_of(x); });
  if (degree % q == 0) return kg;
  kg.push_back(q);
  std::sort(kg.begin(), kg.end());
  return kg;
}

constexpr const char* checkpoint_header = "# tartan Lenstra constants 1";

/// "<p> <excess> <degree> <q,q,...>": a checkpoint line without its checksum.
std::string checkpoint_text(const lenstra_constant& c) {
  std::string text = std::to_string(c.prime) + " " + std::to_string(c.excess) + " " + std::to_string(c.degree) + " ";
  for (std::size_t i = 0; i < c.q_set.size(); ++i) text += (i ? "," : "") + std::to_string(c.q_set[i]);
  return text;
}

std::string crc_hex(const std::string& text) {
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", crc32c(text.data(), text.size()));
  return hex;
}

/// The constant of one checkpoint line, or nothing when its checksum or its fields do not hold.
std::optional<lenstra_constant> parse_checkpoint_line(const std::string& line) {
  const std::size_t space = line.rfind(' ');
  if (space == std::string::npos || line.size() - space - 1 != 8) return std::nullopt;
  const std::string text = line.substr(0, space);
  if (crc_hex(text) != line.substr(space + 1)) return std::nullopt;
  std::istringstream fields(text);
  lenstra_constant c;
  std::string q;
  if (!(fields >> c.prime >> c.excess >> c.degree >> q) || !odd_prime_index(c.prime)) return std::nullopt;
  c.order_of_two = order_of_two(c.prime);
  std::istringstream qs(q);
  for (std::string item; std::getline(qs, item, ',');) c.q_set.push_back(static_cast<unsigned>(std::stoul(item)));
  return c;
}

/// The lines of a checkpoint file and how many bytes its whole lines take (a last line without its newline, cut
/// short by a kill, is not whole).
struct checkpoint_lines {
  std::vector<std::string> lines;
  std::size_t whole_bytes = 0;
  bool exists = false;
};

checkpoint_lines read_checkpoint_lines(const std::string& path) {
  checkpoint_lines out;
  std::ifstream in(path, std::ios::binary);
  if (!in) return out;
  out.exists = true;
  const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t at = 0;
  while (at < all.size()) {
    const std::size_t end = all.find('\n', at);
    if (end == std::string::npos) break;
    out.lines.push_back(all.substr(at, end - at));
    at = end + 1;
  }
  out.whole_bytes = at;
  return out;
}

// ---- the state within one prime (lenstra_state) -------------------------------------------------------------------
// Version 2: the norm's input is κ + m itself. Version 1 held the norm of (κ + m)^((2^f-1)/p), a chain of another
// element, which must not be taken up as this one.
constexpr const char* state_header = "# tartan Lenstra state 2";
constexpr const char* state_header_1 = "# tartan Lenstra state 1";

/// A state file's contents: the summary and, when the norm's progress is recorded, its place in the chain and the
/// raw bytes of the two elements (the norm's input, then the product so far).
struct state_record {
  lenstra_state state;
  std::uint64_t base_values = 0;
  std::uint64_t value_bytes = 0;
  std::uint64_t conjugates = 1;
  std::string data;
};

/// The text lines of a state, up to and with "data <bytes>".
std::string state_text(const lenstra_state& s, std::uint64_t base_values, std::uint64_t value_bytes,
                       std::uint64_t conjugates, std::size_t data_bytes) {
  std::string q;
  for (std::size_t i = 0; i < s.q_set.size(); ++i) q += (i ? "," : "") + std::to_string(s.q_set[i]);
  return std::string(state_header) + "\nprime " + std::to_string(s.prime) + "\nq_set " + q + "\nexcess " +
         std::to_string(s.excess) + " " + (s.found ? "1" : "0") + "\nnorm " + std::to_string(s.field_degree) + " " +
         std::to_string(base_values) + " " + std::to_string(value_bytes) + " " + std::to_string(s.norm_steps) + " " +
         std::to_string(s.norm_done) + " " + std::to_string(conjugates) + "\ndata " + std::to_string(data_bytes) + "\n";
}

/// Writes a state whole or not at all: to a file beside `path`, flushed to disk, then renamed over it. The pieces
/// are the raw bytes of the norm's elements (none before the norm starts). Throws error when it cannot be written.
void write_state(const std::string& path, const lenstra_state& s, std::uint64_t base_values, std::uint64_t value_bytes,
                 std::uint64_t conjugates, std::initializer_list<std::span<const unsigned char>> pieces) {
  std::size_t data_bytes = 0;
  for (const auto& piece : pieces) data_bytes += piece.size();
  const std::string head = state_text(s, base_values, value_bytes, conjugates, data_bytes);
  std::uint32_t crc = crc32c(head.data(), head.size());
  for (const auto& piece : pieces) crc = crc32c(piece.data(), piece.size(), crc);
  char tail[16];
  std::snprintf(tail, sizeof tail, "crc %08x\n", crc);
  const std::string temporary = path + ".new";
  const std::string shown = quote_typed(path, 60);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw error("cannot write " + shown + ": " + std::strerror(errno) + "; give a file in a writable directory");
  const auto write_all = [fd](const void* data, std::size_t size) {
    const auto* at = static_cast<const unsigned char*>(data);
    while (size > 0) {
      const ssize_t n = ::write(fd, at, size);
      if (n <= 0) return false;
      at += n;
      size -= static_cast<std::size_t>(n);
    }
    return true;
  };
  bool ok = write_all(head.data(), head.size());
  for (const auto& piece : pieces) ok = ok && write_all(piece.data(), piece.size());
  ok = ok && write_all(tail, std::strlen(tail)) && ::fsync(fd) == 0;
  const int e = errno;
  ::close(fd);
  if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int why = ok ? errno : e;
    ::unlink(temporary.c_str());
    throw error("cannot write " + shown + ": " + std::strerror(why) + "; give a file in a writable directory");
  }
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);  // the rename on the disk too, so a crash cannot bring back the older state
    ::close(dir_fd);
  }
}

/// The state of a file, or nothing when it does not exist; parse_error when it is not whole or not a state.
std::optional<state_record> read_state(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string shown = quote_typed(path, 60);
  const auto damaged = [&](const std::string& why) {
    return parse_error(shown + " is not a whole state of Lenstra's constants (" + why +
                       "); move it away to compute the prime from its beginning");
  };
  if (all.rfind(std::string(state_header_1) + "\n", 0) == 0) {
    throw parse_error(shown +
                      " holds the state of an earlier tartan, whose test took the norm of another element; "
                      "move it away to compute the prime from its beginning");
  }
  if (all.rfind(std::string(state_header) + "\n", 0) != 0)
    throw damaged("its first line is not '" + std::string(state_header) + "'");
  const std::size_t tail = all.size() >= 13 ? all.size() - 13 : std::string::npos;
  if (tail == std::string::npos || all.compare(tail, 4, "crc ") != 0 || all.back() != '\n')
    throw damaged("it does not end with its checksum");
  char expected[9];
  std::snprintf(expected, sizeof expected, "%08x", crc32c(all.data(), tail));
  if (all.compare(tail + 4, 8, expected) != 0) throw damaged("its checksum does not hold");
  // The text lines end with the one naming the data's length; only they are parsed (the data can be 630 MB).
  const std::size_t data_line = all.find("\ndata ");
  const std::size_t at = data_line == std::string::npos ? std::string::npos : all.find('\n', data_line + 1) + 1;
  if (at == std::string::npos || at == 0 || at > tail) throw damaged("it has no data line");
  state_record r;
  std::istringstream lines(all.substr(0, at));
  std::string header, key_prime, key_q, q, key_excess, key_norm, key_data;
  int found = 0;
  std::size_t data_bytes = 0;
  std::getline(lines, header);
  if (!(lines >> key_prime >> r.state.prime >> key_q) || key_prime != "prime" || key_q != "q_set")
    throw damaged("its prime line is not 'prime <p>'");
  lines.get();  // the space after q_set
  std::getline(lines, q);
  if (!(lines >> key_excess >> r.state.excess >> found >> key_norm >> r.state.field_degree >> r.base_values >>
        r.value_bytes >> r.state.norm_steps >> r.state.norm_done >> r.conjugates >> key_data >> data_bytes) ||
      key_excess != "excess" || key_norm != "norm" || key_data != "data" || found < 0 || found > 1 ||
      !odd_prime_index(r.state.prime))
    throw damaged("its fields are not those of a state");
  r.state.found = found == 1;
  std::istringstream qs(q);
  for (std::string item; std::getline(qs, item, ',');) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 9)
      throw damaged("its q_set is not a list of numbers");
    r.state.q_set.push_back(static_cast<unsigned>(std::stoul(item)));
  }
  std::string rest;
  if (lines >> rest || at + data_bytes != tail) throw damaged("its data is not the length it says");
  // The data moved out of the file's text, not copied.
  all.resize(tail);
  all.erase(0, at);
  r.data = std::move(all);
  if (data_bytes != 0 && (r.state.norm_done <= 0 || r.state.norm_done > r.state.norm_steps ||
                          data_bytes != 2 * r.base_values * r.value_bytes))
    throw damaged("its norm's progress does not fit its data");
  return r;
}

/// Refuses (time_limit_error) the tests of α_p's excess when they cannot end by the deadline of this thread's search
/// scope (search_stop.hpp), before they start: a test takes at least ⌊log2(D/f)⌋ + 2√(2f) - 1 dense products in the
/// field of α_p, of degree D (the norm down to GF(2^f), f = f(p), and the baby and giant steps that read it:
/// lenstra.hpp), and one such product is timed there (by the route the tests take: the chain product in the largest
/// fields). Products grow faster than the field (about D^1.3), so this is what refuses p = 359 (a field of degree
/// 3504820) within seconds instead of stopping it at the limit. Costs the one product.
void check_excess_time(const lenstra_constant& c, const lenstra_table& table, std::uint64_t max_memory,
                       const std::function<void()>& poll) {
  const search_stop* stop = detail::current_search();
  if (stop == nullptr || !stop->deadline()) return;
  const std::string what = "the excess of " + std::to_string(c.prime);
  in_kappa_tower(detail::alpha_relation(c), table, max_memory, what, poll, [&](const auto& t, const auto&) {
    const std::uint64_t degree = t.degree();
    if (degree % c.order_of_two != 0) return 0;
    // The norm's chain, one product a step at least, and the minimal polynomial's baby and giant steps, B + 2f/B ≥
    // 2√(2f) - 1 of them.
    std::uint64_t root = 0;
    while ((root + 1) * (root + 1) <= 2 * std::uint64_t{c.order_of_two}) ++root;
    const auto products = static_cast<int>(std::bit_width(degree / c.order_of_two) - 1 + 2 * root - 1);
    using base = typename std::decay_t<decltype(t)>::base_type;
    auto dense = t.zero();
    std::uint64_t bits = 0x9E3779B97F4A7C15ULL;  // 0s and 1s, which every base holds, in a fixed pseudo-random order
    for (auto& v : dense) {
      bits = bits * 6364136223846793005ULL + 1442695040888963407ULL;
      v = (bits >> 63) != 0 ? base::one() : base::zero();
    }
    const auto start = search_options::clock::now();
    static_cast<void>(t.mul(dense, dense));
    const auto now = search_options::clock::now();
    const double each = std::chrono::duration<double>(now - start).count();
    const double left = std::chrono::duration<double>(*stop->deadline() - now).count();
    if (each * products <= left) return 0;
    const double least = each * products;
    throw time_limit_error("alpha_" + std::to_string(c.prime),
                           "the test of an excess of alpha_" + std::to_string(c.prime) + " needs at least " +
                               std::to_string(products) + " products in its field of degree " + std::to_string(degree) +
                               ", at least " + format_seconds(least, rounding::down) + " at the " +
                               format_seconds(each) + " one took here, more than the " +
                               format_seconds(std::max(0.0, left)) + " left of the time limit",
                           "", least, std::max(0.0, left), 0, true);
  });
}

// ---- reading an element of the subfield GF(2^f) into GF(2)[z]/(g)
// ----------------------------------------------------

/// A fixed dense element of pseudo-random base values from `seed`: the c of the linear forms Tr(c·w), which must not
/// vanish on the subfield read (it does so for about one c in 2^f). Not 0s and 1s only: with coefficients in GF(2),
/// every element of a tower of even degree has trace 0 (Tr(1) = D = 0 and Tr(y^j) = 0 off the multiples of r).
template <class Tower>
typename Tower::element dense_element(const Tower& t, std::uint64_t seed) {
  using base = typename Tower::base_type;
  const unsigned bits = 1u << std::min(6u, t.shape().base_log);
  const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  auto dense = t.zero();
  std::uint64_t state = 0x9E3779B97F4A7C15ULL ^ (seed * 0xBF58476D1CE4E5B9ULL);
  for (auto& v : dense) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    v = base::from(field_nimber((state >> 17) & mask));
  }
  return dense;
}

/// The values s_n = Tr(c·θ^n), n < count, of one linear form on the powers of θ (Tr from the tower field to GF(2)):
/// baby steps θ^b, b < B, kept, and giant steps c·θ^(aB), each read by its trace form (ordinal_tower.hpp) against the
/// baby steps, O(N) a value. B + count/B products and count evaluations instead of count products: B ≈ √count, fewer
/// when B elements would not fit in the memory limit beside the tower's planned work.
template <class Tower>
class power_forms {
 public:
  using element = typename Tower::element;

  power_forms(const Tower& t, const element& theta, std::size_t count, std::uint64_t max_memory,
              const std::function<void(const std::string&)>& stage)
      : t_(t), stage_(stage) {
    std::size_t b = 1;
    while (b * b < count) ++b;
    const std::uint64_t element_bytes = std::max<std::uint64_t>(1, t.size() * sizeof(typename Tower::value));
    // The memory the tower's own work takes is planned (detail::tower_memory); the baby steps get what is left.
    const std::uint64_t limit = memory_limit_or_default(max_memory);
    const std::uint64_t planned = detail::tower_memory(t.size(), sizeof(typename Tower::value));
    b = static_cast<std::size_t>(std::clamp<std::uint64_t>((limit - std::min(limit, planned)) / element_bytes, 1, b));
    baby_.reserve(b);
    baby_.push_back(t.one());
    for (std::size_t i = 1; i < b; ++i) {
      stage_("baby step " + std::to_string(i) + " of " + std::to_string(b));
      baby_.push_back(i == 1 ? theta : t.mul(baby_.back(), theta));
    }
    giant_ = b == 1 ? theta : t.mul(baby_.back(), theta);  // θ^B
  }

  /// s_n = Tr(c·θ^n) for n < count.
  std::vector<char> values(const element& c, std::size_t count) const {
    std::vector<char> s;
    s.reserve(count);
    const std::size_t b = baby_.size(), giants = (count + b - 1) / b;
    element g = c;  // c·θ^(aB)
    for (std::size_t a = 0; a < giants; ++a) {
      stage_("giant step " + std::to_string(a + 1) + " of " + std::to_string(giants));
      const auto form = t_.make_trace_form(g);
      for (std::size_t i = 0; i < b && s.size() < count; ++i) s.push_back(t_.evaluate(form, baby_[i]) ? 1 : 0);
      if (a + 1 < giants) g = t_.mul(g, giant_);
    }
    return s;
  }

 private:
  const Tower& t_;
  std::function<void(const std::string&)> stage_;
  std::vector<element> baby_;  // θ^b, b < B
  element giant_;              // θ^B
};

/// The minimal polynomial over GF(2) of θ, an element of the subfield GF(2^f) of the tower field: Berlekamp-Massey on
/// 2f values Tr(c·θ^n) (power_forms), a c that vanishes on GF(2)(θ) replaced by another. Its degree divides f.
/// Complexity: about 2√(2f) products in the field, 2f evaluations of O(N), O(f²/64).
template <class Tower>
gf2_bits subfield_minimal_polynomial(const Tower& t, const typename Tower::element& theta, std::uint64_t f,
                                     std::uint64_t max_memory, const std::function<void(const std::string&)>& stage) {
  const power_forms<Tower> forms(t, theta, 2 * f, max_memory, stage);
  for (std::uint64_t seed = 0;; ++seed) {
    const gf2_bits g = berlekamp_massey(forms.values(dense_element(t, seed), 2 * f));
    const long long degree = gf2_degree(g);
    if (degree >= 1) {
      if (f % static_cast<std::uint64_t>(degree) != 0)
        throw error("the minimal polynomial of an element of GF(2^" + std::to_string(f) + ") found has degree " +
                    std::to_string(degree) + ", which does not divide " + std::to_string(f));
      return g;
    }
    if (seed == 8) throw error("no linear form tried reads the subfield GF(2^" + std::to_string(f) + ")");
  }
}

/// Whether ν, an element of GF(2^f) in the tower field, is a p-th power there: ν^((2^f-1)/p) = 1, computed in
/// GF(2)[z]/(g) for g the minimal polynomial of ν, where z stands for ν.
template <class Tower>
bool is_pth_power_in_subfield(const Tower& t, const typename Tower::element& nu, std::uint64_t f, unsigned p,
                              std::uint64_t max_memory, const std::function<void(const std::string&)>& stage) {
  const binary_residues field(subfield_minimal_polynomial(t, nu, f, max_memory, stage));
  const std::vector<std::uint64_t> e = Tower::all_ones_over(f, p);
  return field.pow(field.z(), e) == field.one();
}

// ---- the certificate (lenstra_certificate) ----------------------------------------------------------------------

/// The certificate of c (α_p = κ + m) in the tower t of α_p, x = κ + m there (lenstra_certificate; the algorithm is
/// certify_lenstra_constant's comment). `stage` names each step for the progress and the stops. Throws error when the
/// certificate does not check: c is not Lenstra's (κ + m is a p-th power, or a κ + j, j < m, is not), or, never in a
/// correct build, a system is singular or a power is not the one the test computes.
template <class Tower>
lenstra_certificate certify(const Tower& t, const typename Tower::element& x, const lenstra_constant& c,
                            std::uint64_t max_memory, const std::function<void(const std::string&)>& stage) {
  using base = typename Tower::base_type;
  using element = typename Tower::element;
  lenstra_certificate out;
  out.prime = c.prime;
  out.order_of_two = c.order_of_two;
  out.field_degree = t.degree();
  const std::size_t f = c.order_of_two;
  const std::vector<std::uint64_t> e = Tower::all_ones_over(f, c.prime);
  const auto fail = [&](const std::string& why) {
    return error("the certificate of alpha_" + std::to_string(c.prime) + " does not check: " + why);
  };
  // ν_j = N(κ + j), κ + j being x with the finite part of excess j.
  std::vector<element> norms;
  for (std::uint64_t j = 0; j <= c.excess; ++j) {
    stage("the certificate: the norm of the excess " + std::to_string(j));
    lenstra_constant cj = c;
    cj.excess = j;
    element xj = x;
    xj[0] = base::from(detail::alpha_relation(cj).constant);
    norms.push_back(t.norm_to_subfield(xj, f));
  }
  // ν_m is not a p-th power, so ν_m^((2^f-1)/p) is a primitive p-th root of unity and ν_m has degree f: the field
  // K = GF(2)[z]/(g_m), z ↦ ν_m, is GF(2^f). The ν_j, j < m, are read into it by one Hankel system: with s_n =
  // Tr(c·ν_m^n) and ν_j = Σ h_i ν_m^i, Tr(c·ν_j·ν_m^k) = Σ h_i s_(i+k).
  const power_forms<Tower> forms(t, norms.back(), 2 * f, max_memory, [&](const std::string& step) {
    stage("the certificate: the powers of the norm, " + step);
  });
  std::vector<char> s;
  element form_c;
  for (std::uint64_t seed = 0; s.empty(); ++seed) {
    form_c = dense_element(t, seed);
    s = forms.values(form_c, 2 * f);
    const long long degree = gf2_degree(berlekamp_massey(s));
    if (degree >= 1 && static_cast<std::size_t>(degree) != f)
      throw fail("kappa + " + std::to_string(c.excess) + " has a norm of degree " + std::to_string(degree) +
                 ", so it is a p-th power");
    if (degree < 1) s.clear();
    if (seed == 8 && s.empty()) throw fail("no linear form tried reads GF(2^" + std::to_string(f) + ")");
  }
  const binary_residues k(berlekamp_massey(s));
  std::vector<gf2_bits> in_k(norms.size());
  in_k.back() = k.z();
  if (norms.size() > 1) {
    stage("the certificate: the norms in GF(2^" + std::to_string(f) + ")");
    std::vector<std::vector<char>> rhs;
    for (std::size_t j = 0; j + 1 < norms.size(); ++j) rhs.push_back(forms.values(t.mul(form_c, norms[j]), f));
    const auto solved = solve_hankel(s, f, rhs);
    if (!solved) throw fail("the powers of the norm of the excess " + std::to_string(c.excess) + " are dependent");
    for (std::size_t j = 0; j + 1 < norms.size(); ++j) {
      in_k[j] = (*solved)[j];
      in_k[j].resize(k.words(), 0);
    }
  }
  // The certificate is written in the basis of ζ = ν_m^((2^f-1)/p), the root of unity: g its minimal polynomial, and
  // each ν_j in powers of ζ, again by one Hankel system, of u_n = (ζ^n)_0 in K (the constant coefficient: a linear
  // form that does not vanish on K).
  stage("the certificate: the root of unity");
  const gf2_bits zeta = k.pow(k.z(), e);
  if (zeta == k.one()) throw fail("kappa + " + std::to_string(c.excess) + " is a p-th power");
  std::vector<char> u;
  std::vector<std::vector<char>> rhs(norms.size());
  gf2_bits power = k.one();
  for (std::size_t n = 0; n < 2 * f; ++n) {
    if (n % 256 == 0)
      stage("the certificate: the powers of the root of unity, " + std::to_string(n) + " of " + std::to_string(2 * f));
    u.push_back(bit_at(power, 0) ? 1 : 0);
    if (n < f)
      for (std::size_t j = 0; j < norms.size(); ++j) rhs[j].push_back(bit_at(k.mul(in_k[j], power), 0) ? 1 : 0);
    if (n + 1 < 2 * f) power = k.mul(power, zeta);
  }
  out.modulus = berlekamp_massey(u);
  if (gf2_degree(out.modulus) != static_cast<long long>(f))
    throw fail("the root of unity found has degree below " + std::to_string(f));
  out.modulus.resize(f / 64 + 1, 0);
  stage("the certificate: the coordinates");
  const std::optional<std::vector<gf2_bits>> solved = solve_hankel(u, f, rhs);
  if (!solved) throw fail("the root of unity found has degree below " + std::to_string(f));
  const binary_residues field(out.modulus);
  const gf2_bits one = field.one(), z = field.z();
  const std::uint64_t p_word = c.prime;
  if (field.pow(z, std::span(&p_word, 1)) != one) throw fail("z^p is not 1 modulo g");
  for (std::size_t j = 0; j < norms.size(); ++j) {
    stage("the certificate: the power of the norm of the excess " + std::to_string(j));
    lenstra_certificate::test test;
    test.excess = j;
    test.norm = (*solved)[j];
    test.norm.resize((f + 63) / 64, 0);
    test.power = field.pow(test.norm, e);
    test.pth_power = test.power == one;
    if (j < c.excess && !test.pth_power) throw fail("kappa + " + std::to_string(j) + " is not a p-th power");
    if (test.power != (j == c.excess ? z : one))
      throw fail("the power of the excess " + std::to_string(j) + " is not z");
    out.tests.push_back(std::move(test));
  }
  return out;
}

/// Throws domain_error when p is not an odd prime or `lower` lacks a prime that α_p is built on.
void check_dependencies(unsigned p, const lenstra_table& lower) {
  if (!odd_prime_index(p))
    throw domain_error(std::to_string(p) + " is not an odd prime; Lenstra's constants are for 3, 5, 7, 11, ...");
  for (const unsigned r : lenstra_dependencies(p)) {
    if (!lower.has(r)) {
      throw domain_error("computing Lenstra's constants for p = " + std::to_string(p) + " needs those of " +
                         std::to_string(r) +
                         " (an odd prime dividing f of it or of a prime it needs), which the "
                         "table lacks");
    }
  }
}

}  // namespace

std::vector<lenstra_constant> read_lenstra_checkpoint(const std::string& path) {
  const checkpoint_lines file = read_checkpoint_lines(path);
  std::vector<lenstra_constant> constants;
  if (!file.exists || file.lines.empty()) return constants;
  const std::string shown = quote_typed(path, 60);
  if (file.lines.front() != checkpoint_header) {
    throw parse_error(shown + " is not a checkpoint of Lenstra's constants (its first line is not '" +
                      checkpoint_header + "'); give a new file name or one a 'tartan nim alpha --checkpoint' wrote");
  }
  for (std::size_t i = 1; i < file.lines.size(); ++i) {
    const std::optional<lenstra_constant> c = parse_checkpoint_line(file.lines[i]);
    if (!c) {
      if (i + 1 == file.lines.size()) break;  // a last line cut short: the run stopped while writing it
      throw parse_error(shown + " is damaged at line " + std::to_string(i + 1) +
                        " (its checksum does not hold); move it away to start again");
    }
    const auto same = [&](const lenstra_constant& d) { return d.prime == c->prime; };
    if (std::any_of(constants.begin(), constants.end(), same)) {
      throw parse_error(shown + " records alpha_" + std::to_string(c->prime) + " a second time at line " +
                        std::to_string(i + 1) + "; a checkpoint holds each prime once: move it away to start again");
    }
    constants.push_back(*c);
  }
  return constants;
}

void append_lenstra_checkpoint(const std::string& path, const lenstra_constant& c) {
  const checkpoint_lines file = read_checkpoint_lines(path);
  // Drop a damaged or cut last line, so that the new line follows the last whole one.
  std::size_t keep = file.whole_bytes;
  if (!file.lines.empty() && file.lines.size() > 1 && !parse_checkpoint_line(file.lines.back()))
    keep -= file.lines.back().size() + 1;
  std::string text;
  if (file.lines.empty()) {
    keep = 0;
    text = std::string(checkpoint_header) + "\n";
  }
  const std::string line = checkpoint_text(c);
  text += line + " " + crc_hex(line) + "\n";
  const std::string shown = quote_typed(path, 60);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw error("cannot write " + shown + ": " + std::strerror(errno));
  const bool ok = ::ftruncate(fd, static_cast<off_t>(keep)) == 0 &&
                  ::lseek(fd, static_cast<off_t>(keep), SEEK_SET) >= 0 &&
                  ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  const int e = errno;
  ::close(fd);
  if (!ok) throw error("cannot write " + shown + ": " + std::strerror(e));
  std::error_code ignored;  // a state already gone (or never written) is no error
  std::filesystem::remove(lenstra_state_path(path, c.prime), ignored);
}

unsigned odd_prime(unsigned k) {
  TARTAN_ASSERT(k < odd_primes().size(), "odd_prime(k) for k below 100000");
  return odd_primes()[k];
}

std::optional<unsigned> odd_prime_index(unsigned p) {
  const auto& primes = odd_primes();
  const auto it = std::lower_bound(primes.begin(), primes.end(), p);
  if (it == primes.end() || *it != p) return std::nullopt;
  return static_cast<unsigned>(it - primes.begin());
}

unsigned order_of_two(unsigned n) {
  TARTAN_ASSERT(n > 1 && n % 2 == 1, "the order of 2 modulo an odd n > 1");
  unsigned order = 1;
  for (std::uint64_t power = 2 % n; power != 1; power = power * 2 % n) ++order;
  return order;
}

const lenstra_table& lenstra_table::builtin() {
  static const lenstra_table table = [] {
    lenstra_table t;
    for (const cached_constant& c : cached_constants) {
      lenstra_constant constant;
      constant.prime = c.prime;
      constant.order_of_two = order_of_two(c.prime);
      for (const unsigned q : c.q)
        if (q != 0) constant.q_set.push_back(q);
      constant.excess = c.excess;
      constant.degree = c.degree;
      t.push_back(std::move(constant));
    }
    return t;
  }();
  return table;
}

bool lenstra_table::has(unsigned p) const noexcept {
  const auto k = odd_prime_index(p);
  return k && has_index(*k);
}

const lenstra_constant& lenstra_table::at(unsigned p) const {
  const auto k = odd_prime_index(p);
  if (!k) throw domain_error(std::to_string(p) + " is not an odd prime; Lenstra's constants are for 3, 5, 7, 11, ...");
  if (!has_index(*k)) {
    throw domain_error("Lenstra's constants for p = " + std::to_string(p) + " are beyond the table, which ends at " +
                       std::to_string(max_prime()));
  }
  return by_index(*k);
}

void lenstra_table::push_back(lenstra_constant c) {
  TARTAN_ASSERT(c.prime == odd_prime(static_cast<unsigned>(constants_.size())), "the table holds the primes in order");
  insert(std::move(c));
}

void lenstra_table::insert(lenstra_constant c) {
  const auto k = odd_prime_index(c.prime);
  TARTAN_ASSERT(k && !has_index(*k), "a table takes each odd prime once");
  if (*k != constants_.size()) {
    beyond_.emplace(*k, std::move(c));
    return;
  }
  constants_.push_back(std::move(c));
  // The gap closed: the primes that waited past it follow.
  for (auto next = beyond_.find(constants_.size()); next != beyond_.end(); next = beyond_.find(constants_.size())) {
    constants_.push_back(std::move(next->second));
    beyond_.erase(next);
  }
}

std::vector<unsigned> lenstra_dependencies(unsigned p) {
  if (!odd_prime_index(p)) {
    throw domain_error(std::to_string(p) + " is not an odd prime below " + std::to_string(lenstra_prime_limit));
  }
  std::set<unsigned> found;
  std::vector<unsigned> open{p};
  while (!open.empty()) {
    unsigned f = order_of_two(open.back());
    open.pop_back();
    for (unsigned r = 2; r * r <= f; ++r) {
      if (f % r != 0) continue;
      while (f % r == 0) f /= r;
      if (r != 2 && found.insert(r).second) open.push_back(r);
    }
    if (f > 2 && found.insert(f).second) open.push_back(f);
  }
  return {found.begin(), found.end()};
}

std::vector<unsigned> lenstra_plan(unsigned p, const lenstra_table& table, bool every_below) {
  std::set<unsigned> wanted;
  for (const unsigned r : lenstra_dependencies(p)) wanted.insert(r);
  wanted.insert(p);
  if (every_below)
    for (unsigned k = 0; odd_prime(k) < p && odd_prime(k) <= max_lenstra_prime; ++k) wanted.insert(odd_prime(k));
  std::vector<unsigned> plan;
  for (const unsigned q : wanted)
    if (!table.has(q)) plan.push_back(q);
  return plan;
}

std::string lenstra_state_path(const std::string& checkpoint, unsigned p) {
  return checkpoint + ".alpha_" + std::to_string(p);
}

lenstra_table lenstra_starting_table(unsigned p, bool from_scratch, std::span<const lenstra_constant> recorded,
                                     const std::string& checkpoint) {
  lenstra_table table;
  if (!from_scratch)
    for (const lenstra_constant& c : lenstra_table::builtin().constants())
      if (c.prime < p) table.push_back(c);
  for (const lenstra_constant& c : recorded) {
    if (c.prime > p) continue;
    if (!table.has(c.prime)) {
      table.insert(c);
    } else if (!(table.at(c.prime) == c)) {
      throw parse_error("checkpoint " + quote_typed(checkpoint, 60) + " records alpha_" + std::to_string(c.prime) +
                        " unlike the constants this run starts from; move it away to start again");
    }
  }
  return table;
}

std::vector<unsigned> lenstra_kappa_set(unsigned h, const lenstra_table& table, const lenstra_progress& progress,
                                        std::uint64_t max_memory) {
  if (h < 2) throw domain_error("kappa_h is defined for h >= 2");
  return kappa_set(h, table, 0, progress, max_memory);
}

std::optional<lenstra_state> read_lenstra_state(const std::string& path) {
  std::optional<state_record> r = read_state(path);
  if (!r) return std::nullopt;
  return r->state;
}

lenstra_constant compute_lenstra_constant(unsigned p, const lenstra_table& lower, const lenstra_progress& progress,
                                          std::uint64_t max_memory, const lenstra_state_options& options) {
  check_dependencies(p, lower);
  const bool keep = !options.path.empty();
  std::optional<state_record> resume = keep ? read_state(options.path) : std::nullopt;
  const std::string shown = keep ? quote_typed(options.path, 60) : "";
  lenstra_constant c;
  c.prime = p;
  c.order_of_two = order_of_two(p);
  if (resume && resume->state.prime != p) {
    throw parse_error(shown + " holds the state of alpha_" + std::to_string(resume->state.prime) + ", not of alpha_" +
                      std::to_string(p) + "; give that prime, or another file");
  }
  // A state without Q records only that the prime began: nothing to go on from.
  if (resume && resume->state.q_set.empty() && resume->state.excess == 0 && !resume->state.found &&
      resume->state.norm_done == 0)
    resume.reset();
  lenstra_state state;
  state.prime = p;
  // Written before any work, so that a path that cannot be written is refused at once, not after Q's degrees.
  if (keep && !resume) write_state(options.path, state, 0, 0, 1, {});
  if (resume) {
    const auto divides = [&](unsigned q) { return q > 1 && c.order_of_two % q == 0; };
    if (resume->state.q_set.empty() || !std::all_of(resume->state.q_set.begin(), resume->state.q_set.end(), divides)) {
      throw parse_error(shown + " records a set Q that is not one of prime powers dividing f(" + std::to_string(p) +
                        ") = " + std::to_string(c.order_of_two) +
                        "; move it away to compute the prime from its beginning");
    }
    c.q_set = resume->state.q_set;
    if (options.resumed) options.resumed(resume->state);
  } else {
    c.q_set = kappa_set(c.order_of_two, lower, p, progress, max_memory);
  }
  state.q_set = c.q_set;
  if (keep && !resume) write_state(options.path, state, 0, 0, 1, {});
  check_excess_time(c, lower, max_memory, [&] { report(progress, p, "the pace of the field of alpha"); });
  std::uint64_t m = resume ? resume->state.excess : 0;
  bool found = resume && resume->state.found;
  const std::string what = "the excess of " + std::to_string(p);
  std::string stage;
  for (; !found; ++m) {
    c.excess = m;
    state.excess = m;
    const bool resuming = resume && resume->state.excess == m && resume->state.norm_done > 0;
    if (keep && !(resume && resume->state.excess == m)) write_state(options.path, state, 0, 0, 1, {});
    stage = "the excess " + std::to_string(m);
    report(progress, p, stage);
    // The test of κ + m: x^((2^D-1)/p) = ν^((2^f-1)/p) for ν = N(x), the norm down to GF(2^f), whose chain of
    // O(log(D/f)) dense products is written to the state file (x and the product so far) and taken from it; then ν's
    // minimal polynomial g, read through the trace form by baby and giant steps (about 2√(2f) products), and the
    // power in GF(2)[z]/(g), z standing for ν (O(f) products of f-bit polynomials).
    const bool power = in_kappa_tower(
        detail::alpha_relation(c), lower, max_memory, what, [&] { report(progress, p, stage); },
        [&](const auto& t, const auto& x) {
          using tower_type = std::decay_t<decltype(t)>;
          using element = typename tower_type::element;
          using value = typename tower_type::value;
          const std::uint64_t f = c.order_of_two;
          if (t.degree() % f != 0) return true;  // p does not divide 2^D - 1: every element is a p-th power
          const int steps = tower_type::norm_steps(t.degree() / f);
          state.field_degree = t.degree();
          state.norm_steps = steps;
          state.norm_done = 0;
          typename tower_type::norm_step from;
          if constexpr (std::is_trivially_copyable_v<value>) {
            if (resuming) {
              const state_record& r = *resume;
              if (r.state.field_degree != t.degree() || r.base_values != t.size() || r.value_bytes != sizeof(value) ||
                  r.state.norm_steps != steps || r.conjugates > t.degree() / f) {
                throw parse_error(shown + " records the norm of a field unlike the one alpha_" + std::to_string(p) +
                                  " needs; move it away to compute the prime from its beginning");
              }
              // The state's first element is the norm's input, x itself; the second the product so far.
              from.product.resize(t.size());
              const std::size_t bytes = t.size() * sizeof(value);
              std::memcpy(from.product.data(), r.data.data() + bytes, bytes);
              from.bit = steps - r.state.norm_done;
              from.k = r.conjugates;
              resume->data = std::string();  // read once: its memory is the field's again
            }
          }
          const bool go_on = !from.product.empty();
          const auto next_step = [&](int bit) {
            stage = bit <= 0 ? "the excess " + std::to_string(m) + ": the norm, done"
                             : "the excess " + std::to_string(m) + ": the norm, step " +
                                   std::to_string(steps - bit + 1) + " of " + std::to_string(steps);
          };
          next_step(go_on ? from.bit : steps);
          auto written = std::chrono::steady_clock::now();
          const auto reached = [&](const typename tower_type::norm_step& at, bool stopping) {
            next_step(at.bit);
            if constexpr (std::is_trivially_copyable_v<value>) {
              // Nothing to write before the first step (the file says where the excess began); the last step is
              // always written, so that the minimal polynomial's stage goes on from the norm.
              if (!keep || at.bit == steps) return;
              const auto now = std::chrono::steady_clock::now();
              if (at.bit != 0 && !stopping &&
                  std::chrono::duration<double>(now - written).count() < options.every_seconds)
                return;
              state.norm_done = steps - at.bit;
              const auto bytes = [](const element& v) {
                return std::span(reinterpret_cast<const unsigned char*>(v.data()), v.size() * sizeof(value));
              };
              write_state(options.path, state, t.size(), sizeof(value), at.k, {bytes(x), bytes(at.product)});
              state.norm_done = 0;
              written = std::chrono::steady_clock::now();
            }
          };
          const element nu = t.norm_to_subfield(x, f, go_on ? &from : nullptr, reached);
          const std::string base_stage = "the excess " + std::to_string(m) + ": the minimal polynomial of the norm, ";
          return is_pth_power_in_subfield(t, nu, f, p, max_memory, [&](const std::string& step) {
            stage = base_stage + step;
            report(progress, p, stage);
          });
        });
    state.field_degree = 0;
    state.norm_steps = 0;
    if (!power) {
      found = true;
      state.found = true;
      if (keep) write_state(options.path, state, 0, 0, 1, {});
      break;
    }
    if (m == 1000000) {
      throw limit_error("no excess below 10^6 for p = " + std::to_string(p) +
                        "; Lenstra's theorem bounds it far lower");
    }
  }
  c.excess = m;
  stage = "the degree of alpha_" + std::to_string(p);
  report(progress, p, stage);
  c.degree = in_kappa_tower(
      detail::alpha_relation(c), lower, max_memory, what, [&] { report(progress, p, stage); },
      [](const auto& t, const auto& x) { return t.degree_of(x); });
  return c;
}

lenstra_certificate certify_lenstra_constant(const lenstra_constant& c, const lenstra_table& lower,
                                             const lenstra_progress& progress, std::uint64_t max_memory) {
  const unsigned p = c.prime;
  check_dependencies(p, lower);
  std::string step = "the certificate";
  const auto set_stage = [&](const std::string& next) {
    step = next;
    report(progress, p, step);
  };
  return in_kappa_tower(
      detail::alpha_relation(c), lower, max_memory, "the certificate of alpha_" + std::to_string(p),
      [&] { report(progress, p, step); },
      [&](const auto& t, const auto& x) { return certify(t, x, c, max_memory, set_stage); });
}

ordinal_nimber lenstra_kappa(unsigned q) {
  unsigned r = 0, n = 0;
  if (!is_prime_power(q, r, n)) throw domain_error(std::to_string(q) + " is not a prime power");
  const detail::alpha_parts parts = kappa_parts({q});
  return detail::ordinal_from_generators(parts.generators, parts.constant);
}

ordinal_nimber lenstra_alpha(const lenstra_constant& c) {
  const detail::alpha_parts parts = detail::alpha_relation(c);
  return detail::ordinal_from_generators(parts.generators, parts.constant);
}

bool is_pth_power_below(const ordinal_nimber& x, unsigned p) {
  const auto k = odd_prime_index(p);
  if (!k) throw domain_error(std::to_string(p) + " is not an odd prime");
  if (x.height() > *k) {
    throw domain_error(to_string(x) + " is not below w^(w^" + std::to_string(*k) +
                       "), the field of the p-th powers asked about");
  }
  if (x.is_zero()) return true;
  detail::tower_shape shape = detail::tower_for({&x}, 0, "the p-th power test of " + to_string(x));
  return detail::with_tower(std::move(shape), [&](const auto& t) { return t.is_pth_power(detail::to_dense(t, x), p); });
}

}  // namespace tartan
