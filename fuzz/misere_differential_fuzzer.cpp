// Fuzz target: misère play, engine against definition. The first byte chooses the form (bits 0-1: a row, a board of
// the game by itself, or heaps of a take-and-break code) and the size, the next two bytes the position (the heads of
// a row or board of at most 12 coins, or up to four heaps of at most 11), the rest is the game: a turning code, a
// built-in name or a take-and-break code. The engine's outcome and complete list of winning moves, by every method
// (the sweep, the reachable search, the automatic choice; for heaps the automatic choice, which takes the genus method
// where every heap is proved tame, and the plain search), must equal a plain recursion over the game's moves done
// here: positions as bitmasks, each move from the factor's own move list (S × T on a board), heap moves from the
// code's digits as written. Unknown games and parse failures are skipped.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "tartan/analysis/misere.hpp"
#include "tartan/analysis/misere_heaps.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/take_break_code.hpp"

namespace {

using tartan::coin;
using tartan::fuzz::require;

/// The game on a box of at most 12 coins as bitmasks: every move of each coin, and the misère outcome by recursion.
struct coin_reference {
  std::vector<std::vector<std::uint32_t>> moves;  // per coin (row-major), the coins each move turns
  std::map<std::uint32_t, bool> memo;

  bool wins(std::uint32_t p) {
    const auto found = memo.find(p);
    if (found != memo.end()) return found->second;
    bool any = false, won = false;
    for (std::size_t c = 0; c < moves.size() && !won; ++c) {
      if ((p >> c & 1) == 0) continue;
      for (const std::uint32_t m : moves[c]) {
        any = true;
        if (!wins(p ^ m)) {
          won = true;
          break;
        }
      }
    }
    memo.emplace(p, won || !any);
    return won || !any;
  }
};

/// A factor's moves from each coin below n, as coin lists (the moving coin last); false when a coin has too many.
bool factor_moves(const tartan::turning_game& game, coin n, std::vector<std::vector<std::vector<coin>>>& out) {
  for (coin c = 0; c < n; ++c) {
    if (game.count_moves(c, 200) >= 200) return false;
    out.emplace_back();
    game.for_each_move(c, [&](std::span<const coin> others) {
      std::vector<coin> m(others.begin(), others.end());
      m.push_back(c);
      out.back().push_back(m);
      return true;
    });
  }
  return true;
}

void check_coins(const tartan::game_handle& game, std::uint8_t form, std::uint16_t bits) {
  const bool board = (form & 3) == 1 && !game.is_product();
  const tartan::game_handle played = board ? tartan::game_handle(std::vector{game.factor(0), game.factor(0)}) : game;
  if (played.dimensions() > 2) return;
  tartan::box_extents box;
  if (played.dimensions() == 1) {
    box = {static_cast<std::size_t>(1 + (form >> 2) % 12)};
  } else {
    box = {static_cast<std::size_t>(1 + (form >> 2) % 3), static_cast<std::size_t>(1 + (form >> 4) % 4)};
  }
  const std::size_t cells = played.dimensions() == 1 ? box[0] : box[0] * box[1];
  coin_reference ref;
  std::vector<std::vector<std::vector<std::vector<coin>>>> axis(played.dimensions());
  for (std::size_t i = 0; i < played.dimensions(); ++i) {
    if (!factor_moves(played.factor(i), static_cast<coin>(box[i]), axis[i])) return;
  }
  const std::size_t cols = played.dimensions() == 1 ? 1 : box[1];
  for (std::size_t index = 0; index < cells; ++index) {
    ref.moves.emplace_back();
    if (played.dimensions() == 1) {
      for (const auto& m : axis[0][index]) {
        std::uint32_t mask = 0;
        for (const coin c : m) mask |= 1u << c;
        ref.moves.back().push_back(mask);
      }
    } else {
      for (const auto& rows : axis[0][index / cols]) {
        for (const auto& columns : axis[1][index % cols]) {
          std::uint32_t mask = 0;
          for (const coin r : rows) {
            for (const coin c : columns) mask |= 1u << (r * cols + c);
          }
          ref.moves.back().push_back(mask);
        }
      }
    }
  }
  const std::uint32_t p = bits & ((1u << cells) - 1);
  std::vector<coin> flat;
  for (std::size_t index = 0; index < cells; ++index) {
    if ((p >> index & 1) == 0) continue;
    if (played.dimensions() == 1) {
      flat.push_back(static_cast<coin>(index));
    } else {
      flat.push_back(static_cast<coin>(index / cols));
      flat.push_back(static_cast<coin>(index % cols));
    }
  }
  const tartan::box_position position(box, flat);
  std::vector<std::uint32_t> expected;
  for (std::size_t c = 0; c < cells; ++c) {
    if ((p >> c & 1) == 0) continue;
    for (const std::uint32_t m : ref.moves[c]) {
      if (!ref.wins(p ^ m)) expected.push_back(m);
    }
  }
  std::sort(expected.begin(), expected.end());
  const char outcome = ref.wins(p) ? 'N' : 'P';
  for (const auto method :
       {tartan::misere_method::automatic, tartan::misere_method::sweep, tartan::misere_method::reachable}) {
    tartan::misere_options options;
    options.method = method;
    const tartan::misere_analysis a = tartan::analyze_misere(played, position, options);
    if (a.outcome() != outcome) {
      std::fprintf(stderr, "%s, position bits %u: outcome %c, the definition %c (%s)\n", played.name().c_str(), p,
                   a.outcome(), outcome, tartan::misere_method_name(method).c_str());
    }
    require(a.outcome() == outcome, "the misère outcome is the definition's");
    std::vector<std::uint32_t> listed;
    for (const tartan::move& m : a.winning_moves(100000)) {
      std::uint32_t mask = 0;
      if (m.dimensions() == 1) {
        for (const coin c : m.coins()) mask |= 1u << c;
      } else {
        for (const coin r : m.rows()) {
          for (const coin c : m.cols()) mask |= 1u << (r * cols + c);
        }
      }
      listed.push_back(mask);
    }
    std::sort(listed.begin(), listed.end());
    require(listed == expected, "the misère winning moves are the definition's");
  }
}

/// Heap moves from the code's digits as written: d_k's bit 1 leaves nothing, 2 one heap, 4 two, 8 three ('!': they
/// differ); each as the heaps left.
std::vector<std::vector<coin>> heap_moves(const tartan::take_break_code& code, coin n) {
  std::vector<std::vector<coin>> out;
  for (coin k = 0; k <= code.max_take() && k <= n; ++k) {
    const unsigned d = code.digit(k);
    const bool differ = code.distinct(k);
    const coin r = n - k;
    if ((d & 1) != 0 && k >= 1 && r == 0) out.push_back({});
    if ((d & 2) != 0 && k >= 1 && r >= 1) out.push_back({r});
    for (coin a = 1; a <= r; ++a) {
      for (coin b = a; a + b <= r; ++b) {
        if ((d & 4) != 0 && a + b == r && !(differ && a == b)) out.push_back({a, b});
        const coin c = r - a - b;
        if ((d & 8) != 0 && c >= b && !(differ && (a == b || b == c))) out.push_back({a, b, c});
      }
    }
  }
  return out;
}

bool heaps_win(const tartan::take_break_code& code, std::vector<coin> heaps, std::map<std::vector<coin>, bool>& memo) {
  std::sort(heaps.begin(), heaps.end());
  const auto found = memo.find(heaps);
  if (found != memo.end()) return found->second;
  bool any = false, won = false;
  for (std::size_t i = 0; i < heaps.size() && !won; ++i) {
    for (const std::vector<coin>& left : heap_moves(code, heaps[i])) {
      any = true;
      std::vector<coin> next = heaps;
      next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
      next.insert(next.end(), left.begin(), left.end());
      if (!heaps_win(code, next, memo)) {
        won = true;
        break;
      }
    }
  }
  memo.emplace(heaps, won || !any);
  return won || !any;
}

void check_heaps(const tartan::game_handle& game, std::uint8_t form, std::uint16_t bits) {
  const tartan::take_break_code code = tartan::heap_rule(game);
  if (code.max_take() > 12) return;
  std::vector<coin> heaps;
  const unsigned count = (form >> 2) % 5;
  for (unsigned i = 0; i < count; ++i) heaps.push_back(static_cast<coin>((bits >> (4 * i)) % 12));
  std::sort(heaps.begin(), heaps.end());
  std::map<std::vector<coin>, bool> memo;
  const char outcome = heaps_win(code, heaps, memo) ? 'N' : 'P';
  std::vector<std::pair<coin, std::vector<coin>>> expected;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i > 0 && heaps[i] == heaps[i - 1]) continue;
    for (const std::vector<coin>& left : heap_moves(code, heaps[i])) {
      std::vector<coin> next = heaps;
      next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
      next.insert(next.end(), left.begin(), left.end());
      if (!heaps_win(code, next, memo)) expected.emplace_back(heaps[i], left);
    }
  }
  std::sort(expected.begin(), expected.end());
  for (const auto method : {tartan::heap_misere_method::automatic, tartan::heap_misere_method::search}) {
    tartan::misere_heap_options options;
    options.method = method;
    const tartan::misere_heap_analysis a = tartan::analyze_misere_heaps(game, heaps, options);
    if (a.outcome() != outcome) {
      std::fprintf(stderr, "%s heaps (%u of them): outcome %c, the definition %c (%s)\n", code.text().c_str(), count,
                   a.outcome(), outcome, tartan::heap_misere_method_name(a.method()).c_str());
    }
    require(a.outcome() == outcome, "the misère outcome of heaps is the definition's");
    std::vector<std::pair<coin, std::vector<coin>>> listed;
    for (const tartan::heap_move& m : a.winning_moves(100000)) {
      listed.emplace_back(static_cast<coin>(m.from), std::vector<coin>(m.leaving.begin(), m.leaving.end()));
    }
    std::sort(listed.begin(), listed.end());
    require(listed == expected, "the misère winning heap moves are the definition's");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tartan::fuzz::input in(data, size);
  const std::uint8_t form = in.byte();
  const auto bits = static_cast<std::uint16_t>(in.byte() | in.byte() << 8);
  const std::string text(in.rest());
  if (text.size() > 200) return 0;
  tartan::game_handle game(tartan::games::find_game("ruler"));
  try {
    game = tartan::games::resolve_game(text);
  } catch (const tartan::error&) {
    return 0;
  }
  if ((form & 3) == 2) {
    if (game.is_product() || !tartan::take_break_code::claims(game.row_game().code())) return 0;
    try {
      check_heaps(game, form, bits);
    } catch (const tartan::parse_error&) {
      return 0;
    }
    return 0;
  }
  check_coins(game, form, bits);
  return 0;
}
