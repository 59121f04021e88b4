// Shared helpers of the libFuzzer targets: an invariant check that aborts with a message (so libFuzzer records the
// input as a crash), and a byte reader that splits fuzz input into a few typed choices and a text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace tartan::fuzz {

/// Aborts with `message` when `condition` is false: a broken invariant is a crash to libFuzzer.
inline void require(bool condition, const char* message) {
  if (!condition) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", message);
    std::abort();
  }
}

/// Takes small choices off the front of the input; the rest is the text handed to a parser.
class input {
 public:
  input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  /// The next byte, or 0 when the input is exhausted.
  std::uint8_t byte() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }

  /// The next 8 bytes as a little-endian number (missing bytes read as 0).
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t{byte()} << (8 * i);
    return v;
  }

  /// Everything not consumed yet.
  std::string_view rest() const { return {reinterpret_cast<const char*>(data_), size_}; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

}  // namespace tartan::fuzz
