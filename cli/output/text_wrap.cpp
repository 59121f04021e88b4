#include "output/text_wrap.hpp"

#include "tartan/core/error.hpp"

namespace tartan::cli {

namespace {

bool starts_character(char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }

/// The byte offset in `text` after `columns` characters (or the end).
std::size_t offset_after(std::string_view text, std::size_t columns) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < text.size(); ++at) {
    if (starts_character(text[at]) && seen++ == columns) break;
  }
  return at;
}

}  // namespace

std::size_t display_width(std::string_view text) {
  std::size_t columns = 0;
  for (const char c : text) columns += starts_character(c);
  return columns;
}

std::vector<std::string> wrap_line(std::string_view line, std::size_t width, std::size_t hang) {
  TARTAN_ASSERT(hang < width, "a continuation must have room after its indent");
  std::vector<std::string> lines;
  std::string indent;
  while (display_width(line) + indent.size() > width) {
    const std::size_t room = width - indent.size();
    // The last space within the first room + 1 characters: the text before it fits.
    const std::size_t limit = offset_after(line, room);
    std::size_t cut = line.substr(0, limit + 1).rfind(' ');
    while (cut != std::string_view::npos && cut > 0 && line[cut - 1] == ' ') --cut;
    std::size_t resume;
    if (cut == std::string_view::npos || cut == 0 || line.substr(0, cut).find_first_not_of(' ') == std::string::npos) {
      cut = limit;  // no space to break at: cut the word where the line ends
      resume = limit;
    } else {
      resume = line.find_first_not_of(' ', cut);
    }
    lines.push_back(indent + std::string(line.substr(0, cut)));
    line.remove_prefix(resume == std::string_view::npos ? line.size() : resume);
    indent.assign(hang, ' ');
    if (line.empty()) return lines;
  }
  lines.push_back(indent + std::string(line));
  return lines;
}

std::string wrap_text(std::string_view text, std::size_t width, std::size_t hang) {
  std::string out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    for (const std::string& l : wrap_line(text.substr(0, end), width, hang)) out += l + '\n';
    if (end == std::string_view::npos) {
      out.pop_back();
      break;
    }
    text.remove_prefix(end + 1);
  }
  return out;
}

}  // namespace tartan::cli
