// The container of the engine's short-lived buffers, such as the coins of the move being enumerated. They are made
// once per coin and rarely hold more than a few entries, so a heap allocation each time costs more than filling
// them when a coin has few moves.
// boost::container::small_vector keeps its first N entries inside the object and only goes to the heap beyond.
// The choice is the one line `using buffers = ...` below; benchmarks/container_benchmark.cpp measures the two
// policies on the engine's own functions in one run.
// Internal to the engine: included by the detail headers and engine/src/*.cpp (and by that benchmark).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

// GCC 12 at -O3 (Release) reports a memmove "into a region of size 0" in small_vector's growth path once it is
// inlined into the enumeration loops. The destination is the block just allocated for the grown buffer: one of
// -Wstringop-overflow's false positives on inlined code (https://gcc.gnu.org/bugzilla/show_bug.cgi?id=88443).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
#include <boost/container/small_vector.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace tartan::detail {

/// Buffers as std::vector: each buffer allocates on its first entry. The benchmark's baseline.
struct std_buffers {
  template <class T, std::size_t N>
  using vector = std::vector<T>;
};

/// Buffers as boost::container::small_vector: up to N entries without touching the heap.
struct small_buffers {
  template <class T, std::size_t N>
  using vector = boost::container::small_vector<T, N>;
};

/// The engine's choice.
using buffers = small_buffers;

/// A buffer of T usually holding at most N entries (more are allowed, on the heap).
template <class T, std::size_t N, class Buffers = buffers>
using small_buffer = typename Buffers::template vector<T, N>;

/// The buffer's entries as a span. (small_vector's iterators are not contiguous iterators in the C++20 sense, so
/// std::span does not take the container itself.)
template <class Buffer>
std::span<const typename Buffer::value_type> as_span(const Buffer& buffer) {
  return {buffer.data(), buffer.size()};
}

}  // namespace tartan::detail
