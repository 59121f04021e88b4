// value_table (value_table.hpp): the values in memory (one block, widened by copying) or in a mapped value file.
#include "tartan/turning/value_table.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

#include "tartan/core/limits.hpp"
#include "turning/value_file_map.hpp"

namespace tartan {

namespace {

[[maybe_unused]] bool known_width(int w) { return w == 1 || w == 2 || w == 4 || w == 8; }

/// The narrowest width holding v.
int width_of(grundy_value v) {
  if (v <= UINT8_MAX) return 1;
  if (v <= UINT16_MAX) return 2;
  if (v <= UINT32_MAX) return 4;
  return 8;
}

/// Converts n values of `from_width` bytes at `from` to `to_width` bytes at `to` (to_width >= from_width).
void convert(const void* from, int from_width, void* to, int to_width, std::size_t n) {
  const auto widen = [&](const auto* f) {
    const auto store = [&](auto* t) {
      for (std::size_t i = 0; i < n; ++i) t[i] = f[i];
    };
    switch (to_width) {
      case 1:
        store(static_cast<std::uint8_t*>(to));
        break;
      case 2:
        store(static_cast<std::uint16_t*>(to));
        break;
      case 4:
        store(static_cast<std::uint32_t*>(to));
        break;
      default:
        store(static_cast<std::uint64_t*>(to));
        break;
    }
  };
  switch (from_width) {
    case 1:
      widen(static_cast<const std::uint8_t*>(from));
      break;
    case 2:
      widen(static_cast<const std::uint16_t*>(from));
      break;
    case 4:
      widen(static_cast<const std::uint32_t*>(from));
      break;
    default:
      widen(static_cast<const std::uint64_t*>(from));
      break;
  }
}

/// Refuses a block of `capacity` values of `width` bytes beside one of `old_bytes` over `limit` (0: none).
void check_block(std::size_t capacity, int width, std::uint64_t old_bytes, std::uint64_t limit) {
  if (limit == 0) return;
  const std::uint64_t bytes = saturating_mul(capacity, static_cast<std::uint64_t>(width));
  const std::uint64_t both = saturating_add(bytes, old_bytes);
  check_memory(both, limit,
               "keeping " + std::to_string(capacity) + " values of " + std::to_string(width) +
                   (width == 1 ? " byte" : " bytes") + " in memory",
               "ask for fewer values, or keep them in a value file", limit / static_cast<std::uint64_t>(width),
               limit_unit::values);
}

}  // namespace

/// Where the values are: a block of memory (uninitialised until written, so pages are touched only as values
/// arrive), or a mapped value file.
struct value_table::storage {
  std::unique_ptr<std::byte[]> block;
  std::optional<detail::value_file> file;
  std::uint64_t requested = 0;  // the count given to the last commit
};

value_table::value_table(int min_width) : width_(min_width), storage_(std::make_unique<storage>()) {
  TARTAN_ASSERT(known_width(min_width), "a value table's width is 1, 2, 4 or 8 bytes");
}

value_table value_table::create_file(const std::string& path, const value_file_game& game, std::uint64_t capacity,
                                     int min_width) {
  TARTAN_ASSERT(known_width(min_width), "a value table's width is 1, 2, 4 or 8 bytes");
  value_table t(min_width);
  t.storage_->file = detail::value_file::create(path, game, min_width, capacity);
  t.storage_->requested = capacity;
  t.adopt();
  return t;
}

value_table value_table::open_file(const std::string& path, const value_file_game& game, int min_width) {
  TARTAN_ASSERT(known_width(min_width), "a value table's width is 1, 2, 4 or 8 bytes");
  value_table t(min_width);
  t.storage_->file = detail::value_file::open(path, game);
  t.adopt();
  t.size_ = static_cast<std::size_t>(t.storage_->file->committed());
  if (t.width_ < min_width) t.widen_to(min_width);
  return t;
}

value_table::value_table(value_table&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)),
      width_(other.width_),
      memory_limit_(other.memory_limit_),
      storage_(std::move(other.storage_)) {}

value_table& value_table::operator=(value_table&& other) noexcept {
  if (this != &other) {
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
    width_ = other.width_;
    memory_limit_ = other.memory_limit_;
    storage_ = std::move(other.storage_);
  }
  return *this;
}

value_table::~value_table() = default;

const std::string& value_table::file_path() const {
  static const std::string none;
  return storage_ && storage_->file ? storage_->file->path() : none;
}

value_table::storage& value_table::store() {
  if (!storage_) storage_ = std::make_unique<storage>();  // a table moved from, used again
  return *storage_;
}

/// Points data_, capacity_ and width_ at the file's mapping.
void value_table::adopt() {
  detail::value_file& f = *storage_->file;
  data_ = f.values();
  capacity_ = static_cast<std::size_t>(f.capacity());
  width_ = f.width();
}

void value_table::copy_to(std::size_t first, std::span<grundy_value> out) const {
  TARTAN_ASSERT(first + out.size() <= size_, "copy_to reads values the table holds");
  visit([&](const auto* v) { std::copy(v + first, v + first + out.size(), out.begin()); });
}

std::vector<grundy_value> value_table::to_vector() const {
  std::vector<grundy_value> out(size_);
  copy_to(0, out);
  return out;
}

void value_table::reserve(std::size_t capacity) {
  if (capacity <= capacity_) return;
  storage& s = store();
  if (s.file) {
    s.file->reserve(capacity);
    adopt();
    return;
  }
  check_block(capacity, width_, capacity_ * static_cast<std::uint64_t>(width_), memory_limit_);
  auto block = std::unique_ptr<std::byte[]>(new std::byte[capacity * static_cast<std::size_t>(width_)]);
  if (size_ != 0) std::memcpy(block.get(), data_, size_ * static_cast<std::size_t>(width_));
  s.block = std::move(block);
  data_ = s.block.get();
  capacity_ = capacity;
}

void value_table::widen_to(int width) {
  TARTAN_ASSERT(known_width(width), "a value table's width is 1, 2, 4 or 8 bytes");
  if (width <= width_) return;
  storage& s = store();
  if (s.file) {
    const std::uint64_t requested = std::max<std::uint64_t>(s.requested, size_);
    // The values not yet committed are recorded too: the new file's record counts them all.
    *s.file = s.file->widened(width, size_, requested);
    adopt();
    return;
  }
  const std::size_t capacity = std::max<std::size_t>(capacity_, 1);
  check_block(capacity, width, capacity_ * static_cast<std::uint64_t>(width_), memory_limit_);
  auto block = std::unique_ptr<std::byte[]>(new std::byte[capacity * static_cast<std::size_t>(width)]);
  convert(data_, width_, block.get(), width, size_);
  s.block = std::move(block);
  data_ = s.block.get();
  capacity_ = capacity;
  width_ = width;
}

void value_table::make_room(grundy_value v) {
  if (width_of(v) > width_) widen_to(width_of(v));
  if (size_ == capacity_) reserve(std::max<std::size_t>(16, capacity_ * 2));
}

void value_table::commit(std::uint64_t requested, bool complete) {
  if (!storage_ || !storage_->file) return;
  storage_->requested = requested;
  storage_->file->commit(size_, requested, complete);
}

std::size_t value_table::committed() const {
  return storage_ && storage_->file ? static_cast<std::size_t>(storage_->file->committed()) : size_;
}

}  // namespace tartan
