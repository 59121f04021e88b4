// Take-and-break games from their definition, for tests: a code's digits read literally (every way of taking k
// tokens from a heap and leaving heaps), the values by a plain mex over those moves, the coin form of the moves (heap
// n is coin n; a move turns n and the heaps it leaves, two equal heaps cancelling), and seeded random codes.
// Independent of take_break_code, its parser and the sparse-space method.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tartan/turning/game_concepts.hpp"

namespace tartan::test {

/// A code as digits d_0..d_t (bits 1: nothing left, 2: one heap, 4: two non-empty heaps, 8: three) and '!' flags
/// (the heaps a digit leaves must differ), written out by the test itself.
struct heap_code {
  std::vector<int> digits;
  std::vector<bool> distinct;

  /// The code as tartan reads it: d_0, '.', d_1..d_t, each digit followed by '!' when flagged ("4!.0", "0.77").
  std::string text() const {
    const char* hex = "0123456789ABCDEF";
    std::string s;
    s += hex[digits[0]];
    if (distinct[0]) s += '!';
    s += '.';
    for (std::size_t k = 1; k < digits.size(); ++k) {
      s += hex[digits[k]];
      if (distinct[k]) s += '!';
    }
    return s;
  }

  /// The code written as "d0.d1d2..." with hexadecimal digits and '!' ("0.77", "4!.0"): the test's own reading of
  /// the few codes it names. @pre well formed, with the point
  static heap_code of(std::string_view text) {
    heap_code c;
    for (const char ch : text) {
      if (ch == '.') {
        if (c.digits.empty()) c.digits.push_back(0), c.distinct.push_back(false);  // ".77" is "0.77"
      } else if (ch == '!') {
        c.distinct.back() = true;
      } else {
        c.digits.push_back(ch <= '9' ? ch - '0' : ch - 'A' + 10);
        c.distinct.push_back(false);
      }
    }
    return c;
  }

  /// The subtraction game of `set`: remove s tokens, s in the set, leaving one heap or nothing (d_s = 3).
  static heap_code subtraction(const std::vector<int>& set) {
    heap_code c;
    int most = 0;
    for (const int s : set) most = std::max(most, s);
    c.digits.assign(static_cast<std::size_t>(most) + 1, 0);
    c.distinct.assign(c.digits.size(), false);
    for (const int s : set) c.digits[static_cast<std::size_t>(s)] = 3;
    return c;
  }
};

/// Every way of taking k tokens from heap n and leaving heaps, as (k, the heaps left sorted): the rules read
/// literally. d_0 (k = 0) only splits: into two or three non-empty heaps.
inline std::vector<std::pair<coin, std::vector<coin>>> heap_moves(const heap_code& code, coin n) {
  std::vector<std::pair<coin, std::vector<coin>>> moves;
  for (coin k = 0; k < code.digits.size() && k <= n; ++k) {
    const int d = code.digits[k];
    const bool differ = code.distinct[k];
    const coin r = n - k;
    if ((d & 1) && k >= 1 && r == 0) moves.push_back({k, {}});
    if ((d & 2) && k >= 1 && r >= 1) moves.push_back({k, {r}});
    for (coin a = 1; (d & 12) != 0 && a < r; ++a) {
      if ((d & 4) && a <= r - a && !(differ && a == r - a)) moves.push_back({k, {a, r - a}});
      for (coin b = a; (d & 8) && a + b < r; ++b) {
        const coin c = r - a - b;
        if (b <= c && !(differ && (a == b || b == c))) moves.push_back({k, {a, b, c}});
      }
    }
  }
  return moves;
}

/// g(0..count-1) of the heap game by definition: the mex of XOR g over the heaps each move leaves.
inline std::vector<grundy_value> heap_values(const heap_code& code, coin count) {
  std::vector<grundy_value> g;
  for (coin n = 0; n < count; ++n) {
    std::set<grundy_value> options;
    for (const auto& [k, left] : heap_moves(code, n)) {
      grundy_value x = 0;
      for (const coin h : left) x ^= g[h];
      options.insert(x);
    }
    grundy_value m = 0;
    while (options.count(m) != 0) ++m;
    g.push_back(m);
  }
  return g;
}

/// The coin form of the moves from heap n: for each heap move, coin n with the heaps it leaves, equal heaps
/// cancelling in pairs; each set of coins once, ascending (n last).
inline std::vector<std::vector<coin>> coin_moves(const heap_code& code, coin n) {
  std::set<std::vector<coin>> sets;
  for (const auto& [k, left] : heap_moves(code, n)) {
    std::map<coin, int> parity;
    for (const coin h : left) parity[h] ^= 1;
    std::vector<coin> turned;
    for (const auto& [h, odd] : parity) {
      if (odd != 0) turned.push_back(h);
    }
    turned.push_back(n);
    sets.insert(std::move(turned));
  }
  return {sets.begin(), sets.end()};
}

/// A random code of 1-4 digits after the point: d_0 sometimes (4, 8 or C), zero digits sometimes, octal or
/// hexadecimal, '!' sometimes on a digit that leaves two or three heaps. `with_split`: some digit after the point
/// leaves two heaps (bit 4 set), as the sparse-space method needs.
inline heap_code random_heap_code(std::mt19937& rng, bool hexadecimal, bool with_split = false) {
  heap_code c;
  std::uniform_int_distribution<int> length(1, 4), digit(0, hexadecimal ? 15 : 7), quarter(0, 3);
  const int t = length(rng);
  c.digits.push_back(quarter(rng) == 0 ? (hexadecimal ? 4 * (1 + quarter(rng) % 3) : 4) : 0);
  for (int k = 1; k <= t; ++k) c.digits.push_back(quarter(rng) == 0 ? 0 : digit(rng));
  if (with_split) c.digits[static_cast<std::size_t>(1 + rng() % static_cast<unsigned>(t))] |= 4;
  for (const int d : c.digits) c.distinct.push_back((d & 12) != 0 && quarter(rng) == 0);
  return c;
}

}  // namespace tartan::test
