// CLI tests for tartan nim log/order/primitive/trace/solve/cbrt/det/rank/inverse/kernel/solve-linear: outputs
// checked against the engine's definitions (products computed here), and every kind of bad input with its message
// and exit code 2.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "support/run_cli.hpp"
#include "tartan/nim/nim_field.hpp"
#include "tartan/nim/nimber.hpp"
#include "tartan/nim/nimber_128.hpp"
#include "tartan/nim/nimber_wide.hpp"

namespace tartan {
namespace {

using test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string line;
  while (std::getline(ss, line)) out.push_back(line);
  return out;
}

/// "No root" is an answer: exit 0, "no root: <why>" on standard output, nothing on standard error.
void expect_no_root(const test::cli_result& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("no root: ", 0), 0u) << r.out;
  EXPECT_THAT(r.out, HasSubstr(fragment));
  EXPECT_TRUE(r.err.empty()) << r.err;
}

void expect_error(const test::cli_result& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  EXPECT_THAT(r.err, HasSubstr(fragment));
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(NimFieldCliTest, LogOrderAndPrimitive) {
  auto r = run_tartan({"nim", "log", "14", "4"});  // OEIS A212200 %e: 4^3 = 14
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "3\n");
  r = run_tartan({"nim", "order", "256"});  // A212200: a(256) = 21845 (Conway and Ryba)
  EXPECT_EQ(r.out, "21845\n");
  const std::uint64_t g = nim_primitive_element();
  r = run_tartan({"nim", "primitive"});
  EXPECT_EQ(r.out, std::to_string(g) + "\n");
  EXPECT_EQ(nim_order(g), UINT64_MAX);
  r = run_tartan({"nim", "log", std::to_string(nim_pow(g, 123456789)), std::to_string(g), "--hex"});
  EXPECT_EQ(r.out, "0x75bcd15\n");  // 123456789
  r = run_tartan({"nim", "primitive", "4", "--bits", "8"});
  EXPECT_EQ(r.out, "false\n");  // order 15, not 255
  r = run_tartan({"nim", "primitive", std::to_string(nim_primitive_element(8)), "--bits", "8"});
  EXPECT_EQ(r.out, "true\n");
}

TEST(NimFieldCliTest, WideLogOrderAndPrimitive) {
  const nimber128 g = nim_primitive_element128();
  auto r = run_tartan({"nim", "primitive", "--bits", "128"});
  EXPECT_EQ(r.out, to_string(g) + "\n");
  r = run_tartan({"nim", "order", "0x10000000000000000", "--bits", "128"});
  EXPECT_EQ(r.out, to_string_u128(nim_order(nimber128(1, 0))) + "\n");
  const uint128 k = (static_cast<uint128>(0x123456789abcdefULL) << 64) | 0xfedcba9876543210ULL;
  r = run_tartan({"nim", "log", to_string(nim_pow(g, k)), to_string(g, true), "--bits", "128", "--hex"});
  EXPECT_EQ(r.out, "0x123456789abcdeffedcba9876543210\n");
  expect_error(run_tartan({"nim", "log", "3", "2", "--bits", "256"}), "works with --bits up to 128");
  expect_error(run_tartan({"nim", "order", "3", "--bits", "512"}), "works with --bits up to 128");
}

TEST(NimFieldCliTest, Trace) {
  EXPECT_EQ(run_tartan({"nim", "trace", "0x8000000000000000"}).out, "1\n");
  EXPECT_EQ(run_tartan({"nim", "trace", "1"}).out, "0\n");
  EXPECT_EQ(run_tartan({"nim", "trace", "2", "--bits", "8"}).out, std::to_string(nim_trace(2, 8)) + "\n");
  EXPECT_EQ(run_tartan({"nim", "trace", "0x" + std::string(1, '8') + std::string(63, '0'), "--bits", "256"}).out,
            "1\n");
  const auto j = nlohmann::json::parse(run_tartan({"nim", "trace", "0x80", "--bits", "8", "--json"}).out);
  EXPECT_EQ(j["trace"], 1);
  EXPECT_EQ(j["x"], 128);
}

TEST(NimFieldCliTest, SolveQuadratics) {
  auto r = run_tartan({"nim", "solve", "x^2+x=1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2\n3\n");  // 2⊗2 = 3, 3 + 2 = 1
  // The general form, hex and spaces; each root checked here.
  r = run_tartan({"nim", "solve", "3*x^2 + 0x10*x + 7 = 0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto roots = lines(r.out);
  ASSERT_EQ(roots.size(), 2u) << r.out;
  for (const auto& s : roots) {
    const std::uint64_t x = std::stoull(s);
    EXPECT_EQ(nim_mul(3, nim_square(x)) ^ nim_mul(16, x) ^ 7, 0u);
  }
  // Terms on both sides and a repeated term: 5y^2 + y = 2y^2 + 9 + y^2 is 6y^2 + y + 9 = 0 (5 + 2 + 1 = 6).
  r = run_tartan({"nim", "solve", "5y^2+y=2*y^2+9+y^2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["a"], 6);
  EXPECT_EQ(j["b"], 1);
  EXPECT_EQ(j["c"], 9);
  EXPECT_EQ(j["variable"], "y");
  for (const auto& root : j["roots"]) {
    const std::uint64_t y = root.get<std::uint64_t>();
    EXPECT_EQ(nim_mul(6, nim_square(y)) ^ y ^ 9, 0u);
  }
  EXPECT_EQ(run_tartan({"nim", "solve", "x^2=5"}).out, std::to_string(nim_sqrt(5)) + "\n");
  EXPECT_EQ(run_tartan({"nim", "solve", "2x=1"}).out, "3\n");
  EXPECT_THAT(run_tartan({"nim", "solve", "x=x"}).out, HasSubstr("every x in GF(2^64) is a root"));
  // No root is an answer (exit 0), not bad input. That there is none is checked from the definition: y^2 + y = c
  // has a root iff the trace of c is 0, and x^2 + x over GF(2^8) takes every value exactly twice or never.
  expect_no_root(run_tartan({"nim", "solve", "x^2+x=0x8000000000000000"}), "has no solution in GF(2^64)");
  expect_no_root(run_tartan({"nim", "solve", "0=1"}), "reduces to 0 = C");
  // In GF(256) the trace is bit 7: 0x80 has trace 1 there but 0 in GF(2^64).
  std::set<std::uint64_t> images;
  for (std::uint64_t x = 0; x < 256; ++x) images.insert(nim_square(x) ^ x);
  EXPECT_EQ(images.count(0x80), 0u) << "x^2 + x = 0x80 has a root in GF(2^8) after all";
  expect_no_root(run_tartan({"nim", "solve", "x^2+x=0x80", "--bits", "8"}), "has no solution in GF(2^8)");
  const auto none = nlohmann::json::parse(run_tartan({"nim", "solve", "x^2+x=0x80", "--bits", "8", "--json"}).out);
  EXPECT_TRUE(none["roots"].empty());
  EXPECT_EQ(none["every_value"], false);
  EXPECT_EQ(lines(run_tartan({"nim", "solve", "x^2+x=0x80"}).out).size(), 2u);
}

TEST(NimFieldCliTest, SolveWideQuadratics) {
  const std::string c = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcde";
  auto r = run_tartan({"nim", "solve", "x^2+3*x=" + c, "--bits", "256"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nimber_wide cw = parse_nimber_wide(c, 256, "c"), three(256, 3);
  const auto roots = lines(r.out);
  ASSERT_EQ(roots.size(), 2u);
  for (const auto& s : roots) {
    const nimber_wide x = parse_nimber_wide(s, 256, "root");
    EXPECT_EQ(nim_square(x) + three * x, cw);
  }
}

TEST(NimFieldCliTest, SolveSyntaxErrors) {
  expect_error(run_tartan({"nim", "solve", "x^2+x"}), "has no '='");
  expect_error(run_tartan({"nim", "solve", "x^3=1"}), "power above 2");
  expect_error(run_tartan({"nim", "solve", "x^2+z=1"}), "unexpected 'z'");
  expect_error(run_tartan({"nim", "solve", "x+y=1"}), "uses two variables");
  expect_error(run_tartan({"nim", "solve", "x^2+x=C"}), "unexpected 'C'");
  expect_error(run_tartan({"nim", "solve", "x^2+x=300", "--bits", "8"}), "does not fit in 8 bits");
}

TEST(NimFieldCliTest, CubeRoots) {
  EXPECT_EQ(run_tartan({"nim", "cbrt", "1"}).out, "1\n2\n3\n");
  EXPECT_EQ(run_tartan({"nim", "cbrt", "0"}).out, "0\n");
  const std::uint64_t x = 0x0123456789abcdefULL, c = nim_mul(x, nim_square(x));
  const auto roots = lines(run_tartan({"nim", "cbrt", std::to_string(c)}).out);
  ASSERT_EQ(roots.size(), 3u);
  for (const auto& s : roots) {
    const std::uint64_t r = std::stoull(s);
    EXPECT_EQ(nim_mul(r, nim_square(r)), c);
  }
  expect_no_root(run_tartan({"nim", "cbrt", "2"}), "2 has no cube root in GF(2^64)");
  // The multiplicative group of GF(2^64) is cyclic of order 2^64 - 1, a multiple of 3: 2 is a cube iff
  // 2^((2^64-1)/3) = 1, here computed by repeated nim products.
  EXPECT_NE(nim_pow(2, (UINT64_MAX) / 3), 1u) << "2 is a cube in GF(2^64) after all";
  const auto none = nlohmann::json::parse(run_tartan({"nim", "cbrt", "2", "--json"}).out);
  EXPECT_TRUE(none["roots"].empty());
  EXPECT_THAT(none["why"].get<std::string>(), HasSubstr("not a cube"));
  const auto wide = lines(run_tartan({"nim", "cbrt", "1", "--bits", "512", "--hex"}).out);
  EXPECT_EQ(wide, (std::vector<std::string>{"0x1", "0x2", "0x3"}));
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = "/tmp/tartan_nim_field_cli_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(NimFieldCliTest, MatrixCommands) {
  // det [[1, 2], [3, 4]] = 1⊗4 + 2⊗3 (no signs in characteristic 2).
  auto r = run_tartan({"nim", "det", "-"}, "1 2\n3 4\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::to_string(nim_mul(1, 4) ^ nim_mul(2, 3)) + "\n");
  const std::string path = write_temp("m.txt", "# a 2x2 matrix\n2 0\n0 1\n");
  EXPECT_EQ(run_tartan({"nim", "det", path}).out, "2\n");
  EXPECT_EQ(run_tartan({"nim", "inverse", path}).out, "3 0\n0 1\n");  // 2⊗3 = 1
  EXPECT_EQ(run_tartan({"nim", "rank", "-"}, "1 2\n2 3\n").out, "1\n");
  EXPECT_EQ(run_tartan({"nim", "kernel", "-"}, "1 1\n").out, "dimension 1\n1 1\n");
  // [A | b]: 2x = 1, y = 5.
  EXPECT_EQ(run_tartan({"nim", "solve-linear", "-"}, "2 0 1\n0 1 5\n").out, "solution: 3 5\n");
  r = run_tartan({"nim", "solve-linear", "-", "--json"}, "1 1 7\n");
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["unique"], false);
  ASSERT_EQ(j["kernel"].size(), 1u);
  const std::uint64_t x0 = j["solution"][0], x1 = j["solution"][1];
  EXPECT_EQ(x0 ^ x1, 7u);
  EXPECT_EQ(run_tartan({"nim", "det", "-", "--hex"}, "0x10 0\n0 0x10\n").out,
            "0x" + format_wide_unsigned(std::vector<std::uint64_t>{nim_mul(16, 16)}, true).substr(2) + "\n");
  std::remove(path.c_str());
}

TEST(NimFieldCliTest, MatrixEliminationStopsAtTheTimeLimit) {
  // A random 500x500 matrix: about 4 · 10^7 nim products to eliminate, far more than 1 ms on any machine; the
  // limit stops the elimination at a pivot, and each command says so in one line.
  std::mt19937 rng(39);
  std::ostringstream text;
  for (int i = 0; i < 500; ++i) {
    for (int j = 0; j < 500; ++j) text << (rng() % 65535 + 1) << (j + 1 < 500 ? ' ' : '\n');
  }
  const std::string path = write_temp("big.txt", text.str());
  for (const char* command : {"det", "rank", "inverse", "kernel", "solve-linear"}) {
    const auto r = run_tartan({"nim", command, path, "--max-seconds", "0.001"});
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_EQ(r.err, std::string("error: 'tartan nim ") + command + "' of '" + path +
                         "' stopped at the time limit of 1 ms before it finished; raise the limit with --max-seconds "
                         "(0: no limit)\n");
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // With the default limit the determinant is computed (a fraction of a second).
  EXPECT_EQ(run_tartan({"nim", "det", path}).exit_code, 0);
  std::remove(path.c_str());
}

TEST(NimFieldCliTest, NoLogarithmAndNoSolutionAreAnswers) {
  // "No answer" exits 0 like "no root". 4 is not a power of 2: by the nim products of the mex definition,
  // 2*2 = 3 and 2*3 = 1, so the powers of 2 are 1, 2, 3.
  const auto product = tartan::test::mex_products(4);
  EXPECT_EQ(product[2][2], 3u);
  EXPECT_EQ(product[2][3], 1u);
  auto r = run_tartan({"nim", "log", "4", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("no logarithm: 4 is not a power of 2 (2 has order 3)", 0), 0u) << r.out;
  // The advice names a primitive element of the field asked for: 18 in GF(2^8), below 2^8.
  r = run_tartan({"nim", "log", "4", "2", "--bits", "8", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["log"].is_null());
  EXPECT_THAT(j["why"].get<std::string>(), HasSubstr("such as the primitive element 18"));
  EXPECT_EQ(run_tartan({"nim", "log", "4", "2", "--bits", "128"}).exit_code, 0);
  // x + 2y = 1 and 2x + 3y = 1: 2 times the first row is (2*1, 2*2) = (2, 3) on the left but 2*1 = 2 != 1 on the
  // right, so no (x, y) satisfies both.
  EXPECT_EQ(product[2][1], 2u);
  r = run_tartan({"nim", "solve-linear", "-", "--bits", "8"}, "1 2 1\n2 3 1\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "no solution: the equations are inconsistent (the matrix has rank 1 but [A | b] has rank 2)\n");
  j = nlohmann::json::parse(run_tartan({"nim", "solve-linear", "-", "--json"}, "1 2 1\n2 3 1\n").out);
  EXPECT_TRUE(j["solution"].is_null());
  EXPECT_THAT(j["why"].get<std::string>(), HasSubstr("inconsistent"));
  // 0 has no logarithm at all: that stays bad input.
  expect_error(run_tartan({"nim", "log", "0", "2"}), "give a non-zero value");
}

TEST(NimFieldCliTest, MatrixErrors) {
  expect_error(run_tartan({"nim", "inverse", "-"}, "1 2\n2 3\n"), "the matrix is singular");
  expect_error(run_tartan({"nim", "det", "-"}, "1 2 3\n4 5\n"), "line 2 has 2 entries but the first row");
  expect_error(run_tartan({"nim", "det", "-"}, "\n\n"), "the matrix is empty");
  expect_error(run_tartan({"nim", "det", "-"}, "1 2\n"), "needs a square matrix");
  expect_error(run_tartan({"nim", "solve-linear", "-"}, "1\n2\n"), "at least two columns");
  expect_error(run_tartan({"nim", "rank", "/nonexistent/matrix.txt"}), "cannot read '/nonexistent/matrix.txt'");
  expect_error(run_tartan({"nim", "det", "-", "--bits", "8"}, "1 256\n"), "line 1, entry 2");
  expect_error(run_tartan({"nim", "det", "-", "--bits", "128"}, "1\n"), "works with --bits up to 64");
}

TEST(NimFieldCliTest, OperandErrors) {
  expect_error(run_tartan({"nim", "log", "5", "0"}), "the base 0");
  expect_error(run_tartan({"nim", "order", "0"}), "0 has no multiplicative order");
  expect_error(run_tartan({"nim", "order", "256", "--bits", "8"}), "X: '256' does not fit in 8 bits");
  expect_error(run_tartan({"nim", "order", "18446744073709551616"}), "does not fit in 64 bits");
  expect_error(run_tartan({"nim", "order", "12x"}), "not a decimal number");
  expect_error(run_tartan({"nim", "trace", "1", "--bits", "12"}), "--bits 12 is not a field size");
  expect_error(run_tartan({"nim", "log", "2"}), "BASE is required");
}

TEST(NimFieldCliTest, EveryBitsRangeInTheHelpIsAccepted) {
  // Each field command's help names its widest --bits; a trivial question at that width is answered, twice the width
  // is refused with the same bound.
  struct question {
    std::vector<std::string> args;
    std::string input;
  };
  const std::vector<question> questions = {{{"log", "1", "1"}, ""},
                                           {{"order", "1"}, ""},
                                           {{"primitive"}, ""},
                                           {{"trace", "1"}, ""},
                                           {{"solve", "x^2=1"}, ""},
                                           {{"cbrt", "1"}, ""},
                                           {{"det", "-"}, "1\n"},
                                           {{"rank", "-"}, "1\n"},
                                           {{"inverse", "-"}, "1\n"},
                                           {{"kernel", "-"}, "1 1\n"},
                                           {{"solve-linear", "-"}, "1 1\n"}};
  for (const question& q : questions) {
    const auto help = run_tartan({"nim", q.args[0], "--help"}).out;
    const std::string marker = "a power of two from 8 to ";
    const std::size_t at = help.find(marker);
    ASSERT_NE(at, std::string::npos) << q.args[0];
    const unsigned most = static_cast<unsigned>(std::stoul(help.substr(at + marker.size())));
    std::vector<std::string> args = {"nim"};
    args.insert(args.end(), q.args.begin(), q.args.end());
    // cbrt's exponentiation grows about 7-fold per doubling of the width (0.2 s at 4096 bits, minutes at 65536):
    // it is asked at 4096 here, and its 65536 is taken on the help's word.
    const unsigned asked = q.args[0] == "cbrt" ? std::min(most, 4096u) : most;
    args.insert(args.end(), {"--bits", std::to_string(asked)});
    const auto widest = run_tartan(args, q.input);
    EXPECT_EQ(widest.exit_code, 0) << q.args[0] << " --bits " << asked << ": " << widest.err;
    if (most < 65536) {
      args.back() = std::to_string(2 * most);
      const auto wider = run_tartan(args, q.input);
      EXPECT_EQ(wider.exit_code, 2) << q.args[0];
      EXPECT_THAT(wider.err, HasSubstr("up to " + std::to_string(most))) << q.args[0];
    }
  }
}

}  // namespace
}  // namespace tartan
