// CLI tests for the ordinals of tartan nim (mul/div/add/inv/sqrt/square/pow/order with operands written with w, and
// alpha/degree/minpoly): results against Conway's and Lenstra's identities and the engine's functions, the JSON
// form with its exact integers, Lenstra's constants with their timing line, Ctrl-C, and bad input refused in one line
// with exit code 2.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/background_cli.hpp"
#include "support/reference_data.hpp"
#include "support/run_cli.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/error.hpp"
#include "tartan/nim/lenstra.hpp"
#include "tartan/nim/ordinal_nimber.hpp"

namespace tartan {
namespace {

using test::run_tartan;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;
using json = nlohmann::json;

void expect_output(const test::cli_result& r, const std::string& out) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, out);
}

void expect_error(const test::cli_result& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err, "error: " + message + "\n");
}

std::string text(const ordinal_nimber& x) { return to_string(x) + "\n"; }

TEST(NimOrdinalCliTest, ConwaysIdentities) {
  expect_output(run_tartan({"nim", "mul", "w", "w"}), "w^2\n");
  expect_output(run_tartan({"nim", "pow", "w", "3"}), "2\n");               // ω is a cube root of 2
  expect_output(run_tartan({"nim", "pow", "w^3", "3"}), "w\n");             // ω^3 is a cube root of ω
  expect_output(run_tartan({"nim", "pow", "w^w", "5"}), "4\n");             // ω^ω is a fifth root of 4
  expect_output(run_tartan({"nim", "pow", "w^(w^2)", "7"}), "w + 1\n");     // α_7
  expect_output(run_tartan({"nim", "pow", "ω^(ω^3)", "11"}), "w^w + 1\n");  // α_11, typed with ω
  expect_output(run_tartan({"nim", "mul", "w^2+1", "w"}), "w + 2\n");
  expect_output(run_tartan({"nim", "inv", "w"}), "w^2*3\n");
  expect_output(run_tartan({"nim", "sqrt", "w"}), "w^2*2\n");
  expect_output(run_tartan({"nim", "square", "w^2*2"}), "w\n");
  expect_output(run_tartan({"nim", "add", "w + 1", "w^2 + 1"}), "w^2 + w\n");
  expect_output(run_tartan({"nim", "add", "5", "3"}), "6\n");  // numbers: XOR
  expect_output(run_tartan({"nim", "order", "w"}), "9\n");
  expect_output(run_tartan({"nim", "degree", "w"}), "6\n");
  expect_output(run_tartan({"nim", "degree", "16"}), "8\n");
  expect_output(run_tartan({"nim", "minpoly", "w"}), "x^6 + x^3 + 1\n");
}

TEST(NimOrdinalCliTest, AgreesWithTheEngine) {
  const std::vector<std::string> xs{"w^(w^2+1)*3 + w + 5", "w^w + w^2*7 + 1", "w^(w+1) + w^9"};
  for (const std::string& a : xs) {
    for (const std::string& b : xs) {
      const ordinal_nimber x = ordinal_nimber::parse(a), y = ordinal_nimber::parse(b);
      expect_output(run_tartan({"nim", "mul", a, b}), text(x * y));
      expect_output(run_tartan({"nim", "div", a, b}), text(x / y));
    }
    const ordinal_nimber x = ordinal_nimber::parse(a);
    expect_output(run_tartan({"nim", "inv", a}), text(x.inv()));
    expect_output(run_tartan({"nim", "sqrt", a}), text(x.sqrt()));
    expect_output(run_tartan({"nim", "pow", a, "1000"}), text(x.pow(std::uint64_t{1000})));
    expect_output(run_tartan({"nim", "degree", a}), std::to_string(ordinal_degree(x)) + "\n");
  }
}

TEST(NimOrdinalCliTest, JsonIsStructuredWithExactIntegers) {
  const auto r = run_tartan({"nim", "mul", "w^(w^2+1)*3 + w + 5", "w", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["operation"], "mul");
  EXPECT_EQ(j["operands"][0]["text"], "w^(w^2+1)*3 + w + 5");
  EXPECT_EQ(j["operands"][0]["terms"][0]["exponent"], json::parse(R"([{"power":2,"coefficient":1},
                                                                        {"power":0,"coefficient":1}])"));
  EXPECT_EQ(j["operands"][0]["terms"][0]["coefficient"], 3);
  EXPECT_EQ(j["operands"][0]["terms"][2]["exponent"], json::array());
  EXPECT_EQ(j["result"]["text"], to_string(ordinal_nimber::parse("w^(w^2+1)*3 + w + 5") * ordinal_nimber::omega()));
  // Integers beyond 2^64 are decimal strings; --big-as-strings quotes those from 2^53 on too.
  const auto big = run_tartan({"nim", "mul", "w^(18446744073709551616)", "18446744073709551616", "--json"});
  ASSERT_EQ(big.exit_code, 0) << big.err;
  const json b = json::parse(big.out);
  EXPECT_EQ(b["operands"][0]["terms"][0]["exponent"][0]["coefficient"], "18446744073709551616");
  EXPECT_EQ(b["operands"][1]["terms"][0]["coefficient"], "18446744073709551616");
  const auto quoted = run_tartan({"nim", "mul", "w", "9007199254740993", "--json", "--big-as-strings"});
  EXPECT_THAT(quoted.out, HasSubstr(R"("coefficient":"9007199254740993")"));
  const auto exact = run_tartan({"nim", "mul", "w", "9007199254740993", "--json"});
  EXPECT_THAT(exact.out, HasSubstr(R"("coefficient":9007199254740993)"));
  // pow's exponent is an integer operand.
  const json p = json::parse(run_tartan({"nim", "pow", "w", "3", "--json"}).out);
  EXPECT_EQ(p["operands"][1], 3);
  EXPECT_EQ(p["result"]["text"], "2");
  const json d = json::parse(run_tartan({"nim", "minpoly", "w", "--json"}).out);
  EXPECT_EQ(d["degree"], 6);
  EXPECT_EQ(d["exponents"], json::parse("[6,3,0]"));
  EXPECT_EQ(d["text"], "x^6 + x^3 + 1");
  EXPECT_EQ(json::parse(run_tartan({"nim", "order", "w", "--json"}).out)["order"], 9);
  EXPECT_EQ(json::parse(run_tartan({"nim", "degree", "w^w", "--json"}).out)["degree"], 20);
}

TEST(NimOrdinalCliTest, AlphaPrintsTheConstantsAndTheTime) {
  const auto r = run_tartan({"nim", "alpha", "19"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, MatchesRegex("alpha_19 = w\\^3 \\+ 4  \\(the nim product of 19 factors w\\^\\(w\\^6\\)\\)\n"
                                  "excess: 4  \\(alpha_19 = kappa_18 \\+ 4, kappa_18 = w\\^3, Q = \\{9\\}, f\\(19\\) = "
                                  "18\\)\n"
                                  "degree over GF\\(2\\): 36\n"
                                  "table: agrees\n"
                                  "time: [0-9.]+ s\n"));
  const json j = json::parse(run_tartan({"nim", "alpha", "13", "--json", "--from-scratch"}).out);
  EXPECT_EQ(j["prime"], 13);
  EXPECT_EQ(j["generator"], "w^(w^4)");
  EXPECT_EQ(j["alpha"]["text"], "w + 4");
  EXPECT_EQ(j["q_set"], json::parse("[3,4]"));
  EXPECT_EQ(j["excess"], 0);
  EXPECT_EQ(j["degree"], 12);
  EXPECT_EQ(j["table"], "agrees");
  EXPECT_EQ(j["from_scratch"], true);
  EXPECT_TRUE(j["seconds"].is_number());
  for (const unsigned p : {3u, 5u, 7u, 11u, 47u, 97u}) {
    const json a = json::parse(run_tartan({"nim", "alpha", std::to_string(p), "--json"}).out);
    EXPECT_EQ(a["alpha"]["text"], to_string(lenstra_alpha(lenstra_table::builtin().at(p))));
    EXPECT_EQ(a["table"], "agrees");
  }
}

/// "0x..": the engine's vector as the CLI writes it, written here word by word.
std::string hex_of(const std::vector<std::uint64_t>& words) {
  std::string hex;
  for (std::size_t w = words.size(); w-- > 0;) {
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, hex.empty() ? "%llx" : "%016llx", static_cast<unsigned long long>(words[w]));
    if (!(hex.empty() && words[w] == 0)) hex += buffer;
  }
  return "0x" + (hex.empty() ? std::string("0") : hex);
}

TEST(NimOrdinalCliTest, AlphaPrintsItsCertificate) {
  // The engine's certificate (checked against the norms' definition in lenstra_test.cpp), printed whole: α_19 tries
  // five excesses, the last the one that is not a 19th power.
  const lenstra_certificate expected =
      certify_lenstra_constant(lenstra_table::builtin().at(19), lenstra_table::builtin());
  const auto r = run_tartan({"nim", "alpha", "19", "--certificate"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string lines =
      "certificate: norms nu_j = N(kappa + j) from GF(2^36) to GF(2^18) = GF(2)[z]/(g), z = "
      "nu_4^((2^18-1)/19) (a 19th root of unity), bit i of each hex the coefficient of z^i\n"
      "  g = " +
      hex_of(expected.modulus) + "  (degree 18, dividing z^19 - 1)\n";
  for (const lenstra_certificate::test& t : expected.tests) {
    lines += "  j = " + std::to_string(t.excess) + ": nu = " + hex_of(t.norm) +
             ", nu^((2^18-1)/19) = " + (t.excess < 4 ? "0x1 = 1: a 19th power\n" : "0x2 = z: not a 19th power\n");
  }
  EXPECT_THAT(r.out, HasSubstr("table: agrees\n" + lines + "time: "));
  const json j = json::parse(run_tartan({"nim", "alpha", "727", "--certificate", "--json"}).out);
  lenstra_table with_727 = lenstra_table::builtin();
  with_727.insert(compute_lenstra_constant(727, with_727));
  const lenstra_certificate beyond = certify_lenstra_constant(with_727.at(727), with_727);
  const json& c = j["certificate"];
  EXPECT_EQ(c["order_of_two"], 121);
  EXPECT_EQ(c["field_degree"], beyond.field_degree);
  EXPECT_EQ(c["modulus"], hex_of(beyond.modulus));
  ASSERT_EQ(c["tests"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(c["tests"][i]["excess"], i);
    EXPECT_EQ(c["tests"][i]["norm"], hex_of(beyond.tests[i].norm));
    EXPECT_EQ(c["tests"][i]["power"], i == 0 ? "0x1" : "0x2");
    EXPECT_EQ(c["tests"][i]["pth_power"], i == 0);
  }
  // A checkpoint that holds 727 already: its constants certified, and not recorded twice.
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  ASSERT_EQ(run_tartan({"nim", "alpha", "727", "--checkpoint", path}).exit_code, 0);
  const auto again = run_tartan({"nim", "alpha", "727", "--checkpoint", path, "--certificate"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_THAT(again.out, HasSubstr("  j = 1: nu = " + hex_of(beyond.tests[1].norm)));
  ASSERT_EQ(read_lenstra_checkpoint(path).size(), 1u);  // 727 only: 5 and 11 are in the table
}

// Beyond the table, alpha_359 needs a field of degree 3504820: many minutes of work, stopped by Ctrl-C once its
// progress bar shows that it began, with exit code 130 and one line saying where.
TEST(NimOrdinalCliTest, AlphaStopsOnCtrlC) {
  const auto r = test::run_tartan_interrupted_when({"nim", "alpha", "359", "--max-seconds", "0"},
                                                   test::progress_bar_drawn("alpha_359"), test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, StartsWith("interrupted: the computation of Lenstra's constants for p = 359 stopped at the "));
}

// Several primes past the table on two threads: one JSON line each, in the order given (not the order they finish:
// 743 takes far longer than the others), each excess that of OEIS A380496's a-file; each recorded in the checkpoint
// as it finished, and a second run reads them back instead of computing them again.
TEST(NimOrdinalCliTest, AlphaOfSeveralPrimesOnThreadsMatchesTheOeisAFile) {
  const auto a_file = test::oeis_a380496();
  const std::vector<std::string> primes = {"743", "727", "733", "739", "751", "757"};
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  std::vector<std::string> args = {"nim", "alpha"};
  args.insert(args.end(), primes.begin(), primes.end());
  args.insert(args.end(), {"--threads", "2", "--json", "--checkpoint", path});
  for (const int run : {1, 2}) {
    const auto r = run_tartan(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    std::istringstream lines(r.out);
    std::string line;
    for (const std::string& p : primes) {
      ASSERT_TRUE(std::getline(lines, line)) << "run " << run << ": no line for " << p;
      const json j = json::parse(line);
      const auto prime = static_cast<unsigned>(std::stoul(p));
      EXPECT_EQ(j["prime"], prime) << "run " << run;
      ASSERT_TRUE(a_file.at(prime).has_value()) << p;
      EXPECT_EQ(j["excess"], *a_file.at(prime)) << "run " << run << ", p = " << p;
      EXPECT_EQ(j["table"], "beyond");
    }
    EXPECT_FALSE(std::getline(lines, line)) << line;
    // Every prime recorded once (their dependencies are in the table), whichever run.
    const std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
    ASSERT_EQ(recorded.size(), primes.size()) << "run " << run;
    for (const lenstra_constant& c : recorded) EXPECT_EQ(c.excess, *a_file.at(c.prime)) << c.prime;
  }
  // In text, the same block per prime as `tartan nim alpha P` prints.
  const auto text = run_tartan({"nim", "alpha", "739", "727", "--threads", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto first = run_tartan({"nim", "alpha", "739"}), second = run_tartan({"nim", "alpha", "727"});
  const std::regex time_line("time: [0-9.]+ [a-z]+\n");
  EXPECT_EQ(std::regex_replace(text.out, time_line, "time\n"),
            std::regex_replace(first.out + second.out, time_line, "time\n"));
}

// Ctrl-C while 359 (a field of degree 3504820: many minutes on any machine) computes on one thread, once 727 was
// printed from the other: 727 kept on standard output and in the checkpoint, one line saying so, exit code 130.
TEST(NimOrdinalCliTest, AlphaOfSeveralPrimesKeepsTheFinishedOnCtrlC) {
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  const auto r = test::run_tartan_interrupted_when(
      {"nim", "alpha", "359", "727", "--threads", "2", "--max-seconds", "0", "--checkpoint", path},
      [](const test::printed_so_far& p) { return p.err.find("alpha of 2 primes [") != std::string::npos; },
      test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_THAT(r.out, StartsWith("alpha_727 = "));
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, StartsWith("interrupted: finished: alpha_727 = w^(w^3*11) + 1 (excess "));
  const std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
  ASSERT_EQ(recorded.size(), 1u);
  EXPECT_EQ(recorded[0].prime, 727u);
  EXPECT_EQ(recorded[0].excess, *test::oeis_a380496().at(727));
  // 359 keeps its state for the next run (Q at least); 727's went with its line in the checkpoint.
  const std::optional<lenstra_state> kept = read_lenstra_state(path + ".alpha_359");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->q_set, lenstra_table::builtin().at(359).q_set);
  EXPECT_FALSE(read_lenstra_state(path + ".alpha_727"));
}

TEST(NimOrdinalCliTest, AlphaOfSeveralPrimesRefusesBadInput) {
  expect_error(run_tartan({"nim", "alpha", "727", "733", "727"}), "prime P: 727 is given twice; type each prime once");
  expect_error(run_tartan({"nim", "alpha", "727", "735"}),
               "prime P: 735 is not an odd prime; type 3, 5, 7, 11, ... (alpha_p is defined for the odd primes)");
  expect_error(run_tartan({"nim", "alpha", "727", "733", "--certificate"}),
               "--certificate takes one prime P in one process; leave it out, or give one prime");
  expect_error(run_tartan({"nim", "alpha", "727", "733", "--from-scratch"}),
               "--from-scratch takes one prime P in one process; leave it out, or give one prime");
  expect_error(run_tartan({"nim", "alpha", "727", "733", "--threads", "0"}),
               "--threads 0 computes nothing here; type 1 or more, or leave it out for 1");
  expect_error(run_tartan({"nim", "alpha", "727", "733", "--threads", "5000"}),
               "--threads '5000' is too large; type at most 1024");
}

// A prime stopped within its norm goes on from its state file (FILE.alpha_P beside the checkpoint): the state made by
// the engine, stopped before step 4 of the norm of α_47's excess 1; `nim alpha 47 --from-scratch --checkpoint FILE`
// computes 3 to 43, says in one line where 47 goes on from, prints the table's constants and removes the state once
// 47 is recorded.
TEST(NimOrdinalCliTest, AlphaGoesOnFromTheStateOfAStoppedPrime) {
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt"), state_path = path + ".alpha_47";
  EXPECT_THROW(compute_lenstra_constant(
                   47, lenstra_table::builtin(),
                   [](unsigned, const std::string& stage) { return stage != "the excess 1: the norm, step 4 of 7"; }, 0,
                   lenstra_state_options{state_path, 60, {}}),
               cancelled_error);
  ASSERT_TRUE(read_lenstra_state(state_path));
  const auto r = run_tartan({"nim", "alpha", "47", "--from-scratch", "--checkpoint", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "resuming alpha_47 from '" + state_path + "': the excess 1, the norm after step 3 of 7\n");
  EXPECT_THAT(r.out, HasSubstr("alpha_47 = " + to_string(lenstra_alpha(lenstra_table::builtin().at(47)))));
  EXPECT_THAT(r.out, HasSubstr("table: agrees"));
  EXPECT_FALSE(read_lenstra_state(state_path));
  const std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
  ASSERT_EQ(recorded.size(), 14u);  // 3, 5, ..., 47
  for (std::size_t k = 0; k < recorded.size(); ++k) EXPECT_EQ(recorded[k], lenstra_table::builtin().by_index(k)) << k;
}

// Ctrl-C within alpha_359's norm (a field of degree 3504820: minutes on any machine, 14 steps of seconds each), once
// the bar says its second step began: the state of the step done is written at once, and the next run says it goes
// on from there (interrupted again once it said so). A kill after the state was written every step
// (--checkpoint-every 0) loses no step either.
TEST(NimOrdinalCliTest, AlphaKeepsItsStateOnCtrlCAndAKill) {
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt"), state_path = path + ".alpha_359";
  const std::vector<std::string> args{"nim", "alpha", "359", "--max-seconds", "0", "--checkpoint", path};
  const auto first = test::run_tartan_interrupted_when(
      args, [](const test::printed_so_far& p) { return p.err.find("the norm, step 2 of ") != std::string::npos; },
      test::error_stream::terminal);
  EXPECT_EQ(first.exit_code, 130) << first.err;
  EXPECT_THAT(first.err, StartsWith("interrupted: the computation of Lenstra's constants for p = 359 stopped at the "
                                    "excess 0: the norm, step "));
  const std::optional<lenstra_state> kept = read_lenstra_state(state_path);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->prime, 359u);
  EXPECT_EQ(kept->q_set, lenstra_table::builtin().at(359).q_set);
  EXPECT_EQ(kept->excess, 0u);
  EXPECT_EQ(kept->field_degree, 3504820u);
  EXPECT_GE(kept->norm_done, 1);
  const std::string resuming = "resuming alpha_359 from '" + state_path + "': the excess 0, the norm after step " +
                               std::to_string(kept->norm_done) + " of " + std::to_string(kept->norm_steps) + "\n";
  const auto second = test::run_tartan_interrupted_when(
      args, [&](const test::printed_so_far& p) { return p.err.find(resuming) != std::string::npos; });
  EXPECT_EQ(second.exit_code, 130) << second.err;
  EXPECT_THAT(second.err, StartsWith(resuming));
  const std::optional<lenstra_state> again = read_lenstra_state(state_path);
  ASSERT_TRUE(again);
  EXPECT_GE(again->norm_done, kept->norm_done);
  // Killed after the bar showed one more step begun, with the state written after every step: that step is kept.
  std::vector<std::string> every = args;
  every.insert(every.end(), {"--checkpoint-every", "0"});
  test::background_tartan run(every, test::error_stream::terminal);
  const std::string next = "the norm, step " + std::to_string(again->norm_done + 2) + " of ";
  ASSERT_TRUE(run.wait_for([&](const test::printed_so_far& p) { return p.err.find(next) != std::string::npos; }));
  EXPECT_EQ(run.kill().exit_code, 128 + SIGKILL);
  ASSERT_TRUE(read_lenstra_state(state_path));
  EXPECT_GE(read_lenstra_state(state_path)->norm_done, again->norm_done + 1);
}

TEST(NimOrdinalCliTest, AlphaRefusesABadStateOrIntervalInOneLine) {
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  expect_error(run_tartan({"nim", "alpha", "727", "--checkpoint-every", "5"}),
               "--checkpoint-every says how often to write the state that --checkpoint FILE keeps; add --checkpoint "
               "FILE, or leave it out");
  EXPECT_EQ(run_tartan({"nim", "alpha", "727", "--checkpoint", path, "--checkpoint-every", "five"}).exit_code, 2);
  expect_error(run_tartan({"nim", "alpha", "727", "--checkpoint", path, "--checkpoint-every", "99999999999"}),
               "--checkpoint-every '99999999999' is more than a year; type at most 31536000");
  std::ofstream(path + ".alpha_727") << "# tartan Lenstra state 2\nprime 727\n";
  expect_error(run_tartan({"nim", "alpha", "727", "--checkpoint", path}),
               "'" + path + ".alpha_727' is not a whole state of Lenstra's constants (it does not end with its " +
                   "checksum); move it away to compute the prime from its beginning");
}

/// The progress bar of `nim alpha` drawn with a '#': at least the first two primes' constants were computed.
test::print_condition alpha_bar_filled(const std::string& label) {
  return [drawing = "\r" + label + " [#"](const test::printed_so_far& p) {
    return p.err.find(drawing) != std::string::npos;
  };
}

TEST(NimOrdinalCliTest, AlphaKeepsWhatItComputedOnCtrlC) {
  // Every alpha from 3 to 359 from scratch: the constants up to 353 take a minute or two, 359's field of degree
  // 3504820 many minutes more, so the interrupt comes certainly before the end, and after the bar shows some primes
  // done.
  const auto r = test::run_tartan_interrupted_when({"nim", "alpha", "359", "--from-scratch", "--max-seconds", "0"},
                                                   alpha_bar_filled("alpha_359"), test::error_stream::terminal);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, MatchesRegex("interrupted: the computation of Lenstra's constants for p = [0-9]+ stopped at .*; "
                                  "computed before it: alpha_3 to alpha_[0-9]+, all agreeing with the table\n"));

  const auto j =
      test::run_tartan_interrupted_when({"nim", "alpha", "359", "--from-scratch", "--json", "--max-seconds", "0"},
                                        alpha_bar_filled("alpha_359"), test::error_stream::terminal);
  EXPECT_EQ(j.exit_code, 130) << j.err;
  const json report = json::parse(j.out);
  EXPECT_EQ(report["prime"], 359);
  EXPECT_EQ(report["complete"], false);
  ASSERT_GE(report["computed"].size(), 2u) << j.out;
  for (std::size_t k = 0; k < report["computed"].size(); ++k) {
    const json& c = report["computed"][k];
    const lenstra_constant& cached = lenstra_table::builtin().by_index(k);
    EXPECT_EQ(c["prime"], cached.prime);
    EXPECT_EQ(c["alpha"]["text"], to_string(lenstra_alpha(cached)));
    EXPECT_EQ(c["excess"], cached.excess);
    EXPECT_EQ(c["degree"], cached.degree);
    EXPECT_EQ(c["table"], "agrees");
  }
  EXPECT_THAT(j.err, StartsWith("interrupted: the computation of Lenstra's constants for p = "));
}

// alpha_359 takes many minutes on any machine (a field of degree 3504820): a limit of 1 s refuses it once one product
// in its field is timed (the tests of an excess need at least ⌊log2(D/f)⌋ of them), or stops it between two products,
// in one line that says which; exit code 2, nothing claimed.
TEST(NimOrdinalCliTest, AlphaStopsAtTheTimeLimit) {
  const auto r = run_tartan({"nim", "alpha", "359", "--max-seconds", "1"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_THAT(r.err, MatchesRegex("error: (the computation of Lenstra's constants for p = 359 stopped at the .*: the "
                                  "time limit of 1 s|the test of an excess of alpha_359 needs at least [0-9]+ products "
                                  "in its field of degree [0-9]+, .* left of the time limit); raise the limit with "
                                  "--max-seconds \\(0: no limit\\)\n"));

  // From scratch, what was finished before the limit is kept, each constant as the table has it.
  const auto j = run_tartan({"nim", "alpha", "359", "--from-scratch", "--json", "--max-seconds", "2"});
  EXPECT_EQ(j.exit_code, 2) << j.err;
  const json report = json::parse(j.out);
  EXPECT_EQ(report["complete"], false);
  EXPECT_THAT(report["stopped"].get<std::string>(), HasSubstr("time limit"));
  for (std::size_t k = 0; k < report["computed"].size(); ++k) {
    const lenstra_constant& cached = lenstra_table::builtin().by_index(k);
    EXPECT_EQ(report["computed"][k]["prime"], cached.prime);
    EXPECT_EQ(report["computed"][k]["excess"], cached.excess);
    EXPECT_EQ(report["computed"][k]["degree"], cached.degree);
  }
  // Stopped at the limit, or refused by the projection of the products left (on a slower machine, earlier).
  EXPECT_THAT(j.err, ::testing::AnyOf(StartsWith("error: the computation of Lenstra's constants for p = "),
                                      StartsWith("error: the test of an excess of alpha_")));
  EXPECT_THAT(j.err, HasSubstr("raise the limit with --max-seconds"));
}

// Ordinals in large tower fields: the degree of w^(w^30) + w (a field of degree 102180: about a second of Frobenius
// maps) and the inverse of w^(w^64) + w (minutes) stop at a limit of 1 ms, far below what either takes, in one line.
TEST(NimOrdinalCliTest, OrdinalOperationsStopAtTheTimeLimit) {
  const auto degree = run_tartan({"nim", "degree", "w^(w^30)+w", "--max-seconds", "0.001"});
  expect_error(degree,
               "'tartan nim degree' of 'w^(w^30)+w' stopped at the time limit of 1 ms before it finished; raise the "
               "limit with --max-seconds (0: no limit)");
  const auto inverse = run_tartan({"nim", "inv", "w^(w^64)+w", "--max-seconds", "0.001"});
  expect_error(inverse,
               "'tartan nim inv' of 'w^(w^64)+w' stopped at the time limit of 1 ms before it finished; raise the "
               "limit with --max-seconds (0: no limit)");
  // Small fields finish well within the default limit.
  EXPECT_EQ(run_tartan({"nim", "degree", "w"}).out, "6\n");
}

TEST(NimOrdinalCliTest, RefusesBadInputInOneLine) {
  expect_error(run_tartan({"nim", "mul", "3w", "1"}),
               "operand A: '3w' puts the coefficient 3 before w; write it after the power, as in w*3 (the ordinal "
               "3·w is w itself)");
  expect_error(run_tartan({"nim", "mul", "1 + w", "1"}),
               "operand A: '1 + w' has the term 'w' after the smaller '1'; write the terms from the highest power of "
               "w down (as an ordinal, 1 + w is w)");
  expect_error(run_tartan({"nim", "inv", "w^(w^126)"}),
               "w^(w^126) needs Lenstra's constant for the prime 719; tartan computes with the ordinals below "
               "w^(w^126), whose primes go up to 709");
  // The first prime past the table needs a field of degree 1258230380 (docs/ordinals.md), 314557595 base values of a
  // byte and tower_bytes_per_value = 45 bytes of work each: refused at once within a memory limit of 4 GiB, and the
  // primes built on it (1439: f = 719) say so.
  const std::string field_of_719 =
      "the excess of 719 in a tower field of 314557595 finite nimbers (degree 1258230380 over GF(2)) needs about "
      "13.2 GiB, over the memory limit of 4.0 GiB; a prime whose field is smaller is still in reach: each prime past "
      "the table is computed with only the constants it needs (727, 733, ...; docs/ordinals.md), or raise the limit "
      "with --max-memory 14G";
  expect_error(run_tartan({"nim", "alpha", "719", "--max-seconds", "0", "--max-memory", "4G"}), field_of_719);
  expect_error(run_tartan({"nim", "alpha", "1439", "--max-seconds", "0", "--max-memory", "4G"}),
               "alpha_1439 is built on alpha_719 (f(1439) = 719), and " + field_of_719);
  expect_error(run_tartan({"nim", "mul", "w", "2", "--bits", "128"}),
               "--bits sets the field of finite nimbers; an ordinal such as w needs no field size: leave out --bits");
  expect_error(run_tartan({"nim", "sqrt", "w", "--hex"}),
               "--hex prints finite nimbers in hexadecimal; ordinals print in their notation: leave out --hex");
  expect_error(run_tartan({"nim", "div", "w", "0"}),
               "division by the ordinal 0 is undefined; divide by a non-zero value");
  expect_error(run_tartan({"nim", "inv", "w*0"}),
               "operand X: 'w*0' has the coefficient 0 of a power of w; leave the term out (CNF coefficients are 1 or "
               "more)");
  expect_error(run_tartan({"nim", "pow", "w", "w"}),
               "exponent E: 'w' is not a decimal number (bad character at position 1); type e.g. 42 or 0x2a");
  expect_error(run_tartan({"nim", "order", "w*0 + 1"}),
               "X: 'w*0 + 1' has the coefficient 0 of a power of w; leave the term out (CNF coefficients are 1 or "
               "more)");
  expect_error(run_tartan({"nim", "alpha", "9"}),
               "prime P: 9 is not an odd prime; type 3, 5, 7, 11, ... (alpha_p is defined for the odd primes)");
  expect_error(run_tartan({"nim", "alpha", "2000003"}),
               "prime P: 2000003 is beyond the primes below 1400000 that 'tartan nim alpha' takes; type a smaller "
               "prime");
  expect_error(run_tartan({"nim", "alpha", "x"}),
               "prime P: 'x' is not a decimal number (bad character at position 1); type e.g. 42 or 0x2a");
  expect_error(run_tartan({"nim", "degree", "w", "--big-as-strings"}),
               "--big-as-strings changes how JSON writes large integers; add --json, or leave --big-as-strings out");
  const auto inverse = run_tartan({"nim", "inv", "w^(w^7*12166+w^6*6858+w^5*4912+w^4*2196) + 1"});
  EXPECT_EQ(inverse.exit_code, 2);
  EXPECT_EQ(test::count_lines(inverse.err), 1u) << inverse.err;
  EXPECT_THAT(inverse.err, HasSubstr("beyond the 2^22 nimbers tartan computes with"));
}

// Past the table, a prime is computed with only the primes its field is built on: 727 (f = 121 = 11^2) from the
// table's 11 and 5. Excesses from OEIS A380496's a-file: m_727 = 1, m_1321 = 0.
TEST(NimOrdinalCliTest, AlphaPastTheTableComputesOnlyThePrimesItNeeds) {
  const json j = json::parse(run_tartan({"nim", "alpha", "727", "--json"}).out);
  EXPECT_EQ(j["excess"], 1);
  EXPECT_EQ(j["order_of_two"], 121);
  EXPECT_EQ(j["q_set"], json::parse("[121]"));
  EXPECT_EQ(j["table"], "beyond");
  // A checkpoint holds the primes computed past the table in the order computed, gaps and all, and a later run
  // takes them from it.
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  const auto r = run_tartan({"nim", "alpha", "1321", "--checkpoint", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("excess: 0  (alpha_1321 = kappa_60 + 0"));
  EXPECT_THAT(r.out, HasSubstr("table: beyond the cached primes up to 709"));
  EXPECT_EQ(run_tartan({"nim", "alpha", "727", "--checkpoint", path}).exit_code, 0);
  const std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
  ASSERT_EQ(recorded.size(), 2u);
  EXPECT_EQ(recorded[0].prime, 1321u);
  EXPECT_EQ(recorded[1].prime, 727u);
  EXPECT_EQ(recorded[1].excess, 1u);
  const auto again = run_tartan({"nim", "alpha", "1321", "--checkpoint", path});
  EXPECT_EQ(again.out.substr(0, again.out.find("time:")), r.out.substr(0, r.out.find("time:")));
  EXPECT_EQ(read_lenstra_checkpoint(path).size(), 2u);
}

TEST(NimOrdinalCliTest, AlphaRecordsACheckpointAndGoesOnFromIt) {
  const test::temporary_dir dir;
  const std::string path = dir.file("alpha.txt");
  const auto first = run_tartan({"nim", "alpha", "23", "--from-scratch", "--checkpoint", path});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  std::vector<lenstra_constant> recorded = read_lenstra_checkpoint(path);
  ASSERT_EQ(recorded.size(), 8u);  // 3, 5, ..., 23
  for (std::size_t k = 0; k < recorded.size(); ++k) EXPECT_EQ(recorded[k], lenstra_table::builtin().by_index(k));
  // A second run to 29 computes 29 alone (the constants up to 23 come from the file), and one to 19 none.
  const json j = json::parse(run_tartan({"nim", "alpha", "29", "--from-scratch", "--checkpoint", path, "--json"}).out);
  EXPECT_EQ(j["excess"], 0);
  EXPECT_EQ(read_lenstra_checkpoint(path).size(), 9u);
  EXPECT_THAT(run_tartan({"nim", "alpha", "19", "--from-scratch", "--checkpoint", path}).out,
              HasSubstr("alpha_19 = w^3 + 4"));
  EXPECT_EQ(read_lenstra_checkpoint(path).size(), 9u);
  // A file of something else is refused in one line, and left as it was.
  const std::string other = dir.file("notes.txt");
  std::ofstream(other) << "my notes\n";
  expect_error(run_tartan({"nim", "alpha", "7", "--checkpoint", other}),
               "'" + other +
                   "' is not a checkpoint of Lenstra's constants (its first line is not '# tartan Lenstra constants "
                   "1'); give a new file name or one a 'tartan nim alpha --checkpoint' wrote");
  std::ifstream in(other);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), "my notes\n");
}

}  // namespace
}  // namespace tartan
