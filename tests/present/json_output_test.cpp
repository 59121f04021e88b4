// Exact integers in JSON for readers that hold numbers as doubles (jq, JavaScript's JSON.parse): --big-as-strings
// and big_integer_quoter (tartan/present/json_output.hpp).
// - the quoter against nlohmann's own reading of seeded random documents: every integer beyond 2^53 - 1 becomes the
//   string of its digits, every other value is left as it was, whole or fed in pieces cut anywhere;
// - the commands: Motley's values g(n) = 2^n (Winning Ways, vol. 3, ch. 14: the options of coin n are every XOR of
//   2^0 .. 2^(n-1)) written as strings from 2^53 on, the nim products of the batch against the nim product's
//   algebraic identities, and every command with --json taking the option.
#include "tartan/present/json_output.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using json = nlohmann::json;
using tartan::present::big_integers_as_strings;
using tartan::present::max_exact_json_integer;
using tartan::test::run_tartan;

constexpr std::uint64_t two_to_53 = std::uint64_t{1} << 53;

/// What the quoter must make of `v`: an integer beyond 2^53 - 1 in magnitude as the string of its digits.
json expected_reading(const json& v) {
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > max_exact_json_integer) return v.dump();
  if (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < -std::int64_t{two_to_53 - 1}) {
    return v.dump();
  }
  if (v.is_array() || v.is_object()) {
    json out = v;
    for (auto& item : out) item = expected_reading(item);
    return out;
  }
  return v;
}

/// A random JSON value: integers near 2^53 and up to 2^64 - 1, negative ones, fractions, strings holding digits and
/// escaped quotes, nested arrays and objects.
json random_value(std::mt19937_64& rng, int depth) {
  switch (std::uniform_int_distribution<int>(0, depth > 0 ? 7 : 5)(rng)) {
    case 0:
      return rng();  // any 64-bit integer
    case 1:
      return two_to_53 - 2 + std::uniform_int_distribution<std::uint64_t>(0, 3)(rng);  // around 2^53
    case 2:
      return -static_cast<std::int64_t>(two_to_53 - 2 + (rng() % 4));  // around -2^53
    case 3:
      return static_cast<double>(rng() % 1000) / 8.0 + 1e17;  // fractions and exponents
    case 4:
      return "n \"" + std::to_string(rng()) + "\\ 123456789012345678";  // digits inside a string
    case 5:
      return rng() % 2 == 0 ? json(nullptr) : json(rng() % 2 == 0);
    case 6: {
      json a = json::array();
      for (int i = 0; i < 4; ++i) a.push_back(random_value(rng, depth - 1));
      return a;
    }
    default: {
      json o = json::object();
      for (int i = 0; i < 4; ++i) o["k" + std::to_string(rng() % 1000000000000000000)] = random_value(rng, depth - 1);
      return o;
    }
  }
}

TEST(BigIntegerQuoterTest, QuotesExactlyTheIntegersBeyondTwoToThe53) {
  EXPECT_EQ(big_integers_as_strings(R"({"value":576460752303423489,"coins":60})"),
            R"({"value":"576460752303423489","coins":60})");
  EXPECT_EQ(big_integers_as_strings("[9007199254740991,9007199254740992,-9007199254740991,-9007199254740992]"),
            R"([9007199254740991,"9007199254740992",-9007199254740991,"-9007199254740992"])");
  EXPECT_EQ(big_integers_as_strings(R"([1.8446744073709552e+19,12345678901234567.5,"18446744073709551615"])"),
            R"([1.8446744073709552e+19,12345678901234567.5,"18446744073709551615"])");
  EXPECT_EQ(big_integers_as_strings("123456789012345678901234567890"), R"("123456789012345678901234567890")");
  EXPECT_EQ(big_integers_as_strings(R"({"s":"a\"b\\","n":[true,false,null,18446744073709551615]})"),
            R"({"s":"a\"b\\","n":[true,false,null,"18446744073709551615"]})");
}

TEST(BigIntegerQuoterTest, RandomDocumentsReadAsNlohmannReadsThemWholeOrInPieces) {
  std::mt19937_64 rng(24);
  for (int trial = 0; trial < 300; ++trial) {
    const json document = random_value(rng, 3);
    const std::string text = document.dump();
    const std::string whole = big_integers_as_strings(text);
    EXPECT_EQ(json::parse(whole), expected_reading(document)) << text;
    // Cut anywhere: the same text.
    tartan::present::big_integer_quoter quoter;
    std::string pieces;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t n = std::min<std::size_t>(text.size() - at, rng() % 5);
      quoter.put(std::string_view(text).substr(at, n), pieces);
      at += n;
    }
    quoter.finish(pieces);
    EXPECT_EQ(pieces, whole) << text;
  }
}

/// H, then `coins` - 2 tails, then H.
std::string ends_heads(int coins) { return "H" + std::string(static_cast<std::size_t>(coins - 2), 'T') + "H"; }

TEST(BigAsStringsCliTest, AnalyzeWritesMotleysValuesBeyondTwoToThe53AsStrings) {
  // Motley's g(n) = 2^n: the position H T^58 H is worth 2^0 XOR 2^59.
  const auto r = run_tartan({"analyze", "motley", ends_heads(60), "--options", "3", "--json", "--big-as-strings"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json a = json::parse(r.out);
  EXPECT_EQ(a["value"], std::to_string((std::uint64_t{1} << 59) + 1));
  EXPECT_EQ(a["coins"], 60);  // small integers stay numbers
  // The options of coin 59 turn it with any subset of the coins below; turning coin 59 alone leaves 2^0.
  for (const json& o : a["options"]) {
    std::uint64_t left = (std::uint64_t{1} << 59) + 1;
    for (const json& c : o["move"]) left ^= std::uint64_t{1} << c.get<int>();
    EXPECT_EQ(o["value"], left > max_exact_json_integer ? json(std::to_string(left)) : json(left)) << o.dump();
  }
  // Without the option, the same document with numbers.
  const auto plain = run_tartan({"analyze", "motley", ends_heads(60), "--options", "3", "--json"});
  EXPECT_EQ(plain.out.find("\"576460752303423489\""), std::string::npos);
  EXPECT_EQ(big_integers_as_strings(plain.out), r.out);
}

TEST(BigAsStringsCliTest, SeqWritesStringsFromTwoToThe53OnInJsonAndJsonLines) {
  const auto r = run_tartan({"seq", "motley", "64", "--json", "--big-as-strings"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json values = json::parse(r.out)["values"];
  ASSERT_EQ(values.size(), 64u);
  for (int n = 0; n < 64; ++n) {
    const std::uint64_t g = std::uint64_t{1} << n;
    EXPECT_EQ(values[static_cast<std::size_t>(n)], n >= 53 ? json(std::to_string(g)) : json(g)) << "g(" << n << ")";
  }
  const auto lines = run_tartan({"seq", "motley", "64", "--jsonl", "--big-as-strings"});
  ASSERT_EQ(lines.exit_code, 0) << lines.err;
  std::istringstream in(lines.out);
  std::string line;
  for (int n = 0; n < 64 && std::getline(in, line); ++n) {
    const std::uint64_t g = std::uint64_t{1} << n;
    EXPECT_EQ(json::parse(line)["g"], n >= 53 ? json(std::to_string(g)) : json(g)) << line;
  }
}

TEST(BigAsStringsCliTest, NimProductsOfTheBatchAndOfOnePairAreStringsWhenBig) {
  // 2^32 ⊗ 2^32 = 3·2^31 (a Fermat 2-power F squared is 3F/2); 2^63 ⊗ 1 = 2^63; 3 ⊗ 3 = 2.
  const auto batch = run_tartan({"nim", "mul", "--batch", "--json", "--big-as-strings"},
                                "4294967296 4294967296\n9223372036854775808 1\n3 3\n");
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  EXPECT_EQ(json::parse(batch.out), json::parse(R"([6442450944,"9223372036854775808",2])"));
  const auto one = run_tartan({"nim", "mul", "9223372036854775808", "1", "--json", "--big-as-strings"});
  EXPECT_EQ(json::parse(one.out)["result"], "9223372036854775808");
  const auto field = run_tartan({"nim", "sqrt", "9223372036854775808", "--json", "--big-as-strings"});
  ASSERT_EQ(field.exit_code, 0) << field.err;
  // sqrt is the inverse of squaring: the root read exactly squares back to 2^63.
  const json root = json::parse(field.out)["result"];
  const std::string root_text = root.is_string() ? root.get<std::string>() : root.dump();
  const auto square = run_tartan({"nim", "square", root_text});
  EXPECT_EQ(square.out, "9223372036854775808\n");
}

TEST(BigAsStringsCliTest, EveryCommandWithJsonTakesItAndItNeedsJson) {
  const std::vector<std::vector<std::string>> commands = {
      {"games"},  {"seq"},        {"analyze"},      {"check"},       {"graph"},      {"table"},
      {"verify"}, {"nim", "mul"}, {"nim", "table"}, {"nim", "sqrt"}, {"nim", "det"}, {"nim", "log"}};
  for (std::vector<std::string> command : commands) {
    command.push_back("--help");
    const auto help = run_tartan(command);
    EXPECT_NE(help.out.find("--json"), std::string::npos) << command[0];
    EXPECT_NE(help.out.find("--big-as-strings"), std::string::npos) << command[0] << " " << command[1];
  }
  const auto text = run_tartan({"seq", "motley", "8", "--big-as-strings"});
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_EQ(text.err,
            "error: --big-as-strings changes how JSON writes large integers; add --json, or leave --big-as-strings "
            "out\n");
  EXPECT_EQ(text.out, "");
}

}  // namespace
