// value_table: g(0..n-1) kept in the narrowest unsigned width that holds them (1, 2, 4 or 8 bytes per value, widened
// when a value does not fit), in memory or in a value file mapped into memory (value_file.hpp), where the disk
// rather than the machine's memory bounds them and a run records its progress (commit) to go on from it later.
//
// Take-and-break games have small values (0.16 below 2^8, 0.014 below 2^9, Grundy's game below 2^8 up to 2^24
// heaps), so one byte or two per heap instead of eight: 2^32 values of .16 take 4 GiB. Algorithms that read the
// values in any width (the sparse-space method, closed forms) take the table as it is; the others read 64-bit
// values and keep the table at 8 bytes (min_width).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tartan/core/coin.hpp"
#include "tartan/core/error.hpp"
#include "tartan/turning/value_file.hpp"

namespace tartan {

class value_table {
 public:
  /**
   * An empty table in memory, its values at least `min_width` bytes wide (1, 2, 4 or 8).
   *
   * Example: value_table g; g.push_back(300); g.width() == 2 && g[0] == 300
   */
  explicit value_table(int min_width = 1);

  /**
   * A table kept in a new value file at `path` (replacing any file there), with room for `capacity` values. Throws
   * error when the file cannot be written and limit_error when the disk does not hold capacity × min_width bytes.
   *
   * Example: auto g = value_table::create_file("values.bin", {"0.16", "0.16"}, 1 << 20);
   */
  static value_table create_file(const std::string& path, const value_file_game& game, std::uint64_t capacity,
                                 int min_width = 1);

  /**
   * A table going on from the value file at `path`: the values its last commit recorded, checked (value_file.hpp);
   * parse_error when the file holds values of another game or is damaged (one line each, the file left as it was).
   *
   * Example: auto g = value_table::open_file("values.bin", {"0.16", "0.16"}); g.size() == g.committed()
   */
  static value_table open_file(const std::string& path, const value_file_game& game, int min_width = 1);

  value_table(value_table&& other) noexcept;
  value_table& operator=(value_table&& other) noexcept;
  value_table(const value_table&) = delete;
  value_table& operator=(const value_table&) = delete;
  ~value_table();

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The values the table has room for before it grows (and moves).
  std::size_t capacity() const { return capacity_; }
  /// Bytes per value: 1, 2, 4 or 8.
  int width() const { return width_; }
  /// The path of the value file the values are kept in; empty in memory.
  const std::string& file_path() const;

  /// g(n). @pre n < size()
  grundy_value operator[](std::size_t n) const {
    switch (width_) {
      case 1:
        return static_cast<const std::uint8_t*>(data_)[n];
      case 2:
        return static_cast<const std::uint16_t*>(data_)[n];
      case 4:
        return static_cast<const std::uint32_t*>(data_)[n];
      default:
        return static_cast<const std::uint64_t*>(data_)[n];
    }
  }

  /**
   * Calls f(values) with `values` a `const V*` to g(0..size()-1), V the unsigned type of width() bytes, and returns
   * what f returns: for loops that read many values. The pointer stays valid until the table widens or grows.
   *
   * Example: g.visit([&](const auto* v) { return std::accumulate(v, v + g.size(), grundy_value{0}); })
   */
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (width_) {
      case 1:
        return f(static_cast<const std::uint8_t*>(data_));
      case 2:
        return f(static_cast<const std::uint16_t*>(data_));
      case 4:
        return f(static_cast<const std::uint32_t*>(data_));
      default:
        return f(static_cast<const std::uint64_t*>(data_));
    }
  }

  /// The values as 64-bit integers, for algorithms that read them so. @pre width() == 8
  std::span<const grundy_value> wide_values() const {
    TARTAN_ASSERT(width_ == 8, "wide_values needs a table of 64-bit values (min_width 8)");
    return {static_cast<const grundy_value*>(data_), size_};
  }

  /// Reads g(0), g(1), ... in order, as 64-bit values (for range-for loops and comparisons).
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = grundy_value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = grundy_value;
    const_iterator() = default;
    const_iterator(const value_table* table, std::size_t n) : table_(table), n_(n) {}
    grundy_value operator*() const { return (*table_)[n_]; }
    const_iterator& operator++() {
      ++n_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++n_;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.n_ == b.n_; }

   private:
    const value_table* table_ = nullptr;
    std::size_t n_ = 0;
  };
  using iterator = const_iterator;
  using value_type = grundy_value;
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  /// The same values, whatever their widths.
  friend bool operator==(const value_table& t, const std::vector<grundy_value>& v) {
    if (t.size() != v.size()) return false;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (t[i] != v[i]) return false;
    }
    return true;
  }

  /// g(first..first+out.size()-1) into out. @pre first + out.size() <= size()
  void copy_to(std::size_t first, std::span<grundy_value> out) const;

  /// g(0..size()-1) as 64-bit values (8 bytes each: for tests and short tables).
  std::vector<grundy_value> to_vector() const;

  /// Makes room for `capacity` values without moving them again (a file grows, its space checked).
  void reserve(std::size_t capacity);

  /// Appends g(size()), widening the table first when it does not fit the width.
  void push_back(grundy_value v) {
    if (size_ == capacity_ || (width_ < 8 && (v >> (8 * width_)) != 0)) make_room(v);
    switch (width_) {
      case 1:
        static_cast<std::uint8_t*>(data_)[size_] = static_cast<std::uint8_t>(v);
        break;
      case 2:
        static_cast<std::uint16_t*>(data_)[size_] = static_cast<std::uint16_t>(v);
        break;
      case 4:
        static_cast<std::uint32_t*>(data_)[size_] = static_cast<std::uint32_t>(v);
        break;
      default:
        static_cast<std::uint64_t*>(data_)[size_] = v;
        break;
    }
    ++size_;
  }

  /// Keeps g(0..n-1) only (a file's record is not changed: a later commit may not record fewer). @pre n <= size()
  void truncate(std::size_t n) {
    TARTAN_ASSERT(n <= size_, "truncate keeps fewer values, not more");
    size_ = n;
  }

  /// Widens every value to at least `width` bytes now.
  void widen_to(int width);

  /// In memory: widening or growing past `bytes` bytes (0: no limit) throws limit_error ("keeping 4294967296 values
  /// of 2 bytes in memory needs about 12.0 GiB ... over the memory limit ..."), the values kept as they were.
  void limit_memory(std::uint64_t bytes) { memory_limit_ = bytes; }

  /**
   * In a file: records g(0..size()-1) on the disk (value_file.hpp: the values, then a commit record), so that a
   * later open_file goes on from them whatever happens to this process. `requested`: the count the run asks for;
   * `complete`: it finished. In memory: nothing. Complexity: O(values since the last commit).
   */
  void commit(std::uint64_t requested, bool complete);

  /// The values recorded by the last commit (or found by open_file); size() in memory.
  std::size_t committed() const;

 private:
  struct storage;
  storage& store();
  void make_room(grundy_value v);
  void adopt();

  void* data_ = nullptr;  // g(0..size_-1) of width_ bytes each, room for capacity_
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  int width_ = 1;
  std::uint64_t memory_limit_ = 0;  // in memory: the most bytes the values may take while they move (0: no limit)
  std::unique_ptr<storage> storage_;
};

}  // namespace tartan
