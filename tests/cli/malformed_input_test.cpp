// Malformed input across every command, refused clearly: each row gives the arguments, standard input, the exit code
// (2: bad input) and a fragment of the message that names the argument and says what to type. Every row also checks
// the shared error path: standard error is exactly one short line starting "error: ", standard output is empty, and
// the process ends by itself (an exit code below 128, never a signal).
//
// The inputs people actually get wrong: empty and blank text, Unicode look-alikes (full-width '１' and 'Ｈ', the en
// dash '–'), signs, 2^64 and beyond, "0x" without digits, ragged grids, unknown and misspelt games, broken turning
// codes, 10 MB positions on standard input, sizes of 0, and sizes or enumerations beyond the machine, refused before
// anything is allocated with the estimate and the limit (--max-memory, itself checked).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::run_tartan;
using ::testing::HasSubstr;
using ::testing::StartsWith;

/// A case's standard input as pieces, each repeated to a length, built only when the case runs: GoogleTest copies
/// every parameter as it registers the tests, and CTest runs each test in a process of its own, so inputs of 10 MiB
/// built up front cost every one of the ~180 processes seconds.
class input_text {
 public:
  input_text() = default;
  input_text(const char* text) : input_text(std::string(text)) {}  // NOLINT: literals are inputs as they are
  input_text(std::string text) {                                   // NOLINT
    if (!text.empty()) parts_.push_back({std::move(text), 0});
  }

  /// `piece` repeated until the text has at least `bytes` bytes.
  static input_text repeated(std::string piece, std::size_t bytes) {
    input_text t;
    t.parts_.push_back({std::move(piece), bytes});
    return t;
  }

  friend input_text operator+(input_text a, const input_text& b) {
    a.parts_.insert(a.parts_.end(), b.parts_.begin(), b.parts_.end());
    return a;
  }

  std::size_t size() const {
    std::size_t n = 0;
    for (const part& p : parts_) n += p.piece.size() * p.copies();
    return n;
  }
  bool empty() const { return size() == 0; }

  std::string str() const {
    std::string s;
    s.reserve(size());
    for (const part& p : parts_) {
      for (std::size_t i = 0; i < p.copies(); ++i) s += p.piece;
    }
    return s;
  }

 private:
  struct part {
    std::string piece;
    std::size_t bytes;  // 0: the piece once
    std::size_t copies() const { return bytes == 0 ? 1 : (bytes + piece.size() - 1) / piece.size(); }
  };
  std::vector<part> parts_;
};

struct malformed_case {
  std::string name;               // the test's name: CamelCase, what is wrong where
  std::vector<std::string> args;  // after `tartan`
  input_text input;               // standard input
  int exit_code = 2;
  std::string fragment;  // part of the message: the argument named and what to type
};

// Shown by GoogleTest on a failure: the command line, not 10 MB of input.
void PrintTo(const malformed_case& c, std::ostream* os) {
  *os << "tartan";
  for (const std::string& a : c.args) *os << " '" << a << "'";
  if (!c.input.empty()) *os << " < (" << c.input.size() << " bytes)";
}

constexpr std::size_t ten_mib = std::size_t{10} << 20;

input_text repeated(const std::string& piece, std::size_t bytes) { return input_text::repeated(piece, bytes); }

// A square matrix of n×n entries "1", as the nim matrix commands read it.
input_text matrix_text(std::size_t n) {
  std::string row;
  for (std::size_t j = 0; j < n; ++j) row += j == 0 ? "1" : " 1";
  return repeated(row + "\n", n * (row.size() + 1));
}

const std::vector<malformed_case>& cases() {
  static const std::vector<malformed_case> all = {
      // ---- the command word ----
      {"NoCommand", {}, "", 2, "tartan needs a command; type one of nim, games, seq"},
      {"EmptyCommand", {""}, "", 2, "unknown command '' for tartan; type one of"},
      {"UnknownCommand", {"frobnicate"}, "", 2, "unknown command 'frobnicate' for tartan; type one of"},

      // ---- nim ----
      {"NimAlone", {"nim"}, "", 2, "tartan nim needs a command; type one of mul"},
      {"NimUnknownSubcommand", {"nim", "mull", "2", "3"}, "", 2, "unknown command 'mull' for tartan nim; type one of"},
      {"NimMulEmptyOperand", {"nim", "mul", "", "3"}, "", 2, "operand A: empty; type a number such as 42"},
      {"NimMulBlankOperand", {"nim", "mul", " ", "3"}, "", 2, "operand A: ' ' is not a decimal number"},
      {"NimMulFullwidthDigit", {"nim", "mul", "１", "2"}, "", 2, "operand A: '１' is not a decimal number"},
      {"NimMulPlusSign", {"nim", "mul", "+5", "2"}, "", 2, "operand A: '+5' has a sign; type the digits alone"},
      {"NimMulNegative", {"nim", "mul", "2", "-1"}, "", 2, "operand B: '-1' is negative"},
      {"NimMulTwoToThe64",
       {"nim", "mul", "18446744073709551616", "1"},
       "",
       2,
       "operand A: '18446744073709551616' does not fit in 64 bits; type a value below 2^64 or use a larger --bits"},
      {"NimMulFarBeyond64Bits",
       {"nim", "mul", "99999999999999999999999", "1"},
       "",
       2,
       "operand A: '99999999999999999999999' does not fit in 64 bits"},
      {"NimMulHexWithoutDigits",
       {"nim", "mul", "0x", "1"},
       "",
       2,
       "operand A: '0x' has no hex digits after 0x; type e.g."},
      {"NimMulMissingOperand", {"nim", "mul", "2"}, "", 2, "missing operand B; type two factors"},
      {"NimMulBatchWithOperands", {"nim", "mul", "--batch", "5", "6"}, "", 2, "give no operands on the command line"},
      {"NimMulBatchLoneFactor",
       {"nim", "mul", "--batch"},
       "1\n",
       2,
       "line 1: the input ends after A of pair 1 without its B; give whitespace-separated pairs 'A B'"},
      {"NimMulBatchBadToken",
       {"nim", "mul", "--batch"},
       "1 x\n",
       2,
       "line 1: B of pair 1: 'x' is not a decimal number"},
      {"NimMulBatchFullwidth", {"nim", "mul", "--batch"}, "１ 2\n", 2, "A of pair 1: '１' is not a decimal number"},
      {"NimMulBatchTenMegabyteToken",
       {"nim", "mul", "--batch"},
       repeated("7", ten_mib),
       2,
       "line 1: A of pair 1: '777"},
      {"NimPowNegativeExponent", {"nim", "pow", "2", "-1"}, "", 2, "exponent E: '-1' is negative"},
      {"NimInvZero", {"nim", "inv", "0"}, "", 2, "the nim inverse of 0 does not exist; give a non-zero nimber"},
      {"NimDivByZero", {"nim", "div", "1", "0"}, "", 2, "divide by a non-zero value"},
      {"NimSqrtHexWithoutDigits", {"nim", "sqrt", "0x"}, "", 2, "operand X: '0x' has no hex digits"},
      {"NimCbrtNegative", {"nim", "cbrt", "-3"}, "", 2, "X: '-3' is negative"},
      {"NimTableSizeZero", {"nim", "table", "0"}, "", 2, "table size N: 0 gives an empty table; type a size from 1"},
      {"NimTableTooLarge", {"nim", "table", "4097"}, "", 2, "type a size from 1 to 4096"},
      {"NimTableNegative", {"nim", "table", "-1"}, "", 2, "table size N: '-1' is negative"},
      {"NimLogOfZero", {"nim", "log", "0", "2"}, "", 2, "give a non-zero value"},
      {"NimOrderOfZero", {"nim", "order", "0"}, "", 2, "give a non-zero nimber"},
      {"NimMulOrdinalCoefficientFirst", {"nim", "mul", "3w", "2"}, "", 2, "operand A: '3w' puts the coefficient 3"},
      {"NimMulOrdinalOutOfOrder", {"nim", "mul", "w", "1 + w"}, "", 2, "operand B: '1 + w' has the term 'w' after"},
      {"NimInvOrdinalBeyondRange", {"nim", "inv", "w^(w^126)"}, "", 2, "needs Lenstra's constant for the prime 719"},
      {"NimInvOrdinalFullwidth", {"nim", "inv", "ｗ"}, "", 2, "a full-width letter: type the ASCII letter w"},
      {"NimPowOrdinalWithBits", {"nim", "pow", "w", "2", "--bits", "128"}, "", 2, "leave out --bits"},
      {"NimOrderOrdinalZero", {"nim", "order", "w + w"}, "", 2, "X: 'w + w' repeats the power 'w'"},
      {"NimAlphaNotPrime", {"nim", "alpha", "91"}, "", 2, "prime P: 91 is not an odd prime"},
      {"NimAlphaEmpty", {"nim", "alpha", ""}, "", 2, "prime P: empty; type a number such as 42"},
      {"NimDegreeEmpty", {"nim", "degree", ""}, "", 2, "X: '' is empty; type an ordinal such as"},
      {"NimMinpolyUnclosed", {"nim", "minpoly", "w^(w+1"}, "", 2, "X: 'w^(w+1' ends in an exponent"},
      {"NimTraceOrdinal", {"nim", "trace", "w + 1"}, "", 2, "X: 'w + 1' is an ordinal, and this command computes in"},
      {"NimLogOrdinalBase", {"nim", "log", "3", "w"}, "", 2, "BASE: 'w' is an ordinal, and this command computes in"},
      {"NimTraceBitsNotPowerOfTwo",
       {"nim", "trace", "1", "--bits", "7"},
       "",
       2,
       "--bits 7 is not a field size; use a power of two from 8 to 65536"},
      {"NimTraceBitsEmpty", {"nim", "trace", "1", "--bits", ""}, "", 2, "--bits: empty; type a value"},
      {"NimSolveEmptyEquation", {"nim", "solve", ""}, "", 2, "the equation '' has no '='; write it like 'x^2+x=5'"},
      {"NimSolveDanglingSign", {"nim", "solve", "x^2+="}, "", 2, "has a sign without a term"},
      {"NimDetRaggedMatrix",
       {"nim", "det", "-"},
       "1 2\n3\n",
       2,
       "line 2 has 1 entry but the first row (line 1) has 2; every row needs the same number of entries"},
      {"NimDetDirectory", {"nim", "det", "/"}, "", 2, "cannot read '/': it is a directory; give the path of a file"},
      {"NimRankMissingFile",
       {"nim", "rank", "/nonexistent/matrix.txt"},
       "",
       2,
       "cannot read '/nonexistent/matrix.txt' (No such file or directory); give the path of a readable file"},
      {"NimDetOverMemoryLimit",
       {"nim", "det", "-", "--max-memory", "1K"},
       matrix_text(100),
       2,
       "over the memory limit of 1.0 KiB; give a smaller input, or raise the limit with --max-memory"},
      {"NimRankOverMemoryLimit",
       {"nim", "rank", "-", "--max-memory", "2K"},
       matrix_text(100),
       2,
       "over the memory limit of 2.0 KiB"},
      {"NimInverseOverMemoryLimit",
       {"nim", "inverse", "-", "--max-memory", "2K"},
       matrix_text(100),
       2,
       "over the memory limit of 2.0 KiB"},
      {"NimKernelOverMemoryLimit",
       {"nim", "kernel", "-", "--max-memory", "2K"},
       matrix_text(100),
       2,
       "over the memory limit of 2.0 KiB"},
      {"NimSolveLinearOverMemoryLimit",
       {"nim", "solve-linear", "-", "--max-memory", "2K"},
       matrix_text(100),
       2,
       "over the memory limit of 2.0 KiB"},
      {"NimSolveLinearOneColumn", {"nim", "solve-linear", "-"}, "1\n2\n", 2, "solve-linear needs at least two columns"},
      {"NimDetMaxMemoryEmpty",
       {"nim", "det", "-", "--max-memory", ""},
       "1\n",
       2,
       "--max-memory: '' is not a memory size"},

      // ---- games ----
      {"GamesUnexpectedArgument",
       {"games", "extra"},
       "",
       2,
       "tartan games does not take the argument 'extra'; leave it out (see 'tartan games --help')"},
      {"NimMulUnexpectedArguments",
       {"nim", "mul", "1", "2", "a", "b", "c"},
       "",
       2,
       "error: tartan nim mul does not take the arguments 'a' 'b' 'c'; leave them out (see 'tartan nim mul "
       "--help')\n"},
      {"MisspeltOption",
       {"analyze", "ruler", "HTH", "--limt", "3"},
       "",
       2,
       "unknown option '--limt' for tartan analyze; did you mean '--limit'? see 'tartan analyze --help'"},
      {"MisspeltOptionWithValue", {"seq", "ruler", "5", "--max-second=3"}, "", 2, "did you mean '--max-seconds'?"},
      {"MisspeltOptionOfSubcommand", {"nim", "mul", "--bitz", "8", "3", "4"}, "", 2, "did you mean '--bits'?"},
      {"UnknownOptionFarFromAny",
       {"seq", "ruler", "5", "--xyzzy"},
       "",
       2,
       "unknown option '--xyzzy' for tartan seq; see 'tartan seq --help'"},
      {"GamesUnknownOption", {"games", "--bogus"}, "", 2, "--bogus"},

      // ---- seq: game names and turning codes ----
      {"SeqEmptyGame",
       {"seq", "", "5"},
       "",
       2,
       "no game given; type a name from 'tartan games', a turning code such as 1-3 or a take-and-break code such as "
       "0.77"},
      {"SeqBlankGame", {"seq", "  ", "5"}, "", 2, "no game given; type a name from 'tartan games'"},
      {"SeqUnknownGame", {"seq", "nonsense", "5"}, "", 2, "unknown game 'nonsense'; type 'tartan games' for the list"},
      {"SeqNearMissGame", {"seq", "mock-turtle", "5"}, "", 2, "did you mean 'mock-turtles'?"},
      {"SeqCodeZero", {"seq", "0", "5"}, "", 2, "turning code '0': count 0 at column 1 (a move turns at least 1 coin)"},
      {"SeqCodeReversedRange",
       {"seq", "3-1", "5"},
       "",
       2,
       "empty range 3-1 at column 1 (write the smaller number first)"},
      {"SeqCodeOpenRange", {"seq", "1-", "5"}, "", 2, "turning code '1-': expected a number after '-' at column 3"},
      {"SeqCodeSpanAlone",
       {"seq", "C", "5"},
       "",
       2,
       "turning code 'C' has no count of coins; start it with how many coins a move turns"},
      {"SeqCodeEmptySpan", {"seq", "1+C(0)", "5"}, "", 2, "span C(0) at column 5 (a span holds at least 1 coin)"},
      {"SeqCodeDoubleComma", {"seq", "2,,3", "5"}, "", 2, "expected a number of coins at column 3 (found ',')"},
      {"SeqCodeEnDash", {"seq", "1–3", "5"}, "", 2, "type the ASCII hyphen-minus '-'"},

      // ---- seq: the count ----
      {"SeqCountEmpty", {"seq", "mock-turtles", ""}, "", 2, "N: empty; type a number such as 42"},
      {"SeqCountZero", {"seq", "mock-turtles", "0"}, "", 2, "N must be at least 1; type a count such as 10"},
      {"SeqCountPlusSign", {"seq", "mock-turtles", "+5"}, "", 2, "N: '+5' has a sign; type the digits alone"},
      {"SeqCountNegative", {"seq", "mock-turtles", "-1"}, "", 2, "N: '-1' is negative"},
      {"SeqCountFullwidthDigit", {"seq", "mock-turtles", "１0"}, "", 2, "type the ASCII digit 1"},
      {"SeqCountHexWithoutDigits", {"seq", "mock-turtles", "0x"}, "", 2, "N: '0x' has no hex digits after 0x"},
      {"SeqCountTwoToThe64",
       {"seq", "ruler", "18446744073709551616"},
       "",
       2,
       "N: '18446744073709551616' is 2^64 or more; type a value below 2^64"},
      {"SeqCountTenToThe15",
       {"seq", "ruler", "1000000000000000"},
       "",
       2,
       "g(0..999999999999999) is 1000000000000000 values, but a row has at most 2^32 coins (coins are 32-bit); ask "
       "for at most 4294967296 values"},
      // Ruler's closed form keeps its values narrow: one byte each to begin with (the estimate before any work; a
      // widening past the limit is refused when it comes, the values before it kept).
      {"SeqOverMaxMemory",
       {"seq", "ruler", "100000000", "--max-memory", "1M"},
       "",
       2,
       "computing 100000000 values needs about 95.4 MiB, over the memory limit of 1.0 MiB; ask for fewer values, or "
       "raise the limit with --max-memory 96M"},
      {"SeqOverMaxMemoryWide",
       {"seq", "1-2", "100000000", "--max-memory", "1M"},
       "",
       2,
       "needs about 3.0 GiB, over the memory limit of 1.0 MiB; ask for fewer values, or raise the limit with "
       "--max-memory 3G"},
      {"SeqMaxMemoryZero",
       {"seq", "ruler", "5", "--max-memory", "0"},
       "",
       2,
       "--max-memory: 0 bytes allows nothing; type a size such as 512M"},
      {"SeqMaxMemoryNegative",
       {"seq", "ruler", "5", "--max-memory", "-1"},
       "",
       2,
       "--max-memory: '-1' is not a memory size; type a number of bytes"},
      {"SeqMaxMemoryUnknownUnit",
       {"seq", "ruler", "5", "--max-memory", "12Q"},
       "",
       2,
       "--max-memory: '12Q' is not a memory size; type a number of bytes, optionally followed by K, M, G or T"},
      {"SeqMaxMemoryEmpty", {"seq", "ruler", "5", "--max-memory", ""}, "", 2, "--max-memory: '' is not a memory size"},
      {"SeqMaxMemoryBeyond64Bits",
       {"seq", "ruler", "5", "--max-memory", "99999999999T"},
       "",
       2,
       "is 2^64 bytes or more; type a smaller size"},
      // --max-seconds 0: the exact bound on one coin's moves is under test, not the pace of the first values (on a
      // loaded machine the pace alone can project 100 values of 1-64 past 60 s before coin 25 is reached).
      {"AnalyzeEnumerationExplodes",
       {"analyze", "20", "--coins", "100", "--heads", "99", "--max-seconds", "0"},
       "",
       2,
       "listing its option values would enumerate 2^"},

      // ---- analyze: rows ----
      {"AnalyzeNoPosition", {"analyze", "mock-turtles"}, "", 2, "no position given; type one such as HTTH"},
      {"AnalyzeEmptyPosition", {"analyze", "mock-turtles", ""}, "", 2, "no position given; type one such as HTTH"},
      {"AnalyzeBlankPosition",
       {"analyze", "mock-turtles", " "},
       "",
       2,
       "position: ' ' at column 1 is not a coin; type H or T"},
      {"AnalyzeBadCoin", {"analyze", "mock-turtles", "HTXH"}, "", 2, "position: 'X' at column 3 is not a coin"},
      {"AnalyzeFullwidthH", {"analyze", "mock-turtles", "ＨTTH"}, "", 2, "type the ASCII letter H"},
      {"AnalyzeRowsOnARowGame",
       {"analyze", "mock-turtles", "HT/TH"},
       "",
       2,
       "has several rows, but mock-turtles is played on a row"},
      {"AnalyzeCoinsZero",
       {"analyze", "mock-turtles", "--coins", "0", "--heads", "1"},
       "",
       2,
       "--coins must be at least 1; type the length of the row"},
      {"AnalyzeHeadsOutsideRow",
       {"analyze", "mock-turtles", "--coins", "10", "--heads", "11"},
       "",
       2,
       "heads coin 11 is outside the row of 10 coins"},
      {"AnalyzeHeadsDoubleComma",
       {"analyze", "mock-turtles", "--coins", "10", "--heads", "1,,2"},
       "",
       2,
       "heads item 2 is empty; separate coins and ranges by single commas"},
      {"AnalyzeHeadsNegative",
       {"analyze", "mock-turtles", "--coins", "10", "--heads", "-1"},
       "",
       2,
       "heads item 1: '-1' is negative"},
      {"AnalyzeCoinsTwoToThe64",
       {"analyze", "mock-turtles", "--coins", "18446744073709551616", "--heads", "1"},
       "",
       2,
       "--coins: '18446744073709551616' is too large; the largest allowed is 4294967296"},
      {"AnalyzeFarHeadsCoin",
       {"analyze", "ruler", "--coins", "4294967296", "--heads", "4294967295"},
       "",
       2,
       "computing 4294967296 values needs about 128.0 GiB, over the memory limit of"},
      {"AnalyzeLimitNegative",
       {"analyze", "mock-turtles", "HTTH", "--limit", "-1"},
       "",
       2,
       "--limit: '-1' is negative"},
      {"AnalyzeLimitEmpty", {"analyze", "mock-turtles", "HTTH", "--limit", ""}, "", 2, "--limit: empty"},
      {"AnalyzeMaxMemoryEmpty",
       {"analyze", "mock-turtles", "HTTH", "--max-memory", ""},
       "",
       2,
       "--max-memory: '' is not a memory size"},
      {"AnalyzeEmptyStandardInput",
       {"analyze", "mock-turtles", "-"},
       "",
       2,
       "the position on standard input is empty; give coins such as HTTH"},
      {"AnalyzeTenMegabyteRowBadLastCoin",
       {"analyze", "ruler", "-"},
       repeated("H", ten_mib) + "X\n",
       2,
       "position: 'X' at column 10485761 is not a coin"},
      {"AnalyzeTenMegabyteRowOverMaxMemory",
       {"analyze", "ruler", "-", "--max-memory", "1M"},
       repeated("T", ten_mib),
       2,
       "over the memory limit of 1.0 MiB; give a smaller input, or raise the limit with --max-memory"},

      // ---- --max-seconds, and work projected beyond it: values of 1-4, about n^3 steps in all and no closed form
      // known, so that no machine and no faster route brings the work within the limit ----
      {"SeqMaxSecondsNotANumber",
       {"seq", "ruler", "5", "--max-seconds", "soon"},
       "",
       2,
       "--max-seconds: 'soon' is not a number of seconds; type one such as 600 or 0.5, or 0 for no limit"},
      {"SeqMaxSecondsNegative",
       {"seq", "ruler", "5", "--max-seconds", "-1"},
       "",
       2,
       "--max-seconds: '-1' is not a number of seconds"},
      {"SeqMaxSecondsEmpty", {"seq", "ruler", "5", "--max-seconds", ""}, "", 2, "--max-seconds: empty"},
      {"AnalyzeTenMillionHeadsOverTimeLimit",
       {"analyze", "1-4", "-"},
       repeated("H", 10'000'000),
       2,
       "over the time limit of 60 s; ask for at most about"},
      {"TableFactorOverTimeLimit",
       {"table", "1-4*ruler", "--size", "5000000x1", "--max-seconds", "2"},
       "",
       2,
       "g(0..4999999) of 1-4 would take about"},
      {"VerifyFactorOverTimeLimit",
       {"verify", "1-4*ruler", "--size", "5000000x1", "--max-seconds", "2"},
       "",
       2,
       "over the time limit of 2 s"},
      {"AnalyzeGridFactorOverTimeLimit",
       {"analyze", "1-4*ruler", "--size", "5000000x1", "--heads", "4999999:0", "--max-seconds", "2"},
       "",
       2,
       "g(0..4999999) of 1-4 would take about"},

      // ---- analyze: grids ----
      {"AnalyzeRaggedGrid",
       {"analyze", "ruler*ruler", "HT/T"},
       "",
       2,
       "row 1 has 1 coin but row 0 has 2; every row needs the same number of coins"},
      {"AnalyzeRaggedGridOnStandardInput",
       {"analyze", "ruler*ruler", "-"},
       "HT\nT\n",
       2,
       "row 1 has 1 coin but row 0 has 2"},
      {"AnalyzeTenMegabyteRaggedGrid",
       {"analyze", "ruler*ruler", "-"},
       repeated("H", ten_mib / 2) + "\n" + repeated("T", ten_mib / 2 - 1) + "\n",
       2,
       "row 1 has 5242879 coins but row 0 has 5242880"},
      {"AnalyzeGridBadCoin",
       {"analyze", "ruler*ruler", "HT/TX"},
       "",
       2,
       "'X' at row 1, column 1 (from 0) is not a coin; type H or T"},
      {"AnalyzeGridEmptyRow", {"analyze", "ruler*ruler", "HT//TH"}, "", 2, "row 1 is empty; type H or T"},
      {"AnalyzeProductNearMiss",
       {"analyze", "ruler*rulr", "HT/TH"},
       "",
       2,
       "factor 2: unknown game 'rulr'; did you mean 'ruler'?"},
      {"AnalyzeProductEmptyFactor",
       {"analyze", "*ruler", "H"},
       "",
       2,
       "factor 1 is empty; join games with a single '*'"},
      {"AnalyzeGridSizeZero",
       {"analyze", "ruler*ruler", "--size", "0x5", "--heads", "0:0"},
       "",
       2,
       "size '0x5': dimension 1 is 0; every dimension needs at least one coin"},
      {"AnalyzeGridHeadsHalfCoordinate",
       {"analyze", "ruler*ruler", "--size", "5x5", "--heads", "1:"},
       "",
       2,
       "heads coin '1:' has an empty coordinate; type row:column"},
      {"AnalyzeGridFarHeadsCoin",
       {"analyze", "ruler*ruler", "--size", "4000000000x4000000000", "--heads", "3999999999:3999999999"},
       "",
       2,
       "needs about 238.4 GiB, over the memory limit of"},

      // ---- options renamed so that one word means one thing (a count of values --length, claimed values
      // --claimed, how many to list --limit): before, each old name was taken, and meant another thing in another
      // command; now each is refused with the new name and the value typed ----
      {"CensusValuesIsLength",
       {"census", "octal", "--digits", "1", "--values", "4096"},
       "",
       2,
       "tartan census calls --values --length now: type --length '4096'"},
      {"CensusSizeIsMaxSize",
       {"census", "subtraction", "--max-element", "4", "--size", "2"},
       "",
       2,
       "tartan census calls --size --max-size now: type --max-size '2'"},
      {"CheckValuesIsClaimed",
       {"check", "1-3", "--coins", "4", "--values=1,2,4,8"},
       "",
       2,
       "tartan check calls --values --claimed now: type --claimed '1,2,4,8'"},
      {"VerifyValuesIsClaimedFile",
       {"verify", "ruler*ruler", "--size", "2x2", "--values", "table.txt"},
       "",
       2,
       "tartan verify calls --values --claimed now: type --claimed '@table.txt'"},
      {"VerifyListIsLimit",
       {"verify", "ruler*ruler", "--size", "2x2", "--list", "3"},
       "",
       2,
       "tartan verify calls --list --limit now: type --limit '3'"},
      {"SeqOffsetIsOeisOffset",
       {"seq", "kayles", "5", "--format", "bfile", "--offset", "1"},
       "",
       2,
       "tartan seq calls --offset --oeis-offset now: type --oeis-offset '1'"},
      {"CensusValuesWithoutValue",
       {"census", "octal", "--digits", "1", "--values"},
       "",
       2,
       "tartan census calls --values --length now: type --length N"},

      // ---- check ----
      {"CheckNoCoins", {"check", "mock-turtles"}, "", 2, "give the number of coins to check, e.g. tartan check"},
      {"CheckCoinsZero", {"check", "mock-turtles", "--coins", "0"}, "", 2, "--coins must be at least 1"},
      {"CheckCoinsTooMany", {"check", "mock-turtles", "--coins", "40"}, "", 2, "check --coins at most 24"},
      {"CheckMovesExplode", {"check", "1-20", "--coins", "22"}, "", 2, "check --coins at most 14 for this game"},
      {"CheckClaimedEmptyItem",
       {"check", "mock-turtles", "--coins", "4", "--claimed", "1,2,,7"},
       "",
       2,
       "--claimed value 3: empty; type a number"},
      {"CheckClaimedEmpty",
       {"check", "mock-turtles", "--coins", "4", "--claimed", ""},
       "",
       2,
       "--claimed: empty; type a value"},
      {"CheckClaimedTooFew",
       {"check", "mock-turtles", "--coins", "4", "--claimed", "1,2,4"},
       "",
       2,
       "--claimed gives 3 values but --coins is 4; give one value per coin"},
      {"CheckProductWithoutSize",
       {"check", "ruler*ruler"},
       "",
       2,
       "give its size, e.g. tartan check 'ruler*ruler' --size"},
      {"CheckGridTooLarge",
       {"check", "ruler*ruler", "--size", "10x10"},
       "",
       2,
       "use 'tartan verify' for larger boards"},
      {"CheckOverMaxMemory",
       {"check", "mock-turtles", "--coins", "20", "--max-memory", "1K"},
       "",
       2,
       "over the memory limit of 1.0 KiB; check --coins at most"},
      {"CheckMaxMemoryEmpty",
       {"check", "mock-turtles", "--coins", "12", "--max-memory", ""},
       "",
       2,
       "--max-memory: '' is not a memory size"},
      {"CheckCodeReversedRange", {"check", "3-1", "--coins", "4"}, "", 2, "write the smaller number first"},

      // ---- graph ----
      {"GraphEmptyFileName", {"graph", ""}, "", 2, "no file named for the graph; give the path of a file, or -"},
      {"GraphDirectory", {"graph", "/"}, "", 2, "cannot read '/': it is a directory"},
      {"GraphMissingFile", {"graph", "/nonexistent/g.dot"}, "", 2, "cannot read '/nonexistent/g.dot'"},
      {"GraphCycle", {"graph", "-"}, "a b\nb a\n", 2, "the graph has a cycle: a -> b -> a"},
      {"GraphDotMissingTarget", {"graph", "-"}, "digraph { a -> }", 2, "expected a vertex name after '->'"},
      {"GraphDotUnclosed", {"graph", "-"}, "digraph { a -> b ", 2, "close the graph with '}'"},
      {"GraphUnknownFormat", {"graph", "-", "--format", "xml"}, "a b\n", 2, "--format: xml not in {auto,dot,edges}"},
      {"GraphTooManyNamesOnALine",
       {"graph", "-", "--format", "edges"},
       "a b c\n",
       2,
       "expected 'u v' (an edge) or 'u' (a vertex), found 3 names"},
      {"GraphTenMegabyteLine",
       {"graph", "-", "--format", "edges"},
       repeated("a ", ten_mib) + "\n",
       2,
       "edge list line 1: expected 'u v' (an edge) or 'u' (a vertex), found 5242880 names"},
      {"GraphOverMaxMemory",
       {"graph", "-", "--max-memory", "1K"},
       repeated("a b\n", 1 << 16),
       2,
       "over the memory limit of 1.0 KiB; give a smaller input"},

      // ---- table ----
      {"TableSizeEmpty", {"table", "ruler*ruler", "--size", ""}, "", 2, "--size: empty; type a value (the board: RxC"},
      {"TableSizeZero", {"table", "ruler*ruler", "--size", "0x0"}, "", 2, "dimension 1 is 0"},
      {"TableSizeMissingDimension",
       {"table", "ruler*ruler", "--size", "3x"},
       "",
       2,
       "size '3x': dimension 2 is missing; type the size as RxC"},
      {"TableSizeSign", {"table", "ruler*ruler", "--size", "3x+3"}, "", 2, "dimension 2: '+3' has a sign"},
      {"TableSizeTwoToThe64",
       {"table", "ruler*ruler", "--size", "18446744073709551616x2"},
       "",
       2,
       "dimension 1: '18446744073709551616' is too large"},
      {"TableSingleGame",
       {"table", "ruler", "--size", "3x3"},
       "",
       2,
       "'ruler' is a single game; a tartan product needs at least two factors joined by '*'"},
      {"TableDoubleStar", {"table", "ruler**ruler", "--size", "2x2"}, "", 2, "factor 2 is empty"},
      {"TableCodeEmptySpan",
       {"table", "1+C(0)*ruler", "--size", "2x2"},
       "",
       2,
       "factor 1: turning code '1+C(0)': span C(0)"},
      {"TableBeyondTheMachine",
       {"table", "ruler*ruler", "--size", "4000000000x4000000000"},
       "",
       2,
       "a value table of 4000000000x4000000000 needs more than 16 EiB, over the memory limit of"},
      {"TableOverMaxMemory",
       {"table", "ruler*ruler", "--size", "4000x4000", "--max-memory", "1M"},
       "",
       2,
       "a value table of 4000x4000 needs about 122.3 MiB, over the memory limit of 1.0 MiB; give a smaller size, or "
       "raise the limit with "
       "--max-memory"},
      {"TableTooManyCellsToPrint",
       {"table", "ruler*ruler", "--size", "9000x9000", "--max-memory", "4G"},
       "",
       2,
       "tartan table prints at most 67108864"},
      {"TableMaxMemoryUnknownUnit",
       {"table", "ruler*ruler", "--size", "3x3", "--max-memory", "12Q"},
       "",
       2,
       "--max-memory: '12Q' is not a memory size"},

      // ---- verify ----
      {"VerifyNoSize", {"verify", "ruler*ruler"}, "", 2, "--size is required"},
      {"VerifySizeZero", {"verify", "ruler*ruler", "--size", "0x4"}, "", 2, "dimension 1 is 0"},
      {"VerifyBeyondTheMachine",
       {"verify", "ruler*ruler", "--size", "4000000000x4000000000"},
       "",
       2,
       "computing 8000000000 values needs about 238.4 GiB, over the memory limit of"},
      {"VerifyThreadsZero",
       {"verify", "ruler*ruler", "--size", "4x4", "--threads", "0"},
       "",
       2,
       "--threads must be at least 1; omit it to use every core"},
      {"VerifyThreadsEmpty",
       {"verify", "ruler*ruler", "--size", "4x4", "--threads", ""},
       "",
       2,
       "--threads: empty; type a value (worker threads"},
      {"VerifyThreadsHuge",
       {"verify", "ruler*ruler", "--size", "4x4", "--threads", "99999999999"},
       "",
       2,
       "--threads: '99999999999' is too large; the largest allowed is 1024"},
      {"VerifyLimitNegative",
       {"verify", "ruler*ruler", "--size", "4x4", "--limit", "-1"},
       "",
       2,
       "--limit: '-1' is negative"},
      {"VerifyMaxMemoryEmpty",
       {"verify", "ruler*ruler", "--size", "4x4", "--max-memory", ""},
       "",
       2,
       "--max-memory: '' is not a memory size"},
      {"VerifyCodeReversedRange",
       {"verify", "3-1*ruler", "--size", "4x4"},
       "",
       2,
       "factor 1: turning code '3-1': empty range 3-1"},

      // ---- play ----
      {"PlayEmptyPosition", {"play", "ruler", ""}, "", 2, "position: empty; type H or T for each coin"},
      {"PlayBadCoin", {"play", "ruler", "HTX"}, "", 2, "position: 'X' at column 3 is not a coin"},
      {"PlayRaggedBoard", {"play", "ruler*ruler", "HT/T"}, "", 2, "row 1 has 1 coin but row 0 has 2"},
      {"PlayThreeFactors",
       {"play", "ruler*ruler*ruler", "HT"},
       "",
       2,
       "has 3 factors; rows joined by '/' draw a board, so give the box as --size 3x3x3 --heads"},
      {"PlayUnknownFirst",
       {"play", "ruler", "HT", "--first", "me"},
       "",
       2,
       "--first 'me' is neither you nor engine; type --first you or --first engine"},
      {"PlaySeedNegative", {"play", "ruler", "HT", "--seed", "-1"}, "", 2, "--seed: '-1' is negative"},
      {"PlaySeedEmpty", {"play", "ruler", "HT", "--seed", ""}, "", 2, "--seed: empty; type a value"},
      {"PlayNearMissGame", {"play", "mock-turtle", "HT"}, "", 2, "did you mean 'mock-turtles'?"},
      {"PlayNoPosition", {"play", "ruler"}, "", 2, "no position given; type one such as HTTH"},
      {"PlayRandomZero", {"play", "ruler", "--random", "0"}, "", 2, "--random must be at least 1"},
      {"PlayRandomBoardOnARow", {"play", "ruler", "--random", "4x4"}, "", 2, "is the size of a board, but ruler"},
      {"PlayRandomWithPosition", {"play", "ruler", "HT", "--random", "4"}, "", 2, "give it without POSITION"},
      {"PlayRandomTooLarge",
       {"play", "ruler*ruler", "--random", "1000x1000"},
       "",
       2,
       "has 1000000 coins, over the limit of 131072"},
      {"PlayRandomWithoutAMove", {"play", "twins", "--random", "1"}, "", 2, "no coin of a box of 1 can move in twins"},
      {"PlayRandomWrongAxes",
       {"play", "ruler*ruler", "--random", "3x3x3"},
       "",
       2,
       "'ruler*ruler' has 2 factors but the size 3x3x3 has 3"},
      {"PlayHeadsWithoutSize", {"play", "ruler", "--heads", "1,2"}, "", 2, "--heads needs the size of the row"},
      {"PlayCoinsWithoutHeads", {"play", "ruler", "--coins", "9"}, "", 2, "--coins needs --heads"},
      {"PlayHeadsOutside", {"play", "ruler", "--coins", "4", "--heads", "7"}, "", 2, "7"},
      {"PlaySizeOnARow", {"play", "ruler", "--size", "3x3", "--heads", "0:0"}, "", 2, "--size is the box of a product"},
      {"PlayCoinsOnABoard",
       {"play", "ruler*ruler", "--coins", "3", "--heads", "0"},
       "",
       2,
       "--coins is the length of a row"},
      {"PlayPositionTwice",
       {"play", "ruler", "HT", "--coins", "2", "--heads", "0"},
       "",
       2,
       "the position is given twice"},
      {"PlayHugeTypedSize",
       {"play", "ruler*ruler", "--size", "400x400", "--heads", "0:0"},
       "",
       2,
       "over the 131072 that tartan play draws after every move"},
      {"PlayBoxDrawnAsRows", {"play", "ruler*ruler*ruler", "HT/TH"}, "", 2, "has 3 factors"},
  };
  return all;
}

class MalformedInputTest : public ::testing::TestWithParam<malformed_case> {};

TEST_P(MalformedInputTest, IsRefusedOnOneClearLine) {
  const malformed_case& c = GetParam();
  const tartan::test::cli_result r = run_tartan(c.args, c.input.str());
  EXPECT_LT(r.exit_code, 128) << "killed by a signal: " << r.err;
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  EXPECT_EQ(tartan::test::count_lines(r.err), 1u) << r.err;
  EXPECT_TRUE(!r.err.empty() && r.err.back() == '\n') << r.err;
  EXPECT_LT(r.err.size(), 300u) << r.err;
  EXPECT_THAT(r.err, HasSubstr(c.fragment));
  EXPECT_TRUE(r.out.empty()) << "standard output: " << r.out.substr(0, 200);
}

INSTANTIATE_TEST_SUITE_P(EveryCommand, MalformedInputTest, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<malformed_case>& info) { return info.param.name; });

// A game whose move count explodes (code 1-64: any 1 to 64 coins) is refused at the first coin whose options would
// take too long to list, saying so and how many values can be asked for; that many are then computed. Up to coin
// 63 a move may turn every coin below it, and the options are a span (no listing); coin 64 would list every set of
// at most 63 of its 64 coins, 2^64 - 1 sets: at 10^9 sets a second (the pace the estimate assumes) 2^64 / 10^9 s =
// 584.5 years, and 8 bytes a set more than 16 EiB, said in those units rather than as 18446744074 seconds.
TEST(MalformedInputSuiteTest, ExplodingEnumerationSaysHowFarItCanGo) {
  const auto refused = run_tartan({"seq", "1-64", "100", "--max-seconds", "0"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("; stopped at coin 64: listing its option values would enumerate 2^64 sets of "
                                     "coins, about 585 years and more than 16 EiB"));
  EXPECT_THAT(refused.err, HasSubstr(" for this coin alone"));
  EXPECT_THAT(refused.err, HasSubstr("; ask for at most 64 values (g(0..63))"));
  const auto computed = run_tartan({"seq", "1-64", "64"});
  ASSERT_EQ(computed.exit_code, 0) << computed.err;
  // Below coin 64 every set of coins to the left may be turned with n, so the options of n are the XORs of every
  // subset of g(0..n-1); with g(k) = 2^k those are 0 .. 2^n - 1, and the mex is 2^n.
  std::string expected;
  for (int n = 0; n < 64; ++n) expected += (n == 0 ? "" : " ") + std::to_string(std::uint64_t{1} << n);
  EXPECT_EQ(computed.out, expected + "\n");
}

// The engine's refusals carry their figures and say what to do in the engine's terms ("raise the memory limit to
// 31.0 MiB"); the CLI says it by flag and command name, with the values that fit.
TEST(MalformedInputSuiteTest, LimitsAreAdvisedByFlagName) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"seq", "ruler", "100000000", "--max-memory", "1M"},
       "; ask for fewer values, or raise the limit with --max-memory 96M\n"},
      {{"seq", "1-2", "100000000", "--max-memory", "1M"},
       "; ask for fewer values, or raise the limit with --max-memory 3G\n"},
      {{"table", "ruler*ruler", "--size", "4000x4000", "--max-memory", "1M"},
       "; give a smaller size, or raise the limit with --max-memory 123M\n"},
      {{"verify", "ruler*ruler", "--size", "2000x2000", "--max-memory", "1M"},
       "; give a smaller size, or raise the limit with --max-memory 31M or more\n"},
      {{"check", "mock-turtles", "--coins", "40"}, "over the limit of 2^24; check --coins at most 24\n"},
      {{"check", "mock-turtles", "--coins", "20", "--max-memory", "1K"},
       "; check --coins at most 4 for this game, or raise the limit with --max-memory 71M or more\n"},
      {{"check", "ruler*ruler", "--size", "4x4", "--max-memory", "1K"},
       "; boards up to 2x2 (4 coins) fit, or raise the limit with --max-memory 14M; use 'tartan verify' for larger "
       "boards\n"},
      {{"seq", "mock-turtle", "5"}, "did you mean 'mock-turtles'? type 'tartan games' for the list"},
      {{"table", "ruler*", "--size", "3x3"}, "factor 2 is empty"},
      {{"nim", "sqrt", "0x1" + std::string(32, '0'), "--bits", "128"},
       "does not fit in 128 bits; type a value below 2^128 or use a larger --bits\n"},
  };
  for (const auto& [args, advice] : cases) {
    const tartan::test::cli_result r = run_tartan(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_THAT(r.err, HasSubstr(advice));
    // The engine's own wording of the remedy is replaced, not repeated.
    EXPECT_THAT(r.err, ::testing::Not(HasSubstr("raise the memory limit to")));
    EXPECT_THAT(r.err, ::testing::Not(HasSubstr("check at most")));
    EXPECT_THAT(r.err, ::testing::Not(HasSubstr("name a built-in game")));
    EXPECT_THAT(r.err, ::testing::Not(HasSubstr("wider field")));
  }
}

// ---- random bytes on every input path ----

/// True when `s` is valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing beyond U+10FFFF).
bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    std::size_t n = 0;
    std::uint32_t cp = 0, least = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xe0) == 0xc0) {
      n = 2, cp = c & 0x1fu, least = 0x80;
    } else if ((c & 0xf0) == 0xe0) {
      n = 3, cp = c & 0x0fu, least = 0x800;
    } else if ((c & 0xf8) == 0xf0) {
      n = 4, cp = c & 0x07u, least = 0x10000;
    } else {
      return false;
    }
    if (i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      if ((b(i + k) & 0xc0) != 0x80) return false;
      cp = cp << 6 | (b(i + k) & 0x3fu);
    }
    if (cp < least || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n;
  }
  return true;
}

/// `n` bytes from `rng`, none of them NUL (an argument cannot hold one; standard input and files get NULs apart).
std::string random_bytes(std::mt19937& rng, std::size_t n) {
  std::uniform_int_distribution<int> byte(1, 255);
  std::string s(n, ' ');
  for (char& c : s) c = static_cast<char>(byte(rng));
  return s;
}

/// Checks a refusal of random bytes: one line, "error: " first, no control byte, DEL or invalid UTF-8, short, with
/// the reason and what to type after the quoted excerpt, exit 2, nothing on standard output.
void expect_clean_refusal(const tartan::test::cli_result& r, const std::string& where) {
  SCOPED_TRACE(where);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.back(), '\n');
  const std::string line = r.err.substr(0, r.err.size() - 1);
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_FALSE(u < 0x20 || u == 0x7f) << "byte " << static_cast<int>(u) << " in: " << line;
  }
  EXPECT_TRUE(valid_utf8(r.err)) << r.err;
  EXPECT_LE(r.err.size(), 220u) << r.err;
  // The reason follows the excerpt: the line goes on after the first quoted text (where a quote inside is \').
  std::size_t end = line.find('\'');
  while (end != std::string::npos) {
    end = line.find('\'', end + 1);
    if (end == std::string::npos || line[end - 1] != '\\') break;
  }
  ASSERT_NE(end, std::string::npos) << r.err;
  EXPECT_GE(line.size() - end, 25u) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
}

// Random bytes (a fixed seed) through every path that reads text: positions, --heads, game codes, @FILE, --claimed,
// nim numbers, matrices and graphs, each as an argument, on standard input and in a file, bare and after a valid
// start (so that the parsers get past their first character). Before: the bytes came back raw, about 1000 of them,
// with ESC, BEL and line breaks, and the reason after them was never seen.
TEST(MalformedInputSuiteTest, RandomBytesAreQuotedShortAndEscapedEverywhere) {
  std::mt19937 rng(20261125);
  const std::string file = "/tmp/tartan_random_bytes_" + std::to_string(::getpid()) + ".txt";
  for (int round = 0; round < 3; ++round) {
    const std::size_t length = round == 0 ? 3000 : round == 1 ? 200 : 45;
    const std::string noise = random_bytes(rng, length);
    std::string with_nul = noise;
    with_nul[length / 2] = '\0';
    {
      std::ofstream out(file, std::ios::binary);
      out << with_nul;
    }
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"analyze", "ruler", "-"}, with_nul},
        {{"analyze", "ruler", "HT" + noise}, ""},
        {{"analyze", "ruler*ruler", "-"}, with_nul},
        {{"analyze", "ruler*ruler", "HT/" + noise}, ""},
        {{"analyze", "ruler", "--coins", "10", "--heads", "-"}, with_nul},
        {{"analyze", "ruler", "--coins", "10", "--heads", "3," + noise}, ""},
        {{"analyze", "ruler*ruler", "--size", "4x4", "--heads", "1:" + noise}, ""},
        {{"analyze", "ruler", "HT", "+", "ruler", "4=" + noise}, ""},
        {{"analyze", "ruler", "--size", noise, "--heads", "1"}, ""},
        {{"seq", "1" + noise, "5"}, ""},
        {{"seq", noise, "5"}, ""},
        {{"seq", "ruler*" + noise, "5"}, ""},
        {{"analyze", "@" + file, "HT"}, ""},
        {{"seq", "@-", "5"}, with_nul},
        {{"table", "ruler*@" + file, "--size", "3x3"}, ""},
        {{"verify", "ruler*ruler", "--size", "2x2", "--claimed", "@-"}, with_nul},
        {{"verify", "ruler*ruler", "--size", "2x2", "--claimed", "@" + file}, ""},
        {{"check", "ruler", "--coins", "4", "--claimed", "1," + noise}, ""},
        {{"nim", "mul", noise, "3"}, ""},
        {{"nim", "mul", "12" + noise, "3"}, ""},
        {{"nim", "mul", "--batch"}, "1 " + with_nul},
        {{"nim", "det", "-"}, "1 " + with_nul},
        {{"nim", "solve", "x^2+" + noise}, ""},
        {{"graph", "-"}, "digraph { a -> " + with_nul},
        {{"play", "ruler", "HT" + noise}, ""},
        {{"play", "ruler", "--coins", "4", "--heads", noise}, ""},
        {{"play", "ruler", "HT", "--first", noise}, ""},
        {{"games", "--format", noise}, ""},
    };
    for (const auto& [args, input] : cases) {
      expect_clean_refusal(run_tartan(args, input),
                           "round " + std::to_string(round) + ": tartan " + args[0] + " " + args[1] + " ...");
    }
    // A move typed in play is refused on its own line (the game goes on), echoed and quoted escaped too.
    const tartan::test::cli_result played = run_tartan({"play", "ruler", "HTTH"}, noise + "\n" + noise + "\nquit\n");
    EXPECT_EQ(played.exit_code, 0) << played.err;
    EXPECT_TRUE(valid_utf8(played.out));
    for (const char c : played.out) {
      const auto u = static_cast<unsigned char>(c);
      EXPECT_FALSE((u < 0x20 && c != '\n') || u == 0x7f) << "byte " << static_cast<int>(u);
    }
    EXPECT_THAT(played.out, HasSubstr("refused: "));
  }
  std::remove(file.c_str());
}

/// The code points of `s` (valid UTF-8) that reorder or hide text on a terminal: the bidirectional embeddings,
/// overrides, marks and isolates, zero-width spaces and joiners, the soft hyphen, the byte-order mark, the line and
/// paragraph separators and the tag characters (Unicode's format characters and separators, as the issue named them).
std::vector<std::uint32_t> invisible_in(const std::string& s) {
  std::vector<std::uint32_t> found;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    std::uint32_t cp = n == 1 ? c : c & (0xff >> (n + 1));
    for (std::size_t k = 1; k < n && i + k < s.size(); ++k)
      cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    if (cp == 0xad || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
        (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff || (cp >= 0xe0000 && cp <= 0xe007f)) {
      found.push_back(cp);
    }
    i += n;
  }
  return found;
}

// Before: a right-to-left override in a position was printed raw between the quotes ("position: 'HT<U+202E>H'..."), so
// the terminal drew the rest of the line backwards; so were the other format characters, on every path that quotes
// typed text. Each is now escaped (\u{202e}) by the one quoting function, whatever the command and the argument.
TEST(MalformedInputSuiteTest, FormatCharactersAreEscapedInEveryMessage) {
  const std::string dir = "/tmp/tartan_format_characters_" + std::to_string(::getpid());
  for (const std::string c : {"\u202e", "\u2066", "\u200b", "\ufeff", "\u00ad", "\u2028", "\U000E0041"}) {
    const std::vector<std::vector<std::string>> cases = {
        {"analyze", "ruler", "HT" + c + "H"},
        {"analyze", "ruler", "--coins", "5", "--heads", "1," + c + "2"},
        {"analyze", "kayles", "--heaps", "3," + c + "4"},
        {"analyze", "@" + dir + "/game" + c + ".code", "HT"},
        {"seq", "1-3" + c, "5"},
        {"seq", "rul" + c + "er", "5"},
        {"seq", "0.7" + c + "7", "5"},
        {"seq", "ruler", "1" + c + "0"},
        {"seq", "ruler", "5", "--svg", dir + "/plot" + c + ".png"},
        {"seq", "ruler", "5", "--max-seconds", "6" + c},
        {"census", "turning", "a-b" + c},
        {"census", "file", dir + "/rules" + c + ".txt"},
        {"census", "octal", "--digits", "1", "--d0", "4" + c},
        {"check", "ruler", "--coins", "4", "--claimed", "1," + c + "2,4,1"},
        {"verify", "ruler*ruler", "--size", "4x" + c + "4"},
        {"nim", "mul", "3" + c, "5"},
        {"graph", dir + "/graph" + c + ".txt"},
        {"table", "ruler*rul" + c + "er", "--size", "4x4"},
        {"play", "ruler", "HT" + c},
        {"seq", "ruler", "5", "--val" + c + "ues", "3"},
        {"se" + c + "q", "ruler", "5"},
    };
    for (const auto& args : cases) {
      const tartan::test::cli_result r = run_tartan(args);
      SCOPED_TRACE("tartan " + args[0] + " " + args[1] + " ...: " + r.err);
      EXPECT_NE(r.exit_code, 0);
      EXPECT_TRUE(invisible_in(r.err).empty()) << "raw U+" << std::hex << invisible_in(r.err).front();
      EXPECT_TRUE(invisible_in(r.out).empty()) << r.out.substr(0, 200);
    }
  }
}

// Before: a UTF-8 byte-order mark (EF BB BF, which some editors write first) was read as part of the text, so a rules
// file, a game file, a matrix or a graph saved by such an editor was refused ("'\u{feff}0.77' ... is not ..."). It is
// skipped in every file tartan reads as text, and on standard input.
TEST(MalformedInputSuiteTest, ByteOrderMarkIsSkippedInEveryFileRead) {
  const std::string dir = "/tmp/tartan_byte_order_mark_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::string bom = "\xef\xbb\xbf";
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name, std::ios::binary) << bom << text;
    return dir + "/" + name;
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"census", "file", write("rules.txt", "0.77\n0.07\n"), "--length", "100"}, "0.77  kayles"},
      {{"seq", "@" + write("game.code", "1-3\n"), "4"}, "1 2 4 7"},
      {{"analyze", "@" + write("kayles.code", "0.77"), "--heaps", "3"}, "value: 3"},
      {{"nim", "det", write("matrix.txt", "1 0\n0 1\n")}, "1"},
      {{"graph", write("graph.txt", "a b\n")}, "a"},
      {{"check", "1-3", "--coins", "4", "--claimed", "@" + write("claimed.txt", "1,2,4,7\n")}, "mismatches: 0"},
      {{"verify", "ruler*ruler", "--size", "2x2", "--claimed", "@" + write("table.txt", "1 2\n2 3\n")}, "ok: "},
  };
  for (const auto& [args, shown] : cases) {
    const tartan::test::cli_result r = run_tartan(args);
    SCOPED_TRACE("tartan " + args[0] + " " + args[1]);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr(shown));
  }
  const tartan::test::cli_result piped = run_tartan({"analyze", "ruler", "-"}, bom + "HTH\n");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_THAT(piped.out, HasSubstr("value: "));
  std::filesystem::remove_all(dir);
}

TEST(MalformedInputSuiteTest, CoversEveryCommandWithAtLeastSeventyCases) {
  EXPECT_GE(cases().size(), 70u);
  for (const char* command : {"nim", "games", "seq", "analyze", "check", "graph", "table", "verify", "play"}) {
    std::size_t n = 0;
    for (const malformed_case& c : cases()) n += !c.args.empty() && c.args[0] == command;
    EXPECT_GE(n, 2u) << command;
  }
}

}  // namespace
