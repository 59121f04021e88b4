// Uses the installed tartan package: nim products from Winning Ways ch. 14 and Conway, On Numbers and Games ch. 6.
#include <tartan/nimber.hpp>

#include <cstdio>

int main() {
  using tartan::nimber;
  const bool ok = (nimber(2) * nimber(2)).value() == 3 && (nimber(4) * nimber(4)).value() == 6 &&
                  tartan::nim_mul(16, 16) == 24;
  std::puts(ok ? "tartan package works" : "tartan package gives wrong products");
  return ok ? 0 : 1;
}
