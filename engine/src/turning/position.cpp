#include "tartan/turning/position.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

row_position parse_row(std::string_view text) {
  if (text.empty()) throw parse_error("position: empty; type H or T for each coin (or 1/0), coin 0 first, e.g. HTTH");
  if (text.size() > UINT32_MAX) throw parse_error("position: longer than 2^32 coins; type a shorter row");
  row_position p;
  p.coins = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    switch (text[i]) {
      case 'H':
      case 'h':
      case '1':
        p.heads.push_back(static_cast<coin>(i));
        break;
      case 'T':
      case 't':
      case '0':
        break;
      default:
        throw parse_error("position: " + tartan::describe_typed_char(text, i) + " at column " + std::to_string(i + 1) +
                          " is not a coin; type H or T (or 1/0), coin 0 first");
    }
  }
  return p;
}

row_position sparse_row(std::size_t coins, std::span<const coin> heads) {
  if (static_cast<std::uint64_t>(coins) > std::uint64_t{UINT32_MAX} + 1) {  // (64-bit: 2^32 overflows a 32-bit size_t)
    throw parse_error("a row of " + std::to_string(coins) + " coins is too long; type at most 4294967296 coins");
  }
  row_position p;
  p.coins = coins;
  p.heads.assign(heads.begin(), heads.end());
  for (const coin c : p.heads) {
    if (c >= coins) {
      if (coins == 0) {
        throw parse_error("heads coin " + std::to_string(c) + " is outside the row of 0 coins; give the row at least " +
                          std::to_string(std::size_t{c} + 1) + " coins");
      }
      throw parse_error("heads coin " + std::to_string(c) + " is outside the row of " + std::to_string(coins) +
                        " coins (coins 0.." + std::to_string(coins - 1) + "); list coins below " +
                        std::to_string(coins) + " or make the row longer");
    }
  }
  std::sort(p.heads.begin(), p.heads.end());
  const auto dup = std::adjacent_find(p.heads.begin(), p.heads.end());
  if (dup != p.heads.end()) {
    throw parse_error("heads coin " + std::to_string(*dup) + " is listed twice; list each heads coin once");
  }
  return p;
}

std::string format_coins(std::span<const coin> coins) {
  std::string s;
  for (const coin c : coins) {
    if (!s.empty()) s += ' ';
    s += std::to_string(c);
  }
  return s;
}

std::vector<coin> parse_coin_list(std::string_view text) {
  std::vector<coin> coins;
  if (tartan::trim(text).empty()) return coins;
  std::size_t item = 1;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view piece = tartan::trim(text.substr(0, comma));
    const std::string what = "coin list item " + std::to_string(item);
    if (piece.empty()) {
      throw parse_error(what + " is empty; separate coin numbers by single commas, e.g. 3,17,1000");
    }
    coins.push_back(static_cast<coin>(parse_u64(piece, what, UINT32_MAX)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
    ++item;
  }
  return coins;
}

grundy_value position_value(std::span<const grundy_value> g, const row_position& p) {
  detail::check_table_covers(g, p);
  grundy_value v = 0;
  for (const coin c : p.heads) v ^= g[c];
  return v;
}

bool for_each_move_to_value(const move_index& moves, std::span<const grundy_value> g, const row_position& p,
                            grundy_value target, move_visitor visit, search_stop* stop, std::uint64_t& skip) {
  detail::check_table_covers(g, p);
  const grundy_value value = position_value(g, p) ^ target;  // the change a move must make
  if (value == 0) return true;  // no move keeps a position's value (its options exclude it, by the mex)
  const detail::search_scope scope(stop);
  bool visitor_stopped = false;
  const auto visit_from = [&](coin a) {
    return moves.find(a, value ^ g[a], skip, [&](std::span<const coin> turned) {
      if (!visit(turned)) {
        visitor_stopped = true;
        return false;
      }
      return stop == nullptr || stop->keep_going();
    });
  };
  const auto sure = [&](coin a) { return (value ^ g[a]) < g[a]; };
  std::uint64_t index = 0;  // coins begun, both groups
  for (const bool first_group : {true, false}) {
    for (const coin a : p.heads) {
      if (sure(a) != first_group) continue;
      if (stop != nullptr && !stop->next_coin(index)) return false;
      ++index;
      if (!visit_from(a)) {
        if (visitor_stopped && stop != nullptr) stop->visitor_stopped();
        return false;
      }
    }
  }
  return true;
}

bool for_each_winning_move(const turning_game& game, std::span<const grundy_value> g, const row_position& p,
                           move_visitor visit) {
  return for_each_winning_move<turning_game>(game, g, p, visit);
}

bool for_each_move_to_value(const turning_game& game, std::span<const grundy_value> g, const row_position& p,
                            grundy_value target, move_visitor visit, search_stop* stop) {
  return for_each_move_to_value<turning_game>(game, g, p, target, visit, stop);
}

std::vector<std::vector<coin>> winning_moves(const turning_game& game, std::span<const grundy_value> g,
                                             const row_position& p, std::size_t limit) {
  return winning_moves<turning_game>(game, g, p, limit);
}

}  // namespace tartan
