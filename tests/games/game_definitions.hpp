// The built-in families' rules written out from their definitions, independently of turning codes, and Grundy
// values computed from them by brute force: every subset of the coins below n is tried. The reference the games'
// tests (and the CLI tests) compare tartan against.
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tartan::test {

/// A set of coins as a bitmask: bit c set iff coin c is turned. The moving coin is the highest bit.
using coin_set = std::uint64_t;

inline std::vector<unsigned> coins_of(coin_set s) {
  std::vector<unsigned> coins;
  for (; s != 0; s &= s - 1) coins.push_back(static_cast<unsigned>(std::countr_zero(s)));
  return coins;
}

inline int count(coin_set s) { return std::popcount(s); }

/// Adjacent coins: the set is one run of 1 bits.
inline bool consecutive(coin_set s) {
  const coin_set shifted = s >> std::countr_zero(s);
  return (shifted & (shifted + 1)) == 0;
}

/// Equally spaced: the set is lowest, lowest + d, lowest + 2d, ... (one or two coins always are).
inline bool equally_spaced(coin_set s) {
  if (std::popcount(s) <= 2) return true;
  const int lowest = std::countr_zero(s);
  const int d = std::countr_zero(s & (s - 1)) - lowest;
  coin_set progression = 0;
  for (int c = lowest; c < 64; c += d) progression |= coin_set{1} << c;
  const int highest = 63 - std::countl_zero(s);
  return s == (progression & (highest == 63 ? ~coin_set{0} : (coin_set{2} << highest) - 1));
}

/// Symmetric about its own centre: with each coin c, the set holds lowest + highest - c.
inline bool symmetric(coin_set s) {
  const int sum = std::countr_zero(s) + (63 - std::countl_zero(s));
  coin_set mirrored = 0;
  for (coin_set rest = s; rest != 0; rest &= rest - 1) mirrored |= coin_set{1} << (sum - std::countr_zero(rest));
  return mirrored == s;
}

inline bool has_coin_zero(coin_set s) { return (s & 1) != 0; }

/// Whether a family allows turning exactly the coins of `s` (its highest coin is the one going heads to tails).
/// Each line is the family's rule as Winning Ways / CGSuite state it.
inline bool family_allows(std::string_view family, coin_set s) {
  const int k = count(s);
  const unsigned lowest = static_cast<unsigned>(std::countr_zero(s));
  const unsigned highest = 63u - static_cast<unsigned>(std::countl_zero(s));
  if (family == "turtles") return k == 1 || k == 2;
  if (family == "twins") return k == 2;
  if (family == "mock-turtles") return k >= 1 && k <= 3;
  if (family == "triplets") return k == 3;
  if (family == "moebius") return k >= 1 && k <= 5;
  if (family == "mogul") return k >= 1 && k <= 7;
  if (family == "gold-moidores") return k >= 1 && k <= 9;
  if (family == "ruler") return consecutive(s);
  if (family == "motley") return true;
  if (family == "turnips") return k == 3 && equally_spaced(s);
  if (family == "grunt") return k == 4 && has_coin_zero(s) && symmetric(s);
  if (family == "sym") return symmetric(s);
  if (family == "sympler") return has_coin_zero(s) && symmetric(s);
  if (family == "mock-turtle-fives") return k >= 1 && k <= 3 && highest - lowest < 5;
  if (family == "ruler-fives") return consecutive(s) && k <= 5;
  if (family == "ap") return equally_spaced(s);
  throw std::invalid_argument("no definition for family " + std::string(family));
}

/// g(0..count-1) by brute force over every subset of the coins below n. @pre count <= 24 (2^n subsets per coin).
template <class Allows>
std::vector<std::uint64_t> brute_force_values(std::size_t count, Allows allows) {
  std::vector<std::uint64_t> g;
  for (unsigned n = 0; n < count; ++n) {
    std::vector<std::uint64_t> options;
    for (coin_set others = 0; others < (coin_set{1} << n); ++others) {
      if (!allows(others | (coin_set{1} << n))) continue;
      std::uint64_t x = 0;
      for (coin_set rest = others; rest != 0; rest &= rest - 1) x ^= g[static_cast<unsigned>(std::countr_zero(rest))];
      options.push_back(x);
    }
    std::vector<char> present(options.size() + 1, 0);
    for (const std::uint64_t x : options) {
      if (x < present.size()) present[x] = 1;
    }
    std::uint64_t mex = 0;
    while (present[mex]) ++mex;
    g.push_back(mex);
  }
  return g;
}

/// The same for a built-in family, remembered per family: the tests ask for the same values many times.
inline std::vector<std::uint64_t> brute_force_values(std::string_view family, std::size_t count) {
  static std::map<std::string, std::vector<std::uint64_t>, std::less<>> known;
  auto it = known.find(family);
  if (it == known.end() || it->second.size() < count) {
    auto values = brute_force_values(count, [family](coin_set s) { return family_allows(family, s); });
    it = known.insert_or_assign(std::string(family), std::move(values)).first;
  }
  return std::vector<std::uint64_t>(it->second.begin(), it->second.begin() + static_cast<std::ptrdiff_t>(count));
}

}  // namespace tartan::test
