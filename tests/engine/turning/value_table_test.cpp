// Tests for turning/value_table.hpp: values kept in the narrowest width and widened as they grow, in memory and in a
// value file (where widening rewrites the file and the values survive a reopening), the memory limit on widening,
// and reading the values back in every way the table offers.
#include "tartan/turning/value_table.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/error.hpp"

namespace {

using tartan::grundy_value;
using tartan::value_table;
using tartan::test::temporary_dir;

/// Values that need 1, then 2, 4 and 8 bytes, with small ones between.
std::vector<grundy_value> growing_values() {
  std::mt19937_64 rng(26);
  std::vector<grundy_value> v;
  for (const int bits : {8, 16, 32, 64}) {
    for (int i = 0; i < 300; ++i) {
      const grundy_value top = bits == 64 ? ~grundy_value{0} : (grundy_value{1} << bits) - 1;
      v.push_back(i % 3 == 0 ? rng() % 5 : rng() % (top / 2) + top / 2);
    }
  }
  return v;
}

TEST(ValueTableTest, WidensAsValuesGrowInMemory) {
  value_table t;
  EXPECT_EQ(t.width(), 1);
  const std::vector<grundy_value> values = growing_values();
  int widest = 1;
  for (std::size_t n = 0; n < values.size(); ++n) {
    t.push_back(values[n]);
    widest = std::max(widest, values[n] <= 0xFF ? 1 : values[n] <= 0xFFFF ? 2 : values[n] <= 0xFFFFFFFF ? 4 : 8);
    ASSERT_EQ(t.width(), widest) << n;
  }
  EXPECT_EQ(t.size(), values.size());
  EXPECT_EQ(t.to_vector(), values);
  EXPECT_TRUE(t == values);
  for (std::size_t n = 0; n < values.size(); ++n) ASSERT_EQ(t[n], values[n]) << n;
  std::vector<grundy_value> iterated(t.begin(), t.end());
  EXPECT_EQ(iterated, values);
  std::vector<grundy_value> middle(100);
  t.copy_to(250, middle);
  EXPECT_EQ(middle, std::vector<grundy_value>(values.begin() + 250, values.begin() + 350));
  const grundy_value sum = t.visit([&](const auto* v) { return std::accumulate(v, v + t.size(), grundy_value{0}); });
  EXPECT_EQ(sum, std::accumulate(values.begin(), values.end(), grundy_value{0}));
}

TEST(ValueTableTest, AMinimumWidthAndWideValues) {
  value_table t(8);
  t.push_back(3);
  EXPECT_EQ(t.width(), 8);
  EXPECT_EQ(t.wide_values().size(), 1u);
  EXPECT_EQ(t.wide_values()[0], 3u);
  value_table u;
  for (grundy_value v = 0; v < 10; ++v) u.push_back(v);
  u.widen_to(4);
  EXPECT_EQ(u.width(), 4);
  EXPECT_EQ(u.to_vector(), (std::vector<grundy_value>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  u.truncate(4);
  EXPECT_EQ(u.to_vector(), (std::vector<grundy_value>{0, 1, 2, 3}));
}

TEST(ValueTableTest, WidensInAFileAndKeepsTheValuesOnReopening) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  const tartan::value_file_game game{"widening", ""};
  const std::vector<grundy_value> values = growing_values();
  {
    value_table t = value_table::create_file(path, game, values.size());
    for (std::size_t n = 0; n < values.size(); ++n) {
      t.push_back(values[n]);
      if (n % 97 == 0) t.commit(values.size(), false);
    }
    EXPECT_EQ(t.width(), 8);
    EXPECT_EQ(t.file_path(), path);
    t.commit(values.size(), true);
  }
  EXPECT_FALSE(std::filesystem::exists(path + ".widening"));
  const tartan::value_file_info info = tartan::read_value_file(path);
  EXPECT_EQ(info.width, 8);
  EXPECT_EQ(info.count, values.size());
  EXPECT_TRUE(info.complete);
  const value_table back = value_table::open_file(path, game);
  EXPECT_EQ(back.to_vector(), values);
}

TEST(ValueTableTest, UncommittedValuesAreNotTakenUp) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  const tartan::value_file_game game{"0.16", "0.16"};
  {
    value_table t = value_table::create_file(path, game, 1000);
    for (grundy_value v = 0; v < 100; ++v) t.push_back(v % 3);
    t.commit(1000, false);
    for (grundy_value v = 100; v < 150; ++v) t.push_back(v % 3);  // never committed
  }
  {
    const value_table back = value_table::open_file(path, game);
    EXPECT_EQ(back.size(), 100u);
    EXPECT_EQ(back.committed(), 100u);
  }
  // A wider minimum widens the file as it is opened.
  value_table wide = value_table::open_file(path, game, 8);
  EXPECT_EQ(wide.width(), 8);
  EXPECT_EQ(wide.size(), 100u);
  EXPECT_EQ(tartan::read_value_file(path).width, 8);
}

TEST(ValueTableTest, WideningPastTheMemoryLimitIsRefusedAndKeepsTheValues) {
  value_table t;
  t.reserve(1 << 20);
  t.limit_memory(2 << 20);  // 1 MiB of bytes fits; 2 MiB of 16-bit values beside them does not
  for (grundy_value v = 0; v < 1000; ++v) t.push_back(v % 200);
  const std::string message = tartan::test::message_of([&] { t.push_back(300); });
  EXPECT_NE(message.find("keeping 1048576 values of 2 bytes in memory needs about 3.0 MiB, over the memory limit of "
                         "2.0 MiB"),
            std::string::npos)
      << message;
  EXPECT_EQ(t.width(), 1);
  EXPECT_EQ(t.size(), 1000u);
  EXPECT_EQ(t[999], 999u % 200);
}

}  // namespace
