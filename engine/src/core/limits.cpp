#include "tartan/core/limits.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"

namespace tartan {

// The machine's memory is its physical memory, the one figure both the default limit and the refusal of what the
// machine cannot hold at all rest on. Not the memory the system reports as available (MemAvailable in
// /proc/meminfo): that moves with what other programs and the page cache hold at the moment, so the same request
// would be accepted or refused from one run to the next (and from one test run to the next); the limit is a choice
// made knowing the machine (half of it by default, more where swap or an idle machine allows), which a second,
// moving bound would silently overrule; and sysconf answers on every POSIX system, /proc/meminfo only on Linux.
std::uint64_t machine_memory() noexcept {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return saturating_mul(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(page_size));
}

std::uint64_t default_memory_limit() noexcept {
  const std::uint64_t machine = machine_memory();
  return machine == 0 ? std::uint64_t{4} << 30 : machine / 2;
}

std::uint64_t memory_limit_or_default(std::uint64_t limit) noexcept {
  return limit == 0 ? default_memory_limit() : limit;
}

std::string format_bytes(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  static constexpr const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < std::size(units)) {
    value /= 1024.0;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f %s", value, units[unit]);
  return buffer;
}

std::uint64_t parse_memory_size(std::string_view text, std::string_view what) {
  // Decimal digits, then an optional unit (all powers of 1024, any case).
  const std::size_t end = std::min(text.find_first_not_of("0123456789"), text.size());
  const std::string_view digits = text.substr(0, end);
  std::string unit(text.substr(end));
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static constexpr std::pair<std::string_view, unsigned> units[] = {
      {"", 0},     {"B", 0},  {"K", 10},  {"KB", 10},  {"KIB", 10}, {"M", 20},  {"MB", 20},
      {"MIB", 20}, {"G", 30}, {"GB", 30}, {"GIB", 30}, {"T", 40},   {"TB", 40}, {"TIB", 40}};
  const auto found = std::find_if(std::begin(units), std::end(units), [&](const auto& u) { return u.first == unit; });
  const std::string name(what);
  if (digits.empty() || found == std::end(units)) {
    throw parse_error(name + ": " + tartan::quote_typed(text) +
                      " is not a memory size; type a number of bytes, optionally followed by K, M, G or T, e.g. 512M "
                      "or 4G");
  }
  const std::uint64_t value = parse_u64(digits, what);
  if (value == 0) throw parse_error(name + ": 0 bytes allows nothing; type a size such as 512M or 4G");
  if (value > (UINT64_MAX >> found->second)) {
    throw parse_error(name + ": " + tartan::quote_typed(text) + " is 2^64 bytes or more; type a smaller size");
  }
  return value << found->second;
}

std::string memory_size_text(std::uint64_t bytes) {
  static constexpr std::pair<unsigned, char> units[] = {{40, 'T'}, {30, 'G'}, {20, 'M'}, {10, 'K'}};
  for (const auto& [shift, letter] : units) {
    if (bytes != 0 && bytes % (std::uint64_t{1} << shift) == 0) return std::to_string(bytes >> shift) + letter;
  }
  return std::to_string(bytes);
}

std::optional<std::uint64_t> suggested_memory_limit(std::uint64_t estimate) {
  const std::uint64_t machine = machine_memory();
  if (estimate == UINT64_MAX || (machine != 0 && estimate >= machine)) return std::nullopt;
  const unsigned shift = estimate < (std::uint64_t{1} << 30) ? 20 : 30;
  return ((estimate >> shift) + 1) << shift;
}

limit_figures memory_figures(std::string asked, std::uint64_t estimate, std::uint64_t limit, bool at_least) {
  limit_figures f;
  f.asked = std::move(asked);
  f.unit = limit_unit::bytes;
  f.estimate = estimate == UINT64_MAX ? INFINITY : static_cast<double>(estimate);
  f.limit = static_cast<double>(limit);
  f.at_least = at_least;
  if (const auto raise = suggested_memory_limit(estimate)) f.raise_to = static_cast<double>(*raise);
  return f;
}

void check_memory(std::uint64_t estimate, std::uint64_t limit, std::string_view what, std::string_view advice,
                  std::optional<std::uint64_t> fits, limit_unit fits_unit) {
  const std::uint64_t machine = machine_memory();
  const bool beyond_machine = machine != 0 && estimate > machine;
  if (estimate <= limit && !beyond_machine) return;
  limit_figures f = memory_figures(std::string(what), estimate, limit);
  f.suggestion = fits;
  f.suggestion_unit = fits_unit;
  std::string problem =
      f.asked + " needs " + (estimate == UINT64_MAX ? "more than 16 EiB" : "about " + format_bytes(estimate));
  if (estimate > limit) {
    problem += ", over the memory limit of " + format_bytes(limit);
  } else {
    // A limit above the machine's memory does not make room that is not there.
    problem += ", more than the " + format_bytes(machine) + " of memory this machine has";
    f.limit = static_cast<double>(machine);
  }
  throw limit_error(std::move(problem), std::string(advice), std::move(f));
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, std::string_view where) {
  if (a != 0 && b > UINT64_MAX / a) {
    throw overflow_error(std::string(where) + ": " + std::to_string(a) + " × " + std::to_string(b) +
                         " does not fit 64 bits; give smaller values");
  }
  return a * b;
}

}  // namespace tartan
