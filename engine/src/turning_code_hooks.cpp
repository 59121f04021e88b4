// turning_code: option values, moves of a given value, and the incremental solver.
#include <utility>

#include "tartan/detail/code_enumerate.hpp"
#include "tartan/mex.hpp"
#include "tartan/turning_code.hpp"

namespace tartan {

void turning_code::option_values(coin n, std::span<const grundy_value> g, std::vector<grundy_value>& out) const {
  std::vector<coin> buffer;
  for (const turning_alternative& alt : alternatives_) {
    detail::enumerate_alternative(alt, n, buffer, [&](std::span<const coin> others) {
      grundy_value x = 0;
      for (const coin c : others) x ^= g[c];
      out.push_back(x);
      return true;
    });
  }
}

bool turning_code::find_moves(coin n, grundy_value target, std::span<const grundy_value> g,
                              move_visitor visit) const {
  return for_each_move(n, [&](std::span<const coin> others) {
    grundy_value x = 0;
    for (const coin c : others) x ^= g[c];
    return x != target || visit(others);
  });
}

struct turning_code::solver::impl {
  explicit impl(turning_code c) : code(std::move(c)) {}
  grundy_value next(std::span<const grundy_value> g) {
    options.clear();
    code.option_values(static_cast<coin>(g.size()), g, options);
    return mex(options, scratch);
  }
  turning_code code;
  std::vector<grundy_value> options;
  std::vector<char> scratch;
};

turning_code::solver::solver(std::unique_ptr<impl> self) : self_(std::move(self)) {}
turning_code::solver::solver(solver&&) noexcept = default;
turning_code::solver& turning_code::solver::operator=(solver&&) noexcept = default;
turning_code::solver::~solver() = default;

grundy_value turning_code::solver::next(std::span<const grundy_value> g) { return self_->next(g); }

turning_code::solver turning_code::grundy_solver() const { return solver(std::make_unique<solver::impl>(*this)); }

}  // namespace tartan
