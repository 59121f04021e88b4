// The command line the summarising benchmarks run with: on a shared machine the load changes while benchmarks run,
// so by default every benchmark runs 5 times, interleaved in random order, and the summary compares medians.
// Any of these --benchmark_* flags given on the command line replaces its default.
#pragma once

#include <string_view>
#include <vector>

namespace tartan::bench {

/// argv with the defaults above inserted after the program name where not given. The pointers stay valid for the
/// program's run (the defaults are static).
inline std::vector<char*> with_interleaved_runs(int argc, char** argv) {
  static char repetitions[] = "--benchmark_repetitions=5";
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  static char aggregates[] = "--benchmark_report_aggregates_only=true";
  static char min_time[] = "--benchmark_min_time=0.2";
  std::vector<char*> args(argv, argv + argc);
  for (char* flag : {repetitions, interleave, aggregates, min_time}) {
    const std::string_view name = std::string_view(flag).substr(0, std::string_view(flag).find('='));
    bool given = false;
    for (int i = 1; i < argc; ++i) given = given || std::string_view(argv[i]).starts_with(name);
    if (!given) args.insert(args.begin() + 1, flag);
  }
  return args;
}

}  // namespace tartan::bench
