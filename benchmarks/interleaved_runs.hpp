// The command line the summarising benchmarks run with: on a shared machine the load changes while benchmarks run,
// so by default every benchmark runs 5 times, interleaved in random order, and the summary compares medians.
// Any of these --benchmark_* flags given on the command line replaces its default. median_reporter keeps the
// medians for the summary.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <set>
#include <string>
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

/// The console report, keeping each run's wall time in seconds (the median where there are repetitions) by name,
/// for the summary a benchmark prints at the end. @pre the benchmarks report milliseconds
class median_reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const std::string name = run.run_name.str();
      const double s = run.GetAdjustedRealTime() / 1e3;
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") seconds_[name] = s, from_median_.insert(name);
      } else if (!from_median_.count(name)) {
        seconds_[name] = s;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  /// The wall time of `name` ("Seq/period/1000000/real_time"), or -1 when it did not run.
  double seconds(const std::string& name) const {
    const auto it = seconds_.find(name);
    return it == seconds_.end() ? -1.0 : it->second;
  }

 private:
  std::map<std::string, double> seconds_;
  std::set<std::string> from_median_;
};

}  // namespace tartan::bench
