#include "input/file_input.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>
#include <utility>
#include <vector>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/text.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"

namespace tartan::cli {

namespace {

void check_input_memory(std::uint64_t size, std::string_view what, std::string_view source, std::uint64_t per_byte,
                        std::uint64_t limit) {
  check_memory(saturating_mul(size, per_byte), limit,
               std::string(what) + " (" + std::string(source) + ", " + format_bytes(size) + ")",
               "give a smaller input");
}

/// `text` without the UTF-8 byte-order mark (U+FEFF, EF BB BF) some editors put at the start of a file: it is no part
/// of the rules, the matrix or the graph the text holds.
std::string without_byte_order_mark(std::string text) {
  if (text.rfind("\xef\xbb\xbf", 0) == 0) text.erase(0, 3);
  return text;
}

}  // namespace

std::string read_input_text(const std::string& file, std::string_view what, std::uint64_t bytes_per_byte,
                            std::uint64_t limit) {
  const std::string name(what);
  if (file == "-") {
    // Standard input has no size to ask for: read in blocks, refusing once what was read is over the limit.
    constexpr std::size_t block = std::size_t{1} << 20;
    std::string text;
    for (;;) {
      const std::size_t have = text.size();
      text.resize(have + block);
      const std::size_t got = std::fread(text.data() + have, 1, block, stdin);
      text.resize(have + got);
      if (saturating_mul(text.size(), bytes_per_byte) > limit) {
        check_input_memory(text.size(), what, "standard input, read so far", bytes_per_byte, limit);
      }
      if (got < block) break;
    }
    return without_byte_order_mark(std::move(text));
  }
  if (file.empty()) {
    throw parse_error("no file named for " + name + "; give the path of a file, or - for standard input");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    throw parse_error("cannot read " + tartan::quote_typed(file) +
                      ": it is a directory; give the path of a file with " + name + ", or - for standard input");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    throw parse_error("cannot read " + tartan::quote_typed(file) + " (" + std::strerror(errno) +
                      "); give the path of a readable file with " + name + ", or - for standard input");
  }
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (!ec) check_input_memory(size, what, "file " + tartan::quote_typed(file), bytes_per_byte, limit);
  std::string text;
  if (!ec) text.reserve(static_cast<std::size_t>(size));
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    // A file that grows while read (or a device) is checked as standard input is.
    if (saturating_mul(text.size(), bytes_per_byte) > limit) {
      check_input_memory(text.size(), what, "file " + tartan::quote_typed(file) + ", read so far", bytes_per_byte,
                         limit);
    }
  }
  if (in.bad()) {
    throw parse_error("cannot read " + tartan::quote_typed(file) + " to its end (" + std::strerror(errno) +
                      "); give the path of a readable file with " + name + ", or - for standard input");
  }
  return without_byte_order_mark(std::move(text));
}

claimed_values read_claimed_values(const std::string& typed, std::uint64_t limit) {
  claimed_values claimed;
  const bool in_file = !typed.empty() && typed.front() == '@';
  const std::string file = in_file ? typed.substr(1) : "";
  // Each value takes at least two bytes of text (a digit and a separator) and 8 bytes in memory.
  const std::string text = in_file ? read_input_text(file, "the claimed values", 4, limit) : typed;
  claimed.name = in_file ? input_name(file) : "the list given";
  std::size_t line = 1;
  const auto item = [&] {
    const std::string value = "value " + std::to_string(claimed.values.size() + 1);
    return in_file ? "--claimed " + input_name(file) + ", line " + std::to_string(line) + ", " + value
                   : "--claimed " + value;
  };
  bool after_comma = true;  // no value since the last comma (or the start): another comma leaves an empty item
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '#' && in_file) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == ',' && after_comma) {
      throw parse_error(item() + ": empty; type a number between the commas");
    } else if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == ',') {
      line += c == '\n' ? 1 : 0;
      after_comma = after_comma || c == ',';
      ++i;
    } else {
      const std::size_t end = std::min(text.find_first_of(" \t\r\n,#", i), text.size());
      claimed.values.push_back(parse_u64(text.substr(i, end - i), item()));
      after_comma = false;
      i = end;
    }
  }
  if (claimed.values.empty()) {
    throw parse_error("--claimed " + (in_file ? input_name(file) + " holds" : std::string("lists")) +
                      " no value; give them separated by commas, e.g. --claimed 1,2,4,7, or in a file, --claimed "
                      "@values.txt");
  }
  if (after_comma && !in_file) throw parse_error(item() + ": empty; type a number after the last comma");
  return claimed;
}

std::string input_name(const std::string& file) { return file == "-" ? "standard input" : tartan::quote_typed(file); }

namespace {

std::string game_file_text(const std::string& file) {
  // A code's alternatives take about 16 bytes each, per 3 to 8 characters of text.
  constexpr std::uint64_t bytes_per_byte = 8;
  std::string text = read_input_text(file, "the game", bytes_per_byte, default_memory_limit());
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  const std::size_t first = text.find_first_not_of(' ');
  if (first == std::string::npos) {
    throw parse_error("the game file " + tartan::quote_typed(file) +
                      " is empty; put a game's name, a turning code or a product in it, e.g. [1,4,9,16]C");
  }
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

}  // namespace

std::string game_argument(const std::string& typed) {
  if (typed.find('@') == std::string::npos) return typed;
  // Each factor of a product may be a file of its own: @triangles.code*@squares.code.
  std::string game;
  std::size_t start = 0;
  for (;;) {
    const std::size_t star = typed.find('*', start);
    std::string piece = typed.substr(start, star == std::string::npos ? std::string::npos : star - start);
    const std::size_t at = piece.find_first_not_of(' ');
    if (at != std::string::npos && piece[at] == '@') piece = game_file_text(piece.substr(at + 1));
    game += piece;
    if (star == std::string::npos) return game;
    game += '*';
    start = star + 1;
  }
}

std::vector<turning_game> named_after_files(const std::string& typed, std::vector<turning_game> factors) {
  if (typed.find('@') == std::string::npos) return factors;
  // The pieces between '*' that name a file; a file holding a product itself leaves the names as they resolve.
  std::vector<std::string> labels;
  for (std::size_t start = 0;;) {
    const std::size_t star = typed.find('*', start);
    const std::string_view piece =
        tartan::trim(std::string_view(typed).substr(start, star == std::string::npos ? star : star - start));
    labels.emplace_back(!piece.empty() && piece.front() == '@' ? std::string(piece) : std::string());
    if (star == std::string::npos) break;
    start = star + 1;
  }
  if (labels.size() != factors.size()) return factors;
  for (std::size_t i = 0; i < factors.size(); ++i) {
    if (!labels[i].empty()) factors[i] = factors[i].named(labels[i]);
  }
  return factors;
}

game_handle resolve_game_argument(const std::string& typed) {
  std::vector<turning_game> factors = named_after_files(typed, games::resolve_game(game_argument(typed)).factors());
  return factors.size() == 1 ? game_handle(std::move(factors[0])) : game_handle(std::move(factors));
}

}  // namespace tartan::cli
