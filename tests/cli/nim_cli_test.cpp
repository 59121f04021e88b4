// CLI tests for tartan nim mul/pow/inv/div/sqrt/square/table: results checked against the engine's functions and
// the literature's small products, --hex and --json output, --batch on generated pairs, and every kind of bad input
// with its message and exit code 2.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "support/run_cli.hpp"
#include "tartan/nim/nimber.hpp"

namespace tartan {
namespace {

using test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using u64 = std::uint64_t;

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string line; std::getline(ss, line);) out.push_back(line);
  return out;
}

std::string hex(u64 v) {
  std::ostringstream s;
  s << std::hex << v;
  return s.str();
}

void expect_output(const test::cli_result& r, const std::string& out) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, out);
}

void expect_error(const test::cli_result& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  EXPECT_THAT(r.err, HasSubstr(fragment));
  EXPECT_EQ(test::count_lines(r.err), 1u) << r.err;
}

TEST(NimCliTest, EachOperation) {
  expect_output(run_tartan({"nim", "mul", "2", "2"}), "3\n");
  expect_output(run_tartan({"nim", "mul", "16", "16"}), "24\n");
  expect_output(run_tartan({"nim", "mul", "0x100000000", "4294967296"}), std::to_string(u64{3} << 31) + "\n");
  expect_output(run_tartan({"nim", "mul", "18446744073709551615", "1"}), "18446744073709551615\n");
  expect_output(run_tartan({"nim", "square", "8"}), "13\n");
  expect_output(run_tartan({"nim", "sqrt", "13"}), "8\n");
  expect_output(run_tartan({"nim", "pow", "2", "3"}), "1\n");
  expect_output(run_tartan({"nim", "pow", "0", "0"}), "1\n");
  expect_output(run_tartan({"nim", "inv", "2"}), "3\n");
  expect_output(run_tartan({"nim", "inv", "4"}), "15\n");  // OEIS A051917: a(4) = 15
  expect_output(run_tartan({"nim", "div", "1", "3"}), "2\n");

  std::mt19937_64 rng(31);
  for (int i = 0; i < 5; ++i) {
    const u64 a = rng(), b = rng() | 1, e = rng();
    const std::string sa = std::to_string(a), sb = std::to_string(b), se = std::to_string(e);
    expect_output(run_tartan({"nim", "mul", sa, sb}), std::to_string(nim_mul(a, b)) + "\n");
    expect_output(run_tartan({"nim", "pow", sa, se}), std::to_string(nim_pow(a, e)) + "\n");
    expect_output(run_tartan({"nim", "inv", sb}), std::to_string(nim_inv(b)) + "\n");
    expect_output(run_tartan({"nim", "div", sa, sb}), std::to_string(nim_div(a, b)) + "\n");
    expect_output(run_tartan({"nim", "sqrt", sa}), std::to_string(nim_sqrt(a)) + "\n");
    expect_output(run_tartan({"nim", "square", sa}), std::to_string(nim_square(a)) + "\n");
  }
}

TEST(NimCliTest, HexOutput) {
  expect_output(run_tartan({"nim", "mul", "0x10", "0x10", "--hex"}), "0x18\n");
  expect_output(run_tartan({"nim", "sqrt", "--hex", "0xFFFFFFFFFFFFFFFF"}), "0x" + hex(nim_sqrt(~u64{0})) + "\n");
  expect_output(run_tartan({"nim", "inv", "0x2", "--hex"}), "0x3\n");
}

TEST(NimCliTest, JsonOutput) {
  const auto r = run_tartan({"nim", "mul", "2", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["operation"], "mul");
  EXPECT_EQ(j["operands"], nlohmann::json::array({2, 3}));
  EXPECT_EQ(j["result"], 1);
  const auto big = nlohmann::json::parse(run_tartan({"nim", "pow", "0xffffffffffffffff", "5", "--json"}).out);
  EXPECT_EQ(big["operation"], "pow");
  EXPECT_EQ(big["operands"][0].get<u64>(), ~u64{0});
  EXPECT_EQ(big["result"].get<u64>(), nim_pow(~u64{0}, 5));
  const auto hex = nlohmann::json::parse(run_tartan({"nim", "square", "8", "--json", "--hex"}).out);
  EXPECT_EQ(hex["operands"][0], "0x8");
  EXPECT_EQ(hex["result"], "0xd");
  for (const char* op : {"inv", "sqrt", "square"}) {
    const auto k = nlohmann::json::parse(run_tartan({"nim", op, "7", "--json"}).out);
    EXPECT_EQ(k["operation"], op);
    EXPECT_EQ(k["operands"].size(), 1u);
  }
}

TEST(NimCliTest, BatchMatchesNimMul) {
  std::mt19937_64 rng(32);
  std::string input;
  std::vector<u64> expected;
  for (int i = 0; i < 5000; ++i) {
    const u64 a = i % 3 == 0 ? rng() & 0xffff : rng(), b = rng();
    // Mixed separators and notations: spaces, tabs, newlines, pairs split across lines, hex operands.
    input += i % 5 == 0 ? "0x" + hex(a) : std::to_string(a);
    input += i % 7 == 0 ? "\n" : i % 2 ? "\t" : "  ";
    input += std::to_string(b);
    input += i % 11 == 0 ? " " : "\n";
    expected.push_back(nim_mul(a, b));
  }
  const auto r = run_tartan({"nim", "mul", "--batch"}, input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(out[i], std::to_string(expected[i])) << "pair " << i + 1;

  const auto j = run_tartan({"nim", "mul", "--batch", "--json"}, "2 3\n16 16\n");
  EXPECT_EQ(nlohmann::json::parse(j.out), nlohmann::json::array({1, 24}));
  expect_output(run_tartan({"nim", "mul", "--batch", "--hex"}, "16 16\n"), "0x18\n");
  expect_output(run_tartan({"nim", "mul", "--batch"}, ""), "");
  expect_output(run_tartan({"nim", "mul", "--batch"}, " \n\t\n"), "");
}

TEST(NimCliTest, BatchLargeInputAcrossBlocks) {
  // About 4 MB of input: tokens cross the reader's 1 MiB block boundaries.
  std::mt19937_64 rng(33);
  std::string input;
  u64 checksum = 0;
  constexpr int pairs = 100000;
  for (int i = 0; i < pairs; ++i) {
    const u64 a = rng(), b = rng();
    input += std::to_string(a) + ' ' + std::to_string(b) + '\n';
    checksum ^= nim_mul(a, b) * static_cast<u64>(i + 1);
  }
  const auto r = run_tartan({"nim", "mul", "--batch"}, input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), static_cast<std::size_t>(pairs));
  u64 got = 0;
  for (int i = 0; i < pairs; ++i) got ^= std::stoull(out[i]) * static_cast<u64>(i + 1);
  EXPECT_EQ(got, checksum);
}

TEST(NimCliTest, BatchErrorsNameTheLine) {
  expect_error(run_tartan({"nim", "mul", "--batch"}, "2 3\n4 x\n"), "line 2: B of pair 2: 'x' is not a decimal number");
  expect_error(run_tartan({"nim", "mul", "--batch"}, "1 2\n\n\n-5 1\n"), "line 4: A of pair 2: '-5' is negative");
  expect_error(run_tartan({"nim", "mul", "--batch"}, "18446744073709551616 1\n"), "line 1: A of pair 1");
  expect_error(run_tartan({"nim", "mul", "--batch"}, "18446744073709551616 1\n"), "2^64 or more");
  expect_error(run_tartan({"nim", "mul", "--batch"}, "2 3\n4\n"),
               "line 2: the input ends after A of pair 2 without its B");
  expect_error(run_tartan({"nim", "mul", "--batch", "2", "3"}), "give no operands on the command line");
  const auto partial = run_tartan({"nim", "mul", "--batch"}, "2 3\n0xg 1\n");
  EXPECT_EQ(partial.exit_code, 2);
  EXPECT_THAT(partial.err, HasSubstr("line 2: A of pair 2: '0xg' is not a hexadecimal number"));
}

TEST(NimCliTest, Table) {
  const auto r = run_tartan({"nim", "table", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 6u);  // header, rule, 4 rows
  EXPECT_EQ(rows[0], "   | 0 1 2 3");
  EXPECT_EQ(rows[1], "---+--------");
  EXPECT_EQ(rows[2], " 0 | 0 0 0 0");
  EXPECT_EQ(rows[4], " 2 | 0 2 3 1");  // 2⊗2 = 3, 2⊗3 = 1
  EXPECT_EQ(rows[5], " 3 | 0 3 1 2");
  for (const auto& row : rows) EXPECT_EQ(row.size(), rows[0].size()) << "aligned";

  const auto j = run_tartan({"nim", "table", "20", "--json"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto t = nlohmann::json::parse(j.out);
  ASSERT_EQ(t.size(), 20u);
  for (u64 a = 0; a < 20; ++a) {
    ASSERT_EQ(t[a].size(), 20u);
    for (u64 b = 0; b < 20; ++b) EXPECT_EQ(t[a][b].get<u64>(), nim_mul(a, b));
  }
  const auto wide = lines(run_tartan({"nim", "table", "300"}).out);
  ASSERT_EQ(wide.size(), 302u);
  for (const auto& row : wide) ASSERT_EQ(row.size(), wide[0].size());
  EXPECT_THAT(run_tartan({"nim", "table", "17", "--hex"}).out, HasSubstr("0x10"));
}

TEST(NimCliTest, BadInput) {
  expect_error(run_tartan({"nim", "mul", "abc", "1"}), "operand A: 'abc' is not a decimal number");
  expect_error(run_tartan({"nim", "mul", "1", "0xzz"}), "operand B: '0xzz' is not a hexadecimal number");
  expect_error(
      run_tartan({"nim", "mul", "18446744073709551616", "1"}),
      "operand A: '18446744073709551616' does not fit in 64 bits; type a value below 2^64 or use a larger --bits");
  expect_error(run_tartan({"nim", "mul", "-3", "2"}), "operand A: '-3' is negative");
  expect_error(run_tartan({"nim", "mul", "2"}), "missing operand B");
  expect_error(run_tartan({"nim", "mul"}), "missing operand A");
  expect_error(run_tartan({"nim", "mul", "2", "3", "4"}), "tartan nim mul does not take the argument '4'");
  expect_error(run_tartan({"nim", "inv", "0"}), "the nim inverse of 0 does not exist");
  expect_error(run_tartan({"nim", "div", "5", "0"}), "division by the nimber 0");
  expect_error(run_tartan({"nim", "pow", "2"}), "E is required");
  expect_error(run_tartan({"nim", "pow", "2", "-1"}), "exponent E: '-1' is negative");
  expect_error(run_tartan({"nim", "sqrt", "1", "2"}), "tartan nim sqrt does not take the argument '2'");
  expect_error(run_tartan({"nim", "square"}), "X is required");
  expect_error(run_tartan({"nim", "table", "5000"}), "5000 is too large");
  expect_error(run_tartan({"nim", "table", "0"}), "empty table");
  expect_error(run_tartan({"nim", "table", "ten"}), "table size N: 'ten' is not a decimal number");
  expect_error(run_tartan({"nim"}), "tartan nim needs a command; type one of mul, pow");
}

// 0 is the same nimber in every field, so its inverse and a division by it are refused with one message whatever
// --bits.
TEST(NimCliTest, ZeroIsRefusedAlikeInEveryField) {
  for (const char* bits : {"8", "64", "128", "256"}) {
    expect_error(run_tartan({"nim", "inv", "0", "--bits", bits}), "the nim inverse of 0 does not exist");
    expect_error(run_tartan({"nim", "div", "5", "0", "--bits", bits}), "division by the nimber 0");
  }
}

/// The single output line of a successful run.
std::string result_of(const std::vector<std::string>& args) {
  const auto r = run_tartan(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto l = lines(r.out);
  return l.empty() ? "" : l[0];
}

TEST(NimCliTest, WiderBitsFollowTheFermatRules) {
  // F = 2^(2^k) is a Fermat 2-power: F⊗x = F·x for x < F, and F⊗F = 3F/2.
  const std::string f64 = "0x10000000000000000", f128 = "0x100000000000000000000000000000000";
  std::mt19937_64 rng(77);
  for (int i = 0; i < 3; ++i) {
    const u64 x = rng();
    EXPECT_EQ(result_of({"nim", "mul", f64, "0x" + hex(x), "--bits", "128", "--hex"}),
              "0x" + hex(x) + "0000000000000000");
  }
  EXPECT_EQ(result_of({"nim", "mul", f64, f64, "--bits", "128"}), "27670116110564327424");  // 3·2^63
  EXPECT_EQ(result_of({"nim", "square", f128, "--bits", "256", "--hex"}), "0x18" + std::string(31, '0'));
  EXPECT_EQ(result_of({"nim", "mul", f128, "0x" + hex(5) + std::string(16, '0'), "--bits", "256", "--hex"}),
            "0x5" + std::string(48, '0'));  // 2^128 ⊗ 5·2^64 = 5·2^192
}

TEST(NimCliTest, WiderBitsSatisfyFieldIdentities) {
  std::mt19937_64 rng(78);
  for (const char* bits : {"128", "256"}) {
    const int words = std::string(bits) == "128" ? 2 : 4;
    const auto random_hex = [&] {
      std::string s = "0x";
      for (int w = 0; w < words; ++w) {
        std::string h = hex(rng());
        s += std::string(16 - h.size(), '0') + h;
      }
      return s;
    };
    const std::string a = random_hex(), b = random_hex();
    const auto run = [&](std::vector<std::string> args) {
      args.insert(args.end(), {"--bits", bits, "--hex"});
      return result_of(args);
    };
    const std::string product = run({"nim", "mul", a, b});
    EXPECT_EQ(run({"nim", "mul", b, a}), product);
    EXPECT_EQ(run({"nim", "div", product, b}), run({"nim", "mul", a, "1"}));  // (a⊗b)/b = a, as printed
    EXPECT_EQ(run({"nim", "mul", b, run({"nim", "inv", b})}), "0x1");
    const std::string square = run({"nim", "square", a});
    EXPECT_EQ(run({"nim", "mul", a, a}), square);
    EXPECT_EQ(run({"nim", "sqrt", square}), run({"nim", "mul", a, "1"}));
    EXPECT_EQ(run({"nim", "pow", a, "3"}), run({"nim", "mul", a, square}));
    EXPECT_EQ(run({"nim", "pow", a, "0"}), "0x1");
  }
}

TEST(NimCliTest, NarrowBitsAreSubfieldsWithTheirBound) {
  // The nimbers below 2^8 are a subfield: products there are those of the mex definition, and larger values are
  // refused.
  const auto t = test::mex_products(20);
  for (u64 a = 0; a < 20; a += 3) {
    for (u64 b = 1; b < 20; b += 4) {
      EXPECT_EQ(result_of({"nim", "mul", std::to_string(a), std::to_string(b), "--bits", "8"}),
                std::to_string(t[a][b]));
    }
  }
  expect_error(run_tartan({"nim", "mul", "256", "1", "--bits", "8"}), "'256' does not fit in 8 bits");
  expect_error(run_tartan({"nim", "inv", "0x10000000000000000", "--bits", "64"}), "does not fit in 64 bits");
  expect_error(run_tartan({"nim", "sqrt", "0x1" + std::string(32, '0'), "--bits", "128"}),
               "does not fit in 128 bits; type a value below 2^128 or use a larger --bits");
  expect_error(run_tartan({"nim", "order", "0x1" + std::string(32, '0'), "--bits", "128"}),
               "X: '0x100000000000000000000000000000000' does not fit in 128 bits; type a value below 2^128 or use a "
               "larger --bits");
  expect_error(run_tartan({"nim", "square", "3", "--bits", "12"}), "--bits 12 is not a field size");
  expect_error(run_tartan({"nim", "square", "3", "--bits", ""}), "--bits: empty");
  expect_error(run_tartan({"nim", "inv", "0", "--bits", "128"}), "inverse");
  expect_error(run_tartan({"nim", "mul", "--batch", "--bits", "128"}), "--batch multiplies nimbers below 2^64");
  const auto j =
      nlohmann::json::parse(run_tartan({"nim", "mul", "0x10000000000000000", "2", "--bits", "128", "--json"}).out);
  EXPECT_EQ(j["bits"], 128);
  EXPECT_EQ(j["operands"][0], "18446744073709551616");
  EXPECT_EQ(j["result"], "36893488147419103232");  // 2^64 ⊗ 2 = 2^65
}

TEST(NimCliTest, HelpOnEveryCommand) {
  for (const char* sub : {"mul", "pow", "inv", "div", "sqrt", "square", "table"}) {
    const auto r = run_tartan({"nim", sub, "--help"});
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_THAT(r.out, HasSubstr("Usage:")) << sub;
    EXPECT_THAT(r.out, HasSubstr("--json")) << sub;
  }
  EXPECT_THAT(run_tartan({"nim", "--help"}).out, HasSubstr("table"));
  EXPECT_THAT(run_tartan({"nim", "mul", "--help"}).out, HasSubstr("--batch"));
}

}  // namespace
}  // namespace tartan
