// The time a command took, as its text report's last line: "time: 0.013 s". Every command that computes (analyze,
// table, check, verify, graph, and seq on a terminal) reports it, so a user sees what a larger question would cost.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace tartan::cli {

/// Wall time since construction.
class stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// Seconds with three decimals: "0.013 s".
inline std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f s", seconds);
  return text;
}

/// The report's last line: "time: 0.013 s".
inline std::string time_line(double seconds) { return "time: " + format_seconds(seconds) + "\n"; }

}  // namespace tartan::cli
