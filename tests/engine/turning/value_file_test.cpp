// Tests for turning/value_file.hpp: the format as documented (the header read here byte by byte, not through the
// engine), the checks that refuse damaged and foreign files in one line, the record that survives a write cut short,
// and the refusals for the disk's space and the file size limit.
#include "tartan/turning/value_file.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/error_message.hpp"
#include "support/temporary_dir.hpp"
#include "tartan/core/crc32c.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/value_table.hpp"
#include "turning/value_file_map.hpp"

namespace {

using tartan::grundy_value;
using tartan::value_file_game;
using tartan::value_table;
using tartan::test::temporary_dir;

std::vector<unsigned char> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::vector<unsigned char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::uint64_t le(const std::vector<unsigned char>& b, std::size_t at, int size) {
  std::uint64_t v = 0;
  for (int i = 0; i < size; ++i) v |= static_cast<std::uint64_t>(b[at + static_cast<std::size_t>(i)]) << (8 * i);
  return v;
}

void put_le(std::vector<unsigned char>& b, std::size_t at, int size, std::uint64_t v) {
  for (int i = 0; i < size; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<unsigned char>(v >> (8 * i));
}

const value_file_game sixteen{"0.16", "0.16"};

/// A value file of `values` (recorded), written through a table.
void write_values(const std::string& path, const std::vector<grundy_value>& values, std::uint64_t capacity) {
  value_table t = value_table::create_file(path, sixteen, capacity);
  for (const grundy_value v : values) t.push_back(v);
  t.commit(capacity, values.size() == capacity);
}

TEST(ValueFileTest, TheLayoutIsAsDocumented) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  const std::vector<grundy_value> values = {0, 1, 0, 0, 1, 2, 2, 1, 4, 0};
  write_values(path, values, 10);
  const std::vector<unsigned char> b = bytes_of(path);
  ASSERT_GE(b.size(), 4096u + 10u);
  EXPECT_EQ(std::string(b.begin(), b.begin() + 8), "TARTANGV");
  EXPECT_EQ(le(b, 8, 4), 1u);   // version
  EXPECT_EQ(le(b, 12, 4), 1u);  // one byte a value
  EXPECT_EQ(le(b, 16, 8), 4096u);
  EXPECT_EQ(le(b, 24, 4), 4u);
  EXPECT_EQ(le(b, 28, 4), 4u);
  EXPECT_EQ(std::string(b.begin() + 1536, b.begin() + 1544), "0.160.16");
  // The identity's checksum covers bytes 0..31, the name and the code.
  std::vector<unsigned char> covered(b.begin(), b.begin() + 32);
  covered.insert(covered.end(), b.begin() + 1536, b.begin() + 1544);
  EXPECT_EQ(le(b, 32, 4), tartan::crc32c(covered.data(), covered.size()));
  // The current record: the larger number of the two whole ones; it counts the ten values, asked for ten.
  const std::size_t current = le(b, 512, 8) > le(b, 1024, 8) ? 512 : 1024;
  EXPECT_EQ(le(b, current + 8, 8), 10u);
  EXPECT_EQ(le(b, current + 16, 8), 10u);
  EXPECT_EQ(le(b, current + 28, 4) & 1, 1u);  // complete
  EXPECT_EQ(le(b, current + 32, 4), tartan::crc32c(b.data() + current, 32));
  EXPECT_EQ(le(b, current + 24, 4), tartan::crc32c(b.data() + 4096, 10));
  for (std::size_t n = 0; n < values.size(); ++n) EXPECT_EQ(b[4096 + n], values[n]) << n;

  const tartan::value_file_info info = tartan::read_value_file(path);
  EXPECT_EQ(info.game.name, "0.16");
  EXPECT_EQ(info.game.code, "0.16");
  EXPECT_EQ(info.width, 1);
  EXPECT_EQ(info.count, 10u);
  EXPECT_EQ(info.requested, 10u);
  EXPECT_TRUE(info.complete);
}

TEST(ValueFileTest, AWideFileAndALongCode) {
  const temporary_dir dir;
  const std::string path = dir.file("w.bin");
  std::string code = "0.";
  for (int i = 0; i < 3000; ++i) code += '3';  // a code past 2.5 KB: the values start a page later
  {
    value_table t = value_table::create_file(path, {"long", code}, 4);
    for (const grundy_value v : {grundy_value{7}, grundy_value{1} << 40, grundy_value{3}}) t.push_back(v);
    t.commit(4, false);
  }
  const std::vector<unsigned char> b = bytes_of(path);
  EXPECT_EQ(le(b, 12, 4), 8u);
  EXPECT_EQ(le(b, 16, 8), 8192u);
  EXPECT_EQ(le(b, 8192 + 8, 8), grundy_value{1} << 40);
  const tartan::value_file_info info = tartan::read_value_file(path);
  EXPECT_EQ(info.game.code, code);
  EXPECT_EQ(info.count, 3u);
  EXPECT_FALSE(info.complete);
}

TEST(ValueFileTest, RefusesFilesThatAreNotValueFilesOrAreDamaged) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  write_values(path, {0, 1, 0, 0, 1, 2, 2, 1, 4, 0}, 10);
  const std::vector<unsigned char> good = bytes_of(path);
  const auto refused = [&](const std::vector<unsigned char>& bytes, const std::string& why) {
    write_bytes(path, bytes);
    const std::string message = tartan::test::message_of([&] { tartan::read_value_file(path); });
    EXPECT_NE(message.find(why), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    // A checkpoint is refused the same way, and the file is left as it was.
    EXPECT_THROW(value_table::open_file(path, sixteen), tartan::parse_error);
    EXPECT_EQ(bytes_of(path), bytes);
  };
  refused(std::vector<unsigned char>{'h', 'e', 'l', 'l', 'o', '\n', 0, 0, 0, 0}, "is not a tartan value file");
  std::vector<unsigned char> b = good;
  b.resize(4096 + 5);  // cut short: 10 values recorded, 5 held
  refused(b, "cut short");
  b = good;
  b[4096 + 3] ^= 1;  // one value changed
  refused(b, "do not match their checksum");
  b = good;
  b[1537] = 'x';  // the game's name changed
  refused(b, "its header does not match its checksum");
  b = good;
  put_le(b, 8, 4, 2);
  refused(b, "format version 2");
  // A width the format does not know, its checksum made right.
  b = good;
  put_le(b, 12, 4, 3);
  std::vector<unsigned char> covered(b.begin(), b.begin() + 32);
  covered.insert(covered.end(), b.begin() + 1536, b.begin() + 1544);
  put_le(b, 32, 4, tartan::crc32c(covered.data(), covered.size()));
  refused(b, "3 bytes wide");
  b = good;
  for (const std::size_t at : {512, 1024}) b[at + 32] ^= 1;  // both records torn
  refused(b, "neither of its commit records is whole");
}

TEST(ValueFileTest, ARecordCutShortLeavesThePreviousOne) {
  // A commit writes the record the previous commit did not: a process killed while writing it leaves that one
  // whole, and the file is taken up from the values it counts.
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  {
    value_table t = value_table::create_file(path, sixteen, 100);
    for (int n = 0; n < 40; ++n) t.push_back(static_cast<grundy_value>(n % 7));
    t.commit(100, false);
    for (int n = 40; n < 70; ++n) t.push_back(static_cast<grundy_value>(n % 7));
    t.commit(100, false);
  }
  std::vector<unsigned char> b = bytes_of(path);
  const std::size_t current = le(b, 512, 8) > le(b, 1024, 8) ? 512 : 1024;
  ASSERT_EQ(le(b, current + 8, 8), 70u);
  b[current + 20] ^= 0x55;  // the newest record half written
  write_bytes(path, b);
  EXPECT_EQ(tartan::read_value_file(path).count, 40u);
  value_table t = value_table::open_file(path, sixteen);
  ASSERT_EQ(t.size(), 40u);
  for (std::size_t n = 0; n < 40; ++n) EXPECT_EQ(t[n], n % 7) << n;
  t.push_back(5);  // and goes on from there
  t.commit(100, false);
  EXPECT_EQ(tartan::read_value_file(path).count, 41u);
}

TEST(ValueFileTest, ACheckpointOfAnotherGameIsRefused) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  write_values(path, {0, 1, 0}, 3);
  const std::string message = tartan::test::message_of([&] {
    static_cast<void>(value_table::open_file(path, {"treblecross", "0.007"}));
  });
  EXPECT_NE(message.find("holds values of 0.16, not of treblecross (code 0.007)"), std::string::npos) << message;
  // The same game under another name is the same game: its code is.
  EXPECT_EQ(value_table::open_file(path, {"my-octal", "0.16"}).size(), 3u);
  EXPECT_EQ(tartan::read_value_file(path).count, 3u);
}

TEST(ValueFileTest, AFileInUseByAnotherRunIsRefused) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  value_table first = value_table::create_file(path, sixteen, 100);
  first.push_back(1);
  first.commit(100, false);
  for (const bool create : {false, true}) {
    const std::string message = tartan::test::message_of([&] {
      if (create) {
        static_cast<void>(value_table::create_file(path, sixteen, 100));
      } else {
        static_cast<void>(value_table::open_file(path, sixteen));
      }
    });
    EXPECT_NE(message.find("is in use by another tartan run"), std::string::npos) << message;
  }
  EXPECT_EQ(tartan::read_value_file(path).count, 1u);  // not emptied by the refused creation
}

TEST(ValueFileTest, UnwritablePathsAreRefusedInOneLine) {
  const temporary_dir dir;
  for (const std::string& path : {dir.file("no/such/dir/v.bin"), dir.file("")}) {
    const std::string message =
        tartan::test::message_of([&] { static_cast<void>(value_table::create_file(path, sixteen, 10)); });
    EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ValueFileTest, TheDiskAndTheFileSizeLimitBoundAFile) {
  const temporary_dir dir;
  const std::string path = dir.file("v.bin");
  // More than the disk holds: refused before the file is made, with the free space named.
  const std::string message = tartan::test::message_of(
      [&] { static_cast<void>(value_table::create_file(path, sixteen, std::uint64_t{1} << 62, 8)); });
  EXPECT_NE(message.find("of disk, over the"), std::string::npos) << message;
  EXPECT_FALSE(std::filesystem::exists(path));
  // ulimit -f: refused rather than ended by SIGXFSZ.
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit small = old;
  small.rlim_cur = 1 << 16;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string limited =
      tartan::test::message_of([&] { static_cast<void>(value_table::create_file(path, sixteen, 1 << 20)); });
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &old), 0);
  EXPECT_NE(limited.find("over the file size limit of 64.0 KiB (ulimit -f)"), std::string::npos) << limited;
}

}  // namespace
