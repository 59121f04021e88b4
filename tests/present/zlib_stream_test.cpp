// tartan/present/zlib_stream.hpp: the zlib streams inside the PNG images of large pictures. The stored stream (what
// the WebAssembly build, which has no zlib, writes) and the compressed one are read back by zlib's own inflate, and
// the CRC-32 is zlib's, on seeded random data of lengths around the 65 535-byte limit of a stored block.
#include "tartan/present/zlib_stream.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <random>
#include <string>

namespace {

/// zlib's inflate of a zlib stream expected to hold `size` bytes; "" with a failure when it does not.
std::string inflated(const std::string& stream, std::size_t size) {
  std::string out(size + 1, '\0');  // one byte more: a stream holding more than `size` bytes shows
  uLongf length = static_cast<uLongf>(out.size());
  const int status = uncompress(reinterpret_cast<Bytef*>(out.data()), &length,
                                reinterpret_cast<const Bytef*>(stream.data()), static_cast<uLong>(stream.size()));
  EXPECT_EQ(status, Z_OK);
  out.resize(length);
  return out;
}

std::string random_bytes(std::mt19937& rng, std::size_t n) {
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(rng() % 7);  // few values, as a picture's palette indices
  return s;
}

TEST(ZlibStreamTest, StoredStreamsInflateToTheirData) {
  std::mt19937 rng(40);
  for (const std::size_t n : {0U, 1U, 2U, 65534U, 65535U, 65536U, 131070U, 131071U, 200001U}) {
    const std::string data = random_bytes(rng, n);
    const std::string stream = tartan::present::zlib_stream_stored(data);
    EXPECT_EQ(stream.size(), 2 + 5 * std::max<std::size_t>(1, (n + 65534) / 65535) + n + 4) << n;
    EXPECT_EQ(inflated(stream, n), data) << n;
  }
  EXPECT_EQ(tartan::present::zlib_stream_stored(""), std::string("\x78\x01\x01\x00\x00\xff\xff\x00\x00\x00\x01", 11));
}

TEST(ZlibStreamTest, TheStreamOfThisBuildInflatesToItsData) {
  std::mt19937 rng(41);
  const std::string data = random_bytes(rng, 100000);
  const std::string stream = tartan::present::zlib_stream(data);
  EXPECT_EQ(inflated(stream, data.size()), data);
  if (tartan::present::zlib_stream_compresses) {
    EXPECT_LT(stream.size(), data.size() / 2);
  }
}

TEST(ZlibStreamTest, Crc32IsZlibsAndTheCheckValue) {
  // The check value of CRC-32/ISO-HDLC, the CRC of "123456789" (the catalogue of parametrised CRC algorithms).
  EXPECT_EQ(tartan::present::crc32_of("123456789"), 0xcbf43926U);
  EXPECT_EQ(tartan::present::crc32_of(""), 0U);
  std::mt19937 rng(42);
  for (const std::size_t n : {1U, 3U, 64U, 1000U, 70000U}) {
    std::string data(n, '\0');
    for (char& c : data) c = static_cast<char>(rng());
    EXPECT_EQ(tartan::present::crc32_of(data),
              crc32(0, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())))
        << n;
  }
}

}  // namespace
