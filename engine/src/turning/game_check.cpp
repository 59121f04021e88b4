#include "tartan/turning/game_check.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <iterator>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/graph/grundy_graph.hpp"

namespace tartan {

namespace {

// Bytes per position: CSR row start (4), Grundy value (8), DFS parent (4) and colour (4).
constexpr std::uint64_t bytes_per_position = 20;
constexpr std::uint64_t bytes_per_edge = 4;  // CSR column entry

// Each coin's moves as XOR masks over the row: bit n and the bits of the other coins.
std::vector<std::vector<std::uint32_t>> move_masks(const turning_game& game, std::size_t coins) {
  std::vector<std::vector<std::uint32_t>> masks(coins);
  for (coin n = 0; n < coins; ++n) {
    game.for_each_move(n, [&](std::span<const coin> others) {
      std::uint32_t mask = std::uint32_t{1} << n;
      for (std::size_t i = 0; i < others.size(); ++i) {
        const coin c = others[i];
        if (c >= n || (i > 0 && others[i - 1] >= c)) {
          throw error(game.name() + " lists a move from coin " + std::to_string(n) + " whose other coins are not " +
                      "ascending and below it (coin " + std::to_string(c) + "); fix the game's for_each_move");
        }
        mask |= std::uint32_t{1} << c;
      }
      masks[n].push_back(mask);
      return true;
    });
  }
  return masks;
}

// The edges of the game graph in increasing order of their source, generated on the fly for the CSR graph's
// sorted-edges constructor (a single pass; the edges are never stored twice). From position p, for each heads coin
// n (lowest first) and each move of n, the edge p -> p ^ mask.
class edge_generator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = std::pair<std::uint32_t, std::uint32_t>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = const value_type&;

  // `progress` (may be empty) is polled every 4096 positions; when it returns false the generator ends early and
  // `*stopped_at` records the first position whose edges were not generated.
  edge_generator(const std::vector<std::vector<std::uint32_t>>* masks, std::uint64_t position, std::uint64_t end,
                 const std::function<bool(double)>* progress = nullptr, std::uint64_t* stopped_at = nullptr)
      : masks_(masks), position_(position), end_(end), progress_(progress), stopped_at_(stopped_at) {
    if (position_ < end_) {
      pending_ = static_cast<std::uint32_t>(position_);
      settle();
    }
  }

  reference operator*() const { return edge_; }
  pointer operator->() const { return &edge_; }
  edge_generator& operator++() {
    ++move_;
    settle();
    return *this;
  }
  friend bool operator==(const edge_generator& a, const edge_generator& b) { return a.position_ == b.position_; }

 private:
  // Moves on to the next existing edge: the next move of the current coin, else of the next heads coin, else of the
  // next position.
  void settle() {
    while (position_ < end_) {
      if (coin_ < 32 && move_ < (*masks_)[coin_].size()) {
        const auto p = static_cast<std::uint32_t>(position_);
        edge_ = {p, p ^ (*masks_)[coin_][move_]};
        return;
      }
      if (pending_ != 0) {
        coin_ = static_cast<unsigned>(std::countr_zero(pending_));
        pending_ &= pending_ - 1;
        move_ = 0;
        continue;
      }
      ++position_;
      pending_ = static_cast<std::uint32_t>(position_);
      coin_ = 32;
      if ((position_ & 0xfff) == 0 && position_ < end_ && progress_ != nullptr && *progress_ &&
          !(*progress_)(static_cast<double>(position_) / static_cast<double>(end_))) {
        *stopped_at_ = position_;
        position_ = end_;  // equal to the end iterator: the graph gets no edges from here on
      }
    }
  }

  const std::vector<std::vector<std::uint32_t>>* masks_;
  std::uint64_t position_;
  std::uint64_t end_;
  const std::function<bool(double)>* progress_;
  std::uint64_t* stopped_at_;
  std::uint32_t pending_ = 0;  // heads coins of position_ not visited yet
  unsigned coin_ = 32;         // the heads coin whose moves are being visited; 32 = none yet
  std::size_t move_ = 0;
  value_type edge_{};
};

}  // namespace

std::string heads_text(std::uint32_t heads, std::size_t coins) {
  std::string text(coins, 'T');
  for (std::size_t c = 0; c < coins && c < 32; ++c) {
    if (heads >> c & 1) text[c] = 'H';
  }
  return text;
}

check_plan plan_check(const turning_game& game, std::size_t coins, const check_limits& limits) {
  const std::size_t max_coins = std::min<std::size_t>(limits.max_coins, 31);
  if (coins > max_coins) {
    limit_figures f;
    f.asked = "an explicit check on " + std::to_string(coins) + " coins";
    f.unit = f.suggestion_unit = limit_unit::coins;
    f.estimate = static_cast<double>(coins);
    f.limit = static_cast<double>(max_coins);
    f.suggestion = max_coins;
    std::string problem = f.asked + " would build a graph of 2^" + std::to_string(coins) +
                          " positions, over the limit of 2^" + std::to_string(max_coins);
    throw limit_error(std::move(problem), "check at most " + std::to_string(max_coins) + " coins", std::move(f));
  }
  const std::uint64_t max_edges = std::min<std::uint64_t>(limits.max_edges, UINT32_MAX);
  check_plan plan;
  plan.coins = coins;
  plan.positions = std::uint64_t{1} << coins;
  std::uint64_t sum = 0;  // moves from coins 0..n-1
  for (coin n = 0; n < coins; ++n) {
    // Graph on n+1 coins: 2^n * (sum + moves(n)) edges. Count moves(n) only as far as that can stay within limits.
    const std::uint64_t allowed = max_edges >> n;  // bound on sum + moves(n)
    const std::uint64_t cap = allowed >= sum ? allowed - sum + 1 : 1;
    const std::uint64_t moves = count_moves(game, n, cap);
    const std::uint64_t memory_if_added =
        (std::uint64_t{1} << (n + 1)) * bytes_per_position + (std::uint64_t{1} << n) * (sum + moves) * bytes_per_edge;
    if (sum + moves > allowed || memory_if_added > limits.max_memory) {
      // Say how many moves this coin has: recount exactly up to a bound that stays cheap (2^24 visits).
      constexpr std::uint64_t recount_cap = std::uint64_t{1} << 24;
      const std::uint64_t counted = moves >= cap && cap < recount_cap ? count_moves(game, n, recount_cap) : moves;
      const bool exact = counted < std::max(cap, recount_cap);
      const std::uint64_t at_least = (std::uint64_t{1} << (coins - 1)) * (sum + counted);
      std::string what = game.name();
      if (sum <= allowed) {  // this coin's moves are the ones that do not fit
        what += " has " + (exact ? std::to_string(counted) : "more than " + std::to_string(counted - 1)) +
                " moves from coin " + std::to_string(n) + ":";
      } else {
        what += ":";
      }
      const std::string asked = "the game graph on " + std::to_string(coins) + " coins";
      limit_figures f;
      std::string why;
      if (sum + moves > allowed) {
        f.asked = asked;
        f.unit = limit_unit::edges;
        f.estimate = static_cast<double>(at_least);
        f.limit = static_cast<double>(max_edges);
        f.at_least = true;
        why = "would have at least " + std::to_string(at_least) + " edges, over the limit of " +
              std::to_string(max_edges);
      } else {
        const std::uint64_t bytes = saturating_add(
            saturating_mul(std::uint64_t{1} << coins, bytes_per_position),
            saturating_mul(std::uint64_t{1} << (coins - 1), saturating_mul(sum + moves, bytes_per_edge)));
        f = memory_figures(asked, bytes, limits.max_memory, true);
        why = "would need at least " + format_bytes(bytes) + ", over the memory limit of " +
              format_bytes(limits.max_memory);
      }
      if (n > 0) {
        f.suggestion = n;
        f.suggestion_unit = limit_unit::coins;
      }
      throw limit_error(what + " " + asked + " " + why,
                        n == 0 ? "this game cannot be checked explicitly"
                               : "check at most " + std::to_string(n) + " coins for this game",
                        std::move(f));
    }
    sum += moves;
    plan.moves_per_coin.push_back(moves);
  }
  plan.edges = coins == 0 ? 0 : (std::uint64_t{1} << (coins - 1)) * sum;
  plan.memory = plan.positions * bytes_per_position + plan.edges * bytes_per_edge;
  return plan;
}

check_report check_game(const turning_game& game, std::size_t coins, std::span<const grundy_value> table,
                        const check_limits& limits) {
  const check_plan plan = plan_check(game, coins, limits);
  if (table.size() < coins) {
    throw error("the value table has " + std::to_string(table.size()) + " values but the check on " +
                std::to_string(coins) + " coins needs one per coin");
  }
  const auto masks = move_masks(game, coins);
  std::uint64_t stopped_at = plan.positions;
  const compact_game_graph graph(boost::edges_are_sorted,
                                 edge_generator(&masks, 0, plan.positions, &limits.progress, &stopped_at),
                                 edge_generator(&masks, plan.positions, plan.positions),
                                 static_cast<std::uint32_t>(plan.positions), static_cast<std::uint32_t>(plan.edges));
  // When stopped, positions from stopped_at on have no edges in the graph; those below it are complete.
  const auto positions = static_cast<std::uint32_t>(stopped_at);

  std::vector<grundy_value> values(plan.positions);
  grundy_values(graph, boost::make_iterator_property_map(values.begin(), get(boost::vertex_index, graph)),
                [&](std::uint32_t v) { return heads_text(v, coins); });

  check_report report;
  report.coins = coins;
  report.positions = stopped_at;
  report.complete = stopped_at == plan.positions;
  report.edges = num_edges(graph);
  for (std::uint32_t p = 0; p < positions; ++p) {
    grundy_value expected = 0;
    for (std::uint32_t rest = p; rest != 0; rest &= rest - 1) expected ^= table[std::countr_zero(rest)];
    if (values[p] == expected) continue;
    ++report.mismatches;
    if (report.first_mismatches.size() < limits.reported_mismatches) {
      report.first_mismatches.push_back({p, values[p], expected});
    }
  }
  return report;
}

check_report check_game(const turning_game& game, std::size_t coins, const check_limits& limits) {
  plan_check(game, coins, limits);  // refuse before computing the sequence
  const auto table = game.sequence(coins);
  return check_game(game, coins, table, limits);
}

}  // namespace tartan
