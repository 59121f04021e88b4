#include "input/line_reader.hpp"

#include <histedit.h>

#include <cstdio>
#include <iostream>

#include "tartan/core/typed_text.hpp"

namespace tartan::cli {

/// An EditLine with its history. EL_SIGNAL makes libedit restore the terminal's mode when a signal (Ctrl-C, a
/// window resize) arrives while it reads.
struct line_reader::editor {
  EditLine* line = nullptr;
  History* lines_typed = nullptr;
  HistEvent event{};
  std::string prompt;

  static char* prompt_of(EditLine* el) {
    void* data = nullptr;
    el_get(el, EL_CLIENTDATA, &data);
    return static_cast<editor*>(data)->prompt.data();
  }

  editor() {
    line = el_init("tartan", stdin, stdout, stderr);
    lines_typed = history_init();
    if (line == nullptr || lines_typed == nullptr) return;
    ::history(lines_typed, &event, H_SETSIZE, 200);
    ::history(lines_typed, &event, H_SETUNIQUE, 1);
    el_set(line, EL_CLIENTDATA, this);
    el_set(line, EL_PROMPT, &editor::prompt_of);
    el_set(line, EL_EDITOR, "emacs");
    el_set(line, EL_SIGNAL, 1);
    el_set(line, EL_HIST, ::history, lines_typed);
    el_source(line, nullptr);  // the person's ~/.editrc, e.g. "bind -v" for vi keys
  }
  ~editor() {
    if (line != nullptr) el_end(line);
    if (lines_typed != nullptr) history_end(lines_typed);
  }
  editor(const editor&) = delete;
  editor& operator=(const editor&) = delete;
};

line_reader::line_reader(bool edit) {
  if (!edit) return;
  editor_ = std::make_unique<editor>();
  if (editor_->line == nullptr || editor_->lines_typed == nullptr) editor_.reset();  // read plain lines instead
}

line_reader::~line_reader() = default;

std::optional<std::string> line_reader::read(const std::string& prompt) {
  std::string line;
  if (editor_) {
    std::cout.flush();
    editor_->prompt = prompt;
    int count = 0;
    const char* typed = el_gets(editor_->line, &count);
    if (typed == nullptr || count <= 0) return std::nullopt;
    line.assign(typed, static_cast<std::size_t>(count));
  } else {
    std::cout << prompt << std::flush;
    if (!std::getline(std::cin, line)) return std::nullopt;
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  if (editor_ && line.find_first_not_of(" \t") != std::string::npos) {
    ::history(editor_->lines_typed, &editor_->event, H_ENTER, line.c_str());
  }
  return line;
}

std::string special_key_problem(std::string_view line) {
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (u == 0x1b) return "arrow keys and the like are not moves";
    if ((u < 0x20 && c != '\t' && c != '\r') || u == 0x7f) {
      return "the line holds the control byte " + tartan::shown_byte(c) + ", which is not part of a move";
    }
  }
  return {};
}

std::string shown_line(std::string_view line) { return tartan::escape_typed(line); }

}  // namespace tartan::cli
