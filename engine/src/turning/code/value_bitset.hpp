// Bitsets over Grundy values for "XOR of exactly j coins" layers (plain counts such as Mock Turtles `1-3`).
// Internal to the engine: included by the turning-code language (engine/src/turning/code/) only, and by its test and
// benchmark.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "tartan/turning/game_concepts.hpp"

namespace tartan::detail {

/// x with its bits permuted by i -> i ^ s, for s < 64: one masked swap of bit blocks per set bit of s.
constexpr std::uint64_t xor_permute_word(std::uint64_t x, unsigned s) {
  if (s & 1) x = ((x & 0x5555555555555555ULL) << 1) | ((x >> 1) & 0x5555555555555555ULL);
  if (s & 2) x = ((x & 0x3333333333333333ULL) << 2) | ((x >> 2) & 0x3333333333333333ULL);
  if (s & 4) x = ((x & 0x0f0f0f0f0f0f0f0fULL) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL);
  if (s & 8) x = ((x & 0x00ff00ff00ff00ffULL) << 8) | ((x >> 8) & 0x00ff00ff00ff00ffULL);
  if (s & 16) x = ((x & 0x0000ffff0000ffffULL) << 16) | ((x >> 16) & 0x0000ffff0000ffffULL);
  if (s & 32) x = (x << 32) | (x >> 32);
  return x;
}

/// The word loop of value_bitset::or_xor_of for one in-word shift S (a compile-time constant, so the permutation
/// is straight-line code): dst[i] |= perm(src[i ^ shift]), also[i] likewise, for i in [begin, end).
template <unsigned S>
void or_xor_words(std::uint64_t* dst, const std::uint64_t* src, std::uint64_t* also, std::size_t shift,
                  std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) {
    const std::uint64_t w = xor_permute_word(src[i ^ shift], S);
    dst[i] |= w;
    if (also != nullptr) also[i] |= w;
  }
}

using or_xor_kernel = void (*)(std::uint64_t*, const std::uint64_t*, std::uint64_t*, std::size_t, std::size_t,
                               std::size_t);

template <std::size_t... S>
constexpr std::array<or_xor_kernel, sizeof...(S)> make_or_xor_kernels(std::index_sequence<S...>) {
  return {&or_xor_words<static_cast<unsigned>(S)>...};
}

inline constexpr std::array<or_xor_kernel, 64> or_xor_kernels = make_or_xor_kernels(std::make_index_sequence<64>());

/// A set of values in [0, 2^bits) (at least one 64-bit word), closed under XOR of its universe. While the set
/// is sparse (fewer members than words) it also keeps a list of its members, so that XOR-shifting it into another
/// set costs O(members) instead of O(words).
class value_bitset {
 public:
  /// Grows the universe to [0, 2^bits) (never shrinks). New values are absent. A set that stopped listing its
  /// members in a smaller universe lists them again when they are sparse in the new one (one pass over the words,
  /// as a set grows O(log) times), so that XOR-shifting it stays O(members).
  void grow(int bits) {
    const std::size_t words = bits <= 6 ? 1 : std::size_t{1} << (bits - 6);
    if (words <= words_.size()) return;
    words_.resize(words, 0);
    if (listed_) return;
    std::size_t members = 0;
    for (const std::uint64_t w : words_) members += static_cast<std::size_t>(std::popcount(w));
    if (members * 8 >= words) return;
    members_.reserve(members);
    for (std::size_t i = 0; i < words_.size(); ++i) {
      for (std::uint64_t w = words_[i]; w != 0; w &= w - 1) {
        members_.push_back(grundy_value{i} * 64 + static_cast<grundy_value>(std::countr_zero(w)));
      }
    }
    listed_ = true;
  }
  std::size_t word_count() const { return words_.size(); }
  std::uint64_t universe() const { return std::uint64_t{words_.size()} * 64; }
  /// Word i: bit z is value 64i + z. @pre i < word_count()
  std::uint64_t word(std::size_t i) const { return words_[i]; }

  void set(grundy_value v) {
    std::uint64_t& w = words_[v >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (v & 63);
    if ((w & bit) == 0) {
      w |= bit;
      note(v);
    }
  }
  bool test(grundy_value v) const { return v < universe() && ((words_[v >> 6] >> (v & 63)) & 1) != 0; }

  /// this |= (source ⊕ v), also OR-ing the same values into `also` when it is not null. v < universe(), and
  /// source, this and also share the universe; `also` must contain this set. O(members of source) while source is
  /// listed and sparse, else O(words): word i takes source word i ^ (v >> 6), its bits permuted by v & 63; words
  /// already full are skipped. The word loop of a large set runs on two threads unless max_threads is 1.
  void or_xor_of(const value_bitset& source, grundy_value v, value_bitset* also, unsigned max_threads = 2) {
    if (source.listed_ && source.members_.size() * 8 < words_.size()) {
      for (const grundy_value m : source.members_) {
        set(m ^ v);
        if (also != nullptr) also->set(m ^ v);
      }
      return;
    }
    const std::size_t shift = static_cast<std::size_t>(v >> 6);
    const std::size_t n = words_.size();
    if (listed_ || (also != nullptr && also->listed_)) {
      // Sets that still list their members need the fresh bits one by one.
      const auto s = static_cast<unsigned>(v & 63);
      for (std::size_t i = full_words_; i < n; ++i) {
        const std::uint64_t w = xor_permute_word(source.words_[i ^ shift], s);
        const std::uint64_t old = words_[i];
        if ((w & ~old) != 0) {
          words_[i] = old | w;
          if (listed_) note_word(i, w & ~old);
        }
        if (also != nullptr && (w & ~also->words_[i]) != 0) {
          const std::uint64_t fresh = w & ~also->words_[i];
          also->words_[i] |= w;
          if (also->listed_) also->note_word(i, fresh);
        }
      }
    } else {
      // Words below full_words_ are all ones here, hence in `also` too (it contains this set). Each word of the
      // result reads one word of the source, so a large set is cut in two halves done at once (the source and the
      // destinations are distinct sets; benchmarks/turning_benchmark.cpp measures the two against one thread).
      const or_xor_kernel kernel = or_xor_kernels[v & 63];
      std::uint64_t* const extra = also != nullptr ? also->words_.data() : nullptr;
      const std::size_t begin = full_words_;
      if (max_threads >= 2 && n - begin >= parallel_words && std::thread::hardware_concurrency() >= 2) {
        const std::size_t middle = begin + (n - begin) / 2;
        std::thread half([&] { kernel(words_.data(), source.words_.data(), extra, shift, middle, n); });
        kernel(words_.data(), source.words_.data(), extra, shift, begin, middle);
        half.join();
      } else {
        kernel(words_.data(), source.words_.data(), extra, shift, begin, n);
      }
    }
    while (full_words_ < n && words_[full_words_] == ~std::uint64_t{0}) ++full_words_;
  }

  /// The least value >= from that is absent (universe() when all of [from, universe()) is present).
  grundy_value first_absent(grundy_value from) const {
    if (from >= universe()) return from;
    std::size_t i = static_cast<std::size_t>(from >> 6);
    std::uint64_t w = ~words_[i] & (~std::uint64_t{0} << (from & 63));
    while (w == 0) {
      if (++i == words_.size()) return universe();
      w = ~words_[i];
    }
    return grundy_value{i} * 64 + static_cast<grundy_value>(std::countr_zero(w));
  }

 private:
  void note(grundy_value v) {
    if (!listed_) return;
    members_.push_back(v);
    if (members_.size() > words_.size()) drop_list();
  }
  void note_word(std::size_t i, std::uint64_t fresh) {
    for (; fresh != 0 && listed_; fresh &= fresh - 1) {
      note(grundy_value{i} * 64 + static_cast<grundy_value>(std::countr_zero(fresh)));
    }
  }
  void drop_list() {
    listed_ = false;
    members_.clear();
    members_.shrink_to_fit();
  }

  // Below this many words a second thread costs more than it saves.
  static constexpr std::size_t parallel_words = std::size_t{1} << 17;

  std::vector<std::uint64_t> words_{0};
  std::vector<grundy_value> members_;  // the members, while listed_
  std::size_t full_words_ = 0;         // words [0, full_words_) are all ones
  bool listed_ = true;
};

}  // namespace tartan::detail
