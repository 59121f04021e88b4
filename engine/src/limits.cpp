#include "tartan/limits.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <utility>

#include "tartan/detail/typed_text.hpp"
#include "tartan/error.hpp"
#include "tartan/parse_number.hpp"

namespace tartan {

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
      {"", 0},   {"B", 0},   {"K", 10},  {"KB", 10}, {"KIB", 10}, {"M", 20},  {"MB", 20}, {"MIB", 20},
      {"G", 30}, {"GB", 30}, {"GIB", 30}, {"T", 40}, {"TB", 40},  {"TIB", 40}};
  const auto found = std::find_if(std::begin(units), std::end(units), [&](const auto& u) { return u.first == unit; });
  const std::string name(what);
  if (digits.empty() || found == std::end(units)) {
    throw parse_error(name + ": " + detail::quote_typed(text) +
                      " is not a memory size; type a number of bytes, optionally followed by K, M, G or T, e.g. 512M "
                      "or 4G");
  }
  const std::uint64_t value = parse_u64(digits, what);
  if (value == 0) throw parse_error(name + ": 0 bytes allows nothing; type a size such as 512M or 4G");
  if (value > (UINT64_MAX >> found->second)) {
    throw parse_error(name + ": " + detail::quote_typed(text) + " is 2^64 bytes or more; type a smaller size");
  }
  return value << found->second;
}

void check_memory(std::uint64_t estimate, std::uint64_t limit, std::string_view what, std::string_view advice) {
  if (estimate <= limit) return;
  // Suggest a limit that would do: the estimate rounded up to whole GiB (MiB below 1 GiB).
  std::string suggested;
  if (estimate == UINT64_MAX) {
    suggested = "";
  } else if (estimate < (std::uint64_t{1} << 30)) {
    suggested = std::to_string((estimate >> 20) + 1) + "M";
  } else {
    suggested = std::to_string((estimate >> 30) + 1) + "G";
  }
  std::string message = std::string(what) + " needs " +
                        (estimate == UINT64_MAX ? "more than 16 EiB" : "about " + format_bytes(estimate)) +
                        ", over the memory limit of " + format_bytes(limit) + "; " + std::string(advice);
  if (!suggested.empty()) {
    const std::uint64_t machine = machine_memory();
    if (machine == 0 || estimate < machine) message += ", or raise the limit with --max-memory " + suggested;
    else message += " (this machine has " + format_bytes(machine) + ")";
  }
  throw limit_error(message);
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, std::string_view where) {
  if (a != 0 && b > UINT64_MAX / a) {
    throw overflow_error(std::string(where) + ": " + std::to_string(a) + " × " + std::to_string(b) +
                         " does not fit 64 bits; give smaller values");
  }
  return a * b;
}

}  // namespace tartan
