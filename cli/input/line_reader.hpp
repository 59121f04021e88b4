// The lines a person types in `tartan play`. On a terminal they are read through libedit (BSD editline, Debian's
// libedit-dev): the arrow keys move in the line and recall earlier lines, and the usual emacs keys edit it. From a
// file or a pipe they are read as they come. Either way, a line that still holds an escape sequence (an arrow key
// pressed where no line editor reads the keys) or another control byte is refused by the game, never echoed raw.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tartan::cli {

/**
 * Reads standard input a line at a time, with line editing and a history of the lines typed when `edit` is true
 * (standard input and output are terminals).
 *
 * Example: line_reader in(isatty(0) && isatty(1)); while (auto line = in.read("> ")) { ... }
 */
class line_reader {
 public:
  explicit line_reader(bool edit);
  ~line_reader();
  line_reader(const line_reader&) = delete;
  line_reader& operator=(const line_reader&) = delete;

  /// True when lines are read through the line editor.
  bool editing() const { return editor_ != nullptr; }

  /**
   * Shows `prompt` (on standard output, flushed first) and reads a line, without its line break (nor a final
   * carriage return); nothing at the end of the input. Typed lines that are not blank join the history.
   */
  std::optional<std::string> read(const std::string& prompt);

 private:
  struct editor;  // libedit's state, kept out of this header
  std::unique_ptr<editor> editor_;
};

/**
 * Why `line` cannot be a command or a move because of the bytes it holds, or "" when it can: an escape byte (what
 * an arrow or function key sends when no line editor reads it) or another control byte (tab and carriage return
 * aside).
 *
 * Example: special_key_problem("\x1b[A") == "arrow keys and the like are not moves"
 */
std::string special_key_problem(std::string_view line);

/**
 * `line` as it may be echoed on a terminal, escaped as messages quote typed text (tartan::escape_typed): control
 * bytes, DEL and bytes that are not UTF-8 as \xNN (so an escape sequence is never sent raw), the rest as is.
 *
 * Example: shown_line("\x1b[A") == "\\x1b[A"
 */
std::string shown_line(std::string_view line);

}  // namespace tartan::cli
