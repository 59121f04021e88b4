// The fuzz targets without libFuzzer, as tests of the suite: each target's committed seeds, then `count` inputs made
// by a seeded generator (std::mt19937_64), each handed to LLVMFuzzerTestOneInput: every other one random bytes (up
// to 600), which the differential targets read as choices of every form of their input (the first byte usually
// picks the form), the others a seed with a few random edits (bytes replaced, inserted, erased, a piece repeated),
// which keep a parser's input mostly well formed so that its deeper paths are reached. A broken invariant aborts
// (fuzz_support.hpp) and fails the test with its message. The coverage-guided runs, which find inputs these do not,
// are scripts/fuzz's (docs/robustness.md).
//
// Usage: <target>_replay SEEDS_DIR COUNT [SEED]
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SEEDS_DIR COUNT [SEED]\n", argv[0]);
    return 2;
  }
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (entry.is_regular_file()) paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::vector<std::uint8_t>> seeds;
  for (const std::filesystem::path& path : paths) {
    std::ifstream in(path, std::ios::binary);
    seeds.emplace_back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(seeds.back().data(), seeds.back().size());
  }
  const unsigned long count = std::strtoul(argv[2], nullptr, 10);
  std::mt19937_64 rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20261128);
  const auto random_byte = [&] { return static_cast<std::uint8_t>(rng()); };
  std::vector<std::uint8_t> input;
  for (unsigned long i = 0; i < count; ++i) {
    if (i % 2 == 0 || seeds.empty()) {
      input.resize(rng() % 601);
      for (std::uint8_t& b : input) b = random_byte();
    } else {
      input = seeds[rng() % seeds.size()];
      for (int edits = 1 + static_cast<int>(rng() % 4); edits > 0; --edits) {
        const std::size_t at = input.empty() ? 0 : rng() % input.size();
        switch (rng() % 4) {
          case 0:
            if (!input.empty()) input[at] = random_byte();
            break;
          case 1:
            input.insert(input.begin() + static_cast<std::ptrdiff_t>(at), random_byte());
            break;
          case 2:
            if (!input.empty()) input.erase(input.begin() + static_cast<std::ptrdiff_t>(at));
            break;
          default: {
            const std::size_t length = std::min<std::size_t>(input.size() - at, 1 + rng() % 16);
            const std::vector<std::uint8_t> piece(input.begin() + static_cast<std::ptrdiff_t>(at),
                                                  input.begin() + static_cast<std::ptrdiff_t>(at + length));
            input.insert(input.begin() + static_cast<std::ptrdiff_t>(at), piece.begin(), piece.end());
          }
        }
      }
    }
    LLVMFuzzerTestOneInput(input.data(), input.size());
  }
  std::printf("%zu seeds and %lu generated inputs passed\n", seeds.size(), count);
  return 0;
}
