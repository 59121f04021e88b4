// Tests for cli/input/line_reader.hpp: which bytes make a line unplayable, and how a line is echoed without them
// (every byte below 0x20 and DEL, checked one by one; the line editor itself is tested on a pseudo-terminal in
// play_terminal_test.cpp).
#include "input/line_reader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace tartan::cli {
namespace {

using ::testing::HasSubstr;

TEST(LineReaderTest, EscapeAndControlBytesMakeALineUnplayable) {
  EXPECT_EQ(special_key_problem("0 3"), "");
  EXPECT_EQ(special_key_problem("rows 1\tcols 2\r"), "");  // tab and carriage return are blanks
  EXPECT_EQ(special_key_problem("● ×"), "");
  EXPECT_EQ(special_key_problem("\x1b[A"), "arrow keys and the like are not moves");
  EXPECT_EQ(special_key_problem("0 3\x1b[D"), "arrow keys and the like are not moves");
  for (int c = 0; c < 0x20; ++c) {
    if (c == '\t' || c == '\r' || c == 0x1b) continue;
    const std::string line = std::string("1 ") + static_cast<char>(c);
    EXPECT_THAT(special_key_problem(line), HasSubstr("control byte")) << c;
  }
  EXPECT_EQ(special_key_problem("\x7f"), "the line holds the control byte \\x7f, which is not part of a move");
}

TEST(LineReaderTest, EchoShowsControlBytesEscaped) {
  EXPECT_EQ(shown_line("0 3"), "0 3");
  EXPECT_EQ(shown_line("\x1b[A"), "\\x1b[A");
  EXPECT_EQ(shown_line("a\x7f\x08"), "a\\x7f\\x08");
  EXPECT_EQ(shown_line("● ○"), "● ○");
  // Bytes that are not UTF-8 are escaped too: a terminal would show them as garbage or take them for controls.
  EXPECT_EQ(shown_line("3\xff 4\xc3"), "3\\xff 4\\xc3");
  EXPECT_EQ(shown_line("\xc2\x9b"), "\\xc2\\x9b");  // U+009B, CSI: a C1 control
  EXPECT_EQ(shown_line("\n\t\r"), "\\n\\t\\r");
  for (int c = 0; c < 0x20; ++c) {
    const std::string shown = shown_line(std::string(1, static_cast<char>(c)));
    EXPECT_EQ(shown.size(), c == '\n' || c == '\t' || c == '\r' ? 2u : 4u) << c;
    EXPECT_EQ(shown.find_first_of(std::string("\x00\x1b\x7f", 3)), std::string::npos) << c;
  }
}

TEST(LineReaderTest, ReadsPlainLinesWhenNotEditing) {
  const line_reader in(false);
  EXPECT_FALSE(in.editing());
}

}  // namespace
}  // namespace tartan::cli
