// misere_quotient: the misère quotient of a take-and-break game (Kayles, 0.07, S{1,3,4}, Grundy's game 4!.0) up to a
// heap bound, built heap by heap, and the positions of any number of heaps answered through it.
//
// Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) G05; Plambeck and Siegel, "Misère
// quotients for impartial games", JCTA 115 (2008); Siegel, "Misère games and misère quotients", Games of No Chance 5
// (2017). Let A_n be the positions made of heaps of at most n tokens (sums of heaps, closed under moves and sums). Two
// positions G and H are indistinguishable, G ≡ H, when G + X and H + X have the same misère outcome for every X in
// A_n. The classes form a finite commutative monoid Q_n (the sum of positions is its product, the empty position its
// identity 1), the quotient, whose P-portion P is the set of classes of the misère P-positions. The pretending
// function Φ maps each heap size to its class; a position of heaps h1, h2, ... is a P-position exactly when
// Φ(h1)·Φ(h2)·... lies in P, whatever the number of heaps. Kayles has a quotient of 40 elements; Nim’s heaps of at
// most 2 give T6 = ⟨a, b | a² = 1, b³ = b⟩ with P = {a, b²}.
//
// Construction (the heap-by-heap method of Plambeck–Siegel's MisereSolver, written here from its published
// description; docs/misere.md). A candidate is a finite commutative monoid M with a subset P and an image Φ(h) of each
// heap. It is correct when Φ(G) ∈ P exactly for the P-positions G of A_n, and then Q_n is M modulo x ~ y ⟺ (xz ∈ P ⟺
// yz ∈ P for all z). Correctness is decided exactly, over the infinitely many positions, by two checks: (P) for every
// x ∈ M, heap h and option o of h, xΦ(h) ∈ P implies xΦ(o) ∉ P (finite); (N) every non-empty position G with Φ(G) ∉ P
// has an option in P. For (N) the positions are visited in lexicographic order, largest heap most significant, each
// as its element x = Φ(G) and the set U(G) = {m : some option G' has Φ(G')m ∈ P}; G fails exactly when x ∉ P and 1 ∉
// U(G), and G + h has x·Φ(h) and U = {m : Φ(h)m ∈ U(G)} ∪ {m : xΦ(o)m ∈ P for an option o of h}. A position whose U
// contains the U of an earlier position with the same element can fail only if that one's extensions do, so it is
// not extended, and the visit is finite. Heap n + 1 first tries each element of Q_n as its image (the quotient stays
// the same); when none is correct it becomes a new generator of a trial monoid, Q_n × a cyclic monoid, whose P-portion
// is read off each element's lexicographically least position, and a trial that fails is recalibrated at its least
// failing position (the heaps in it made free cyclic generators) until the checks pass.
//
// What is proven: every quotient reported is checked by (P) and (N), so Q_n is the quotient of A_n, exactly. For the
// whole game (heaps of any size), the periodicity theorem (docs/misere.md has the proof): with t the most tokens a
// move removes and j the most heaps it leaves (no '!' in the code), if Φ(h + p) = Φ(h) for n0 ≤ h ≤ n − p and n ≥
// j·(max(n0, 1) + p) + t − 1, then every heap above n has the options of the heap p below it, image for image, so
// Φ(h) = Φ(h − p) for all h > n and Q_n is the quotient of the whole game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/progress.hpp"
#include "tartan/core/search_stop.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "tartan/turning/turning_game.hpp"

namespace tartan {

/// An element of a quotient: 0 .. order − 1, 0 the identity (the empty position), then in the order of their normal
/// forms (degree first).
using quotient_element = std::uint32_t;

/// What building a quotient may take.
struct quotient_options {
  /// The largest quotient (and reduced trial) accepted; a heap that needs more stops the construction before it.
  std::uint32_t max_order = 4096;
  /// Bytes the trial monoids and the checks may take; 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// Seconds for the construction; 0: no limit. A stop keeps the quotient of the heaps completed.
  double max_seconds = 0;
  /// Called with the fraction of the heaps done; returning false stops (as the time limit does).
  progress_callback progress = {};
  /// Called with what the construction is doing as each heap and each of its trials begins ("heap 34", "heap 34:
  /// candidate 15, a trial at the least failure 2, 4, 10, 14 (2 times), 34"; candidates counted as in
  /// quotient_step): a long heap shows where it stands. Empty: none.
  std::function<void(const std::string& doing)> stage = {};
};

/// The evidence for one heap: what adding it did to the quotient.
struct quotient_step {
  coin heap = 0;
  /// The heap has no move: it is the empty game, Φ = 1.
  bool no_move = false;
  /// The quotient grew (the heap's class is new); false: an element already there was proved to be its class.
  bool grew = false;
  /// The order and P-portion size of Q_heap.
  std::uint32_t order = 1;
  std::uint32_t p_portion_size = 0;
  /// Candidates checked for this heap (elements tried as its image, then trials).
  std::uint32_t candidates = 0;
};

/// A relation of the presentation: lhs = rhs, each a monomial given by its exponent per generator.
struct quotient_relation {
  std::vector<std::uint32_t> lhs;
  std::vector<std::uint32_t> rhs;
};

/// The period of the pretending function, proven to go on for every heap (the periodicity theorem above).
struct quotient_period {
  coin start = 0;   // n0: Φ(h + p) = Φ(h) for every h >= n0
  coin period = 1;  // p
};

/// What a quotient's components are: the heaps of a take-and-break code (numbered by their tokens), or the rows of a
/// 1-D turning game (numbered by their bitmasks, bit i coin i: the row HTH is 5).
enum class quotient_components { heaps, rows };

class misere_quotient {
 public:
  quotient_components components() const { return components_; }
  /// The take-and-break code. @pre components() == heaps
  const take_break_code& rule() const;
  /// The 1-D game whose rows are the components. @pre components() == rows
  const turning_game& row_game() const;
  /// A component as the reports write it: a heap by its tokens ("7"), a row by its coins, coin 0 first, up to its
  /// last heads coin ("HTH"; the row without heads "T").
  std::string component_text(coin c) const;
  /// A position given as copies per component: position_text for heaps, "HTH, HH (2 times)" for rows.
  std::string copies_text(std::span<const std::uint32_t> copies) const;
  /// The heap bound asked for, and the largest heap the quotient holds (the bound unless the construction stopped).
  coin asked() const { return asked_; }
  coin bound() const { return static_cast<coin>(pretending_.size() - 1); }
  /// complete, or how the construction stopped (time_limit, cancelled, stopped: a limit on the order or the memory).
  search_end end() const { return end_; }
  /// Why it stopped, in words ("the quotient at heap 31 would pass the order limit of 4096"); empty when complete.
  const std::string& stopped_why() const { return stopped_why_; }

  std::uint32_t order() const { return order_; }
  std::uint32_t p_portion_size() const;
  bool is_p(quotient_element x) const { return p_[x] != 0; }
  quotient_element product(quotient_element x, quotient_element y) const {
    return table_[static_cast<std::size_t>(x) * order_ + y];
  }

  /// Φ(0) .. Φ(bound()): the class of each heap in the quotient of the heaps up to bound().
  const std::vector<quotient_element>& pretending() const { return pretending_; }
  /// The period proven for every heap, if one was found (never for codes with '!').
  const std::optional<quotient_period>& period() const { return period_; }
  /// Whether the class of a heap of `heap` tokens is known: heap <= bound(), or any heap once the period is proven.
  bool covers(coin heap) const { return heap <= bound() || period_.has_value(); }
  /// Φ(heap), through the period above bound(). @pre covers(heap)
  quotient_element image(coin heap) const;
  /// Φ(h1)·Φ(h2)·... @pre covers(h) for every heap. Complexity: O(heaps).
  quotient_element element_of(std::span<const coin> heaps) const;
  /// The misère outcome of the heaps: 'P' when element_of(heaps) is in P, else 'N'. @pre covers every heap
  char outcome(std::span<const coin> heaps) const { return is_p(element_of(heaps)) ? 'P' : 'N'; }

  /// The presentation: the generators (heap sizes whose class is not a product of the classes of smaller heaps, named
  /// a, b, c, ...), each element's normal form (its least monomial, degree first, then more of the earlier
  /// generators), and the relations (the least monomials that are not normal forms, each equal to a normal form).
  const std::vector<coin>& generator_heaps() const { return generator_heaps_; }
  const std::vector<std::string>& generator_names() const { return generator_names_; }
  const std::vector<std::vector<std::uint32_t>>& normal_forms() const { return normal_forms_; }
  const std::vector<quotient_relation>& relations() const { return relations_; }
  /// An element written as its normal form: "1", "a", "ab^2c".
  std::string name(quotient_element x) const;
  /// A monomial written the same way.
  std::string monomial_name(std::span<const std::uint32_t> exponents) const;
  /// The presentation as the papers print it: "a, b | a^2 = 1, b^3 = b".
  std::string presentation() const;

  /// What each heap did: one step per heap 0 .. bound().
  const std::vector<quotient_step>& steps() const { return steps_; }

  /// When the construction stopped at heap bound() + 1 after trials there failed: the least failing positions of the
  /// last of those trials (at most 8, in the order met), each as the copies of every heap 0 .. bound() + 1 (index h:
  /// the number of heaps of h tokens). They show what the recalibrations were chasing: on 4.76 at heap 6 the copies
  /// of heaps 2 and 5 rise together without end. Empty when complete, or stopped before a trial failed.
  const std::vector<std::vector<std::uint32_t>>& stop_failures() const { return stop_failures_; }
  /// A position given as copies per heap, written "1, 2 (7 times), 3, 5 (10 times), 6".
  static std::string position_text(std::span<const std::uint32_t> copies);

 private:
  friend misere_quotient build_misere_quotient(const take_break_code& code, coin bound,
                                               const quotient_options& options);
  friend misere_quotient build_row_quotient(const turning_game& game, coin last_row, const quotient_options& options);
  friend struct quotient_builder;
  quotient_components components_ = quotient_components::heaps;
  std::optional<take_break_code> rule_;
  std::optional<turning_game> row_game_;
  coin asked_ = 0;
  search_end end_ = search_end::complete;
  std::string stopped_why_;
  std::uint32_t order_ = 1;
  std::vector<quotient_element> table_{0};
  std::vector<char> p_{0};
  std::vector<quotient_element> pretending_{0};
  std::optional<quotient_period> period_;
  std::vector<coin> generator_heaps_;
  std::vector<std::string> generator_names_;
  std::vector<std::vector<std::uint32_t>> normal_forms_;
  std::vector<quotient_relation> relations_;
  std::vector<quotient_step> steps_;
  std::vector<std::vector<std::uint32_t>> stop_failures_;
};

/**
 * The misère quotient of `code` for the heaps of at most `bound` tokens, built heap by heap (the construction and its
 * checks above), under `options`. A stop (the time limit, the progress callback, the order or memory limit) keeps
 * the quotient of the heaps completed before it: end() and stopped_why() say why. Throws limit_error when `bound`
 * passes 2^20 heaps (the options of every heap are listed) or their moves would pass the memory limit.
 * Complexity: per heap, the checks visit the positions not dominated by earlier ones (in practice a few times the
 * order, each costing O(order/64) per heap and option); a heap that grows the quotient builds trials of at most
 * order × (index + 2) elements per freed heap.
 *
 * Example: build_misere_quotient(parse("0.77"), 170, {}).order() == 40 (Kayles, its period proven)
 */
misere_quotient build_misere_quotient(const take_break_code& code, coin bound, const quotient_options& options = {});

/**
 * The misère quotient of the rows of `game` (a 1-D turning game) up to the row whose bitmask is `last_row`: the
 * quotient of the closed set the rows 0 .. last_row generate, whose sums are the sums of rows (a move turns coins of
 * one row; a row's options are single rows, smaller as bitmasks). A row is not the sum of its coins in misère play,
 * but a sum of rows is a sum, so the construction and checks above apply with the rows as the components, each
 * checked exactly; no period is looked for (the rows of more coins are other games). A sum of rows r1, r2, ... is P
 * exactly when Φ(r1)·Φ(r2)··· is in P. Throws limit_error when last_row passes max_quotient_bound (rows of more than
 * 20 coins) or the rows' options pass the memory limit.
 * Complexity: as build_misere_quotient's, with last_row + 1 components, each with (heads × moves per coin) options.
 *
 * Example: build_row_quotient(turtles, 0b111, {}) is the quotient of the rows of Turning Turtles up to HHH
 */
misere_quotient build_row_quotient(const turning_game& game, coin last_row, const quotient_options& options = {});

/// The most heaps (or rows, as bitmasks) a quotient is built for.
inline constexpr coin max_quotient_bound = coin{1} << 20;

/// The longest rows a quotient of rows is built for: every row of 20 coins is a bitmask below max_quotient_bound.
inline constexpr std::size_t max_quotient_row_coins = 20;
static_assert(coin{1} << max_quotient_row_coins == max_quotient_bound);

}  // namespace tartan
