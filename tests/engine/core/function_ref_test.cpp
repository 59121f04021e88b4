// detail/function_ref.hpp: a function_ref calls the very callable it was made from (not a copy), forwards its
// arguments and converts the result, and refers to function pointers, lambdas and const callables alike. (A function
// named without & does not convert: its address is not an object pointer.)
#include "tartan/detail/function_ref.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace tartan {
namespace {

using detail::function_ref;

static_assert(std::is_convertible_v<int (*)(int), function_ref<long(int)>>);
static_assert(!std::is_convertible_v<int (*)(std::string), function_ref<int(int)>>);
static_assert(sizeof(function_ref<void()>) == 2 * sizeof(void*));

int twice(int x) { return 2 * x; }

int call(function_ref<int(int)> f, int x) { return f(x); }

TEST(FunctionRefTest, CallsTheCallableItRefersTo) {
  int calls = 0;
  auto counter = [&calls](int x) { return ++calls + x; };
  const function_ref<int(int)> f = counter;
  EXPECT_EQ(f(10), 11);
  EXPECT_EQ(f(10), 12);
  EXPECT_EQ(calls, 2);
  // A mutable lambda's state is the referred-to object's, not a copy's.
  auto stateful = [n = 0]() mutable { return ++n; };
  const function_ref<int()> g = stateful;
  g();
  g();
  EXPECT_EQ(stateful(), 3);
}

TEST(FunctionRefTest, RefersToFunctionPointersAndConstCallables) {
  EXPECT_EQ(call(&twice, 4), 8);
  struct add {
    int k;
    int operator()(int x) const { return x + k; }
  };
  const add three{3};
  EXPECT_EQ(call(three, 4), 7);
  EXPECT_EQ(call([](int x) { return x * x; }, 9), 81);  // a temporary lives to the end of the call
}

TEST(FunctionRefTest, ForwardsArgumentsAndConvertsTheResult) {
  std::string moved_to;
  auto take = [&](std::unique_ptr<std::string> p) { moved_to = *p; };
  const function_ref<void(std::unique_ptr<std::string>)> f = take;
  f(std::make_unique<std::string>("coin"));
  EXPECT_EQ(moved_to, "coin");
  int target = 0;
  auto ref = [&](int& out) { out = 7; };
  const function_ref<void(int&)> h = ref;
  h(target);
  EXPECT_EQ(target, 7);
  auto small = [](int x) -> short { return static_cast<short>(x); };
  const function_ref<long(int)> widened = small;
  EXPECT_EQ(widened(-5), -5L);
}

}  // namespace
}  // namespace tartan
