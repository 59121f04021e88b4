// Lenstra's constants: for each odd prime p, the ordinal α_p with (ω^(ω^k))^p = α_p (nim power), p the (k+1)-th odd
// prime, which the nim arithmetic of the ordinals below ω^(ω^ω) needs (<tartan/nim/ordinal_nimber.hpp>).
//
// Conway (On Numbers and Games, ch. 6) showed that the ordinals below ω^(ω^ω) are the algebraic closure of GF(2) under
// nim sum and product, and that ω^(ω^k) is a p-th root of α_p, the least ordinal below ω^(ω^k) that is not a p-th
// power of an ordinal below ω^(ω^k): α_3 = 2 (ω⊗ω⊗ω = 2), α_5 = 4 ((ω^ω)^5 = 4: ω^ω is a fifth root of 4, not a cube
// root), α_7 = ω + 1. Lenstra ("On the algebraic closure of two", 1977) showed α_p = κ_f(p) + m_p: f(p) is the order
// of 2 modulo p, κ_h a sum of the ordinals κ_q (q a prime power dividing h) that his recursion names, and the excess
// m_p a small natural number. The ordinals κ_q, for q = r^n:
//   r = 2:  κ_(2^n) = 2^(2^(n-1))                the Fermat 2-powers 2, 4, 16, 256, ...
//   r odd:  κ_(r^n) = ω^(ω^i · r^(n-1))          r the (i+1)-th odd prime: κ_3 = ω, κ_9 = ω^3, κ_5 = ω^ω
// with κ_(r^(n+1))^r = κ_(r^n) for n >= 1 and κ_r^r = α_r. Lenstra's κ_h: let r be the least prime dividing h, q the
// highest power of r dividing h and g = h/q; then κ_h = κ_q when g = 1, else κ_h = κ_g when q divides the degree of
// κ_g over GF(2), else κ_h = κ_g + κ_q. The set of the q in κ_h is Lenstra's Q(h).
//
// The engine computes these from the definition (compute_lenstra_constant): Q(f(p)) by the recursion above, each
// degree found in the finite field the κ_q generate; then m = 0, 1, 2, ... until κ_f(p) + m (ordinal sum) is not a
// p-th power there. An element x of that field F = GF(2^D), containing the p-th roots of unity, is a p-th power of an
// ordinal below ω^(ω^k) iff it is a p-th power in F (a p-th root outside F would have degree D·p over GF(2), and p
// divides no degree below ω^(ω^k)), i.e. iff x^((2^D-1)/p) = 1. That power is N(x)^((2^f-1)/p) with N the norm from F
// down to GF(2^f), f = f(p): a product of D/f Frobenius images, O(log(D/f)) products in F when the images come from
// the Kummer structure of the tower (docs/ordinals.md). Costs grow with D, Lenstra's exponent e_p: 68060 for p = 167
// (a second), 237820 for p = 283 (under a minute); every α_p for p <= 257 takes a few seconds in all.
//
// The constants are cached in a table (lenstra_table::builtin()) of every odd prime up to max_lenstra_prime = 709,
// each recomputed from the definition by `tartan nim alpha 709 --from-scratch` (scripts/lenstra-table writes the table
// from that run's checkpoint), and checked against the published values: OEIS A380496's b-file (the excess of every
// odd prime up to 709), Siegel's CGSuite (Q and the excess up to 257) and Peeters' list of α_p. The tests recompute
// the small fields, the benchmark the rest. The largest fields of the table are those of α_659 (degree 4994220) and
// α_359 (3504820); the next prime, 719, needs one of degree 1258230380 over GF(16) (docs/ordinals.md gives the cost
// of each prime up to 709 and beyond).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tartan {

class ordinal_nimber;

/// The largest prime of the cached table: ordinals are supported below ω^(ω^K), K the number of odd primes up to it.
inline constexpr unsigned max_lenstra_prime = 709;

/// The primes compute_lenstra_constant takes lie below this (the sieve behind odd_prime); how far one can go in
/// practice is the field of its α_p, which the memory limit bounds (docs/ordinals.md).
inline constexpr unsigned lenstra_prime_limit = 1'400'000;

/**
 * The (k+1)-th odd prime: odd_prime(0) == 3, odd_prime(1) == 5, odd_prime(66) == 337. ω^(ω^k) is a p-th root of α_p
 * for p = odd_prime(k). @pre k < 100000
 *
 * Example: odd_prime(2) == 7
 */
unsigned odd_prime(unsigned k);

/// The k with odd_prime(k) == p, or nothing when p is not an odd prime. Example: odd_prime_index(7) == 2
std::optional<unsigned> odd_prime_index(unsigned p);

/// f(n): the multiplicative order of 2 modulo the odd number n > 1. Example: order_of_two(7) == 3, order_of_two(167)
/// == 83
unsigned order_of_two(unsigned n);

/// Lenstra's constants of one odd prime p: α_p = Σ_{q ∈ Q} κ_q + excess (ordinal sum).
struct lenstra_constant {
  unsigned prime = 0;
  unsigned order_of_two = 0;    // f(p)
  std::vector<unsigned> q_set;  // Lenstra's Q(f(p)), ascending: the prime powers q with κ_f(p) = Σ κ_q
  std::uint64_t excess = 0;     // m_p
  std::uint64_t degree = 0;     // the degree of α_p over GF(2) (Lenstra's exponent e_p)

  friend bool operator==(const lenstra_constant&, const lenstra_constant&) = default;
};

/**
 * The constants of every odd prime from 3 up to a bound, in order: what the arithmetic of the ordinals below
 * ω^(ω^K) needs, K = size(); and past that bound, with gaps, those of primes computed on their own (a prime whose
 * α_p needs only some of the primes before it: lenstra_dependencies). builtin() is the cached table up to
 * max_lenstra_prime.
 *
 * Example: lenstra_table::builtin().at(7).excess == 1
 */
class lenstra_table {
 public:
  lenstra_table() = default;
  /// The cached table, every odd prime p <= max_lenstra_prime.
  static const lenstra_table& builtin();

  /// The number of consecutive primes held from 3: the constants of odd_prime(0 .. size()-1).
  std::size_t size() const noexcept { return constants_.size(); }
  /// The largest of the consecutive primes held (0 when none).
  unsigned max_prime() const noexcept { return constants_.empty() ? 0 : constants_.back().prime; }
  /// Whether the constants of the odd prime p are held (consecutive or past a gap).
  bool has(unsigned p) const noexcept;
  /// Whether the constants of odd_prime(k) are held.
  bool has_index(std::size_t k) const noexcept { return k < constants_.size() || beyond_.count(k) != 0; }
  /// The constants of p; throws domain_error naming the range when p is not held (or not an odd prime).
  const lenstra_constant& at(unsigned p) const;
  /// The constants of odd_prime(k). @pre has_index(k)
  const lenstra_constant& by_index(std::size_t k) const {
    return k < constants_.size() ? constants_[k] : beyond_.at(k);
  }
  /// The consecutive constants, from 3.
  std::span<const lenstra_constant> constants() const noexcept { return constants_; }

  /// Appends the constants of the next odd prime. @pre c.prime == odd_prime(size())
  void push_back(lenstra_constant c);
  /// Adds the constants of a prime not held: the next one (then those past it that were waiting join the
  /// consecutive ones), or one past a gap. @pre !has(c.prime)
  void insert(lenstra_constant c);

 private:
  std::vector<lenstra_constant> constants_;
  std::map<std::size_t, lenstra_constant> beyond_;  // by odd-prime index, each past a gap
};

/**
 * The odd primes whose constants the computation of α_p reads, ascending: the odd primes r dividing f(p) (κ_f(p) is
 * a sum of κ_q, q a power of r, and κ_q lies in the tower built on α_r), and theirs in turn. Complexity: trial
 * division of f at each prime, O(sqrt p) each.
 *
 * Example: lenstra_dependencies(719) == {5, 11, 89, 179, 359} (f(719) = 359, f(359) = 179, ..., f(5) = 4)
 */
std::vector<unsigned> lenstra_dependencies(unsigned p);

/**
 * The primes a computation of α_p computes, ascending, each after those it needs: p and its dependencies that
 * `table` lacks, and with `every_below` also every odd prime below p up to max_lenstra_prime that it lacks (the table
 * recomputed from its definition). Empty when the table holds p.
 *
 * Example: lenstra_plan(727, lenstra_table::builtin(), false) == {727}
 */
std::vector<unsigned> lenstra_plan(unsigned p, const lenstra_table& table, bool every_below);

/**
 * What shows that α_p = κ + m, and no κ + j with j < m, is not a p-th power (docs/ordinals.md, "A certificate"): for
 * each excess j = 0 .. m the norm ν_j = N(κ + j) from the tower field F of α_p (degree field_degree) down to GF(2^f),
 * f = f(p), and its power ν_j^((2^f-1)/p), which is 1 exactly when κ + j is a p-th power. Each is an element of
 *
 *   GF(2^f) = GF(2)[z]/(g),  z ↦ ζ = ν_m^((2^f-1)/p),
 *
 * the p-th root of unity ≠ 1 that the test of m finds, g its minimal polynomial (a factor of z^p - 1 of degree f, so
 * irreducible): f bits, bit i the coefficient of z^i, in 64-bit words, least significant first (g: f + 1 bits). So
 * the last power is z, the others 1; a reader checks ν_j^((2^f-1)/p) with any arithmetic of GF(2)[z]/(g).
 */
struct lenstra_certificate {
  /// One excess tried.
  struct test {
    std::uint64_t excess = 0;          // j
    std::vector<std::uint64_t> norm;   // ν_j
    std::vector<std::uint64_t> power;  // ν_j^((2^f-1)/p): 1, or z for j = m
    bool pth_power = false;            // whether the power is 1: κ + j is a p-th power (j < m)
  };
  unsigned prime = 0;
  unsigned order_of_two = 0;           // f
  std::uint64_t field_degree = 0;      // D: the degree over GF(2) of the field the norms are taken from
  std::vector<std::uint64_t> modulus;  // g
  std::vector<test> tests;             // j = 0 .. m, in order
};

/// Progress of compute_lenstra_constant: a stage ("the degree of κ_20", "testing m = 1") and the prime; return false
/// to stop (cancelled_error).
using lenstra_progress = std::function<bool(unsigned prime, const std::string& stage)>;

/**
 * Where a computation of one α_p stands, as its state file records it (lenstra_state_options): Q(f(p)) once found,
 * the excess under test (every one below it is a p-th power) and how far the norm of its test went. A state file
 * is text lines, then the norm's two elements of the field of α_p as raw bytes, then a line "crc <CRC-32C of all
 * before it, 8 hex digits>" (docs/ordinals.md, "Checkpoints"):
 *
 *   # tartan Lenstra state 2
 *   prime <p>
 *   q_set <q,q,...>
 *   excess <m> <0 | 1: κ + m is not a p-th power, only α_p's degree is left>
 *   norm <field degree D> <base values> <bytes per value> <steps> <steps done> <conjugates multiplied>
 *   data <bytes>
 */
struct lenstra_state {
  unsigned prime = 0;
  std::vector<unsigned> q_set;  // empty until found (the state then says only that p began)
  std::uint64_t excess = 0;
  bool found = false;              // κ + excess is not a p-th power
  std::uint64_t field_degree = 0;  // D, when the norm's progress is recorded (0 otherwise)
  int norm_steps = 0;              // the steps of the norm of the test of `excess`
  int norm_done = 0;               // those done (0: the test of `excess` starts from its beginning)
};

/// Where compute_lenstra_constant keeps its state within one prime, so that a run stopped by Ctrl-C, a time limit, a
/// kill or a crash goes on from it: on the next call with the same file it starts from the state recorded.
struct lenstra_state_options {
  std::string path;  // none when empty
  /// How often the norm's progress is written while it runs (0: after every step). It is also written when a stop
  /// interrupts the norm, when Q(f(p)) is found and as each excess begins; a kill loses at most this much work.
  double every_seconds = 60;
  /// Told the state the computation goes on from, once, when the file holds one (a front end says where it resumes
  /// without reading the file a second time).
  std::function<void(const lenstra_state&)> resumed;
};

/// The state recorded in a file (lenstra_state); nothing when it does not exist. Throws parse_error with one line
/// when it is not a state file or is damaged (its checksum does not hold).
std::optional<lenstra_state> read_lenstra_state(const std::string& path);

/// The most finite nimbers of the field a test of Lenstra's excess works in: 2^30 (α_719's has 314557595, of degree
/// 1258230380 over GF(2); docs/ordinals.md, "The first unknown"), within the memory limit as planned.
inline constexpr std::uint64_t max_lenstra_field_size = std::uint64_t{1} << 30;

/**
 * Computes the constants of the odd prime p from the definition (above), the constants of the primes it needs taken
 * from `lower` (which must hold every one of lenstra_dependencies(p)). Throws domain_error when p is not an odd prime
 * below lenstra_prime_limit or `lower` lacks one it needs, cancelled_error when `progress` returns false or the search
 * scope of this thread (search_stop.hpp) says stop (its deadline, a cancel: the message names the stage),
 * time_limit_error when that deadline is one the tests of an excess cannot meet (one product timed in the field of α_p,
 * before the tests), limit_error when the field exceeds `max_memory` bytes (0: the default limit). Complexity:
 * Lenstra's recursion for Q(f(p)) takes the degree of each κ_g, O(log^2 D) Frobenius maps in its field; each excess
 * m tried is the test ν^((2^f-1)/p) = 1 for ν = N(κ + m), the norm from GF(2^D) down to GF(2^f): O(log(D/f)) products
 * and Frobenius maps for the norm, then ν's minimal polynomial g over GF(2) from 2f values of a linear form on its
 * powers, by baby and giant steps (about 2√(2f) products and 2f evaluations of O(N)), and the power in GF(2)[z]/(g),
 * O(f) products of f-bit polynomials. A product in the tower costs O(N^1.6) products of nimbers, N = D over the
 * finite part's degree, or one product of binary polynomials of about 2D bits (binary_polynomial.hpp's additive FFT)
 * in the large fields that are chains over a small foot (ordinal_chain_product.hpp).
 *
 * With a state file (`state.path`), the computation records where it stands (lenstra_state) and starts from what the
 * file holds: parse_error when it is damaged or records another prime. The file stays when the constant is returned:
 * the caller removes it once the constant is kept (a checkpoint line), so that no stop loses the prime's work.
 *
 * Example: compute_lenstra_constant(13, lenstra_table::builtin()) gives Q = {3, 4}, excess 0: α_13 = ω + 4
 */
lenstra_constant compute_lenstra_constant(unsigned p, const lenstra_table& lower, const lenstra_progress& progress = {},
                                          std::uint64_t max_memory = 0, const lenstra_state_options& state = {});

/**
 * The certificate of the constants c (lenstra_certificate), computed in the field of α_p with the constants of
 * `lower` (as compute_lenstra_constant's), which checks them: throws error when κ + m is a p-th power or a κ + j,
 * j < m, is not. The norms are taken again; ν_m, not a p-th power, has degree f, so its minimal polynomial (from 2f
 * values Tr(c·ν_m^n), by baby and giant steps) makes K = GF(2)[z]/(g_m) a copy of GF(2^f) with z = ν_m, and the other
 * ν_j are read into it by one Hankel system over GF(2) (Tr(c·ν_j·ν_m^k) = Σ h_i Tr(c·ν_m^(i+k)) for ν_j = Σ h_i
 * ν_m^i). In K, ζ = z^((2^f-1)/p) is the root of unity; g is its minimal polynomial and the ν_j are written in powers
 * of ζ by a second Hankel system, of the constant coefficients of ζ^i and ν_j·ζ^k (ζ^f = Σ g_i ζ^i and ν_j = Σ h_i ζ^i
 * give s_(f+k) = Σ g_i s_(i+k) and form(ν_j ζ^k) = Σ h_i s_(i+k)). Stops and refuses as compute_lenstra_constant.
 * Complexity: the m + 1 norms, about 2√(2f) + m·√(f/2) products in the field of α_p, O(f) products of f-bit
 * polynomials and O(f^3/64) word operations.
 *
 * Example: certify_lenstra_constant(lenstra_table::builtin().at(7), lenstra_table::builtin()).modulus == {0b1011}
 */
lenstra_certificate certify_lenstra_constant(const lenstra_constant& c, const lenstra_table& lower,
                                             const lenstra_progress& progress = {}, std::uint64_t max_memory = 0);

/**
 * A file of computed constants that a long `compute_lenstra_constant` run appends to as each prime finishes, so that
 * a run stopped by Ctrl-C, a kill or a crash goes on from the last prime it recorded. One line per prime, in the
 * order computed (lenstra_plan's: from 3, from the prime after a table the run started from, or only the primes past
 * the table that one prime needs):
 *
 *   # tartan Lenstra constants 1
 *   <p> <excess> <degree> <q,q,...> <CRC-32C of the text before it, 8 hex digits>
 *
 * A line is written and flushed to disk (fsync) whole before the next prime starts; a last line cut short by a kill
 * fails its checksum and is dropped on reading (and overwritten by the next append), so the file always holds every
 * prime it counts.
 */
/// The constants recorded in a checkpoint file, in order; an empty list when the file does not exist. Throws
/// parse_error with one line when the file is not a checkpoint, a line other than the last is damaged, or a prime is
/// recorded twice.
std::vector<lenstra_constant> read_lenstra_checkpoint(const std::string& path);

/// Appends one constant to a checkpoint file (creating it with its header), dropping a damaged last line first, and
/// flushes it to disk; then removes the prime's state file beside it (lenstra_state_path), whose work the line now
/// keeps. Throws error when the file cannot be written.
void append_lenstra_checkpoint(const std::string& path, const lenstra_constant& c);

/// The state file of the prime p kept beside a checkpoint FILE while p computes: FILE.alpha_<p> (lenstra_state).
/// Example: lenstra_state_path("alpha.txt", 719) == "alpha.txt.alpha_719"
std::string lenstra_state_path(const std::string& checkpoint, unsigned p);

/**
 * The constants a computation of α_p starts from: the cached table's below p (none with `from_scratch`) and those of
 * `recorded` (a checkpoint's, read_lenstra_checkpoint) up to p that it lacks. Throws parse_error naming `checkpoint`
 * when a recorded prime the table holds differs from it (a checkpoint of other constants).
 *
 * Example: lenstra_starting_table(11, false, {}, "").max_prime() == 7
 */
lenstra_table lenstra_starting_table(unsigned p, bool from_scratch, std::span<const lenstra_constant> recorded,
                                     const std::string& checkpoint);

/**
 * Lenstra's κ_h as the set of prime powers q with κ_h = Σ κ_q, by his recursion (above); the degrees it needs are
 * computed in the fields the κ_q generate, with the constants of `table` (which must hold every odd prime dividing h).
 *
 * Example: lenstra_kappa_set(12, lenstra_table::builtin()) == {3, 4} (κ_12 = ω + 4, as ω has degree 6)
 */
std::vector<unsigned> lenstra_kappa_set(unsigned h, const lenstra_table& table, const lenstra_progress& progress = {},
                                        std::uint64_t max_memory = 0);

/**
 * κ_q as an ordinal, q a prime power whose odd prime is held by `table` (for its index only).
 *
 * Example: to_string(lenstra_kappa(9)) == "w^3", to_string(lenstra_kappa(5)) == "w^w", to_string(lenstra_kappa(8))
 * == "16"
 */
ordinal_nimber lenstra_kappa(unsigned q);

/// α_p = Σ_{q ∈ Q} κ_q + excess as an ordinal. Example: to_string(lenstra_alpha(lenstra_table::builtin().at(19))) ==
/// "w^3 + 4"
ordinal_nimber lenstra_alpha(const lenstra_constant& c);

/**
 * Whether x (a non-zero ordinal whose primes the builtin table holds) is a p-th power of an ordinal below ω^(ω^k),
 * p = odd_prime(k) > every prime x involves: the test of the excess, exposed for checks. Complexity: as one excess
 * tried by compute_lenstra_constant, in the field of x.
 *
 * Example: !is_pth_power_below(ordinal_nimber::parse("w+1"), 7) && is_pth_power_below(ordinal_nimber::omega(), 7)
 */
bool is_pth_power_below(const ordinal_nimber& x, unsigned p);

}  // namespace tartan
