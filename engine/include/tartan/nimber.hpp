// Placeholder: replaced by the nimber arithmetic.
#pragma once
#include <cstdint>
namespace tartan {
class nimber {
 public:
  constexpr nimber() = default;
  constexpr explicit nimber(std::uint64_t v) : v_(v) {}
  constexpr std::uint64_t value() const { return v_; }
 private:
  std::uint64_t v_ = 0;
};
}  // namespace tartan
