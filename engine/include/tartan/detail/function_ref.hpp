// function_ref: a non-owning reference to a callable, for callbacks across the type-erased game interface.
// (std::function_ref arrives in C++26; this is the same idea without allocation.)
#pragma once

#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace tartan::detail {

template <class Signature>
class function_ref;

template <class R, class... Args>
class function_ref<R(Args...)> {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, function_ref> && std::is_invocable_r_v<R, F&, Args...>)
      function_ref(F&& f)
  noexcept  // NOLINT(google-explicit-constructor): implicit by design, like std::function_ref
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, Args... args) -> R {
          return std::invoke(*static_cast<std::remove_reference_t<F>*>(object), std::forward<Args>(args)...);
        }) {}

  R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

}  // namespace tartan::detail
