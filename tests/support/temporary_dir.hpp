// A fresh directory for a test's files, removed with everything in it when the test ends. `in_memory`: on /dev/shm
// when the machine has it, where flushing a file to its disk (msync, as a checkpoint's commit does) costs nothing,
// so tests that commit thousands of times stay fast.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>

namespace tartan::test {

class temporary_dir {
 public:
  explicit temporary_dir(bool in_memory = false) {
    std::error_code ec;
    const std::filesystem::path base = in_memory && std::filesystem::is_directory("/dev/shm", ec)
                                           ? std::filesystem::path("/dev/shm")
                                           : std::filesystem::temp_directory_path();
    std::string pattern = (base / "tartan-test-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~temporary_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  temporary_dir(const temporary_dir&) = delete;
  temporary_dir& operator=(const temporary_dir&) = delete;

  /// The path of `name` in the directory.
  std::string file(const std::string& name) const { return (std::filesystem::path(path_) / name).string(); }

 private:
  std::string path_;
};

}  // namespace tartan::test
