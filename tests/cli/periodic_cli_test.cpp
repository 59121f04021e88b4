// Proven periods answer every size, through the tartan command: seq streams values past the proof and jumps anywhere
// with --from, analyze --heaps and play --heaps take heaps up to 2^64 − 1, and each says what the values rest on.
// Every value is checked against Kayles computed here by its definition (a mex over taking one or two pins, leaving up
// to two rows; support/octal_definition.hpp) read through its period, found here in those values: the smallest P
// with g(n + P) = g(n) from some p on over the range the Guy–Smith theorem asks for. Then the refusals: one line,
// exit code 2.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/mex_nim_product.hpp"
#include "support/octal_definition.hpp"
#include "support/run_cli.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/turning/value_file.hpp"

namespace {

using tartan::grundy_value;
using tartan::test::run_tartan;

/// Kayles by definition, and g(n) for any n through the period found in those values.
struct kayles_reading {
  std::vector<grundy_value> g = tartan::test::octal_by_definition({7, 7}, 2000);
  std::uint64_t p = 0, period = 0;

  kayles_reading() {
    for (std::uint64_t P = 1;; ++P) {
      std::uint64_t q = g.size() - P;
      while (q > 0 && g[q - 1] == g[q - 1 + P]) --q;
      if (2 * q + 2 * P + 2 <= g.size()) {
        p = q;
        period = P;
        return;
      }
    }
  }
  grundy_value at(std::uint64_t n) const { return n < g.size() ? g[n] : g[p + (n - p) % period]; }
};

const kayles_reading& kayles() {
  static const kayles_reading reading;
  return reading;
}

const std::string kayles_method =
    "values: g(n) for n >= 256 from the period 12 (preperiod 71) proven by the Guy–Smith periodicity theorem over "
    "g(0..255)";

std::vector<std::uint64_t> numbers_of(const std::string& line) {
  std::vector<std::uint64_t> out;
  std::istringstream in(line);
  for (std::uint64_t v = 0; in >> v;) out.push_back(v);
  return out;
}

TEST(PeriodicCliTest, SeqStreamsThePeriodPastTheProof) {
  ASSERT_EQ(kayles().p, 71U);  // Guy and Smith (1956): Kayles has period 12 from heap 71
  ASSERT_EQ(kayles().period, 12U);
  const auto r = run_tartan({"seq", "kayles", "1000000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::uint64_t> values = numbers_of(r.out);
  ASSERT_EQ(values.size(), 1000000U);
  for (std::uint64_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], kayles().at(n)) << "n = " << n;
  EXPECT_NE(r.err.find(kayles_method + "\n"), std::string::npos) << r.err;
  // A game no proof applies to computes every value and says nothing of a period.
  const auto mock = run_tartan({"seq", "mock-turtles", "1000"});
  ASSERT_EQ(mock.exit_code, 0);
  EXPECT_EQ(mock.err.find("values:"), std::string::npos) << mock.err;
}

TEST(PeriodicCliTest, SeqFromJumpsAnywhere) {
  const std::uint64_t top = UINT64_MAX - 4;  // g(2^64 - 5 .. 2^64 - 1)
  const auto r = run_tartan({"seq", "kayles", "5", "--from", std::to_string(top)});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::uint64_t> values = numbers_of(r.out);
  ASSERT_EQ(values.size(), 5U);
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_EQ(values[i], kayles().at(top + i)) << "n = " << top + i;
  // JSON lines number each value exactly (nlohmann reads 64-bit integers exactly).
  const auto lines = run_tartan({"seq", "kayles", "3", "--from", "99999999999999", "--jsonl"});
  ASSERT_EQ(lines.exit_code, 0) << lines.err;
  std::istringstream in(lines.out);
  std::string line;
  for (std::uint64_t i = 0; i < 3; ++i) {
    ASSERT_TRUE(std::getline(in, line));
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(j["n"].get<std::uint64_t>(), 99999999999999U + i);
    EXPECT_EQ(j["g"].get<std::uint64_t>(), kayles().at(99999999999999U + i));
  }
  ASSERT_TRUE(std::getline(in, line));
  const nlohmann::json last = nlohmann::json::parse(line);
  EXPECT_EQ(last["count"], 3);
  EXPECT_EQ(last["from_period"]["period"], 12);
  EXPECT_EQ(last["from_period"]["basis"], "the Guy–Smith periodicity theorem");
  // The document form says where it starts; a b-file numbers its lines from there plus the OEIS offset.
  const auto json = run_tartan({"seq", "kayles", "2", "--from", "1000", "--json"});
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["from"], 1000);
  EXPECT_EQ(doc["values"], nlohmann::json::array({kayles().at(1000), kayles().at(1001)}));
  const auto bfile = run_tartan(
      {"seq", "kayles", "2", "--from", std::to_string(UINT64_MAX - 1), "--format", "bfile", "--oeis-offset", "3"});
  ASSERT_EQ(bfile.exit_code, 0) << bfile.err;
  EXPECT_NE(bfile.out.find("\n18446744073709551617 " + std::to_string(kayles().at(UINT64_MAX - 1)) +
                           "\n18446744073709551618 " + std::to_string(kayles().at(UINT64_MAX)) + "\n"),
            std::string::npos)
      << bfile.out;
  EXPECT_NE(bfile.out.find("# values: g(n) for n >= 256 from the period 12 (preperiod 71) proven by the Guy-Smith "
                           "periodicity theorem over g(0..255)\n"),
            std::string::npos)
      << bfile.out;
  // Below the proof, --from computes and prints from K: a game with no period too.
  const auto ruler = run_tartan({"seq", "ruler", "4", "--from", "4"});
  EXPECT_EQ(ruler.out, "1 2 1 8\n");
}

TEST(PeriodicCliTest, SeqWritesValueFilesFromThePeriod) {
  // A value file as --output writes it (docs/cli.md, "Value files"): checked by the engine's reader (header and
  // checksums), its bytes read here, one a value past the 4096 bytes of the header.
  const tartan::test::temporary_dir dir;
  const std::string path = dir.file("kayles.bin");
  const auto r = run_tartan({"seq", "kayles", "300000", "--output", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "g(0..299999) of kayles written to '" + path + "': 300000 values, 1 byte each (293.0 KiB)\n" +
                       kayles_method + "\n");
  const tartan::value_file_info info = tartan::read_value_file(path);
  EXPECT_EQ(info.count, 300000U);
  EXPECT_TRUE(info.complete);
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(tartan::value_file_header_bytes));
  for (std::uint64_t n = 0; n < 300000; ++n) ASSERT_EQ(static_cast<grundy_value>(in.get()), kayles().at(n));
  // A checkpoint goes on from its values: the first 1000 computed, the rest from the period, all printed.
  const std::string checkpoint = dir.file("checkpoint.bin");
  ASSERT_EQ(run_tartan({"seq", "kayles", "100", "--checkpoint", checkpoint}).exit_code, 0);
  const auto resumed = run_tartan({"seq", "kayles", "5000", "--checkpoint", checkpoint});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  const std::vector<std::uint64_t> values = numbers_of(resumed.out);
  ASSERT_EQ(values.size(), 5000U);
  for (std::uint64_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], kayles().at(n)) << "n = " << n;
  EXPECT_EQ(tartan::read_value_file(checkpoint).count, 5000U);
}

TEST(PeriodicCliTest, SeqJsonSaysWhereTheValuesCameFrom) {
  const auto json = run_tartan({"seq", "kayles", "1000", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["values"].size(), 1000U);
  for (std::size_t n = 0; n < 1000; ++n) ASSERT_EQ(doc["values"][n].get<std::uint64_t>(), kayles().at(n));
  EXPECT_EQ(doc["from_period"]["computed"], 256);
  EXPECT_EQ(doc["from_period"]["preperiod"], 71);
  EXPECT_TRUE(nlohmann::json::parse(run_tartan({"seq", "ruler", "8", "--json"}).out)["from_period"].is_null());
}

TEST(PeriodicCliTest, AnalyzeHugeHeaps) {
  for (const std::uint64_t heap : {std::uint64_t{99999999}, UINT64_MAX}) {
    SCOPED_TRACE(heap);
    const auto r = run_tartan({"analyze", "kayles", "--heaps", std::to_string(heap), "--limit", "40"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const grundy_value value = kayles().at(heap);
    EXPECT_NE(r.out.find("\nvalue: " + std::to_string(value) + "\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n" + kayles_method + "\n"), std::string::npos) << r.out;
    // Each move listed leaves heaps worth 0, through the period.
    std::istringstream in(r.out);
    int moves = 0;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("  take ", 0) != 0) continue;
      const std::string from = " from the heap of " + std::to_string(heap) + ", leaving ";
      const std::size_t at = line.find(from);
      ASSERT_NE(at, std::string::npos) << line;
      const std::uint64_t take = std::stoull(line.substr(7, at - 7));
      std::string left = line.substr(at + from.size());
      grundy_value after = 0;
      std::uint64_t tokens = take;
      if (left.rfind("a heap of ", 0) == 0) {
        const std::uint64_t h = std::stoull(left.substr(10));
        after ^= kayles().at(h);
        tokens += h;
      } else if (left.rfind("heaps of ", 0) == 0) {
        const std::size_t and_at = left.find(" and ");
        const std::uint64_t a = std::stoull(left.substr(9, and_at - 9)), b = std::stoull(left.substr(and_at + 5));
        EXPECT_LE(a, b);
        after ^= kayles().at(a) ^ kayles().at(b);
        tokens += a + b;
      }
      EXPECT_EQ(tokens, heap) << line;
      EXPECT_EQ(after, 0U) << line << " does not win";
      ++moves;
    }
    EXPECT_EQ(moves, 40) << r.out;
  }
  // The JSON: exact sizes, the coin form's length past 2^64 as a string, the period the values came from.
  const auto json = run_tartan({"analyze", "kayles", "--heaps", "18446744073709551615,5", "--json", "--limit", "1"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["heaps"][1].get<std::uint64_t>(), UINT64_MAX);
  EXPECT_EQ(j["coins"], "18446744073709551616");
  EXPECT_EQ(j["value"].get<grundy_value>(), kayles().at(UINT64_MAX) ^ kayles().at(5));
  EXPECT_EQ(j["period"]["period"], 12);
  EXPECT_EQ(j["period"]["method"], kayles_method.substr(8));
  EXPECT_TRUE(
      nlohmann::json::parse(run_tartan({"analyze", "kayles", "--heaps", "5", "--json"}).out)["period"].is_null());
}

TEST(PeriodicCliTest, CountTheWinningSplitsOfAHugeHeap) {
  // The test counts the winning moves of one heap of H, those leaving heaps worth 0: for each take k, the heap of
  // H - k alone, and the splits a + b = H - k (a <= b) with g(a) ⊕ g(b) = 0, a below p + 2P one by one, the rest by a's
  // class mod P (from p on g repeats, and so does g(H - k - a) as a steps by P).
  const std::uint64_t heap = UINT64_MAX;
  const kayles_reading& k = kayles();
  tartan::uint128 expected = 0;
  for (std::uint64_t take = 1; take <= 2; ++take) {
    const std::uint64_t r = heap - take, m = r / 2, direct = k.p + 2 * k.period;
    if (k.at(r) == 0) ++expected;  // one heap left, worth 0
    for (std::uint64_t a = 1; a <= direct; ++a) expected += (k.at(a) ^ k.at(r - a)) == 0 ? 1 : 0;
    for (std::uint64_t a = direct + 1; a <= direct + k.period; ++a) {
      if ((k.at(a) ^ k.at(r - a)) == 0) expected += (m - a) / k.period + 1;
    }
  }
  const auto r = run_tartan({"analyze", "kayles", "--heaps", std::to_string(heap), "--count"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("winning moves: " + tartan::to_decimal(expected) + " (counted, not listed)"), std::string::npos)
      << r.out;
}

TEST(PeriodicCliTest, PlayOnHugeHeaps) {
  // Two equal heaps of 2^64 - 1 are a P-position: the engine, first, draws a legal move; the hint then finds the
  // person's winning answer, which the engine's reply to it must leave losing again.
  const auto r = run_tartan(
      {"play", "kayles", "--heaps", "18446744073709551615,18446744073709551615", "--first", "engine", "--seed", "3"},
      "hint\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("heaps: 18446744073709551615 18446744073709551615, value 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the engine: take "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(it leaves value 0)"), std::string::npos) << r.out;
}

TEST(PeriodicCliTest, RowsAndProductsTakeTheirFactorsFromThePeriod) {
  // Kayles as coins (heap n is coin n) at a coin far past the proof, and a board of Kayles × Mock Turtle Fives, whose
  // values repeat 1 2 4 7 8 from coin 0 (Winning Ways ch. 14): G(a, b) = g(a) ⊗ g'(b), the nim product by its
  // definition (support/mex_nim_product.hpp).
  const std::uint64_t far = 9999999;
  const auto row = run_tartan({"analyze", "kayles", "--coins", "10000000", "--heads", std::to_string(far)});
  ASSERT_EQ(row.exit_code, 0) << row.err;
  EXPECT_NE(row.out.find("\n" + kayles_method + "\nvalue: " + std::to_string(kayles().at(far)) + "\n"),
            std::string::npos)
      << row.out;
  const std::vector<std::vector<std::uint64_t>> nim = tartan::test::mex_products(16);
  const grundy_value fives[5] = {1, 2, 4, 7, 8};
  const auto board = run_tartan({"analyze", "kayles*mock-turtle-fives", "--size", "10000000x5", "--heads",
                                 std::to_string(far) + ":4," + std::to_string(far - 1) + ":2", "--limit", "0"});
  ASSERT_EQ(board.exit_code, 0) << board.err;
  const grundy_value value = nim[kayles().at(far)][fives[4]] ^ nim[kayles().at(far - 1)][fives[2]];
  EXPECT_NE(board.out.find("\nvalues of kayles (axis 0): " + kayles_method.substr(8) + "\n"), std::string::npos)
      << board.out;
  EXPECT_NE(board.out.find("\nvalue: " + std::to_string(value) + "\n"), std::string::npos) << board.out;
}

TEST(PeriodicCliTest, RefusalsPastWhatAnswersThem) {
  struct refusal {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<refusal> cases{
      {{"analyze", "kayles", "--heaps", "18446744073709551616"},
       "error: heaps item 1: '18446744073709551616' is not a heap size; give sizes such as 5,7,9 (at most "
       "18446744073709551615)\n"},
      {{"analyze", "4.07", "--heaps", "4000000000"},
       "error: a heap of 4000000000 needs g(0..4000000000), more than the 100000000 values tartan computes at once, "
       "and no proven period of 4.07 answers it; give heaps below 100000000\n"},
      {{"analyze", "kayles", "--heaps", "99999999999", "--misere"},
       "error: misère play of heaps holds heaps of at most 2^32 - 1 tokens (its quotient, genera and search count them "
       "in "
       "32 bits); the heap of 99999999999 is past it: give smaller heaps, or leave out misère play\n"},
      {{"seq", "ruler", "10", "--from", "4294967296"},
       "error: g(4294967296..4294967305) of ruler needs g(0..4294967305), but a row has at most 2^32 coins (coins "
       "are 32-bit); ask for values below n = 4294967296\n"},
      {{"seq", "kayles", "10", "--from", "18446744073709551610"},
       "error: g(18446744073709551610..) with 10 values passes n = 2^64 - 1 = 18446744073709551615; ask for at most "
       "6 values from there\n"},
      {{"seq", "kayles", "10", "--from", "5", "--period"},
       "error: --from starts the values printed at g(K), but --period takes g(0..N-1); leave out --from, or "
       "--period\n"},
      {{"seq", "kayles", "10", "--from", "5", "--output", "kayles.bin"},
       "error: --from starts the values printed at g(K), but --output takes g(0..N-1); leave out --from, or "
       "--output\n"},
  };
  for (const refusal& c : cases) {
    SCOPED_TRACE(c.args[0] + " " + c.args[1] + " " + c.args[2] + " " + c.args[3]);
    const auto r = run_tartan(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, c.message);
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
