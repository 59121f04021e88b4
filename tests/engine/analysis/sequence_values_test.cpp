// Tests for analysis/sequence_values.hpp: compute_sequence against the definition (support/naive.hpp,
// support/octal_definition.hpp), its limits, progress with cancellation, values kept narrow and in value files, and
// checkpoints: stopped, killed (SIGKILL to a child process at random points, waiting on its progress, never on the
// clock) and taken up again, always giving the definition's values.
#include "tartan/analysis/sequence_values.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/lockstep_child.hpp"
#include "support/naive.hpp"
#include "support/octal_definition.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/turning/value_file.hpp"

namespace tartan {
namespace {

using test::temporary_dir;

TEST(SequenceValuesTest, MatchesTheDefinition) {
  EXPECT_EQ(compute_sequence({games::resolve_game("mock-turtles"), 12}).values.to_vector(),
            test::naive_sequence(test::k_coins{1, 3}, 12));
  EXPECT_EQ(compute_sequence({games::resolve_game("ruler"), 40}).values.to_vector(),
            test::naive_sequence(test::ruler_rule{}, 40));
  EXPECT_EQ(compute_sequence({games::resolve_game("1-2"), 30}).values.to_vector(),
            test::naive_sequence(test::k_coins{1, 2}, 30));
  const sequence_result r = compute_sequence({games::resolve_game("motley"), 12});
  EXPECT_EQ(r.values.to_vector(), test::naive_sequence(test::motley_rule{}, 12));
  EXPECT_TRUE(r.complete);
}

TEST(SequenceValuesTest, ProgressRisesAndAStopKeepsACorrectPrefix) {
  sequence_request request{games::resolve_game("1-3"), 20000};
  request.method = sequence_method::enumeration;  // slow enough to be stopped part way
  std::vector<double> seen;
  request.progress = [&seen](double fraction) {
    seen.push_back(fraction);
    return seen.size() < 100;
  };
  const sequence_result stopped = compute_sequence(request);
  EXPECT_FALSE(stopped.complete);
  ASSERT_EQ(seen.size(), 100u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i], seen[i - 1]);
  EXPECT_GT(seen.front(), 0.0);
  EXPECT_LT(seen.back(), 1.0);
  ASSERT_LT(stopped.values.size(), request.count);
  ASSERT_GT(stopped.values.size(), 0u);
  EXPECT_EQ(stopped.values.to_vector(), test::naive_sequence(test::k_coins{1, 3}, stopped.values.size()));

  request.progress = [](double) { return true; };
  request.count = 500;
  const sequence_result whole = compute_sequence(request);
  EXPECT_TRUE(whole.complete);
  EXPECT_EQ(whole.values.size(), 500u);
}

TEST(SequenceValuesTest, TheSinkReceivesEveryValueInOrderAndATimeLimitKeepsThem) {
  sequence_request request{games::resolve_game("3"), 10'000'000};
  request.max_seconds = 1;  // 10^7 values of 3 (Triplets) take most of an hour: the pace stops them within seconds
  std::vector<grundy_value> streamed;
  std::size_t chunks = 0;
  request.on_values = [&](std::span<const grundy_value> values) {
    streamed.insert(streamed.end(), values.begin(), values.end());
    ++chunks;
  };
  const sequence_result r = compute_sequence(request);
  EXPECT_FALSE(r.complete);
  ASSERT_TRUE(r.time_limit.has_value());
  EXPECT_GT(r.time_limit->estimate_seconds(), 1.0);
  EXPECT_TRUE(r.values == streamed);
  EXPECT_GT(chunks, 1u);
  ASSERT_GT(r.values.size(), 1000u);
  std::vector<grundy_value> first(300);
  r.values.copy_to(0, first);
  EXPECT_EQ(first, test::naive_sequence(test::k_coins{3, 3}, 300));
}

TEST(SequenceValuesTest, RefusesProductsEmptyCountsAndCountsOverTheMemoryLimit) {
  EXPECT_THROW(compute_sequence({games::resolve_game("ruler*ruler"), 10}), parse_error);
  EXPECT_THROW(compute_sequence({games::resolve_game("ruler"), 0}), parse_error);
  sequence_request big{games::resolve_game("ruler"), 100'000'000};
  big.max_memory = 1 << 20;
  EXPECT_THROW(compute_sequence(big), limit_error);
}

TEST(SequenceValuesTest, KeepsValuesInTheNarrowestWidthTheRouteReads) {
  // The sparse-space method reads one byte per heap of 0.16 (values below 256); a turning code's solver reads 64-bit
  // values, so its table is 8 bytes wide whatever the values.
  const sequence_result octal = compute_sequence({games::resolve_game("0.16"), 5000});
  EXPECT_EQ(octal.values.width(), 1);
  EXPECT_EQ(octal.values.to_vector(), test::octal_by_definition({1, 6}, 5000));
  EXPECT_EQ(compute_sequence({games::resolve_game("1-2"), 30}).values.width(), 8);
  // A closed form needs no table of its own: ruler's values stay in a byte.
  EXPECT_EQ(compute_sequence({games::resolve_game("ruler"), 200}).values.width(), 1);
  // Mock Turtles' closed form passes 255 at coin 128: the values widen to two bytes.
  EXPECT_EQ(compute_sequence({games::resolve_game("mock-turtles"), 1000}).values.width(), 2);
}

TEST(SequenceValuesTest, TheMemoryEstimateKnowsTheWidth) {
  // 2^30 values of 0.16 take one byte each: 1 GiB; refused under a limit of 512 MiB, as the 64-bit values of a turning
  // code are at 32 bytes each.
  sequence_request request{games::resolve_game("0.16"), std::size_t{1} << 30};
  request.max_memory = std::uint64_t{512} << 20;
  const std::string narrow = test::message_of([&] { compute_sequence(request); });
  EXPECT_NE(narrow.find("needs about 1.0 GiB, over the memory limit of 512.0 MiB"), std::string::npos) << narrow;
  request.game = games::resolve_game("1-2");
  request.count = 20'000'000;
  const std::string wide = test::message_of([&] { compute_sequence(request); });
  EXPECT_NE(wide.find("needs about 610.4 MiB, over the memory limit of 512.0 MiB"), std::string::npos) << wide;
}

TEST(SequenceValuesTest, RefusesCountsBeyondARow) {
  sequence_request request{games::resolve_game("0.16"), (std::size_t{1} << 32) + 1};
  const std::string message = test::message_of([&] { compute_sequence(request); });
  EXPECT_NE(message.find("a row has at most 2^32 coins"), std::string::npos) << message;
  EXPECT_NE(message.find("ask for at most 4294967296 values"), std::string::npos) << message;
  // Beyond 10^8, routes that keep 64-bit values are refused; the narrow ones are not (memory permitting).
  request.game = games::resolve_game("1-2");
  request.count = 100'000'001;
  request.max_memory = std::uint64_t{1} << 40;
  EXPECT_THROW(compute_sequence(request), limit_error);
}

TEST(SequenceValuesTest, ValuesInAFile) {
  const temporary_dir dir;
  sequence_request request{games::resolve_game("treblecross"), 3000};
  request.file = dir.file("t.bin");
  const sequence_result r = compute_sequence(request);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.values.file_path(), request.file);
  const std::vector<grundy_value> expected = test::octal_by_definition({0, 0, 7}, 3000);
  EXPECT_EQ(r.values.to_vector(), expected);
  const value_file_info info = read_value_file(request.file);
  EXPECT_EQ(info.game.name, "treblecross");
  EXPECT_EQ(info.game.code, "0.007");
  EXPECT_EQ(info.count, 3000u);
  EXPECT_TRUE(info.complete);
  EXPECT_EQ(info.width, 1);
}

TEST(SequenceValuesTest, AStoppedCheckpointGoesOnToTheSameValues) {
  const temporary_dir dir(true);
  const std::vector<grundy_value> expected = test::octal_by_definition({0, 0, 7}, 6000);
  sequence_request request{games::resolve_game("0.007"), 6000};
  request.file = dir.file("c.bin");
  request.resume = true;
  request.checkpoint_seconds = 0;
  int reports = 0;
  request.progress = [&](double) { return ++reports < 50; };
  std::size_t kept = 0;
  {
    // The result keeps the file open (and locked against another run) while it lives.
    const sequence_result first = compute_sequence(request);
    EXPECT_FALSE(first.complete);
    EXPECT_EQ(first.resumed, 0u);
    kept = first.values.size();
    const std::string in_use = test::message_of([&] { compute_sequence(request); });
    EXPECT_NE(in_use.find("' is in use by another tartan run; wait for it to end, or give another file"),
              std::string::npos)
        << in_use;
  }
  ASSERT_GT(kept, 0u);
  ASSERT_LT(kept, 6000u);
  EXPECT_EQ(read_value_file(request.file).count, kept);
  // Again, with a sink: the values recorded come first, then the rest, all of them the definition's.
  request.progress = {};
  std::vector<grundy_value> streamed;
  request.on_values = [&](std::span<const grundy_value> v) { streamed.insert(streamed.end(), v.begin(), v.end()); };
  {
    const sequence_result second = compute_sequence(request);
    EXPECT_TRUE(second.complete);
    EXPECT_EQ(second.resumed, kept);
    EXPECT_EQ(second.values.to_vector(), expected);
    EXPECT_EQ(streamed, expected);
  }
  EXPECT_TRUE(read_value_file(request.file).complete);
  // A shorter request answers from the file and leaves it as it was.
  request.count = 100;
  streamed.clear();
  {
    const sequence_result shorter = compute_sequence(request);
    EXPECT_EQ(shorter.values.to_vector(), std::vector<grundy_value>(expected.begin(), expected.begin() + 100));
    EXPECT_EQ(streamed, shorter.values.to_vector());
  }
  EXPECT_EQ(read_value_file(request.file).count, 6000u);
  // Another game's checkpoint is refused, the file untouched.
  sequence_request other{games::resolve_game("0.16"), 100};
  other.file = request.file;
  other.resume = true;
  const std::string message = test::message_of([&] { compute_sequence(other); });
  EXPECT_NE(message.find("holds values of 0.007, not of 0.16"), std::string::npos) << message;
  EXPECT_EQ(read_value_file(request.file).count, 6000u);
}

/// Runs compute_sequence(request) in a child process that, after every progress report (which comes after the
/// commit of a checkpoint recording the values), writes the count of values done to `report` and waits for a byte on
/// `go_on` before it computes more; it never returns.
[[noreturn]] void run_child(sequence_request request, test::lockstep_child::channel c) {
  const std::size_t count = request.count;
  request.progress = [c, count](double fraction) {
    const auto done = static_cast<std::uint64_t>(fraction * static_cast<double>(count) + 0.5);
    c.report(&done, sizeof done);
    return true;
  };
  try {
    compute_sequence(request);
  } catch (...) {
    ::_exit(2);
  }
  ::_exit(0);
}

TEST(SequenceValuesTest, AKilledRunGoesOnFromItsLastRecordToTheDefinitionsValues) {
  // A child computes with a checkpoint recorded at every report and waits for the test after each report; the test
  // lets it go on past a seeded random count, then kills it (SIGKILL: no handler, no clean-up) while it computes
  // towards the next report, at whatever instruction that is. The values every report named are recorded, and the
  // run taken up again ends with the definition's values. The child cannot end before the kill: it waits for the
  // test at every report, and the counts stop short of the end.
  const std::size_t count = 8000;
  const std::vector<grundy_value> expected = test::octal_by_definition({0, 0, 7}, count);
  std::mt19937 rng(2026);
  for (int round = 0; round < 4; ++round) {
    const temporary_dir dir(true);  // commits at every report: in memory, where they cost nothing
    sequence_request request{games::resolve_game("0.007"), count};
    request.file = dir.file("c.bin");
    request.resume = true;
    request.checkpoint_seconds = 0;
    request.threads = round % 2 == 0 ? 1 : 2;
    std::uint64_t reported = 0;
    for (int kill = 0; kill < 3; ++kill) {
      const std::uint64_t threshold = reported + 1 + rng() % (count / 8);
      test::lockstep_child child([&](test::lockstep_child::channel c) { run_child(request, c); });
      std::uint64_t done = 0;
      bool running = true;
      while (done < threshold) {
        if (!child.read_report(&done, sizeof done)) {
          running = false;
          break;
        }
        reported = std::max(reported, done);
        ASSERT_TRUE(child.go_on());
      }
      EXPECT_TRUE(running) << "the child ended before it was killed";
      EXPECT_TRUE(child.kill());
      // Nothing reported is lost (a report comes after the commit recording it).
      const value_file_info info = read_value_file(request.file);
      EXPECT_GE(info.count, reported) << "round " << round << ", kill " << kill;
      EXPECT_LT(info.count, count);
    }
    const std::uint64_t recorded = read_value_file(request.file).count;
    request.progress = {};
    const sequence_result r = compute_sequence(request);
    EXPECT_EQ(r.resumed, recorded);
    ASSERT_EQ(r.values.to_vector(), expected) << "round " << round;
  }
}

}  // namespace
}  // namespace tartan
