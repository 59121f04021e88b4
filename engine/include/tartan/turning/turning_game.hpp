// turning_game: any 1-D coin-turning game behind one run-time type, with its Grundy sequence cached.
//
// The registry, front ends and tartan products work with this handle; a plug-in is wrapped once and then behaves
// like the built-in games. Hooks the wrapped rule lacks fall back to plain enumeration.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/core/progress.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/detail/function_ref.hpp"
#include "tartan/turning/game_concepts.hpp"
#include "tartan/turning/move_index.hpp"
#include "tartan/turning/move_values.hpp"
#include "tartan/turning/sequence.hpp"
#include "tartan/turning/value_table.hpp"

namespace tartan {

class period_proof;
class periodic_continuation;

class turning_game {
 public:
  /**
   * Wraps `rule` under a display name and a turning code (the CGSuite-style code, or "" for plug-ins without one).
   *
   * Example: turning_game game("mock-turtles", "1-3", mock_turtles{}); game.sequence(4) == {1, 2, 4, 7}
   */
  template <class Rule>
  turning_game(std::string name, std::string code, Rule rule)
      : self_(std::make_shared<model<Rule>>(std::move(rule))),
        name_(std::move(name)),
        code_(std::move(code)),
        cache_(std::make_shared<sequence_cache>()) {}

  const std::string& name() const { return name_; }
  const std::string& code() const { return code_; }

  /// The same game (sharing its rule and its sequence cache) under another display name, e.g. the file it was
  /// read from. Example: game.named("@squares.code").code() == game.code()
  turning_game named(std::string name) const {
    turning_game copy = *this;
    copy.name_ = std::move(name);
    return copy;
  }

  bool for_each_move(coin n, move_visitor visit) const { return self_->for_each_move(n, visit); }

  void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
    self_->option_values(n, g, out);
  }

  bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const {
    return self_->find_moves(n, target, g, visit);
  }

  bool has_closed_form() const { return self_->has_closed_form(); }

  /// The number of moves from coin n, saturating at `cap`: the rule's move_count hook if it has one, else counted
  /// by enumeration (stopping at cap).
  std::uint64_t count_moves(coin n, std::uint64_t cap = UINT64_MAX) const { return self_->count_moves(n, cap); }

  /// For every move from every coin in [first, last], counts the XOR of g over all its coins (move_values.hpp):
  /// the rule's hook (prefix XORs for runs) or its moves listed.
  void count_move_values(coin first, coin last, std::span<const grundy_value> g, value_counts& counts) const {
    self_->count_move_values(first, last, g, counts);
  }

  /// The game's moves over the table g, ready to be found, counted and paged by value (move_index.hpp): the rule's
  /// index (turning codes) or, for a rule without one, its moves tried through find_moves. Never null; g must outlive
  /// the index and stay unchanged (the index keeps a copy of this handle).
  std::unique_ptr<move_index> index_moves(std::span<const grundy_value> g) const;

  /// g(0..count-1), computed once per game and reused: a shorter request is served from the cache, a longer one
  /// extends the cached prefix. Past a proven period the values come from it instead of being computed (the period
  /// is looked for at each doubling of the values from first_proof_check on, and kept: continuation()). Thread-safe;
  /// copies of a handle share the cache. Throws overflow_error where a value does not fit 64 bits (the cache keeps
  /// the values computed before it).
  std::vector<grundy_value> sequence(std::size_t count) const { return sequence(count, 0.0, {}); }

  /// How many values of the game are cached (shared by every copy of this handle).
  std::size_t cached_values() const {
    std::lock_guard lock(cache_->mutex);
    return cache_->values.size();
  }

  /// The same within a time limit in seconds (0: none): throws time_limit_error as soon as the pace measured
  /// projects the values still to compute beyond it (time_limit.hpp); the cache keeps what was computed.
  std::vector<grundy_value> sequence(std::size_t count, double max_seconds) const {
    return sequence(count, max_seconds, {});
  }

  /**
   * The same with progress and cancellation: `progress(fraction)` is called as in extend() while values are
   * computed; when it returns false the work stops, the cache keeps the values computed so far (a later request
   * goes on from them), and cancelled_error says how far it got.
   */
  std::vector<grundy_value> sequence(std::size_t count, double max_seconds, const progress_callback& progress) const;

  /// The values from which the proof of a period is looked for, and doubled between two looks (256, 512, ...): a
  /// look costs about one pass over the values, so the looks cost about two passes in all.
  static constexpr std::size_t first_proof_check = 256;

  /// How far continuation() computes values to find a proof when none is known: 2^16 values, a few milliseconds for
  /// the rules a proof applies to.
  static constexpr std::size_t proof_probe = std::size_t{1} << 16;

  /**
   * The game's proven periodic continuation (periodic_continuation.hpp): the one found by any earlier request, else
   * one looked for by computing the cached values up to `probe` (at most), stopping at the proof; nullptr when no
   * period is proven by then, or no proof applies to the rule (period_proof). The first request pays for the proof
   * once; every copy of the handle shares it. Throws as sequence(count, max_seconds, progress) does.
   *
   * Example: find_game("kayles").continuation(turning_game::proof_probe)->value(99999999) == 8
   */
  std::shared_ptr<const periodic_continuation> continuation(std::size_t probe, double max_seconds = 0,
                                                            const progress_callback& progress = {}) const;

  /// The continuation found so far by any request, without computing anything; nullptr when none is known.
  std::shared_ptr<const periodic_continuation> known_continuation() const {
    std::lock_guard lock(cache_->period_mutex);
    return cache_->continuation;
  }

  /// g(0..count-1) by a chosen route, not cached (for tests and benchmarks that compare routes, and for printing
  /// a long sequence once), within a time limit as above (0: none). `automatic` takes values past a proven period
  /// from it, as sequence(count) does; the other routes compute every value.
  std::vector<grundy_value> sequence(std::size_t count, sequence_method method, double max_seconds = 0) const;

  /// Receives computed values in order, a chunk at a time (sequence with a sink; streaming front ends print them).
  using value_sink = std::function<void(std::span<const grundy_value> values)>;

  /**
   * Extends `g`, which holds g(0..k-1) of this game (k = g.size(), possibly 0), to g(0..count-1) by `method`, not
   * cached, within `max_seconds` (0: none), reporting as it goes: `progress(fraction)` with the fraction of the
   * count done and `sink` with the values computed since the last call, both at most about 4096 times in all (and
   * `sink` once more at the end, or before a throw, with what is left). When `progress` returns false the work stops
   * there. Either may be empty. On every throw (time_limit_error, overflow_error) `g` keeps the values computed
   * so far, all correct, and `sink` has received them. `automatic` takes values past a proven period from it.
   *
   * Example: std::vector<grundy_value> g; game.extend(g, 1000000, sequence_method::automatic, 0,
   *          [](double f) { return f < 0.5; }, {}); g.size() is about 500000
   */
  void extend(std::vector<grundy_value>& g, std::size_t count, sequence_method method, double max_seconds,
              const progress_callback& progress, const value_sink& sink) const;

  /// The narrowest width (bytes) a value table needs for `method` to extend it: 1 for the routes that read values in
  /// any width (closed forms, the sparse-space method), 8 for the others (least_value_width in sequence.hpp).
  int least_value_width(sequence_method method = sequence_method::automatic) const {
    return self_->least_value_width(method);
  }

  /// How extend(value_table&) works and reports.
  struct table_extension {
    sequence_method method = sequence_method::automatic;
    double max_seconds = 0;  // projected from the pace of the values computed here (not those already in the table)
    unsigned threads = 1;    // for the solvers that use them (the sparse-space method)
    /// The fraction of the count in the table, every 1/4096 of the count and every 0.1 s; false stops the work.
    progress_callback progress = {};
    /// The values computed here, a chunk at a time (at the same moments, and the rest at the end or at a stop).
    value_sink sink = {};
    /// Called at the same moments, before `sink` and `progress`: where a checkpoint is committed, so that a commit at
    /// every report records every value the sink has received.
    std::function<void()> at_report = {};
  };

  /**
   * Extends the table `g`, which holds g(0..k-1) of this game (k = g.size(), possibly 0, as computed or read back from
   * a value file), to g(0..count-1), not cached, reporting as extend(std::vector) does; the table widens as needed,
   * and the solvers take up from the values present (extend_value_table). `automatic` takes values past a proven
   * period from it (looked for at each doubling of the table, and kept by the game as sequence() keeps it). On every
   * throw `g` keeps the values computed so far and `sink` has received them.
   *
   * Example: value_table g; game.extend(g, 1 << 20, {}); g.size() == 1 << 20
   */
  void extend(value_table& g, std::size_t count, const table_extension& how) const;

 private:
  using sequence_progress = detail::function_ref<void(std::size_t)>;

  /// Extends g (a vector or a value table of this game's values) to count by `method`; `automatic` in stages, the
  /// proof looked for at each doubling of the values, and the values past it taken from the period. On a throw g
  /// keeps the values computed so far.
  template <class Table>
  void extend_with_period(Table& g, std::size_t count, sequence_method method, sequence_progress progress,
                          unsigned threads = 1) const;

  /// The proof the rule allows (period_proof::of, looked up once per game), or nullptr.
  std::shared_ptr<const period_proof> proof() const;
  /// Extends the cached values to count (extend(), under the cache's lock); cancelled_error when progress stopped it.
  void extend_cache(std::size_t count, double max_seconds, const progress_callback& progress) const;
  /// Keeps `found` as the game's continuation (the first one kept stays) and returns the one kept.
  std::shared_ptr<const periodic_continuation> keep(std::shared_ptr<const periodic_continuation> found) const;

  /// "g(0..count-1) of NAME", for messages.
  std::string values_named(std::size_t count) const { return "g(0.." + std::to_string(count - 1) + ") of " + name_; }

  struct concept_t {
    virtual ~concept_t() = default;
    virtual bool for_each_move(coin n, move_visitor visit) const = 0;
    virtual void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const = 0;
    virtual bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const = 0;
    virtual bool has_closed_form() const = 0;
    virtual std::uint64_t count_moves(coin n, std::uint64_t cap) const = 0;
    virtual void count_move_values(coin first, coin last, std::span<const grundy_value> g,
                                   value_counts& counts) const = 0;
    /// The rule's index over g, or null when it has none.
    virtual std::unique_ptr<move_index> index_moves(std::span<const grundy_value> g) const = 0;
    /// Extends g to g(0..count-1) by `method`; on a throw g keeps the values computed so far.
    virtual void extend(std::vector<grundy_value>& g, std::size_t count, sequence_method method,
                        sequence_progress progress) const = 0;
    virtual int least_value_width(sequence_method method) const = 0;
    /// The same into a value table (extend_value_table).
    virtual void extend(value_table& g, std::size_t count, sequence_method method, unsigned threads,
                        sequence_progress progress) const = 0;
  };

  template <class Rule>
  struct model final : concept_t {
    static_assert(check_turning_rule<Rule>());
    explicit model(Rule r) : rule(std::move(r)) {}
    bool for_each_move(coin n, move_visitor visit) const override { return rule.for_each_move(n, visit); }
    void option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const override {
      collect_option_values(rule, n, g, out);
    }
    bool find_moves(coin n, grundy_value target, std::span<const grundy_value> g, move_visitor visit) const override {
      return find_moves_with_value(rule, n, target, g, visit);
    }
    bool has_closed_form() const override { return has_closed_form_v; }
    std::uint64_t count_moves(coin n, std::uint64_t cap) const override { return tartan::count_moves(rule, n, cap); }
    void count_move_values(coin first, coin last, std::span<const grundy_value> g,
                           value_counts& counts) const override {
      tartan::count_move_values(rule, first, last, g, counts);
    }
    std::unique_ptr<move_index> index_moves(std::span<const grundy_value> g) const override {
      if constexpr (has_move_index<Rule>) {
        return rule.index_moves(g);
      } else {
        return nullptr;
      }
    }
    void extend(std::vector<grundy_value>& g, std::size_t count, sequence_method method,
                sequence_progress progress) const override {
      extend_grundy_sequence(rule, g, count, method, progress);
    }
    int least_value_width(sequence_method method) const override { return tartan::least_value_width(rule, method); }
    void extend(value_table& g, std::size_t count, sequence_method method, unsigned threads,
                sequence_progress progress) const override {
      extend_value_table(rule, g, count, method, threads, progress);
    }
    static constexpr bool has_closed_form_v = tartan::has_closed_form<Rule>;
    Rule rule;
  };

  struct sequence_cache {
    std::mutex mutex;  // values
    std::vector<grundy_value> values;
    std::mutex period_mutex;  // the rest: held briefly, never while values are computed
    bool proof_looked_up = false;
    std::shared_ptr<const period_proof> proof;                  // null: no proof applies to the rule
    std::shared_ptr<const periodic_continuation> continuation;  // null: no period proven yet
  };

  std::shared_ptr<const concept_t> self_;
  std::string name_;
  std::string code_;
  std::shared_ptr<sequence_cache> cache_;
};

/// count_moves for the type-erased game: the wrapped rule's hook or enumeration.
inline std::uint64_t count_moves(const turning_game& game, coin n, std::uint64_t cap = UINT64_MAX) {
  return game.count_moves(n, cap);
}

namespace detail {
/// The moves of a game without an index of its own, tried one by one; owns a copy of the game's handle.
class listed_game_index final : public move_index {
 public:
  listed_game_index(turning_game game, std::span<const grundy_value> g) : game_(std::move(game)), moves_(game_, g) {}
  bool find(coin n, grundy_value target, std::uint64_t& skip, move_visitor visit) const override {
    return moves_.find(n, target, skip, visit);
  }
  std::uint64_t count(coin n, grundy_value target) const override { return moves_.count(n, target); }
  std::uint64_t count_value(coin first, coin last, grundy_value value) const override {
    return moves_.count_value(first, last, value);
  }
  void count_values(coin first, coin last, value_counts& counts) const override {
    moves_.count_values(first, last, counts);
  }
  std::optional<std::uint64_t> count_cost(coin first, coin last, bool table) const override {
    return moves_.count_cost(first, last, table);
  }

 private:
  turning_game game_;
  listed_move_index<turning_game> moves_;
};
}  // namespace detail

inline std::unique_ptr<move_index> turning_game::index_moves(std::span<const grundy_value> g) const {
  if (std::unique_ptr<move_index> index = self_->index_moves(g)) return index;
  return std::make_unique<detail::listed_game_index>(*this, g);
}

}  // namespace tartan
