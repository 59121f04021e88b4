// Published reference data for the tests: OEIS entries and Library Checker nim products, vendored in tests/data (its
// README names each file's source) and laid out by the build under TARTAN_REFERENCE_DIR. One reader for every test,
// so that a missing or empty file fails the test that needed it, with the path, instead of comparing nothing.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace tartan::test {

/// An OEIS entry: its terms from the %S/%T/%U data lines, in order, and the index of the first (%O).
struct oeis_entry {
  std::vector<std::uint64_t> terms;
  long long offset = 0;
};

/// Reads tests/data/oeis/<id>.seq (id such as "A000069"); a missing file or one without terms fails the test.
inline oeis_entry read_oeis_entry(const std::string& id) {
  const std::string path = std::string(TARTAN_REFERENCE_DIR) + "/oeis/" + id + ".seq";
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read the reference file " << path;
  oeis_entry entry;
  std::string line, data;
  while (std::getline(in, line)) {
    if (line.size() < 3 || line[0] != '%' || line[2] != ' ') continue;
    const std::size_t value_at = line.find(' ', 3);  // after "%S A000069"
    if (value_at == std::string::npos) continue;
    const std::string value = line.substr(value_at + 1);
    if (line[1] == 'S' || line[1] == 'T' || line[1] == 'U') data += value + ",";
    if (line[1] == 'O') entry.offset = std::stoll(value.substr(0, value.find(',')));
  }
  std::replace(data.begin(), data.end(), ',', ' ');
  std::istringstream numbers(data);
  for (std::uint64_t v; numbers >> v;) entry.terms.push_back(v);
  EXPECT_FALSE(entry.terms.empty()) << "no terms in " << path;
  return entry;
}

/// The terms of an OEIS entry, a(offset) first.
inline std::vector<std::uint64_t> oeis_terms(const std::string& id) { return read_oeis_entry(id).terms; }

/// One line `A B A⊗B` of a Library Checker nim_product_64 file.
struct nim_product_case {
  std::uint64_t a = 0, b = 0, product = 0;
};

/// Reads tests/data/library-checker/nim_product_64_<name>.txt (name such as "small_few_00"), skipping its # lines.
inline std::vector<nim_product_case> read_library_checker(const std::string& name) {
  const std::string path = std::string(TARTAN_REFERENCE_DIR) + "/library-checker/nim_product_64_" + name + ".txt";
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read the reference file " << path;
  std::vector<nim_product_case> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    nim_product_case c;
    if (fields >> c.a >> c.b >> c.product) cases.push_back(c);
  }
  EXPECT_FALSE(cases.empty()) << "no products in " << path;
  return cases;
}

/// OEIS A380496's a-file (tests/data/ordinals/oeis_a380496.txt, rows "n m", m the excess of Lenstra's alpha_p for
/// the n-th odd prime p, "?" where unknown) as prime -> excess (nullopt where unknown), the primes counted here by
/// trial division, independently of the engine.
inline std::map<unsigned, std::optional<std::uint64_t>> oeis_a380496() {
  std::map<unsigned, std::optional<std::uint64_t>> excess;
  std::ifstream in(std::string(TARTAN_REFERENCE_DIR) + "/ordinals/oeis_a380496.txt");
  EXPECT_TRUE(in) << "cannot read oeis_a380496.txt";
  unsigned p = 1;
  std::size_t rows = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    do {  // the next odd prime
      p += 2;
    } while ([p] {
      for (unsigned d = 3; d * d <= p; d += 2)
        if (p % d == 0) return true;
      return false;
    }());
    std::istringstream fields(line);
    std::size_t n = 0;
    std::string value;
    fields >> n >> value;
    EXPECT_EQ(n, ++rows) << line;
    excess[p] = value == "?" ? std::nullopt : std::optional<std::uint64_t>(std::stoull(value));
  }
  return excess;
}

}  // namespace tartan::test
