// The mapped value file behind value_table (value_file.hpp has the format): create, open to go on, grow, commit,
// widen. Internal to the engine: value_table.cpp, value_file.cpp and the tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "tartan/turning/value_file.hpp"

namespace tartan::detail {

/// An open value file, mapped into memory. Moved, not copied; closing it (the destructor) unmaps it without
/// committing.
class value_file {
 public:
  value_file() = default;
  value_file(value_file&& other) noexcept;
  value_file& operator=(value_file&& other) noexcept;
  value_file(const value_file&) = delete;
  value_file& operator=(const value_file&) = delete;
  ~value_file();

  /**
   * Creates `path` (replacing any file there) with room for `capacity` values of `width` bytes, and commits count 0.
   * Throws error with one line when it cannot be written, and limit_error when the disk's free space or the file
   * size limit (ulimit -f) does not hold capacity × width bytes.
   */
  static value_file create(const std::string& path, const value_file_game& game, int width, std::uint64_t capacity);

  /**
   * Opens `path` to go on from the values it records, checked as read_value_file checks them; the file must hold
   * values of `game` (parse_error otherwise: "checkpoint 'f' holds values of 0.16, not of 0.007; ..."). The values
   * beyond the recorded count are ignored (and overwritten as the run goes on).
   */
  static value_file open(const std::string& path, const value_file_game& game);

  const std::string& path() const { return path_; }
  const value_file_game& game() const { return game_; }
  int width() const { return width_; }
  /// Values the mapping has room for.
  std::uint64_t capacity() const { return capacity_; }
  /// The values recorded by the last commit (or found when opened).
  std::uint64_t committed() const { return committed_; }
  std::byte* values() const { return values_; }

  /// Makes room for `capacity` values (the file grows; its space is checked as in create).
  void reserve(std::uint64_t capacity);

  /**
   * Records g(0..count-1): their bytes are flushed to disk, then the other commit record is written and flushed.
   * `requested`: the count the run asks for; `complete`: it finished. @pre committed() <= count <= capacity().
   * Complexity: O((count - committed()) × width) for the checksum and the flush.
   */
  void commit(std::uint64_t count, std::uint64_t requested, bool complete);

  /**
   * The same file with every value widened to `width` bytes: g(0..count-1) are converted into a new file beside
   * this one, recorded, and renamed over it (space checked as in create). This object is closed.
   */
  value_file widened(int width, std::uint64_t count, std::uint64_t requested);

 private:
  void map(std::uint64_t capacity);
  void unmap() noexcept;
  void write_record(std::uint64_t count, std::uint64_t requested, bool complete, std::uint32_t crc);

  std::string path_;
  value_file_game game_;
  int fd_ = -1;
  int width_ = 1;
  std::byte* base_ = nullptr;  // the mapping: header, then values
  std::size_t mapped_ = 0;     // its bytes
  std::byte* values_ = nullptr;
  std::uint64_t capacity_ = 0;
  std::uint64_t committed_ = 0;
  std::uint32_t crc_ = 0;                           // CRC-32C of the committed values
  std::uint64_t commits_ = 0;                       // the number of the last record written
  std::uint64_t offset_ = value_file_header_bytes;  // where g(0) is in the file
};

/// Throws limit_error when `bytes` more bytes do not fit the free space of the disk holding `path` (or its
/// directory) or the file size limit: "… needs about 4.0 GiB of disk, over the 2.1 GiB free on the disk of
/// 'values.bin'; ask for fewer values, at most 2254857830, or write the file elsewhere". `width`: bytes per value,
/// for the count that would fit; `what`: what would need them.
void check_disk_space(const std::string& path, std::uint64_t bytes, std::uint64_t file_size, int width,
                      const std::string& what);

}  // namespace tartan::detail
