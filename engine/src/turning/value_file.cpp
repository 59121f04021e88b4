// Value files (value_file.hpp for the format; value_file_map.hpp for the mapped file behind value_table).
#include "tartan/turning/value_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "tartan/core/crc32c.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/turning/take_break_code.hpp"
#include "turning/value_file_map.hpp"

namespace tartan {

namespace {

constexpr char magic[8] = {'T', 'A', 'R', 'T', 'A', 'N', 'G', 'V'};
constexpr std::uint32_t version = 1;
constexpr std::size_t identity_at = 1536;                // the name, then the code
constexpr std::size_t record_at[2] = {512, 1024};        // the two commit records
constexpr std::size_t record_bytes = 36;                 // the bytes of a record, its checksum included
constexpr std::size_t max_identity = 1U << 20;           // name + code: at most 1 MiB (a code of 4096 digits fits)
constexpr std::uint64_t page = value_file_header_bytes;  // the values start at a multiple of this

std::string shown_path(const std::string& path) { return tartan::quote_typed(path, 60); }

void put32(std::byte* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::byte>(v >> (8 * i));
}
void put64(std::byte* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::byte>(v >> (8 * i));
}
std::uint32_t get32(const std::byte* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
  return v;
}
std::uint64_t get64(const std::byte* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

bool known_width(std::uint64_t w) { return w == 1 || w == 2 || w == 4 || w == 8; }

/// Where the values start for a game's name and code: the identity rounded up to whole pages.
std::uint64_t values_offset(const value_file_game& game) {
  const std::uint64_t end = identity_at + game.name.size() + game.code.size();
  return (end + page - 1) / page * page;
}

/// The checksum of the fixed fields (bytes 0..31, the checksum's own place read as zero) and the identity.
std::uint32_t identity_crc(const std::byte* fixed, const std::string& name, const std::string& code) {
  std::byte head[32];
  std::memcpy(head, fixed, 32);
  std::uint32_t crc = crc32c(head, 32);
  crc = crc32c(name.data(), name.size(), crc);
  return crc32c(code.data(), code.size(), crc);
}

/// A record as read: nullopt when its checksum fails (never written, or torn).
struct record {
  std::uint64_t number = 0;
  std::uint64_t count = 0;
  std::uint64_t requested = 0;
  std::uint32_t values_crc = 0;
  bool complete = false;
};
std::optional<record> read_record(const std::byte* p) {
  if (get32(p + 32) != crc32c(p, 32)) return std::nullopt;
  record r{get64(p), get64(p + 8), get64(p + 16), get32(p + 24), (get32(p + 28) & 1) != 0};
  if (r.number == 0) return std::nullopt;
  return r;
}

/// A file descriptor closed on scope exit unless released.
struct fd_guard {
  int fd = -1;
  ~fd_guard() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

[[noreturn]] void fail_damaged(const std::string& path, const std::string& what) {
  throw parse_error("value file " + shown_path(path) + " is damaged: " + what +
                    "; it cannot be used (delete it, or give another file, to start over)");
}

/// Reads exactly `size` bytes at `offset`; false at end of file.
bool read_at(int fd, void* out, std::size_t size, std::uint64_t offset) {
  auto* p = static_cast<char*>(out);
  while (size > 0) {
    const ssize_t got = ::pread(fd, p, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    p += got;
    size -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

/// The header of an open value file, checked: the identity, the current record, the file's size against them.
struct header {
  value_file_game game;
  int width = 1;
  std::uint64_t offset = page;
  record current;
  std::uint64_t file_size = 0;
};

header read_header(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw error("cannot read " + shown_path(path) + ": " + std::strerror(errno));
  const auto file_size = static_cast<std::uint64_t>(st.st_size);
  std::byte fixed[page];
  if (file_size < 8 || !read_at(fd, fixed, 8, 0) || std::memcmp(fixed, magic, 8) != 0) {
    throw parse_error(shown_path(path) +
                      " is not a tartan value file (it does not start with TARTANGV); give another "
                      "file, or delete it");
  }
  if (file_size < page || !read_at(fd, fixed, page, 0)) fail_damaged(path, "its header is cut short");
  const std::uint32_t file_version = get32(fixed + 8);
  if (file_version != version) {
    throw parse_error("value file " + shown_path(path) + " is of format version " + std::to_string(file_version) +
                      ", which this tartan does not read (it reads version " + std::to_string(version) + ")");
  }
  header h;
  h.file_size = file_size;
  const std::uint64_t width = get32(fixed + 12);
  h.offset = get64(fixed + 16);
  const std::uint64_t name_size = get32(fixed + 24), code_size = get32(fixed + 28);
  if (name_size + code_size > max_identity || h.offset % page != 0 || h.offset < identity_at + name_size + code_size ||
      h.offset > file_size) {
    fail_damaged(path, "its header's fields are out of range");
  }
  std::string identity(name_size + code_size, '\0');
  if (!read_at(fd, identity.data(), identity.size(), identity_at)) fail_damaged(path, "its header is cut short");
  h.game.name = identity.substr(0, name_size);
  h.game.code = identity.substr(name_size);
  if (get32(fixed + 32) != identity_crc(fixed, h.game.name, h.game.code)) {
    fail_damaged(path, "its header does not match its checksum");
  }
  if (!known_width(width)) {
    fail_damaged(path, "its values are " + std::to_string(width) +
                           " bytes wide, a width the format does not know "
                           "(1, 2, 4 or 8)");
  }
  h.width = static_cast<int>(width);
  const std::optional<record> a = read_record(fixed + record_at[0]);
  const std::optional<record> b = read_record(fixed + record_at[1]);
  if (!a && !b) fail_damaged(path, "neither of its commit records is whole");
  h.current = !b || (a && a->number > b->number) ? *a : *b;
  const std::uint64_t needed = saturating_add(h.offset, saturating_mul(h.current.count, width));
  if (needed > file_size) {
    fail_damaged(path, "it records " + std::to_string(h.current.count) + " values of " + std::to_string(width) +
                           (width == 1 ? " byte" : " bytes") + " but holds only " +
                           std::to_string(file_size - h.offset) + " bytes of values (it was cut short)");
  }
  return h;
}

/// The CRC-32C of the `bytes` bytes of values at offset `offset`, read in pieces.
std::uint32_t values_crc(int fd, const std::string& path, std::uint64_t offset, std::uint64_t bytes) {
  std::vector<char> buffer(std::size_t{1} << 22);
  std::uint32_t crc = 0;
  for (std::uint64_t done = 0; done < bytes;) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), bytes - done));
    if (!read_at(fd, buffer.data(), n, offset + done)) fail_damaged(path, "its values are cut short");
    crc = crc32c(buffer.data(), n, crc);
    done += n;
  }
  return crc;
}

void check_values(int fd, const std::string& path, const header& h) {
  const std::uint64_t bytes = h.current.count * static_cast<std::uint64_t>(h.width);
  if (values_crc(fd, path, h.offset, bytes) != h.current.values_crc) {
    fail_damaged(path, "its values g(0.." + std::to_string(h.current.count == 0 ? 0 : h.current.count - 1) +
                           ") do not match their checksum");
  }
}

int open_file(const std::string& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int e = errno;
    if ((flags & O_ACCMODE) == O_RDONLY) throw error("cannot read " + shown_path(path) + ": " + std::strerror(e));
    throw error("cannot write " + shown_path(path) + ": " + std::strerror(e) + "; give a path in a writable directory");
  }
  return fd;
}

/// Takes the file for this process alone (an advisory lock, released when the descriptor closes): two runs writing
/// one value file would interleave their records.
void lock_file(int fd, const std::string& path) {
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return;
  const int e = errno;
  if (e == EWOULDBLOCK) {
    throw error("value file " + shown_path(path) +
                " is in use by another tartan run; wait for it to end, or give "
                "another file");
  }
  throw error("cannot lock " + shown_path(path) + ": " + std::strerror(e));
}

std::uint64_t file_size_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
  return static_cast<std::uint64_t>(limit.rlim_cur);
}

}  // namespace

std::string value_file_game::shown() const {
  if (code.empty() || code == name) return name.empty() ? code : name;
  return name + " (code " + code + ")";
}

bool value_file_game::same_game(const value_file_game& other) const {
  if (code.empty() && other.code.empty()) return name == other.name;
  if (code == other.code) return true;
  // Take-and-break codes spelt apart (".77" in a file written before codes had one spelling, "0.77" now).
  if (!take_break_code::claims(code) || !take_break_code::claims(other.code)) return false;
  try {
    return take_break_code::parse(code).same_rule(take_break_code::parse(other.code));
  } catch (const parse_error&) {
    return false;
  }
}

value_file_info read_value_file(const std::string& path) {
  fd_guard fd{open_file(path, O_RDONLY)};
  const header h = read_header(fd.fd, path);
  check_values(fd.fd, path, h);
  return {h.game, h.width, h.current.count, h.current.requested, h.current.complete, h.current.number};
}

namespace detail {

void check_disk_space(const std::string& path, std::uint64_t bytes, std::uint64_t file_size, int width,
                      const std::string& what) {
  const std::uint64_t size_limit = file_size_limit();
  if (file_size > size_limit) {
    const std::uint64_t fits = size_limit / static_cast<std::uint64_t>(width);
    throw limit_error(what + " needs a file of " + format_bytes(file_size) + ", over the file size limit of " +
                          format_bytes(size_limit) + " (ulimit -f)",
                      "ask for fewer values, or raise the limit",
                      limit_figures{what, limit_unit::bytes, static_cast<double>(file_size),
                                    static_cast<double>(size_limit), false, fits, limit_unit::values, std::nullopt});
  }
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) != 0) return;  // the file's creation will say what is wrong
  const std::uint64_t free_bytes = saturating_mul(fs.f_bavail, fs.f_frsize);
  if (bytes <= free_bytes) return;
  const std::uint64_t fits = free_bytes / static_cast<std::uint64_t>(width);
  throw limit_error(what + " needs about " + format_bytes(bytes) + " of disk, over the " + format_bytes(free_bytes) +
                        " free on the disk of " + shown_path(path),
                    "ask for fewer values, or write the file to another disk",
                    limit_figures{what, limit_unit::bytes, static_cast<double>(bytes), static_cast<double>(free_bytes),
                                  false, fits, limit_unit::values, std::nullopt});
}

value_file::value_file(value_file&& other) noexcept { *this = std::move(other); }

value_file& value_file::operator=(value_file&& other) noexcept {
  if (this != &other) {
    unmap();
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    game_ = std::move(other.game_);
    fd_ = std::exchange(other.fd_, -1);
    width_ = other.width_;
    base_ = std::exchange(other.base_, nullptr);
    mapped_ = std::exchange(other.mapped_, 0);
    values_ = std::exchange(other.values_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    committed_ = std::exchange(other.committed_, 0);
    crc_ = other.crc_;
    commits_ = other.commits_;
    offset_ = other.offset_;
  }
  return *this;
}

value_file::~value_file() {
  unmap();
  if (fd_ >= 0) ::close(fd_);
}

void value_file::unmap() noexcept {
  if (base_ != nullptr) ::munmap(base_, mapped_);
  base_ = nullptr;
  values_ = nullptr;
  mapped_ = 0;
}

void value_file::map(std::uint64_t capacity) {
  const std::uint64_t bytes = offset_ + capacity * static_cast<std::uint64_t>(width_);
  void* p = ::mmap(nullptr, static_cast<std::size_t>(bytes), PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (p == MAP_FAILED) {
    throw error("cannot map " + shown_path(path_) + " into memory: " + std::strerror(errno));
  }
  unmap();
  base_ = static_cast<std::byte*>(p);
  mapped_ = static_cast<std::size_t>(bytes);
  values_ = base_ + offset_;
  capacity_ = capacity;
}

/// Sets the file's size to hold `capacity` values, its space reserved on the disk (so that writing through the
/// mapping cannot run out of space, which would end the process with SIGBUS instead of an error).
static void size_file(int fd, const std::string& path, std::uint64_t old_size, std::uint64_t size, int width) {
  if (size <= old_size) return;
  const std::string what = "keeping " + std::to_string((size - value_file_header_bytes) / width) + " values of " +
                           std::to_string(width) + (width == 1 ? " byte" : " bytes") + " in " + shown_path(path);
  detail::check_disk_space(path, size - old_size, size, width, what);
  const int e = ::posix_fallocate(fd, static_cast<off_t>(old_size), static_cast<off_t>(size - old_size));
  if (e == ENOSPC || e == EFBIG) {
    throw limit_error(what + " needs about " + format_bytes(size - old_size) +
                      " more of disk than is free; ask "
                      "for fewer values, or write the file to another disk");
  }
  if (e != 0 && ::ftruncate(fd, static_cast<off_t>(size)) != 0) {
    throw error("cannot write " + shown_path(path) + ": " + std::strerror(errno) + "; give a path on a writable disk");
  }
}

value_file value_file::create(const std::string& path, const value_file_game& game, int width, std::uint64_t capacity) {
  TARTAN_ASSERT(known_width(static_cast<std::uint64_t>(width)), "a value file's width is 1, 2, 4 or 8 bytes");
  if (game.name.size() + game.code.size() > max_identity) {
    throw error("the game's name and code are too long for a value file (" +
                std::to_string(game.name.size() + game.code.size()) + " bytes; at most 1 MiB)");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw error("cannot write " + shown_path(path) + ": it is a directory; give a file name");
  }
  value_file f;
  f.path_ = path;
  f.game_ = game;
  f.width_ = width;
  f.offset_ = values_offset(game);
  const std::uint64_t size = saturating_add(f.offset_, saturating_mul(capacity, static_cast<std::uint64_t>(width)));
  {
    // The space first, before the file is replaced: a refusal leaves an existing file as it was.
    const std::string what = "keeping " + std::to_string(capacity) + " values of " + std::to_string(width) +
                             (width == 1 ? " byte" : " bytes") + " in " + shown_path(path);
    struct stat st {};
    const std::uint64_t existing = ::stat(path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_blocks) * 512 : 0;
    detail::check_disk_space(path, size > existing ? size - existing : 0, size, width, what);
  }
  f.fd_ = open_file(path, O_RDWR | O_CREAT);
  lock_file(f.fd_, path);  // before the file is emptied: another run may be writing it
  if (::ftruncate(f.fd_, 0) != 0) {
    throw error("cannot write " + shown_path(path) + ": " + std::strerror(errno) +
                "; give a path in a writable directory");
  }
  // The header, with both records empty; then the space for the values, then the first record.
  std::vector<std::byte> head(static_cast<std::size_t>(f.offset_), std::byte{0});
  std::memcpy(head.data(), magic, 8);
  put32(head.data() + 8, version);
  put32(head.data() + 12, static_cast<std::uint32_t>(width));
  put64(head.data() + 16, f.offset_);
  put32(head.data() + 24, static_cast<std::uint32_t>(game.name.size()));
  put32(head.data() + 28, static_cast<std::uint32_t>(game.code.size()));
  std::memcpy(head.data() + identity_at, game.name.data(), game.name.size());
  std::memcpy(head.data() + identity_at + game.name.size(), game.code.data(), game.code.size());
  put32(head.data() + 32, identity_crc(head.data(), game.name, game.code));
  for (std::size_t done = 0; done < head.size();) {
    const ssize_t n = ::pwrite(f.fd_, head.data() + done, head.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw error("cannot write " + shown_path(path) + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
  size_file(f.fd_, path, f.offset_, size, width);
  f.map(capacity);
  f.commit(0, capacity, false);
  return f;
}

value_file value_file::open(const std::string& path, const value_file_game& game) {
  fd_guard fd{open_file(path, O_RDWR)};
  lock_file(fd.fd, path);
  const header h = read_header(fd.fd, path);
  if (!h.game.same_game(game)) {
    throw parse_error("value file " + shown_path(path) + " holds values of " + h.game.shown() + ", not of " +
                      game.shown() + "; give another file, or delete it to start over");
  }
  check_values(fd.fd, path, h);
  value_file f;
  f.path_ = path;
  f.game_ = h.game;
  f.width_ = h.width;
  f.offset_ = h.offset;
  f.fd_ = fd.release();
  f.committed_ = h.current.count;
  f.crc_ = h.current.values_crc;
  f.commits_ = h.current.number;
  f.map(std::max<std::uint64_t>((h.file_size - h.offset) / static_cast<std::uint64_t>(h.width), h.current.count));
  return f;
}

void value_file::reserve(std::uint64_t capacity) {
  if (capacity <= capacity_) return;
  const std::uint64_t w = static_cast<std::uint64_t>(width_);
  size_file(fd_, path_, offset_ + capacity_ * w, saturating_add(offset_, saturating_mul(capacity, w)), width_);
  map(capacity);
}

void value_file::write_record(std::uint64_t count, std::uint64_t requested, bool complete, std::uint32_t crc) {
  const std::uint64_t number = commits_ + 1;
  std::byte r[record_bytes] = {};
  put64(r, number);
  put64(r + 8, count);
  put64(r + 16, requested);
  put32(r + 24, crc);
  put32(r + 28, complete ? 1 : 0);
  put32(r + 32, crc32c(r, 32));
  // The record the last commit did not write, so that the last one stays whole if this write is cut short.
  std::memcpy(base_ + record_at[number % 2], r, record_bytes);
  if (::msync(base_, page, MS_SYNC) != 0) {
    throw error("cannot write " + shown_path(path_) + ": " + std::strerror(errno) + "; check the disk");
  }
  commits_ = number;
}

void value_file::commit(std::uint64_t count, std::uint64_t requested, bool complete) {
  TARTAN_ASSERT(committed_ <= count && count <= capacity_, "a commit records values the file holds, and no fewer");
  const std::uint64_t w = static_cast<std::uint64_t>(width_);
  if (count > committed_) {
    crc_ = crc32c(values_ + committed_ * w, static_cast<std::size_t>((count - committed_) * w), crc_);
    // The values first: the record that counts them is written only once they are on the disk.
    const std::uint64_t from = (offset_ + committed_ * w) / page * page;
    const std::uint64_t to = offset_ + count * w;
    if (::msync(base_ + from, static_cast<std::size_t>(to - from), MS_SYNC) != 0) {
      throw error("cannot write " + shown_path(path_) + ": " + std::strerror(errno) + "; check the disk");
    }
  }
  write_record(count, requested, complete, crc_);
  committed_ = count;
}

value_file value_file::widened(int width, std::uint64_t count, std::uint64_t requested) {
  TARTAN_ASSERT(width > width_ && count <= capacity_, "widening goes to a wider width, keeping the values held");
  const std::string temporary = path_ + ".widening";
  value_file wide = create(temporary, game_, width, capacity_);
  const auto convert = [&](auto from_type, auto to_type) {
    using From = decltype(from_type);
    using To = decltype(to_type);
    const auto* from = reinterpret_cast<const From*>(values_);
    auto* to = reinterpret_cast<To*>(wide.values_);
    for (std::uint64_t i = 0; i < count; ++i) to[i] = static_cast<To>(from[i]);
  };
  const auto to_width = [&](auto from_type) {
    switch (width) {
      case 2:
        convert(from_type, std::uint16_t{});
        break;
      case 4:
        convert(from_type, std::uint32_t{});
        break;
      default:
        convert(from_type, std::uint64_t{});
        break;
    }
  };
  switch (width_) {
    case 1:
      to_width(std::uint8_t{});
      break;
    case 2:
      to_width(std::uint16_t{});
      break;
    default:
      to_width(std::uint32_t{});
      break;
  }
  wide.commit(count, requested, false);
  if (std::rename(temporary.c_str(), path_.c_str()) != 0) {
    throw error("cannot write " + shown_path(path_) + ": " + std::strerror(errno) +
                "; give a path in a writable directory");
  }
  std::filesystem::path dir = std::filesystem::path(path_).parent_path();
  if (dir.empty()) dir = ".";
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);  // the rename on the disk too
    ::close(dir_fd);
  }
  wide.path_ = path_;
  *this = value_file();
  return wide;
}

}  // namespace detail

}  // namespace tartan
